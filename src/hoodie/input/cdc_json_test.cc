// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/cdc_json_test.cc
/// \brief Debezium and Canal change records decoded into rows as Flink's debezium-json and
/// canal-json formats decode them: exact rows, changelog mode's before images, errors.

#include <string>
#include <vector>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/input/cdc_json.h"
#include "hoodie/input/json_lines_reader.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

// Change records from memory, numbered from 1.
class Lines : public JsonRecordSource {
 public:
  explicit Lines(std::vector<std::string> lines) : lines_(std::move(lines)) {}
  ::arrow::Result<bool> Next(std::string* text, int64_t* number) override {
    if (next_ == lines_.size()) return false;
    *text = lines_[next_++];
    *number = static_cast<int64_t>(next_);
    return true;
  }
  std::string Describe(int64_t number) const override {
    return "changes:" + std::to_string(number);
  }

 private:
  std::vector<std::string> lines_;
  size_t next_ = 0;
};

std::shared_ptr<::arrow::Schema> Schema() {
  return ::arrow::schema({::arrow::field("id", ::arrow::int32()),
                          ::arrow::field("name", ::arrow::utf8()),
                          ::arrow::field("_event_lsn", ::arrow::int64())});
}

// Each row as "operation,op code,id,name,processed ts,origin ts,deleted,lsn".
::arrow::Result<std::vector<std::string>> Decode(std::vector<std::string> lines,
                                                 CdcJsonOptions cdc,
                                                 std::vector<std::string>* bad = nullptr) {
  JsonLinesOptions options;
  options.schema = Schema();
  options.drop_unknown_fields = true;
  options.cdc = cdc;
  if (bad != nullptr) {
    options.on_bad_record = [bad](const ::arrow::Status& status, int64_t) {
      bad->push_back(status.message());
    };
  }
  ARROW_ASSIGN_OR_RAISE(auto reader,
                        OpenJsonRecords(std::make_unique<Lines>(std::move(lines)), options));
  ARROW_ASSIGN_OR_RAISE(auto table, reader->ToTable());
  ARROW_ASSIGN_OR_RAISE(auto batch, table->CombineChunksToBatch());
  std::vector<std::string> out;
  const char* columns[] = {"_hoodie_operation",   "_change_operation_type", "id",
                           "name",                "_upstream_event_processed_ts_ms",
                           "_event_origin_ts_ms", "_hoodie_is_deleted",     "_event_lsn"};
  for (int64_t row = 0; row < batch->num_rows(); ++row) {
    std::string text;
    for (const char* column : columns) {
      auto array = batch->GetColumnByName(column);
      if (array == nullptr) return ::arrow::Status::Invalid("no column ", column);
      ARROW_ASSIGN_OR_RAISE(auto scalar, array->GetScalar(row));
      if (!text.empty()) text += ",";
      text += scalar->is_valid ? scalar->ToString() : "null";
    }
    out.push_back(text);
  }
  return out;
}

const std::vector<std::string> kDebezium = {
    R"({"before":null,"after":{"id":1,"name":"a"},"source":{"ts_ms":10,"lsn":100},"op":"c","ts_ms":11})",
    R"({"schema":{"type":"struct"},"payload":{"before":{"id":1,"name":"a"},"after":{"id":1,"name":"b"},"source":{"ts_ms":20,"lsn":200},"op":"u","ts_ms":21}})",
    R"({"before":{"id":1,"name":"b"},"after":null,"source":{"ts_ms":30,"lsn":300},"op":"d","ts_ms":31})",
    R"({"before":null,"after":{"id":2,"name":"s"},"source":{"ts_ms":5},"op":"r","ts_ms":6})",
};

TEST(CdcJsonTest, DebeziumUpsertModeKeepsAfterImagesAndBeforeImagesOfDeletes) {
  ASSERT_OK_AND_ASSIGN(auto rows, Decode(kDebezium, {.format = CdcJsonFormat::kDebezium}));
  EXPECT_EQ(rows, (std::vector<std::string>{
                      "I,c,1,a,11,10,false,100",
                      "U,u,1,b,21,20,false,200",
                      "D,d,1,b,31,30,true,300",
                      "I,r,2,s,6,5,false,null",
                  }));
}

TEST(CdcJsonTest, DebeziumChangelogModeAddsTheBeforeImageOfAnUpdate) {
  ASSERT_OK_AND_ASSIGN(auto rows, Decode(kDebezium, {.format = CdcJsonFormat::kDebezium,
                                                     .keep_update_before = true}));
  EXPECT_EQ(rows, (std::vector<std::string>{
                      "I,c,1,a,11,10,false,100",
                      "-U,u,1,a,21,20,false,200",
                      "U,u,1,b,21,20,false,200",
                      "D,d,1,b,31,30,true,300",
                      "I,r,2,s,6,5,false,null",
                  }));
}

