// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/storage_calls.h
/// \brief How many storage calls this process made, by store and by the request each
/// costs on an object store: what `hoodie --stats` reports.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Storage calls by kind. Every Storage counts the calls it makes on any backend
/// by the request each costs on S3, so a run on local disk says what it would cost on
/// a store; on S3 the counts are the requests the server sees (object_store_requests_test
/// holds them against moto's log).
struct HOODIE_EXPORT StorageCallCounts {
  /// Listings of a folder: one per page of up to 1000 entries. On S3 a status of a
  /// path that is not an object adds one (Arrow asks whether a folder has that name).
  int64_t list = 0;
  int64_t head = 0;        ///< statuses of a path, and opens of a file to read it
  int64_t get = 0;         ///< reads of a whole file
  int64_t get_ranged = 0;  ///< reads of part of a file (Parquet footers, column chunks)
  int64_t put = 0;         ///< files written in one request, folders made, copies
  /// Files uploaded in parts (on S3 from 10 MiB on, Arrow's part size): each costs a
  /// start, a request per part and a completion.
  int64_t multipart = 0;
  int64_t delete_ = 0;  ///< files and folders deleted
  int64_t bytes_read = 0;
  int64_t bytes_written = 0;

  /// Calls of every kind (the bytes not included).
  int64_t total() const;
  /// The calls made between `earlier` and this.
  StorageCallCounts operator-(const StorageCallCounts& earlier) const;
  /// Each count with its name ("list", "head", "get", "get_ranged", "put", "multipart",
  /// "delete", "bytes_read", "bytes_written"), in that order.
  std::vector<std::pair<std::string, int64_t>> Named() const;
};

/// The calls every Storage of this process has made since it started, by store (its
/// file system's type name: "local", "s3", "gcs", "abfs", "hdfs", "mock"); stores not
/// used are absent. Thread-safe.
HOODIE_EXPORT std::map<std::string, StorageCallCounts> StorageCallsByStore();

}  // namespace hoodie
