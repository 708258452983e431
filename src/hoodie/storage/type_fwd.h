// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/type_fwd.h
/// \brief Forward declarations of the storage module's types.
#pragma once

namespace hoodie {

struct FileStatus;
class Storage;
class FileSystemStorage;
class FaultInjectingStorage;
enum class StorageOperation;

}  // namespace hoodie
