// SPDX-License-Identifier: Apache-2.0
// The C++ half of tests/interop/test_hfile.py, skipped unless that test runs it with
// HOODIE_INTEROP_MDT (the metadata table folder of a table Spark + Hudi 0.15 wrote) and
// HOODIE_INTEROP_OUT (a folder for what it writes). It reads every HFile of the
// metadata table, base files and the HFile blocks of its logs, decodes every value with
// the file's own schema, and writes the keys it read (read.json); then it writes HFiles
// for Hudi's two readers to read: the `files` base file rewritten cell for cell
// (rewritten.hfile), and 20,000 records in 16 KiB blocks (big.hfile). read.json also
// holds the bloom_filters keys hoodie derives from the data table's base files
// (`expected_bloom_keys`), for the test to compare with the keys Spark wrote, and the
// file list of each partition merged from the `files` partition's base file and logs
// (`merged_files`), for the test to compare with Hudi's own metadata reader, and the
// location of every record key in the record index (`record_index`), for the test to
// compare with where Spark's read finds the records, and the column statistics of
// every file (`column_stats`: file, column, then min, max, null and value counts), for
// the test to compare with the files' Parquet footers; and each base file's bloom
// filter (`bloom_filters`: its serialized text, type and whether it holds each key the
// file holds), for the test to compare with the file's footer.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>

#include <arrow/buffer.h>
#include <arrow/io/file.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "hoodie/format/avro_codec/avro_binary.h"
#include "hoodie/format/avro_codec/avro_schema.h"
#include "hoodie/format/hfile/hfile_reader.h"
#include "hoodie/format/hfile/hfile_writer.h"
#include "hoodie/format/log/hfile_data_block.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/metadata/bloom_filter_record.h"
#include "hoodie/metadata/column_stats_record.h"
#include "hoodie/metadata/files_record.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata/record_index_record.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

namespace fs = std::filesystem;

class HFileInteropTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* mdt = std::getenv("HOODIE_INTEROP_MDT");
    const char* out = std::getenv("HOODIE_INTEROP_OUT");
    if (mdt == nullptr || out == nullptr) GTEST_SKIP() << "run by tests/interop/test_hfile.py";
    mdt_ = mdt;
    out_ = out;
  }

  // Every value decodes with `schema_json` to its last byte; the keys, in order.
  static nlohmann::json Keys(const std::vector<HFileRecord>& records,
                             const std::string& schema_json, const std::string& where) {
    auto schema = AvroSchema::Parse(schema_json);
    EXPECT_TRUE(schema.ok()) << where << ": " << schema.status().ToString();
    nlohmann::json keys = nlohmann::json::array();
    for (const auto& [key, value] : records) {
      std::string_view input = value;
      if (schema.ok()) {
        auto decoded = DecodeAvroBinary(&input, (*schema)->root(), (*schema)->root());
        EXPECT_TRUE(decoded.ok()) << where << " " << key << ": " << decoded.status().ToString();
        EXPECT_TRUE(input.empty()) << where << " " << key << ": bytes left after the record";
      }
      keys.push_back(key);
    }
    return keys;
  }

  // Calls `visit` with each record of the HFile data blocks of the log file `path`,
  // decoded with its block's schema.
  static void ForEachLogRecord(
      const fs::path& path,
      const std::function<void(std::string_view key, const AvroValue& record)>& visit) {
    auto blocks = ParseLogBlocks(testing::ReadBinaryFile(path.string()), path.string());
    ASSERT_TRUE(blocks.ok()) << blocks.status().ToString();
    for (const LogBlock& block : *blocks) {
      if (block.type != LogBlockType::kHFileData) continue;
      auto schema = AvroSchema::Parse(*FindLogMetadata(block.header, LogHeaderKey::kSchema));
      ASSERT_TRUE(schema.ok());
      auto records = ReadHFileDataBlockRecords(block.content, path.string());
      ASSERT_TRUE(records.ok()) << records.status().ToString();
      for (const auto& [key, value] : *records) {
        std::string_view input = value;
        auto record = DecodeAvroBinary(&input, (*schema)->root(), (*schema)->root());
        ASSERT_TRUE(record.ok()) << path << " " << key << ": " << record.status().ToString();
        visit(key, *record);
      }
    }
  }

  // The records of `files`: the base file's, then each log's HFile blocks in version
  // order merged over them (every instant of this table completed, so all count).
  nlohmann::json MergedFiles() {
    std::map<std::string, FilesRecord> merged;
    auto merge = [&merged](std::string_view key, const AvroValue& record) -> ::arrow::Status {
      ARROW_ASSIGN_OR_RAISE(FilesRecord files, FilesRecordOf(record));
      auto found = merged.find(std::string(key));
      if (found == merged.end()) {
        merged.emplace(std::string(key), std::move(files));
      } else {
        found->second = CombineFilesRecords(found->second, files);
      }
      return ::arrow::Status::OK();
    };
    std::map<int, fs::path> logs;  // by version
    for (const auto& entry : fs::directory_iterator(mdt_ / "files")) {
      const std::string name = entry.path().filename().string();
      if (name.find(".crc") != std::string::npos) continue;
      if (entry.path().extension() == ".hfile") {
        auto reader = HFileReader::Open(::arrow::Buffer::FromString(testing::ReadBinaryFile(entry.path().string())), name);
        EXPECT_TRUE(reader.ok());
        auto schema = AvroSchema::Parse(std::string(*(*reader)->FileInfo("schema")));
        EXPECT_TRUE((*reader)->Scan("", [&](std::string_view k, std::string_view v) {
          ARROW_ASSIGN_OR_RAISE(AvroValue record,
                                DecodeAvroBinary(&v, (*schema)->root(), (*schema)->root()));
          return merge(k, record);
        }).ok());
      } else if (const size_t at = name.find(".log."); at != std::string::npos) {
        logs[std::stoi(name.substr(at + 5))] = entry.path();
      }
    }
    for (const auto& [version, path] : logs) {
      ForEachLogRecord(path, [&](std::string_view key, const AvroValue& record) {
        EXPECT_TRUE(merge(key, record).ok());
      });
    }
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [key, files] : merged) {
      nlohmann::json names = nlohmann::json::array();
      for (const auto& [name, size] : files.Live()) names.push_back(name);
      out[key] = names;
    }
    return out;
  }

  // Each key's newest entry: the logs of each file group in version order (the record
  // index has no base files until the metadata table compacts).
  nlohmann::json RecordIndex() {
    std::map<std::pair<std::string, int>, fs::path> logs;  // (file group, version)
    for (const auto& entry : fs::directory_iterator(mdt_ / "record_index")) {
      const std::string name = entry.path().filename().string();
      const size_t at = name.find(".log.");
      if (at == std::string::npos || name.find(".crc") != std::string::npos) continue;
      logs[{name.substr(0, name.find('_')), std::stoi(name.substr(at + 5))}] = entry.path();
    }
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [group, path] : logs) {
      ForEachLogRecord(path, [&](std::string_view key, const AvroValue& record) {
        auto location = RecordIndexLocationOf(record, TimelineTimeZone::kLocal);
        ASSERT_TRUE(location.ok()) << location.status().ToString();
        out[std::string(key)] = {location->partition_path, location->file_id,
                                 location->instant_time};
      });
    }
    return out;
  }

  nlohmann::json ColumnStatsOfFiles() {
    nlohmann::json out = nlohmann::json::object();
    auto text = [](const std::optional<AvroValue>& bound) -> nlohmann::json {
      if (!bound) return nullptr;
      switch (bound->kind()) {
        case AvroValue::Kind::kString: return bound->text();
        case AvroValue::Kind::kInt: return *bound->AsInt();
        case AvroValue::Kind::kLong: return *bound->AsLong();
        case AvroValue::Kind::kDouble: return *bound->AsDouble();
        case AvroValue::Kind::kBoolean: return *bound->AsBoolean();
        default: return std::string(AvroValueKindName(bound->kind()));  // bytes: not JSON text
      }
    };
    for (const auto& entry : fs::directory_iterator(mdt_ / "column_stats")) {
      const std::string name = entry.path().filename().string();
      if (name.find(".log.") == std::string::npos || name.find(".crc") != std::string::npos) continue;
      ForEachLogRecord(entry.path(), [&](std::string_view, const AvroValue& record) {
        auto stats = ColumnStatsOf(record);
        ASSERT_TRUE(stats.ok()) << stats.status().ToString();
        out[stats->file_name][stats->column_name] = {text(stats->min_value),
                                                     text(stats->max_value), stats->null_count,
                                                     stats->value_count};
      });
    }
    return out;
  }

  // By bloom_filters key: the filter's type, instant and serialized text, and whether
  // the decoded filter admits the record keys k000..k011 the test wrote.
  nlohmann::json BloomFilters() {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& entry : fs::directory_iterator(mdt_ / "bloom_filters")) {
      const std::string name = entry.path().filename().string();
      if (name.find(".log.") == std::string::npos || name.find(".crc") != std::string::npos) continue;
      ForEachLogRecord(entry.path(), [&](std::string_view key, const AvroValue& record) {
        auto bloom = BloomFilterEntryOf(record);
        ASSERT_TRUE(bloom.ok()) << bloom.status().ToString();
        auto filter = bloom->Filter();
        ASSERT_TRUE(filter.ok()) << filter.status().ToString();
        nlohmann::json admits = nlohmann::json::array();
        char record_key[8];
        for (int i = 0; i < 12; ++i) {
          std::snprintf(record_key, sizeof(record_key), "k%03d", i);
          if (*(*filter)->MightContain(record_key)) admits.push_back(record_key);
        }
        out[std::string(key)] = {bloom->type, bloom->timestamp, bloom->serialized, admits};
      });
    }
    return out;
  }

  fs::path mdt_;
  fs::path out_;
};

