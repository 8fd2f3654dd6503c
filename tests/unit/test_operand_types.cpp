// The operand type rules of 9.4 (Table 26) that every typed operand of the
// instruction tables follows.
#include <catch2/catch.hpp>

#include "helpers.h"
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

TEST_CASE("the bit bucket '_' stands only for operands marked orSink (9.7.13.5 atom)", "[spec]") {
  using ptxlint::test::codes;
  using ptxlint::test::inKernel;
  const ptxlint::spec::OperandSpec d = ptxlint::spec::orSink(ptxlint::spec::typedDest("d"));
  CHECK(d.sink);
  CHECK(d.destination);
  CHECK_FALSE(ptxlint::spec::typedDest("d").sink);
  // "Simple reductions may be specified by using the bit bucket destination operand _."
  auto atom = ptxlint::lint(inKernel(".reg .b32 %r<3>;\n.reg .b64 %rd<3>;\natom.global.add.u32 _, [%rd1], %r2;\nret;"));
  CHECK(codes(atom.diagnostics).empty());
  // An operand without it: '_' is no register.
  auto add = ptxlint::lint(inKernel(".reg .b32 %r<3>;\nadd.u32 _, %r1, %r2;\nret;"));
  CHECK(codes(add.diagnostics) == std::vector<std::string>{"PL3007"});
}
