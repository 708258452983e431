// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/type_fwd.h
/// \brief Forward declarations of the format/avro module.
#pragma once

namespace hoodie {

struct AvroRecordName;
struct SchemaEvolutionOptions;

}  // namespace hoodie
