// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/http/api.h
/// \brief The public API of hoodie's HTTP component (libhoodie_http, hoodie::http):
/// RegisterHttpComponent, which adds SchemaRegistryProvider to the streamer, and the
/// HTTP GET it uses.
#pragma once

#include "hoodie/net/http_client.h"
#include "hoodie/http/http_component.h"
