// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/hfile/protobuf_wire.cc
#include "hoodie/format/hfile/protobuf_wire_internal.h"

namespace hoodie::internal {

::arrow::Result<uint64_t> ReadProtoVarint(std::string_view data, size_t* pos) {
  uint64_t value = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (*pos >= data.size()) return ::arrow::Status::Invalid("truncated protobuf varint");
    const auto byte = static_cast<uint8_t>(data[(*pos)++]);
    value |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return value;
  }
  return ::arrow::Status::Invalid("protobuf varint longer than 10 bytes");
}

::arrow::Status ForEachProtoField(
    std::string_view data, const std::function<::arrow::Status(const ProtoField&)>& on_field) {
  size_t pos = 0;
  while (pos < data.size()) {
    ARROW_ASSIGN_OR_RAISE(uint64_t tag, ReadProtoVarint(data, &pos));
    ProtoField field;
    field.number = static_cast<uint32_t>(tag >> 3);
    switch (tag & 7) {
      case 0: {
        field.is_varint = true;
        ARROW_ASSIGN_OR_RAISE(field.varint, ReadProtoVarint(data, &pos));
        break;
      }
      case 1:
        pos += 8;
        continue;
      case 2: {
        ARROW_ASSIGN_OR_RAISE(uint64_t length, ReadProtoVarint(data, &pos));
        if (length > data.size() - pos) {
          return ::arrow::Status::Invalid("protobuf field ", field.number,
                                          " runs past its message");
        }
        field.bytes = data.substr(pos, length);
        pos += length;
        break;
      }
      case 5:
        pos += 4;
        continue;
      default:
        return ::arrow::Status::Invalid("protobuf wire type ", tag & 7, " of field ",
                                        field.number, " is not supported");
    }
    ARROW_RETURN_NOT_OK(on_field(field));
  }
  if (pos > data.size()) return ::arrow::Status::Invalid("truncated protobuf field");
  return ::arrow::Status::OK();
}

void AppendProtoVarint(uint64_t value, std::string* out) {
  while (value >= 0x80) {
    out->push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out->push_back(static_cast<char>(value));
}

void AppendProtoVarintField(uint32_t number, uint64_t value, std::string* out) {
  AppendProtoVarint(static_cast<uint64_t>(number) << 3, out);
  AppendProtoVarint(value, out);
}

void AppendProtoBytesField(uint32_t number, std::string_view bytes, std::string* out) {
  AppendProtoVarint((static_cast<uint64_t>(number) << 3) | 2, out);
  AppendProtoVarint(bytes.size(), out);
  out->append(bytes);
}

}  // namespace hoodie::internal
