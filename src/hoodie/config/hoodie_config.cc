// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/hoodie_config.cc
/// \brief HoodieConfig layering, include resolution and validation.
#include "hoodie/config/hoodie_config.h"

#include "hoodie/common/error.h"

#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>

#include "hoodie/common/logging.h"
#include "hoodie/common/uri.h"
#include "hoodie/config/config_registry.h"
#include "hoodie/config/config_value.h"

namespace hoodie {
namespace fs = std::filesystem;

namespace {

::arrow::Result<std::string> ReadWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return ::arrow::Status::IOError("cannot read properties file '", path, "'");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad())
    return ::arrow::Status::IOError("error reading properties file '", path, "'");
  return buffer.str();
}

// A URI names its file as it is; only local paths are made absolute and resolved.
std::string CanonicalPath(const std::string& path) {
  if (HasScheme(path)) return path;
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(fs::absolute(path), ec);
  return ec ? fs::absolute(path).lexically_normal().string() : canonical.string();
}

std::string JoinChain(const std::vector<std::string>& stack, const std::string& last) {
  std::string chain;
  for (const std::string& file : stack) chain += file + " -> ";
  return chain + last;
}

}  // namespace

::arrow::Status HoodieConfig::LoadPropertiesFile(const std::string& path,
                                                 const TextFileReader& read) {
  std::vector<std::string> stack;
  return LoadFile(path, read, &stack);
}

// Mirrors DFSPropertiesConfiguration.addPropsFromStream: entries apply in order and an
// include is loaded where it appears, so later lines of the including file override it.
::arrow::Status HoodieConfig::LoadFile(const std::string& path, const TextFileReader& read,
                                       std::vector<std::string>* stack) {
  std::string canonical = CanonicalPath(path);
  // URIs through the caller's reader (Storage); plain paths are local files.
  ARROW_ASSIGN_OR_RAISE(std::string text,
                        read && HasScheme(path) ? read(path) : ReadWholeFile(path));
  ARROW_ASSIGN_OR_RAISE(std::vector<PropertyEntry> parsed,
                        ParseJavaPropertiesEntries(text, path));
  stack->push_back(canonical);
  for (const PropertyEntry& entry : parsed) {
    if (entry.key != "include") {
      Set(entry.key, entry.value);
      continue;
    }
    fs::path included(entry.value);
    if (entry.value.empty()) {
      return ::arrow::Status::Invalid("empty include in ", path, " at line ", entry.line);
    }
    if (!HasScheme(entry.value) && included.is_relative()) {
      included = fs::path(canonical).parent_path() / included;
    }
    std::string included_canonical = CanonicalPath(included.string());
    for (const std::string& open : *stack) {
      if (open == included_canonical) {
        return ::arrow::Status::Invalid("include cycle in ", path, " at line ",
                                        entry.line, ": ",
                                        JoinChain(*stack, included_canonical));
      }
    }
    ::arrow::Status st = LoadFile(included.string(), read, stack);
    if (!st.ok()) {
      return st.WithMessage(st.message(), " (included from ", path, " at line ",
                            entry.line, ")");
    }
  }
  stack->pop_back();
  return ::arrow::Status::OK();
}

::arrow::Status HoodieConfig::AddHoodieConf(std::string_view argument) {
  size_t eq = argument.find('=');
  if (eq == std::string_view::npos) {
    return ::arrow::Status::Invalid("--hoodie-conf expects key=value, got '", argument,
                                    "'");
  }
  std::string_view key = argument.substr(0, eq);
  while (!key.empty() && key.back() == ' ') key.remove_suffix(1);
  while (!key.empty() && key.front() == ' ') key.remove_prefix(1);
  if (key.empty()) {
    return ::arrow::Status::Invalid("--hoodie-conf has an empty key: '", argument, "'");
  }
  Set(key, argument.substr(eq + 1));
  return ::arrow::Status::OK();
}

::arrow::Status HoodieConfig::AddHoodieConfs(const std::vector<std::string>& arguments) {
  for (const std::string& argument : arguments) {
    ARROW_RETURN_NOT_OK(AddHoodieConf(argument));
  }
  return ::arrow::Status::OK();
}

HoodieConfig& HoodieConfig::Set(std::string_view key, std::string_view value) {
  auto it = index_.find(std::string(key));
  if (it != index_.end()) {
    entries_[it->second].second = std::string(value);
  } else {
    index_.emplace(std::string(key), entries_.size());
    entries_.emplace_back(std::string(key), std::string(value));
  }
  return *this;
}

std::optional<std::string> HoodieConfig::GetRaw(std::string_view key) const {
  auto it = index_.find(std::string(key));
  if (it == index_.end()) return std::nullopt;
  return entries_[it->second].second;
}

