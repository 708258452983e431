// SPDX-License-Identifier: Apache-2.0
#include "hoodie/testing/test_data.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <arrow/status.h>

namespace hoodie::testing {
namespace fs = std::filesystem;

namespace {
std::string FromEnvOr(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return (v != nullptr && *v != '\0') ? std::string(v) : fallback;
}
}  // namespace

std::string TestDataDir() {
  return FromEnvOr("HOODIE_TEST_DATA", std::string(HOODIE_SOURCE_DIR) + "/../shared/testdata");
}

std::string SeedsDir() {
  return FromEnvOr("HOODIE_SEEDS_DIR", std::string(HOODIE_SOURCE_DIR) + "/../shared/seeds");
}

std::string ReadBinaryFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

::arrow::Result<std::string> HudiRsTestFilesDir() {
  std::string dir = FromEnvOr("HOODIE_HUDI_RS_TEST_FILES",
                              std::string(HOODIE_SOURCE_DIR) + "/.deps/hudi-rs-test-files");
  if (!fs::exists(dir + "/hfile")) {
    return ::arrow::Status::IOError("hudi-rs' test files are not in ", dir,
                                    ": run scripts/setup-testdata.sh (or set "
                                    "HOODIE_HUDI_RS_TEST_FILES)");
  }
  return dir;
}

::arrow::Result<std::string> UnzipTable(const std::string& zip_relative,
                                        const std::string& dest) {
  std::string zip = TestDataDir() + "/" + zip_relative;
  if (!fs::exists(zip)) {
    return ::arrow::Status::IOError("test table archive not found: ", zip,
                                    " (set HOODIE_TEST_DATA to the shared testdata folder)");
  }
  fs::create_directories(dest);
  std::string cmd = "unzip -q -o '" + zip + "' -d '" + dest + "'";
  if (std::system(cmd.c_str()) != 0) {
    return ::arrow::Status::IOError("unzip failed: ", cmd);
  }
  // The archives hold one top-level folder named after the table.
  std::string found;
  for (const auto& entry : fs::directory_iterator(dest)) {
    if (entry.is_directory() && entry.path().filename() != "__MACOSX") {
      if (!found.empty()) {
        return ::arrow::Status::Invalid("archive has several top-level folders: ", zip);
      }
      found = entry.path().string();
    }
  }
  if (found.empty()) return ::arrow::Status::Invalid("archive has no folder: ", zip);
  return found;
}

}  // namespace hoodie::testing
