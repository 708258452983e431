// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/avro_container_reader.cc
/// \brief Streams an Avro object container file block by block (DataFileStream's role).
#include "hoodie/input/avro_container_reader.h"

#include <cstring>
#include <utility>

#include <arrow/io/file.h>
#include <arrow/util/compression.h>
#include <arrow/util/crc32.h>

#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro_codec/avro_binary.h"
#include "hoodie/format/avro_codec/avro_container.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/input/input_file_internal.h"

namespace hoodie {
namespace {

using ::arrow::Result;
using ::arrow::Status;

constexpr int64_t kSyncSize = 16;
constexpr int64_t kReadChunk = 1 << 20;

// Inflates a raw deflate stream (Avro's "deflate" codec has no zlib header) of unknown
// inflated size.
Result<std::string> Inflate(std::string_view in) {
  ::arrow::util::GZipCodecOptions options;
  options.gzip_format = ::arrow::util::GZipFormat::DEFLATE;
  ARROW_ASSIGN_OR_RAISE(
      auto codec, ::arrow::util::Codec::Create(::arrow::Compression::GZIP, options));
  ARROW_ASSIGN_OR_RAISE(auto inflater, codec->MakeDecompressor());
  std::string out(in.size() * 4 + 64, '\0');
  size_t written = 0;
  auto* next = reinterpret_cast<const uint8_t*>(in.data());
  int64_t left = static_cast<int64_t>(in.size());
  while (!inflater->IsFinished()) {
    if (written == out.size()) out.resize(out.size() * 2);
    ARROW_ASSIGN_OR_RAISE(
        auto step,
        inflater->Decompress(left, next, static_cast<int64_t>(out.size() - written),
                             reinterpret_cast<uint8_t*>(out.data() + written)));
    next += step.bytes_read;
    left -= step.bytes_read;
    written += static_cast<size_t>(step.bytes_written);
    if (step.need_more_output) {
      out.resize(out.size() * 2);
    } else if (step.bytes_read == 0 && step.bytes_written == 0 &&
               !inflater->IsFinished()) {
      return Status::Invalid("the deflate stream is truncated");
    }
  }
  out.resize(written);
  return out;
}

// Avro's "snappy" codec: a raw snappy block followed by the big-endian CRC-32 of the
// uncompressed bytes, which Java's SnappyCodec verifies as we do.
Result<std::string> Unsnappy(std::string_view in) {
  if (in.size() < 4) return Status::Invalid("the snappy block lacks its checksum");
  uint32_t expected_crc = 0;
  for (size_t i = in.size() - 4; i < in.size(); ++i) {
    expected_crc = (expected_crc << 8) | static_cast<uint8_t>(in[i]);
  }
  in.remove_suffix(4);
  // Raw snappy starts with the uncompressed length as an unsigned base-128 varint.
  uint64_t length = 0;
  for (size_t i = 0, shift = 0; i < in.size() && shift < 35; ++i, shift += 7) {
    auto byte = static_cast<uint8_t>(in[i]);
    length |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) break;
  }
  ARROW_ASSIGN_OR_RAISE(auto codec,
                        ::arrow::util::Codec::Create(::arrow::Compression::SNAPPY));
  std::string out(length, '\0');
  ARROW_ASSIGN_OR_RAISE(int64_t n,
                        codec->Decompress(static_cast<int64_t>(in.size()),
                                          reinterpret_cast<const uint8_t*>(in.data()),
                                          static_cast<int64_t>(out.size()),
                                          reinterpret_cast<uint8_t*>(out.data())));
  out.resize(static_cast<size_t>(n));
  if (::arrow::internal::crc32(0, out.data(), out.size()) != expected_crc) {
    return Status::Invalid("the snappy block's CRC-32 does not match its data");
  }
  return out;
}

class AvroContainerReader : public ::arrow::RecordBatchReader {
 public:
  static Result<std::shared_ptr<AvroContainerReader>> Open(
      const std::string& path, const std::shared_ptr<Storage>& storage) {
    auto out = std::shared_ptr<AvroContainerReader>(new AvroContainerReader());
    out->path_ = path;
    ARROW_ASSIGN_OR_RAISE(out->file_, internal::OpenInputFile(storage, path));
    Status status = out->ReadHeader();
    if (!status.ok()) {
      return status.WithMessage(
          path, ": not a readable Avro container file: ", status.message());
    }
    return out;
  }

  std::shared_ptr<::arrow::Schema> schema() const override { return schema_; }

  Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override {
    batch->reset();
    while (*batch == nullptr) {
      ARROW_ASSIGN_OR_RAISE(bool more, Fill(1));
      if (!more) return Status::OK();
      int64_t offset = Offset();
      Status status = ReadBlock(batch);
      if (!status.ok()) {
        return status.WithMessage(path_, ": Avro block ", block_, " (at byte offset ",
                                  offset, "): ", status.message());
      }
      ++block_;
    }
    return Status::OK();
  }

 private:
  AvroContainerReader() = default;

  int64_t Offset() const { return buffer_start_ + static_cast<int64_t>(pos_); }
  size_t Available() const { return buffer_.size() - pos_; }

