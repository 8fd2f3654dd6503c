// 5.3 Texture, Sampler and Surface Types. Where ptxas 13.0 and the manual
// agree (an opaque type below PTX ISA 1.5, a .samplerref in unified mode, an
// unnamed element in a member list, a member the type does not have, a value
// that names nothing) the finding is an error; where the manual's Tables 10
// and 11 say more than ptxas checks (a value outside the member's, a member
// given twice, a sampler member of a .texref in independent mode, which
// ptxas calls "ignored") a warning (PL2017).
#include "sema/opaque_types.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <vector>

namespace ptxlint::sema {
namespace {

// What a member takes (Tables 10 and 11).
enum class Values : std::uint8_t {
  Number,       // width, ..., channel_data_type (an enum of the source API)
  Flag,         // normalized_coords, force_unnormalized_coords, memory_layout: 0 or 1
  FilterMode,   // nearest, linear
  AddressMode,  // wrap, mirror, clamp_ogl, clamp_to_edge, clamp_to_border
};

// Which types have the member: in unified mode (Table 10) and in
// independent mode (Table 11), as letters t(exref), s(amplerref), u (surfref).
struct Member {
  std::string_view name;
  std::string_view unified;
  std::string_view independent;
  Values values;
};

constexpr std::array kMembers = {
    Member{"width", "tu", "tu", Values::Number},
    Member{"height", "tu", "tu", Values::Number},
    Member{"depth", "tu", "tu", Values::Number},
    Member{"channel_data_type", "tu", "tu", Values::Number},
    Member{"channel_order", "tu", "tu", Values::Number},
    Member{"normalized_coords", "t", "t", Values::Flag},
    Member{"force_unnormalized_coords", "", "s", Values::Flag},
    // Table 11: filter_mode of a .texref is "ignored" in independent mode.
    Member{"filter_mode", "t", "s", Values::FilterMode},
    Member{"addr_mode_0", "t", "s", Values::AddressMode},
    Member{"addr_mode_1", "t", "s", Values::AddressMode},
    Member{"addr_mode_2", "t", "s", Values::AddressMode},
    Member{"array_size", "tu", "tu", Values::Number},
    Member{"num_mipmap_levels", "t", "t", Values::Number},
    Member{"num_samples", "t", "t", Values::Number},
    Member{"memory_layout", "u", "u", Values::Flag},
};

constexpr std::array<std::string_view, 2> kFilterModes = {"nearest", "linear"};
constexpr std::array<std::string_view, 5> kAddressModes = {"wrap", "mirror", "clamp_ogl", "clamp_to_edge",
                                                           "clamp_to_border"};

bool isEnumerator(std::string_view word) {
  return std::find(kFilterModes.begin(), kFilterModes.end(), word) != kFilterModes.end() ||
         std::find(kAddressModes.begin(), kAddressModes.end(), word) != kAddressModes.end();
}

char letterOf(std::string_view type) { return type == ".texref" ? 't' : type == ".samplerref" ? 's' : 'u'; }

const Member* findMember(std::string_view name) {
  auto it = std::find_if(kMembers.begin(), kMembers.end(), [&](const Member& m) { return m.name == name; });
  return it != kMembers.end() ? &*it : nullptr;
}

std::string membersOf(char letter, bool independent) {
  std::string out;
  for (const Member& m : kMembers) {
    if ((independent ? m.independent : m.unified).find(letter) == std::string_view::npos) continue;
    if (!out.empty()) out += ", ";
    out += m.name;
  }
  return out;
}

const ast::Expr* stripped(const ast::Expr* e) {
  while (e != nullptr && e->kind == ast::ExprKind::Paren) e = e->lhs;
  return e;
}

class MemberChecker {
 public:
  MemberChecker(std::string_view type, const ModuleContext& context, diag::DiagnosticSink& sink)
      : type_(type), opaque_(isOpaqueType(type)), context_(context), sink_(sink) {}

