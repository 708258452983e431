// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_model_test.cc
/// \brief Model-based tests of the write path: seeded random sequences of insert,
/// upsert, delete and bulk_insert, checked after every commit against WriteModel by
/// snapshot, time-travel and incremental reads, for every index type, key generator
/// and payload.

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/client/write_client.h"
#include "hoodie/metadata/metadata_validation.h"
#include "hoodie/read/read_options.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/client/write_client_test_util.h"
#include "hoodie/client/write_model_test_util.h"

namespace hoodie {
namespace {

using testing::ModelKeyGen;
using testing::ModelPayload;
using testing::ModelRecord;
using testing::RowDifference;
using testing::WriteModel;

// File sizing of a run.
enum class Sizing {
  /// Every file is small and takes 1-3 more records: inserts pack into existing file
  /// groups and spill into new ones.
  kPacked,
  /// No small-file handling; inserts split into buckets of 2 (many file groups).
  kManyGroups,
  /// Files roll over at 100 records (HoodieBaseParquetWriter's first size check).
  kRollover,
};

struct ModelCase {
  std::string index;
  ModelKeyGen keygen;
  ModelPayload payload;
  Sizing sizing;
  uint32_t seed;
  int steps;
  int key_pool = 10;
  int max_batch = 6;
  /// hoodie.{bloom,simple,record}.index.update.partition.path (global indexes).
  bool update_partition_path = false;
  /// A memory budget of one byte: staged payloads spill to disk in every write.
  bool spill = false;
};

WriteModel::IndexModel IndexModelOf(const ModelCase& c) {
  WriteModel::IndexModel index;
  index.global_lookup =
      c.index == "GLOBAL_BLOOM" || c.index == "GLOBAL_SIMPLE" || c.index == "RECORD_INDEX";
  index.global_dedupe = index.global_lookup || c.index == "INMEMORY";
  index.update_partition_path = index.global_lookup && c.update_partition_path;
  return index;
}

std::string CaseName(const ModelCase& c);

void PrintTo(const ModelCase& c, std::ostream* out) { *out << CaseName(c); }

std::string CaseName(const ModelCase& c) {
  std::ostringstream out;
  out << c.index << (c.update_partition_path ? "_moves" : "") << (c.spill ? "_spill" : "")
      << "_" << testing::ModelKeyGenName(c.keygen) << "_"
      << testing::ModelPayloadName(c.payload) << "_s" << c.seed;
  return out.str();
}

void ApplySizing(Sizing sizing, HoodieConfig* config) {
  switch (sizing) {
    case Sizing::kPacked:
      // A file of one row is about 5.3 KB (schema and bloom filter in the footer).
      // Every file counts as small, no commit reaches the limit, so records are
      // estimated at 1000 bytes and a file takes two or three more per commit.
      config->Set("hoodie.parquet.small.file.limit", "1000000");
      config->Set("hoodie.parquet.max.file.size", "8000");
      config->Set("hoodie.copyonwrite.record.size.estimate", "1000");
      break;
    case Sizing::kManyGroups:
      config->Set("hoodie.parquet.small.file.limit", "0");
      config->Set("hoodie.copyonwrite.insert.auto.split", "false");
      config->Set("hoodie.copyonwrite.insert.split.size", "1");
      break;
    case Sizing::kRollover:
      config->Set("hoodie.parquet.small.file.limit", "0");
      config->Set("hoodie.parquet.max.file.size", "3000");
      break;
  }
}

// One seeded run: a table, its client and the model, stepped and checked together.
class ModelRun {
 public:
  explicit ModelRun(const ModelCase& c)
      : case_(c),
        random_(c.seed),
        model_(c.keygen, c.payload, IndexModelOf(c)),
        base_(dir_.Join("model")) {}

  ::arrow::Status Open() {
    HoodieConfig config = testing::ModelConfig(case_.keygen, case_.payload, case_.index);
    ApplySizing(case_.sizing, &config);
    if (case_.spill) config.Set("hoodie.memory.merge.max.size", "1");
    if (case_.update_partition_path) {
      config.Set("hoodie.bloom.index.update.partition.path", "true");
      config.Set("hoodie.simple.index.update.partition.path", "true");
      config.Set("hoodie.record.index.update.partition.path", "true");
    }
    // RECORD_INDEX tags from the record_index partition this writer keeps (its first
    // write, before the partition exists, falls back to GLOBAL_SIMPLE).
    if (case_.index == "RECORD_INDEX") config.Set("hoodie.metadata.record.index.enable", "true");
    ARROW_ASSIGN_OR_RAISE(table_,
                          WriteClient::OpenOrCreateTable(storage_, base_, config));
    ARROW_ASSIGN_OR_RAISE(client_, WriteClient::Make(table_, config));
    return ::arrow::Status::OK();
  }

