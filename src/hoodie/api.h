// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/api.h
/// \brief The public API of libhoodie: open, write and read Hudi tables (table version
/// 6; `Table` does each in one call) and run every table action a user can: compaction,
/// clean, rollback, archive, savepoint and restore. Link `hoodie::hoodie` (find_package(hoodie CONFIG)); every call
/// returns arrow::Status or arrow::Result, and no exception crosses it.
#pragma once

#include "hoodie/actions/archiver.h"
#include "hoodie/actions/clean_executor.h"
#include "hoodie/actions/compaction_executor.h"
#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/actions/restore.h"
#include "hoodie/actions/rollback_executor.h"
#include "hoodie/actions/savepoint.h"
#include "hoodie/callback/commit_callback_registry.h"
#include "hoodie/client/table.h"
#include "hoodie/client/table_services.h"
#include "hoodie/client/write_client.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/input/csv_reader.h"
#include "hoodie/input/json_lines_reader.h"
#include "hoodie/read/read_options.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/version.h"
#include "hoodie/write/write_options.h"
