// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/schema_evolution_test.cc
/// \brief Backward-compatibility checks run before a write changes the table schema.
#include "hoodie/format/avro/schema_evolution.h"

#include <arrow/type.h>
#include <gtest/gtest.h>

#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using ::arrow::field;
using ::hoodie::testing::HasErrorCode;
using ::hoodie::testing::StatusMessageHas;

std::shared_ptr<::arrow::Schema> Base() {
  return ::arrow::schema({
      field("id", ::arrow::int32(), false),
      field("amount", ::arrow::int64()),
      field("ratio", ::arrow::float64()),
      field("name", ::arrow::utf8()),
      field("st", ::arrow::struct_({field("x", ::arrow::int32())})),
  });
}

std::shared_ptr<::arrow::Schema> Replace(int i, std::shared_ptr<::arrow::Field> f) {
  return Base()->SetField(i, std::move(f)).ValueOrDie();
}

void ExpectIncompatible(const ::arrow::Schema& new_schema, const std::string& path,
                        const SchemaEvolutionOptions& options = {}) {
  ::arrow::Status st = CheckSchemaEvolution(*Base(), new_schema, options);
  ASSERT_RAISES(Invalid, st);
  EXPECT_THAT(st, HasErrorCode(ErrorCode::kSchemaIncompatible));
  EXPECT_THAT(st, StatusMessageHas("field '" + path + "'"));
}

TEST(SchemaEvolutionTest, SameSchemaAndAddedNullableColumnsAreCompatible) {
  ASSERT_OK(CheckSchemaEvolution(*Base(), *Base()));
  auto added = Base()->AddField(5, field("extra", ::arrow::utf8())).ValueOrDie();
  ASSERT_OK(CheckSchemaEvolution(*Base(), *added));
  auto nested = Replace(4, field("st", ::arrow::struct_({field("x", ::arrow::int32()),
                                                         field("y", ::arrow::utf8())})));
  ASSERT_OK(CheckSchemaEvolution(*Base(), *nested));
}

TEST(SchemaEvolutionTest, AllowsAvroPromotions) {
  ASSERT_OK(CheckSchemaEvolution(*Base(), *Replace(0, field("id", ::arrow::int64(), false))));
  ASSERT_OK(CheckSchemaEvolution(*Base(), *Replace(1, field("amount", ::arrow::float64()))));
  ASSERT_OK(CheckSchemaEvolution(*Base(), *Replace(3, field("name", ::arrow::binary()))));
  // A required field may become nullable.
  ASSERT_OK(CheckSchemaEvolution(*Base(), *Replace(0, field("id", ::arrow::int32()))));
  // Meta fields are ignored.
  auto with_meta = Base()->AddField(0, field("_hoodie_commit_time", ::arrow::utf8()))
                       .ValueOrDie();
  ASSERT_OK(CheckSchemaEvolution(*with_meta, *Base()));
}

TEST(SchemaEvolutionTest, RejectsNarrowingAndTypeChanges) {
  ExpectIncompatible(*Replace(1, field("amount", ::arrow::int32())), "amount");
  ExpectIncompatible(*Replace(2, field("ratio", ::arrow::float32())), "ratio");
  ExpectIncompatible(*Replace(3, field("name", ::arrow::int32())), "name");
  ExpectIncompatible(*Replace(4, field("st", ::arrow::struct_({field(
                                                 "x", ::arrow::utf8())}))),
                     "st.x");
  ExpectIncompatible(*Replace(4, field("st", ::arrow::utf8())), "st");
}

TEST(SchemaEvolutionTest, RejectsDroppedAndRequiredFields) {
  ExpectIncompatible(*Base()->RemoveField(0).ValueOrDie(), "id");
  ExpectIncompatible(*Base()->RemoveField(3).ValueOrDie(), "name");
  SchemaEvolutionOptions allow_drop;
  allow_drop.allow_column_drop = true;
  ASSERT_OK(CheckSchemaEvolution(*Base(), *Base()->RemoveField(3).ValueOrDie(), allow_drop));
  ExpectIncompatible(*Base()->RemoveField(0).ValueOrDie(), "id", allow_drop);
  ExpectIncompatible(*Base()->AddField(5, field("req", ::arrow::int32(), false)).ValueOrDie(),
                     "req");
  ExpectIncompatible(*Replace(1, field("amount", ::arrow::int64(), false)), "amount");
}

TEST(SchemaEvolutionTest, WorksOnAvroJson) {
  constexpr char kOld[] =
      R"({"type":"record","name":"r","fields":[{"name":"a","type":["null","long"],"default":null}]})";
  constexpr char kWider[] =
      R"({"type":"record","name":"r","fields":[{"name":"a","type":["null","double"],"default":null},)"
      R"({"name":"b","type":["null","string"],"default":null}]})";
  constexpr char kNarrower[] =
      R"({"type":"record","name":"r","fields":[{"name":"a","type":["null","int"],"default":null}]})";
  ASSERT_OK(CheckSchemaEvolution(kOld, kWider));
  ::arrow::Status st = CheckSchemaEvolution(kOld, kNarrower);
  EXPECT_THAT(st, HasErrorCode(ErrorCode::kSchemaIncompatible));
  EXPECT_THAT(st, StatusMessageHas("field 'a'"));
}

}  // namespace
}  // namespace hoodie
