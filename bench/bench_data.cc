// SPDX-License-Identifier: Apache-2.0
/// \file bench/bench_data.cc
/// \brief The benchmark's data generator.

#include "bench_data.h"

#include <array>
#include <cstdio>
#include <string>

#include <arrow/builder.h>
#include <arrow/type.h>

namespace hoodie::bench {
namespace {

uint64_t SplitMix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

constexpr std::array<const char*, 16> kSyllables = {
    "ka", "lo", "mi",  "ra", "ton", "vel", "sa",  "dor",
    "ni", "pe", "qua", "zu", "bel", "fi",  "gar", "hu"};
constexpr std::array<const char*, 16> kCities = {
    "Lisbon", "Oslo", "Quito", "Lima",   "Hanoi", "Dakar", "Perth", "Porto",
    "Turin",  "Graz", "Cork",  "Bergen", "Malmo", "Ghent", "Split", "Riga"};
constexpr std::array<const char*, 5> kStatus = {"new", "paid", "shipped", "returned",
                                                "closed"};
constexpr std::array<const char*, 64> kWords = {
    "alpha", "bravo",  "cargo",  "delta", "eagle",   "fable", "giant", "harbor",
    "index", "jolly",  "karma",  "lemon", "metro",   "noble", "ocean", "piano",
    "quick", "radar",  "solar",  "tango", "ultra",   "vivid", "waltz", "xenon",
    "yield", "zebra",  "amber",  "blaze", "cider",   "dune",  "ember", "frost",
    "grove", "haze",   "ivory",  "jade",  "kite",    "lunar", "maple", "nectar",
    "orbit", "pearl",  "quartz", "ridge", "sable",   "tide",  "umber", "vault",
    "wren",  "yarrow", "zest",   "acorn", "birch",   "coral", "dawn",  "elm",
    "fern",  "gale",   "heron",  "iris",  "juniper", "kelp",  "larch", "moss"};

class Generator : public ::arrow::RecordBatchReader {
 public:
  Generator(int64_t count, std::function<int64_t(int64_t)> id_of, int64_t ts,
            int64_t batch_rows)
      : count_(count), id_of_(std::move(id_of)), ts_(ts), batch_rows_(batch_rows) {}

