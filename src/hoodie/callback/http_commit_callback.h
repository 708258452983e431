// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/callback/http_commit_callback.h
/// \brief The HTTP write commit callback (Hudi's HoodieWriteCommitHttpCallback): the
/// message's JSON POSTed to a URL.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/callback/commit_callback.h"
#include "hoodie/config/callback_config.h"
#include "hoodie/config/config_default.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;

/// The header HoodieWriteCommitHttpCallbackClient sends the API key in.
inline constexpr char kCommitCallbackApiKeyHeader[] = "HUDI-CALLBACK-KEY";

/// \brief Where and how the HTTP callback posts (the hoodie.write.commit.callback.http.*
/// keys).
struct HOODIE_EXPORT HttpCommitCallbackOptions {
  /// May carry user info (sent as Basic auth, never logged).
  std::string url;
  /// The bound of each request, connection included.
  int32_t timeout_seconds = DefaultOf(CallbackConfig::kHttpTimeoutSeconds);
  std::string api_key = DefaultOf(CallbackConfig::kHttpApiKey);
  /// Extra headers, in the order configured; each replaces a header of the same name.
  std::vector<std::pair<std::string, std::string>> custom_headers;

  /// \return Invalid when the URL is unset or a value does not parse.
  static ::arrow::Result<HttpCommitCallbackOptions> FromConfig(
      const HoodieConfig& config);
};

/// Parses hoodie.write.commit.callback.http.custom.headers as Hudi does
/// ("Name1:Value1;Name2:Value2", names and values trimmed); a part that is not one
/// name and one value is skipped with a warning, as Hudi skips it.
HOODIE_EXPORT std::vector<std::pair<std::string, std::string>> ParseCallbackHeaders(
    const std::string& text);

/// \brief POSTs CommitCallbackMessage::ToJson() to the URL with the API key header and
/// Hudi's content type. Any answer from 300 up is an error, as Hudi logs it. Stateless
/// past construction: thread-safe.
class HOODIE_EXPORT HttpCommitCallback : public CommitCallback {
 public:
  explicit HttpCommitCallback(HttpCommitCallbackOptions options)
      : options_(std::move(options)) {}

  /// \return IOError naming the redacted URL and the transport's error, or the HTTP
  ///   status and the head of the answer's body.
  ::arrow::Status Call(const CommitCallbackMessage& message) override;

 private:
  HttpCommitCallbackOptions options_;
};

}  // namespace hoodie
