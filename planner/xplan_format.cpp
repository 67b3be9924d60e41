#include "planner/xplan_format.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <map>

namespace pathdb::planner::xplan {

namespace {

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string PadRight(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

std::string PadLeft(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

//! A grid column: header cell text (its width is the cell width) and a cell renderer.
struct Column {
  std::string header;
  std::function<std::string(const PlanLine&, bool first)> cell;
};

std::string Dashes(size_t n) {
  return std::string(n, '-');
}

//! Splits a predicate over lines no longer than `limit`, breaking after spaces or before
//! a quoted name; continuation lines are indented 14 spaces.
std::vector<std::string> WrapPredicate(const std::string& first_prefix, const std::string& text,
                                       size_t limit) {
  std::vector<std::string> out;
  std::string prefix = first_prefix;
  std::string rest = text;
  while (prefix.size() + rest.size() > limit) {
    size_t room = limit > prefix.size() + 10 ? limit - prefix.size() : 10;
    size_t cut = std::string::npos;
    for (size_t i = std::min(room, rest.size() - 1); i > 0; --i) {
      if (rest[i] == ' ' || rest[i] == ',') {
        cut = i + 1;
        break;
      }
    }
    if (cut == std::string::npos || cut == 0) break;
    out.push_back(prefix + rest.substr(0, cut));
    while (!out.back().empty() && out.back().back() == ' ') out.back().pop_back();
    rest = rest.substr(cut);
    prefix = std::string(14, ' ');
  }
  out.push_back(prefix + rest);
  return out;
}

std::string ATime(double seconds) {
  auto cs = static_cast<int64_t>(std::llround(seconds * 100));
  return fmt::format("{:02}:{:02}:{:02}.{:02} ", cs / 360000, (cs / 6000) % 60, (cs / 100) % 60,
                     cs % 100);
}

}  // namespace

std::string ScaledCell(double value, size_t width, bool bytes) {
  static constexpr char kUnits[] = {' ', 'K', 'M', 'G', 'T', 'P', 'E'};
  double base = bytes ? 1024 : 1000;
  // Scaled as a double: an estimate beyond 2^63 (a CARDINALITY hint of 1e30) must not wrap.
  double v = std::round(std::max(0.0, value));
  size_t unit = 0;
  if (v >= 100000) {
    v = std::floor(v / base);
    unit = 1;
    while (v >= 10000 && unit + 1 < sizeof kUnits) {
      v = std::floor(v / base);
      ++unit;
    }
  }
  // Past 9999E (a hinted 1e30) no unit is left: the exponent form keeps the column's width.
  if (unit + 1 == sizeof kUnits && v >= 10000)
    return PadLeft(fmt::format("{:.0e}", std::round(value)), width);
  return PadLeft(fmt::format("{:.0f}", v), width - 1) + kUnits[unit];
}

std::string Format::InvalidText(std::string_view text, std::string_view function) {
  return fmt::format("Error: format '{}' not valid for DBMS_XPLAN.{}()", text, function);
}

Format Format::Parse(std::string_view text) {
  Format f;
  std::string word;
  auto apply = [&f](const std::string& w) {
    if (w.empty()) return;
    bool minus = w[0] == '-';
    bool plus = w[0] == '+';
    std::string k = Upper((plus || minus) ? w.substr(1) : w);
    bool on = !minus;
    if (k == "BASIC") {
      f = Format{};
      f.basic = true;
      f.rows = f.bytes = f.cost = f.predicate = f.note = false;
    } else if (k == "TYPICAL" || k == "SERIAL") {
      f.basic = false;
      f.rows = f.bytes = f.cost = f.predicate = f.note = true;
    } else if (k == "ALL") {
      f.basic = false;
      f.rows = f.bytes = f.cost = f.predicate = f.note = f.alias = f.projection = true;
    } else if (k == "ADVANCED") {
      f.basic = false;
      f.rows = f.bytes = f.cost = f.predicate = f.note = f.alias = f.projection = true;
      f.outline = f.peeked_binds = true;
    } else if (k == "ROWS") {
      f.rows = on;
    } else if (k == "BYTES") {
      f.bytes = on;
    } else if (k == "COST") {
      f.cost = on;
    } else if (k == "PREDICATE") {
      f.predicate = on;
    } else if (k == "NOTE") {
      f.note = on;
    } else if (k == "ALIAS") {
      f.alias = on;
    } else if (k == "PROJECTION") {
      f.projection = on;
    } else if (k == "OUTLINE") {
      f.outline = on;
    } else if (k == "PEEKED_BINDS") {
      f.peeked_binds = on;
    } else if (k == "HINT_REPORT") {
      f.hint_report = on;
    } else if (k == "IOSTATS") {
      f.iostats = on;
    } else if (k == "MEMSTATS") {
      f.memstats = on;
    } else if (k == "ALLSTATS") {
      f.iostats = f.memstats = on;
    } else if (k == "LAST") {
      f.last = on;
    } else if (k == "ADAPTIVE") {
      f.adaptive = on;
    } else if (k == "HINT_REPORT_USED" || k == "HINT_REPORT_UNUSED") {
      f.hint_report = on;
    } else if (k == "RUNSTATS_LAST" || k == "RUNSTATS_TOT") {  // 10g's IOSTATS [LAST]
      f.iostats = on;
      f.last = on && k == "RUNSTATS_LAST";
    } else if (k != "PARALLEL" && k != "PARTITION" && k != "REMOTE" && k != "REPORT" &&
               k != "METRICS" && k != "QBREGISTRY" && k != "QBREGISTRY_GRAPH") {
      f.valid = false;
    }
  };
  // The level (BASIC, TYPICAL, ...) is the base and the other keywords adjust it wherever
  // they stand: '+ADAPTIVE BASIC' is 'BASIC +ADAPTIVE'.
  auto is_level = [](const std::string& w) {
    const std::string u = Upper(w);
    return u == "BASIC" || u == "TYPICAL" || u == "SERIAL" || u == "ALL" || u == "ADVANCED";
  };
  std::vector<std::string> words;
  for (char c : text) {
    if (c == ' ' || c == ',' || c == '\t') {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  bool explicit_level = false;
  for (const auto& w : words) {
    if (is_level(w)) {
      explicit_level = true;
      apply(w);
    }
  }
  for (const auto& w : words)
    if (!is_level(w)) apply(w);
  // Run-time formats without a level show the estimates as E-Rows only, as Oracle does.
  if ((f.iostats || f.memstats) && !explicit_level) f.rows = f.bytes = f.cost = false;
  return f;
}

std::vector<std::string> Render(const PlanDocument& doc, const Format& f) {
  std::vector<std::string> out;
  if (doc.from_cursor) {
    std::string head = fmt::format("SQL_ID  {}, child number {}", doc.sql_id, doc.child_number);
    out.push_back(head);
    out.push_back(Dashes(head.size()));
    // The statement text, wrapped at spaces to 70 columns like DISPLAY_CURSOR.
    std::string line;
    std::string word;
    auto flush_word = [&] {
      if (word.empty()) return;
      if (!line.empty() && line.size() + 1 + word.size() > 70) {
        out.push_back(line);
        line.clear();
      }
      line += (line.empty() ? "" : " ") + word;
      word.clear();
    };
    for (char c : doc.sql_text) {
      if (std::isspace(static_cast<unsigned char>(c))) {
        flush_word();
      } else {
        word += c;
      }
    }
    flush_word();
    if (!line.empty()) out.push_back(line);
    out.emplace_back();
  }
  out.push_back(fmt::format("Plan hash value: {}", doc.plan_hash_value));
  out.emplace_back();

  bool runtime = (f.iostats || f.memstats) && doc.runtime_collected;
  bool any_reads = false, any_writes = false, any_mem = false, any_skipped = false;
  for (const auto& l : doc.lines) {
    if (!l.runtime) continue;
    any_reads |= l.runtime->reads > 0;
    any_writes |= l.runtime->writes > 0;
    any_skipped |= l.runtime->bytes_skipped > 0;
    any_mem |= l.runtime->omem.has_value() || l.runtime->used_mem.has_value();
  }
  bool show_inactive = f.adaptive;
  // Without +ADAPTIVE the final plan is shown as if it were the whole plan: its lines are
  // indented by their active ancestors only.
  std::vector<PlanLine> final_lines;
  std::vector<std::pair<int, bool>> ancestors;  // (depth, inactive) of the open lines
  for (const auto& l : doc.lines) {
    while (!ancestors.empty() && ancestors.back().first >= l.depth) ancestors.pop_back();
    int active_above = 0;
    for (const auto& a : ancestors) active_above += a.second ? 0 : 1;
    ancestors.emplace_back(l.depth, l.inactive);
    if (show_inactive || l.inactive) continue;
    final_lines.push_back(l);
    if (l.depth > 0) final_lines.back().depth = active_above;
  }
  std::vector<const PlanLine*> lines;
  if (show_inactive) {
    for (const auto& l : doc.lines) lines.push_back(&l);
  } else {
    for (const auto& l : final_lines) lines.push_back(&l);
  }
  // Without +ADAPTIVE the final plan is renumbered consecutively (predicate ids follow).
  std::vector<int> shown_id(lines.size());
  for (size_t i = 0; i < lines.size(); ++i) shown_id[i] = show_inactive ? lines[i]->id : int(i);

  std::vector<Column> cols;
  size_t row_index = 0;
  auto current_id = [&]() { return shown_id[row_index]; };
  if (show_inactive) {
    cols.push_back({"   Id  ", [&](const PlanLine& l, bool) {
                      return fmt::format("{} {}{:>3} ", l.inactive ? '-' : ' ',
                                         l.predicates.empty() ? ' ' : '*', current_id());
                    }});
  } else {
    cols.push_back({" Id  ", [&](const PlanLine& l, bool) {
                      return fmt::format("{}{:>3} ", l.predicates.empty() ? ' ' : '*',
                                         current_id());
                    }});
  }
  size_t op_width = 10;
  size_t name_width = 4;
  for (const PlanLine* l : lines) {
    op_width = std::max(op_width, 1 + size_t(l->depth) + l->operation.size());
    name_width = std::max(name_width, l->name.size());
  }
  name_width += 2;
  cols.push_back({PadRight(" Operation", op_width), [op_width](const PlanLine& l, bool) {
                    return PadRight(std::string(1 + l.depth, ' ') + l.operation, op_width);
                  }});
  cols.push_back({PadRight(" Name", name_width), [name_width](const PlanLine& l, bool) {
                    return PadRight(" " + l.name, name_width);
                  }});
  bool cursor_row0 = doc.from_cursor;
  if (runtime || ((f.iostats || f.memstats) && !doc.runtime_collected)) {
    if (runtime) {
      cols.push_back({" Starts ", [](const PlanLine& l, bool) {
                        return ScaledCell(double(l.runtime ? l.runtime->starts : 0), 8, false);
                      }});
    }
    cols.push_back({" E-Rows ", [](const PlanLine& l, bool first) {
                      if (first || !l.rows) return std::string(8, ' ');
                      return ScaledCell(*l.rows, 8, false);
                    }});
  }
  if (f.rows && !runtime) {
    cols.push_back({" Rows  ", [cursor_row0](const PlanLine& l, bool first) {
                      if ((first && cursor_row0) || !l.rows) return std::string(7, ' ');
                      return ScaledCell(*l.rows, 7, false);
                    }});
  }
  if (f.bytes && !runtime) {
    cols.push_back({" Bytes ", [cursor_row0](const PlanLine& l, bool first) {
                      if ((first && cursor_row0) || !l.bytes) return std::string(7, ' ');
                      return ScaledCell(*l.bytes, 7, true);
                    }});
  }
  if (f.cost && !runtime) {
    cols.push_back({" Cost (%CPU)", [cursor_row0](const PlanLine& l, bool first) {
                      if (!l.cost) return std::string(12, ' ');
                      std::string c = *l.cost >= 1e6
                                          ? ScaledCell(*l.cost, 7, false).substr(1)
                                          : PadLeft(fmt::format("{}", std::llround(*l.cost)), 6);
                      int pct = first && cursor_row0 ? 100 : l.cpu_percent;
                      return c + PadLeft(fmt::format("({})", pct), 6);
                    }});
    cols.push_back({" Time     ", [cursor_row0](const PlanLine& l, bool first) {
                      if ((first && cursor_row0) || l.time.empty() || !l.cost || *l.cost <= 0) {
                        return std::string(10, ' ');
                      }
                      return " " + l.time + " ";
                    }});
  }
  if (runtime && f.iostats) {
    cols.push_back({" A-Rows ", [](const PlanLine& l, bool) {
                      return ScaledCell(double(l.runtime ? l.runtime->a_rows : 0), 8, false);
                    }});
    cols.push_back({"   A-Time   ", [](const PlanLine& l, bool) {
                      return ATime(l.runtime ? l.runtime->a_time_seconds : 0);
                    }});
    cols.push_back({" Buffers ", [](const PlanLine& l, bool) {
                      return ScaledCell(double(l.runtime ? l.runtime->buffers : 0), 9, false);
                    }});
    if (any_reads) {
      cols.push_back({" Reads  ", [](const PlanLine& l, bool) {
                        return ScaledCell(double(l.runtime ? l.runtime->reads : 0), 8, false);
                      }});
    }
    if (any_writes) {
      cols.push_back({" Writes ", [](const PlanLine& l, bool) {
                        return ScaledCell(double(l.runtime ? l.runtime->writes : 0), 8, false);
                      }});
    }
    // Ours: bytes the storage index let a scan skip, only where there were some.
    if (any_skipped) {
      cols.push_back({" Skipped ", [](const PlanLine& l, bool) {
                        if (!l.runtime || l.runtime->bytes_skipped == 0) return std::string(9, ' ');
                        return ScaledCell(double(l.runtime->bytes_skipped), 9, true);
                      }});
    }
  }
  if (runtime && f.memstats && any_mem) {
    auto mem = [](std::optional<uint64_t> LineRuntime::*field) {
      return [field](const PlanLine& l, bool) {
        if (!l.runtime || !(l.runtime.value().*field)) return std::string(7, ' ');
        return ScaledCell(double(*(l.runtime.value().*field)), 7, true);
      };
    };
    cols.push_back({"  OMem ", mem(&LineRuntime::omem)});
    cols.push_back({"  1Mem ", mem(&LineRuntime::one_mem)});
    cols.push_back({" Used-Mem ", [](const PlanLine& l, bool) {
                      if (!l.runtime || !l.runtime->used_mem) return std::string(10, ' ');
                      return ScaledCell(double(*l.runtime->used_mem), 6, true) +
                             fmt::format(" ({})", l.runtime->passes);
                    }});
  }

  std::string header = "|";
  for (const auto& c : cols) header += c.header + "|";
  out.push_back(Dashes(header.size()));
  out.push_back(header);
  out.push_back(Dashes(header.size()));
  for (row_index = 0; row_index < lines.size(); ++row_index) {
    std::string row = "|";
    for (const auto& c : cols) row += c.cell(*lines[row_index], row_index == 0) + "|";
    out.push_back(row);
  }
  out.push_back(Dashes(header.size()));

  auto section = [&out](const std::string& title, size_t dashes) {
    out.emplace_back();
    out.push_back(title);
    out.push_back(Dashes(dashes));
    out.emplace_back();
  };
  if (f.alias) {
    bool any = false;
    for (size_t i = 0; i < lines.size(); ++i) {
      if (lines[i]->query_block.empty()) continue;
      if (!any) section("Query Block Name / Object Alias (identified by operation id):", 61);
      any = true;
      std::string text = lines[i]->query_block;
      if (!lines[i]->object_alias.empty()) text += " / " + lines[i]->object_alias;
      out.push_back(fmt::format("{:>4} - {}", shown_id[i], text));
    }
  }
  if (f.outline && !doc.outline_hints.empty()) {
    out.emplace_back();
    out.push_back("Outline Data");
    out.push_back(Dashes(13));
    out.emplace_back();
    out.push_back("  /*+");
    out.push_back("      BEGIN_OUTLINE_DATA");
    for (const auto& h : doc.outline_hints) out.push_back("      " + h);
    out.push_back("      END_OUTLINE_DATA");
    out.push_back("  */");
  }
  if (f.peeked_binds && !doc.peeked_binds.empty()) {
    const std::string heading = "Peeked Binds (identified by position):";
    out.emplace_back();
    out.push_back(heading);
    out.push_back(Dashes(heading.size()));
    out.emplace_back();
    for (const auto& b : doc.peeked_binds) out.push_back("   " + b);
  }
  if (f.predicate) {
    bool any = false;
    size_t limit = std::max<size_t>(80, header.size());
    for (size_t i = 0; i < lines.size(); ++i) {
      if (lines[i]->predicates.empty()) continue;
      if (!any) section("Predicate Information (identified by operation id):", 51);
      any = true;
      std::string first = fmt::format("{:>4} - ", shown_id[i]);
      for (size_t k = 0; k < lines[i]->predicates.size(); ++k) {
        const auto& p = lines[i]->predicates[k];
        std::string prefix = k == 0 ? first : std::string(7, ' ');
        for (auto& w : WrapPredicate(prefix, p.kind + "(" + p.text + ")", limit)) {
          out.push_back(std::move(w));
        }
      }
    }
  }
  if (f.projection) {
    bool any = false;
    for (size_t i = 0; i < lines.size(); ++i) {
      if (lines[i]->projection.empty()) continue;
      if (!any) section("Column Projection Information (identified by operation id):", 59);
      any = true;
      out.push_back(fmt::format("{:>4} - {}", shown_id[i], lines[i]->projection));
    }
  }
  if (f.hint_report && !doc.hint_report.empty()) {
    out.emplace_back();
    out.push_back("Hint Report (identified by operation id / Query Block Name / Object Alias):");
    std::map<int, int> final_id;  // full-plan id -> renumbered id (final plan only)
    if (!show_inactive)
      for (size_t i = 0; i < lines.size(); ++i) final_id[lines[i]->id] = shown_id[i];
    for (size_t i = 0; i < doc.hint_report.size(); ++i) {
      std::string l = doc.hint_report[i];
      const int id = i < doc.hint_report_ids.size() ? doc.hint_report_ids[i] : -1;
      if (auto it = final_id.find(id); id >= 0 && it != final_id.end() && l.size() >= 4)
        l.replace(0, 4, fmt::format("{:>4}", it->second));
      out.push_back(std::move(l));
    }
  }
  std::vector<std::string> notes;
  if (f.note) {
    notes = doc.notes;
    if (f.adaptive) {
      for (auto& n : notes)
        if (n == kAdaptivePlanNote) n += " (rows marked '-' are inactive)";
      notes.insert(notes.end(), doc.adaptive_notes.begin(), doc.adaptive_notes.end());
    }
  }
  if ((f.iostats || f.memstats) && !doc.runtime_collected) {
    notes.push_back("Warning: basic plan statistics not available. These are only collected when:");
    notes.push_back("    * hint 'gather_plan_statistics' is used for the statement or");
    notes.push_back(
        "    * parameter 'statistics_level' is set to 'ALL', at session or system level");
  }
  if (!notes.empty()) {
    out.emplace_back();
    out.push_back("Note");
    out.push_back(Dashes(5));
    for (const auto& n : notes) {
      // The warning's continuation lines carry their own indentation.
      out.push_back(n.starts_with("    *") ? "   " + n : "   - " + n);
    }
  }
  return out;
}

}  // namespace pathdb::planner::xplan
