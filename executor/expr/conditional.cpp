// CASE, evaluated lazily: each THEN/ELSE runs only for the rows that reach it.
#include "executor/expr/internal.h"

namespace pathdb::expr {

void EvalCase(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  size_t n = e.children.size();
  if (n == 0 || n % 2 == 0) ThrowOra(936, "missing expression");
  // Each THEN/ELSE runs only for the rows that reach it: CASE WHEN x<>0 THEN 1/x END is safe.
  std::vector<uint32_t> remaining(sel.begin(), sel.end()), hit, miss;
  for (size_t i = 0; i + 1 < n && !remaining.empty(); i += 2) {
    Vector w = EvalNew(*e.children[i], st, remaining);
    hit.clear();
    miss.clear();
    for (uint32_t r : remaining) {
      uint32_t k = Idx(w, r);
      bool t = w.Validity()[k] &&
               (w.type().id == TypeId::kBoolean ? w.Data<uint8_t>()[k] != 0
                                                : w.GetValue(r).Compare(Value::Integer(0)) != 0);
      (t ? hit : miss).push_back(r);
    }
    if (!hit.empty()) {
      Vector v = EvalNew(*e.children[i + 1], st, hit);
      CopyRows(v, out, hit, st.ctx);
    }
    remaining.swap(miss);
  }
  if (!remaining.empty()) {
    Vector v = EvalNew(*e.children[n - 1], st, remaining);
    CopyRows(v, out, remaining, st.ctx);
  }
}

}  // namespace pathdb::expr
