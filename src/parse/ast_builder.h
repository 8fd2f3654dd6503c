// Parse tree -> owned AST. Internal to src/parse.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "PtxParser.h"
#include "ast/ast.h"
#include "diag/diagnostic_builder.h"

namespace ptxlint::parse {

// Splits an opcode token (`cp.async.bulk.shared::cluster`) into the
// instruction's opcode and qualifiers.
void splitMnemonic(const ast::Token& mnemonic, ast::Instruction& in);
// An integer literal's value (4.5.1); false when it exceeds 64 bits.
bool parseIntegerLiteral(std::string_view text, std::uint64_t& value);
// 5.1.6.3: in a parameter's specifiers, `.ptr .space .align N` describe the
// pointee, not the parameter: the state space and alignment after `.ptr`
// become PtrSpace and PtrAlign.
void markPointeeSpecifiers(ast::Specifiers& specifiers);
// `.version` with its number (`8.0`) split into major and minor.
ast::VersionDirective versionDirective(SourceRange range, const ast::Token& number);

class AstBuilder {
 public:
  // `text` is the whole file; the tree's token indices are relative to
  // `base`. `error_offsets` are the file offsets of the chunk's syntax
  // errors: statements containing one are left out.
  AstBuilder(std::string_view text, std::uint32_t base, ast::Module& module, diag::DiagnosticSink& sink,
             const std::vector<std::uint32_t>& error_offsets, std::uint32_t max_depth)
      : text_(text), base_(base), module_(module), sink_(sink), errors_(error_offsets), max_depth_(max_depth) {}

  void buildModule(PtxParser::ModuleContext* ctx);
  // The fast path's pieces (see parser.cpp): a function header without its
  // body, a run of statements, a run of section data lines.
  ast::Function buildFunctionHeader(PtxParser::FunctionHeaderContext* ctx);
  void buildFunctionHeaders(PtxParser::FunctionHeaderPieceContext* ctx, std::vector<ast::Function>& out) {
    out.push_back(buildFunctionHeader(ctx->functionHeader()));
  }
  void buildStatements(PtxParser::StatementsPieceContext* ctx, std::vector<ast::Statement>& out);
  void buildSectionItems(PtxParser::SectionItemsPieceContext* ctx, std::vector<ast::SectionItem>& out);

 private:
  ast::Token token(antlr4::Token* t) const;
  ast::Token token(antlr4::tree::TerminalNode* node) const { return token(node->getSymbol()); }
  SourceRange rangeOf(antlr4::ParserRuleContext* ctx) const;
  bool hasSyntaxError(antlr4::ParserRuleContext* ctx) const;
  // A statement of `block` or a top-level item left out for a syntax error
  // (a parse tree node, or tokens the error recovery skipped between
  // statements): counted, and the names it declared kept as
  // declared-but-unknown (ast::Block::unknown_names,
  // ast::Module::unknown_names).
  void leftOut(antlr4::tree::ParseTree* node, ast::Block& block);
  void leftOut(const std::vector<antlr4::Token*>& tokens, ast::Block& block);
  void leftOutItem(const std::vector<antlr4::Token*>& tokens);
  // (`labels`: the labels among them, in a body.)
  void declaredNames(const std::vector<antlr4::Token*>& tokens, bool in_body, std::vector<ast::Token>& names,
                     std::vector<ast::Token>& labels) const;
  // Statements of a block or items of the module, in order: `build` one
  // (false: it has a syntax error), `left_out` the tokens of one that has,
  // with those the recovery skipped after it (sync() in syntax_errors.cpp).
  template <typename Context, typename Build, typename LeftOut>
  void eachChild(antlr4::ParserRuleContext* parent, Build build, LeftOut left_out);
  void reportUnknownDirective(const ast::Token& word);

  bool buildTopLevel(PtxParser::TopLevelContext* ctx);
  ast::Function buildFunction(PtxParser::FunctionDeclContext* ctx);
  std::vector<ast::Param> buildParams(PtxParser::ParamListContext* ctx);
  ast::FunctionDirective buildFunctionDirective(PtxParser::FunctionDirectiveContext* ctx);
  ast::Block buildBlock(antlr4::ParserRuleContext* ctx, const std::vector<PtxParser::StatementContext*>& statements);
  bool buildStatement(PtxParser::StatementContext* ctx, ast::Statement& out);
  ast::Instruction buildInstruction(PtxParser::InstructionContext* ctx);
  ast::Operand buildOperand(PtxParser::OperandContext* ctx);
  const ast::Expr* buildExpr(PtxParser::ExpressionContext* ctx);
  const ast::Expr* buildPrimary(PtxParser::PrimaryContext* ctx);
  ast::Expr* intLiteral(antlr4::tree::TerminalNode* node);
  ast::VariableDecl buildVariableDecl(PtxParser::VariableDeclContext* ctx);
  ast::Specifier buildSpecifier(PtxParser::DeclSpecifierContext* ctx);
  ast::Specifier buildAttributeClause(PtxParser::AttributeClauseContext* ctx);
  ast::Declarator buildDeclarator(PtxParser::DeclaratorContext* ctx);
  ast::Initializer buildInitializer(PtxParser::InitializerContext* ctx);
  ast::LocDirective buildLoc(PtxParser::LocDirectiveContext* ctx);
  ast::FileDirective buildFile(PtxParser::FileDirectiveContext* ctx);
  ast::PragmaDirective buildPragma(PtxParser::PragmaDirectiveContext* ctx);
  ast::SectionDirective buildSection(PtxParser::SectionDirectiveContext* ctx);
  ast::SectionItem buildSectionItem(PtxParser::SectionItemContext* ctx);
  ast::TargetList buildTargetList(antlr4::Token* label, antlr4::ParserRuleContext* ctx,
                                  std::vector<PtxParser::TargetNameContext*> names);
  // Classifies declaration specifiers and reports a missing or repeated
  // state space, type, vector size or alignment (PL1010).
  template <typename Decl>
  void classifySpecifiers(Decl& decl, bool require_state_space);

  std::string_view text_;
  std::uint32_t base_;
  ast::Module& module_;
  diag::DiagnosticSink& sink_;
  const std::vector<std::uint32_t>& errors_;
  std::uint32_t max_depth_;
  std::uint32_t depth_ = 0;
};

}  // namespace ptxlint::parse
