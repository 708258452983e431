// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/log_writer.h
/// \brief Making log blocks (data, delete, rollback command) and writing them as a log
/// file, as HoodieLogFormatWriter does.
#pragma once

#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/hfile_data_block.h"
#include "hoodie/format/log/log_block.h"
#include "hoodie/format/log/parquet_data_block.h"
#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

/// An AVRO_DATA_BLOCK of `records` (Avro binary with `schema_json`), header
/// INSTANT_TIME and SCHEMA, as HoodieAppendHandle writes it.
HOODIE_EXPORT LogBlock MakeAvroDataLogBlock(const std::string& instant_time,
                                            const std::string& schema_json,
                                            const std::vector<std::string>& records);

/// A PARQUET_DATA_BLOCK of `records` (Avro binary with `schema_json`), header
/// INSTANT_TIME and SCHEMA, content EncodeParquetDataBlock (HoodieParquetDataBlock as
/// HoodieAppendHandle makes it with hoodie.logfile.data.block.format=parquet).
HOODIE_EXPORT
::arrow::Result<LogBlock> MakeParquetDataLogBlock(const std::string& instant_time,
                                                  const std::string& schema_json,
                                                  const std::vector<std::string>& records,
                                                  const ParquetDataBlockOptions& options);

/// An HFILE_DATA_BLOCK of `records` (key, Avro binary with `schema_json` and its `key`
/// field blank), header INSTANT_TIME and SCHEMA, as the metadata table's writer makes
/// it (MakeHFileDataBlockContent). Invalid for a repeated key.
HOODIE_EXPORT
::arrow::Result<LogBlock> MakeHFileDataLogBlock(const std::string& instant_time,
                                                const std::string& schema_json,
                                                std::vector<HFileRecord> records,
                                                HFileCompression compression);

/// A DELETE_BLOCK (content version 3), header INSTANT_TIME and SCHEMA.
HOODIE_EXPORT
::arrow::Result<LogBlock> MakeDeleteLogBlock(const std::string& instant_time,
                                             const std::string& schema_json,
                                             const std::vector<DeleteRecord>& records);

/// A rollback COMMAND_BLOCK: INSTANT_TIME is the rollback instant, TARGET_INSTANT_TIME
/// the instant rolled back (BaseRollbackHelper).
HOODIE_EXPORT LogBlock MakeRollbackLogBlock(const std::string& rollback_instant,
                                            const std::string& target_instant);

/// The bytes of `blocks` one after another (EncodeLogBlock each).
HOODIE_EXPORT
::arrow::Result<std::string> EncodeLogBlocks(const std::vector<LogBlock>& blocks);

/// Writes `blocks` as the new log file `path`. hoodie never appends to an existing log:
/// Hudi only appends on file systems with append support (HDFS and the like) and rolls
/// over to the next log version everywhere else, which is what callers must do.
/// AlreadyExists when the file exists.
HOODIE_EXPORT ::arrow::Status WriteLogFile(Storage* storage, const std::string& path,
                                           const std::vector<LogBlock>& blocks);

}  // namespace hoodie
