// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/avro_union_internal.h
/// \brief The branches of an Avro union in schema JSON, split into "null" and the rest.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace hoodie::internal {

/// An Avro union's branches: whether "null" is one, and the others in order. Hudi's
/// nullable fields are ["null", T]; each schema converter decides what else it takes.
struct AvroUnionBranches {
  bool has_null = false;
  std::vector<const nlohmann::json*> others;
};

inline AvroUnionBranches SplitAvroUnion(const nlohmann::json& branches) {
  AvroUnionBranches out;
  for (const nlohmann::json& branch : branches) {
    if (branch.is_string() && branch.get<std::string>() == "null") {
      out.has_null = true;
    } else {
      out.others.push_back(&branch);
    }
  }
  return out;
}

}  // namespace hoodie::internal
