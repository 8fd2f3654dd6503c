// PTX ISA 9.7.18 video instructions: 9.7.18.1 scalar (vadd, vsub, vabsdiff,
// vmin, vmax, vshl, vshr, vmad, vset) and 9.7.18.2 SIMD (vadd2 ... vset4)
// (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/9718_*). One
// entry per line of a syntax block. "The source and destination operands are
// all 32-bit registers. The type of each operand (.u32 or .s32) is specified
// in the instruction type"; the byte and half-word selectors are written on
// the operands (`a{.asel}`, `d.dsel`, `d{.mask}`).
#include <deque>
#include <string>

#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

InstructionSpec entry(std::string_view section, std::string_view syntax, std::string_view opcode,
                      std::vector<QualifierSlot> qualifiers, std::vector<OperandSpec> operands, PtxVersion introduced,
                      TargetRequirement target) {
  return spec::entry(section, syntax, opcode, std::move(qualifiers), std::move(operands), {}, introduced, target, {});
}

const Values kTypes = {".u32", ".s32"};
const Values kCmp = {".eq", ".ne", ".lt", ".le", ".gt", ".ge"};
// ".dsel = .asel = .bsel = { .b0, .b1, .b2, .b3, .h0, .h1 }", each optional.
const Values kScalarSelectors = {"", ".b0", ".b1", ".b2", ".b3", ".h0", ".h1"};
const Values kNoSelector = {""};

// Names built once: ".hxy" (x, y in 0..3) and ".bxyzw" (x, y, z, w in 0..7).
const Values& digitSelectors(char letter, int digits, int base) {
  static std::deque<std::string> storage;
  static Values halves, bytes;
  Values& out = letter == 'h' ? halves : bytes;
  if (!out.empty()) return out;
  out.push_back("");  // ".asel defaults to ...": the selector may be left out
  int total = 1;
  for (int i = 0; i < digits; ++i) total *= base;
  for (int n = 0; n < total; ++n) {
    std::string name = std::string(".") + letter;
    std::string tail;
    for (int i = 0, v = n; i < digits; ++i, v /= base) tail.insert(tail.begin(), static_cast<char>('0' + v % base));
    storage.push_back(name + tail);
    out.push_back(storage.back());
  }
  return out;
}
// ".asel = .bsel = { .hxy, where x,y are from { 0, 1, 2, 3 } }".
const Values& halfSelectors() {
  static const Values& v = digitSelectors('h', 2, 4);
  return v;
}
// ".asel = .bsel = .bxyzw, where x,y,z,w are from { 0, ..., 7 }".
const Values& byteSelectors() {
  static const Values& v = digitSelectors('b', 4, 8);
  return v;
}

OperandSpec sel(OperandSpec op, const Values& selectors) { return withSelectors(std::move(op), selectors); }

// 9.7.18.1.1 vadd, vsub, vabsdiff, vmin, vmax; 9.7.18.1.2 vshl, vshr;
// 9.7.18.1.4 vset: the three lines of the general format.
void scalar(std::vector<InstructionSpec>& specs, std::string_view section, std::string_view opcode,
            std::vector<QualifierSlot> qualifiers, std::string_view syntax_plain, std::string_view syntax_op2,
            std::string_view syntax_merge, bool is_set) {
  // "vset ... the intermediate result of the comparison is always unsigned,
  // and therefore destination d and operand c are also unsigned".
  auto dest = [&](const Values& selectors) {
    OperandSpec d = is_set ? destOfType("d", ".u32") : typedDest("d", ".dtype");
    return sel(std::move(d), selectors);
  };
  OperandSpec c = is_set ? valueOfType("c", ".u32") : typedValue("c", ".dtype");
  std::vector<OperandSpec> sources = {sel(typedValue("a", ".atype"), kScalarSelectors),
                                      sel(typedValue("b", ".btype"), kScalarSelectors)};
  // Only vmad writes `{-}a` (ptxas 13.0: "Operand negation not allowed").
  c.not_negated = true;
  for (OperandSpec& s : sources) s.not_negated = true;
  const TargetRequirement sm20 = TargetRequirement::atLeast(20);
  // "// 32-bit scalar operation, with optional secondary operation"
  std::vector<OperandSpec> plain = {dest(kNoSelector)};
  plain.insert(plain.end(), sources.begin(), sources.end());
  specs.push_back(entry(section, syntax_plain, opcode, qualifiers, plain, {2, 0}, sm20));
  std::vector<QualifierSlot> with_op2 = qualifiers;
  with_op2.push_back(required(".op2", {".add", ".min", ".max"}));
  std::vector<OperandSpec> op2 = plain;
  op2.push_back(c);
  specs.push_back(entry(section, syntax_op2, opcode, with_op2, op2, {2, 0}, sm20));
  // "// 32-bit scalar operation, with optional data merge": d.dsel (ptxas
  // 13.0 also takes d without .dsel, "Video selector is not allowed on
  // destination" only without c).
  std::vector<OperandSpec> merge = {dest(kScalarSelectors)};
  merge.insert(merge.end(), sources.begin(), sources.end());
  merge.push_back(c);
  specs.push_back(entry(section, syntax_merge, opcode, qualifiers, merge, {2, 0}, sm20));
}

