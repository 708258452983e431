// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/visibility.h
/// \brief HOODIE_EXPORT marks what a shared library of hoodie exports (Arrow's
/// ARROW_EXPORT): the modules compile with -fvisibility=hidden, so a class or function
/// of a public header is reachable from libhoodie.so (or a component library) only when
/// marked. hoodie::internal and the `_internal.h` headers are never marked.
#pragma once

#if defined(_WIN32) || defined(__CYGWIN__)
#  error "hoodie builds on Linux and macOS only (no dllexport/dllimport variant)"
#endif

/// On a class: its members, type information and virtual table are exported. On a
/// function or variable: that symbol is.
#define HOODIE_EXPORT __attribute__((visibility("default")))
/// Keeps one member of an exported class out of the export table (a member whose
/// signature names an internal type).
#define HOODIE_NO_EXPORT __attribute__((visibility("hidden")))
