// A small hand parser for the body of /*+ ... */: NAME[(args)] ... where args hold an optional
// @query_block, table references alias[@qb], index names, (column lists) and numbers.
#include <cctype>
#include <cstdlib>

#include "parser/internal/hints.h"
#include "parser/internal/transformer.h"

namespace pathdb::parser_internal {

namespace {

bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '#';
}

class HintReader {
 public:
  explicit HintReader(std::string_view s) : s_(s) {}

  std::vector<ast::Hint> ReadAll() {
    std::vector<ast::Hint> out;
    while (true) {
      SkipSpace();
      if (pos_ >= s_.size()) break;
      out.push_back(ReadHint());
    }
    return out;
  }

 private:
  void SkipSpace() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool Peek(char c) {
    SkipSpace();
    return pos_ < s_.size() && s_[pos_] == c;
  }
  // An identifier, a "quoted name" or nothing. Unquoted words are upper-cased.
  std::optional<std::string> Word() {
    SkipSpace();
    if (pos_ >= s_.size()) return std::nullopt;
    if (s_[pos_] == '"') {
      size_t end = s_.find('"', pos_ + 1);
      if (end == std::string_view::npos) return std::nullopt;
      std::string w(s_.substr(pos_ + 1, end - pos_ - 1));
      pos_ = end + 1;
      return w;
    }
    size_t start = pos_;
    while (pos_ < s_.size() && IsWordChar(s_[pos_])) ++pos_;
    if (pos_ == start) return std::nullopt;
    return Upper(std::string(s_.substr(start, pos_ - start)));
  }
  std::optional<double> Number() {
    SkipSpace();
    if (pos_ >= s_.size() || !(std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '.')) {
      return std::nullopt;
    }
    size_t start = pos_;
    while (pos_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '.' ||
                                s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
    }
    std::string text(s_.substr(start, pos_ - start));
    char* end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    if (end == nullptr || *end != '\0') {
      pos_ = start;
      return std::nullopt;
    }
    return v;
  }
  std::optional<std::string> QueryBlockRef() {
    if (!Peek('@')) return std::string();
    ++pos_;
    return Word();
  }

  // Skips to the end of a bad hint: past its closing parenthesis, or to the next blank.
  void SkipBad(int depth) {
    while (pos_ < s_.size()) {
      char c = s_[pos_++];
      if (c == '(') ++depth;
      if (c == ')' && --depth <= 0) return;
      if (depth <= 0 && std::isspace(static_cast<unsigned char>(c))) return;
    }
  }

  ast::Hint ReadHint() {
    ast::Hint h;
    size_t start = pos_;
    bool ok = ReadHintBody(h);
    if (!ok) {
      h.malformed = true;
      SkipBad(depth_);
      if (pos_ == start) ++pos_;
    }
    size_t end = pos_;
    while (end > start && std::isspace(static_cast<unsigned char>(s_[end - 1]))) --end;
    h.text = std::string(s_.substr(start, end - start));
    return h;
  }

  bool ReadHintBody(ast::Hint& h) {
    depth_ = 0;
    auto name = Word();
    if (!name) return false;
    h.name = *name;
    if (!Peek('(')) return true;
    ++pos_;
    depth_ = 1;
    if (h.name == "OPT_ESTIMATE") return ReadOptEstimate(h);
    bool index_hint = h.name.find("INDEX") != std::string::npos;
    if (Peek('@')) {
      auto qb = QueryBlockRef();
      if (!qb || qb->empty()) return false;
      h.query_block = *qb;
    }
    while (true) {
      if (Peek(')')) {
        ++pos_;
        depth_ = 0;
        return true;
      }
      if (pos_ >= s_.size()) return false;
      if (Peek(',')) {
        ++pos_;
        continue;
      }
      if (Peek('(')) {  // column list: INDEX(t (c1, c2))
        ++pos_;
        depth_ = 2;
        while (true) {
          auto col = Word();
          if (!col) return false;
          // t.col names the column only
          if (Peek('.')) {
            ++pos_;
            col = Word();
            if (!col) return false;
          }
          h.columns.push_back(*col);
          if (Peek(',')) {
            ++pos_;
            continue;
          }
          if (Peek(')')) {
            ++pos_;
            depth_ = 1;
            break;
          }
          return false;
        }
        continue;
      }
      if (auto n = Number()) {
        h.numbers.push_back(*n);
        continue;
      }
      auto w = Word();
      if (!w) return false;
      auto qb = QueryBlockRef();
      if (!qb) return false;
      if (index_hint && !h.tables.empty() && qb->empty()) {
        h.indexes.push_back(*w);
      } else {
        h.tables.push_back({*w, *qb});
      }
    }
  }

  // alias[@qb] into h.tables.
  bool TableRef(ast::Hint& h) {
    auto w = Word();
    if (!w) return false;
    auto qb = QueryBlockRef();
    if (!qb) return false;
    h.tables.push_back({*w, *qb});
    return true;
  }

  // After "OPT_ESTIMATE(": [@qb] TABLE t | JOIN (t1 t2 ...) | INDEX_SCAN t idx ..., then one
  // ROWS= / SCALE_ROWS= / MIN= / MAX= number, then ")".
  bool ReadOptEstimate(ast::Hint& h) {
    using T = ast::Hint::EstimateTarget;
    using A = ast::Hint::EstimateAdjust;
    if (Peek('@')) {
      auto qb = QueryBlockRef();
      if (!qb || qb->empty()) return false;
      h.query_block = *qb;
    }
    auto target = Word();
    if (!target) return false;
    if (*target == "JOIN") {
      h.estimate_target = T::kJoin;
      if (!Peek('(')) return false;
      ++pos_;
      depth_ = 2;
      while (!Peek(')')) {
        if (Peek(',')) {
          ++pos_;
          continue;
        }
        if (!TableRef(h)) return false;
      }
      ++pos_;
      depth_ = 1;
      if (h.tables.size() < 2) return false;
    } else {
      h.estimate_target = *target == "TABLE" ? T::kTable : T::kOther;
      if (!TableRef(h)) return false;
    }
    bool adjusted = false;
    while (true) {
      if (Peek(')')) {
        ++pos_;
        depth_ = 0;
        return adjusted;
      }
      auto w = Word();
      if (!w) return false;
      if (!Peek('=')) {
        if (h.estimate_target != T::kOther) return false;
        h.indexes.push_back(*w);  // INDEX_SCAN / INDEX_FILTER t idx ...
        continue;
      }
      ++pos_;
      auto n = Number();
      if (!n || adjusted) return false;
      if (*w == "ROWS") {
        h.estimate_adjust = A::kRows;
      } else if (*w == "SCALE_ROWS") {
        h.estimate_adjust = A::kScaleRows;
      } else if (*w == "MIN") {
        h.estimate_adjust = A::kMin;
      } else if (*w == "MAX") {
        h.estimate_adjust = A::kMax;
      } else {
        return false;
      }
      h.numbers.push_back(*n);
      adjusted = true;
    }
  }

  std::string_view s_;
  size_t pos_ = 0;
  int depth_ = 0;  // parentheses open in the current hint
};

}  // namespace

std::vector<ast::Hint> ParseHints(std::string_view body) { return HintReader(body).ReadAll(); }

}  // namespace pathdb::parser_internal
