// A hand-written parser for the fast path's runs (fast_path.h): the AST that
// ANTLR's parse from the grammar's piece entry rules and the AstBuilder give,
// built straight from the tokens, for runs that are valid and draw no
// diagnostic. For anything else it gives up and the run goes to ANTLR as
// before (which then reports, or hands the chunk to the slow path).
//
// Why: ANTLR's prediction is cold in every new process (the first time each
// decision meets each lookahead it simulates the ATN, thousands of
// instructions), and so is the deserialization of its ATN: on a 5 KB Triton
// kernel those were two thirds of a whole `ptxlint` run. A process whose
// runs all parse here never creates an ANTLR parser at all.
//
// grammar/PtxParser.g4 stays the specification. Where the grammar lets two
// alternatives match the same tokens (`(a)` as a parenthesized operand list
// or a parenthesized expression, `!p` as a negated predicate or a logical
// not, `p|q` as a predicate pair or a bitwise or), ANTLR takes the
// lowest-numbered alternative that parses, and so does this parser; optional
// parts and loops are taken whenever they can be (ANTLR's greedy choice),
// and a run that then fails is refused, not parsed another way.
// tests/tools/parse_equivalence.cpp compares both parsers on every run of
// every corpus, golden and fuzz input (ParseOptions::compare_hand_parser),
// tests/unit/test_hand_parser.cpp on generated token sequences.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "parse/fast_lexer.h"

namespace ptxlint::parse {

class HandParser {
 public:
  // `text` is what the tokens' offsets refer to; expressions go to
  // `module`'s arena. Nested expressions deeper than half of `max_nesting`
  // are refused (the AST builder reports those beyond it).
  HandParser(std::string_view text, ast::Module& module, std::uint32_t max_nesting)
      : text_(text), module_(module), max_levels_(max_nesting / 2) {}

  // Each parses all of `run` as the named piece rule and appends its nodes
  // to `out`; false, with `out` as it was, when it cannot.
  bool statements(std::span<const LexedToken> run, std::vector<ast::Statement>& out);      // statementsPiece
  bool functionHeader(std::span<const LexedToken> run, std::vector<ast::Function>& out);   // functionHeaderPiece
  bool sectionItems(std::span<const LexedToken> run, std::vector<ast::SectionItem>& out);  // sectionItemsPiece
  // module: the run's top-level items other than functions and sections
  // (.version, .target, .address_size, .alias, .file, .pragma, variables).
  bool topLevelItems(std::span<const LexedToken> run, std::vector<ast::TopLevel>& out);
  // Whether all of `run` parses as sectionItemsPiece, keeping in `out` only
  // the items the checks judge (src/sema/debug_directives.cpp): a data line of
  // .b8, .b32 or .b64 bare integers that fit it (most of a debug section),
  // or of one label alone on a .b32/.b64 line, is judged on its token types
  // and lengths alone and dropped; any other item is parsed and kept
  // (labels, .b16, label expressions, negative numbers, values out of
  // range). False, `out` as it was, when the run does not parse.
  bool sectionItemsValid(std::span<const LexedToken> run, std::vector<ast::SectionItem>& out);
  // The same for a section's body at the start of `tokens`, up to the '}'
  // that ends it (where an item would begin): true, `closer` its index,
  // when every item before it parses.
  bool sectionBodyValid(std::span<const LexedToken> tokens, std::size_t& closer, std::vector<ast::SectionItem>& out);

 private:
  // An expression and how many expression rules deep its parse tree is (the
  // AST builder's nesting count).
  struct Built {
    const ast::Expr* expr = nullptr;
    std::uint32_t levels = 0;
  };

  static constexpr std::uint16_t kEnd = 0xFFFF;  // the type past the run's last token
  std::uint16_t type(std::size_t i) const { return i < run_.size() ? run_[i].type : kEnd; }
  bool at(std::uint16_t t) const { return type(p_) == t; }
  bool accept(std::uint16_t t);
  ast::Token token(std::size_t i) const;
  SourceRange through(std::size_t first) const;  // tokens [first, p_)

  bool start(std::span<const LexedToken> run);
  bool validSectionItems(bool until_brace, std::vector<ast::SectionItem>& out);
  unsigned droppableWidth(std::size_t type_token) const;
  bool valuesFit(unsigned width, std::size_t first_value, std::size_t end) const;
  bool statement(std::vector<ast::Statement>& out);
  bool instruction(ast::Statement& out);
  bool operand(ast::Operand& op);
  bool operandList(std::size_t from, ast::Operand& op);
  bool vectorOperand(ast::Operand& op);
  bool addressOperand(ast::Operand& op);
  bool expressionOperand(ast::Operand& op);
  bool endsOperand(std::size_t i) const;
  Built expression(int min_precedence);
  Built prefixed();
  Built primary();
  Built literal();
  const ast::Expr* topExpression();
  bool variableDecl(ast::VariableDecl& decl);
  bool specifier(ast::Specifiers& out);
  bool attributeClause(ast::Specifier& s);
  bool declarator(ast::Declarator& d);
  bool initializer(ast::Initializer& init, std::uint32_t depth);
  bool params(std::optional<std::vector<ast::Param>>& out);
  bool functionDirectives(std::vector<ast::FunctionDirective>& out);
  bool loc(ast::LocDirective& loc);
  bool file(ast::FileDirective& file);
  bool pragma(ast::PragmaDirective& pragma);
  bool callPrototype(ast::Statement& out);
  bool targetList(ast::Statement& out);
  bool sectionItem(ast::SectionItem& item);
  bool topLevel(std::vector<ast::TopLevel>& out);

  std::string_view text_;
  ast::Module& module_;
  std::uint32_t max_levels_;
  std::span<const LexedToken> run_;
  std::size_t p_ = 0;       // the next token
  std::uint32_t nest_ = 0;  // recursion depth (operands, initializers, prefixes)
};

}  // namespace ptxlint::parse
