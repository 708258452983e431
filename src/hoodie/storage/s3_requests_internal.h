// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/s3_requests_internal.h
/// \brief The S3 requests Arrow 22's client does not make: a conditional PUT
/// (If-None-Match: *) and the abort of a multipart upload whose completion failed
/// (Arrow forgets the upload's id then). Sent through net/'s HTTP client, signed with
/// SigV4, with the endpoint, addressing, region, credentials, timeouts and retry
/// strategy of the Arrow client's own options, so that they go where its requests go.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/filesystem/s3fs.h>
#include <arrow/result.h>

#include "hoodie/storage/storage.h"

namespace hoodie::internal {

class S3Requests {
 public:
  struct Answer;

  /// `conditional_create`: fs.s3a.create.conditional.enabled.
  S3Requests(::arrow::fs::S3Options options, bool conditional_create);

  /// Whether PutIfAbsent is used for creates that must not replace a file.
  bool conditional_create() const { return conditional_create_; }

  /// Stores `data` at `path` ("bucket/key") unless an object of that name exists: one
  /// PUT with If-None-Match: *, so that of racing creators in any process exactly one
  /// succeeds. A 409 (ConditionalRequestConflict: a racing conditional PUT of the key was
  /// in flight) is retried, after which the loser gets the 412. \return AlreadyExists
  /// when the object exists (412); IOError naming the S3 error code otherwise.
  ::arrow::Status PutIfAbsent(const std::string& path, std::string_view data) const;

  /// Aborts every multipart upload of exactly `path` that was started and neither
  /// completed nor aborted (ListMultipartUploads with the key as prefix, then
  /// AbortMultipartUpload each), so that no parts stay stored, and billed, under a key
  /// nobody sees. \return how many were aborted.
  ::arrow::Result<int> AbortPendingUploads(const std::string& path) const;

 private:  // One signed request to `key` of `bucket`, retried as options_.retry_strategy says.
  ::arrow::Result<Answer> Send(const std::string& method, const std::string& bucket,
                               const std::string& key,
                               std::vector<std::pair<std::string, std::string>> query,
                               std::string_view body,
                               std::vector<std::pair<std::string, std::string>> headers) const;

  ::arrow::fs::S3Options options_;
  bool conditional_create_;
  std::string scheme_;     // "http" or "https"
  std::string authority_;  // the endpoint's host[:port]
  bool virtual_host_;      // bucket.authority/key rather than authority/bucket/key
  std::string region_;
};

/// The S3Requests of an S3 file system (null for any other), with the
/// fs.s3a.create.conditional.enabled of `options.config` (its default without one).
::arrow::Result<std::shared_ptr<S3Requests>> MakeS3Requests(
    const ::arrow::fs::FileSystem& fs, const StorageOptions& options);

}  // namespace hoodie::internal
