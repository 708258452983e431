// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/spark_statement.cc
/// \brief ParseSparkStatement: keyword heads over tokens that know SQL's quoting and
/// comments, so a keyword inside a string or a comment is never taken for one.
#include "hoodie/common/ascii.h"
#include "hoodie/sql/spark_statement_internal.h"

#include <cctype>

#include "hoodie/common/error.h"

namespace hoodie::internal {
namespace {

enum class TokenKind { kWord, kQuotedName, kString, kSymbol };

struct Token {
  TokenKind kind;
  std::string text;  // unquoted; symbols as written
  size_t begin = 0;
  size_t end = 0;
};

bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$' ||
         c == '-';
}

// The end of the comment starting at `at`, or `at` when none starts there.
size_t SkipComment(const std::string& text, size_t at) {
  if (text.compare(at, 2, "--") == 0) {
    size_t end = text.find('\n', at);
    return end == std::string::npos ? text.size() : end + 1;
  }
  if (text.compare(at, 2, "/*") == 0) {
    size_t end = text.find("*/", at + 2);
    return end == std::string::npos ? text.size() : end + 2;
  }
  return at;
}

// A quoted token from `at` (the quote): '' or \' escape a quote in strings, a doubled
// quote in names, as Spark reads them.
::arrow::Result<Token> Quoted(const std::string& text, size_t at) {
  char quote = text[at];
  Token token{quote == '\'' ? TokenKind::kString : TokenKind::kQuotedName, "", at, at};
  for (size_t i = at + 1; i < text.size(); ++i) {
    char c = text[i];
    if (quote == '\'' && c == '\\' && i + 1 < text.size()) {
      token.text += text[++i];
    } else if (c == quote && i + 1 < text.size() && text[i + 1] == quote) {
      token.text += quote;
      ++i;
    } else if (c == quote) {
      token.end = i + 1;
      return token;
    } else {
      token.text += c;
    }
  }
  return ::arrow::Status::Invalid("unclosed ", quote, " quote at character ", at + 1);
}

::arrow::Result<std::vector<Token>> Tokenize(const std::string& text) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    if (size_t skipped = SkipComment(text, i); skipped != i) {
      i = skipped;
      continue;
    }
    char c = text[i];
    if (c == '\'' || c == '"' || c == '`') {
      ARROW_ASSIGN_OR_RAISE(Token token, Quoted(text, i));
      i = token.end;
      tokens.push_back(std::move(token));
    } else if (IsWordChar(c)) {
      size_t end = i;
      while (end < text.size() && IsWordChar(text[end])) ++end;
      tokens.push_back({TokenKind::kWord, text.substr(i, end - i), i, end});
      i = end;
    } else if (text.compare(i, 2, "=>") == 0) {
      tokens.push_back({TokenKind::kSymbol, "=>", i, i + 2});
      i += 2;
    } else {
      tokens.push_back({TokenKind::kSymbol, std::string(1, c), i, i + 1});
      ++i;
    }
  }
  while (!tokens.empty() && tokens.back().text == ";" &&
         tokens.back().kind == TokenKind::kSymbol) {
    tokens.pop_back();
  }
  return tokens;
}

// A walk over the tokens of one statement.
class Cursor {
 public:
  Cursor(const std::string& text, std::vector<Token> tokens)
      : text_(text), tokens_(std::move(tokens)) {}