  // `init` initializes one variable (or one array element) of the type:
  // "a list of static expressions assigning values to the named members"
  // (5.3), in braces. ptxas: "Initial value type mismatch" for `= 1`; it
  // crashes on `= width = 4`.
  void object(const ast::Initializer& init) {
    if (init.expr != nullptr || init.field) {
      if (opaque_) {
        error(init.range,
              fmt::format("a {} is initialized by a braced list of its named members (member = value)", type_), "5.3");
      }
      if (init.field) member(init);
      return;
    }
    std::vector<std::string_view> seen;
    for (const ast::Initializer& element : init.elements) {
      if (!element.field) {
        if (opaque_) unnamed(element);
        continue;
      }
      member(element);
      std::string_view name = element.field->text;
      if (opaque_ && std::find(seen.begin(), seen.end(), name) != seen.end()) {
        warn(element.field->range, fmt::format("member '{}' is given twice", name));
      }
      seen.push_back(name);
    }
  }

  // An array's initializer: a list of element initializers (ptxas takes a
  // member list too, for the first element).
  void array(const ast::Initializer& init) {
    bool members = std::any_of(init.elements.begin(), init.elements.end(),
                               [](const ast::Initializer& e) { return e.field.has_value(); });
    if (init.expr != nullptr || init.field || members) {
      object(init);
      return;
    }
    for (const ast::Initializer& element : init.elements) object(element);
  }

 private:
  void member(const ast::Initializer& init) {
    valueSymbols(init.expr);
    if (!opaque_) {
      if (!reported_non_opaque_) {
        error(init.field->range,
              fmt::format("named members ('{} = ...') initialize .texref, .samplerref and "
                          ".surfref variables, not {} ones",
                          init.field->text, type_),
              "5.3");
      }
      reported_non_opaque_ = true;
      return;
    }
    char letter = letterOf(type_);
    // A .samplerref outside independent mode is an error of its own.
    bool independent = context_.texmode_independent || letter == 's';
    std::string_view name = init.field->text;
    const Member* m = findMember(name);
    if (m == nullptr || (independent ? m->independent : m->unified).find(letter) == std::string_view::npos) {
      if (m != nullptr && independent && letter == 't' && m->unified.find('t') != std::string_view::npos) {
        warn(init.field->range, fmt::format("member '{}' of a .texref is ignored in independent texturing mode: "
                                            "the .samplerref carries it",
                                            name));
        return;
      }
      // ptxas: "Unrecognized field name '...' in opaque struct initializer".
      Diagnostic& d = error(init.field->range,
                            fmt::format("'{}' is not a member of {}{}", name, type_,
                                        independent && letter == 't' ? " in independent texturing mode" : ""),
                            "5.3");
      diag::DiagnosticSink::addNote(d, fmt::format("the members of {} (5.3, Table {}): {}", type_,
                                                   independent ? 11 : 10, membersOf(letter, independent)));
      return;
    }
    value(*m, init.expr);
  }

  // Every name in a member's value is one of the enumerators (ptxas:
  // "Unrecognized initial value symbol").
  void valueSymbols(const ast::Expr* e) {
    if (e == nullptr) return;
    if (e->kind == ast::ExprKind::Symbol && !isEnumerator(e->text)) {
      error(e->range,
            fmt::format("'{}' is not a member value: the values named in 5.3 are {}, {}", e->text,
                        fmt::join(kFilterModes, ", "), fmt::join(kAddressModes, ", ")),
            "5.3");
    }
    valueSymbols(e->lhs);
    valueSymbols(e->rhs);
    valueSymbols(e->third);
  }

