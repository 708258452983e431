// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/bulk_insert.cc
/// \brief Streamed bulk_insert: keyed input, layouts, rolling base files.

#include <algorithm>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include <arrow/array.h>
#include <arrow/builder.h>
#include <arrow/record_batch.h>
#include <arrow/scalar.h>
#include <arrow/type.h>
#include <arrow/util/future.h>
#include <arrow/util/thread_pool.h>

#include "hoodie/common/spill_directory.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/index/index.h"
#include "hoodie/keygen/key_generator.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/write/bulk_insert_internal.h"
#include "hoodie/write/bulk_insert_partitioner.h"
#include "hoodie/write/keyed_batch_internal.h"
#include "hoodie/write/write_options.h"

namespace hoodie::internal {
namespace {

constexpr char kIsDeletedField[] = "_hoodie_is_deleted";
// Rows per batch the sort hands to the writers.
constexpr int64_t kSortedBatchRows = 65536;

// Reads the input batch by batch: aligns each to the data schema, generates keys and
// drops rows whose key failed (reported) or whose `_hoodie_is_deleted` is true.
class KeyedInput {
 public:
  KeyedInput(::arrow::RecordBatchReader* input, const KeyGenerator& generator,
             std::shared_ptr<::arrow::Schema> schema, BulkInsertOutcome* outcome)
      : input_(input),
        generator_(generator),
        schema_(std::move(schema)),
        outcome_(outcome) {}

  ::arrow::Result<std::optional<KeyedBatch>> Next() {
    while (true) {
      ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::RecordBatch> batch, input_->Next());
      if (batch == nullptr) return std::nullopt;
      if (batch->num_rows() == 0) continue;
      int64_t first = outcome_->input_records;
      outcome_->input_records += batch->num_rows();
      ARROW_ASSIGN_OR_RAISE(auto aligned, AlignToSchema(batch, *schema_));
      ARROW_ASSIGN_OR_RAISE(KeyColumns keys, generator_.Generate(*batch));
      std::vector<bool> drop(batch->num_rows(), false);
      bool any_dropped = false;
      for (const KeyError& error : keys.errors) {
        if (!outcome_->failed.empty() &&
            outcome_->failed.back().input_row == first + error.row) {
          outcome_->failed.back().message += "; " + error.message;
        } else {
          outcome_->failed.push_back({first + error.row, error.message});
        }
        drop[error.row] = any_dropped = true;
      }
      if (auto deleted = batch->GetColumnByName(kIsDeletedField);
          deleted != nullptr && deleted->type_id() == ::arrow::Type::BOOL) {
        const auto& flags = static_cast<const ::arrow::BooleanArray&>(*deleted);
        for (int64_t i = 0; i < flags.length(); ++i) {
          if (!drop[i] && flags.IsValid(i) && flags.Value(i)) {
            drop[i] = any_dropped = true;
            ++outcome_->deleted;
          }
        }
      }
      ::arrow::Int64Builder positions;
      ARROW_RETURN_NOT_OK(positions.Reserve(batch->num_rows()));
      for (int64_t i = 0; i < batch->num_rows(); ++i) positions.UnsafeAppend(first + i);
      KeyedBatch keyed;
      keyed.data = std::move(aligned);
      keyed.keys = keys.record_keys;
      keyed.partitions = keys.partition_paths;
      ARROW_ASSIGN_OR_RAISE(auto position_array, positions.Finish());
      keyed.positions = std::static_pointer_cast<::arrow::Int64Array>(position_array);
      if (any_dropped) {
        ::arrow::Int64Builder kept;
        for (int64_t i = 0; i < batch->num_rows(); ++i) {
          if (!drop[i]) ARROW_RETURN_NOT_OK(kept.Append(i));
        }
        ARROW_ASSIGN_OR_RAISE(auto indices, kept.Finish());
        if (indices->length() == 0) continue;
        ARROW_ASSIGN_OR_RAISE(keyed, keyed.Take(*indices));
      }
      return keyed;
    }
  }

 private:
  ::arrow::RecordBatchReader* input_;
  const KeyGenerator& generator_;
  std::shared_ptr<::arrow::Schema> schema_;
  BulkInsertOutcome* outcome_;
};

// Keyed batches sorted by (partition, key, position) with one record per
// (partition, key): the records of a key fold in input order with the payload's
// preCombine (RecordMerger::PreCombine; IncomingRecords::Deduplicate does the same for
// the other operations). The rows of the last key of a batch are carried into the
// next, since its duplicates may follow.
class DedupStream : public KeyedBatchStream {
 public:
  DedupStream(KeyedBatchStream* sorted, std::shared_ptr<::arrow::Schema> schema,
              const RecordMerger& merger, bool global_keys, int64_t* dropped)
      : sorted_(sorted),
        schema_(std::move(schema)),
        merger_(merger),
        global_keys_(global_keys),
        dropped_(dropped) {}

