// The owned AST of a PTX module. Nothing here knows about ANTLR: the parse
// tree is turned into these nodes in src/parse and dropped.
//
// Names and literal texts are string_views into the source buffer, which the
// caller keeps alive for as long as the Module (ptxlint::lint does). Every node
// carries the byte range it came from. Expression nodes live in the module's
// arena (ExprArena: blocks that never move, so pointers stay valid as it grows).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "ptxlint/diagnostic.hpp"
#include "support/free_list.h"
#include "support/small_vector.h"

namespace ptxlint::ast {

using ptxlint::SourceRange;

// A word with its place in the source: a qualifier, a directive keyword, a
// name.
struct Token {
  std::string_view text;
  SourceRange range;
};

// ---------------------------------------------------------------------------
// 4.5.4 Constant expressions (and the register/symbol primaries of operands).
// ---------------------------------------------------------------------------
enum class ExprKind : std::uint8_t {
  IntLiteral,    // text: "42", "0x1FU"; value: parsed value (if it fits)
  FloatLiteral,  // text: "1.5", "0f3F800000"
  Symbol,        // text: "%r1", "%tid.x", "foo", ".debug_info"
  Unary,         // op: "-", "+", "!", "~"; lhs
  Binary,        // op; lhs, rhs
  Conditional,   // lhs ? rhs : third
  Index,         // lhs [ rhs ]
  Cast,          // ( op ) lhs, op = ".s64" / ".u64"
  Call,          // text ( lhs ): generic(var)
  Mask,          // text ( lhs ): 0xFF00(var)
  Paren,         // ( lhs )
};

struct Expr {
  ExprKind kind = ExprKind::IntLiteral;
  SourceRange range;
  std::string_view text;   // literal or symbol text, function or mask name
  std::string_view op;     // operator or cast type
  bool value_fits = true;  // IntLiteral: false when it exceeds 64 bits
  std::uint64_t int_value = 0;
  const Expr* lhs = nullptr;
  const Expr* rhs = nullptr;
  const Expr* third = nullptr;
};

// ---------------------------------------------------------------------------
// 6 Instruction operands.
// ---------------------------------------------------------------------------
enum class OperandKind : std::uint8_t {
  Expression,     // a register, symbol, label, immediate or expression
  Address,        // [expr] or [expr, operand, ...] (tensor maps, textures)
  Vector,         // { a, b, _, c }
  ParenList,      // ( a, b ): call return and argument lists
  Negated,        // !p
  PredicatePair,  // p|q
  Sink,           // _
};

struct Operand {
  OperandKind kind = OperandKind::Expression;
  SourceRange range;
  const Expr* expr = nullptr;     // Expression, Address (the address part)
  Token name;                     // Negated: the predicate; PredicatePair: first;
                                  // Address: its qualifier, `[a].unified` (empty if none)
  Token second;                   // PredicatePair: second; Vector: the predicate of {d0, ...}|p (empty if none)
  std::vector<Operand> elements;  // Address extras, Vector, ParenList
};

struct Guard {
  bool negated = false;
  Token predicate;
  SourceRange range;
};

// 4.3.2 Instruction statements: `@!p opcode.q1.q2 a, b;`.
struct Instruction {
  SourceRange range;  // from guard (or opcode) to the ';'
  std::optional<Guard> guard;
  Token opcode;                // "cp" of cp.async.bulk...
  SourceRange mnemonic_range;  // the whole dotted opcode token
  // Inline room for what nearly every instruction has (small_vector.h).
  support::SmallVector<Token, 5> qualifiers;  // ".async", ".bulk", ".shared::cluster"
  support::SmallVector<Operand, 3> operands;
};

// ---------------------------------------------------------------------------
// 5.4 Variables and 5.1.6 parameters.
// ---------------------------------------------------------------------------
enum class SpecifierKind : std::uint8_t {
  Linkage,     // .extern .visible .weak .common
  StateSpace,  // .reg .sreg .const .global .local .param .shared .tex
  Align,       // .align N
  Vector,      // .v2 .v4 .v8
  Type,        // .b32 ...
  Ptr,         // .ptr
  PtrSpace,    // the state space after .ptr (5.1.6.3): .ptr.global
  PtrAlign,    // the alignment after .ptr: .ptr.global.align 16
  Unknown,     // a dotted word that is no specifier (reported as PL1006)
  Attribute,   // .attribute(...)
};

struct AttributeItem {
  Token name;  // ".managed", ".unified"
  std::vector<const Expr*> arguments;
};

struct Specifier {
  SpecifierKind kind = SpecifierKind::Type;
  Token keyword;               // ".align", ".global", ".b32", ".attribute"
  std::optional<Token> value;  // .align N, .const[N]: the number
  std::vector<AttributeItem> attributes;
  SourceRange range;
};

// A declaration's specifiers: `.reg .b32`, `.param .align 8 .b8` (inline,
// as a cached declaration is copied for every declaration of its shape).
using Specifiers = support::SmallVector<Specifier, 3>;

// A top-level item too long for one chunk of the parse (a function body of
// megabytes, an initializer of a million elements, a debug section) comes
// in pieces, one per chunk, so that memory follows the chunk, not the item
// (parse::ParseOptions::split_items; lint's streaming checks only). Each
// piece is a whole item to the parser (the item's head, a run of its
// statements or elements, its closing tokens) and says here which it is.
// Whole: not cut. The pieces of an item arrive in order, nothing between.
enum class Piece : std::uint8_t { Whole, First, Middle, Last };

struct Initializer {
  SourceRange range;
  const Expr* expr = nullptr;         // a scalar initializer
  std::vector<Initializer> elements;  // a braced list (expr == nullptr)
  // A named member of an opaque type (5.3): `addr_mode_0 = clamp_to_edge`
  // is the field `addr_mode_0` with `expr` its value.
  std::optional<Token> field;
};

struct Declarator {
  Token name;                        // "%r", "smem", "_"
  std::optional<Token> range_count;  // %r<100>: "100"
  std::uint64_t range_count_value = 0;
  std::vector<const Expr*> dimensions;  // [N] -> expr; [] -> nullptr
  std::vector<SourceRange> dimension_ranges;
  std::optional<Initializer> initializer;
  SourceRange range;
};

struct VariableDecl {
  SourceRange range;
  Specifiers specifiers;  // in source order
  support::SmallVector<Declarator, 1> declarators;
  // A module-scope declaration whose last declarator's initializer list is
  // cut into pieces: every piece has the declaration's full ranges and
  // declarators; that initializer holds the piece's elements.
  Piece piece = Piece::Whole;
  // Derived from specifiers by the AST builder: positions in `specifiers`,
  // -1 when absent.
  std::int8_t state_space = -1, type = -1, vector = -1, align = -1;

