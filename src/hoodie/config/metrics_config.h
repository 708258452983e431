// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/metrics_config.h
/// \brief Metrics reporting: Graphite, JMX, Datadog and user-defined reporters.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Metrics" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT MetricsConfig {
  /// hoodie.metrics.on
  static const ConfigProperty<bool> kOn;
  /// hoodie.metrics.reporter.type
  static const ConfigProperty<std::string> kReporterType;
  /// hoodie.metrics.graphite.host
  static const ConfigProperty<std::string> kGraphiteHost;
  /// hoodie.metrics.graphite.port
  static const ConfigProperty<int32_t> kGraphitePort;
  /// hoodie.metrics.graphite.metric.prefix
  static const ConfigProperty<std::string> kGraphiteMetricPrefix;
  /// hoodie.metrics.jmx.host
  static const ConfigProperty<std::string> kJmxHost;
  /// hoodie.metrics.jmx.port
  static const ConfigProperty<std::string> kJmxPort;
  /// hoodie.metrics.jmx.metric.prefix
  static const ConfigProperty<std::string> kJmxMetricPrefix;
  /// hoodie.metrics.datadog.report.period.seconds
  static const ConfigProperty<int32_t> kDatadogReportPeriodSeconds;
  /// hoodie.metrics.datadog.api.site
  static const ConfigProperty<std::string> kDatadogApiSite;
  /// hoodie.metrics.datadog.api.key
  static const ConfigProperty<std::string> kDatadogApiKey;
  /// hoodie.metrics.datadog.api.key.skip.validation
  static const ConfigProperty<bool> kDatadogApiKeySkipValidation;
  /// hoodie.metrics.datadog.api.key.supplier
  static const ConfigProperty<std::string> kDatadogApiKeySupplier;
  /// hoodie.metrics.datadog.api.timeout.seconds
  static const ConfigProperty<int32_t> kDatadogApiTimeoutSeconds;
  /// hoodie.metrics.datadog.metric.prefix
  static const ConfigProperty<std::string> kDatadogMetricPrefix;
  /// hoodie.metrics.datadog.metric.host
  static const ConfigProperty<std::string> kDatadogMetricHost;
  /// hoodie.metrics.datadog.metric.tags
  static const ConfigProperty<std::string> kDatadogMetricTags;
  /// hoodie.metrics.reporter.class
  static const ConfigProperty<std::string> kReporterClass;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
