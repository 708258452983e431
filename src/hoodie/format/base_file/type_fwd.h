// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/base_file/type_fwd.h
/// \brief Forward declarations of the format/base_file module.
#pragma once

namespace hoodie {

struct BaseFileWriterOptions;
struct BaseFileWriteResult;
struct MetaColumns;
class BaseFileWriter;
struct BaseFileReadOptions;
struct BaseFileFooter;
class BaseFileReader;
class BaseFileFormat;
class RowGroupBudget;

}  // namespace hoodie
