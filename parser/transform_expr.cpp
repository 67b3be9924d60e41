// Parse tree -> ast for conditions, expressions, literals and data types.
#include <cctype>
#include <charconv>
#include <cstdlib>

#include "common/datetime.h"
#include "common/double_text.h"
#include "common/error.h"
#include "common/interval.h"
#include "parser/internal/transformer.h"

namespace pathdb::parser_internal {

using ast::ExprKind;
using ast::ExprPtr;

namespace {

ExprPtr Make(ExprKind k, antlr4::Token* tok) {
  auto e = std::make_unique<ast::Expr>(k);
  e->pos = Transformer::PosOf(tok);
  return e;
}

std::string CompareOp(P::CompOpContext* ctx) {
  if (ctx->NOT_EQUAL() != nullptr) return "<>";
  if (ctx->EQUAL() != nullptr) return "=";
  return ctx->getText();
}

[[noreturn]] void ThrowAt(int code, std::string msg, antlr4::Token* tok) {
  OraError e(code, std::move(msg));
  if (tok != nullptr) {
    e.line = tok->getLine();
    e.column = tok->getCharPositionInLine();
  }
  throw e;
}

int ParseInt(const std::string& s, antlr4::Token* tok) {
  int v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) ThrowAt(1722, "invalid number", tok);
  return v;
}

// 'YYYY-MM-DD[ HH24:MI:SS[.FFFFFF]]' as the ANSI DATE/TIMESTAMP literal requires.
int64_t ParseDatetimeLiteral(const std::string& s, bool allow_time, antlr4::Token* tok) {
  auto fail = [&]() { ThrowAt(1861, "literal does not match format string", tok); };
  size_t i = 0;
  auto num = [&](int max_digits) -> int64_t {
    size_t start = i;
    int64_t v = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) &&
           static_cast<int>(i - start) < max_digits) {
      v = v * 10 + (s[i] - '0');
      ++i;
    }
    if (i == start) fail();
    return v;
  };
  auto expect = [&](char c) {
    if (i >= s.size() || s[i] != c) fail();
    ++i;
  };
  while (i < s.size() && s[i] == ' ') ++i;
  datetime::DateParts p;
  p.year = num(4);
  expect('-');
  p.month = static_cast<int>(num(2));
  expect('-');
  p.day = static_cast<int>(num(2));
  if (p.month < 1 || p.month > 12) ThrowAt(1843, "not a valid month", tok);
  if (p.day < 1 || p.day > datetime::DaysInMonth(p.year, p.month)) {
    ThrowAt(1847, "day of month must be between 1 and last day of month", tok);
  }
  if (allow_time && i < s.size() && s[i] == ' ') {
    while (i < s.size() && s[i] == ' ') ++i;
    if (i < s.size()) {
      p.hour = static_cast<int>(num(2));
      expect(':');
      p.minute = static_cast<int>(num(2));
      if (i < s.size() && s[i] == ':') {
        ++i;
        p.second = static_cast<int>(num(2));
        if (i < s.size() && s[i] == '.') {
          ++i;
          size_t start = i;
          int64_t frac = num(9);
          size_t digits = i - start;
          while (digits < 6) frac *= 10, ++digits;
          while (digits > 6) frac /= 10, --digits;
          p.micros = frac;
        }
      }
      if (p.hour > 23) ThrowAt(1850, "hour must be between 0 and 23", tok);
      if (p.minute > 59) ThrowAt(1851, "minutes must be between 0 and 59", tok);
      if (p.second > 59) ThrowAt(1852, "seconds must be between 0 and 59", tok);
    }
  }
  while (i < s.size() && s[i] == ' ') ++i;
  if (i != s.size()) fail();
  return datetime::JoinMicros(p);
}

}  // namespace

