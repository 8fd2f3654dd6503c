#include "sema/engine/deviation_check.h"

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sema/constant_types.h"
#include "spec/deviations.h"
#include "support/text.h"

namespace ptxlint::sema::engine {
namespace {

using spec::Deviation;
using spec::DeviationOperand;
using spec::DeviationSubject;
using Kind = DeviationOperand::Kind;

const ast::Expr* stripped(const ast::Expr* e) {
  while (e != nullptr && (e->kind == ast::ExprKind::Paren || (e->kind == ast::ExprKind::Unary && e->op == "+"))) {
    e = e->lhs;
  }
  return e;
}

// An address's base ([a], [a+4]): what it names, a register (its type) or
// a variable (its state space).
void describeAddressBase(const ast::Expr* e, const RegisterResolver& registers, DeviationOperand& out) {
  if (e != nullptr && e->kind == ast::ExprKind::Binary && (e->op == "+" || e->op == "-")) {
    out.offset = true;
    e = stripped(e->lhs);
  }
  if (e == nullptr || e->kind != ast::ExprKind::Symbol) return;
  if (auto r = registers.reg(e->text)) {
    out.type = r->type;
  } else if (auto info = registers.nameInfo(e->text); info && info->kind == NameKind::Variable) {
    out.variable_space = info->space;
  }
}

DeviationOperand describe(const ast::Operand& op, const RegisterResolver& registers) {
  DeviationOperand out;
  const ast::Expr* e = stripped(op.expr);
  switch (op.kind) {
    case ast::OperandKind::Sink: out.kind = Kind::Sink; return out;
    case ast::OperandKind::Negated: out.kind = Kind::Negated; return out;
    case ast::OperandKind::PredicatePair: out.kind = Kind::PredicatePair; return out;
    case ast::OperandKind::Address:
      out.kind = e != nullptr && e->kind == ast::ExprKind::IntLiteral && op.elements.empty() ? Kind::ImmediateAddress
                                                                                             : Kind::Address;
      out.address_qualifier = op.name.text;
      out.elements = static_cast<std::uint8_t>(std::min<std::size_t>(op.elements.size(), 255));
      if (out.kind == Kind::Address && op.elements.empty()) describeAddressBase(e, registers, out);
      return out;
    case ast::OperandKind::Vector:
      out.kind = Kind::Vector;
      out.elements = static_cast<std::uint8_t>(std::min<std::size_t>(op.elements.size(), 255));
      for (const ast::Operand& element : op.elements) {
        if (element.kind == ast::OperandKind::Sink) out.has_sink = true;
        const ast::Expr* x = stripped(element.expr);
        if (x == nullptr || x->kind != ast::ExprKind::Symbol) continue;
        if (auto r = registers.reg(x->text)) {
          if (out.type.empty()) out.type = r->type;
          out.mixed_types = out.mixed_types || r->type != out.type;
        }
      }
      return out;
    default: break;
  }
  if (e == nullptr) return out;
  out.text = e->text;
  if (e->kind == ast::ExprKind::Conditional || e->kind == ast::ExprKind::Binary) {
    out.float_conditional = typeConstant(e, /*names_are_addresses=*/false).float_conditional;
  }
  if (e->kind == ast::ExprKind::Symbol) {
    if (auto r = registers.reg(e->text)) {
      out.kind = Kind::Register;
      out.type = r->type;
    }
  } else if (e->kind == ast::ExprKind::IntLiteral) {
    out.kind = Kind::IntConstant;
    out.constant = e->int_value;
  } else if (e->kind == ast::ExprKind::Unary && e->op == "-" && stripped(e->lhs) != nullptr &&
             stripped(e->lhs)->kind == ast::ExprKind::IntLiteral) {
    out.kind = Kind::IntConstant;
    out.constant = ~stripped(e->lhs)->int_value + 1;
  } else if (e->kind == ast::ExprKind::FloatLiteral) {
    out.kind = Kind::FloatConstant;
  }
  return out;
}

// A directive entry's mnemonic names the subject's: ".address_size", or
// one of '|'-separated alternatives (".global|.const").
bool namesDirective(std::string_view mnemonic, std::string_view opcode) {
  for (std::string_view list = mnemonic;;) {
    std::size_t bar = list.find('|');
    if (list.substr(0, bar) == opcode) return true;
    if (bar == std::string_view::npos) return false;
    list.remove_prefix(bar + 1);
  }
}

std::string_view releaseName(const ModuleContext& context) {
  return context.ptxas != nullptr ? context.ptxas->version : std::string_view("13.0");
}

// The stricter entry's finding: a warning by the manual's verdict, an error
// by ptxas's.
void reportStricter(const Deviation& d, SourceRange at, const ast::Instruction* in, const ModuleContext& context,
                    diag::DiagnosticSink& sink) {
  Diagnostic& out = sink.report(
      diag::RuleId::PtxasRejects, at,
      fmt::format("ptxas {} rejects this ({}), though the manual allows it", releaseName(context), d.ptxas_message));
  out.spec_section = d.section;
  diag::DiagnosticSink::addNote(out, fmt::format("the manual ({}): \"{}\"", d.section, d.manual));
  diag::DiagnosticSink::addNote(out, fmt::format("deviation '{}': {}", d.id, d.form));
  if (context.compat != nullptr) {
    sink.setSeverity(out, Severity::Error);
    diag::DiagnosticSink::addNote(out, fmt::format("an error under --compat=ptxas-{}", context.compat->version));
  }
  if (in == nullptr || d.fix.text.empty()) return;
  for (const ast::Token& q : in->qualifiers) {
    std::string_view word = q.text.substr(1);
    std::string_view anchors = d.fix.anchors;
    bool anchor = false;
    for (std::size_t at_word = 0; at_word != std::string_view::npos && !anchor;) {
      std::size_t space = anchors.find(' ', at_word);
      anchor = anchors.substr(at_word, space - at_word) == word;
      at_word = space == std::string_view::npos ? space : space + 1;
    }
    if (!anchor) continue;
    std::uint32_t place = d.fix.before ? q.range.begin : q.range.end;
    diag::DiagnosticSink::addFixIt(out, {place, place}, std::string(d.fix.text));
    return;
  }
}

void reportLaxer(const Deviation& d, const ModuleContext& context, diag::DiagnosticSink& sink, std::size_t first) {
  std::vector<Diagnostic>& list = sink.diagnostics();
  for (std::size_t i = first; i < list.size(); ++i) {
    if (list[i].severity != Severity::Error) continue;
    if (context.compat != nullptr) {
      sink.setSeverity(list[i], Severity::Warning);
      diag::DiagnosticSink::addNote(list[i], fmt::format("ptxas {} accepts this (deviation '{}'): a warning under "
                                                         "--compat=ptxas-{}",
                                                         context.compat->version, d.id, context.compat->version));
    } else {
      diag::DiagnosticSink::addNote(list[i], fmt::format("ptxas {} accepts this today (deviation '{}'); the "
                                                         "manual's verdict stands",
                                                         releaseName(context), d.id));
    }
  }
}

bool listsWord(std::string_view words, std::string_view word) {
  for (std::size_t at = 0; at < words.size();) {
    std::size_t space = words.find(' ', at);
    if (words.substr(at, space - at) == word) return true;
    if (space == std::string_view::npos) break;
    at = space + 1;
  }
  return false;
}

// Whether a qualifier of `in` past its name is a value of none of its
// blocks and not one `d` names: ptxas refuses such a line whatever `d`
// says of the rest ("Unknown modifier '.satt'", "Illegal modifier
// '.bulk_group' for instruction 'fma'").
bool hasForeignQualifier(const ast::Instruction& in, std::span<const spec::InstructionSpec* const> blocks,
                         std::size_t name_qualifiers, const Deviation& d) {
  for (std::size_t i = name_qualifiers; i < in.qualifiers.size(); ++i) {
    std::string_view q = in.qualifiers[i].text;
    bool known = std::any_of(blocks.begin(), blocks.end(), [&](const spec::InstructionSpec* b) {
      return std::any_of(b->qualifiers.begin(), b->qualifiers.end(), [&](const spec::QualifierSlot& slot) {
        return std::find(slot.values.begin(), slot.values.end(), q) != slot.values.end();
      });
    });
    if (!known && !listsWord(d.foreign_words, q.substr(1))) return true;
  }
  return false;
}

// An operand written as an expression of constants (an operator, not a
// lone register, name or literal).
bool hasConstantExpression(const ast::Instruction& in) {
  return std::any_of(in.operands.begin(), in.operands.end(), [](const ast::Operand& op) {
    const ast::Expr* e = op.expr;
    return op.kind == ast::OperandKind::Expression && e != nullptr &&
           (e->kind == ast::ExprKind::Unary || e->kind == ast::ExprKind::Binary ||
            e->kind == ast::ExprKind::Conditional || e->kind == ast::ExprKind::Paren || e->kind == ast::ExprKind::Cast);
  });
}

bool holds(const Deviation& d, const ModuleContext& context) {
  return context.ptxas == nullptr || spec::holdsFor(d, *context.ptxas);
}

}  // namespace

void applyDeviations(const ast::Instruction& in, const ModuleContext& context, const RegisterResolver& registers,
                     diag::DiagnosticSink& sink, std::size_t first,
                     std::span<const spec::InstructionSpec* const> blocks, std::size_t name_qualifiers) {
  const std::vector<Diagnostic>& list = sink.diagnostics();
  bool refused = std::any_of(list.begin() + static_cast<std::ptrdiff_t>(std::min(first, list.size())), list.end(),
                             [](const Diagnostic& d) { return d.severity == Severity::Error; });
  // Only the entries the opcode may meet (spec/deviations.h); one that no
  // stricter entry concerns is done here when the manual finds nothing
  // (the common case).
  const spec::DeviationWord* candidates = spec::deviationCandidates(in.opcode.text);
  // The stricter entries for any instruction ("*") concern a constant
  // expression in an operand (float-conditional-operand): without one, an
  // opcode that no stricter entry names has none to meet.
  bool stricter =
      candidates != nullptr && (candidates->stricter_named || (candidates->stricter && hasConstantExpression(in)));
  if (candidates == nullptr || (!stricter && (!refused || !candidates->laxer))) return;
  thread_local std::vector<std::string_view> qualifiers;
  thread_local std::vector<DeviationOperand> operands;
  qualifiers.clear();
  operands.clear();
  for (const ast::Token& q : in.qualifiers) qualifiers.push_back(q.text.substr(1));
  for (const ast::Operand& op : in.operands) operands.push_back(describe(op, registers));
  DeviationSubject subject{in.opcode.text, qualifiers, operands, context.version, context.target};
  // A laxer entry turns the manual's errors into what ptxas says of them; a
  // stricter one (also where a laxer one holds: ptxas may refuse the line
  // for another reason) adds PL5001.
  // The first entry in table order that holds wins.
  const std::span<const Deviation> table = spec::deviations();
  auto first_holding = [&](spec::DeviationDirection direction) -> const Deviation* {
    const bool lax = direction == spec::DeviationDirection::PtxasLaxer;
    for (std::uint16_t i : candidates->entries()) {
      const Deviation* d = &table[i];
      if (d->direction == direction && holds(*d, context) && spec::concerns(*d, subject) && d->applies(subject) &&
          !(lax && hasForeignQualifier(in, blocks, name_qualifiers, *d))) {
        return d;
      }
    }
    return nullptr;
  };
  const Deviation* laxer = refused && candidates->laxer ? first_holding(spec::DeviationDirection::PtxasLaxer) : nullptr;
  const Deviation* stricter_entry = stricter ? first_holding(spec::DeviationDirection::PtxasStricter) : nullptr;
  if (laxer != nullptr) reportLaxer(*laxer, context, sink, first);
  if (stricter_entry != nullptr && (!refused || laxer != nullptr)) {
    reportStricter(*stricter_entry, in.range, &in, context, sink);
  }
}

void applyDirectiveDeviations(const DeviationSubject& subject, SourceRange at, const ModuleContext& context,
                              diag::DiagnosticSink& sink, std::size_t first) {
  const std::vector<Diagnostic>& list = sink.diagnostics();
  bool refused = std::any_of(list.begin() + static_cast<std::ptrdiff_t>(std::min(first, list.size())), list.end(),
                             [](const Diagnostic& d) { return d.severity == Severity::Error; });
  // The directives' entries, in table order (a debug section has
  // thousands of values; the table has a few directive entries).
  static const std::vector<const Deviation*> directive_entries = [] {
    std::vector<const Deviation*> out;
    for (const Deviation& d : spec::deviations()) {
      if (d.mnemonic.starts_with(".")) out.push_back(&d);
    }
    return out;
  }();
  auto first_holding = [&](spec::DeviationDirection direction) -> const Deviation* {
    for (const Deviation* d : directive_entries) {
      if (d->direction == direction && namesDirective(d->mnemonic, subject.opcode) && holds(*d, context) &&
          d->applies(subject)) {
        return d;
      }
    }
    return nullptr;
  };
  const Deviation* laxer = refused ? first_holding(spec::DeviationDirection::PtxasLaxer) : nullptr;
  const Deviation* stricter = first_holding(spec::DeviationDirection::PtxasStricter);
  if (laxer != nullptr) reportLaxer(*laxer, context, sink, first);
  if (stricter != nullptr && (!refused || laxer != nullptr)) reportStricter(*stricter, at, nullptr, context, sink);
}

void applyModuleDeviations(const ast::Module& module, const ModuleContext& context, diag::DiagnosticSink& sink) {
  for (const ast::TopLevel& item : module.items) {
    const auto* a = std::get_if<ast::AddressSizeDirective>(&item.node);
    if (a == nullptr) continue;
    DeviationOperand size;
    size.kind = Kind::IntConstant;
    size.text = a->size.text;
    if (!support::integerLiteralValue(a->size.text, size.constant)) size.constant = 0;
    DeviationSubject subject{".address_size", {}, {&size, 1}, context.version, context.target};
    for (const Deviation& d : spec::deviations()) {
      if (d.mnemonic == ".address_size" && holds(d, context) && d.applies(subject)) {
        reportStricter(d, a->range, nullptr, context, sink);
      }
    }
  }
  if (context.compat == nullptr) return;
  // What the release itself lacks: a newer .version, a target it has not.
  const spec::PtxasRelease& r = *context.compat;
  std::optional<spec::PtxVersion> declared = context.declared_newer ? context.declared_newer : context.version;
  if (declared && r.newest_ptx < *declared && context.version_token && !context.version_overridden) {
    Diagnostic& d = sink.report(diag::RuleId::PtxasUnsupported, *context.version_token,
                                fmt::format("ptxas {} supports PTX ISA up to {} (Unsupported .version {})", r.version,
                                            r.newest_ptx.str(), declared->str()));
    diag::DiagnosticSink::addNote(d, fmt::format("judged by --compat=ptxas-{}; the manual's verdict is a warning at "
                                                 "most",
                                                 r.version));
  }
  if (context.target && r.lacks(*context.target)) {
    SourceRange at = context.target_token ? *context.target_token : SourceRange{};
    Diagnostic& d = sink.report(
        diag::RuleId::PtxasUnsupported, at,
        context.target->sm == 101
            ? fmt::format("ptxas {} does not support .target {} (it calls it sm_110)", r.version, context.target->str())
            : fmt::format("ptxas {} does not support .target {} (its oldest is sm_{})", r.version,
                          context.target->str(), r.oldest_sm));
    diag::DiagnosticSink::addNote(d, fmt::format("judged by --compat=ptxas-{}", r.version));
  }
}

}  // namespace ptxlint::sema::engine
