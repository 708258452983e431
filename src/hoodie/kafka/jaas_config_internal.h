// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/jaas_config_internal.h
/// \brief A Java client's `sasl.jaas.config` as librdkafka's settings: Kafka users give
/// Hudi their Java client properties, and librdkafka has no JAAS.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/result.h>

namespace hoodie::internal {

using KafkaProperties = std::vector<std::pair<std::string, std::string>>;

/// librdkafka's properties for `jaas`, a JAAS configuration of one login module as
/// Kafka's Java client reads it (`Module required key="value" ...;`):
/// - PlainLoginModule: sasl.username and sasl.password, and sasl.mechanisms=PLAIN unless
///   `mechanism_given` (Java needs sasl.mechanism=PLAIN beside it; librdkafka takes that
///   key too);
/// - ScramLoginModule: sasl.username and sasl.password; the mechanism must be given
///   (SCRAM-SHA-256 or SCRAM-SHA-512).
/// Invalid for any other module (Kerberos, OAuth bearer), naming librdkafka's own keys
/// for it, and for text that is not one login module, saying where it stops parsing.
::arrow::Result<KafkaProperties> JaasToLibrdkafka(std::string_view jaas,
                                                  bool mechanism_given);

}  // namespace hoodie::internal
