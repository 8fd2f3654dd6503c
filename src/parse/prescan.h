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
#include <string_view>
#include <vector>

#include "diag/diagnostic_builder.h"
#include "support/input_pages.h"

namespace ptxlint::parse {

struct Chunk {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  bool skip = false;  // too deeply nested: reported, not parsed
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
};

PrescanResult prescan(std::string_view text, const PrescanOptions& options, diag::DiagnosticSink& sink);

// True when prescan() would report nothing about the encoding: no binary
// data, every byte ASCII and none NUL (eight bytes at a time).
bool isPlainText(std::string_view text);
// Every byte ASCII and none NUL (isPlainText without the binary test).
bool allPlainAscii(std::string_view text);

}  // namespace ptxlint::parse
