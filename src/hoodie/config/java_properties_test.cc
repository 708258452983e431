// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/java_properties_test.cc
/// \brief Tests java.util.Properties load/store compatibility.
#include "hoodie/config/java_properties.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using ::hoodie::testing::StatusMessageHas;
using ::testing::ElementsAre;
using ::testing::Pair;

TEST(JavaPropertiesTest, ParsesSeparatorsAndWhiteSpace) {
  ASSERT_OK_AND_ASSIGN(PropertyList list,
                       ParseJavaProperties("a=1\nb:2\nc 3\n  d = 4 \ne\t:\t5\nf\n"
                                           "g==x\nh :=y\ni  \t = \n"));
  EXPECT_THAT(list, ElementsAre(Pair("a", "1"), Pair("b", "2"), Pair("c", "3"),
                                Pair("d", "4 "), Pair("e", "5"), Pair("f", ""),
                                Pair("g", "=x"), Pair("h", "=y"), Pair("i", "")));
}

TEST(JavaPropertiesTest, SkipsCommentsAndBlankLines) {
  ASSERT_OK_AND_ASSIGN(PropertyList list,
                       ParseJavaProperties("# comment\n! other\n\n   \n  # indented\n"
                                           "k=v # not a comment\n"));
  EXPECT_THAT(list, ElementsAre(Pair("k", "v # not a comment")));
}

TEST(JavaPropertiesTest, JoinsContinuationLines) {
  ASSERT_OK_AND_ASSIGN(PropertyList list,
                       ParseJavaProperties("fruits = apple, \\\n    banana, \\\r\n"
                                           "  # kept\nk2=a\\\\\nk3=end\\"));
  EXPECT_THAT(list, ElementsAre(Pair("fruits", "apple, banana, # kept"),
                                Pair("k2", "a\\"), Pair("k3", "end")));
}

TEST(JavaPropertiesTest, CommentLineDoesNotContinue) {
  ASSERT_OK_AND_ASSIGN(PropertyList list,
                       ParseJavaProperties("# c \\\nk=v\r\nx=\\\n\ny=z"));
  EXPECT_THAT(list, ElementsAre(Pair("k", "v"), Pair("x", ""), Pair("y", "z")));
}

TEST(JavaPropertiesTest, ResolvesEscapes) {
  ASSERT_OK_AND_ASSIGN(PropertyList list,
                       ParseJavaProperties("a\\ b\\=c\\:d=\\t\\n\\r\\f\\q\\\\\\#\n"
                                           "u=\\u0041\\u00e9\\u20AC\\uD83D\\uDE00\n"));
  EXPECT_THAT(list, ElementsAre(Pair("a b=c:d", "\t\n\r\fq\\#"),
                                Pair("u", "A\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80")));
}

TEST(JavaPropertiesTest, Latin1BytesBecomeUtf8) {
  ASSERT_OK_AND_ASSIGN(PropertyList list, ParseJavaProperties("k=caf\xE9"));
  EXPECT_THAT(list, ElementsAre(Pair("k", "caf\xC3\xA9")));
}

TEST(JavaPropertiesTest, DuplicateKeyKeepsLastValueAtFirstPosition) {
  ASSERT_OK_AND_ASSIGN(PropertyList list, ParseJavaProperties("a=1\nb=2\na=3\n"));
  EXPECT_THAT(list, ElementsAre(Pair("a", "3"), Pair("b", "2")));
}

TEST(JavaPropertiesTest, MalformedUnicodeEscapeNamesSourceAndLine) {
  auto result = ParseJavaProperties("a=1\n\nb=\\u12G4\n", "my.properties");
  ASSERT_RAISES(Invalid, result);
  EXPECT_THAT(result, StatusMessageHas("my.properties"));
  EXPECT_THAT(result, StatusMessageHas("line 3"));
  ASSERT_RAISES(Invalid, ParseJavaProperties("x=\\u12"));
}

TEST(JavaPropertiesTest, EscapesLikeStore) {
  EXPECT_EQ(EscapeJavaPropertiesKey("a b=c:d#e!f\\"), "a\\ b\\=c\\:d\\#e\\!f\\\\");
  EXPECT_EQ(EscapeJavaPropertiesValue("  x y\t\n\r\f"), "\\  x y\\t\\n\\r\\f");
  EXPECT_EQ(EscapeJavaPropertiesValue("caf\xC3\xA9 \xE2\x82\xAC \x01"),
            "caf\\u00E9 \\u20AC \\u0001");
  EXPECT_EQ(EscapeJavaPropertiesValue("\xF0\x9F\x98\x80"), "\\uD83D\\uDE00");
  EXPECT_EQ(EscapeJavaPropertiesValue("{\"type\":\"record\"}"),
            "{\"type\"\\:\"record\"}");
}

TEST(JavaPropertiesTest, FormatsLikeStore) {
  PropertyList list = {{"hoodie.table.name", "t1"}, {"hoodie.table.version", "6"}};
  EXPECT_EQ(FormatJavaProperties(list, "Properties saved on 2024-04-18T23:13:56.123Z",
                                 "Thu Apr 18 18:13:56 CDT 2024"),
            "#Properties saved on 2024-04-18T23:13:56.123Z\n"
            "#Thu Apr 18 18:13:56 CDT 2024\n"
            "hoodie.table.name=t1\nhoodie.table.version=6\n");
  EXPECT_EQ(FormatJavaProperties({}, "a\nb\n#c", "D"), "#a\n#b\n#c\n#D\n");
  std::string now_form = FormatJavaProperties({}, "");
  EXPECT_EQ(now_form[0], '#');
  EXPECT_EQ(now_form.back(), '\n');
}

TEST(JavaPropertiesTest, ParsesRealHoodieProperties) {
  const char* text =
      "#Updated at 2024-04-19T00:14:08.213Z\n"
      "#Thu Apr 18 19:14:08 CDT 2024\n"
      "hoodie.table.precombine.field=ts\n"
      "hoodie.table.partition.fields=city\n"
      "hoodie.table.type=COPY_ON_WRITE\n"
      "hoodie.table.create.schema={\"type\"\\:\"record\",\"name\"\\:\"t_record\","
      "\"fields\"\\:[{\"name\"\\:\"id\",\"type\"\\:[\"null\",\"int\"],"
      "\"default\"\\:null}]}\n"
      "hoodie.table.checksum=281415413\n";
  ASSERT_OK_AND_ASSIGN(PropertyList list, ParseJavaProperties(text));
  ASSERT_EQ(list.size(), 5u);
  EXPECT_EQ(list[3].first, "hoodie.table.create.schema");
  EXPECT_EQ(list[3].second,
            "{\"type\":\"record\",\"name\":\"t_record\",\"fields\":[{\"name\":\"id\","
            "\"type\":[\"null\",\"int\"],\"default\":null}]}");
  std::string stored = FormatJavaProperties(list, "Updated at 2024-04-19T00:14:08.213Z",
                                            "Thu Apr 18 19:14:08 CDT 2024");
  EXPECT_EQ(stored, text);
}

TEST(JavaPropertiesTest, RoundTripsAwkwardValues) {
  PropertyList list = {{" lead key ", " lead value "},
                       {"k=:#!\\", "v=:#!\\\t\n\r\f"},
                       {"unicode", "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"},
                       {"empty", ""},
                       {"", "empty key"}};
  std::string stored = FormatJavaProperties(list, "c", "d");
  ASSERT_OK_AND_ASSIGN(PropertyList back, ParseJavaProperties(stored));
  EXPECT_EQ(back, list);
}

}  // namespace
}  // namespace hoodie
