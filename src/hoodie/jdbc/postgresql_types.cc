// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/postgresql_types.cc
/// \brief PostgreSQL's built-in types as Spark 3.5.1 reads them through pgJDBC:
/// PostgresDialect.getCatalystType first (real, smallint, money, OTHER, the type names
/// it lists), then JdbcUtils.getCatalystType for the JDBC type pgJDBC reports.
#include <algorithm>

#include <arrow/type.h>

#include "hoodie/jdbc/connection_internal.h"

namespace hoodie::internal {
namespace {

// pg_type.oid of the built-in types (src/include/catalog/pg_type.dat); fixed across
// PostgreSQL versions.
enum Oid : uint32_t {
  kBool = 16, kBytea = 17, kChar = 18, kName = 19, kInt8 = 20, kInt2 = 21, kInt4 = 23,
  kText = 25, kOid = 26, kJson = 114, kXml = 142, kPoint = 600, kLseg = 601, kPath = 602,
  kBox = 603, kPolygon = 604, kLine = 628, kCidr = 650, kFloat4 = 700, kFloat8 = 701,
  kCircle = 718, kMacaddr8 = 774, kMoney = 790, kMacaddr = 829, kInet = 869,
  kBpchar = 1042, kVarchar = 1043, kDate = 1082, kTime = 1083, kTimestamp = 1114,
  kTimestamptz = 1184, kInterval = 1186, kTimetz = 1266, kBit = 1560, kVarbit = 1562,
  kNumeric = 1700, kUuid = 2950, kTxidSnapshot = 2970, kPgLsn = 3220, kTsvector = 3614,
  kTsquery = 3615, kJsonb = 3802, kPgSnapshot = 5038,
};

std::shared_ptr<::arrow::DataType> SparkTimestamp() {
  return ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC");
}

// numeric(p,s): DecimalType.bounded(p, s); without a precision Spark's
// DecimalType.SYSTEM_DEFAULT, decimal(38,18) (SPARK-26538).
std::shared_ptr<::arrow::DataType> NumericType(int modifier) {
  if (modifier < 4) return ::arrow::decimal128(38, 18);
  const int precision = ((modifier - 4) >> 16) & 0xffff;
  const int scale = (modifier - 4) & 0xffff;
  if (precision <= 0) return ::arrow::decimal128(38, 18);
  return ::arrow::decimal128(std::min(precision, 38), std::min(scale, 38));
}

bool IsStringType(uint32_t oid) {
  switch (oid) {
    case kChar: case kName: case kText: case kJson: case kXml: case kPoint: case kLseg:
    case kPath: case kBox: case kPolygon: case kLine: case kCidr: case kCircle:
    case kMacaddr8: case kMoney: case kMacaddr: case kInet: case kBpchar: case kVarchar:
    case kInterval: case kVarbit: case kUuid: case kTxidSnapshot: case kPgLsn:
    case kTsvector: case kTsquery: case kJsonb: case kPgSnapshot:
      return true;
    default:
      return false;
  }
}

}  // namespace

PostgreSqlType PostgreSqlStringType() { return {::arrow::utf8(), ValueForm::kText}; }

std::optional<PostgreSqlType> MapPostgreSqlType(uint32_t oid, int modifier) {
  if (IsStringType(oid)) return PostgreSqlStringType();
  switch (oid) {
    case kBool:
      return PostgreSqlType{::arrow::boolean(), ValueForm::kBoolean};
    case kBit:
      // bit(1) is JDBC's BIT, a BooleanType; wider bit strings are BinaryType in Spark,
      // whose bytes pgJDBC does not define: refused below.
      if (modifier == 1) return PostgreSqlType{::arrow::boolean(), ValueForm::kBoolean};
      return std::nullopt;
    case kBytea:
      return PostgreSqlType{::arrow::binary(), ValueForm::kHexBytes};
    case kInt2:
      return PostgreSqlType{::arrow::int16(), ValueForm::kText};
    case kInt4:
      return PostgreSqlType{::arrow::int32(), ValueForm::kText};
    case kInt8:
    case kOid:
      return PostgreSqlType{::arrow::int64(), ValueForm::kText};
    case kFloat4:
      return PostgreSqlType{::arrow::float32(), ValueForm::kText};
    case kFloat8:
      return PostgreSqlType{::arrow::float64(), ValueForm::kText};
    case kNumeric:
      return PostgreSqlType{NumericType(modifier), ValueForm::kText};
    case kDate:
      return PostgreSqlType{::arrow::date32(), ValueForm::kText};
    case kTimestamp:
      return PostgreSqlType{SparkTimestamp(), ValueForm::kLocalTimestamp};
    case kTimestamptz:
      return PostgreSqlType{SparkTimestamp(), ValueForm::kText};
    case kTime:
    case kTimetz:
      return PostgreSqlType{SparkTimestamp(), ValueForm::kTimeOfDay};
    default:
      return std::nullopt;
  }
}

}  // namespace hoodie::internal
