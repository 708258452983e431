// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/sample_table_test_util.cc
/// \brief SampleTable: unzip, load, read as text.
#include "hoodie/read/sample_table_test_util.h"

#include <algorithm>

#include "hoodie/cli/value_text.h"
#include "hoodie/common/macros.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/test_data.h"

namespace hoodie::testing {

::arrow::Result<std::unique_ptr<SampleTable>> SampleTable::Open(const std::string& zip) {
  auto table = std::make_unique<SampleTable>();
  ARROW_ASSIGN_OR_RAISE(table->base,
                         UnzipTable("hudi-rs-tables/" + zip, table->dir.path()));
  ARROW_ASSIGN_OR_RAISE(table->client,
                         TableMetaClient::Load(Storage::Local(), table->base));
  ARROW_ASSIGN_OR_RAISE(table->reader, TableReader::Open(table->client));
  return table;
}

::arrow::Result<std::shared_ptr<const FileSystemView>> SampleTable::View() const {
  return FileSystemView::Load(*client);
}

::arrow::Result<TextRows> SampleTable::Rows(ReadOptions options,
                                            const std::vector<std::string>& columns) const {
  options.columns = columns;
  ARROW_ASSIGN_OR_RAISE(auto table, reader->ReadTable(options));
  ARROW_ASSIGN_OR_RAISE(auto batch, table->CombineChunksToBatch());
  TextRows rows;
  for (int64_t r = 0; r < batch->num_rows(); ++r) {
    std::vector<std::string> row;
    for (const std::string& name : columns) {
      row.push_back(ValueToText(*batch->GetColumnByName(name), r));
    }
    rows.push_back(std::move(row));
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

std::vector<std::string> BaseFileNames(const std::vector<FileSlice>& slices) {
  std::vector<std::string> names;
  for (const FileSlice& slice : slices) {
    names.push_back(slice.base_file ? slice.base_file->file_name : "");
  }
  return names;
}

}  // namespace hoodie::testing
