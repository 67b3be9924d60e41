// ast::Expr::ToString: compact SQL text in Oracle's heading style (upper-case names, no blanks
// around operators: COUNT(*), A+1, NVL(B,0)), parenthesised only where precedence needs it.
#include <fmt/format.h>

#include "parser/ast.h"

namespace pathdb::ast {

namespace {

// Binding strength: higher binds tighter.
int Precedence(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kOr: return 1;
    case ExprKind::kAnd: return 2;
    case ExprKind::kNot: return 3;
    case ExprKind::kCompare: case ExprKind::kIsNull: case ExprKind::kBetween:
    case ExprKind::kInList: case ExprKind::kInSubquery: case ExprKind::kLike:
      return 4;
    case ExprKind::kBinary:
      if (e.op == "*" || e.op == "/" || e.op == "%") return 6;
      if (e.op == "=>") return 0;
      return 5;
    case ExprKind::kUnary: return 7;
    default: return 8;
  }
}

std::string Str(const ExprPtr& e) { return e ? e->ToString() : std::string("NULL"); }

// Child text, parenthesised when it binds more loosely than its parent requires.
std::string Child(const ExprPtr& e, int min_prec) {
  if (!e) return "NULL";
  std::string s = e->ToString();
  return Precedence(*e) < min_prec ? fmt::format("({})", s) : s;
}

std::string Quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    out.push_back(c);
    if (c == '\'') out.push_back('\'');
  }
  return out + "'";
}

std::string List(const std::vector<ExprPtr>& args, size_t from) {
  std::string out;
  for (size_t i = from; i < args.size(); ++i) {
    if (i > from) out += ",";
    out += Str(args[i]);
  }
  return out;
}

std::string LiteralText(const Expr& e) {
  const Value& v = e.literal;
  if (v.is_null()) return "NULL";
  switch (v.type().id) {
    case TypeId::kVarchar:
    case TypeId::kChar:
      return Quote(v.str());
    case TypeId::kDate:
      return fmt::format("DATE {}", Quote(e.text));
    case TypeId::kTimestamp:
      return fmt::format("TIMESTAMP {}", Quote(e.text));
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      return e.text;  // already in heading form: INTERVAL'90'DAY(3)
    default:
      return e.text.empty() ? v.ToString() : e.text;
  }
}

}  // namespace

std::string Expr::ToString() const {
  switch (kind) {
    case ExprKind::kLiteral: return LiteralText(*this);
    case ExprKind::kColumnRef: return fmt::format("{}", fmt::join(names, "."));
    case ExprKind::kStar: return names.empty() ? "*" : fmt::format("{}.*", fmt::join(names, "."));
    case ExprKind::kBindVar: return ":" + text;
    case ExprKind::kSubstitution: return "&" + text;
    case ExprKind::kUnary:
      if (op == "PRIOR") return fmt::format("PRIOR {}", Child(args.at(0), 7));
      return op + Child(args.at(0), 7);
    case ExprKind::kBinary: {
      int p = Precedence(*this);
      return Child(args.at(0), p) + op + Child(args.at(1), p + 1);
    }
    case ExprKind::kCompare: {
      std::string left = Child(args.at(0), 5);
      if (!quantifier.empty()) return left + op + quantifier + "(SELECT...)";
      return left + op + Child(args.at(1), 5);
    }
    case ExprKind::kAnd:
    case ExprKind::kOr: {
      std::string out;
      int p = Precedence(*this);
      for (size_t i = 0; i < args.size(); ++i) {
        if (i > 0) out += kind == ExprKind::kAnd ? " AND " : " OR ";
        out += Child(args[i], p + 1);
      }
      return out;
    }
    case ExprKind::kNot: return fmt::format("NOT {}", Child(args.at(0), 4));
    case ExprKind::kIsNull:
      return Child(args.at(0), 5) + (negated ? " IS NOT NULL" : " IS NULL");
    case ExprKind::kBetween:
      return Child(args.at(0), 5) + (negated ? " NOT BETWEEN " : " BETWEEN ") +
             Child(args.at(1), 5) + " AND " + Child(args.at(2), 5);
    case ExprKind::kInList:
      return Child(args.at(0), 5) + (negated ? " NOT IN (" : " IN (") + List(args, 1) + ")";
    case ExprKind::kInSubquery: {
      std::string left = args.size() == 1 ? Child(args[0], 5) : fmt::format("({})", List(args, 0));
      return left + (negated ? " NOT IN " : " IN ") + "(SELECT...)";
    }
    case ExprKind::kExists: return negated ? "NOT EXISTS (SELECT...)" : "EXISTS (SELECT...)";
    case ExprKind::kLike: {
      std::string out = Child(args.at(0), 5) + (negated ? " NOT LIKE " : " LIKE ") + Child(args.at(1), 5);
      if (args.size() > 2) out += fmt::format(" ESCAPE {}", Child(args[2], 5));
      return out;
    }
    case ExprKind::kCase: {
      std::string out = "CASE";
      if (!args.empty() && args[0]) out += fmt::format(" {}", Str(args[0]));
      size_t n = args.size();
      for (size_t i = 1; i + 2 < n; i += 2) {
        out += fmt::format(" WHEN {} THEN {}", Str(args[i]), Str(args[i + 1]));
      }
      if (n >= 2 && args[n - 1]) out += fmt::format(" ELSE {}", Str(args[n - 1]));
      return out + " END";
    }
    case ExprKind::kCast:
      return fmt::format("CAST({} AS {})", Str(args.at(0)), cast_type.ToString());
    case ExprKind::kFunction: {
      std::string name = fmt::format("{}", fmt::join(names, "."));
      if (args.empty() && names.size() > 1) return name;
      if (name == "EXTRACT" && args.size() == 2 && args[0] && args[0]->kind == ExprKind::kLiteral) {
        return fmt::format("EXTRACT({} FROM {})", args[0]->literal.str(), Str(args[1]));
      }
      return fmt::format("{}({}{})", name, distinct ? "DISTINCT " : "", List(args, 0));
    }
    case ExprKind::kScalarSubquery: return "(SELECT...)";
    case ExprKind::kRownum: return "ROWNUM";
    case ExprKind::kLevel: return "LEVEL";
    case ExprKind::kRowid:
      return names.empty() ? "ROWID" : fmt::format("{}.ROWID", fmt::join(names, "."));
    case ExprKind::kSysdate: return "SYSDATE";
    case ExprKind::kSystimestamp: return "SYSTIMESTAMP";
    case ExprKind::kRowConstructor: return fmt::format("({})", List(args, 0));
  }
  return "?";
}

}  // namespace pathdb::ast
