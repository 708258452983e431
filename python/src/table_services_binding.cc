// SPDX-License-Identifier: Apache-2.0
/// \file python/src/table_services_binding.cc
/// \brief The table services of hoodie.Table, each one call of the actions the CLI's
/// commands run: compaction, clean (and its dry run), archive, savepoint, restore and
/// rollback, the GIL released while they run.
#include <optional>
#include <string>
#include <vector>

#include <nanobind/stl/map.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include "conversions.h"
#include "hoodie/actions/archiver.h"
#include "hoodie/actions/clean_executor.h"
#include "hoodie/actions/clean_planner.h"
#include "hoodie/actions/restore.h"
#include "hoodie/actions/rollback_executor.h"
#include "hoodie/actions/savepoint.h"
#include "hoodie/client/table.h"
#include "hoodie/client/table_services.h"
#include "hoodie/config/clean_config.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/write/rollback_options.h"
#include "py_table.h"
#include "status_error.h"

namespace nb = nanobind;

namespace hoodie::python {
namespace {

// What a service call runs on: the table as opened or, when the call sets options,
// the table opened again with them over its own, since a service's configuration
// decides everything it does (the metadata table's keys among them), as the write
// config of a Hudi table service does.
struct ServiceTable {
  HoodieConfig config;
  std::unique_ptr<Table> reopened;
  std::shared_ptr<TableMetaClient> meta_client;
};

ServiceTable ServiceTableOf(const PyTable& self, const OptionMap& options) {
  ServiceTable out;
  out.config = self.config;
  if (options.empty()) {
    out.meta_client = self.meta_client();
    return out;
  }
  ConfigOf(options, {});  // checks this call's keys
  for (const auto& [key, value] : options) out.config.Set(key, value);
  TableOptions table_options;
  table_options.config = out.config;
  out.reopened = Released([&] { return Table::Open(self.uri, table_options); });
  out.meta_client = out.reopened->meta_client();
  return out;
}

nb::dict Compact(const PyTable& self, const OptionMap& options) {
  ServiceTable service = ServiceTableOf(self, options);
  InlineCompactionOutcome outcome = Released(
      [&] { return RunInlineCompaction(service.meta_client, service.config); });
  nb::dict out;
  nb::list pending;
  for (const std::string& instant : outcome.pending_completed) pending.append(instant);
  out["pending_completed"] = pending;
  out["compacted"] = outcome.compacted ? nb::object(nb::str(outcome.compacted->c_str()))
                                       : nb::none();
  out["reason"] = outcome.skipped.empty() ? outcome.decision.reason : outcome.skipped;
  return out;
}

nb::list CleanDryRun(const ServiceTable& self, const CleanOptions& clean) {
  auto planned = Released([&]() -> ::arrow::Result<std::vector<std::pair<std::string, std::string>>> {
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, self.meta_client->LoadActiveTimeline());
    ARROW_ASSIGN_OR_RAISE(CleanDecision decision,
                          PlanClean(*self.meta_client, timeline, clean));
    std::vector<std::pair<std::string, std::string>> files;
    if (!decision.plan) return files;
    for (const auto& [partition, infos] :
         decision.plan->file_paths_to_be_deleted_per_partition.value_or(
             std::map<std::string, std::vector<CleanFileInfo>>{})) {
      for (const CleanFileInfo& info : infos) {
        files.emplace_back(partition, StoragePathOf(info.file_path.value_or("")));
      }
    }
    return files;
  });
  nb::list out;
  for (const auto& [partition, path] : planned) {
    nb::dict entry;
    entry["partition"] = partition;
    entry["path"] = path;
    out.append(entry);
  }
  return out;
}

nb::object Clean(const PyTable& self, bool dry_run, const OptionMap& options) {
  ServiceTable service = ServiceTableOf(self, options);
  CleanOptions clean = UnwrapOption(CleanOptions::FromConfig(service.config));
  if (dry_run) return CleanDryRun(service, clean);
  CleanOutcome outcome = Released([&] { return RunClean(service.meta_client, clean); });
  nb::list out;
  for (const auto& [instant, metadata] : outcome.completed) {
    nb::dict entry;
    entry["clean"] = instant;
    entry["earliest_commit_to_retain"] = metadata.earliest_commit_to_retain;
    entry["files_deleted"] = metadata.total_files_deleted;
    out.append(entry);
  }
  return out;
}

nb::list Archive(const PyTable& self, const OptionMap& options) {
  ServiceTable service = ServiceTableOf(self, options);
  ArchiveOptions archive = UnwrapOption(ArchiveOptions::FromConfig(service.config));
  ArchiveOutcome outcome =
      Released([&] { return RunArchive(service.meta_client, archive); });
  nb::list out;
  for (const Instant& instant : outcome.archived) {
    out.append(InstantDict(instant));
  }
  return out;
}

std::string Savepoint(const PyTable& self, const std::optional<std::string>& instant,
                      const std::string& user, const std::string& comment) {
  SavepointRequest request;
  request.instant = instant;
  request.user = user;
  request.comment = comment;
  auto created = Released([&] { return CreateSavepoint(self.meta_client(), request); });
  return created.first;
}

nb::dict Restore(const PyTable& self, const std::string& instant, const OptionMap& options) {
  ServiceTable service = ServiceTableOf(self, options);
  bool proceed = UnwrapOption(service.config.Get(CleanConfig::kArchiveProceedSavepoint));
  RollbackOptions rollback = UnwrapOption(RollbackOptions::FromConfig(service.config));
  RestoreOutcome outcome = Released(
      [&] { return RestoreToInstant(service.meta_client, instant, proceed, rollback); });
  nb::dict out;
  out["restore"] = outcome.restore_instant;
  out["restored_to"] = instant;
  nb::list rolled_back;
  for (const std::string& rolled : outcome.metadata.instants_to_rollback) {
    rolled_back.append(rolled);
  }
  out["rolled_back"] = rolled_back;
  return out;
}

nb::list Rollback(const PyTable& self, const std::optional<std::string>& instant,
                  const OptionMap& options) {
  ServiceTable service = ServiceTableOf(self, options);
  RollbackOptions rollback = UnwrapOption(RollbackOptions::FromConfig(service.config));
  auto done =
      Released([&] { return RollbackOnRequest(*service.meta_client, instant, rollback); });
  nb::list out;
  for (const RollbackMetadata& metadata : done) {
    nb::dict entry;
    entry["rollback"] = metadata.start_rollback_time;
    nb::list rolled;
    for (const std::string& commit : metadata.commits_rollback) rolled.append(commit);
    entry["rolled_back"] = rolled;
    entry["files_deleted"] = metadata.total_files_deleted;
    out.append(entry);
  }
  return out;
}

}  // namespace

void BindTableServices(nb::class_<PyTable>& cls) {
  cls.def("compact", &Compact, nb::arg("options"));
  cls.def("clean", &Clean, nb::arg("dry_run"), nb::arg("options"));
  cls.def("archive", &Archive, nb::arg("options"));
  cls.def("savepoint", &Savepoint, nb::arg("instant").none(), nb::arg("user"),
          nb::arg("comment"));
  cls.def("restore", &Restore, nb::arg("instant"), nb::arg("options"));
  cls.def("rollback", &Rollback, nb::arg("instant").none(), nb::arg("options"));
}

}  // namespace hoodie::python
