// libptxlint: validate PTX text in-process.
//
//   ptxlint::Result r = ptxlint::lint(ptx_text);
//   for (const ptxlint::Diagnostic& d : r.diagnostics) ...
//
// No ANTLR or fmt type appears in this header. lint() keeps no state between
// calls, so different threads may validate different buffers at once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptxlint/diagnostic.hpp"

namespace ptxlint {

struct Options {
  // Bounds that keep hostile input from exhausting the stack or the output.
  std::uint32_t max_nesting = 256;  // braces, parentheses, expression depth
  std::uint32_t max_errors = 1000;  // per buffer; further errors are dropped
  // Report each instruction that no table covers as a PL9002 note.
  bool show_unchecked = false;
  // Check the file as if it declared this .target ("sm_80") or .version
  // ("7.8") instead of its own: "would this assemble for sm_80?".
  std::string target_override;
  std::string version_override;
  // Which reference judges: "" (the PTX ISA manual, the default) or
  // "ptxas-13.0", the verdict of that ptxas release: where ptxas is stricter
  // than the manual (a known deviation, `ptxlint --list-deviations`) the
  // file gets an error, where ptxas is laxer the manual's error becomes a
  // warning, and a .version or .target that release does not know is an
  // error. A release the tables do not know (compatKnown() says) judges as
  // the manual.
  std::string compat;
  // Rule control, by code ("PL3002") or name ("invalid-combination"):
  // disabled rules report nothing; enabled ones report even if off by default
  // (PL9002). Warnings count as errors with warnings_as_errors.
  std::vector<std::string> disabled_rules;
  std::vector<std::string> enabled_rules;
  bool warnings_as_errors = false;
  // Honour `// ptxlint-disable-next-line [CODE, ...]` and
  // `// ptxlint-disable-line [CODE, ...]` comments in the checked text.
  bool suppression_comments = true;
  // Parse valid input through the fast path (the ANTLR parser once per
  // statement shape, see src/parse/fast_path.h). The AST and diagnostics are
  // the same either way; off only to measure or compare.
  bool fast_path = true;
  // Check each chunk of the file (whole top-level items, at least
  // chunk_bytes long) as soon as it is parsed, then drop its AST: memory
  // follows the largest chunk instead of the file. The findings are the same
  // either way (a file with a syntax error, or with module directives after
  // its first chunk, is checked whole); off only to measure or compare.
  bool streaming = true;
  // Reuse the verdict of an instruction that reads the same to the checker
  // as one already found clean (same opcode, qualifiers, constants and
  // operand shapes, registers of the same declared types; see
  // sema::CheckMemo). The findings are the same either way; off only to
  // measure or compare.
  bool memoize_checks = true;
  // The least length of a chunk (Options::streaming). Small chunks keep the
  // memory of a check small, and a cold process pays for every fresh page
  // it touches (a page fault, about 2 microseconds): at 8 KiB, a 45 KB nvcc
  // module takes 231 page faults rather than 326 at 64 KiB, a 144 KB one
  // 433 rather than 619, for the same instructions.
  std::uint32_t chunk_bytes = 8 * 1024;
  // Threads for one input. With 2 or more, an input of at least eight
  // chunks is parsed on that many threads at once (the calling thread and
  // threads it starts), chunk by chunk, and each chunk checked in order as
  // soon as the ones before it are (the checks carry the module's symbols
  // from chunk to chunk). The findings are the same; a chunk's AST is held
  // per thread. The CLI gives a file two when --jobs leaves a thread spare,
  // with chunk_bytes 64 KiB: at 8 KiB each chunk's hand-over to the next
  // thread costs more than the overlap gives.
  std::uint32_t threads = 1;
  // Infer the lowest .version and .target the text needs (Result::requirements).
  bool infer_requirements = false;
  // Give each diagnostic of a text with .file/.loc directives the source
  // location that generated its line (Diagnostic::source). Read only when
  // there is a diagnostic.
  bool source_origins = true;
  // The text is a read-only private mapping of a file (mmap PROT_READ,
  // MAP_PRIVATE): ptxlint may give its pages back to the kernel behind each
  // pass (madvise MADV_DONTNEED; they are read from the file again when a
  // diagnostic needs its line), so that memory follows the chunk being
  // checked, not the file. Only for such a mapping: any other memory would
  // lose its contents. The CLI sets it for the large files it maps.
  bool input_is_file_mapping = false;
};

struct Statistics {
  std::uint64_t bytes = 0;
  std::uint64_t tokens = 0;
  std::uint64_t instructions = 0;  // instruction statements seen
  std::uint64_t checked = 0;       // covered by an instruction table
  std::uint64_t unchecked = 0;     // parsed but not covered
  // Statements (or top-level items) left out of the checks because they
  // have a syntax error; every other statement is checked.
  std::uint64_t unparsed = 0;
  std::uint32_t chunks = 0;        // pieces the parser worked on
  std::uint32_t ll_fallbacks = 0;  // pieces re-parsed with full LL prediction
  std::uint32_t slow_chunks = 0;   // chunks the fast path handed to the slow path
  std::uint64_t parsed_runs = 0;   // fast path: statement runs parsed by ANTLR
  std::uint64_t reused_runs = 0;   // fast path: runs whose token shape was parsed before
  // Instructions judged from their tokens and a cached verdict, their AST
  // never built (streaming checks of reused runs; see ast::DeferredInstruction).
  std::uint64_t unbuilt_instructions = 0;
  // Wall time of each phase, in nanoseconds (for benchmarks; never asserted).
  std::uint64_t prescan_ns = 0;  // encoding, nesting bound, chunk boundaries
  std::uint64_t parse_ns = 0;    // lexing, parsing and AST building (after the prescan)
  std::uint64_t check_ns = 0;    // the semantic checks
  std::uint64_t finish_ns = 0;   // ordering, suppressions, line/column positions
};

// One inferred requirement: the value, and the first construct that needs
// it (has_reason false: nothing in the text needs more than the lowest value,
// or the version is the one the target needs).
struct Requirement {
  std::string value;  // "7.8", "sm_90a"; empty: no single target satisfies every use
  bool has_reason = false;
  std::uint32_t line = 0, column = 0;  // 1-based
  std::string reason;                  // "'barrier.cluster.arrive' requires PTX ISA 7.8"
  std::string spec_section;            // the manual section of the rule
};

// What the text needs of .version and .target: the lowest values under which
// every version- and target-gated use (instructions, qualifiers, special
// registers, directives) is valid. Instructions no table covers add needs
// that are not known: `unknown` counts them.
struct Requirements {
  Requirement version;
  Requirement target;
  std::uint64_t unknown = 0;
};

struct Result {
  std::vector<Diagnostic> diagnostics;  // sorted by position
  Statistics stats;
  std::optional<Requirements> requirements;  // with Options::infer_requirements
  bool truncated = false;                    // max_errors was reached
  // The reference that judged (Options::compat): "manual" or "ptxas-13.0".
  std::string reference = "manual";

  std::size_t count(Severity severity) const;
  bool hasErrors() const { return count(Severity::Error) > 0; }
};

// Validates one PTX module held in `text`.
Result lint(std::string_view text, const Options& options = {});

// Whether `compat` names a reference ptxlint knows ("", "ptxas-13.0").
bool compatKnown(std::string_view compat);
// The reference a result was judged by: "manual" or "ptxas-13.0".
std::string_view referenceName(const Options& options);

// ptxlint's own version, "MAJOR.MINOR.PATCH".
std::string_view version();

}  // namespace ptxlint