  const Specifier* find(std::int8_t index) const {
    return index < 0 ? nullptr : &specifiers[static_cast<std::size_t>(index)];
  }
};

struct Param {
  SourceRange range;
  Specifiers specifiers;
  Declarator declarator;
  std::int8_t state_space = -1, type = -1, vector = -1, align = -1;

  const Specifier* find(std::int8_t index) const {
    return index < 0 ? nullptr : &specifiers[static_cast<std::size_t>(index)];
  }
};

// ---------------------------------------------------------------------------
// 11 Directives.
// ---------------------------------------------------------------------------
struct PragmaDirective {
  SourceRange range;
  std::vector<Token> strings;  // with their quotes
};

// .maxntid 128,1,1 / .noreturn / .pragma "..." after a function header.
struct FunctionDirective {
  SourceRange range;
  Token keyword;
  std::vector<Token> values;
  std::optional<PragmaDirective> pragma;
};

struct LocAttribute {
  Token name;                  // function_name, inlined_at
  std::vector<Token> numbers;  // inlined_at file line column
  const Expr* expr = nullptr;  // function_name label+imm
};

struct LocDirective {
  SourceRange range;
  Token file, line, column;
  std::vector<LocAttribute> attributes;
  // For the checks alone (parse::ParseOptions::defer_instructions), the
  // pair compilers write, `, function_name label, inlined_at file line
  // column`, is not built: `attributes` stays empty and this is the range
  // of its first name (all that is left to check is the PTX ISA version
  // the pair needs, sema/debug_directives.h).
  SourceRange standard_pair;
};

struct FileDirective {
  SourceRange range;
  Token index;
  Token name;  // with quotes
  std::optional<Token> timestamp, size;
};

struct SectionItem {
  SourceRange range;
  std::optional<Token> label;  // a label line
  Token type;                  // a data line: .b8/.b16/.b32/.b64
  std::vector<const Expr*> values;
};

struct SectionDirective {
  SourceRange range;
  Token name;
  std::vector<SectionItem> items;
};

struct CallPrototype {
  SourceRange range;
  Token label;
  std::optional<std::vector<Param>> return_params;
  std::optional<std::vector<Param>> params;
  std::vector<FunctionDirective> directives;
};

// .branchtargets / .calltargets
struct TargetList {
  SourceRange range;
  Token label;
  Token keyword;
  struct Entry {
    Token name;
    std::optional<Token> count;  // N<5>
  };
  std::vector<Entry> targets;
};

struct Label {
  Token name;
  SourceRange range;
};

struct Statement;

struct Block {
  SourceRange range;
  std::vector<Statement> statements;
  // Names declared by statements of this block that have a syntax error
  // (left out of `statements`): declared, but of unknown kind and type, so
  // that their uses are not reported as undeclared (no cascade). Known
  // from their place on, as they would be had their statements parsed
  // (and so whether the body is checked whole or in pieces, ast::Piece),
  // but for the labels among them (`unknown_labels`), known in the whole
  // block as every label is (a branch may go forward).
  std::vector<Token> unknown_names;
  std::vector<Token> unknown_labels;
};

// A value kept out of line, copied whole: a statement holds an instruction
// or a declaration through one, so that a label or a directive does not take
// the room of an instruction's inline qualifiers and operands (544 bytes; a
// function of a million labels would need half a gigabyte).
template <typename T>
class Boxed {
 public:
  Boxed(T value) : value_(make(std::move(value))) {}  // NOLINT: implicit, as the value itself
  Boxed(const Boxed& other) : value_(make(*other.value_)) {}
  Boxed(Boxed&& other) noexcept : value_(other.value_) { other.value_ = nullptr; }
  Boxed& operator=(const Boxed& other) {
    if (this == &other) return *this;
    if (value_ == nullptr) {  // moved from
      value_ = make(*other.value_);
    } else {
      *value_ = *other.value_;
    }
    return *this;
  }
  Boxed& operator=(Boxed&& other) noexcept {
    std::swap(value_, other.value_);
    return *this;
  }
  ~Boxed() {
    if (value_ != nullptr) {
      value_->~T();
      support::FreeList<T>::release(value_);
    }
  }
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }
  T* operator->() { return value_; }
  const T* operator->() const { return value_; }

