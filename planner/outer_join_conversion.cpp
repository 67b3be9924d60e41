// What a predicate or a plan says about NULLs, and the outer-to-inner join conversion built on
// it (declared in unnest.h): a WHERE conjunct that rejects NULLs from the NULL-extended side
// of a LEFT/RIGHT join makes that join inner, as Oracle's transformer does. Shares only the
// helpers of unnest_internal.h with the subquery unnesting in unnest.cpp.
#include "planner/bound_util.h"
#include "planner/unnest.h"
#include "planner/unnest_internal.h"

namespace pathdb::planner {

using namespace unnest_detail;

bool RejectsNulls(const BoundExpr& e, size_t begin, size_t end) {
  if (HasSubquery(e)) return false;
  switch (e.kind) {
    case BoundKind::kIsNull:
      return e.negated && NullWhenNull(*e.children[0], begin, end);
    case BoundKind::kAnd:
      for (const auto& c : e.children)
        if (RejectsNulls(*c, begin, end)) return true;
      return false;
    case BoundKind::kOr:
      for (const auto& c : e.children)
        if (!RejectsNulls(*c, begin, end)) return false;
      return !e.children.empty();
    default:
      return NullWhenNull(e, begin, end);
  }
}

bool ConvertOuterJoins(FromTree& node, const BoundExpr& conj) {
  if (node.relation >= 0) return false;
  bool changed = false;
  if (node.type == LogicalJoinType::kLeft &&
      RejectsNulls(conj, node.right->begin, node.right->end)) {
    node.type = LogicalJoinType::kInner;
    changed = true;
  } else if (node.type == LogicalJoinType::kRight &&
             RejectsNulls(conj, node.left->begin, node.left->end)) {
    node.type = LogicalJoinType::kInner;
    changed = true;
  }
  changed = ConvertOuterJoins(*node.left, conj) || changed;
  changed = ConvertOuterJoins(*node.right, conj) || changed;
  return changed;
}

bool FromColumnNotNull(const FromTree& node, const std::vector<Relation>& relations, size_t g) {
  if (g < node.begin || g >= node.end) return false;
  if (node.relation >= 0) {
    const Relation& r = relations[node.relation];
    if (!r.plan) return false;
    const LogicalNode* p = r.plan.get();
    if (p->kind != LogicalNode::Kind::kScan || p->system_view) return false;
    size_t k = g - r.begin;
    if (k >= p->column_ids.size()) return false;
    uint32_t id = p->column_ids[k];
    return id != storage::kRowIdColumn && id < p->table->columns.size() &&
           p->table->columns[id].not_null;
  }
  const bool in_left = g < node.left->end;
  if (node.type == LogicalJoinType::kLeft && !in_left) return false;
  if (node.type == LogicalJoinType::kRight && in_left) return false;
  if (node.type == LogicalJoinType::kFull) return false;
  return FromColumnNotNull(in_left ? *node.left : *node.right, relations, g);
}

std::optional<size_t> PreservedChild(const LogicalNode& join, size_t col, size_t& child_col) {
  const size_t width = join.children[0]->types.size();
  const bool in_left = col < width;
  child_col = in_left ? col : col - width;
  switch (join.join_type) {
    case LogicalJoinType::kInner:
    case LogicalJoinType::kCross:
      return in_left ? 0 : 1;
    case LogicalJoinType::kLeft:
    case LogicalJoinType::kSemi:  // semi/anti joins output their left side only
    case LogicalJoinType::kAnti:
    case LogicalJoinType::kAntiNullAware:
      if (in_left) return 0;
      return std::nullopt;
    case LogicalJoinType::kRight:
      if (!in_left) return 1;
      return std::nullopt;
    case LogicalJoinType::kFull:
      return std::nullopt;
  }
  return std::nullopt;
}

bool KnownNotNull(const LogicalNode& n, size_t col) {
  using K = LogicalNode::Kind;
  switch (n.kind) {
    case K::kScan: {
      if (n.system_view || col >= n.column_ids.size()) return false;
      uint32_t id = n.column_ids[col];
      return id != storage::kRowIdColumn && id < n.table->columns.size() &&
             n.table->columns[id].not_null;
    }
    case K::kFilter:
      return KnownNotNull(*n.children[0], col);
    case K::kJoin: {
      size_t child_col = 0;
      const auto child = PreservedChild(n, col, child_col);
      return child && KnownNotNull(*n.children[*child], child_col);
    }
    default:
      return false;
  }
}

}  // namespace pathdb::planner
