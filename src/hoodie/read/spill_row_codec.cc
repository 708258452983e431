// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/spill_row_codec.cc
/// \brief SpillRowCodec: one node per column (and nested child) that encodes a value
/// straight from the Arrow buffers and decodes into growing buffers, so neither side
/// allocates per row.
#include <cstring>
#include <limits>

#include <arrow/array/data.h>
#include <arrow/buffer_builder.h>
#include <arrow/type.h>
#include <arrow/util/bit_util.h>
#include <arrow/util/checked_cast.h>

#include "hoodie/common/macros.h"
#include "hoodie/read/spill_row_codec_internal.h"

namespace hoodie::internal {

namespace {

using ::arrow::ArrayData;
using ::arrow::internal::checked_cast;

// Bytes of one encoded row being decoded.
struct RowReader {
  const uint8_t* at;
  const uint8_t* end;

  const uint8_t* Take(size_t n) {
    if (static_cast<size_t>(end - at) < n) return nullptr;
    const uint8_t* taken = at;
    at += n;
    return taken;
  }
};

void PutU32(uint32_t value, std::string* out) {
  uint8_t bytes[4] = {static_cast<uint8_t>(value), static_cast<uint8_t>(value >> 8),
                      static_cast<uint8_t>(value >> 16),
                      static_cast<uint8_t>(value >> 24)};
  out->append(reinterpret_cast<const char*>(bytes), 4);
}

uint32_t GetU32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
         static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24;
}

bool IsValid(const ArrayData& data, int64_t index) {
  const auto& bitmap = data.buffers[0];
  return bitmap == nullptr ||
         ::arrow::bit_util::GetBit(bitmap->data(), data.offset + index);
}

}  // namespace

/// One column or nested child: its values' encoding and the buffers decoding fills.
class SpillRowCodec::Node {
 public:
  Node(std::shared_ptr<::arrow::DataType> type, std::string path)
      : type_(std::move(type)), path_(std::move(path)) {}
  virtual ~Node() = default;

  /// Appends value `index` of `data` (an index before data.offset is applied).
  virtual ::arrow::Status Encode(const ArrayData& data, int64_t index,
                                 std::string* out) const = 0;
  /// Decodes one value onto the buffers.
  virtual ::arrow::Status Decode(RowReader* in) = 0;
  /// The values decoded since the last Finish; starts over.
  virtual ::arrow::Result<std::shared_ptr<ArrayData>> Finish() = 0;

 protected:
  ::arrow::Status CutShort() const {
    return ::arrow::Status::Invalid("spilled log record is cut short in column ", path_);
  }

  // The validity byte of a value; Invalid for anything but 0 or 1.
  ::arrow::Result<bool> DecodeValidity(RowReader* in) {
    const uint8_t* flag = in->Take(1);
    if (flag == nullptr) return CutShort();
    if (*flag > 1) {
      return ::arrow::Status::Invalid("spilled log record has validity byte ",
                                      static_cast<int>(*flag), " in column ", path_);
    }
    ARROW_RETURN_NOT_OK(validity_.Append(*flag == 1));
    if (*flag == 0) ++null_count_;
    ++length_;
    return *flag == 1;
  }

  static void EncodeValidity(bool valid, std::string* out) {
    out->push_back(valid ? 1 : 0);
  }

  // The validity bitmap (none when no value is null), and the counts start over.
  ::arrow::Result<std::shared_ptr<::arrow::Buffer>> FinishValidity() {
    std::shared_ptr<::arrow::Buffer> bitmap;
    if (null_count_ > 0) {
      ARROW_RETURN_NOT_OK(validity_.Finish(&bitmap));
    } else {
      validity_.Reset();
    }
    return bitmap;
  }

  std::shared_ptr<ArrayData> Make(::arrow::BufferVector buffers,
                                  std::vector<std::shared_ptr<ArrayData>> children = {}) {
    auto data = ArrayData::Make(type_, length_, std::move(buffers), std::move(children),
                                null_count_);
    length_ = 0;
    null_count_ = 0;
    return data;
  }

