#include "shell/csv_output.h"

#include "common/datetime.h"

namespace pathdb::shell {

std::string CsvQuote(std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(field);
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string CsvText(const Value& v, const DisplayFormats& formats) {
  if (v.is_null()) return "";
  switch (v.type().id) {
    case TypeId::kDate:
      return datetime::Format(v.date() * datetime::kMicrosPerSecond, formats.date);
    case TypeId::kTimestamp:
      return datetime::Format(v.timestamp(), formats.timestamp);
    case TypeId::kVarchar:
    case TypeId::kChar:
      return v.str();
    case TypeId::kNumber:
      return v.number().ToString();
    case TypeId::kBoolean:
      return v.boolean() ? "1" : "0";
    default:
      return v.ToString();
  }
}

void CsvSink::Begin(const std::vector<std::string>& names, const std::vector<LogicalType>&) {
  started_ = true;
  std::string line;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) line += ',';
    line += CsvQuote(names[i]);
  }
  out_ << line << '\n';
}

void CsvSink::Rows(const DataChunk& chunk) {
  std::string line;
  for (size_t r = 0; r < chunk.Count(); ++r) {
    const uint32_t idx = chunk.RowIndex(r);
    line.clear();
    for (size_t c = 0; c < chunk.ColumnCount(); ++c) {
      if (c) line += ',';
      line += CsvQuote(CsvText(chunk.column(c).GetValue(idx), display_formats()));
    }
    out_ << line << '\n';
  }
}

}  // namespace pathdb::shell
