// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/inline_table_services.cc
/// \brief The process-wide factory of inline table services.

#include "hoodie/write/inline_table_services.h"

#include <mutex>
#include <utility>

namespace hoodie {
namespace {

std::mutex& FactoryMutex() {
  static std::mutex mutex;
  return mutex;
}

InlineTableServicesFactory& Factory() {
  static InlineTableServicesFactory factory;
  return factory;
}

}  // namespace

void SetInlineTableServicesFactory(InlineTableServicesFactory factory) {
  std::lock_guard<std::mutex> lock(FactoryMutex());
  Factory() = std::move(factory);
}

InlineTableServicesFactory GetInlineTableServicesFactory() {
  std::lock_guard<std::mutex> lock(FactoryMutex());
  return Factory();
}

}  // namespace hoodie
