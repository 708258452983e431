// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/meta_fields_test.cc
/// \brief HoodieAvroUtils.addMetadataFields equivalents on Avro JSON and Arrow schemas.
#include "hoodie/format/avro/meta_fields.h"

#include <arrow/type.h>
#include <gtest/gtest.h>

#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

constexpr char kMeta[] =
    R"({"name":"_hoodie_commit_time","type":["null","string"],"doc":"","default":null},)"
    R"({"name":"_hoodie_commit_seqno","type":["null","string"],"doc":"","default":null},)"
    R"({"name":"_hoodie_record_key","type":["null","string"],"doc":"","default":null},)"
    R"({"name":"_hoodie_partition_path","type":["null","string"],"doc":"","default":null},)"
    R"({"name":"_hoodie_file_name","type":["null","string"],"doc":"","default":null},)";

TEST(MetaFieldsTest, AddsFiveFieldsFirstInAvroOrder) {
  ASSERT_OK_AND_ASSIGN(
      std::string json,
      AddMetadataFields(
          R"({"type":"record","name":"t_record","namespace":"hoodie.t","fields":[{"name":"id","type":"int"}]})"));
  EXPECT_EQ(json, std::string(R"({"type":"record","name":"t_record","namespace":"hoodie.t","fields":[)") +
                      kMeta + R"({"name":"id","type":"int"}]})");
}

TEST(MetaFieldsTest, ReplacesExistingMetaFieldsAndAddsOperation) {
  ASSERT_OK_AND_ASSIGN(
      std::string json,
      AddMetadataFields(
          R"({"type":"record","name":"r","fields":[{"name":"_hoodie_record_key","type":"string"},{"name":"id","type":"int"}]})",
          /*with_operation_field=*/true));
  EXPECT_EQ(json, std::string(R"({"type":"record","name":"r","fields":[)") + kMeta +
                      R"({"name":"_hoodie_operation","type":["null","string"],"doc":"","default":null},)"
                      R"({"name":"id","type":"int"}]})");
  ASSERT_OK_AND_ASSIGN(std::string removed, RemoveMetadataFields(json));
  EXPECT_EQ(removed, R"({"type":"record","name":"r","fields":[{"name":"id","type":"int"}]})");
}

TEST(MetaFieldsTest, RejectsNonRecords) {
  ASSERT_RAISES(Invalid, AddMetadataFields(R"("string")"));
  ASSERT_RAISES(Invalid, AddMetadataFields("not json"));
}

TEST(MetaFieldsTest, ArrowSchemaGetsNullableStringsFirst) {
  auto data = ::arrow::schema({::arrow::field("_hoodie_file_name", ::arrow::int32()),
                               ::arrow::field("id", ::arrow::int32(), false)});
  auto with_meta = AddMetadataFields(*data);
  ASSERT_EQ(with_meta->num_fields(), 6);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(with_meta->field(i)->name(), kMetaFields[i]);
    EXPECT_TRUE(with_meta->field(i)->type()->Equals(::arrow::utf8()));
    EXPECT_TRUE(with_meta->field(i)->nullable());
  }
  EXPECT_EQ(with_meta->field(5)->name(), "id");
  EXPECT_EQ(AddMetadataFields(*data, true)->field(5)->name(), "_hoodie_operation");
  EXPECT_TRUE(RemoveMetadataFields(*with_meta)->Equals(*::arrow::schema({data->field(1)})));
}

}  // namespace
}  // namespace hoodie
