// Declarations and uses of names: scopes (module, function, nested blocks),
// parameterized register ranges, labels, guards and special registers.
// Manual 5.4 (variables), 5.4.6 (parameterized names), 11.2 (functions),
// 9.3 (predicated execution), chapter 10 (special registers).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <deque>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "sema/debug_directives.h"
#include "sema/declarations.h"
#include "sema/engine/deviation_check.h"
#include "sema/engine/verdict_cache.h"
#include "sema/instruction_checker.h"
#include "sema/module_context.h"
#include "sema/module_items.h"
#include "sema/register_names.h"
#include "sema/scope.h"
#include "spec/function_directives.h"
#include "spec/pragmas.h"
#include "spec/special_registers.h"
#include "support/name_index.h"
#include "support/text.h"
#include "support/value_reads.h"

namespace ptxlint::sema {
namespace {

using symbols::isLabelKind;
using symbols::kMixedCount;
using symbols::kUnknownCount;
using symbols::Scope;
using symbols::splitIndexed;
using symbols::Symbol;
using symbols::SymbolKind;
// A name the symbol pass resolved for the instruction at hand (found or
// not), so that the engine's questions about it cost no second lookup.
struct Resolved {
  std::string_view name;
  const Symbol* symbol = nullptr;  // null: not found (stable for the instruction: see SymbolChecker::stable)
};

// Answers the instruction engine's questions about register operands from
// the scope the instruction is in (names the symbol pass just resolved
// first: an instruction names a handful).
class ScopeRegisters final : public RegisterResolver {
 public:
  ScopeRegisters(const Scope& scope, const std::vector<Resolved>& resolved) : scope_(scope), resolved_(resolved) {}
  std::optional<RegisterInfo> reg(std::string_view name) const override {
    const Symbol* s = lookup(name);
    if (s == nullptr || s->kind != SymbolKind::Register || s->is_vector) return std::nullopt;
    return RegisterInfo{s->type, s->range};
  }
  std::optional<NameInfo> nameInfo(std::string_view name) const override {
    const Symbol* s = lookup(name);
    if (s == nullptr) {
      // %tid.x: a special register (with its component), as use() reads it.
      std::string_view base = name.substr(0, name.find('.'));
      if (spec::findSpecialRegister(base) != nullptr) return NameInfo{NameKind::Register, {}};
      if (base != name) s = scope_.lookup(base);
      if (s == nullptr) return std::nullopt;
    }
    switch (s->kind) {
      case SymbolKind::Register: return NameInfo{NameKind::Register, s->range, {}, s->is_array};
      case SymbolKind::Variable: return NameInfo{NameKind::Variable, s->range, s->space, s->is_array, s->type};
      case SymbolKind::Param: return NameInfo{NameKind::Param, s->range, ".param", s->is_array};
      case SymbolKind::Function: return NameInfo{NameKind::Function, s->range};
      case SymbolKind::Label: return NameInfo{NameKind::Label, s->range};
      case SymbolKind::Prototype: return NameInfo{NameKind::CallPrototype, s->range};
      case SymbolKind::TargetList: return NameInfo{NameKind::BranchTargets, s->range};
      case SymbolKind::CallTargetList: return NameInfo{NameKind::CallTargets, s->range};
    }
    return std::nullopt;
  }
  std::optional<Signature> signature(std::string_view name) const override {
    const Symbol* s = lookup(name);
    if (s == nullptr || s->results == kUnknownCount || s->params == kUnknownCount) return std::nullopt;
    if (s->results == kMixedCount) return Signature{0, 0, /*agree=*/false};
    Signature sig{s->results, static_cast<std::uint16_t>(s->params & ~symbols::kLastParamOmissible)};
    sig.last_omissible = (s->params & symbols::kLastParamOmissible) != 0;
    return sig;
  }

 private:
  const Symbol* lookup(std::string_view name) const {
    // The engine asks about the very operand texts the symbol pass resolved:
    // the same bytes of the source, found without comparing them. (Not for
    // an instruction of thousands of names, a vector or call of 500,000:
    // the scope's table then, as a search per name would be quadratic.)
    if (resolved_.size() > kResolvedSearched) return scope_.lookup(name);
    for (const Resolved& r : resolved_) {
      if (r.name.data() == name.data() && r.name.size() == name.size()) return r.symbol;
    }
    for (const Resolved& r : resolved_) {
      if (support::sameBytes(r.name, name)) return r.symbol;
    }
    return scope_.lookup(name);
  }

  static constexpr std::size_t kResolvedSearched = 32;
  const Scope& scope_;
  const std::vector<Resolved>& resolved_;
};

class SymbolChecker {
 public:
  SymbolChecker(const ModuleContext& context, const Options& options, diag::DiagnosticSink& sink, Statistics& stats)
      : context_(context),
        options_(options),
        sink_(sink),
        stats_(stats),
        memo_(context),
        declarations_(context, sink),
        module_items_(context, sink) {}

  void check(const ast::Module& module) {
    items(module);
    finish();
  }

  // The module's top-level items, in order; a module may come in several
  // pieces (streaming: one chunk of the file at a time, its AST dropped
  // after), the module scope lasts from the first piece to finish().
  void keepModuleName(const ast::Token& name) {
    if (name.text.size() > 0xFFFF) {  // (beyond PlaceTable: a copy)
      long_module_names_.emplace(module_scope_.keep(name.text));
      return;
    }
    if (module_source_ == nullptr) module_source_ = name.text.data() - name.range.begin;
    if (!isModuleName(name.text)) module_names_.add(name.range.begin, name.text, 0);
  }
  bool isModuleName(std::string_view name) const {
    return module_names_.find(name, support::hashBytes(name), module_source_) != nullptr ||
           (!long_module_names_.empty() && long_module_names_.count(name) > 0);
  }

