#include "parse/hand_parser.h"

#include <algorithm>

#include "PtxLexer.h"
#include "parse/ast_builder.h"
#include "parse/list_bounds.h"

namespace ptxlint::parse {
namespace {

using T = PtxLexer;

// The binary operators of `expression` and the precedence the generated
// parser gives each (the later an alternative of the rule, the lower; an
// index binds at 14, prefix operators take an operand of 13, casts of 12):
// a binary operator of precedence P takes a right operand of P + 1; 0 for
// any other token.
int binaryPrecedence(std::uint16_t t) {
  switch (t) {
    case T::STAR:
    case T::SLASH:
    case T::PERCENT: return 11;
    case T::PLUS:
    case T::MINUS: return 10;
    case T::SHL:
    case T::SHR: return 9;
    case T::LT:
    case T::GT:
    case T::LE:
    case T::GE: return 8;
    case T::EQ:
    case T::NE: return 7;
    case T::AMP: return 6;
    case T::CARET: return 5;
    case T::PIPE: return 4;
    case T::ANDAND: return 3;
    case T::OROR: return 2;
    default: return 0;
  }
}
// Whether `t` after a primary makes it part of a larger expression: an
// operator, an index, a '?', or the '(' of a mask (`0xFF00(x)`).
bool continuesExpression(std::uint16_t t) {
  return binaryPrecedence(t) != 0 || t == T::LBRACK || t == T::QUESTION || t == T::LPAREN;
}

constexpr int kIndexPrecedence = 14;
constexpr int kPrefixOperand = 13;
constexpr int kCastOperand = 12;
constexpr int kConditionalPrecedence = 1;

bool isLinkage(std::uint16_t t) { return t == T::EXTERN || t == T::VISIBLE || t == T::WEAK || t == T::COMMON; }

bool isStateSpace(std::uint16_t t) {
  return t == T::REG || t == T::SREG || t == T::CONST || t == T::GLOBAL || t == T::LOCAL || t == T::PARAM ||
         t == T::SHARED || t == T::TEX;
}

// The first tokens of declSpecifier, but DOT_NAME (an unknown directive,
// which the AST builder reports).
bool startsSpecifier(std::uint16_t t) {
  return isLinkage(t) || isStateSpace(t) || t == T::ALIGN || t == T::VECTOR || t == T::TYPE || t == T::PTR ||
         t == T::ATTRIBUTE;
}

// A token primary() makes a name of (ast::ExprKind::Symbol) where no '('
// follows.
bool isName(std::uint16_t t) { return t == T::IDENT || t == T::DOT_NAME || t == T::OPCODE_OR_DOTTED; }

bool startsExpression(std::uint16_t t) {
  switch (t) {
    case T::INT:
    case T::FLOAT:
    case T::HEX_FLOAT:
    case T::IDENT:
    case T::OPCODE_OR_DOTTED:
    case T::DOT_NAME:
    case T::LPAREN:
    case T::PLUS:
    case T::MINUS:
    case T::BANG:
    case T::TILDE: return true;
    default: return false;
  }
}

// Counts a level of recursion for as long as it lives.
struct Nesting {
  explicit Nesting(std::uint32_t& depth) : depth_(++depth) {}
  ~Nesting() { --depth_; }
  Nesting(const Nesting&) = delete;
  Nesting& operator=(const Nesting&) = delete;

