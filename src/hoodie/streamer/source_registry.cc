// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/source_registry.cc
/// \brief The process-wide source registry, the sources hoodie refuses for now and the
/// ones its SQL and JDBC components provide.
#include <string>

#include "hoodie/common/macros.h"
#include "hoodie/common/components_internal.h"
#include "hoodie/streamer/source.h"
#include "hoodie/streamer/sources_internal.h"

namespace hoodie {
namespace {

// Hudi's other sources, refused by name until they arrive, so that a user's class name
// gets a clear answer rather than "unknown source".
constexpr const char* kNotYet[] = {
    "ProtoKafkaSource", "SqlFileBasedSource", "HiveIncrPullSource", "GcsEventsSource",
    "GcsEventsHoodieIncrSource", "PulsarSource", "DebeziumSource",
};

void RegisterRefused(SourceRegistry* registry) {
  for (const char* name : kNotYet) {
    std::string refused = name;
    HOODIE_WARN_NOT_OK(
        registry->Register(
            std::string(internal::kSourcesPackage) + name, {name},
            [refused](const SourceContext&) -> ::arrow::Result<std::unique_ptr<Source>> {
              return ::arrow::Status::NotImplemented(
                  "the source ", refused,
                  " is not available in hoodie yet; these are: JsonDFSSource, "
                  "CsvDFSSource, AvroDFSSource, ParquetDFSSource, ORCDFSSource, "
                  "HoodieIncrSource, S3EventsSource, S3EventsHoodieIncrSource, SqlSource, "
                  "JdbcSource, JsonKafkaSource, AvroKafkaSource");
            }),
        name);
  }
}

}  // namespace

SourceRegistry* SourceRegistry::Global() {
  static SourceRegistry* registry = [] {
    auto* made = new SourceRegistry();
    internal::RegisterDfsSources(made);
    internal::RegisterHoodieIncrSource(made);
    internal::RegisterS3EventsSource(made);
    internal::RegisterS3EventsHoodieIncrSource(made);
    HOODIE_WARN_NOT_OK(made->Reserve(std::string(internal::kSourcesPackage) + "SqlSource",
                                     {"SqlSource"}, internal::kNeedsSqlComponent),
                       "SqlSource");
    HOODIE_WARN_NOT_OK(made->Reserve(std::string(internal::kSourcesPackage) + "JdbcSource",
                                     {"JdbcSource"}, internal::kNeedsJdbcComponent),
                       "JdbcSource");
    for (const char* name : {"JsonKafkaSource", "AvroKafkaSource"}) {
      HOODIE_WARN_NOT_OK(made->Reserve(std::string(internal::kSourcesPackage) + name, {name},
                                       internal::kNeedsKafkaComponent),
                         name);
    }
    RegisterRefused(made);
    return made;
  }();
  return registry;
}

::arrow::Result<std::unique_ptr<Source>> MakeSource(const std::string& class_name,
                                                    const SourceContext& context) {
  return SourceRegistry::Global()->Make(class_name, context);
}

}  // namespace hoodie
