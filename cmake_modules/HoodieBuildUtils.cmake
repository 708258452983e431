# SPDX-License-Identifier: Apache-2.0
# Helpers so that each module's CMakeLists.txt only lists its sources and dependencies.

# add_hoodie_lib(<module> SOURCES ... DEPS ...) makes the static library hoodie_<module>.
function(add_hoodie_lib module)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  set(target hoodie_${module})
  add_library(${target} STATIC ${ARG_SOURCES})
  target_include_directories(${target} PUBLIC "${PROJECT_SOURCE_DIR}/src" "${PROJECT_BINARY_DIR}/src")
  target_link_libraries(${target} PUBLIC ${ARG_DEPS})
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction()

# add_hoodie_test(<name> SOURCES ... DEPS ... [LABELS ...]) makes one GoogleTest executable
# registered with CTest; tests are discovered per case so CTest reports each one.
function(add_hoodie_test name)
  if(NOT HOODIE_BUILD_TESTS)
    return()
  endif()
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;LABELS" ${ARGN})
  if(NOT ARG_LABELS)
    set(ARG_LABELS unit)
  endif()
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} hoodie_testing GTest::gmock GTest::gtest_main)
  gtest_discover_tests(${name} PROPERTIES LABELS "${ARG_LABELS}" DISCOVERY_TIMEOUT 60)
endfunction()