  // One random operation, committed, then every check.
  void Step(int step) {
    if (case_.sizing == Sizing::kRollover && step % 3 == 0) {
      // Over 100 records in one bucket: the file rolls over at its first size check.
      Run(WriteOperationType::kBulkInsert, RandomBatch(/*fresh=*/true, 0, 140), step);
      return;
    }
    int dice = Uniform(0, 99);
    if (dice < 45) {
      Run(WriteOperationType::kUpsert, RandomBatch(/*fresh=*/false, 10), step);
    } else if (dice < 65) {
      Run(WriteOperationType::kInsert, RandomBatch(/*fresh=*/true, 10), step);
    } else if (dice < 80) {
      Run(WriteOperationType::kDelete, RandomBatch(/*fresh=*/false, 0), step);
    } else {
      Run(WriteOperationType::kBulkInsert, RandomBatch(/*fresh=*/true, 0), step);
    }
  }

 private:
  int Uniform(int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(random_);
  }

  ModelRecord RandomRecord() {
    ModelRecord r;
    int key = Uniform(0, case_.key_pool - 1);
    int partition = Uniform(0, 2);
    r.id = "k" + std::to_string(key);
    r.k2 = key % 2 ? "x" : "y";
    r.p = std::string(1, static_cast<char>('a' + partition));
    r.q = partition == 1 ? "2" : "1";
    // 2023-11-14 plus `partition` days, at an hour that varies with the key.
    r.day = 1699920000000 + partition * 86400000LL + key * 3600000LL;
    r.ts = Uniform(0, 6);
    if (Uniform(0, 3) > 0) r.v = Uniform(0, 99);
    if (Uniform(0, 3) > 0) r.name = "n" + std::to_string(Uniform(0, 99));
    return r;
  }

  // 1..max_batch records; `fresh` keeps only keys the table does not hold (repeats in
  // the batch stay); `delete_percent` of them are soft deletes.
  std::vector<ModelRecord> RandomBatch(bool fresh, int delete_percent, int min_size = 1) {
    int size = Uniform(min_size, std::max(min_size, case_.max_batch));
    std::vector<ModelRecord> batch;
    for (int attempt = 0; attempt < size * 4 && static_cast<int>(batch.size()) < size;
         ++attempt) {
      ModelRecord r = RandomRecord();
      if (fresh && model_.Contains(r)) continue;
      r.deleted = Uniform(0, 99) < delete_percent;
      batch.push_back(std::move(r));
      // A repeat of the same key now and then, with another ordering value.
      if (Uniform(0, 3) == 0 && static_cast<int>(batch.size()) < size) {
        ModelRecord again = RandomRecord();
        again.id = batch.back().id;
        again.k2 = batch.back().k2;
        again.p = batch.back().p;
        again.q = batch.back().q;
        again.day = batch.back().day;
        again.deleted = Uniform(0, 99) < delete_percent;
        batch.push_back(std::move(again));
      }
    }
    return batch;
  }

  void Run(WriteOperationType operation, const std::vector<ModelRecord>& batch,
           int step) {
    SCOPED_TRACE("step " + std::to_string(step) + " " +
                 std::string(WriteOperationTypeName(operation)) + " of " +
                 std::to_string(batch.size()) + " records");
    ASSERT_OK_AND_ASSIGN(std::string instant, client_->StartCommit());
    auto reader = testing::ModelReader(batch, 2);
    ::arrow::Result<WriteResult> result =
        client_->Write(instant, operation, reader.get());
    switch (operation) {
      case WriteOperationType::kInsert:
        model_.Insert(batch, instant);
        break;
      case WriteOperationType::kBulkInsert:
        model_.BulkInsert(batch, instant);
        break;
      case WriteOperationType::kDelete:
        model_.Delete(batch, instant);
        break;
      default:
        model_.Upsert(batch, instant);
        break;
    }
    ASSERT_OK(result.status());
    ASSERT_TRUE(result->committed);
    ASSERT_TRUE(result->failed.empty());
    Observe(*result);
    Check();
  }

