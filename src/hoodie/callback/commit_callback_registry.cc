// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/callback/commit_callback_registry.cc
/// \brief The process-wide commit callback registry: the HTTP callback built in, the
/// Kafka one reserved for hoodie's Kafka component.
#include "hoodie/callback/commit_callback_registry.h"

#include "hoodie/callback/http_commit_callback.h"
#include "hoodie/common/components_internal.h"
#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/config/callback_config.h"
#include "hoodie/config/hoodie_config.h"

namespace hoodie {
namespace {

::arrow::Result<std::unique_ptr<CommitCallback>> MakeHttpCallback(
    const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(HttpCommitCallbackOptions options,
                        HttpCommitCallbackOptions::FromConfig(config));
  return std::make_unique<HttpCommitCallback>(std::move(options));
}

}  // namespace

CommitCallbackRegistry* CommitCallbackRegistry::Global() {
  static CommitCallbackRegistry* registry = [] {
    auto* made = new CommitCallbackRegistry();
    HOODIE_WARN_NOT_OK(
        made->Register(kHttpCommitCallbackClass, {"http"}, MakeHttpCallback),
        "HoodieWriteCommitHttpCallback");
    HOODIE_WARN_NOT_OK(
        made->Reserve(kKafkaCommitCallbackClass, {"kafka"}, internal::kNeedsKafkaComponent),
        "HoodieWriteCommitKafkaCallback");
    return made;
  }();
  return registry;
}

::arrow::Result<std::unique_ptr<CommitCallback>> MakeCommitCallback(
    const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(bool on, config.Get(CallbackConfig::kOn));
  if (!on) return std::unique_ptr<CommitCallback>();
  ARROW_ASSIGN_OR_RAISE(std::string class_name, config.Get(CallbackConfig::kClass));
  // HoodieCommitCallbackFactory.create refuses an empty class name by its key.
  if (class_name.empty()) {
    return ::arrow::Status::Invalid("the value of hoodie.write.commit.callback.class "
                                    "can not be empty when "
                                    "hoodie.write.commit.callback.on is true");
  }
  return CommitCallbackRegistry::Global()->Make(class_name, config);
}

bool RunCommitCallback(CommitCallback& callback, const CommitCallbackMessage& message) {
  ::arrow::Status status = callback.Call(message);
  if (status.ok()) return true;
  LogWarning("the write commit callback of instant " + message.commit_time + " of " +
             message.base_path + " failed; the commit stands: " + status.ToString());
  return false;
}

}  // namespace hoodie
