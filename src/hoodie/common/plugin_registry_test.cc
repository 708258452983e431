// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/plugin_registry_test.cc
/// \brief PluginRegistry: aliases, case-insensitive short names, duplicates refused,
/// unknown names listing the known ones, factories taking the family's arguments, names
/// reserved for component libraries.
#include "hoodie/common/plugin_registry.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace hoodie {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

struct Greeter {
  virtual ~Greeter() = default;
  virtual std::string Greet() const = 0;
};

struct Hello : Greeter {
  explicit Hello(std::string name) : name(std::move(name)) {}
  std::string Greet() const override { return "hello " + name; }
  std::string name;
};

using GreeterRegistry = PluginRegistry<Greeter, const std::string&>;

GreeterRegistry::Factory HelloFactory() {
  return [](const std::string& name) -> ::arrow::Result<std::unique_ptr<Greeter>> {
    if (name.empty()) return ::arrow::Status::Invalid("a name is required");
    return std::make_unique<Hello>(name);
  };
}

TEST(PluginRegistryTest, MakesByNameOrAliasAndRefusesDuplicates) {
  GreeterRegistry registry("greeter");
  ASSERT_TRUE(registry.Register("org.example.HelloGreeter", {"HELLO"}, HelloFactory()).ok());
  EXPECT_THAT(registry.names(), ElementsAre("HELLO", "org.example.HelloGreeter"));
  EXPECT_EQ(registry.Make("org.example.HelloGreeter", "ann").ValueOrDie()->Greet(),
            "hello ann");
  // Short names match in any case; the factory's own errors come through.
  EXPECT_EQ(registry.Make("hello", "bo").ValueOrDie()->Greet(), "hello bo");
  EXPECT_THAT(registry.Make("hello", "").status().message(), HasSubstr("a name is required"));
  auto taken = registry.Register("other", {"HELLO"}, HelloFactory());
  EXPECT_TRUE(taken.IsAlreadyExists());
  EXPECT_THAT(taken.message(), HasSubstr("greeter 'HELLO' is already registered"));
  EXPECT_FALSE(registry.Contains("other"));  // nothing of a refused registration stays
  auto unknown = registry.Make("Goodbye", "x");
  EXPECT_TRUE(unknown.status().IsInvalid());
  EXPECT_THAT(unknown.status().message(),
              HasSubstr("unknown greeter 'Goodbye': hoodie has none registered under that name (registered: HELLO, org.example.HelloGreeter)"));
}

// A component library's plug-in: refused naming the component until it registers, then
// made by its factory under every reserved name; a real plug-in is never taken over.
TEST(PluginRegistryTest, AReservedNameIsRefusedUntilItsComponentRegistersIt) {
  GreeterRegistry registry("greeter");
  ASSERT_TRUE(registry.Reserve("org.example.HelloGreeter", {"HELLO"}, "the hello component")
                  .ok());
  auto refused = registry.Make("hello", "ann");
  EXPECT_TRUE(refused.status().IsNotImplemented());
  EXPECT_EQ(refused.status().message(),
            "greeter class org.example.HelloGreeter needs the hello component");
  ASSERT_TRUE(registry.Register("org.example.HelloGreeter", {"HELLO"}, HelloFactory()).ok());
  EXPECT_EQ(registry.Make("hello", "ann").ValueOrDie()->Greet(), "hello ann");
  EXPECT_TRUE(registry.Register("HELLO", {}, HelloFactory()).IsAlreadyExists());
  EXPECT_TRUE(registry.Reserve("HELLO", {}, "anything").IsAlreadyExists());
}

}  // namespace
}  // namespace hoodie
