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
#include <fmt/format.h>

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
  const std::regex expectation_re(R"(expected-(error|warning|note)(@([+-]?\d+))?(:(\d+))?\s*\{\{(.*?)\}\})");
  std::istringstream lines(text);
  std::string line;
  std::uint32_t line_number = 0;
  while (std::getline(lines, line)) {
    ++line_number;
    if (line.find("expected-no-diagnostics") != std::string::npos) no_diagnostics = true;
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
      e.severity = m[1] == "error"     ? ptxlint::Severity::Error
                   : m[1] == "warning" ? ptxlint::Severity::Warning
                                       : ptxlint::Severity::Note;
      // @+N / @-N: relative to this line; @N: line N.
      if (!m[3].matched) {
        e.line = line_number;
      } else if (m[3].str()[0] == '+' || m[3].str()[0] == '-') {
        e.line = static_cast<std::uint32_t>(static_cast<int>(line_number) + std::stoi(m[3]));
      } else {
        e.line = static_cast<std::uint32_t>(std::stoul(m[3]));
      }
      if (m[5].matched) e.column = static_cast<std::uint32_t>(std::stoul(m[5]));
      e.text = m[6];
      e.written_on = line_number;
      expected.push_back(e);
    }
  }
  if (expected.empty() && !no_diagnostics) {
    fmt::print(stderr, "{}: no expectations and no 'expected-no-diagnostics': this test cannot fail\n", argv[1]);
    return 2;
  }

  ptxlint::Result result = ptxlint::lint(text, options);
  std::vector<Actual> actual;
  for (const ptxlint::Diagnostic& d : result.diagnostics) {
    actual.push_back({d.severity, d.begin.line, d.begin.column, fmt::format("{}: {}", d.code, d.message)});
    for (const ptxlint::DiagnosticNote& n : d.notes) {
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
      fmt::print("{}:{}:{}: unexpected {}: {}\n", argv[1], a.line, a.column, ptxlint::severityName(a.severity), a.text);
      ++failures;
    }
  }
  for (const Expectation& e : expected) {
    if (e.met) continue;
    fmt::print("{}:{}: expected {} not produced (line {}{}): {{{{{}}}}}\n", argv[1], e.written_on,
               ptxlint::severityName(e.severity), e.line, e.column ? fmt::format(", column {}", *e.column) : "",
               e.text);
    ++failures;
  }
  if (failures > 0) {
    fmt::print("{}: {} mismatches\n", argv[1], failures);
    return 1;
  }
  fmt::print("{}: {} expectations met\n", argv[1], expected.size());
  return 0;
}
