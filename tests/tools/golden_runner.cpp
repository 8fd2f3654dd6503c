// Runs ptxlint on a golden .ptx file and compares its diagnostics with the
// expectations written beside the lines they judge:
//
//   add.s32 %r1, %r2 %r3;  // expected-error {{PL1001: expected ','}}
//   // expected-error@-1:22 {{...}}      @-1/@+1 relative, @7 absolute line;
//                                        :22 the column (optional)
//   // expected-note@+1 {{did you mean}}
//   // expected-no-diagnostics            (a clean file says so)
//   // lint-options: --show-unchecked      (options for this file)
//
// The text between {{ }} must occur in "CODE: message". Every diagnostic,
// notes included, must be expected, and every expectation met.
//
// Both verdicts (the manual's and a ptxas release's, src/spec/deviations.h):
//
//   // compat-verdicts: ptxas-13.0        (the file is checked a second time
//                                          with --compat=ptxas-13.0)
//   wgmma.fence.sync;  // expected-error {{PL3003: ...}} expected-compat-warning {{PL3003: ...}}
//   ld.global.u32 %r1, [4096];  // expected-warning {{PL5001}} expected-compat-error {{PL5001}}
//   mov.u32 %r1, %r2;  // expected-compat-clean  (nothing under --compat on this line)
//
// In the compat pass a line with an expected-compat-* (or -clean) is judged
// by those, any other line by its plain expectations; notes are not
// compared there. In a file without compat-verdicts, the note a laxer
// deviation adds to a manual error ("ptxas 13.0 accepts this today") is not
// compared either (the seed-family files, which have the marker, expect it).
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "ast/source_map.h"
#include "ptxlint/ptxlint.hpp"

