#include "expr_test_util.h"
#include "op_test_util.h"

namespace pathdb::exprtest {
namespace {

const LogicalType kNum = LogicalType::Number();
const LogicalType kBool = LogicalType::Boolean();

// A plan that echoes parameter 0 (when given) or returns fixed rows.
class RowsPlan : public PhysicalOperator {
 public:
  RowsPlan(std::vector<Value> rows, bool echo_param, int* opens)
      : PhysicalOperator("VALUES", {LogicalType::Number()}), rows_(std::move(rows)), echo_(echo_param), opens_(opens) {}
  std::unique_ptr<OperatorState> OpenImpl(ExecContext&) const override {
    ++*opens_;
    return std::make_unique<St>();
  }
  bool NextImpl(ExecContext& ctx, OperatorState& s, DataChunk& out) const override {
    auto& st = static_cast<St&>(s);
    if (st.done) return false;
    st.done = true;
    out.Reset();
    if (echo_) {
      out.column(0).SetValue(0, ctx.eval.parameters.at(0));
      out.SetSize(1);
      return true;
    }
    if (rows_.empty()) return false;
    for (size_t i = 0; i < rows_.size(); ++i) out.column(0).SetValue(i, rows_[i]);
    out.SetSize(rows_.size());
    return true;
  }

 private:
  struct St : OperatorState {
    bool done = false;
  };
  std::vector<Value> rows_;
  bool echo_;
  int* opens_;
};

BoundExprPtr Sub(SubqueryInfo::Mode mode, std::shared_ptr<PhysicalOperator> plan,
                 std::vector<BoundExprPtr> left, std::vector<BoundExprPtr> corr = {},
                 bool negated = false, std::string op = "=") {
  auto e = std::make_unique<BoundExpr>(BoundKind::kSubquery,
                                       mode == SubqueryInfo::Mode::kScalar ? kNum : kBool);
  e->children = std::move(left);
  e->subquery = std::make_unique<SubqueryInfo>();
  e->subquery->mode = mode;
  e->subquery->plan = std::move(plan);
  e->subquery->correlated = std::move(corr);
  e->subquery->negated = negated;
  e->subquery->compare_op = std::move(op);
  return e;
}

class ExprSubqueryTest : public ::testing::Test {
 protected:
  test::TestDb db;
  int opens = 0;
  std::shared_ptr<PhysicalOperator> Rows(std::vector<Value> rows) {
    return std::make_shared<RowsPlan>(std::move(rows), false, &opens);
  }
  std::string Run(const BoundExpr& e) {
    db.ctx->eval.exec = db.ctx.get();
    Value v = ExpressionExecutor::EvaluateScalar(e, db.ctx->eval);
    return v.is_null() ? "NULL" : v.ToString();
  }
  int Code(const BoundExpr& e) {
    try {
      Run(e);
    } catch (const OraError& err) {
      return err.code();
    }
    return 0;
  }
};

TEST_F(ExprSubqueryTest, ScalarModes) {
  using M = SubqueryInfo::Mode;
  EXPECT_EQ(Run(*Sub(M::kScalar, Rows({Value::Integer(7)}), {})), "7");
  EXPECT_EQ(Run(*Sub(M::kScalar, Rows({}), {})), "NULL");
  EXPECT_EQ(Code(*Sub(M::kScalar, Rows({Value::Integer(1), Value::Integer(2)}), {})), 1427);
  EXPECT_EQ(Run(*Sub(M::kExists, Rows({Value::Integer(1)}), {})), "TRUE");
  EXPECT_EQ(Run(*Sub(M::kExists, Rows({}), {}, {}, true)), "TRUE");
}

TEST_F(ExprSubqueryTest, InAnyAllNullSemantics) {
  using M = SubqueryInfo::Mode;
  auto with_null = [&] { return Rows({Value::Integer(1), Value::Null(kNum)}); };
  EXPECT_EQ(Run(*Sub(M::kIn, with_null(), Args(Int(1)))), "TRUE");
  EXPECT_EQ(Run(*Sub(M::kIn, with_null(), Args(Int(2)))), "NULL");
  EXPECT_EQ(Run(*Sub(M::kIn, with_null(), Args(Int(2)), {}, true)), "NULL");
  EXPECT_EQ(Run(*Sub(M::kIn, with_null(), Args(Int(1)), {}, true)), "FALSE");
  EXPECT_EQ(Run(*Sub(M::kIn, Rows({}), Args(Int(1)), {}, true)), "TRUE");
  auto two = [&] { return Rows({Value::Integer(1), Value::Integer(5)}); };
  EXPECT_EQ(Run(*Sub(M::kAll, two(), Args(Int(6)), {}, false, ">")), "TRUE");
  EXPECT_EQ(Run(*Sub(M::kAll, two(), Args(Int(3)), {}, false, ">")), "FALSE");
  EXPECT_EQ(Run(*Sub(M::kAny, two(), Args(Int(3)), {}, false, ">")), "TRUE");
  EXPECT_EQ(Run(*Sub(M::kAll, Rows({}), Args(Int(3)), {}, false, ">")), "TRUE");
}

TEST_F(ExprSubqueryTest, CorrelatedCachedPerDistinctValue) {
  auto plan = std::make_shared<RowsPlan>(std::vector<Value>{}, true, &opens);
  DataChunk chunk({kNum}, 8);
  int vals[] = {1, 2, 1, 2, 3};
  for (int i = 0; i < 5; ++i) chunk.column(0).SetValue(i, Value::Integer(vals[i]));
  chunk.SetSize(5);
  auto corr = Args(Col(0, kNum));
  auto e = Sub(SubqueryInfo::Mode::kScalar, plan, {}, std::move(corr));
  db.ctx->eval.exec = db.ctx.get();
  db.ctx->eval.parameters = {Value::Integer(99)};
  Vector out(kNum, 8);
  ExpressionExecutor::Execute(*e, chunk, out, db.ctx->eval);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(out.GetValue(i).ToString(), std::to_string(vals[i]));
  EXPECT_EQ(opens, 3);
  ASSERT_EQ(db.ctx->eval.parameters.size(), 1u);  // outer parameters restored
  EXPECT_EQ(db.ctx->eval.parameters[0].ToString(), "99");
}

}  // namespace
}  // namespace pathdb::exprtest

