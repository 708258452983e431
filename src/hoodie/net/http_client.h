// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/net/http_client.h
/// \brief HTTP requests through libcurl, for the services hoodie talks to itself: the
/// schema registry provider's GETs and the S3 requests Arrow's client does not make
/// (storage/s3_requests_internal.h). Credentials in a URL's user info become a Basic
/// Authorization header and never appear in messages.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace hoodie {

struct HOODIE_EXPORT HttpResponse {
  long status = 0;
  std::string body;
};

/// One request. Every field but `url` has a default: a GET within 30 seconds.
struct HOODIE_EXPORT HttpRequest {
  std::string method = "GET";  // GET, PUT, POST, DELETE or HEAD
  /// May carry user info (scheme://user:password@host/...), sent as Basic auth.
  std::string url;
  /// Sent as given, after the ones curl makes (Host, Content-Length).
  std::vector<std::pair<std::string, std::string>> headers;
  std::string_view body;  // for PUT and POST; must outlive the call
  long timeout_seconds = 30;
  /// The bound of the connection alone; 0: only `timeout_seconds`.
  long connect_timeout_seconds = 0;
};

/// A URL split into the address to fetch (without user info) and the user info.
struct HOODIE_EXPORT UrlWithCredentials {
  std::string url;
  /// "user:password" (percent-decoded), empty when the URL had none.
  std::string user_info;
};

/// Takes the user info out of `url` (scheme://user:password@host/...).
HOODIE_EXPORT UrlWithCredentials SplitCredentials(const std::string& url);

/// `url` with any user info replaced by "***", for messages.
HOODIE_EXPORT std::string RedactedUrl(const std::string& url);

/// Sends `request`, following no redirects. \return IOError naming the method and the
/// redacted URL when no answer came (refused, timed out); any HTTP status is returned
/// as is.
HOODIE_EXPORT ::arrow::Result<HttpResponse> HttpSend(const HttpRequest& request);

/// HttpSend of a GET of `url` within `timeout_seconds`.
HOODIE_EXPORT
::arrow::Result<HttpResponse> HttpGet(const std::string& url, long timeout_seconds = 30);

}  // namespace hoodie
