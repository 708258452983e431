// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/type_fwd.h
/// \brief Forward declarations of the index module.
#pragma once

namespace hoodie {

struct HoodieKey;
struct RecordLocation;
class Index;
class IndexRegistry;

}  // namespace hoodie