  bool AtEnd() const { return at_ >= tokens_.size(); }
  const Token* Peek(size_t ahead = 0) const {
    return at_ + ahead < tokens_.size() ? &tokens_[at_ + ahead] : nullptr;
  }
  bool IsKeyword(const char* keyword, size_t ahead = 0) const {
    const Token* token = Peek(ahead);
    return token != nullptr && token->kind == TokenKind::kWord && ToLowerAscii(token->text) == keyword;
  }
  bool IsSymbol(const char* symbol) const {
    const Token* token = Peek();
    return token != nullptr && token->kind == TokenKind::kSymbol && token->text == symbol;
  }
  bool AcceptKeyword(const char* keyword) {
    if (!IsKeyword(keyword)) return false;
    ++at_;
    return true;
  }
  bool AcceptSymbol(const char* symbol) {
    if (!IsSymbol(symbol)) return false;
    ++at_;
    return true;
  }
  ::arrow::Status Expect(bool accepted, const std::string& what) const {
    if (accepted) return ::arrow::Status::OK();
    const Token* token = Peek();
    std::string found = token == nullptr ? "the end of the statement"
                                         : "'" + token->text + "' at character " +
                                               std::to_string(token->begin + 1);
    return WithErrorCode(::arrow::Status::Invalid("expected ", what, ", found ", found),
                         ErrorCode::kInvalidOption);
  }
  // A name: a word or a quoted name.
  ::arrow::Result<std::string> Name(const std::string& what) {
    const Token* token = Peek();
    bool ok = token != nullptr &&
              (token->kind == TokenKind::kWord || token->kind == TokenKind::kQuotedName);
    ARROW_RETURN_NOT_OK(Expect(ok, what));
    ++at_;
    return token->text;
  }
  // A literal: a string, a number or a bare word (true, false, null).
  ::arrow::Result<Token> Literal(const std::string& what) {
    const Token* token = Peek();
    bool ok = token != nullptr &&
              (token->kind == TokenKind::kString || token->kind == TokenKind::kWord);
    ARROW_RETURN_NOT_OK(Expect(ok, what));
    ++at_;
    return *token;
  }
  // The text between the parenthesis at the cursor and its match, the cursor after it.
  ::arrow::Result<std::string> Parenthesized(const std::string& what) {
    ARROW_RETURN_NOT_OK(Expect(IsSymbol("("), "'(' opening " + what));
    size_t open = at_;
    int depth = 0;
    for (; at_ < tokens_.size(); ++at_) {
      const Token& token = tokens_[at_];
      if (token.kind != TokenKind::kSymbol) continue;
      if (token.text == "(") ++depth;
      if (token.text == ")" && --depth == 0) {
        ++at_;
        return text_.substr(tokens_[open].end, token.begin - tokens_[open].end);
      }
    }
    return WithErrorCode(::arrow::Status::Invalid("unclosed '(' of ", what),
                         ErrorCode::kInvalidOption);
  }
  // The text from the cursor to the end of the statement.
  std::string Rest() const {
    if (AtEnd()) return "";
    return text_.substr(tokens_[at_].begin, tokens_.back().end - tokens_[at_].begin);
  }
  size_t position() const { return at_; }
  void Rewind(size_t at) { at_ = at; }

 private:
  const std::string& text_;
  std::vector<Token> tokens_;
  size_t at_ = 0;
};

::arrow::Result<std::vector<std::string>> NameList(Cursor* cursor, const std::string& what) {
  std::vector<std::string> names;
  ARROW_RETURN_NOT_OK(cursor->Expect(cursor->AcceptSymbol("("), "'(' opening " + what));
  do {
    ARROW_ASSIGN_OR_RAISE(std::string name, cursor->Name("a column of " + what));
    names.push_back(std::move(name));
  } while (cursor->AcceptSymbol(","));
  ARROW_RETURN_NOT_OK(cursor->Expect(cursor->AcceptSymbol(")"), "')' closing " + what));
  return names;
}

// (k = v, ...) of TBLPROPERTIES and OPTIONS; keys may be quoted, '=' may be left out.
::arrow::Status PropertyList(Cursor* cursor, const std::string& what,
                             std::vector<std::pair<std::string, std::string>>* out) {
  ARROW_RETURN_NOT_OK(cursor->Expect(cursor->AcceptSymbol("("), "'(' opening " + what));
  do {
    ARROW_ASSIGN_OR_RAISE(Token key, cursor->Literal("a key of " + what));
    cursor->AcceptSymbol("=");
    ARROW_ASSIGN_OR_RAISE(Token value, cursor->Literal("the value of " + key.text));
    out->emplace_back(key.text, value.text);
  } while (cursor->AcceptSymbol(","));
  return cursor->Expect(cursor->AcceptSymbol(")"), "')' closing " + what);
}

