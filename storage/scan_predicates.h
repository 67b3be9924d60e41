// Internal to storage/: ScanPredicates are a spec's predicates (and published run-time
// ranges) compiled for one scan: constants pre-converted to the stored representation so a
// row is tested on its encoded fields without building a Value. RegionSummary accumulates
// the min/max of the predicate columns while a region is read, for the storage index.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/decimal.h"
#include "storage/scan_spec.h"
#include "storage/storage_index.h"

namespace pathdb::storage {

//! One decoded field of a row: its bytes in the row format (storage/row_codec.h).
struct Field {
  bool is_null = true;
  std::string_view bytes;
};

//! A column's value in comparable form: NUMBER as Decimal, DATE/TIMESTAMP as int64,
//! VARCHAR2 as bytes.
struct ScalarKey {
  Decimal num{};
  int64_t i64 = 0;
  std::string_view str;
};

class ScanPredicates {
 public:
  //! REQUIRES: every predicate satisfies ScanCanEvaluate for its column's type.
  void Add(const ScanPredicate& p, const LogicalType& column_type);
  //! True when the row's fields pass every predicate (fields indexed by table column).
  bool Matches(const std::vector<Field>& fields) const;
  //! False when no row of a region summarised as `summary` can pass.
  bool MayMatch(const StorageIndex& index, uint32_t region) const;
  //! Columns the predicates read, each once.
  const std::vector<uint32_t>& columns() const { return columns_; }
  bool empty() const { return preds_.empty(); }

 private:
  struct Compiled {
    ScanPredicate::Kind kind;
    CompareOp op;
    uint32_t column;
    TypeId type;
    std::vector<ScalarKey> keys;    //!< kCompare: one; kInList: the list
    std::vector<Value> values;      //!< the same constants as Values (region checks)
    std::vector<std::string> strs;  //!< owns the bytes of VARCHAR2 keys
  };
  static bool Test(const Compiled& c, const Field& f);
  std::vector<Compiled> preds_;
  std::vector<uint32_t> columns_;
};

//! Min/max/has-NULL of some columns over the rows of one region, built while it is read.
class RegionSummary {
 public:
  //! Starts a region: `columns` (of types `types`) are summarised.
  void Begin(const std::vector<uint32_t>& columns, const std::vector<LogicalType>& types,
             uint64_t changes);
  void Add(const std::vector<Field>& fields);
  //! Hands the summary to `index` when nothing changed the segment since Begin.
  void Store(StorageIndex& index, uint32_t region) const;
  bool active() const { return active_; }
  void Cancel() { active_ = false; }

 private:
  struct Acc {
    uint32_t column = 0;
    TypeId type = TypeId::kNull;
    bool has_null = false, seen = false;
    ScalarKey min, max;
    std::string smin, smax;
  };
  std::vector<Acc> acc_;
  uint64_t changes_ = 0;
  bool active_ = false;
};

}  // namespace pathdb::storage
