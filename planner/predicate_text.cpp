// Oracle's text form of bound expressions (DBMS_XPLAN Predicate Information, column labels).
// Oracle prints the expression it evaluates, not the SQL the user wrote: IN lists as OR
// chains, BETWEEN as a >=/<= pair, implicit conversions as TO_NUMBER / INTERNAL_FUNCTION,
// subqueries as "SELECT 0 FROM ..." sketches. The binder already lowered most of these, so
// this file mostly decides spacing and parentheses (oracle-reference.md 1.4).
#include "planner/predicate_text.h"

#include <fmt/format.h>

#include <set>

#include "common/datetime.h"
#include "executor/operator.h"

namespace pathdb::planner {

namespace {

// Binding strength of what an expression prints as; a child weaker than its parent needs
// parentheses. Oracle's precedence: OR < AND < NOT < comparisons < + - || < * / < unary -.
enum Prec : int {
  kPrecOr = 1,
  kPrecAnd = 2,
  kPrecNot = 3,
  kPrecCompare = 4,
  kPrecAdd = 5,
  kPrecMul = 6,
  kPrecUnary = 7,
  kPrecPrimary = 8,
};

std::string Quote(const std::string& s) {
  std::string out(1, '\'');
  for (char c : s) {
    out += c;
    if (c == '\'') out += '\'';
  }
  out += '\'';
  return out;
}

// pre + s + post. (Built by appending: g++ 12 at -O3 reports false -Wrestrict overlaps for
// chains of `"literal" + std::string`.)
std::string Wrap(std::string_view pre, const std::string& s, std::string_view post) {
  std::string out;
  out.reserve(pre.size() + s.size() + post.size());
  out.append(pre).append(s).append(post);
  return out;
}

void AppendJoined(std::string& out, const std::vector<std::string>& items, std::string_view sep) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out.append(sep);
    out.append(items[i]);
  }
}

std::string ConstantText(const Value& v) {
  if (v.is_null()) return "NULL";
  switch (v.type().id) {
    case TypeId::kNull:
      return "NULL";
    case TypeId::kBoolean:
      // Oracle's folded contradiction prints as NULL IS NOT NULL (the famous filter on a
      // plan line that never runs); a folded tautology as 1=1.
      return v.boolean() ? "1=1" : "NULL IS NOT NULL";
    case TypeId::kNumber:
    case TypeId::kDouble: {
      std::string s = v.ToString();
      // Negative literals are parenthesised: "N"=(-1).
      return s.starts_with('-') ? Wrap("(", s, ")") : s;
    }
    case TypeId::kVarchar:
    case TypeId::kChar:
      return Quote(v.str());
    case TypeId::kDate:
      return fmt::format(
          "TO_DATE(' {}', 'syyyy-mm-dd hh24:mi:ss')",
          datetime::Format(v.date() * datetime::kMicrosPerSecond, "YYYY-MM-DD HH24:MI:SS"));
    case TypeId::kTimestamp: {
      int64_t us = v.timestamp();
      int64_t frac = ((us % 1000000) + 1000000) % 1000000;
      return fmt::format("TIMESTAMP' {}.{:06}000'",
                         datetime::Format(us - frac, "YYYY-MM-DD HH24:MI:SS"), frac);
    }
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS: {
      // As Oracle prints a folded interval: INTERVAL'+090 00:00:00' DAY(3) TO SECOND(0).
      std::string type = v.type().ToString();
      return fmt::format("INTERVAL'{}' {}", v.ToString(), type.substr(type.find(' ') + 1));
    }
  }
  return v.ToString();
}

//! The precedence an expression prints with (decides its parent's parentheses).
int PrecOf(const BoundExpr& e) {
  switch (e.kind) {
    case BoundKind::kOr:
    case BoundKind::kAnd:
      return kPrecPrimary;  // both print their own parentheses where Oracle shows them
    case BoundKind::kNot:
      return kPrecNot;
    case BoundKind::kCompare:
    case BoundKind::kIsNull:
    case BoundKind::kLike:
      return kPrecCompare;
    case BoundKind::kInList:
      return e.children.size() == 2 ? kPrecCompare : kPrecPrimary;
    case BoundKind::kFunction:
      if (e.name == "+" || e.name == "-" || e.name == "||") return kPrecAdd;
      if (e.name == "*" || e.name == "/") return kPrecMul;
      if (e.name == "NEG") return kPrecUnary;
      return kPrecPrimary;
    case BoundKind::kConstant:
      return e.constant.type().id == TypeId::kBoolean && !e.constant.is_null() ? kPrecCompare
                                                                               : kPrecPrimary;
    case BoundKind::kSubquery:
      return e.subquery && e.subquery->mode == SubqueryInfo::Mode::kScalar ? kPrecPrimary
                                                                           : kPrecCompare;
    default:
      return kPrecPrimary;
  }
}

