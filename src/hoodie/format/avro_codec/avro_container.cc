// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/avro_container.cc
/// \brief One-record Avro container files (org.apache.avro.file.DataFileReader/Writer).

#include "hoodie/format/avro_codec/avro_container.h"

#include <cstring>
#include <random>
#include <utility>

#include <arrow/status.h>

#include "hoodie/format/avro_codec/avro_binary.h"

namespace hoodie {

using ::arrow::Result;
using ::arrow::Status;

namespace {

constexpr std::string_view kMagic("Obj\x01", 4);
constexpr std::string_view kSchemaKey = "avro.schema";
constexpr std::string_view kCodecKey = "avro.codec";

}  // namespace

const std::string* AvroContainerHeader::Find(std::string_view key) const {
  for (const auto& [name, value] : metadata) {
    if (name == key) return &value.text();
  }
  return nullptr;
}

Result<AvroContainerHeader> ParseAvroContainerHeader(std::string_view bytes) {
  std::string_view in = bytes;
  if (in.substr(0, kMagic.size()) != kMagic) {
    return Status::Invalid("the file does not start with the magic Obj\\x01");
  }
  in.remove_prefix(kMagic.size());
  static const AvroNode kBytesMap = [] {
    static AvroNode bytes_node;
    bytes_node.type = AvroType::kBytes;
    AvroNode map;
    map.type = AvroType::kMap;
    map.values = &bytes_node;
    return map;
  }();
  ARROW_ASSIGN_OR_RAISE(AvroValue map, DecodeAvroBinary(&in, kBytesMap, kBytesMap));
  AvroContainerHeader header;
  header.metadata = map.entries();
  if (in.size() < 16) return Status::Invalid("truncated sync marker");
  header.sync = std::string(in.substr(0, 16));
  in.remove_prefix(16);
  header.size = bytes.size() - in.size();
  return header;
}


Result<AvroEntries> ReadContainerMetadata(std::string_view bytes) {
  auto header = ParseAvroContainerHeader(bytes);
  if (!header.ok()) {
    return header.status().WithMessage("Avro container: ", header.status().message());
  }
  return std::move(header->metadata);
}

Result<AvroValue> ReadSingleRecordContainer(std::string_view bytes,
                                            const AvroSchema& reader_schema) {
  auto parsed = ParseAvroContainerHeader(bytes);
  if (!parsed.ok()) {
    return parsed.status().WithMessage("Avro container: ", parsed.status().message());
  }
  const AvroContainerHeader& header = *parsed;
  std::string_view in = bytes.substr(header.size);
  const std::string* schema_json = header.Find(kSchemaKey);
  if (schema_json == nullptr) return Status::Invalid("Avro container: no avro.schema");
  const std::string* codec = header.Find(kCodecKey);
  if (codec != nullptr && *codec != "null") {
    return Status::NotImplemented("Avro container: codec ", *codec);
  }
  ARROW_ASSIGN_OR_RAISE(auto writer_schema, AvroSchema::Parse(*schema_json));
  while (!in.empty()) {
    ARROW_ASSIGN_OR_RAISE(int64_t count, ReadAvroLong(&in));
    ARROW_ASSIGN_OR_RAISE(int64_t size, ReadAvroLong(&in));
    if (count < 0 || size < 0 || static_cast<uint64_t>(size) + 16 > in.size()) {
      return Status::Invalid("Avro container: bad block (count ", count, ", size ", size,
                             ", ", in.size(), " bytes left)");
    }
    std::string_view block = in.substr(0, static_cast<size_t>(size));
    if (in.substr(static_cast<size_t>(size), 16) != header.sync) {
      return Status::Invalid("Avro container: block does not end with the sync marker");
    }
    in.remove_prefix(static_cast<size_t>(size) + 16);
    if (count == 0) continue;
    return DecodeAvroBinary(&block, writer_schema->root(), reader_schema.root());
  }
  return Status::Invalid("Avro container: the file holds no record");
}

Result<std::string> WriteSingleRecordContainer(const AvroSchema& schema,
                                               const AvroValue& value,
                                               std::optional<AvroSyncMarker> sync) {
  std::string record;
  ARROW_RETURN_NOT_OK(EncodeAvroBinary(value, schema.root(), &record));
  if (!sync) {
    std::random_device device;
    sync.emplace();
    for (uint8_t& byte : *sync) byte = static_cast<uint8_t>(device());
  }
  const std::string_view marker(reinterpret_cast<const char*>(sync->data()), sync->size());
  std::string out(kMagic);
  AppendAvroLong(1, &out);  // metadata map: one entry, then the end-of-map zero
  AppendAvroLong(static_cast<int64_t>(kSchemaKey.size()), &out);
  out.append(kSchemaKey);
  AppendAvroLong(static_cast<int64_t>(schema.json().size()), &out);
  out.append(schema.json());
  AppendAvroLong(0, &out);
  out.append(marker);
  AppendAvroLong(1, &out);
  AppendAvroLong(static_cast<int64_t>(record.size()), &out);
  out.append(record);
  out.append(marker);
  return out;
}

Result<std::string> WriteSingleRecordContainer(std::string_view schema_json,
                                               const AvroValue& value,
                                               std::optional<AvroSyncMarker> sync) {
  ARROW_ASSIGN_OR_RAISE(auto schema, AvroSchema::Parse(schema_json));
  return WriteSingleRecordContainer(*schema, value, sync);
}

}  // namespace hoodie
