#include "shell/engine/xplan_statements.h"

#include <fmt/format.h>

#include <algorithm>

#include "common/error.h"
#include "planner/explain.h"
#include "planner/sql_id.h"

namespace pathdb {

namespace {

namespace xplan = planner::xplan;

constexpr size_t kPlanTableCapacity = 100;

const std::vector<std::string>& ParameterNames(const std::string& name) {
  static const std::vector<std::string> kDisplay{"TABLE_NAME", "STATEMENT_ID", "FORMAT",
                                                 "FILTER_PREDS"};
  static const std::vector<std::string> kCursor{"SQL_ID", "CURSOR_CHILD_NO", "FORMAT"};
  static const std::vector<std::string> kNone;
  if (name == "DBMS_XPLAN.DISPLAY") return kDisplay;
  if (name == "DBMS_XPLAN.DISPLAY_CURSOR") return kCursor;
  return kNone;
}

[[noreturn]] void WrongArguments(const std::string& name) {
  const std::string fn = name.substr(name.find('.') + 1);
  ThrowOra(6553, "PLS-306: wrong number or types of arguments in call to '{}'", fn);
}

// The call's arguments by parameter position: nullopt when not given (the default applies).
std::vector<std::optional<Value>> Bind(const std::string& name,
                                       const std::vector<planner::TableFunctionArg>& args) {
  const auto& params = ParameterNames(name);
  std::vector<std::optional<Value>> out(params.size());
  size_t next = 0;
  for (const auto& a : args) {
    size_t pos = next;
    if (!a.name.empty()) {
      auto it = std::find(params.begin(), params.end(), a.name);
      if (it == params.end()) WrongArguments(name);
      pos = static_cast<size_t>(it - params.begin());
    } else {
      ++next;
    }
    if (pos >= params.size() || out[pos]) WrongArguments(name);
    out[pos] = a.value;
  }
  return out;
}

std::optional<std::string> Text(const std::optional<Value>& v) {
  if (!v || v->is_null()) return std::nullopt;
  return v->type().IsString() ? v->str() : v->ToString();
}

std::string FormatText(const std::optional<Value>& v) {
  return Text(v).value_or("TYPICAL");
}

std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string JoinPredicates(const xplan::PlanLine& l, const char* kind) {
  std::string s;
  for (const auto& p : l.predicates) {
    if (p.kind != kind) continue;
    if (!s.empty()) s += " AND ";
    s += p.text;
  }
  return s;
}

}  // namespace

std::string StatementOperation(ast::StmtKind kind) {
  switch (kind) {
    case ast::StmtKind::kInsert:
      return "INSERT STATEMENT";
    case ast::StmtKind::kUpdate:
      return "UPDATE STATEMENT";
    case ast::StmtKind::kDelete:
      return "DELETE STATEMENT";
    case ast::StmtKind::kCreateTableAs:
      return "CREATE TABLE STATEMENT";
    default:
      return "SELECT STATEMENT";
  }
}

void PlanTable::Store(ExplainedPlan plan) {
  plans_.push_back(std::move(plan));
  if (plans_.size() > kPlanTableCapacity) plans_.erase(plans_.begin());
}

const ExplainedPlan* PlanTable::Find(const std::string& table,
                                     const std::optional<std::string>& statement_id) const {
  for (auto it = plans_.rbegin(); it != plans_.rend(); ++it) {
    if (it->table != table) continue;
    if (statement_id && it->statement_id != *statement_id) continue;
    return &*it;
  }
  return nullptr;
}

bool CheckXplanCall(const std::string& name, const std::vector<planner::TableFunctionArg>& args) {
  if (ParameterNames(name).empty()) return false;
  (void)Bind(name, args);
  return true;
}

xplan::PlanDocument CursorDocument(const ParentCursor& parent, const ChildCursor& child,
                                   bool last) {
  const std::vector<OperatorRuntimeStats>* runtime = nullptr;
  if (child.has_runtime) runtime = last ? &child.last_stats : &child.total_stats;
  xplan::PlanDocument doc = planner::DescribePlan(child.plan, child.statement_operation, runtime,
                                                  &child.adaptive_decisions);
  doc.sql_id = parent.sql_id;
  doc.child_number = child.child_number;
  doc.sql_text = parent.sql_text;
  doc.from_cursor = true;
  doc.runtime_collected = child.has_runtime;
  doc.plan_hash_value = child.plan_hash_value;
  return doc;
}

std::vector<std::string> DbmsXplanDisplay(const PlanTable& table,
                                          const std::vector<planner::TableFunctionArg>& args) {
  auto a = Bind("DBMS_XPLAN.DISPLAY", args);
  const std::string format_text = FormatText(a[2]);
  const xplan::Format format = xplan::Format::Parse(format_text);
  if (!format.valid) return {xplan::Format::InvalidText(format_text, "DISPLAY")};
  const std::string table_name = Upper(Text(a[0]).value_or("PLAN_TABLE"));
  const std::optional<std::string> statement_id = Text(a[1]);
  const ExplainedPlan* p = table.Find(table_name, statement_id);
  if (p == nullptr) {
    if (statement_id)
      return {fmt::format("Error: cannot fetch plan for statement_id '{}'", *statement_id)};
    return {fmt::format("Error: cannot fetch last explain plan from {}", table_name)};
  }
  xplan::PlanDocument doc = planner::DescribePlan(p->plan, p->statement_operation, nullptr);
  return xplan::Render(doc, format);
}

std::vector<std::string> DbmsXplanDisplayCursor(
    const CursorCache& cache, const std::string& previous_sql_id, int previous_child,
    const std::vector<planner::TableFunctionArg>& args) {
  auto a = Bind("DBMS_XPLAN.DISPLAY_CURSOR", args);
  const std::optional<std::string> given = Text(a[0]);
  const std::string sql_id = given.value_or(previous_sql_id);
  // Child 0 by default, the previous statement's child when no SQL_ID is given (Oracle); an
  // explicit NULL asks for every child.
  int child = given ? 0 : previous_child;
  bool all_children = false;
  if (a[1]) {
    if (a[1]->is_null()) {
      all_children = true;
    } else {
      try {
        child = std::stoi(*Text(a[1]));
      } catch (const std::exception&) {
        WrongArguments("DBMS_XPLAN.DISPLAY_CURSOR");
      }
    }
  }
  const std::string format_text = FormatText(a[2]);
  const xplan::Format format = xplan::Format::Parse(format_text);
  if (!format.valid) return {xplan::Format::InvalidText(format_text, "DISPLAY_CURSOR")};
  const ParentCursor* parent = cache.Parent(sql_id);
  std::vector<std::string> out;
  if (parent != nullptr) {
    for (const auto& c : parent->children) {
      if (!all_children && c->child_number != child) continue;
      if (!c->has_plan) continue;
      auto lines = xplan::Render(CursorDocument(*parent, *c, format.last), format);
      if (!out.empty()) out.emplace_back();
      out.insert(out.end(), lines.begin(), lines.end());
    }
  }
  if (out.empty()) {
    if (!all_children)
      out.push_back(fmt::format("SQL_ID: {}, child number: {} cannot be found", sql_id, child));
    else
      out.push_back(fmt::format("SQL_ID: {} cannot be found", sql_id));
  }
  return out;
}

std::vector<planner::JoinFilterSource> CursorJoinFilters(const CursorCache& cache) {
  std::vector<planner::JoinFilterSource> rows;
  for (const ParentCursor* p : cache.All()) {
    for (const auto& c : p->children) {
      for (const auto& [id, jf] : c->join_filters) {
        planner::JoinFilterSource s;
        s.plan_hash_value = c->plan_hash_value;
        s.filter_id = id;
        s.length = jf.length;
        s.bits_set = jf.bits_set;
        s.filtered = jf.filtered;
        s.probed = jf.probed;
        s.active = jf.active;
        rows.push_back(s);
      }
    }
  }
  // No order of its own: by plan and filter, so unordered queries stay deterministic.
  std::sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) {
    return std::tie(x.plan_hash_value, x.filter_id) < std::tie(y.plan_hash_value, y.filter_id);
  });
  return rows;
}

