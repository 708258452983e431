// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/net/http_client.cc
#include "hoodie/net/http_client.h"

#include <curl/curl.h>

#include <mutex>

#include <arrow/status.h>

namespace hoodie {
namespace {

size_t Append(char* data, size_t size, size_t count, void* out) {
  static_cast<std::string*>(out)->append(data, size * count);
  return size * count;
}

// curl_global_init is not thread-safe; once per process.
void InitCurl() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

std::string PercentDecode(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size()) {
      out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace

UrlWithCredentials SplitCredentials(const std::string& url) {
  UrlWithCredentials out{.url = url};
  size_t scheme = url.find("://");
  if (scheme == std::string::npos) return out;
  size_t host = scheme + 3;
  size_t end = url.find_first_of("/?#", host);
  if (end == std::string::npos) end = url.size();
  size_t at = url.rfind('@', end);
  if (at == std::string::npos || at < host) return out;
  out.user_info = PercentDecode(url.substr(host, at - host));
  out.url = url.substr(0, host) + url.substr(at + 1);
  return out;
}

std::string RedactedUrl(const std::string& url) {
  UrlWithCredentials split = SplitCredentials(url);
  if (split.user_info.empty()) return url;
  size_t host = split.url.find("://") + 3;
  return split.url.substr(0, host) + "***@" + split.url.substr(host);
}

::arrow::Result<HttpResponse> HttpSend(const HttpRequest& request) {
  InitCurl();
  UrlWithCredentials split = SplitCredentials(request.url);
  CURL* curl = curl_easy_init();
  if (curl == nullptr) return ::arrow::Status::IOError("cannot start an HTTP request");
  HttpResponse response;
  curl_slist* headers = nullptr;
  for (const auto& [name, value] : request.headers) {
    headers = curl_slist_append(headers, (name + ": " + value).c_str());
  }
  const bool sends_body = request.method == "PUT" || request.method == "POST";
  if (sends_body) {
    // curl would add a form content type and, for large bodies, wait for a 100-continue.
    headers = curl_slist_append(headers, "Expect:");
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.data());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE,
                     static_cast<curl_off_t>(request.body.size()));
  }
  if (request.method == "HEAD") {
    curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
  } else if (request.method != "GET" && request.method != "POST") {
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request.method.c_str());
  }
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_URL, split.url.c_str());
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, Append);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &response.body);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, request.timeout_seconds);
  if (request.connect_timeout_seconds > 0) {
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, request.connect_timeout_seconds);
  }
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_USERAGENT, "hoodie");
  if (!split.user_info.empty()) {
    // The Basic Authorization header of the URL's user info, as Hudi's provider sets it.
    curl_easy_setopt(curl, CURLOPT_HTTPAUTH, CURLAUTH_BASIC);
    curl_easy_setopt(curl, CURLOPT_USERPWD, split.user_info.c_str());
  }
  CURLcode code = curl_easy_perform(curl);
  if (code == CURLE_OK) curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response.status);
  curl_easy_cleanup(curl);
  curl_slist_free_all(headers);
  if (code != CURLE_OK) {
    return ::arrow::Status::IOError(request.method, " ", RedactedUrl(request.url),
                                    " failed: ", curl_easy_strerror(code));
  }
  return response;
}

::arrow::Result<HttpResponse> HttpGet(const std::string& url, long timeout_seconds) {
  return HttpSend(HttpRequest{.url = url, .timeout_seconds = timeout_seconds});
}

}  // namespace hoodie
