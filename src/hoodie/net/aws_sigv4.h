// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/net/aws_sigv4.h
/// \brief AWS Signature Version 4 of one HTTP request, as every AWS SDK signs it: what
/// the S3 requests that Arrow's client does not make need (storage/s3_requests.cc).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hoodie {

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

struct AwsCredentials {
  std::string access_key;
  std::string secret_key;
  std::string session_token;  // empty for long-term keys
};

/// What a signature covers.
struct SigV4Request {
  std::string method;
  /// The Host header the request is sent with ("bucket.s3.amazonaws.com",
  /// "127.0.0.1:5000": a port only when not the scheme's default).
  std::string host;
  /// The path as sent, already URI-encoded (S3 keys: AwsUriEncode(key, true)).
  std::string encoded_path;
  /// The query's parameters, decoded; encoded and sorted by the signature.
  std::vector<std::pair<std::string, std::string>> query;
  /// Headers besides Host and X-Amz-Date to sign and send. The payload's hash is their
  /// x-amz-content-sha256 (which S3 requires), else the empty body's.
  HttpHeaders headers;
};

/// SHA-256 of `data` in lower-case hex.
std::string Sha256Hex(std::string_view data);

/// RFC 3986 encoding as SigV4 wants it: every byte but A-Z a-z 0-9 - _ . ~ as %XX
/// (upper-case hex), and `/` kept when `keep_slash`.
std::string AwsUriEncode(std::string_view text, bool keep_slash);

/// The query string of `query` in SigV4's canonical form (encoded, sorted by name then
/// value, `name=value` joined by `&`); send the request with this same string.
std::string CanonicalQuery(const std::vector<std::pair<std::string, std::string>>& query);

/// The headers to send `request` with: its own, X-Amz-Date, X-Amz-Security-Token when
/// the credentials have a session token, and Authorization, signed for `region` and
/// `service` at `amz_date` (ISO 8601 basic, "20150830T123600Z").
HttpHeaders SignV4(const SigV4Request& request, const AwsCredentials& credentials,
                   std::string_view region, std::string_view service,
                   std::string_view amz_date);

/// Now in UTC as SigV4's X-Amz-Date wants it.
std::string AmzDateNow();

}  // namespace hoodie
