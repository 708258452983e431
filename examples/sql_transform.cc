// SPDX-License-Identifier: Apache-2.0
/// \file sql_transform.cc
/// \brief Runs the streamer's SqlQueryBasedTransformer, which hoodie's SQL component
/// (hoodie::sql) provides, over an Arrow batch: refused before the component is
/// registered, then run. Prints the refusal, then the rows the query returns.
#include <iostream>
#include <memory>
#include <string>

#include <arrow/api.h>
#include <hoodie/api.h>
#include <hoodie/sql/api.h>
#include <hoodie/streamer/transformer.h>

namespace {

std::shared_ptr<arrow::RecordBatchReader> Input() {
  arrow::StringBuilder ids;
  arrow::Int64Builder ts;
  (void)ids.AppendValues({"a", "b", "c"});
  (void)ts.AppendValues({1, 2, 3});
  auto schema = arrow::schema({arrow::field("id", arrow::utf8()),
                               arrow::field("ts", arrow::int64())});
  auto batch = arrow::RecordBatch::Make(schema, 3,
                                        {ids.Finish().ValueOrDie(), ts.Finish().ValueOrDie()});
  return arrow::RecordBatchReader::Make({batch}, schema).ValueOrDie();
}

arrow::Status Run() {
  hoodie::HoodieConfig config;
  config.Set("hoodie.streamer.transformer.sql",
             "SELECT id, ts * 10 AS ts FROM <SRC> WHERE id <> 'b' ORDER BY id");
  // Without the component the class is refused, naming what to link.
  std::cout << hoodie::MakeTransformers("sql", config).status().message() << "\n";
  ARROW_RETURN_NOT_OK(hoodie::RegisterSqlComponent());
  ARROW_ASSIGN_OR_RAISE(auto transformer, hoodie::MakeTransformers("sql", config));
  ARROW_ASSIGN_OR_RAISE(auto output, transformer->Apply(Input()));
  ARROW_ASSIGN_OR_RAISE(auto rows, output->ToTable());
  for (int64_t row = 0; row < rows->num_rows(); ++row) {
    ARROW_ASSIGN_OR_RAISE(auto id, rows->column(0)->GetScalar(row));
    ARROW_ASSIGN_OR_RAISE(auto ts, rows->column(1)->GetScalar(row));
    std::cout << id->ToString() << " " << ts->ToString() << "\n";
  }
  return arrow::Status::OK();
}

}  // namespace

int main() {
  arrow::Status status = Run();
  if (!status.ok()) {
    std::cerr << "sql_transform: " << status.ToString() << "\n";
    return 1;
  }
  return 0;
}