  void items(const ast::Module& module) {
    module_ = &module;
    stats_.unparsed += module.unparsed_statements;
    // What the items with a syntax error declared: known by name only, from
    // their place on (ast::UnknownName).
    for (const ast::UnknownName& unknown : module.unknown_names) keepModuleName(unknown.name);
    std::size_t next_unknown = 0;
    auto declareUnknownUpTo = [&](std::size_t item) {
      for (; next_unknown < module.unknown_names.size() && module.unknown_names[next_unknown].item <= item;
           ++next_unknown) {
        module_scope_.declareUnknown(module.unknown_names[next_unknown].name.text);
      }
    };
    for (const ast::TopLevel& item : module.items) {
      if (const auto* f = std::get_if<ast::Function>(&item.node)) keepModuleName(f->name);
      if (const auto* v = std::get_if<ast::VariableDecl>(&item.node)) {
        for (const ast::Declarator& d : v->declarators) keepModuleName(d.name);
      }
    }
    for (std::size_t i = 0; i < module.items.size(); ++i) {
      declareUnknownUpTo(i);
      const ast::TopLevel& item = module.items[i];
      if (const auto* v = std::get_if<ast::VariableDecl>(&item.node)) {
        if (v->piece == ast::Piece::Middle || v->piece == ast::Piece::Last) {
          declarations_.initializerPiece(*v);
          initializerPiece(*v);
          continue;
        }
        declarations_.variable(*v, nullptr);
        declareVariables(module_scope_, *v);
      } else if (const auto* f = std::get_if<ast::Function>(&item.node)) {
        if (f->piece == ast::Piece::Middle || f->piece == ast::Piece::Last) bodyPiece(*f);
        if (f->piece == ast::Piece::First || f->piece == ast::Piece::Whole) {
          declarations_.function(*f);
          module_items_.function(*f);
          function(module_scope_, *f);
        }
        // The directives after the body, as for a whole function (in the
        // order of the --requirements log); a cut one's last piece has
        // them too.
        if (f->piece == ast::Piece::First || f->piece == ast::Piece::Middle) continue;
        for (const ast::FunctionDirective& d : f->directives) {
          if (d.pragma) pragmaStrings(*d.pragma);
          if (const spec::FunctionDirectiveInfo* info = spec::findFunctionDirective(d.keyword.text)) {
            context_.require(sink_, d.keyword.range, fmt::format("the {} directive", d.keyword.text), info->introduced,
                             info->target, info->section);
          }
        }
      } else if (const auto* pragma = std::get_if<ast::PragmaDirective>(&item.node)) {
        pragmaStrings(*pragma, /*at_module_scope=*/true);
      } else if (const auto* a = std::get_if<ast::AliasDirective>(&item.node)) {
        module_items_.alias(*a, module_scope_.lookup(a->alias.text), module_scope_.lookup(a->aliasee.text));
      } else if (const auto* file = std::get_if<ast::FileDirective>(&item.node)) {
        module_items_.file(*file);
      } else if (const auto* section = std::get_if<ast::SectionDirective>(&item.node)) {
        checkSection(*section, context_, sink_);
        has_debug_section_ = true;
      }
    }
    declareUnknownUpTo(module.items.size());  // after the last item: for the next chunk
  }

  // Initializers may name a variable or function declared anywhere in the
  // module, later ones too: names not seen by their use are judged here.
  void finish() {
    initializer_symbol_ = nullptr;
    for (const LaterName& later : later_initializer_names_) {
      std::string_view name(initializer_source_ + later.range.begin, later.range.end - later.range.begin);
      if (!isModuleName(name)) {
        sink_.report(diag::RuleId::UndeclaredSymbol, later.range,
                     fmt::format("use of undeclared identifier '{}' in an initializer", name));
      } else {
        std::size_t first = sink_.diagnostics().size();
        const Symbol* s = module_scope_.lookup(name);
        if (initializerName(name, later.range, later.use) && s != nullptr && s->kind == SymbolKind::Variable) {
          // The manual puts no order on them; ptxas 13.0 takes a variable
          // only once declared (deviation initializer-variable-declared-later).
          spec::DeviationOperand operand;
          operand.text = "a variable declared later";
          spec::DeviationSubject subject{".global", {}, {&operand, 1}, context_.version, context_.target};
          engine::applyDirectiveDeviations(subject, later.range, context_, sink_, first);
        }
      }
    }
    later_initializer_names_.clear();
    module_items_.finish();
    // 11.1.2: "If the debug option is declared, an error message is
    // generated if no DWARF information is found in the file" (ptxas:
    // "Debug information not found in presence of .target debug"; .loc and
    // .file alone are not DWARF information to it).
    if (context_.debug_option && !has_debug_section_) {
      Diagnostic& d = sink_.report(diag::RuleId::InvalidTargetOption, *context_.debug_option,
                                   "'.target ..., debug' declares DWARF debug information, and the module has no "
                                   "debug section (.section .debug_info { ... })");
      d.spec_section = "11.1.2";
    }
  }

  // Chapter 12: each pragma string's version and target notes. Unknown
  // strings are not judged (ptxas ignores pragmas it does not know).
  void pragmaStrings(const ast::PragmaDirective& pragma, bool at_module_scope = false) {
    for (const ast::Token& s : pragma.strings) {
      std::string_view text = s.text;
      if (text.size() >= 2 && text.front() == '"') text = text.substr(1, text.size() - 2);
      std::string_view name = text.substr(0, text.find_first_of(" \t,;"));
      if (const spec::PragmaInfo* info = spec::findPragma(name)) {
        std::size_t first = sink_.diagnostics().size();
        context_.require(sink_, s.range, fmt::format("pragma \"{}\"", name), info->introduced, info->target,
                         info->section);
        if (at_module_scope && info->scope == spec::PragmaInfo::Scope::Function) {
          sink_.report(diag::RuleId::InvalidFunctionDirective, s.range,
                       fmt::format("pragma \"{}\" is allowed only in a function's body, not at module scope", name),
                       info->section);
        } else if (at_module_scope && info->scope == spec::PragmaInfo::Scope::FunctionByPtxas) {
          spec::DeviationOperand operand;
          operand.text = name;
          spec::DeviationSubject subject{".pragma", {}, {&operand, 1}, context_.version, context_.target};
          engine::applyDirectiveDeviations(subject, s.range, context_, sink_, first);
        }
      }
    }
  }

 private:
  void declare(Scope& scope, const Symbol& symbol, bool may_repeat = false) {
    if (!clashes(scope, symbol, may_repeat)) scope.declare(symbol);
  }