  ::arrow::Result<std::optional<KeyedBatch>> Next() override {
    while (true) {
      ARROW_ASSIGN_OR_RAISE(auto next, sorted_->Next());
      if (!next) {
        if (!carry_) return std::nullopt;
        KeyedBatch last = std::move(*carry_);
        carry_.reset();
        return Deduplicate(last);
      }
      KeyedBatch batch = std::move(*next);
      if (carry_) {
        ARROW_ASSIGN_OR_RAISE(batch, Concatenate({*carry_, batch}, schema_));
        carry_.reset();
      }
      int64_t tail = batch.num_rows() - 1;
      while (tail > 0 && SameKey(batch, tail - 1, batch.num_rows() - 1)) --tail;
      carry_ = batch.Slice(tail, batch.num_rows() - tail);
      if (tail == 0) continue;
      return Deduplicate(batch.Slice(0, tail));
    }
  }

 private:
  bool SameKey(const KeyedBatch& batch, int64_t a, int64_t b) const {
    return batch.keys->GetView(a) == batch.keys->GetView(b) &&
           (global_keys_ || batch.partitions->GetView(a) == batch.partitions->GetView(b));
  }

  ::arrow::Result<KeyedBatch> Deduplicate(const KeyedBatch& batch) {
    std::vector<PreCombineSurvivor> survivors;
    bool any_combined = false;
    for (int64_t i = 0; i < batch.num_rows(); ++i) {
      if (survivors.empty() || !SameKey(batch, i, survivors.back().row)) {
        survivors.push_back(PreCombineSurvivor{i, nullptr});
        continue;
      }
      ARROW_RETURN_NOT_OK(FoldPreCombine(merger_, batch.data, i, &survivors.back()));
      any_combined = any_combined || survivors.back().combined != nullptr;
    }
    *dropped_ += batch.num_rows() - static_cast<int64_t>(survivors.size());
    if (static_cast<int64_t>(survivors.size()) == batch.num_rows()) return batch;
    ::arrow::Int64Builder kept;
    for (const PreCombineSurvivor& survivor : survivors) {
      ARROW_RETURN_NOT_OK(kept.Append(survivor.row));
    }
    ARROW_ASSIGN_OR_RAISE(auto indices, kept.Finish());
    ARROW_ASSIGN_OR_RAISE(KeyedBatch out, batch.Take(*indices));
    if (!any_combined) return out;
    // Combined records exist only in their one-row batches: rebuild the data.
    ARROW_ASSIGN_OR_RAISE(auto builder, MergedBatchBuilder::Make(schema_));
    for (const PreCombineSurvivor& survivor : survivors) {
      ARROW_RETURN_NOT_OK(builder->AppendRow(survivor.ref(*batch.data)));
    }
    ARROW_ASSIGN_OR_RAISE(out.data, builder->Finish());
    return out;
  }

  KeyedBatchStream* sorted_;
  std::shared_ptr<::arrow::Schema> schema_;
  const RecordMerger& merger_;
  bool global_keys_;
  int64_t* dropped_;
  std::optional<KeyedBatch> carry_;
};

// The open files of a bulk_insert, per task and partition path. A task is Hudi's Spark
// partition: one file id prefix, files `<prefix>-0`, `<prefix>-1`, ... in the order it
// opens them (CreateHandleFactory), its number in write tokens and sequence numbers.
// Write may run concurrently for distinct (task, partition path) pairs of unsorted
// layouts: the maps, file numbers and stats are guarded, each file has one writer.
class RollingFiles {
 public:
  RollingFiles(const WriteContext& context, std::vector<WriteStat>* stats,
               WrittenLocations* written)
      : context_(context), stats_(stats), written_(written) {}

