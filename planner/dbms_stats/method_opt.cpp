// METHOD_OPT: which columns DBMS_STATS gathers and the histogram size each asks for, parsed
// against the table ('FOR ALL [INDEXED] COLUMNS SIZE ...', 'FOR COLUMNS ...').
#include <algorithm>
#include <cctype>

#include "common/error.h"
#include "planner/dbms_stats/dbms_stats.h"

namespace pathdb::planner {

std::string UpperCase(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

namespace {

[[noreturn]] void BadForClause(const std::string& text) {
  ThrowOra(20000, "Cannot parse for clause: {}", text);
}

std::vector<std::string> Tokens(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) out.push_back(cur);
    cur.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {  // quoted column name keeps its case
      flush();
      size_t end = text.find('"', i + 1);
      if (end == std::string::npos) BadForClause(text);
      std::string quoted(1, '"');
      quoted.append(text, i + 1, end - i - 1);
      out.push_back(std::move(quoted));
      i = end;
    } else if (c == ',' || c == '(' || c == ')') {
      flush();
      out.emplace_back(1, c);
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      flush();
    } else {
      cur.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    }
  }
  flush();
  return out;
}

}  // namespace

MethodOpt ParseMethodOpt(const std::string& text, const storage::TableInfo& table,
                         const std::vector<const storage::IndexInfo*>& indexes) {
  const std::vector<std::string> tok = Tokens(text);
  size_t i = 0;
  auto peek = [&](const char* w) { return i < tok.size() && tok[i] == w; };
  auto expect = [&](const char* w) {
    if (!peek(w)) BadForClause(text);
    ++i;
  };
  auto size_clause = [&]() -> std::optional<HistogramSize> {
    if (!peek("SIZE")) return std::nullopt;
    ++i;
    if (i >= tok.size()) BadForClause(text);
    const std::string& w = tok[i++];
    HistogramSize hs;
    if (w == "AUTO" || w == "SKEWONLY") {
      hs.kind = HistogramSize::kAuto;
    } else if (w == "REPEAT") {
      hs.kind = HistogramSize::kRepeat;
    } else {
      if (w.empty() ||
          !std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
          w.size() > 5)
        BadForClause(text);
      const uint32_t n = static_cast<uint32_t>(std::stoul(w));
      if (n < 1 || n > 2048) BadForClause(text);
      hs.kind = n == 1 ? HistogramSize::kNone : HistogramSize::kBuckets;
      hs.buckets = n;
    }
    return hs;
  };
  auto column_of = [&](const std::string& name) -> size_t {
    std::string n = !name.empty() && name[0] == '"' ? name.substr(1) : name;
    if (auto c = table.ColumnIndex(n)) return *c;
    ThrowOra(20001, "Invalid or inconsistent input values");
  };
  MethodOpt m;
  if (tok.empty()) BadForClause(text);
  while (i < tok.size()) {
    expect("FOR");
    if (peek("ALL")) {
      ++i;
      bool indexed = false, hidden = false;
      if (peek("INDEXED")) {
        indexed = true;
        ++i;
      } else if (peek("HIDDEN")) {
        hidden = true;
        ++i;
      }
      expect("COLUMNS");
      HistogramSize hs = size_clause().value_or(HistogramSize{});
      if (hidden) continue;  // no hidden columns here
      if (!indexed) m.all_groups = true;
      for (size_t c = 0; c < table.columns.size(); ++c) {
        bool take = !indexed;
        for (const auto* ix : indexes)
          for (uint32_t k : ix->columns) take = take || k == c;
        if (take) m.columns[c] = hs;
      }
      continue;
    }
    expect("COLUMNS");
    std::optional<HistogramSize> list_size = size_clause();
    std::vector<std::pair<size_t, std::optional<HistogramSize>>> items;
    while (true) {
      if (i >= tok.size() || tok[i] == "," || tok[i] == "FOR" || tok[i] == "SIZE" || tok[i] == ")")
        BadForClause(text);
      if (peek("(")) {  // a column group: (a, b ...) [SIZE n]
        ++i;
        std::vector<uint32_t> group;
        while (true) {
          if (i >= tok.size() || tok[i] == "," || tok[i] == "(" || tok[i] == ")")
            BadForClause(text);
          const auto c = static_cast<uint32_t>(column_of(tok[i++]));
          if (std::find(group.begin(), group.end(), c) == group.end()) group.push_back(c);
          if (peek(",")) {
            ++i;
            continue;
          }
          expect(")");
          break;
        }
        (void)size_clause();  // group histograms are not built; the size is accepted
        if (group.size() == 1) {
          items.emplace_back(group[0], std::nullopt);
        } else if (std::find(m.groups.begin(), m.groups.end(), group) == m.groups.end()) {
          m.groups.push_back(std::move(group));
        }
      } else {
        const size_t c = column_of(tok[i++]);
        items.emplace_back(c, size_clause());
      }
      // Columns are separated by commas or blanks; a FOR starts the next clause.
      if (peek(",")) {
        ++i;
        continue;
      }
      if (i >= tok.size() || peek("FOR")) break;
    }
    // 'for columns a, b size 10': a trailing SIZE with no other per-column size covers the list.
    size_t own = 0;
    for (auto& it : items) own += it.second.has_value();
    if (!list_size && own == 1 && items.size() > 1 && items.back().second)
      list_size = items.back().second;
    for (auto& [c, hs] : items) m.columns[c] = hs.value_or(list_size.value_or(HistogramSize{}));
  }
  return m;
}

}  // namespace pathdb::planner
