// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/merge/merge_test_util.h
/// \brief Test helpers of merge-test: record batches from JSON rows and one-pair merges.
#pragma once

#include <memory>
#include <string>

#include <arrow/array.h>
#include <arrow/json/from_string.h>
#include <arrow/record_batch.h>
#include <arrow/type.h>

#include "hoodie/merge/record_merger.h"

namespace hoodie::testing {

/// id, ts (int64), name, price (int64), _hoodie_is_deleted: all nullable.
inline ::arrow::FieldVector PayloadFields() {
  return {::arrow::field("id", ::arrow::utf8()), ::arrow::field("ts", ::arrow::int64()),
          ::arrow::field("name", ::arrow::utf8()),
          ::arrow::field("price", ::arrow::int64()),
          ::arrow::field("_hoodie_is_deleted", ::arrow::boolean())};
}

/// A batch of `fields` from a JSON array of row objects.
inline ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> BatchOf(
    const ::arrow::FieldVector& fields, const std::string& json) {
  ARROW_ASSIGN_OR_RAISE(
      auto array, ::arrow::json::ArrayFromJSONString(::arrow::struct_(fields), json));
  return ::arrow::RecordBatch::FromStructArray(array);
}

/// Materialises `result` (0 or 1 row) with the new record's schema.
inline ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Materialize(
    const MergeResult& result, const RowRef& old_record, const RowRef& new_record) {
  ARROW_ASSIGN_OR_RAISE(auto builder,
                        MergedBatchBuilder::Make(new_record.batch->schema()));
  ARROW_RETURN_NOT_OK(builder->Append(result, old_record, new_record));
  return builder->Finish();
}

}  // namespace hoodie::testing
