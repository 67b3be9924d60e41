#include "common/stats.h"

namespace pathdb {

namespace {
struct StatDef {
  std::string_view name;
  int cls;
};
// Order must follow enum Stat: STATISTIC# is the enum value.
constexpr std::array<StatDef, static_cast<size_t>(Stat::kCount_)> kStats = {{
    {"session logical reads", 1},
    {"consistent gets", 8},
    {"db block gets", 8},
    {"physical reads", 8},
    {"physical reads cache", 8},
    {"physical reads direct", 8},
    {"physical read total multi block requests", 8},
    {"physical writes", 8},
    {"physical writes direct", 8},
    {"buffer is pinned count", 72},
    {"table scans (short tables)", 64},
    {"table scans (long tables)", 64},
    {"table scans (direct read)", 64},
    {"index fast full scans (full)", 64},
    {"index fast full scans (direct read)", 64},
    {"table fetch by rowid", 64},
    {"table scan rows gotten", 64},
    {"table scan blocks gotten", 64},
    {"cell physical IO bytes saved by storage index", 64},
    {"IM scan rows", 128},
    {"IM scan CUs pruned", 128},
    {"IM scan CUs columns accessed", 128},
    {"sorts (memory)", 64},
    {"sorts (disk)", 64},
    {"redo size", 2},
    {"user commits", 1},
    {"user rollbacks", 1},
    {"execute count", 64},
    {"parse count (total)", 64},
    {"parse count (hard)", 64},
    {"physical re-reads", 8},
    {"recursive calls", 1},
    {"rows processed", 1},
    {"physical read bytes", 8},
    {"consistent gets direct", 8},
    {"physical read total IO requests", 8},
    {"cell physical IO bytes eligible for predicate offload", 64},
    {"join filter rows probed", 64},
    {"join filter rows filtered", 64},
    {"IM scan rows valid", 128},
    {"IM scan rows projected", 128},
    {"IM scan CUs no memcompress", 128},
    {"IM scan CUs memcompress for dml", 128},
    {"IM scan CUs memcompress for query low", 128},
    {"IM scan CUs memcompress for query high", 128},
    {"IM scan CUs memcompress for capacity low", 128},
    {"IM scan CUs memcompress for capacity high", 128},
    {"IM scan CUs invalid or missing revert to on disk extent", 128},
    {"IM populate rows", 128},
    {"IM scan CUs predicates optimized", 128},
}};
}  // namespace

std::string_view StatName(Stat s) {
  return kStats[static_cast<size_t>(s)].name;
}
int StatClass(Stat s) {
  return kStats[static_cast<size_t>(s)].cls;
}

}  // namespace pathdb
