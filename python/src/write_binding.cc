// SPDX-License-Identifier: Apache-2.0
/// \file python/src/write_binding.cc
/// \brief hoodie._hoodie.write: the one write path (RunWriteRequest) from Python, the
/// GIL released while it runs.
#include <string>

#include <nanobind/stl/function.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/string.h>

#include "arrow_capsules.h"
#include "bindings.h"
#include "conversions.h"
#include "hoodie/client/write_client.h"
#include "hoodie/client/write_request.h"
#include "hoodie/write/write_options.h"
#include "python_options.h"
#include "status_error.h"

namespace nb = nanobind;

namespace hoodie::python {
namespace {

using StreamResult = ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>>;

// Calls the Python opener of the input (which exports a fresh stream each attempt)
// with the GIL held; its exceptions become the write's error.
StreamResult OpenStream(const nb::object& open_stream) {
  nb::gil_scoped_acquire gil;
  try {
    return ImportStream(open_stream());
  } catch (const StatusError& error) {
    return ::arrow::Status::Invalid(error.what());
  } catch (const nb::python_error& error) {
    return ::arrow::Status::Invalid("the data to write could not be read: ", error.what());
  }
}

nb::dict Write(const std::string& path, nb::object open_stream, const std::string& operation,
               const OptionMap& options, const OptionMap& storage_options) {
  HoodieConfig config = ConfigOf(options, storage_options);
  // The operation is the call's argument; the same key in `options` must not say
  // otherwise, or one of the two would be silently ignored.
  constexpr char kOperationKey[] = "hoodie.datasource.write.operation";
  auto set = options.find(kOperationKey);
  if (set != options.end() && set->second != operation) {
    CheckOption(::arrow::Status::Invalid(kOperationKey, "=", set->second,
                                         " in options contradicts operation='", operation,
                                         "'; pass the operation as the argument only"));
  }
  auto op = ParseWriteOperation(operation);
  if (!op.ok()) CheckOption(op.status());
  config.Set(kOperationKey, operation);
  WriteRequest request;
  request.operation = *op;
  if (!open_stream.is_none()) {
    request.open_input = [&open_stream]() { return OpenStream(open_stream); };
  }
  WriteResult result = Released([&]() -> ::arrow::Result<WriteResult> {
    ARROW_ASSIGN_OR_RAISE(auto client, OpenWriteRequestClient(path, config, "hoodie.write"));
    return RunWriteRequest(client.get(), config, request);
  });
  return WriteResultDict(result);
}

}  // namespace

void BindWrite(nb::module_& m) {
  m.def("write", &Write, nb::arg("path"), nb::arg("open_stream").none(),
        nb::arg("operation"), nb::arg("options"), nb::arg("storage_options"),
        "Writes the records `open_stream()` exports (an arrow_array_stream capsule; "
        "called again for each retry after a lost write conflict) as one instant.");
}

}  // namespace hoodie::python