  // Notes which file-sizing paths the commit took.
  void Observe(const WriteResult& result) {
    std::map<std::string, int> new_groups;
    for (const WriteStat& stat : result.stats) {
      bool created = stat.prev_commit.value_or("null") == "null";
      if (!created && stat.num_inserts > 0) ++seen_.packed_inserts;
      if (created && seen_.commits > 0) ++seen_.later_new_groups;
      if (created) ++new_groups[stat.partition_path.value_or("")];
      const std::string& file_id = stat.file_id.value_or("");
      if (file_id.size() > 2 && file_id.compare(file_id.size() - 2, 2, "-1") == 0) {
        ++seen_.rollovers;
      }
    }
    for (const auto& [partition, count] : new_groups) {
      if (count > 1) ++seen_.split_partitions;
    }
    ++seen_.commits;
  }

 public:
  // Fails unless the run exercised the file-sizing path its Sizing is meant for.
  void ExpectSizingExercised() const {
    switch (case_.sizing) {
      case Sizing::kPacked:
        EXPECT_GT(seen_.packed_inserts, 0) << "no insert went into a small file";
        EXPECT_GT(seen_.later_new_groups, 0) << "small files never filled up";
        break;
      case Sizing::kManyGroups:
        EXPECT_GT(seen_.split_partitions, 0) << "inserts never split into buckets";
        break;
      case Sizing::kRollover:
        EXPECT_GT(seen_.rollovers, 0) << "no file rolled over";
        break;
    }
  }

 private:
  ::arrow::Result<std::vector<std::string>> Read(const ReadOptions& options) {
    ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage_, base_));
    ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table));
    ARROW_ASSIGN_OR_RAISE(auto data, reader->ReadTable(options));
    if (data->num_rows() == 0) return std::vector<std::string>{};
    return testing::RenderRows(*data, testing::ModelColumns());
  }

  // Snapshot now, a time travel to an earlier commit and an incremental range.
  // Copy-on-write snapshots take partition values from the path. (Merge-on-read runs
  // are services/mor_model_test.cc, with compaction.)
  void Check() {
    if (case_.index == "RECORD_INDEX") {
      // Every live key at the file group the snapshot holds it in, and no other key.
      ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(storage_, base_));
      ASSERT_OK_AND_ASSIGN(std::vector<std::string> mismatches, ValidateMetadataTable(*table));
      ASSERT_TRUE(mismatches.empty()) << ::testing::PrintToString(mismatches);
    }
    bool path_values = true;
    ASSERT_OK_AND_ASSIGN(auto snapshot, Read(ReadOptions::Defaults()));
    ASSERT_TRUE(snapshot == model_.Snapshot(path_values))
        << "snapshot:" << RowDifference(snapshot, model_.Snapshot(path_values));
    const std::vector<std::string>& instants = model_.instants();
    int n = static_cast<int>(instants.size());
    ReadOptions travel;
    travel.as_of = instants[Uniform(0, n - 1)];
    ASSERT_OK_AND_ASSIGN(auto past, Read(travel));
    ASSERT_TRUE(past == model_.SnapshotAt(*travel.as_of, path_values))
        << "as of " << *travel.as_of << ":"
        << RowDifference(past, model_.SnapshotAt(*travel.as_of, path_values));
    int end = Uniform(0, n - 1);
    int begin = Uniform(-1, end);
    ReadOptions incremental;
    incremental.query_type = QueryType::kIncremental;
    incremental.begin = begin < 0 ? "000" : instants[begin];
    incremental.end = instants[end];
    ASSERT_OK_AND_ASSIGN(auto range, Read(incremental));
    std::vector<std::string> expected_range =
        model_.Incremental(*incremental.begin, *incremental.end);
    ASSERT_TRUE(range == expected_range)
        << "incremental (" << *incremental.begin << ", " << *incremental.end
        << "]:" << RowDifference(range, expected_range);
  }

  ModelCase case_;
  std::mt19937 random_;
  WriteModel model_;
  testing::TempDir dir_;
  std::string base_;
  // In memory: the suite runs hundreds of commits, and fsyncs would dominate.
  std::shared_ptr<Storage> storage_ = Storage::InMemory();
  std::shared_ptr<TableMetaClient> table_;
  std::unique_ptr<WriteClient> client_;
  struct {
    int commits = 0;
    int packed_inserts = 0;
    int later_new_groups = 0;
    int split_partitions = 0;
    int rollovers = 0;
  } seen_;
};

