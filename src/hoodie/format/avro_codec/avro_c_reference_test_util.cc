// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/avro_c_reference_test_util.cc
/// \brief Avro C calls behind RAII owners; every failure becomes an arrow::Status.

#include "hoodie/format/avro_codec/avro_c_reference_test_util.h"

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace hoodie::testing {

using ::arrow::Result;
using ::arrow::Status;

Status AvroCCheck(int rc, std::string_view what) {
  if (rc == 0) return Status::OK();
  return Status::Invalid("Avro C: ", what, " failed: ", avro_strerror());
}

Result<AvroCSchema> AvroCSchema::Parse(std::string_view json) {
  avro_schema_t schema = nullptr;
  ARROW_RETURN_NOT_OK(AvroCCheck(
      avro_schema_from_json_length(json.data(), json.size(), &schema), "schema parse"));
  return AvroCSchema(schema);
}

AvroCSchema::~AvroCSchema() {
  if (schema_ != nullptr) avro_schema_decref(schema_);
}

Result<AvroCValue> AvroCValue::Make(const AvroCSchema& schema) {
  AvroCValue value;
  value.iface_ = avro_generic_class_from_schema(schema.get());
  if (value.iface_ == nullptr) return AvroCCheck(1, "avro_generic_class_from_schema");
  ARROW_RETURN_NOT_OK(
      AvroCCheck(avro_generic_value_new(value.iface_, &value.value_), "value new"));
  return value;
}

AvroCValue::~AvroCValue() {
  if (iface_ == nullptr) return;
  avro_value_decref(&value_);
  avro_value_iface_decref(iface_);
}

namespace {

struct FileCloser {
  void operator()(FILE* file) const { std::fclose(file); }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

}  // namespace

namespace {

// Reads the first record of a container with avro_file_reader and hands its writer
// schema and value to `use`.
template <typename Use>
Status WithAvroCRecord(std::string_view bytes, Use use) {
  std::string copy(bytes);
  FILE* file = fmemopen(copy.data(), copy.size(), "rb");
  if (file == nullptr) return Status::IOError("fmemopen failed");
  avro_file_reader_t reader = nullptr;
  // should_close = 1: the reader owns and closes the FILE.
  ARROW_RETURN_NOT_OK(
      AvroCCheck(avro_file_reader_fp(file, "memory", 1, &reader), "avro_file_reader_fp"));
  std::unique_ptr<avro_file_reader_t, void (*)(avro_file_reader_t*)> reader_owner(
      &reader, [](avro_file_reader_t* r) { avro_file_reader_close(*r); });
  avro_schema_t schema = avro_file_reader_get_writer_schema(reader);
  avro_value_iface_t* iface = avro_generic_class_from_schema(schema);
  if (iface == nullptr) return AvroCCheck(1, "avro_generic_class_from_schema");
  avro_value_t value;
  Status status = AvroCCheck(avro_generic_value_new(iface, &value), "value new");
  if (status.ok()) {
    status = AvroCCheck(avro_file_reader_read_value(reader, &value), "read value");
    if (status.ok()) status = use(schema, &value);
    avro_value_decref(&value);
  }
  avro_value_iface_decref(iface);
  return status;
}

// The bytes written to `file` since it was opened.
Result<std::string> ReadBack(FILE* file) {
  std::fflush(file);
  std::rewind(file);
  std::string out;
  char buffer[4096];
  size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof(buffer), file)) > 0) out.append(buffer, n);
  return out;
}

Result<std::string> WriteContainer(avro_schema_t schema, avro_value_t* value) {
  FilePtr file(std::tmpfile());
  if (!file) return Status::IOError("tmpfile failed");
  avro_file_writer_t writer = nullptr;
  ARROW_RETURN_NOT_OK(
      AvroCCheck(avro_file_writer_create_fp(file.get(), "memory", 0, schema, &writer),
                 "avro_file_writer_create_fp"));
  Status status = AvroCCheck(avro_file_writer_append_value(writer, value), "append value");
  const Status closed = AvroCCheck(avro_file_writer_close(writer), "writer close");
  ARROW_RETURN_NOT_OK(status);
  ARROW_RETURN_NOT_OK(closed);
  return ReadBack(file.get());
}

}  // namespace

Result<std::string> AvroCContainerToJson(std::string_view bytes) {
  std::string json;
  ARROW_RETURN_NOT_OK(WithAvroCRecord(bytes, [&](avro_schema_t, avro_value_t* value) {
    char* text = nullptr;
    Status status = AvroCCheck(avro_value_to_json(value, 1, &text), "to json");
    if (text != nullptr) json = text;
    std::free(text);
    return status;
  }));
  return json;
}

Result<std::string> AvroCRewriteContainer(std::string_view bytes) {
  std::string out;
  ARROW_RETURN_NOT_OK(
      WithAvroCRecord(bytes, [&](avro_schema_t schema, avro_value_t* value) -> Status {
        ARROW_ASSIGN_OR_RAISE(out, WriteContainer(schema, value));
        return Status::OK();
      }));
  return out;
}

Result<std::string> AvroCWriteContainer(const AvroCSchema& schema, const AvroCValue& value) {
  return WriteContainer(schema.get(), const_cast<avro_value_t*>(value.get()));
}

Result<std::string> AvroCEncodeDatum(const AvroCValue& value) {
  size_t size = 0;
  ARROW_RETURN_NOT_OK(AvroCCheck(avro_value_sizeof(const_cast<avro_value_t*>(value.get()),
                                                   &size), "avro_value_sizeof"));
  std::string out(size, '\0');
  avro_writer_t writer = avro_writer_memory(out.data(), static_cast<int64_t>(out.size()));
  Status status = AvroCCheck(avro_value_write(writer, const_cast<avro_value_t*>(value.get())),
                             "avro_value_write");
  avro_writer_free(writer);
  ARROW_RETURN_NOT_OK(status);
  return out;
}

}  // namespace hoodie::testing