ExprPtr Transformer::Condition(P::ConditionContext* ctx) {
  if (auto* c = dynamic_cast<P::PredicateConditionContext*>(ctx)) return Predicate(c->predicate());
  if (auto* c = dynamic_cast<P::NotConditionContext*>(ctx)) {
    auto e = Make(ExprKind::kNot, c->start);
    e->args.push_back(Condition(c->condition()));
    return e;
  }
  // AND / OR chains are left-deep in the tree: walk the left spine, keep ast nodes flat.
  bool is_and = dynamic_cast<P::AndConditionContext*>(ctx) != nullptr;
  bool is_or = dynamic_cast<P::OrConditionContext*>(ctx) != nullptr;
  if (!is_and && !is_or) Unsupported(ctx);
  auto e = Make(is_and ? ExprKind::kAnd : ExprKind::kOr, ctx->start);
  std::vector<P::ConditionContext*> operands;
  P::ConditionContext* cur = ctx;
  while (true) {
    std::vector<P::ConditionContext*> kids;
    if (is_and) {
      auto* a = dynamic_cast<P::AndConditionContext*>(cur);
      if (a == nullptr) break;
      kids = a->condition();
    } else {
      auto* o = dynamic_cast<P::OrConditionContext*>(cur);
      if (o == nullptr) break;
      kids = o->condition();
    }
    if (kids.size() != 2) Unsupported(ctx);
    operands.push_back(kids[1]);
    cur = kids[0];
  }
  operands.push_back(cur);
  for (auto it = operands.rbegin(); it != operands.rend(); ++it) e->args.push_back(Condition(*it));
  return e;
}

ExprPtr Transformer::Predicate(P::PredicateContext* ctx) {
  if (auto* c = dynamic_cast<P::ExprPredicateContext*>(ctx)) {
    if (c->predicateTail() == nullptr) return Expr(c->expr());
    return PredicateTail(c->expr(), c->predicateTail());
  }
  if (auto* c = dynamic_cast<P::ExistsPredicateContext*>(ctx)) {
    auto e = Make(ExprKind::kExists, c->start);
    e->subquery = Query(c->query());
    return e;
  }
  if (auto* c = dynamic_cast<P::RowInPredicateContext*>(ctx)) {
    bool negated = c->NOT() != nullptr;
    if (c->query() != nullptr) {
      auto e = Make(ExprKind::kInSubquery, c->start);
      for (auto* x : c->expr()) e->args.push_back(Expr(x));
      e->subquery = Query(c->query());
      e->negated = negated;
      return e;
    }
    auto e = Make(ExprKind::kInList, c->start);
    e->negated = negated;
    auto row = Make(ExprKind::kRowConstructor, c->start);
    for (auto* x : c->expr()) row->args.push_back(Expr(x));
    e->args.push_back(std::move(row));
    for (auto* list : c->rowList()->exprList()) {
      auto r = Make(ExprKind::kRowConstructor, list->start);
      for (auto* x : list->expr()) r->args.push_back(Expr(x));
      e->args.push_back(std::move(r));
    }
    return e;
  }
  Unsupported(ctx);
}

ExprPtr Transformer::PredicateTail(P::ExprContext* left, P::PredicateTailContext* tail) {
  antlr4::Token* at = left->start;
  if (auto* t = dynamic_cast<P::CompareTailContext*>(tail)) {
    auto e = Make(ExprKind::kCompare, at);
    e->op = CompareOp(t->compOp());
    e->args.push_back(Expr(left));
    e->args.push_back(Expr(t->expr()));
    return e;
  }
  if (auto* t = dynamic_cast<P::QuantifiedTailContext*>(tail)) {
    std::string quant = Upper(t->quantifier->getText());
    if (quant == "SOME") quant = "ANY";
    std::string op = CompareOp(t->compOp());
    if (t->query() != nullptr) {
      auto e = Make(ExprKind::kCompare, at);
      e->op = op;
      e->quantifier = quant;
      e->args.push_back(Expr(left));
      e->subquery = Query(t->query());
      return e;
    }
    // x > ANY (a, b) is (x > a OR x > b); ALL uses AND. The left side is re-read per item.
    auto items = t->exprList()->expr();
    auto combined = Make(quant == "ANY" ? ExprKind::kOr : ExprKind::kAnd, at);
    for (auto* item : items) {
      auto cmp = Make(ExprKind::kCompare, at);
      cmp->op = op;
      cmp->args.push_back(Expr(left));
      cmp->args.push_back(Expr(item));
      combined->args.push_back(std::move(cmp));
    }
    if (combined->args.size() == 1) return std::move(combined->args[0]);
    return combined;
  }
  if (auto* t = dynamic_cast<P::IsNullTailContext*>(tail)) {
    auto e = Make(ExprKind::kIsNull, at);
    e->negated = t->NOT() != nullptr;
    e->args.push_back(Expr(left));
    return e;
  }
  if (auto* t = dynamic_cast<P::BetweenTailContext*>(tail)) {
    auto e = Make(ExprKind::kBetween, at);
    e->negated = t->NOT() != nullptr;
    e->args.push_back(Expr(left));
    e->args.push_back(Expr(t->low));
    e->args.push_back(Expr(t->high));
    return e;
  }
  if (auto* t = dynamic_cast<P::InSubqueryTailContext*>(tail)) {
    auto e = Make(ExprKind::kInSubquery, at);
    e->negated = t->NOT() != nullptr;
    e->args.push_back(Expr(left));
    e->subquery = Query(t->query());
    return e;
  }
  if (auto* t = dynamic_cast<P::InListTailContext*>(tail)) {
    auto e = Make(ExprKind::kInList, at);
    e->negated = t->NOT() != nullptr;
    e->args.push_back(Expr(left));
    if (t->exprList() != nullptr) {
      for (auto* x : t->exprList()->expr()) e->args.push_back(Expr(x));
    }
    return e;
  }
  if (auto* t = dynamic_cast<P::LikeTailContext*>(tail)) {
    auto e = Make(ExprKind::kLike, at);
    e->negated = t->NOT() != nullptr;
    e->args.push_back(Expr(left));
    e->args.push_back(Expr(t->pattern));
    if (t->escape != nullptr) e->args.push_back(Expr(t->escape));
    return e;
  }
  Unsupported(tail);
}

