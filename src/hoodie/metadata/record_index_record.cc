// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/record_index_record.cc
#include "hoodie/metadata/record_index_record.h"

#include <charconv>
#include <cstdio>
#include <optional>

#include "hoodie/metadata/metadata_record_internal.h"

namespace hoodie {
namespace {

// HoodieMetadataPayload's fileIndex of a file id without a "-<index>" suffix.
constexpr int32_t kMissingFileIndex = -1;
constexpr size_t kUuidLength = 36;

// A UUID's two halves from its canonical text (8-4-4-4-12 hexadecimal digits).
std::optional<std::pair<int64_t, int64_t>> ParseUuid(std::string_view text) {
  if (text.size() != kUuidLength) return std::nullopt;
  uint64_t halves[2] = {0, 0};
  int digits = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (i == 8 || i == 13 || i == 18 || i == 23) {
      if (c != '-') return std::nullopt;
      continue;
    }
    int value = 0;
    if (c >= '0' && c <= '9') {
      value = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      value = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      value = c - 'A' + 10;
    } else {
      return std::nullopt;
    }
    uint64_t& half = halves[digits < 16 ? 0 : 1];
    half = (half << 4) | static_cast<uint64_t>(value);
    ++digits;
  }
  return std::make_pair(static_cast<int64_t>(halves[0]), static_cast<int64_t>(halves[1]));
}

// The UUID and file index of a file id "<uuid>" or "<uuid>-<index>".
struct UuidFileId {
  std::pair<int64_t, int64_t> uuid;
  int32_t index = kMissingFileIndex;
};

std::optional<UuidFileId> ParseUuidFileId(std::string_view file_id) {
  UuidFileId out;
  std::string_view uuid = file_id;
  if (file_id.size() != kUuidLength) {
    const size_t dash = file_id.rfind('-');
    if (dash == std::string_view::npos) return std::nullopt;
    uuid = file_id.substr(0, dash);
    std::string_view index = file_id.substr(dash + 1);
    auto [end, error] = std::from_chars(index.data(), index.data() + index.size(), out.index);
    if (error != std::errc() || end != index.data() + index.size() || index.empty()) {
      return std::nullopt;
    }
  }
  std::optional<std::pair<int64_t, int64_t>> halves = ParseUuid(uuid);
  if (!halves) return std::nullopt;
  out.uuid = *halves;
  return out;
}

}  // namespace

::arrow::Result<AvroValue> RecordIndexRecordValue(const RecordIndexLocation& location,
                                                  TimelineTimeZone zone) {
  ARROW_ASSIGN_OR_RAISE(int64_t millis,
                        InstantTimeGenerator::ParseToEpochMillis(location.instant_time, zone));
  AvroEntries info;
  info.emplace_back("partitionName", AvroValue::String(location.partition_path));
  if (std::optional<UuidFileId> parsed = ParseUuidFileId(location.file_id)) {
    info.emplace_back("fileIdHighBits", AvroValue::Long(parsed->uuid.first));
    info.emplace_back("fileIdLowBits", AvroValue::Long(parsed->uuid.second));
    info.emplace_back("fileIndex", AvroValue::Int(parsed->index));
    info.emplace_back("fileId", AvroValue::String(""));
    info.emplace_back("instantTime", AvroValue::Long(millis));
    info.emplace_back("fileIdEncoding", AvroValue::Int(0));
  } else {
    info.emplace_back("fileIdHighBits", AvroValue::Long(-1));
    info.emplace_back("fileIdLowBits", AvroValue::Long(-1));
    info.emplace_back("fileIndex", AvroValue::Int(kMissingFileIndex));
    info.emplace_back("fileId", AvroValue::String(location.file_id));
    info.emplace_back("instantTime", AvroValue::Long(millis));
    info.emplace_back("fileIdEncoding", AvroValue::Int(1));
  }
  return internal::MetadataRecordValue(
      MetadataRecordType::kRecordIndex, "recordIndexMetadata",
      AvroValue::Record("org.apache.hudi.avro.model.HoodieRecordIndexInfo", std::move(info)));
}

std::string JavaUuidString(int64_t high, int64_t low) {
  const auto h = static_cast<uint64_t>(high);
  const auto l = static_cast<uint64_t>(low);
  char text[37];
  std::snprintf(text, sizeof(text), "%08llx-%04llx-%04llx-%04llx-%012llx",
                static_cast<unsigned long long>(h >> 32),
                static_cast<unsigned long long>((h >> 16) & 0xffff),
                static_cast<unsigned long long>(h & 0xffff),
                static_cast<unsigned long long>(l >> 48),
                static_cast<unsigned long long>(l & 0xffffffffffffull));
  return text;
}

::arrow::Result<RecordIndexLocation> RecordIndexLocationOf(const AvroValue& record,
                                                           TimelineTimeZone zone) {
  ARROW_RETURN_NOT_OK(internal::ExpectMetadataRecordType(
      record, {MetadataRecordType::kRecordIndex}, "the record index"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* info, internal::NonNullField(record, "recordIndexMetadata"));
  RecordIndexLocation location;
  ARROW_ASSIGN_OR_RAISE(const AvroValue* partition, internal::NonNullField(*info, "partitionName"));
  ARROW_ASSIGN_OR_RAISE(std::string_view partition_text, partition->AsString());
  location.partition_path = std::string(partition_text);
  ARROW_ASSIGN_OR_RAISE(const AvroValue* encoding, internal::NonNullField(*info, "fileIdEncoding"));
  ARROW_ASSIGN_OR_RAISE(int32_t encoding_code, encoding->AsInt());
  if (encoding_code == 0) {
    ARROW_ASSIGN_OR_RAISE(const AvroValue* high, internal::NonNullField(*info, "fileIdHighBits"));
    ARROW_ASSIGN_OR_RAISE(const AvroValue* low, internal::NonNullField(*info, "fileIdLowBits"));
    ARROW_ASSIGN_OR_RAISE(const AvroValue* index, internal::NonNullField(*info, "fileIndex"));
    ARROW_ASSIGN_OR_RAISE(int64_t high_bits, high->AsLong());
    ARROW_ASSIGN_OR_RAISE(int64_t low_bits, low->AsLong());
    ARROW_ASSIGN_OR_RAISE(int32_t file_index, index->AsInt());
    location.file_id = JavaUuidString(high_bits, low_bits);
    if (file_index != kMissingFileIndex) location.file_id += "-" + std::to_string(file_index);
  } else if (encoding_code == 1) {
    ARROW_ASSIGN_OR_RAISE(const AvroValue* file_id, internal::NonNullField(*info, "fileId"));
    ARROW_ASSIGN_OR_RAISE(std::string_view file_id_text, file_id->AsString());
    location.file_id = std::string(file_id_text);
  } else {
    return ::arrow::Status::Invalid("a record index entry of file id encoding ",
                                    encoding_code, "; Hudi writes 0 and 1");
  }
  ARROW_ASSIGN_OR_RAISE(const AvroValue* instant, internal::NonNullField(*info, "instantTime"));
  ARROW_ASSIGN_OR_RAISE(int64_t millis, instant->AsLong());
  location.instant_time = InstantTimeGenerator::FormatMillis(millis, zone);
  return location;
}

}  // namespace hoodie
