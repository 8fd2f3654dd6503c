// Writes instruction tables as C++ constant data (spec/freeze.h).
//
// Every struct of spec/spec.h is written field by field, in declaration
// order, as a designated initializer; fields equal to the default are left
// out. A field added to a spec struct must be written here too: the sizes
// below stop the build until it is (and the frozen-equals-built test
// compares entries by this text).
#include "spec/freeze.h"

#include <cstdio>
#include <map>
#include <string_view>
#include <unordered_map>

#include "spec/families.h"

namespace ptxlint::spec {
namespace {

static_assert(sizeof(QualifierSlot) == 48, "a field of QualifierSlot is not written by spec/freeze.cpp");
static_assert(sizeof(Condition) == 32, "a field of Condition is not written by spec/freeze.cpp");
static_assert(sizeof(ElementCounts) == 40, "a field of ElementCounts is not written by spec/freeze.cpp");
static_assert(sizeof(VectorLength) == 48, "a field of VectorLength is not written by spec/freeze.cpp");
static_assert(sizeof(OperandSpec) == 368, "a field of OperandSpec is not written by spec/freeze.cpp");
static_assert(sizeof(Constraint) == 168, "a field of Constraint is not written by spec/freeze.cpp");
static_assert(sizeof(FeatureNote) == 96, "a field of FeatureNote is not written by spec/freeze.cpp");
static_assert(sizeof(InstructionSpec) == 176, "a field of InstructionSpec is not written by spec/freeze.cpp");

class Writer {
 public:
  using Field = std::pair<std::string_view, std::string>;

  // inline_lists: every list written in place (entryText); otherwise each
  // distinct list is defined once as an array and named.
  explicit Writer(bool inline_lists, std::string prefix = "L")
      : inline_lists_(inline_lists), prefix_(std::move(prefix)) {}

  std::string text(std::string_view s) {
    if (s.data() == nullptr) return "{}";
    std::string out = "std::string_view(\"";
    for (unsigned char c : s) {
      if (c == '"' || c == '\\') {
        out += '\\';
        out += static_cast<char>(c);
      } else if (c >= 0x20 && c < 0x7f) {
        out += static_cast<char>(c);
      } else {
        char octal[8];
        std::snprintf(octal, sizeof octal, "\\%03o", c);
        out += octal;
      }
    }
    return out + "\", " + std::to_string(s.size()) + ")";
  }
  static std::string number(std::int64_t v) {
    if (v == INT64_MIN) return "INT64_MIN";
    if (v == INT64_MAX) return "INT64_MAX";
    return std::to_string(v);
  }
  static std::string flag(bool b) { return b ? "true" : "false"; }
  template <class E>
  static std::string enumValue(E e, std::string_view type) {
    return "static_cast<" + std::string(type) + ">(" + std::to_string(static_cast<int>(e)) + ")";
  }
  static std::string version(PtxVersion v) {
    return "{" + std::to_string(v.major) + ", " + std::to_string(v.minor) + "}";
  }

  // A list: `{name, count}` of an array defined once, or its elements inline.
  template <class T, class ElementText>
  std::string list(const T* items, std::size_t count, std::string_view type, ElementText element) {
    if (count == 0) return "{}";
    std::string elements;
    for (std::size_t i = 0; i < count; ++i) {
      if (i != 0) elements += ",\n    ";
      elements += element(items[i]);
    }
    if (inline_lists_) return "{" + elements + "}";
    std::string key = std::string(type) + "|" + elements;
    auto [it, fresh] = names_.try_emplace(key, "");
    if (fresh) {
      it->second = prefix_ + std::to_string(names_.size());
      definitions_ += "constexpr " + std::string(type) + " " + it->second + "[] = {\n    " + elements + "};\n";
    }
    return "{" + it->second + ", " + std::to_string(count) + "}";
  }
  template <class T, class ElementText>
  std::string list(const List<T>& l, std::string_view type, ElementText element) {
    return list(l.data(), l.size(), type, element);
  }
  std::string values(const Values& v) {
    return list(v, "std::string_view", [&](std::string_view s) { return text(s); });
  }
  std::string conditions(const List<Condition>& l) {
    return list(l, "Condition", [&](const Condition& c) { return condition(c); });
  }

