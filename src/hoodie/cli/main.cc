// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/main.cc
/// \brief The `hoodie` command line tool.
#include <iostream>

int main(int argc, char** argv) {
  std::cout << "hoodie 0.1.0" << std::endl;
  return 0;
}
