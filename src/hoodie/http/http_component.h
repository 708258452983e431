// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/http/http_component.h
/// \brief hoodie's HTTP component (libhoodie_http, CMake target hoodie::http): the
/// streamer plug-ins that fetch over HTTP with libcurl, kept out of libhoodie so that a
/// program that only reads and writes tables links no HTTP client.
#pragma once

#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Registers SchemaRegistryProvider (also `registry`) in the streamer's
/// process-wide schema provider registry, taking over the names libhoodie reserves for
/// it; until then making it is refused naming this component. Explicit rather than on
/// load, as every builtin plug-in family registers (STYLE.md section 5).
///
/// Idempotent and thread-safe: later calls return the first call's status (OK, or
/// AlreadyExists when another library registered one of these names first).
HOODIE_EXPORT ::arrow::Status RegisterHttpComponent();

}  // namespace hoodie
