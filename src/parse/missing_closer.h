// A '(', '[' or '{' whose closer is missing (PL1014). The parser notices it
// at the first token of the next line (or at the next function, or at the
// end of the file), but the closer belongs right after the last token of
// the line before, where a missing ';' is already placed (PL1002): the
// diagnostic goes there, with a note at the opening bracket and a fix-it
// inserting the closer. Internal to src/parse.
#pragma once

#include <antlr4-runtime.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "diag/diagnostic_builder.h"
#include "parse/fast_lexer.h"

namespace ptxlint::parse {

struct UnclosedBracket {
  antlr4::Token* open = nullptr;  // the '(', '[' or '{'
  antlr4::Token* last = nullptr;  // the token after which the closer belongs
  std::size_t closer = 0;         // PtxLexer::RPAREN, RBRACK or RBRACE
  std::string_view what;          // "parameter list", "address", ...; "" if unknown
};

// The missing closers of one chunk's parse: found, reported, and from then
// on counted as closed (the parser matched a conjured closer in their
// place, or left the statement).
class MissingClosers {
 public:
  // The bracket whose closer is missing before `offending`, where the
  // parser found it: either a bracket of the statement (or declaration, or
  // function header) being read that is still open where a line ends, when
  // the line after starts what cannot go on inside it (decided by what
  // follows: a ';', a '{' or a directive comes before the closer, or the
  // end of the file); or, at the end of the file, the block or function
  // body being read. `text` is the parsed chunk.
  std::optional<UnclosedBracket> find(antlr4::Parser* parser, antlr4::Token* offending, std::string_view text) const;

  // Reports `bracket` (PL1014) in `sink` (`base`: the chunk's offset in the
  // file), and counts it as closed from now on.
  void report(diag::DiagnosticSink& sink, std::uint32_t base, const UnclosedBracket& bracket);

  // A closer for the parser to match in place of the missing one.
  antlr4::Token* conjure(antlr4::Token* after, std::size_t closer);

 private:
  std::vector<std::size_t> closed_;  // token indices of the reported opening brackets, sorted
  std::vector<std::unique_ptr<antlr4::Token>> conjured_;
};

// Where a chunk of `tokens` (offsets in the chunk) is to be cut when a
// function begins while a brace is still open: a function header (linkage
// directives, then .entry or .func) followed by its body, or by a ';' or
// nothing before the next function or the end of the text. Functions do
// not nest (11.2), so the body (or initializer) before it lacks its '}'.
// The prescan, which ends chunks where braces close, saw no end after it:
// the cuts are that function's start, and after it the ends of items once
// `min_bytes` are passed, as the prescan would have cut. The piece before
// each function start ends inside the brace, where find() reports it.
// Empty for valid PTX.
std::vector<std::uint32_t> cutAtFunctionsInsideBraces(std::span<const LexedToken> tokens, std::uint32_t min_bytes);

}  // namespace ptxlint::parse
