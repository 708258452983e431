// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/http/http_client.h
/// \brief HTTP GET through libcurl, for the schema registry provider: credentials in a
/// URL's user info become a Basic Authorization header and never appear in messages.
#pragma once

#include <string>

#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace hoodie {

struct HOODIE_EXPORT HttpResponse {
  long status = 0;
  std::string body;
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

/// GETs `url` (user info sent as Basic auth), following no redirects, within
/// `timeout_seconds`. \return IOError naming the redacted URL when the request fails;
/// any HTTP status is returned as is.
HOODIE_EXPORT
::arrow::Result<HttpResponse> HttpGet(const std::string& url, long timeout_seconds = 30);

}  // namespace hoodie
