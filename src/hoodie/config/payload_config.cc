// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/payload_config.cc
/// \brief Declarations of the "Payload" configuration keys.
#include "hoodie/config/payload_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<std::string> PayloadConfig::kOrderingField{
    .key = "hoodie.payload.ordering.field",
    .default_value = std::string("ts"),
    .doc = "Field payloads use to order records with the same key.",
    .group = "Payload"};

void PayloadConfig::Register(ConfigRegistry* registry) { registry->Add(kOrderingField); }

}  // namespace hoodie
