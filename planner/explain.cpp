// DescribePlan: the operator tree and its PlanRecord as DBMS_XPLAN's PlanDocument. Every
// number was computed by the planner (estimates) or the run (OperatorRuntimeStats); this
// file only arranges them in Oracle's layout.
#include "planner/explain.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "executor/adaptive_join.h"
#include "executor/table_access_full.h"
#include "planner/cost_model.h"
#include "planner/sql_id.h"

namespace pathdb::planner {

namespace {

//! A plan line as shown: internal operators (operation "", e.g. the select-list Projection)
//! are left out and their children move up one level, as Oracle folds projection into the
//! line below; shown lines are numbered consecutively from 1 in display order.
struct ShownLine {
  const PhysicalOperator* op;
  int id;
  int depth;  //!< 1 for the top operator (0 is the statement line)
};

std::vector<ShownLine> ShownLines(const PhysicalOperator& root) {
  std::vector<ShownLine> out;
  // hidden[d] = how many hidden ancestors an operator at walk depth d has.
  std::vector<int> hidden_above;
  ForEachPlanLine(root, [&](const PhysicalOperator& op, int depth) {
    auto d = static_cast<size_t>(depth);
    hidden_above.resize(d + 1);
    int above = d == 0 ? 0 : hidden_above[d - 1];
    bool hidden = !op.IsPlanLine();
    hidden_above[d] = above + (hidden ? 1 : 0);
    if (hidden) return;
    out.push_back({&op, static_cast<int>(out.size()) + 1, depth - above + 1});
  });
  return out;
}

xplan::LineRuntime ToLineRuntime(const OperatorRuntimeStats& s, bool memory) {
  xplan::LineRuntime r;
  r.starts = s.starts;
  r.a_rows = s.rows;
  r.a_time_seconds = static_cast<double>(s.elapsed_ns) / 1e9;
  r.buffers = s.buffers;
  r.reads = s.reads;
  r.writes = s.writes;
  r.bytes_skipped = s.bytes_skipped;
  if (memory && s.work_area) {
    r.omem = s.mem_optimal;
    r.one_mem = s.mem_one_pass;
    r.used_mem = s.mem_used;
    r.passes = s.passes;
    if (s.temp_used > 0) r.used_tmp = s.temp_used;
  }
  return r;
}

const OperatorRuntimeStats* RuntimeOf(const PhysicalOperator& op,
                                      const std::vector<OperatorRuntimeStats>* runtime) {
  if (runtime == nullptr || op.line_id() < 0) return nullptr;
  auto i = static_cast<size_t>(op.line_id());
  return i < runtime->size() ? &(*runtime)[i] : nullptr;
}

int CpuPercent(double cpu_cost, double cost) {
  if (cost <= 0) return 0;
  return static_cast<int>(std::lround(std::clamp(cpu_cost / cost, 0.0, 1.0) * 100));
}

//! Oracle's type cell of the Column Projection section: "[NUMBER,22]", "[VARCHAR2,30]".
std::string ProjectionType(const LogicalType& t) {
  switch (t.id) {
    case TypeId::kNumber:
    case TypeId::kBoolean:
    case TypeId::kNull:
      return "[NUMBER,22]";
    case TypeId::kDouble:
      return "[BINARY_DOUBLE,8]";
    case TypeId::kVarchar:
      return fmt::format("[VARCHAR2,{}]", t.length ? t.length : 4000);
    case TypeId::kChar:
      return fmt::format("[CHAR,{}]", t.length ? t.length : 1);
    case TypeId::kDate:
      return "[DATE,7]";
    case TypeId::kTimestamp:
      return "[TIMESTAMP,11]";
    case TypeId::kIntervalYM:
      return "[INTERVAL YEAR TO MONTH,5]";
    case TypeId::kIntervalDS:
      return "[INTERVAL DAY TO SECOND,11]";
  }
  return "";
}

std::string ProjectionText(const PhysicalOperator& op) {
  std::string out;
  for (size_t i = 0; i < op.column_labels.size(); ++i) {
    if (op.column_labels[i].empty()) continue;
    if (!out.empty()) out += ", ";
    out += op.column_labels[i];
    if (i < op.types().size()) out += ProjectionType(op.types()[i]);
  }
  return out;
}

//! The body of DBMS_XPLAN's Hint Report (19c layout): the total line, the dash rule, then per
//! plan line the hints that were attached to it ("U -" unused with its reason, "E -" syntax
//! errors, "  -" used).
// The query block a line belongs to: its own, else (joins, sorts, aggregates carry none) that
// of the first line below it that names one.
std::string BlockOf(const PhysicalOperator& op) {
  if (!op.query_block.empty()) return op.query_block;
  for (const auto& c : op.children()) {
    std::string qb = BlockOf(*c);
    if (!qb.empty()) return qb;
  }
  return "";
}

std::vector<std::string> HintReport(const std::vector<HintUse>& hints,
                                    const std::vector<ShownLine>& lines, std::vector<int>& ids) {
  ids.clear();
  if (hints.empty()) return {};
  size_t unused = 0, errors = 0;
  for (const auto& h : hints) {
    if (h.error)
      ++errors;
    else if (!h.used)
      ++unused;
  }
  std::string total = fmt::format("Total hints for statement: {}", hints.size());
  std::vector<std::string> kinds;
  if (unused) kinds.push_back(fmt::format("U - Unused ({})", unused));
  if (errors) kinds.push_back(fmt::format("E - Syntax error ({})", errors));
  if (!kinds.empty()) {
    total += " (";
    for (size_t i = 0; i < kinds.size(); ++i) total += (i ? ", " : "") + kinds[i];
    total += ")";
  }
  // Group by plan line and heading: a hint belongs to its own line, else to the first line of
  // its query block (syntax errors too: Oracle lists "E - FULLL" under "1 -  SEL$1"), else to
  // the statement (id 0). Within a line the query-block group precedes the object groups.
  struct Group {
    int id;
    bool object;
    std::string heading;
    std::vector<std::string> items;
  };
  std::vector<Group> groups;
  for (const auto& h : hints) {
    int id = 0;
    std::string qb = h.query_block;
    if (qb.empty() && (h.error || !h.used) && !lines.empty()) {
      qb = lines.front().op->query_block.empty() ? "SEL$1" : lines.front().op->query_block;
    }
    // Table hints go to their table's line; query-block hints (LEADING, ORDERED ...) to the
    // block's first line, as Oracle lists them.
    if (h.line != nullptr && !h.alias.empty()) {
      for (const auto& l : lines) {
        if (l.op == h.line) {
          id = l.id;
          break;
        }
      }
    } else if (!qb.empty()) {
      id = lines.empty() ? 0 : 1;
      for (const auto& l : lines) {
        if (BlockOf(*l.op) == qb) {
          id = l.id;
          break;
        }
      }
    }
    // The report prints aliases unquoted: "SEL$1 / O@SEL$1".
    std::string alias = h.alias;
    std::erase(alias, '"');
    std::string heading = id == 0 && qb.empty() ? "STATEMENT" : (qb.empty() ? "SEL$1" : qb);
    if (!alias.empty()) heading += " / " + alias;
    auto g = std::find_if(groups.begin(), groups.end(),
                          [&](const Group& x) { return x.id == id && x.heading == heading; });
    if (g == groups.end()) g = groups.insert(groups.end(), Group{id, !alias.empty(), heading, {}});
    std::string marker = h.error ? "E" : (h.used ? " " : "U");
    std::string item = fmt::format("         {} -  {}", marker, h.text);
    if (!h.used && !h.error && !h.reason.empty()) item += " / " + h.reason;
    g->items.push_back(std::move(item));
  }
  std::stable_sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) {
    return a.id != b.id ? a.id < b.id : (!a.object && b.object);
  });
  std::vector<std::string> out{total, std::string(75, '-')};
  ids.assign(2, -1);
  for (const auto& g : groups) {
    out.emplace_back();
    out.push_back(fmt::format("{:>4} -  {}", g.id, g.heading));
    ids.push_back(-1);
    ids.push_back(g.id);
    for (const auto& item : g.items) {
      out.push_back(item);
      ids.push_back(-1);
    }
  }
  return out;
}

}  // namespace