  // Whether `symbol` may not be declared in `scope`: a name it clashes with
  // (reported, but for a function declared again, or an .extern variable).
  bool clashes(Scope& scope, const Symbol& symbol, bool may_repeat = false) {
    if (const Symbol* previous = scope.clash(symbol)) {
      // A function may be declared (prototype) and then defined.
      if (may_repeat && previous->kind == SymbolKind::Function) return true;
      // 11.6.1 .extern: a variable declared elsewhere may be declared again,
      // and defined here, as ptxas allows, if the declarations agree; a
      // definition that resolves an .extern must be externally visible.
      if (previous->kind == SymbolKind::Variable && symbol.kind == SymbolKind::Variable &&
          (previous->is_extern || symbol.is_extern)) {
        if (previous->type != symbol.type || previous->space != symbol.space) {
          Diagnostic& d =
              sink_.report(diag::RuleId::Redefinition, symbol.range,
                           fmt::format("inconsistent redeclaration of '{}' ({} {}, before {} {})", symbol.name,
                                       symbol.space, symbol.type, previous->space, previous->type));
          diag::DiagnosticSink::addNote(d, previous->range, "previous declaration is here");
        } else if (previous->is_extern && !symbol.is_extern && !symbol.is_visible) {
          Diagnostic& d = sink_.report(
              diag::RuleId::Redefinition, symbol.range,
              fmt::format("'.extern' variable '{}' cannot be resolved by a definition without .visible", symbol.name));
          diag::DiagnosticSink::addNote(d, previous->range, "the .extern declaration is here");
        }
        return true;
      }
      Diagnostic& d = sink_.report(diag::RuleId::Redefinition, symbol.range,
                                   fmt::format("redefinition of '{}{}'", symbol.name, symbol.count ? "<...>" : ""));
      diag::DiagnosticSink::addNote(d, previous->range, "previous definition is here");
      return true;
    }
    return false;
  }

  void declareVariables(Scope& scope, const ast::VariableDecl& decl) {
    const ast::Specifier* space = decl.find(decl.state_space);
    const ast::Specifier* type = decl.find(decl.type);
    bool is_register = space != nullptr && space->keyword.text == ".reg";
    bool is_extern = false, is_visible = false;
    for (const ast::Specifier& spec : decl.specifiers) {
      if (spec.kind != ast::SpecifierKind::Linkage) continue;
      if (spec.keyword.text == ".extern") is_extern = true;
      if (spec.keyword.text == ".visible" || spec.keyword.text == ".weak" || spec.keyword.text == ".common") {
        is_visible = true;
      }
    }
    for (const ast::Declarator& d : decl.declarators) {
      Symbol s{is_register ? SymbolKind::Register : SymbolKind::Variable,
               d.name.text,
               d.name.range,
               type ? type->keyword.text : std::string_view{},
               decl.vector >= 0,
               d.range_count_value};
      s.is_extern = is_extern;
      s.is_visible = is_visible;
      s.is_array = !d.dimensions.empty();
      if (space != nullptr) s.space = space->keyword.text;
      if (d.range_count) s.count = d.range_count_value == 0 ? 0 : d.range_count_value;
      if (d.range_count && d.range_count_value == 0) continue;  // %r<0> declares nothing
      if (!is_register && d.initializer) {
        initializer_symbol_ = nullptr;
        initializer(*d.initializer);
      }
      declare(scope, s);
    }
  }

  // A later piece of a module-scope declaration whose initializer list is
  // cut (ast::Piece): the first piece declared it; the elements of this
  // one, the last declarator's, are judged as declareVariables judges them.
  void initializerPiece(const ast::VariableDecl& decl) {
    const ast::Specifier* space = decl.find(decl.state_space);
    if (decl.declarators.empty() || (space != nullptr && space->keyword.text == ".reg")) return;
    const ast::Declarator& d = decl.declarators.back();
    if (d.range_count && d.range_count_value == 0) return;
    if (d.initializer) {
      initializer_symbol_ = nullptr;
      initializer(*d.initializer);
    }
  }

  void declareParams(Scope& scope, const std::optional<std::vector<ast::Param>>& params) {
    if (!params) return;
    for (const ast::Param& p : *params) {
      if (p.declarator.name.text == "_") continue;
      const ast::Specifier* type = p.find(p.type);
      const ast::Specifier* space = p.find(p.state_space);
      bool is_register = space != nullptr && space->keyword.text == ".reg";
      Symbol s{is_register ? SymbolKind::Register : SymbolKind::Param, p.declarator.name.text, p.declarator.name.range,
               type ? type->keyword.text : std::string_view{}};
      s.is_array = !p.declarator.dimensions.empty();
      declare(scope, s);
    }
  }

  void function(Scope& module_scope, const ast::Function& f) {
    Symbol symbol{SymbolKind::Function, f.name.text, f.name.range};
    symbol.results = count(f.return_params);
    symbol.params = count(f.params);
    declare(module_scope, symbol, true);
    if (!f.body) return;
    function_ = &f;
    if (f.piece == ast::Piece::First) {
      // A body cut into pieces: its scope stays open until the last, with
      // every label of the body declared first, as block() does.
      open_body_ = std::make_unique<Scope>(&module_scope);
      declareParams(*open_body_, f.return_params);
      declareParams(*open_body_, f.params);
      if (f.labels) bodyLabels(*open_body_, *f.labels);
      declareUnknownLabels(*open_body_, *f.body);
      statements(*open_body_, *f.body, /*labels_declared=*/true);
      return;
    }
    Scope scope(&module_scope);
    declareParams(scope, f.return_params);
    declareParams(scope, f.params);
    block(scope, *f.body, /*is_function_body=*/true);
  }

  // A function declared in a body (`.extern .func f(...);`): the manual
  // puts no place on a declaration, and ptxas 13.0 takes one there as a
  // declaration of the module's (the name is known after the body too, and
  // outside the block that declares it). Only a .func: ptxas reads no
  // .entry there ("Parsing error near '.entry'"), nor a name its scope
  // already has ("Inconsistent redefinition of symbol").
  [[gnu::noinline]] void functionInBody(const Scope& scope,
                                        const ast::Function& f) {  // (rare: kept out of statement())
    if (f.kind.text == ".entry") {
      sink_.report(diag::RuleId::InvalidDeclaration, f.kind.range,
                   "a kernel (.entry) is declared at module scope, not in a function's body", "11.2.1");
      return;
    }
    const Symbol* local = scope.lookup(f.name.text);
    if (local != nullptr && local != module_scope_.lookup(f.name.text)) {
      Diagnostic& d = sink_.report(diag::RuleId::Redefinition, f.name.range,
                                   fmt::format("redefinition of '{}': this scope declares it already", f.name.text));
      diag::DiagnosticSink::addNote(d, local->range, "previous definition is here");
      return;
    }
    declarations_.function(f);
    module_items_.function(f);
    function(module_scope_, f);
  }

  // A later piece of a function body cut into pieces.
  void bodyPiece(const ast::Function& f) {
    if (open_body_ == nullptr || !f.body) return;  // (not after a first piece: a syntax error, nothing checked)
    function_ = &f;
    declareUnknownLabels(*open_body_, *f.body);
    statements(*open_body_, *f.body, /*labels_declared=*/true);
    if (f.piece == ast::Piece::Last) open_body_.reset();
  }

