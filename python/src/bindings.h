// SPDX-License-Identifier: Apache-2.0
/// \file python/src/bindings.h
/// \brief The parts of the extension module hoodie._hoodie, each bound by its file.
#pragma once

#include <nanobind/nanobind.h>

namespace hoodie::python {

/// write(): one write as one instant (write_binding.cc).
void BindWrite(nanobind::module_& m);
/// The class _Table: reads, timeline and file slices (table_binding.cc), and its
/// table services (table_services_binding.cc, through BindTableServices).
void BindTable(nanobind::module_& m);
/// The class _SqlSession: SQL over Hudi tables (sql_binding.cc).
void BindSql(nanobind::module_& m);
/// run_command_line(): the CLI in-process, for hoodie.streamer.run (streamer_binding.cc).
void BindCommandLine(nanobind::module_& m);

}  // namespace hoodie::python
