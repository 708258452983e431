// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/config_markdown.cc
/// \brief Markdown rendering of the configuration registry.
#include "hoodie/config/config_markdown.h"

#include <vector>

#include "hoodie/config/config_registry.h"
#include "hoodie/config/config_value.h"

namespace hoodie {
namespace {

// Table cells cannot hold '|' or line breaks.
std::string Cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n' || c == '\r') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

std::string Code(std::string_view text) {
  if (text.empty()) return "`\"\"`";
  return "`" + Cell(text) + "`";
}

std::string AliasesCell(const ConfigEntry& entry) {
  std::string out;
  for (const ConfigAlias& alias : entry.aliases) {
    if (!out.empty()) out += "<br>";
    out += Code(alias.key);
    if (alias.deprecated) out += " (deprecated)";
    if (!alias.documented_default.empty()) {
      out += " (documented default " + Cell(alias.documented_default) + ")";
    }
  }
  return out;
}

std::string DefaultCell(const ConfigEntry& entry) {
  std::string out = entry.default_value ? Code(*entry.default_value) : "(none)";
  if (!entry.hudi_0_15_default.empty()) out += " †";
  return out;
}

std::string DescriptionCell(const ConfigEntry& entry) {
  std::string out = Cell(entry.doc);
  if (!entry.hudi_0_15_default.empty()) {
    out += " † Hudi 0.15 default: " + Cell(entry.hudi_0_15_default) + ".";
  }
  if (!entry.override_reason.empty()) out += " Note: " + Cell(entry.override_reason);
  if (entry.advanced) out += " (advanced)";
  if (!entry.since.empty()) out += " Since " + Cell(entry.since) + ".";
  return out;
}

std::string AllowedCell(const ConfigEntry& entry) {
  std::string out;
  for (std::string_view value : entry.allowed_values) {
    if (!out.empty()) out += ", ";
    out += Code(value);
  }
  return out;
}

// honoured, or refused / no effect with the reason.
std::string StatusCell(const ConfigEntry& entry) {
  std::string out = ConfigSupportName(entry.support);
  if (entry.support != ConfigSupport::kHonoured && !entry.support_note.empty()) {
    out += ": " + Cell(entry.support_note);
  }
  return out;
}

void RenderGroup(const ConfigRegistry& registry, std::string_view group,
                 std::string* out) {
  *out += "\n## " + std::string(group) + "\n\n";
  *out += "| Key | Aliases | Type | Default | Allowed values | Status | Description |\n";
  *out += "|---|---|---|---|---|---|---|\n";
  for (const ConfigEntry& entry : registry.entries()) {
    if (entry.group != group) continue;
    *out += "| " + Code(entry.key) + " | " + AliasesCell(entry) + " | " +
            ConfigTypeName(entry.type) + " | " + DefaultCell(entry) + " | " +
            AllowedCell(entry) + " | " + StatusCell(entry) + " | " +
            DescriptionCell(entry) + " |\n";
  }
}

}  // namespace

std::string RenderConfigMarkdown(const ConfigRegistry& registry) {
  std::string out =
      "# Configuration reference\n\n"
      "Generated from the hoodie configuration registry (`src/hoodie/config/`) by\n"
      "`hoodie config list --markdown`; do not edit by hand.\n\n"
      "Keys, aliases and defaults follow the Hudi configuration reference. A † marks a\n"
      "default that differs from Apache Hudi 0.15's; the description gives 0.15's "
      "value.\n"
      "A note explains where a documented default was not taken.\n\n"
      "Status: *honoured* keys work as Hudi documents them; a *refused* key set to\n"
      "anything but its default fails the command before anything is written, naming\n"
      "the key, what is not supported and what to do instead; keys of *no effect* only\n"
      "tune Spark or the JVM (parallelism, storage levels, heap fractions), so hoodie\n"
      "accepts them with one warning line.\n";
  std::vector<std::string_view> groups;
  for (const ConfigEntry& entry : registry.entries()) {
    bool seen = false;
    for (std::string_view group : groups) seen = seen || group == entry.group;
    if (!seen) groups.push_back(entry.group);
  }
  for (std::string_view group : groups) RenderGroup(registry, group, &out);
  return out;
}

std::string RenderConfigMarkdown() {
  return RenderConfigMarkdown(ConfigRegistry::Global());
}

}  // namespace hoodie
