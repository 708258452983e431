// SPDX-License-Identifier: Apache-2.0
// Signatures of AWS's published examples (the SigV4 test suite's get-vanilla, and the
// S3 header-authentication examples), each also recomputed with botocore 1.x.
#include "hoodie/net/aws_sigv4.h"

#include <gtest/gtest.h>

namespace hoodie {
namespace {

std::string HeaderOf(const HttpHeaders& headers, const std::string& name) {
  for (const auto& [key, value] : headers) {
    if (key == name) return value;
  }
  return "";
}

const AwsCredentials kS3Example{"AKIAIOSFODNN7EXAMPLE",
                                "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", ""};
const std::string kEmptyHash =
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

TEST(AwsSigV4Test, TheTestSuitesVanillaGet) {
  SigV4Request request{.method = "GET", .host = "example.amazonaws.com", .encoded_path = "/"};
  HttpHeaders headers =
      SignV4(request, {"AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", ""},
             "us-east-1", "service", "20150830T123600Z");
  EXPECT_EQ(HeaderOf(headers, "Authorization"),
            "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/"
            "aws4_request, SignedHeaders=host;x-amz-date, "
            "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31");
  EXPECT_EQ(HeaderOf(headers, "X-Amz-Date"), "20150830T123600Z");
  EXPECT_EQ(HeaderOf(headers, "X-Amz-Security-Token"), "");
}

TEST(AwsSigV4Test, S3sRangedGetExample) {
  SigV4Request request{.method = "GET",
                       .host = "examplebucket.s3.amazonaws.com",
                       .encoded_path = "/test.txt",
                       .headers = {{"Range", "bytes=0-9"},
                                   {"x-amz-content-sha256", kEmptyHash}}};
  HttpHeaders headers =
      SignV4(request, kS3Example, "us-east-1", "s3", "20130524T000000Z");
  EXPECT_EQ(HeaderOf(headers, "Authorization"),
            "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/"
            "aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
            "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
}

TEST(AwsSigV4Test, S3sListingExampleSortsItsQuery) {
  SigV4Request request{.method = "GET",
                       .host = "examplebucket.s3.amazonaws.com",
                       .encoded_path = "/",
                       .query = {{"prefix", "J"}, {"max-keys", "2"}},
                       .headers = {{"x-amz-content-sha256", kEmptyHash}}};
  HttpHeaders headers =
      SignV4(request, kS3Example, "us-east-1", "s3", "20130524T000000Z");
  EXPECT_NE(HeaderOf(headers, "Authorization")
                .find("Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7"),
            std::string::npos);
  EXPECT_EQ(CanonicalQuery(request.query), "max-keys=2&prefix=J");
}

TEST(AwsSigV4Test, ASessionTokenIsSentAndSigned) {
  SigV4Request request{.method = "DELETE", .host = "h", .encoded_path = "/b/k"};
  HttpHeaders headers =
      SignV4(request, {"AK", "SK", "TOKEN"}, "eu-west-1", "s3", "20260101T000000Z");
  EXPECT_EQ(HeaderOf(headers, "X-Amz-Security-Token"), "TOKEN");
  EXPECT_NE(HeaderOf(headers, "Authorization")
                .find("SignedHeaders=host;x-amz-date;x-amz-security-token,"),
            std::string::npos);
}

TEST(AwsSigV4Test, EncodingKeepsOnlyUnreservedBytes) {
  EXPECT_EQ(AwsUriEncode("t/p=1/a b~_.-+", true), "t/p%3D1/a%20b~_.-%2B");
  EXPECT_EQ(AwsUriEncode("a/b", false), "a%2Fb");
  EXPECT_EQ(CanonicalQuery({{"uploads", ""}, {"prefix", "t/x"}}), "prefix=t%2Fx&uploads=");
  EXPECT_EQ(Sha256Hex(""), kEmptyHash);
}

}  // namespace
}  // namespace hoodie
