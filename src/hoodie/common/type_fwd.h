// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/type_fwd.h
/// \brief Forward declarations of the common module's types.
#pragma once

namespace hoodie {

enum class EnumCase;
enum class ErrorCode;
enum class LogLevel;
struct CivilDate;
class ErrorDetail;
class Utf16Units;
class KeyFilter;

}  // namespace hoodie
