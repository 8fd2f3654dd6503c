// Moving AST statements from one place of the source to another.
//
// The fast path (fast_path.cpp) parses a run of statements once per token
// shape (the sequence of token types) and reuses the AST for every later run
// of the same shape: a context-free parse depends only on the token types, so
// the trees are the same and only the places differ. Relocation rewrites
// every source position and text of a copied subtree from the tokens it was
// built from to the tokens of the new run, and recomputes what the AST
// builder derived from token text (integer values, the opcode's split into
// qualifiers).
//
// The same walk lists every position of a subtree, so that a test can check
// that the reused AST equals the one ANTLR builds directly.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "parse/fast_lexer.h"

namespace ptxlint::parse {

// Where a subtree's positions and texts point: `base` is the text that
// offset 0 refers to, `tokens` the tokens the subtree was built from (sorted).
// A frame that is relocated from many times (a cached run's template) may
// carry `index`: for each offset o of its text, the index of the token a
// position o starts in, and (second half) the token a position o ends in;
// relocation then reads the token instead of searching for it.
struct TokenFrame {
  const char* base = nullptr;
  std::span<const LexedToken> tokens;
  std::span<const std::uint8_t> index;
};

// The index of a frame whose tokens cover [0, size) of its text (at most
// kIndexedTokens tokens, the first at offset 0); empty if there are more.
constexpr std::size_t kIndexedTokens = 255;
std::vector<std::uint8_t> tokenIndex(std::span<const LexedToken> tokens, std::uint32_t size);

class Relocator {
 public:
  // Copies go to `arena` (expressions); `from` and `to` must have the same
  // token types.
  Relocator(TokenFrame from, TokenFrame to, ast::ExprArena& arena) : from_(from), to_(to), arena_(arena) {
    if (!from.index.empty()) {
      indexed_size_ = static_cast<std::uint32_t>(from.index.size() / 2 - 1);
      begins_ = from.index.data();
      ends_ = begins_ + indexed_size_ + 1;
    }
  }

  // Relocates a copy in place. False when a recomputed value differs in a
  // way the AST builder reports (an integer that no longer fits 64 bits):
  // the caller must build that run directly.
  bool relocate(ast::Statement& statement);
  bool relocate(ast::SectionItem& item);
  bool relocate(ast::Function& header);  // all but the body

  // Used by the walk (see ast_relocation.cpp). range() is here, inline: it
  // runs for every node of every reused statement.
  void range(SourceRange& r) {
    if (r.begin == r.end) {
      r.begin = r.end = mapBegin(r.begin);
      return;
    }
    r = {mapBegin(r.begin), mapEnd(r.end)};
  }
  void text(std::string_view& s);
  void token(ast::Token& t);
  const ast::Expr* expr(const ast::Expr* e);
  void instruction(ast::Instruction& in);
  void declarator(ast::Declarator& d);
  // Kinds and flags the location list includes (relocation keeps them).
  void kind(std::uint64_t) {}

 private:
  bool textIsRange(std::string_view s, SourceRange r) const;
  // The place of `offset` (a position that starts a range, or the end of
  // one) in the target frame: read from the index when the source frame has
  // one, else searched.
  std::uint32_t mapBegin(std::uint32_t offset) const {
    if (begins_ != nullptr && offset <= indexed_size_) {
      std::size_t i = begins_[offset];
      return to_.tokens[i].begin + (offset - from_.tokens[i].begin);
    }
    return searchBegin(offset);
  }
  std::uint32_t mapEnd(std::uint32_t offset) const {
    if (ends_ != nullptr && offset - 1 < indexed_size_) {  // 1 <= offset <= size
      std::size_t i = ends_[offset];
      return to_.tokens[i].end - (from_.tokens[i].end - offset);
    }
    return searchEnd(offset);
  }
  std::uint32_t searchBegin(std::uint32_t offset) const;
  std::uint32_t searchEnd(std::uint32_t offset) const;

  TokenFrame from_, to_;
  ast::ExprArena& arena_;
  mutable bool ok_ = true;
  mutable std::size_t hint_ = 0;          // where the last position was found
  const std::uint8_t* begins_ = nullptr;  // from_.index, split in its halves
  const std::uint8_t* ends_ = nullptr;
  std::uint32_t indexed_size_ = 0;
};

// Every position, text offset and derived value of a statement, in walk
// order (for the equivalence test).
std::vector<std::uint64_t> locationsOf(const ast::Statement& statement, const char* base);
std::vector<std::uint64_t> locationsOf(const ast::TopLevel& item, const char* base);

}  // namespace ptxlint::parse
