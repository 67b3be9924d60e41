#include "shell/slt_protocol.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>

#include "shell/settings.h"

namespace pathdb::shell {

std::string SltReal(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  std::string s = fmt::format("{}", d);
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}

std::string SltValue(const Value& v) {
  if (v.is_null()) return "NULL";
  switch (v.type().id) {
    case TypeId::kBoolean:
      return v.boolean() ? "1" : "0";
    case TypeId::kNumber: {
      const Decimal& d = v.number();
      const bool integral_type = v.type().scale <= 0;
      if (integral_type && d.IsInteger()) {
        if (auto i = d.ToInt64()) return std::to_string(*i);
      }
      std::string s = d.Normalized().ToString();
      if (s.rfind("-.", 0) == 0) s = "-0" + s.substr(1);
      if (!s.empty() && s[0] == '.') s = "0" + s;
      if (s.find_first_of(".eE") == std::string::npos) s += ".0";
      return s;
    }
    case TypeId::kDouble:
      return SltReal(v.dbl());
    case TypeId::kVarchar:
    case TypeId::kChar:
    default: {
      const std::string text = v.type().IsString() ? v.str() : v.ToString();
      std::string out = "\"";
      for (char c : text) {
        switch (c) {
          case '\\': out += "\\\\"; break;
          case '\t': out += "\\t"; break;
          case '\n': out += "\\n"; break;
          case '\r': out += "\\r"; break;
          default: out += c;
        }
      }
      return out + "\"";
    }
  }
}

std::vector<std::string> SplitSqlStatements(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  bool has_code = false;  // the piece holds something other than blanks and comments
  std::string first_word;
  int depth = 0;  // BEGIN/CASE ... END nesting inside CREATE TRIGGER
  auto finish = [&]() {
    if (has_code) out.push_back(Trim(cur));
    cur.clear();
    has_code = false;
    first_word.clear();
    depth = 0;
  };
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '\'' || c == '"' || c == '`' || c == '[') {
      const char close = c == '[' ? ']' : c;
      size_t j = i + 1;
      while (j < text.size()) {
        if (text[j] == close) {
          if (close != ']' && j + 1 < text.size() && text[j + 1] == close) {
            j += 2;
            continue;
          }
          break;
        }
        ++j;
      }
      j = std::min(j + 1, text.size());
      cur.append(text.substr(i, j - i));
      has_code = true;
      i = j;
    } else if (c == '-' && i + 1 < text.size() && text[i + 1] == '-') {
      size_t j = text.find('\n', i);
      j = j == std::string_view::npos ? text.size() : j;
      cur.append(text.substr(i, j - i));
      i = j;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      size_t j = text.find("*/", i + 2);
      j = j == std::string_view::npos ? text.size() : j + 2;
      cur.append(text.substr(i, j - i));
      i = j;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t j = i;
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) ||
                                 text[j] == '_' || text[j] == '$' || text[j] == '#')) {
        ++j;
      }
      const std::string word = ToUpper(std::string(text.substr(i, j - i)));
      if (first_word.empty()) first_word = word;
      if (first_word == "CREATE") {
        if (word == "BEGIN" || word == "CASE") ++depth;
        if (word == "END" && depth > 0) --depth;
      }
      cur.append(text.substr(i, j - i));
      has_code = true;
      i = j;
    } else if (c == ';' && depth == 0) {
      finish();
      ++i;
    } else {
      if (!std::isspace(static_cast<unsigned char>(c))) has_code = true;
      cur += c;
      ++i;
    }
  }
  finish();
  return out;
}

void SltSink::Begin(const std::vector<std::string>& names, const std::vector<LogicalType>&) {
  started_ = true;
  text_ += fmt::format("COLUMNS {}\n", names.size());
}

void SltSink::Rows(const DataChunk& chunk) {
  for (size_t r = 0; r < chunk.Count(); ++r) {
    const uint32_t idx = chunk.RowIndex(r);
    for (size_t c = 0; c < chunk.ColumnCount(); ++c) {
      if (c) text_ += '\t';
      text_ += SltValue(chunk.column(c).GetValue(idx));
    }
    text_ += '\n';
  }
}

namespace {

std::string OneLine(std::string s) {
  for (char& c : s) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return s;
}

std::string Respond(const std::string& request, ShellEngine& engine) {
  SltSink sink;
  try {
    const auto statements = SplitSqlStatements(request);
    for (const auto& sql : statements) {
      sink.Clear();
      StatementOutcome outcome = engine.Execute(sql, sink);
      if (outcome.is_query && !sink.started()) return "ERROR query produced no column list\n";
    }
  } catch (const std::exception& e) {
    return "ERROR " + OneLine(e.what()) + "\n";
  } catch (...) {
    return "ERROR internal error\n";
  }
  return sink.text() + "OK\n";
}

}  // namespace

int RunSltProtocol(std::istream& in, std::ostream& out, ShellEngine& engine) {
  std::string line, request;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (Trim(line) == ";;") {
      out << Respond(request, engine);
      out.flush();
      request.clear();
    } else {
      request += line;
      request += '\n';
    }
  }
  return 0;
}

}  // namespace pathdb::shell
