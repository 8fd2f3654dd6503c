#include "diag/render_json.h"

#include <fmt/format.h>

#include "ast/source_map.h"
#include "support/text.h"

namespace ptxlint::diag {
namespace {

std::string sourceLocationJson(const SourceLocation& at) {
  return fmt::format("{{\"file\":{},\"line\":{},\"column\":{}}}", support::jsonQuote(at.file), at.line, at.column);
}

// `"source":{...}` after a diagnostic's fix-its, only for PTX with .loc.
std::string sourceOriginJson(const SourceOrigin& source) {
  std::string out = ",\"source\":" + sourceLocationJson(source.location);
  out.pop_back();
  out += fmt::format(",\"inline_asm\":{},\"inlined_at\":[", source.in_inline_asm ? "true" : "false");
  for (std::size_t i = 0; i < source.inlined_at.size(); ++i) {
    if (i > 0) out += ',';
    out += sourceLocationJson(source.inlined_at[i]);
  }
  return out + "]}";
}

}  // namespace

std::string statsJson(const Statistics& s, bool all_stats) {
  std::string out =
      fmt::format(R"({{"bytes":{},"tokens":{},"instructions":{},"checked":{},"unchecked":{},"unparsed":{})", s.bytes,
                  s.tokens, s.instructions, s.checked, s.unchecked, s.unparsed);
  if (all_stats) {
    out += fmt::format(
        R"(,"chunks":{},"slow_chunks":{},"ll_fallbacks":{},"parsed_runs":{},"reused_runs":{},)"
        R"("unbuilt_instructions":{},"prescan_ms":{:.3f},"parse_ms":{:.3f},"check_ms":{:.3f},"finish_ms":{:.3f})",
        s.chunks, s.slow_chunks, s.ll_fallbacks, s.parsed_runs, s.reused_runs, s.unbuilt_instructions,
        s.prescan_ns / 1e6, s.parse_ns / 1e6, s.check_ns / 1e6, s.finish_ns / 1e6);
  }
  return out + "}";
}

std::string renderJson(std::span<const FileReport> files, bool all_stats) {
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
      out += ']';
      if (d.source) out += sourceOriginJson(*d.source);
      out += '}';
    }
    out += "],\"stats\":" + statsJson(f.result->stats, all_stats) +
           ",\"truncated\":" + (f.result->truncated ? "true" : "false") +
           ",\"reference\":" + support::jsonQuote(f.result->reference) + "}";
  }
  out += "]}\n";
  return out;
}

}  // namespace ptxlint::diag
