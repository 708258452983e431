// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/type_fwd.h
/// \brief Forward declarations of the input module's types.
#pragma once

namespace hoodie {

struct CsvDialect;
struct CsvOptions;
class InputFilesReader;
struct InputOptions;
class InputFormat;
class InputFormatRegistry;
struct JsonLinesOptions;

}  // namespace hoodie
