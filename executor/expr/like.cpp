// LIKE with % and _ and an optional ESCAPE character.
#include <cctype>
#include <optional>

#include "executor/expr/internal.h"

namespace pathdb::expr {

namespace {

bool CharEq(char a, char b, bool ci) {
  if (!ci) return a == b;
  return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
}

//! A pattern of literal runs between '%'s (no '_', no escape, case-sensitive), taken apart
//! once: the first run must start the string, the last end it, and each run between is found
//! at its leftmost place after the previous one (leftmost leaves the most room for the runs
//! after it), with find (memchr underneath). TPC-H's '%special%requests%' on 1.5M comments
//! spent most of its time in the general matcher, which restarts at every character.
struct LiteralRuns {
  bool any_percent = false;
  std::string_view head, tail;  //!< before the first '%', after the last
  std::string_view middle;      //!< between them, '%'s included
};

std::optional<LiteralRuns> ParseLiteralRuns(std::string_view p) {
  if (p.find('_') != std::string_view::npos) return std::nullopt;
  LiteralRuns r;
  const size_t first = p.find('%');
  if (first == std::string_view::npos) {
    r.head = p;
    return r;
  }
  const size_t last = p.rfind('%');
  r.any_percent = true;
  r.head = p.substr(0, first);
  r.tail = p.substr(last + 1);
  r.middle = p.substr(first, last - first);
  return r;
}

bool MatchLiteralRuns(const LiteralRuns& r, std::string_view s) {
  if (!r.any_percent) return s == r.head;
  if (s.size() < r.head.size() + r.tail.size() || !s.starts_with(r.head) || !s.ends_with(r.tail)) {
    return false;
  }
  const std::string_view middle = s.substr(r.head.size(), s.size() - r.head.size() - r.tail.size());
  size_t at = 0;
  for (size_t i = 1; i < r.middle.size();) {  // r.middle starts with '%'
    size_t end = r.middle.find('%', i);
    if (end == std::string_view::npos) end = r.middle.size();
    const std::string_view run = r.middle.substr(i, end - i);
    i = end + 1;
    if (run.empty()) continue;
    const size_t found = middle.find(run, at);
    if (found == std::string_view::npos) return false;
    at = found + run.size();
  }
  return true;
}

}  // namespace

bool LikeMatch(std::string_view s, std::string_view p, int escape, bool ci) {
  if (!ci && escape < 0) {
    if (const auto runs = ParseLiteralRuns(p)) return MatchLiteralRuns(*runs, s);
  }
  // Iterative matcher with backtracking to the last '%': linear in practice.
  size_t si = 0, pi = 0, star_p = std::string_view::npos, star_s = 0;
  while (si < s.size()) {
    if (pi < p.size()) {
      char c = p[pi];
      if (escape >= 0 && c == static_cast<char>(escape)) {
        if (pi + 1 >= p.size() || (p[pi + 1] != '%' && p[pi + 1] != '_' && p[pi + 1] != c))
          ThrowOra(1424, "missing or illegal character following the escape character");
        if (CharEq(s[si], p[pi + 1], ci)) {
          ++si;
          pi += 2;
          continue;
        }
      } else if (c == '%') {
        star_p = pi++;
        star_s = si;
        continue;
      } else if (c == '_' || CharEq(s[si], c, ci)) {
        ++si;
        ++pi;
        continue;
      }
    }
    if (star_p == std::string_view::npos) return false;
    pi = star_p + 1;
    si = ++star_s;
  }
  while (pi < p.size()) {
    if (p[pi] == '%') {
      ++pi;
    } else if (escape >= 0 && p[pi] == static_cast<char>(escape)) {
      if (pi + 1 >= p.size() || (p[pi + 1] != '%' && p[pi + 1] != '_' && p[pi + 1] != p[pi]))
        ThrowOra(1424, "missing or illegal character following the escape character");
      return false;
    } else {
      return false;
    }
  }
  return true;
}

void EvalLike(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  Vector s = EvalNew(*e.children.at(0), st, sel);
  Vector p = EvalNew(*e.children.at(1), st, sel);
  std::optional<Vector> esc;
  if (e.children.size() > 2) esc.emplace(EvalNew(*e.children[2], st, sel));
  const bool ci = !st.oracle();
  auto text = [&](const Vector& v, uint32_t r) -> std::string {
    Value x = v.GetValue(r);
    return x.type().IsString() ? x.str() : x.ToString();
  };
  const bool fast = s.type().IsString() && p.type().IsString();
  // A constant pattern of literal runs is taken apart once per batch, not per row.
  if (fast && !esc && !ci && p.kind() == Vector::Kind::kConstant && !sel.empty() &&
      Valid(p, sel[0])) {
    if (const auto runs = ParseLiteralRuns(p.Data<StringRef>()[Idx(p, sel[0])].view())) {
      for (uint32_t r : sel) {
        if (!Valid(s, r)) {
          out.SetNull(r, true);
          continue;
        }
        out.SetNull(r, false);
        out.Data<uint8_t>()[r] =
            MatchLiteralRuns(*runs, s.Data<StringRef>()[Idx(s, r)].view()) != e.negated;
      }
      return;
    }
  }
  for (uint32_t r : sel) {
    if (!Valid(s, r) || !Valid(p, r) || (esc && !Valid(*esc, r))) {
      out.SetNull(r, true);
      continue;
    }
    int escape = -1;
    if (esc) {
      std::string ev = text(*esc, r);
      if (ev.size() != 1) ThrowOra(1425, "escape character must be character string of length 1");
      escape = static_cast<unsigned char>(ev[0]);
    }
    bool m;
    if (fast) {
      m = LikeMatch(s.Data<StringRef>()[Idx(s, r)].view(), p.Data<StringRef>()[Idx(p, r)].view(),
                    escape, ci);
    } else {
      m = LikeMatch(text(s, r), text(p, r), escape, ci);
    }
    out.SetNull(r, false);
    out.Data<uint8_t>()[r] = m != e.negated;
  }
}

}  // namespace pathdb::expr
