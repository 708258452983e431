// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/avro_schema_test.cc
/// \brief Tests AvroSchema::Parse: names, namespaces, references, defaults, errors.

#include "hoodie/format/avro_codec/avro_schema.h"

#include <gtest/gtest.h>

#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

TEST(AvroSchemaTest, ParsesRecordWithNamespacesAndReferences) {
  ASSERT_OK_AND_ASSIGN(auto schema, AvroSchema::Parse(R"({
    "type": "record", "name": "Outer", "namespace": "a.b", "doc": "ignored",
    "fields": [
      {"name": "inner", "type": {"type": "record", "name": "Inner", "fields": [
        {"name": "s", "type": {"type": "string", "avro.java.string": "String"}}]}},
      {"name": "again", "type": ["null", "Inner"], "default": null},
      {"name": "other", "type": {"type": "enum", "name": "x.Color",
                                 "symbols": ["RED", "GREEN"], "default": "RED"}},
      {"name": "color2", "type": "x.Color"},
      {"name": "hash", "type": {"type": "fixed", "name": "Hash", "size": 4}},
      {"name": "list", "type": {"type": "array", "items": "long"}, "default": []},
      {"name": "dict", "type": {"type": "map", "values": "double"}}
    ]})"));
  const AvroNode& root = schema->root();
  ASSERT_EQ(root.type, AvroType::kRecord);
  EXPECT_EQ(root.full_name, "a.b.Outer");
  EXPECT_EQ(root.short_name(), "Outer");
  ASSERT_EQ(root.fields.size(), 7u);
  const AvroNode* inner = root.fields[0].type;
  EXPECT_EQ(inner->full_name, "a.b.Inner");
  EXPECT_EQ(inner->fields[0].type->type, AvroType::kString);
  const AvroNode* again = root.fields[1].type;
  ASSERT_EQ(again->type, AvroType::kUnion);
  EXPECT_EQ(again->branches[0]->type, AvroType::kNull);
  EXPECT_EQ(again->branches[1], inner);  // the reference is the defining node
  EXPECT_TRUE(root.fields[1].default_json->is_null());
  EXPECT_EQ(root.fields[2].type->full_name, "x.Color");
  EXPECT_EQ(root.fields[2].type->symbols, (std::vector<std::string>{"RED", "GREEN"}));
  EXPECT_EQ(root.fields[2].type->enum_default, "RED");
  EXPECT_EQ(root.fields[3].type, root.fields[2].type);
  EXPECT_EQ(root.fields[4].type->full_name, "a.b.Hash");
  EXPECT_EQ(root.fields[4].type->fixed_size, 4);
  EXPECT_EQ(root.fields[5].type->items->type, AvroType::kLong);
  EXPECT_EQ(root.fields[5].default_json->dump(), "[]");
  EXPECT_EQ(root.fields[6].type->values->type, AvroType::kDouble);
  EXPECT_EQ(root.FieldIndex("dict"), 6);
  EXPECT_EQ(root.FieldIndex("nope"), -1);
}

TEST(AvroSchemaTest, ParsesPrimitivesAndKeepsJson) {
  ASSERT_OK_AND_ASSIGN(auto schema, AvroSchema::Parse(R"("long")"));
  EXPECT_EQ(schema->root().type, AvroType::kLong);
  EXPECT_EQ(schema->json(), R"("long")");
  ASSERT_OK_AND_ASSIGN(schema, AvroSchema::Parse(R"({"type": "bytes"})"));
  EXPECT_EQ(schema->root().type, AvroType::kBytes);
}

TEST(AvroSchemaTest, RecursiveRecordPointsAtItself) {
  ASSERT_OK_AND_ASSIGN(auto schema, AvroSchema::Parse(R"({"type": "record", "name": "Node",
      "fields": [{"name": "next", "type": ["null", "Node"]}]})"));
  EXPECT_EQ(schema->root().fields[0].type->branches[1], &schema->root());
}

TEST(AvroSchemaTest, RejectsBadSchemas) {
  ASSERT_RAISES(Invalid, AvroSchema::Parse("{"));
  ASSERT_RAISES(Invalid, AvroSchema::Parse(R"("Unknown")"));
  ASSERT_RAISES(Invalid, AvroSchema::Parse(R"(["null", ["int"]])"));
  ASSERT_RAISES(Invalid, AvroSchema::Parse(R"({"type": "record", "fields": []})"));
  ASSERT_RAISES(Invalid, AvroSchema::Parse(R"({"type": "record", "name": "R",
      "fields": [{"name": "a", "type": "int"}, {"name": "a", "type": "int"}]})"));
  ASSERT_RAISES(Invalid, AvroSchema::Parse(R"({"type": "record", "name": "R",
      "fields": [{"name": "a", "type": {"type": "enum", "name": "R", "symbols": []}}]})"));
  ASSERT_RAISES(Invalid, AvroSchema::Parse(R"({"type": "fixed", "name": "F"})"));
}

}  // namespace
}  // namespace hoodie
