// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/type_fwd.h
/// \brief Forward declarations of the bloom filter module's types.
#pragma once

#include <cstdint>

namespace hoodie {

enum class HashType : int8_t;
class BloomFilterType;
enum class RecordKeyOrder;
struct BloomFilterSizing;
struct BloomFilterFactory;
struct RecordKeyRange;
class BloomFilter;
class SimpleBloomFilter;
class DynamicBloomFilter;
class BloomFilterWriteSupport;

}  // namespace hoodie