 private:
  template <typename U>
  static T* make(U&& value) {
    void* at = support::FreeList<T>::allocate();
    try {
      return new (at) T(std::forward<U>(value));
    } catch (...) {
      support::FreeList<T>::release(at);
      throw;
    }
  }
  T* value_;
};

// ---------------------------------------------------------------------------
// Deferred instructions: what lint's fast path keeps of an instruction whose
// token shape it has parsed before (parse::ParseOptions::defer_instructions).
// Instead of a relocated copy of the earlier AST, the module keeps the
// instruction's token places and the plan its shape shares: which tokens
// are names the symbol pass resolves, and which texts a verdict depends on;
// a block holds a run of consecutive ones as one statement (DeferredRun).
// The checks judge most such instructions from those alone (a verdict
// cached under the plan, the texts and what each name resolves to) and
// build the Instruction only when they must (a first verdict, a finding).
// Nothing outside lint sees them: every other parse builds instructions.
// ---------------------------------------------------------------------------
struct Module;
struct Statement;
struct DeferredInstruction;
class ExprArena;

// Where a token is in the source, and its type (a PtxLexer token type): the
// lexer's output (parse::LexedToken), kept as it is for deferred
// instructions.
// A trivial type (no member initializers: `TokenPlace{}` is all zero): runs
// of them are copied with memmove, and room for them is not zeroed before
// the lexer writes it (parse::TokenVector).
struct TokenPlace {
  std::uint32_t begin;  // byte offsets in the text given to the lexer
  std::uint32_t end;
  std::uint16_t type;
};
static_assert(std::is_trivial_v<TokenPlace>);