  // Makes `n` unread bytes available; false when the file ends first.
  Result<bool> Fill(int64_t n) {
    if (static_cast<int64_t>(Available()) >= n) return true;
    buffer_.erase(0, pos_);
    buffer_start_ += static_cast<int64_t>(pos_);
    pos_ = 0;
    while (static_cast<int64_t>(buffer_.size()) < n) {
      int64_t want = std::max(kReadChunk, n - static_cast<int64_t>(buffer_.size()));
      size_t old = buffer_.size();
      buffer_.resize(old + static_cast<size_t>(want));
      ARROW_ASSIGN_OR_RAISE(int64_t got, file_->Read(want, buffer_.data() + old));
      buffer_.resize(old + static_cast<size_t>(got));
      if (got == 0) return false;
    }
    return true;
  }

  Result<int64_t> ReadLong() {
    ARROW_RETURN_NOT_OK(Fill(10).status());  // a varint has at most 10 bytes
    std::string_view view(buffer_.data() + pos_, Available());
    size_t before = view.size();
    ARROW_ASSIGN_OR_RAISE(int64_t value, ReadAvroLong(&view));
    pos_ += before - view.size();
    return value;
  }

  Result<std::string_view> Take(int64_t n, std::string_view what) {
    if (n < 0) return Status::Invalid("negative length ", n, " of ", what);
    ARROW_ASSIGN_OR_RAISE(bool ok, Fill(n));
    if (!ok) {
      return Status::Invalid("truncated: ", what, " needs ", n, " bytes, the file has ",
                             Available(), " left");
    }
    std::string_view out(buffer_.data() + pos_, static_cast<size_t>(n));
    pos_ += static_cast<size_t>(n);
    return out;
  }

  // The header through ParseAvroContainerHeader, on as many bytes as it needs: a
  // failure on a prefix of the file is retried on twice as many bytes, up to a bound
  // no real header (an Avro schema and a few keys) comes near.
  Status ReadHeader() {
    constexpr int64_t kMaxHeader = int64_t{64} << 20;
    for (int64_t want = kReadChunk;; want *= 2) {
      ARROW_ASSIGN_OR_RAISE(bool filled, Fill(want));
      std::string_view bytes = std::string_view(buffer_).substr(pos_);
      auto header = ParseAvroContainerHeader(bytes);
      // Only a file that starts as a container may have a header longer than `want`.
      bool container = bytes.substr(0, 4) == std::string_view("Obj\x01", 4);
      if (!header.ok() && filled && container && want < kMaxHeader) continue;
      ARROW_RETURN_NOT_OK(header.status());
      pos_ += header->size;
      sync_ = header->sync;
      const std::string* codec = header->Find("avro.codec");
      codec_ = codec != nullptr ? *codec : "null";
      const std::string* schema_json = header->Find("avro.schema");
      if (schema_json == nullptr) return Status::Invalid("the header has no avro.schema");
      if (codec_ != "null" && codec_ != "deflate" && codec_ != "snappy") {
        return Status::NotImplemented("codec ", codec_,
                                      " (null, deflate and snappy are supported)");
      }
      auto schema = AvroJsonToArrowSchema(*schema_json);
      if (!schema.ok()) {
        return schema.status().WithMessage("avro.schema: ", schema.status().message());
      }
      schema_ = *schema;
      schema_json_ = *schema_json;
      return Status::OK();
    }
  }

  Status ReadBlock(std::shared_ptr<::arrow::RecordBatch>* batch) {
    ARROW_ASSIGN_OR_RAISE(int64_t count, ReadLong());
    ARROW_ASSIGN_OR_RAISE(int64_t size, ReadLong());
    if (count < 0) return Status::Invalid("negative record count ", count);
    ARROW_ASSIGN_OR_RAISE(std::string_view data, Take(size, "the block"));
    std::string decompressed;
    if (codec_ == "deflate") {
      ARROW_ASSIGN_OR_RAISE(decompressed, Inflate(data));
      data = decompressed;
    } else if (codec_ == "snappy") {
      ARROW_ASSIGN_OR_RAISE(decompressed, Unsnappy(data));
      data = decompressed;
    }
    // Decode before reading the sync marker: Take may move the buffer under `data`.
    std::shared_ptr<::arrow::RecordBatch> decoded;
    if (count > 0) {
      auto result = DecodeConcatenatedAvroRecords(schema_json_, data, count);
      if (!result.ok()) {
        return result.status().WithMessage(count,
                                           " records: ", result.status().message());
      }
      decoded = *result;
    }
    ARROW_ASSIGN_OR_RAISE(std::string_view sync, Take(kSyncSize, "the sync marker"));
    if (sync != sync_)
      return Status::Invalid("the block does not end with the sync marker");
    *batch = std::move(decoded);
    return Status::OK();
  }

  std::string path_;
  std::shared_ptr<::arrow::io::RandomAccessFile> file_;
  std::string buffer_;
  size_t pos_ = 0;
  int64_t buffer_start_ = 0;
  std::string codec_;
  std::string sync_;
  std::string schema_json_;
  std::shared_ptr<::arrow::Schema> schema_;
  int64_t block_ = 1;  // 1-based, as error messages name it
};

}  // namespace

Result<std::shared_ptr<::arrow::RecordBatchReader>> OpenAvroContainer(
    const std::string& path, const std::shared_ptr<Storage>& storage) {
  ARROW_ASSIGN_OR_RAISE(auto reader, AvroContainerReader::Open(path, storage));
  return std::static_pointer_cast<::arrow::RecordBatchReader>(reader);
}

}  // namespace hoodie
