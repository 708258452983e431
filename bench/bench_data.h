// SPDX-License-Identifier: Apache-2.0
/// \file bench/bench_data.h
/// \brief The benchmark's data generator: deterministic records of about 200 bytes.
///
/// Record `id` (0 <= id < 2^40) has these columns, all derived from `id` alone except
/// `ts`, so an update of a record lands in the partition of the original:
///
/// | column | type | value |
/// |---|---|---|
/// | key | utf8 (16) | 16 hex digits of splitmix64(id): unique, in no sorted order |
/// | partition | utf8 (10) | one of 10 dates `2024-01-01` .. `2024-01-10` |
/// | ts | int64 | the record's version: 1 for the initial load, 2 for upserts |
/// | event_time | timestamp[us, UTC] | 2024-01-01 plus id milliseconds |
/// | user_id | int64 | hash-derived, 0 .. 10^6 |
/// | quantity, score, flags | int32 | small hash-derived numbers |
/// | price, lat, lon | float64 | hash-derived |
/// | name | utf8 (~12) | three syllables |
/// | city | utf8 (~8) | one of 16 city names |
/// | status | utf8 (~7) | one of 5 states |
/// | comment | utf8 (~60) | eight words of a 64-word list |
///
/// About 200 bytes of Arrow data per record (buffers plus string offsets).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include <arrow/record_batch.h>

namespace hoodie::bench {

/// The Arrow schema of the generated records.
std::shared_ptr<::arrow::Schema> BenchSchema();

/// Streams `count` records: the i-th (0-based) is record `id_of(i)` with version `ts`,
/// in batches of `batch_rows`. Nothing is kept between batches.
std::shared_ptr<::arrow::RecordBatchReader> GenerateRecords(
    int64_t count, std::function<int64_t(int64_t)> id_of, int64_t ts,
    int64_t batch_rows = 65536);

/// The initial load: records 0 .. count-1.
std::shared_ptr<::arrow::RecordBatchReader> InitialLoad(int64_t count);

/// The upsert batch against an initial load of `base` records: `count` records,
/// alternately an update of an existing record (spread evenly over 0 .. base-1) and a
/// new record (base, base+1, ...).
std::shared_ptr<::arrow::RecordBatchReader> UpsertBatch(int64_t base, int64_t count);

}  // namespace hoodie::bench
