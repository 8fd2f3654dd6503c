// The parser's fast path for syntactically valid input.
//
// A chunk of whole top-level items is lexed by the hand-written lexer and cut
// into runs: function headers, runs of whole statements of a function body
// (usually one statement, up to its ';'), runs of section data lines, and the
// other top-level items. Each run is parsed by the ANTLR parser from the
// grammar's piece entry rules (grammar/PtxParser.g4) and turned into AST by
// the AstBuilder, as in the slow path; the braces of function bodies and
// nested blocks are matched here.
//
// Runs of statements and data lines are parsed once per token shape (their
// sequence of token types): a context-free parse of the same token types
// gives the same tree, so the AST built for the first run of a shape is kept
// (in a process-wide cache) and relocated onto every later run of that shape
// (ast_relocation.h). Real PTX repeats a few hundred shapes over and over.
//
// The fast path reports nothing. On the first sign of trouble (a token that
// is an error, a run that ANTLR's SLL parse rejects, any diagnostic of the
// AST builder, braces that do not match) it gives up, and the driver parses
// the chunk again through the slow path, which reports every syntax error.
// tests/tools/parse_equivalence.cpp checks that both paths build the same AST.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "ast/ast.h"
#include "parse/fast_lexer.h"
#include "parse/parser.h"

namespace ptxlint::parse {

// Parses text[begin, end) into `module`; false (and `module` unchanged but
// for unused expressions) when the chunk must take the slow path.
//
// `unscanned`: the prescan did not see this text (a small input, see
// parseModule); then the chunk is also refused when it has no token or
// when its tokens come anywhere near the prescan's nesting bounds (half of
// max_nesting), so that the prescan judges it.
bool parseChunkFast(std::string_view text, std::uint32_t begin, std::uint32_t end, const ParseOptions& options,
                    ast::Module& module, ParseStats& stats, bool unscanned = false);

// The same for a chunk already lexed and judged by TokenChunker: none of
// `tokens` is an error token, and they keep away from the nesting bounds.
bool parseChunkFast(std::string_view text, std::span<const LexedToken> tokens, const ParseOptions& options,
                    ast::Module& module, ParseStats& stats);

}  // namespace ptxlint::parse