TEST_F(HFileInteropTest, ReadsEveryHFileOfSparksMetadataTable) {
  nlohmann::json read = nlohmann::json::object();
  for (const auto& entry : fs::recursive_directory_iterator(mdt_)) {
    const std::string path = entry.path().string();
    const std::string name = entry.path().filename().string();
    const std::string relative = fs::relative(entry.path(), mdt_).string();
    if (!entry.is_regular_file() || relative.rfind(".hoodie", 0) == 0) continue;
    if (name.size() > 6 && name.substr(name.size() - 6) == ".hfile") {
      ASSERT_OK_AND_ASSIGN(auto reader,
                           HFileReader::Open(::arrow::Buffer::FromString(testing::ReadBinaryFile(path)), path));
      std::vector<HFileRecord> records;
      ASSERT_OK(reader->Scan("", [&](std::string_view key, std::string_view value) {
        records.emplace_back(key, value);
        return ::arrow::Status::OK();
      }));
      read[relative] = Keys(records, std::string(*reader->FileInfo("schema")), path);
    } else if (name.find(".log.") != std::string::npos && name.find(".crc") == std::string::npos) {
      ASSERT_OK_AND_ASSIGN(auto blocks, ParseLogBlocks(testing::ReadBinaryFile(path), path));
      for (size_t i = 0; i < blocks.size(); ++i) {
        if (blocks[i].type != LogBlockType::kHFileData) continue;
        ASSERT_OK_AND_ASSIGN(auto records, ReadHFileDataBlockRecords(blocks[i].content, path));
        read[relative + "#" + std::to_string(i)] =
            Keys(records, *FindLogMetadata(blocks[i].header, LogHeaderKey::kSchema), path);
      }
    }
  }
  // The data table's base files: <table>/<partition>/<file>.parquet.
  const fs::path table = mdt_.parent_path().parent_path();
  nlohmann::json expected = nlohmann::json::object();  // by file name
  for (const auto& entry : fs::recursive_directory_iterator(table)) {
    const std::string relative = fs::relative(entry.path(), table).string();
    if (relative.rfind(".hoodie", 0) == 0 || entry.path().extension() != ".parquet") continue;
    const std::string partition = fs::relative(entry.path().parent_path(), table).string();
    expected[entry.path().filename().string()] =
        BloomFilterIndexKey(partition == "." ? "" : partition, entry.path().filename().string());
  }
  read["expected_bloom_keys"] = expected;
  read["merged_files"] = MergedFiles();
  read["record_index"] = RecordIndex();
  read["column_stats"] = ColumnStatsOfFiles();
  read["bloom_filters"] = BloomFilters();
  std::ofstream(out_ / "read.json") << read.dump(1);
}