ExprPtr Transformer::Expr(P::ExprContext* ctx) {
  if (auto* c = dynamic_cast<P::PrimaryExprContext*>(ctx)) return Primary(c->primary());
  if (auto* c = dynamic_cast<P::SignExprContext*>(ctx)) {
    auto e = Make(ExprKind::kUnary, c->start);
    e->op = c->op->getText();
    e->args.push_back(Expr(c->expr()));
    return e;
  }
  if (auto* c = dynamic_cast<P::PriorExprContext*>(ctx)) {
    auto e = Make(ExprKind::kUnary, c->start);
    e->op = "PRIOR";
    e->args.push_back(Expr(c->expr()));
    return e;
  }
  std::vector<P::ExprContext*> kids;
  antlr4::Token* op = nullptr;
  if (auto* c = dynamic_cast<P::MulExprContext*>(ctx)) {
    kids = c->expr();
    op = c->op;
  } else if (auto* c = dynamic_cast<P::AddExprContext*>(ctx)) {
    kids = c->expr();
    op = c->op;
  }
  if (kids.size() != 2 || op == nullptr) Unsupported(ctx);
  auto e = Make(ExprKind::kBinary, ctx->start);
  e->op = op->getText();
  e->args.push_back(Expr(kids[0]));
  e->args.push_back(Expr(kids[1]));
  return e;
}

ExprPtr Transformer::FunctionArg(P::FunctionArgContext* ctx) {
  auto value = Condition(ctx->condition());
  if (ctx->identifier() == nullptr) return value;
  // Named argument (name => value): a "=>" pair, the name as a column reference.
  auto e = Make(ExprKind::kBinary, ctx->start);
  e->op = "=>";
  auto name = Make(ExprKind::kColumnRef, ctx->identifier()->start);
  name->names.push_back(Identifier(ctx->identifier()));
  e->args.push_back(std::move(name));
  e->args.push_back(std::move(value));
  return e;
}

ExprPtr Transformer::TrimFrom(P::TrimFromPrimaryContext* c) {
  // TRIM(LEADING c FROM s) = LTRIM(s, c), TRAILING = RTRIM, BOTH = RTRIM(LTRIM(s, c), c).
  std::string spec = c->trimSpec != nullptr ? Upper(c->trimSpec->getText()) : "BOTH";
  auto call = [&](const char* name, ExprPtr src) {
    auto f = Make(ExprKind::kFunction, c->start);
    f->names = {name};
    f->args.push_back(std::move(src));
    if (c->trimChar != nullptr) f->args.push_back(Expr(c->trimChar));
    return f;
  };
  if (spec == "LEADING") return call("LTRIM", Expr(c->source));
  if (spec == "TRAILING") return call("RTRIM", Expr(c->source));
  if (c->trimChar == nullptr) return call("TRIM", Expr(c->source));
  return call("RTRIM", call("LTRIM", Expr(c->source)));
}