class Printer {
 public:
  explicit Printer(const std::vector<std::string>& labels) : labels_(labels) {}

  //! `e` as a top-level predicate (a conjunction prints without parentheses).
  std::string Top(const BoundExpr& e) { return Print(e, /*under_or_not=*/false); }

 private:
  //! `e`, parenthesised when it binds weaker than `min_prec`.
  std::string Operand(const BoundExpr& e, int min_prec, bool under_or_not = false) {
    std::string s = Print(e, under_or_not);
    return PrecOf(e) < min_prec ? Wrap("(", s, ")") : s;
  }

  std::string Join(const std::vector<BoundExprPtr>& args, size_t from, size_t to) {
    std::string out;
    for (size_t i = from; i < to; ++i) {
      if (i > from) out += ',';
      out += Print(*args[i], false);
    }
    return out;
  }

  std::string Print(const BoundExpr& e, bool under_or_not) {
    switch (e.kind) {
      case BoundKind::kConstant:
        return ConstantText(e.constant);
      case BoundKind::kColumn:
        if (e.column_index < labels_.size() && !labels_[e.column_index].empty())
          return labels_[e.column_index];
        return fmt::format("COL{}", e.column_index + 1);
      case BoundKind::kParameter:
        return fmt::format(":B{}", e.column_index + 1);
      case BoundKind::kBind:
        return ":" + e.name;
      case BoundKind::kFunction:
        return Function(e);
      case BoundKind::kCompare:
        return Operand(*e.children.at(0), kPrecAdd) + e.name + Operand(*e.children.at(1), kPrecAdd);
      case BoundKind::kAnd: {
        std::string out;
        for (const auto& c : e.children) {
          if (!out.empty()) out += " AND ";
          // A nested AND flattens into this one; an OR child prints its own parentheses.
          out += c->kind == BoundKind::kAnd ? Print(*c, false) : Operand(*c, kPrecNot, true);
        }
        return under_or_not ? Wrap("(", out, ")") : out;
      }
      case BoundKind::kOr: {
        std::string out;
        for (const auto& c : e.children) {
          if (!out.empty()) out += " OR ";
          out += c->kind == BoundKind::kOr ? Inner(Print(*c, true)) : Operand(*c, kPrecNot, true);
        }
        return Wrap("(", out, ")");
      }
      case BoundKind::kNot: {
        const BoundExpr& c = *e.children.at(0);
        if (c.kind == BoundKind::kSubquery && c.subquery &&
            c.subquery->mode == SubqueryInfo::Mode::kExists) {
          // NOT (EXISTS ...) prints as Oracle's NOT EXISTS.
          return Wrap(" NOT", Print(c, true), "");
        }
        std::string inner = Print(c, true);
        // AND, OR and multi-item IN lists under NOT already print their own parentheses.
        bool wrapped = c.kind == BoundKind::kAnd || c.kind == BoundKind::kOr ||
                       (c.kind == BoundKind::kInList && c.children.size() > 2);
        return wrapped ? Wrap("NOT ", inner, "") : Wrap("NOT (", inner, ")");
      }
      case BoundKind::kIsNull:
        return Operand(*e.children.at(0), kPrecAdd) + (e.negated ? " IS NOT NULL" : " IS NULL");
      case BoundKind::kInList:
        return InList(e);
      case BoundKind::kLike: {
        std::string out = Operand(*e.children.at(0), kPrecAdd) +
                          (e.negated ? " NOT LIKE " : " LIKE ") +
                          Operand(*e.children.at(1), kPrecAdd);
        if (e.children.size() > 2) out += Wrap(" ESCAPE ", Operand(*e.children[2], kPrecAdd), "");
        return out;
      }
      case BoundKind::kCase: {
        std::string out = "CASE";
        size_t n = e.children.size();
        for (size_t i = 0; i + 1 < n; i += 2) {
          out += Wrap(" WHEN ", Print(*e.children[i], false), " THEN ");
          out += Print(*e.children[i + 1], false);
        }
        // The binder always supplies an ELSE; a NULL one is the implicit default.
        if (n % 2 == 1 &&
            !(e.children[n - 1]->IsConstant() && e.children[n - 1]->constant.is_null())) {
          out += Wrap(" ELSE ", Print(*e.children[n - 1], false), "");
        }
        return Wrap("", out, " END");
      }
      case BoundKind::kCast:
        return Cast(e);
      case BoundKind::kSubquery:
        return Subquery(e);
    }
    return "?";
  }

