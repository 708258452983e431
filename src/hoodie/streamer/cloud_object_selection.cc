// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/cloud_object_selection.cc
#include <algorithm>
#include <tuple>
#include <utility>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/s3_events_config.h"
#include "hoodie/config/streamer_config.h"
#include "hoodie/streamer/cloud_object_selection_internal.h"
#include "hoodie/streamer/incr_source_helper_internal.h"

namespace hoodie::internal {
namespace {

// getPropVal: a key set to an empty value counts as unset.
std::optional<std::string> NonEmpty(const HoodieConfig& config,
                                    const ConfigProperty<std::string>& key) {
  std::optional<std::string> value = config.GetExplicit(key);
  if (value && value->empty()) return std::nullopt;
  return value;
}

std::optional<std::string> Either(const HoodieConfig& config,
                                  const ConfigProperty<std::string>& key,
                                  const ConfigProperty<std::string>& fallback) {
  std::optional<std::string> value = NonEmpty(config, key);
  return value ? value : NonEmpty(config, fallback);
}

bool Before(const CloudObject& a, const CloudObject& b) {
  return std::tie(a.commit, a.key) < std::tie(b.commit, b.key);
}

}  // namespace

bool SqlLike(std::string_view text, std::string_view pattern) {
  // Backtracking over the last '%': linear enough for object keys.
  size_t t = 0, p = 0, star = std::string_view::npos, mark = 0;
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '%') {
      star = p++;
      mark = t;
      continue;
    }
    if (p < pattern.size()) {
      const bool escaped = pattern[p] == '\\' && p + 1 < pattern.size();
      const char want = escaped ? pattern[p + 1] : pattern[p];
      if ((!escaped && want == '_') || want == text[t]) {
        p += escaped ? 2 : 1;
        ++t;
        continue;
      }
    }
    if (star == std::string_view::npos) return false;
    p = star + 1;
    t = ++mark;
  }
  while (p < pattern.size() && pattern[p] == '%') ++p;
  return p == pattern.size();
}

::arrow::Result<CloudObjectFilter> CloudObjectFilter::FromConfig(
    const HoodieConfig& config) {
  CloudObjectFilter out;
  // generateFilter: for S3 the deprecated s3incr keys back the cloud.data ones.
  out.select_prefix = Either(config, S3EventsConfig::kSelectRelativePathPrefix,
                             S3EventsConfig::kKeyPrefix);
  out.ignore_prefix = Either(config, S3EventsConfig::kIgnoreRelativePathPrefix,
                             S3EventsConfig::kIgnoreKeyPrefix);
  out.ignore_substring = Either(config, S3EventsConfig::kIgnoreRelativePathSubstring,
                                S3EventsConfig::kIgnoreKeySubstring);
  out.extension = NonEmpty(config, S3EventsConfig::kSelectFileExtension);
  // CloudDataFetcher.getFileFormat: datafile.format, else hoodieincr.file.format.
  std::optional<std::string> format = NonEmpty(config, S3EventsConfig::kDatafileFormat);
  if (!format) {
    ARROW_ASSIGN_OR_RAISE(format, config.Get(StreamerConfig::kHoodieIncrFileFormat));
  }
  out.format = *format;
  return out;
}

bool CloudObjectFilter::Matches(std::string_view key, int64_t size) const {
  if (size <= 0) return false;
  if (select_prefix && !SqlLike(key, *select_prefix + "%")) return false;
  if (ignore_prefix && SqlLike(key, *ignore_prefix + "%")) return false;
  if (ignore_substring && SqlLike(key, "%" + *ignore_substring + "%")) return false;
  if (extension) return SqlLike(key, "%" + *extension);
  return SqlLike(key, "%" + format + "%");
}

CloudCheckpoint CloudCheckpoint::Parse(const std::optional<std::string>& text) {
  if (!text) return {};
  const size_t hash = text->find('#');
  if (hash == std::string::npos) return {.commit = *text};
  return {.commit = text->substr(0, hash), .key = text->substr(hash + 1)};
}

std::string CloudCheckpoint::ToString() const {
  const bool no_commit = !commit || commit->empty();
  const bool no_key = !key || key->empty();
  if (no_commit && no_key) return kDefaultBeginInstant;
  if (no_key) return *commit;
  return commit.value_or("") + "#" + *key;
}

CloudSelection SelectWithinSourceLimit(std::vector<CloudObject> rows,
                                       int64_t source_limit,
                                       const std::string& end_instant,
                                       const CloudCheckpoint& last) {
  CloudSelection out;
  // Nothing (more) to read: stay inside the last commit while the range ends there.
  const CloudCheckpoint caught_up =
      last.commit == end_instant ? last : CloudCheckpoint{.commit = end_instant};
  std::sort(rows.begin(), rows.end(), Before);
  if (last.commit && last.key) {
    // Spark compares concat(commit, key) with concat of the checkpoint's, bytewise.
    const std::string after = *last.commit + *last.key;
    std::erase_if(
        rows, [&after](const CloudObject& row) { return row.commit + row.key <= after; });
  }
  if (rows.empty()) {
    out.checkpoint = caught_up;
    return out;
  }
  // The running sum over (commit, key) gives rows of equal order the same total, as a
  // window's RANGE frame does.
  size_t take = 0;
  int64_t running = 0;
  for (size_t i = 0; i < rows.size();) {
    size_t peers = i;
    int64_t total = running;
    for (; peers < rows.size() && !Before(rows[i], rows[peers]); ++peers)
      total += rows[peers].size;
    if (total > source_limit) break;
    running = total;
    take = i = peers;
  }
  if (take == 0) {
    take = 1;  // the first object alone exceeds the limit: it is read anyway
    running = rows[0].size;
  }
  for (size_t i = take; i < rows.size(); ++i) out.bytes_left += rows[i].size;
  out.objects_left = static_cast<int64_t>(rows.size() - take);
  rows.resize(take);
  out.bytes = running;
  out.checkpoint = {.commit = rows.back().commit, .key = rows.back().key};
  out.objects = std::move(rows);
  return out;
}

}  // namespace hoodie::internal
