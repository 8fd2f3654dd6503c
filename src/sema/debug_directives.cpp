#include "sema/debug_directives.h"

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "sema/engine/deviation_check.h"

namespace ptxlint::sema {
namespace {

using spec::DeviationOperand;
using spec::DeviationSubject;

constexpr std::string_view kSection = "11.5.2";

// A data line's type: its width in bits, 0 for a type dwarf-lines do not have.
unsigned widthOf(std::string_view type) {
  if (type == ".b8") return 8;
  if (type == ".b16") return 16;
  if (type == ".b32") return 32;
  if (type == ".b64") return 64;
  return 0;
}

// What a value of a data line is, in the manual's forms (11.5.2).
struct DwarfValue {
  enum class Form : std::uint8_t { Integer, Label, LabelPlusImm, LabelMinusLabel, Other } form = Form::Other;
  bool negative = false;        // Integer: -imm (PTX ISA 7.5)
  std::uint64_t magnitude = 0;  // Integer: the literal's value; LabelPlusImm: imm
  std::string_view literal;     // Integer, LabelPlusImm: the literal's text ("0x10", "1U")
  const ast::Expr* label = nullptr;
  bool fits = true;  // false: a literal past 64 bits (PL1011, reported by the parser)
};

bool isInteger(const ast::Expr* e) { return e != nullptr && e->kind == ast::ExprKind::IntLiteral; }
bool isName(const ast::Expr* e) { return e != nullptr && e->kind == ast::ExprKind::Symbol; }

DwarfValue classify(const ast::Expr& e) {
  DwarfValue v;
  if (isInteger(&e)) {
    v.form = DwarfValue::Form::Integer;
    v.magnitude = e.int_value;
    v.literal = e.text;
    v.fits = e.value_fits;
  } else if (e.kind == ast::ExprKind::Unary && e.op == "-" && isInteger(e.lhs)) {
    v.form = DwarfValue::Form::Integer;
    v.negative = true;
    v.magnitude = e.lhs->int_value;
    v.literal = e.lhs->text;
    v.fits = e.lhs->value_fits;
  } else if (isName(&e)) {
    v.form = DwarfValue::Form::Label;
    v.label = &e;
  } else if (e.kind == ast::ExprKind::Binary && e.op == "+" && isName(e.lhs) && isInteger(e.rhs)) {
    v.form = DwarfValue::Form::LabelPlusImm;
    v.label = e.lhs;
    v.magnitude = e.rhs->int_value;
    v.literal = e.rhs->text;
    v.fits = e.rhs->value_fits;
  } else if (e.kind == ast::ExprKind::Binary && e.op == "-" && isName(e.lhs) && isName(e.rhs)) {
    v.form = DwarfValue::Form::LabelMinusLabel;
    v.label = e.lhs;
  }
  return v;
}

// The value as the deviation table's conditions see it: an integer is one
// IntConstant (its text with the sign, two's complement), a label one
// Other, label+imm an Other and an IntConstant, label1-label2 two Others.
std::array<DeviationOperand, 2> describe(const DwarfValue& v, const ast::Expr& e, std::size_t& count) {
  std::array<DeviationOperand, 2> out{};
  count = 1;
  switch (v.form) {
    case DwarfValue::Form::Integer:
      out[0].kind = DeviationOperand::Kind::IntConstant;
      out[0].constant = v.negative ? 0 - v.magnitude : v.magnitude;
      break;
    case DwarfValue::Form::LabelPlusImm:
      out[1].kind = DeviationOperand::Kind::IntConstant;
      out[1].text = v.literal;
      out[1].constant = v.magnitude;
      count = 2;
      break;
    case DwarfValue::Form::LabelMinusLabel: count = 2; break;
    default: break;
  }
  out[0].text = v.form == DwarfValue::Form::Integer ? std::string_view{} : v.label ? v.label->text : e.text;
  return out;
}

class SectionChecker {
 public:
  SectionChecker(const ModuleContext& context, diag::DiagnosticSink& sink) : context_(context), sink_(sink) {}

