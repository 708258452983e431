// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/error.h
/// \brief Hudi-specific error codes carried on an arrow::Status as a StatusDetail.
#pragma once

#include <memory>
#include <string>

#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// Conditions callers may need to tell apart beyond Arrow's status codes.
enum class ErrorCode {
  kWriteConflict,
  kLockTimeout,
  kCorruptLogBlock,
  kUnsupportedTableVersion,
  kSchemaIncompatible,
  kInstantStateConflict,
  kNotATable,
  kCorruptTableConfig,
  kFaultInjected,
  /// A configuration key the caller set is unknown, malformed, refused or missing.
  kInvalidOption,
};

HOODIE_EXPORT const char* ErrorCodeName(ErrorCode code);

/// The detail attached to a Status; see MakeError and HasErrorCode.
class HOODIE_EXPORT ErrorDetail : public ::arrow::StatusDetail {
 public:
  explicit ErrorDetail(ErrorCode code) : code_(code) {}
  const char* type_id() const override;
  std::string ToString() const override;
  ErrorCode code() const { return code_; }

 private:
  ErrorCode code_;
};

/// Returns `status` with an ErrorDetail for `code` attached.
HOODIE_EXPORT
::arrow::Status WithErrorCode(const ::arrow::Status& status, ErrorCode code);

/// True when `status` carries an ErrorDetail with `code`.
HOODIE_EXPORT bool HasErrorCode(const ::arrow::Status& status, ErrorCode code);

inline bool IsUnsupportedTableVersion(const ::arrow::Status& st) {
  return HasErrorCode(st, ErrorCode::kUnsupportedTableVersion);
}
inline bool IsNotATable(const ::arrow::Status& st) {
  return HasErrorCode(st, ErrorCode::kNotATable);
}

}  // namespace hoodie
