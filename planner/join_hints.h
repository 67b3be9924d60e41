// The join hints of one query block (LEADING, ORDERED, USE_HASH, USE_NL, NO_USE_HASH,
// NO_USE_NL, [NO_]SWAP_JOIN_INPUTS) as the join search reads them, and what became of them
// once the join order is chosen: the Hint Report entries and the outline hints that reproduce
// the order and the join methods. Part of the join planner (planner/join_planner.cpp).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "executor/operator.h"
#include "parser/ast.h"
#include "planner/planner.h"

namespace pathdb::planner {

//! How a relation joins the relations before it in a left-deep order.
enum class JoinMethod {
  kFirst,             //!< the first relation of the order
  kHashOuterBuilds,   //!< HASH JOIN, the plan so far builds
  kHashInnerBuilds,   //!< HASH JOIN, this relation builds (SWAP_JOIN_INPUTS)
  kIndexNestedLoops,  //!< NESTED LOOPS into an index access with the outer key
  kNestedLoops,       //!< NESTED LOOPS over the relation materialised once
};

inline bool IsHash(JoinMethod m) {
  return m == JoinMethod::kHashOuterBuilds || m == JoinMethod::kHashInnerBuilds;
}
inline bool IsNl(JoinMethod m) {
  return m == JoinMethod::kIndexNestedLoops || m == JoinMethod::kNestedLoops;
}

//! One relation of a join order and how it joins.
struct JoinStep {
  size_t rel = 0;
  JoinMethod method = JoinMethod::kFirst;
  size_t key = 0;  //!< kIndexNestedLoops: the conjunct the index access uses
  //! An adaptive join: `method` (kIndexNestedLoops or kHashOuterBuilds) is the default, the
  //! other one the alternative; nested loops use conjunct `key` into the index.
  bool adaptive = false;
  double inflection_point = 0;  //!< driving rows above which the hash join is cheaper
};

//! The join hints of one query block, by relation (indexes into the join tree's relations).
//! The hint pointers point into the query block's hint list, which must outlive this.
struct JoinHints {
  std::vector<size_t> leading;  //!< LEADING / ORDERED: the order's first relations
  const ast::Hint* leading_hint = nullptr;
  struct PerRelation {
    const ast::Hint *use_hash = nullptr, *use_nl = nullptr, *no_use_hash = nullptr,
                    *no_use_nl = nullptr, *swap = nullptr, *no_swap = nullptr;
    //! USE_NL_WITH_INDEX(t [idx]): nested loops probing an index of t with the join key.
    const ast::Hint* use_nl_with_index = nullptr;
  };
  std::vector<PerRelation> rel;
  //! Hints that name no relation of the tree (reported as unused).
  std::vector<HintUse> unresolved;
};

//! Reads the join hints of `hints` (null: none) meant for `query_block`; aliases[i] is the
//! name hints use for relation i ("" when it has none).
JoinHints ReadJoinHints(const std::vector<ast::Hint>* hints, const std::string& query_block,
                        const std::vector<std::string>& aliases);

//! The methods among `possible` the hints of the relation allow (all of them when the hints
//! would leave none: an unusable hint is ignored).
std::vector<JoinMethod> AllowedMethods(const JoinHints::PerRelation& h,
                                       const std::vector<JoinMethod>& possible);

//! The outline hint USE_HASH(@"qb" "alias"@"qb") (hash) or USE_NL(...) for one inner table.
std::string JoinMethodOutlineHint(bool hash, const std::string& alias, const std::string& qb);

//! Records in ctx.record the Hint Report entries of `jh` for the chosen order `steps` (join
//! method hints on the inner table's plan line, lines[i] for relation i) and the outline hints
//! LEADING, USE_HASH / USE_NL and SWAP_JOIN_INPUTS that reproduce it (only when every relation
//! has an alias and the block a name). Moves jh.unresolved out.
void RecordJoinHints(JoinHints& jh, const std::vector<JoinStep>& steps,
                     const std::vector<std::string>& aliases,
                     const std::vector<const PhysicalOperator*>& lines,
                     const std::string& query_block, PlanContext& ctx);

//! `rows` as an OPT_ESTIMATE(TABLE|JOIN ...) hint corrects them: ROWS= replaces, SCALE_ROWS=
//! multiplies, MIN= / MAX= bound. REQUIRES: !h.numbers.empty().
double AdjustByOptEstimate(const ast::Hint& h, double rows);

//! Whether `h` is an OPT_ESTIMATE(JOIN ...) hint of `query_block` that a join over `tables`
//! (as the block names them) looks at: one whose first table is among them. It applies
//! where a join has exactly its tables.
bool LooksAtJoinEstimate(const ast::Hint& h, const std::string& query_block,
                         const std::vector<std::string>& tables);

//! Reports what became of an OPT_ESTIMATE(JOIN ...) hint of `query_block`: once per hint (a
//! join tree and the outer joins above it may each look at it), used as soon as one of them
//! applied it.
void ReportJoinEstimate(PlanRecord& record, const ast::Hint& h, const std::string& query_block,
                        bool used);

}  // namespace pathdb::planner
