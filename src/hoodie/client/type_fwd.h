// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/type_fwd.h
/// \brief Forward declarations of the client module's types.
#pragma once

namespace hoodie {

struct InlineCompactionOutcome;
struct InlineServicesOutcome;
class AsyncCompactionService;
class Table;
struct TableOptions;
class TableServiceClient;
class WriteClient;

}  // namespace hoodie
