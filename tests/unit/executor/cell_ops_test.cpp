// FillCells (a nested-loops join's outer row repeated beside its matched inner rows) and
// CopyCells' fixed-width gathers must equal CopyCell cell by cell, for every physical width,
// NULLs and constant sources included.
#include "executor/cell_ops.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "common/vector.h"

namespace pathdb {
namespace {

std::vector<LogicalType> AllTypes() {
  return {LogicalType::Number(), LogicalType::Varchar(20), LogicalType::Date(),
          LogicalType::Boolean(), LogicalType::Double()};
}

Value Sample(TypeId t, int i) {
  switch (t) {
    case TypeId::kNumber:
      return Value::Number(Decimal{static_cast<int128>(i) * 1000003, i % 3});
    case TypeId::kVarchar:
      return Value::Varchar(fmt::format("s{}", i));
    case TypeId::kDate:
      return Value::Date(86400LL * (10000 + i));
    case TypeId::kBoolean:
      return Value::Boolean(i % 2 == 0);
    default:
      return Value::Double(i * 0.5);
  }
}

TEST(CellOps, FillCellsRepeatsOneCellIncludingNull) {
  for (const LogicalType& t : AllTypes()) {
    Vector src(t);
    src.SetValue(0, Sample(t.id, 7));
    src.SetValue(1, Value());
    Vector dst(t);
    dst.SetValue(0, Sample(t.id, 1));  // a row before the filled range stays as it was
    FillCells(src, 0, 100, dst, 1);
    FillCells(src, 1, 5, dst, 101);
    dst.SetValue(106, Sample(t.id, 2));
    EXPECT_EQ(dst.GetValue(0).ToString(), Sample(t.id, 1).ToString());
    for (size_t r = 1; r <= 100; r++)
      ASSERT_EQ(dst.GetValue(r).ToString(), Sample(t.id, 7).ToString()) << r;
    for (size_t r = 101; r <= 105; r++) ASSERT_TRUE(dst.IsNull(r)) << r;
    EXPECT_EQ(dst.GetValue(106).ToString(), Sample(t.id, 2).ToString());
  }
  // A constant source is its row 0 whatever the row asked for.
  Vector c(LogicalType::Varchar(20));
  c.SetValue(0, Value::Varchar("const"));
  c.SetKind(Vector::Kind::kConstant);
  Vector dst(LogicalType::Varchar(20));
  FillCells(c, 5, 3, dst, 0);
  for (size_t r = 0; r < 3; r++) EXPECT_EQ(dst.GetValue(r).ToString(), "const");
}

TEST(CellOps, CopyCellsGathersLikeCopyCell) {
  for (const LogicalType& t : AllTypes()) {
    Vector src(t);
    for (int i = 0; i < 50; i++) src.SetValue(i, i % 9 == 4 ? Value() : Sample(t.id, i));
    const std::vector<uint32_t> sel = {49, 0, 4, 4, 17, 13, 2};
    Vector bulk(t), each(t);
    CopyCells(src, sel.data(), sel.size(), bulk, 3);
    CopyCells(src, nullptr, 10, bulk, 3 + sel.size());
    for (size_t i = 0; i < sel.size(); i++) CopyCell(src, sel[i], each, 3 + i);
    for (size_t i = 0; i < 10; i++) CopyCell(src, i, each, 3 + sel.size() + i);
    for (size_t r = 3; r < 3 + sel.size() + 10; r++) {
      ASSERT_EQ(bulk.IsNull(r), each.IsNull(r)) << r;
      if (!bulk.IsNull(r)) {
        ASSERT_EQ(bulk.GetValue(r).ToString(), each.GetValue(r).ToString());
      }
    }
  }
}

}  // namespace
}  // namespace pathdb