void HoodieConfig::WarnDeprecatedOnce(std::string_view alias, std::string_view key) {
  static std::mutex mutex;
  static std::set<std::string, std::less<>> warned;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!warned.emplace(alias).second) return;
  }
  LogWarning("config key '" + std::string(alias) + "' is deprecated; use '" +
             std::string(key) + "'");
}

namespace {

// The refusal of `key`=`value` for a key hoodie does not implement yet, if refused.
std::optional<std::string> Refusal(const ConfigEntry& entry, const std::string& key,
                                   const std::string& value) {
  if (entry.support != ConfigSupport::kRefused) return std::nullopt;
  std::optional<std::string> accepted =
      entry.accepted_value.empty() ? entry.default_value
                                   : std::optional<std::string>(entry.accepted_value);
  if (entry.accepted_value == kRefusedWhenSet) accepted = std::nullopt;
  if (accepted && EqualsIgnoreCase(*accepted, value)) return std::nullopt;
  const std::string shown = entry.secret ? std::string(kRedactedValue) : value;
  std::string message = key + "=" + shown + " is not supported by hoodie: " +
                        std::string(entry.support_note);
  message += accepted ? "; remove it or set it to " + *accepted : "; remove it";
  return message;
}

}  // namespace

::arrow::Status HoodieConfig::CheckSupported() const {
  const ConfigRegistry& registry = ConfigRegistry::Global();
  std::string refused;
  std::vector<std::string> no_effect;
  for (const auto& [key, value] : entries_) {
    const ConfigEntry* entry = registry.Find(key);
    if (entry == nullptr) continue;
    if (auto refusal = Refusal(*entry, key, value)) {
      refused += (refused.empty() ? "" : "; ") + *refusal;
    } else if (entry->support == ConfigSupport::kNoEffect) {
      // Each with its reason: most tune Spark or the JVM, but not all (Flink's state).
      no_effect.push_back(key + " (" + std::string(entry->support_note) + ")");
    }
  }
  if (!refused.empty()) {
    return WithErrorCode(::arrow::Status::NotImplemented(refused), ErrorCode::kInvalidOption);
  }
  if (!no_effect.empty()) {
    std::string line = "no effect in a native engine: ";
    for (size_t i = 0; i < no_effect.size(); ++i) line += (i ? "; " : "") + no_effect[i];
    static std::mutex mutex;
    static std::set<std::string> warned;
    std::lock_guard<std::mutex> lock(mutex);
    if (warned.insert(line).second) LogWarning(line);
  }
  return ::arrow::Status::OK();
}

std::vector<ConfigProblem> HoodieConfig::Check(UnknownKeys unknown) const {
  const ConfigRegistry& registry = ConfigRegistry::Global();
  std::vector<ConfigProblem> problems;
  using Severity = ConfigProblem::Severity;
  for (const auto& [key, value] : entries_) {
    const ConfigEntry* entry = registry.Find(key);
    if (entry == nullptr) {
      if (unknown == UnknownKeys::kHoodieOnly && key.rfind("hoodie.", 0) != 0) continue;
      std::string message = "unknown key '" + key + "'";
      std::string closest = registry.ClosestKey(key);
      if (!closest.empty()) message += "; did you mean '" + closest + "'?";
      problems.push_back({Severity::kWarning, key, std::move(message)});
      continue;
    }
    ::arrow::Status st = entry->check(value);
    if (!st.ok()) {
      std::string message = st.message();
      if (key != entry->key) message += " (set as '" + key + "')";
      problems.push_back({Severity::kError, key, std::move(message)});
    } else if (auto refusal = Refusal(*entry, key, value)) {
      problems.push_back({Severity::kError, key, *refusal});
    }
    for (const ConfigAlias& alias : entry->aliases) {
      if (alias.key == key && alias.deprecated) {
        problems.push_back({Severity::kWarning, key,
                            "config key '" + key + "' is deprecated; use '" +
                                std::string(entry->key) + "'"});
      }
    }
  }
  return problems;
}

::arrow::Status HoodieConfig::Validate() const {
  std::string errors;
  for (const ConfigProblem& problem : Check()) {
    if (problem.severity == ConfigProblem::Severity::kWarning) {
      LogWarning(problem.message);
    } else {
      if (!errors.empty()) errors += "; ";
      errors += problem.message;
    }
  }
  if (!errors.empty()) {
    return WithErrorCode(::arrow::Status::Invalid(errors), ErrorCode::kInvalidOption);
  }
  return ::arrow::Status::OK();
}

}  // namespace hoodie
