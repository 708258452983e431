// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/type_fwd.h
/// \brief Forward declarations of the streamer module's types.
#pragma once

namespace hoodie {

struct CheckpointFlags;
struct ResumePoint;
struct DfsSelection;
struct MultiTableOptions;
struct IngestedTable;
struct TableRound;
class SchemaProvider;
class SchemaProviderRegistry;
class SchemaPostProcessor;
class SchemaPostProcessorRegistry;
struct SourceContext;
struct SourceBatch;
class Source;
class SourceRegistry;
struct StreamerOptions;
struct RoundResult;
class StreamSync;
struct StreamerTotals;
struct RunControl;
class Streamer;
class Transformer;
class TransformerRegistry;

}  // namespace hoodie