  void value(const Member& m, const ast::Expr* expr) {
    const ast::Expr* e = stripped(expr);
    if (e == nullptr) return;
    bool symbol = e->kind == ast::ExprKind::Symbol;
    auto named = [&](auto& list) { return symbol && std::find(list.begin(), list.end(), e->text) != list.end(); };
    std::string allowed;
    switch (m.values) {
      case Values::Number:
        if (!symbol) return;
        allowed = "a number";
        break;
      case Values::Flag:
        if (e->kind == ast::ExprKind::IntLiteral) support::noteLiteralValueRead();
        if (e->kind == ast::ExprKind::IntLiteral && e->value_fits && e->int_value <= 1) return;
        allowed = "0 or 1";
        break;
      case Values::FilterMode:
        if (named(kFilterModes)) return;
        allowed = fmt::format("{}", fmt::join(kFilterModes, ", "));
        break;
      case Values::AddressMode:
        if (named(kAddressModes)) return;
        allowed = fmt::format("{}", fmt::join(kAddressModes, ", "));
        break;
    }
    if (symbol && !isEnumerator(e->text)) return;  // an error already
    warn(e->range,
         fmt::format("'{}' is not a value of {}: it takes {}", e->text.empty() ? "this" : e->text, m.name, allowed));
  }

  void unnamed(const ast::Initializer& element) {
    if (reported_unnamed_) return;
    reported_unnamed_ = true;
    char letter = letterOf(type_);
    bool independent = context_.texmode_independent || letter == 's';
    Diagnostic& d =
        error(element.range, fmt::format("an initializer of a {} names the members it sets ('member = value')", type_),
              "5.3");
    diag::DiagnosticSink::addNote(d, fmt::format("the members of {} (5.3, Table {}): {}", type_, independent ? 11 : 10,
                                                 membersOf(letter, independent)));
  }

  Diagnostic& error(SourceRange at, std::string message, std::string_view section) {
    return sink_.report(diag::RuleId::InvalidDeclaration, at, std::move(message), section);
  }
  void warn(SourceRange at, std::string message) {
    Diagnostic& d = sink_.report(diag::RuleId::OpaqueMember, at, std::move(message));
    d.spec_section = "5.3";
  }

  std::string_view type_;
  bool opaque_;
  const ModuleContext& context_;
  diag::DiagnosticSink& sink_;
  bool reported_non_opaque_ = false;
  bool reported_unnamed_ = false;
};

bool hasField(const ast::Initializer& init) {
  if (init.field) return true;
  return std::any_of(init.elements.begin(), init.elements.end(), hasField);
}

}  // namespace

bool isOpaqueType(std::string_view type) { return type == ".texref" || type == ".samplerref" || type == ".surfref"; }

void checkOpaqueType(std::string_view type, SourceRange at, const ModuleContext& context, diag::DiagnosticSink& sink) {
  if (!isOpaqueType(type)) return;
  context.require(sink, at, fmt::format("the opaque type {}", type), {1, 5}, {}, "9.7.10.3");
  // 9.7.10.1: "In the unified mode, texture and sampler information is
  // accessed through a single .texref handle"; "If no texturing mode is
  // declared, the module is assumed to use unified mode." ptxas:
  // "Instruction or declaration violates .target texmode_unified setting".
  if (type != ".samplerref" || context.texmode_independent || !context.version ||
      *context.version < spec::PtxVersion{1, 5}) {
    return;
  }
  Diagnostic& d = sink.report(diag::RuleId::InvalidDeclaration, at,
                              "a .samplerref needs independent texturing mode: write '.target ..., "
                              "texmode_independent'");
  d.spec_section = "9.7.10.1";
  diag::DiagnosticSink::addNote(d, "in unified mode (the default) the .texref carries the sampler's members");
}

void checkMemberInitializer(std::string_view type, bool is_array, const ast::Initializer& init,
                            const ModuleContext& context, diag::DiagnosticSink& sink) {
  if (!isOpaqueType(type) && !hasField(init)) return;  // the common case: nothing to look at
  MemberChecker checker(type, context, sink);
  if (is_array) {
    checker.array(init);
  } else {
    checker.object(init);
  }
}

}  // namespace ptxlint::sema
