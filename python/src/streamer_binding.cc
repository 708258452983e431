// SPDX-License-Identifier: Apache-2.0
/// \file python/src/streamer_binding.cc
/// \brief hoodie._hoodie.run_command_line: a `hoodie` command run in this process (the
/// streamer from a notebook: hoodie.streamer.run), the GIL released while it runs.
#include <string>
#include <vector>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "hoodie/cli/cli_app.h"
#include "status_error.h"

namespace nb = nanobind;

namespace hoodie::python {

void BindCommandLine(nb::module_& m) {
  m.def(
      "run_command_line",
      [](const std::vector<std::string>& args) {
        ::arrow::Status status;
        {
          nb::gil_scoped_release released;
          status = cli::RunCommandLine(args);
        }
        Check(status);
      },
      nb::arg("args"),
      "Runs `hoodie <args>` in this process; raises hoodie.errors' classes on failure.");
}

}  // namespace hoodie::python
