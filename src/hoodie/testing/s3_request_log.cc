// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/s3_request_log.cc
/// \brief S3RequestLog: moto's werkzeug access log lines, classified.

#include "hoodie/testing/s3_request_log.h"

#include <fstream>
#include <sstream>
#include <string_view>

namespace hoodie::testing {
namespace {

// The request line of an access log line ("HEAD /b/k?x=1 HTTP/1.1"), without the
// terminal colour codes werkzeug puts around some of them.
std::string RequestLine(const std::string& line) {
  const size_t open = line.find('"');
  const size_t close = line.rfind('"');
  if (open == std::string::npos || close <= open) return "";
  std::string request;
  std::string_view quoted(line.data() + open + 1, close - open - 1);
  for (size_t i = 0; i < quoted.size(); ++i) {
    if (quoted[i] == '\x1b') {  // ESC [ ... m
      while (i < quoted.size() && quoted[i] != 'm') ++i;
      continue;
    }
    request += quoted[i];
  }
  return request;
}

void Count(const std::string& request, S3RequestCounts* counts) {
  std::istringstream words(request);
  std::string method;
  std::string target;
  words >> method >> target;
  if (method.empty()) return;
  const size_t question = target.find('?');
  const std::string query = question == std::string::npos ? "" : target.substr(question + 1);
  auto has = [&query](std::string_view name) {
    return query.rfind(std::string(name), 0) == 0 ||
           query.find("&" + std::string(name)) != std::string::npos;
  };
  if (method == "GET" && has("list-type")) {
    ++counts->list;
  } else if (method == "GET") {
    ++counts->get;
  } else if (method == "HEAD") {
    ++counts->head;
  } else if (method == "PUT" && has("partNumber")) {
    ++counts->multipart_part;
  } else if (method == "PUT") {
    ++counts->put;
  } else if (method == "POST" && has("uploads")) {
    ++counts->multipart_start;
  } else if ((method == "POST" || method == "DELETE") && has("uploadId")) {
    ++counts->multipart_end;
  } else if (method == "DELETE" || (method == "POST" && has("delete"))) {
    ++counts->delete_;
  } else {
    ++counts->other;
  }
}

}  // namespace

int64_t S3RequestCounts::total() const {
  return list + head + get + put + multipart_start + multipart_part + multipart_end +
         delete_ + other;
}

std::string S3RequestCounts::ToString() const {
  std::ostringstream out;
  out << "list=" << list << " head=" << head << " get=" << get << " put=" << put
      << " multipart=" << multipart_start << "/" << multipart_part << "/" << multipart_end
      << " delete=" << delete_ << " other=" << other << " total=" << total();
  return out.str();
}

::arrow::Status S3RequestLog::Mark() {
  std::ifstream in(path_, std::ios::ate | std::ios::binary);
  if (!in) return ::arrow::Status::IOError("cannot read moto's log ", path_);
  offset_ = static_cast<int64_t>(in.tellg());
  return ::arrow::Status::OK();
}

::arrow::Result<S3RequestCounts> S3RequestLog::Since() const {
  std::ifstream in(path_, std::ios::binary);
  if (!in) return ::arrow::Status::IOError("cannot read moto's log ", path_);
  in.seekg(offset_);
  S3RequestCounts counts;
  for (std::string line; std::getline(in, line);) Count(RequestLine(line), &counts);
  return counts;
}

}  // namespace hoodie::testing
