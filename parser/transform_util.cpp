// Shared helpers of the transformer: names, source text, positions, hints.
#include <cctype>

#include "common/error.h"
#include "parser/internal/hints.h"
#include "parser/internal/transformer.h"

namespace pathdb::parser_internal {

std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string UnquoteString(const std::string& t) {
  size_t i = 0;
  if (i < t.size() && (t[i] == 'n' || t[i] == 'N')) ++i;
  if (i < t.size() && (t[i] == 'q' || t[i] == 'Q')) {
    // q'X...Y' : drop q' + opening delimiter and closing delimiter + '
    if (t.size() >= i + 5) return t.substr(i + 3, t.size() - i - 5);
    return "";
  }
  std::string out;
  if (t.size() < i + 2) return out;
  for (size_t k = i + 1; k + 1 < t.size(); ++k) {
    out.push_back(t[k]);
    if (t[k] == '\'' && k + 2 < t.size() && t[k + 1] == '\'') ++k;
  }
  return out;
}

ast::Pos Transformer::PosOf(antlr4::Token* tok) {
  if (tok == nullptr) return {};
  return {tok->getLine(), tok->getCharPositionInLine()};
}

std::string Transformer::Identifier(P::IdentifierContext* ctx) {
  if (ctx == nullptr) return "";
  if (auto* q = ctx->QUOTED_IDENTIFIER()) {
    std::string t = q->getText();
    std::string out;
    for (size_t k = 1; k + 1 < t.size(); ++k) {
      out.push_back(t[k]);
      if (t[k] == '"' && k + 2 < t.size() && t[k + 1] == '"') ++k;
    }
    return out;
  }
  return Upper(ctx->getText());
}

std::vector<std::string> Transformer::QualifiedName(P::QualifiedNameContext* ctx) {
  std::vector<std::string> out;
  if (ctx == nullptr) return out;
  for (auto* id : ctx->identifier()) out.push_back(Identifier(id));
  return out;
}

std::vector<std::string> Transformer::IdentifierList(P::IdentifierListContext* ctx) {
  std::vector<std::string> out;
  if (ctx == nullptr) return out;
  for (auto* id : ctx->identifier()) out.push_back(Identifier(id));
  return out;
}

std::string Transformer::TextOf(antlr4::ParserRuleContext* ctx) {
  if (ctx == nullptr || ctx->start == nullptr || ctx->stop == nullptr) return "";
  size_t a = ctx->start->getStartIndex();
  size_t b = ctx->stop->getStopIndex();
  if (b == static_cast<size_t>(-1) || b < a) return "";
  return ctx->start->getInputStream()->getText(antlr4::misc::Interval(a, b));
}

std::vector<ast::Hint> Transformer::HintsAfter(antlr4::Token* keyword) {
  std::vector<ast::Hint> out;
  if (keyword == nullptr) return out;
  auto hidden = tokens_.getHiddenTokensToRight(keyword->getTokenIndex(),
                                               static_cast<ssize_t>(sqlp::SqlLexer::HINT_CHANNEL));
  for (antlr4::Token* t : hidden) {
    std::string text = t->getText();
    if (text.size() < 5) continue;
    auto hints = ParseHints(std::string_view(text).substr(3, text.size() - 5));
    for (auto& h : hints) out.push_back(std::move(h));
  }
  return out;
}

void Transformer::Unsupported(antlr4::ParserRuleContext* ctx) {
  OraError e(3001, fmt::format("unimplemented feature: {}", TextOf(ctx)));
  if (ctx != nullptr && ctx->start != nullptr) {
    e.line = ctx->start->getLine();
    e.column = ctx->start->getCharPositionInLine();
  }
  throw e;
}

}  // namespace pathdb::parser_internal