  std::shared_ptr<::arrow::DataType> type_;
  std::string path_;
  ::arrow::TypedBufferBuilder<bool> validity_;
  int64_t length_ = 0;
  int64_t null_count_ = 0;
};

namespace {

using Node = SpillRowCodec::Node;

// The null type: every value null, nothing encoded.
class NullNode : public Node {
 public:
  using Node::Node;
  ::arrow::Status Encode(const ArrayData&, int64_t, std::string*) const override {
    return ::arrow::Status::OK();
  }
  ::arrow::Status Decode(RowReader*) override {
    ++length_;
    ++null_count_;
    return ::arrow::Status::OK();
  }
  ::arrow::Result<std::shared_ptr<ArrayData>> Finish() override {
    return Make({nullptr});
  }
};

class BooleanNode : public Node {
 public:
  using Node::Node;
  ::arrow::Status Encode(const ArrayData& data, int64_t index,
                         std::string* out) const override {
    bool valid = IsValid(data, index);
    EncodeValidity(valid, out);
    if (valid) {
      out->push_back(
          ::arrow::bit_util::GetBit(data.buffers[1]->data(), data.offset + index) ? 1
                                                                                  : 0);
    }
    return ::arrow::Status::OK();
  }
  ::arrow::Status Decode(RowReader* in) override {
    ARROW_ASSIGN_OR_RAISE(bool valid, DecodeValidity(in));
    if (!valid) return values_.Append(false);
    const uint8_t* value = in->Take(1);
    if (value == nullptr) return CutShort();
    return values_.Append(*value != 0);
  }
  ::arrow::Result<std::shared_ptr<ArrayData>> Finish() override {
    ARROW_ASSIGN_OR_RAISE(auto bitmap, FinishValidity());
    ARROW_ASSIGN_OR_RAISE(auto values, values_.Finish());
    return Make({std::move(bitmap), std::move(values)});
  }

 private:
  ::arrow::TypedBufferBuilder<bool> values_;
};

// Every type of whole bytes per value (integers, floats, dates, times, timestamps,
// durations, intervals, decimals, fixed-size binaries): the bytes as Arrow holds them.
class FixedWidthNode : public Node {
 public:
  FixedWidthNode(std::shared_ptr<::arrow::DataType> type, std::string path, int width)
      : Node(std::move(type), std::move(path)), width_(width) {}
  ::arrow::Status Encode(const ArrayData& data, int64_t index,
                         std::string* out) const override {
    bool valid = IsValid(data, index);
    EncodeValidity(valid, out);
    if (valid) {
      const uint8_t* values = data.buffers[1]->data() + (data.offset + index) * width_;
      out->append(reinterpret_cast<const char*>(values), static_cast<size_t>(width_));
    }
    return ::arrow::Status::OK();
  }
  ::arrow::Status Decode(RowReader* in) override {
    ARROW_ASSIGN_OR_RAISE(bool valid, DecodeValidity(in));
    if (!valid) return values_.Append(width_, 0);
    const uint8_t* value = in->Take(static_cast<size_t>(width_));
    if (value == nullptr) return CutShort();
    return values_.Append(value, width_);
  }
  ::arrow::Result<std::shared_ptr<ArrayData>> Finish() override {
    ARROW_ASSIGN_OR_RAISE(auto bitmap, FinishValidity());
    ARROW_ASSIGN_OR_RAISE(auto values, values_.Finish());
    return Make({std::move(bitmap), std::move(values)});
  }

 private:
  int width_;
  ::arrow::BufferBuilder values_;
};

// Offsets of list-like and binary-like columns being decoded (they start at 0).
template <typename Offset>
class OffsetsBuilder {
 public:
  ::arrow::Status Append(int64_t end, const std::string& path) {
    if (end > std::numeric_limits<Offset>::max()) {
      return ::arrow::Status::CapacityError("spilled log records read back together ",
                                            "overflow the offsets of column ", path);
    }
    if (offsets_.length() == 0) ARROW_RETURN_NOT_OK(offsets_.Append(0));
    return offsets_.Append(static_cast<Offset>(end));
  }
  ::arrow::Result<std::shared_ptr<::arrow::Buffer>> Finish() {
    if (offsets_.length() == 0) ARROW_RETURN_NOT_OK(offsets_.Append(0));
    return offsets_.Finish();
  }