  void item(const ast::SectionItem& item) {
    if (item.label) {
      // "Support for defining label inside the DWARF section is introduced
      // in PTX ISA version 7.2."
      std::size_t first = sink_.diagnostics().size();
      context_.require(sink_, item.label->range, "a label inside a debug section", {7, 2}, {}, kSection);
      DeviationOperand label;
      label.text = item.label->text;
      deviations({}, {&label, 1}, item.label->range, first);
      return;
    }
    std::string_view type = item.type.text;
    unsigned width = widthOf(type);
    if (width == 0) {
      report(item.type.range, fmt::format("'{}' is not a type of a dwarf line: a debug section's data lines are "
                                          ".b8, .b16, .b32 or .b64",
                                          type));
      return;
    }
    std::string_view word = type.substr(1);
    if (width == 16) {
      // "Support for .b16 integers in dwarf-lines introduced in PTX ISA
      // version 6.0."
      std::size_t first = sink_.diagnostics().size();
      context_.require(sink_, item.type.range, "a .b16 dwarf line", {6, 0}, {}, kSection);
      deviations(word, {}, item.type.range, first);
    }
    for (const ast::Expr* e : item.values) {
      if (e != nullptr) value(*e, type, word, width, item.values.size());
    }
  }

 private:
  void value(const ast::Expr& e, std::string_view type, std::string_view word, unsigned width, std::size_t count) {
    DwarfValue v = classify(e);
    if (!v.fits) return;  // PL1011 (the parser)
    std::size_t first = sink_.diagnostics().size();
    switch (v.form) {
      case DwarfValue::Form::Integer: integer(e, v, type, width); break;
      case DwarfValue::Form::Label:
      case DwarfValue::Form::LabelPlusImm:
      case DwarfValue::Form::LabelMinusLabel: label(e, v, type, width, count); break;
      case DwarfValue::Form::Other:
        report(e.range,
               "not a value of a dwarf line: an integer, or alone on a .b32 or .b64 line a label, "
               "label+imm or label1-label2");
        break;
    }
    std::size_t operands = 0;
    std::array<DeviationOperand, 2> described = describe(v, e, operands);
    std::string text;  // an integer's text with its sign, as ptxas prints it
    if (v.form == DwarfValue::Form::Integer) {
      text = fmt::format("{}{}", v.negative ? "-" : "", v.literal);
      described[0].text = text;
    }
    deviations(word, {described.data(), operands}, e.range, first);
  }

  // "comma-separated list of integers in range [-128..255]" (.b8),
  // [-2^15..2^16-1] (.b16), [-2^31..2^32-1] (.b32), [-2^63..2^64-1] (.b64);
  // "Negative numbers in dwarf lines introduced in PTX ISA version 7.5."
  void integer(const ast::Expr& e, const DwarfValue& v, std::string_view type, unsigned width) {
    if (v.negative) context_.require(sink_, e.range, "a negative number in a dwarf line", {7, 5}, {}, kSection);
    const std::uint64_t max_unsigned = width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
    const std::uint64_t max_magnitude = std::uint64_t{1} << (width - 1);
    bool in_range = v.negative ? v.magnitude <= max_magnitude : v.magnitude <= max_unsigned;
    if (in_range) return;
    std::string_view range = width == 8    ? "[-128..255]"
                             : width == 16 ? "[-32768..65535]"
                             : width == 32 ? "[-2147483648..4294967295]"
                                           : "[-2^63..2^64-1]";
    report(e.range, fmt::format("{}{} is out of range for {}: its values are in {}", v.negative ? "-" : "", v.literal,
                                type, range));
  }

  // ".b32 label", ".b64 label", "label+imm ... (signed, 32bit)" / "(signed,
  // 64bit)" (PTX ISA 3.2), "label1-label2" (PTX ISA 7.5): a line of its own.
  void label(const ast::Expr& e, const DwarfValue& v, std::string_view type, unsigned width, std::size_t count) {
    std::string_view form = v.form == DwarfValue::Form::Label          ? "a label"
                            : v.form == DwarfValue::Form::LabelPlusImm ? "label+imm"
                                                                       : "label1-label2";
    if (width < 32) {
      report(e.range, fmt::format("{} is data of a .b32 or .b64 line, not of {}", form, type));
      return;
    }
    if (count > 1) {
      report(e.range, fmt::format("{} stands alone on its data line, not in a list", form));
      return;
    }
    if (v.form == DwarfValue::Form::LabelPlusImm) {
      context_.require(sink_, e.range, "label+imm in a dwarf line", {3, 2}, {}, kSection);
      const std::uint64_t max = width == 32 ? 0x7FFFFFFF : 0x7FFFFFFFFFFFFFFF;
      if (v.magnitude > max) {
        report(e.rhs->range, fmt::format("the offset {} of label+imm on a {} line is a signed {}-bit integer: at "
                                         "most {}",
                                         v.literal, type, width, max));
      }
    } else if (v.form == DwarfValue::Form::LabelMinusLabel) {
      context_.require(sink_, e.range, "label1-label2 in a dwarf line", {7, 5}, {}, kSection);
    }
  }