std::vector<QualifierSlot> threeTypes(const Values& btypes = kTypes) {
  return {ordered(required(".dtype", kTypes)), ordered(required(".atype", kTypes)),
          ordered(required(".btype", btypes))};
}

// 9.7.18.2: "// SIMD instruction with secondary SIMD merge operation" and
// "// SIMD instruction with secondary accumulate operation".
void simd(std::vector<InstructionSpec>& specs, std::string_view section, std::string_view opcode, bool four,
          bool is_set) {
  // ".mask = { .h0, .h1, .h10 }"; ".mask = { .b0, .b1, .b10 .b2, .b20, .b21,
  // .b210, .b3, .b30, .b31, .b310, .b32, .b320, .b321, .b3210 }"; each
  // "defaults to" the full mask when left out.
  static const Values kMask4 = {"",    ".b0",  ".b1",  ".b10",  ".b2",  ".b20",  ".b21",  ".b210",
                                ".b3", ".b30", ".b31", ".b310", ".b32", ".b320", ".b321", ".b3210"};
  static const Values kMask2 = {"", ".h0", ".h1", ".h10"};
  const Values& mask = four ? kMask4 : kMask2;
  const Values& selectors = four ? byteSelectors() : halfSelectors();
  std::vector<QualifierSlot> q;
  if (is_set) {
    q = {ordered(required(".atype", kTypes)), ordered(required(".btype", kTypes)), required(".cmp", kCmp)};
  } else {
    q = threeTypes();
  }
  // SIMD operands are registers (ptxas 13.0: "Incorrect video selector" for
  // a constant).
  OperandSpec d = is_set ? destOfType("d", ".u32") : typedDest("d", ".dtype");
  OperandSpec c = is_set ? typed("c", {}) : typed("c", ".dtype");
  if (is_set) c.fixed_type = ".u32";
  std::vector<OperandSpec> ops = {sel(d, mask), sel(typed("a", ".atype"), selectors),
                                  sel(typed("b", ".btype"), selectors), sel(c, kNoSelector)};
  std::string_view merge_syntax = is_set ? (four ? "vset4.atype.btype.cmp d{.mask}, a{.asel}, b{.bsel}, c"
                                                 : "vset2.atype.btype.cmp d{.mask}, a{.asel}, b{.bsel}, c")
                                         : (four ? "vop4.dtype.atype.btype{.sat} d{.mask}, a{.asel}, b{.bsel}, c"
                                                 : "vop2.dtype.atype.btype{.sat} d{.mask}, a{.asel}, b{.bsel}, c");
  std::string_view add_syntax = is_set ? (four ? "vset4.atype.btype.cmp.add d{.mask}, a{.asel}, b{.bsel}, c"
                                               : "vset2.atype.btype.cmp.add d{.mask}, a{.asel}, b{.bsel}, c")
                                       : (four ? "vop4.dtype.atype.btype.add d{.mask}, a{.asel}, b{.bsel}, c"
                                               : "vop2.dtype.atype.btype.add d{.mask}, a{.asel}, b{.bsel}, c");
  // "Introduced in PTX ISA version 3.0"; "require sm_30 or higher".
  const TargetRequirement sm30 = TargetRequirement::atLeast(30);
  std::vector<QualifierSlot> merge = q;
  // "{.sat}" (not in vset2/vset4's syntax; "Saturation cannot be used with
  // the secondary accumulate operation").
  if (!is_set) merge.push_back(optional(".sat", {".sat"}));
  specs.push_back(entry(section, merge_syntax, opcode, merge, ops, {3, 0}, sm30));
  std::vector<QualifierSlot> add = q;
  add.push_back(required(".add", {".add"}));
  specs.push_back(entry(section, add_syntax, opcode, add, ops, {3, 0}, sm30));
}

}  // namespace

