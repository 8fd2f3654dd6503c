// The PTX parser facade: the only code in ptxlint that uses ANTLR.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic_builder.h"
#include "parse/prescan.h"
#include "support/input_pages.h"

namespace ptxlint::parse {

struct ParseOptions {
  std::uint32_t max_nesting = 256;
  // Top-level items are parsed in chunks of at least this many bytes.
  std::uint32_t min_chunk_bytes = 64 * 1024;
  // An item longer than a chunk (a function body, an initializer list, a
  // debug section) is cut into pieces of about a chunk, each parsed as a
  // whole item and handed over as one (ast::Piece), so that memory follows
  // the chunk even inside one item; for a consumer that takes the pieces
  // one at a time (lint's streaming checks). Only where the chunks are cut
  // on tokens (the fast path on plain text); off: items whole.
  bool split_items = false;
  // The fast path (fast_path.h) for chunks without syntax errors; off only
  // to compare it with the slow path in tests.
  bool fast_path = true;
  // The fast path may leave reused instructions unbuilt (ast::
  // DeferredInstruction), for a consumer that builds them when it must:
  // lint's checks. Off for every other use of the AST.
  bool defer_instructions = false;
  // Every data line of a section (ast::SectionItem) is kept in the AST; off
  // for lint's checks, where the fast path keeps only the lines the checks
  // could find something in (src/sema/debug_directives.cpp) and drops a line of
  // .b8, .b32 or .b64 integers that fit it once its syntax is checked (a
  // -G module's debug sections are most of it).
  bool keep_section_data = true;
  // The fast path parses a run with the hand-written parser (hand_parser.h)
  // where it can, else with ANTLR; off only to compare the two in tests.
  bool hand_parser = true;
  // For tests: the fast path parses every run with both parsers (taking
  // none from the shape cache) and counts in ParseStats::hand_mismatches the
  // runs the hand-written parser accepted that ANTLR parses otherwise, or
  // refuses, or whose AST draws a diagnostic.
  bool compare_hand_parser = false;
  // Set by the parse itself where each chunk's module is consumed before
  // the next chunk is lexed (parseOnTokens with a consumer): a chunk's
  // deferred instructions then refer to the chunk's tokens where they are
  // (ast::Module::borrowed_tokens), not to copies of them.
  bool borrow_chunk_tokens = false;
  // Stop after this many bytes in a row that gave nothing but syntax errors
  // (chunks without a single good top-level item): the rest is not PTX, and
  // parsing 100 MB of it would only cost time. lint() reports the cut.
  std::uint64_t max_garbage_bytes = 1 << 20;
  // A mapped input's pages, given back behind the prescan and the chunks
  // (see support::InputPages); null for other input.
  support::InputPages* pages = nullptr;
};

struct ParseStats {
  std::uint64_t tokens = 0;
  std::uint32_t chunks = 0;
  std::uint32_t ll_fallbacks = 0;         // chunks that SLL prediction could not parse
  std::uint32_t slow_chunks = 0;          // chunks the fast path gave up on
  std::uint64_t parsed_runs = 0;          // fast path: runs parsed (the first of their shape)
  std::uint64_t hand_runs = 0;            // of those, the runs the hand-written parser built
  std::uint64_t hand_mismatches = 0;      // compare_hand_parser: runs the two parsers disagree on
  std::uint32_t first_hand_mismatch = 0;  // the offset of the first
  std::uint64_t reused_runs = 0;          // fast path: runs whose token shape was seen before
  std::uint64_t prescan_ns = 0;
  std::uint32_t long_lists = 0;  // chunks not parsed for a list of more than 65,536 elements
  bool gave_up = false;          // stopped at the error limit or after max_garbage_bytes
  bool stopped = false;          // the chunk consumer asked to stop
};

// Parses `text` into `module`. Syntax errors are reported to `sink`; the
// statements they occur in are left out of the AST, everything else is kept.
// `text` must outlive `module` (the AST points into it).
//
// With `on_chunk`, the module is handed over after each chunk (whole
// top-level items, see prescan.h) and emptied after it returns, so that
// memory follows the largest chunk, not the file; `on_chunk` returning false
// stops the parse (ParseStats::stopped).
using ChunkConsumer = std::function<bool(ast::Module& chunk)>;
ParseStats parseModule(std::string_view text, const ParseOptions& options, ast::Module& module,
                       diag::DiagnosticSink& sink, const ChunkConsumer& on_chunk = {});

// parseModule's two steps, for a caller that parses the chunks of a large
// input on several threads (lint() with Options::threads >= 2):
//  - chunkInput gives the chunks to parse, in order: those parseModule
//    cuts (with split_items, plain text on its tokens, items cut into
//    pieces; the prescan's from where that stops); false when there is
//    nothing to parse (binary input, or no statement: reported to `sink`).
//    `start` (an item boundary, or inside an item cut into pieces): the
//    chunks from there on (the encoding is still checked from the start of
//    `text`); `continues`: the head of the item cut into pieces that `start`
//    is in (TokenChunker::continuedHead), or empty, and `group` its
//    Chunk::group;
//  - parseOneChunk parses one of them into `module` (appended), through the
//    fast path where it can. Chunks are independent: each may be parsed on
//    its own thread, with its own module, sink and stats. It returns the
//    end of what it parsed: the chunk's, or for a piece of a cut item that
//    the fast path refuses, its group's (the item parsed whole, see
//    Chunk::group): the chunks before that are to be skipped. With
//    `group_later`, such a piece is left unparsed (0 returned) for
//    parseGroupOf, which parses its group, or the piece alone where the
//    group is of megabytes (on the thread whose turn it is: once, and only
//    if the piece is not skipped).
bool chunkInput(std::string_view text, const ParseOptions& options, diag::DiagnosticSink& sink, ParseStats& stats,
                std::vector<Chunk>& chunks, std::uint32_t start = 0, SourceRange continues = {},
                SourceRange group = {});
std::uint32_t parseOneChunk(std::string_view text, const Chunk& chunk, const ParseOptions& options, ast::Module& module,
                            diag::DiagnosticSink& sink, ParseStats& stats, bool group_later = false);
std::uint32_t parseGroupOf(std::string_view text, const Chunk& piece, const ParseOptions& options, ast::Module& module,
                           diag::DiagnosticSink& sink, ParseStats& stats);

// The lexer's token texts of `text`, for tests (round trip, lexer checks).
std::vector<std::string_view> lexTokens(std::string_view text);

}  // namespace ptxlint::parse
