#include "shell/engine/cursor_cache.h"

#include <algorithm>

namespace pathdb {

ParentCursor* CursorCache::FindParent(const std::string& sql_id) {
  auto it = by_id_.find(sql_id);
  if (it == by_id_.end()) return nullptr;
  // Recently used first: the eviction victim is always at the back. splice keeps iterators.
  if (it->second != parents_.begin()) parents_.splice(parents_.begin(), parents_, it->second);
  return &parents_.front();
}

ChildCursor* CursorCache::Find(const std::string& sql_id, const std::string& environment) {
  ParentCursor* p = FindParent(sql_id);
  if (p == nullptr) return nullptr;
  for (auto& c : p->children)
    if (c->environment == environment) return c.get();
  return nullptr;
}

ChildCursor& CursorCache::Obtain(const std::string& sql_id, const std::string& sql_text,
                                 const std::string& environment) {
  if (ChildCursor* c = Find(sql_id, environment)) return *c;
  ParentCursor* p = FindParent(sql_id);
  if (p == nullptr) {
    while (!parents_.empty() && parents_.size() >= capacity_) {
      by_id_.erase(parents_.back().sql_id);
      parents_.pop_back();
    }
    parents_.emplace_front();
    p = &parents_.front();
    p->sql_id = sql_id;
    p->sql_text = sql_text;
    by_id_[sql_id] = parents_.begin();
  }
  auto child = std::make_unique<ChildCursor>();
  child->child_number = static_cast<int>(p->children.size());
  child->environment = environment;
  p->children.push_back(std::move(child));
  return *p->children.back();
}

const ParentCursor* CursorCache::Parent(const std::string& sql_id) const {
  auto it = by_id_.find(sql_id);
  return it == by_id_.end() ? nullptr : &*it->second;
}

const ChildCursor* CursorCache::Child(const std::string& sql_id, int child_number) const {
  const ParentCursor* p = Parent(sql_id);
  if (p == nullptr || child_number < 0 || static_cast<size_t>(child_number) >= p->children.size())
    return nullptr;
  return p->children[static_cast<size_t>(child_number)].get();
}

std::vector<const ParentCursor*> CursorCache::All() const {
  std::vector<const ParentCursor*> out;
  for (const auto& p : parents_) out.push_back(&p);
  return out;
}

void CursorCache::InvalidateAll() {
  for (auto& p : parents_)
    for (auto& c : p.children) {
      if (c->valid && c->has_plan) ++c->invalidations;
      c->valid = false;
    }
}

void AccumulateRuntime(std::vector<OperatorRuntimeStats>& total,
                       const std::vector<OperatorRuntimeStats>& last) {
  if (total.size() < last.size()) total.resize(last.size());
  for (size_t i = 0; i < last.size(); ++i) {
    OperatorRuntimeStats& t = total[i];
    const OperatorRuntimeStats& l = last[i];
    t.starts += l.starts;
    t.rows += l.rows;
    t.elapsed_ns += l.elapsed_ns;
    t.buffers += l.buffers;
    t.reads += l.reads;
    t.writes += l.writes;
    // Memory is not additive: the estimates and the peak of the latest run stand.
    t.mem_optimal = l.mem_optimal;
    t.mem_one_pass = l.mem_one_pass;
    t.mem_used = std::max(t.mem_used, l.mem_used);
    t.temp_used = std::max(t.temp_used, l.temp_used);
    t.passes = std::max(t.passes, l.passes);
    t.work_area = t.work_area || l.work_area;
  }
}

}  // namespace pathdb
