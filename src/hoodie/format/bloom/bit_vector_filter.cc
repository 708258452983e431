// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/bit_vector_filter.cc
/// \brief Java InternalFilter / InternalBloomFilter serialization and hashing.

#include "hoodie/format/bloom/bit_vector_filter_internal.h"

#include <algorithm>

namespace hoodie::internal {

namespace {

// InternalFilter.VERSION: negative so that it can be told apart from the legacy layout,
// whose first int32 is a (positive) hash count.
constexpr int32_t kFilterVersion = -1;

size_t BitVectorBytes(int32_t vector_size) {
  return (static_cast<size_t>(vector_size) + 7) / 8;
}

}  // namespace

::arrow::Status ByteReader::Need(size_t count, std::string_view field) const {
  if (remaining() < count) {
    return ::arrow::Status::Invalid("Bloom filter bytes are truncated: ", field,
                                    " needs ", count, " bytes at offset ", offset_, ", ",
                                    remaining(), " left");
  }
  return ::arrow::Status::OK();
}

::arrow::Result<int32_t> ByteReader::ReadInt32(std::string_view field) {
  ARROW_RETURN_NOT_OK(Need(4, field));
  uint32_t value = 0;
  for (int i = 0; i < 4; ++i) {
    value = (value << 8) | static_cast<uint8_t>(bytes_[offset_ + i]);
  }
  offset_ += 4;
  return static_cast<int32_t>(value);
}

::arrow::Result<int8_t> ByteReader::ReadInt8(std::string_view field) {
  ARROW_RETURN_NOT_OK(Need(1, field));
  return static_cast<int8_t>(bytes_[offset_++]);
}

::arrow::Result<std::string_view> ByteReader::ReadBytes(size_t count,
                                                        std::string_view field) {
  ARROW_RETURN_NOT_OK(Need(count, field));
  std::string_view out = bytes_.substr(offset_, count);
  offset_ += count;
  return out;
}

void AppendInt32(int32_t value, std::string* out) {
  const auto bits = static_cast<uint32_t>(value);
  for (int shift = 24; shift >= 0; shift -= 8) {
    out->push_back(static_cast<char>((bits >> shift) & 0xff));
  }
}

void FilterHeader::Write(std::string* out) const {
  AppendInt32(kFilterVersion, out);
  AppendInt32(num_hashes, out);
  out->push_back(static_cast<char>(hash_type));
  AppendInt32(vector_size, out);
}

::arrow::Result<FilterHeader> FilterHeader::Read(ByteReader* reader) {
  const size_t start = reader->offset();
  FilterHeader header;
  ARROW_ASSIGN_OR_RAISE(int32_t version, reader->ReadInt32("version"));
  if (version > 0) {
    header.num_hashes = version;
    header.hash_type = HashType::kJenkins;
  } else if (version == kFilterVersion) {
    ARROW_ASSIGN_OR_RAISE(header.num_hashes, reader->ReadInt32("nbHash"));
    ARROW_ASSIGN_OR_RAISE(int8_t hash_type, reader->ReadInt8("hashType"));
    if (hash_type != static_cast<int8_t>(HashType::kJenkins) &&
        hash_type != static_cast<int8_t>(HashType::kMurmur)) {
      return ::arrow::Status::Invalid(
          "Bloom filter has an unknown hash type: ", static_cast<int>(hash_type),
          " at offset ", reader->offset() - 1);
    }
    header.hash_type = static_cast<HashType>(hash_type);
  } else {
    return ::arrow::Status::Invalid("Bloom filter has an unsupported version: ", version,
                                    " at offset ", start);
  }
  if (header.num_hashes <= 0) {
    return ::arrow::Status::Invalid(
        "Bloom filter hash count must be > 0: ", header.num_hashes, " at offset ", start);
  }
  ARROW_ASSIGN_OR_RAISE(header.vector_size, reader->ReadInt32("vectorSize"));
  if (header.vector_size <= 0) {
    return ::arrow::Status::Invalid(
        "Bloom filter bit count must be > 0: ", header.vector_size, " at offset ",
        reader->offset() - 4);
  }
  return header;
}

BitVectorFilter::BitVectorFilter(const FilterHeader& header)
    : header_(header),
      position_(header.vector_size),
      bits_(BitVectorBytes(header.vector_size), 0) {}

::arrow::Result<BitVectorFilter> BitVectorFilter::Read(ByteReader* reader) {
  ARROW_ASSIGN_OR_RAISE(FilterHeader header, FilterHeader::Read(reader));
  // Checked before allocating, so corrupt sizes cannot make us allocate more than the
  // input holds.
  ARROW_ASSIGN_OR_RAISE(
      std::string_view bytes,
      reader->ReadBytes(BitVectorBytes(header.vector_size), "bit vector"));
  BitVectorFilter filter(header);
  std::copy(bytes.begin(), bytes.end(), filter.bits_.begin());
  // Java only reads bits below vectorSize; clear the padding bits of the last byte so
  // that writing back gives what Java writes.
  const int used = header.vector_size % 8;
  if (used != 0) filter.bits_.back() &= static_cast<uint8_t>((1u << used) - 1);
  return filter;
}

template <typename Fn>
bool BitVectorFilter::ForEachPosition(std::string_view key, Fn&& fn) const {
  int32_t seed = 0;
  if (header_.hash_type == HashType::kMurmur) {
    const MurmurHasher hasher(key);
    for (int32_t i = 0; i < header_.num_hashes; ++i) {
      seed = hasher.Hash(seed);
      if (!fn(position_.Of(seed))) return false;
    }
    return true;
  }
  for (int32_t i = 0; i < header_.num_hashes; ++i) {
    seed = HashBytes(header_.hash_type, key, seed);
    if (!fn(position_.Of(seed))) return false;
  }
  return true;
}

void BitVectorFilter::Add(std::string_view key) { AddAll({&key, 1}); }

void BitVectorFilter::AddAll(std::span<const std::string_view> keys) {
  const auto num_hashes = static_cast<size_t>(header_.num_hashes);
  hashes_.resize(kMurmurChainLanes * num_hashes);
  while (!keys.empty()) {
    const size_t count = std::min(keys.size(), kMurmurChainLanes);
    if (header_.hash_type == HashType::kMurmur) {
      MurmurHashChains(keys.first(count), header_.num_hashes, hashes_.data());
    } else {
      for (size_t k = 0; k < count; ++k) {
        int32_t seed = 0;
        for (size_t r = 0; r < num_hashes; ++r) {
          hashes_[k * num_hashes + r] = seed = HashBytes(header_.hash_type, keys[k], seed);
        }
      }
    }
    // The bits are random bytes of a vector larger than the first cache levels: every
    // position is found and prefetched first, then the bits are set, so that their
    // cache misses overlap instead of each waiting for its own.
    const size_t positions = count * num_hashes;
    for (size_t i = 0; i < positions; ++i) {
      const uint32_t bit = position_.Of(hashes_[i]);
      hashes_[i] = static_cast<int32_t>(bit);
      __builtin_prefetch(&bits_[bit >> 3], /*rw=*/1);
    }
    for (size_t i = 0; i < positions; ++i) {
      const auto bit = static_cast<uint32_t>(hashes_[i]);
      bits_[bit >> 3] |= static_cast<uint8_t>(1u << (bit & 7));
    }
    keys = keys.subspan(count);
  }
}

bool BitVectorFilter::Test(std::string_view key) const {
  return ForEachPosition(
      key, [this](uint32_t bit) { return (bits_[bit >> 3] & (1u << (bit & 7))) != 0; });
}

void BitVectorFilter::Write(std::string* out) const {
  header_.Write(out);
  out->append(reinterpret_cast<const char*>(bits_.data()), bits_.size());
}

}  // namespace hoodie::internal