namespace {

//! Ours, beside Oracle's note: where each adaptive join's inflection point lies and what its
//! collector decided (+ADAPTIVE), and under reporting only the switch that did not happen
//! (always: the user asked for that report).
void AdaptiveNotes(const std::vector<ShownLine>& shown,
                   const std::map<uint32_t, AdaptiveDecision>* adaptive, xplan::PlanDocument& doc) {
  for (const ShownLine& s : shown) {
    if (s.op->type() != OperatorType::kAdaptiveJoin) continue;
    const auto& join = static_cast<const AdaptiveJoin&>(*s.op);
    int collector_id = 0;
    for (const ShownLine& c : shown)
      if (c.op == &join.collector()) collector_id = c.id;
    doc.adaptive_notes.push_back(
        fmt::format("line {}: DP: Found point of inflection for NLJ vs. HJ: card = {:.2f}", s.id,
                    join.inflection_point()));
    const AdaptiveDecision* d = nullptr;
    if (adaptive != nullptr) {
      if (auto it = adaptive->find(join.adaptive_id()); it != adaptive->end()) d = &it->second;
    }
    if (d == nullptr) continue;
    const char* method = d->hash ? "HASH JOIN" : "NESTED LOOPS";
    if (d->preset) {
      doc.adaptive_notes.push_back(
          fmt::format("line {}: {} (resolved by the first execution)", s.id, method));
    } else if (d->hash != d->wanted_hash) {
      doc.notes.push_back(fmt::format(
          "line {}: the statistics collector (line {}) saw {} rows: {} would have been chosen "
          "(optimizer_adaptive_reporting_only)",
          s.id, collector_id, d->rows, d->wanted_hash ? "HASH JOIN" : "NESTED LOOPS"));
    } else {
      doc.adaptive_notes.push_back(
          fmt::format("line {}: the statistics collector (line {}) saw {}{} rows: {} chosen", s.id,
                      collector_id, d->over_memory ? "more than " : "", d->rows, method));
    }
  }
}

//! Whether `join`'s hash join ran (else its nested loops): the recorded decision, or the
//! default where it has not run.
bool RanHash(const AdaptiveJoin& join, const std::map<uint32_t, AdaptiveDecision>* adaptive) {
  if (adaptive != nullptr) {
    if (auto it = adaptive->find(join.adaptive_id()); it != adaptive->end()) return it->second.hash;
  }
  return join.default_hash();
}

//! RanHash of every adaptive join of the plan, by adaptive id.
std::map<uint32_t, bool> AdaptiveMethods(const PhysicalOperator& root,
                                         const std::map<uint32_t, AdaptiveDecision>* adaptive) {
  std::map<uint32_t, bool> out;
  ForEachPlanLine(root, [&](const PhysicalOperator& op, int) {
    if (op.type() != OperatorType::kAdaptiveJoin) return;
    const auto& join = static_cast<const AdaptiveJoin&>(op);
    out[join.adaptive_id()] = RanHash(join, adaptive);
  });
  return out;
}

void MarkInactive(const PhysicalOperator& op, bool inactive,
                  const std::map<uint32_t, AdaptiveDecision>* adaptive,
                  std::set<const PhysicalOperator*>& out) {
  if (op.type() != OperatorType::kAdaptiveJoin) {
    if (inactive) out.insert(&op);
    for (const auto& c : op.children()) MarkInactive(*c, inactive, adaptive, out);
    for (const PhysicalOperator* sub : op.SubPlans()) MarkInactive(*sub, inactive, adaptive, out);
    return;
  }
  const auto& join = static_cast<const AdaptiveJoin&>(op);
  const bool hash = RanHash(join, adaptive);
  if (inactive || !hash) out.insert(&op);
  const PhysicalOperator& nl = join.nested_loops();
  if (inactive || hash) out.insert(&nl);
  // Lines between the nested loops and the collector (JOIN FILTER CREATE) serve the hash join.
  for (const PhysicalOperator* p = nl.children()[0].get(); p != &join.collector();
       p = p->children()[0].get())
    if (inactive || !hash) out.insert(p);
  out.insert(&join.collector());  // always shown inactive, as Oracle does
  for (const auto& c : join.collector().children()) MarkInactive(*c, inactive, adaptive, out);
  for (size_t i = 1; i < nl.children().size(); ++i)
    MarkInactive(*nl.children()[i], inactive || hash, adaptive, out);
  MarkInactive(join.probe_input(), inactive || !hash, adaptive, out);
}

}  // namespace

