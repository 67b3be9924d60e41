// RowHashTable gives one id per distinct key, whatever path a row takes: the packed index of a
// table of few keys (short strings, integer NUMBERs, DATEs, NULLs packed into 128 bits), or
// hashing and comparing the stored vectors (longer strings, non-integer NUMBERs, a table past
// the packed index's size). Keys equal by value but written differently (2, 2.0, 20e-1) are
// one key; keys differing in a byte, a length or NULL-ness are two, also in a table that gives
// up its packed index midway. Random batches with selections, checked against a reference map
// of canonical keys.
#include "executor/row_hash_table.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>

namespace pathdb {
namespace {

struct Key {
  std::string s;  //!< "\x01NULL" for NULL
  std::string n;  //!< the NUMBER's canonical text, or "\x01NULL"
  int64_t d = 0;
  bool d_null = false;
  bool operator<(const Key& o) const {
    return std::tie(s, n, d, d_null) < std::tie(o.s, o.n, o.d, o.d_null);
  }
};

TEST(RowHashTable, OneIdPerDistinctKeyOnEveryPath) {
  std::mt19937_64 rng(99);
  // Rounds 6..11 as 0..5 with a join's table, which gives up the packed index after a batch
  // of mostly new keys (keys packed before and looked up by hash after).
  for (int round = 0; round < 12; ++round) {
    const bool many = round % 6 >= 4;  // past the packed index's 4096 keys
    const std::vector<LogicalType> types = {LogicalType::Char(3), LogicalType::Number(),
                                            LogicalType::Date()};
    RowHashTable table(types, {TypeId::kChar, TypeId::kNumber, TypeId::kDate},
                       /*nulls_equal=*/true, /*drop_idle_packing=*/round >= 6);
    std::map<Key, uint32_t> ids_of;
    std::vector<Key> row_keys;
    for (int batch = 0; batch < (many ? 12 : 6); ++batch) {
      const size_t n = 1 + rng() % kVectorSize;
      DataChunk chunk(types);
      for (size_t r = 0; r < n; ++r) {
        Key k;
        // Strings: short ones (packed) and, now and then, longer than 14 bytes (not packed).
        if (rng() % 13 == 0) {
          chunk.column(0).SetNull(r, true);
          k.s = "\x01NULL";
        } else {
          const size_t len = rng() % 9 == 0 ? 15 + rng() % 3 : rng() % 4;
          std::string s;
          for (size_t c = 0; c < len; ++c) s += static_cast<char>('a' + rng() % 2);
          if (len > 0 && rng() % 7 == 0) s[0] = '\0';  // a NUL byte is a byte like any other
          chunk.column(0).SetNull(r, false);
          chunk.column(0).Data<StringRef>()[r] = chunk.column(0).heap().Add(s);
          k.s = s;
        }
        // NUMBERs: integers in several representations (packed) and fractions (not packed).
        if (rng() % 17 == 0) {
          chunk.column(1).SetNull(r, true);
          k.n = "\x01NULL";
        } else {
          const int64_t v = static_cast<int64_t>(rng() % (many ? 3000 : 4));
          Decimal d = Decimal::FromInt(v);
          switch (rng() % 4) {
            case 0:
              d = Decimal{static_cast<int128>(v) * 100, 2};  // 2.00
              break;
            case 1:
              if (v % 10 == 0 && v != 0) d = Decimal{v / 10, -1};  // 2e1
              break;
            case 2:
              d = Decimal{static_cast<int128>(v) * 10 + 5, 1};  // v.5: not an integer
              break;
            default:
              break;
          }
          chunk.column(1).SetNull(r, false);
          chunk.column(1).Data<Decimal>()[r] = d;
          k.n = d.ToString();
        }
        k.d_null = rng() % 19 == 0;
        k.d = k.d_null ? 0 : static_cast<int64_t>(rng() % 2) * 86400;
        chunk.column(2).SetNull(r, k.d_null);
        chunk.column(2).Data<int64_t>()[r] = k.d_null ? 123 : k.d;
        row_keys.push_back(k);
      }
      chunk.SetSize(n);
      if (rng() % 2) {
        SelectionVector sel;
        for (uint32_t r = 0; r < n; ++r)
          if (rng() % 3) sel.push_back(r);
        chunk.SetSelection(std::move(sel));
      }
      std::vector<const Vector*> keys = {&chunk.column(0), &chunk.column(1), &chunk.column(2)};
      std::vector<uint32_t> ids;
      std::vector<uint8_t> is_new;
      table.FindOrInsert(keys, chunk, ids, &is_new);
      ASSERT_EQ(ids.size(), chunk.Count());
      for (size_t i = 0; i < chunk.Count(); ++i) {
        const Key& k = row_keys[row_keys.size() - n + chunk.RowIndex(i)];
        auto [it, fresh] = ids_of.emplace(k, ids[i]);
        ASSERT_EQ(it->second, ids[i]) << "round " << round << " batch " << batch << " row " << i
                                      << ": key '" << k.s << "' " << k.n << " got another id";
        ASSERT_EQ(is_new[i] != 0, fresh) << "round " << round << " row " << i;
      }
      ASSERT_EQ(table.size(), ids_of.size()) << "round " << round << " batch " << batch;
    }
    if (many) {
      EXPECT_GT(table.size(), 4096u);
    }
  }
}

TEST(RowHashTable, KeysThatLookAlikeInBytesStayApart) {
  // Pairs a careless packing would merge: 2.5 and 25 (same coefficient), "" and NULL, a NUL
  // byte ("NUL" below) and "", "a" + NULL and "a" + 0; and pairs that must merge: 25 and 25.0, 2.5 and 2.50.
  struct Row {
    const char* s;  // nullptr = NULL
    Decimal n;
    bool n_null;
    int want;  // equal numbers: one key
  };
  const std::vector<Row> rows = {
      {"a", Decimal{25, 1}, false, 0},  {"a", Decimal{25, 0}, false, 1},
      {"a", Decimal{250, 1}, false, 1}, {"a", Decimal{250, 2}, false, 0},
      {"", Decimal{}, false, 2},        {nullptr, Decimal{}, false, 3},
      {"NUL", Decimal{}, false, 4},     {"a", Decimal{}, true, 5},
      {"a", Decimal{}, false, 6},       {"a", Decimal{0, 3}, false, 6},
  };
  const std::vector<LogicalType> types = {LogicalType::Varchar(5), LogicalType::Number()};
  RowHashTable table(types, {TypeId::kVarchar, TypeId::kNumber}, /*nulls_equal=*/true);
  std::map<int, uint32_t> id_of;
  for (int pass = 0; pass < 2; ++pass) {  // the second pass finds every key in the table
    DataChunk chunk(types);
    for (size_t r = 0; r < rows.size(); ++r) {
      const Row& row = rows[pass == 0 ? r : rows.size() - 1 - r];
      chunk.column(0).SetNull(r, row.s == nullptr);
      if (row.s) {
        const std::string s = std::string(row.s) == "NUL" ? std::string(1, '\0') : row.s;
        chunk.column(0).Data<StringRef>()[r] = chunk.column(0).heap().Add(s);
      }
      chunk.column(1).SetNull(r, row.n_null);
      chunk.column(1).Data<Decimal>()[r] = row.n;
    }
    chunk.SetSize(rows.size());
    std::vector<uint32_t> ids;
    table.FindOrInsert({&chunk.column(0), &chunk.column(1)}, chunk, ids, nullptr);
    for (size_t r = 0; r < rows.size(); ++r) {
      const Row& row = rows[pass == 0 ? r : rows.size() - 1 - r];
      auto [it, fresh] = id_of.emplace(row.want, ids[r]);
      EXPECT_EQ(it->second, ids[r]) << "pass " << pass << " row " << r << " ('"
                                    << (row.s ? row.s : "NULL") << "', " << row.n.ToString()
                                    << ")";
    }
  }
  EXPECT_EQ(table.size(), 7u);
}

}  // namespace
}  // namespace pathdb
