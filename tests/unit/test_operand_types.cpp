// The operand type rules of 9.4 (Table 26) that every typed operand of the
// instruction tables follows.
#include <catch2/catch.hpp>

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