std::set<const PhysicalOperator*> InactiveLines(
    const PhysicalOperator& root, const std::map<uint32_t, AdaptiveDecision>* adaptive) {
  std::set<const PhysicalOperator*> out;
  if (IsAdaptivePlan(root)) MarkInactive(root, false, adaptive, out);
  return out;
}

bool IsAdaptivePlan(const PhysicalOperator& root) {
  bool found = false;
  ForEachPlanLine(root, [&](const PhysicalOperator& op, int) {
    found = found || op.type() == OperatorType::kAdaptiveJoin;
  });
  return found;
}

xplan::PlanDocument DescribePlan(const PhysicalPlan& plan, const std::string& statement_operation,
                                 const std::vector<OperatorRuntimeStats>* runtime,
                                 const std::map<uint32_t, AdaptiveDecision>* adaptive) {
  xplan::PlanDocument doc;
  doc.runtime_collected = runtime != nullptr;
  const cost::CostModel model;
  std::vector<ShownLine> shown;
  std::set<const PhysicalOperator*> inactive;
  if (plan.root) {
    shown = ShownLines(*plan.root);
    inactive = InactiveLines(*plan.root, adaptive);
    doc.plan_hash_value = PlanHashValue(*plan.root, &inactive);
  }

  // Line 0: the statement, carrying the estimates (and run-time figures) of the top line.
  xplan::PlanLine stmt;
  stmt.id = 0;
  stmt.depth = 0;
  stmt.operation = statement_operation;
  if (!shown.empty()) {
    // A DML operation (UPDATE, DELETE, LOAD ...) has no estimate of its own: the statement
    // line shows its input's, as Oracle's does.
    const PhysicalOperator* top_op = shown.front().op;
    if (top_op->estimated_rows == 0 && top_op->cost == 0 && shown.size() > 1) top_op = shown[1].op;
    const PhysicalOperator& top = *top_op;
    stmt.rows = top.estimated_rows;
    stmt.bytes = top.estimated_bytes;
    stmt.cost = top.cost;
    stmt.cpu_percent = CpuPercent(top.cpu_cost, top.cost);
    stmt.time = top.cost > 0 ? model.TimeColumn(top.cost) : std::string();
    // The statement line's A-Rows/A-Time/Buffers are the whole run's: the root's figures
    // (the root may be a hidden projection above the top shown line).
    const OperatorRuntimeStats* rt = RuntimeOf(*plan.root, runtime);
    if (rt == nullptr) rt = RuntimeOf(top, runtime);
    if (rt != nullptr) stmt.runtime = ToLineRuntime(*rt, /*memory=*/false);
  } else if (runtime != nullptr) {
    stmt.runtime = xplan::LineRuntime{};
  }
  doc.lines.push_back(std::move(stmt));

  std::vector<std::string> scan_notes;
  for (const ShownLine& s : shown) {
    const PhysicalOperator& op = *s.op;
    xplan::PlanLine line;
    line.id = s.id;
    line.depth = s.depth;
    line.operation = op.operation();
    line.name = op.object_name;
    line.inactive = inactive.count(&op) > 0;
    // DML operations carry no estimates: Oracle leaves their Rows, Bytes and Cost blank.
    const bool estimated = op.estimated_rows > 0 || op.cost > 0;
    if (estimated) {
      line.rows = op.estimated_rows;
      line.cost = op.cost;
    }
    // An index line under a rowid access returns no row data: Oracle leaves Bytes blank.
    if (op.estimated_bytes > 0) line.bytes = op.estimated_bytes;
    line.cpu_percent = CpuPercent(op.cpu_cost, op.cost);
    line.time = op.cost > 0 ? model.TimeColumn(op.cost) : std::string();
    for (const auto& p : op.access_predicates) line.predicates.push_back({"access", p});
    // Conjuncts run inside the scan: on the encoded columns of an in-memory scan, else in
    // the storage layer while blocks are read.
    const bool inmemory = op.type() == OperatorType::kTableAccessFull &&
                          static_cast<const TableAccessFull&>(op).inmemory();
    for (const auto& p : op.storage_predicates) {
      line.predicates.push_back({inmemory ? "inmemory" : "storage", p});
    }
    for (const auto& p : op.filter_predicates) line.predicates.push_back({"filter", p});
    if (const OperatorRuntimeStats* rt = RuntimeOf(op, runtime)) {
      line.runtime = ToLineRuntime(*rt, /*memory=*/true);
      // Ours: how each scan line read (buffer cache or direct path) and why.
      if (!rt->access_note.empty()) {
        std::string note = fmt::format("{}: {}", op.object_name, rt->access_note);
        if (std::find(scan_notes.begin(), scan_notes.end(), note) == scan_notes.end())
          scan_notes.push_back(std::move(note));
      }
    } else if (runtime != nullptr) {
      line.runtime = xplan::LineRuntime{};  // never started (e.g. an unused subplan)
    }
    line.query_block = op.query_block;
    line.object_alias = op.object_alias;
    line.projection = ProjectionText(op);
    doc.lines.push_back(std::move(line));
  }

  // The planner records outline hints in the order it decides (access paths, then join
  // order and methods); Oracle 19c prints them last decision first, then one OUTLINE_LEAF
  // per query block and the environment hints (oracle-reference.md 1.5).
  const std::map<uint32_t, bool> ran_hash = AdaptiveMethods(*plan.root, adaptive);
  for (auto it = plan.record.outline.rbegin(); it != plan.record.outline.rend(); ++it) {
    if (auto alt = plan.record.adaptive_outline.find(*it);
        alt != plan.record.adaptive_outline.end()) {
      const auto m = ran_hash.find(alt->second.adaptive_id);
      if (m != ran_hash.end() && m->second != alt->second.hash) continue;
    }
    doc.outline_hints.push_back(*it);
  }
  std::vector<std::string> blocks;
  for (const auto& l : doc.lines)
    if (!l.query_block.empty() &&
        std::find(blocks.begin(), blocks.end(), l.query_block) == blocks.end())
      blocks.push_back(l.query_block);
  if (blocks.empty()) blocks.push_back("SEL$1");
  for (auto it = blocks.rbegin(); it != blocks.rend(); ++it)
    doc.outline_hints.push_back(fmt::format("OUTLINE_LEAF(@\"{}\")", *it));
  for (const char* h : {"ALL_ROWS", "DB_VERSION('19.1.0')", "OPTIMIZER_FEATURES_ENABLE('19.1.0')",
                        "IGNORE_OPTIM_EMBEDDED_HINTS"})
    doc.outline_hints.emplace_back(h);
  for (size_t i = 0; i < plan.record.peeked_binds.size(); ++i) {
    const PeekedBind& b = plan.record.peeked_binds[i];
    const bool text = b.type.id == TypeId::kVarchar || b.type.id == TypeId::kChar;
    doc.peeked_binds.push_back(fmt::format("{} - :{} ({}): {}", i + 1, b.name, b.type.ToString(),
                                           b.value.is_null() ? "(null)"
                                           : text            ? "'" + b.value.ToString() + "'"
                                                             : b.value.ToString()));
  }
  doc.notes = plan.record.notes;
  doc.notes.insert(doc.notes.end(), scan_notes.begin(), scan_notes.end());
  AdaptiveNotes(shown, adaptive, doc);
  doc.hint_report = HintReport(plan.record.hints, shown, doc.hint_report_ids);
  return doc;
}

uint32_t PlanHashValue(const PhysicalOperator& root,
                       const std::set<const PhysicalOperator*>* inactive) {
  // Shape only: (id, depth, operation, object name) of each shown line. The statement line is
  // the same for every plan of a statement and costs/predicates are left out on purpose.
  std::vector<xplan::PlanLine> lines;
  // The final plan of an adaptive plan is hashed as it is displayed: its lines indented by
  // their active ancestors only, as if it had been planned that way.
  std::vector<std::pair<int, bool>> ancestors;  // (depth, inactive) of the open lines
  for (const ShownLine& s : ShownLines(root)) {
    while (!ancestors.empty() && ancestors.back().first >= s.depth) ancestors.pop_back();
    int active_above = 0;
    for (const auto& a : ancestors) active_above += a.second ? 0 : 1;
    const bool off = inactive != nullptr && inactive->count(s.op) > 0;
    ancestors.emplace_back(s.depth, off);
    if (off) continue;
    xplan::PlanLine l;
    l.id = static_cast<int>(lines.size()) + 1;
    l.depth = active_above;
    l.operation = s.op->operation();
    l.name = s.op->object_name;
    lines.push_back(std::move(l));
  }
  return PlanHashValue(lines);
}

}  // namespace pathdb::planner
