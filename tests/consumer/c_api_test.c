/* The C API, from C: validate a buffer, walk diagnostics, notes and fix-its. */
#include <stdio.h>
#include <string.h>

#include <ptxlint/ptxlint.h>

static const char* kBad =
    ".version 8.0\n"
    ".target sm_90\n"
    ".address_size 64\n"
    ".visible .entry k()\n"
    "{\n"
    "    .reg .b32 %r<4>;\n"
    "    mov.u32 %r1, %tid.x\n"
    "    cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f16 [%r1], [%r2], %r3;\n"
    "    ret;\n"
    "}\n";

int main(void) {
  ptxlint_result* r = ptxlint_lint(kBad, strlen(kBad), NULL);
  if (r == NULL) return 1;
  size_t n = ptxlint_diagnostic_count(r);
  printf("libptxlint %s: %zu diagnostics\n", ptxlint_version(), n);
  int saw_semicolon = 0;
  for (size_t i = 0; i < n; ++i) {
    ptxlint_diagnostic d;
    if (ptxlint_get_diagnostic(r, i, &d) != 0) return 1;
    printf("  %u:%u: %s [%s] (%s)\n", d.line, d.column, d.message, d.code, d.rule);
    for (size_t k = 0; k < d.note_count; ++k) printf("    note: %s\n", ptxlint_get_note(r, i, k));
    for (size_t k = 0; k < d.fixit_count; ++k) {
      ptxlint_fixit f;
      if (ptxlint_get_fixit(r, i, k, &f) == 0)
        printf("    fix-it: bytes %zu-%zu -> '%s'\n", f.byte_begin, f.byte_end, f.replacement);
    }
    if (strcmp(d.code, "PL1002") == 0 && d.line == 7 && d.column == 24 && d.fixit_count == 1) saw_semicolon = 1;
  }
  size_t errors = ptxlint_count(r, PTXLINT_ERROR);
  ptxlint_result_free(r);

  /* With the syntax fixed, the table check speaks: .add.f16 needs .noftz. */
  char fixed[1024];
  const char* at = strstr(kBad, "%tid.x\n");
  size_t head = (size_t)(at - kBad) + 6;
  memcpy(fixed, kBad, head);
  fixed[head] = ';';
  strcpy(fixed + head + 1, at + 6);
  ptxlint_options options = {0};
  ptxlint_result* r2 = ptxlint_lint(fixed, strlen(fixed), &options);
  ptxlint_diagnostic d2;
  int saw_noftz =
      ptxlint_diagnostic_count(r2) == 1 && ptxlint_get_diagnostic(r2, 0, &d2) == 0 && strcmp(d2.code, "PL3004") == 0;
  size_t seen = 0, checked = 0, unchecked = 0;
  ptxlint_instruction_counts(r2, &seen, &checked, &unchecked);
  printf("after the fix: %zu diagnostic(s), first %s; %zu instructions, %zu checked\n", ptxlint_diagnostic_count(r2),
         saw_noftz ? d2.code : "-", seen, checked);
  ptxlint_result_free(r2);
  ptxlint_result_free(NULL); /* allowed, like free() */
  /* Checked: mov.u32 (9.7.9.3), cp.reduce.async.bulk and ret (9.7.12.6). */
  return (errors == 1 && saw_semicolon && saw_noftz && seen == 3 && checked == 3) ? 0 : 1;
}
