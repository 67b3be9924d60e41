// String functions and the NULL-handling / choice functions (NVL, COALESCE, DECODE, ...).
#include "executor/expr/function_table.h"

namespace pathdb::expr::fn {

namespace {

std::string TrimSet(std::string s, std::string_view set, bool left, bool right) {
  size_t b = 0, e = s.size();
  if (left)
    while (b < e && set.find(s[b]) != std::string_view::npos) ++b;
  if (right)
    while (e > b && set.find(s[e - 1]) != std::string_view::npos) --e;
  return s.substr(b, e - b);
}

// The longest VARCHAR2 the engine makes (as the 32767-byte limit of ||): LPAD/RPAD to a
// larger length return that many bytes, as Oracle truncates to its VARCHAR2 maximum,
// instead of building a string of any length a caller asks for.
constexpr int64_t kMaxPadLength = 32767;

std::string Pad(const std::string& s, int64_t n, const std::string& pad, bool left) {
  if (n <= 0) return "";
  size_t len = static_cast<size_t>(std::min(n, kMaxPadLength));
  if (s.size() >= len) return s.substr(0, len);
  if (pad.empty()) return "";
  std::string fill;
  fill.reserve(len - s.size() + pad.size());
  while (fill.size() < len - s.size()) fill += pad;
  fill.resize(len - s.size());
  return left ? fill + s : s + fill;
}

}  // namespace

void AddTextFunctions(FnMap& m) {
  // ---- strings
  Add(m, "UPPER", 1, 1, true, [](const Args& a, const FnCtx& c) {
    std::string s = Str(a[0], c);
    for (auto& ch : s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return S(s);
  });
  Add(m, "LOWER", 1, 1, true, [](const Args& a, const FnCtx& c) {
    std::string s = Str(a[0], c);
    for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return S(s);
  });
  Add(m, "INITCAP", 1, 1, true, [](const Args& a, const FnCtx& c) {
    std::string s = Str(a[0], c);
    bool start = true;
    for (auto& ch : s) {
      unsigned char u = static_cast<unsigned char>(ch);
      ch = static_cast<char>(start ? std::toupper(u) : std::tolower(u));
      start = !std::isalnum(u);
    }
    return S(s);
  });
  Add(m, "SUBSTR", 2, 3, true, [](const Args& a, const FnCtx& c) {
    std::string s = Str(a[0], c);
    int64_t n = static_cast<int64_t>(s.size());
    int64_t pos = Int(a[1], c);
    if (pos == 0) pos = 1;
    if (pos < 0) pos = n + pos + 1;
    if (pos < 1 || pos > n) return S("");
    int64_t len = a.size() > 2 ? Int(a[2], c) : n;
    if (len < 1) return S("");
    return S(s.substr(static_cast<size_t>(pos - 1), static_cast<size_t>(len)));
  });
  Add(m, "INSTR", 2, 4, true, [](const Args& a, const FnCtx& c) {
    std::string s = Str(a[0], c), sub = Str(a[1], c);
    int64_t pos = a.size() > 2 ? Int(a[2], c) : 1;
    int64_t occ = a.size() > 3 ? Int(a[3], c) : 1;
    if (occ < 1) ThrowOra(1428, "argument '{}' is out of range", occ);
    if (pos == 0) return Value::Integer(0);
    int64_t n = static_cast<int64_t>(s.size());
    if (pos > 0) {
      size_t from = static_cast<size_t>(pos - 1);
      while (from <= s.size()) {
        size_t f = s.find(sub, from);
        if (f == std::string::npos) break;
        if (--occ == 0) return Value::Integer(static_cast<int64_t>(f) + 1);
        from = f + 1;
      }
      return Value::Integer(0);
    }
    int64_t from = n + pos;
    while (from >= 0) {
      size_t f = s.rfind(sub, static_cast<size_t>(from));
      if (f == std::string::npos) break;
      if (--occ == 0) return Value::Integer(static_cast<int64_t>(f) + 1);
      if (f == 0) break;
      from = static_cast<int64_t>(f) - 1;
    }
    return Value::Integer(0);
  });
  Add(m, "LENGTH", 1, 1, true, [](const Args& a, const FnCtx& c) {
    return Value::Integer(static_cast<int64_t>(Str(a[0], c).size()));
  });
  Add(m, "TRIM", 1, 2, true, [](const Args& a, const FnCtx& c) {
    return S(TrimSet(Str(a[0], c), a.size() > 1 ? Str(a[1], c) : " ", true, true));
  });
  Add(m, "LTRIM", 1, 2, true, [](const Args& a, const FnCtx& c) {
    return S(TrimSet(Str(a[0], c), a.size() > 1 ? Str(a[1], c) : " ", true, false));
  });
  Add(m, "RTRIM", 1, 2, true, [](const Args& a, const FnCtx& c) {
    return S(TrimSet(Str(a[0], c), a.size() > 1 ? Str(a[1], c) : " ", false, true));
  });
  Add(m, "LPAD", 2, 3, true, [](const Args& a, const FnCtx& c) {
    return S(Pad(Str(a[0], c), Int(a[1], c), a.size() > 2 ? Str(a[2], c) : " ", true));
  });
  Add(m, "RPAD", 2, 3, true, [](const Args& a, const FnCtx& c) {
    return S(Pad(Str(a[0], c), Int(a[1], c), a.size() > 2 ? Str(a[2], c) : " ", false));
  });
  Add(m, "REPLACE", 2, 3, false, [](const Args& a, const FnCtx& c) {
    if (a[0].is_null()) return Value::Null(LogicalType::Varchar());
    std::string s = Str(a[0], c);
    if (a[1].is_null()) return S(s);
    std::string from = Str(a[1], c);
    std::string to = a.size() > 2 && !a[2].is_null() ? Str(a[2], c) : "";
    if (from.empty()) return S(s);
    std::string out;
    size_t p = 0, f;
    while ((f = s.find(from, p)) != std::string::npos) {
      out.append(s, p, f - p);
      out += to;
      p = f + from.size();
    }
    out.append(s, p);
    return S(out);
  });
  Add(m, "CONCAT", 2, 2, false, [](const Args& a, const FnCtx& c) {
    if (a[0].is_null() && a[1].is_null()) return Value::Null(LogicalType::Varchar());
    if (!c.oracle && (a[0].is_null() || a[1].is_null())) return Value::Null(LogicalType::Varchar());
    return S((a[0].is_null() ? "" : Str(a[0], c)) + (a[1].is_null() ? "" : Str(a[1], c)));
  });
  Add(m, "ASCII", 1, 1, true, [](const Args& a, const FnCtx& c) {
    std::string s = Str(a[0], c);
    return Value::Integer(s.empty() ? 0 : static_cast<unsigned char>(s[0]));
  });
  Add(m, "CHR", 1, 1, true, [](const Args& a, const FnCtx& c) {
    int64_t n = Int(a[0], c);
    std::string s;
    // Multi-byte values as Oracle: CHR(50089) is the two bytes 0xC3 0xA9.
    for (int shift = 24; shift > 0; shift -= 8)
      if ((n >> shift) & 0xFF) s += static_cast<char>((n >> shift) & 0xFF);
    s += static_cast<char>(n & 0xFF);
    return S(s);
  });
  Add(m, "TRANSLATE", 3, 3, true, [](const Args& a, const FnCtx& c) {
    std::string s = Str(a[0], c), from = Str(a[1], c), to = Str(a[2], c), out;
    for (char ch : s) {
      size_t k = from.find(ch);
      if (k == std::string::npos) out += ch;
      else if (k < to.size()) out += to[k];
    }
    return S(out);
  });
  // ---- NULL handling and choice
  Add(m, "NVL", 2, 2, false, [](const Args& a, const FnCtx&) { return a[0].is_null() ? a[1] : a[0]; });
  Add(m, "IFNULL", 2, 2, false, [](const Args& a, const FnCtx&) { return a[0].is_null() ? a[1] : a[0]; });
  Add(m, "NVL2", 3, 3, false, [](const Args& a, const FnCtx&) { return a[0].is_null() ? a[2] : a[1]; });
  Add(m, "COALESCE", 1, 255, false, [](const Args& a, const FnCtx&) {
    for (const auto& v : a)
      if (!v.is_null()) return v;
    return Value::Null();
  });
  Add(m, "NULLIF", 2, 2, false, [](const Args& a, const FnCtx& c) {
    if (a[0].is_null()) return a[0];
    if (!a[1].is_null() && CompareValues(a[0], a[1], c.ctx) == 0) return Value::Null(a[0].type());
    return a[0];
  });
  Add(m, "DECODE", 3, 255, false, [](const Args& a, const FnCtx& c) {
    for (size_t i = 1; i + 1 < a.size(); i += 2) {
      bool eq = (a[0].is_null() && a[i].is_null()) ||
                (!a[0].is_null() && !a[i].is_null() && CompareValues(a[0], a[i], c.ctx) == 0);
      if (eq) return a[i + 1];
    }
    return a.size() % 2 == 0 ? a.back() : Value::Null();
  });
  auto extreme = [](int sign) {
    return [sign](const Args& a, const FnCtx& c) {
      Value best = a[0];
      for (size_t i = 1; i < a.size(); ++i)
        if (CompareValues(a[i], best, c.ctx) * sign > 0) best = a[i];
      return best;
    };
  };
  Add(m, "GREATEST", 1, 255, true, extreme(1));
  Add(m, "LEAST", 1, 255, true, extreme(-1));
}

}  // namespace pathdb::expr::fn
