// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/nesting_limit.h
/// \brief The nesting bound of structured bytes read from files: JSON text (commit
/// metadata, Avro schemas), checked before any parser builds a tree of it, and Avro
/// values, checked by the decoders as they descend.
#pragma once

#include <string_view>

#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// The deepest nesting hoodie accepts in what it reads from a file: arrays and objects
/// of JSON, records, arrays and maps of an Avro value. It is Jackson's default
/// `StreamReadConstraints.maxNestingDepth`, the bound of the parser Hudi and Avro read
/// the same JSON with. Real commit metadata nests 5 deep and real schemas a few dozen;
/// what goes beyond is a damaged or hostile file, which the recursive walks over the
/// parsed tree would otherwise answer with a stack overflow.
inline constexpr int kMaxNestingDepth = 1000;

/// OK when `text` nests arrays and objects at most `max_depth` deep (brackets inside
/// strings do not count). One pass, no allocation, whatever the text holds, so it is
/// safe on any bytes: malformed text is the parser's to report.
/// \return Invalid "JSON nested deeper than <max_depth> levels (at byte N)".
HOODIE_EXPORT ::arrow::Status CheckJsonNestingDepth(std::string_view text,
                                                    int max_depth = kMaxNestingDepth);

}  // namespace hoodie