::arrow::Result<ProcedureCall> ParseCall(Cursor* cursor) {
  ProcedureCall call;
  ARROW_ASSIGN_OR_RAISE(call.name, cursor->Name("a procedure name"));
  call.name = ToLowerAscii(call.name);
  ARROW_RETURN_NOT_OK(cursor->Expect(cursor->AcceptSymbol("("), "'(' after " + call.name));
  if (!cursor->AcceptSymbol(")")) {
    do {
      ProcedureArgument argument;
      const Token* next = cursor->Peek(1);
      if (next != nullptr && next->kind == TokenKind::kSymbol && next->text == "=>") {
        ARROW_ASSIGN_OR_RAISE(std::string name, cursor->Name("an argument name"));
        argument.name = ToLowerAscii(name);
        cursor->AcceptSymbol("=>");
      }
      ARROW_ASSIGN_OR_RAISE(Token value, cursor->Literal("an argument value"));
      argument.value = value.text;
      argument.quoted = value.kind == TokenKind::kString;
      call.arguments.push_back(std::move(argument));
    } while (cursor->AcceptSymbol(","));
    ARROW_RETURN_NOT_OK(
        cursor->Expect(cursor->AcceptSymbol(")"), "')' closing the arguments of " + call.name));
  }
  ARROW_RETURN_NOT_OK(cursor->Expect(cursor->AtEnd(), "the end of the CALL statement"));
  return call;
}

::arrow::Status CreateClause(Cursor* cursor, CreateTableStatement* out) {
  if (cursor->AcceptKeyword("partitioned")) {
    ARROW_RETURN_NOT_OK(cursor->Expect(cursor->AcceptKeyword("by"), "BY after PARTITIONED"));
    ARROW_ASSIGN_OR_RAISE(out->partitioned_by, NameList(cursor, "PARTITIONED BY"));
  } else if (cursor->AcceptKeyword("tblproperties")) {
    ARROW_RETURN_NOT_OK(PropertyList(cursor, "TBLPROPERTIES", &out->properties));
  } else if (cursor->AcceptKeyword("options")) {
    ARROW_RETURN_NOT_OK(PropertyList(cursor, "OPTIONS", &out->properties));
  } else if (cursor->AcceptKeyword("location")) {
    ARROW_ASSIGN_OR_RAISE(Token path, cursor->Literal("the LOCATION path"));
    out->location = path.text;
  } else if (cursor->AcceptKeyword("comment")) {
    ARROW_RETURN_NOT_OK(cursor->Literal("the table COMMENT").status());
  } else {
    return cursor->Expect(false,
                          "PARTITIONED BY, TBLPROPERTIES, OPTIONS, LOCATION, COMMENT or AS");
  }
  return ::arrow::Status::OK();
}

// After CREATE: nullopt unless the statement says USING (it is DuckDB's then).
::arrow::Result<std::optional<SparkStatement>> ParseCreate(Cursor* cursor) {
  cursor->AcceptKeyword("external");
  if (!cursor->AcceptKeyword("table")) return std::nullopt;
  CreateTableStatement out;
  if (cursor->IsKeyword("if") && cursor->IsKeyword("not", 1) && cursor->IsKeyword("exists", 2)) {
    for (int i = 0; i < 3; ++i) cursor->AcceptKeyword(i == 0 ? "if" : i == 1 ? "not" : "exists");
    out.if_not_exists = true;
  }
  ARROW_ASSIGN_OR_RAISE(out.name, cursor->Name("the table name"));
  if (cursor->IsSymbol("(")) {
    ARROW_ASSIGN_OR_RAISE(out.columns, cursor->Parenthesized("the columns"));
  }
  if (!cursor->AcceptKeyword("using")) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(std::string provider, cursor->Name("the table provider"));
  if (ToLowerAscii(provider) != "hudi") {
    return WithErrorCode(
        ::arrow::Status::Invalid("CREATE TABLE ... USING ", provider,
                                 ": hoodie creates Hudi tables only (USING hudi)"),
        ErrorCode::kInvalidOption);
  }
  while (!cursor->AtEnd() && !cursor->IsKeyword("as")) {
    ARROW_RETURN_NOT_OK(CreateClause(cursor, &out));
  }
  if (cursor->AcceptKeyword("as")) out.query = cursor->Rest();
  return SparkStatement(std::move(out));
}

::arrow::Result<std::optional<SparkStatement>> ParseAlter(Cursor* cursor) {
  if (!cursor->AcceptKeyword("table")) return std::nullopt;
  AddColumnsStatement out;
  ARROW_ASSIGN_OR_RAISE(out.name, cursor->Name("the table name"));
  if (!cursor->IsKeyword("add") || !cursor->IsKeyword("columns", 1)) return std::nullopt;
  cursor->AcceptKeyword("add");
  cursor->AcceptKeyword("columns");
  ARROW_ASSIGN_OR_RAISE(out.columns, cursor->Parenthesized("the columns to add"));
  ARROW_RETURN_NOT_OK(cursor->Expect(cursor->AtEnd(), "the end of ALTER TABLE"));
  return SparkStatement(std::move(out));
}