  // Appends `rows` (all of `partition`) to the task's file of that partition, rolling to
  // a new file when it is full. `sorted`: the task is done with its other partitions.
  ::arrow::Status Write(int32_t task_id, const std::string& partition,
                        const KeyedBatch& rows, bool sorted) {
    std::unique_ptr<FileGroupWriter>* slot = nullptr;
    Task* task = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      task = &tasks_[task_id];
      if (task->prefix.empty()) task->prefix = NewFileIdPrefix();
      if (sorted) ARROW_RETURN_NOT_OK(CloseTaskLocked(task, &partition));
      slot = &task->open[partition];
    }
    std::unique_ptr<FileGroupWriter>& writer = *slot;
    int64_t offset = 0;
    while (offset < rows.num_rows()) {
      if (writer == nullptr) {
        std::string file_id;
        {
          std::lock_guard<std::mutex> lock(mutex_);
          file_id = task->prefix + "-" + std::to_string(task->next_file++);
        }
        ARROW_ASSIGN_OR_RAISE(writer,
                              FileGroupWriter::Open(context_, partition, file_id, task_id,
                                                    IoType::kCreate, FileRows::kNewRecords));
      }
      int64_t room = writer->RowsUntilSizeCheck();
      if (room == 0) {
        ARROW_ASSIGN_OR_RAISE(WriteStat stat, Close(std::move(writer)));
        std::lock_guard<std::mutex> lock(mutex_);
        stats_->push_back(std::move(stat));
        continue;
      }
      int64_t length = std::min(room, rows.num_rows() - offset);
      KeyedBatch part = rows.Slice(offset, length);
      ARROW_ASSIGN_OR_RAISE(MetaColumns meta, MetaFor(part, writer.get()));
      ARROW_RETURN_NOT_OK(writer->Write(*part.data, meta));
      if (written_ != nullptr) Remember(part, partition, *writer);
      offset += length;
    }
    return ::arrow::Status::OK();
  }

  // Closes the files of `task_id` (all of them at the end of a PARTITION_SORT chunk).
  ::arrow::Status CloseTask(int32_t task_id) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = tasks_.find(task_id);
    return it == tasks_.end() ? ::arrow::Status::OK()
                              : CloseTaskLocked(&it->second, nullptr);
  }

  ::arrow::Status CloseAll() {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& [id, task] : tasks_) ARROW_RETURN_NOT_OK(CloseTaskLocked(&task, nullptr));
    return ::arrow::Status::OK();
  }

 private:
  struct Task {
    std::string prefix;
    int next_file = 0;
    std::map<std::string, std::unique_ptr<FileGroupWriter>> open;
  };

  // Closes the task's open files except the one of `keep`.
  ::arrow::Status CloseTaskLocked(Task* task, const std::string* keep) {
    for (auto it = task->open.begin(); it != task->open.end();) {
      if (keep != nullptr && it->first == *keep) {
        ++it;
        continue;
      }
      if (it->second != nullptr) {
        ARROW_ASSIGN_OR_RAISE(WriteStat stat, Close(std::move(it->second)));
        stats_->push_back(std::move(stat));
      }
      it = task->open.erase(it);
    }
    return ::arrow::Status::OK();
  }

  static ::arrow::Result<WriteStat> Close(std::unique_ptr<FileGroupWriter> writer) {
    ARROW_ASSIGN_OR_RAISE(WriteStat stat, writer->Close());
    stat.num_inserts = stat.num_writes;
    return stat;
  }

  void Remember(const KeyedBatch& rows, const std::string& partition,
                const FileGroupWriter& writer) {
    const std::string& name = writer.file_name();
    std::string file_id = name.substr(0, name.find('_'));
    std::lock_guard<std::mutex> lock(mutex_);
    for (int64_t i = 0; i < rows.num_rows(); ++i) {
      written_->keys.push_back(HoodieKey{std::string(rows.keys->GetView(i)), partition});
      written_->locations.push_back(
          RecordLocation{partition, file_id, context_.instant_time, false});
    }
  }

  // Meta columns of new records: `<instant>_<task>_<n>` sequence numbers counting per
  // file (HoodieRecord.generateSequenceId) and the generated keys; the file writes the
  // commit time and partition path as constants.
  ::arrow::Result<MetaColumns> MetaFor(const KeyedBatch& rows, FileGroupWriter* writer) {
    int64_t count = rows.num_rows();
    MetaColumns meta;
    meta.record_key = rows.keys;
    ARROW_ASSIGN_OR_RAISE(meta.commit_seqno,
                          SequenceIds(context_.instant_time, writer->task_partition_id(),
                                      writer->TakeSeqNos(count), count));
    return meta;
  }

  const WriteContext& context_;
  std::vector<WriteStat>* stats_;
  WrittenLocations* written_;
  std::mutex mutex_;
  std::map<int32_t, Task> tasks_;
};

