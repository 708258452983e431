// SPDX-License-Identifier: Apache-2.0
/// \file bench/bench_main.cc
/// \brief hoodie-bench: one benchmark phase per run, so each phase's peak RSS is its own.
///
///   hoodie-bench raw         --records N --out FILE.parquet [--codec C]
///   hoodie-bench raw_meta    --records N --out FILE.parquet [--codec C]
///                            (raw with the five Hudi meta columns as plain strings)
///   hoodie-bench bulk_insert --records N --table DIR [--codec C] [--sort-mode M]
///   hoodie-bench upsert      --records N --base N --table DIR [--codec C]
///   hoodie-bench read        --table DIR|URI [--query-type snapshot|read_optimized]
///   hoodie-bench raw_read    --table DIR   (the latest base files, plain Arrow Parquet)
///   hoodie-bench compact     --table DIR   (schedules a compaction and runs it)
///   hoodie-bench generate    --records N [--base N] --out FILE.parquet   (Spark's input)
///
/// Prints one JSON line: phase, records, seconds, records_per_second, cpu_seconds (user +
/// system, the whole process), peak_rss_mib and bytes (written or read). Extra settings:
/// --conf key=value (repeatable).

#include <chrono>
#include <optional>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "bench_data.h"
#include <arrow/api.h>
#include <arrow/filesystem/filesystem.h>
#include <arrow/io/file.h>
#include <parquet/arrow/reader.h>
#include <parquet/arrow/writer.h>
#include <parquet/properties.h>
#include <sys/resource.h>

#include "hoodie/actions/compaction_executor.h"
#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/client/write_client.h"
#include "hoodie/concurrency/lock_providers.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/input/json_lines_reader.h"
#include "hoodie/read/read_options.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/partition_metadata.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie::bench {
namespace {

struct Args {
  std::string phase;
  std::map<std::string, std::string> flags;
  std::vector<std::string> confs;

  std::string Get(const std::string& name, const std::string& fallback = "") const {
    auto it = flags.find(name);
    return it == flags.end() ? fallback : it->second;
  }
  int64_t Int(const std::string& name, int64_t fallback) const {
    auto it = flags.find(name);
    return it == flags.end() ? fallback : std::stoll(it->second);
  }
};

double PeakRssMiB() {
  struct rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
}

// User plus system CPU seconds of this process: comparable across runs even when other
// work shares the machine (wall time is not).
double CpuSeconds() {
  struct rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) { return t.tv_sec + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

void Report(const Args& args, int64_t records, double seconds, int64_t bytes) {
  std::printf(
      "{\"phase\":\"%s\",\"records\":%lld,\"seconds\":%.2f,\"records_per_second\":%.0f,"
      "\"cpu_seconds\":%.2f,\"peak_rss_mib\":%.0f,\"bytes\":%lld}\n",
      args.phase.c_str(), static_cast<long long>(records), seconds,
      seconds > 0 ? static_cast<double>(records) / seconds : 0.0, CpuSeconds(),
      PeakRssMiB(), static_cast<long long>(bytes));
}

::arrow::Result<::arrow::Compression::type> Codec(const std::string& name) {
  if (name == "lz4") return ::arrow::Compression::LZ4_HADOOP;
  return ::arrow::util::Codec::GetCompressionType(name);
}

// `input` with Hudi's five meta columns in front, as plain strings a row (what a base
// file of bulk_insert holds): the rows of a raw write that carries what the format
// requires of a Hudi file.
class WithMetaColumns : public ::arrow::RecordBatchReader {
 public:
  explicit WithMetaColumns(std::shared_ptr<::arrow::RecordBatchReader> input)
      : input_(std::move(input)) {
    ::arrow::FieldVector fields;
    for (const char* name : {"_hoodie_commit_time", "_hoodie_commit_seqno",
                             "_hoodie_record_key", "_hoodie_partition_path",
                             "_hoodie_file_name"}) {
      fields.push_back(::arrow::field(name, ::arrow::utf8()));
    }
    for (const auto& field : input_->schema()->fields()) fields.push_back(field);
    schema_ = ::arrow::schema(std::move(fields));
  }

