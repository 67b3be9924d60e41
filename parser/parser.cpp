// ParseStatement / ParseExpression: lexing, the two-stage ANTLR parse (SLL with bail-out, then
// LL with error reporting) and the mapping of syntax errors to Oracle's ORA codes.
#include "parser/parser.h"

#include <antlr4-runtime.h>

#include "common/error.h"
#include "parser/internal/transformer.h"

namespace pathdb {

namespace {

using parser_internal::P;
using sqlp::SqlLexer;

struct SyntaxError {
  antlr4::Token* token = nullptr;
  size_t line = 0;
  size_t column = 0;
  antlr4::misc::IntervalSet expected;
  bool has_expected = false;
};

// Keeps the first syntax error with what the parser expected at that point.
class FirstErrorListener final : public antlr4::BaseErrorListener {
 public:
  void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offending, size_t line,
                   size_t col, const std::string&, std::exception_ptr) override {
    if (error) return;
    SyntaxError e;
    e.token = offending;
    e.line = line;
    e.column = col;
    if (auto* parser = dynamic_cast<antlr4::Parser*>(recognizer)) {
      try {
        e.expected = parser->getExpectedTokens();
        e.has_expected = true;
      } catch (...) {  // the expected set is a heuristic aid only
      }
    }
    error = std::move(e);
  }
  std::optional<SyntaxError> error;
};

// Owns everything the parse tree points into; must outlive the transformation.
struct ParseSession {
  explicit ParseSession(std::string_view sql)
      : input(std::string(sql)), lexer(&input), tokens(&lexer), parser(&tokens) {
    lexer.removeErrorListeners();
    parser.removeErrorListeners();
    tokens.fill();
  }
  antlr4::ANTLRInputStream input;
  SqlLexer lexer;
  antlr4::CommonTokenStream tokens;
  P parser;
  FirstErrorListener listener;
};

[[noreturn]] void ThrowAt(int code, std::string msg, size_t line, size_t column) {
  OraError e(code, std::move(msg));
  e.line = line;
  e.column = column;
  throw e;
}

bool IsReservedKeyword(size_t type) {
  switch (type) {
    case P::ALL:
    case P::ALTER:
    case P::AND:
    case P::ANY:
    case P::AS:
    case P::ASC:
    case P::BETWEEN:
    case P::BY:
    case P::CASE:
    case P::CAST:
    case P::CHAR:
    case P::CHECK:
    case P::CONNECT:
    case P::CONSTRAINT:
    case P::CREATE:
    case P::CROSS:
    case P::DATE:
    case P::DECIMAL:
    case P::DEFAULT:
    case P::DELETE:
    case P::DESC:
    case P::DISTINCT:
    case P::DROP:
    case P::ELSE:
    case P::END:
    case P::EXCEPT:
    case P::EXISTS:
    case P::FETCH:
    case P::FLOAT:
    case P::FOR:
    case P::FOREIGN:
    case P::FROM:
    case P::FULL:
    case P::GROUP:
    case P::HAVING:
    case P::IN:
    case P::INNER:
    case P::INSERT:
    case P::INTEGER:
    case P::INTERSECT:
    case P::INTO:
    case P::IS:
    case P::JOIN:
    case P::LEFT:
    case P::LEVEL:
    case P::LIKE:
    case P::LIMIT:
    case P::MINUS_KW:
    case P::NATURAL:
    case P::NOT:
    case P::NULL_:
    case P::NUMBER:
    case P::OFFSET:
    case P::ON:
    case P::OR:
    case P::ORDER:
    case P::OUTER:
    case P::PRIMARY:
    case P::PRIOR:
    case P::RIGHT:
    case P::ROWID:
    case P::ROWNUM:
    case P::SELECT:
    case P::SET:
    case P::SMALLINT:
    case P::SOME:
    case P::START:
    case P::SYSDATE:
    case P::SYSTIMESTAMP:
    case P::TABLE:
    case P::THEN:
    case P::UNION:
    case P::UNIQUE:
    case P::UPDATE:
    case P::USING:
    case P::VALUES:
    case P::VARCHAR:
    case P::VARCHAR2:
    case P::WHEN:
    case P::WHERE:
    case P::WITH:
      return true;
    default:
      return false;
  }
}

// The default-channel token before `index`, or nullptr.
antlr4::Token* PreviousToken(antlr4::CommonTokenStream& tokens, size_t index) {
  for (size_t i = index; i-- > 0;) {
    antlr4::Token* t = tokens.get(i);
    if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL) return t;
  }
  return nullptr;
}