  std::vector<Field> conditionFields(const Condition& c) {
    return std::vector<Field>{{"slot", text(c.slot)}, {"values", values(c.values)}};
  }
  std::string condition(const Condition& c) { return render(conditionFields(c), conditionFields(Condition{})); }
  std::string target(const TargetRequirement& t) {
    return "{" + enumValue(t.kind, "TargetRequirement::Kind") + ", " + std::to_string(t.sm) + ", " + version(t.from) +
           "}";
  }
  std::vector<Field> qualifierFields(const QualifierSlot& q) {
    return std::vector<Field>{{"name", text(q.name)},
                              {"values", values(q.values)},
                              {"optional", flag(q.optional)},
                              {"space", flag(q.space)},
                              {"on_address", flag(q.on_address)},
                              {"leading", flag(q.leading)},
                              {"ordered", flag(q.ordered)},
                              {"order_group", std::to_string(q.order_group)},
                              {"required_from", version(q.required_from)},
                              {"absent_is_generic", flag(q.absent_is_generic)}};
  }
  std::string qualifier(const QualifierSlot& q) { return render(qualifierFields(q), qualifierFields(QualifierSlot{})); }
  std::vector<Field> vectorLengthFields(const VectorLength& v) {
    return std::vector<Field>{{"when", conditions(v.when)},
                              {"count", std::to_string(v.count)},
                              {"element_type", text(v.element_type)},
                              {"shape_n_divisor", std::to_string(v.shape_n_divisor)}};
  }
  std::string vectorLength(const VectorLength& v) {
    return render(vectorLengthFields(v), vectorLengthFields(VectorLength{}));
  }
  std::vector<Field> elementCountsFields(const ElementCounts& e) {
    return std::vector<Field>{
        {"values", values(e.values)},
        {"counts", list(e.counts, "std::uint8_t", [](std::uint8_t n) { return std::to_string(n); })},
        {"index_first", flag(e.index_first)},
        {"scalar", flag(e.scalar)}};
  }
  std::string elementCounts(const ElementCounts& e) {
    return render(elementCountsFields(e), elementCountsFields(ElementCounts{}));
  }
  std::vector<Field> operandFields(const OperandSpec& o) {
    std::string presence = "{" + enumValue(o.presence.kind, "Presence::Kind") + ", " + text(o.presence.slot) + "}";
    return std::vector<Field>{
        {"name", text(o.name)},
        {"kind", enumValue(o.kind, "OperandKind")},
        {"bits", std::to_string(o.bits)},
        {"immediates", list(o.immediates, "std::int64_t", [](std::int64_t v) { return number(v); })},
        {"presence", presence},
        {"vector_slot", text(o.vector_slot)},
        {"space_slot", text(o.space_slot)},
        {"address_forms", std::to_string(o.address_forms)},
        {"type_slot", text(o.type_slot)},
        {"wider_register", flag(o.wider_register)},
        {"exact_size_when", conditions(o.exact_size_when)},
        {"sinks_when", list(o.sinks_when, "List<Condition>", [&](const List<Condition>& l) { return conditions(l); })},
        {"fixed_type", text(o.fixed_type)},
        {"wide", flag(o.wide)},
        {"integer_only", flag(o.integer_only)},
        {"opaque_variable", flag(o.opaque_variable)},
        {"float_constant", flag(o.float_constant)},
        {"exact_register_type", flag(o.exact_register_type)},
        {"generic_address", flag(o.generic_address)},
        {"min_value", number(o.min_value)},
        {"max_value", number(o.max_value)},
        {"destination", flag(o.destination)},
        {"with_predicate", flag(o.with_predicate)},
        {"predicate_form", enumValue(o.predicate_form, "PredicateForm")},
        {"symbols", std::to_string(o.symbols)},
        {"variable_space", text(o.variable_space)},
        {"checks_signature", flag(o.checks_signature)},
        {"declared_before", flag(o.declared_before)},
        {"results_list", text(o.results_list)},
        {"params_list", text(o.params_list)},
        {"predicate_optional", flag(o.predicate_optional)},
        {"register_sink", flag(o.register_sink)},
        {"predicate_sink", flag(o.predicate_sink)},
        {"constant_allowed", flag(o.constant_allowed)},
        {"multiple_of", number(o.multiple_of)},
        {"non_zero", flag(o.non_zero)},
        {"unit_fraction", flag(o.unit_fraction)},
        {"sink_allowed", flag(o.sink_allowed)},
        {"sink_required", flag(o.sink_required)},
        {"elements", std::to_string(o.elements)},
        {"elements_dim_less", std::to_string(o.elements_dim_less)},
        {"lengths", list(o.lengths, "VectorLength", [&](const VectorLength& v) { return vectorLength(v); })},
        {"count_slot", text(o.count_slot)},
        {"element_counts",
         list(o.element_counts, "ElementCounts", [&](const ElementCounts& e) { return elementCounts(e); })},
        {"sampler", flag(o.sampler)},
        {"typed_elements", flag(o.typed_elements)},
        {"selectors", selectors(o.selectors)},
        {"not_negated", flag(o.not_negated)}};
  }
  std::string operand(const OperandSpec& o) { return render(operandFields(o), operandFields(OperandSpec{})); }
  std::string selectors(std::span<const std::string_view> s) {
    std::string l = list(s.data(), s.size(), "std::string_view", [&](std::string_view v) { return text(v); });
    return l == "{}" ? l : "std::span<const std::string_view>" + l;
  }
  std::vector<Field> constraintFields(const Constraint& c) {
    auto row = [&](const std::pair<Values, Values>& r) {
      return "{Values" + values(r.first) + ", Values" + values(r.second) + "}";
    };
    return std::vector<Field>{{"kind", enumValue(c.kind, "Constraint::Kind")},
                              {"a", text(c.a)},
                              {"b", text(c.b)},
                              {"rows", list(c.rows, "std::pair<Values, Values>", row)},
                              {"when", conditions(c.when)},
                              {"needed", text(c.needed)},
                              {"insert_after", text(c.insert_after)},
                              {"other", text(c.other)},
                              {"then", condition(c.then)},
                              {"why", text(c.why)}};
  }
  std::string constraint(const Constraint& c) { return render(constraintFields(c), constraintFields(Constraint{})); }
  std::vector<Field> noteFields(const FeatureNote& n) {
    return std::vector<Field>{
        {"slot", text(n.slot)},
        {"when", conditions(n.when)},
        {"values", values(n.values)},
        {"operand", text(n.operand)},
        {"operand_is_sink", flag(n.operand_is_sink)},
        {"introduced", version(n.introduced)},
        {"targets", list(n.targets, "TargetRequirement", [&](const TargetRequirement& t) { return target(t); })},
        {"advisory", flag(n.advisory)},
        {"family_from", version(n.family_from)},
        {"on_predicate", flag(n.on_predicate)}};
  }
  std::string note(const FeatureNote& n) { return render(noteFields(n), noteFields(FeatureNote{})); }
  std::string removal(const Removal& r) {
    return "{" + version(r.from) + ", " + std::to_string(r.sm) + ", " + text(r.what) + ", " + text(r.note) + ", " +
           text(r.insert) + "}";
  }
  std::vector<Field> entryFields(const InstructionSpec& s) {
    return std::vector<Field>{
        {"section", text(s.section)},
        {"syntax", text(s.syntax)},
        {"opcode", text(s.opcode)},
        {"qualifiers", list(s.qualifiers, "QualifierSlot", [&](const QualifierSlot& q) { return qualifier(q); })},
        {"operands", list(s.operands, "OperandSpec", [&](const OperandSpec& o) { return operand(o); })},
        {"constraints", list(s.constraints, "Constraint", [&](const Constraint& c) { return constraint(c); })},
        {"introduced", version(s.introduced)},
        {"target", target(s.target)},
        {"notes", list(s.notes, "FeatureNote", [&](const FeatureNote& n) { return note(n); })},
        {"removed", removal(s.removed)}};
  }
  std::string entry(const InstructionSpec& s) { return render(entryFields(s), entryFields(InstructionSpec{})); }

