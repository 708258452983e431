// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/write_result.cc
/// \brief WriteResult's counts and the failed-records error.

#include "hoodie/write/write_result.h"

#include "hoodie/keygen/key_generator.h"

namespace hoodie {

::arrow::Status FailedRecordsError(int64_t input_records,
                                   const std::vector<FailedWrite>& failed,
                                   const std::function<std::string(int64_t)>& where,
                                   std::string_view hint) {
  constexpr size_t kShown = 5;
  std::string text = std::to_string(failed.size()) + " of " +
                     std::to_string(input_records) +
                     " records failed, nothing was committed: ";
  for (size_t i = 0; i < failed.size() && i < kShown; ++i) {
    if (i > 0) text += "; ";
    // The caller places the record itself: the key generator's batch row would mislead.
    text += where(failed[i].input_row) + ": " + WithoutBatchRow(failed[i].message);
  }
  if (failed.size() > kShown) {
    text += "; and " + std::to_string(failed.size() - kShown) + " more";
  }
  if (!hint.empty()) text += " (" + std::string(hint) + ")";
  return ::arrow::Status::Invalid(text);
}

int64_t WriteResult::FilesReplaced() const {
  int64_t count = 0;
  for (const auto& [partition, file_ids] : replaced_file_ids) count += file_ids.size();
  return count;
}

void WriteResult::CountStats() {
  for (const WriteStat& stat : stats) {
    inserted += stat.num_inserts;
    updated += stat.num_update_writes;
    deleted += stat.num_deletes;
  }
}

}  // namespace hoodie
