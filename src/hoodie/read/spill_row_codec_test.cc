// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/spill_row_codec_test.cc
/// \brief SpillRowCodec and RowSpillFile: every Arrow type a table schema can have
/// (Avro's, the large and fixed-size forms Parquet log blocks can give, nested, nulls at
/// every level) comes back exactly, from sliced inputs too, in any order and several
/// schemas at once; types without the encoding spill as IPC messages; bad bytes are
/// errors.
#include <string>
#include <vector>

#include <arrow/api.h>
#include <arrow/json/from_string.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/read/row_spill_file_internal.h"
#include "hoodie/read/spill_row_codec_internal.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::internal {
namespace {

using ::arrow::field;

struct Column {
  std::shared_ptr<::arrow::Field> field;
  std::string json;  // four values
};

// Four rows of every supported type, with nulls at each nesting level.
std::vector<Column> AllTypeColumns() {
  auto point =
      ::arrow::struct_({field("x", ::arrow::int64()), field("y", ::arrow::utf8())});
  auto nested = ::arrow::struct_(
      {field("a", ::arrow::int32()), field("b", ::arrow::utf8()),
       field("c", ::arrow::struct_({field("d", ::arrow::list(::arrow::float64()))}))});
  return {
      {field("nothing", ::arrow::null()), "[null, null, null, null]"},
      {field("flag", ::arrow::boolean()), "[true, false, null, true]"},
      {field("tiny", ::arrow::int8()), "[1, -128, null, 127]"},
      {field("small", ::arrow::int16()), "[1, -32768, null, 2]"},
      {field("int", ::arrow::int32(), /*nullable=*/false), "[0, -1, 2147483647, 7]"},
      {field("long", ::arrow::int64()), "[9223372036854775807, null, -3, 0]"},
      {field("unsigned", ::arrow::uint64()), "[18446744073709551615, 0, null, 1]"},
      {field("float", ::arrow::float32()), "[1.5, -0.0, null, 3.25]"},
      {field("double", ::arrow::float64()), "[2.5e300, null, -1.0, 0.1]"},
      {field("text", ::arrow::utf8()), R"(["a", "", null, "grüße \u0000 end"])"},
      {field("large_text", ::arrow::large_utf8()), R"([null, "x", "", "yz"])"},
      {field("bytes", ::arrow::binary()), R"(["\u0001\u0002", null, "", "abc"])"},
      {field("large_bytes", ::arrow::large_binary()), R"(["", "q", null, "rs"])"},
      {field("fixed", ::arrow::fixed_size_binary(3)), R"(["abc", null, "xyz", "   "])"},
      {field("price", ::arrow::decimal128(10, 2)),
       R"(["123.45", null, "-0.01", "99999999.99"])"},
      {field("big", ::arrow::decimal256(40, 5)),
       R"(["12345678901234567890123456789012345.67890", null, "0.00000", "-1.00001"])"},
      {field("day", ::arrow::date32()), "[0, 19000, null, -1]"},
      {field("millis", ::arrow::time32(::arrow::TimeUnit::MILLI)),
       "[0, 86399999, null, 1]"},
      {field("micros", ::arrow::time64(::arrow::TimeUnit::MICRO)),
       "[1, null, 86399999999, 0]"},
      {field("ts_ms", ::arrow::timestamp(::arrow::TimeUnit::MILLI, "UTC")),
       "[1700000000000, null, -1, 0]"},
      {field("ts_us", ::arrow::timestamp(::arrow::TimeUnit::MICRO)),
       "[null, 1700000000000000, 0, -5]"},
      {field("ts_ns", ::arrow::timestamp(::arrow::TimeUnit::NANO, "UTC")),
       "[1700000000000000001, 2, null, 3]"},
      {field("elapsed", ::arrow::duration(::arrow::TimeUnit::MICRO)), "[5, null, -5, 0]"},
      {field("nested", nested),
       R"([{"a": 1, "b": "x", "c": {"d": [1.0, null]}}, null,
           {"a": null, "b": null, "c": null}, {"a": 3, "b": "", "c": {"d": []}}])"},
      {field("points", ::arrow::list(point)),
       R"([[{"x": 1, "y": "a"}, null], null, [], [{"x": null, "y": "b"}]])"},
      {field("attributes",
             ::arrow::map(::arrow::utf8(), ::arrow::list(::arrow::int32()))),
       R"([[["k1", [1, 2]], ["k2", null]], null, [], [["k", []]]])"},
      {field("large_list", ::arrow::large_list(::arrow::int32())),
       "[[1, null], [], null, [4]]"},
      {field("pair", ::arrow::fixed_size_list(::arrow::int32(), 2)),
       "[[1, 2], null, [null, 3], [4, 5]]"},
  };
}

