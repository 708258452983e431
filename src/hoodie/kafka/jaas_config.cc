// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/jaas_config.cc
#include "hoodie/kafka/jaas_config_internal.h"

#include <cctype>
#include <map>

#include <arrow/status.h>

namespace hoodie::internal {
namespace {

constexpr std::string_view kPlain = "org.apache.kafka.common.security.plain.PlainLoginModule";
constexpr std::string_view kScram = "org.apache.kafka.common.security.scram.ScramLoginModule";

// One login module as Kafka's JaasConfig parses it: the class, a control flag, options
// `name=value` (the value a bare word or a double-quoted string with backslash escapes),
// then ';'.
struct LoginModule {
  std::string name;
  std::string flag;
  std::map<std::string, std::string> options;
};

class JaasParser {
 public:
  explicit JaasParser(std::string_view text) : text_(text) {}

  ::arrow::Result<LoginModule> Parse() {
    LoginModule module;
    ARROW_ASSIGN_OR_RAISE(module.name, Word("a login module class"));
    ARROW_ASSIGN_OR_RAISE(module.flag, Word("a control flag (required)"));
    while (true) {
      SkipSpace();
      if (pos_ < text_.size() && text_[pos_] == ';') break;
      ARROW_ASSIGN_OR_RAISE(std::string key, Word("an option name or ';'"));
      SkipSpace();
      if (pos_ >= text_.size() || text_[pos_] != '=') return Error("'=' after " + key);
      ++pos_;
      SkipSpace();
      ARROW_ASSIGN_OR_RAISE(module.options[key], Value());
    }
    ++pos_;
    SkipSpace();
    if (pos_ != text_.size()) {
      return Error("the end after ';' (a client's sasl.jaas.config has one login module)");
    }
    return module;
  }

 private:
  void SkipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }

  static bool IsWordChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' ||
           c == '$';
  }

  ::arrow::Result<std::string> Word(const std::string& what) {
    SkipSpace();
    const size_t start = pos_;
    while (pos_ < text_.size() && IsWordChar(text_[pos_])) ++pos_;
    if (pos_ == start) return Error(what);
    return std::string(text_.substr(start, pos_ - start));
  }

  ::arrow::Result<std::string> Value() {
    if (pos_ >= text_.size() || text_[pos_] != '"') return Word("a value");
    std::string out;
    for (++pos_; pos_ < text_.size() && text_[pos_] != '"'; ++pos_) {
      if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) ++pos_;
      out += text_[pos_];
    }
    if (pos_ >= text_.size()) return Error("the closing '\"' of a value");
    ++pos_;
    return out;
  }

  ::arrow::Status Error(const std::string& expected) const {
    return ::arrow::Status::Invalid("sasl.jaas.config: expected ", expected, " at character ",
                                    pos_ + 1, " (a login module class, a flag, options "
                                    "name=\"value\", then ';')");
  }

  std::string_view text_;
  size_t pos_ = 0;
};

::arrow::Result<KafkaProperties> Credentials(const LoginModule& module) {
  KafkaProperties out;
  for (const char* option : {"username", "password"}) {
    auto it = module.options.find(option);
    if (it == module.options.end()) {
      return ::arrow::Status::Invalid("sasl.jaas.config: ", module.name, " needs ", option,
                                      "=\"...\"");
    }
    out.emplace_back(std::string("sasl.") + option, it->second);
  }
  return out;
}

}  // namespace

::arrow::Result<KafkaProperties> JaasToLibrdkafka(std::string_view jaas,
                                                  bool mechanism_given) {
  ARROW_ASSIGN_OR_RAISE(LoginModule module, JaasParser(jaas).Parse());
  if (module.name == kPlain) {
    ARROW_ASSIGN_OR_RAISE(KafkaProperties out, Credentials(module));
    if (!mechanism_given) out.emplace_back("sasl.mechanisms", "PLAIN");
    return out;
  }
  if (module.name == kScram) {
    if (!mechanism_given) {
      return ::arrow::Status::Invalid(
          "sasl.jaas.config: ScramLoginModule needs sasl.mechanism SCRAM-SHA-256 or "
          "SCRAM-SHA-512 beside it, as Kafka's Java client does");
    }
    return Credentials(module);
  }
  return ::arrow::Status::Invalid(
      "sasl.jaas.config: hoodie's Kafka client (librdkafka) has no JAAS; it translates "
      "PlainLoginModule and ScramLoginModule, not ", module.name,
      ": give librdkafka's own keys instead (Kerberos: sasl.kerberos.principal, "
      "sasl.kerberos.keytab; OAuth bearer: sasl.oauthbearer.method and its "
      "sasl.oauthbearer.* keys)");
}

}  // namespace hoodie::internal