  // "(a OR b)" -> "a OR b" so that a nested OR flattens into its parent's parentheses.
  static std::string Inner(const std::string& s) {
    return s.size() >= 2 && s.front() == '(' && s.back() == ')' ? s.substr(1, s.size() - 2) : s;
  }

  std::string Function(const BoundExpr& e) {
    const std::string& n = e.name;
    if (e.children.size() == 2 && (n == "+" || n == "-" || n == "||" || n == "*" || n == "/")) {
      int p = PrecOf(e);
      // Left-associative: the right operand needs parentheses at equal precedence
      // ("A"-("B"-1)), the left one does not.
      return Operand(*e.children[0], p) + n + Operand(*e.children[1], p + 1);
    }
    if (n == "%" && e.children.size() == 2) return Wrap("MOD(", Join(e.children, 0, 2), ")");
    if (n == "NEG" && e.children.size() == 1)
      return Wrap("-", Operand(*e.children[0], kPrecUnary), "");
    if (n == "$AGG") return fmt::format("AGG{}", e.column_index + 1);
    if (e.children.empty() && n.find('.') == std::string::npos) return n;  // SYSDATE
    return Wrap(n + "(", Join(e.children, 0, e.children.size()), ")");
  }

  std::string InList(const BoundExpr& e) {
    // x IN (a, b) -> (x=a OR x=b); x NOT IN (a, b) -> (x<>a AND x<>b).
    const BoundExpr& x = *e.children.at(0);
    std::string lhs = Operand(x, kPrecAdd);
    std::string op = e.negated ? "<>" : "=";
    std::string out;
    for (size_t i = 1; i < e.children.size(); ++i) {
      if (i > 1) out += e.negated ? " AND " : " OR ";
      out += lhs + op + Operand(*e.children[i], kPrecAdd);
    }
    return e.children.size() == 2 ? out : Wrap("(", out, ")");
  }

  std::string Cast(const BoundExpr& e) {
    const BoundExpr& c = *e.children.at(0);
    const LogicalType& from = c.type;
    const LogicalType& to = e.type;
    // A literal converted at parse time prints as its converted value, as Oracle's
    // TO_DATE(' 2024-01-01 00:00:00', 'syyyy-mm-dd hh24:mi:ss').
    if (c.IsConstant()) {
      try {
        EvalContext ctx;
        return ConstantText(CastValue(c.constant, to, ctx));
      } catch (const std::exception&) {
        // Fails at run time; show the conversion.
      }
    }
    std::string arg = Print(c, false);
    if (from.IsString() && to.IsNumeric())
      return Wrap(to.id == TypeId::kDouble ? "TO_BINARY_DOUBLE(" : "TO_NUMBER(", arg, ")");
    if (from.id == TypeId::kNumber && to.id == TypeId::kDouble)
      return Wrap("TO_BINARY_DOUBLE(", arg, ")");
    if ((from.IsNumeric() || from.id == TypeId::kDate || from.id == TypeId::kTimestamp) &&
        to.IsString())
      return Wrap("TO_CHAR(", arg, ")");
    if (from.IsString() && to.id == TypeId::kDate) return Wrap("TO_DATE(", arg, ")");
    if (from.IsString() && to.id == TypeId::kTimestamp) return Wrap("TO_TIMESTAMP(", arg, ")");
    // Same type family (a length or precision check): invisible in Oracle's text.
    if (from.id == to.id || (from.IsString() && to.IsString())) return arg;
    return Wrap("INTERNAL_FUNCTION(", arg, ")");
  }

