// Token-level mutation of SQL statements for the fuzzer: the text is cut into tokens the way
// the lexer would (strings, quoted names, numbers, words, operators, hints), mutated, and
// joined again with blanks, so a mutation never splits a literal by accident.
#pragma once
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace pathdb::fuzz {

struct Token {
  enum class Kind { kWord, kNumber, kString, kQuoted, kHint, kPunct } kind;
  std::string text;
};

//! Comments are dropped; anything the tokenizer cannot classify becomes a one-char kPunct.
std::vector<Token> Tokenize(std::string_view sql);
std::string Join(const std::vector<Token>& tokens);

//! What mutations draw from: the grammar's keywords and the names of the fuzz schema.
struct Vocabulary {
  std::vector<std::string> keywords;
  std::vector<std::string> identifiers;
};

class Mutator {
 public:
  Mutator(const Vocabulary& vocabulary, uint64_t seed) : vocab_(vocabulary), rng_(seed) {}

  //! One to three mutations of `sql`; `donor` lends tokens for splicing.
  std::string Mutate(std::string_view sql, std::string_view donor);
  std::mt19937_64& rng() { return rng_; }

 private:
  size_t Pick(size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }
  bool Chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  std::string ExtremeValue();
  void MutateOnce(std::vector<Token>& t, const std::vector<Token>& donor);

  const Vocabulary& vocab_;
  std::mt19937_64 rng_;
};

}  // namespace pathdb::fuzz
