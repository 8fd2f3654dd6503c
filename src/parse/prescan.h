// A single fast pass over the raw bytes before ANTLR sees them.
//
// It finds what the grammar cannot handle gracefully: binary input, NUL bytes
// and invalid UTF-8 (PL1008), and nesting deeper than the configured bound
// (PL1007), which would otherwise drive ANTLR's recursive descent into a stack
// overflow. It also splits the file into chunks of whole top-level items, so
// that the parser holds one chunk's tokens and tree at a time. For large
// plain text the parser cuts chunks on its tokens instead (token_chunker.h)
// and runs the prescan only from where that stops, and for -j 2.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic_builder.h"
#include "support/input_pages.h"

namespace ptxlint::parse {

struct Chunk {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  bool skip = false;  // too deeply nested: reported, not parsed
  // Tokens of debug-section data lines that the chunker's lexer passed over
  // in this chunk (TokenChunker, pass_section_data): not among its tokens,
  // counted in ParseStats::tokens all the same; a chunk the fast path
  // refuses is lexed again whole for the slow path.
  std::uint32_t passed_tokens = 0;
  // An item too long for one chunk, cut into pieces (ParseOptions::
  // split_items, TokenChunker), is parsed a piece at a time as a whole item:
  //  - `head` (not empty): the chunk begins inside an item, whose text up
  //    to the '{' it is cut in is `head`, parsed first;
  //  - `tail` (not empty): the chunk ends inside an item, whose closing
  //    tokens ('}', or '}' ';' for an initializer) are `tail`, parsed last;
  //  - `labels`: on a function's first piece, its body's labels;
  //  - `group`: the chunk the item would be in if it were not cut (from
  //    the first piece's begin to the item's end, where its last piece
  //    ends): a piece that the fast path refuses (a syntax error, most
  //    likely) makes the parser take that chunk again, as a parse without
  //    cuts would, and skip the item's other pieces.
  //  - `missing_tail`: the item lacks its closing tokens (the text ends
  //    inside it, PL1014); each piece but the last is closed by this many
  //    tokens that are not in the text ('}', or '}' ';' for an
  //    initializer), empty at `tail.begin`, where they belong; the last
  //    piece, parsed as it is, reports what is missing.
  SourceRange head{};
  SourceRange tail{};
  std::uint8_t missing_tail = 0;
  SourceRange group{};
  std::shared_ptr<ast::BodyLabels> labels;
  // A function's first piece: where its body's statements begin (after
  // its '{'); its labels are read from there when `labels` is not set (a
  // list of chunks made ahead does not hold every function's labels).
  std::uint32_t body = 0;
  // The first chunk parsed, after skipped ones: the module's header may
  // have been in them (ast::Module::broken_before_first_item).
  bool after_skipped_start = false;
};

struct PrescanResult {
  bool is_binary = false;   // do not parse at all
  bool has_tokens = false;  // anything besides whitespace and comments
  std::vector<Chunk> chunks;
};

struct PrescanOptions {
  std::uint32_t max_nesting = 256;
  std::uint32_t min_chunk_bytes = 64 * 1024;
  support::InputPages* pages = nullptr;  // given back behind each pass
  // Chunks are made from here on (an item boundary: the fast path parsed
  // the text before it); the encoding is checked from the start.
  std::uint32_t start = 0;
  // Not empty: `start` is inside an item cut into pieces (a boundary of
  // its body, one level of braces deep), whose head this is: the first
  // chunk continues it (Chunk::head), as a piece of `group` (Chunk::group).
  SourceRange continues{};
  SourceRange group{};
};

PrescanResult prescan(std::string_view text, const PrescanOptions& options, diag::DiagnosticSink& sink);

// True when prescan() would report nothing about the encoding: no binary
// data, every byte ASCII and none NUL (eight bytes at a time).
bool isPlainText(std::string_view text);
// Every byte ASCII and none NUL (isPlainText without the binary test).
bool allPlainAscii(std::string_view text);

}  // namespace ptxlint::parse