  std::shared_ptr<::arrow::Schema> schema() const override { return BenchSchema(); }

  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* out) override {
    if (next_ >= count_) {
      *out = nullptr;
      return ::arrow::Status::OK();
    }
    int64_t rows = std::min(batch_rows_, count_ - next_);
    ::arrow::StringBuilder key, partition, name, city, status, comment;
    ::arrow::Int64Builder ts, user_id;
    ::arrow::TimestampBuilder event_time(
        ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC"),
        ::arrow::default_memory_pool());
    ::arrow::Int32Builder quantity, score, flags;
    ::arrow::DoubleBuilder price, lat, lon;
    char text[64];
    std::string words;
    for (int64_t r = 0; r < rows; ++r) {
      int64_t id = id_of_(next_ + r);
      uint64_t h = SplitMix64(static_cast<uint64_t>(id));
      uint64_t g = SplitMix64(h);
      std::snprintf(text, sizeof(text), "%016llx", static_cast<unsigned long long>(h));
      ARROW_RETURN_NOT_OK(key.Append(text, 16));
      std::snprintf(text, sizeof(text), "2024-01-%02d", static_cast<int>(h % 10) + 1);
      ARROW_RETURN_NOT_OK(partition.Append(text, 10));
      ARROW_RETURN_NOT_OK(ts.Append(ts_));
      ARROW_RETURN_NOT_OK(event_time.Append(1704067200000000LL + id * 1000));
      ARROW_RETURN_NOT_OK(user_id.Append(static_cast<int64_t>(g % 1000000)));
      ARROW_RETURN_NOT_OK(quantity.Append(static_cast<int32_t>(g % 100)));
      ARROW_RETURN_NOT_OK(score.Append(static_cast<int32_t>((g >> 8) % 1000)));
      ARROW_RETURN_NOT_OK(flags.Append(static_cast<int32_t>((g >> 20) % 8)));
      ARROW_RETURN_NOT_OK(price.Append(static_cast<double>(g % 100000) / 100.0));
      ARROW_RETURN_NOT_OK(
          lat.Append(static_cast<double>((g >> 12) % 180000) / 1000.0 - 90));
      ARROW_RETURN_NOT_OK(
          lon.Append(static_cast<double>((g >> 30) % 360000) / 1000.0 - 180));
      words.clear();
      for (int s = 0; s < 3; ++s) words += kSyllables[(g >> (4 * s)) % 16];
      ARROW_RETURN_NOT_OK(name.Append(words));
      ARROW_RETURN_NOT_OK(city.Append(kCities[(g >> 40) % 16]));
      ARROW_RETURN_NOT_OK(status.Append(kStatus[(g >> 44) % 5]));
      words.clear();
      uint64_t w = SplitMix64(g);
      for (int s = 0; s < 8; ++s) {
        if (s > 0) words += ' ';
        words += kWords[(w >> (6 * s)) % 64];
      }
      ARROW_RETURN_NOT_OK(comment.Append(words));
    }
    next_ += rows;
    std::vector<std::shared_ptr<::arrow::Array>> columns(15);
    ARROW_RETURN_NOT_OK(key.Finish(&columns[0]));
    ARROW_RETURN_NOT_OK(partition.Finish(&columns[1]));
    ARROW_RETURN_NOT_OK(ts.Finish(&columns[2]));
    ARROW_RETURN_NOT_OK(event_time.Finish(&columns[3]));
    ARROW_RETURN_NOT_OK(user_id.Finish(&columns[4]));
    ARROW_RETURN_NOT_OK(quantity.Finish(&columns[5]));
    ARROW_RETURN_NOT_OK(score.Finish(&columns[6]));
    ARROW_RETURN_NOT_OK(flags.Finish(&columns[7]));
    ARROW_RETURN_NOT_OK(price.Finish(&columns[8]));
    ARROW_RETURN_NOT_OK(lat.Finish(&columns[9]));
    ARROW_RETURN_NOT_OK(lon.Finish(&columns[10]));
    ARROW_RETURN_NOT_OK(name.Finish(&columns[11]));
    ARROW_RETURN_NOT_OK(city.Finish(&columns[12]));
    ARROW_RETURN_NOT_OK(status.Finish(&columns[13]));
    ARROW_RETURN_NOT_OK(comment.Finish(&columns[14]));
    *out = ::arrow::RecordBatch::Make(BenchSchema(), rows, std::move(columns));
    return ::arrow::Status::OK();
  }

 private:
  int64_t count_;
  std::function<int64_t(int64_t)> id_of_;
  int64_t ts_;
  int64_t batch_rows_;
  int64_t next_ = 0;
};

}  // namespace

std::shared_ptr<::arrow::Schema> BenchSchema() {
  static const auto schema = ::arrow::schema({
      ::arrow::field("key", ::arrow::utf8()),
      ::arrow::field("partition", ::arrow::utf8()),
      ::arrow::field("ts", ::arrow::int64()),
      ::arrow::field("event_time", ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC")),
      ::arrow::field("user_id", ::arrow::int64()),
      ::arrow::field("quantity", ::arrow::int32()),
      ::arrow::field("score", ::arrow::int32()),
      ::arrow::field("flags", ::arrow::int32()),
      ::arrow::field("price", ::arrow::float64()),
      ::arrow::field("lat", ::arrow::float64()),
      ::arrow::field("lon", ::arrow::float64()),
      ::arrow::field("name", ::arrow::utf8()),
      ::arrow::field("city", ::arrow::utf8()),
      ::arrow::field("status", ::arrow::utf8()),
      ::arrow::field("comment", ::arrow::utf8()),
  });
  return schema;
}

std::shared_ptr<::arrow::RecordBatchReader> GenerateRecords(
    int64_t count, std::function<int64_t(int64_t)> id_of, int64_t ts,
    int64_t batch_rows) {
  return std::make_shared<Generator>(count, std::move(id_of), ts, batch_rows);
}

std::shared_ptr<::arrow::RecordBatchReader> InitialLoad(int64_t count) {
  return GenerateRecords(count, [](int64_t i) { return i; }, 1);
}

std::shared_ptr<::arrow::RecordBatchReader> UpsertBatch(int64_t base, int64_t count) {
  int64_t updates = (count + 1) / 2;
  int64_t stride = std::max<int64_t>(base / std::max<int64_t>(updates, 1), 1);
  return GenerateRecords(
      count,
      [base, stride](int64_t i) {
        return i % 2 == 0 ? ((i / 2) * stride) % base : base + i / 2;
      },
      2);
}

}  // namespace hoodie::bench
