#include "shell/result_formatter.h"

#include <algorithm>

#include "common/datetime.h"
#include "shell/number_format.h"

namespace pathdb::shell {
namespace {

// Rows are buffered before printing only to size columns whose width the type does not give.
constexpr size_t kMeasureRows = 1000;

std::string RightTrim(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

bool IsCharMask(const std::string& f) {
  return f.size() >= 2 && (f[0] == 'A' || f[0] == 'a') &&
         std::all_of(f.begin() + 1, f.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

void TableFormatter::Begin(const std::vector<std::string>& names,
                           const std::vector<LogicalType>& types) {
  started_ = true;
  columns_.clear();
  const size_t linesize = static_cast<size_t>(std::max(settings_.linesize, 1));
  for (size_t i = 0; i < names.size(); ++i) {
    Column c;
    const LogicalType t = i < types.size() ? types[i] : LogicalType::Varchar();
    const ColumnFormat* fmt = settings_.FindColumn(names[i]);
    c.heading = fmt && !fmt->heading.empty() ? fmt->heading : names[i];
    if (fmt) c.new_value = fmt->new_value;
    c.numeric = t.IsNumeric() || t.id == TypeId::kBoolean;
    if (c.numeric) {
      c.width = static_cast<size_t>(std::max(settings_.numwidth, 1));
      if (fmt && IsNumberMask(fmt->format)) {
        c.mask = fmt->format;
        c.width = NumberMaskWidth(c.mask);
      }
      c.width = std::max(c.width, c.heading.size());
    } else if (fmt && IsCharMask(fmt->format)) {
      c.width = std::max<size_t>(1, std::stoul(fmt->format.substr(1)));
    } else if (t.IsString() && t.length > 0) {
      c.width = std::min<size_t>(t.length, linesize);
    } else {
      c.sized_by_values = true;
      // A DATE column is as wide as its format makes a date (9 for DD-MON-RR), as SQL*Plus.
      c.width = t.id == TypeId::kDate ? datetime::Format(0, display_formats().date).size() : 1;
      if (t.IsInterval()) c.width = std::max(Value::Interval(0, t).ToString().size(), c.heading.size());
      if (t.id == TypeId::kNull || t.IsString()) c.width = std::max(c.width, c.heading.size());
    }
    columns_.push_back(std::move(c));
  }
  last_new_values_.assign(columns_.size(), std::string());
}

std::string TableFormatter::CellText(const Value& v, size_t column) const {
  if (v.is_null()) return settings_.null_text;
  const Column& c = columns_[column];
  switch (v.type().id) {
    case TypeId::kVarchar:
    case TypeId::kChar:
      return v.str();
    case TypeId::kNumber:
      if (!c.mask.empty()) return ApplyNumberMask(v.number().ToString(), c.mask);
      return c.numeric ? FitNumber(v.number().ToString(), c.width) : v.number().ToString();
    case TypeId::kBoolean:
      return v.boolean() ? "1" : "0";
    case TypeId::kDate:
      return datetime::Format(v.date() * datetime::kMicrosPerSecond, display_formats().date);
    case TypeId::kTimestamp:
      return datetime::Format(v.timestamp(), display_formats().timestamp);
    default: {
      std::string s = v.ToString();
      if (c.numeric) return c.mask.empty() ? FitNumber(s, c.width) : ApplyNumberMask(s, c.mask);
      return s;
    }
  }
}

void TableFormatter::AddRow(const std::vector<Value>& row) {
  std::vector<std::string> cells;
  cells.reserve(columns_.size());
  for (size_t i = 0; i < columns_.size(); ++i) {
    Value v = i < row.size() ? row[i] : Value();
    cells.push_back(CellText(v, i));
    if (!columns_[i].new_value.empty()) {
      last_new_values_[i] = v.is_null() ? "" : (v.type().id == TypeId::kNumber
                                                    ? v.number().ToString()
                                                    : (v.type().IsString() ? v.str() : v.ToString()));
    }
  }
  ++row_count_;
  pending_.push_back(std::move(cells));
  if (frozen_ || pending_.size() >= kMeasureRows) Flush();
}

void TableFormatter::Rows(const DataChunk& chunk) {
  const size_t n = chunk.Count();
  std::vector<Value> row(chunk.ColumnCount());
  for (size_t r = 0; r < n; ++r) {
    const uint32_t idx = chunk.RowIndex(r);
    for (size_t c = 0; c < chunk.ColumnCount(); ++c) row[c] = chunk.column(c).GetValue(idx);
    AddRow(row);
  }
}

void TableFormatter::FreezeWidths() {
  frozen_ = true;
  const size_t linesize = static_cast<size_t>(std::max(settings_.linesize, 1));
  for (size_t i = 0; i < columns_.size(); ++i) {
    Column& c = columns_[i];
    if (!c.sized_by_values) continue;
    for (const auto& row : pending_) c.width = std::max(c.width, row[i].size());
    c.width = std::min(c.width, linesize);
  }
  groups_.clear();
  size_t used = 0;
  for (size_t i = 0; i < columns_.size(); ++i) {
    const size_t need = columns_[i].width + (used == 0 ? 0 : 1);
    if (groups_.empty() || used + need > linesize) {
      groups_.emplace_back();
      used = 0;
    }
    used += columns_[i].width + (groups_.back().empty() ? 0 : 1);
    groups_.back().push_back(i);
  }
}

void TableFormatter::PrintHeadings() {
  out_ << '\n';
  for (const auto& group : groups_) {
    std::string head, line;
    bool first = true;
    for (size_t i : group) {
      const Column& c = columns_[i];
      if (!first) {
        head += ' ';
        line += ' ';
      }
      first = false;
      std::string h = c.heading.substr(0, c.width);
      std::string pad(c.width - h.size(), ' ');
      head += c.numeric ? pad + h : h + pad;
      line += std::string(c.width, '-');
    }
    out_ << RightTrim(head) << '\n' << line << '\n';
  }
}

void TableFormatter::PrintRow(const std::vector<std::string>& cells) {
  for (const auto& group : groups_) {
    size_t lines = 1;
    for (size_t i : group) {
      const size_t w = std::max<size_t>(columns_[i].width, 1);
      if (!columns_[i].numeric) lines = std::max(lines, (cells[i].size() + w - 1) / w);
    }
    for (size_t l = 0; l < lines; ++l) {
      std::string text;
      bool first = true;
      for (size_t i : group) {
        const Column& c = columns_[i];
        if (!first) text += ' ';
        first = false;
        std::string piece;
        if (c.numeric) {
          piece = l == 0 ? cells[i] : "";
          if (piece.size() > c.width) piece = std::string(c.width, '#');
          text += std::string(c.width - piece.size(), ' ') + piece;
        } else {
          const size_t from = l * c.width;
          piece = from < cells[i].size() ? cells[i].substr(from, c.width) : "";
          text += piece + std::string(c.width - piece.size(), ' ');
        }
      }
      out_ << RightTrim(text) << '\n';
    }
  }
}

void TableFormatter::Flush() {
  if (pending_.empty()) return;
  if (!frozen_) FreezeWidths();
  const bool headings = settings_.pagesize > 0 && settings_.heading;
  const size_t overhead = 1 + 2 * groups_.size();
  const size_t per_page =
      settings_.pagesize > 0 && static_cast<size_t>(settings_.pagesize) > overhead
          ? static_cast<size_t>(settings_.pagesize) - overhead
          : 1;
  for (const auto& row : pending_) {
    if (settings_.pagesize > 0 && rows_on_page_ == 0) {
      if (headings) {
        PrintHeadings();
      } else {
        out_ << '\n';
      }
    }
    PrintRow(row);
    if (settings_.pagesize > 0 && ++rows_on_page_ >= per_page) rows_on_page_ = 0;
  }
  pending_.clear();
}

void TableFormatter::End() {
  Flush();
  if (row_count_ > 0) out_ << '\n';
  for (size_t i = 0; i < columns_.size(); ++i) {
    if (!columns_[i].new_value.empty() && row_count_ > 0) {
      settings_.defines.Set(columns_[i].new_value, last_new_values_[i]);
    }
  }
}

}  // namespace pathdb::shell
