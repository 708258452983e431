// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/net/aws_sigv4.cc
/// \brief SigV4 with OpenSSL's SHA-256 and HMAC (Debian libssl-dev).
#include "hoodie/net/aws_sigv4.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <algorithm>
#include <cctype>
#include <ctime>
#include <map>

namespace hoodie {
namespace {

std::string Hex(const unsigned char* bytes, size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(size * 2);
  for (size_t i = 0; i < size; ++i) {
    out += kDigits[bytes[i] >> 4];
    out += kDigits[bytes[i] & 0xf];
  }
  return out;
}

std::string Hmac(std::string_view key, std::string_view data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest, &size);
  return std::string(reinterpret_cast<const char*>(digest), size);
}

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string Trimmed(std::string_view text) {
  const size_t start = text.find_first_not_of(" \t");
  if (start == std::string_view::npos) return "";
  const size_t end = text.find_last_not_of(" \t");
  return std::string(text.substr(start, end - start + 1));
}

}  // namespace

std::string Sha256Hex(std::string_view data) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest);
  return Hex(digest, sizeof(digest));
}

std::string AwsUriEncode(std::string_view text, bool keep_slash) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' ||
        (keep_slash && c == '/')) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kDigits[c >> 4];
      out += kDigits[c & 0xf];
    }
  }
  return out;
}

std::string CanonicalQuery(const std::vector<std::pair<std::string, std::string>>& query) {
  std::vector<std::pair<std::string, std::string>> encoded;
  for (const auto& [name, value] : query) {
    encoded.emplace_back(AwsUriEncode(name, false), AwsUriEncode(value, false));
  }
  std::sort(encoded.begin(), encoded.end());
  std::string out;
  for (const auto& [name, value] : encoded) {
    out += (out.empty() ? "" : "&") + name + "=" + value;
  }
  return out;
}

HttpHeaders SignV4(const SigV4Request& request, const AwsCredentials& credentials,
                   std::string_view region, std::string_view service,
                   std::string_view amz_date) {
  HttpHeaders sent = request.headers;
  sent.emplace_back("X-Amz-Date", std::string(amz_date));
  if (!credentials.session_token.empty()) {
    sent.emplace_back("X-Amz-Security-Token", credentials.session_token);
  }
  // Canonical headers: lower-case names, sorted, values trimmed.
  std::map<std::string, std::string> canonical{{"host", request.host}};
  for (const auto& [name, value] : sent) canonical[Lower(name)] = Trimmed(value);
  std::string canonical_headers;
  std::string signed_headers;
  for (const auto& [name, value] : canonical) {
    canonical_headers += name + ":" + value + "\n";
    signed_headers += (signed_headers.empty() ? "" : ";") + name;
  }
  auto payload = canonical.find("x-amz-content-sha256");
  const std::string payload_hash =
      payload != canonical.end() ? payload->second : Sha256Hex("");
  const std::string canonical_request =
      request.method + "\n" + request.encoded_path + "\n" + CanonicalQuery(request.query) +
      "\n" + canonical_headers + "\n" + signed_headers + "\n" + payload_hash;

  const std::string date(amz_date.substr(0, 8));
  const std::string scope =
      date + "/" + std::string(region) + "/" + std::string(service) + "/aws4_request";
  const std::string to_sign = "AWS4-HMAC-SHA256\n" + std::string(amz_date) + "\n" + scope +
                              "\n" + Sha256Hex(canonical_request);
  std::string key = Hmac("AWS4" + credentials.secret_key, date);
  key = Hmac(key, region);
  key = Hmac(key, service);
  key = Hmac(key, "aws4_request");
  const std::string signature = Hmac(key, to_sign);
  sent.emplace_back(
      "Authorization",
      "AWS4-HMAC-SHA256 Credential=" + credentials.access_key + "/" + scope +
          ", SignedHeaders=" + signed_headers + ", Signature=" +
          Hex(reinterpret_cast<const unsigned char*>(signature.data()), signature.size()));
  return sent;
}

std::string AmzDateNow() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[17];
  std::strftime(text, sizeof(text), "%Y%m%dT%H%M%SZ", &utc);
  return text;
}

}  // namespace hoodie
