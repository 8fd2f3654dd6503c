// The C API (include/ptxlint/ptxlint.h) over ptxlint::lint.
#include "ptxlint/ptxlint.h"

#include <new>
#include <string>
#include <vector>

#include "ptxlint/ptxlint.hpp"

struct ptxlint_result {
  ptxlint::Result result;
  // NUL-terminated copies of the texts the C side sees.
  std::vector<std::string> codes, rules, sections;
};

namespace {

ptxlint_severity toC(ptxlint::Severity s) {
  switch (s) {
    case ptxlint::Severity::Note: return PTXLINT_NOTE;
    case ptxlint::Severity::Warning: return PTXLINT_WARNING;
    case ptxlint::Severity::Error: return PTXLINT_ERROR;
  }
  return PTXLINT_ERROR;
}

}  // namespace

extern "C" {

ptxlint_result* ptxlint_lint(const char* text, size_t size, const ptxlint_options* options) {
  ptxlint::Options o;
  if (options != nullptr) {
    if (options->target != nullptr) o.target_override = options->target;
    if (options->ptx_version != nullptr) o.version_override = options->ptx_version;
    if (options->max_errors != 0) o.max_errors = options->max_errors;
    if (options->max_nesting != 0) o.max_nesting = options->max_nesting;
    o.show_unchecked = options->show_unchecked != 0;
    if (options->compat != nullptr && std::string_view(options->compat) != "manual") o.compat = options->compat;
  }
  auto* r = new (std::nothrow) ptxlint_result;
  if (r == nullptr) return nullptr;
  try {
    r->result = ptxlint::lint(std::string_view(text == nullptr ? "" : text, text == nullptr ? 0 : size), o);
    for (const ptxlint::Diagnostic& d : r->result.diagnostics) {
      r->codes.emplace_back(d.code);
      r->rules.emplace_back(d.rule);
      r->sections.emplace_back(d.spec_section);
    }
  } catch (const std::bad_alloc&) {
    delete r;
    return nullptr;
  }
  return r;
}

void ptxlint_result_free(ptxlint_result* result) { delete result; }

size_t ptxlint_diagnostic_count(const ptxlint_result* result) {
  return result == nullptr ? 0 : result->result.diagnostics.size();
}

int ptxlint_get_diagnostic(const ptxlint_result* result, size_t index, ptxlint_diagnostic* out) {
  if (result == nullptr || out == nullptr || index >= result->result.diagnostics.size()) return -1;
  const ptxlint::Diagnostic& d = result->result.diagnostics[index];
  out->code = result->codes[index].c_str();
  out->rule = result->rules[index].c_str();
  out->severity = toC(d.severity);
  out->line = d.begin.line;
  out->column = d.begin.column;
  out->end_line = d.end.line;
  out->end_column = d.end.column;
  out->byte_begin = d.range.begin;
  out->byte_end = d.range.end;
  out->message = d.message.c_str();
  out->spec_section = result->sections[index].c_str();
  out->note_count = d.notes.size();
  out->fixit_count = d.fixits.size();
  return 0;
}

const char* ptxlint_get_note(const ptxlint_result* result, size_t index, size_t note) {
  if (result == nullptr || index >= result->result.diagnostics.size()) return nullptr;
  const auto& notes = result->result.diagnostics[index].notes;
  return note < notes.size() ? notes[note].message.c_str() : nullptr;
}

int ptxlint_get_fixit(const ptxlint_result* result, size_t index, size_t fixit, ptxlint_fixit* out) {
  if (result == nullptr || out == nullptr || index >= result->result.diagnostics.size()) return -1;
  const auto& fixits = result->result.diagnostics[index].fixits;
  if (fixit >= fixits.size()) return -1;
  out->byte_begin = fixits[fixit].range.begin;
  out->byte_end = fixits[fixit].range.end;
  out->replacement = fixits[fixit].replacement.c_str();
  return 0;
}

size_t ptxlint_count(const ptxlint_result* result, ptxlint_severity severity) {
  if (result == nullptr) return 0;
  size_t n = 0;
  for (const ptxlint::Diagnostic& d : result->result.diagnostics) n += toC(d.severity) == severity;
  return n;
}

const char* ptxlint_reference(const ptxlint_result* result) { return result->result.reference.c_str(); }

void ptxlint_instruction_counts(const ptxlint_result* result, size_t* seen, size_t* checked, size_t* unchecked) {
  const ptxlint::Statistics empty;
  const ptxlint::Statistics& s = result == nullptr ? empty : result->result.stats;
  if (seen != nullptr) *seen = s.instructions;
  if (checked != nullptr) *checked = s.checked;
  if (unchecked != nullptr) *unchecked = s.unchecked;
}

const char* ptxlint_version(void) { return PTXLINT_VERSION; }

}  // extern "C"
