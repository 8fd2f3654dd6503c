#include "parse/ast_relocation.h"

#include <algorithm>
#include <cstring>

#include "parse/ast_builder.h"

namespace ptxlint::parse {
namespace {

constexpr std::uint8_t kNoToken = 0xFF;

// One walk over every field of a statement that refers to the source. The
// visitor `v` provides range(), text(), token(), expr(), instruction() and
// declarator(); keep this in step with ast/ast.h (the equivalence test
// compares every position it lists with a direct parse).
// What the AST builder derived from a declaration's specifiers, as one
// number (for the location list; relocation keeps it as it is).
template <typename Decl>
std::uint64_t slots(const Decl& d) {
  auto byte = [](std::int8_t slot) { return static_cast<std::uint64_t>(static_cast<std::uint8_t>(slot)); };
  return byte(d.state_space) | byte(d.type) << 8 | byte(d.vector) << 16 | byte(d.align) << 24;
}

template <typename V>
void walk(V& v, ast::Operand& op) {
  v.kind(static_cast<std::uint64_t>(op.kind));
  v.range(op.range);
  if (op.expr != nullptr) op.expr = v.expr(op.expr);
  v.token(op.name);
  v.token(op.second);
  for (ast::Operand& element : op.elements) walk(v, element);
}

template <typename V>
void walk(V& v, ast::Specifier& s) {
  v.kind(static_cast<std::uint64_t>(s.kind));
  v.token(s.keyword);
  if (s.value) v.token(*s.value);
  for (ast::AttributeItem& a : s.attributes) {
    v.token(a.name);
    for (const ast::Expr*& e : a.arguments) e = v.expr(e);
  }
  v.range(s.range);
}

template <typename V>
void walk(V& v, ast::Initializer& init) {
  v.range(init.range);
  if (init.field) v.token(*init.field);
  if (init.expr != nullptr) init.expr = v.expr(init.expr);
  for (ast::Initializer& element : init.elements) walk(v, element);
}

template <typename V>
void walk(V& v, ast::Declarator& d) {
  v.token(d.name);
  if (d.range_count) v.token(*d.range_count);
  v.declarator(d);
  for (const ast::Expr*& e : d.dimensions) {
    if (e != nullptr) e = v.expr(e);
  }
  for (SourceRange& r : d.dimension_ranges) v.range(r);
  if (d.initializer) walk(v, *d.initializer);
  v.range(d.range);
}

template <typename V>
void walk(V& v, ast::Param& p) {
  v.kind(slots(p));
  v.range(p.range);
  for (ast::Specifier& s : p.specifiers) walk(v, s);
  walk(v, p.declarator);
}

template <typename V>
void walk(V& v, ast::PragmaDirective& p) {
  v.range(p.range);
  for (ast::Token& s : p.strings) v.token(s);
}

template <typename V>
void walk(V& v, ast::FunctionDirective& d) {
  v.range(d.range);
  v.token(d.keyword);
  for (ast::Token& t : d.values) v.token(t);
  if (d.pragma) walk(v, *d.pragma);
}

template <typename V>
void walk(V& v, ast::SectionItem& item) {
  v.range(item.range);
  if (item.label) v.token(*item.label);
  v.token(item.type);
  for (const ast::Expr*& e : item.values) e = v.expr(e);
}

template <typename V>
void walk(V& v, ast::Statement& statement);

// What a function header and a .callprototype share: result and parameter
// lists, then the performance directives.
template <typename V, typename Signature>
void walkSignature(V& v, Signature& s) {
  for (auto* list : {&s.return_params, &s.params}) {
    v.kind(list->has_value());
    if (*list) {
      for (ast::Param& p : **list) walk(v, p);
    }
  }
  for (ast::FunctionDirective& d : s.directives) walk(v, d);
}

// A function's header: everything but its body.
template <typename V>
void walkHeader(V& v, ast::Function& f) {
  v.range(f.range);
  for (ast::Token& t : f.linkage) v.token(t);
  v.token(f.kind);
  for (ast::Specifier& s : f.attributes) walk(v, s);
  v.token(f.name);
  walkSignature(v, f);
}

template <typename V>
struct StatementWalker {
  V& v;
  void operator()(ast::Instruction& in) {
    v.range(in.range);
    if (in.guard) {
      v.kind(in.guard->negated);
      v.token(in.guard->predicate);
      v.range(in.guard->range);
    }
    v.range(in.mnemonic_range);
    v.instruction(in);
    for (ast::Operand& op : in.operands) walk(v, op);
  }
  void operator()(ast::Label& l) {
    v.token(l.name);
    v.range(l.range);
  }
  void operator()(ast::VariableDecl& d) {
    v.kind(slots(d));
    v.range(d.range);
    for (ast::Specifier& s : d.specifiers) walk(v, s);
    for (ast::Declarator& declarator : d.declarators) walk(v, declarator);
  }
  void operator()(ast::LocDirective& loc) {
    v.range(loc.range);
    v.token(loc.file);
    v.token(loc.line);
    v.token(loc.column);
    for (ast::LocAttribute& a : loc.attributes) {
      v.token(a.name);
      for (ast::Token& n : a.numbers) v.token(n);
      if (a.expr != nullptr) a.expr = v.expr(a.expr);
    }
  }
  void operator()(ast::FileDirective& f) {
    v.range(f.range);
    v.token(f.index);
    v.token(f.name);
    if (f.timestamp) v.token(*f.timestamp);
    if (f.size) v.token(*f.size);
  }
  void operator()(ast::PragmaDirective& p) { walk(v, p); }
  void operator()(ast::SectionDirective& s) {
    v.range(s.range);
    v.token(s.name);
    for (ast::SectionItem& item : s.items) walk(v, item);
  }
  void operator()(ast::Block& b) {
    v.range(b.range);
    for (ast::Statement& s : b.statements) walk(v, s);
  }
  void operator()(ast::CallPrototype& p) {
    v.range(p.range);
    v.token(p.label);
    walkSignature(v, p);
  }
  // (Never in a template: the fast path defers instances only.)
  void operator()(ast::DeferredRun&) {}
  void operator()(ast::Function& f) { walkHeader(v, f); }  // a declaration in a body
  void operator()(ast::TargetList& t) {
    v.range(t.range);
    v.token(t.label);
    v.token(t.keyword);
    for (ast::TargetList::Entry& e : t.targets) {
      v.token(e.name);
      if (e.count) v.token(*e.count);
    }
  }
};

template <typename V>
void walk(V& v, ast::Statement& statement) {
  ast::visitNode(StatementWalker<V>{v}, statement);
}

// Lists positions instead of changing them.
class LocationLister {
 public:
  explicit LocationLister(const char* base) : base_(base) {}
  void range(SourceRange& r) {
    out.push_back(r.begin);
    out.push_back(r.end);
  }
  void text(std::string_view& s) {
    out.push_back(s.data() == nullptr ? ~0ull : static_cast<std::uint64_t>(s.data() - base_));
    out.push_back(s.size());
  }
  void token(ast::Token& t) {
    text(t.text);
    range(t.range);
  }
  const ast::Expr* expr(const ast::Expr* e) {
    out.push_back(static_cast<std::uint64_t>(e->kind));
    auto& m = const_cast<ast::Expr&>(*e);
    range(m.range);
    text(m.text);
    text(m.op);
    out.push_back(m.int_value);
    out.push_back(m.value_fits);
    for (const ast::Expr* child : {m.lhs, m.rhs, m.third}) {
      if (child == nullptr) {
        out.push_back(~0ull);
      } else {
        expr(child);
      }
    }
    return e;
  }
  void instruction(ast::Instruction& in) {
    token(in.opcode);
    for (ast::Token& q : in.qualifiers) token(q);
  }
  void declarator(ast::Declarator& d) { out.push_back(d.range_count_value); }
  void kind(std::uint64_t k) { out.push_back(k); }

