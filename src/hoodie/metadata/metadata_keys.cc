// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/metadata_keys.cc
#include "hoodie/metadata/metadata_keys.h"

#include <openssl/evp.h>
#include <xxhash.h>

#include <cstdio>
#include <cstdlib>

#include "hoodie/common/big_endian_internal.h"
#include "hoodie/common/java_compat.h"
#include "hoodie/format/bloom/base64_internal.h"

namespace hoodie {
namespace {

// HashID.HASH_SEED, a Java int (0xdabadaba) widened to long: sign-extended.
constexpr uint64_t kHashSeed = 0xFFFFFFFFDABADABAull;

// HashID of 64 bits: XXH64 of the UTF-8 bytes, written big-endian, then Base64 (12 chars).
std::string Hash64(std::string_view text) {
  std::string bytes;
  internal::AppendInt64(static_cast<int64_t>(XXH64(text.data(), text.size(), kHashSeed)),
                        &bytes);
  return internal::Base64Encode(bytes);
}

// HashID of 128 bits: MD5 of the UTF-8 bytes, then Base64 (24 chars).
std::string Hash128(std::string_view text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(text.data(), text.size(), digest, &size, EVP_md5(), nullptr);
  return internal::Base64Encode(std::string_view(reinterpret_cast<const char*>(digest), size));
}

}  // namespace

std::string MetadataPartitionId(std::string_view partition_path) {
  return partition_path.empty() ? std::string(".") : std::string(partition_path);
}

std::string MetadataFileGroupId(const MetadataPartition& partition, int index) {
  char digits[16];
  std::snprintf(digits, sizeof(digits), "%04d", index);
  return std::string(partition.file_id_prefix) + digits + "-0";
}

int MetadataFileGroupIndex(std::string_view record_key, int count) {
  // Math.abs(Math.abs(hashCode) % count): Math.abs(Integer.MIN_VALUE) stays negative,
  // and the outer abs makes its remainder positive.
  const int64_t hash = JavaStringHashCode(record_key);
  const int64_t inner = hash == INT32_MIN ? hash : std::llabs(hash);
  return static_cast<int>(std::llabs(inner % count));
}

std::string BloomFilterIndexKey(std::string_view partition_path, std::string_view file_name) {
  return Hash64(MetadataPartitionId(partition_path)) + Hash128(file_name);
}

std::string ColumnStatsIndexKey(std::string_view column, std::string_view partition_path,
                                std::string_view file_name) {
  return Hash64(column) + Hash64(MetadataPartitionId(partition_path)) + Hash128(file_name);
}

std::string ColumnStatsKeyPrefix(std::string_view column) { return Hash64(column); }

}  // namespace hoodie
