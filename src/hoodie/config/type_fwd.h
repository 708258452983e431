// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/type_fwd.h
/// \brief Forward declarations of the config module's types.
#pragma once

namespace hoodie {

template <typename T>
struct ConfigProperty;
struct ConfigAlias;
struct ConfigEntry;
struct ConfigProblem;
struct PropertyEntry;
class ConfigRegistry;
class HoodieConfig;

}  // namespace hoodie
