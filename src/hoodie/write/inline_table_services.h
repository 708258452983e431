// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/inline_table_services.h
/// \brief The hook through which a write client runs table services after each commit
/// (Hudi's BaseHoodieWriteClient.runTableServicesInline), declared here and implemented
/// by the services module.
///
/// The services module (compaction scheduling and execution) is built on the write
/// path, so the write module cannot call it. Instead it declares this interface and a
/// process-wide factory; `hoodie::RegisterTableServices()` (hoodie/services/
/// table_services.h) installs the services' factory, and every WriteClient::Make after
/// that asks it for the services of its configuration. The hoodie CLI registers at
/// start-up; a library user calls RegisterTableServices() once, or hands a client its
/// services with WriteClient::set_inline_table_services.
#pragma once

#include <functional>
#include <memory>

#include <arrow/result.h>
#include <arrow/status.h>

namespace hoodie {

class HoodieConfig;
class TableMetaClient;
class WriteClient;
struct WriteOptions;
struct WriteResult;

/// \brief Table services run inline after a commit. Implementations need not be
/// thread-safe: a write client calls them from the thread that commits.
class InlineTableServices {
 public:
  virtual ~InlineTableServices() = default;

  /// Runs after `committed` became complete (its instant file written, its marker
  /// folder deleted), on the table of `client`, and records in it what the services
  /// completed (WriteResult::compactions). An error is the error of the write; the
  /// commit itself stays.
  virtual ::arrow::Status RunAfterCommit(WriteClient& client, WriteResult* committed) = 0;
};

/// Makes the inline services of a client: null when its configuration enables none.
/// \return Invalid for a bad or unsupported table service setting.
using InlineTableServicesFactory =
    std::function<::arrow::Result<std::unique_ptr<InlineTableServices>>(
        const std::shared_ptr<TableMetaClient>& table, const HoodieConfig& config,
        const WriteOptions& options)>;

/// Installs `factory` for every later WriteClient::Make (replacing any earlier one; an
/// empty function uninstalls). Thread-safe.
void SetInlineTableServicesFactory(InlineTableServicesFactory factory);

/// The installed factory, empty when none is. Thread-safe.
InlineTableServicesFactory GetInlineTableServicesFactory();

}  // namespace hoodie
