// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/callback/commit_callback_registry.h
/// \brief Write commit callbacks by class name (hoodie.write.commit.callback.class), and
/// the one way a writer calls one.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/callback/commit_callback.h"
#include "hoodie/common/plugin_registry.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;

/// Hudi's HTTP callback, the default of hoodie.write.commit.callback.class.
inline constexpr char kHttpCommitCallbackClass[] =
    "org.apache.hudi.callback.impl.HoodieWriteCommitHttpCallback";
/// Hudi's Kafka callback (hudi-utilities), provided by hoodie's Kafka component.
inline constexpr char kKafkaCommitCallbackClass[] =
    "org.apache.hudi.utilities.callback.kafka.HoodieWriteCommitKafkaCallback";

/// \brief Callbacks by Hudi class name (and short alias), each made from the writer's
/// configuration. Built in: HoodieWriteCommitHttpCallback (`http`); reserved:
/// HoodieWriteCommitKafkaCallback (`kafka`), which hoodie's Kafka component registers
/// (`Register` takes a reserved name over). Thread-safe.
class HOODIE_EXPORT CommitCallbackRegistry
    : public PluginRegistry<CommitCallback, const HoodieConfig&> {
 public:
  CommitCallbackRegistry() : PluginRegistry("commit callback") {}
  /// The process-wide registry, with the built-in callback registered.
  static CommitCallbackRegistry* Global();
};

/// The callback `config` asks for: null when hoodie.write.commit.callback.on is false,
/// else the one hoodie.write.commit.callback.class names, made from `config`.
/// \return Invalid for an unknown class (listing the registered ones) or a callback's
///   own configuration error (the HTTP callback without a URL); NotImplemented for a
///   reserved class whose component is not registered.
HOODIE_EXPORT ::arrow::Result<std::unique_ptr<CommitCallback>> MakeCommitCallback(
    const HoodieConfig& config);

/// Calls `callback` with `message`. A failure is logged as a warning naming the commit
/// and the callback's error, and returned as false, never as an error: a callback runs
/// once the commit is complete, and its failure undoes nothing (Hudi's HTTP client logs
/// and carries on too).
HOODIE_EXPORT bool RunCommitCallback(CommitCallback& callback,
                                     const CommitCallbackMessage& message);

}  // namespace hoodie