 private:
  ::arrow::TypedBufferBuilder<Offset> offsets_;
};

// string, binary (int32 offsets) and their large forms (int64 offsets).
template <typename Offset>
class BinaryNode : public Node {
 public:
  using Node::Node;
  ::arrow::Status Encode(const ArrayData& data, int64_t index,
                         std::string* out) const override {
    bool valid = IsValid(data, index);
    EncodeValidity(valid, out);
    if (!valid) return ::arrow::Status::OK();
    const Offset* offsets = data.GetValues<Offset>(1);
    int64_t size = static_cast<int64_t>(offsets[index + 1] - offsets[index]);
    if (size > std::numeric_limits<uint32_t>::max()) {
      return ::arrow::Status::CapacityError("a value of ", size, " bytes in column ",
                                            path_, " cannot be spilled (at most 4 GiB)");
    }
    PutU32(static_cast<uint32_t>(size), out);
    if (size > 0) {  // an array of empty values may have no data buffer
      out->append(reinterpret_cast<const char*>(data.buffers[2]->data() + offsets[index]),
                  static_cast<size_t>(size));
    }
    return ::arrow::Status::OK();
  }
  ::arrow::Status Decode(RowReader* in) override {
    ARROW_ASSIGN_OR_RAISE(bool valid, DecodeValidity(in));
    if (valid) {
      const uint8_t* size = in->Take(4);
      if (size == nullptr) return CutShort();
      const uint8_t* bytes = in->Take(GetU32(size));
      if (bytes == nullptr) return CutShort();
      ARROW_RETURN_NOT_OK(data_.Append(bytes, GetU32(size)));
    }
    return offsets_.Append(data_.length(), path_);
  }
  ::arrow::Result<std::shared_ptr<ArrayData>> Finish() override {
    ARROW_ASSIGN_OR_RAISE(auto bitmap, FinishValidity());
    ARROW_ASSIGN_OR_RAISE(auto offsets, offsets_.Finish());
    ARROW_ASSIGN_OR_RAISE(auto data, data_.Finish());
    return Make({std::move(bitmap), std::move(offsets), std::move(data)});
  }

 private:
  OffsetsBuilder<Offset> offsets_;
  ::arrow::BufferBuilder data_;
};

// list and map (int32 offsets), large list (int64): the element count, then elements.
template <typename Offset>
class ListNode : public Node {
 public:
  ListNode(std::shared_ptr<::arrow::DataType> type, std::string path,
           std::unique_ptr<Node> elements)
      : Node(std::move(type), std::move(path)), elements_(std::move(elements)) {}
  ::arrow::Status Encode(const ArrayData& data, int64_t index,
                         std::string* out) const override {
    bool valid = IsValid(data, index);
    EncodeValidity(valid, out);
    if (!valid) return ::arrow::Status::OK();
    const Offset* offsets = data.GetValues<Offset>(1);
    int64_t count = static_cast<int64_t>(offsets[index + 1] - offsets[index]);
    if (count > std::numeric_limits<uint32_t>::max()) {
      return ::arrow::Status::CapacityError("a list of ", count, " elements in column ",
                                            path_, " cannot be spilled");
    }
    PutU32(static_cast<uint32_t>(count), out);
    for (int64_t i = offsets[index]; i < offsets[index + 1]; ++i) {
      ARROW_RETURN_NOT_OK(elements_->Encode(*data.child_data[0], i, out));
    }
    return ::arrow::Status::OK();
  }
  ::arrow::Status Decode(RowReader* in) override {
    ARROW_ASSIGN_OR_RAISE(bool valid, DecodeValidity(in));
    if (valid) {
      const uint8_t* count = in->Take(4);
      if (count == nullptr) return CutShort();
      for (uint32_t i = GetU32(count); i > 0; --i) {
        ARROW_RETURN_NOT_OK(elements_->Decode(in));
        ++element_count_;
      }
    }
    return offsets_.Append(element_count_, path_);
  }
  ::arrow::Result<std::shared_ptr<ArrayData>> Finish() override {
    ARROW_ASSIGN_OR_RAISE(auto bitmap, FinishValidity());
    ARROW_ASSIGN_OR_RAISE(auto offsets, offsets_.Finish());
    ARROW_ASSIGN_OR_RAISE(auto elements, elements_->Finish());
    element_count_ = 0;
    return Make({std::move(bitmap), std::move(offsets)}, {std::move(elements)});
  }

