// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/register_all_configs.cc
/// \brief RegisterAllConfigs: the one explicit list of configuration areas.
#include "hoodie/config/azure_config.h"
#include "hoodie/config/bootstrap_config.h"
#include "hoodie/config/callback_config.h"
#include "hoodie/config/clean_config.h"
#include "hoodie/config/clustering_config.h"
#include "hoodie/config/compaction_config.h"
#include "hoodie/config/config_registry.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/flink_config.h"
#include "hoodie/config/gcs_config.h"
#include "hoodie/config/index_config.h"
#include "hoodie/config/kafka_source_config.h"
#include "hoodie/config/keygen_config.h"
#include "hoodie/config/lock_config.h"
#include "hoodie/config/memory_config.h"
#include "hoodie/config/metadata_config.h"
#include "hoodie/config/metrics_config.h"
#include "hoodie/config/payload_config.h"
#include "hoodie/config/s3_events_config.h"
#include "hoodie/config/s3a_config.h"
#include "hoodie/config/storage_config.h"
#include "hoodie/config/streamer_config.h"
#include "hoodie/config/table_config_keys.h"
#include "hoodie/config/write_config.h"

namespace hoodie {

// Registration is an explicit call rather than static initialisers so the order is
// fixed and nothing runs before main().
void RegisterAllConfigs(ConfigRegistry* registry) {
  WriteConfig::Register(registry);
  DataSourceConfig::Register(registry);
  FlinkConfig::Register(registry);
  IndexConfig::Register(registry);
  KeyGeneratorConfig::Register(registry);
  StorageConfig::Register(registry);
  S3aConfig::Register(registry);
  GcsConfig::Register(registry);
  AzureConfig::Register(registry);
  CompactionConfig::Register(registry);
  CleanConfig::Register(registry);
  BootstrapConfig::Register(registry);
  MetadataConfig::Register(registry);
  ClusteringConfig::Register(registry);
  PayloadConfig::Register(registry);
  MetricsConfig::Register(registry);
  MemoryConfig::Register(registry);
  CallbackConfig::Register(registry);
  LockConfig::Register(registry);
  StreamerConfig::Register(registry);
  KafkaSourceConfig::Register(registry);
  S3EventsConfig::Register(registry);
  TableConfigKeys::Register(registry);
}

}  // namespace hoodie
