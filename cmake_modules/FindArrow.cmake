# SPDX-License-Identifier: Apache-2.0
# Finds Arrow C++ and Parquet C++ inside the pinned pyarrow wheel of the project venv.
# The wheel ships headers and versioned shared libraries (libarrow.so.NNNN) but no CMake
# package, so we ask pyarrow where they are and make imported targets:
#   Arrow::arrow_shared, Arrow::parquet_shared
# A system Arrow can be used instead by setting Arrow_ROOT (then find_package(Arrow CONFIG)).
if(Arrow_ROOT)
  find_package(Arrow CONFIG REQUIRED)
  find_package(Parquet CONFIG REQUIRED)
  add_library(Arrow::parquet_shared ALIAS Parquet::parquet_shared)
  return()
endif()

if(NOT HOODIE_PYTHON)
  set(HOODIE_PYTHON "${CMAKE_SOURCE_DIR}/.venv/bin/python")
endif()
execute_process(
  COMMAND "${HOODIE_PYTHON}" -c
          "import pyarrow as pa; print(pa.__version__); print(pa.get_include()); print(pa.get_library_dirs()[0])"
  OUTPUT_VARIABLE _pyarrow_out RESULT_VARIABLE _pyarrow_rc ERROR_VARIABLE _pyarrow_err
  OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT _pyarrow_rc EQUAL 0)
  message(FATAL_ERROR "pyarrow not found with ${HOODIE_PYTHON}: ${_pyarrow_err}\n"
                      "Run scripts/setup.sh first, or pass -DHOODIE_PYTHON=/path/to/python.")
endif()
string(REPLACE "\n" ";" _pyarrow_out "${_pyarrow_out}")
list(GET _pyarrow_out 0 Arrow_VERSION)
list(GET _pyarrow_out 1 ARROW_INCLUDE_DIR)
list(GET _pyarrow_out 2 ARROW_LIB_DIR)

# pip's build isolation installs pyarrow into a new temporary folder on every `pip install`:
# a copy of its headers at a fixed place in the build folder keeps every compile command,
# and so a persistent build-dir (--config-settings=build-dir=...), the same from one
# install to the next, so that a repeated install recompiles nothing.
if(SKBUILD)
  set(_stable_include "${CMAKE_BINARY_DIR}/pyarrow-${Arrow_VERSION}/include")
  if(NOT EXISTS "${_stable_include}/arrow/api.h")
    file(COPY "${ARROW_INCLUDE_DIR}/" DESTINATION "${_stable_include}")
  endif()
  set(ARROW_INCLUDE_DIR "${_stable_include}")
endif()

function(_hoodie_import_pyarrow_lib target libname)
  file(GLOB _candidates "${ARROW_LIB_DIR}/lib${libname}.so.[0-9]*")
  list(FILTER _candidates EXCLUDE REGEX "\\.so\\.[0-9]+\\.[0-9]")
  list(LENGTH _candidates _n)
  if(NOT _n EQUAL 1)
    message(FATAL_ERROR "expected one lib${libname}.so.N in ${ARROW_LIB_DIR}, found: ${_candidates}")
  endif()
  add_library(${target} SHARED IMPORTED GLOBAL)
  set_target_properties(${target} PROPERTIES
    IMPORTED_LOCATION "${_candidates}"
    IMPORTED_NO_SONAME FALSE
    INTERFACE_INCLUDE_DIRECTORIES "${ARROW_INCLUDE_DIR}")
endfunction()

_hoodie_import_pyarrow_lib(Arrow::arrow_shared arrow)
_hoodie_import_pyarrow_lib(Arrow::parquet_shared parquet)
_hoodie_import_pyarrow_lib(Arrow::arrow_compute_shared arrow_compute)
set_property(TARGET Arrow::parquet_shared APPEND PROPERTY INTERFACE_LINK_LIBRARIES Arrow::arrow_shared)
set_property(TARGET Arrow::arrow_compute_shared APPEND PROPERTY INTERFACE_LINK_LIBRARIES Arrow::arrow_shared)

# Binaries find the wheel's libraries through RPATH, with no LD_LIBRARY_PATH tweaks.
set(CMAKE_BUILD_RPATH "${ARROW_LIB_DIR}")
set(CMAKE_INSTALL_RPATH "${ARROW_LIB_DIR}")
set(Arrow_FOUND TRUE)
message(STATUS "Arrow ${Arrow_VERSION} from pyarrow: ${ARROW_LIB_DIR}")
