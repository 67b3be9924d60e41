#include "tests/fuzz/corpus.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <random>
#include <sstream>

#include "parser/parser.h"

namespace pathdb::fuzz {

namespace fs = std::filesystem;

namespace {

std::string ReadFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string Trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

bool StartsWithWord(const std::string& lower, const char* word) {
  size_t n = std::char_traits<char>::length(word);
  return lower.compare(0, n, word) == 0 && (lower.size() == n || !std::isalnum(static_cast<unsigned char>(lower[n])));
}

// sqllogictest records of one file: statement ok/error and query records, minus those an
// onlyif/skipif line keeps away from SQLite.
void ReadSlt(const fs::path& file, std::mt19937_64& rng, Corpus& out) {
  std::istringstream in(ReadFile(file));
  std::string line;
  bool skip_next = false;
  size_t setup = 0;
  std::vector<std::string> queries;
  while (std::getline(in, line)) {
    std::string l = Trim(line);
    if (StartsWithWord(l, "onlyif")) {
      skip_next = l.find("sqlite") == std::string::npos;
      continue;
    }
    if (StartsWithWord(l, "skipif")) {
      skip_next = l.find("sqlite") != std::string::npos;
      continue;
    }
    const bool statement = StartsWithWord(l, "statement"), query = StartsWithWord(l, "query");
    if (!statement && !query) continue;
    std::string sql;
    while (std::getline(in, line)) {
      std::string t = Trim(line);
      if (t.empty() || t == "----") break;
      if (!sql.empty()) sql += '\n';
      sql += line;
    }
    if (skip_next || sql.empty()) {
      skip_next = false;
      continue;
    }
    const std::string lower = Lower(Trim(sql));
    const bool creates = StartsWithWord(lower, "create") || StartsWithWord(lower, "insert");
    if (statement && l.find("ok") != std::string::npos && creates && setup < 150) {
      out.setup.push_back({sql, true});
      ++setup;
    }
    queries.push_back(std::move(sql));
  }
  std::shuffle(queries.begin(), queries.end(), rng);
  if (queries.size() > 300) queries.resize(300);
  for (auto& q : queries) out.seeds.push_back({std::move(q), true});
}

}  // namespace

std::vector<Statement> ReadScript(const fs::path& file) {
  std::istringstream in(ReadFile(file));
  std::string line, sql;
  std::vector<std::string> execs;
  bool at_start = true;  // no SQL text since the last statement ended
  while (std::getline(in, line)) {
    const std::string t = Trim(line);
    const std::string lower = Lower(t);
    if (at_start) {
      if (t.empty() || StartsWithWord(lower, "rem") || StartsWithWord(lower, "remark") || t == "/")
        continue;
      if (IsShellCommand(t)) {
        if (StartsWithWord(lower, "exec") || StartsWithWord(lower, "execute")) {
          std::string call = Trim(t.substr(t.find_first_of(" \t") == std::string::npos ? t.size() : t.find_first_of(" \t")));
          if (!call.empty() && call.back() == ';') call.pop_back();
          sql += "BEGIN " + call + "; END;\n/\n";
        }
        continue;
      }
    }
    sql += line;
    sql += '\n';
    at_start = t == "/" || (!t.empty() && t.back() == ';' && !StartsWithWord(lower, "begin") &&
                            lower.find("declare") == std::string::npos);
  }
  std::vector<Statement> out;
  bool sqlite = false;
  std::vector<ScriptStatement> parts;
  try {
    parts = SplitStatements(sql);
  } catch (const std::exception&) {
    return out;  // a script the splitter rejects contributes nothing
  }
  for (auto& s : parts) {
    const std::string lower = Lower(s.text);
    if (lower.find("sql_dialect") != std::string::npos) sqlite = lower.find("sqlite") != std::string::npos;
    if (Trim(s.text).empty()) continue;
    out.push_back({s.text, sqlite});
  }
  return out;
}

Corpus LoadCorpus(const fs::path& source_dir, const fs::path& slt_dir, uint64_t seed,
                  size_t slt_files) {
  Corpus c;
  std::vector<fs::path> scripts;
  for (const auto& e : fs::directory_iterator(source_dir / "tests" / "regress")) {
    if (e.path().extension() == ".sql") scripts.push_back(e.path());
  }
  std::sort(scripts.begin(), scripts.end());
  for (const auto& s : scripts) {
    for (auto& st : ReadScript(s)) c.seeds.push_back(std::move(st));
  }
  std::error_code ec;
  if (slt_files == 0 || !fs::is_directory(slt_dir, ec)) return c;
  std::vector<fs::path> tests;
  for (const auto& e : fs::recursive_directory_iterator(slt_dir)) {
    if (e.path().extension() == ".test") tests.push_back(e.path());
  }
  std::sort(tests.begin(), tests.end());
  std::mt19937_64 rng(seed);
  std::shuffle(tests.begin(), tests.end(), rng);
  if (tests.size() > slt_files) tests.resize(slt_files);
  for (const auto& t : tests) ReadSlt(t, rng, c);
  return c;
}

std::vector<std::string> GrammarKeywords(const fs::path& lexer_g4) {
  std::istringstream in(ReadFile(lexer_g4));
  std::string line;
  std::vector<std::string> out;
  while (std::getline(in, line)) {
    size_t colon = line.find(':');
    if (colon == std::string::npos || colon == 0 || !std::isupper(static_cast<unsigned char>(line[0])))
      continue;
    std::string name = Trim(line.substr(0, colon));
    std::string body = Trim(line.substr(colon + 1));
    if (body.empty() || body.back() != ';') continue;
    body.pop_back();
    bool letters = !body.empty();
    for (size_t i = 0; i < body.size() && letters; ++i) {
      char ch = body[i];
      letters = std::isupper(static_cast<unsigned char>(ch)) || ch == ' ' || ch == '\'' || ch == '_' ||
                std::isdigit(static_cast<unsigned char>(ch));
    }
    if (letters && name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789") == std::string::npos)
      out.push_back(name);
  }
  return out;
}

}  // namespace pathdb::fuzz