ExprPtr Transformer::Primary(P::PrimaryContext* ctx) {
  if (auto* c = dynamic_cast<P::ColumnPrimaryContext*>(ctx)) {
    auto names = QualifiedName(c->qualifiedName());
    // DBMS_RANDOM.VALUE without parentheses is a call, not a column of table DBMS_RANDOM.
    if (names.size() == 2 && names[0].rfind("DBMS_", 0) == 0) {
      auto f = Make(ExprKind::kFunction, c->start);
      f->names = std::move(names);
      return f;
    }
    auto e = Make(ExprKind::kColumnRef, c->start);
    e->names = std::move(names);
    return e;
  }
  if (auto* c = dynamic_cast<P::LiteralPrimaryContext*>(ctx)) return Literal(c->literal());
  if (auto* c = dynamic_cast<P::FunctionPrimaryContext*>(ctx)) {
    auto e = Make(ExprKind::kFunction, c->start);
    e->names = QualifiedName(c->qualifiedName());
    e->distinct = c->setQuantifier != nullptr && c->setQuantifier->getType() != P::ALL;
    for (auto* a : c->functionArg()) e->args.push_back(FunctionArg(a));
    return e;
  }
  if (auto* c = dynamic_cast<P::CountStarPrimaryContext*>(ctx)) {
    auto e = Make(ExprKind::kFunction, c->start);
    e->names = QualifiedName(c->qualifiedName());
    e->args.push_back(Make(ExprKind::kStar, c->STAR()->getSymbol()));
    return e;
  }
  if (auto* c = dynamic_cast<P::ParenPrimaryContext*>(ctx)) return Condition(c->condition());
  if (auto* c = dynamic_cast<P::SubqueryPrimaryContext*>(ctx)) {
    auto e = Make(ExprKind::kScalarSubquery, c->start);
    e->subquery = Query(c->query());
    return e;
  }
  if (auto* c = dynamic_cast<P::BindPrimaryContext*>(ctx)) {
    auto e = Make(ExprKind::kBindVar, c->start);
    e->text = Upper(c->getText().substr(1));
    return e;
  }
  if (auto* c = dynamic_cast<P::CasePrimaryContext*>(ctx)) {
    auto e = Make(ExprKind::kCase, c->start);
    e->args.push_back(c->operand != nullptr ? Expr(c->operand) : nullptr);
    auto conds = c->condition();
    size_t pairs = c->WHEN().size();
    for (size_t i = 0; i < pairs * 2 && i < conds.size(); ++i) e->args.push_back(Condition(conds[i]));
    e->args.push_back(c->elseValue != nullptr ? Condition(c->elseValue) : nullptr);
    return e;
  }
  if (auto* c = dynamic_cast<P::CastPrimaryContext*>(ctx)) {
    auto e = Make(ExprKind::kCast, c->start);
    e->args.push_back(Condition(c->condition()));
    e->cast_type = DataType(c->dataType());
    return e;
  }
  if (auto* c = dynamic_cast<P::TrimFromPrimaryContext*>(ctx)) return TrimFrom(c);
  if (auto* c = dynamic_cast<P::ExtractPrimaryContext*>(ctx)) {
    // EXTRACT(field FROM x): a call of EXTRACT with the field name as its first argument.
    auto e = Make(ExprKind::kFunction, c->start);
    e->names = {"EXTRACT"};
    auto field = Make(ExprKind::kLiteral, c->intervalField()->start);
    field->literal = Value::Varchar(Upper(c->intervalField()->getText()));
    e->args.push_back(std::move(field));
    e->args.push_back(Expr(c->expr()));
    return e;
  }
  if (dynamic_cast<P::RownumPrimaryContext*>(ctx)) return Make(ExprKind::kRownum, ctx->start);
  if (dynamic_cast<P::LevelPrimaryContext*>(ctx)) return Make(ExprKind::kLevel, ctx->start);
  if (dynamic_cast<P::RowidPrimaryContext*>(ctx)) return Make(ExprKind::kRowid, ctx->start);
  if (auto* c = dynamic_cast<P::QualifiedRowidPrimaryContext*>(ctx)) {
    auto e = Make(ExprKind::kRowid, c->start);
    e->names = QualifiedName(c->qualifiedName());  // the table qualifier of t.ROWID
    return e;
  }
  if (dynamic_cast<P::SysdatePrimaryContext*>(ctx)) return Make(ExprKind::kSysdate, ctx->start);
  if (dynamic_cast<P::SystimestampPrimaryContext*>(ctx)) {
    return Make(ExprKind::kSystimestamp, ctx->start);
  }
  Unsupported(ctx);
}