  // The labels that statements of a piece of a cut body with a syntax
  // error declared (ast::Block::unknown_labels), from that piece on: read
  // ahead with the others (ast::BodyLabels), but for those the recovery
  // took for other tokens. Their other names: statements().
  void declareUnknownLabels(Scope& scope, const ast::Block& piece) {
    for (const ast::Token& name : piece.unknown_labels) scope.declareUnknown(name.text);
  }

  // The labels of a body cut into pieces (ast::BodyLabels), declared as
  // block() declares a whole body's: one after the other (a clash with a
  // parameter reported), a .calltargets' targets looked up among what is
  // declared before it. Their table becomes the scope's (a million labels
  // are not copied).
  void bodyLabels(Scope& scope, ast::BodyLabels& labels) {
    using Entry = ast::BodyLabels::Entry;
    std::vector<Entry>& entries = labels.entries;
    // The .callprototype and .calltargets labels (few), declared.
    std::vector<std::pair<Entry, const ast::BodyLabels::Directive*>> directives;
    std::size_t next = 0, kept = 0;
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const Entry e = entries[i];
      const ast::BodyLabels::Directive* d = nullptr;
      if (next < labels.directives.size() && labels.directives[next].entry == i) d = &labels.directives[next++];
      if (clashes(scope, labelSymbol(labels, e))) continue;
      entries[kept++] = e;
      if (d != nullptr) directives.emplace_back(e, d);
    }
    entries.resize(kept);
    scope.adoptLabels(std::move(entries), labels.text);
    sealLabels(scope);
    std::vector<Target> targets;
    for (const auto& [e, d] : directives) {
      if (e.kind == ast::BodyLabels::Kind::Prototype) {
        scope.addLabelCounts(e.begin, d->results, d->params);
        continue;
      }
      targets.clear();
      for (std::size_t t = d->first_target; t < d->first_target + d->targets; ++t) {
        targets.push_back({labels.name(labels.targets[t]), labels.targets[t].counted});
      }
      Symbol counted = callTargets(scope, labels.name(e), {e.begin, e.end}, targets, e.begin);
      scope.addLabelCounts(e.begin, counted.results, counted.params);
    }
  }

  static Symbol labelSymbol(const ast::BodyLabels& labels, const ast::BodyLabels::Entry& e) {
    Symbol symbol{SymbolKind::Label, labels.name(e), {e.begin, e.end}};
    if (e.kind == ast::BodyLabels::Kind::Prototype) symbol.kind = SymbolKind::Prototype;
    if (e.kind == ast::BodyLabels::Kind::BranchTargets) symbol.kind = SymbolKind::TargetList;
    if (e.kind == ast::BodyLabels::Kind::CallTargets) symbol.kind = SymbolKind::CallTargetList;
    return symbol;
  }

  // A parameter list's length, with kLastParamOmissible where its last is
  // `.param .b8 name[]` (11.2.2).
  static std::uint16_t count(const std::optional<std::vector<ast::Param>>& params) {
    std::size_t n = params ? params->size() : 0;
    if (n >= symbols::kLastParamOmissible) return kUnknownCount;
    auto counted = static_cast<std::uint16_t>(n);
    if (n == 0) return counted;
    const ast::Param& last = params->back();
    const ast::Specifier* space = last.find(last.state_space);
    const ast::Specifier* type = last.find(last.type);
    const std::vector<const ast::Expr*>& dims = last.declarator.dimensions;
    bool unsized_bytes = space != nullptr && space->keyword.text == ".param" && type != nullptr &&
                         type->keyword.text == ".b8" && dims.size() == 1 && dims[0] == nullptr;
    return unsized_bytes ? static_cast<std::uint16_t>(counted | symbols::kLastParamOmissible) : counted;
  }

  // The counts shared by every target of a .calltargets list: unknown where
  // a target is not a declared function, kMixedCount where they differ.
  struct Target {
    std::string_view name;
    bool counted;  // f<4>
  };
  // `before`: where the list is, for the labels declared at once (see
  // bodyLabels); those after it are not seen.
  static Symbol callTargets(const Scope& scope, std::string_view label, SourceRange range,
                            const std::vector<Target>& targets, std::uint32_t before = UINT32_MAX) {
    Symbol symbol{SymbolKind::CallTargetList, label, range};
    bool first = true, mixed = false;
    for (const Target& target : targets) {
      const Symbol* f = target.counted ? nullptr : scope.lookupBefore(target.name, before);
      if (f == nullptr || f->kind != SymbolKind::Function || f->results == kUnknownCount ||
          f->params == kUnknownCount) {
        symbol.results = symbol.params = kUnknownCount;
        return symbol;
      }
      if (first) {
        symbol.results = f->results;
        symbol.params = f->params;
        first = false;
      } else if (symbol.results != f->results || symbol.params != f->params) {
        mixed = true;
      }
    }
    if (mixed) symbol.results = symbol.params = kMixedCount;
    return symbol;
  }

  void block(Scope& scope, const ast::Block& b, bool is_function_body) {
    declareLabels(scope, b);
    statements(scope, b, /*labels_declared=*/false);
    (void)is_function_body;
  }

  void sealLabels(Scope& scope) {
    scope.sealLabels([&](const Symbol& second, SourceRange first) {
      Diagnostic& d =
          sink_.report(diag::RuleId::Redefinition, second.range, fmt::format("redefinition of '{}'", second.name));
      diag::DiagnosticSink::addNote(d, first, "previous definition is here");
    });
  }

  // Labels may be used before their definition: a block's are declared
  // before its statements are walked.
  void declareLabels(Scope& scope, const ast::Block& b) {
    std::size_t labels = 0;
    for (const ast::Statement& s : b.statements) {
      labels += std::holds_alternative<ast::Label>(s.node) || std::holds_alternative<ast::CallPrototype>(s.node) ||
                std::holds_alternative<ast::TargetList>(s.node);
    }
    scope.reserveLabels(labels);
    for (const ast::Token& name : b.unknown_labels) scope.declareUnknown(name.text);
    for (const ast::Statement& s : b.statements) {
      if (const auto* label = ast::nodeIf<ast::Label>(s)) {
        declare(scope, {SymbolKind::Label, label->name.text, label->name.range});
      } else if (const auto* proto = ast::nodeIf<ast::CallPrototype>(s)) {
        declarations_.callPrototype(*proto);
        Symbol symbol{SymbolKind::Prototype, proto->label.text, proto->label.range};
        symbol.results = count(proto->return_params);
        symbol.params = count(proto->params);
        declare(scope, symbol);
      } else if (const auto* list = ast::nodeIf<ast::TargetList>(s)) {
        declarations_.targetList(*list);
        if (list->keyword.text == ".calltargets") {
          std::vector<Target> targets;
          for (const auto& target : list->targets) targets.push_back({target.name.text, target.count.has_value()});
          declare(scope, callTargets(scope, list->label.text, list->label.range, targets));
        } else {
          declare(scope, {SymbolKind::TargetList, list->label.text, list->label.range});
        }
      }
    }
    sealLabels(scope);
  }