TEST_F(HFileInteropTest, WritesHFilesForHudisReaders) {
  fs::path base;
  fs::path log;
  for (const auto& entry : fs::directory_iterator(mdt_ / "files")) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 6 && name.substr(name.size() - 6) == ".hfile") base = entry.path();
    if (name.find(".log.2_") != std::string::npos && name.find(".crc") == std::string::npos) {
      log = entry.path();
    }
  }
  ASSERT_FALSE(base.empty());
  ASSERT_FALSE(log.empty());
  // The base file, cell for cell, with its user file info and bloom filter meta block.
  ASSERT_OK_AND_ASSIGN(auto reader,
                       HFileReader::Open(::arrow::Buffer::FromString(testing::ReadBinaryFile(base.string())), base));
  ASSERT_OK_AND_ASSIGN(auto out, ::arrow::io::FileOutputStream::Open(out_ / "rewritten.hfile"));
  HFileWriter writer(out.get(), {});
  for (const auto& [key, value] : reader->file_info()) {
    const bool hbase_own = key.rfind("hfile.", 0) == 0 || key == "KEY_VALUE_VERSION" ||
                           key == "MAX_MEMSTORE_TS_KEY";
    if (!hbase_own) writer.AddFileInfo(key, value);
  }
  for (const std::string& name : reader->MetaBlockNames()) {
    ASSERT_OK_AND_ASSIGN(auto meta, reader->MetaBlock(name));
    writer.AddMetaBlock(name, *meta);
  }
  ASSERT_OK(reader->Scan("", [&](std::string_view key, std::string_view value) {
    return writer.Append(key, value);
  }));
  ASSERT_OK(writer.Finish());
  ASSERT_OK(out->Close());
  // 20,000 files records (a partition's file list each) in 16 KiB blocks, GZ.
  ASSERT_OK_AND_ASSIGN(auto blocks, ParseLogBlocks(testing::ReadBinaryFile(log.string()), log.string()));
  for (const LogBlock& block : blocks) {
    if (block.type != LogBlockType::kHFileData) continue;
    ASSERT_OK_AND_ASSIGN(auto records, ReadHFileDataBlockRecords(block.content, log.string()));
    ASSERT_GE(records.size(), 2u);
    ASSERT_OK_AND_ASSIGN(auto big, ::arrow::io::FileOutputStream::Open(out_ / "big.hfile"));
    HFileWriter many(big.get(), HFileWriterOptions{.block_size = 16 * 1024});
    many.AddFileInfo("schema", *FindLogMetadata(block.header, LogHeaderKey::kSchema));
    char key[16];
    for (int i = 0; i < 20000; ++i) {
      std::snprintf(key, sizeof(key), "p%05d", i);
      ASSERT_OK(many.Append(key, records.back().second));
    }
    ASSERT_OK(many.Finish());
    ASSERT_OK(big->Close());
    return;
  }
  FAIL() << "no HFile data block in " << log;
}

}  // namespace
}  // namespace hoodie
