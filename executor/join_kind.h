// Join kinds shared by NESTED LOOPS and HASH JOIN.
#pragma once
#include <cstdint>
#include <string>

namespace pathdb {

enum class JoinKind : uint8_t {
  kInner,
  kLeftOuter,      //!< preserves the outer / probe side; the other side is NULL-extended
  kSemi,           //!< EXISTS / IN: outer/probe rows with at least one match, once
  kAnti,           //!< NOT EXISTS: outer/probe rows without a match
  kAntiNullAware,  //!< NOT IN: like kAnti, but no row if the inner side has a NULL key, and
                   //!< a NULL outer key never qualifies unless the inner side is empty
  kFullOuter,      //!< both sides preserved (HASH JOIN FULL OUTER only)
};

//! Semi and anti joins output the rows of one side only.
inline bool IsSemiAnti(JoinKind k) {
  return k == JoinKind::kSemi || k == JoinKind::kAnti || k == JoinKind::kAntiNullAware;
}

//! " OUTER", " SEMI", " ANTI", " ANTI NA" or "" appended to the join's operation name.
inline std::string JoinKindSuffix(JoinKind k) {
  switch (k) {
    case JoinKind::kInner: return "";
    case JoinKind::kLeftOuter: return " OUTER";
    case JoinKind::kSemi: return " SEMI";
    case JoinKind::kAnti: return " ANTI";
    case JoinKind::kAntiNullAware: return " ANTI NA";
    case JoinKind::kFullOuter:
      return " FULL OUTER";
  }
  return "";
}

}  // namespace pathdb