 private:
  std::unique_ptr<Node> elements_;
  OffsetsBuilder<Offset> offsets_;
  int64_t element_count_ = 0;
};

// Fixed-size lists: every value's list_size elements, null or not.
class FixedSizeListNode : public Node {
 public:
  FixedSizeListNode(std::shared_ptr<::arrow::DataType> type, std::string path,
                    std::unique_ptr<Node> elements)
      : Node(type, std::move(path)),
        size_(checked_cast<const ::arrow::FixedSizeListType&>(*type).list_size()),
        elements_(std::move(elements)) {}
  ::arrow::Status Encode(const ArrayData& data, int64_t index,
                         std::string* out) const override {
    EncodeValidity(IsValid(data, index), out);
    int64_t first = (data.offset + index) * size_;
    for (int64_t i = first; i < first + size_; ++i) {
      ARROW_RETURN_NOT_OK(elements_->Encode(*data.child_data[0], i, out));
    }
    return ::arrow::Status::OK();
  }
  ::arrow::Status Decode(RowReader* in) override {
    ARROW_RETURN_NOT_OK(DecodeValidity(in).status());
    for (int32_t i = 0; i < size_; ++i) ARROW_RETURN_NOT_OK(elements_->Decode(in));
    return ::arrow::Status::OK();
  }
  ::arrow::Result<std::shared_ptr<ArrayData>> Finish() override {
    ARROW_ASSIGN_OR_RAISE(auto bitmap, FinishValidity());
    ARROW_ASSIGN_OR_RAISE(auto elements, elements_->Finish());
    return Make({std::move(bitmap)}, {std::move(elements)});
  }

 private:
  int32_t size_;
  std::unique_ptr<Node> elements_;
};

// Structs: the validity, then every child's value, null or not.
class StructNode : public Node {
 public:
  StructNode(std::shared_ptr<::arrow::DataType> type, std::string path,
             std::vector<std::unique_ptr<Node>> children)
      : Node(std::move(type), std::move(path)), children_(std::move(children)) {}
  ::arrow::Status Encode(const ArrayData& data, int64_t index,
                         std::string* out) const override {
    EncodeValidity(IsValid(data, index), out);
    for (size_t i = 0; i < children_.size(); ++i) {
      ARROW_RETURN_NOT_OK(
          children_[i]->Encode(*data.child_data[i], data.offset + index, out));
    }
    return ::arrow::Status::OK();
  }
  ::arrow::Status Decode(RowReader* in) override {
    ARROW_RETURN_NOT_OK(DecodeValidity(in).status());
    for (auto& child : children_) ARROW_RETURN_NOT_OK(child->Decode(in));
    return ::arrow::Status::OK();
  }
  ::arrow::Result<std::shared_ptr<ArrayData>> Finish() override {
    ARROW_ASSIGN_OR_RAISE(auto bitmap, FinishValidity());
    std::vector<std::shared_ptr<ArrayData>> children;
    for (auto& child : children_) {
      ARROW_ASSIGN_OR_RAISE(auto data, child->Finish());
      children.push_back(std::move(data));
    }
    return Make({std::move(bitmap)}, std::move(children));
  }