  // A block's statements, its labels declared (`labels_declared`: from the
  // body's ast::BodyLabels, for a piece of a body cut into pieces: then its
  // prototypes are judged here, not with the labels).
  void statements(Scope& scope, const ast::Block& b, bool labels_declared) {
    if (!b.unknown_names.empty()) {
      statementsAmongUnknown(scope, b, labels_declared);
      return;
    }
    for (const ast::Statement& s : b.statements) statement(scope, s, labels_declared);
  }

  // The same where statements with a syntax error declared names
  // (ast::Block::unknown_names): each declared from its place on, as it
  // would be had its statement parsed (and so whether the body is checked
  // whole or in pieces).
  void statementsAmongUnknown(Scope& scope, const ast::Block& b, bool labels_declared) {
    std::size_t next = 0;
    for (const ast::Statement& s : b.statements) {
      std::uint32_t at = ast::statementBegin(*module_, s);
      for (; next < b.unknown_names.size() && b.unknown_names[next].range.begin < at; ++next) {
        scope.declareUnknown(b.unknown_names[next].text);
      }
      statement(scope, s, labels_declared);
    }
  }

  void statement(Scope& scope, const ast::Statement& s, bool labels_declared) {
    if (const auto* run = std::get_if<ast::DeferredRun>(&s.node)) {
      const ast::DeferredInstruction* deferred = module_->deferred.data() + run->first;
      for (std::uint32_t k = 0; k < run->count; ++k) deferredInstruction(scope, deferred[k]);
    } else if (const auto* in = ast::nodeIf<ast::Instruction>(s)) {
      instruction(scope, *in);
    } else if (const auto* decl = ast::nodeIf<ast::VariableDecl>(s)) {
      declarations_.variable(*decl, function_);
      declareVariables(scope, *decl);
    } else if (const auto* f = ast::nodeIf<ast::Function>(s)) {
      functionInBody(scope, *f);
    } else if (const auto* inner = ast::nodeIf<ast::Block>(s)) {
      Scope nested(&scope);
      block(nested, *inner, false);
    } else if (const auto* list = ast::nodeIf<ast::TargetList>(s)) {
      // 11.3.1, 11.3.2: "a list of potential branch targets" (labels), "a
      // list of potential call targets" (functions). ptxas 13.0: "Illegal
      // branch target, label expected", "Illegal call target, device
      // function expected".
      bool calls = list->keyword.text == ".calltargets";
      for (const auto& target : list->targets) {
        if (target.count) continue;
        const Symbol* named = use(scope, target.name.text, target.name.range);
        SymbolKind want = calls ? SymbolKind::Function : SymbolKind::Label;
        if (named != nullptr && named->kind != want) {
          Diagnostic& d = sink_.report(
              diag::RuleId::InvalidDeclaration, target.name.range,
              fmt::format("'{}' is not a {}: {} lists {}", target.name.text, calls ? "function" : "label",
                          list->keyword.text, calls ? "the functions an indirect call may reach" : "labels"),
              calls ? "11.3.2" : "11.3.1");
          diag::DiagnosticSink::addNote(d, named->range, fmt::format("'{}' is declared here", target.name.text));
        }
      }
    } else if (const auto* pragma = ast::nodeIf<ast::PragmaDirective>(s)) {
      pragmaStrings(*pragma);
    } else if (const auto* section = ast::nodeIf<ast::SectionDirective>(s)) {
      checkSection(*section, context_, sink_);
      has_debug_section_ = true;
    } else if (const auto* loc = ast::nodeIf<ast::LocDirective>(s); loc != nullptr) {
      if (!loc->attributes.empty()) {
        checkLocAttributes(*loc, context_, sink_);
      } else if (loc->standard_pair.end != 0) {
        checkLocPairVersion(loc->standard_pair, context_, sink_);
      }
    } else if (const auto* proto = ast::nodeIf<ast::CallPrototype>(s); proto != nullptr && labels_declared) {
      declarations_.callPrototype(*proto);
    }
    if (const auto* list = ast::nodeIf<ast::TargetList>(s); list != nullptr && labels_declared) {
      declarations_.targetList(*list);
    }
  }

  // `s` as it stays valid until the next instruction: a scope's symbols
  // live in its maps, but labels come in a scratch Symbol (Scope::label),
  // copied here.
  const Symbol* stable(const Symbol* s) { return s->transient ? &label_symbols_.emplace_back(*s) : s; }
  void resolvedCleared() {
    resolved_.clear();
    label_symbols_.clear();
  }

  void instruction(const Scope& scope, const ast::Instruction& in) {
    resolvedCleared();
    if (in.guard) {
      const ast::Token& p = in.guard->predicate;
      if (const Symbol* s = use(scope, p.text, p.range)) {
        if (s->kind == SymbolKind::Register && s->type != ".pred" && !s->type.empty()) {
          Diagnostic& d =
              sink_.report(diag::RuleId::GuardNotPredicate, p.range,
                           fmt::format("guard '{}' is a {} register; a guard must be .pred", p.text, s->type));
          diag::DiagnosticSink::addNote(d, s->range, fmt::format("'{}' is declared here", s->name));
        }
      }
    }
    for (const ast::Operand& op : in.operands) operand(scope, op);
    counted(&in, checkInstruction(in, context_, ScopeRegisters(scope, resolved_), sink_,
                                  options_.memoize_checks ? &memo_ : nullptr));
  }

  // Counts an instruction checked (or not: no table covers it); `in` is null
  // for a deferred instruction not built, built here if it must be listed.
  void counted(const ast::Instruction* in, bool checked, const ast::DeferredInstruction* deferred = nullptr) {
    ++stats_.instructions;
    if (checked) {
      ++stats_.checked;
      return;
    }
    ++stats_.unchecked;
    if (!options_.show_unchecked && !enablesUnchecked()) return;
    if (in != nullptr) {
      reportUnchecked(*in, sink_);
      return;
    }
    built_exprs_.clear();
    ast::Statement built = module_->build(*deferred, built_exprs_);
    reportUnchecked(*ast::nodeIf<ast::Instruction>(built), sink_);
  }

