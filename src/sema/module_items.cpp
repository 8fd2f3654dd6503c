#include "sema/module_items.h"

#include <fmt/format.h>

namespace ptxlint::sema {
namespace {

using symbols::SymbolKind;

// A parameter list as ptxas compares prototypes ("number of parameters",
// "parameter types", "parameter alignment"): each parameter's specifiers
// and array sizes, without its name.
void appendParams(std::string& out, const std::optional<std::vector<ast::Param>>& params) {
  out += '(';
  if (params) {
    for (const ast::Param& p : *params) {
      for (const ast::Specifier& s : p.specifiers) {
        out += s.keyword.text;
        if (s.value) out += s.value->text;
      }
      for (const ast::Expr* dim : p.declarator.dimensions) {
        out += '[';
        if (dim != nullptr) out += dim->text;
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

}  // namespace

Diagnostic& ModuleItemChecker::report(diag::RuleId rule, SourceRange at, std::string message,
                                      std::string_view section) {
  return sink_.report(rule, at, std::move(message), section);
}

void ModuleItemChecker::function(const ast::Function& f) {
  FunctionFacts& facts = functions_[std::string(f.name.text)];
  facts.entry = f.kind.text == ".entry";
  facts.body = facts.body || f.body.has_value();
  facts.weak = facts.weak || hasLinkage(f, ".weak");
  facts.prototype.clear();
  appendParams(facts.prototype, f.return_params);
  appendParams(facts.prototype, f.params);
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