const std::vector<std::string> kCanal = {
    R"({"data":[{"id":"1","name":"a"},{"id":"2","name":"b"}],"old":null,"type":"INSERT","isDdl":false,"es":10,"ts":11,"database":"d","table":"t"})",
    R"j({"data":null,"type":"CREATE","isDdl":true,"sql":"CREATE TABLE t2 (id INT)","es":12,"ts":13})j",
    R"({"data":[{"id":"1","name":"c"}],"old":[{"name":"a"}],"type":"UPDATE","isDdl":false,"es":20,"ts":21})",
    R"({"data":[{"id":"2","name":"b"}],"old":null,"type":"DELETE","isDdl":false,"es":30,"ts":31})",
};

TEST(CdcJsonTest, CanalRowsAreParsedFromTextAndDdlIsSkipped) {
  ASSERT_OK_AND_ASSIGN(auto rows, Decode(kCanal, {.format = CdcJsonFormat::kCanal}));
  EXPECT_EQ(rows, (std::vector<std::string>{
                      "I,c,1,a,11,10,false,null",
                      "I,c,2,b,11,10,false,null",
                      "U,u,1,c,21,20,false,null",
                      "D,d,2,b,31,30,true,null",
                  }));
}

TEST(CdcJsonTest, CanalChangelogModeRebuildsTheBeforeImageFromOld) {
  ASSERT_OK_AND_ASSIGN(auto rows, Decode(kCanal, {.format = CdcJsonFormat::kCanal,
                                                  .keep_update_before = true}));
  EXPECT_EQ(rows, (std::vector<std::string>{
                      "I,c,1,a,11,10,false,null",
                      "I,c,2,b,11,10,false,null",
                      "-U,u,1,a,21,20,false,null",
                      "U,u,1,c,21,20,false,null",
                      "D,d,2,b,31,30,true,null",
                  }));
}

TEST(CdcJsonTest, AMalformedChangeRecordIsNamedOrLeftOutAndReported) {
  std::vector<std::string> lines = {
      R"({"after":{"id":1,"name":"a"},"op":"c","ts_ms":1})",
      R"({"after":{"id":2,"name":"b"},"ts_ms":2})",
      R"({"before":null,"after":null,"op":"d","ts_ms":3})",
      R"({"after":{"id":3,"name":"c"},"op":"t","ts_ms":4})",
      R"({"after":{"id":4,"name":"d"},"op":"c","ts_ms":5})",
  };
  auto failed = Decode(lines, {.format = CdcJsonFormat::kDebezium});
  ASSERT_RAISES(Invalid, failed);
  EXPECT_NE(failed.status().message().find("changes:2: not a debezium-json change record"),
            std::string::npos)
      << failed.status().ToString();

  std::vector<std::string> bad;
  ASSERT_OK_AND_ASSIGN(auto rows, Decode(lines, {.format = CdcJsonFormat::kDebezium}, &bad));
  EXPECT_EQ(rows, (std::vector<std::string>{"I,c,1,a,1,null,false,null",
                                            "I,c,4,d,5,null,false,null"}));
  ASSERT_EQ(bad.size(), 3u);
  EXPECT_EQ(bad[0].rfind("changes:2: ", 0), 0u) << bad[0];
  EXPECT_EQ(bad[1].rfind("changes:3: Debezium op 'd' without 'before'", 0), 0u) << bad[1];
  EXPECT_EQ(bad[2].rfind("changes:4: Debezium op 't' is not a row change", 0), 0u) << bad[2];
}

TEST(CdcJsonTest, CanalWithoutRowsAndUnknownFormatsAreRefused) {
  auto failed = Decode({R"({"type":"INSERT","isDdl":false,"data":null})"},
                       {.format = CdcJsonFormat::kCanal});
  ASSERT_RAISES(Invalid, failed);
  EXPECT_NE(failed.status().message().find("changes:1: Canal INSERT without a 'data' array"),
            std::string::npos)
      << failed.status().ToString();
  ASSERT_RAISES(Invalid, ParseCdcJsonFormat("k", "maxwell-json"));
  ASSERT_OK_AND_ASSIGN(auto none, ParseCdcJsonFormat("k", ""));
  EXPECT_FALSE(none.has_value());
  ASSERT_OK_AND_ASSIGN(auto canal, ParseCdcJsonFormat("k", "Canal-JSON"));
  EXPECT_EQ(canal, CdcJsonFormat::kCanal);
}

}  // namespace
}  // namespace hoodie
