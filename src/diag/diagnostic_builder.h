// Collects diagnostics while a buffer is checked. Checks emit and carry on;
// the engine fills in line/column and applies the options at the end.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "diag/rules.h"
#include "ptxlint/diagnostic.hpp"

namespace ptxlint::diag {

class DiagnosticSink {
 public:
  explicit DiagnosticSink(std::size_t max_errors = 1000) : max_errors_(max_errors), keep_limit_(max_errors * 4 + 64) {}

  // The same, citing the manual's section the rule comes from.
  Diagnostic& report(RuleId rule, SourceRange range, std::string message, std::string_view section) {
    Diagnostic& d = report(rule, range, std::move(message));
    d.spec_section = section;
    return d;
  }

  // Starts a diagnostic of `rule` at `range`; the returned reference stays
  // valid until the next report() and can receive notes and fix-its.
  Diagnostic& report(RuleId rule, SourceRange range, std::string message) {
    const RuleInfo& info = ruleInfo(rule);
    // Bounded memory on hostile input: past a margin over the limit (the
    // engine keeps the first max_errors by position), findings are counted
    // but not kept.
    if (diagnostics_.size() >= keep_limit_) {
      ++dropped_count_;
      overflow_ = Diagnostic{};
      return overflow_;
    }
    Diagnostic& d = diagnostics_.emplace_back();
    d.code = info.code;
    d.rule = info.slug;
    d.severity = info.default_severity;
    d.range = range;
    d.message = std::move(message);
    d.spec_section = info.section;
    if (d.severity == Severity::Error) ++error_count_;
    return d;
  }

  static void addNote(Diagnostic& d, std::string message) {
    d.notes.push_back(DiagnosticNote{std::move(message), false, {}, {}});
  }
  static void addNote(Diagnostic& d, SourceRange range, std::string message) {
    d.notes.push_back(DiagnosticNote{std::move(message), true, range, {}});
  }
  static void addFixIt(Diagnostic& d, SourceRange range, std::string replacement) {
    d.fixits.push_back(FixIt{range, std::move(replacement)});
  }

  // Changes the severity of a finding this sink holds (a deviation between
  // the manual and ptxas, judged by --compat), keeping the error count.
  void setSeverity(Diagnostic& d, Severity severity) {
    if (d.severity == Severity::Error && error_count_ > 0) --error_count_;
    if (severity == Severity::Error) ++error_count_;
    d.severity = severity;
  }

  // Takes a finding made by another sink (one kept apart, then merged).
  void adopt(Diagnostic&& d) {
    if (diagnostics_.size() >= keep_limit_) {
      ++dropped_count_;
      return;
    }
    if (d.severity == Severity::Error) ++error_count_;
    diagnostics_.push_back(std::move(d));
  }
  void addDropped(std::size_t count) { dropped_count_ += count; }

  std::size_t errorCount() const { return error_count_; }
  bool tooManyErrors() const { return error_count_ >= max_errors_; }
  std::size_t maxErrors() const { return max_errors_; }
  // Findings past the keep limit, counted but not kept.
  std::size_t droppedCount() const { return dropped_count_; }
  std::vector<Diagnostic>& diagnostics() { return diagnostics_; }

 private:
  std::vector<Diagnostic> diagnostics_;
  std::size_t error_count_ = 0;
  std::size_t max_errors_;
  std::size_t keep_limit_;
  std::size_t dropped_count_ = 0;
  Diagnostic overflow_;
};

}  // namespace ptxlint::diag