class InstructionPlan {
 public:
  // A token that names something (a register, a label, a variable, ...),
  // in the order the symbol pass resolves the instruction's names.
  struct Name {
    std::uint8_t token = 0;  // the token's index in the instruction
    bool guard = false;      // the guard predicate (@p / @!p)
    bool dotted = false;     // a token that may hold a '.' (%tid.x: a name and a field)
  };

  virtual ~InstructionPlan() = default;
  // The Instruction statement `d` stands for, its expressions in `arena`.
  virtual Statement build(const DeferredInstruction& d, const Module& module, ExprArena& arena) const = 0;

  // The instruction's token types, one byte each: with the texts below and
  // the names, what fixes its AST (part of a verdict's key: the same in
  // every process, so that the build can seed verdicts, sema/engine/
  // verdict_seed.h).
  std::string shape;
  std::uint8_t token_count = 0;
  support::SmallVector<Name, 6> names;
  // The tokens whose text the instruction's AST depends on, besides the
  // names: the opcode with its qualifiers, literals, everything but fixed
  // punctuation.
  support::SmallVector<std::uint8_t, 12> texts;
};

struct DeferredInstruction {
  const InstructionPlan* plan = nullptr;  // kept alive by Module::plan_owners
  std::uint32_t first_token = 0;          // in Module::deferred_tokens
  SourceRange range;                      // from the guard (or opcode) to the ';'
};

// Consecutive deferred instructions of a block: Module::deferred[first,
// first + count), in source order.
struct DeferredRun {
  std::uint32_t first = 0;
  std::uint32_t count = 0;
};

struct Function;

struct Statement {
  // (Label first: a default statement allocates nothing.) A Function here
  // is a declaration without body in a function's body (`.extern .func
  // f(...);`), which declares the function for the whole module.
  std::variant<Label, Boxed<Instruction>, Boxed<VariableDecl>, LocDirective, FileDirective, PragmaDirective,
               SectionDirective, Block, CallPrototype, TargetList, DeferredRun, Boxed<Function>>
      node;
};

template <typename T>
const T& unboxed(const T& node) {
  return node;
}
template <typename T>
T& unboxed(T& node) {
  return node;
}
template <typename T>
const T& unboxed(const Boxed<T>& node) {
  return *node;
}
template <typename T>
T& unboxed(Boxed<T>& node) {
  return *node;
}

// The statement's node if it is a T (boxed or not), else nullptr.
template <typename T>
const T* nodeIf(const Statement& s) {
  if constexpr (std::is_same_v<T, Instruction> || std::is_same_v<T, VariableDecl> || std::is_same_v<T, Function>) {
    const auto* boxed = std::get_if<Boxed<T>>(&s.node);
    return boxed != nullptr ? &**boxed : nullptr;
  } else {
    return std::get_if<T>(&s.node);
  }
}
template <typename T>
T* nodeIf(Statement& s) {
  return const_cast<T*>(nodeIf<T>(static_cast<const Statement&>(s)));
}

// std::visit on a statement's node, boxed alternatives unboxed.
template <typename F>
decltype(auto) visitNode(F&& f, const Statement& s) {
  return std::visit([&](const auto& node) -> decltype(auto) { return f(unboxed(node)); }, s.node);
}
template <typename F>
decltype(auto) visitNode(F&& f, Statement& s) {
  return std::visit([&](auto& node) -> decltype(auto) { return f(unboxed(node)); }, s.node);
}

