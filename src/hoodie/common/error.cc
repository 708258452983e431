// SPDX-License-Identifier: Apache-2.0
#include "hoodie/common/error.h"

namespace hoodie {
namespace {
constexpr const char kErrorDetailTypeId[] = "hoodie::ErrorDetail";
}  // namespace

const char* ErrorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::kWriteConflict: return "WriteConflict";
    case ErrorCode::kLockTimeout: return "LockTimeout";
    case ErrorCode::kCorruptLogBlock: return "CorruptLogBlock";
    case ErrorCode::kUnsupportedTableVersion: return "UnsupportedTableVersion";
    case ErrorCode::kSchemaIncompatible: return "SchemaIncompatible";
    case ErrorCode::kInstantStateConflict: return "InstantStateConflict";
    case ErrorCode::kNotATable: return "NotATable";
    case ErrorCode::kCorruptTableConfig: return "CorruptTableConfig";
    case ErrorCode::kFaultInjected: return "FaultInjected";
    case ErrorCode::kInvalidOption: return "InvalidOption";
  }
  return "Unknown";
}

const char* ErrorDetail::type_id() const { return kErrorDetailTypeId; }

std::string ErrorDetail::ToString() const { return ErrorCodeName(code_); }

::arrow::Status WithErrorCode(const ::arrow::Status& status, ErrorCode code) {
  return status.WithDetail(std::make_shared<ErrorDetail>(code));
}

bool HasErrorCode(const ::arrow::Status& status, ErrorCode code) {
  const auto& detail = status.detail();
  if (detail == nullptr || std::string(detail->type_id()) != kErrorDetailTypeId) {
    return false;
  }
  return static_cast<const ErrorDetail&>(*detail).code() == code;
}

}  // namespace hoodie
