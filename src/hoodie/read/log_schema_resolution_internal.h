// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/log_schema_resolution_internal.h
/// \brief Whether records written with a log block's schema can be read with the
/// table's schema under Avro schema resolution (what Java's reader applies to every
/// data block, with the block's SCHEMA header as writer schema).
#pragma once

#include <arrow/status.h>
#include <arrow/type_fwd.h>

namespace hoodie::internal {

/// OK when every field of `reader` that `writer` has resolves: same type, or an Avro
/// promotion (int -> long/float/double, long -> float/double, float -> double,
/// string <-> bytes), records by field name, arrays and maps by their items; and every
/// `reader` field missing from `writer` is nullable (Hudi's schemas give those a null
/// default). Writer fields the reader lacks are ignored. Invalid naming the field path
/// and both types otherwise (Java's AvroTypeException, "missing required field").
::arrow::Status CheckAvroResolution(const ::arrow::Schema& writer,
                                    const ::arrow::Schema& reader);

}  // namespace hoodie::internal
