// Oracle number format models for TO_CHAR / TO_NUMBER: 9 0 , G . D $ S MI PR FM.
#include <cctype>

#include "executor/expr/internal.h"

namespace pathdb::expr {

std::string NumberToChar(const Decimal& value, std::string_view fmt) {
  bool fm = false, dollar = false, lead_s = false, trail_s = false, mi = false, pr = false;
  std::string ipat, fpat;
  bool in_frac = false;
  std::string f;
  for (char c : fmt) f += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  size_t i = 0;
  if (f.rfind("FM", 0) == 0) fm = true, i = 2;
  if (i < f.size() && f[i] == 'S') lead_s = true, ++i;
  for (; i < f.size(); ++i) {
    char c = f[i];
    if (c == '9' || c == '0') {
      (in_frac ? fpat : ipat) += c;
    } else if ((c == ',' || c == 'G') && !in_frac) {
      ipat += ',';
    } else if ((c == '.' || c == 'D') && !in_frac) {
      in_frac = true;
    } else if (c == '$') {
      dollar = true;
    } else if (c == 'S' && i + 1 == f.size()) {
      trail_s = true;
    } else if (f.compare(i, 2, "MI") == 0 && i + 2 == f.size()) {
      mi = true;
      ++i;
    } else if (f.compare(i, 2, "PR") == 0 && i + 2 == f.size()) {
      pr = true;
      ++i;
    } else if (f.compare(i, 2, "FM") == 0) {
      fm = true;
      ++i;
    } else {
      ThrowOra(1481, "invalid number format model");
    }
  }
  int frac = static_cast<int>(fpat.size());
  Decimal r = value.Round(frac);
  bool neg = r.coef < 0;
  Decimal a = neg ? -r : r;
  std::string txt = a.Trunc(0).ToString();
  std::string digits = txt == "0" ? "" : txt;
  std::string fdig;
  if (frac > 0) {
    Decimal fp = a - a.Trunc(0);
    for (int k = 0; k < frac; ++k) fp = fp * Decimal::FromInt(10);
    std::string s = fp.Round(0).ToString();
    if (s == "0") s.clear();
    fdig = std::string(static_cast<size_t>(frac) - std::min<size_t>(s.size(), frac), '0') + s;
  }
  size_t zero_from = ipat.find('0');
  std::string out(ipat.size(), ' ');
  int di = static_cast<int>(digits.size()) - 1;
  for (int k = static_cast<int>(ipat.size()) - 1; k >= 0; --k) {
    size_t uk = static_cast<size_t>(k);
    bool zero_fill = zero_from != std::string::npos && uk >= zero_from;
    if (ipat[uk] == ',') {
      out[uk] = (di >= 0 || (zero_fill && uk > zero_from)) ? ',' : ' ';
    } else if (di >= 0) {
      out[uk] = digits[static_cast<size_t>(di--)];
    } else {
      out[uk] = zero_fill ? '0' : ' ';
    }
  }
  int width = static_cast<int>(f.size()) + 1;
  if (di >= 0) return std::string(static_cast<size_t>(width), '#');
  if (digits.empty() && fpat.empty() && !ipat.empty() && out.back() == ' ') out.back() = '0';
  size_t first = out.find_first_not_of(' ');
  std::string body = first == std::string::npos ? "" : out.substr(first);
  if (!fpat.empty()) {
    std::string fr = fdig;
    if (fm) {
      // FM drops trailing zeros that stand in '9' positions.
      while (!fr.empty() && fr.back() == '0' && fpat[fr.size() - 1] == '9') fr.pop_back();
    }
    body += '.';
    body += fr;
  }
  if (dollar) body = "$" + body;
  if (lead_s) body = (neg ? "-" : "+") + body;
  else if (trail_s) body += neg ? "-" : "+";
  else if (mi) body += neg ? "-" : (fm ? "" : " ");
  else if (pr) body = neg ? "<" + body + ">" : (fm ? body : " " + body + " ");
  else if (neg) body = "-" + body;
  if (fm) return body;
  int target = static_cast<int>(ipat.size()) + (fpat.empty() ? 0 : 1 + static_cast<int>(fpat.size())) +
               (dollar ? 1 : 0) + (lead_s || trail_s || mi ? 1 : 0) + (pr ? 2 : 1);
  if (static_cast<int>(body.size()) < target)
    body = std::string(static_cast<size_t>(target) - body.size(), ' ') + body;
  return body;
}

}  // namespace pathdb::expr
