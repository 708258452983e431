// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/config_docs_test.cc
/// \brief docs/configuration.md must be exactly the rendering of the registry.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "hoodie/config/config_markdown.h"

namespace hoodie {
namespace {

TEST(ConfigDocsTest, ConfigurationMarkdownIsUpToDate) {
  const std::string path = std::string(HOODIE_SOURCE_DIR) + "/docs/configuration.md";
  const std::string expected = RenderConfigMarkdown();
  const char* regenerate = std::getenv("HOODIE_REGENERATE_DOCS");
  if (regenerate != nullptr && std::string(regenerate) == "1") {
    std::ofstream(path, std::ios::binary) << expected;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in.good()) << "missing " << path;
  std::ostringstream actual;
  actual << in.rdbuf();
  EXPECT_TRUE(actual.str() == expected)
      << path << " is out of date with the configuration registry. Regenerate it with\n"
      << "  hoodie config list --markdown > docs/configuration.md\n"
      << "or HOODIE_REGENERATE_DOCS=1 ctest -R ConfigDocsTest, and commit the result.";
}

}  // namespace
}  // namespace hoodie
