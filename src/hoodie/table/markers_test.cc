// SPDX-License-Identifier: Apache-2.0
#include "hoodie/table/markers.h"

#include <gtest/gtest.h>

#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

using testing::StatusMessageHas;

constexpr char kInstant[] = "20240101000000000";
constexpr char kFile[] = "abc-0_0-1-2_20240101000000000.parquet";

TEST(MarkerTest, RelativePathsAsHudiNamesThem) {
  Marker partitioned{"city=x", kFile, IoType::kCreate};
  EXPECT_EQ(partitioned.RelativePath(),
            std::string("city=x/") + kFile + ".marker.CREATE");
  EXPECT_EQ(partitioned.DataFileRelativePath(), std::string("city=x/") + kFile);
  Marker flat{"", kFile, IoType::kMerge};
  EXPECT_EQ(flat.RelativePath(), std::string(kFile) + ".marker.MERGE");
  Marker nested{"2023/04/01", ".f-0_20240101000000000.log.1_0-1-1", IoType::kAppend};
  EXPECT_EQ(nested.RelativePath(),
            "2023/04/01/.f-0_20240101000000000.log.1_0-1-1.marker.APPEND");
}

TEST(MarkerTest, ParseRoundTripsAndRejects) {
  for (const Marker& m :
       {Marker{"city=x", kFile, IoType::kCreate}, Marker{"", kFile, IoType::kAppend},
        Marker{"a/b/c", kFile, IoType::kMerge}}) {
    ASSERT_OK_AND_ASSIGN(Marker parsed, Marker::Parse(m.RelativePath()));
    EXPECT_EQ(parsed, m);
  }
  EXPECT_THAT(Marker::Parse("city=x/file.parquet"),
              StatusMessageHas("not a marker path"));
  EXPECT_THAT(Marker::Parse("file.parquet.marker.DELETE"),
              StatusMessageHas("unknown marker IO type 'DELETE'"));
  EXPECT_THAT(Marker::Parse("x/.marker.CREATE"), StatusMessageHas("names no file"));
}

TEST(WriteMarkersTest, DirectMarkersAreEmptyFilesListedSorted) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  WriteMarkers markers(storage, dir.path(), kInstant);
  EXPECT_EQ(markers.folder(), dir.path() + "/.hoodie/.temp/" + kInstant);
  ASSERT_OK_AND_ASSIGN(auto none, markers.List());
  EXPECT_TRUE(none.empty());
  Marker b{"p=2", "b-0_0-1-1_20240101000000000.parquet", IoType::kCreate};
  Marker a{"p=1", "a-0_0-1-1_20240101000000000.parquet", IoType::kMerge};
  Marker c{"", "c-0_0-1-1_20240101000000000.parquet", IoType::kCreate};
  ASSERT_OK(markers.Create(b));
  ASSERT_OK(markers.Create(a));
  ASSERT_OK(markers.Create(c));
  ASSERT_RAISES(AlreadyExists, markers.Create(a));
  ASSERT_OK_AND_ASSIGN(std::string bytes,
                       storage->ReadAll(markers.folder() + "/" + a.RelativePath()));
  EXPECT_EQ(bytes, "");
  ASSERT_OK_AND_ASSIGN(auto listed, markers.List());
  EXPECT_EQ(listed, (std::vector<Marker>{c, a, b}));
  ASSERT_OK(markers.DeleteFolder());
  ASSERT_OK_AND_ASSIGN(bool exists, markers.Exists());
  EXPECT_FALSE(exists);
  ASSERT_OK(markers.DeleteFolder());
}

TEST(WriteMarkersTest, ReadsTimelineServerMarkersAsSparkWritesThem) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  WriteMarkers markers(storage, dir.path(), kInstant);
  ASSERT_OK(storage->WriteAll(markers.folder() + "/MARKERS.type", "TIMELINE_SERVER_BASED",
                              false));
  ASSERT_OK(storage->WriteAll(markers.folder() + "/MARKERS0",
                              "p=1/a-0_0-1-1_1.parquet.marker.CREATE\n"
                              "p=1/.a-0_1.log.1_0-1-1.marker.APPEND\n",
                              false));
  ASSERT_OK(storage->WriteAll(markers.folder() + "/MARKERS1",
                              "b-0_1-1-1_1.parquet.marker.MERGE\n", false));
  ASSERT_OK_AND_ASSIGN(auto listed, markers.List());
  EXPECT_EQ(listed,
            (std::vector<Marker>{{"", "b-0_1-1-1_1.parquet", IoType::kMerge},
                                 {"p=1", ".a-0_1.log.1_0-1-1", IoType::kAppend},
                                 {"p=1", "a-0_0-1-1_1.parquet", IoType::kCreate}}));
}

TEST(WriteMarkersTest, MalformedMarkerFilesNameTheFile) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  WriteMarkers markers(storage, dir.path(), kInstant);
  ASSERT_OK(storage->WriteAll(markers.folder() + "/MARKERS.type", "SOMETHING", false));
  EXPECT_THAT(markers.List(), StatusMessageHas("unknown marker type 'SOMETHING'"));
  ASSERT_OK(storage->WriteAll(markers.folder() + "/MARKERS.type", "TIMELINE_SERVER_BASED",
                              true));
  ASSERT_OK(
      storage->WriteAll(markers.folder() + "/MARKERS0", "x.parquet.marker.BAD\n", false));
  EXPECT_THAT(markers.List(), StatusMessageHas("MARKERS0"));
}

}  // namespace
}  // namespace hoodie
