// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/callback/commit_callback.h
/// \brief Write commit callbacks (Hudi's HoodieWriteCommitCallback): the message of a
/// completed write commit and the interface every callback implements.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <arrow/status.h>

#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/timeline/type_fwd.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief What a callback learns of one completed write commit (Hudi 0.15's
/// HoodieWriteCommitCallbackMessage). A value type.
struct HOODIE_EXPORT CommitCallbackMessage {
  /// The instant time of the commit.
  std::string commit_time;
  /// hoodie.table.name.
  std::string table_name;
  /// The table's base path, as the writer opened it.
  std::string base_path;
  /// The commit's write stats, partition by partition.
  std::vector<WriteStat> write_stats;
  /// "commit", "deltacommit" or "replacecommit".
  std::optional<std::string> commit_action_type;
  /// The commit's extraMetadata (schema, checkpoint keys, commitmeta entries).
  std::optional<OrderedMap<std::string>> extra_metadata;

  /// The message of the completed write `completed`, whose metadata is `metadata`.
  /// Both optional fields are set, as Hudi's writers that call back (the Spark
  /// datasource and the streamer) always pass them.
  static CommitCallbackMessage Of(const Instant& completed, std::string table_name,
                                  std::string base_path, const CommitMetadata& metadata);

  /// The message as HoodieWriteCommitCallbackUtil.convertToJsonString writes it (a
  /// default Jackson ObjectMapper, compact): the HTTP callback's body and the Kafka
  /// callback's record value. See the .cc for the two fields Jackson reduces to their
  /// presence.
  std::string ToJson() const;
};

/// \brief A write commit callback: told of each write commit once it is complete.
///
/// Implement it and register a factory under a class name in
/// CommitCallbackRegistry::Global() (commit_callback_registry.h); a writer whose
/// configuration has hoodie.write.commit.callback.on=true and that name in
/// hoodie.write.commit.callback.class then calls it after each of its commits. An
/// error is logged and counted (WriteResult::failed_commit_callbacks), never the
/// write's error: the commit stands. Calls come from the committing thread, one at a
/// time per writer; an instance shared by writers must be thread-safe.
class HOODIE_EXPORT CommitCallback {
 public:
  virtual ~CommitCallback() = default;
  /// Delivers `message`. \return any error, with a message naming where it went
  ///   (redacted) and what came back.
  virtual ::arrow::Status Call(const CommitCallbackMessage& message) = 0;
};

}  // namespace hoodie
