#include "shell/demo.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace pathdb::shell {
namespace {

constexpr const char* kMarker = ".pathdb-demo-complete";
constexpr int kOrders = 1000000;
constexpr int kOrderBatches = 10;
constexpr int kItems = 2000000;
constexpr int kItemBatches = 10;

struct Step {
  std::string label;
  std::string sql;
  uint64_t rows;  //!< weight for the progress bar
};

std::vector<Step> DemoSteps() {
  std::vector<Step> steps;
  steps.push_back({"WAREHOUSES",
                   "CREATE TABLE warehouses (warehouse_id NUMBER(6) NOT NULL, "
                   "warehouse_name VARCHAR2(35), location_id NUMBER(4))",
                   0});
  steps.push_back({"WAREHOUSES",
                   "INSERT INTO warehouses SELECT LEVEL, 'Warehouse ' || TO_CHAR(LEVEL), "
                   "1000 + MOD(LEVEL, 200) FROM dual CONNECT BY LEVEL <= 1000",
                   1000});
  steps.push_back({"CUSTOMERS",
                   "CREATE TABLE customers (customer_id NUMBER(12) NOT NULL, "
                   "cust_first_name VARCHAR2(40), cust_last_name VARCHAR2(40), "
                   "nls_language VARCHAR2(3), nls_territory VARCHAR2(30), "
                   "credit_limit NUMBER(9,2), cust_email VARCHAR2(100), "
                   "account_mgr_id NUMBER(12), customer_since DATE, "
                   "customer_class VARCHAR2(40), dob DATE)",
                   0});
  steps.push_back(
      {"CUSTOMERS",
       "INSERT INTO customers SELECT n, "
       "DECODE(MOD(n, 10), 0, 'Florencio', 1, 'Anna', 2, 'Jamal', 3, 'Mei', 4, 'Oscar', "
       "5, 'Priya', 6, 'Lars', 7, 'Sofia', 8, 'Kenji', 'Amara'), "
       "'Name' || TO_CHAR(MOD(n * 7919, 50000)), "
       "DECODE(MOD(n, 4), 0, 'us', 1, 'fr', 2, 'de', 'it'), "
       "DECODE(MOD(n, 4), 0, 'AMERICA', 1, 'FRANCE', 2, 'GERMANY', 'ITALY'), "
       "MOD(n * 37, 5000) + 100, "
       "'user' || TO_CHAR(n) || '@example.com', "
       "MOD(n, 100) + 1, "
       "DATE '2010-01-01' + MOD(n, 4000), "
       "DECODE(MOD(n, 3), 0, 'Occasional', 1, 'Regular', 'Business'), "
       "DATE '1950-01-01' + MOD(n * 13, 18000) "
       "FROM (SELECT LEVEL AS n FROM dual CONNECT BY LEVEL <= 100000)",
       100000});
  steps.push_back({"ORDERS",
                   "CREATE TABLE orders (order_id NUMBER(12) NOT NULL, order_date DATE, "
                   "order_mode VARCHAR2(8), customer_id NUMBER(12), order_status NUMBER(2), "
                   "order_total NUMBER(12,2), sales_rep_id NUMBER(6), promotion_id NUMBER(6), "
                   "warehouse_id NUMBER(6), delivery_type VARCHAR2(15), "
                   "cost_of_delivery NUMBER(6), customer_class VARCHAR2(30))",
                   0});
  const int per_order_batch = kOrders / kOrderBatches;
  for (int b = 0; b < kOrderBatches; ++b) {
    steps.push_back(
        {"ORDERS",
         fmt::format(
             "INSERT INTO orders SELECT id, DATE '2020-01-01' + MOD(id, 1500), "
             "DECODE(MOD(id, 2), 0, 'direct', 'online'), MOD(id * 7, 100000) + 1, "
             "MOD(id, 10), MOD(id * 31, 100000) / 100, MOD(id, 1000) + 1, MOD(id, 50) + 1, "
             "MOD(id, 1000) + 1, DECODE(MOD(id, 3), 0, 'Standard', 1, 'Express', 'Collection'), "
             "MOD(id, 20) + 1, DECODE(MOD(id, 3), 0, 'Occasional', 1, 'Regular', 'Business') "
             "FROM (SELECT {} + LEVEL AS id FROM dual CONNECT BY LEVEL <= {})",
             b * per_order_batch, per_order_batch),
         static_cast<uint64_t>(per_order_batch)});
  }
  steps.push_back({"ORDER_ITEMS",
                   "CREATE TABLE order_items (line_item_id NUMBER(3) NOT NULL, "
                   "order_id NUMBER(12) NOT NULL, product_id NUMBER(6), "
                   "unit_price NUMBER(8,2), quantity NUMBER(8))",
                   0});
  const int per_item_batch = kItems / kItemBatches;
  for (int b = 0; b < kItemBatches; ++b) {
    steps.push_back({"ORDER_ITEMS",
                     fmt::format("INSERT INTO order_items SELECT MOD(n - 1, 2) + 1, "
                                 "TRUNC((n - 1) / 2) + 1, MOD(n * 17, 1000) + 1, "
                                 "MOD(n * 13, 50000) / 100 + 1, MOD(n, 10) + 1 "
                                 "FROM (SELECT {} + LEVEL AS n FROM dual CONNECT BY LEVEL <= {})",
                                 b * per_item_batch, per_item_batch),
                     static_cast<uint64_t>(per_item_batch)});
  }
  steps.push_back({"COMMIT", "COMMIT", 0});
  for (const char* t : {"WAREHOUSES", "CUSTOMERS", "ORDERS", "ORDER_ITEMS"}) {
    steps.push_back({"STATISTICS",
                     fmt::format("BEGIN DBMS_STATS.GATHER_TABLE_STATS('PATHDB', '{}'); END;", t),
                     0});
  }
  return steps;
}

void DrawBar(std::ostream& out, uint64_t done, uint64_t total, const std::string& label) {
  constexpr int kWidth = 40;
  const int filled = total ? static_cast<int>(done * kWidth / total) : kWidth;
  out << fmt::format("\rBuilding demo [{}{}] {:3d}% {:<12}", std::string(filled, '#'),
                     std::string(kWidth - filled, ' '), total ? done * 100 / total : 100, label)
      << std::flush;
}

}  // namespace

