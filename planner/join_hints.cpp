#include "planner/join_hints.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <optional>

namespace pathdb::planner {

namespace {

// fmt rather than `+` chains: GCC 12 at -O3 reports a false -Wrestrict on those.
std::string OutlineAlias(const std::string& alias, const std::string& qb) {
  return fmt::format("\"{}\"@\"{}\"", alias, qb);
}

}  // namespace

std::string JoinMethodOutlineHint(bool hash, const std::string& alias, const std::string& qb) {
  return fmt::format("{}(@\"{}\" {})", hash ? "USE_HASH" : "USE_NL", qb, OutlineAlias(alias, qb));
}

namespace {

class HintReader {
 public:
  HintReader(const std::string& qb, const std::vector<std::string>& aliases, JoinHints& jh)
      : query_block_(qb), aliases_(aliases), jh_(jh) {}

  void Read(const std::vector<ast::Hint>& hints) {
    for (const auto& h : hints) {
      if (!ForThisBlock(h)) continue;
      if (h.name == "LEADING" || h.name == "ORDERED") {
        ReadLeading(h);
        continue;
      }
      const ast::Hint* JoinHints::PerRelation::*slot = nullptr;
      if (h.name == "USE_HASH") slot = &JoinHints::PerRelation::use_hash;
      if (h.name == "USE_NL") slot = &JoinHints::PerRelation::use_nl;
      if (h.name == "USE_NL_WITH_INDEX") slot = &JoinHints::PerRelation::use_nl_with_index;
      if (h.name == "NO_USE_HASH") slot = &JoinHints::PerRelation::no_use_hash;
      if (h.name == "NO_USE_NL") slot = &JoinHints::PerRelation::no_use_nl;
      if (h.name == "SWAP_JOIN_INPUTS") slot = &JoinHints::PerRelation::swap;
      if (h.name == "NO_SWAP_JOIN_INPUTS") slot = &JoinHints::PerRelation::no_swap;
      if (slot == nullptr) continue;
      if (h.tables.empty()) {
        Unresolved(h, "hint names no table");
        continue;
      }
      for (const auto& t : h.tables) {
        auto i = FindAlias(t);
        if (!i) {
          Unresolved(h, "hint names a table that is not in the query block");
          continue;
        }
        jh_.rel[*i].*slot = &h;
      }
    }
  }

 private:
  void ReadLeading(const ast::Hint& h) {
    if (jh_.leading_hint != nullptr) {
      Unresolved(h, "hint conflicts with another in sibling query block");
      return;
    }
    std::vector<size_t> order;
    bool ok = true;
    if (h.name == "ORDERED") {
      for (size_t i = 0; i < aliases_.size(); ++i) order.push_back(i);
    } else {
      for (const auto& t : h.tables) {
        auto i = FindAlias(t);
        if (!i || std::find(order.begin(), order.end(), *i) != order.end()) ok = false;
        if (i) order.push_back(*i);
      }
      ok = ok && !order.empty();
    }
    if (!ok) {
      Unresolved(h, "hint names a table that is not in the query block");
      return;
    }
    jh_.leading = std::move(order);
    jh_.leading_hint = &h;
  }

  std::optional<size_t> FindAlias(const ast::Hint::TableSpec& t) const {
    if (!t.query_block.empty() && t.query_block != query_block_) return std::nullopt;
    for (size_t i = 0; i < aliases_.size(); ++i)
      if (!aliases_[i].empty() && aliases_[i] == t.alias) return i;
    return std::nullopt;
  }

  bool ForThisBlock(const ast::Hint& h) const {
    return !h.malformed && (h.query_block.empty() || h.query_block == query_block_);
  }

  void Unresolved(const ast::Hint& h, const std::string& reason) {
    HintUse u;
    u.text = h.text;
    u.query_block = query_block_;
    u.reason = reason;
    jh_.unresolved.push_back(std::move(u));
  }

