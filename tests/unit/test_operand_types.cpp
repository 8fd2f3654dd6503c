// The operand type rules of 9.4 (Table 26) that every typed operand of the
// instruction tables follows.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "helpers.h"
#include "ptxlint/ptxlint.hpp"
#include "spec/spec.h"

using ptxlint::spec::typesAgree;
using ptxlint::spec::widenedType;

TEST_CASE("Table 26: bit-size types agree with any type of their size (9.4)", "[spec]") {
  CHECK(typesAgree(".b32", ".f32"));
  CHECK(typesAgree(".f32", ".b32"));
  CHECK(typesAgree(".u64", ".b64"));
  CHECK(typesAgree(".b16", ".f16"));
  CHECK(typesAgree(".f16x2", ".b32"));
  CHECK_FALSE(typesAgree(".b32", ".b64"));
  CHECK_FALSE(typesAgree(".b32", ".pred"));
}

TEST_CASE("Table 26: signed and unsigned integers agree, floating point only with itself (9.4)", "[spec]") {
  CHECK(typesAgree(".s32", ".u32"));
  CHECK(typesAgree(".u16", ".s16"));
  CHECK_FALSE(typesAgree(".s32", ".f32"));
  CHECK_FALSE(typesAgree(".f32", ".u32"));
  CHECK_FALSE(typesAgree(".f16", ".u16"));
  CHECK_FALSE(typesAgree(".bf16", ".f16"));
  CHECK_FALSE(typesAgree(".f32", ".f16x2"));
  CHECK_FALSE(typesAgree(".u32", ".f16x2"));
  CHECK(typesAgree(".pred", ".pred"));
}

TEST_CASE("packed integer types agree with bit-size registers only", "[spec]") {
  CHECK(typesAgree(".u16x2", ".b32"));
  CHECK_FALSE(typesAgree(".u16x2", ".u32"));
  CHECK_FALSE(typesAgree(".s16x2", ".s32"));
  CHECK(typesAgree(".f32x2", ".b64"));
  CHECK_FALSE(typesAgree(".f32x2", ".f64"));
}

TEST_CASE(".wide doubles the type (9.7.1.3)", "[spec]") {
  CHECK(widenedType(".s32") == ".s64");
  CHECK(widenedType(".u16") == ".u32");
  CHECK(widenedType(".s64").empty());
}

// The engine concepts the conversion tables (9.7.9.19-9.7.9.24) added.
namespace {
std::vector<std::string> codesOf(std::string_view version, std::string_view target, std::string_view body) {
  std::string text = std::string(".version ") + std::string(version) + "\n.target " + std::string(target) +
                     "\n.address_size 64\n.visible .entry k()\n{\n" + std::string(body) + "\n}\n";
  std::vector<std::string> codes;
  for (const ptxlint::Diagnostic& d : ptxlint::lint(text).diagnostics) codes.emplace_back(d.code);
  return codes;
}
}  // namespace

TEST_CASE("9.4.1: a register of the instruction's own type agrees with the relaxed sizes", "[spec]") {
  // .f16x2 is neither a bit-size nor a scalar floating-point register: Tables
  // 27/28 do not list it, yet it is the type itself.
  CHECK(codesOf("8.0", "sm_90", ".reg .f16x2 %x;\n.reg .f32 %f<2>;\ncvt.rn.f16x2.f32 %x, %f0, %f1;").empty());
  CHECK(codesOf("8.0", "sm_90", ".reg .u32 %u;\n.reg .f32 %f<2>;\ncvt.rn.f16x2.f32 %u, %f0, %f1;") ==
        std::vector<std::string>{"PL3009"});
}

TEST_CASE("a note's target may be accepted only from a .version", "[spec]") {
  using ptxlint::spec::TargetRequirement;
  TargetRequirement r = TargetRequirement::atLeast(89).fromVersion({8, 1});
  CHECK(r.describe() == "sm_89 or higher from PTX ISA 8.1");
  CHECK(TargetRequirement::atLeast(89).describe() == "sm_89 or higher");
  // "cvt with .e4m3x2/.e5m2x2 for sm_90 or higher introduced in PTX ISA version
  // 7.8 ... for sm_89 introduced in PTX ISA version 8.1".
  std::string_view fp8 = ".reg .b16 %h;\n.reg .f32 %f<2>;\ncvt.rn.satfinite.e4m3x2.f32 %h, %f0, %f1;";
  CHECK(codesOf("7.8", "sm_90", fp8).empty());
  CHECK(codesOf("8.1", "sm_89", fp8).empty());
  CHECK(codesOf("8.0", "sm_89", fp8) == std::vector<std::string>{"PL4003"});
}

TEST_CASE("a block that reads the types out of operand order is the worse fit", "[spec]") {
  // cvt.rni.sat.s32.bf16 breaks a rule of the .bf16 -> integer entry (.sat);
  // the integer -> .bf16 entry would take the types only in the other order.
  std::vector<std::string> codes =
      codesOf("8.0", "sm_90", ".reg .b16 %h;\n.reg .s32 %s;\ncvt.rni.sat.s32.bf16 %s, %h;");
  CHECK(codes == std::vector<std::string>{"PL3012"});
}

TEST_CASE("the bit bucket '_' stands only for operands marked orSink (9.7.13.5 atom)", "[spec]") {
  using ptxlint::test::codes;
  using ptxlint::test::inKernel;
  const ptxlint::spec::OperandSpec d = ptxlint::spec::orSink(ptxlint::spec::typedDest("d"));
  CHECK(d.sink_allowed);
  CHECK(d.destination);
  CHECK_FALSE(ptxlint::spec::typedDest("d").sink_allowed);
  // "Simple reductions may be specified by using the bit bucket destination operand _."
  auto atom = ptxlint::lint(inKernel(".reg .b32 %r<3>;\n.reg .b64 %rd<3>;\natom.global.add.u32 _, [%rd1], %r2;\nret;"));
  CHECK(codes(atom.diagnostics).empty());
  // An operand without it: '_' is no register.
  auto add = ptxlint::lint(inKernel(".reg .b32 %r<3>;\nadd.u32 _, %r1, %r2;\nret;"));
  CHECK(codes(add.diagnostics) == std::vector<std::string>{"PL3007"});
}
