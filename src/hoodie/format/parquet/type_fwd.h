// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/type_fwd.h
/// \brief Forward declarations of the format/parquet module.
#pragma once

namespace hoodie {

class ParquetFileWriter;
class ParquetFileReader;
class ParquetBaseFileFormat;

}  // namespace hoodie