  const std::string& query_block_;
  const std::vector<std::string>& aliases_;
  JoinHints& jh_;
};

}  // namespace

JoinHints ReadJoinHints(const std::vector<ast::Hint>* hints, const std::string& query_block,
                        const std::vector<std::string>& aliases) {
  JoinHints jh;
  jh.rel.resize(aliases.size());
  if (hints != nullptr) HintReader(query_block, aliases, jh).Read(*hints);
  return jh;
}

std::vector<JoinMethod> AllowedMethods(const JoinHints::PerRelation& h,
                                       const std::vector<JoinMethod>& possible) {
  using M = JoinMethod;
  std::vector<M> m = possible;
  // Keeps the methods of `m` satisfying `pred`, unless that leaves none.
  auto narrow = [&](auto pred) {
    std::vector<M> kept;
    for (M x : m)
      if (pred(x)) kept.push_back(x);
    if (!kept.empty()) m = std::move(kept);
  };
  if (h.use_hash && !h.use_nl) narrow([](M x) { return IsHash(x); });
  if (h.use_nl && !h.use_hash) narrow([](M x) { return IsNl(x); });
  if (h.use_nl_with_index && !h.use_hash) narrow([](M x) { return x == M::kIndexNestedLoops; });
  if (h.no_use_hash) narrow([](M x) { return !IsHash(x); });
  if (h.no_use_nl) narrow([](M x) { return !IsNl(x); });
  if (h.swap) narrow([](M x) { return x == M::kHashInnerBuilds || !IsHash(x); });
  if (h.no_swap) narrow([](M x) { return x == M::kHashOuterBuilds || !IsHash(x); });
  return m;
}

void RecordJoinHints(JoinHints& jh, const std::vector<JoinStep>& steps,
                     const std::vector<std::string>& aliases,
                     const std::vector<const PhysicalOperator*>& lines,
                     const std::string& query_block, PlanContext& ctx) {
  const size_t n = aliases.size();
  std::vector<JoinMethod> method(n, JoinMethod::kFirst);
  for (const auto& s : steps) method[s.rel] = s.method;
  for (auto& u : jh.unresolved) ctx.record.hints.push_back(std::move(u));
  jh.unresolved.clear();
  auto use = [&](const ast::Hint& h, size_t rel, bool used, const std::string& reason) {
    HintUse u;
    u.text = h.text;
    u.query_block = query_block;
    if (rel < n) {
      // Join method hints belong to the inner table's line in the Hint Report.
      u.alias = OutlineAlias(aliases[rel], query_block);
      u.line = lines[rel];
    }
    u.used = used;
    if (!used) u.reason = reason;
    ctx.record.hints.push_back(std::move(u));
  };
  if (jh.leading_hint != nullptr) use(*jh.leading_hint, SIZE_MAX, true, "");
  for (size_t i = 0; i < n; ++i) {
    const auto& h = jh.rel[i];
    const bool first = method[i] == JoinMethod::kFirst;
    const std::string first_reason = "join method hint on the first table of the join order";
    auto check = [&](const ast::Hint* hint, bool honoured) {
      if (hint == nullptr) return;
      use(*hint, i, !first && honoured, first ? first_reason : "join method not possible");
    };
    check(h.use_hash, IsHash(method[i]));
    check(h.use_nl, IsNl(method[i]));
    check(h.use_nl_with_index, method[i] == JoinMethod::kIndexNestedLoops);
    check(h.no_use_hash, !IsHash(method[i]));
    check(h.no_use_nl, !IsNl(method[i]));
    check(h.swap, method[i] == JoinMethod::kHashInnerBuilds);
    check(h.no_swap, method[i] == JoinMethod::kHashOuterBuilds);
  }
  // Outline: LEADING, then each later table's join method (and build side).
  bool all_named = true;
  for (const auto& s : steps) all_named = all_named && !aliases[s.rel].empty();
  if (!all_named || query_block.empty()) return;
  const std::string qb = fmt::format("@\"{}\"", query_block);
  std::string leading = fmt::format("LEADING({}", qb);
  for (const auto& s : steps)
    fmt::format_to(std::back_inserter(leading), " {}", OutlineAlias(aliases[s.rel], query_block));
  leading.push_back(')');
  ctx.record.outline.push_back(std::move(leading));
  for (const auto& s : steps) {
    const std::string who = fmt::format("{} {})", qb, OutlineAlias(aliases[s.rel], query_block));
    // An adaptive join's two methods: EXPLAIN shows the one that ran (or the default's).
    if (IsHash(s.method) || s.adaptive)
      ctx.record.outline.push_back(JoinMethodOutlineHint(true, aliases[s.rel], query_block));
    if (IsNl(s.method) || s.adaptive)
      ctx.record.outline.push_back(JoinMethodOutlineHint(false, aliases[s.rel], query_block));
    if (s.method == JoinMethod::kHashInnerBuilds)
      ctx.record.outline.push_back(fmt::format("SWAP_JOIN_INPUTS({}", who));
  }
}

double AdjustByOptEstimate(const ast::Hint& h, double rows) {
  using A = ast::Hint::EstimateAdjust;
  const double v = h.numbers[0];
  switch (h.estimate_adjust) {
    case A::kRows:
      return v;
    case A::kScaleRows:
      return rows * v;
    case A::kMin:
      return std::max(rows, v);
    case A::kMax:
      return std::min(rows, v);
  }
  return rows;
}

bool LooksAtJoinEstimate(const ast::Hint& h, const std::string& query_block,
                         const std::vector<std::string>& tables) {
  return !h.malformed && h.name == "OPT_ESTIMATE" &&
         h.estimate_target == ast::Hint::EstimateTarget::kJoin && !h.numbers.empty() &&
         !h.tables.empty() && (h.query_block.empty() || h.query_block == query_block) &&
         std::find(tables.begin(), tables.end(), h.tables[0].alias) != tables.end();
}

void ReportJoinEstimate(PlanRecord& record, const ast::Hint& h, const std::string& query_block,
                        bool used) {
  auto same = std::find_if(record.hints.begin(), record.hints.end(), [&](const HintUse& u) {
    return u.text == h.text && u.query_block == query_block && u.alias.empty();
  });
  if (same == record.hints.end()) {
    HintUse u;
    u.text = h.text;
    u.query_block = query_block;
    same = record.hints.insert(record.hints.end(), std::move(u));
  }
  if (used) {
    same->used = true;
    same->reason.clear();
  } else if (!same->used) {
    same->reason = "no join of exactly these tables";
  }
}

}  // namespace pathdb::planner
