// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/hand_built_table_test_util.cc
/// \brief Writing the hand-built test table (Parquet via parquet::arrow, timeline via
/// ActiveTimeline).
#include "hoodie/read/hand_built_table_test_util.h"

#include <algorithm>

#include <arrow/api.h>
#include <arrow/util/key_value_metadata.h>
#include <parquet/arrow/writer.h>

#include "hoodie/cli/value_text.h"
#include "hoodie/common/macros.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/log/log_writer.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/partition_metadata.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"

namespace hoodie::testing {

namespace {

std::shared_ptr<::arrow::Schema> RowSchema() {
  std::vector<std::shared_ptr<::arrow::Field>> fields;
  for (const char* name :
       {"_hoodie_commit_time", "_hoodie_commit_seqno", "_hoodie_record_key",
        "_hoodie_partition_path", "_hoodie_file_name", "key", "name"}) {
    fields.push_back(::arrow::field(name, ::arrow::utf8()));
  }
  return ::arrow::schema(fields);
}

::arrow::Result<std::shared_ptr<::arrow::Table>> RowTable(const std::vector<Row>& rows,
                                                          const std::string& partition,
                                                          const std::string& file_name) {
  std::vector<::arrow::StringBuilder> builders(7);
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& row = rows[i];
    std::vector<std::string> values = {
        row.commit_time, row.commit_time + "_0_" + std::to_string(i),
        row.key,         partition,
        file_name,       row.key,
        row.name};
    for (size_t c = 0; c < values.size(); ++c) {
      ARROW_RETURN_NOT_OK(builders[c].Append(values[c]));
    }
  }
  std::vector<std::shared_ptr<::arrow::Array>> columns;
  for (auto& builder : builders) {
    ARROW_ASSIGN_OR_RAISE(auto column, builder.Finish());
    columns.push_back(column);
  }
  return ::arrow::Table::Make(RowSchema(), columns);
}

}  // namespace

HandBuiltTable::HandBuiltTable(TableType type)
    : type_(type), storage_(Storage::Local()), base_(dir_.Join("t")) {}

::arrow::Status HandBuiltTable::Init() {
  TableCreateOptions options;
  options.table_name = "t";
  options.table_type = type_;
  options.record_key_fields = {"key"};
  options.partition_fields = std::vector<std::string>{"p"};
  options.key_generator_class = "org.apache.hudi.keygen.SimpleKeyGenerator";
  return TableMetaClient::Create(storage_, base_, options).status();
}

::arrow::Result<std::string> HandBuiltTable::WriteBase(
    const std::string& partition, const std::string& file_id, const std::string& instant,
    const std::vector<Row>& rows,
    std::optional<std::pair<std::string, std::string>> key_range) {
  ARROW_RETURN_NOT_OK(
      PartitionMetadata::Write(storage_.get(), base_, partition, "20240101000000000"));
  std::string name = file_id + "_0-1-1_" + instant + ".parquet";
  ARROW_ASSIGN_OR_RAISE(auto table, RowTable(rows, partition, name));
  if (!key_range) {
    auto [min, max] =
        std::minmax_element(rows.begin(), rows.end(),
                            [](const Row& a, const Row& b) { return a.key < b.key; });
    key_range = std::make_pair(min->key, max->key);
  }
  ARROW_ASSIGN_OR_RAISE(auto sink,
                         storage_->Create(JoinPath(base_, partition + "/" + name), true));
  ARROW_ASSIGN_OR_RAISE(auto writer,
                         parquet::arrow::FileWriter::Open(
                             *table->schema(), ::arrow::default_memory_pool(), sink));
  ARROW_RETURN_NOT_OK(writer->AddKeyValueMetadata(
      ::arrow::KeyValueMetadata::Make({"hoodie_min_record_key", "hoodie_max_record_key"},
                                      {key_range->first, key_range->second})));
  ARROW_RETURN_NOT_OK(writer->WriteTable(*table, 1024));
  ARROW_RETURN_NOT_OK(writer->Close());
  ARROW_RETURN_NOT_OK(sink->Close());
  return name;
}

