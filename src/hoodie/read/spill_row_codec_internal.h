// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/spill_row_codec_internal.h
/// \brief A compact row encoding for log records spilled by the bounded log merge (the
/// role of the per-value serializer of Java's BitCaskDiskMap): each row encodes on its
/// own, so it can be read back by offset, and any number of encoded rows decode into one
/// record batch, without Arrow IPC messages or per-row Arrow objects.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/status.h>
#include <arrow/type_fwd.h>

namespace hoodie::internal {

/// \brief Encodes rows of one schema and decodes them back exactly (values, nulls,
/// nested children; the decoded batch carries the codec's schema object).
///
/// Encoding of a value, per column in schema order: one validity byte (0 null, 1 set),
/// then, when set, fixed-width values as their little-endian bytes (booleans as one
/// byte), strings and binaries as a 4-byte length and the bytes, lists and maps as a
/// 4-byte element count and the elements; a struct's children and a fixed-size list's
/// elements follow whether or not it is null (Arrow keeps them there too), a null-type
/// column writes nothing. Not thread-safe (decoding builds into the codec).
class SpillRowCodec {
 public:
  /// NotImplemented naming the field for a type without this encoding (dictionary,
  /// union, view and run-end encoded types, extension types).
  static ::arrow::Result<std::unique_ptr<SpillRowCodec>> Make(
      std::shared_ptr<::arrow::Schema> schema);
  ~SpillRowCodec();

  const std::shared_ptr<::arrow::Schema>& schema() const { return schema_; }

  /// Appends the encoding of row `row` of `batch` (of this codec's schema) to `out`.
  ::arrow::Status Encode(const ::arrow::RecordBatch& batch, int64_t row,
                         std::string* out) const;
  /// Decodes one encoded row (exactly the bytes Encode appended) onto the batch being
  /// built. Invalid, naming the column, for bytes that are not such a row.
  ::arrow::Status Decode(std::string_view row);
  /// The rows decoded since the last Finish, in order, as one batch; starts a new one.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Finish();

  class Node;

 private:
  SpillRowCodec() = default;

  std::shared_ptr<::arrow::Schema> schema_;
  std::vector<std::unique_ptr<Node>> columns_;
  int64_t rows_ = 0;
};

}  // namespace hoodie::internal
