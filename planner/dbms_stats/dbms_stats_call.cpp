// DBMS_STATS as PL/SQL: the procedures, their parameter lists, argument binding (named and
// positional) and the calls into statistics gathering (planner/dbms_stats.cpp).
#include <algorithm>
#include <cmath>
#include <optional>

#include "common/error.h"
#include "planner/dbms_stats/dbms_stats.h"
#include "planner/views/system_views.h"

namespace pathdb::planner {

namespace {
constexpr const char* kUser = "PATHDB";
}  // namespace

// ---- the PL/SQL calls

namespace {

// One argument as passed: absent, a value, or one of DBMS_STATS's AUTO_* constants.
struct Arg {
  bool given = false;
  bool auto_constant = false;  // DBMS_STATS.AUTO_SAMPLE_SIZE, AUTO_DEGREE, AUTO_CASCADE ...
  Value value;
};

struct Procedure {
  const char* name;
  std::vector<const char*> params;
  size_t required;
};

const std::vector<Procedure>& Procedures() {
  static const std::vector<Procedure> kProcs = {
      {"GATHER_TABLE_STATS",
       {"OWNNAME", "TABNAME", "PARTNAME", "ESTIMATE_PERCENT", "BLOCK_SAMPLE", "METHOD_OPT",
        "DEGREE", "GRANULARITY", "CASCADE", "STATTAB", "STATID", "STATOWN", "NO_INVALIDATE",
        "STATTYPE", "FORCE", "CONTEXT", "OPTIONS"},
       2},
      {"GATHER_INDEX_STATS",
       {"OWNNAME", "INDNAME", "PARTNAME", "ESTIMATE_PERCENT", "STATTAB", "STATID", "STATOWN",
        "DEGREE", "GRANULARITY", "NO_INVALIDATE", "FORCE"},
       2},
      {"GATHER_SCHEMA_STATS",
       {"OWNNAME", "ESTIMATE_PERCENT", "BLOCK_SAMPLE", "METHOD_OPT", "DEGREE", "GRANULARITY",
        "CASCADE", "STATTAB", "STATID", "OPTIONS", "STATOWN", "NO_INVALIDATE", "GATHER_TEMP",
        "GATHER_FIXED", "STATTYPE", "FORCE", "OBJ_FILTER_LIST"},
       1},
      {"DELETE_TABLE_STATS",
       {"OWNNAME", "TABNAME", "PARTNAME", "STATTAB", "STATID", "CASCADE_PARTS", "CASCADE_COLUMNS",
        "CASCADE_INDEXES", "STATOWN", "NO_INVALIDATE", "FORCE"},
       2},
      {"DELETE_INDEX_STATS",
       {"OWNNAME", "INDNAME", "PARTNAME", "STATTAB", "STATID", "CASCADE_PARTS", "STATOWN",
        "NO_INVALIDATE", "STATTYPE", "FORCE"},
       2},
      {"SET_TABLE_STATS",
       {"OWNNAME", "TABNAME", "PARTNAME", "STATTAB", "STATID", "NUMROWS", "NUMBLKS", "AVGRLEN",
        "FLAGS", "STATOWN", "NO_INVALIDATE", "CACHEDBLK", "CACHEHIT", "FORCE"},
       2},
      {"SET_INDEX_STATS",
       {"OWNNAME", "INDNAME", "PARTNAME", "STATTAB", "STATID", "NUMROWS", "NUMLBLKS", "NUMDIST",
        "AVGLBLK", "AVGDBLK", "CLSTFCT", "INDLEVEL", "FLAGS", "STATOWN", "NO_INVALIDATE", "GUESSQ",
        "CACHEDBLK", "CACHEHIT", "FORCE"},
       2},
      {"CREATE_EXTENDED_STATS", {"OWNNAME", "TABNAME", "EXTENSION"}, 3},
      {"DROP_EXTENDED_STATS", {"OWNNAME", "TABNAME", "EXTENSION"}, 3},
      {"SHOW_EXTENDED_STATS_NAME", {"OWNNAME", "TABNAME", "EXTENSION"}, 3},
  };
  return kProcs;
}

[[noreturn]] void WrongArguments(const std::string& proc) {
  ThrowOra(6550,
           "line 1, column 7:\nPLS-00306: wrong number or types of arguments in call to '{}'\n"
           "ORA-06550: line 1, column 7:\nPL/SQL: Statement ignored",
           proc);
}

Arg EvaluateArg(const ast::Expr& e, PlanContext& ctx) {
  Arg a;
  a.given = true;
  const bool named_ref =
      e.kind == ast::ExprKind::kColumnRef || (e.kind == ast::ExprKind::kFunction && e.args.empty());
  if (named_ref && e.names.size() == 1 && (e.names[0] == "TRUE" || e.names[0] == "FALSE")) {
    a.value = Value::Boolean(e.names[0] == "TRUE");
    return a;
  }
  if (e.kind == ast::ExprKind::kColumnRef && e.names.size() == 1 && e.names[0] == "USER") {
    a.value = Value::Varchar(kUser);  // the USER function: the session's schema
    return a;
  }
  if (named_ref && e.names.size() == 2 && e.names[0] == "DBMS_STATS") {
    const std::string& c = e.names[1];
    if (c == "AUTO_SAMPLE_SIZE" || c == "AUTO_DEGREE" || c == "AUTO_CASCADE" ||
        c == "AUTO_INVALIDATE" || c == "DEFAULT_DEGREE") {
      a.auto_constant = true;
      return a;
    }
    ThrowOra(6550, "line 1, column 7:\nPLS-00302: component '{}' must be declared", c);
  }
  a.value = EvaluateConstant(e, ctx);
  return a;
}

std::map<std::string, Arg> BindArgs(const Procedure& p, const std::vector<CallArg>& args,
                                    PlanContext& ctx) {
  std::map<std::string, Arg> out;
  size_t pos = 0;
  bool named_seen = false;
  for (const auto& [arg_name, value] : args) {
    std::string name;
    if (arg_name.empty()) {
      if (named_seen || pos >= p.params.size()) WrongArguments(p.name);
      name = p.params[pos++];
    } else {
      named_seen = true;
      name = UpperCase(arg_name);
      if (std::find_if(p.params.begin(), p.params.end(),
                       [&](const char* n) { return name == n; }) == p.params.end())
        WrongArguments(p.name);
    }
    if (out.count(name)) WrongArguments(p.name);
    out[name] = EvaluateArg(*value, ctx);
  }
  for (size_t i = 0; i < p.required; ++i)
    if (!out.count(p.params[i])) WrongArguments(p.name);
  return out;
}

// PL/SQL passes names as given; DBMS_STATS upper-cases them unless they are double-quoted.
std::string ObjectName(const Arg& a) {
  if (!a.given || a.value.is_null()) return "";
  std::string s = a.value.type().IsString() ? a.value.str() : a.value.ToString();
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') return s.substr(1, s.size() - 2);
  return UpperCase(s);
}

std::string Owner(const std::map<std::string, Arg>& args) {
  auto it = args.find("OWNNAME");
  std::string o = it == args.end() ? "" : ObjectName(it->second);
  return o.empty() ? kUser : o;
}

const storage::TableInfo& FindTableOrRaise(storage::Database& db,
                                           const std::map<std::string, Arg>& args) {
  const std::string owner = Owner(args);
  const std::string name = ObjectName(args.at("TABNAME"));
  const storage::TableInfo* t = owner == kUser ? db.FindTable(name) : nullptr;
  if (!t)
    ThrowOra(20000,
             "Unable to analyze TABLE \"{}\".\"{}\", insufficient privileges or does not exist",
             owner, name);
  return *t;
}

const storage::IndexInfo& FindIndexOrRaise(storage::Database& db,
                                           const std::map<std::string, Arg>& args) {
  const std::string owner = Owner(args);
  const std::string name = ObjectName(args.at("INDNAME"));
  const storage::IndexInfo* ix = owner == kUser ? db.FindIndex(name) : nullptr;
  if (!ix)
    ThrowOra(20000, "index \"{}\".\"{}\" does not exist or insufficient privileges", owner, name);
  return *ix;
}

bool BoolArg(const std::map<std::string, Arg>& args, const char* name, bool def) {
  auto it = args.find(name);
  if (it == args.end() || it->second.auto_constant || it->second.value.is_null()) return def;
  const Value& v = it->second.value;
  if (v.type().id == TypeId::kBoolean) return v.boolean();
  if (v.type().IsString()) return UpperCase(v.str()) == "TRUE";
  if (v.type().id == TypeId::kNumber) return v.number().coef != 0;
  return def;
}

std::optional<uint64_t> CountArg(const std::map<std::string, Arg>& args, const char* name) {
  auto it = args.find(name);
  if (it == args.end() || it->second.auto_constant || it->second.value.is_null())
    return std::nullopt;
  const Value& v = it->second.value;
  std::optional<int64_t> n;
  if (v.type().id == TypeId::kNumber)
    n = v.number().Round(0).ToInt64();
  else if (v.type().id == TypeId::kDouble)
    n = static_cast<int64_t>(std::llround(v.dbl()));
  else if (v.type().IsString()) {
    if (auto d = Decimal::Parse(v.str())) n = d->Round(0).ToInt64();
  }
  if (!n || *n < 0) ThrowOra(20001, "Invalid or inconsistent input values");
  return static_cast<uint64_t>(*n);
}

GatherOptions ReadGatherOptions(const std::map<std::string, Arg>& args, int64_t now) {
  GatherOptions o;
  o.now = now;
  if (auto it = args.find("ESTIMATE_PERCENT"); it != args.end() && !it->second.auto_constant) {
    // NULL means COMPUTE; any explicit percentage is the legacy (non-auto) sampling mode.
    // We always read every row; only the histogram kinds follow the mode.
    const Value& v = it->second.value;
    if (!v.is_null()) {
      const double pct = v.type().id == TypeId::kNumber   ? v.number().ToDouble()
                         : v.type().id == TypeId::kDouble ? v.dbl()
                                                          : -1;
      if (!(pct >= 0.000001 && pct <= 100))
        ThrowOra(20001, "Illegal sample percent {}: must be in the range [0.000001,100]",
                 v.ToString());
    }
    o.auto_sample = false;
  }
  if (auto it = args.find("METHOD_OPT");
      it != args.end() && !it->second.value.is_null() && !it->second.auto_constant)
    o.method_opt =
        it->second.value.type().IsString() ? it->second.value.str() : it->second.value.ToString();
  o.cascade = BoolArg(args, "CASCADE", true);
  return o;
}

void GatherIndex(storage::Database& db, const storage::IndexInfo& ix, int64_t now,
                 SessionStats& stats) {
  storage::IndexStats s = db.ComputeIndexStats(ix, stats);
  s.present = true;
  s.last_analyzed = now;
  db.SetIndexStats(ix, s);
}

void GatherTable(storage::Database& db, const storage::TableInfo& t, const GatherOptions& o,
                 SessionStats& stats) {
  // Column groups METHOD_OPT names are created first, as Oracle does.
  for (const auto& cols : ParseMethodOpt(o.method_opt, t, db.IndexesOf(t)).groups)
    if (!t.FindColumnGroup(cols)) CreateExtendedStats(db, t, cols, true);
  storage::TableStats ts = GatherTableStats(db, t, o, stats);
  db.SetTableStats(t, std::move(ts));
  if (o.cascade)
    for (const auto* ix : db.UsableIndexesOf(t)) GatherIndex(db, *ix, o.now, stats);
}

std::string StringArg(const std::map<std::string, Arg>& args, const char* name) {
  auto it = args.find(name);
  if (it == args.end() || it->second.value.is_null())
    ThrowOra(20001, "Invalid or inconsistent input values");
  const Value& v = it->second.value;
  return v.type().IsString() ? v.str() : v.ToString();
}

const Procedure* FindProcedure(const std::string& proc) {
  for (const auto& cand : Procedures())
    if (proc == cand.name) return &cand;
  return nullptr;
}

}  // namespace

std::optional<std::string> CallDbmsStatsFunction(const std::string& function,
                                                 const std::vector<CallArg>& call_args,
                                                 PlanContext& ctx) {
  if (function != "CREATE_EXTENDED_STATS" && function != "SHOW_EXTENDED_STATS_NAME")
    return std::nullopt;
  const std::map<std::string, Arg> args = BindArgs(*FindProcedure(function), call_args, ctx);
  const storage::TableInfo& t = FindTableOrRaise(ctx.db, args);
  const std::vector<uint32_t> cols = ParseExtension(StringArg(args, "EXTENSION"), t);
  if (function == "SHOW_EXTENDED_STATS_NAME") {
    if (const storage::ColumnGroup* g = t.FindColumnGroup(cols)) return g->name;
    ThrowOra(20000, "extension {} does not exist", ExtensionText(t, cols));
  }
  // Like DDL, creating the group commits the session's transaction first.
  if (!ctx.before_dictionary_change) return CreateExtendedStats(ctx.db, t, cols, false);
  ctx.before_dictionary_change();
  return CreateExtendedStats(ctx.db, t, cols, true);
}

void CallDbmsStats(const ast::ProcCall& call, PlanContext& ctx, SessionStats& stats) {
  const std::string proc = call.name.size() == 2 ? UpperCase(call.name[1]) : "";
  const Procedure* p = FindProcedure(proc);
  if (!p || proc == "SHOW_EXTENDED_STATS_NAME")
    ThrowOra(6550,
             "line 1, column 7:\nPLS-00302: component '{}' must be declared\n"
             "ORA-06550: line 1, column 7:\nPL/SQL: Statement ignored",
             proc);
  std::vector<CallArg> call_args;
  for (const auto& a : call.args) call_args.emplace_back(a.name, a.value.get());
  const std::map<std::string, Arg> args = BindArgs(*p, call_args, ctx);
  storage::Database& db = ctx.db;
  const int64_t now = ctx.eval.statement_time_us / 1000000;

  if (proc == "CREATE_EXTENDED_STATS") {
    // A function in Oracle; called as a procedure its result (the name) is dropped.
    const storage::TableInfo& t = FindTableOrRaise(db, args);
    CreateExtendedStats(db, t, ParseExtension(StringArg(args, "EXTENSION"), t), true);
  } else if (proc == "DROP_EXTENDED_STATS") {
    const storage::TableInfo& t = FindTableOrRaise(db, args);
    const std::vector<uint32_t> cols = ParseExtension(StringArg(args, "EXTENSION"), t);
    const storage::ColumnGroup* g = t.FindColumnGroup(cols);
    if (g == nullptr) ThrowOra(20000, "extension {} does not exist", ExtensionText(t, cols));
    db.DropColumnGroup(t, g->name);
  } else if (proc == "GATHER_TABLE_STATS") {
    GatherTable(db, FindTableOrRaise(db, args), ReadGatherOptions(args, now), stats);
  } else if (proc == "GATHER_SCHEMA_STATS") {
    const std::string owner = Owner(args);
    if (owner != kUser)
      ThrowOra(20000, "Schema \"{}\" does not exist or insufficient privileges", owner);
    const GatherOptions o = ReadGatherOptions(args, now);
    std::vector<std::string> names;
    for (const auto* t : db.Tables()) names.push_back(t->name);
    for (const auto& n : names)
      if (const auto* t = db.FindTable(n)) GatherTable(db, *t, o, stats);
  } else if (proc == "GATHER_INDEX_STATS") {
    GatherIndex(db, FindIndexOrRaise(db, args), now, stats);
  } else if (proc == "DELETE_TABLE_STATS") {
    const storage::TableInfo& t = FindTableOrRaise(db, args);
    const bool indexes = BoolArg(args, "CASCADE_INDEXES", true);
    db.SetTableStats(t, storage::TableStats{});
    if (indexes)
      for (const auto* ix : db.IndexesOf(t)) db.SetIndexStats(*ix, storage::IndexStats{});
  } else if (proc == "DELETE_INDEX_STATS") {
    db.SetIndexStats(FindIndexOrRaise(db, args), storage::IndexStats{});
  } else if (proc == "SET_TABLE_STATS") {
    const storage::TableInfo& t = FindTableOrRaise(db, args);
    storage::TableStats s = t.stats;
    s.columns.resize(t.columns.size());
    if (auto n = CountArg(args, "NUMROWS")) s.num_rows = *n;
    if (auto n = CountArg(args, "NUMBLKS")) s.blocks = *n;
    if (auto n = CountArg(args, "AVGRLEN")) s.avg_row_len = static_cast<uint32_t>(*n);
    if (!s.present) s.sample_size = 0;
    s.present = true;
    s.last_analyzed = now;
    db.SetTableStats(t, std::move(s));
  } else if (proc == "SET_INDEX_STATS") {
    const storage::IndexInfo& ix = FindIndexOrRaise(db, args);
    storage::IndexStats s = ix.stats;
    if (auto n = CountArg(args, "NUMROWS")) s.num_rows = *n;
    if (auto n = CountArg(args, "NUMLBLKS")) s.leaf_blocks = *n;
    if (auto n = CountArg(args, "NUMDIST")) s.distinct_keys = *n;
    if (auto n = CountArg(args, "CLSTFCT")) s.clustering_factor = *n;
    if (auto n = CountArg(args, "INDLEVEL")) s.blevel = static_cast<uint32_t>(*n);
    s.present = true;
    s.last_analyzed = now;
    db.SetIndexStats(ix, s);
  }
}

}  // namespace pathdb::planner
