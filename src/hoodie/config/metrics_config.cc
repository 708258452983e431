// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/metrics_config.cc
/// \brief Declarations of the "Metrics" configuration keys.
#include "hoodie/config/metrics_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<bool> MetricsConfig::kOn{
    .key = "hoodie.metrics.on",
    .default_value = false,
    .doc = "Turn metrics reporting on.",
    .group = "Metrics",
    .override_reason =
        "The Chinese edition says true; the English page and Hudi default to false.",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<std::string> MetricsConfig::kReporterType{
    .key = "hoodie.metrics.reporter.type",
    .default_value = std::string("GRAPHITE"),
    .doc = "Type of metrics reporter.",
    .allowed_values = {"GRAPHITE", "INMEMORY", "JMX", "DATADOG", "CONSOLE",
                       "PROMETHEUS_PUSHGATEWAY", "PROMETHEUS", "CLOUDWATCH"},
    .group = "Metrics",
    .override_reason =
        "The JMX and Datadog sections show the value that selects that reporter, "
        "not a default; the default is GRAPHITE.",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<std::string> MetricsConfig::kGraphiteHost{
    .key = "hoodie.metrics.graphite.host",
    .default_value = std::string("localhost"),
    .doc = "Graphite host.",
    .group = "Metrics",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<int32_t> MetricsConfig::kGraphitePort{
    .key = "hoodie.metrics.graphite.port",
    .default_value = 4756,
    .doc = "Graphite port.",
    .validate = v::PortNumber,
    .group = "Metrics",
    .override_reason =
        "The Chinese edition's JMX section lists the JMX port range 1000-5000 under "
        "this key, a doc error.",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<std::string> MetricsConfig::kGraphiteMetricPrefix{
    .key = "hoodie.metrics.graphite.metric.prefix",
    .default_value = std::string(""),
    .doc = "Prefix of all Graphite metric names (datacenter, environment...).",
    .group = "Metrics",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<std::string> MetricsConfig::kJmxHost{
    .key = "hoodie.metrics.jmx.host",
    .default_value = std::string("localhost"),
    .doc = "JMX host.",
    .group = "Metrics",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<std::string> MetricsConfig::kJmxPort{
    .key = "hoodie.metrics.jmx.port",
    .default_value = std::string("1000-5000"),
    .doc = "JMX port, or a range of ports to try.",
    .group = "Metrics",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<std::string> MetricsConfig::kJmxMetricPrefix{
    .key = "hoodie.metrics.jmx.metric.prefix",
    .default_value = std::string(""),
    .doc = "Prefix of all JMX metric names (documented by the Chinese edition).",
    .advanced = true,
    .group = "Metrics",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<int32_t> MetricsConfig::kDatadogReportPeriodSeconds{
    .key = "hoodie.metrics.datadog.report.period.seconds",
    .default_value = 30,
    .doc = "Datadog report period in seconds.",
    .validate = v::PositiveInt32,
    .group = "Metrics",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<std::string> MetricsConfig::kDatadogApiSite{
    .key = "hoodie.metrics.datadog.api.site",
    .doc = "Datadog API site: EU or US.",
    .allowed_values = {"EU", "US"},
    .group = "Metrics",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<std::string> MetricsConfig::kDatadogApiKey{
    .key = "hoodie.metrics.datadog.api.key",
    .doc = "Datadog API key.",
    .group = "Metrics",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<bool> MetricsConfig::kDatadogApiKeySkipValidation{
    .key = "hoodie.metrics.datadog.api.key.skip.validation",
    .default_value = false,
    .doc = "Skip validating the Datadog API key before sending.",
    .group = "Metrics",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<std::string> MetricsConfig::kDatadogApiKeySupplier{
    .key = "hoodie.metrics.datadog.api.key.supplier",
    .doc =
        "Class supplying the Datadog API key at runtime when "
        "hoodie.metrics.datadog.api.key is unset.",
    .group = "Metrics",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<int32_t> MetricsConfig::kDatadogApiTimeoutSeconds{
    .key = "hoodie.metrics.datadog.api.timeout.seconds",
    .default_value = 3,
    .doc = "Datadog API timeout in seconds.",
    .validate = v::PositiveInt32,
    .group = "Metrics",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<std::string> MetricsConfig::kDatadogMetricPrefix{
    .key = "hoodie.metrics.datadog.metric.prefix",
    .doc = "Prefix prepended (with a dot) to every Datadog metric name.",
    .group = "Metrics",
    .override_reason =
        "The seed's API-timeout block names this key by mistake with the timeout's "
        "default 3; that default belongs to "
        "hoodie.metrics.datadog.api.timeout.seconds.",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<std::string> MetricsConfig::kDatadogMetricHost{
    .key = "hoodie.metrics.datadog.metric.host",
    .doc = "Host sent with Datadog metrics.",
    .group = "Metrics",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<std::string> MetricsConfig::kDatadogMetricTags{
    .key = "hoodie.metrics.datadog.metric.tags",
    .doc = "Comma-separated tags sent with Datadog metrics.",
    .group = "Metrics",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

const ConfigProperty<std::string> MetricsConfig::kReporterClass{
    .key = "hoodie.metrics.reporter.class",
    .default_value = std::string(""),
    .doc =
        "User-defined reporter class (subclass of "
        "AbstractUserDefinedMetricsReporter).",
    .group = "Metrics",
    .support = ConfigSupport::kRefused,
    .support_note = "metrics reporters are not implemented yet"};

void MetricsConfig::Register(ConfigRegistry* registry) {
  registry->Add(kOn);
  registry->Add(kReporterType);
  registry->Add(kGraphiteHost);
  registry->Add(kGraphitePort);
  registry->Add(kGraphiteMetricPrefix);
  registry->Add(kJmxHost);
  registry->Add(kJmxPort);
  registry->Add(kJmxMetricPrefix);
  registry->Add(kDatadogReportPeriodSeconds);
  registry->Add(kDatadogApiSite);
  registry->Add(kDatadogApiKey);
  registry->Add(kDatadogApiKeySkipValidation);
  registry->Add(kDatadogApiKeySupplier);
  registry->Add(kDatadogApiTimeoutSeconds);
  registry->Add(kDatadogMetricPrefix);
  registry->Add(kDatadogMetricHost);
  registry->Add(kDatadogMetricTags);
  registry->Add(kReporterClass);
}

}  // namespace hoodie
