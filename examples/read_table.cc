// SPDX-License-Identifier: Apache-2.0
/// \file read_table.cc
/// \brief Streams a table's snapshot through hoodie's public API and prints its row
/// count as the last line: `read_table <table path or URI>`.
#include <cstdint>
#include <iostream>
#include <string>

#include <hoodie/api.h>

namespace {

arrow::Result<int64_t> CountRows(const std::string& uri) {
  ARROW_ASSIGN_OR_RAISE(auto table, hoodie::Table::Open(uri));
  ARROW_ASSIGN_OR_RAISE(auto batches, table->Read());
  int64_t rows = 0;
  while (true) {
    ARROW_ASSIGN_OR_RAISE(auto batch, batches->Next());
    if (batch == nullptr) break;
    rows += batch->num_rows();  // one batch at a time: memory stays bounded
  }
  return rows;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: read_table <table path or URI>\n";
    return 2;
  }
  auto rows = CountRows(argv[1]);
  if (!rows.ok()) {
    std::cerr << "read_table: " << rows.status().ToString() << "\n";
    return 1;
  }
  std::cout << *rows << "\n";
  return 0;
}