std::vector<planner::SqlSource> CursorSqlRows(const CursorCache& cache) {
  std::vector<planner::SqlSource> rows;
  for (const ParentCursor* p : cache.All()) {
    for (const auto& c : p->children) {
      planner::SqlSource s;
      s.sql_id = p->sql_id;
      s.child_number = c->child_number;
      s.plan_hash_value = c->plan_hash_value;
      s.hash_value = planner::SqlHashValue(p->sql_text);
      s.executions = c->executions;
      s.parse_calls = c->parse_calls;
      s.loads = c->loads;
      s.invalidations = c->invalidations;
      s.elapsed_us = c->elapsed_us;
      s.buffer_gets = c->buffer_gets;
      s.disk_reads = c->disk_reads;
      s.rows_processed = c->rows_processed;
      s.sql_text = p->sql_text;
      const std::string& op = c->statement_operation;
      s.command = op.substr(0, op.rfind(" STATEMENT"));
      s.valid = c->valid;
      if (c->adaptive) s.resolved_adaptive.assign(1, c->adaptive_decisions.empty() ? 'N' : 'Y');
      s.reoptimizable = c->reoptimizable;
      s.full_plan_hash_value = c->full_plan_hash_value;
      if (c->has_plan && c->plan.root) s.optimizer_cost = c->plan.root->cost;
      // Statistics feedback's child, planned in this one's environment plus "statistics
      // feedback" (session.cpp), takes over from it.
      const std::string replaced_by = c->environment + "statistics feedback\n";
      const bool replaced = c->reoptimizable &&
                            std::any_of(p->children.begin(), p->children.end(), [&](const auto& o) {
                              return o->environment == replaced_by;
                            });
      s.shareable = c->valid && !replaced;
      s.bind_sensitive = c->has_plan && !c->plan.record.peeked_binds.empty();
      rows.push_back(std::move(s));
    }
  }
  // V$SQL has no order; sorting keeps unordered queries on it deterministic.
  std::sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) {
    return std::tie(x.sql_id, x.child_number) < std::tie(y.sql_id, y.child_number);
  });
  return rows;
}