::arrow::Status PartitionSpec(Cursor* cursor, SparkInsertStatement* out) {
  ARROW_RETURN_NOT_OK(cursor->Expect(cursor->AcceptSymbol("("), "'(' after PARTITION"));
  do {
    ARROW_ASSIGN_OR_RAISE(std::string column, cursor->Name("a partition column"));
    std::optional<std::string> value;
    if (cursor->AcceptSymbol("=")) {
      ARROW_ASSIGN_OR_RAISE(Token literal, cursor->Literal("the value of " + column));
      value = literal.text;
    }
    out->partition.emplace_back(std::move(column), std::move(value));
  } while (cursor->AcceptSymbol(","));
  out->has_partition_clause = true;
  return cursor->Expect(cursor->AcceptSymbol(")"), "')' closing PARTITION");
}

// After INSERT: ours for OVERWRITE, INTO TABLE and a PARTITION clause, else DuckDB's.
::arrow::Result<std::optional<SparkStatement>> ParseInsert(Cursor* cursor) {
  SparkInsertStatement out;
  out.overwrite = cursor->AcceptKeyword("overwrite");
  if (!out.overwrite && !cursor->AcceptKeyword("into")) return std::nullopt;
  bool table_keyword = cursor->AcceptKeyword("table");
  ARROW_ASSIGN_OR_RAISE(out.name, cursor->Name("the table name"));
  if (cursor->AcceptKeyword("partition")) ARROW_RETURN_NOT_OK(PartitionSpec(cursor, &out));
  if (!out.overwrite && !table_keyword && !out.has_partition_clause) return std::nullopt;
  if (cursor->IsSymbol("(")) {
    return WithErrorCode(
        ::arrow::Status::NotImplemented(
            "a column list in INSERT OVERWRITE / INSERT ... PARTITION: give the query's "
            "columns in the table's order instead"),
        ErrorCode::kInvalidOption);
  }
  out.query = cursor->Rest();
  ARROW_RETURN_NOT_OK(cursor->Expect(!out.query.empty(), "the query of the INSERT"));
  return SparkStatement(std::move(out));
}

}  // namespace

::arrow::Result<std::optional<SparkStatement>> ParseSparkStatement(const std::string& text) {
  ARROW_ASSIGN_OR_RAISE(std::vector<Token> tokens, Tokenize(text));
  Cursor cursor(text, std::move(tokens));
  if (cursor.AcceptKeyword("call")) {
    ARROW_ASSIGN_OR_RAISE(ProcedureCall call, ParseCall(&cursor));
    return SparkStatement(std::move(call));
  }
  if (cursor.AcceptKeyword("create")) return ParseCreate(&cursor);
  if (cursor.AcceptKeyword("alter")) return ParseAlter(&cursor);
  if (cursor.AcceptKeyword("insert")) return ParseInsert(&cursor);
  return std::nullopt;
}

::arrow::Result<std::string> DuckDbSpelling(const std::string& text) {
  ARROW_ASSIGN_OR_RAISE(std::vector<Token> tokens, Tokenize(text));
  auto is_word = [&](size_t i, const char* word) {
    return i < tokens.size() && tokens[i].kind == TokenKind::kWord && ToLowerAscii(tokens[i].text) == word;
  };
  auto is_star = [&](size_t i) {
    return i < tokens.size() && tokens[i].kind == TokenKind::kSymbol && tokens[i].text == "*";
  };
  std::string out;
  size_t copied = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    size_t star = 0;
    const char* spelling = nullptr;
    if (is_word(i, "update") && is_word(i + 1, "set") && is_star(i + 2)) {
      star = i + 2;
      spelling = "UPDATE BY NAME";
    } else if (is_word(i, "insert") && is_star(i + 1)) {
      star = i + 1;
      spelling = "INSERT BY NAME";
    }
    if (spelling == nullptr) continue;
    out += text.substr(copied, tokens[i].begin - copied);
    out += spelling;
    copied = tokens[star].end;
    i = star;
  }
  return out + text.substr(copied);
}

}  // namespace hoodie::internal