// Rows of one (task, partition path) to append, in order.
struct Group {
  int32_t task = 0;
  std::string partition;
  KeyedBatch rows;
};

// The groups of a batch whose rows are grouped by partition path (sorted layouts).
std::vector<Group> SortedGroups(int32_t task, const KeyedBatch& batch) {
  std::vector<Group> out;
  int64_t start = 0;
  for (int64_t i = 1; i <= batch.num_rows(); ++i) {
    if (i < batch.num_rows() &&
        batch.partitions->GetView(i) == batch.partitions->GetView(start)) {
      continue;
    }
    out.push_back(Group{task, std::string(batch.partitions->GetView(start)),
                        batch.Slice(start, i - start)});
    start = i;
  }
  return out;
}

// The groups of a batch in input order, one per partition path (unsorted layouts).
::arrow::Result<std::vector<Group>> UnsortedGroups(int32_t task,
                                                   const KeyedBatch& batch) {
  std::vector<std::string_view> order;
  std::unordered_map<std::string_view, std::vector<int64_t>> rows;
  for (int64_t i = 0; i < batch.num_rows(); ++i) {
    auto [it, inserted] = rows.try_emplace(batch.partitions->GetView(i));
    if (inserted) order.push_back(it->first);
    it->second.push_back(i);
  }
  std::vector<Group> out;
  if (order.size() == 1) {
    out.push_back(Group{task, std::string(order[0]), batch});
    return out;
  }
  // One Take puts the rows partition by partition; each group is then a slice.
  ::arrow::Int64Builder indices;
  ARROW_RETURN_NOT_OK(indices.Reserve(batch.num_rows()));
  for (std::string_view partition : order) {
    ARROW_RETURN_NOT_OK(indices.AppendValues(rows[partition]));
  }
  ARROW_ASSIGN_OR_RAISE(auto index_array, indices.Finish());
  ARROW_ASSIGN_OR_RAISE(KeyedBatch grouped, batch.Take(*index_array));
  int64_t offset = 0;
  for (std::string_view partition : order) {
    int64_t length = static_cast<int64_t>(rows[partition].size());
    out.push_back(Group{task, std::string(partition), grouped.Slice(offset, length)});
    offset += length;
  }
  return out;
}

// Writes the groups of one batch on the CPU thread pool while the caller prepares the
// next batch (reading, keying and sorting overlap with Parquet encoding). Unsorted
// groups — distinct partition paths — are written in parallel; sorted ones in order,
// since a sorted task closes its previous file when it moves on.
class PipelinedWrites {
 public:
  explicit PipelinedWrites(RollingFiles* files) : files_(files) {}
  ~PipelinedWrites() { (void)Wait(); }

  ::arrow::Status Submit(std::vector<Group> groups, bool sorted) {
    ARROW_RETURN_NOT_OK(Wait());
    auto* pool = ::arrow::internal::GetCpuThreadPool();
    if (sorted) {
      auto shared = std::make_shared<std::vector<Group>>(std::move(groups));
      ARROW_ASSIGN_OR_RAISE(auto future, pool->Submit([files = files_, shared] {
        for (const Group& group : *shared) {
          ARROW_RETURN_NOT_OK(
              files->Write(group.task, group.partition, group.rows, true));
        }
        return ::arrow::Status::OK();
      }));
      pending_.push_back(std::move(future));
      return ::arrow::Status::OK();
    }
    for (Group& group : groups) {
      ARROW_ASSIGN_OR_RAISE(
          auto future, pool->Submit([files = files_, group = std::move(group)] {
            return files->Write(group.task, group.partition, group.rows, false);
          }));
      pending_.push_back(std::move(future));
    }
    return ::arrow::Status::OK();
  }

  // Waits for every submitted write; the first error wins.
  ::arrow::Status Wait() {
    ::arrow::Status first;
    for (auto& future : pending_) {
      ::arrow::Status status = future.status();
      if (first.ok() && !status.ok()) first = status;
    }
    pending_.clear();
    return first;
  }

 private:
  RollingFiles* files_;
  std::vector<::arrow::Future<>> pending_;
};

