// Number display as SQL*Plus does it: NUMWIDTH-wide columns (rounded, then scientific when
// the integer part does not fit) and COLUMN ... FORMAT masks such as 999,999 or 0999.99.
// Works on Oracle's decimal text ("-12.5", ".25") so no precision is lost on the way.
#pragma once
#include <string>

namespace pathdb::shell {

//! Fits decimal text into `width` characters: as is, rounded to fewer decimals, or in
//! scientific form (1.2346E+10); '#' repeated when nothing fits.
std::string FitNumber(const std::string& text, size_t width);

//! True when `mask` is a number mask this module understands (9 0 , . $ and a leading FM).
bool IsNumberMask(const std::string& mask);
//! Width SQL*Plus gives a column with this number mask (mask length + one for the sign).
size_t NumberMaskWidth(const std::string& mask);
//! Formats decimal text with a mask; '#' repeated (the mask width) when the value overflows.
std::string ApplyNumberMask(const std::string& text, const std::string& mask);

}  // namespace pathdb::shell