  std::shared_ptr<::arrow::Schema> schema() const override { return schema_; }

  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* out) override {
    ARROW_ASSIGN_OR_RAISE(auto batch, input_->Next());
    if (batch == nullptr) {
      *out = nullptr;
      return ::arrow::Status::OK();
    }
    const int64_t rows = batch->num_rows();
    const std::string instant = "20240101000000000";
    ARROW_ASSIGN_OR_RAISE(auto times, ::arrow::MakeArrayFromScalar(
                                          ::arrow::StringScalar(instant), rows));
    ARROW_ASSIGN_OR_RAISE(
        auto names,
        ::arrow::MakeArrayFromScalar(
            ::arrow::StringScalar("7b5a9c2e-1f0d-4e8a-9b3c-5d6e7f8a9b0c-0_0-0-0_" +
                                  instant + ".parquet"),
            rows));
    ::arrow::StringBuilder seqnos;
    for (int64_t i = 0; i < rows; ++i) {
      ARROW_RETURN_NOT_OK(seqnos.Append(instant + "_0_" + std::to_string(next_++)));
    }
    ARROW_ASSIGN_OR_RAISE(auto seqno_array, seqnos.Finish());
    ::arrow::ArrayVector columns = {times, seqno_array, batch->GetColumnByName("key"),
                                    batch->GetColumnByName("partition"), names};
    for (const auto& column : batch->columns()) columns.push_back(column);
    *out = ::arrow::RecordBatch::Make(schema_, rows, std::move(columns));
    return ::arrow::Status::OK();
  }

 private:
  std::shared_ptr<::arrow::RecordBatchReader> input_;
  std::shared_ptr<::arrow::Schema> schema_;
  int64_t next_ = 0;
};

// A plain Arrow Parquet write of `input` to `path`: the format's own speed limit.
::arrow::Result<int64_t> WriteParquet(::arrow::RecordBatchReader* input,
                                      const std::string& path, const std::string& codec) {
  ARROW_ASSIGN_OR_RAISE(auto compression, Codec(codec));
  auto properties =
      ::parquet::WriterProperties::Builder().compression(compression)->build();
  ARROW_ASSIGN_OR_RAISE(auto out, ::arrow::io::FileOutputStream::Open(path));
  ARROW_ASSIGN_OR_RAISE(auto writer, ::parquet::arrow::FileWriter::Open(
                                         *input->schema(), ::arrow::default_memory_pool(),
                                         out, properties));
  int64_t rows = 0;
  while (true) {
    ARROW_ASSIGN_OR_RAISE(auto batch, input->Next());
    if (batch == nullptr) break;
    ARROW_RETURN_NOT_OK(writer->WriteRecordBatch(*batch));
    rows += batch->num_rows();
  }
  ARROW_RETURN_NOT_OK(writer->Close());
  ARROW_ASSIGN_OR_RAISE(int64_t size, out->Tell());
  ARROW_RETURN_NOT_OK(out->Close());
  return size;
}

HoodieConfig TableConfigFor(const Args& args, const std::string& operation) {
  HoodieConfig config;
  config.Set("hoodie.table.name", "bench");
  config.Set("hoodie.datasource.write.recordkey.field", "key");
  config.Set("hoodie.datasource.write.partitionpath.field", "partition");
  config.Set("hoodie.datasource.write.precombine.field", "ts");
  config.Set("hoodie.datasource.write.operation", operation);
  config.Set("hoodie.parquet.compression.codec", args.Get("codec", "snappy"));
  config.Set("hoodie.bulkinsert.sort.mode", args.Get("sort-mode", "NONE"));
  // Hudi 0.15's default filter, as Spark writes it in the side-by-side run.
  config.Set("hoodie.bloom.index.filter.type", "DYNAMIC_V0");
  // The side-by-side runs keep the metadata table off on both sides, as Spark's are
  // configured; --conf hoodie.metadata.enable=true measures it.
  config.Set("hoodie.metadata.enable", "false");
  for (const std::string& conf : args.confs) {
    size_t eq = conf.find('=');
    if (eq != std::string::npos) config.Set(conf.substr(0, eq), conf.substr(eq + 1));
  }
  return config;
}

::arrow::Result<int64_t> WriteTable(const Args& args, WriteOperationType op,
                                    ::arrow::RecordBatchReader* input) {
  HoodieConfig config = TableConfigFor(
      args, op == WriteOperationType::kBulkInsert ? "bulk_insert" : "upsert");
  auto storage = Storage::Local();
  ARROW_ASSIGN_OR_RAISE(
      auto table, WriteClient::OpenOrCreateTable(storage, args.Get("table"), config));
  ARROW_ASSIGN_OR_RAISE(auto client, WriteClient::Make(table, config));
  ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit());
  ARROW_ASSIGN_OR_RAISE(WriteResult result, op == WriteOperationType::kBulkInsert
                                                ? client->BulkInsert(instant, input)
                                                : client->Upsert(instant, input));
  int64_t bytes = 0;
  for (const WriteStat& stat : result.stats) bytes += stat.file_size_in_bytes;
  std::fprintf(stderr, "%s: %zu files, %lld inserted, %lld updated\n", args.phase.c_str(),
               result.stats.size(), static_cast<long long>(result.inserted),
               static_cast<long long>(result.updated));
  return bytes;
}