class WriteModelTest : public ::testing::TestWithParam<ModelCase> {};

TEST_P(WriteModelTest, RandomOperationsMatchTheModel) {
  const ModelCase& c = GetParam();
  ModelRun run(c);
  // Every combination of these lists is supported: a refusal (NotImplemented) is a
  // regression, never a skip.
  ASSERT_OK(run.Open());
  for (int step = 0; step < c.steps; ++step) {
    run.Step(step);
    if (::testing::Test::HasFatalFailure()) return;
  }
  run.ExpectSizingExercised();
}

std::vector<ModelCase> IndexAndKeyGeneratorCases() {
  const std::vector<std::string> indexes = {"BLOOM",         "SIMPLE",   "GLOBAL_BLOOM",
                                            "GLOBAL_SIMPLE", "INMEMORY", "RECORD_INDEX"};
  const std::vector<ModelKeyGen> keygens = {
      ModelKeyGen::kSimple,         ModelKeyGen::kSimpleHive, ModelKeyGen::kComplex,
      ModelKeyGen::kNonPartitioned, ModelKeyGen::kTimestamp,  ModelKeyGen::kCustom};
  std::vector<ModelCase> out;
  for (size_t i = 0; i < indexes.size(); ++i) {
    for (size_t k = 0; k < keygens.size(); ++k) {
      auto payload = static_cast<ModelPayload>((i + k) % 5);
      Sizing sizing = (i + k) % 2 ? Sizing::kPacked : Sizing::kManyGroups;
      ModelCase c{indexes[i],
                  keygens[k],
                  payload,
                  sizing,
                  static_cast<uint32_t>(100 + 10 * i + k),
                  30};
      // Half the global runs move records whose partition changed.
      c.update_partition_path = k % 2 == 1;
      out.push_back(c);
    }
  }
  return out;
}

std::vector<ModelCase> PayloadCases() {
  std::vector<ModelCase> out;
  for (int p = 0; p < 5; ++p) {
    for (uint32_t seed : {1u, 2u}) {
      out.push_back(ModelCase{"BLOOM", ModelKeyGen::kSimple, static_cast<ModelPayload>(p),
                              seed == 1 ? Sizing::kPacked : Sizing::kManyGroups, seed,
                              50});
    }
  }
  return out;
}

std::vector<ModelCase> SpillCases() {
  // Pre-combining into a new record (PartialUpdateAvroPayload) is refused once payloads
  // spill, so these use payloads that pick whole records before the merge handle.
  std::vector<ModelCase> out;
  for (auto payload : {ModelPayload::kDefault, ModelPayload::kOverwriteNonDefaults}) {
    ModelCase c{"SIMPLE", ModelKeyGen::kComplex, payload, Sizing::kPacked, 21, 30};
    c.spill = true;
    out.push_back(c);
  }
  return out;
}

std::vector<ModelCase> RolloverCases() {
  // Non-partitioned, so a bulk insert of over 100 records fills one bucket.
  ModelCase c{"SIMPLE",
              ModelKeyGen::kNonPartitioned,
              ModelPayload::kDefault,
              Sizing::kRollover,
              7,
              12};
  c.key_pool = 2000;
  c.max_batch = 150;
  return {c};
}

std::string ParamName(const ::testing::TestParamInfo<ModelCase>& info) {
  return CaseName(info.param);
}

INSTANTIATE_TEST_SUITE_P(IndexesAndKeyGenerators, WriteModelTest,
                         ::testing::ValuesIn(IndexAndKeyGeneratorCases()), ParamName);
INSTANTIATE_TEST_SUITE_P(Payloads, WriteModelTest, ::testing::ValuesIn(PayloadCases()),
                         ParamName);
INSTANTIATE_TEST_SUITE_P(Spill, WriteModelTest, ::testing::ValuesIn(SpillCases()),
                         ParamName);
INSTANTIATE_TEST_SUITE_P(Rollover, WriteModelTest, ::testing::ValuesIn(RolloverCases()),
                         ParamName);

}  // namespace
}  // namespace hoodie
