// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/type_fwd.h
/// \brief Forward declarations of the format/parquet module.
#pragma once

namespace hoodie {

struct BaseFileName;
struct LogFileName;
struct BaseFileWriterOptions;
struct BaseFileWriteResult;
struct MetaColumns;
class BaseFileWriter;
struct BaseFileReadOptions;
class BaseFileReader;

}  // namespace hoodie