  // What the engine can learn of the declared name `s` (the instruction's
  // name number `index`), written into a verdict key at `out`: kind, shape,
  // place, type and, for all but registers, state space and signature. The
  // caller has checked the room.
  static char* writeDeclared(char* out, const Symbol& s, std::size_t index, const ast::DeferredInstruction& d) {
    auto put = [&](std::string_view bytes) {
      support::copyShortBytes(out, bytes.data(), bytes.size());
      out += bytes.size();
    };
    out[0] = static_cast<char>(index);
    out[1] = static_cast<char>('A' + static_cast<int>(s.kind));
    out[2] = s.is_vector ? 'v' : s.is_array ? 'a' : 's';
    out[3] = s.range.begin > d.range.begin ? '>' : '<';
    out += 4;
    put(s.type);
    *out++ = '\x1f';
    if (s.kind != SymbolKind::Register) {  // (a register has no signature, nor a state space)
      put(s.space);                        // (a named address is judged by its space)
      *out++ = '\x1f';
      std::memcpy(out, &s.results, sizeof s.results);
      std::memcpy(out + sizeof s.results, &s.params, sizeof s.params);
      out += sizeof s.results + sizeof s.params;
    }
    return out;
  }

  // An instruction the parser left unbuilt (ast::DeferredInstruction, one
  // whose token shape it had seen): judged from its tokens. Its names are
  // resolved as use() resolves them, and a verdict is looked up under a key
  // of its plan's shape (its token types), the texts of its other tokens
  // and what each name resolves to: the same key means the same Instruction
  // AST but for the declared names (the shape fixes the structure, the texts
  // everything derived from them) and the same answers to every question
  // the engine asks about
  // names (RegisterResolver; MemoKey in engine/verdict_cache.cpp keys built
  // instructions the same way, keeping more texts).
  // It is built and checked as usual for a first verdict, and wherever the
  // symbol pass would report or look further (an undeclared name, a guard
  // that is no predicate, a name with a field that resolves).
  void deferredInstruction(const Scope& scope, const ast::DeferredInstruction& d) {
    if (!options_.memoize_checks || context_.requirements != nullptr) return buildAndCheck(scope, d);
    const ast::InstructionPlan& plan = *d.plan;
    specials_.clear();
    key_names_.clear();
    key_base_count_ = 0;
    if (plan.names.size() > key_bases_.size()) return buildAndCheck(scope, d);
    CheckMemo::Scratch& key = memo_.scratch();
    // The key is written without a bound check per byte: room is checked
    // once for the texts (all within the instruction's text, a separator
    // each) and once per name for the most a name adds (kNameRoom).
    constexpr std::size_t kNameRoom = 16;  // index, kind, shape, place, separator, results, params
    const std::size_t instruction_bytes = d.range.end - d.range.begin;
    if (key.context_size + 16 + instruction_bytes + plan.shape.size() + plan.texts.size() >
        CheckMemo::Scratch::kCapacity) {
      return buildAndCheck(scope, d);
    }
    char* out = key.bytes + key.context_size;
    char* const limit = key.bytes + CheckMemo::Scratch::kCapacity;
    auto put = [&](std::string_view bytes) {
      support::copyShortBytes(out, bytes.data(), bytes.size());
      out += bytes.size();
    };
    *out++ = engine::kDeferredKeyMark;              // no opcode starts so: apart from MemoKey's keys
    *out++ = static_cast<char>(plan.shape.size());  // (at most kMaxCachedRunTokens, 192)
    put(plan.shape);
    // Integer literals are left out (a verdict that read none of their
    // values holds for every value; support/value_reads.h): the key with
    // them is written only if this one finds nothing. An exact
    // floating-point constant is keyed by its form, 0f or 0d, and its
    // length, as MemoKey keys it without literals (engine/verdict_cache.cpp;
    // '0d#18': no token holds a '#'), so a module's hundreds of polynomial
    // coefficients (fma.rn.f64 %fd2, %fd1, 0d3FE62E42FEFA39EF, %fd3) share
    // their verdicts; one that read its value is kept under the whole key.
    const std::size_t texts_at = static_cast<std::size_t>(out - key.bytes);
    bool left_out = false;
    for (std::uint8_t k : plan.texts) {
      std::string_view text = ast::tokenText(*module_, d, k);
      if (support::isIntegerLiteral(text)) {
        left_out = true;
      } else if (text.size() >= 10 && text.size() <= 99 && support::isHexFloatLiteral(text)) {
        left_out = true;  // (a check that reads its value keys the verdict with the digits)
        put(text.substr(0, 2));
        *out++ = '#';
        *out++ = static_cast<char>('0' + text.size() / 10);
        *out++ = static_cast<char>('0' + text.size() % 10);
      } else {
        put(text);
      }
      *out++ = '\x1f';
    }
    const std::size_t names_at = static_cast<std::size_t>(out - key.bytes);
    *out++ = '|';
    for (const ast::InstructionPlan::Name& slot : plan.names) {
      std::string_view text = ast::tokenText(*module_, d, slot.token);
      if (text.empty() || text[0] == '.' || (text.size() == 7 && text == "WARP_SZ")) return buildAndCheck(scope, d);
      std::size_t dot = text.size();  // a name with a field (%tid.x) is one dotted token
      if (slot.dotted) {
        dot = 1;
        while (dot < text.size() && text[dot] != '.') ++dot;
      }
      std::string_view base = text.substr(0, dot);
      std::size_t index = key_names_.indexOf(text);
      key_bases_[key_base_count_++] = base;
      if (const Symbol* s = scope.lookup(base)) {
        if (dot < text.size()) return buildAndCheck(scope, d);
        if (slot.guard && s->kind == SymbolKind::Register && !s->type.empty() && s->type != ".pred") {
          return buildAndCheck(scope, d);
        }
        if (static_cast<std::size_t>(limit - out) < kNameRoom + s->type.size() + s->space.size() + 1) {
          return buildAndCheck(scope, d);
        }
        out = writeDeclared(out, *s, index, d);
        // Not its text: the engine learns of a declared name (one without a
        // field) only what the resolver answers for that text, all of it in
        // the key, so `ld.param.u64 %rd1, [f_param_0]` in every kernel is
        // one verdict, whatever the kernel calls its parameter.
        continue;
      }
      const spec::SpecialRegister* sr = spec::findSpecialRegister(base);
      if (sr == nullptr) return buildAndCheck(scope, d);  // undeclared: reported as usual
      if (static_cast<std::size_t>(limit - out) < kNameRoom + text.size()) return buildAndCheck(scope, d);
      const ast::TokenPlace& place = module_->deferredToken(d.first_token + slot.token);
      specials_.push_back({sr, base, text.substr(dot), {place.begin, place.end}});
      out[0] = static_cast<char>(index);
      out[1] = 'P';
      out += 2;
      put(text);
      *out++ = '\x1f';
    }
    key.size = static_cast<std::size_t>(out - key.bytes);
    for (const Special& special : specials_) specialRegister(*special.sr, special.base, special.field, special.range);

    std::string_view found_key(key.bytes, key.size);
    if (std::optional<bool> verdict = memo_.find(found_key)) {
      ++stats_.unbuilt_instructions;
      return counted(nullptr, *verdict, &d);
    }
    // A first verdict: built and checked (MemoKey then reuses the scratch).
    // The resolver looks the names up again (a verdict found, nearly every
    // time, needs no record of them).
    std::string flat_key(found_key), whole_key;
    if (left_out) {  // the key with the literals: the texts again, then the names as written
      whole_key.assign(key.bytes, texts_at);
      for (std::uint8_t k : plan.texts) {
        whole_key += ast::tokenText(*module_, d, k);
        whole_key += '\x1f';
      }
      whole_key.append(key.bytes + names_at, key.size - names_at);
      if (std::optional<bool> verdict = memo_.find(whole_key)) {
        ++stats_.unbuilt_instructions;
        return counted(nullptr, *verdict, &d);
      }
    }
    built_exprs_.clear();
    ast::Statement built = module_->build(d, built_exprs_);
    const ast::Instruction& in = *ast::nodeIf<ast::Instruction>(built);
    std::size_t kept = sink_.diagnostics().size(), dropped = sink_.droppedCount();
    std::uint64_t reads = support::literal_value_reads;
    // The names as use() records them, each looked up once more here rather
    // than once per question of the engine (a first verdict asks several).
    resolvedCleared();
    for (std::string_view base : std::span(key_bases_.data(), key_base_count_)) {
      const Symbol* found = scope.lookup(base);
      resolved_.push_back({base, found != nullptr ? stable(found) : nullptr});
    }
    bool checked = checkInstruction(in, context_, ScopeRegisters(scope, resolved_), sink_, &memo_);
    if (sink_.diagnostics().size() == kept && sink_.droppedCount() == dropped) {
      memo_.insert(left_out && support::literal_value_reads != reads ? whole_key : flat_key, checked);
    }
    counted(&in, checked);
  }