namespace pathdb::exprtest {
namespace {

TEST_F(ExprSubqueryTest, LargeInUsesHashWithNullSemantics) {
  using M = SubqueryInfo::Mode;
  std::vector<Value> many;
  for (int i = 0; i < 100; ++i) many.push_back(Value::Integer(i * 2));
  auto plain = [&] { return Rows(many); };
  auto with_null = [&] {
    auto v = many;
    v.push_back(Value::Null(kNum));
    return Rows(v);
  };
  EXPECT_EQ(Run(*Sub(M::kIn, plain(), Args(Int(42)))), "TRUE");
  EXPECT_EQ(Run(*Sub(M::kIn, plain(), Args(Num("42.0")))), "TRUE");
  EXPECT_EQ(Run(*Sub(M::kIn, plain(), Args(Int(43)))), "FALSE");
  EXPECT_EQ(Run(*Sub(M::kIn, plain(), Args(Int(43)), {}, true)), "TRUE");
  EXPECT_EQ(Run(*Sub(M::kIn, with_null(), Args(Int(43)))), "NULL");
  EXPECT_EQ(Run(*Sub(M::kIn, with_null(), Args(Int(43)), {}, true)), "NULL");
  EXPECT_EQ(Run(*Sub(M::kIn, with_null(), Args(Int(42)), {}, true)), "FALSE");
  EXPECT_EQ(Run(*Sub(M::kIn, plain(), Args(Null()))), "NULL");
}

}  // namespace
}  // namespace pathdb::exprtest