std::vector<planner::PlanLineSource> CursorPlanLines(const CursorCache& cache) {
  std::vector<planner::PlanLineSource> rows;
  for (const ParentCursor* p : cache.All()) {
    for (const auto& c : p->children) {
      if (!c->has_plan) continue;
      // Shown line ids are not operator line ids (hidden operators): take the run-time
      // figures from documents described with them.
      const xplan::PlanDocument doc =
          planner::DescribePlan(c->plan, c->statement_operation,
                                c->has_runtime ? &c->total_stats : nullptr, &c->adaptive_decisions);
      xplan::PlanDocument last_doc;
      if (c->has_runtime)
        last_doc = planner::DescribePlan(c->plan, c->statement_operation, &c->last_stats,
                                         &c->adaptive_decisions);
      std::vector<int> parents;       // by depth: the latest line seen at that depth
      std::vector<int> child_counts;  // by line id: children seen so far
      for (const xplan::PlanLine& l : doc.lines) {
        planner::PlanLineSource r;
        r.sql_id = p->sql_id;
        r.child_number = c->child_number;
        r.plan_hash_value = c->plan_hash_value;
        r.full_plan_hash_value = c->full_plan_hash_value;
        r.id = l.id;
        r.depth = l.depth;
        if (l.depth > 0 && static_cast<size_t>(l.depth) <= parents.size())
          r.parent_id = parents[static_cast<size_t>(l.depth) - 1];
        if (parents.size() <= static_cast<size_t>(l.depth))
          parents.resize(static_cast<size_t>(l.depth) + 1);
        parents[static_cast<size_t>(l.depth)] = l.id;
        if (child_counts.size() <= static_cast<size_t>(l.id))
          child_counts.resize(static_cast<size_t>(l.id) + 1);
        // POSITION: order among siblings; line 0 carries the statement's cost instead.
        if (r.parent_id >= 0)
          r.position = ++child_counts[static_cast<size_t>(r.parent_id)];
        else
          r.position = l.cost ? static_cast<int>(*l.cost + 0.5) : 0;
        auto [op, options] = SplitOperation(l.operation);
        r.operation = op;
        r.options = options;
        r.object_name = l.name;
        if (l.id > 0) {
          r.cardinality = l.rows;
          r.bytes = l.bytes;
        }
        r.cost = l.cost;
        r.access_predicates = JoinPredicates(l, "access");
        r.filter_predicates = JoinPredicates(l, "filter");
        const size_t k = static_cast<size_t>(&l - doc.lines.data());
        if (l.runtime && k < last_doc.lines.size() && last_doc.lines[k].runtime) {
          const xplan::LineRuntime& t = *l.runtime;
          const xplan::LineRuntime& last = *last_doc.lines[k].runtime;
          r.has_runtime = true;
          r.executions = c->last_starts_executions;
          r.starts = t.starts;
          r.last_starts = last.starts;
          r.output_rows = t.a_rows;
          r.last_output_rows = last.a_rows;
          r.cr_buffer_gets = t.buffers;
          r.last_cr_buffer_gets = last.buffers;
          r.disk_reads = t.reads;
          r.last_disk_reads = last.reads;
          r.elapsed_us = static_cast<uint64_t>(t.a_time_seconds * 1e6);
          r.last_elapsed_us = static_cast<uint64_t>(last.a_time_seconds * 1e6);
          r.estimated_optimal_size = last.omem;
          r.estimated_onepass_size = last.one_mem;
          r.last_memory_used = last.used_mem;
          r.last_tempseg_size = last.used_tmp;
        }
        rows.push_back(std::move(r));
      }
    }
  }
  std::stable_sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) {
    return std::tie(x.sql_id, x.child_number) < std::tie(y.sql_id, y.child_number);
  });
  return rows;
}