  // The usual path for a deferred instruction: built, then checked as
  // instruction() checks any.
  void buildAndCheck(const Scope& scope, const ast::DeferredInstruction& d) {
    built_exprs_.clear();
    ast::Statement built = module_->build(d, built_exprs_);
    instruction(scope, *ast::nodeIf<ast::Instruction>(built));
  }

  bool enablesUnchecked() const {
    for (const std::string& r : options_.enabled_rules) {
      if (r == "PL9002" || r == "unchecked-instruction") return true;
    }
    return false;
  }

  void operand(const Scope& scope, const ast::Operand& op) {
    switch (op.kind) {
      case ast::OperandKind::Expression:
      case ast::OperandKind::Address: expression(scope, op.expr); break;
      case ast::OperandKind::Negated: use(scope, op.name.text, op.name.range); break;
      case ast::OperandKind::PredicatePair:
        // Either half may be the sink '_' (9.7.6.2 setp).
        if (op.name.text != "_") use(scope, op.name.text, op.name.range);
        if (op.second.text != "_") use(scope, op.second.text, op.second.range);
        break;
      case ast::OperandKind::Vector:
        // {d0, ...}|p: the predicate of a vector destination (9.7.10.3 tex).
        if (!op.second.text.empty()) use(scope, op.second.text, op.second.range);
        break;
      default: break;
    }
    for (const ast::Operand& element : op.elements) operand(scope, element);
  }

  void expression(const Scope& scope, const ast::Expr* e) {
    if (e == nullptr) return;
    if (e->kind == ast::ExprKind::Symbol) {
      use(scope, e->text, e->range);
      return;
    }
    expression(scope, e->lhs);
    expression(scope, e->rhs);
    expression(scope, e->third);
  }

  // Resolves one use of a name; reports what is wrong with it.
  const Symbol* use(const Scope& scope, std::string_view text, SourceRange range) {
    if (text.empty() || text[0] == '.' || support::sameBytes(text, "WARP_SZ")) return nullptr;
    std::string_view base = text;
    std::string_view field;
    std::size_t dot = 1;  // a byte loop: names are short, memchr's call is not
    while (dot < text.size() && text[dot] != '.') ++dot;
    if (dot < text.size()) {
      base = text.substr(0, dot);
      field = text.substr(dot);
    }
    if (const Symbol* s = scope.lookup(base)) {
      s = stable(s);
      resolved_.push_back({base, s});
      return s;
    }
    resolved_.push_back({base, nullptr});
    if (const spec::SpecialRegister* sr = spec::findSpecialRegister(base)) {
      specialRegister(*sr, base, field, range);
      return nullptr;
    }
    // A name a statement with a syntax error declared: not undeclared.
    if (scope.declaredUnknown(base)) return nullptr;
    sink_.report(diag::RuleId::UndeclaredSymbol, range, fmt::format("use of undeclared identifier '{}'", base));
    return nullptr;
  }

  void specialRegister(const spec::SpecialRegister& sr, std::string_view base, std::string_view field,
                       SourceRange range) {
    if (!field.empty()) {
      bool component = field == ".x" || field == ".y" || field == ".z" || field == ".w";
      if (!sr.has_components || !component) {
        sink_.report(diag::RuleId::SpecialRegisterField, range,
                     sr.has_components
                         ? fmt::format("special register '{}' has components .x, .y, .z and .w, not '{}'", base, field)
                         : fmt::format("special register '{}' has no component '{}'", base, field));
        return;
      }
    }
    // (Named only where it is reported or logged: a kernel reads %tid.x a
    // hundred times.)
    if (context_.meets(sr.introduced, sr.target)) return;
    context_.require(sink_, range, fmt::format("'{}'", base), sr.introduced, sr.target, sr.section);
  }

  void initializer(const ast::Initializer& init) {
    // A member's value (5.3, `filter_mode = linear`) names no symbol; the
    // declaration checks judge it.
    if (init.field) return;
    if (init.expr != nullptr) {
      checkHexFloatOperands(init.expr, sink_);
      initializerExpr(init.expr);
      return;
    }
    for (const ast::Initializer& element : init.elements) initializer(element);
  }

  // How an initializer uses a name: var+offset's var, generic(var)'s var.
  static constexpr std::uint8_t kOffsetBase = 1, kInGeneric = 2;

