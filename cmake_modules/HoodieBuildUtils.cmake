# SPDX-License-Identifier: Apache-2.0
# Helpers so that each module's CMakeLists.txt only lists its sources and dependencies.

# add_hoodie_lib(<module> SOURCES ... DEPS ...) makes the static library hoodie_<module>.
# Modules are layered in the order they are made: hoodie_check_layers() refuses a module
# that links one made after it. Symbols are hidden unless marked HOODIE_EXPORT
# (hoodie/visibility.h), so the shared libraries made of the modules export only the API;
# executables linking the archives directly (the tests, the tool) see everything.
function(add_hoodie_lib module)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  set(target hoodie_${module})
  add_library(${target} STATIC ${ARG_SOURCES})
  target_include_directories(${target} PUBLIC "${PROJECT_SOURCE_DIR}/src" "${PROJECT_BINARY_DIR}/src")
  target_link_libraries(${target} PUBLIC ${ARG_DEPS})
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON
                                             CXX_VISIBILITY_PRESET hidden)
  set_property(GLOBAL APPEND PROPERTY HOODIE_MODULES ${module})
endfunction()

# add_hoodie_shared_library(<target> OUTPUT_NAME <name> EXPORT_NAME <name> MODULES ...
# [SOURCES ...] [LINK ...]): a shared library holding the static MODULES whole, exporting
# only hoodie's API (libhoodie.map, and what HOODIE_EXPORT marks). LINK is what it links
# publicly besides (libhoodie.so for a component library, and their own third-party
# libraries); --no-undefined proves that nothing is missing.
function(add_hoodie_shared_library target)
  cmake_parse_arguments(ARG "" "OUTPUT_NAME;EXPORT_NAME" "MODULES;SOURCES;LINK;PRIVATE_LINK"
                        ${ARGN})
  add_library(${target} SHARED ${ARG_SOURCES})
  # Whole archives by path ($<LINK_LIBRARY:WHOLE_ARCHIVE> refuses modules that also come
  # in through each other's links).
  set(archives "")
  foreach(module IN LISTS ARG_MODULES)
    list(APPEND archives "$<TARGET_FILE:${module}>")
  endforeach()
  target_link_libraries(${target}
    PRIVATE -Wl,--whole-archive ${archives} -Wl,--no-whole-archive ${ARG_PRIVATE_LINK}
    PUBLIC ${ARG_LINK})
  add_dependencies(${target} ${ARG_MODULES})
  target_include_directories(${target} PUBLIC
    "$<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/src;${PROJECT_BINARY_DIR}/src>"
    "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
  set(map "${PROJECT_SOURCE_DIR}/src/hoodie/libhoodie.map")
  target_link_options(${target} PRIVATE "-Wl,--version-script=${map}" "-Wl,--no-undefined")
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME ${ARG_OUTPUT_NAME} EXPORT_NAME ${ARG_EXPORT_NAME}
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}
    CXX_VISIBILITY_PRESET hidden LINK_DEPENDS "${map}")
endfunction()

# hoodie_check_layers(): after every module is made, reads the real link graph (each
# hoodie_<module>'s LINK_LIBRARIES and INTERFACE_LINK_LIBRARIES, whoever added them) and
# fails the configure step, naming both modules, when a module links one at or above its
# own layer, so that dependencies only point down.
function(hoodie_check_layers)
  get_property(modules GLOBAL PROPERTY HOODIE_MODULES)
  set(problems "")
  foreach(module IN LISTS modules)
    list(FIND modules ${module} level)
    get_target_property(direct hoodie_${module} LINK_LIBRARIES)
    get_target_property(interface hoodie_${module} INTERFACE_LINK_LIBRARIES)
    foreach(item IN LISTS direct interface)
      string(REGEX MATCHALL "hoodie_[A-Za-z0-9_]+" linked "${item}")
      foreach(dep IN LISTS linked)
        string(REGEX REPLACE "^hoodie_" "" other "${dep}")
        list(FIND modules ${other} other_level)
        if(other STREQUAL module OR other_level LESS 0)
          continue()
        endif()
        if(other_level GREATER level)
          list(APPEND problems
               "hoodie_${module} (${module}) links hoodie_${other} (${other}), a module above it")
        endif()
      endforeach()
    endforeach()
  endforeach()
  if(problems)
    list(REMOVE_DUPLICATES problems)
    list(JOIN problems "\n  " text)
    message(FATAL_ERROR "Dependencies must point down (modules are layered in the order "
                        "src/hoodie/CMakeLists.txt makes them):\n  ${text}")
  endif()
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

# add_hoodie_test_support(<name> SOURCES ... DEPS ...) makes the static library
# hoodie_<name>_test_support of helpers shared by several test executables (each
# compiled once, never into the product), linked like a module by the tests that use it.
function(add_hoodie_test_support name)
  if(NOT HOODIE_BUILD_TESTS)
    return()
  endif()
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  set(target hoodie_${name}_test_support)
  add_library(${target} STATIC ${ARG_SOURCES})
  target_link_libraries(${target} PUBLIC ${ARG_DEPS} hoodie_testing GTest::gmock GTest::gtest)
endfunction()
