// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_round_test_util.h
/// \brief The fixture of the Kafka sources' streamer-round tests: a topic of the shared
/// test broker per test, read by JsonKafkaSource from its earliest offset into the
/// trips table.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "hoodie/kafka/kafka_component.h"
#include "hoodie/streamer/stream_round_test_util.h"
#include "hoodie/testing/kafka_test_server.h"
#include "hoodie/testing/matchers.h"

namespace hoodie::testing {

class KafkaRoundFixture : public StreamRoundTest {
 protected:
  void SetUp() override {
    ASSERT_OK(RegisterKafkaComponent());
    StreamRoundTest::SetUp();
    ASSERT_OK_AND_ASSIGN(auto* server, SharedServer<KafkaTestServer>());
    brokers_ = server->bootstrap_servers();
    // Suites share the broker, so the suite's name keeps their topics apart.
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    topic_ = std::string(test->test_suite_name()) + "." + test->name();
    props_.Set("bootstrap.servers", brokers_);
    props_.Set("hoodie.deltastreamer.source.kafka.topic", topic_);
    props_.Set("auto.offset.reset", "earliest");
    options_.source_class = "org.apache.hudi.utilities.sources.JsonKafkaSource";
  }

  std::string brokers_;
  std::string topic_;
};

}  // namespace hoodie::testing
