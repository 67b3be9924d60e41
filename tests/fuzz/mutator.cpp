#include "tests/fuzz/mutator.h"

#include <algorithm>
#include <cctype>

namespace pathdb::fuzz {

namespace {

bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '#';
}
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Built with append: operator+ chains trip g++ 12's false -Wrestrict at -O3.
std::string Cat(std::string_view a, std::string_view b, std::string_view c = {}) {
  std::string out;
  out.reserve(a.size() + b.size() + c.size());
  out.append(a).append(b).append(c);
  return out;
}

// Values at the edges of every number model the engine has (NUMBER 1e-130..1e126, int64,
// IEEE double), plus NULL, empty and huge strings and extreme dates.
const char* const kExtremes[] = {
    "1e-999", "1e999", "-1e999", "-0", "0", "-1", "1e999d", "-1e999d", "1e-999d", "1e999f",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "18446744073709551616", "2147483648", "-2147483649", "4294967296", "1e125", "9.99e125",
    "9.9999999999999999999999999999999999999e125", "1e126", "-1e126", "1e-130", "1e-131",
    "1e38", "99999999999999999999999999999999999999",
    "999999999999999999999999999999999999999999999", ".000000000000000000000000000000000000001",
    "0.5", "-0.5", "1e308", "1.8e308", "4.9e-324", "1.5d", "NULL", "''", "'x'", "' '", "'1e999'",
    "'-0'", "'abc'", "'9.99e125'", "DATE '9999-12-31'", "DATE '0001-01-01'",
    "TIMESTAMP '9999-12-31 23:59:59.999999'", "SYSDATE", "ROWNUM", "LEVEL",
    "(SELECT 1 FROM DUAL)", "(SELECT NULL FROM DUAL)", "1e5", "100000000", "-100000000",
    "32767", "32768", "4000", "4001", "2048", "2049", "127", "128", "-84", "-85", "38", "39"};

const char* const kOperators[] = {"+", "-", "*", "/", "||", "=", "<>", "<", "<=", ">",
                                  ">=", "%", ",", "(", ")", ".", ";", ":", "!="};

}  // namespace

std::vector<Token> Tokenize(std::string_view s) {
  std::vector<Token> out;
  size_t i = 0;
  const size_t n = s.size();
  auto quoted = [&](char close, size_t from) {
    size_t j = from;
    while (j < n) {
      if (s[j] == close) {
        if (j + 1 < n && s[j + 1] == close) {
          j += 2;
          continue;
        }
        return j + 1;
      }
      ++j;
    }
    return n;
  };
  while (i < n) {
    char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '-' && i + 1 < n && s[i + 1] == '-') {
      while (i < n && s[i] != '\n') ++i;
    } else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
      size_t end = s.find("*/", i + 2);
      end = end == std::string_view::npos ? n : end + 2;
      if (i + 2 < n && s[i + 2] == '+') out.push_back({Token::Kind::kHint, std::string(s.substr(i, end - i))});
      i = end;
    } else if (c == '\'' || ((c == 'n' || c == 'N') && i + 1 < n && s[i + 1] == '\'')) {
      size_t start = i;
      size_t end = quoted('\'', c == '\'' ? i + 1 : i + 2);
      out.push_back({Token::Kind::kString, std::string(s.substr(start, end - start))});
      i = end;
    } else if (c == '"' || c == '`' || c == '[') {
      size_t end = quoted(c == '[' ? ']' : c, i + 1);
      out.push_back({Token::Kind::kQuoted, std::string(s.substr(i, end - i))});
      i = end;
    } else if (IsDigit(c) || (c == '.' && i + 1 < n && IsDigit(s[i + 1]))) {
      size_t j = i;
      while (j < n && (IsDigit(s[j]) || s[j] == '.')) ++j;
      if (j < n && (s[j] == 'e' || s[j] == 'E')) {
        size_t k = j + 1;
        if (k < n && (s[k] == '+' || s[k] == '-')) ++k;
        if (k < n && IsDigit(s[k])) {
          j = k;
          while (j < n && IsDigit(s[j])) ++j;
        }
      }
      if (j < n && (s[j] == 'd' || s[j] == 'D' || s[j] == 'f' || s[j] == 'F') &&
          !(j + 1 < n && IsWordChar(s[j + 1])))
        ++j;
      out.push_back({Token::Kind::kNumber, std::string(s.substr(i, j - i))});
      i = j;
    } else if (IsWordChar(c)) {
      size_t j = i;
      while (j < n && IsWordChar(s[j])) ++j;
      out.push_back({Token::Kind::kWord, std::string(s.substr(i, j - i))});
      i = j;
    } else {
      static constexpr std::string_view kTwo[] = {"||", "<=", ">=", "<>", "!=", "^=", ":="};
      std::string_view two = s.substr(i, 2);
      bool is_two = std::find(std::begin(kTwo), std::end(kTwo), two) != std::end(kTwo);
      out.push_back({Token::Kind::kPunct, std::string(s.substr(i, is_two ? 2 : 1))});
      i += is_two ? 2 : 1;
    }
  }
  return out;
}