::arrow::Result<std::string> HandBuiltTable::WriteLog(const std::string& partition,
                                                      const std::string& file_id,
                                                      const std::string& base_instant,
                                                      int version) {
  ARROW_RETURN_NOT_OK(
      PartitionMetadata::Write(storage_.get(), base_, partition, "20240101000000000"));
  std::string name =
      "." + file_id + "_" + base_instant + ".log." + std::to_string(version) + "_0-1-1";
  ARROW_RETURN_NOT_OK(
      storage_->WriteAll(JoinPath(base_, partition + "/" + name), "#HUDI#", true));
  return name;
}

::arrow::Result<std::string> HandBuiltTable::WriteLogBlocks(
    const std::string& partition, const std::string& file_id,
    const std::string& base_instant, int version, const std::vector<LogBlock>& blocks,
    const std::string& tail) {
  ARROW_RETURN_NOT_OK(
      PartitionMetadata::Write(storage_.get(), base_, partition, "20240101000000000"));
  std::string name =
      "." + file_id + "_" + base_instant + ".log." + std::to_string(version) + "_0-1-1";
  ARROW_ASSIGN_OR_RAISE(std::string bytes, EncodeLogBlocks(blocks));
  ARROW_RETURN_NOT_OK(
      storage_->WriteAll(JoinPath(base_, partition + "/" + name), bytes + tail, true));
  return name;
}

::arrow::Result<LogBlock> HandBuiltTable::DataBlock(const std::string& instant,
                                                    const std::string& partition,
                                                    const std::string& file_id,
                                                    const std::vector<Row>& rows) {
  ARROW_ASSIGN_OR_RAISE(auto table, RowTable(rows, partition, file_id));
  ARROW_ASSIGN_OR_RAISE(auto batch, table->CombineChunksToBatch());
  ARROW_ASSIGN_OR_RAISE(std::string schema, ArrowSchemaToAvroJson(*RowSchema(), "t"));
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> records,
                         EncodeAvroRecords(*batch, schema));
  return MakeAvroDataLogBlock(instant, schema, records);
}

::arrow::Status HandBuiltTable::AddInstant(
    const std::string& instant, Action action, State state,
    const std::vector<std::pair<std::string, std::string>>& written,
    const std::vector<std::pair<std::string, std::string>>& replaced) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline,
                         ActiveTimeline::Load(storage_, JoinPath(base_, ".hoodie")));
  Instant requested{instant, action, State::kRequested};
  ARROW_RETURN_NOT_OK(timeline.CreateRequested(requested));
  if (state == State::kRequested) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(Instant inflight, timeline.TransitionToInflight(requested));
  if (state == State::kInflight) return ::arrow::Status::OK();
  ReplaceCommitMetadata metadata;
  for (const auto& [partition, file_id] : written) {
    WriteStat stat;
    stat.file_id = file_id;
    stat.partition_path = partition;
    metadata.AddWriteStat(partition, stat);
  }
  for (const auto& [partition, file_id] : replaced) {
    metadata.AddReplaceFileIds(partition, {file_id});
  }
  std::string json = action == Action::kReplaceCommit ? metadata.ToJson()
                                                      : metadata.CommitMetadata::ToJson();
  return timeline.TransitionToComplete(inflight, json).status();
}

::arrow::Result<std::shared_ptr<TableMetaClient>> HandBuiltTable::Client() const {
  return TableMetaClient::Load(storage_, base_);
}

::arrow::Result<std::unique_ptr<TableReader>> HandBuiltTable::Reader() const {
  ARROW_ASSIGN_OR_RAISE(auto client, Client());
  return TableReader::Open(client);
}

::arrow::Result<std::vector<std::vector<std::string>>> ReadKeyRows(
    const TableReader& reader, ReadOptions options) {
  options.columns = {"_hoodie_record_key", "name", "_hoodie_commit_time"};
  ARROW_ASSIGN_OR_RAISE(auto table, reader.ReadTable(options));
  ARROW_ASSIGN_OR_RAISE(auto batch, table->CombineChunksToBatch());
  std::vector<std::vector<std::string>> rows;
  for (int64_t r = 0; r < batch->num_rows(); ++r) {
    std::vector<std::string> row;
    // Meta columns come first in the output; list them in the documented order.
    for (const auto& name : options.columns) {
      row.push_back(ValueToText(*batch->GetColumnByName(name), r));
    }
    rows.push_back(std::move(row));
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

}  // namespace hoodie::testing
