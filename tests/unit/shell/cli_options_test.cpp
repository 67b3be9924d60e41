#include "shell/cli_options.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace pathdb::shell {
namespace {

TEST(CliOptions, Defaults) {
  CliOptions o = ParseCommandLine({});
  EXPECT_EQ(o.dbdir, "./pathdb-data");
  EXPECT_FALSE(o.batch);
  EXPECT_FALSE(o.nologin);
  EXPECT_EQ(o.format, OutputFormat::kSqlplus);
}

TEST(CliOptions, AllOptions) {
  CliOptions o = ParseCommandLine({"--batch", "--format=csv", "--cache-size=16M", "--param",
                                   "sql_dialect=SQLITE", "--param=statistics_level=ALL", "db",
                                   "@x.sql", "--inmemory-size", "1G", "--nologin"});
  EXPECT_TRUE(o.batch);
  EXPECT_TRUE(o.nologin);
  EXPECT_EQ(o.format, OutputFormat::kCsv);
  EXPECT_EQ(o.cache_size, 16ull << 20);
  ASSERT_EQ(o.params.size(), 2u);
  EXPECT_EQ(o.params[0].first, "sql_dialect");
  EXPECT_EQ(o.params[1].second, "ALL");
  EXPECT_EQ(o.dbdir, "db");
  EXPECT_EQ(o.script, "x.sql");
  EXPECT_EQ(o.inmemory_size, "1G");
}

TEST(CliOptions, SltImpliesBatchAndCommand) {
  CliOptions o = ParseCommandLine({"--format=slt", "d"});
  EXPECT_TRUE(o.batch);
  o = ParseCommandLine({"-c", "select 1 from dual;", "d"});
  EXPECT_TRUE(o.has_command);
  EXPECT_EQ(o.command, "select 1 from dual;");
}

TEST(CliOptions, WordsAfterScriptAreItsArguments) {
  CliOptions o = ParseCommandLine({"db", "@x.sql", "3", "two words", "-5", "--batch"});
  EXPECT_EQ(o.dbdir, "db");
  EXPECT_EQ(o.script, "x.sql");
  EXPECT_EQ(o.script_args, (std::vector<std::string>{"3", "two words", "-5"}));
  EXPECT_TRUE(o.batch);
  // With no DBDIR before the script, the next word is still the DBDIR.
  o = ParseCommandLine({"@x.sql", "db"});
  EXPECT_EQ(o.dbdir, "db");
  EXPECT_TRUE(o.script_args.empty());
}

TEST(CliOptions, BadUsageThrows) {
  EXPECT_THROW(ParseCommandLine({"--bogus"}), std::invalid_argument);
  EXPECT_THROW(ParseCommandLine({"--format=xml"}), std::invalid_argument);
  EXPECT_THROW(ParseCommandLine({"--param", "novalue"}), std::invalid_argument);
  EXPECT_THROW(ParseCommandLine({"a", "b"}), std::invalid_argument);
  EXPECT_THROW(ParseCommandLine({"-c"}), std::invalid_argument);
}

TEST(CliOptions, ByteSizes) {
  EXPECT_EQ(ParseByteSize("4096"), 4096u);
  EXPECT_EQ(ParseByteSize("16k"), 16384u);
  EXPECT_EQ(ParseByteSize("2G"), 2ull << 30);
  EXPECT_EQ(ParseByteSize("256MB"), 256ull << 20);
  EXPECT_THROW(ParseByteSize("12X"), std::invalid_argument);
  EXPECT_THROW(ParseByteSize(""), std::invalid_argument);
  EXPECT_THROW(ParseByteSize("99999999999999999999G"), std::invalid_argument);
}

}  // namespace
}  // namespace pathdb::shell