// Tokens after which Oracle insists on an operand: a missing one is "missing expression".
bool NeedsOperand(size_t type) {
  switch (type) {
    case P::EQUAL:
    case P::NOT_EQUAL:
    case P::LESS:
    case P::GREATER:
    case P::LESS_EQUAL:
    case P::GREATER_EQUAL:
    case P::PLUS:
    case P::MINUS:
    case P::SLASH:
    case P::PERCENT:
    case P::CONCAT:
    case P::AND:
    case P::OR:
    case P::NOT:
    case P::LIKE:
    case P::BETWEEN:
    case P::WHERE:
    case P::HAVING:
    case P::SELECT:
    case P::ON:
    case P::WHEN:
    case P::THEN:
    case P::ELSE:
    case P::ESCAPE:
    case P::PRIOR:
    case P::BY:
    case P::ARROW:
    case P::DISTINCT:
      return true;
    default:
      return false;
  }
}

bool CanStartExpression(size_t type) {
  switch (type) {
    case P::NUMERIC_LITERAL:
    case P::STRING_LITERAL:
    case P::Q_STRING_LITERAL:
    case P::QUOTED_IDENTIFIER:
    case P::IDENTIFIER:
    case P::BIND_VARIABLE:
    case P::PLUS:
    case P::MINUS:
    case P::LPAREN:
    case P::CASE:
    case P::CAST:
    case P::NULL_:
    case P::DATE:
    case P::ROWNUM:
    case P::LEVEL:
    case P::ROWID:
    case P::SYSDATE:
    case P::SYSTIMESTAMP:
    case P::PRIOR:
    case P::EXISTS:
    case P::NOT:
    case P::STAR:
      return true;
    default:
      return type >= P::ADD && type <= P::WORK && !IsReservedKeyword(type);
  }
}

// Index of the first default-channel token at or after `i`.
size_t FirstDefaultIndex(antlr4::CommonTokenStream& tokens, size_t i) {
  while (i < tokens.size() && tokens.get(i)->getChannel() != antlr4::Token::DEFAULT_CHANNEL) ++i;
  return i;
}