// Applies a user partitioner's layout to one chunk.
::arrow::Status WriteWithPartitioner(RollingFiles* files,
                                     BulkInsertPartitioner* partitioner,
                                     const std::string& name, const KeyedBatch& batch,
                                     int64_t chunk_index) {
  BulkInsertChunk chunk{batch.data, batch.keys, batch.partitions, chunk_index};
  ARROW_ASSIGN_OR_RAISE(BulkInsertLayout layout, partitioner->Repartition(chunk));
  int64_t rows = batch.num_rows();
  if (static_cast<int64_t>(layout.order.size()) != rows ||
      layout.tasks.size() != layout.order.size()) {
    return ::arrow::Status::Invalid(
        "bulk insert partitioner '", name, "' returned a layout of ", layout.order.size(),
        " rows and ", layout.tasks.size(), " tasks for chunk ", chunk_index, " of ", rows,
        " rows; it must place every row exactly once");
  }
  std::vector<bool> seen(rows, false);
  for (size_t i = 0; i < layout.order.size(); ++i) {
    int64_t row = layout.order[i];
    if (row < 0 || row >= rows || seen[row] || layout.tasks[i] < 0) {
      return ::arrow::Status::Invalid("bulk insert partitioner '", name, "' placed row ",
                                      row, " of chunk ", chunk_index, " (task ",
                                      layout.tasks[i],
                                      ") twice, out of range or in a negative task");
    }
    seen[row] = true;
  }
  ::arrow::Int64Builder indices;
  ARROW_RETURN_NOT_OK(indices.AppendValues(layout.order));
  ARROW_ASSIGN_OR_RAISE(auto index_array, indices.Finish());
  ARROW_ASSIGN_OR_RAISE(KeyedBatch ordered, batch.Take(*index_array));
  bool sorted = partitioner->ArePartitionRecordsSorted();
  size_t start = 0;
  for (size_t i = 1; i <= layout.order.size(); ++i) {
    if (i < layout.order.size() && layout.tasks[i] == layout.tasks[start] &&
        ordered.partitions->GetView(i) == ordered.partitions->GetView(start)) {
      continue;
    }
    ARROW_RETURN_NOT_OK(files->Write(layout.tasks[start],
                                     std::string(ordered.partitions->GetView(start)),
                                     ordered.Slice(start, i - start), sorted));
    start = i;
  }
  return ::arrow::Status::OK();
}

// Adapts KeyedInput to the stream interface the sort and de-duplication read.
class InputStream : public KeyedBatchStream {
 public:
  explicit InputStream(KeyedInput* input) : input_(input) {}
  ::arrow::Result<std::optional<KeyedBatch>> Next() override { return input_->Next(); }

 private:
  KeyedInput* input_;
};

}  // namespace

