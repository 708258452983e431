// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/type_fwd.h
/// \brief Forward declarations of the key generator module.
#pragma once

namespace hoodie {

struct KeyError;
struct KeyColumns;
struct KeyGeneratorOptions;
struct KeyGeneratorConfig;
class KeyGenerator;
class KeyGeneratorRegistry;

}  // namespace hoodie
