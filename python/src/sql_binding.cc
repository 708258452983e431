// SPDX-License-Identifier: Apache-2.0
/// \file python/src/sql_binding.cc
/// \brief hoodie._hoodie._SqlSession: a SqlSession (Hudi's Spark SQL on the embedded
/// DuckDB), each statement run with the GIL released and its rows handed out as an
/// Arrow C stream.
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <nanobind/stl/map.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include "arrow_capsules.h"
#include "bindings.h"
#include "hoodie/sql/sql_session.h"
#include "python_options.h"
#include "status_error.h"

namespace nb = nanobind;

namespace hoodie::python {
namespace {

struct PySqlSession {
  std::unique_ptr<SqlSession> session;
};

PySqlSession Open(const std::optional<std::string>& warehouse, const OptionMap& tables,
                  const OptionMap& options, const OptionMap& storage_options) {
  SqlSessionOptions session_options;
  session_options.config = ConfigOf(options, storage_options);
  if (warehouse) session_options.warehouse = *warehouse;
  PySqlSession out;
  out.session = Released([&] { return SqlSession::Open(std::move(session_options)); });
  for (const auto& [name, path] : tables) Check(out.session->Register(name, path));
  return out;
}

// The rows of `statement` (none: an empty stream); the instant a DML statement made
// is in its one row.
nb::object Run(PySqlSession& self, const std::string& statement) {
  SqlResult result = Released([&] { return self.session->Run(statement); });
  if (result.rows == nullptr) return nb::none();
  return ExportStream(std::move(result.rows));
}

}  // namespace

void BindSql(nb::module_& m) {
  nb::class_<PySqlSession> cls(m, "_SqlSession");
  cls.def_static("open", &Open, nb::arg("warehouse").none(), nb::arg("tables"),
                 nb::arg("options"), nb::arg("storage_options"));
  cls.def("run", &Run, nb::arg("statement"));
  cls.def("register", [](PySqlSession& self, const std::string& name,
                         const std::string& path) {
    Check(self.session->Register(name, path));
  });
}

}  // namespace hoodie::python
