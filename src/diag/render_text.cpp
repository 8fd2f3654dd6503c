#include "diag/render_text.h"

#include <fmt/format.h>

#include <algorithm>

#include "ast/source_map.h"

namespace ptxlint::diag {
namespace {

constexpr std::string_view kBold = "\033[1m";
constexpr std::string_view kReset = "\033[0m";
constexpr std::string_view kRed = "\033[1;31m";
constexpr std::string_view kMagenta = "\033[1;35m";
constexpr std::string_view kCyan = "\033[1;36m";
constexpr std::string_view kGreen = "\033[1;32m";

class TextRenderer {
 public:
  TextRenderer(std::string_view file, std::string_view text, const TextStyle& style)
      : file_(file), map_(text, style.text_is_file_mapping), style_(style) {}

  void diagnostic(const Diagnostic& d) {
    header(d.begin, d.severity, d.message, d.code);
    if (style_.show_source) sourceLine(d.range, d.begin, d.fixits);
    for (const DiagnosticNote& n : d.notes) {
      header(n.has_range ? n.begin : d.begin, Severity::Note, n.message, {});
      if (n.has_range && style_.show_source) sourceLine(n.range, n.begin, {});
    }
    if (d.source) origin(*d.source);
  }

  std::string take() { return std::move(out_); }

 private:
  void paint(std::string_view color) {
    if (style_.color) out_ += color;
  }

  // The source that generated the line (.loc): `kernel.cu:5:3: note:
  // generated from here`, then the call sites it was inlined at.
  void origin(const SourceOrigin& source) {
    std::string_view what = source.in_inline_asm ? "generated from here, in inline asm" : "generated from here";
    header(source.location, Severity::Note, what, {});
    for (const SourceLocation& call : source.inlined_at) header(call, Severity::Note, "inlined from here", {});
  }

  void header(const SourceLocation& at, Severity severity, std::string_view message, std::string_view code) {
    // Column 0: the generator gave none; `file:line:` as compilers print it.
    std::string where = at.column == 0 ? fmt::format("{}:{}: ", at.file, at.line)
                                       : fmt::format("{}:{}:{}: ", at.file, at.line, at.column);
    label(where, severity, message, code);
  }

  void header(LineColumn at, Severity severity, std::string_view message, std::string_view code) {
    label(fmt::format("{}:{}:{}: ", file_, at.line, at.column), severity, message, code);
  }

  void label(std::string_view where, Severity severity, std::string_view message, std::string_view code) {
    paint(kBold);
    out_ += where;
    paint(severity == Severity::Error ? kRed : severity == Severity::Warning ? kMagenta : kCyan);
    out_ += severityName(severity);
    out_ += ": ";
    paint(kReset);
    paint(kBold);
    out_ += message;
    if (!code.empty()) out_ += fmt::format(" [{}]", code);
    paint(kReset);
    out_ += '\n';
  }

  // Spaces (or tabs, where the source has them) up to `column`, so that
  // the caret lines up under the source line in any terminal.
  std::string padding(std::string_view line, std::uint32_t column) {
    std::string pad;
    for (std::uint32_t i = 0; i + 1 < column && i < line.size(); ++i) pad += line[i] == '\t' ? '\t' : ' ';
    if (column > line.size() + 1) pad.append(column - 1 - line.size(), ' ');
    return pad;
  }

  void sourceLine(SourceRange range, LineColumn begin, const std::vector<FixIt>& fixits) {
    std::string_view line = map_.lineText(begin.line);
    if (line.size() > 4096) return;  // a minified or hostile line: no excerpt
    out_ += line;
    out_ += '\n';
    LineColumn end = map_.lineColumn(range.end);
    std::uint32_t underline = 0;
    if (end.line == begin.line && end.column > begin.column) underline = end.column - begin.column - 1;
    if (end.line != begin.line) {
      underline = static_cast<std::uint32_t>(line.size() >= begin.column ? line.size() - begin.column : 0);
    }
    out_ += padding(line, begin.column);
    paint(kGreen);
    out_ += '^';
    out_.append(underline, '~');
    paint(kReset);
    out_ += '\n';
    for (const FixIt& fix : fixits) {
      LineColumn at = map_.lineColumn(fix.range.begin);
      if (at.line != begin.line || fix.replacement.find('\n') != std::string::npos) continue;
      out_ += padding(line, at.column);
      paint(kGreen);
      out_ += fix.replacement;
      paint(kReset);
      out_ += '\n';
    }
  }

  std::string_view file_;
  ast::SourceMap map_;
  const TextStyle& style_;
  std::string out_;
};

}  // namespace

std::string renderText(std::string_view file_name, std::string_view text, std::span<const Diagnostic> diagnostics,
                       const TextStyle& style) {
  TextRenderer renderer(file_name, text, style);
  for (const Diagnostic& d : diagnostics) renderer.diagnostic(d);
  return renderer.take();
}

}  // namespace ptxlint::diag