  void initializerExpr(const ast::Expr* e, std::uint8_t use = 0) {
    if (e == nullptr) return;
    if (e->kind == ast::ExprKind::Symbol) {
      // A name declared later (in this piece or the module's rest) is
      // judged at the end. (The place only: a million names of an
      // initializer may wait here.)
      bool found = initializer_symbol_ != nullptr && sameInitializerName(e->text)
                       ? initializerName(e->text, e->range, use)
                       : isModuleName(e->text) && initializerName(e->text, e->range, use);
      if (!found) {
        initializer_source_ = e->text.data() - e->range.begin;
        later_initializer_names_.push_back({e->range, use});
      }
      return;
    }
    if (e->lhs == nullptr) return;  // a literal
    bool plus = e->kind == ast::ExprKind::Binary && e->op.size() == 1 && e->op[0] == '+';
    bool generic = e->kind == ast::ExprKind::Call;
    initializerExpr(e->lhs, plus ? kOffsetBase : generic ? static_cast<std::uint8_t>(use | kInGeneric) : 0);
    initializerExpr(e->rhs);
    initializerExpr(e->third);
  }

  // 5.4.4: "Only variables in .global or .const state spaces may be used in
  // initializers"; var+offset and generic() are for variables ("An
  // operator, generic(), is provided to create a generic address for
  // variables"); a function's name is its address. ptxas 13.0: "Invalid
  // initial value symbol", "Initial value type mismatch" (fn+4), "Invalid
  // initial value expression" (generic(fn)).
  // False where the name is not declared yet.
  bool initializerName(std::string_view name, SourceRange range, std::uint8_t use) {
    // (A table names a few variables or functions a million times: the
    // last one found is kept for the initializer, in which nothing is
    // declared.)
    const Symbol* s =
        initializer_symbol_ != nullptr && name == initializer_name_ ? initializer_symbol_ : module_scope_.lookup(name);
    if (s == nullptr) return false;
    initializer_symbol_ = s;
    initializer_name_ = name;
    if (s->kind == SymbolKind::Variable && s->space != ".global" && s->space != ".const") {
      sink_.report(diag::RuleId::InitializerType, range,
                   fmt::format("'{}' is a {} variable: only .global and .const variables may be used in an "
                               "initializer",
                               name, s->space),
                   "5.4.4");
    } else if (s->kind == SymbolKind::Function && (use & kInGeneric) != 0) {
      sink_.report(diag::RuleId::InitializerType, range,
                   fmt::format("generic() takes a variable; '{}' is a function, whose name is its address", name),
                   "5.4.4");
    } else if (s->kind == SymbolKind::Function && (use & kOffsetBase) != 0) {
      sink_.report(diag::RuleId::InitializerType, range,
                   fmt::format("'{}' is a function: its address takes no offset (var+offset is a variable's)", name),
                   "5.4.4");
    }
    return true;
  }

  const ModuleContext& context_;
  const Options& options_;
  diag::DiagnosticSink& sink_;
  Statistics& stats_;
  Scope module_scope_{nullptr};
  CheckMemo memo_;
  DeclarationChecker declarations_;          // chapters 5 and 11 on each declaration
  ModuleItemChecker module_items_;           // .alias and .file (11.2.3, 11.5.3)
  const ast::Function* function_ = nullptr;  // the function whose body is being checked
  std::vector<Resolved> resolved_;           // the names of the instruction being checked
  std::deque<Symbol> label_symbols_;         // copies of the labels among them (stable())
  // A deferred instruction's special registers (checked once its names are
  // known to need no build), its names for the key, and the expressions of
  // one built for a check.
  struct Special {
    const spec::SpecialRegister* sr;
    std::string_view base, field;
    SourceRange range;
  };
  std::vector<Special> specials_;
  support::NameIndex key_names_;
  // The names of the deferred instruction being keyed: at most one a token
  // (InstructionPlan::Name::token is 8 bits). A plain array: the vector's
  // push_back, once the translation unit grew, was no longer inlined (2 %
  // of a cold run's instructions on a 690 KB module).
  std::array<std::string_view, 256> key_bases_;
  std::size_t key_base_count_ = 0;
  ast::ExprArena built_exprs_;
  const ast::Module* module_ = nullptr;  // the piece being checked
  // The module's names declared so far (places in module_source_; a name
  // of 64 KiB or more copied aside).
  symbols::PlaceTable module_names_;
  const char* module_source_ = nullptr;
  std::unordered_set<std::string_view, support::BytesHash> long_module_names_;
  bool has_debug_section_ = false;              // a .section met (11.1.2 debug)
  const Symbol* initializer_symbol_ = nullptr;  // initializerName's last, for the initializer being judged
  std::string_view initializer_name_;
  bool sameInitializerName(std::string_view name) const {
    return name.size() == initializer_name_.size() && support::sameBytes(name, initializer_name_);
  }
  struct LaterName {
    SourceRange range;  // in initializer_source_
    std::uint8_t use;   // kOffsetBase, kInGeneric
  };
  std::vector<LaterName> later_initializer_names_;
  const char* initializer_source_ = nullptr;
  std::unique_ptr<Scope> open_body_;  // the scope of a body cut into pieces, until its last
};

}  // namespace

void reportUnchecked(const ast::Instruction& in, diag::DiagnosticSink& sink) {
  std::string mnemonic(in.opcode.text);
  for (const ast::Token& q : in.qualifiers) mnemonic += q.text;
  sink.report(diag::RuleId::UncheckedInstruction, in.mnemonic_range,
              fmt::format("'{}' is not checked: no instruction table covers '{}' yet", mnemonic, in.opcode.text));
}

void checkModuleBody(const ast::Module& module, const ModuleContext& context, const Options& options,
                     diag::DiagnosticSink& sink, Statistics& stats) {
  SymbolChecker(context, options, sink, stats).check(module);
}

struct ModuleBodyChecker::Impl {
  SymbolChecker checker;
};

ModuleBodyChecker::ModuleBodyChecker(const ModuleContext& context, const Options& options, diag::DiagnosticSink& sink,
                                     Statistics& stats)
    // (Made in place: a temporary moved into the heap would touch its
    // tables' pages twice, on the stack and the heap, in a process that
    // may check one small file.)
    : impl_(new Impl{SymbolChecker(context, options, sink, stats)}) {}
ModuleBodyChecker::~ModuleBodyChecker() = default;
void ModuleBodyChecker::items(const ast::Module& piece) { impl_->checker.items(piece); }
void ModuleBodyChecker::finish() { impl_->checker.finish(); }

}  // namespace ptxlint::sema
