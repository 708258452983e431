// SPDX-License-Identifier: Apache-2.0
/// \file python/src/table_binding.cc
/// \brief hoodie._hoodie._Table: open a table, its schema, properties, timeline, file
/// slices and reads (snapshot, time travel, read-optimized, incremental) as Arrow C
/// streams, with projections and pyarrow.compute filters pushed down.
#include <optional>
#include <string>
#include <vector>

#include <arrow/buffer.h>
#include <arrow/compute/expression.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "arrow_capsules.h"
#include "bindings.h"
#include "conversions.h"
#include "hoodie/metadata/data_skipping.h"
#include "hoodie/read/expression_filter.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "py_table.h"
#include "status_error.h"

namespace nb = nanobind;

namespace hoodie::python {
namespace {

// What a read asks for, as the Python layer passes it.
struct ReadRequest {
  std::string query_type = "snapshot";
  std::vector<std::string> columns;
  std::optional<nb::bytes> filter;  // a serialized arrow::compute::Expression
  std::optional<std::string> as_of;
  std::optional<std::string> begin;
  std::optional<std::string> end;
  // One split of a distributed read: (partition, file id) of its file groups.
  std::vector<std::pair<std::string, std::string>> file_groups;
};

::arrow::compute::Expression DeserializeFilter(const nb::bytes& bytes) {
  auto buffer = ::arrow::Buffer::FromString(std::string(bytes.c_str(), bytes.size()));
  return Unwrap(::arrow::compute::Deserialize(std::move(buffer)));
}

// The read options of `request` over those of the table's options (read keys such as
// hoodie.datasource.merge.type), with the filter's pushable conjuncts.
ReadOptions ToReadOptions(const PyTable& self, const ReadRequest& request,
                          const std::optional<::arrow::compute::Expression>& filter) {
  ReadOptions options = UnwrapOption(ReadOptions::FromConfig(self.config));
  auto type = ParseQueryType(request.query_type);
  if (!type.ok()) CheckOption(type.status());
  options.query_type = *type;
  if (request.as_of) options.as_of = Unwrap(NormalizeInstantTime(*request.as_of));
  if (request.begin) options.begin = Unwrap(NormalizeInstantTime(*request.begin, true));
  if (request.end) options.end = Unwrap(NormalizeInstantTime(*request.end));
  options.columns = request.columns;
  for (const auto& [partition, file_id] : request.file_groups) {
    options.file_groups.push_back(FileGroupId{partition, file_id});
  }
  if (filter) {
    options.filters = PushableFilters(*filter);
    if (!options.columns.empty()) {
      for (const std::string& name : FilterColumns(*filter)) {
        if (std::find(options.columns.begin(), options.columns.end(), name) ==
            options.columns.end()) {
          options.columns.push_back(name);
        }
      }
    }
  }
  return options;
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> ReadRows(
    const PyTable& self, ReadOptions options,
    const std::optional<::arrow::compute::Expression>& filter,
    const std::vector<std::string>& columns) {
  ARROW_ASSIGN_OR_RAISE(auto rows,
                        ReadWithDataSkipping(self.meta_client(), self.config, std::move(options)));
  if (!filter) return rows;
  return FilterRows(std::move(rows), *filter, columns);
}

nb::object Read(const PyTable& self, const ReadRequest& request) {
  std::optional<::arrow::compute::Expression> filter;
  if (request.filter) filter = DeserializeFilter(*request.filter);
  ReadOptions options = ToReadOptions(self, request, filter);
  return ExportStream(
      Released([&] { return ReadRows(self, std::move(options), filter, request.columns); }));
}

nb::object Schema(const PyTable& self) {
  ReadOptions options;
  options.limit = 0;
  auto rows = Released([&] { return self.table->Read(options); });
  return ExportSchema(*rows->schema());
}

nb::dict Properties(const PyTable& self) {
  nb::dict out;
  for (const auto& [key, value] : self.meta_client()->table_config()->entries()) {
    out[nb::str(key.c_str())] = nb::str(value.c_str());
  }
  return out;
}

nb::list TimelineOf(const PyTable& self) {
  const ActiveTimeline loaded =
      Released([&] { return self.meta_client()->LoadActiveTimeline(); });
  nb::list out;
  for (const Instant& instant : loaded.timeline().instants()) {
    out.append(InstantDict(instant));
  }
  return out;
}

nb::list FileSlices(const PyTable& self, const std::optional<std::string>& as_of,
                    const std::string& query_type) {
  ReadOptions options;
  auto type = ParseQueryType(query_type);
  if (!type.ok()) CheckOption(type.status());
  options.query_type = *type;
  if (as_of) options.as_of = Unwrap(NormalizeInstantTime(*as_of));
  ReadPlan plan = Released([&]() -> ::arrow::Result<ReadPlan> {
    ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(self.meta_client()));
    return reader->Plan(options);
  });
  nb::list out;
  for (const FileSlice& slice : plan.slices) {
    out.append(FileSliceDict(slice));
  }
  return out;
}

}  // namespace

PyTable PyTable::Open(const std::string& path, const OptionMap& options,
                      const OptionMap& storage_options) {
  TableOptions table_options;
  table_options.config = ConfigOf(options, storage_options);
  PyTable out;
  out.uri = path;
  out.config = table_options.config;
  out.table = Released([&] { return Table::Open(path, table_options); });
  return out;
}

void BindTable(nb::module_& m) {
  nb::class_<PyTable> cls(m, "_Table");
  cls.def_static("open", &PyTable::Open, nb::arg("path"), nb::arg("options"),
                 nb::arg("storage_options"));
  cls.def_prop_ro("base_path", [](const PyTable& self) {
    return self.meta_client()->base_path();
  });
  cls.def("schema", &Schema);
  cls.def("properties", &Properties);
  cls.def("timeline", &TimelineOf);
  cls.def("file_slices", &FileSlices, nb::arg("as_of").none(),
          nb::arg("query_type") = "snapshot");
  cls.def(
      "read",
      [](const PyTable& self, const std::string& query_type,
         const std::vector<std::string>& columns, std::optional<nb::bytes> filter,
         std::optional<std::string> as_of, std::optional<std::string> begin,
         std::optional<std::string> end,
         std::vector<std::pair<std::string, std::string>> file_groups) {
        return Read(self, ReadRequest{query_type, columns, std::move(filter),
                                      std::move(as_of), std::move(begin), std::move(end),
                                      std::move(file_groups)});
      },
      nb::arg("query_type"), nb::arg("columns"), nb::arg("filter").none(),
      nb::arg("as_of").none(), nb::arg("begin").none(), nb::arg("end").none(),
      nb::arg("file_groups") = std::vector<std::pair<std::string, std::string>>{});
  BindTableServices(cls);
}

}  // namespace hoodie::python
