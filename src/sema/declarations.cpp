// Declarations (chapter 5: state spaces, variables, parameters; chapter 11:
// .entry, .func, .callprototype, linking and performance-tuning
// directives). Each rule names its section; where the manual is silent on
// a detail (the order of specifiers, the version a body may hold a .param
// variable), ptxas 13.0's verdict on every PTX ISA version is the one kept,
// and the goldens of tests/golden/declarations/ check each against it.
#include "sema/declarations.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "sema/engine/deviation_check.h"
#include "sema/opaque_types.h"
#include "spec/function_directives.h"
#include "support/text.h"

namespace ptxlint::sema {
namespace {

using Kind = ast::SpecifierKind;
using K = spec::TargetRequirement::Kind;

bool hasLinkage(const ast::Specifiers& specifiers, std::string_view word) {
  return std::any_of(specifiers.begin(), specifiers.end(),
                     [&](const ast::Specifier& s) { return s.kind == Kind::Linkage && s.keyword.text == word; });
}

// Bits of a fundamental type (5.2.1), 0 for one this does not size.
unsigned typeBits(std::string_view type) {
  if (type.size() < 3) return 0;
  std::string_view digits = type.substr(2);
  if (type == ".pred") return 1;
  if (digits == "8") return 8;
  if (digits == "16" || type == ".f16x2" || type == ".bf16x2") return type.ends_with("x2") ? 32 : 16;
  if (digits == "32") return 32;
  if (digits == "64") return 64;
  if (digits == "128") return 128;
  return 0;
}

// An alignment or directive value, an integer literal of any base (4.5.1:
// `.align 010` is 8); one past 64 bits is taken as a large positive power
// of two (PL1011 is the parser's).
std::uint64_t intValue(std::string_view text) {
  std::uint64_t value = 0;
  if (!support::integerLiteralValue(text, value)) return std::uint64_t{1} << 63;
  return value;
}

bool isPowerOfTwo(std::string_view text) {
  std::uint64_t value = intValue(text);
  return value != 0 && (value & (value - 1)) == 0;
}

// Bytes of one element of a parameter (its type times its vector size); 0
// for an opaque or unknown type.
std::uint64_t elementBytes(const ast::Param& p) {
  const ast::Specifier* type = p.find(p.type);
  if (type == nullptr) return 0;
  unsigned bits = typeBits(type->keyword.text);
  if (bits < 8) return 0;
  std::uint64_t lanes = 1;
  if (const ast::Specifier* v = p.find(p.vector))
    lanes = v->keyword.text == ".v2" ? 2 : v->keyword.text == ".v4" ? 4 : 1;
  return bits / 8 * lanes;
}

// A parameter's bytes: 0 for an opaque one (.texref, ...), nullopt where a
// dimension is no plain number or the type is unknown.
std::optional<std::uint64_t> paramBytes(const ast::Param& p) {
  const ast::Specifier* type = p.find(p.type);
  if (type == nullptr) return std::nullopt;
  std::string_view t = type->keyword.text;
  if (t == ".texref" || t == ".samplerref" || t == ".surfref") return 0;
  std::uint64_t bytes = elementBytes(p);
  if (bytes == 0) return std::nullopt;
  for (const ast::Expr* e : p.declarator.dimensions) {
    if (e == nullptr || e->kind != ast::ExprKind::IntLiteral || !e->value_fits || e->int_value > (1u << 30)) {
      return std::nullopt;
    }
    bytes *= e->int_value;
    if (bytes > (1ull << 40)) return std::nullopt;
  }
  return bytes;
}

}  // namespace

Diagnostic& DeclarationChecker::report(diag::RuleId rule, SourceRange at, std::string message,
                                       std::string_view section) {
  return sink_.report(rule, at, std::move(message), section);
}

// 5.4.1, 5.4.2, 5.4.5, 5.1.6.3: ptxas reads a declaration's specifiers in
// one order: linkage first, then the state space (.align and .attribute may
// come before or after it), the vector size, the type, and after the type a
// parameter's .ptr attributes. A vector size after the type ("prefixing the
// type", 5.4.2), an alignment after them in a variable, a linkage directive
// after the state space are syntax errors to ptxas.
void DeclarationChecker::specifierOrder(const ast::Specifiers& specifiers, bool is_param) {
  const ast::Specifier* first_other = nullptr;  // the first non-linkage specifier
  const ast::Specifier* linkage = nullptr;
  const ast::Specifier* vector = nullptr;
  const ast::Specifier* type = nullptr;
  for (const ast::Specifier& s : specifiers) {
    switch (s.kind) {
      case Kind::Linkage:
        if (linkage != nullptr) {
          Diagnostic& d = report(diag::RuleId::InvalidDeclaration, s.range,
                                 fmt::format("a declaration takes one linkage directive; '{}' follows '{}'",
                                             s.keyword.text, linkage->keyword.text),
                                 "11.6");
          diag::DiagnosticSink::addNote(d, linkage->range, "the first linkage directive is here");
        } else if (first_other != nullptr) {
          report(diag::RuleId::InvalidDeclaration, s.range,
                 fmt::format("'{}' must come first in the declaration, before '{}'", s.keyword.text,
                             first_other->keyword.text),
                 "11.6");
        }
        linkage = &s;
        continue;
      case Kind::Vector:
        if (type != nullptr) {
          report(diag::RuleId::InvalidDeclaration, s.range,
                 fmt::format("the vector size '{}' must come before the type '{}'", s.keyword.text, type->keyword.text),
                 "5.4.2");
        }
        vector = &s;
        break;
      case Kind::Type: type = &s; break;
      case Kind::Align:
        if (!is_param && (type != nullptr || vector != nullptr)) {
          report(diag::RuleId::InvalidDeclaration, s.range,
                 fmt::format("'.align' must come before '{}'", (vector != nullptr ? vector : type)->keyword.text),
                 "5.4.5");
        }
        break;
      case Kind::Attribute:
        if (type != nullptr) {
          report(diag::RuleId::InvalidDeclaration, s.range,
                 fmt::format("'.attribute' must come before the type '{}'", type->keyword.text), "5.4.8");
        }
        break;
      case Kind::Ptr:
        if (type == nullptr) {
          report(diag::RuleId::InvalidDeclaration, s.range, "'.ptr' must follow the parameter's type", "5.1.6.3");
        }
        break;
      default: break;
    }
    if (first_other == nullptr) first_other = &s;
  }
}

// 5.4.2: vectors of 2 or 4 non-predicate elements, at most 128 bits; 5.4.5:
// an alignment is a power of two; 5.4.1: predicates live in registers;
// 5.2.1: the .b128 type needs PTX ISA 8.3.
void DeclarationChecker::vectorAndAlignment(const ast::Specifiers& specifiers, std::int8_t vector_index,
                                            std::int8_t type_index, std::int8_t align_index) {
  const ast::Specifier* vector = vector_index < 0 ? nullptr : &specifiers[static_cast<std::size_t>(vector_index)];
  const ast::Specifier* type = type_index < 0 ? nullptr : &specifiers[static_cast<std::size_t>(type_index)];
  if (vector != nullptr && type != nullptr) {
    std::string_view v = vector->keyword.text;
    unsigned lanes = v == ".v2" ? 2 : v == ".v4" ? 4 : 0;
    if (lanes == 0) {
      report(diag::RuleId::InvalidDeclaration, vector->range,
             fmt::format("a variable is a vector of 2 or 4 elements; '{}' declares none", v), "5.4.2");
    } else if (type->keyword.text == ".pred") {
      report(diag::RuleId::InvalidDeclaration, vector->range, "a vector cannot be of .pred", "5.4.2");
    } else if (unsigned bits = typeBits(type->keyword.text); bits * lanes > 128) {
      report(diag::RuleId::InvalidDeclaration, vector->range,
             fmt::format("'{} {}' is {} bits; a vector is at most 128 bits", v, type->keyword.text, bits * lanes),
             "5.4.2");
    }
  }
  // 5.2.1 lists .b128 among the fundamental types; it came with PTX ISA 8.3
  // (13.8: "Adds support for .b128 type"), and ptxas 13.0 refuses a .b128
  // variable, register or parameter declared by an older module.
  if (type != nullptr && type->keyword.text == ".b128") {
    context_.require(sink_, type->range, "the .b128 type", {8, 3}, {}, "5.2.1");
  }
  for (const ast::Specifier& s : specifiers) {
    bool is_align = &s == (align_index < 0 ? nullptr : &specifiers[static_cast<std::size_t>(align_index)]) ||
                    s.kind == Kind::PtrAlign;
    if (is_align && s.value && !isPowerOfTwo(s.value->text)) {
      report(diag::RuleId::InvalidDeclaration, s.value->range,
             fmt::format("alignment {} is not a power of two", s.value->text), "5.4.5");
    }
  }
}

// 5.4.3: "The size of each dimension is a constant expression": it names no
// symbol (`a[N]`: ptxas, with no N to expand, "Parsing error near 'N'").
void DeclarationChecker::constantSize(const ast::Declarator& d, const ast::Expr& e) {
  if (e.kind == ast::ExprKind::Symbol) {
    report(diag::RuleId::InvalidDeclaration, e.range,
           fmt::format("the size of array '{}' is not a constant: '{}' is a name", d.name.text, e.text), "5.4.3");
    return;
  }
  for (const ast::Expr* sub : {e.lhs, e.rhs, e.third}) {
    if (sub != nullptr) constantSize(d, *sub);
  }
}

// 5.4.3: "The size of each dimension is a constant expression"; ptxas 13.0
// takes only an integer literal there ("Parsing error near '*'"): the
// deviation array-size-expression, for variables and parameters alike.
void DeclarationChecker::sizeExpression(const ast::Expr& size, std::string_view space) {
  if (size.kind == ast::ExprKind::IntLiteral) return;
  spec::DeviationOperand operand;
  operand.text = "an array dimension";  // what the entry's condition asks
  spec::DeviationSubject subject{space, {}, {&operand, 1}, context_.version, context_.target};
  engine::applyDirectiveDeviations(subject, size.range, context_, sink_, sink_.diagnostics().size());
}

// 5.4.3: "When declared with an initializer, the first dimension of the
// array may be omitted"; an .extern array may leave it out too (its size
// is the definition's, 11.6.1). Only the first dimension may be empty.
void DeclarationChecker::arrays(const ast::Declarator& d, bool is_extern, std::string_view space) {
  for (std::size_t i = 0; i < d.dimensions.size(); ++i) {
    if (d.dimensions[i] != nullptr) {
      std::size_t first = sink_.diagnostics().size();
      constantSize(d, *d.dimensions[i]);
      if (sink_.diagnostics().size() == first) sizeExpression(*d.dimensions[i], space);
      continue;
    }
    if (i > 0) {
      report(diag::RuleId::InvalidDeclaration, d.dimension_ranges[i],
             fmt::format("only the first dimension of array '{}' may be left out", d.name.text), "5.4.3");
    } else if (!is_extern && !d.initializer) {
      report(diag::RuleId::InvalidDeclaration, d.dimension_ranges[i],
             fmt::format("array '{}' has no size: give one, an initializer, or declare it .extern", d.name.text),
             "5.4.3");
    }
  }
}

// 5.4.4: "variable initialization is supported only for constant and
// global state spaces"; "Initializers are not allowed in external variable
// declarations", nor for .f16, .f16x2 and .pred.
void DeclarationChecker::initializer(const ast::VariableDecl& decl, const ast::Declarator& d, std::string_view space,
                                     bool is_extern) {
  if (!d.initializer) return;
  if (space != ".global" && space != ".const") {
    report(diag::RuleId::InvalidDeclaration, d.initializer->range,
           fmt::format("a {} variable cannot have an initializer; only .global and .const ones can", space), "5.4.4");
  } else if (is_extern) {
    report(diag::RuleId::InvalidDeclaration, d.initializer->range,
           fmt::format("an .extern variable cannot have an initializer ('{}' is defined elsewhere)", d.name.text),
           "5.4.4");
  } else if (const ast::Specifier* type = decl.find(decl.type);
             type != nullptr && (type->keyword.text == ".f16" || type->keyword.text == ".f16x2")) {
    report(diag::RuleId::InvalidDeclaration, d.initializer->range,
           fmt::format("a {} variable cannot have an initializer", type->keyword.text), "5.4.4");
  } else {
    values_.declarator(decl, d, &d == &decl.declarators.back());
  }
}

void DeclarationChecker::initializerPiece(const ast::VariableDecl& decl) {
  const ast::Specifier* space = decl.find(decl.state_space);
  if (decl.declarators.empty() || space == nullptr || hasLinkage(decl.specifiers, ".extern")) return;
  if (space->keyword.text != ".global" && space->keyword.text != ".const") return;
  values_.declarator(decl, decl.declarators.back(), true);
}

// 5.1.3.1 (deprecated): "Prior to PTX ISA version 2.2 ... banks were
// specified using the .const[bank] modifier, where bank ranged from 0 to
// 10"; "In PTX ISA version 2.2, we eliminated explicit banks". ptxas:
// "Illegal bank number", "'explicit constant banks' not supported as of PTX
// version 2.2".
// 5.1.3: "Constant memory is restricted in size, currently limited to 64
// KB which can be used to hold statically-sized constant variables" (a
// bank of 64 KB each before PTX ISA 2.2, 5.1.3.1). The sizes are summed
// without the padding alignment adds, so the sum is never more than what
// ptxas lays out ("File uses too much global constant data (0x11170 bytes,
// 0x10000 max)"). An array sized by an initializer cut into pieces counts
// its first piece's elements only.
void DeclarationChecker::constantBytes(const ast::VariableDecl& decl, const ast::Specifier& space) {
  const ast::Specifier* type = decl.find(decl.type);
  const ast::Specifier* vector = decl.find(decl.vector);
  std::uint64_t element = type != nullptr ? typeBits(type->keyword.text) / 8 : 0;
  if (element == 0) return;
  if (vector != nullptr && vector->keyword.text.size() > 2) element *= intValue(vector->keyword.text.substr(2));
  std::uint64_t bank = space.value ? intValue(space.value->text) : 0;
  if (bank >= const_bytes_.size()) return;
  constexpr std::uint64_t kLimit = 64 * 1024;
  for (const ast::Declarator& d : decl.declarators) {
    std::uint64_t bytes = element;
    for (std::size_t i = 0; i < d.dimensions.size() && bytes != 0; ++i) {
      const ast::Expr* size = d.dimensions[i];
      std::uint64_t n = 0;
      if (size != nullptr && size->kind == ast::ExprKind::IntLiteral && size->value_fits) {
        n = size->int_value;
      } else if (size == nullptr && i == 0 && d.initializer && !d.initializer->expr) {
        n = d.initializer->elements.size();
      }
      bytes = n != 0 && n <= kLimit ? bytes * n : (n == 0 ? 0 : kLimit + 1);
      if (bytes > kLimit) bytes = kLimit + 1;
    }
    std::uint64_t& total = const_bytes_[bank];
    bool was_within = total <= kLimit;
    total = std::min<std::uint64_t>(total + bytes, 2 * kLimit);
    if (was_within && total > kLimit) {
      report(diag::RuleId::InvalidDeclaration, d.name.range,
             fmt::format("with '{}' the module's .const variables{} take more than 64 KB, all the constant "
                         "memory there is for them",
                         d.name.text, space.value ? fmt::format(" in bank {}", bank) : std::string()),
             "5.1.3");
    }
  }
}

void DeclarationChecker::constantBank(const ast::Specifier& space) {
  std::uint64_t bank = intValue(space.value->text);
  if (bank > 10) {
    report(diag::RuleId::InvalidDeclaration, space.value->range,
           fmt::format("constant bank {} does not exist: banks are 0 to 10", space.value->text), "5.1.3.1");
  }
  if (context_.version && *context_.version >= spec::PtxVersion{2, 2}) {
    Diagnostic& d = report(diag::RuleId::InvalidDeclaration, space.range,
                           fmt::format("explicit constant banks (.const[{}]) were removed in PTX ISA 2.2; the file "
                                       "declares .version {}",
                                       space.value->text, context_.version->str()),
                           "5.1.3.1");
    diag::DiagnosticSink::addNote(d,
                                  "declare the variable in .const; a driver-allocated buffer is a kernel "
                                  "parameter (5.1.6.3)");
  }
}

// 11.6: .weak from PTX ISA 3.1, .common from 5.0 and only on .global
// variables; no linkage directive inside a function body.
void DeclarationChecker::linkage(const ast::VariableDecl& decl, std::string_view space, bool at_module_scope) {
  for (const ast::Specifier& s : decl.specifiers) {
    if (s.kind != Kind::Linkage) continue;
    if (!at_module_scope) {
      report(diag::RuleId::InvalidDeclaration, s.range,
             fmt::format("'{}' is for module-scope declarations, not inside a function", s.keyword.text), "11.6");
      continue;
    }
    if (s.keyword.text == ".weak") {
      context_.require(sink_, s.range, "the .weak directive", {3, 1}, {}, "11.6.3");
    } else if (s.keyword.text == ".common") {
      context_.require(sink_, s.range, "the .common directive", {5, 0}, {}, "11.6.4");
      if (!space.empty() && space != ".global") {
        report(diag::RuleId::InvalidDeclaration, s.range,
               fmt::format(".common variables must be in .global, not {}", space), "11.6.4");
      }
    }
  }
}

// 5.1: which state spaces a module or a function body may declare.
// .param variables: at module scope never; in a body from PTX ISA 2.0
// (11.2.2 release notes), and in a kernel's body through PTX ISA 1.3 where
// kernel parameters were declared there (11.2.1 PTX ISA notes). Module-scope
// .reg and .local: ptxas takes them through PTX ISA 2.3 ("disabling ABI").
void DeclarationChecker::stateSpaceScope(const ast::VariableDecl& decl, std::string_view space,
                                         const ast::Function* function) {
  const ast::Specifier* at = decl.find(decl.state_space);
  if (at == nullptr) return;
  const std::optional<spec::PtxVersion>& version = context_.version;
  if (function == nullptr) {
    if (space == ".param") {
      report(diag::RuleId::InvalidDeclaration, at->range, ".param variables cannot be declared at module scope",
             "5.1.6");
    } else if ((space == ".reg" || space == ".local") && version && *version >= spec::PtxVersion{3, 0}) {
      report(diag::RuleId::InvalidDeclaration, at->range,
             fmt::format("module-scope {} variables are not allowed from PTX ISA 3.0; the file declares .version {}",
                         space, version->str()),
             "5.1");
    }
    return;
  }
  if (space == ".param" && version && *version < spec::PtxVersion{2, 0}) {
    bool old_kernel_body = function->kind.text == ".entry" && *version < spec::PtxVersion{1, 4};
    if (!old_kernel_body) {
      report(diag::RuleId::InvalidDeclaration, at->range,
             fmt::format(".param variables in a {} body need PTX ISA 2.0{}; the file declares .version {}",
                         function->kind.text,
                         function->kind.text == ".entry" ? " (through 1.3 they were the kernel's parameters)" : "",
                         version->str()),
             "11.2.1");
    }
  }
  if (space == ".param" && decl.vector >= 0) {
    report(diag::RuleId::InvalidDeclaration, decl.find(decl.vector)->range, "a .param variable cannot be a vector",
           "5.1.6");
  }
}

void DeclarationChecker::variable(const ast::VariableDecl& decl, const ast::Function* function) {
  const ast::Specifier* space_spec = decl.find(decl.state_space);
  std::string_view space = space_spec ? space_spec->keyword.text : std::string_view{};
  bool is_extern = hasLinkage(decl.specifiers, ".extern");
  specifierOrder(decl.specifiers, /*is_param=*/false);
  vectorAndAlignment(decl.specifiers, decl.vector, decl.type, decl.align);
  if (space == ".const" && space_spec->value) constantBank(*space_spec);
  linkage(decl, space, function == nullptr);
  stateSpaceScope(decl, space, function);
  const ast::Specifier* type = decl.find(decl.type);
  std::string_view type_name = type != nullptr ? type->keyword.text : std::string_view{};
  if (type_name == ".pred" && !space.empty() && space != ".reg") {
    report(diag::RuleId::InvalidDeclaration, type->range,
           fmt::format("predicates may only be declared in .reg, not {}", space), "5.4.1");
  }
  // 5.1.8: the texture state space is deprecated; ptxas refuses .tex
  // variables from PTX ISA 1.5 (declare .texref variables instead).
  if (space == ".tex" && context_.version && *context_.version >= spec::PtxVersion{1, 5}) {
    report(diag::RuleId::InvalidDeclaration, space_spec->range,
           fmt::format(".tex variables are refused from PTX ISA 1.5 (the file declares .version {}): declare a "
                       ".global .texref instead",
                       context_.version->str()),
           "5.1.8");
  }
  for (const ast::Specifier& s : decl.specifiers) {
    if (s.kind == Kind::Attribute) {
      context_.require(sink_, s.keyword.range, "the .attribute directive", {4, 0}, {}, "5.4.8");
      attributes(s.attributes, space, /*on_function=*/false, s.range);
    }
  }
  if (type != nullptr) checkOpaqueType(type_name, type->range, context_, sink_);
  if (type != nullptr && isOpaqueType(type_name)) opaqueVariable(decl, *type, space, function);
  if (space == ".const" && !is_extern && decl.piece != ast::Piece::Middle && decl.piece != ast::Piece::Last) {
    constantBytes(decl, *space_spec);
  }
  for (const ast::Declarator& d : decl.declarators) {
    arrays(d, is_extern, space);
    initializer(decl, d, space, is_extern);
    if (d.initializer) checkMemberInitializer(type_name, !d.dimensions.empty(), *d.initializer, context_, sink_);
  }
}

// 5.3: "Variables using these types may be declared at module scope or
// within kernel entry parameter lists. At module scope, these variables
// must be in the .global state space"; 5.4.2: "Vectors must be based on a
// fundamental type"; 11.6.4: ".common ... cannot be used ... on symbols
// with opaque type".
void DeclarationChecker::opaqueVariable(const ast::VariableDecl& decl, const ast::Specifier& type,
                                        std::string_view space, const ast::Function* function) {
  std::string_view name = type.keyword.text;
  if (function != nullptr) {
    report(diag::RuleId::InvalidDeclaration, type.range,
           fmt::format("a {} variable is declared at module scope or as a kernel parameter, not in a function", name),
           "5.3");
  } else if (!space.empty() && space != ".global") {
    report(diag::RuleId::InvalidDeclaration, decl.find(decl.state_space)->range,
           fmt::format("a module-scope {} variable is in .global, not {}", name, space), "5.3.2");
  }
  if (decl.vector >= 0) {
    report(diag::RuleId::InvalidDeclaration, decl.find(decl.vector)->range,
           fmt::format("a vector is of a fundamental type, not {}", name), "5.4.2");
  }
  for (const ast::Specifier& s : decl.specifiers) {
    if (s.kind == Kind::Linkage && s.keyword.text == ".common") {
      report(diag::RuleId::InvalidDeclaration, s.range, fmt::format(".common cannot be used on a {} variable", name),
             "11.6.4");
    }
  }
}

// 5.4.8: .managed on .global variables (sm_30); .unified on functions and
// .global variables (PTX ISA 8.0, sm_90).
void DeclarationChecker::attributes(const std::vector<ast::AttributeItem>& items, std::string_view space,
                                    bool on_function, SourceRange at) {
  (void)at;
  for (const ast::AttributeItem& a : items) {
    std::string_view name = a.name.text;
    // 5.4.8: `.managed`; `.unified(uuid1, uuid2)`, where "Integer constants
    // uuid1 and uuid2 respectively specify upper and lower 64 bits of the
    // unique identifier" (ptxas 13.0: "Parsing error" for any other list).
    bool unified = name == ".unified";
    bool two_integers =
        a.arguments.size() == 2 && std::all_of(a.arguments.begin(), a.arguments.end(), [](const ast::Expr* e) {
          return e != nullptr && e->kind == ast::ExprKind::IntLiteral;
        });
    if (unified ? !two_integers : (name == ".managed" && !a.arguments.empty())) {
      report(diag::RuleId::InvalidDeclaration, a.name.range,
             unified ? std::string("'.unified' takes two integer constants, the identifier's upper and lower 64 bits: "
                                   ".unified(uuid1, uuid2)")
                     : std::string("'.managed' takes no arguments"),
             "5.4.8");
    }
    if (name == ".managed") {
      if (on_function || space != ".global") {
        report(diag::RuleId::InvalidDeclaration, a.name.range,
               on_function ? std::string("'.managed' is an attribute of .global variables, not of functions")
                           : fmt::format("'.managed' is an attribute of .global variables, not {}", space),
               "5.4.8");
      }
      context_.require(sink_, a.name.range, "the .managed attribute", {4, 0}, {K::AtLeast, 30}, "5.4.8");
    } else if (name == ".unified") {
      if (!on_function && space != ".global") {
        report(diag::RuleId::InvalidDeclaration, a.name.range,
               fmt::format("'.unified' is an attribute of functions and .global variables, not {}", space), "5.4.8");
      }
      context_.require(sink_, a.name.range, "the .unified attribute", {8, 0}, {K::AtLeast, 90}, "5.4.8");
    }
  }
}

// One parameter of an .entry, a .func or a .callprototype (5.1.6, 11.2).
void DeclarationChecker::param(const ast::Param& p, bool is_entry, bool is_return, bool is_last, bool bodiless) {
  specifierOrder(p.specifiers, /*is_param=*/true);
  vectorAndAlignment(p.specifiers, p.vector, p.type, p.align);
  const ast::Specifier* space = p.find(p.state_space);
  std::string_view space_name = space != nullptr ? space->keyword.text : std::string_view{};
  for (const ast::Specifier& s : p.specifiers) {
    if (s.kind == Kind::Linkage || s.kind == Kind::Attribute) {
      report(diag::RuleId::InvalidDeclaration, s.range, fmt::format("a parameter cannot take '{}'", s.keyword.text),
             "5.1.6");
    } else if (s.kind == Kind::Ptr) {
      // 5.1.6.3: "kernel parameter attributes": on .entry parameters only.
      if (!is_entry) {
        report(diag::RuleId::InvalidDeclaration, s.range, "'.ptr' is an attribute of kernel (.entry) parameters",
               "5.1.6.3");
      }
      context_.require(sink_, s.range, "the .ptr kernel parameter attribute", {2, 2}, {}, "5.1.6.3");
    }
  }
  if (p.declarator.initializer) {
    report(diag::RuleId::InvalidDeclaration, p.declarator.initializer->range, "a parameter cannot have an initializer",
           "5.1.6");
  }
  if (const ast::Specifier* type = p.find(p.type)) {
    checkOpaqueType(type->keyword.text, type->range, context_, sink_);
    // 5.3: opaque variables are module-scope ones "or within kernel entry
    // parameter lists".
    if (!is_entry && isOpaqueType(type->keyword.text)) {
      std::size_t first = sink_.diagnostics().size();
      report(diag::RuleId::InvalidDeclaration, type->range,
             fmt::format("a {} parameter is a kernel's (.entry), not a function's", type->keyword.text), "5.3");
      // (ptxas 13.0 takes it in a declaration without body.)
      std::string_view words[2] = {type->keyword.text.substr(1), bodiless ? "bodiless" : "defined"};
      spec::DeviationSubject subject{".func", words, {}, context_.version, context_.target};
      engine::applyDirectiveDeviations(subject, type->range, context_, sink_, first);
    }
  }
  if (is_entry && space != nullptr && space_name != ".param") {
    report(diag::RuleId::InvalidDeclaration, space->range,
           fmt::format("kernel parameters are in .param, not {}", space_name), "5.1.6.1");
  }
  // 11.2.2: "Parameters must be base types in either the register or
  // parameter state space"; 11.3.3: "or array types in parameter state
  // space"; 5.4.1: "Predicate variables may only be declared in the
  // register state space".
  if (!is_entry && space != nullptr && space_name != ".param" && space_name != ".reg") {
    report(diag::RuleId::InvalidDeclaration, space->range,
           fmt::format("function parameters are in .reg or .param, not {}", space_name), "11.2.2");
  }
  const ast::Specifier* type = p.find(p.type);
  if (type != nullptr && type->keyword.text == ".pred" && space_name == ".param") {
    report(diag::RuleId::InvalidDeclaration, type->range, "a .pred parameter is in .reg: predicates are registers only",
           "5.4.1");
  }
  if (space_name == ".reg" && !p.declarator.dimensions.empty()) {
    report(diag::RuleId::InvalidDeclaration, p.declarator.dimension_ranges[0],
           "a .reg parameter cannot be an array: arrays are .param parameters", "11.3.3");
    return;
  }
  if (space_name == ".param" && p.vector >= 0) {
    report(diag::RuleId::InvalidDeclaration, p.find(p.vector)->range, "a .param parameter cannot be a vector", "5.1.6");
  }
  const std::vector<const ast::Expr*>& dims = p.declarator.dimensions;
  for (const ast::Expr* size : dims) {
    if (size != nullptr) sizeExpression(*size, space_name.empty() ? std::string_view(".param") : space_name);
  }
  for (std::size_t i = 1; i < dims.size(); ++i) {
    if (dims[i] == nullptr) {
      report(diag::RuleId::InvalidDeclaration, p.declarator.dimension_ranges[i],
             "only the first dimension of an array may be left out", "5.4.3");
    }
  }
  if (dims.empty() || dims[0] != nullptr) return;
  // 11.2.2: "The last parameter in the parameter list may be a .param array
  // ... with no size specified" (PTX ISA 6.0, sm_30); not a kernel's.
  SourceRange at = p.declarator.dimension_ranges[0];
  if (is_entry) {
    report(diag::RuleId::InvalidDeclaration, at,
           fmt::format("kernel parameter '{}' cannot be an array without size", p.declarator.name.text), "11.2.1");
  } else if (is_return) {
    report(diag::RuleId::InvalidDeclaration, at, "a return parameter cannot be an array without size", "11.2.2");
  } else if (!is_last) {
    report(diag::RuleId::InvalidDeclaration, at, "only the last parameter may be an array without size", "11.2.2");
  } else if (type != nullptr && type->keyword.text != ".b8") {
    std::size_t first = sink_.diagnostics().size();
    report(diag::RuleId::InvalidDeclaration, type->range,
           fmt::format("an array parameter without size is .b8, not {}", type->keyword.text), "11.2.2");
    std::string_view word = type->keyword.text.substr(1);
    spec::DeviationSubject subject{".func", {&word, 1}, {}, context_.version, context_.target};
    engine::applyDirectiveDeviations(subject, type->range, context_, sink_, first);
  } else {
    context_.require(sink_, at, "an array parameter without size", {6, 0}, {K::AtLeast, 30}, "11.2.2");
  }
}

void DeclarationChecker::paramLists(const std::optional<std::vector<ast::Param>>& returns,
                                    const std::optional<std::vector<ast::Param>>& inputs, bool is_entry,
                                    bool is_prototype, bool bodiless) {
  std::size_t param_returns = 0;
  const ast::Param* first_param = nullptr;
  for (const auto* list : {&returns, &inputs}) {
    if (!*list) continue;
    for (std::size_t i = 0; i < (*list)->size(); ++i) {
      const ast::Param& p = (**list)[i];
      param(p, is_entry, list == &returns, i + 1 == (*list)->size(), bodiless);
      const ast::Specifier* space = p.find(p.state_space);
      if (space == nullptr || space->keyword.text != ".param") continue;
      if (list == &returns) ++param_returns;
      if (first_param == nullptr) first_param = &p;
    }
  }
  // 11.2.2 release notes: ".param" parameters of functions from PTX ISA 2.0
  // with sm_20 ("For PTX ISA version 1.x code, parameters must be in the
  // register state space"). A prototype needs both anyway (11.3.3).
  if (!is_entry && !is_prototype && first_param != nullptr) {
    context_.require(sink_, first_param->find(first_param->state_space)->range, "a .param parameter of a .func", {2, 0},
                     {K::AtLeast, 20}, "11.2.2");
  }
  if (returns && returns->size() > 1 && param_returns > 0) {
    report(diag::RuleId::InvalidDeclaration, (*returns)[1].range,
           "a function returns at most one .param value (several return values must be .reg)", "11.2.2");
  }
}

// 11.2.1 PTX ISA notes: "For PTX ISA version 1.4 and later, parameter
// variables are declared in the kernel parameter list. For PTX ISA versions
// 1.0 through 1.3, parameter variables are declared in the kernel body."
void DeclarationChecker::entryParamList(const ast::Function& f) {
  if (!f.params || f.params->empty()) return;
  context_.require(sink_, f.params->front().range, "a kernel parameter list", {1, 4}, {}, "11.2.1");
  // 11.2.1: "the allowed parameter size for a PTX ISA version": 32764 bytes
  // from 8.1, 4352 from 1.5, 256 before; opaque parameters do not count.
  if (!context_.version) return;
  std::uint64_t limit = *context_.version >= spec::PtxVersion{8, 1}   ? 32764
                        : *context_.version >= spec::PtxVersion{1, 5} ? 4352
                                                                      : 256;
  std::uint64_t total = 0;
  for (const ast::Param& p : *f.params) {
    std::optional<std::uint64_t> size = paramBytes(p);
    if (!size) return;  // a size this does not compute: not judged
    std::uint64_t align = std::max<std::uint64_t>(elementBytes(p), 1);
    if (const ast::Specifier* a = p.find(p.align); a != nullptr && a->value)
      align = std::max(align, intValue(a->value->text));
    if (align == 0 || (align & (align - 1)) != 0) return;
    total = (total + align - 1) / align * align + *size;
  }
  if (total > limit) {
    report(diag::RuleId::InvalidDeclaration, f.name.range,
           fmt::format("kernel '{}' has {} bytes of parameters; PTX ISA {} allows {}", f.name.text, total,
                       context_.version->str(), limit),
           "11.2.1");
  }
}

void DeclarationChecker::function(const ast::Function& f) {
  bool is_entry = f.kind.text == ".entry";
  for (const ast::Token& l : f.linkage) {
    if (l.text == ".common") {
      report(diag::RuleId::InvalidDeclaration, l.range, "'.common' is for .global variables, not functions", "11.6.4");
    } else if (l.text == ".extern" && f.body) {
      report(diag::RuleId::InvalidDeclaration, l.range,
             fmt::format("'.extern' declares '{}' defined elsewhere: it cannot have a body here", f.name.text),
             "11.6.1");
    } else if (l.text == ".weak") {
      context_.require(sink_, l.range, "the .weak directive", {3, 1}, {}, "11.6.3");
    }
  }
  if (f.linkage.size() > 1) {
    report(
        diag::RuleId::InvalidDeclaration, f.linkage[1].range,
        fmt::format("a function takes one linkage directive; '{}' follows '{}'", f.linkage[1].text, f.linkage[0].text),
        "11.6");
  }
  for (const ast::Specifier& a : f.attributes) {
    if (is_entry) {
      report(diag::RuleId::InvalidDeclaration, a.range, "'.attribute' is for .func and variables, not .entry", "5.4.8");
      continue;
    }
    context_.require(sink_, a.keyword.range, "a function's .attribute", {8, 0}, {K::AtLeast, 90}, "11.2.2");
    attributes(a.attributes, {}, /*on_function=*/true, a.range);
  }
  if (is_entry) entryParamList(f);
  paramLists(f.return_params, f.params, is_entry, /*is_prototype=*/false, /*bodiless=*/!f.body);
  directives(f.directives, f.kind.text, f.return_params && !f.return_params->empty());
}

void DeclarationChecker::callPrototype(const ast::CallPrototype& proto) {
  context_.require(sink_, proto.range, "the .callprototype directive", {2, 1}, {K::AtLeast, 20}, "11.3.3");
  paramLists(proto.return_params, proto.params, /*is_entry=*/false, /*is_prototype=*/true, /*bodiless=*/true);
  for (const ast::FunctionDirective& d : proto.directives) {
    if (const spec::FunctionDirectiveInfo* info = spec::findFunctionDirective(d.keyword.text)) {
      context_.require(sink_, d.keyword.range, fmt::format("the {} directive", d.keyword.text), info->introduced,
                       info->target, info->section);
    }
  }
  directives(proto.directives, ".callprototype", proto.return_params && !proto.return_params->empty());
}

// 11.3.1 .branchtargets, 11.3.2 .calltargets: "Introduced in PTX ISA
// version 2.1", "Requires sm_20 or higher". ptxas 13.0 wants 6.0 and sm_30
// for .branchtargets (deviation branchtargets-before-6.0).
void DeclarationChecker::targetList(const ast::TargetList& list) {
  std::string_view keyword = list.keyword.text;
  bool branch = keyword == ".branchtargets";
  std::size_t first = sink_.diagnostics().size();
  context_.require(sink_, list.keyword.range, fmt::format("the {} directive", keyword), {2, 1}, {K::AtLeast, 20},
                   branch ? "11.3.1" : "11.3.2");
  spec::DeviationSubject subject{keyword, {}, {}, context_.version, context_.target};
  engine::applyDirectiveDeviations(subject, list.keyword.range, context_, sink_, first);
}

// 11.4, 11.7, 11.8: the performance-tuning and cluster directives go on
// kernels, .noreturn and .abi_preserve{_control} on functions and
// prototypes (11.2.2, 11.3.3), .pragma on either.
void DeclarationChecker::directives(const std::vector<ast::FunctionDirective>& list, std::string_view kind,
                                    bool has_returns) {
  bool is_entry = kind == ".entry";
  const ast::FunctionDirective* maxntid = nullptr;
  const ast::FunctionDirective* reqntid = nullptr;
  const ast::FunctionDirective* cluster = nullptr;
  const ast::FunctionDirective* max_cluster = nullptr;
  const ast::FunctionDirective* blocks = nullptr;
  for (const ast::FunctionDirective& d : list) {
    std::string_view name = d.keyword.text;
    const spec::FunctionDirectiveInfo* info = spec::findFunctionDirective(name);
    if (info == nullptr) continue;  // .pragma, or an unknown word (PL1006)
    bool function_only = name == ".noreturn" || name == ".abi_preserve" || name == ".abi_preserve_control";
    if (function_only == is_entry) {
      report(diag::RuleId::InvalidFunctionDirective, d.keyword.range,
             fmt::format("'{}' is a directive of {}, not of {}", name,
                         function_only ? ".func and .callprototype" : ".entry (kernels)", kind),
             info->section);
      continue;
    }
    if (name == ".noreturn" && has_returns) {
      report(diag::RuleId::InvalidFunctionDirective, d.keyword.range,
             fmt::format("'.noreturn' cannot be given to a {} with return parameters", kind), "11.4.6");
    }
    if (name == ".maxnctapersm" && context_.version && *context_.version >= spec::PtxVersion{2, 3}) {
      report(diag::RuleId::InvalidFunctionDirective, d.keyword.range,
             fmt::format("'.maxnctapersm' is deprecated since PTX ISA 2.0 and refused from 2.3; the file declares "
                         ".version {} (use .minnctapersm)",
                         context_.version->str()),
             "11.4.5");
    }
    if (name == ".maxntid") maxntid = &d;
    if (name == ".reqntid") reqntid = &d;
    if (name == ".reqnctapercluster") cluster = &d;
    if (name == ".maxclusterrank") max_cluster = &d;
    if (name == ".blocksareclusters") blocks = &d;
    bool dimensions = name == ".maxntid" || name == ".reqntid" || name == ".reqnctapercluster";
    if (dimensions && d.values.size() > 3) {
      report(diag::RuleId::InvalidFunctionDirective, d.values[3].range,
             fmt::format("'{}' takes at most 3 dimensions (x, y, z)", name), info->section);
    }
    for (const ast::Token& v : d.values) {
      // (.maxclusterrank 0 and .reqnctapercluster 0: the manual sets no
      // lower bound there, and ptxas 13.0 takes them.)
      if (intValue(v.text) == 0 && name != ".abi_preserve" && name != ".abi_preserve_control" &&
          name != ".maxclusterrank" && name != ".reqnctapercluster") {
        report(diag::RuleId::InvalidFunctionDirective, v.range,
               fmt::format("'{}' takes positive values, not {}", name, v.text), info->section);
      }
    }
  }
  if (maxntid != nullptr && reqntid != nullptr) {
    Diagnostic& d = report(diag::RuleId::InvalidFunctionDirective, reqntid->keyword.range,
                           "'.reqntid' and '.maxntid' cannot both be given", "11.4.3");
    diag::DiagnosticSink::addNote(d, maxntid->keyword.range, "'.maxntid' is here");
  }
  // 11.7.3: "The .maxclusterrank directive cannot be used in conjunction
  // with the .reqnctapercluster directive."
  if (max_cluster != nullptr && cluster != nullptr) {
    Diagnostic& d = report(diag::RuleId::InvalidFunctionDirective, max_cluster->keyword.range,
                           "'.maxclusterrank' and '.reqnctapercluster' cannot both be given", "11.7.3");
    diag::DiagnosticSink::addNote(d, cluster->keyword.range, "'.reqnctapercluster' is here");
  }
  if (blocks != nullptr && (reqntid == nullptr || cluster == nullptr)) {
    report(diag::RuleId::InvalidFunctionDirective, blocks->keyword.range,
           "'.blocksareclusters' needs '.reqntid' and '.reqnctapercluster' on the same kernel", "11.8.1");
  }
}

}  // namespace ptxlint::sema