std::vector<InstructionSpec> videoSpecs() {
  std::vector<InstructionSpec> specs;
  // 9.7.18.1.1: "vop.dtype.atype.btype{.sat} d, a{.asel}, b{.bsel};
  // vop.dtype.atype.btype{.sat}.op2 d, a{.asel}, b{.bsel}, c;
  // vop.dtype.atype.btype{.sat} d.dsel, a{.asel}, b{.bsel}, c"; "Introduced
  // in PTX ISA version 2.0"; "require sm_20 or higher".
  for (std::string_view vop : {"vadd", "vsub", "vabsdiff", "vmin", "vmax"}) {
    std::vector<QualifierSlot> q = threeTypes();
    q.push_back(optional(".sat", {".sat"}));
    scalar(specs, "9.7.18.1.1", vop, q, "vop.dtype.atype.btype{.sat} d, a{.asel}, b{.bsel}",
           "vop.dtype.atype.btype{.sat}.op2 d, a{.asel}, b{.bsel}, c",
           "vop.dtype.atype.btype{.sat} d.dsel, a{.asel}, b{.bsel}, c", false);
  }
  // 9.7.18.1.2: "vop.dtype.atype.u32{.sat}.mode d, a{.asel}, b{.bsel}";
  // ".mode = { .clamp, .wrap }".
  for (std::string_view vop : {"vshl", "vshr"}) {
    std::vector<QualifierSlot> q = threeTypes({".u32"});
    q.push_back(optional(".sat", {".sat"}));
    q.push_back(required(".mode", {".clamp", ".wrap"}));
    scalar(specs, "9.7.18.1.2", vop, q, "vop.dtype.atype.u32{.sat}.mode d, a{.asel}, b{.bsel}",
           "vop.dtype.atype.u32{.sat}.mode.op2 d, a{.asel}, b{.bsel}, c",
           "vop.dtype.atype.u32{.sat}.mode d.dsel, a{.asel}, b{.bsel}, c", false);
  }
  // 9.7.18.1.3 vmad: "vmad.dtype.atype.btype{.sat}{.scale} d, {-}a{.asel},
  // {-}b{.bsel}, {-}c; vmad.dtype.atype.btype.po{.sat}{.scale} d, a{.asel},
  // b{.bsel}, c"; ".scale = { .shr7, .shr15 }".
  {
    std::vector<QualifierSlot> q = threeTypes();
    q.push_back(optional(".sat", {".sat"}));
    q.push_back(optional(".scale", {".shr7", ".shr15"}));
    std::vector<OperandSpec> ops = {sel(typedDest("d", ".dtype"), kNoSelector),
                                    sel(typedValue("a", ".atype"), kScalarSelectors),
                                    sel(typedValue("b", ".btype"), kScalarSelectors), typedValue("c", ".dtype")};
    specs.push_back(entry("9.7.18.1.3", "vmad.dtype.atype.btype{.sat}{.scale} d, {-}a{.asel}, {-}b{.bsel}, {-}c",
                          "vmad", q, ops, {2, 0}, TargetRequirement::atLeast(20)));
    q.push_back(required(".po", {".po"}));
    // "Source operands may not be negated in .po mode".
    for (std::size_t i = 1; i < ops.size(); ++i) ops[i].not_negated = true;
    specs.push_back(entry("9.7.18.1.3", "vmad.dtype.atype.btype.po{.sat}{.scale} d, a{.asel}, b{.bsel}, c", "vmad", q,
                          ops, {2, 0}, TargetRequirement::atLeast(20)));
  }
  // 9.7.18.1.4 vset: "vset.atype.btype.cmp d, a{.asel}, b{.bsel}" (no .sat).
  scalar(specs, "9.7.18.1.4", "vset",
         {ordered(required(".atype", kTypes)), ordered(required(".btype", kTypes)), required(".cmp", kCmp)},
         "vset.atype.btype.cmp d, a{.asel}, b{.bsel}", "vset.atype.btype.cmp.op2 d, a{.asel}, b{.bsel}, c",
         "vset.atype.btype.cmp d.dsel, a{.asel}, b{.bsel}, c", true);
  for (std::string_view vop : {"vadd2", "vsub2", "vavrg2", "vabsdiff2", "vmin2", "vmax2"}) {
    simd(specs, "9.7.18.2.1", vop, false, false);
  }
  simd(specs, "9.7.18.2.2", "vset2", false, true);
  for (std::string_view vop : {"vadd4", "vsub4", "vavrg4", "vabsdiff4", "vmin4", "vmax4"}) {
    simd(specs, "9.7.18.2.3", vop, true, false);
  }
  simd(specs, "9.7.18.2.4", "vset4", true, true);
  return specs;
}

}  // namespace ptxlint::spec
