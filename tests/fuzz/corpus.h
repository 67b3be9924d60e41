// Where the fuzzer's statements come from: the regression suites (tests/regress/*.sql), a
// seeded sample of the sqllogictest corpus, the crasher file that is replayed first, and the
// grammar's keywords.
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace pathdb::fuzz {

struct Statement {
  std::string sql;
  bool sqlite = false;  //!< the dialect the statement was written for
};

struct Corpus {
  std::vector<Statement> setup;  //!< sqllogictest CREATE/INSERT records, run once, as written
  std::vector<Statement> seeds;  //!< what mutations start from
};

//! A SQL*Plus script cut into SQL statements: SQL*Plus commands and REM lines are dropped,
//! EXEC x becomes BEGIN x; END;. A statement's dialect follows the script's
//! ALTER SESSION SET sql_dialect statements.
std::vector<Statement> ReadScript(const std::filesystem::path& file);

//! The regression suites plus `slt_files` sqllogictest files picked with `seed` (none when
//! `slt_dir` does not exist).
Corpus LoadCorpus(const std::filesystem::path& source_dir, const std::filesystem::path& slt_dir,
                  uint64_t seed, size_t slt_files);

//! The keywords of the ANTLR lexer grammar (rules spelled with letter fragments: ADD: A D D;).
std::vector<std::string> GrammarKeywords(const std::filesystem::path& lexer_g4);

}  // namespace pathdb::fuzz
