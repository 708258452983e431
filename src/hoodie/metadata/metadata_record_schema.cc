// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/metadata_record_schema.cc
/// \brief HoodieMetadataRecord's schema, written from the .avsc field lists
/// (hudi-metadata-table-v6.md section 3.1), and the files records' values.
#include "hoodie/metadata/metadata_record_schema.h"

#include <string>

#include "hoodie/format/avro_codec/avro_binary.h"
#include "hoodie/metadata/metadata_record_internal.h"

namespace hoodie {

namespace {

#define MDT_STRING R"({"type":"string","avro.java.string":"String"})"
#define MDT_OPT(type) R"(["null",)" type R"(],"default":null)"
#define MDT_META(name) R"({"name":")" name R"(","type":["null","string"],"default":null},)"
#define MDT_WRAPPER(name, type) \
  R"({"type":"record","name":")" name R"(","fields":[{"name":"value","type":)" type "}]}"

const char kSchema[] =
    R"({"type":"record","name":"HoodieMetadataRecord",)"
    R"("namespace":"org.apache.hudi.avro.model","fields":[)"
    MDT_META("_hoodie_commit_time") MDT_META("_hoodie_commit_seqno")
    MDT_META("_hoodie_record_key") MDT_META("_hoodie_partition_path")
    MDT_META("_hoodie_file_name")
    R"({"name":"key","type":)" MDT_STRING "},"
    R"({"name":"type","type":"int"},)"
    R"({"name":"filesystemMetadata","type":["null",{"type":"map","values":)"
    R"({"type":"record","name":"HoodieMetadataFileInfo","fields":[)"
    R"({"name":"size","type":"long"},{"name":"isDeleted","type":"boolean"}]},)"
    R"("avro.java.string":"String"}]},)"
    R"({"name":"BloomFilterMetadata","type":)" MDT_OPT(
        R"({"type":"record","name":"HoodieMetadataBloomFilter","fields":[)"
        R"({"name":"type","type":)" MDT_STRING "},"
        R"({"name":"timestamp","type":)" MDT_STRING "},"
        R"({"name":"bloomFilter","type":"bytes"},{"name":"isDeleted","type":"boolean"}]})") "},"
    R"({"name":"ColumnStatsMetadata","type":)" MDT_OPT(
        R"({"type":"record","name":"HoodieMetadataColumnStats","fields":[)"
        R"({"name":"fileName","type":)" MDT_OPT(MDT_STRING) "},"
        R"({"name":"columnName","type":)" MDT_OPT(MDT_STRING) "},"
        R"({"name":"minValue","type":["null",)"
        MDT_WRAPPER("BooleanWrapper", R"("boolean")") ","
        MDT_WRAPPER("IntWrapper", R"("int")") ","
        MDT_WRAPPER("LongWrapper", R"("long")") ","
        MDT_WRAPPER("FloatWrapper", R"("float")") ","
        MDT_WRAPPER("DoubleWrapper", R"("double")") ","
        MDT_WRAPPER("BytesWrapper", R"("bytes")") ","
        MDT_WRAPPER("StringWrapper", MDT_STRING) ","
        MDT_WRAPPER("DateWrapper", R"("int")") ","
        MDT_WRAPPER("DecimalWrapper",
                    R"({"type":"bytes","logicalType":"decimal","precision":30,"scale":15})") ","
        MDT_WRAPPER("TimeMicrosWrapper", R"({"type":"long","logicalType":"time-micros"})") ","
        MDT_WRAPPER("TimestampMicrosWrapper", R"("long")")
        R"(],"default":null},)"
        R"({"name":"maxValue","type":["null","BooleanWrapper","IntWrapper","LongWrapper",)"
        R"("FloatWrapper","DoubleWrapper","BytesWrapper","StringWrapper","DateWrapper",)"
        R"("DecimalWrapper","TimeMicrosWrapper","TimestampMicrosWrapper"],"default":null},)"
        R"({"name":"valueCount","type":)" MDT_OPT(R"("long")") "},"
        R"({"name":"nullCount","type":)" MDT_OPT(R"("long")") "},"
        R"({"name":"totalSize","type":)" MDT_OPT(R"("long")") "},"
        R"({"name":"totalUncompressedSize","type":)" MDT_OPT(R"("long")") "},"
        R"({"name":"isDeleted","type":"boolean"}]})") "},"
    R"({"name":"recordIndexMetadata","type":)" MDT_OPT(
        R"({"type":"record","name":"HoodieRecordIndexInfo","fields":[)"
        R"({"name":"partitionName","type":)" MDT_OPT(MDT_STRING) "},"
        R"({"name":"fileIdHighBits","type":)" MDT_OPT(R"("long")") "},"
        R"({"name":"fileIdLowBits","type":)" MDT_OPT(R"("long")") "},"
        R"({"name":"fileIndex","type":)" MDT_OPT(R"("int")") "},"
        R"({"name":"fileId","type":)" MDT_OPT(MDT_STRING) "},"
        R"({"name":"instantTime","type":)" MDT_OPT(R"("long")") "},"
        R"({"name":"fileIdEncoding","type":"int","default":0}]})") "}]}";

#undef MDT_STRING
#undef MDT_OPT
#undef MDT_META
#undef MDT_WRAPPER

constexpr std::string_view kRecordName = "org.apache.hudi.avro.model.HoodieMetadataRecord";
constexpr std::string_view kFileInfoName = "org.apache.hudi.avro.model.HoodieMetadataFileInfo";

}  // namespace

std::string_view MetadataRecordSchemaJson() { return kSchema; }

::arrow::Result<std::shared_ptr<const AvroSchema>> MetadataRecordSchema() {
  // Parsed once (thread-safe static); a failure is a bug in the text above, reported
  // as a Status all the same.
  static const ::arrow::Result<std::shared_ptr<const AvroSchema>> schema =
      AvroSchema::Parse(kSchema);
  return schema;
}

namespace internal {

AvroValue MetadataRecordValue(MetadataRecordType type, std::string_view payload_field,
                              AvroValue payload) {
  AvroEntries fields;
  for (const char* meta : {"_hoodie_commit_time", "_hoodie_commit_seqno", "_hoodie_record_key",
                           "_hoodie_partition_path", "_hoodie_file_name"}) {
    fields.emplace_back(meta, AvroValue::Null());
  }
  fields.emplace_back("key", AvroValue::String(""));
  fields.emplace_back("type", AvroValue::Int(static_cast<int32_t>(type)));
  for (const char* name : {"filesystemMetadata", "BloomFilterMetadata", "ColumnStatsMetadata",
                           "recordIndexMetadata"}) {
    fields.emplace_back(name, name == payload_field ? payload : AvroValue::Null());
  }
  return AvroValue::Record(std::string(kRecordName), std::move(fields));
}

}  // namespace internal

AvroValue FilesRecordValue(const FilesRecord& record) {
  AvroEntries files;
  for (const auto& [name, info] : record.entries) {
    files.emplace_back(name, AvroValue::Record(std::string(kFileInfoName),
                                               {{"size", AvroValue::Long(info.size)},
                                                {"isDeleted", AvroValue::Boolean(info.is_deleted)}}));
  }
  return internal::MetadataRecordValue(record.type, "filesystemMetadata",
                                       AvroValue::Map(std::move(files)));
}

::arrow::Result<std::string> EncodeMetadataRecord(const AvroValue& record) {
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const AvroSchema> schema, MetadataRecordSchema());
  std::string out;
  ARROW_RETURN_NOT_OK(EncodeAvroBinary(record, schema->root(), &out));
  return out;
}

}  // namespace hoodie