// Reads `stream` to its end, adding its rows and the bytes of their buffers.
::arrow::Status CountBatches(::arrow::RecordBatchReader* stream, int64_t* rows,
                             int64_t* bytes) {
  while (true) {
    ARROW_ASSIGN_OR_RAISE(auto batch, stream->Next());
    if (batch == nullptr) return ::arrow::Status::OK();
    *rows += batch->num_rows();
    for (const auto& column : batch->columns()) {
      for (const auto& buffer : column->data()->buffers) {
        if (buffer) *bytes += buffer->size();
      }
    }
  }
}

::arrow::Result<int64_t> ReadTable(const Args& args, int64_t* rows) {
  // A local folder or a store's URI (s3://..., its keys from the environment).
  std::string base_path;
  ARROW_ASSIGN_OR_RAISE(auto storage, Storage::FromUri(args.Get("table"), &base_path));
  ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage, base_path));
  ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table));
  // --query-type and the log merge keys (hoodie.memory.merge.max.size, ...) via --conf.
  HoodieConfig config;
  config.Set("hoodie.datasource.query.type", args.Get("query-type", "snapshot"));
  for (const std::string& conf : args.confs) {
    size_t eq = conf.find('=');
    if (eq != std::string::npos) config.Set(conf.substr(0, eq), conf.substr(eq + 1));
  }
  ARROW_ASSIGN_OR_RAISE(ReadOptions options, ReadOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(auto stream, reader->Read(options));
  int64_t bytes = 0;
  ARROW_RETURN_NOT_OK(CountBatches(stream.get(), rows, &bytes));
  return bytes;
}

// The yardstick of a copy-on-write snapshot: the same files (the latest base file of
// every file group) read with plain Arrow Parquet, every column, no Hudi logic, with
// Arrow's own column-parallel decoding; counted as ReadTable counts.
::arrow::Result<int64_t> ReadBaseFilesRaw(const Args& args, int64_t* rows) {
  auto storage = Storage::Local();
  ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage, args.Get("table")));
  ARROW_ASSIGN_OR_RAISE(auto view, FileSystemView::Load(*table));
  ::parquet::ArrowReaderProperties properties;
  properties.set_use_threads(true);
  int64_t bytes = 0;
  for (const BaseFile& file : view->LatestBaseFiles()) {
    ARROW_ASSIGN_OR_RAISE(auto input, ::arrow::io::ReadableFile::Open(file.path));
    ::parquet::arrow::FileReaderBuilder builder;
    ARROW_RETURN_NOT_OK(builder.Open(input));
    builder.properties(properties);
    ARROW_ASSIGN_OR_RAISE(auto reader, builder.Build());
    ARROW_ASSIGN_OR_RAISE(auto batches, reader->GetRecordBatchReader());
    ARROW_RETURN_NOT_OK(CountBatches(batches.get(), rows, &bytes));
  }
  return bytes;
}