::arrow::Result<BulkInsertOutcome> StreamBulkInsert(const WriteContext& context,
                                                    const KeyGenerator& key_generator,
                                                    ::arrow::RecordBatchReader* input,
                                                    bool deduplicate,
                                                    bool ordering_required,
                                                    WrittenLocations* written) {
  const WriteOptions& options = *context.options;
  BulkInsertOutcome outcome;
  if (ordering_required && options.precombine_field &&
      input->schema()->GetFieldIndex(*options.precombine_field) < 0) {
    return ::arrow::Status::Invalid("the precombine field '", *options.precombine_field,
                                    "' is not a column of the input");
  }
  KeyedInput keyed(input, key_generator, context.data_schema, &outcome);
  InputStream source(&keyed);
  RollingFiles files(context, &outcome.stats, written);
  const BulkInsertSortMode mode = options.bulk_insert_sort_mode;
  std::string spill_dir = SpillDirectory(options.spill_directory);

  // The stream the layout reads: the input, or all of it sorted (and de-duplicated).
  KeyedBatchStream* stream = &source;
  std::unique_ptr<ExternalSorter> sorter;
  std::unique_ptr<KeyedBatchStream> sorted;
  std::unique_ptr<DedupStream> deduped;
  bool sort_all =
      deduplicate ||
      (options.bulk_insert_partitioner.empty() &&
       (mode == BulkInsertSortMode::kGlobalSort ||
        mode == BulkInsertSortMode::kPartitionPathRepartitionAndSort));
  // A global index pre-combines by record key alone (HoodieWriteHelper): sort by key,
  // fold, then sort the survivors for the layout.
  bool global_dedup =
      deduplicate && options.index != nullptr && options.index->IsGlobal();
  std::unique_ptr<ExternalSorter> key_sorter;
  std::unique_ptr<KeyedBatchStream> key_sorted;
  if (global_dedup) {
    key_sorter = std::make_unique<ExternalSorter>(
        context.data_schema, SortOrder{true, false}, options.memory_budget, spill_dir);
    while (true) {
      ARROW_ASSIGN_OR_RAISE(auto batch, source.Next());
      if (!batch) break;
      ARROW_RETURN_NOT_OK(key_sorter->Add(std::move(*batch)));
    }
    ARROW_ASSIGN_OR_RAISE(key_sorted, key_sorter->Finish(kSortedBatchRows));
    deduped = std::make_unique<DedupStream>(key_sorted.get(), context.data_schema,
                                            *context.merger, /*global_keys=*/true,
                                            &outcome.deduplicated);
  }
  if (sort_all) {
    SortOrder order{deduplicate || mode != BulkInsertSortMode::kPartitionPathRepartitionAndSort};
    sorter = std::make_unique<ExternalSorter>(context.data_schema, order,
                                              options.memory_budget, spill_dir);
    KeyedBatchStream* unsorted = global_dedup ? deduped.get() : stream;
    while (true) {
      ARROW_ASSIGN_OR_RAISE(auto batch, unsorted->Next());
      if (!batch) break;
      ARROW_RETURN_NOT_OK(sorter->Add(std::move(*batch)));
    }
    outcome.spilled_runs = sorter->spilled_runs();
    if (key_sorter) outcome.spilled_runs += key_sorter->spilled_runs();
    ARROW_ASSIGN_OR_RAISE(sorted, sorter->Finish(kSortedBatchRows));
    stream = sorted.get();
    if (deduplicate && !global_dedup) {
      deduped =
          std::make_unique<DedupStream>(stream, context.data_schema, *context.merger,
                                        /*global_keys=*/false, &outcome.deduplicated);
      stream = deduped.get();
    }
  }

  if (!options.bulk_insert_partitioner.empty()) {
    ARROW_ASSIGN_OR_RAISE(auto partitioner,
                          BulkInsertPartitionerRegistry::Global()->Make(
                              options.bulk_insert_partitioner));
    for (int64_t chunk = 0;; ++chunk) {
      ARROW_ASSIGN_OR_RAISE(auto batch, stream->Next());
      if (!batch) break;
      ARROW_RETURN_NOT_OK(WriteWithPartitioner(
          &files, partitioner.get(), options.bulk_insert_partitioner, *batch, chunk));
    }
  } else if (sort_all) {
    PipelinedWrites writes(&files);
    while (true) {
      ARROW_ASSIGN_OR_RAISE(auto batch, stream->Next());
      if (!batch) break;
      ARROW_RETURN_NOT_OK(writes.Submit(SortedGroups(0, *batch), /*sorted=*/true));
    }
    ARROW_RETURN_NOT_OK(writes.Wait());
  } else if (mode == BulkInsertSortMode::kPartitionSort) {
    // Each chunk of about the memory budget stands for one Spark partition: sorted in
    // memory and written by its own task.
    std::vector<KeyedBatch> chunk;
    int64_t chunk_bytes = 0;
    int32_t task = 0;
    auto flush = [&]() -> ::arrow::Status {
      if (chunk.empty()) return ::arrow::Status::OK();
      ARROW_ASSIGN_OR_RAISE(KeyedBatch sorted_chunk,
                            SortInMemory(chunk, context.data_schema, SortOrder{true}));
      chunk.clear();
      chunk_bytes = 0;
      for (const Group& group : SortedGroups(task, sorted_chunk)) {
        ARROW_RETURN_NOT_OK(files.Write(group.task, group.partition, group.rows, true));
      }
      return files.CloseTask(task++);
    };
    while (true) {
      ARROW_ASSIGN_OR_RAISE(auto batch, stream->Next());
      if (!batch) break;
      ARROW_ASSIGN_OR_RAISE(int64_t bytes, batch->MemoryBytes());
      chunk.push_back(std::move(*batch));
      chunk_bytes += bytes;
      if (chunk_bytes >= options.memory_budget) ARROW_RETURN_NOT_OK(flush());
    }
    ARROW_RETURN_NOT_OK(flush());
  } else {
    // NONE and PARTITION_PATH_REPARTITION: one task, one open file per partition path.
    PipelinedWrites writes(&files);
    while (true) {
      ARROW_ASSIGN_OR_RAISE(auto batch, stream->Next());
      if (!batch) break;
      ARROW_ASSIGN_OR_RAISE(std::vector<Group> groups, UnsortedGroups(0, *batch));
      ARROW_RETURN_NOT_OK(writes.Submit(std::move(groups), /*sorted=*/false));
    }
    ARROW_RETURN_NOT_OK(writes.Wait());
  }
  ARROW_RETURN_NOT_OK(files.CloseAll());
  return outcome;
}

}  // namespace hoodie::internal