std::shared_ptr<::arrow::RecordBatch> AllTypesBatch() {
  ::arrow::FieldVector fields;
  ::arrow::ArrayVector arrays;
  for (const Column& column : AllTypeColumns()) {
    fields.push_back(column.field);
    auto array = ::arrow::json::ArrayFromJSONString(column.field->type(), column.json);
    EXPECT_TRUE(array.ok()) << column.field->ToString() << ": " << array.status();
    arrays.push_back(*array);
  }
  auto metadata = ::arrow::key_value_metadata({"origin"}, {"spill test"});
  return ::arrow::RecordBatch::Make(::arrow::schema(fields, metadata), 4, arrays);
}

// Every row of `batch` encoded, then decoded in `order`.
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> RoundTrip(
    SpillRowCodec* codec, const ::arrow::RecordBatch& batch,
    const std::vector<int64_t>& order) {
  std::vector<std::string> rows(static_cast<size_t>(batch.num_rows()));
  for (int64_t row = 0; row < batch.num_rows(); ++row) {
    ARROW_RETURN_NOT_OK(codec->Encode(batch, row, &rows[static_cast<size_t>(row)]));
  }
  for (int64_t row : order) ARROW_RETURN_NOT_OK(codec->Decode(rows[row]));
  return codec->Finish();
}

TEST(SpillRowCodecTest, EveryTableTypeRoundTripsExactly) {
  auto batch = AllTypesBatch();
  ASSERT_OK(batch->ValidateFull());
  ASSERT_OK_AND_ASSIGN(auto codec, SpillRowCodec::Make(batch->schema()));
  ASSERT_OK_AND_ASSIGN(auto decoded, RoundTrip(codec.get(), *batch, {0, 1, 2, 3}));
  ASSERT_OK(decoded->ValidateFull());
  EXPECT_TRUE(decoded->Equals(*batch, /*check_metadata=*/true))
      << decoded->ToString() << "\nexpected\n"
      << batch->ToString();
  // The codec's schema object itself: nullability and metadata included.
  EXPECT_EQ(decoded->schema(), batch->schema());
  // Column by column too, so a failure names the type.
  for (int i = 0; i < batch->num_columns(); ++i) {
    EXPECT_TRUE(decoded->column(i)->Equals(*batch->column(i)))
        << batch->schema()->field(i)->ToString() << "\n"
        << decoded->column(i)->ToString();
  }
}

TEST(SpillRowCodecTest, RowsComeBackInTheOrderDecodedAndTheCodecStartsOver) {
  auto batch = AllTypesBatch();
  ASSERT_OK_AND_ASSIGN(auto codec, SpillRowCodec::Make(batch->schema()));
  ASSERT_OK_AND_ASSIGN(auto reversed, RoundTrip(codec.get(), *batch, {3, 1, 1, 0}));
  ASSERT_OK(reversed->ValidateFull());
  ASSERT_EQ(reversed->num_rows(), 4);
  std::vector<int64_t> order = {3, 1, 1, 0};
  for (int64_t i = 0; i < 4; ++i) {
    EXPECT_TRUE(reversed->Slice(i, 1)->Equals(*batch->Slice(order[i], 1))) << i;
  }
  // After Finish the next batch holds only what is decoded after it.
  ASSERT_OK_AND_ASSIGN(auto one, RoundTrip(codec.get(), *batch, {2}));
  ASSERT_OK(one->ValidateFull());
  EXPECT_TRUE(one->Equals(*batch->Slice(2, 1)));
  ASSERT_OK_AND_ASSIGN(auto none, codec->Finish());
  EXPECT_EQ(none->num_rows(), 0);
  ASSERT_OK(none->ValidateFull());
}

TEST(SpillRowCodecTest, SlicedBatchesEncodeTheirOwnRows) {
  // Offsets at the batch, and inside nested children (a sliced list's elements).
  auto batch = AllTypesBatch()->Slice(1, 3);
  ASSERT_OK_AND_ASSIGN(auto codec, SpillRowCodec::Make(batch->schema()));
  ASSERT_OK_AND_ASSIGN(auto decoded, RoundTrip(codec.get(), *batch, {0, 1, 2}));
  ASSERT_OK(decoded->ValidateFull());
  EXPECT_TRUE(decoded->Equals(*batch)) << decoded->ToString();
  EXPECT_EQ(decoded->column(0)->offset(), 0);
}

