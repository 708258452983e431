# SPDX-License-Identifier: Apache-2.0
# Finds the DuckDB C API (duckdb.h + libduckdb.so) that scripts/setup-duckdb.sh installs into
# .deps/duckdb-<version>/{include,lib}, and makes the imported target
#   DuckDB::duckdb
# Sets DuckDB_FOUND, DuckDB_VERSION, DUCKDB_INCLUDE_DIR, DUCKDB_LIBRARY.
# HOODIE_DUCKDB_ROOT points elsewhere (any prefix with include/duckdb.h and lib/libduckdb.so);
# left empty, the newest .deps/duckdb-* of the hoodie tree is used (the script keeps only one),
# so a version bump in the script needs no cache edit.
set(HOODIE_DUCKDB_ROOT "" CACHE PATH
    "Prefix holding include/duckdb.h and lib/libduckdb.so (empty: <hoodie>/.deps/duckdb-<version>)")
if(HOODIE_DUCKDB_ROOT)
  set(_duckdb_root "${HOODIE_DUCKDB_ROOT}")
else()
  get_filename_component(_duckdb_deps "${CMAKE_CURRENT_LIST_DIR}/../.deps" ABSOLUTE)
  file(GLOB _duckdb_roots LIST_DIRECTORIES true "${_duckdb_deps}/duckdb-[0-9]*")
  list(FILTER _duckdb_roots EXCLUDE REGEX "\\.tmp$")
  list(SORT _duckdb_roots COMPARE NATURAL ORDER DESCENDING)
  list(GET _duckdb_roots 0 _duckdb_root) # "NOTFOUND" when the list is empty
endif()
# Forget the cached paths when the prefix changed (a new pin, another HOODIE_DUCKDB_ROOT).
if(NOT "${_duckdb_root}" STREQUAL "${_HOODIE_DUCKDB_ROOT_USED}")
  unset(DUCKDB_INCLUDE_DIR CACHE)
  unset(DUCKDB_LIBRARY CACHE)
  set(_HOODIE_DUCKDB_ROOT_USED "${_duckdb_root}" CACHE INTERNAL "")
endif()

find_path(DUCKDB_INCLUDE_DIR duckdb.h PATHS "${_duckdb_root}/include" NO_DEFAULT_PATH)
find_library(DUCKDB_LIBRARY NAMES duckdb PATHS "${_duckdb_root}/lib" NO_DEFAULT_PATH)

# duckdb.h states the C API version it declares; the pinned library reports the same one
# (duckdb_library_version() returns "v1.5.6" for the 1.5.6 header).
if(DUCKDB_INCLUDE_DIR)
  file(STRINGS "${DUCKDB_INCLUDE_DIR}/duckdb.h" _duckdb_version_lines
       REGEX "^#define DUCKDB_API_VERSION_(MAJOR|MINOR|PATCH) [0-9]+$")
  foreach(_part MAJOR MINOR PATCH)
    string(REGEX REPLACE ".*#define DUCKDB_API_VERSION_${_part} ([0-9]+).*" "\\1"
           _duckdb_${_part} "${_duckdb_version_lines}")
  endforeach()
  set(DuckDB_VERSION "${_duckdb_MAJOR}.${_duckdb_MINOR}.${_duckdb_PATCH}")
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(DuckDB
  REQUIRED_VARS DUCKDB_LIBRARY DUCKDB_INCLUDE_DIR
  VERSION_VAR DuckDB_VERSION
  REASON_FAILURE_MESSAGE "run scripts/setup.sh (or scripts/setup-duckdb.sh), or set -DHOODIE_DUCKDB_ROOT=")

if(DuckDB_FOUND AND NOT TARGET DuckDB::duckdb)
  add_library(DuckDB::duckdb SHARED IMPORTED GLOBAL)
  # libduckdb.so has the unversioned SONAME libduckdb.so; linking it by full path makes
  # CMake put its folder into each linking target's build RPATH.
  set_target_properties(DuckDB::duckdb PROPERTIES
    IMPORTED_LOCATION "${DUCKDB_LIBRARY}"
    IMPORTED_SONAME "libduckdb.so"
    INTERFACE_INCLUDE_DIRECTORIES "${DUCKDB_INCLUDE_DIR}")
  # Installed binaries find it the way they find the pyarrow libraries (FindArrow.cmake).
  get_filename_component(_duckdb_lib_dir "${DUCKDB_LIBRARY}" DIRECTORY)
  list(APPEND CMAKE_INSTALL_RPATH "${_duckdb_lib_dir}")
  list(REMOVE_DUPLICATES CMAKE_INSTALL_RPATH)
  message(STATUS "DuckDB ${DuckDB_VERSION}: ${DUCKDB_LIBRARY}")
endif()
mark_as_advanced(DUCKDB_INCLUDE_DIR DUCKDB_LIBRARY)
