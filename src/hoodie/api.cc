// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/api.cc
/// \brief The one source of libhoodie.so of its own: the modules come in whole
/// (src/hoodie/CMakeLists.txt); compiling the umbrella proves it stands alone.
#include "hoodie/api.h"
