// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/type_fwd.h
/// \brief Forward declarations of the log format module's types.
#pragma once

#include <cstdint>

namespace hoodie {

struct DeleteRecord;
enum class LogBlockType : int32_t;
enum class LogHeaderKey : int32_t;
struct LogBlock;
struct LogReadOptions;
class LogFileReader;
struct ParquetDataBlockOptions;

}  // namespace hoodie