 private:
  std::vector<std::unique_ptr<Node>> children_;
};

::arrow::Result<std::unique_ptr<Node>> MakeNode(
    const std::shared_ptr<::arrow::DataType>& type, const std::string& path) {
  using T = ::arrow::Type;
  switch (type->id()) {
    case T::NA:
      return std::make_unique<NullNode>(type, path);
    case T::BOOL:
      return std::make_unique<BooleanNode>(type, path);
    case T::STRING:
    case T::BINARY:
      return std::make_unique<BinaryNode<int32_t>>(type, path);
    case T::LARGE_STRING:
    case T::LARGE_BINARY:
      return std::make_unique<BinaryNode<int64_t>>(type, path);
    case T::LIST:
    case T::MAP:
    case T::LARGE_LIST:
    case T::FIXED_SIZE_LIST: {
      // A map's child is its key-value struct, a list's its element.
      const auto& child = type->field(0);
      ARROW_ASSIGN_OR_RAISE(auto elements,
                             MakeNode(child->type(), path + "." + child->name()));
      if (type->id() == T::LARGE_LIST) {
        return std::make_unique<ListNode<int64_t>>(type, path, std::move(elements));
      }
      if (type->id() == T::FIXED_SIZE_LIST) {
        return std::make_unique<FixedSizeListNode>(type, path, std::move(elements));
      }
      return std::make_unique<ListNode<int32_t>>(type, path, std::move(elements));
    }
    case T::STRUCT: {
      std::vector<std::unique_ptr<Node>> children;
      for (const auto& child : type->fields()) {
        ARROW_ASSIGN_OR_RAISE(auto node,
                               MakeNode(child->type(), path + "." + child->name()));
        children.push_back(std::move(node));
      }
      return std::make_unique<StructNode>(type, path, std::move(children));
    }
    case T::DICTIONARY:
    case T::EXTENSION:
      break;
    default: {
      const auto* fixed = dynamic_cast<const ::arrow::FixedWidthType*>(type.get());
      if (fixed != nullptr && fixed->bit_width() > 0 && fixed->bit_width() % 8 == 0) {
        return std::make_unique<FixedWidthNode>(type, path, fixed->bit_width() / 8);
      }
      break;
    }
  }
  return ::arrow::Status::NotImplemented("column ", path, " of type ", type->ToString(),
                                         " has no spill row encoding");
}

}  // namespace

::arrow::Result<std::unique_ptr<SpillRowCodec>> SpillRowCodec::Make(
    std::shared_ptr<::arrow::Schema> schema) {
  std::unique_ptr<SpillRowCodec> codec(new SpillRowCodec());
  for (const auto& field : schema->fields()) {
    ARROW_ASSIGN_OR_RAISE(auto node, MakeNode(field->type(), field->name()));
    codec->columns_.push_back(std::move(node));
  }
  codec->schema_ = std::move(schema);
  return codec;
}

SpillRowCodec::~SpillRowCodec() = default;

::arrow::Status SpillRowCodec::Encode(const ::arrow::RecordBatch& batch, int64_t row,
                                      std::string* out) const {
  const ::arrow::ArrayDataVector& columns = batch.column_data();
  for (size_t i = 0; i < columns_.size(); ++i) {
    ARROW_RETURN_NOT_OK(columns_[i]->Encode(*columns[i], row, out));
  }
  return ::arrow::Status::OK();
}

::arrow::Status SpillRowCodec::Decode(std::string_view row) {
  const auto* bytes = reinterpret_cast<const uint8_t*>(row.data());
  RowReader in{bytes, bytes + row.size()};
  for (auto& column : columns_) ARROW_RETURN_NOT_OK(column->Decode(&in));
  if (in.at != in.end) {
    return ::arrow::Status::Invalid("spilled log record has ", in.end - in.at,
                                    " bytes after its last column");
  }
  ++rows_;
  return ::arrow::Status::OK();
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> SpillRowCodec::Finish() {
  std::vector<std::shared_ptr<ArrayData>> columns;
  columns.reserve(columns_.size());
  for (auto& column : columns_) {
    ARROW_ASSIGN_OR_RAISE(auto data, column->Finish());
    columns.push_back(std::move(data));
  }
  int64_t rows = rows_;
  rows_ = 0;
  return ::arrow::RecordBatch::Make(schema_, rows, std::move(columns));
}

}  // namespace hoodie::internal
