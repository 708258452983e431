// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/nesting_limit.cc
/// \brief CheckJsonNestingDepth.

#include "hoodie/common/nesting_limit.h"

namespace hoodie {

::arrow::Status CheckJsonNestingDepth(std::string_view text, int max_depth) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;  // the escaped character, a quote included
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    switch (c) {
      case '"':
        in_string = true;
        break;
      case '[':
      case '{':
        if (++depth > max_depth) {
          return ::arrow::Status::Invalid("JSON nested deeper than ", max_depth,
                                          " levels (at byte ", i, ")");
        }
        break;
      case ']':
      case '}':
        if (depth > 0) --depth;
        break;
      default:
        break;
    }
  }
  return ::arrow::Status::OK();
}

}  // namespace hoodie
