// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/record_index_record.cc
#include "hoodie/metadata/record_index_record.h"

#include <cstdio>

#include "hoodie/metadata/metadata_record_internal.h"

namespace hoodie {
namespace {

// HoodieMetadataPayload's fileIndex of a file id without a "-<index>" suffix.
constexpr int32_t kMissingFileIndex = -1;

}  // namespace

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