namespace {

struct Expectation {
  ptxlint::Severity severity;
  std::uint32_t line;
  std::optional<std::uint32_t> column;
  std::string text;
  std::uint32_t written_on;
  bool met = false;
};

struct Actual {
  ptxlint::Severity severity;
  std::uint32_t line, column;
  std::string text;
};

bool isDeviationNote(std::string_view note);

// Lints `text` with `options` and matches the findings with `expected`:
// -> the mismatches, printed. `pass`: "" or "compat " (in the messages).
int compare(const char* file, std::string_view pass, const std::string& text, const ptxlint::Options& options,
            std::vector<Expectation>& expected, bool with_notes, bool deviation_notes) {
  ptxlint::Result result = ptxlint::lint(text, options);
  std::vector<Actual> actual;
  for (const ptxlint::Diagnostic& d : result.diagnostics) {
    actual.push_back({d.severity, d.begin.line, d.begin.column, fmt::format("{}: {}", d.code, d.message)});
    if (!with_notes) continue;
    for (const ptxlint::DiagnosticNote& n : d.notes) {
      if (!deviation_notes && isDeviationNote(n.message)) continue;
      ptxlint::LineColumn at = n.has_range ? n.begin : d.begin;
      actual.push_back({ptxlint::Severity::Note, at.line, at.column, n.message});
    }
  }

  int failures = 0;
  for (const Actual& a : actual) {
    Expectation* match = nullptr;
    for (Expectation& e : expected) {
      if (e.met || e.severity != a.severity || e.line != a.line) continue;
      if (e.column && *e.column != a.column) continue;
      if (a.text.find(e.text) == std::string::npos) continue;
      match = &e;
      break;
    }
    if (match != nullptr) {
      match->met = true;
    } else {
      fmt::print("{}:{}:{}: unexpected {}{}: {}\n", file, a.line, a.column, pass, ptxlint::severityName(a.severity),
                 a.text);
      ++failures;
    }
  }
  for (const Expectation& e : expected) {
    if (e.met) continue;
    fmt::print("{}:{}: expected {}{} not produced (line {}{}): {{{{{}}}}}\n", file, e.written_on, pass,
               ptxlint::severityName(e.severity), e.line, e.column ? fmt::format(", column {}", *e.column) : "",
               e.text);
    ++failures;
  }
  return failures;
}

bool isDeviationNote(std::string_view note) {
  return note.starts_with("ptxas ") && note.find(" accepts this today (deviation") != std::string_view::npos;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    fmt::print(stderr, "usage: golden_runner FILE.ptx\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    fmt::print(stderr, "cannot open {}\n", argv[1]);
    return 2;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();

  ptxlint::Options options;
  std::vector<Expectation> expected;
  bool no_diagnostics = false;
  std::vector<Expectation> compat_expected;
  std::vector<std::uint32_t> compat_lines;  // lines judged by expected-compat-*
  std::string compat;
  const std::regex expectation_re(R"(expected-(compat-)?(error|warning|note)(@([+-]?\d+))?(:(\d+))?\s*\{\{(.*?)\}\})");
  std::istringstream lines(text);
  std::string line;
  std::uint32_t line_number = 0;
  while (std::getline(lines, line)) {
    ++line_number;
    if (line.find("expected-no-diagnostics") != std::string::npos) no_diagnostics = true;
    if (auto at = line.find("compat-verdicts:"); at != std::string::npos) {
      std::istringstream words(line.substr(at + 16));
      words >> compat;
    }
    if (line.find("expected-compat-clean") != std::string::npos) compat_lines.push_back(line_number);
    if (auto at = line.find("lint-options:"); at != std::string::npos) {
      std::istringstream words(line.substr(at + 13));
      std::string word;
      while (words >> word) {
        if (word == "--show-unchecked")
          options.show_unchecked = true;
        else if (word.rfind("--max-nesting=", 0) == 0)
          options.max_nesting = static_cast<std::uint32_t>(std::stoul(word.substr(14)));
        else if (word.rfind("--target=", 0) == 0)
          options.target_override = word.substr(9);
        else if (word == "--Werror")
          options.warnings_as_errors = true;
        else if (word.rfind("--disable=", 0) == 0)
          options.disabled_rules.push_back(word.substr(10));
        else if (word.rfind("--enable=", 0) == 0)
          options.enabled_rules.push_back(word.substr(9));
        else if (word.rfind("--ptx-version=", 0) == 0)
          options.version_override = word.substr(14);
        else if (word.rfind("--max-errors=", 0) == 0)
          options.max_errors = static_cast<std::uint32_t>(std::stoul(word.substr(13)));
        else {
          fmt::print(stderr, "{}:{}: unknown lint-option '{}'\n", argv[1], line_number, word);
          return 2;
        }
      }
    }
    for (std::sregex_iterator it(line.begin(), line.end(), expectation_re), end; it != end; ++it) {
      const std::smatch& m = *it;
      Expectation e;
      e.severity = m[2] == "error"     ? ptxlint::Severity::Error
                   : m[2] == "warning" ? ptxlint::Severity::Warning
                                       : ptxlint::Severity::Note;
      // @+N / @-N: relative to this line; @N: line N.
      if (!m[4].matched) {
        e.line = line_number;
      } else if (m[4].str()[0] == '+' || m[4].str()[0] == '-') {
        e.line = static_cast<std::uint32_t>(static_cast<int>(line_number) + std::stoi(m[4]));
      } else {
        e.line = static_cast<std::uint32_t>(std::stoul(m[4]));
      }
      if (m[6].matched) e.column = static_cast<std::uint32_t>(std::stoul(m[6]));
      e.text = m[7];
      e.written_on = line_number;
      if (m[1].matched) {
        compat_expected.push_back(e);
        compat_lines.push_back(e.line);
      } else {
        expected.push_back(e);
      }
    }
  }
  if (expected.empty() && !no_diagnostics) {
    fmt::print(stderr, "{}: no expectations and no 'expected-no-diagnostics': this test cannot fail\n", argv[1]);
    return 2;
  }

  int failures = compare(argv[1], "", text, options, expected, true, !compat.empty());
  std::size_t count = expected.size();
  if (!compat.empty()) {
    // The compat pass: compat expectations where a line has them, the plain
    // ones elsewhere; errors and warnings only.
    std::vector<Expectation> second = compat_expected;
    for (const Expectation& e : expected) {
      bool replaced = std::find(compat_lines.begin(), compat_lines.end(), e.line) != compat_lines.end();
      if (!replaced && e.severity != ptxlint::Severity::Note)
        second.push_back({e.severity, e.line, e.column, e.text, e.written_on});
    }
    ptxlint::Options compat_options = options;
    compat_options.compat = compat;
    failures += compare(argv[1], "compat ", text, compat_options, second, false, true);
    count += second.size();
  }
  if (failures > 0) {
    fmt::print("{}: {} mismatches\n", argv[1], failures);
    return 1;
  }
  fmt::print("{}: {} expectations met\n", argv[1], count);
  return 0;
}
