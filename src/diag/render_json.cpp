#include "diag/render_json.h"

#include <fmt/format.h>

#include "ast/source_map.h"
#include "support/text.h"

namespace ptxlint::diag {
std::string renderJson(std::span<const FileReport> files) {
  std::string out = "{\"schema\":\"ptxlint-diagnostics\",\"schema_version\":1,\"ptxlint_version\":" +
                    support::jsonQuote(ptxlint::version()) + ",\"files\":[";
  bool first_file = true;
  for (const FileReport& f : files) {
    if (!first_file) out += ',';
    first_file = false;
    ast::SourceMap map(f.text);
    out += "{\"file\":" + support::jsonQuote(f.file) + ",\"diagnostics\":[";
    bool first = true;
    for (const Diagnostic& d : f.result->diagnostics) {
      if (!first) out += ',';
      first = false;
      out += fmt::format(
          "{{\"code\":{},\"rule\":{},\"severity\":{},\"line\":{},\"column\":{},\"end_line\":{},\"end_column\":{},"
          "\"byte_begin\":{},\"byte_end\":{},\"message\":{},\"spec_section\":{},\"notes\":[",
          support::jsonQuote(d.code), support::jsonQuote(d.rule), support::jsonQuote(severityName(d.severity)),
          d.begin.line, d.begin.column, d.end.line, d.end.column, d.range.begin, d.range.end,
          support::jsonQuote(d.message), support::jsonQuote(d.spec_section));
      bool first_note = true;
      for (const DiagnosticNote& n : d.notes) {
        if (!first_note) out += ',';
        first_note = false;
        LineColumn at = n.has_range ? n.begin : d.begin;
        out += fmt::format("{{\"message\":{},\"line\":{},\"column\":{}}}", support::jsonQuote(n.message), at.line,
                           at.column);
      }
      out += "],\"fixits\":[";
      bool first_fix = true;
      for (const FixIt& fix : d.fixits) {
        if (!first_fix) out += ',';
        first_fix = false;
        LineColumn b = map.lineColumn(fix.range.begin);
        LineColumn e = map.lineColumn(fix.range.end);
        out += fmt::format(
            "{{\"line\":{},\"column\":{},\"end_line\":{},\"end_column\":{},\"byte_begin\":{},\"byte_end\":{},"
            "\"replacement\":{}}}",
            b.line, b.column, e.line, e.column, fix.range.begin, fix.range.end, support::jsonQuote(fix.replacement));
      }
      out += "]}";
    }
    const Statistics& s = f.result->stats;
    out += fmt::format(
        "],\"stats\":{{\"bytes\":{},\"tokens\":{},\"instructions\":{},\"checked\":{},\"unchecked\":{},"
        "\"unparsed\":{}}},\"truncated\":{}}}",
        s.bytes, s.tokens, s.instructions, s.checked, s.unchecked, s.unparsed, f.result->truncated ? "true" : "false");
  }
  out += "]}\n";
  return out;
}

}  // namespace ptxlint::diag
