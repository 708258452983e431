// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/transformer.cc
/// \brief The transformer registry, ChainedTransformer and FlatteningTransformer.
#include "hoodie/streamer/transformer.h"

#include <utility>
#include <vector>

#include <arrow/array.h>
#include <arrow/type.h>

#include "hoodie/common/ascii.h"
#include "hoodie/common/macros.h"
#include "hoodie/common/string_list.h"
#include "hoodie/common/components_internal.h"
#include "hoodie/streamer/conform_reader_internal.h"
#include "hoodie/streamer/transformers_internal.h"

namespace hoodie {
namespace {

// ChainedTransformer: each transformer's output is the next one's input.
class ChainedTransformer : public Transformer {
 public:
  explicit ChainedTransformer(std::vector<std::unique_ptr<Transformer>> chain)
      : chain_(std::move(chain)) {}
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> Apply(
      std::shared_ptr<::arrow::RecordBatchReader> input) override {
    for (const auto& transformer : chain_) {
      ARROW_ASSIGN_OR_RAISE(input, transformer->Apply(std::move(input)));
    }
    return input;
  }

 private:
  std::vector<std::unique_ptr<Transformer>> chain_;
};

// FlatteningTransformer: struct columns become one column per leaf, named by the path
// joined with `_` (Hudi selects `a.b as a_b`); other columns are kept as they are.
void FlattenField(const std::string& prefix, const std::shared_ptr<::arrow::Field>& field,
                  const std::shared_ptr<::arrow::Array>& array, ::arrow::FieldVector* fields,
                  ::arrow::ArrayVector* arrays) {
  std::string name = prefix.empty() ? field->name() : prefix + "_" + field->name();
  if (field->type()->id() != ::arrow::Type::STRUCT) {
    fields->push_back(field->WithName(name));
    if (arrays != nullptr) arrays->push_back(array);
    return;
  }
  const auto& type = static_cast<const ::arrow::StructType&>(*field->type());
  for (int i = 0; i < type.num_fields(); ++i) {
    std::shared_ptr<::arrow::Array> child;
    if (arrays != nullptr) {
      // A null struct makes its leaves null, as selecting `a.b` of a null `a` does.
      child = static_cast<const ::arrow::StructArray&>(*array).GetFlattenedField(i).ValueOr(
          nullptr);
    }
    FlattenField(name, type.field(i), child, fields, arrays);
  }
}

// Each batch flattened; a struct column that does not flatten fails the read.
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> FlattenBatch(
    const std::shared_ptr<::arrow::RecordBatch>& in) {
  ::arrow::FieldVector fields;
  ::arrow::ArrayVector arrays;
  for (int i = 0; i < in->num_columns(); ++i) {
    FlattenField("", in->schema()->field(i), in->column(i), &fields, &arrays);
  }
  for (const auto& array : arrays) {
    if (array == nullptr) return ::arrow::Status::Invalid("cannot flatten a struct column");
  }
  return ::arrow::RecordBatch::Make(::arrow::schema(std::move(fields)), in->num_rows(),
                                    std::move(arrays));
}

class FlatteningTransformer : public Transformer {
 public:
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> Apply(
      std::shared_ptr<::arrow::RecordBatchReader> input) override {
    ::arrow::FieldVector fields;
    for (const auto& field : input->schema()->fields()) {
      FlattenField("", field, nullptr, &fields, nullptr);
    }
    return MapBatches(std::move(input), ::arrow::schema(std::move(fields)),
                                FlattenBatch);
  }
};

void RegisterBuiltinTransformers(TransformerRegistry* registry) {
  HOODIE_WARN_NOT_OK(
      registry->Register(std::string(internal::kTransformPackage) + "FlatteningTransformer",
                         {"FlatteningTransformer"},
                         [](const HoodieConfig&) -> ::arrow::Result<std::unique_ptr<Transformer>> {
                           return std::make_unique<FlatteningTransformer>();
                         }),
      "FlatteningTransformer");
  // The SQL transformers come with the SQL component (RegisterSqlComponent).
  const std::pair<const char*, const char*> sql_transformers[] = {
      {"SqlQueryBasedTransformer", "sql"}, {"SqlFileBasedTransformer", "sql-file"}};
  for (const auto& [name, short_name] : sql_transformers) {
    HOODIE_WARN_NOT_OK(registry->Reserve(std::string(internal::kTransformPackage) + name,
                                         {name, short_name}, internal::kNeedsSqlComponent),
                       name);
  }
}

}  // namespace

TransformerRegistry* TransformerRegistry::Global() {
  static TransformerRegistry* registry = [] {
    auto* made = new TransformerRegistry();
    RegisterBuiltinTransformers(made);
    return made;
  }();
  return registry;
}

::arrow::Result<std::unique_ptr<Transformer>> MakeTransformers(const std::string& class_names,
                                                               const HoodieConfig& config) {
  std::vector<std::unique_ptr<Transformer>> chain;
  for (const std::string& entry : SplitAtCommas(class_names)) {
    std::string name = Trim(entry);
    if (name.empty()) continue;
    // ChainedTransformer's "id:class" form: the id only tells the entries apart.
    if (size_t colon = name.find(':'); colon != std::string::npos) {
      name = Trim(name.substr(colon + 1));
    }
    ARROW_ASSIGN_OR_RAISE(auto made, TransformerRegistry::Global()->Make(name, config));
    chain.push_back(std::move(made));
  }
  if (chain.empty()) return std::unique_ptr<Transformer>();
  if (chain.size() == 1) return std::move(chain.front());
  return std::make_unique<ChainedTransformer>(std::move(chain));
}

}  // namespace hoodie
