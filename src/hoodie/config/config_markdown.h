// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/config_markdown.h
/// \brief Renders the configuration registry as the Markdown reference
/// (docs/configuration.md).
#pragma once

#include <string>

#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// One section per group (in registration order), one table row per key: key, aliases,
/// type, default, allowed values, description. A '†' marks defaults that differ from
/// Hudi 0.15's, whose value the description then gives. Deterministic output.
HOODIE_EXPORT std::string RenderConfigMarkdown(const ConfigRegistry& registry);

/// Renders ConfigRegistry::Global().
HOODIE_EXPORT std::string RenderConfigMarkdown();

}  // namespace hoodie