  void report(SourceRange at, std::string message) {
    Diagnostic& d = sink_.report(diag::RuleId::DwarfData, at, std::move(message));
    d.spec_section = kSection;
  }

  // The deviation table's ".section" entries for what was judged from
  // `first` on: a line's type (`operands` empty), a label line (`word`
  // empty) or one value.
  void deviations(std::string_view word, std::span<const DeviationOperand> operands, SourceRange at,
                  std::size_t first) {
    std::span<const std::string_view> qualifiers;
    if (!word.empty()) qualifiers = {&word, 1};
    DeviationSubject subject{".section", qualifiers, operands, context_.version, context_.target};
    engine::applyDirectiveDeviations(subject, at, context_, sink_, first);
  }

  const ModuleContext& context_;
  diag::DiagnosticSink& sink_;
};

}  // namespace

void checkLocAttributes(const ast::LocDirective& loc, const ModuleContext& context, diag::DiagnosticSink& sink) {
  constexpr std::string_view kLoc = "11.5.4";
  auto report = [&](SourceRange at, std::string message) {
    Diagnostic& d = sink.report(diag::RuleId::LocAttribute, at, std::move(message));
    d.spec_section = kLoc;
  };
  // ".loc file_index line_number column_position,function_name label {+
  // immediate }, inlined_at file_index2 line_number2 column_position2"
  bool known = true;
  for (const ast::LocAttribute& a : loc.attributes) {
    std::string_view name = a.name.text;
    const ast::Expr* e = a.expr;
    if (name == "function_name") {
      bool label =
          a.numbers.empty() && e != nullptr &&
          (isName(e) || (e->kind == ast::ExprKind::Binary && e->op == "+" && isName(e->lhs) && isInteger(e->rhs)));
      if (!label) report(a.name.range, "function_name takes a label of .debug_str, or label + immediate");
    } else if (name == "inlined_at") {
      if (a.numbers.size() != 3 || e != nullptr) {
        report(a.name.range, "inlined_at takes a file index, a line number and a column position");
      }
    } else {
      report(a.name.range, fmt::format("unknown .loc attribute '{}': a .loc ends with ', function_name label, "
                                       "inlined_at file line column' or nothing",
                                       name));
      known = false;
    }
  }
  if (!known) return;
  const ast::LocAttribute& first_attribute = loc.attributes.front();
  if (loc.attributes.size() != 2 || first_attribute.name.text != "function_name" ||
      loc.attributes[1].name.text != "inlined_at") {
    report(first_attribute.name.range,
           "function_name and inlined_at come together, in this order: ', function_name "
           "label, inlined_at file line column'");
    return;
  }
  checkLocPairVersion(first_attribute.name.range, context, sink);
}

void checkLocPairVersion(SourceRange first_name, const ModuleContext& context, diag::DiagnosticSink& sink) {
  // "function_name and inlined_at attributes are introduced in PTX ISA
  // version 7.2."
  if (context.meets({7, 2}, {})) return;
  std::size_t first = sink.diagnostics().size();
  context.require(sink, first_name, "the .loc attributes function_name and inlined_at", {7, 2}, {}, "11.5.4");
  DeviationSubject subject{".loc", {}, {}, context.version, context.target};
  engine::applyDirectiveDeviations(subject, first_name, context, sink, first);
}

void checkSection(const ast::SectionDirective& section, const ModuleContext& context, diag::DiagnosticSink& sink) {
  SectionChecker checker(context, sink);
  for (const ast::SectionItem& item : section.items) checker.item(item);
}

}  // namespace ptxlint::sema