TEST(SpillRowCodecTest, TypesWithoutTheEncodingAreNamed) {
  auto dictionary = ::arrow::schema(
      {field("key", ::arrow::utf8()),
       field("city", ::arrow::dictionary(::arrow::int32(), ::arrow::utf8()))});
  auto status = SpillRowCodec::Make(dictionary).status();
  EXPECT_TRUE(status.IsNotImplemented()) << status;
  EXPECT_THAT(status.message(), ::testing::HasSubstr("column city of type dictionary"));
  auto nested = ::arrow::schema(
      {field("s", ::arrow::struct_({field(
                      "u", ::arrow::dense_union({field("i", ::arrow::int8())}))}))});
  status = SpillRowCodec::Make(nested).status();
  EXPECT_TRUE(status.IsNotImplemented()) << status;
  EXPECT_THAT(status.message(), ::testing::HasSubstr("column s.u of type dense_union"));
}

TEST(SpillRowCodecTest, BytesThatAreNoRowAreInvalid) {
  auto batch = AllTypesBatch();
  ASSERT_OK_AND_ASSIGN(auto codec, SpillRowCodec::Make(batch->schema()));
  std::string row;
  ASSERT_OK(codec->Encode(*batch, 0, &row));
  auto cut = codec->Decode(std::string_view(row).substr(0, row.size() - 1));
  EXPECT_TRUE(cut.IsInvalid()) << cut;
  EXPECT_THAT(cut.message(), ::testing::HasSubstr("cut short in column pair"));
  ASSERT_OK_AND_ASSIGN(auto fresh, SpillRowCodec::Make(batch->schema()));
  auto trailing = fresh->Decode(row + "x");
  EXPECT_TRUE(trailing.IsInvalid()) << trailing;
  EXPECT_THAT(trailing.message(), ::testing::HasSubstr("1 bytes after its last column"));
  ASSERT_OK_AND_ASSIGN(auto third, SpillRowCodec::Make(batch->schema()));
  std::string bad_flag = row;
  bad_flag[0] = 7;  // the validity byte of column "flag" ("nothing" writes none)
  auto flag = third->Decode(bad_flag);
  EXPECT_TRUE(flag.IsInvalid()) << flag;
  EXPECT_THAT(flag.message(), ::testing::HasSubstr("validity byte 7 in column flag"));
}

TEST(RowSpillFileTest, ReadManyReadsBackEveryRowOfEverySchemaExactly) {
  ::hoodie::testing::TempDir folder;
  ASSERT_OK_AND_ASSIGN(auto file, RowSpillFile::Create(folder.path()));
  auto all_types = AllTypesBatch();
  // A second schema, and a third without the row encoding (IPC messages).
  auto small = ::arrow::RecordBatch::Make(
      ::arrow::schema({field("key", ::arrow::utf8())}), 2,
      {::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["p", null])")
           .ValueOrDie()});
  auto union_type =
      ::arrow::dense_union({field("i", ::arrow::int8()), field("s", ::arrow::utf8())});
  ASSERT_OK_AND_ASSIGN(
      auto union_array,
      ::arrow::json::ArrayFromJSONString(union_type, R"([[0, 5], [1, "a"], [0, null]])"));
  auto unions = ::arrow::RecordBatch::Make(::arrow::schema({field("choice", union_type)}),
                                           3, {union_array});

  struct Put {
    std::shared_ptr<::arrow::RecordBatch> batch;
    int64_t row;
  };
  std::vector<Put> puts;
  for (int round = 0; round < 3; ++round) {
    for (int64_t row = 0; row < 4; ++row) puts.push_back({all_types, row});
    puts.push_back({small, round % 2});
    puts.push_back({unions, round});
  }
  std::vector<SpilledRow> where;
  for (const Put& put : puts) {
    ASSERT_OK_AND_ASSIGN(SpilledRow spilled, file->Append(*put.batch, put.row));
    where.push_back(spilled);
  }
  // Backwards, so rows leave the file in another order than they went in.
  std::vector<SpilledRow> wanted(where.rbegin(), where.rend());
  std::vector<ReadBackRow> rows;
  ASSERT_OK(file->ReadMany(wanted, &rows));
  ASSERT_EQ(rows.size(), puts.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    const Put& put = puts[puts.size() - 1 - i];
    ASSERT_OK(rows[i].batch->ValidateFull());
    EXPECT_TRUE(
        rows[i].batch->Slice(rows[i].row, 1)->Equals(*put.batch->Slice(put.row, 1)))
        << i << ": " << rows[i].batch->Slice(rows[i].row, 1)->ToString();
  }
  // Rows of one encoded schema share one batch; IPC rows have a batch each.
  EXPECT_EQ(rows[2].batch, rows[3].batch);
  EXPECT_EQ(rows[2].batch->num_rows(), 12);
  EXPECT_EQ(rows[0].batch->num_rows(), 1);
  ASSERT_OK_AND_ASSIGN(auto single, file->Read(where[1]));
  EXPECT_TRUE(single->Equals(*all_types->Slice(1, 1)));
}

}  // namespace
}  // namespace hoodie::internal
