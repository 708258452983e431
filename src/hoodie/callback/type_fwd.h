// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/callback/type_fwd.h
/// \brief Forward declarations of the write commit callbacks' types.
#pragma once

namespace hoodie {

struct CommitCallbackMessage;
class CommitCallback;
class CommitCallbackRegistry;
struct HttpCommitCallbackOptions;
class HttpCommitCallback;

}  // namespace hoodie