namespace {

// The qualifier of an INTERVAL literal or type: fields and precisions, checked as Oracle does.
interval::Qualifier IntervalQualifier(P::IntervalQualifierContext* q) {
  auto field = [](P::IntervalFieldContext* f) {
    if (f->YEAR() != nullptr) return interval::Field::kYear;
    if (f->MONTH() != nullptr) return interval::Field::kMonth;
    if (f->DAY() != nullptr) return interval::Field::kDay;
    if (f->HOUR() != nullptr) return interval::Field::kHour;
    if (f->MINUTE() != nullptr) return interval::Field::kMinute;
    return interval::Field::kSecond;
  };
  auto precision = [](antlr4::Token* t) {
    if (t == nullptr) return -1;
    int v = ParseInt(t->getText(), t);
    if (v < 0 || v > 9) ThrowAt(30088, "datetime/interval precision is out of range", t);
    return v;
  };
  interval::Qualifier out;
  out.leading = field(q->leading);
  out.leading_precision = precision(q->leadingPrecision);
  out.trailing = q->trailing != nullptr ? field(q->trailing) : out.leading;
  if (out.leading == interval::Field::kSecond) {
    out.fractional_precision = precision(q->leadingFraction);
  } else if (q->leadingFraction != nullptr) {
    ThrowAt(907, "missing right parenthesis", q->leadingFraction);
  }
  if (q->trailing != nullptr) {
    if (q->trailingPrecision != nullptr && out.trailing != interval::Field::kSecond)
      ThrowAt(907, "missing right parenthesis", q->trailingPrecision);
    if (out.trailing == interval::Field::kSecond) out.fractional_precision = precision(q->trailingPrecision);
    bool ym = interval::IsYearMonth(out.leading);
    if (ym != interval::IsYearMonth(out.trailing) || out.trailing <= out.leading)
      ThrowAt(30089, "missing or invalid <datetime field>", q->trailing->start);
  }
  return out;
}

}  // namespace

ExprPtr Transformer::Literal(P::LiteralContext* ctx) {
  auto e = Make(ExprKind::kLiteral, ctx->start);
  if (dynamic_cast<P::NumberLiteralContext*>(ctx)) {
    std::string text = ctx->getText();
    e->text = text;
    char last = text.back();
    if (last == 'f' || last == 'F' || last == 'd' || last == 'D') {
      e->literal =
          Value::Double(ParseDouble(std::string_view(text).substr(0, text.size() - 1)).value_or(0));
      return e;
    }
    // Whether the value is in range depends on the dialect (NUMBER overflows at 1e126, a
    // SQLite REAL at 1.8e308), so the binder decides from e->text; here it only must not throw.
    bool integral = text.find_first_of(".eE") == std::string::npos;
    std::optional<Decimal> d;
    try {
      d = Decimal::Parse(text);
    } catch (const OraError&) {
    }
    if (d) {
      e->literal = Value::Number(*d, integral ? LogicalType::Integer() : LogicalType::Number());
    } else {
      e->literal = Value::Double(ParseDouble(text).value_or(0));
    }
    return e;
  }
  if (dynamic_cast<P::StringLiteralContext*>(ctx) || dynamic_cast<P::QStringLiteralContext*>(ctx)) {
    e->literal = Value::Varchar(UnquoteString(ctx->getText()));
    return e;
  }
  if (dynamic_cast<P::NullLiteralContext*>(ctx)) {
    e->literal = Value::Null();
    return e;
  }
  if (auto* c = dynamic_cast<P::DateLiteralContext*>(ctx)) {
    e->text = UnquoteString(c->STRING_LITERAL()->getText());
    int64_t micros = ParseDatetimeLiteral(e->text, false, c->STRING_LITERAL()->getSymbol());
    e->literal = Value::Date(micros / datetime::kMicrosPerSecond);
    return e;
  }
  if (auto* c = dynamic_cast<P::TimestampLiteralContext*>(ctx)) {
    e->text = UnquoteString(c->STRING_LITERAL()->getText());
    e->literal = Value::Timestamp(ParseDatetimeLiteral(e->text, true, c->STRING_LITERAL()->getSymbol()));
    return e;
  }
  if (auto* c = dynamic_cast<P::IntervalLiteralContext*>(ctx)) {
    interval::Qualifier q = IntervalQualifier(c->intervalQualifier());
    std::string text = UnquoteString(c->STRING_LITERAL()->getText());
    // Oracle's heading for the literal: INTERVAL'90'DAY(3)
    e->text = "INTERVAL" + c->STRING_LITERAL()->getText() + Upper(TextOf(c->intervalQualifier()));
    std::erase(e->text, ' ');
    try {
      e->literal = Value::Interval(interval::Parse(text, q), interval::TypeOf(q));
    } catch (OraError& err) {
      ThrowAt(err.code(), err.message(), c->STRING_LITERAL()->getSymbol());
    }
    return e;
  }
  Unsupported(ctx);
}

