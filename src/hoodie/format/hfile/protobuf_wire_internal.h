// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/protobuf_wire_internal.h
/// \brief The slice of protobuf's wire format two HFile messages need (the trailer's
/// FileTrailerProto and the file info's InfoProto): varints and length-delimited fields.
/// Two small fixed messages do not justify a protobuf library and a generated codec.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include <arrow/result.h>
#include <arrow/status.h>

namespace hoodie::internal {

/// One field of a message: a varint (wire type 0) or bytes (wire type 2).
struct ProtoField {
  uint32_t number = 0;
  bool is_varint = false;
  uint64_t varint = 0;
  std::string_view bytes;
};

/// Reads a base-128 varint at `*pos` of `data`, advancing `*pos`.
::arrow::Result<uint64_t> ReadProtoVarint(std::string_view data, size_t* pos);

/// Calls `on_field` for each field of the message `data`, in order. Fixed-width fields
/// (wire types 1 and 5) are skipped; groups are refused.
::arrow::Status ForEachProtoField(std::string_view data,
                                  const std::function<::arrow::Status(const ProtoField&)>& on_field);

void AppendProtoVarint(uint64_t value, std::string* out);
void AppendProtoVarintField(uint32_t number, uint64_t value, std::string* out);
void AppendProtoBytesField(uint32_t number, std::string_view bytes, std::string* out);

}  // namespace hoodie::internal