 private:
  std::uint32_t& depth_;
};

// The slots AstBuilder::classifySpecifiers fills (state space, type, vector
// size, alignment); false where it would report (a second one of a kind,
// no state space, no type).
template <typename Decl>
bool classified(Decl& decl) {
  if (decl.specifiers.size() >= 127) return false;
  for (std::size_t i = 0; i < decl.specifiers.size(); ++i) {
    std::int8_t* slot = nullptr;
    switch (decl.specifiers[i].kind) {
      case ast::SpecifierKind::StateSpace: slot = &decl.state_space; break;
      case ast::SpecifierKind::Type: slot = &decl.type; break;
      case ast::SpecifierKind::Vector: slot = &decl.vector; break;
      case ast::SpecifierKind::Align: slot = &decl.align; break;
      case ast::SpecifierKind::Unknown: return false;
      default: continue;
    }
    if (*slot >= 0) return false;
    *slot = static_cast<std::int8_t>(i);
  }
  return decl.state_space >= 0 && decl.type >= 0;
}

template <typename Vector>
void truncate(Vector& out, std::size_t size) {
  out.erase(out.begin() + static_cast<std::ptrdiff_t>(size), out.end());
}

}  // namespace

bool HandParser::accept(std::uint16_t t) {
  if (type(p_) != t) return false;
  ++p_;
  return true;
}

ast::Token HandParser::token(std::size_t i) const {
  const LexedToken& t = run_[i];
  return {text_.substr(t.begin, t.end - t.begin), {t.begin, t.end}};
}

SourceRange HandParser::through(std::size_t first) const { return {run_[first].begin, run_[p_ - 1].end}; }

bool HandParser::start(std::span<const LexedToken> run) {
  run_ = run;
  p_ = 0;
  nest_ = 0;
  return !run.empty();
}

// ---------------------------------------------------------------------------
// Entry rules.
// ---------------------------------------------------------------------------

bool HandParser::statements(std::span<const LexedToken> run, std::vector<ast::Statement>& out) {
  // (An expression of thousands of operators, built before its depth is
  // judged, would take a node an operand: the slow path reports it.)
  if (operatorsPastBound(run)) return false;
  std::size_t before = out.size();
  start(run);
  while (p_ < run_.size()) {
    if (!statement(out)) {
      truncate(out, before);
      return false;
    }
  }
  return true;
}

bool HandParser::functionHeader(std::span<const LexedToken> run, std::vector<ast::Function>& out) {
  if (!start(run)) return false;
  ast::Function f;
  while (isLinkage(type(p_))) f.linkage.push_back(token(p_++));
  if (!at(T::ENTRY) && !at(T::FUNC)) return false;
  f.kind = token(p_++);
  while (at(T::ATTRIBUTE)) {
    if (!attributeClause(f.attributes.emplace_back())) return false;
  }
  if (at(T::LPAREN) && !params(f.return_params)) return false;
  if (!at(T::IDENT)) return false;
  f.name = token(p_++);
  if (at(T::LPAREN) && !params(f.params)) return false;
  if (!functionDirectives(f.directives) || p_ != run_.size()) return false;
  f.range = through(0);
  out.push_back(std::move(f));
  return true;
}

bool HandParser::sectionItems(std::span<const LexedToken> run, std::vector<ast::SectionItem>& out) {
  std::size_t before = out.size();
  start(run);
  while (p_ < run_.size()) {
    if (!sectionItem(out.emplace_back())) {
      truncate(out, before);
      return false;
    }
  }
  return true;
}

bool HandParser::sectionItemsValid(std::span<const LexedToken> run, std::vector<ast::SectionItem>& out) {
  start(run);
  return validSectionItems(/*until_brace=*/false, out);
}

bool HandParser::sectionBodyValid(std::span<const LexedToken> tokens, std::size_t& closer,
                                  std::vector<ast::SectionItem>& out) {
  start(tokens);
  if (!validSectionItems(/*until_brace=*/true, out) || p_ >= run_.size()) return false;
  closer = p_;
  return true;
}

// The width of a data line's type token, when it is one the checks may
// drop lines of (.b8, .b32, .b64; a .b16 line needs PTX ISA 6.0), else 0.
unsigned HandParser::droppableWidth(std::size_t type_token) const {
  const LexedToken& t = run_[type_token];
  const char* p = text_.data() + t.begin;
  if (t.end - t.begin == 3) return p[1] == 'b' && p[2] == '8' ? 8 : 0;
  if (t.end - t.begin != 4 || p[1] != 'b') return 0;
  if (p[2] == '3' && p[3] == '2') return 32;
  if (p[2] == '6' && p[3] == '4') return 64;
  return 0;
}

// Whether the INT tokens first_value, first_value + 2, ... before `end`
// all fit a data line of `width` bits (11.5.2), unsigned: then the checks
// find nothing on that line (src/sema/debug_directives.cpp). Read from the
// tokens' lengths where they settle it: an integer literal of at most 2
// characters is below 100, of at most 9 below 2^32 (0x and seven digits),
// of at most 18 below 2^64 (0x and sixteen digits), and three decimal
// digits are compared with 255; a longer one is parsed.
bool HandParser::valuesFit(unsigned width, std::size_t first_value, std::size_t end) const {
  const unsigned short_enough = width == 8 ? 2 : width == 32 ? 9 : 18;
  const std::uint64_t max = width == 8 ? 0xFF : width == 32 ? 0xFFFFFFFF : ~std::uint64_t{0};
  for (std::size_t i = first_value; i < end; i += 2) {
    const LexedToken& v = run_[i];
    const unsigned size = v.end - v.begin;
    if (size <= short_enough) continue;
    const char* d = text_.data() + v.begin;
    if (width == 8 && size == 3) {
      // One token of three characters: 0NN, 0xN, 0bN, NNU are below 100,
      // 1NN below 200; 2NN to 9NN are compared.
      if (d[0] <= '1' || d[2] == 'U' || d[2] == 'u') continue;
      const unsigned a = static_cast<unsigned>(d[0] - '0'), b = static_cast<unsigned>(d[1] - '0'),
                     c = static_cast<unsigned>(d[2] - '0');
      if (a < 10 && b < 10 && c < 10) {
        if (100 * a + 10 * b + c <= 255) continue;
        return false;
      }
    }
    std::uint64_t value = 0;
    if (!parseIntegerLiteral({d, size}, value) || value > max) return false;
  }
  return true;
}

// Section items from p_ on: to the run's end, or with `until_brace` to a
// '}' where an item would begin. Only what the checks judge is kept in
// `out` (sectionItemsValid()).
bool HandParser::validSectionItems(bool until_brace, std::vector<ast::SectionItem>& out) {
  const std::size_t before = out.size();
  const LexedToken* const tokens = run_.data();
  const std::size_t n = run_.size();
  while (p_ < n) {
    const std::uint16_t t = tokens[p_].type;
    if (t == T::TYPE) {
      // TYPE INT (',' INT)*, each INT no expression's start: read on the
      // token types alone, two at a time (a debug section is tens of
      // thousands of such lines, a token per one or two bytes).
      std::size_t q = p_ + 1;
      while (q + 2 < n && tokens[q].type == T::INT && tokens[q + 1].type == T::COMMA) q += 2;
      if (q < n && tokens[q].type == T::INT && !continuesExpression(type(q + 1))) {
        if (unsigned width = droppableWidth(p_); width != 0 && valuesFit(width, p_ + 1, q + 1)) {
          p_ = q + 1;
          continue;
        }
      } else if (q == p_ + 1 && q < n && isName(tokens[q].type) && type(q + 1) != T::COMMA &&
                 !continuesExpression(type(q + 1)) && droppableWidth(p_) >= 32) {
        // `.b64 $L__func_begin0`, `.b32 .debug_abbrev`: a label alone on a
        // .b32/.b64 line, valid from the first version with .section.
        p_ = q + 1;
        continue;
      }
    } else if (t == T::RBRACE && until_brace) {
      return true;
    }
    if (!sectionItem(out.emplace_back())) {
      truncate(out, before);
      return false;
    }
  }
  return true;
}

bool HandParser::topLevelItems(std::span<const LexedToken> run, std::vector<ast::TopLevel>& out) {
  std::size_t before = out.size();
  start(run);
  while (p_ < run_.size()) {
    if (!topLevel(out)) {
      truncate(out, before);
      return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------
// Statements (4.3).
// ---------------------------------------------------------------------------

bool HandParser::statement(std::vector<ast::Statement>& out) {
  ast::Statement& s = out.emplace_back();
  switch (type(p_)) {
    case T::IDENT:
      if (type(p_ + 1) != T::COLON) return instruction(s);
      switch (type(p_ + 2)) {
        case T::CALLPROTOTYPE: return callPrototype(s);
        case T::BRANCHTARGETS:
        case T::CALLTARGETS: return targetList(s);
        default:
          s.node = ast::Label{token(p_), {run_[p_].begin, run_[p_ + 1].end}};
          p_ += 2;
          return true;
      }
    case T::OPCODE_OR_DOTTED:
    case T::AT: return instruction(s);
    case T::LOC: return loc(s.node.emplace<ast::LocDirective>());
    case T::FILE: return file(s.node.emplace<ast::FileDirective>());
    case T::PRAGMA: return pragma(s.node.emplace<ast::PragmaDirective>());
    default: {
      // A block, a section, an unknown directive or an error go to ANTLR.
      if (!startsSpecifier(type(p_))) return false;
      ast::VariableDecl decl;
      if (!variableDecl(decl)) return false;
      s.node = std::move(decl);
      return true;
    }
  }
}

// guard? opcode (operand (',' operand)*)? ';'
bool HandParser::instruction(ast::Statement& out) {
  std::size_t first = p_;
  ast::Instruction in;
  if (accept(T::AT)) {
    ast::Guard guard;
    guard.negated = accept(T::BANG);
    if (!at(T::IDENT) && !at(T::OPCODE_OR_DOTTED)) return false;
    guard.predicate = token(p_++);
    guard.range = through(first);
    in.guard = guard;
  }
  if (!at(T::IDENT) && !at(T::OPCODE_OR_DOTTED)) return false;
  splitMnemonic(token(p_++), in);
  if (!at(T::SEMI)) {
    do {
      if (!operand(in.operands.emplace_back())) return false;
    } while (accept(T::COMMA));
  }
  if (!accept(T::SEMI)) return false;
  in.range = through(first);
  out.node = std::move(in);
  return true;
}

// ---------------------------------------------------------------------------
// Operands (6). The rule's alternatives, in the grammar's order: 1 '(' list
// ')', 2 '{' vector '}', 3 '[' address ']', 4 '!' predicate, 5 p|q, 6 '_',
// 7 expression. `(a)`, `!p` and `p|q` match both an earlier alternative and
// the expression; ANTLR takes the earlier one wherever both parse, which is
// wherever the next token ends the operand (a token that continues an
// expression makes the earlier alternative fail).
// ---------------------------------------------------------------------------

bool HandParser::endsOperand(std::size_t i) const {
  std::uint16_t t = type(i);
  return t == T::COMMA || t == T::SEMI || t == T::RPAREN || t == T::RBRACK;
}

bool HandParser::operand(ast::Operand& op) {
  Nesting nesting(nest_);
  if (nest_ > max_levels_) return false;
  std::size_t first = p_;
  switch (type(p_)) {
    case T::LPAREN: {
      if (type(p_ + 1) == T::TYPE) return expressionOperand(op);  // a cast
      std::size_t close = p_;
      for (int depth = 0; close < run_.size(); ++close) {
        if (type(close) == T::LPAREN) ++depth;
        if (type(close) == T::RPAREN && --depth == 0) break;
      }
      if (close == run_.size() || !endsOperand(close + 1)) return expressionOperand(op);
      return operandList(first, op) && p_ == close + 1;
    }
    case T::LBRACE: return vectorOperand(op);
    case T::LBRACK: return addressOperand(op);
    case T::BANG:
      if ((type(p_ + 1) != T::IDENT && type(p_ + 1) != T::OPCODE_OR_DOTTED) || !endsOperand(p_ + 2)) {
        return expressionOperand(op);
      }
      op.kind = ast::OperandKind::Negated;
      op.name = token(p_ + 1);
      p_ += 2;
      break;
    case T::UNDERSCORE:
      if (type(p_ + 1) != T::PIPE) {
        op.kind = ast::OperandKind::Sink;
        ++p_;
        break;
      }
      [[fallthrough]];
    case T::IDENT: {
      std::uint16_t second = type(p_ + 2);
      bool pair = type(p_ + 1) == T::PIPE &&
                  (second == T::UNDERSCORE || (second == T::IDENT && (at(T::UNDERSCORE) || endsOperand(p_ + 3))));
      if (!pair) return at(T::UNDERSCORE) ? false : expressionOperand(op);
      op.kind = ast::OperandKind::PredicatePair;
      op.name = token(p_);
      op.second = token(p_ + 2);
      p_ += 3;
      break;
    }
    default: return expressionOperand(op);
  }
  op.range = through(first);
  return true;
}

// '(' (operand (',' operand)*)? ')'
bool HandParser::operandList(std::size_t from, ast::Operand& op) {
  op.kind = ast::OperandKind::ParenList;
  ++p_;
  if (!at(T::RPAREN)) {
    do {
      if (!operand(op.elements.emplace_back())) return false;
    } while (accept(T::COMMA));
  }
  if (!accept(T::RPAREN)) return false;
  op.range = through(from);
  return true;
}

// '{' element (',' element)* '}' ('|' IDENT)?, an element '_' or an
// expression
bool HandParser::vectorOperand(ast::Operand& op) {
  std::size_t first = p_++;
  op.kind = ast::OperandKind::Vector;
  do {
    ast::Operand& item = op.elements.emplace_back();
    std::size_t element = p_;
    if (accept(T::UNDERSCORE)) {
      item.kind = ast::OperandKind::Sink;
    } else {
      item.kind = ast::OperandKind::Expression;
      item.expr = topExpression();
      if (item.expr == nullptr) return false;
    }
    item.range = through(element);
  } while (accept(T::COMMA));
  if (!accept(T::RBRACE)) return false;
  if (accept(T::PIPE)) {
    if (!at(T::IDENT)) return false;
    op.second = token(p_++);
  }
  op.range = through(first);
  return true;
}

// '[' expression (',' operand)* ']' DOT_NAME?
bool HandParser::addressOperand(ast::Operand& op) {
  std::size_t first = p_++;
  op.kind = ast::OperandKind::Address;
  op.expr = topExpression();
  if (op.expr == nullptr) return false;
  while (accept(T::COMMA)) {
    if (!operand(op.elements.emplace_back())) return false;
  }
  if (!accept(T::RBRACK)) return false;
  if (at(T::DOT_NAME)) op.name = token(p_++);
  op.range = through(first);
  return true;
}

bool HandParser::expressionOperand(ast::Operand& op) {
  std::size_t first = p_;
  op.kind = ast::OperandKind::Expression;
  op.expr = topExpression();
  if (op.expr == nullptr) return false;
  op.range = through(first);
  return true;
}

// ---------------------------------------------------------------------------
// Expressions (4.5.4), by precedence as the generated parser climbs them.
// ---------------------------------------------------------------------------

const ast::Expr* HandParser::topExpression() {
  Built built = expression(0);
  return built.levels <= max_levels_ ? built.expr : nullptr;
}

HandParser::Built HandParser::expression(int min_precedence) {
  Nesting nesting(nest_);
  if (nest_ > max_levels_) return {};
  Built left = prefixed();
  while (left.expr != nullptr) {
    std::uint16_t t = type(p_);
    int precedence = binaryPrecedence(t);
    ast::Expr* e = nullptr;
    std::uint32_t levels = 0;
    if (t == T::LBRACK && min_precedence <= kIndexPrecedence) {
      ++p_;
      Built index = expression(0);
      if (index.expr == nullptr || !accept(T::RBRACK)) return {};
      e = module_.newExpr();
      e->kind = ast::ExprKind::Index;
      e->rhs = index.expr;
      e->range.end = run_[p_ - 1].end;
      levels = index.levels;
    } else if (precedence != 0 && min_precedence <= precedence) {
      std::string_view op = token(p_++).text;
      Built right = expression(precedence + 1);
      if (right.expr == nullptr) return {};
      e = module_.newExpr();
      e->kind = ast::ExprKind::Binary;
      e->op = op;
      e->rhs = right.expr;
      e->range.end = right.expr->range.end;
      levels = right.levels;
    } else if (t == T::QUESTION && min_precedence <= kConditionalPrecedence) {
      ++p_;
      Built middle = expression(0);
      if (middle.expr == nullptr || !accept(T::COLON)) return {};
      Built last = expression(kConditionalPrecedence);
      if (last.expr == nullptr) return {};
      e = module_.newExpr();
      e->kind = ast::ExprKind::Conditional;
      e->rhs = middle.expr;
      e->third = last.expr;
      e->range.end = last.expr->range.end;
      levels = std::max(middle.levels, last.levels);
    } else {
      break;
    }
    e->lhs = left.expr;
    e->range.begin = left.expr->range.begin;
    left = {e, 1 + std::max(left.levels, levels)};
  }
  return left;
}

// A prefix operator or a cast with its operand, or a primary.
HandParser::Built HandParser::prefixed() {
  std::size_t first = p_;
  std::uint16_t t = type(p_);
  bool unary = t == T::PLUS || t == T::MINUS || t == T::BANG || t == T::TILDE;
  bool cast = t == T::LPAREN && type(p_ + 1) == T::TYPE && type(p_ + 2) == T::RPAREN;
  if (!unary && !cast) return primary();
  p_ += unary ? 1 : 3;
  Built operand = expression(unary ? kPrefixOperand : kCastOperand);
  if (operand.expr == nullptr) return {};
  ast::Expr* e = module_.newExpr();
  e->kind = unary ? ast::ExprKind::Unary : ast::ExprKind::Cast;
  e->op = token(unary ? first : first + 1).text;
  e->lhs = operand.expr;
  e->range = {run_[first].begin, operand.expr->range.end};
  return {e, operand.levels + 1};
}

HandParser::Built HandParser::primary() {
  std::size_t first = p_;
  std::uint16_t t = type(p_);
  if (t == T::INT && type(p_ + 1) != T::LPAREN) return literal();
  ast::Expr* e = module_.newExpr();
  std::uint32_t levels = 1;  // the primary's own expression rule
  if (t == T::FLOAT || t == T::HEX_FLOAT || t == T::OPCODE_OR_DOTTED || t == T::DOT_NAME ||
      (t == T::IDENT && type(p_ + 1) != T::LPAREN)) {
    e->kind = t == T::FLOAT || t == T::HEX_FLOAT ? ast::ExprKind::FloatLiteral : ast::ExprKind::Symbol;
    e->text = token(p_++).text;
  } else if (t == T::IDENT || t == T::INT || t == T::LPAREN) {
    // generic(x), 0xFF00(x), (x)
    e->kind = t == T::IDENT ? ast::ExprKind::Call : t == T::INT ? ast::ExprKind::Mask : ast::ExprKind::Paren;
    if (t != T::LPAREN) e->text = token(p_++).text;
    ++p_;  // '('
    Built inner = expression(0);
    if (inner.expr == nullptr || !accept(T::RPAREN)) return {};
    e->lhs = inner.expr;
    levels += inner.levels;
  } else {
    return {};
  }
  e->range = through(first);
  return {e, levels};
}

HandParser::Built HandParser::literal() {
  ast::Expr* e = module_.newExpr();
  e->kind = ast::ExprKind::IntLiteral;
  ast::Token t = token(p_++);
  e->text = t.text;
  e->range = t.range;
  e->value_fits = parseIntegerLiteral(t.text, e->int_value);
  if (!e->value_fits) return {};  // reported by the AST builder
  return {e, 1};
}

// ---------------------------------------------------------------------------
// Declarations (5.4) and parameters (5.1.6).
// ---------------------------------------------------------------------------

// declSpecifier+ declarator (',' declarator)* ';'
bool HandParser::variableDecl(ast::VariableDecl& decl) {
  std::size_t first = p_;
  while (startsSpecifier(type(p_))) {
    if (!specifier(decl.specifiers)) return false;
  }
  do {
    if (!declarator(decl.declarators.emplace_back())) return false;
  } while (accept(T::COMMA));
  if (!accept(T::SEMI)) return false;
  decl.range = through(first);
  return classified(decl);
}

bool HandParser::specifier(ast::Specifiers& out) {
  std::size_t first = p_;
  std::uint16_t t = type(p_);
  ast::Specifier& s = out.emplace_back();
  if (t == T::ATTRIBUTE) return attributeClause(s);
  s.keyword = token(p_++);
  if (isLinkage(t)) {
    s.kind = ast::SpecifierKind::Linkage;
  } else if (isStateSpace(t)) {
    s.kind = ast::SpecifierKind::StateSpace;
    if (accept(T::LBRACK)) {  // .const[2]
      if (!at(T::INT)) return false;
      s.value = token(p_++);
      if (!accept(T::RBRACK)) return false;
    }
  } else if (t == T::ALIGN) {
    s.kind = ast::SpecifierKind::Align;
    if (!at(T::INT)) return false;
    s.value = token(p_++);
  } else if (t == T::VECTOR) {
    s.kind = ast::SpecifierKind::Vector;
  } else if (t == T::TYPE) {
    s.kind = ast::SpecifierKind::Type;
  } else if (t == T::PTR) {
    s.kind = ast::SpecifierKind::Ptr;
  } else {
    return false;
  }
  s.range = through(first);
  return true;
}

// .attribute '(' DOT_NAME ('(' expression (',' expression)* ')')? (',' ...)* ')'
bool HandParser::attributeClause(ast::Specifier& s) {
  std::size_t first = p_;
  s.kind = ast::SpecifierKind::Attribute;
  s.keyword = token(p_++);
  if (!accept(T::LPAREN)) return false;
  do {
    if (!at(T::DOT_NAME)) return false;
    ast::AttributeItem& item = s.attributes.emplace_back();
    item.name = token(p_++);
    if (accept(T::LPAREN)) {
      do {
        const ast::Expr* e = topExpression();
        if (e == nullptr) return false;
        item.arguments.push_back(e);
      } while (accept(T::COMMA));
      if (!accept(T::RPAREN)) return false;
    }
  } while (accept(T::COMMA));
  if (!accept(T::RPAREN)) return false;
  s.range = through(first);
  return true;
}

// (IDENT | '_') ('<' INT '>')? ('[' expression? ']')* ('=' initializer)?
bool HandParser::declarator(ast::Declarator& d) {
  std::size_t first = p_;
  if (!at(T::IDENT) && !at(T::UNDERSCORE)) return false;
  d.name = token(p_++);
  if (accept(T::LT)) {
    if (!at(T::INT)) return false;
    d.range_count = token(p_++);
    if (!parseIntegerLiteral(d.range_count->text, d.range_count_value) || !accept(T::GT)) return false;
  }
  while (at(T::LBRACK)) {
    std::size_t open = p_++;
    const ast::Expr* size = nullptr;
    if (!at(T::RBRACK) && (size = topExpression()) == nullptr) return false;
    if (!accept(T::RBRACK)) return false;
    d.dimensions.push_back(size);
    d.dimension_ranges.push_back(through(open));
  }
  if (accept(T::ASSIGN) && !initializer(d.initializer.emplace(), 0)) return false;
  d.range = through(first);
  return true;
}

// '{' (initializer (',' initializer)*)? '}' | expression
bool HandParser::initializer(ast::Initializer& init, std::uint32_t depth) {
  Nesting nesting(nest_);
  if (nest_ > max_levels_) return false;
  std::size_t first = p_;
  if (accept(T::LBRACE)) {
    if (!at(T::RBRACE)) {
      do {
        if (!initializer(init.elements.emplace_back(), depth + 1)) return false;
      } while (accept(T::COMMA));
    }
    if (!accept(T::RBRACE)) return false;
  } else if ((init.expr = topExpression()) == nullptr) {
    return false;
  }
  init.range = through(first);
  return true;
}

// '(' (paramDecl (',' paramDecl)*)? ')', a paramDecl declSpecifier+ declarator
bool HandParser::params(std::optional<std::vector<ast::Param>>& out) {
  if (!accept(T::LPAREN)) return false;
  std::vector<ast::Param>& list = out.emplace();
  if (!at(T::RPAREN)) {
    do {
      ast::Param& param = list.emplace_back();
      std::size_t first = p_;
      while (startsSpecifier(type(p_))) {
        if (!specifier(param.specifiers)) return false;
      }
      if (param.specifiers.empty()) return false;
      markPointeeSpecifiers(param.specifiers);
      if (!declarator(param.declarator)) return false;
      param.range = through(first);
      if (!classified(param)) return false;
    } while (accept(T::COMMA));
  }
  return accept(T::RPAREN);
}

// ---------------------------------------------------------------------------
// Directives (11).
// ---------------------------------------------------------------------------

// functionDirective*: stops before anything else (an unknown directive, a
// DOT_NAME, is left for the caller to refuse).
bool HandParser::functionDirectives(std::vector<ast::FunctionDirective>& out) {
  for (;;) {
    std::size_t first = p_;
    std::uint16_t t = type(p_);
    if (t == T::PRAGMA) {
      ast::FunctionDirective& d = out.emplace_back();
      d.keyword = token(p_);
      if (!pragma(d.pragma.emplace())) return false;
      d.range = through(first);
      continue;
    }
    std::size_t numbers = 0;  // 1: one INT; 2: INT (',' INT)*
    switch (t) {
      case T::MAXNTID:
      case T::REQNTID:
      case T::REQNCTAPERCLUSTER: numbers = 2; break;
      case T::MAXNREG:
      case T::MINNCTAPERSM:
      case T::MAXNCTAPERSM:
      case T::MAXCLUSTERRANK:
      case T::ABI_PRESERVE:
      case T::ABI_PRESERVE_CONTROL: numbers = 1; break;
      case T::EXPLICITCLUSTER:
      case T::BLOCKSARECLUSTERS:
      case T::NORETURN: break;
      default: return true;
    }
    ast::FunctionDirective& d = out.emplace_back();
    d.keyword = token(p_++);
    if (numbers > 0) {
      do {
        if (!at(T::INT)) return false;
        d.values.push_back(token(p_++));
      } while (numbers == 2 && accept(T::COMMA));
    }
    d.range = through(first);
  }
}

// .loc INT INT INT (',' IDENT (INT INT INT | expression)?)*
bool HandParser::loc(ast::LocDirective& loc) {
  std::size_t first = p_++;
  for (ast::Token* number : {&loc.file, &loc.line, &loc.column}) {
    if (!at(T::INT)) return false;
    *number = token(p_++);
  }
  while (accept(T::COMMA)) {
    if (loc.attributes.empty()) loc.attributes.reserve(2);  // (function_name and inlined_at, most often)
    ast::LocAttribute& attribute = loc.attributes.emplace_back();
    if (!at(T::IDENT)) return false;
    attribute.name = token(p_++);
    if (at(T::INT) && type(p_ + 1) == T::INT && type(p_ + 2) == T::INT) {
      attribute.numbers.reserve(3);
      for (int k = 0; k < 3; ++k) attribute.numbers.push_back(token(p_++));
    } else if (startsExpression(type(p_)) && (attribute.expr = topExpression()) == nullptr) {
      return false;
    }
  }
  loc.range = through(first);
  return true;
}

// .file INT STRING (',' INT ',' INT)?
bool HandParser::file(ast::FileDirective& file) {
  std::size_t first = p_++;
  if (!at(T::INT) || type(p_ + 1) != T::STRING) return false;
  file.index = token(p_++);
  file.name = token(p_++);
  if (accept(T::COMMA)) {
    if (!at(T::INT) || type(p_ + 1) != T::COMMA || type(p_ + 2) != T::INT) return false;
    file.timestamp = token(p_);
    file.size = token(p_ + 2);
    p_ += 3;
  }
  file.range = through(first);
  return true;
}

// .pragma STRING (',' STRING)* ';'
bool HandParser::pragma(ast::PragmaDirective& pragma) {
  std::size_t first = p_++;
  do {
    if (!at(T::STRING)) return false;
    pragma.strings.push_back(token(p_++));
  } while (accept(T::COMMA));
  if (!accept(T::SEMI)) return false;
  pragma.range = through(first);
  return true;
}

// IDENT ':' .callprototype paramList? '_' paramList? functionDirective* ';'
bool HandParser::callPrototype(ast::Statement& out) {
  std::size_t first = p_;
  ast::CallPrototype prototype;
  prototype.label = token(p_);
  p_ += 3;
  if (at(T::LPAREN) && !params(prototype.return_params)) return false;
  if (!accept(T::UNDERSCORE)) return false;
  if (at(T::LPAREN) && !params(prototype.params)) return false;
  if (!functionDirectives(prototype.directives) || !accept(T::SEMI)) return false;
  prototype.range = through(first);
  out.node = std::move(prototype);
  return true;
}

// IDENT ':' (.branchtargets | .calltargets) IDENT ('<' INT '>')? (',' ...)* ';'
bool HandParser::targetList(ast::Statement& out) {
  std::size_t first = p_;
  ast::TargetList list;
  list.label = token(p_);
  list.keyword = token(p_ + 2);
  p_ += 3;
  do {
    if (!at(T::IDENT)) return false;
    ast::TargetList::Entry& entry = list.targets.emplace_back(ast::TargetList::Entry{token(p_++), std::nullopt});
    if (accept(T::LT)) {
      if (!at(T::INT) || type(p_ + 1) != T::GT) return false;
      entry.count = token(p_);
      p_ += 2;
    }
  } while (accept(T::COMMA));
  if (!accept(T::SEMI)) return false;
  list.range = through(first);
  out.node = std::move(list);
  return true;
}

// IDENT ':' | TYPE expression (',' expression)*
bool HandParser::sectionItem(ast::SectionItem& item) {
  std::size_t first = p_;
  if (at(T::IDENT)) {
    if (type(p_ + 1) != T::COLON) return false;
    item.label = token(p_);
    p_ += 2;
  } else if (at(T::TYPE)) {
    item.type = token(p_++);
    do {
      // Most values of a data line are bare integers (`.b8 105, 110`): the
      // primary expression that expression() would build.
      bool integer = at(T::INT) && !continuesExpression(type(p_ + 1));
      const ast::Expr* e = integer ? literal().expr : topExpression();
      if (e == nullptr) return false;
      item.values.push_back(e);
    } while (accept(T::COMMA));
  } else {
    return false;
  }
  item.range = through(first);
  return true;
}

// One top-level item of those the fast path hands over whole (not a
// function or a section).
bool HandParser::topLevel(std::vector<ast::TopLevel>& out) {
  std::size_t first = p_;
  ast::TopLevel& item = out.emplace_back();
  switch (type(p_++)) {
    case T::VERSION:
      if (!at(T::FLOAT)) return false;
      ++p_;
      item.node = versionDirective(through(first), token(p_ - 1));
      return true;
    case T::TARGET: {
      auto& target = item.node.emplace<ast::TargetDirective>();
      do {
        if (!at(T::IDENT)) return false;
        target.targets.push_back(token(p_++));
      } while (accept(T::COMMA));
      target.range = through(first);
      return true;
    }
    case T::ADDRESS_SIZE:
      if (!accept(T::INT)) return false;
      item.node = ast::AddressSizeDirective{through(first), token(p_ - 1)};
      return true;
    case T::ALIAS:
      if (!at(T::IDENT) || type(p_ + 1) != T::COMMA || type(p_ + 2) != T::IDENT || type(p_ + 3) != T::SEMI) {
        return false;
      }
      p_ += 4;
      item.node = ast::AliasDirective{through(first), token(first + 1), token(first + 3)};
      return true;
    case T::FILE: --p_; return file(item.node.emplace<ast::FileDirective>());
    case T::PRAGMA: --p_; return pragma(item.node.emplace<ast::PragmaDirective>());
    default: {
      --p_;
      if (!startsSpecifier(type(p_))) return false;
      return variableDecl(item.node.emplace<ast::VariableDecl>());
    }
  }
}

}  // namespace ptxlint::parse
