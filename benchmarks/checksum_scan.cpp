// What db_block_checksum=TYPICAL costs a full scan: a cold (buffer cache flushed) scan of a
// ~200 MB table with block checksums verified on every physical read, and the same with
// db_block_checksum=FALSE. Prints the checksum's share of the scan time at the end.
//
//   build/checksum_scan                      # 200 MB table, 64 MB cache
//   CHECKSUM_SCAN_MB=50 build/checksum_scan  # smaller table
//
// The operating system's page cache stays warm between iterations, so this measures the CPU
// side of a scan (checksum, copy, row decoding), where the checksum's share is largest; on a
// cold disk the I/O wait dilutes it.
#include <benchmark/benchmark.h>
#include <stdlib.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>

#include "storage/storage.h"

namespace {

using pathdb::DataChunk;
using pathdb::LogicalType;
using pathdb::SessionStats;
using pathdb::Value;
using pathdb::storage::Database;
using pathdb::storage::DatabaseOptions;
using pathdb::storage::TableInfo;

constexpr size_t kPadBytes = 900;  // 8 rows to a block

DatabaseOptions Options() {
  DatabaseOptions o;
  o.cache_size_bytes = 64ull << 20;  // smaller than the table: a long-table scan
  return o;
}

//! Creates table T (ID, PAD) of about `mb` megabytes in `dir`.
void Build(const std::filesystem::path& dir, size_t mb) {
  auto db = Database::Open(dir, Options());
  TableInfo info;
  info.name = "T";
  for (auto [name, type] :
       {std::pair{"ID", LogicalType::Integer()}, std::pair{"PAD", LogicalType::Varchar(1000)}}) {
    pathdb::storage::ColumnInfo c;
    c.name = name;
    c.type = type;
    info.columns.push_back(std::move(c));
  }
  const TableInfo& t = db->CreateTable(info);
  pathdb::storage::Transaction txn;
  SessionStats st;
  const size_t rows = mb * (1u << 20) / (kPadBytes + 24);
  const std::string pad(kPadBytes, 'p');
  DataChunk chunk({LogicalType::Integer(), LogicalType::Varchar(1000)});
  for (size_t done = 0; done < rows;) {
    chunk.Reset();
    size_t n = 0;
    for (; n < pathdb::kVectorSize && done < rows; ++n, ++done) {
      chunk.column(0).SetValue(n, Value::Integer(static_cast<int64_t>(done)));
      chunk.column(1).SetValue(n, Value::Varchar(pad));
    }
    chunk.SetSize(n);
    db->Insert(t, chunk, txn, st);
    if (txn.records().size() > 100000) db->Commit(txn, st);  // keep undo small
  }
  db->Commit(txn, st);
  db->Checkpoint();
}

struct Totals {
  double seconds[2] = {0, 0};  //!< [checksums off, on], timed part only
  uint64_t iterations[2] = {0, 0};
  uint64_t blocks = 0;
};

void ColdScan(benchmark::State& state, Database* db, Totals* totals) {
  const bool verify = state.range(0) != 0;
  db->SetVerifyChecksums(verify);
  const TableInfo& t = *db->FindTable("T");
  DataChunk out;
  for (auto _ : state) {
    state.PauseTiming();
    db->FlushBufferCache();
    SessionStats st;
    state.ResumeTiming();
    auto start = std::chrono::steady_clock::now();
    auto scan = db->BeginScan(t, {0}, st);
    uint64_t rows = 0;
    while (db->ScanNext(*scan, out, nullptr, st)) rows += out.size();
    totals->seconds[verify] +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ++totals->iterations[verify];
    totals->blocks = st.Get(pathdb::Stat::kPhysicalReads);
    benchmark::DoNotOptimize(rows);
  }
  state.SetBytesProcessed(
      static_cast<int64_t>(state.iterations() * totals->blocks * pathdb::storage::kBlockSize));
  state.counters["physical_reads"] = static_cast<double>(totals->blocks);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const char* env = getenv("CHECKSUM_SCAN_MB");
  const size_t mb = env ? std::stoul(env) : 200;
  std::string tmpl =
      (std::filesystem::temp_directory_path() / "pathdb-checksum-scan-XXXXXX").string();
  if (!mkdtemp(tmpl.data())) return 1;
  const std::filesystem::path dir = std::filesystem::path(tmpl) / "db";
  int rc = 0;
  try {
    std::fprintf(stderr, "building a %zu MB table in %s ...\n", mb, dir.c_str());
    Build(dir, mb);
    auto db = Database::Open(dir, Options());
    Totals totals;
    benchmark::RegisterBenchmark("ColdScan/db_block_checksum=FALSE", ColdScan, db.get(), &totals)
        ->Arg(0)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("ColdScan/db_block_checksum=TYPICAL", ColdScan, db.get(), &totals)
        ->Arg(1)
        ->Unit(benchmark::kMillisecond);
    benchmark::RunSpecifiedBenchmarks();
    if (totals.iterations[0] > 0 && totals.iterations[1] > 0) {
      double off = totals.seconds[0] / static_cast<double>(totals.iterations[0]);
      double on = totals.seconds[1] / static_cast<double>(totals.iterations[1]);
      std::printf(
          "scan of %llu blocks: %.1f ms with checksums, %.1f ms without; "
          "checksum share of the scan time: %.1f%%\n",
          static_cast<unsigned long long>(totals.blocks), on * 1e3, off * 1e3,
          on > 0 ? 100.0 * (on - off) / on : 0.0);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "checksum_scan: %s\n", e.what());
    rc = 1;
  }
  std::error_code ec;
  std::filesystem::remove_all(tmpl, ec);
  benchmark::Shutdown();
  return rc;
}
