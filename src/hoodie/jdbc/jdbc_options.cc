// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/jdbc_options.cc
/// \brief JdbcSourceOptions::FromConfig and JdbcSchemaOptions::FromConfig.
#include "hoodie/jdbc/jdbc_options.h"

#include "hoodie/common/ascii.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/streamer_config.h"
#include "hoodie/storage/storage_text.h"

namespace hoodie {
namespace {

template <typename T>
::arrow::Result<std::string> Required(const HoodieConfig& config, const ConfigProperty<T>& key,
                                      std::string_view who) {
  std::optional<std::string> value = config.GetExplicit(key);
  if (!value || Trim(*value).empty()) {
    return ::arrow::Status::Invalid(who, " needs ", key.key);
  }
  return Trim(*value);
}

// The password key when set (even empty), else the password file's content without its
// final line break (a file written by echo); as JdbcSource reads them, key first.
::arrow::Result<std::string> Password(const HoodieConfig& config) {
  if (auto password = config.GetExplicit(StreamerConfig::kJdbcPassword)) return *password;
  std::string file = Trim(config.GetExplicit(StreamerConfig::kJdbcPasswordFile).value_or(""));
  if (file.empty()) return std::string();
  ARROW_ASSIGN_OR_RAISE(StorageOptions storage, StorageOptions::FromConfig(config));
  auto text = ReadTextFile(file, storage);
  if (!text.ok()) {
    return ::arrow::Status::IOError("JdbcSource cannot read the password file of ",
                                    StreamerConfig::kJdbcPasswordFile.key, ": ",
                                    text.status().message());
  }
  std::string password = *std::move(text);
  while (!password.empty() && (password.back() == '\n' || password.back() == '\r')) {
    password.pop_back();
  }
  return password;
}

::arrow::Result<JdbcUrl> UrlWithDriver(const std::string& url, const std::string& driver,
                                       std::string_view driver_key, std::string_view who) {
  auto parsed = JdbcUrl::Parse(url);
  if (!parsed.ok()) return parsed.status().WithMessage(who, ": ", parsed.status().message());
  ARROW_RETURN_NOT_OK(parsed->CheckDriverClass(Trim(driver), driver_key));
  return parsed;
}

}  // namespace

::arrow::Result<JdbcSourceOptions> JdbcSourceOptions::FromConfig(const HoodieConfig& config) {
  constexpr std::string_view kWho = "JdbcSource";
  JdbcSourceOptions out;
  ARROW_ASSIGN_OR_RAISE(std::string url, Required(config, StreamerConfig::kJdbcUrl, kWho));
  ARROW_ASSIGN_OR_RAISE(
      out.connection.url,
      UrlWithDriver(url, config.GetExplicit(StreamerConfig::kJdbcDriverClass).value_or(""),
                    StreamerConfig::kJdbcDriverClass.key, kWho));
  out.connection.user = Trim(config.GetExplicit(StreamerConfig::kJdbcUser).value_or(""));
  ARROW_ASSIGN_OR_RAISE(out.connection.password, Password(config));
  ARROW_ASSIGN_OR_RAISE(out.table, Required(config, StreamerConfig::kJdbcTableName, kWho));
  ARROW_RETURN_NOT_OK(Required(config, StreamerConfig::kJdbcIncrPull, kWho).status());
  ARROW_ASSIGN_OR_RAISE(out.incremental, config.Get(StreamerConfig::kJdbcIncrPull));
  out.incremental_column =
      Trim(config.GetExplicit(StreamerConfig::kJdbcIncrColumnName).value_or(""));
  if (out.incremental && out.incremental_column.empty()) {
    return ::arrow::Status::Invalid(kWho, " pulls incrementally (",
                                    StreamerConfig::kJdbcIncrPull.key, "=true) and needs ",
                                    StreamerConfig::kJdbcIncrColumnName.key);
  }
  ARROW_ASSIGN_OR_RAISE(out.fallback_to_full_fetch,
                        config.Get(StreamerConfig::kJdbcIncrFallbackToFullFetch));
  ARROW_ASSIGN_OR_RAISE(out.fetch_size, config.Get(StreamerConfig::kJdbcFetchSize));
  return out;
}

::arrow::Result<JdbcSchemaOptions> JdbcSchemaOptions::FromConfig(const HoodieConfig& config) {
  constexpr std::string_view kWho = "JdbcbasedSchemaProvider";
  JdbcSchemaOptions out;
  ARROW_ASSIGN_OR_RAISE(std::string url,
                        Required(config, StreamerConfig::kJdbcSchemaConnectionUrl, kWho));
  ARROW_ASSIGN_OR_RAISE(
      out.connection.url,
      UrlWithDriver(url, config.GetExplicit(StreamerConfig::kJdbcSchemaDriverType).value_or(""),
                    StreamerConfig::kJdbcSchemaDriverType.key, kWho));
  out.connection.user =
      Trim(config.GetExplicit(StreamerConfig::kJdbcSchemaUsername).value_or(""));
  out.connection.password =
      config.GetExplicit(StreamerConfig::kJdbcSchemaPassword).value_or("");
  ARROW_ASSIGN_OR_RAISE(out.table, Required(config, StreamerConfig::kJdbcSchemaDbTable, kWho));
  ARROW_ASSIGN_OR_RAISE(int32_t timeout, config.Get(StreamerConfig::kJdbcSchemaTimeout));
  if (timeout > 0) {
    out.connection.timeout_seconds = timeout;
    out.connection.statement_timeout = true;
  }
  ARROW_ASSIGN_OR_RAISE(out.nullable, config.Get(StreamerConfig::kJdbcSchemaNullable));
  return out;
}

}  // namespace hoodie
