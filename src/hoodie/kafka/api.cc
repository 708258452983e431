// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/api.cc
/// \brief The one source of libhoodie_kafka.so of its own: the module comes in whole
/// (src/hoodie/CMakeLists.txt); compiling the umbrella proves it stands alone.
#include "hoodie/kafka/api.h"
