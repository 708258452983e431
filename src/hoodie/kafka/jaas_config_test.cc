// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/jaas_config_test.cc
/// \brief A Java client's sasl.jaas.config as librdkafka's settings (JaasToLibrdkafka).
#include <gtest/gtest.h>

#include "hoodie/kafka/jaas_config_internal.h"
#include "hoodie/testing/matchers.h"

namespace hoodie::internal {
namespace {

using ::testing::HasSubstr;
using Props = KafkaProperties;

TEST(JaasConfigTest, PlainAndScramModulesBecomeLibrdkafkasSaslSettings) {
  ASSERT_OK_AND_ASSIGN(
      Props plain,
      JaasToLibrdkafka("org.apache.kafka.common.security.plain.PlainLoginModule required "
                       "username=\"alice\"  password=\"p;a\\\"ss\";",
                       false));
  EXPECT_EQ(plain, (Props{{"sasl.username", "alice"},
                          {"sasl.password", "p;a\"ss"},
                          {"sasl.mechanisms", "PLAIN"}}));
  // A mechanism given beside it stays the user's.
  ASSERT_OK_AND_ASSIGN(
      Props given,
      JaasToLibrdkafka("org.apache.kafka.common.security.plain.PlainLoginModule required "
                       "username=bob password=secret;",
                       true));
  EXPECT_EQ(given, (Props{{"sasl.username", "bob"}, {"sasl.password", "secret"}}));
  ASSERT_OK_AND_ASSIGN(
      Props scram,
      JaasToLibrdkafka("org.apache.kafka.common.security.scram.ScramLoginModule required\n"
                       "  username=\"carol\" password=\"x\";",
                       true));
  EXPECT_EQ(scram, (Props{{"sasl.username", "carol"}, {"sasl.password", "x"}}));
}

TEST(JaasConfigTest, WhatLibrdkafkaCannotTakeIsRefusedSayingWhatToGive) {
  auto scram = JaasToLibrdkafka(
      "org.apache.kafka.common.security.scram.ScramLoginModule required username=a "
      "password=b;",
      false);
  EXPECT_THAT(scram.status().message(), HasSubstr("needs sasl.mechanism SCRAM-SHA-256 or"));
  auto kerberos = JaasToLibrdkafka(
      "com.sun.security.auth.module.Krb5LoginModule required useKeyTab=true;", false);
  EXPECT_THAT(kerberos.status().message(),
              HasSubstr("not com.sun.security.auth.module.Krb5LoginModule: give "
                        "librdkafka's own keys instead (Kerberos: sasl.kerberos.principal"));
  auto no_password = JaasToLibrdkafka(
      "org.apache.kafka.common.security.plain.PlainLoginModule required username=a;", false);
  EXPECT_THAT(no_password.status().message(), HasSubstr("needs password=\"...\""));
  auto unterminated = JaasToLibrdkafka(
      "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"a", false);
  EXPECT_THAT(unterminated.status().message(),
              HasSubstr("expected the closing '\"' of a value at character"));
  auto two = JaasToLibrdkafka("a required; b required;", false);
  EXPECT_THAT(two.status().message(), HasSubstr("has one login module"));
}

}  // namespace
}  // namespace hoodie::internal