std::pair<std::string, std::string> SplitOperation(const std::string& operation) {
  // Oracle's operation names that are more than one word; the rest of the text is OPTIONS.
  static const char* const kOperations[] = {"SELECT STATEMENT",
                                            "INSERT STATEMENT",
                                            "UPDATE STATEMENT",
                                            "DELETE STATEMENT",
                                            "CREATE TABLE STATEMENT",
                                            "TABLE ACCESS",
                                            "FIXED TABLE",
                                            "HASH JOIN",
                                            "NESTED LOOPS",
                                            "MERGE JOIN",
                                            "JOIN FILTER",
                                            "FAST DUAL",
                                            "CONNECT BY",
                                            "LOAD AS SELECT",
                                            "LOAD TABLE CONVENTIONAL",
                                            "STATISTICS COLLECTOR",
                                            "RESULT CACHE",
                                            "INLIST ITERATOR",
                                            "PX COORDINATOR",
                                            "PX SEND",
                                            "PX RECEIVE",
                                            "PX BLOCK",
                                            "PARTITION RANGE",
                                            "BITMAP AND",
                                            "BITMAP CONVERSION",
                                            "INDEX BUILD",
                                            "SORT",
                                            "HASH",
                                            "INDEX",
                                            "COUNT",
                                            "BUFFER",
                                            "WINDOW"};
  for (const char* op : kOperations) {
    const std::string_view o(op);
    if (operation.size() == o.size() && operation == o) return {operation, ""};
    if (operation.size() > o.size() && operation.compare(0, o.size(), o) == 0 &&
        operation[o.size()] == ' ')
      return {std::string(o), operation.substr(o.size() + 1)};
  }
  return {operation, ""};
}

}  // namespace pathdb
