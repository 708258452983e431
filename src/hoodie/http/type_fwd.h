// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/http/type_fwd.h
/// \brief Forward declarations of the HTTP component's types.
#pragma once

namespace hoodie {

struct HttpResponse;
struct UrlWithCredentials;

}  // namespace hoodie
