// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/hadoop_vint_internal.h
/// \brief Hadoop's variable-length integers (WritableUtils.writeVLong / readVLong):
/// the lengths of HFile index keys and the memstore timestamp after each cell.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <arrow/result.h>

namespace hoodie::internal {

/// Reads a Hadoop vlong at `*pos` of `data`, advancing `*pos`.
::arrow::Result<int64_t> ReadHadoopVLong(std::string_view data, size_t* pos);

void AppendHadoopVLong(int64_t value, std::string* out);

}  // namespace hoodie::internal
