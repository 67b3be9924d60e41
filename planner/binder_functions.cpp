// Scalar function typing: result type per function and the implicit argument conversions
// Oracle applies (a string where a number is expected is converted, ORA-01722 at run time).
#include <map>

#include "common/error.h"
#include "common/interval.h"
#include "planner/binder.h"
#include "planner/bound_util.h"

namespace pathdb::planner {

namespace {

enum class Ret {
  kArg0,       // type of the first argument (numeric functions)
  kNumber,     // NUMBER (BINARY_DOUBLE when an argument is)
  kInteger,    // NUMBER(38,0)
  kString0,    // VARCHAR2 as long as argument 0
  kString,     // VARCHAR2 unbounded
  kDate,
  kTimestamp,
  kUnified,    // common type of the "value" arguments (NVL, COALESCE, GREATEST...)
  kRoundTrunc, // DATE for a date argument, else numeric
};

// 'n' number, 's' string, 'd' date, 'a' anything, 'v' value participating in unification.
struct FunctionSig {
  size_t min_args;
  size_t max_args;  // SIZE_MAX: variadic
  Ret ret;
  const char* arg_kinds;  // per position; the last repeats
};

const std::map<std::string, FunctionSig>& Signatures() {
  static const std::map<std::string, FunctionSig> kSigs = {
      {"ABS", {1, 1, Ret::kArg0, "n"}},
      {"CEIL", {1, 1, Ret::kArg0, "n"}},
      {"FLOOR", {1, 1, Ret::kArg0, "n"}},
      {"SIGN", {1, 1, Ret::kArg0, "n"}},
      {"ROUND", {1, 2, Ret::kRoundTrunc, "an"}},
      {"TRUNC", {1, 2, Ret::kRoundTrunc, "an"}},
      {"MOD", {2, 2, Ret::kNumber, "n"}},
      {"REMAINDER", {2, 2, Ret::kNumber, "n"}},
      {"POWER", {2, 2, Ret::kNumber, "n"}},
      {"SQRT", {1, 1, Ret::kNumber, "n"}},
      {"EXP", {1, 1, Ret::kNumber, "n"}},
      {"LN", {1, 1, Ret::kNumber, "n"}},
      {"LOG", {2, 2, Ret::kNumber, "n"}},
      {"UPPER", {1, 1, Ret::kString0, "s"}},
      {"LOWER", {1, 1, Ret::kString0, "s"}},
      {"INITCAP", {1, 1, Ret::kString0, "s"}},
      {"SUBSTR", {2, 3, Ret::kString0, "snn"}},
      {"INSTR", {2, 4, Ret::kInteger, "ssnn"}},
      {"LENGTH", {1, 1, Ret::kInteger, "s"}},
      {"ASCII", {1, 1, Ret::kInteger, "s"}},
      {"CHR", {1, 1, Ret::kString, "n"}},
      {"TRIM", {1, 1, Ret::kString0, "s"}},
      {"LTRIM", {1, 2, Ret::kString0, "s"}},
      {"RTRIM", {1, 2, Ret::kString0, "s"}},
      {"LPAD", {2, 3, Ret::kString, "sns"}},
      {"RPAD", {2, 3, Ret::kString, "sns"}},
      {"REPLACE", {2, 3, Ret::kString, "s"}},
      {"TRANSLATE", {3, 3, Ret::kString0, "s"}},
      {"CONCAT", {2, 2, Ret::kString, "s"}},
      {"NVL", {2, 2, Ret::kUnified, "v"}},
      {"NVL2", {3, 3, Ret::kUnified, "avv"}},
      {"COALESCE", {1, SIZE_MAX, Ret::kUnified, "v"}},
      {"NULLIF", {2, 2, Ret::kArg0, "aa"}},
      {"GREATEST", {1, SIZE_MAX, Ret::kUnified, "v"}},
      {"LEAST", {1, SIZE_MAX, Ret::kUnified, "v"}},
      {"TO_CHAR", {1, 2, Ret::kString, "as"}},
      {"TO_NUMBER", {1, 2, Ret::kNumber, "as"}},
      {"TO_DATE", {1, 2, Ret::kDate, "ss"}},
      {"TO_TIMESTAMP", {1, 2, Ret::kTimestamp, "ss"}},
      {"ADD_MONTHS", {2, 2, Ret::kDate, "dn"}},
      {"LAST_DAY", {1, 1, Ret::kDate, "d"}},
      {"NEXT_DAY", {2, 2, Ret::kDate, "ds"}},
      {"MONTHS_BETWEEN", {2, 2, Ret::kNumber, "dd"}},
      {"DBMS_RANDOM.VALUE", {0, 2, Ret::kNumber, "n"}},
      {"DBMS_RANDOM.NORMAL", {0, 0, Ret::kNumber, "n"}},
      {"DBMS_RANDOM.RANDOM", {0, 0, Ret::kInteger, "n"}},
      {"DBMS_RANDOM.STRING", {2, 2, Ret::kString, "sn"}},
      {"SYSDATE", {0, 0, Ret::kDate, "a"}},
      {"SYSTIMESTAMP", {0, 0, Ret::kTimestamp, "a"}},
  };
  return kSigs;
}

char KindAt(const FunctionSig& sig, size_t i) {
  std::string_view kinds = sig.arg_kinds;
  return i < kinds.size() ? kinds[i] : kinds.back();
}

// EXTRACT(field FROM x): YEAR/MONTH/DAY of a DATE or TIMESTAMP, HOUR/MINUTE/SECOND of a
// TIMESTAMP (a DATE has none, ORA-30076 as in Oracle), the fields of the interval's kind.
BoundExprPtr TypeExtract(std::vector<BoundExprPtr> args) {
  const std::string field = args.at(0)->constant.str();
  LogicalType src = args.at(1)->type;
  if (src.IsString()) {
    // Oracle reads a string source as a timestamp (or a date when it has no time).
    args[1] = CoerceTo(std::move(args[1]), LogicalType::Timestamp());
    src = args[1]->type;
  }
  const bool ymd = field == "YEAR" || field == "MONTH" || field == "DAY";
  bool ok = src.id == TypeId::kNull;
  if (src.id == TypeId::kDate) ok = ymd;
  if (src.id == TypeId::kTimestamp) ok = true;
  if (src.id == TypeId::kIntervalYM) ok = field == "YEAR" || field == "MONTH";
  if (src.id == TypeId::kIntervalDS) ok = field != "YEAR" && field != "MONTH";
  if (!ok) ThrowOra(30076, "invalid extract field for extract source");
  LogicalType t = field == "SECOND" ? LogicalType::Number() : LogicalType::Integer();
  return MakeFunction("EXTRACT", t, std::move(args));
}

}  // namespace

bool IsAggregateName(const std::string& name) {
  return name == "COUNT" || name == "SUM" || name == "AVG" || name == "MIN" || name == "MAX" ||
         name == "STDDEV" || name == "VARIANCE";
}

BoundExprPtr TypeFunction(const std::string& name, std::vector<BoundExprPtr> args,
                          Dialect dialect) {
  if (name == "DECODE") {
    if (args.size() < 3) ThrowOra(938, "not enough arguments for function");
    // DECODE(x, s1, r1, ..., [default]): search values compare like x; results unify.
    LogicalType t = LogicalType::Null();
    for (size_t i = 2; i < args.size(); i += 2) t = UnifyWith(t, *args[i]);
    if (args.size() % 2 == 0) t = UnifyWith(t, *args.back());
    if (t.id == TypeId::kNull) t = LogicalType::Varchar();
    for (size_t i = 1; i + 1 < args.size(); i += 2) {
      BoundExprPtr x = args[0]->Copy();
      CoerceComparison(x, args[i], dialect);
    }
    for (size_t i = 2; i < args.size(); i += 2) args[i] = CoerceTo(std::move(args[i]), t);
    if (args.size() % 2 == 0) args.back() = CoerceTo(std::move(args.back()), t);
    return MakeFunction("DECODE", t, std::move(args));
  }
  if (name == "EXTRACT") return TypeExtract(std::move(args));
  if (name == "NUMTODSINTERVAL" || name == "NUMTOYMINTERVAL") {
    if (args.size() != 2) ThrowOra(909, "invalid number of arguments");
    if (!args[0]->type.IsNumeric()) args[0] = CoerceTo(std::move(args[0]), LogicalType::Number());
    if (!args[1]->type.IsString()) args[1] = CoerceTo(std::move(args[1]), LogicalType::Varchar());
    TypeId id = name == "NUMTODSINTERVAL" ? TypeId::kIntervalDS : TypeId::kIntervalYM;
    return MakeFunction(name, interval::ArithmeticType(id), std::move(args));
  }
  auto it = Signatures().find(name);
  if (it == Signatures().end()) return nullptr;
  const FunctionSig& sig = it->second;
  if (args.size() < sig.min_args || args.size() > sig.max_args)
    ThrowOra(909, "invalid number of arguments");

  LogicalType unified = LogicalType::Null();
  bool any_double = false;
  for (size_t i = 0; i < args.size(); ++i) {
    char k = KindAt(sig, i);
    auto& a = args[i];
    if (k == 'n' && !a->type.IsNumeric()) a = CoerceTo(std::move(a), LogicalType::Number());
    if (k == 's' && !a->type.IsString()) a = CoerceTo(std::move(a), LogicalType::Varchar());
    if (k == 'd' && !a->type.IsDatetime()) a = CoerceTo(std::move(a), LogicalType::Date());
    if (k == 'v') unified = UnifyWith(unified, *a);
    if (a->type.id == TypeId::kDouble) any_double = true;
  }
  LogicalType t;
  switch (sig.ret) {
    case Ret::kArg0:
      t = args[0]->type.id == TypeId::kNull ? LogicalType::Number() : args[0]->type;
      if (t.IsString() && sig.arg_kinds[0] == 'n') t = LogicalType::Number();
      break;
    case Ret::kNumber:
      t = any_double ? LogicalType::Double() : LogicalType::Number();
      if (name == "MOD" && dialect == Dialect::kSqlite && args[0]->type.IsIntegral() &&
          args[1]->type.IsIntegral())
        t = LogicalType::Integer();
      break;
    case Ret::kInteger:
      t = LogicalType::Integer();
      break;
    case Ret::kString0:
      t = LogicalType::Varchar(args[0]->type.IsString() ? args[0]->type.length : 0);
      if (args[0]->type.id == TypeId::kChar) t.length = args[0]->type.length;
      break;
    case Ret::kString:
      t = LogicalType::Varchar();
      break;
    case Ret::kDate:
      t = LogicalType::Date();
      break;
    case Ret::kTimestamp:
      t = LogicalType::Timestamp();
      break;
    case Ret::kUnified:
      t = unified.id == TypeId::kNull ? LogicalType::Varchar() : unified;
      for (size_t i = 0; i < args.size(); ++i)
        if (KindAt(sig, i) == 'v') args[i] = CoerceTo(std::move(args[i]), t);
      break;
    case Ret::kRoundTrunc:
      if (args[0]->type.IsDatetime()) {
        t = LogicalType::Date();
        if (args.size() == 2 && !args[1]->type.IsString())
          args[1] = CoerceTo(std::move(args[1]), LogicalType::Varchar());
      } else {
        if (!args[0]->type.IsNumeric()) args[0] = CoerceTo(std::move(args[0]), LogicalType::Number());
        if (args.size() == 2 && !args[1]->type.IsNumeric())
          args[1] = CoerceTo(std::move(args[1]), LogicalType::Number());
        t = args[0]->type.id == TypeId::kDouble ? LogicalType::Double() : LogicalType::Number();
        if (args.size() == 1 && args[0]->type.IsIntegral()) t = args[0]->type;
      }
      break;
  }
  return MakeFunction(name, t, std::move(args));
}

}  // namespace pathdb::planner
