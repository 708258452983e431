// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/s3_request_log.h
/// \brief What an S3 server was asked, by kind, read from moto's request log: the
/// ground truth of how many requests a command cost, whoever's client made them.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include <arrow/result.h>

namespace hoodie::testing {

/// Requests by kind, as the S3 API names them.
struct S3RequestCounts {
  int64_t list = 0;             ///< ListObjectsV2 (GET on the bucket with list-type)
  int64_t head = 0;             ///< HeadObject / HeadBucket
  int64_t get = 0;              ///< GetObject (ranged or not)
  int64_t put = 0;              ///< PutObject and CopyObject
  int64_t multipart_start = 0;  ///< CreateMultipartUpload
  int64_t multipart_part = 0;   ///< UploadPart
  int64_t multipart_end = 0;    ///< CompleteMultipartUpload and AbortMultipartUpload
  int64_t delete_ = 0;          ///< DeleteObject and DeleteObjects
  int64_t other = 0;

  int64_t total() const;
  /// "list=3 head=2 ..." for messages.
  std::string ToString() const;
};

/// \brief A moto_server request log (its stderr), read from a mark on.
class S3RequestLog {
 public:
  explicit S3RequestLog(std::string path) : path_(std::move(path)) {}

  /// Forgets the requests made so far: counts start from here.
  ::arrow::Status Mark();
  /// The requests logged since the last Mark().
  ::arrow::Result<S3RequestCounts> Since() const;

 private:
  std::string path_;
  int64_t offset_ = 0;
};

}  // namespace hoodie::testing
