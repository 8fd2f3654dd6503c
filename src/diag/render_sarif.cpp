#include "diag/render_sarif.h"

#include <fmt/format.h>

#include "ast/source_map.h"
#include "diag/rules.h"
#include "support/text.h"

namespace ptxlint::diag {
namespace {

std::string_view level(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

// A file name as a SARIF URI: relative paths stay relative references, an
// absolute path becomes a file:// URI (SARIF1004), and characters outside
// the unreserved set are percent-encoded.
std::string uri(std::string_view file) {
  std::string out = !file.empty() && file[0] == '/' ? "file://" : "";
  for (char c : file) {
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
                 c == '_' || c == '~' || c == '/';
    out += plain ? std::string(1, c) : fmt::format("%{:02X}", static_cast<unsigned char>(c));
  }
  return out;
}

std::string region(LineColumn begin, LineColumn end) {
  // SARIF regions are non-empty by convention; an insertion point keeps its
  // start and ends at the same column.
  return fmt::format("{{\"startLine\":{},\"startColumn\":{},\"endLine\":{},\"endColumn\":{}}}", begin.line,
                     begin.column, end.line, std::max(end.column, end.line == begin.line ? begin.column : 1u));
}

// Related locations in the generating source (.loc): where the line came
// from, then the call sites it was inlined at. Column 0 (none given): the
// region names the line only.
std::string sourceOriginLocations(const SourceOrigin& source, std::size_t first_id) {
  auto one = [](std::size_t id, std::string_view message, const SourceLocation& at) {
    std::string region = at.column == 0
                             ? fmt::format("{{\"startLine\":{}}}", std::max(at.line, 1u))
                             : fmt::format("{{\"startLine\":{},\"startColumn\":{}}}", std::max(at.line, 1u), at.column);
    return fmt::format(
        "{{\"id\":{},\"message\":{{\"text\":{}}},\"physicalLocation\":{{\"artifactLocation\":{{\"uri\":{}}},"
        "\"region\":{}}}}}",
        id, support::jsonQuote(message), support::jsonQuote(uri(at.file)), region);
  };
  std::string out = one(first_id, source.in_inline_asm ? "generated from here, in inline asm" : "generated from here",
                        source.location);
  for (std::size_t i = 0; i < source.inlined_at.size(); ++i) {
    out += ',';
    out += one(first_id + 1 + i, "inlined from here", source.inlined_at[i]);
  }
  return out;
}

}  // namespace

std::string renderSarif(std::span<const FileReport> files, bool stats) {
  std::string out =
      "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{"
      "\"tool\":{\"driver\":{\"name\":\"ptxlint\",\"version\":" +
      support::jsonQuote(ptxlint::version()) + ",\"rules\":[";
  auto rules = allRules();
  for (std::size_t i = 0; i < rules.size(); ++i) {
    const RuleInfo& r = rules[i];
    if (i > 0) out += ',';
    out += fmt::format(
        "{{\"id\":{},\"name\":{},\"shortDescription\":{{\"text\":{}}},\"fullDescription\":{{\"text\":{}}},"
        "\"help\":{{\"text\":{}}},\"defaultConfiguration\":{{\"level\":{}}},\"properties\":{{\"manualSection\":{}}}}}",
        support::jsonQuote(r.code), support::jsonQuote(r.slug), support::jsonQuote(r.summary),
        support::jsonQuote(r.summary), support::jsonQuote(r.doc), support::jsonQuote(level(r.default_severity)),
        support::jsonQuote(r.section));
  }
  out += "]}},\"columnKind\":\"unicodeCodePoints\",\"results\":[";
  bool first = true;
  for (std::size_t fi = 0; fi < files.size(); ++fi) {
    const FileReport& f = files[fi];
    ast::SourceMap map(f.text);
    std::string location_prefix = fmt::format("\"physicalLocation\":{{\"artifactLocation\":{{\"uri\":{}}},\"region\":",
                                              support::jsonQuote(uri(f.file)));
    for (const Diagnostic& d : f.result->diagnostics) {
      if (!first) out += ',';
      first = false;
      std::size_t rule_index = 0;
      if (auto id = findRule(d.code)) rule_index = static_cast<std::size_t>(*id);
      out += fmt::format(
          "{{\"ruleId\":{},\"ruleIndex\":{},\"level\":{},\"message\":{{\"text\":{}}},\"locations\":[{{{}{}}}}}]",
          support::jsonQuote(d.code), rule_index, support::jsonQuote(level(d.severity)), support::jsonQuote(d.message),
          location_prefix, region(d.begin, d.end));
      if (!d.notes.empty() || d.source) {
        out += ",\"relatedLocations\":[";
        for (std::size_t n = 0; n < d.notes.size(); ++n) {
          const DiagnosticNote& note = d.notes[n];
          LineColumn at = note.has_range ? note.begin : d.begin;
          LineColumn end = note.has_range ? map.lineColumn(note.range.end) : d.end;
          if (n > 0) out += ',';
          out += fmt::format("{{\"id\":{},\"message\":{{\"text\":{}}},{}{}}}}}", n, support::jsonQuote(note.message),
                             location_prefix, region(at, end));
        }
        if (d.source) {
          if (!d.notes.empty()) out += ',';
          out += sourceOriginLocations(*d.source, d.notes.size());
        }
        out += ']';
      }
      if (!d.fixits.empty()) {
        out += fmt::format(
            ",\"fixes\":[{{\"description\":{{\"text\":{}}},\"artifactChanges\":[{{\"artifactLocation\":{{\"uri\":{}}},"
            "\"replacements\":[",
            support::jsonQuote("apply the suggested change"), support::jsonQuote(uri(f.file)));
        for (std::size_t x = 0; x < d.fixits.size(); ++x) {
          const FixIt& fix = d.fixits[x];
          if (x > 0) out += ',';
          out += fmt::format(
              "{{\"deletedRegion\":{{\"byteOffset\":{},\"byteLength\":{}}},\"insertedContent\":{{\"text\":{}}}}}",
              fix.range.begin, fix.range.end - fix.range.begin, support::jsonQuote(fix.replacement));
        }
        out += "]}]}]";
      }
      out += fmt::format(",\"properties\":{{\"manualSection\":{}}}}}", support::jsonQuote(d.spec_section));
    }
  }
  out += ']';
  // Which reference judged (--compat): the same for every file of a run.
  std::string_view reference = files.empty() ? std::string_view("manual") : files.front().result->reference;
  out += fmt::format(",\"properties\":{{\"reference\":{}", support::jsonQuote(reference));
  if (stats) {
    out += ",\"stats\":[";
    for (std::size_t fi = 0; fi < files.size(); ++fi) {
      const FileReport& f = files[fi];
      out += fmt::format("{}{{\"file\":{},\"stats\":{},\"truncated\":{}}}", fi > 0 ? "," : "",
                         support::jsonQuote(f.file), statsJson(f.result->stats, true), f.result->truncated);
    }
    out += ']';
  }
  out += "}}]}\n";
  return out;
}

}  // namespace ptxlint::diag
