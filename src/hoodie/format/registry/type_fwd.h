// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/registry/type_fwd.h
/// \brief Forward declarations of the format/registry module.
#pragma once

namespace hoodie {

class BaseFileFormatRegistry;

}  // namespace hoodie
