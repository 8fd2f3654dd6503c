#include "sema/module_items.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sema/engine/deviation_check.h"
#include "support/text.h"

namespace ptxlint::sema {
namespace {

using symbols::SymbolKind;

// The bytes of a fundamental type (.b8 1, .f64 8), 0 for another word.
std::uint64_t typeBytes(std::string_view type) {
  if (type == ".pred") return 0;
  std::size_t digits = type.find_first_of("0123456789");
  if (digits == std::string_view::npos || type.find('x') != std::string_view::npos) return 0;
  std::uint64_t bits = 0;
  for (char c : type.substr(digits)) bits = bits * 10 + static_cast<unsigned>(c - '0');
  return bits / 8;
}

// A parameter list as ptxas compares prototypes ("number of parameters",
// "parameter types", "parameter alignment"): each parameter's specifiers
// and array sizes, without its name.
void appendParams(std::string& out, const std::optional<std::vector<ast::Param>>& params) {
  out += '(';
  if (params) {
    for (const ast::Param& p : *params) {
      // (Numbers by value: .align 8 and .align 010 are one alignment; an
      // alignment that is the element's own, .align 1 on .b8, is left out
      // as ptxas leaves it.)
      const ast::Specifier* type = p.find(p.type);
      const ast::Specifier* vector = p.find(p.vector);
      std::uint64_t natural = type != nullptr ? typeBytes(type->keyword.text) : 0;
      if (vector != nullptr) natural *= vector->keyword.text == ".v2" ? 2 : vector->keyword.text == ".v4" ? 4 : 8;
      for (const ast::Specifier& s : p.specifiers) {
        std::uint64_t value = 0;
        bool known = s.value && support::integerLiteralValue(s.value->text, value);
        if (s.kind == ast::SpecifierKind::Align && known && value == natural) continue;
        out += s.keyword.text;
        if (s.value) out += known ? std::to_string(value) : s.value->text;
      }
      for (const ast::Expr* dim : p.declarator.dimensions) {
        out += '[';
        if (dim != nullptr) out += dim->kind == ast::ExprKind::IntLiteral ? std::to_string(dim->int_value) : dim->text;
        out += ']';
      }
      out += ',';
    }
  }
  out += ')';
}

bool hasLinkage(const ast::Function& f, std::string_view word) {
  for (const ast::Token& t : f.linkage) {
    if (t.text == word) return true;
  }
  return false;
}

// A function's linkage word, as a literal (FunctionFacts outlive the text).
std::string_view linkageOf(const ast::Function& f) {
  for (std::string_view word : {".extern", ".visible", ".weak", ".common"}) {
    if (hasLinkage(f, word)) return word;
  }
  return {};
}

std::string_view linkageWords(std::string_view linkage) {
  return linkage.empty() ? std::string_view("without linkage") : linkage;
}

}  // namespace

Diagnostic& ModuleItemChecker::report(diag::RuleId rule, SourceRange at, std::string message,
                                      std::string_view section) {
  return sink_.report(rule, at, std::move(message), section);
}

// 11.2: a function is defined once, as a kernel or a function, and its
// declarations have its prototype (ptxas: "Duplicate definition of
// function", "Inconsistent redefinition of 'k' as entry and function",
// "Inconsistent prototypes of 'f', parameter types differ").
void ModuleItemChecker::function(const ast::Function& f) {
  auto [it, first] = functions_.try_emplace(std::string(f.name.text));
  FunctionFacts& facts = it->second;
  const bool entry = f.kind.text == ".entry";
  std::string prototype;
  appendParams(prototype, f.return_params);
  appendParams(prototype, f.params);
  if (!first) {
    if (facts.entry != entry) {
      Diagnostic& d = report(diag::RuleId::Redefinition, f.name.range,
                             fmt::format("'{}' is declared as {} here and as {} before", f.name.text,
                                         entry ? "a kernel (.entry)" : "a function (.func)",
                                         facts.entry ? "a kernel (.entry)" : "a function (.func)"),
                             "11.2");
      diag::DiagnosticSink::addNote(d, facts.declared, "the first declaration is here");
    } else if (facts.body && f.body) {
      Diagnostic& d =
          report(diag::RuleId::Redefinition, f.name.range, fmt::format("redefinition of '{}'", f.name.text), "11.2");
      diag::DiagnosticSink::addNote(d, facts.defined, "previous definition is here");
    } else if (facts.linkage != linkageOf(f) &&
               !(linkageOf(f).empty() && (facts.linkage == ".visible" || facts.linkage == ".weak"))) {
      linkageMismatch(f, facts);
    } else if (facts.prototype != prototype) {
      Diagnostic& d = report(diag::RuleId::InvalidDeclaration, f.name.range,
                             fmt::format("the parameters of '{}' differ from its declaration's", f.name.text), "11.2");
      diag::DiagnosticSink::addNote(d, facts.declared, "the first declaration is here");
    }
  } else {
    facts.declared = f.name.range;
    facts.entry = entry;
    facts.linkage = linkageOf(f);
  }
  if (f.body && !facts.body) facts.defined = f.name.range;
  facts.body = facts.body || f.body.has_value();
  facts.weak = facts.weak || hasLinkage(f, ".weak");
  facts.prototype = std::move(prototype);
}

// 11.6: the linking directives give a function its linkage. Declared
// .extern it is "defined external to the current module" (11.6.1): a body
// here contradicts it, an error by the manual. Other declarations that
// disagree (.func then .visible, .weak then .visible, .extern then .func
// without body) the manual does not judge (11.6.2 says only what .visible
// makes visible); ptxas 13.0 refuses them all
// ("Inconsistent redefinition of variable 'f'"): deviation
// function-linkage-mismatch. A declaration without linkage after a .visible
// or .weak one keeps it (ptxas too).
void ModuleItemChecker::linkageMismatch(const ast::Function& f, const FunctionFacts& facts) {
  std::string_view linkage = linkageOf(f);
  bool extern_defined = (linkage == ".extern" && facts.body) || (facts.linkage == ".extern" && f.body);
  if (extern_defined) {
    Diagnostic& d = report(
        diag::RuleId::Redefinition, f.name.range,
        fmt::format("'{}' is {} {} here and {} before: an .extern function is defined in another "
                    "module, not in this one",
                    f.name.text, f.body ? "defined" : "declared", linkageWords(linkage), linkageWords(facts.linkage)),
        "11.6.1");
    diag::DiagnosticSink::addNote(d, facts.declared, "the first declaration is here");
    return;
  }
  spec::DeviationOperand operand;
  operand.text = "linkage differs";  // what the entry's condition asks
  spec::DeviationSubject subject{f.kind.text, {}, {&operand, 1}, context_.version, context_.target};
  engine::applyDirectiveDeviations(subject, f.name.range, context_, sink_, sink_.diagnostics().size());
}

// 11.2.3: "fAliasee is a function symbol which must be defined in the same
// module as .alias declaration. Function fAliasee cannot have .weak
// linkage"; "Both fAlias and fAliasee are non-entry function symbols".
bool ModuleItemChecker::aliasee(const ast::AliasDirective& a, const Symbol* symbol, const FunctionFacts*& facts) {
  std::string_view name = a.aliasee.text;
  auto it = functions_.find(std::string(name));
  if (symbol == nullptr) {
    report(diag::RuleId::UndeclaredSymbol, a.aliasee.range, fmt::format("use of undeclared identifier '{}'", name),
           "11.2.3");
    return false;
  }
  if (symbol->kind != SymbolKind::Function || it == functions_.end()) {
    report(diag::RuleId::InvalidDeclaration, a.aliasee.range,
           fmt::format("'{}' is not a function: .alias names a function defined in this module", name), "11.2.3");
    return false;
  }
  facts = &it->second;
  if (facts->entry) {
    report(diag::RuleId::InvalidDeclaration, a.aliasee.range,
           fmt::format("'{}' is a kernel (.entry): .alias names non-entry functions", name), "11.2.3");
    return false;
  }
  if (!facts->body) {
    // Defined later in the module, maybe ("in the same module", not
    // before): judged once the module is read (finish()).
    pending_aliasees_.push_back({std::string(name), a.aliasee.range});
    return true;
  }
  return definedAliasee(name, a.aliasee.range, *facts);
}

// The aliasee `name` (at `at`), defined: not .weak.
bool ModuleItemChecker::definedAliasee(std::string_view name, SourceRange at, const FunctionFacts& facts) {
  if (!facts.weak) return true;
  report(diag::RuleId::InvalidDeclaration, at, fmt::format("'{}' is .weak: an aliasee cannot have .weak linkage", name),
         "11.2.3");
  return false;
}

void ModuleItemChecker::finish() {
  for (const PendingAliasee& p : pending_aliasees_) {
    auto it = functions_.find(p.name);
    if (it != functions_.end() && it->second.body) {
      definedAliasee(p.name, p.at, it->second);
    } else {
      report(diag::RuleId::InvalidDeclaration, p.at,
             fmt::format("'{}' has no body in this module: the aliasee must be defined in the same module", p.name),
             "11.2.3");
    }
  }
  pending_aliasees_.clear();
  // A function declared without .extern (no linkage, .visible, .weak; a
  // kernel too) and never defined: the manual has one as an example
  // (11.6.3: `.weak .func (.reg .b32 val) foo;  // foo will be externally
  // visible`); ptxas 13.0 refuses it, called or not and with --compile-only
  // too ("Unresolved extern function 'f'"): deviation
  // declared-function-undefined. An .alias's fAlias is a declaration
  // without body by definition (11.2.3).
  std::vector<const FunctionFacts*> undefined;
  for (const auto& entry : functions_) {
    const FunctionFacts& facts = entry.second;
    if (!facts.body && facts.linkage != ".extern" && facts.aliased_to.empty()) undefined.push_back(&facts);
  }
  std::sort(undefined.begin(), undefined.end(),
            [](const FunctionFacts* a, const FunctionFacts* b) { return a->declared.begin < b->declared.begin; });
  for (const FunctionFacts* facts : undefined) {
    spec::DeviationOperand operand;
    operand.text = "never defined";  // what the entry's condition asks
    spec::DeviationSubject subject{
        facts->entry ? ".entry" : ".func", {}, {&operand, 1}, context_.version, context_.target};
    engine::applyDirectiveDeviations(subject, facts->declared, context_, sink_, sink_.diagnostics().size());
  }
}

// 11.2.3: "Identifier fAlias is a function declaration without body";
// "Prototype of fAlias and fAliasee must match". PTX ISA 6.3, sm_30.
void ModuleItemChecker::alias(const ast::AliasDirective& a, const Symbol* alias, const Symbol* aliasee_symbol) {
  context_.require(sink_, a.range, "the .alias directive", {6, 3}, {spec::TargetRequirement::Kind::AtLeast, 30},
                   "11.2.3");
  std::string_view name = a.alias.text;
  if (name == a.aliasee.text) {
    report(diag::RuleId::InvalidDeclaration, a.range, fmt::format("'{}' cannot be an alias of itself", name), "11.2.3");
    return;
  }
  const FunctionFacts* target = nullptr;
  bool aliasee_ok = aliasee(a, aliasee_symbol, target);
  if (alias == nullptr) {
    Diagnostic& d = report(diag::RuleId::UndeclaredSymbol, a.alias.range,
                           fmt::format("use of undeclared identifier '{}'", name), "11.2.3");
    diag::DiagnosticSink::addNote(d, "declare the alias first, without a body: .func name(...);");
    return;
  }
  auto it = functions_.find(std::string(name));
  if (alias->kind != SymbolKind::Function || it == functions_.end() || it->second.entry) {
    report(diag::RuleId::InvalidDeclaration, a.alias.range,
           fmt::format("'{}' is not a .func declaration: an alias is a non-entry function without body", name),
           "11.2.3");
    return;
  }
  FunctionFacts& facts = it->second;
  if (facts.body) {
    report(diag::RuleId::InvalidDeclaration, a.alias.range,
           fmt::format("'{}' has a body: an alias is a function declaration without body", name), "11.2.3");
  } else if (!facts.aliased_to.empty()) {
    report(diag::RuleId::Redefinition, a.alias.range,
           fmt::format("'{}' is already an alias of '{}'", name, facts.aliased_to), "11.2.3");
  } else if (aliasee_ok && target != nullptr && target->prototype != facts.prototype) {
    report(diag::RuleId::InvalidDeclaration, a.range,
           fmt::format("the prototypes of '{}' and '{}' differ: an alias has its aliasee's parameters", name,
                       a.aliasee.text),
           "11.2.3");
  }
  if (facts.aliased_to.empty()) facts.aliased_to = std::string(a.aliasee.text);
}

// 11.5.3: ".file associates a source filename with an integer index"; an
// index names one file (ptxas: "Duplicate file index"); the timestamp and
// size need PTX ISA 3.2.
void ModuleItemChecker::file(const ast::FileDirective& f) {
  // "Timestamp and file size introduced in PTX ISA version 3.2."
  if (f.timestamp) {
    context_.require(sink_, SourceRange{f.timestamp->range.begin, f.size ? f.size->range.end : f.timestamp->range.end},
                     "a .file's timestamp and file size", {3, 2}, {}, "11.5.3");
  }
  auto [it, inserted] = files_.emplace(std::string(f.index.text), f.index.range);
  if (inserted) return;
  Diagnostic& d = report(diag::RuleId::Redefinition, f.index.range,
                         fmt::format("file index {} is given twice: an index names one file", f.index.text), "11.5.3");
  diag::DiagnosticSink::addNote(d, it->second, "the first .file with this index is here");
}

}  // namespace ptxlint::sema
