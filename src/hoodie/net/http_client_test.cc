// SPDX-License-Identifier: Apache-2.0
#include "hoodie/net/http_client.h"

#include <gtest/gtest.h>

namespace hoodie {
namespace {

TEST(HttpClientTest, CredentialsLeaveTheUrlAndAreRedacted) {
  UrlWithCredentials split = SplitCredentials("https://foo:b%40r@registry.example/subjects/x");
  EXPECT_EQ(split.url, "https://registry.example/subjects/x");
  EXPECT_EQ(split.user_info, "foo:b@r");
  EXPECT_EQ(RedactedUrl("https://foo:bar@registry.example/s"), "https://***@registry.example/s");
  EXPECT_EQ(RedactedUrl("http://h:1/s"), "http://h:1/s");
}

TEST(HttpClientTest, AFailedRequestNamesMethodAndRedactedUrl) {
  // Port 9 of loopback (discard) has no listener on a test machine: refused at once.
  auto response = HttpSend(HttpRequest{.method = "DELETE",
                                       .url = "http://me:secret@127.0.0.1:9/b/k",
                                       .timeout_seconds = 5});
  ASSERT_FALSE(response.ok());
  EXPECT_NE(response.status().message().find("DELETE http://***@127.0.0.1:9/b/k"),
            std::string::npos)
      << response.status().ToString();
  EXPECT_EQ(response.status().message().find("secret"), std::string::npos);
}

}  // namespace
}  // namespace hoodie