  std::vector<std::uint64_t> out;

 private:
  const char* base_;
};

}  // namespace

std::vector<std::uint8_t> tokenIndex(std::span<const LexedToken> tokens, std::uint32_t size) {
  if (tokens.empty() || tokens.size() > kIndexedTokens || tokens.front().begin != 0) return {};
  // index[o]: the last token that begins at or before o (mapBegin);
  // index[size + 1 + o]: the last token that begins before o (mapEnd), or
  // kNoToken for o = 0.
  // Filled a token's stretch at a time, not byte by byte: token t holds
  // index[begin_t, begin_t+1), the last one up to `size`; and the last
  // token that begins before o is the one at or before o - 1, so ends is
  // index shifted by one.
  std::vector<std::uint8_t> index(2 * (std::size_t{size} + 1));
  std::uint8_t* ends = index.data() + size + 1;
  for (std::size_t t = 0; t < tokens.size(); ++t) {
    std::size_t from = std::min<std::size_t>(tokens[t].begin, std::size_t{size} + 1);
    std::size_t to = t + 1 < tokens.size() ? std::min<std::size_t>(tokens[t + 1].begin, std::size_t{size} + 1)
                                           : std::size_t{size} + 1;
    if (to > from) std::memset(index.data() + from, static_cast<int>(t), to - from);
  }
  ends[0] = kNoToken;
  std::memcpy(ends + 1, index.data(), size);
  return index;
}

// Positions come in nearly ascending order (a walk of the tree in source
// order), so each search starts at the token the previous one found.
std::uint32_t Relocator::searchBegin(std::uint32_t offset) const {
  // The token that starts at or contains `offset`: the last one that begins
  // at or before it.
  const std::span<const LexedToken>& tokens = from_.tokens;
  if (begins_ != nullptr || tokens.empty() || tokens.front().begin > offset) {  // outside the indexed frame
    ok_ = false;
    return offset;
  }
  std::size_t i = std::min(hint_, tokens.size() - 1);
  while (i > 0 && tokens[i].begin > offset) --i;
  while (i + 1 < tokens.size() && tokens[i + 1].begin <= offset) ++i;
  hint_ = i;
  return to_.tokens[i].begin + (offset - tokens[i].begin);
}

std::uint32_t Relocator::searchEnd(std::uint32_t offset) const {
  // The token that ends at or contains `offset` - 1: the last one that
  // begins before it.
  const std::span<const LexedToken>& tokens = from_.tokens;
  if (ends_ != nullptr || tokens.empty() || tokens.front().begin >= offset) {
    ok_ = false;
    return offset;
  }
  std::size_t i = std::min(hint_, tokens.size() - 1);
  while (i > 0 && tokens[i].begin >= offset) --i;
  while (i + 1 < tokens.size() && tokens[i + 1].begin < offset) ++i;
  hint_ = i;
  return to_.tokens[i].end - (tokens[i].end - offset);
}

void Relocator::text(std::string_view& s) {
  if (s.data() == nullptr) return;
  auto offset = static_cast<std::uint32_t>(s.data() - from_.base);
  std::uint32_t begin = mapBegin(offset);
  std::uint32_t end = s.empty() ? begin : mapEnd(offset + static_cast<std::uint32_t>(s.size()));
  s = std::string_view(to_.base + begin, end - begin);
}

// Most texts are exactly the source of their range: then the text follows
// from the relocated range, with half the searches.
bool Relocator::textIsRange(std::string_view s, SourceRange r) const {
  return s.data() == from_.base + r.begin && s.size() == r.end - r.begin && r.end > r.begin;
}

void Relocator::token(ast::Token& t) {
  if (t.text.data() == nullptr) return;  // not set
  if (textIsRange(t.text, t.range)) {
    range(t.range);
    t.text = std::string_view(to_.base + t.range.begin, t.range.end - t.range.begin);
    return;
  }
  text(t.text);
  range(t.range);
}

const ast::Expr* Relocator::expr(const ast::Expr* e) {
  ast::Expr& copy = arena_.emplace_back(*e);
  if (textIsRange(copy.text, copy.range)) {
    range(copy.range);
    copy.text = std::string_view(to_.base + copy.range.begin, copy.range.end - copy.range.begin);
  } else {
    range(copy.range);
    text(copy.text);
  }
  text(copy.op);
  if (copy.kind == ast::ExprKind::IntLiteral) {
    bool fits = parseIntegerLiteral(copy.text, copy.int_value);
    if (fits != copy.value_fits) ok_ = false;
  }
  if (copy.lhs != nullptr) copy.lhs = expr(copy.lhs);
  if (copy.rhs != nullptr) copy.rhs = expr(copy.rhs);
  if (copy.third != nullptr) copy.third = expr(copy.third);
  return &copy;
}

void Relocator::instruction(ast::Instruction& in) {
  // The opcode token has the same type but maybe another text
  // (add.s32 / mov.u32): split it again.
  SourceRange r = in.mnemonic_range;
  splitMnemonic({std::string_view(to_.base + r.begin, r.end - r.begin), r}, in);
}

void Relocator::declarator(ast::Declarator& d) {
  if (!d.range_count) return;
  std::uint64_t value = 0;
  if (!parseIntegerLiteral(d.range_count->text, value)) ok_ = false;
  d.range_count_value = value;
}

bool Relocator::relocate(ast::Statement& statement) {
  ok_ = true;
  walk(*this, statement);
  return ok_;
}

bool Relocator::relocate(ast::SectionItem& item) {
  ok_ = true;
  walk(*this, item);
  return ok_;
}

bool Relocator::relocate(ast::Function& header) {
  ok_ = true;
  walkHeader(*this, header);
  return ok_;
}

std::vector<std::uint64_t> locationsOf(const ast::Statement& statement, const char* base) {
  LocationLister lister(base);
  walk(lister, const_cast<ast::Statement&>(statement));
  return std::move(lister.out);
}

std::vector<std::uint64_t> locationsOf(const ast::TopLevel& item, const char* base) {
  LocationLister lister(base);
  std::visit(
      [&](auto& node) {
        using Node = std::decay_t<decltype(node)>;
        auto& n = const_cast<Node&>(node);
        if constexpr (std::is_same_v<Node, ast::Function>) {
          walkHeader(lister, n);
          if (n.body) {
            ast::Statement block{*n.body};
            walk(lister, block);
          }
        } else if constexpr (std::is_same_v<Node, ast::VersionDirective>) {
          lister.range(n.range);
          lister.token(n.version);
          lister.out.push_back(n.major * 1000 + n.minor);
        } else if constexpr (std::is_same_v<Node, ast::TargetDirective>) {
          lister.range(n.range);
          for (ast::Token& t : n.targets) lister.token(t);
        } else if constexpr (std::is_same_v<Node, ast::AddressSizeDirective>) {
          lister.range(n.range);
          lister.token(n.size);
        } else if constexpr (std::is_same_v<Node, ast::AliasDirective>) {
          lister.range(n.range);
          lister.token(n.alias);
          lister.token(n.aliasee);
        } else {
          ast::Statement statement{n};
          walk(lister, statement);
        }
      },
      item.node);
  return std::move(lister.out);
}

}  // namespace ptxlint::parse