  const std::string& definitions() const { return definitions_; }

 private:
  // `{.a = ..., .b = ...}` with the fields that differ from the defaults.
  static std::string render(const std::vector<Field>& written, const std::vector<Field>& defaults) {
    std::string out = "{";
    for (std::size_t i = 0; i < written.size(); ++i) {
      if (written[i].second == defaults[i].second) continue;
      if (out.size() > 1) out += ", ";
      out += ".";
      out += written[i].first;
      out += " = ";
      out += written[i].second;
    }
    return out + "}";
  }

  bool inline_lists_;
  std::string prefix_;
  std::unordered_map<std::string, std::string> names_;
  std::string definitions_;
};

std::string_view firstWord(std::string_view name) { return name.substr(0, name.find('.')); }

std::vector<std::string_view> splitName(std::string_view name) {
  std::vector<std::string_view> words;
  std::size_t begin = 0;
  for (;;) {
    std::size_t dot = name.find('.', begin);
    words.push_back(name.substr(begin, dot - begin));
    if (dot == std::string_view::npos) break;
    begin = dot + 1;
  }
  return words;
}

std::vector<std::string_view> opcodesOf(const FamilyInfo& family) {
  std::vector<std::string_view> out;
  for (std::string_view rest = family.opcodes; !rest.empty();) {
    std::size_t space = rest.find(' ');
    out.push_back(rest.substr(0, space));
    if (space == std::string_view::npos) break;
    rest.remove_prefix(space + 1);
  }
  return out;
}

}  // namespace

std::vector<OpcodeNames> namesByOpcode(const std::vector<std::vector<InstructionSpec>>& families) {
  std::map<std::string_view, std::vector<std::size_t>> listing;  // opcode -> the families that list it
  for (std::size_t i = 0; i < families.size(); ++i) {
    for (std::string_view opcode : opcodesOf(kFamilies[i])) listing[opcode].push_back(i);
  }
  std::vector<OpcodeNames> out;
  for (const auto& [opcode, in_families] : listing) {
    OpcodeNames o{opcode, {}};
    auto nameOf = [&](std::vector<std::string_view> words) -> BuiltName& {
      for (BuiltName& n : o.names) {
        if (n.words == words) return n;
      }
      return o.names.emplace_back(BuiltName{std::move(words), {}});
    };
    for (std::string_view documented : kDocumentedNames) {
      if (firstWord(documented) == opcode) nameOf(splitName(documented));
    }
    for (std::size_t i : in_families) {
      for (std::size_t k = 0; k < families[i].size(); ++k) {
        if (firstWord(families[i][k].opcode) == opcode)
          nameOf(splitName(families[i][k].opcode)).entries.push_back({i, k});
      }
    }
    out.push_back(std::move(o));
  }
  return out;
}

namespace {

std::string familyArrayName(std::size_t i) {
  std::string name = "k";
  name += kFamilies[i].builder;
  return name;
}

// The names index (spec/families.h FrozenOpcode), after the families' arrays
// whose entries it points at.
std::string freezeNames(const std::vector<std::vector<InstructionSpec>>& families) {
  Writer w(/*inline_lists=*/false, "N");
  std::string opcodes;
  std::vector<OpcodeNames> all = namesByOpcode(families);
  for (const OpcodeNames& o : all) {
    std::string names = w.list(o.names.data(), o.names.size(), "FrozenName", [&](const BuiltName& n) {
      std::string words =
          w.list(n.words.data(), n.words.size(), "std::string_view", [&](std::string_view v) { return w.text(v); });
      std::string specs = w.list(n.entries.data(), n.entries.size(), "const InstructionSpec*",
                                 [&](const std::pair<std::size_t, std::size_t>& e) {
                                   std::string at = "&";
                                   at += familyArrayName(e.first);
                                   at += "[";
                                   at += std::to_string(e.second);
                                   at += "]";
                                   return at;
                                 });
      return "{.words = " + words + ", .specs = " + specs + "}";
    });
    opcodes += "    {" + w.text(o.opcode) + ", " + names + "},\n";
  }
  return w.definitions() + "constexpr FrozenOpcode kOpcodes[] = {\n" + opcodes + "};\n";
}

}  // namespace

std::string freezeTables(const std::vector<std::vector<InstructionSpec>>& families) {
  Writer w(/*inline_lists=*/false);
  std::string arrays;
  std::string spans;
  for (std::size_t i = 0; i < families.size(); ++i) {
    std::string entries;
    for (const InstructionSpec& s : families[i]) entries += "    " + w.entry(s) + ",\n";
    std::string name = familyArrayName(i);
    arrays += "// " + std::string(kFamilies[i].builder) + "(): " + std::to_string(families[i].size()) +
              " entries\nconstexpr InstructionSpec " + name + "[] = {\n" + entries + "};\n";
    spans += "    {" + name + ", " + std::to_string(families[i].size()) + "},\n";
  }
  return "// Generated by spec/freeze_tables.cpp from the builders of spec/sections.h:\n"
         "// do not edit (change the builders; the build writes this again).\n"
         "#include <cstdint>\n\n#include \"spec/families.h\"\n\nnamespace ptxlint::spec {\nnamespace {\n\n" +
         w.definitions() + "\n" + arrays + "\n" + freezeNames(families) +
         "\n}  // namespace\n\nconstinit const std::span<const InstructionSpec> kFrozenFamilies[kFamilyCount] = {\n" +
         spans +
         "};\nconstinit const std::span<const FrozenOpcode> kFrozenOpcodes = kOpcodes;\n\n"
         "}  // namespace ptxlint::spec\n";
}

std::string entryText(const InstructionSpec& entry) { return Writer(/*inline_lists=*/true).entry(entry); }

}  // namespace ptxlint::spec