  //! What Oracle shows of a subquery: SELECT <columns> FROM "TABLE" "ALIAS" ... WHERE <the
  //! subplan's predicates>. The subplan was planned before this expression is printed, so
  //! its lines carry their object names, aliases and predicate texts.
  static std::string SubquerySql(const PhysicalOperator& plan, bool exists) {
    std::vector<std::string> from;
    std::vector<std::string> where;
    std::set<std::string> seen_alias, seen_pred;
    const PhysicalOperator* top = nullptr;
    // Only the subquery's own query block: a nested subquery's tables and predicates belong
    // to its own EXISTS (...) text, printed on its FILTER line.
    std::string qb;
    ForEachPlanLine(plan, [&](const PhysicalOperator& op, int) {
      if (qb.empty()) qb = op.query_block;
      if (!op.query_block.empty() && op.query_block != qb) return;
      if (top == nullptr && !op.column_labels.empty()) top = &op;
      if (!op.object_alias.empty()) {
        std::string alias = op.object_alias.substr(0, op.object_alias.find('@'));
        std::erase(alias, '"');
        if (seen_alias.insert(alias).second) {
          const OperatorType t = op.type();
          bool table = (t == OperatorType::kTableAccessFull || t == OperatorType::kTempTableScan ||
                        t == OperatorType::kTableAccessByIndexRowid) &&
                       !op.object_name.empty();
          from.push_back(fmt::format("\"{}\" \"{}\"", table ? op.object_name : alias, alias));
        }
      }
      for (const auto* list : {&op.access_predicates, &op.filter_predicates}) {
        for (const auto& p : *list) {
          if (seen_pred.insert(p).second) where.push_back(p);
        }
      }
    });
    std::vector<std::string> columns;
    if (!exists && top != nullptr) columns = top->column_labels;
    if (columns.empty()) columns.emplace_back(1, '0');
    std::string out = "SELECT ";
    AppendJoined(out, columns, ",");
    if (!from.empty()) {
      out.append(" FROM ");
      AppendJoined(out, from, ",");
    }
    if (!where.empty()) {
      out.append(" WHERE ");
      AppendJoined(out, where, " AND ");
    }
    return out;
  }

  std::string Subquery(const BoundExpr& e) {
    if (!e.subquery) return "(SELECT)";
    const SubqueryInfo& s = *e.subquery;
    std::string sql = s.plan ? SubquerySql(*s.plan, s.mode == SubqueryInfo::Mode::kExists)
                             : std::string("SELECT 0");
    switch (s.mode) {
      case SubqueryInfo::Mode::kScalar:
        return fmt::format("({})", sql);
      case SubqueryInfo::Mode::kExists:
        // Oracle prints a space before EXISTS: filter( EXISTS (SELECT 0 FROM ...)).
        return fmt::format("{} EXISTS ({})", s.negated ? " NOT" : "", sql);
      case SubqueryInfo::Mode::kIn:
      case SubqueryInfo::Mode::kAny:
      case SubqueryInfo::Mode::kAll: {
        std::string lhs;
        if (e.children.size() == 1) {
          lhs = Operand(*e.children[0], kPrecAdd);
        } else {
          lhs = fmt::format("({})", Join(e.children, 0, e.children.size()));
        }
        std::string op = s.compare_op.empty() ? "=" : s.compare_op;
        std::string quant = "ANY";
        if (s.mode == SubqueryInfo::Mode::kIn && s.negated) {
          op = "<>";  // NOT IN is <>ALL
          quant = "ALL";
        } else if (s.mode == SubqueryInfo::Mode::kAll) {
          quant = "ALL";
        }
        std::string out = fmt::format("{}{}{} ({})", lhs, op, quant, sql);
        if (s.mode != SubqueryInfo::Mode::kIn && s.negated) out = fmt::format("NOT ({})", out);
        return out;
      }
    }
    return fmt::format("({})", sql);
  }

  const std::vector<std::string>& labels_;
};

}  // namespace

std::vector<std::string> ScanLabels(const storage::TableInfo& table,
                                    const std::vector<uint32_t>& column_ids,
                                    const std::string& alias) {
  const std::string& a = alias.empty() ? table.name : alias;
  std::vector<std::string> out;
  out.reserve(column_ids.size());
  for (uint32_t id : column_ids) {
    if (id == storage::kRowIdColumn) {
      out.push_back(fmt::format("\"{}\".ROWID", a));
    } else if (id < table.columns.size()) {
      out.push_back(fmt::format("\"{}\".\"{}\"", a, table.columns[id].name));
    } else {
      out.push_back(fmt::format("COL{}", id + 1));
    }
  }
  return out;
}

std::string PredicateText(const BoundExpr& e, const std::vector<std::string>& labels) {
  return Printer(labels).Top(e);
}

std::vector<std::string> ExprLabels(const std::vector<const BoundExpr*>& exprs,
                                    const std::vector<std::string>& labels) {
  std::vector<std::string> out;
  out.reserve(exprs.size());
  for (const BoundExpr* e : exprs) out.push_back(e ? PredicateText(*e, labels) : std::string());
  return out;
}

}  // namespace pathdb::planner
