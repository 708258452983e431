// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/transformer.h
/// \brief Transformers as plug-ins: each turns a round's source records into the records
/// written (Hudi's org.apache.hudi.utilities.transform.Transformer), batch stream to
/// batch stream.
#pragma once

#include <memory>
#include <string>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/common/plugin_registry.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;

/// \brief One transformation of a round's records.
class HOODIE_EXPORT Transformer {
 public:
  virtual ~Transformer() = default;
  /// The records `input` becomes; read lazily, so memory stays that of a batch where the
  /// transformation allows it.
  virtual ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> Apply(
      std::shared_ptr<::arrow::RecordBatchReader> input) = 0;
};

/// \brief Transformers by Hudi class name
/// (org.apache.hudi.utilities.transform.FlatteningTransformer) or short name.
class HOODIE_EXPORT TransformerRegistry
    : public PluginRegistry<Transformer, const HoodieConfig&> {
 public:
  TransformerRegistry() : PluginRegistry("transformer") {}
  static TransformerRegistry* Global();
};

/// --transformer-class: a comma-separated list applied in order (ChainedTransformer);
/// an entry may carry Hudi's `id:` prefix, which names it in messages only. Empty:
/// null (no transformation).
HOODIE_EXPORT
::arrow::Result<std::unique_ptr<Transformer>> MakeTransformers(const std::string& class_names,
                                                               const HoodieConfig& config);

}  // namespace hoodie
