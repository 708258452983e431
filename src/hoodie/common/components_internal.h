// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/components_internal.h
/// \brief What a registry (the streamer's, the commit callbacks') says of a plug-in that
/// an optional component library provides while that library is not registered
/// (PluginRegistry::Reserve): one message per component, wherever its names are reserved.
#pragma once

namespace hoodie::internal {

/// SqlSource, SqlQueryBasedTransformer and SqlFileBasedTransformer run on DuckDB, which
/// only libhoodie_sql links.
inline constexpr char kNeedsSqlComponent[] =
    "hoodie's SQL component (hoodie::sql): link it and call hoodie::RegisterSqlComponent()";
/// SchemaRegistryProvider fetches over HTTP with libcurl, which only libhoodie_http links.
inline constexpr char kNeedsHttpComponent[] =
    "hoodie's HTTP component (hoodie::http): link it and call "
    "hoodie::RegisterHttpComponent()";
/// JdbcSource and JdbcbasedSchemaProvider talk to databases through libpq and SQLite,
/// which only libhoodie_jdbc links.
inline constexpr char kNeedsJdbcComponent[] =
    "hoodie's JDBC component (hoodie::jdbc): link it and call "
    "hoodie::RegisterJdbcComponent()";
/// JsonKafkaSource, AvroKafkaSource and the Kafka commit callback speak Kafka through
/// librdkafka, which only libhoodie_kafka links.
inline constexpr char kNeedsKafkaComponent[] =
    "hoodie's Kafka component (hoodie::kafka): link it and call "
    "hoodie::RegisterKafkaComponent()";

}  // namespace hoodie::internal
