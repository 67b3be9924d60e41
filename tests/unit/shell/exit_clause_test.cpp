#include "shell/exit_clause.h"

#include <gtest/gtest.h>

#include "shell/command_words.h"

namespace pathdb::shell {
namespace {

std::optional<ExitClause> Exit(const std::string& text) {
  return ParseExitClause(SplitWords(text), 0);
}

int Status(const std::string& text, int last_sqlcode = 0) {
  Defines defines;
  defines.Set("rc", "7");
  defines.Set("word", "abc");
  return ResolveExitStatus(*Exit(text), 1, last_sqlcode, defines).code;
}

TEST(ExitClause, StatusesAsSqlplusOnUnix) {
  EXPECT_EQ(Status(""), 1);  // the caller's default
  EXPECT_EQ(Status("success"), 0);
  EXPECT_EQ(Status("FAILURE"), 1);
  EXPECT_EQ(Status("warning"), 2);
  EXPECT_EQ(Status("42"), 42);
  EXPECT_EQ(Status("300"), 44);  // the low byte, as the kernel keeps it
  EXPECT_EQ(Status("-1"), 255);
  EXPECT_EQ(Status("sql.sqlcode", 942), 174);
  EXPECT_EQ(Status("sql.sqlcode", 0), 0);
  EXPECT_EQ(Status("rc"), 7);
}

TEST(ExitClause, TransactionWord) {
  EXPECT_EQ(Exit("rollback")->txn, TxnAction::kRollback);
  EXPECT_EQ(Exit("rollback")->status, ExitClause::Status::kDefault);
  EXPECT_EQ(Exit("3 commit")->txn, TxnAction::kCommit);
  EXPECT_EQ(Exit("3")->txn, TxnAction::kDefault);
  EXPECT_FALSE(Exit("3 4"));
  EXPECT_FALSE(Exit("3 commit rollback"));
  EXPECT_EQ(Exit("none")->status, ExitClause::Status::kVariable);  // not CONTINUE's NONE
  EXPECT_FALSE(Exit("1.5"));
}

TEST(ExitClause, VariablesThatCannotGiveANumber) {
  Defines defines;
  defines.Set("word", "abc");
  const auto word = ResolveExitStatus(*Exit("word"), 0, 0, defines);
  EXPECT_EQ(word.code, 1);
  EXPECT_EQ(word.error, "SP2-0584: EXIT variable \"WORD\" was non-numeric");
  const auto bind = ResolveExitStatus(*Exit(":b"), 0, 0, defines);
  EXPECT_EQ(bind.code, 1);
  EXPECT_EQ(bind.error, "SP2-0552: Bind variable \"B\" not declared.");
}

TEST(ExitClause, DeclaredBindVariablesGiveTheirValue) {
  Defines defines;
  BindVariables binds;
  binds["B"] = {LogicalType::Number(), Value::Integer(300)};
  binds["N"] = {LogicalType::Number(), Value::Null()};
  binds["S"] = {LogicalType::Varchar(5), Value::Varchar("x")};
  EXPECT_EQ(ResolveExitStatus(*Exit(":b"), 1, 0, defines, binds).code, 300 % 256);
  EXPECT_EQ(ResolveExitStatus(*Exit(":n"), 1, 0, defines, binds).code, 0);
  const auto s = ResolveExitStatus(*Exit(":s"), 0, 0, defines, binds);
  EXPECT_EQ(s.code, 1);
  EXPECT_EQ(s.error, "SP2-0584: EXIT variable \"S\" was non-numeric");
}

TEST(ExitClause, WheneverActions) {
  auto parse = [](const std::string& t) { return ParseErrorHandler(SplitWords(t), 0); };
  EXPECT_TRUE(parse("exit")->exit);
  EXPECT_EQ(parse("exit sql.sqlcode rollback")->clause.txn, TxnAction::kRollback);
  EXPECT_FALSE(parse("continue")->exit);
  EXPECT_EQ(parse("continue")->on_continue, TxnAction::kNone);
  EXPECT_EQ(parse("CONTINUE commit")->on_continue, TxnAction::kCommit);
  EXPECT_EQ(parse("continue rollback")->on_continue, TxnAction::kRollback);
  EXPECT_EQ(parse("continue none")->on_continue, TxnAction::kNone);
  EXPECT_FALSE(parse("continue 3"));
  EXPECT_FALSE(parse("stop"));
  EXPECT_FALSE(parse(""));
}

}  // namespace
}  // namespace pathdb::shell