// Schedules a compaction of every slice with logs and runs it, as `hoodie compaction run
// --schedule` does; the table's codec (hoodie.parquet.compression.codec, gzip by
// default, as in Hudi) unless --conf sets one. Counts the records written.
// Takes and releases the table lock of --conf hoodie.write.lock.provider=... `records`
// times, uncontended: the latency of one acquisition and release of the provider.
::arrow::Result<int64_t> LockRounds(const Args& args, int64_t rounds) {
  HoodieConfig config;
  for (const std::string& conf : args.confs) {
    size_t eq = conf.find('=');
    if (eq != std::string::npos) config.Set(conf.substr(0, eq), conf.substr(eq + 1));
  }
  const std::string base = args.Get("table");
  auto storage = Storage::Local();
  ARROW_RETURN_NOT_OK(storage->CreateDir(base + "/.hoodie"));
  ARROW_ASSIGN_OR_RAISE(auto lock, MakeLockManager(LockProviderContext{config, storage, base}));
  const Instant owner{"20240101000000000", Action::kCommit, State::kInflight};
  for (int64_t i = 0; i < rounds; ++i) {
    ARROW_RETURN_NOT_OK(lock->Lock(owner));
    ARROW_RETURN_NOT_OK(lock->Unlock(owner));
  }
  return 0;
}

::arrow::Result<int64_t> CompactTable(const Args& args, int64_t* records) {
  HoodieConfig config;
  // Hudi's trigger waits for 5 deltacommits; the bench table has one or two.
  config.Set("hoodie.compact.inline.max.delta.commits", "1");
  for (const std::string& conf : args.confs) {
    size_t eq = conf.find('=');
    if (eq != std::string::npos) config.Set(conf.substr(0, eq), conf.substr(eq + 1));
  }
  auto storage = Storage::Local();
  ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage, args.Get("table")));
  ARROW_ASSIGN_OR_RAISE(auto scheduled, ScheduleCompaction(*table, config));
  if (!scheduled)
    return ::arrow::Status::Invalid("nothing to compact: no slice has logs");
  ARROW_ASSIGN_OR_RAISE(CompactionResult result,
                        RunCompaction(table, config, scheduled->instant_time));
  int64_t bytes = 0;
  size_t files = 0;
  for (const auto& [partition, stats] : result.metadata.partition_to_write_stats) {
    for (const WriteStat& stat : stats) {
      bytes += stat.file_size_in_bytes;
      *records += stat.num_writes;
      ++files;
    }
  }
  std::fprintf(stderr, "%s: %zu files compacted at %s\n", args.phase.c_str(), files,
               result.instant_time.c_str());
  return bytes;
}

// A table of `partitions` partitions, each with a base file and a log file of one file
// group (empty files: the view lists names, it opens nothing), then the time to build the
// file-system view over all of them.
::arrow::Result<int64_t> ListPartitions(const Args& args, int64_t partitions,
                                        double* view_seconds) {
  auto storage = Storage::Local();
  const std::string base = args.Get("table");
  TableCreateOptions create;
  create.table_name = "listing";
  create.table_type = TableType::kMergeOnRead;
  ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Create(storage, base, create));
  const std::string instant = "20240101000000000";
  ARROW_RETURN_NOT_OK(storage->WriteAll(
      base + "/.hoodie/" + instant + ".deltacommit",
      R"({"partitionToWriteStats":{},"compacted":false,"extraMetadata":{},"operationType":"UPSERT"})",
      /*overwrite=*/false));
  for (int64_t i = 0; i < partitions; ++i) {
    char name[32];
    std::snprintf(name, sizeof(name), "p%06lld", static_cast<long long>(i));
    const std::string dir = base + "/" + name;
    ARROW_RETURN_NOT_OK(PartitionMetadata::Write(storage.get(), base, name, instant));
    char file_id[64];
    std::snprintf(file_id, sizeof(file_id), "%08lld-0000-0000-0000-000000000000-0",
                  static_cast<long long>(i));
    ARROW_RETURN_NOT_OK(storage->WriteAll(
        dir + "/" + file_id + "_0-1-0_" + instant + ".parquet", "", false));
    ARROW_RETURN_NOT_OK(storage->WriteAll(
        dir + "/." + file_id + "_" + instant + ".log.1_0-1-0", "", false));
  }
  auto started = std::chrono::steady_clock::now();
  ARROW_ASSIGN_OR_RAISE(auto view, FileSystemView::Load(*table));
  *view_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::fprintf(stderr, "list: %zu file groups in %lld partitions, view built in %.3f s\n",
               view->NumFileGroups(), static_cast<long long>(partitions), *view_seconds);
  return 0;
}

