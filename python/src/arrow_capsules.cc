// SPDX-License-Identifier: Apache-2.0
/// \file python/src/arrow_capsules.cc
/// \brief ImportStream, ExportStream and ExportSchema over Arrow's C bridge.
#include "arrow_capsules.h"

#include <arrow/c/abi.h>
#include <arrow/c/bridge.h>

#include "status_error.h"

namespace nb = nanobind;

namespace hoodie::python {
namespace {

constexpr char kStreamName[] = "arrow_array_stream";
constexpr char kSchemaName[] = "arrow_schema";

// The capsule destructors the interface asks for: release what no consumer took.
void ReleaseStream(PyObject* capsule) {
  auto* stream = static_cast<ArrowArrayStream*>(PyCapsule_GetPointer(capsule, kStreamName));
  if (stream == nullptr) {
    PyErr_Clear();
    return;
  }
  if (stream->release != nullptr) stream->release(stream);
  delete stream;
}

void ReleaseSchema(PyObject* capsule) {
  auto* schema = static_cast<ArrowSchema*>(PyCapsule_GetPointer(capsule, kSchemaName));
  if (schema == nullptr) {
    PyErr_Clear();
    return;
  }
  if (schema->release != nullptr) schema->release(schema);
  delete schema;
}

}  // namespace

std::shared_ptr<::arrow::RecordBatchReader> ImportStream(nb::handle capsule) {
  if (!PyCapsule_IsValid(capsule.ptr(), kStreamName)) {
    Check(::arrow::Status::TypeError(
        "expected an Arrow C stream (an 'arrow_array_stream' capsule)"));
  }
  auto* stream =
      static_cast<ArrowArrayStream*>(PyCapsule_GetPointer(capsule.ptr(), kStreamName));
  return Unwrap(::arrow::ImportRecordBatchReader(stream));
}

nb::object ExportStream(std::shared_ptr<::arrow::RecordBatchReader> reader) {
  auto* stream = new ArrowArrayStream();
  ::arrow::Status exported = ::arrow::ExportRecordBatchReader(std::move(reader), stream);
  if (!exported.ok()) {
    delete stream;
    Check(exported);
  }
  PyObject* capsule = PyCapsule_New(stream, kStreamName, ReleaseStream);
  if (capsule == nullptr) {
    stream->release(stream);
    delete stream;
    throw nb::python_error();
  }
  return nb::steal(capsule);
}

nb::object ExportSchema(const ::arrow::Schema& schema) {
  auto* c_schema = new ArrowSchema();
  ::arrow::Status exported = ::arrow::ExportSchema(schema, c_schema);
  if (!exported.ok()) {
    delete c_schema;
    Check(exported);
  }
  PyObject* capsule = PyCapsule_New(c_schema, kSchemaName, ReleaseSchema);
  if (capsule == nullptr) {
    c_schema->release(c_schema);
    delete c_schema;
    throw nb::python_error();
  }
  return nb::steal(capsule);
}

}  // namespace hoodie::python
