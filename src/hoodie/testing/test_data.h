// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/test_data.h
/// \brief Locates the shared test data (real Hudi tables, seed documents) and unzips tables.
#pragma once

#include <string>

#include <arrow/result.h>

namespace hoodie::testing {

/// The folder holding `hudi-rs-tables/`: $HOODIE_TEST_DATA, else ../shared/testdata
/// relative to the source tree.
std::string TestDataDir();

/// The folder of the seed documents: $HOODIE_SEEDS_DIR, else ../shared/seeds.
std::string SeedsDir();

/// The bytes of the file at `path` (empty when it cannot be read: the test's own checks
/// then fail on what it expected).
std::string ReadBinaryFile(const std::string& path);

/// The test files of hudi-rs' `hudi` 0.5.0 source package (PyPI): its HBase-written
/// HFiles (`hfile/`) and metadata-table HFiles (`metadata_slices/`), which
/// scripts/setup-testdata.sh unpacks: $HOODIE_HUDI_RS_TEST_FILES, else
/// .deps/hudi-rs-test-files in the source tree. \return IOError saying how to get them.
::arrow::Result<std::string> HudiRsTestFilesDir();

/// Unzips `zip_relative` (relative to TestDataDir(), e.g.
/// "hudi-rs-tables/sample_table/cow/v6_nonpartitioned.zip") into `dest` and returns the
/// path of the table's base folder (the single top-level folder of the archive).
::arrow::Result<std::string> UnzipTable(const std::string& zip_relative,
                                        const std::string& dest);

}  // namespace hoodie::testing