std::filesystem::path DemoDirectory() {
  const char* env = std::getenv("PATHDB_DEMO_DIR");
  return env != nullptr && *env != '\0' ? std::filesystem::path(env)
                                        : std::filesystem::path("pathdb-demo");
}

bool DemoComplete(const std::filesystem::path& dir) {
  return std::filesystem::exists(dir / kMarker);
}

void BuildDemo(ShellEngine& engine, const std::filesystem::path& dir, std::ostream& progress,
               bool tty) {
  const auto start = std::chrono::steady_clock::now();
  NullSink sink;
  for (const char* t : {"ORDER_ITEMS", "ORDERS", "CUSTOMERS", "WAREHOUSES"}) {
    try {
      engine.Execute(fmt::format("DROP TABLE {} PURGE", t), sink);
    } catch (const std::exception&) {
      // a fresh database has none of them
    }
  }
  const auto steps = DemoSteps();
  uint64_t total = 0, done = 0;
  for (const auto& s : steps) total += s.rows;
  bool stats_failed = false;
  for (const auto& s : steps) {
    if (s.label == "STATISTICS" && stats_failed) continue;
    if (tty) DrawBar(progress, done, total, s.label);
    try {
      engine.Execute(s.sql, sink);
    } catch (const std::exception& e) {
      if (s.label != "STATISTICS") {
        if (tty) progress << '\n';
        throw;
      }
      // statistics are a bonus: the demo is usable without them
      stats_failed = true;
      if (tty) progress << '\n';
      progress << "demo: statistics not gathered: " << e.what() << '\n';
    }
    done += s.rows;
  }
  engine.Commit();
  std::ofstream(dir / kMarker) << "complete\n";
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (tty) {
    DrawBar(progress, total, total, "done");
    progress << '\n';
  }
  progress << fmt::format(
      "Demo database created in {:.1f} s: WAREHOUSES 1000, CUSTOMERS 100000, ORDERS {}, "
      "ORDER_ITEMS {} rows ({})\n",
      secs, kOrders, kItems, dir.string());
}

}  // namespace pathdb::shell