// Oracle reports syntax errors with a handful of codes; pick the one that fits the situation
// the parser was in when it stopped (what came, what it expected, what came before).
[[noreturn]] void ThrowSyntaxError(ParseSession& s, const SyntaxError& err) {
  antlr4::Token* tok = err.token;
  size_t line = err.line;
  size_t col = err.column;
  size_t type = tok != nullptr ? tok->getType() : antlr4::Token::EOF;
  if (type == SqlLexer::UNEXPECTED_CHAR) ThrowAt(911, "invalid character", line, col);
  antlr4::Token* prev = tok != nullptr ? PreviousToken(s.tokens, tok->getTokenIndex()) : nullptr;
  if (prev == nullptr) ThrowAt(900, "invalid SQL statement", line, col);
  const auto& ex = err.expected;
  bool known = err.has_expected;
  auto expects = [&](size_t t) { return known && ex.contains(t); };
  bool keyword_expected = false;
  if (known) {
    for (size_t t : ex.toList()) keyword_expected = keyword_expected || IsReservedKeyword(t);
  }
  size_t prev_type = prev->getType();
  // Where the offending token sits: parenthesis depth, and whether a top-level SELECT has
  // reached its FROM yet.
  int depth = 0;
  bool select_statement = false;
  bool from_seen = false;
  for (size_t i = 0; tok != nullptr && i < tok->getTokenIndex(); ++i) {
    antlr4::Token* t = s.tokens.get(i);
    if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL) continue;
    if (t->getType() == P::LPAREN) ++depth;
    if (t->getType() == P::RPAREN) --depth;
    if (t->getType() == P::SELECT && i == FirstDefaultIndex(s.tokens, 0)) select_statement = true;
    if (t->getType() == P::FROM && depth == 0) from_seen = true;
  }
  bool at_end = type == antlr4::Token::EOF || type == P::SEMI;
  if (NeedsOperand(prev_type) && !CanStartExpression(type)) {
    ThrowAt(936, "missing expression", line, col);
  }
  if (select_statement && !from_seen && depth == 0 && type != P::FROM) {
    ThrowAt(923, "FROM keyword not found where expected", line, col);
  }
  if (depth > 0 && (at_end || IsReservedKeyword(type))) {
    ThrowAt(907, "missing right parenthesis", line, col);
  }
  if (expects(P::FROM) && !expects(P::STRING_LITERAL)) {
    ThrowAt(923, "FROM keyword not found where expected", line, col);
  }
  if (expects(P::STRING_LITERAL)) ThrowAt(936, "missing expression", line, col);
  if (expects(P::RPAREN) && !expects(antlr4::Token::EOF)) {
    ThrowAt(907, "missing right parenthesis", line, col);
  }
  if (expects(antlr4::Token::EOF) || expects(P::SEMI)) {
    ThrowAt(933, "SQL command not properly ended", line, col);
  }
  bool table_context = prev_type == P::FROM || prev_type == P::JOIN || prev_type == P::INTO ||
                       prev_type == P::TABLE || prev_type == P::UPDATE ||
                       (prev_type == P::DELETE && type != P::FROM);
  if (expects(P::IDENTIFIER) && table_context) ThrowAt(903, "invalid table name", line, col);
  if (expects(P::IDENTIFIER) && (prev_type == P::COMMA || prev_type == P::LPAREN)) {
    ThrowAt(904, ": invalid identifier", line, col);
  }
  if (known && ex.size() == 1) {
    if (expects(P::BY)) ThrowAt(924, "missing BY keyword", line, col);
    if (expects(P::INTO)) ThrowAt(925, "missing INTO keyword", line, col);
    if (expects(P::LPAREN)) ThrowAt(906, "missing left parenthesis", line, col);
    if (expects(P::EQUAL)) ThrowAt(927, "missing equal sign", line, col);
  }
  if (expects(P::SET) && prev_type != P::ALTER) ThrowAt(971, "missing SET keyword", line, col);
  if (expects(P::RPAREN)) ThrowAt(907, "missing right parenthesis", line, col);
  if (keyword_expected) ThrowAt(905, "missing keyword", line, col);
  if (expects(P::IDENTIFIER)) ThrowAt(904, ": invalid identifier", line, col);
  ThrowAt(900, "invalid SQL statement", line, col);
}

// Lexical problems and statements we recognise but do not implement, found before parsing.
void PreScan(ParseSession& s) {
  std::vector<antlr4::Token*> words;
  int depth = 0;
  int unary_run = 0;
  for (antlr4::Token* t : s.tokens.getTokens()) {
    size_t type = t->getType();
    size_t line = t->getLine();
    size_t col = t->getCharPositionInLine();
    if (type == SqlLexer::UNTERMINATED_STRING) {
      ThrowAt(1756, "quoted string not properly terminated", line, col);
    }
    if (type == SqlLexer::UNTERMINATED_QUOTED_IDENTIFIER) {
      ThrowAt(1740, "missing double quote in identifier", line, col);
    }
    if (type == SqlLexer::QUOTED_IDENTIFIER && t->getText().size() == 2) {
      ThrowAt(1741, "illegal zero-length identifier", line, col);
    }
    if (type == SqlLexer::LPAREN && ++depth > 200) {
      ThrowAt(3001, "unimplemented feature: nesting deeper than 200 parentheses", line, col);
    }
    if (type == SqlLexer::RPAREN) --depth;
    // Prefix operators nest like parentheses (- - - x binds as -(-(-x))): every later stage
    // recurses once per level, so a run of them has the same bound.
    if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL) {
      const bool prefix =
          type == SqlLexer::MINUS || type == SqlLexer::PLUS || type == SqlLexer::NOT;
      unary_run = prefix ? unary_run + 1 : 0;
      if (unary_run > 200) {
        ThrowAt(3001, "unimplemented feature: more than 200 operators in a row", line, col);
      }
    }
    if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL && words.size() < 4) words.push_back(t);
  }
  if (words.empty() || words[0]->getType() == antlr4::Token::EOF) {
    ThrowAt(900, "invalid SQL statement", 1, 0);
  }
  auto word = [&](size_t i) {
    return i < words.size() ? parser_internal::Upper(words[i]->getText()) : std::string();
  };
  auto unimplemented = [&](const std::string& what) {
    ThrowAt(3001, fmt::format("unimplemented feature: {}", what), words[0]->getLine(),
            words[0]->getCharPositionInLine());
  };
  std::string w0 = word(0);
  if (w0 == "MERGE") unimplemented("MERGE");
  if (w0 == "REINDEX") unimplemented("REINDEX");
  if (w0 == "DROP" && word(1) == "TRIGGER") unimplemented("DROP TRIGGER");
  if (w0 == "DECLARE") unimplemented("PL/SQL DECLARE section");
  if (w0 == "REPLACE" && word(1) == "INTO") unimplemented("REPLACE INTO");
  if (w0 == "INSERT" && word(1) == "OR") unimplemented(fmt::format("INSERT OR {}", word(2)));
  if (w0 == "CREATE") {
    size_t i = 1;
    if (word(1) == "OR" && word(2) == "REPLACE") i = 3;
    if (word(i) == "TEMP" || word(i) == "TEMPORARY") ++i;
    std::string kind = word(i);
    if (kind == "TRIGGER" || kind == "PROCEDURE" || kind == "FUNCTION" || kind == "PACKAGE") {
      unimplemented(fmt::format("CREATE {}", kind));
    }
  }
}

