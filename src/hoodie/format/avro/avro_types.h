// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/avro_types.h
/// \brief Avro's types, the one table of Avro's promotions (Schema Resolution: "the
/// writer's schema may be promoted to the reader's"), and the Avro type each Arrow type
/// is written as. The schema-evolution check, the log reader's schema resolution and the
/// Avro decoder all ask these.
#pragma once

#include <optional>
#include <string_view>

#include <arrow/type_fwd.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// The Avro schema types (primitive and complex).
enum class AvroType {
  kNull,
  kBoolean,
  kInt,
  kLong,
  kFloat,
  kDouble,
  kBytes,
  kString,
  kRecord,
  kEnum,
  kArray,
  kMap,
  kUnion,
  kFixed,
};

/// The Avro name of a type ("null", "record", ...).
HOODIE_EXPORT std::string_view AvroTypeName(AvroType type);

/// Whether data written as `writer` reads as `reader`: the same type, or one of Avro's
/// promotions int -> long, float, double; long -> float, double; float -> double;
/// string <-> bytes.
HOODIE_EXPORT bool AvroPromotes(AvroType writer, AvroType reader);

/// The Avro type an Arrow type is written as, logical types by their underlying type
/// (date and time-millis int; timestamps and time-micros long; decimals bytes; fixed
/// size binary fixed); nullopt for Arrow types Avro cannot hold.
HOODIE_EXPORT std::optional<AvroType> AvroTypeOfArrow(const ::arrow::DataType& type);

/// Whether the Arrow type stands for an Avro logical type (date, time, timestamp,
/// decimal), which only resolves to the same logical type.
HOODIE_EXPORT bool IsAvroLogicalType(const ::arrow::DataType& type);

}  // namespace hoodie
