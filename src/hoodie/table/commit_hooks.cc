// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/commit_hooks.cc
/// \brief The default commit hooks and the metadata-table step of a table without one.

#include "hoodie/table/commit_hooks.h"

#include "hoodie/table/table_meta_client.h"

#include "hoodie/table/metadata_table_guard_internal.h"

namespace hoodie {

::arrow::Status DisableMetadataTableStep::Apply(const PreCommitContext& context) {
  // A commit the metadata table does not list would be invisible to its readers.
  return internal::DisableMetadataTable(&context.table).status();
}

std::shared_ptr<const CommitHooks> CommitHooks::Default() {
  static const std::shared_ptr<const CommitHooks> hooks = [] {
    auto made = std::make_shared<CommitHooks>();
    made->metadata_table = std::make_shared<DisableMetadataTableStep>();
    return std::shared_ptr<const CommitHooks>(std::move(made));
  }();
  return hooks;
}

::arrow::Result<ActiveTimeline> TimelineUnderLock(const TableMetaClient& table) {
  const std::shared_ptr<LockManager>& lock = table.commit_hooks()->lock;
  if (lock != nullptr && lock->ExcludesOtherProcesses()) return table.ReloadActiveTimeline();
  return table.LoadActiveTimeline();
}

::arrow::Result<LockedTimeline> LockTimeline(const TableMetaClient& table,
                                             std::string_view step, Action action) {
  ARROW_ASSIGN_OR_RAISE(
      ScopedLock held,
      ScopedLock::Take(table.commit_hooks()->lock,
                       Instant{std::string(step), action, State::kRequested}));
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, TimelineUnderLock(table));
  return LockedTimeline{std::move(held), std::move(timeline)};
}

}  // namespace hoodie
