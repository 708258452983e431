// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/plugin_registry.h
/// \brief PluginRegistry: the one name -> factory registry of every pluggable family
/// (key generators, indexes, record mergers, bulk insert partitioners, compaction
/// strategies and triggers, bloom filter types, input formats; next lock providers,
/// sources, schema providers, transformers, metrics reporters and callbacks).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/common/ascii.h"
#include "hoodie/common/string_list.h"

namespace hoodie {

/// \brief Factories of `Product` by name: a Hudi class name and its short aliases.
///
/// Names are matched exactly first (Java class names are case-sensitive), then ignoring
/// ASCII case (short names such as `json` or `SIMPLE`). Registering a taken name is
/// AlreadyExists; making an unknown one is Invalid listing every registered name. A
/// factory takes the family's arguments (the configuration, usually) and decides
/// behaviour through the product's virtuals, never through its name. A name may be
/// reserved for a plug-in an optional component library provides (`Reserve`): until the
/// component registers it, making it is refused naming what to link. Thread-safe.
template <typename Product, typename... Args>
class PluginRegistry {
 public:
  using Factory = std::function<::arrow::Result<std::unique_ptr<Product>>(Args...)>;

  /// `family` names the plug-ins in messages ("key generator", "input format").
  explicit PluginRegistry(std::string family) : family_(std::move(family)) {}

  /// Adds `factory` under `name` and each alias, or nothing when one is taken. A name
  /// only reserved (`Reserve`) is taken over.
  ::arrow::Status Register(const std::string& name, const std::vector<std::string>& aliases,
                           Factory factory) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<std::string> all = aliases;
    all.insert(all.begin(), name);
    for (const std::string& each : all) {
      if (factories_.count(each) > 0 && reserved_.count(each) == 0) {
        return ::arrow::Status::AlreadyExists(family_, " '", each,
                                              "' is already registered");
      }
    }
    auto shared = std::make_shared<Factory>(std::move(factory));
    for (const std::string& each : all) {
      factories_[each] = shared;
      reserved_.erase(each);
    }
    return ::arrow::Status::OK();
  }

  /// Keeps `name` and its aliases for a plug-in of an optional component library that
  /// is not registered yet: making one is NotImplemented, "<family> class <name> needs
  /// <needs>", so the user learns what to link rather than reading "unknown". The
  /// component's own `Register` takes the names over. AlreadyExists when a name is taken.
  ::arrow::Status Reserve(const std::string& name, const std::vector<std::string>& aliases,
                          const std::string& needs) {
    std::string refusal = family_ + " class " + name + " needs " + needs;
    Factory refuse = [refusal](Args...) -> ::arrow::Result<std::unique_ptr<Product>> {
      return ::arrow::Status::NotImplemented(refusal);
    };
    ARROW_RETURN_NOT_OK(Register(name, aliases, std::move(refuse)));
    std::lock_guard<std::mutex> lock(mutex_);
    reserved_.insert(name);
    reserved_.insert(aliases.begin(), aliases.end());
    return ::arrow::Status::OK();
  }

  bool Contains(std::string_view name) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return Find(name) != nullptr;
  }

  /// Every registered name and alias, sorted.
  std::vector<std::string> names() const {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<std::string> out;
    for (const auto& [name, factory] : factories_) out.push_back(name);
    return out;
  }

  ::arrow::Result<std::unique_ptr<Product>> Make(std::string_view name, Args... args) const {
    std::shared_ptr<Factory> factory;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      factory = Find(name);
    }
    if (factory == nullptr) {
      std::string known = Join(names(), ", ");
      return ::arrow::Status::Invalid("unknown ", family_, " '", name,
                                      "': hoodie has none registered under that name "
                                      "(registered: ",
                                      known.empty() ? "none" : known, ")");
    }
    ::arrow::Result<std::unique_ptr<Product>> made = (*factory)(std::forward<Args>(args)...);
    if (made.ok() && *made == nullptr) {
      return ::arrow::Status::Invalid("the factory of ", family_, " '", name,
                                      "' made nothing");
    }
    return made;
  }

 private:
  // Caller holds mutex_.
  std::shared_ptr<Factory> Find(std::string_view name) const {
    auto it = factories_.find(std::string(name));
    if (it != factories_.end()) return it->second;
    for (const auto& [each, factory] : factories_) {
      if (EqualsIgnoreCase(each, name)) return factory;
    }
    return nullptr;
  }

  std::string family_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Factory>> factories_;
  // Names whose factory only refuses, waiting for a component to register them.
  std::set<std::string> reserved_;
};

}  // namespace hoodie