template <typename Rule>
auto RunParse(ParseSession& s, Rule rule) -> decltype((s.parser.*rule)()) {
  auto* sim = s.parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
  sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);
  s.parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  try {
    return (s.parser.*rule)();
  } catch (const antlr4::ParseCancellationException&) {
  }
  s.tokens.seek(0);
  s.parser.reset();
  s.parser.setErrorHandler(std::make_shared<antlr4::DefaultErrorStrategy>());
  s.parser.addErrorListener(&s.listener);
  sim->setPredictionMode(antlr4::atn::PredictionMode::LL);
  auto* tree = (s.parser.*rule)();
  if (s.listener.error) ThrowSyntaxError(s, *s.listener.error);
  return tree;
}

// Runs `body`, turning anything that is not an OraError into one: no ANTLR (or other)
// exception may reach the caller.
template <typename F>
auto Guarded(F body) -> decltype(body()) {
  try {
    return body();
  } catch (const OraError&) {
    throw;
  } catch (const std::range_error&) {  // the runtime's UTF-8 decoder
    throw OraError(911, "invalid character");
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    throw OraError(900, std::string("invalid SQL statement (") + e.what() + ")");
  } catch (...) {
    throw OraError(900, "invalid SQL statement");
  }
}

std::string StatementText(std::string_view sql, bool keep_semicolon) {
  size_t b = 0, e = sql.size();
  while (b < e && std::isspace(static_cast<unsigned char>(sql[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(sql[e - 1]))) --e;
  if (!keep_semicolon && e > b && sql[e - 1] == ';') {
    --e;
    while (e > b && std::isspace(static_cast<unsigned char>(sql[e - 1]))) --e;
  }
  return std::string(sql.substr(b, e - b));
}

}  // namespace

void PrepareParser() {
  sqlp::SqlLexer::EnsureInitialized();
  P::EnsureInitialized();
}

ast::StatementPtr ParseStatement(std::string_view sql) {
  return Guarded([&]() {
    ParseSession s(sql);
    PreScan(s);
    auto* tree = RunParse(s, &P::sqlStatement);
    parser_internal::Transformer t(s.tokens);
    auto st = t.Statement(tree->statement());
    st->text = StatementText(
        sql, st->kind == ast::StmtKind::kPlsqlBlock && tree->statement()->plsqlBlock() != nullptr);
    return st;
  });
}

ast::ExprPtr ParseExpression(std::string_view sql) {
  return Guarded([&]() {
    ParseSession s(sql);
    PreScan(s);
    auto* tree = RunParse(s, &P::expressionOnly);
    parser_internal::Transformer t(s.tokens);
    return t.Condition(tree->condition());
  });
}

}  // namespace pathdb
