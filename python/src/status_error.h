// SPDX-License-Identifier: Apache-2.0
/// \file python/src/status_error.h
/// \brief hoodie's errors as Python exceptions: a failed arrow::Status leaves the
/// extension as a StatusError, which the module turns into the exception class of
/// hoodie.errors that its ErrorCode names (WriteConflictError, InvalidOptionError, ...),
/// with hoodie's message.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

#include <arrow/result.h>
#include <arrow/status.h>
#include <nanobind/nanobind.h>

namespace hoodie::python {

/// A failed Status on its way to Python; `error_class` names a class of hoodie.errors.
class StatusError : public std::runtime_error {
 public:
  StatusError(std::string error_class, const std::string& message)
      : std::runtime_error(message), error_class_(std::move(error_class)) {}
  const std::string& error_class() const { return error_class_; }

 private:
  std::string error_class_;
};

/// The class of hoodie.errors for `status` (not OK).
std::string ErrorClassOf(const ::arrow::Status& status);

/// Throws StatusError for a failed `status`.
void Check(const ::arrow::Status& status);

/// Throws StatusError for a bad option (InvalidOptionError), whatever its code.
void CheckOption(const ::arrow::Status& status);

/// The value of `result`, or throws StatusError.
template <typename T>
T Unwrap(::arrow::Result<T> result) {
  Check(result.status());
  return std::move(result).ValueUnsafe();
}

/// The value of `result`, or throws StatusError as a bad option (InvalidOptionError):
/// for the parsing of options into typed settings.
template <typename T>
T UnwrapOption(::arrow::Result<T> result) {
  CheckOption(result.status());
  return std::move(result).ValueUnsafe();
}

/// Runs `action` (returning an arrow::Result) with the GIL released, as every call into
/// the engine that reads or writes runs, and returns its value or throws StatusError.
template <typename Action>
auto Released(Action&& action) {
  decltype(action()) result = ::arrow::Status::UnknownError("not run");
  {
    nanobind::gil_scoped_release released;
    result = action();
  }
  return Unwrap(std::move(result));
}

/// Registers the translation of StatusError into hoodie.errors' classes.
void RegisterStatusErrors();

}  // namespace hoodie::python