// The labels of a function body that comes in pieces, found on its tokens
// before its first piece is parsed (parse/token_chunker.h): labels may be
// used before their definition, so the symbol pass declares them all when
// the body opens, as it does for a whole body. Only the body's own labels
// (a nested block is never cut, its labels come with it). Compact: a
// million labels are a function's worth of hostile input.
struct BodyLabels {
  enum class Kind : std::uint8_t { Label, Prototype, BranchTargets, CallTargets };
  struct Entry {
    std::uint32_t begin = 0, end = 0;  // the label's place in the source
    Kind kind = Kind::Label;
  };
  // What a .callprototype or .calltargets label declares besides its name.
  struct Directive {
    std::uint32_t entry = 0;                      // its label, in entries
    std::uint16_t results = 0, params = 0;        // .callprototype: its lists' lengths (0xFFFF: too many)
    std::uint32_t first_target = 0, targets = 0;  // .calltargets: targets[first_target, + targets)
  };
  struct Target {
    std::uint32_t begin = 0, end = 0;  // .calltargets f, g<4>: the name
    bool counted = false;              // g<4>
  };
  const char* text = nullptr;         // what the places are offsets in
  std::vector<Entry> entries;         // in source order
  std::vector<Directive> directives;  // in source order
  std::vector<Target> targets;

  std::string_view name(const Entry& e) const { return {text + e.begin, e.end - e.begin}; }
  std::string_view name(const Target& t) const { return {text + t.begin, t.end - t.begin}; }
};

struct Function {
  SourceRange range;
  std::vector<Token> linkage;
  Token kind;                         // .entry or .func
  std::vector<Specifier> attributes;  // .attribute(...)
  Token name;
  std::optional<std::vector<Param>> return_params;
  std::optional<std::vector<Param>> params;
  std::vector<FunctionDirective> directives;
  std::optional<Block> body;  // absent for a declaration (prototype)
  // A body cut into pieces: each piece has the header, its run of the
  // body's statements, and the full ranges; the first also the labels.
  Piece piece = Piece::Whole;
  std::shared_ptr<BodyLabels> labels;  // (the symbol pass takes its tables over)
};

struct VersionDirective {
  SourceRange range;
  Token version;  // "8.0"
  std::uint32_t major = 0, minor = 0;
};

struct TargetDirective {
  SourceRange range;
  std::vector<Token> targets;  // sm_90a, texmode_independent, debug
};

struct AddressSizeDirective {
  SourceRange range;
  Token size;
};

struct AliasDirective {
  SourceRange range;
  Token alias, aliasee;
};

struct TopLevel {
  std::variant<VersionDirective, TargetDirective, AddressSizeDirective, FileDirective, SectionDirective, AliasDirective,
               PragmaDirective, Function, VariableDecl>
      node;
};

// Where the expressions of a module live: blocks of Exprs that never move.
// clear() keeps the blocks for the next chunk of a streamed file, so a
// validation allocates expressions about once per block, not per node.
class ExprArena {
 public:
  Expr& emplace_back(const Expr& e = Expr{}) {
    if (block_ == blocks_.size() || used_ == blocks_[block_].size) {
      if (block_ < blocks_.size()) ++block_;
      used_ = 0;
      if (block_ == blocks_.size()) {
        // Blocks double from a small first one: a cached statement's
        // template holds a few Exprs, a chunk of a file thousands.
        std::size_t size = blocks_.empty() ? kFirstBlock : std::min(2 * blocks_.back().size, kLargestBlock);
        blocks_.push_back({std::make_unique<Expr[]>(size), size});
      }
    }
    Expr& slot = blocks_[block_].exprs[used_++];
    slot = e;
    return slot;
  }
  void clear() {
    block_ = 0;
    used_ = 0;
  }

 private:
  static_assert(std::is_trivially_destructible_v<Expr>, "clear() destroys nothing");
  static constexpr std::size_t kFirstBlock = 8;
  static constexpr std::size_t kLargestBlock = 1024;
  struct Block {
    std::unique_ptr<Expr[]> exprs;
    std::size_t size;
  };
  std::vector<Block> blocks_;
  std::size_t block_ = 0;  // the block being filled
  std::size_t used_ = 0;   // its Exprs in use
};