LogicalType Transformer::DataType(P::DataTypeContext* ctx) {
  auto precision = [&](P::TypeSizeContext* p) {
    if (p == nullptr) return -1;
    if (p->STAR() != nullptr) return 38;
    int v = ParseInt(p->getText(), p->start);
    if (v < 1 || v > 38) ThrowAt(1727, "numeric precision specifier is out of range (1 to 38)", p->start);
    return v;
  };
  auto scale = [&](P::SignedIntegerContext* s, int dflt) {
    if (s == nullptr) return dflt;
    int v = ParseInt(s->NUMERIC_LITERAL()->getText(), s->start);
    if (s->MINUS() != nullptr) v = -v;
    if (v < -84 || v > 127) ThrowAt(1728, "numeric scale specifier is out of range (-84 to 127)", s->start);
    return v;
  };
  auto length = [&](antlr4::tree::TerminalNode* n, uint32_t dflt) -> uint32_t {
    if (n == nullptr) return dflt;
    int v = ParseInt(n->getText(), n->getSymbol());
    if (v < 1 || v > 32767) ThrowAt(910, "specified length too long for its datatype", n->getSymbol());
    return static_cast<uint32_t>(v);
  };
  if (auto* c = dynamic_cast<P::NumberTypeContext*>(ctx)) {
    if (c->precision == nullptr) return LogicalType::Number();
    int p = precision(c->precision);
    return LogicalType::Number(p, scale(c->scale, 0));
  }
  if (auto* c = dynamic_cast<P::DecimalTypeContext*>(ctx)) {
    if (c->precision == nullptr) return LogicalType::Integer();
    int p = precision(c->precision);
    return LogicalType::Number(p, scale(c->scale, 0));
  }
  if (dynamic_cast<P::IntegerTypeContext*>(ctx)) return LogicalType::Integer();
  if (dynamic_cast<P::DoubleTypeContext*>(ctx)) return LogicalType::Double();
  if (auto* c = dynamic_cast<P::VarcharTypeContext*>(ctx)) {
    return LogicalType::Varchar(length(c->NUMERIC_LITERAL(), 0));
  }
  if (auto* c = dynamic_cast<P::CharTypeContext*>(ctx)) {
    return LogicalType::Char(length(c->NUMERIC_LITERAL(), 1));
  }
  if (dynamic_cast<P::TextTypeContext*>(ctx)) return LogicalType::Varchar(0);
  if (dynamic_cast<P::DateTypeContext*>(ctx)) return LogicalType::Date();
  if (dynamic_cast<P::TimestampTypeContext*>(ctx)) return LogicalType::Timestamp();
  if (auto* c = dynamic_cast<P::IntervalTypeContext*>(ctx)) {
    interval::Qualifier q = IntervalQualifier(c->intervalQualifier());
    bool ym = q.leading == interval::Field::kYear && q.trailing == interval::Field::kMonth;
    bool ds = q.leading == interval::Field::kDay && q.trailing == interval::Field::kSecond;
    if (!ym && !ds) ThrowAt(902, "invalid datatype", c->start);
    // A column or CAST target defaults to 6 fractional digits, unlike a literal.
    if (ds && q.fractional_precision < 0) q.fractional_precision = 6;
    return interval::TypeOf(q);
  }
  Unsupported(ctx);
}

}  // namespace pathdb::parser_internal
