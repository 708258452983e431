// SPDX-License-Identifier: Apache-2.0
/// \file python/src/module.cc
/// \brief The extension module hoodie._hoodie; the package hoodie (python/hoodie/) is
/// its public face.
#include <arrow/filesystem/filesystem.h>
#include <nanobind/nanobind.h>

#include "bindings.h"
#include "hoodie/version.h"
#include "status_error.h"

namespace nb = nanobind;

NB_MODULE(_hoodie, m) {
  m.doc() = "hoodie's native engine; use the package hoodie, not this module";
  m.attr("__version__") = HOODIE_VERSION_STRING;
  hoodie::python::RegisterStatusErrors();
  hoodie::python::BindWrite(m);
  hoodie::python::BindTable(m);
  hoodie::python::BindCommandLine(m);
  hoodie::python::BindSql(m);
  // The AWS SDK behind s3:// must be shut down before static destructors run, or the
  // process crashes on its way out; the package calls this at exit (atexit), as the
  // tool's main() does before it returns.
  m.def("finalize_storage", []() {
    nb::gil_scoped_release released;
    (void)::arrow::fs::EnsureFinalized();
  });
}