// A name a top-level item with a syntax error declared (see
// Block::unknown_names), in its place among the items: module-scope names
// are declared before their use (11.2, 5.4), so it is known from
// items[item] on, as it would be had it parsed (and so whether the module
// is checked whole or chunk by chunk).
struct UnknownName {
  Token name;
  std::uint32_t item = 0;
};

struct Module {
  std::vector<TopLevel> items;
  // What the top-level items with a syntax error (left out of `items`)
  // declared: functions and variables of unknown kind and type, in order.
  std::vector<UnknownName> unknown_names;
  // Statements and top-level items left out for a syntax error (not checked).
  std::uint32_t unparsed_statements = 0;
  // The module's header (.version, .target, .address_size) may be among
  // them, so its absence is not reported: a left-out item before the first
  // parsed one (or a skipped leading chunk), or a left-out item with one of
  // those directives. Only a module's first chunk sets its context; a
  // later chunk with a broken header directive is checked whole, as one
  // with a parsed one (see lintStreaming).
  bool broken_before_first_item = false;
  bool broken_module_directive = false;
  ExprArena expr_arena;
  // Deferred instructions (see DeferredInstruction), their tokens, the text
  // the tokens are places in, and what keeps their plans alive.
  std::vector<DeferredInstruction> deferred;
  std::vector<TokenPlace> deferred_tokens;
  // Or, where the parser lends them (parse::ParseOptions::
  // borrow_chunk_tokens), the chunk's own tokens, which its caller keeps
  // until this module is cleared: DeferredInstruction::first_token is then
  // an index into these, and deferred_tokens stays empty. (A copy of a
  // chunk's tokens was most of a large function's memory: 850 KB of a 690
  // KB CUB module's 1.7 MB heap, #27.)
  const TokenPlace* borrowed_tokens = nullptr;
  std::size_t borrowed_count = 0;
  const char* deferred_text = nullptr;
  std::vector<std::shared_ptr<const void>> plan_owners;

  Expr* newExpr() { return &expr_arena.emplace_back(); }
  // Empty for the next chunk (the arena keeps its blocks).
  void clear() {
    items.clear();
    unknown_names.clear();
    unparsed_statements = 0;
    broken_before_first_item = false;
    broken_module_directive = false;
    expr_arena.clear();
    deferred.clear();
    deferred_tokens.clear();
    borrowed_tokens = nullptr;
    borrowed_count = 0;
    plan_owners.clear();
  }
  // Token `i` of the deferred instructions' tokens (see first_token).
  const TokenPlace& deferredToken(std::size_t i) const {
    return borrowed_tokens != nullptr ? borrowed_tokens[i] : deferred_tokens[i];
  }
  // The Instruction statement a deferred one stands for.
  Statement build(const DeferredInstruction& d, ExprArena& arena) const;
};

inline Statement Module::build(const DeferredInstruction& d, ExprArena& arena) const {
  return d.plan->build(d, *this, arena);
}

// The text of a deferred instruction's token `k`.
inline std::string_view tokenText(const Module& module, const DeferredInstruction& d, std::size_t k) {
  const TokenPlace& place = module.deferredToken(d.first_token + k);
  return std::string_view(module.deferred_text + place.begin, place.end - place.begin);
}

// Where statement `s` of a block in `module` begins (a deferred run: where
// its first instruction does).
inline std::uint32_t statementBegin(const Module& module, const Statement& s) {
  if (const auto* run = std::get_if<DeferredRun>(&s.node)) return module.deferred[run->first].range.begin;
  return visitNode(
      [](const auto& node) -> std::uint32_t {
        if constexpr (std::is_same_v<std::decay_t<decltype(node)>, DeferredRun>) {
          return 0;
        } else {
          return node.range.begin;
        }
      },
      s);
}

}  // namespace ptxlint::ast