::arrow::Status Run(const Args& args) {
  int64_t records = args.Int("records", 10000000);
  auto started = std::chrono::steady_clock::now();
  int64_t bytes = 0;
  int64_t counted = records;
  std::optional<double> timed;  // a phase that times only part of its work
  if (args.phase == "raw") {
    auto input = InitialLoad(records);
    ARROW_ASSIGN_OR_RAISE(
        bytes, WriteParquet(input.get(), args.Get("out"), args.Get("codec", "snappy")));
  } else if (args.phase == "raw_meta") {
    WithMetaColumns input(InitialLoad(records));
    ARROW_ASSIGN_OR_RAISE(
        bytes, WriteParquet(&input, args.Get("out"), args.Get("codec", "snappy")));
  } else if (args.phase == "generate") {
    auto input = args.flags.count("base") ? UpsertBatch(args.Int("base", 0), records)
                                          : InitialLoad(records);
    ARROW_ASSIGN_OR_RAISE(bytes, WriteParquet(input.get(), args.Get("out"), "snappy"));
  } else if (args.phase == "bulk_insert") {
    auto input = InitialLoad(records);
    ARROW_ASSIGN_OR_RAISE(bytes,
                          WriteTable(args, WriteOperationType::kBulkInsert, input.get()));
  } else if (args.phase == "upsert") {
    auto input = UpsertBatch(args.Int("base", 10000000), records);
    ARROW_ASSIGN_OR_RAISE(bytes,
                          WriteTable(args, WriteOperationType::kUpsert, input.get()));
  } else if (args.phase == "read") {
    counted = 0;
    ARROW_ASSIGN_OR_RAISE(bytes, ReadTable(args, &counted));
  } else if (args.phase == "raw_read") {
    counted = 0;
    ARROW_ASSIGN_OR_RAISE(bytes, ReadBaseFilesRaw(args, &counted));
  } else if (args.phase == "list") {
    // Only the view's build is timed: --records is the number of partitions.
    double view_seconds = 0;
    ARROW_ASSIGN_OR_RAISE(bytes, ListPartitions(args, records, &view_seconds));
    timed = view_seconds;
  } else if (args.phase == "json_read") {
    // JSON lines typed as Spark's reader types them: one inference pass, one read.
    ARROW_ASSIGN_OR_RAISE(auto reader, OpenJsonLines(args.Get("input")));
    counted = 0;
    while (true) {
      ARROW_ASSIGN_OR_RAISE(auto batch, reader->Next());
      if (batch == nullptr) break;
      counted += batch->num_rows();
    }
  } else if (args.phase == "lock") {
    ARROW_ASSIGN_OR_RAISE(bytes, LockRounds(args, records));
  } else if (args.phase == "compact") {
    counted = 0;
    ARROW_ASSIGN_OR_RAISE(bytes, CompactTable(args, &counted));
  } else {
    return ::arrow::Status::Invalid(
        "unknown phase '", args.phase,
        "' (raw, raw_meta, bulk_insert, upsert, read, raw_read, compact, generate, "
        "json_read, list, lock)");
  }
  double seconds = timed.value_or(
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  Report(args, counted, seconds, bytes);
  return ::arrow::Status::OK();
}

}  // namespace
}  // namespace hoodie::bench

int main(int argc, char** argv) {
  hoodie::bench::Args args;
  if (argc < 2) {
    std::cerr << "usage: hoodie-bench raw|raw_meta|bulk_insert|upsert|read|compact|generate|json_read|list|lock "
                 "[--flag value]...\n";
    return 2;
  }
  args.phase = argv[1];
  for (int i = 2; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    if (flag.rfind("--", 0) != 0) {
      std::cerr << "expected --flag value, got " << flag << "\n";
      return 2;
    }
    if (flag == "--conf") {
      args.confs.push_back(argv[i + 1]);
    } else {
      args.flags[flag.substr(2)] = argv[i + 1];
    }
  }
  ::arrow::Status status = hoodie::bench::Run(args);
  // A read of an object store started Arrow's S3 client: it must be shut down before
  // static destructors run (as the hoodie tool does).
  (void)::arrow::fs::EnsureFinalized();
  if (!status.ok()) {
    std::cerr << "hoodie-bench " << args.phase << ": " << status.ToString() << "\n";
    return 1;
  }
  return 0;
}
