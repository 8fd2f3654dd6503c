/* libptxlint's C API: validate PTX text in-process, from C or through an FFI
 * (Python ctypes, Rust, Julia). It wraps ptxlint::lint (ptxlint.hpp).
 *
 *   ptxlint_result *r = ptxlint_lint(text, strlen(text), NULL);
 *   for (size_t i = 0; i < ptxlint_diagnostic_count(r); ++i) {
 *     ptxlint_diagnostic d;
 *     ptxlint_get_diagnostic(r, i, &d);
 *     printf("%u:%u: %s [%s]\n", d.line, d.column, d.message, d.code);
 *   }
 *   ptxlint_result_free(r);
 *
 * Every string stays valid until ptxlint_result_free. Calls on different
 * results may run in parallel threads.
 */
#ifndef PTXLINT_PTXLINT_H
#define PTXLINT_PTXLINT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ptxlint_result ptxlint_result;

typedef enum { PTXLINT_NOTE = 0, PTXLINT_WARNING = 1, PTXLINT_ERROR = 2 } ptxlint_severity;

typedef struct {
  const char* target;      /* NULL or "sm_80": check as if .target were this */
  const char* ptx_version; /* NULL or "7.8": check as if .version were this */
  unsigned max_errors;     /* 0: the default (1000) */
  unsigned max_nesting;    /* 0: the default (256) */
  int show_unchecked;      /* nonzero: PL9002 notes for unchecked instructions */
  const char* compat;      /* NULL or "manual": the manual's verdict; "ptxas-13.0":
                              that ptxas release's (ptxlint::Options::compat) */
} ptxlint_options;

typedef struct {
  const char* code; /* "PL3002" */
  const char* rule; /* "invalid-combination" */
  ptxlint_severity severity;
  unsigned line, column; /* 1-based; the column counts bytes */
  unsigned end_line, end_column;
  size_t byte_begin, byte_end;
  const char* message;
  const char* spec_section; /* manual section, "" if none */
  size_t note_count;
  size_t fixit_count;
} ptxlint_diagnostic;

typedef struct {
  size_t byte_begin, byte_end; /* replace these bytes (empty: insert) */
  const char* replacement;
} ptxlint_fixit;

/* Validates `size` bytes of PTX at `text`. `options` may be NULL. Returns
 * NULL only when out of memory. */
ptxlint_result* ptxlint_lint(const char* text, size_t size, const ptxlint_options* options);
void ptxlint_result_free(ptxlint_result* result);

size_t ptxlint_diagnostic_count(const ptxlint_result* result);
/* Returns 0 and fills `out`, or -1 if `index` is out of range. */
int ptxlint_get_diagnostic(const ptxlint_result* result, size_t index, ptxlint_diagnostic* out);
/* The text of note `note` of diagnostic `index`, or NULL. */
const char* ptxlint_get_note(const ptxlint_result* result, size_t index, size_t note);
int ptxlint_get_fixit(const ptxlint_result* result, size_t index, size_t fixit, ptxlint_fixit* out);

/* Number of diagnostics of `severity`; nonzero PTXLINT_ERROR means invalid. */
size_t ptxlint_count(const ptxlint_result* result, ptxlint_severity severity);
/* Instructions seen, checked against a table, and not covered by one. */
void ptxlint_instruction_counts(const ptxlint_result* result, size_t* seen, size_t* checked, size_t* unchecked);

/* The reference that judged: "manual" or "ptxas-13.0". */
const char* ptxlint_reference(const ptxlint_result* result);

const char* ptxlint_version(void);

#ifdef __cplusplus
}
#endif

#endif /* PTXLINT_PTXLINT_H */