std::string Join(const std::vector<Token>& tokens) {
  std::string out;
  for (const auto& t : tokens) {
    if (!out.empty()) out += ' ';
    out += t.text;
  }
  return out;
}

std::string Mutator::ExtremeValue() {
  if (Chance(0.04)) return Cat("'", std::string(Chance(0.5) ? 4001 : 40000, 'x'), "'");
  if (Chance(0.03)) return std::string(Pick(400) + 1, '9');  // a very long integer literal
  return kExtremes[Pick(std::size(kExtremes))];
}

void Mutator::MutateOnce(std::vector<Token>& t, const std::vector<Token>& donor) {
  if (t.empty()) {
    t.push_back({Token::Kind::kWord, vocab_.keywords[Pick(vocab_.keywords.size())]});
    return;
  }
  const size_t i = Pick(t.size());
  auto word = [](std::string w) { return Token{Token::Kind::kWord, std::move(w)}; };
  switch (Pick(12)) {
    case 0: t.erase(t.begin() + static_cast<long>(i)); break;
    case 1: t.insert(t.begin() + static_cast<long>(i), t[i]); break;
    case 2: std::swap(t[i], t[Pick(t.size())]); break;
    case 3:
    case 4: {
      // Prefer a literal: that is where the number models' edges are.
      std::vector<size_t> lits;
      for (size_t k = 0; k < t.size(); ++k) {
        if (t[k].kind == Token::Kind::kNumber || t[k].kind == Token::Kind::kString) lits.push_back(k);
      }
      size_t k = lits.empty() ? i : lits[Pick(lits.size())];
      t[k] = word(ExtremeValue());
      break;
    }
    case 5:
      if (Chance(0.5)) {
        t[i] = word(vocab_.keywords[Pick(vocab_.keywords.size())]);
      } else {
        t.insert(t.begin() + static_cast<long>(i), word(vocab_.keywords[Pick(vocab_.keywords.size())]));
      }
      break;
    case 6: {
      // Deep nesting around a run of tokens: usually moderate, sometimes past the parser's
      // 200-parenthesis limit, or a long chain of unary operators (no parentheses at all).
      size_t depth = Chance(0.8) ? Pick(30) + 1 : Pick(400) + 150;
      size_t j = std::min(t.size(), i + 1 + Pick(4));
      if (Chance(0.25)) {
        std::string chain;
        const char* op = Chance(0.5) ? "- " : (Chance(0.5) ? "NOT " : "+ ");
        for (size_t k = 0; k < depth * 5; ++k) chain += op;
        t.insert(t.begin() + static_cast<long>(i), word(chain));
        break;
      }
      t.insert(t.begin() + static_cast<long>(j), word(std::string(depth, ')')));
      t.insert(t.begin() + static_cast<long>(i), word(std::string(depth, '(')));
      break;
    }
    case 7: t[i] = {Token::Kind::kPunct, kOperators[Pick(std::size(kOperators))]}; break;
    case 8:
      if (!donor.empty()) {
        size_t from = Pick(donor.size());
        size_t len = std::min(donor.size() - from, Pick(8) + 1);
        t.insert(t.begin() + static_cast<long>(i), donor.begin() + static_cast<long>(from),
                 donor.begin() + static_cast<long>(from + len));
      }
      break;
    case 9: t.resize(i + 1); break;
    case 10:
      if (t[i].kind == Token::Kind::kWord && !vocab_.identifiers.empty())
        t[i] = word(vocab_.identifiers[Pick(vocab_.identifiers.size())]);
      break;
    default: {
      // A function call around a token: the argument edges of built-ins.
      static const char* const kFns[] = {"ABS", "ROUND", "TRUNC", "POWER", "MOD", "SQRT",
                                         "TO_CHAR", "TO_NUMBER", "SUBSTR", "LPAD", "RPAD",
                                         "CAST", "NVL", "SUM", "AVG", "COUNT", "MAX", "LENGTH",
                                         "INSTR", "FLOOR", "CEIL", "ADD_MONTHS", "REPLACE"};
      std::string fn = kFns[Pick(std::size(kFns))];
      t.insert(t.begin() + static_cast<long>(i + 1), word(fn == "CAST" ? "AS NUMBER)" : Cat(", ", ExtremeValue(), ")")));
      t.insert(t.begin() + static_cast<long>(i), word(Cat(fn, "(")));
      break;
    }
  }
}

std::string Mutator::Mutate(std::string_view sql, std::string_view donor_sql) {
  std::vector<Token> t = Tokenize(sql);
  std::vector<Token> donor = Tokenize(donor_sql);
  size_t rounds = 1 + Pick(3);
  for (size_t r = 0; r < rounds; ++r) MutateOnce(t, donor);
  return Join(t);
}

}  // namespace pathdb::fuzz
