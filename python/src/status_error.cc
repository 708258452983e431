// SPDX-License-Identifier: Apache-2.0
/// \file python/src/status_error.cc
/// \brief StatusError and its translation into hoodie.errors' exception classes.
#include "status_error.h"

#include <nanobind/nanobind.h>

#include "hoodie/common/error.h"

namespace nb = nanobind;

namespace hoodie::python {

std::string ErrorClassOf(const ::arrow::Status& status) {
  if (HasErrorCode(status, ErrorCode::kWriteConflict)) return "WriteConflictError";
  if (HasErrorCode(status, ErrorCode::kLockTimeout)) return "LockTimeoutError";
  if (HasErrorCode(status, ErrorCode::kInvalidOption)) return "InvalidOptionError";
  if (HasErrorCode(status, ErrorCode::kNotATable)) return "TableNotFoundError";
  if (HasErrorCode(status, ErrorCode::kSchemaIncompatible)) return "SchemaError";
  if (status.IsNotImplemented()) return "NotSupportedError";
  if (status.IsIOError()) return "HoodieIOError";
  return "HoodieError";
}

void Check(const ::arrow::Status& status) {
  if (!status.ok()) throw StatusError(ErrorClassOf(status), status.message());
}

void CheckOption(const ::arrow::Status& status) {
  if (!status.ok()) throw StatusError("InvalidOptionError", status.message());
}

void RegisterStatusErrors() {
  nb::register_exception_translator([](const std::exception_ptr& thrown, void*) {
    try {
      std::rethrow_exception(thrown);
    } catch (const StatusError& error) {
      nb::object errors = nb::module_::import_("hoodie.errors");
      nb::object cls = errors.attr(error.error_class().c_str());
      PyErr_SetString(cls.ptr(), error.what());
    }
  });
}

}  // namespace hoodie::python
