// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/type_fwd.h
/// \brief Forward declarations of the Avro codec module's types.
#pragma once

namespace hoodie {

struct AvroContainerHeader;
struct AvroField;
struct AvroNode;
class AvroSchema;
class AvroValue;

}  // namespace hoodie
