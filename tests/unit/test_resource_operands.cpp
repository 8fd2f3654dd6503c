// General operand concepts of the texture, surface and video tables: a
// destination vector with a predicate {d0, ...}|p (9.7.10.3), coordinate
// vectors whose length depends on a qualifier, resource addresses [a, {b,} c],
// typed vector elements, selectors written on registers (%r1.b0, 9.7.18) and
// operands that may not be negated.
#include <catch2/catch.hpp>

#include <algorithm>

#include "helpers.h"
#include "parse/fast_lexer.h"

using namespace ptxlint::test;
using namespace ptxlint;

namespace {

const char* kHeader =
    ".version 8.0\n.target sm_90\n.address_size 64\n.global .texref t;\n.global .surfref s;\n"
    ".visible .entry k()\n{\n.reg .b32 %r<8>;\n.reg .f32 %f<8>;\n.reg .b64 %rd<4>;\n.reg .pred %p<2>;\n";

std::vector<std::string> lintCodes(const std::string& body) {
  std::string text = std::string(kHeader) + body + "\n}\n";
  return codes(ptxlint::lint(text).diagnostics);
}

bool has(const std::vector<std::string>& cs, std::string_view code) {
  return std::find(cs.begin(), cs.end(), code) != cs.end();
}

}  // namespace

TEST_CASE("a vector destination with a predicate {d0, ...}|p parses and prints (9.7.10.3)", "[parser]") {
  Parsed p = parseText(inKernel("tex.1d.v4.f32.s32 {%f1, %f2, %f3, _}|%p1, [t, {%r1}];\n"));
  REQUIRE(p.diagnostics.empty());
  const auto& in = kernelNode<ast::Instruction>(p, 0);
  REQUIRE(in.operands[0].kind == ast::OperandKind::Vector);
  CHECK(in.operands[0].elements.size() == 4);
  CHECK(in.operands[0].second.text == "%p1");
  std::string printed = ast::printModule(p.module);
  CHECK(printed.find("}|%p1") != std::string::npos);
  CHECK(parse::lexTokens(printed) == parse::lexTokens(p.text));
}

TEST_CASE("coordinate vectors take the element counts of the geometry", "[sema]") {
  CHECK(lintCodes("tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [t, {%f5, %f6}];").empty());
  CHECK(lintCodes("tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [t, {%f5, %f6, %f7, %f0}];").empty());
  CHECK(has(lintCodes("tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [t, {%f5}];"), "PL3007"));
  CHECK(lintCodes("suld.b.1d.b32.trap %r1, [s, %r2];").empty());  // a scalar where one element is taken
  CHECK(has(lintCodes("suld.b.2d.b32.trap %r1, [s, %r2];"), "PL3007"));
}

TEST_CASE("coordinate elements follow Table 26, an array index is .u32", "[sema]") {
  CHECK(has(lintCodes("tex.1d.v4.f32.s32 {%f1, %f2, %f3, %f4}, [t, {%f5}];"), "PL3009"));
  CHECK(lintCodes("tex.a1d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [t, {%r1, %f5}];").empty());
  CHECK(has(lintCodes("tex.a1d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [t, {%f6, %f5}];"), "PL3009"));
}

TEST_CASE("resource addresses: handle, optional sampler, coordinates", "[sema]") {
  CHECK(lintCodes("tex.1d.v4.f32.s32 {%f1, %f2, %f3, %f4}, [%rd1, {%r1}];").empty());
  CHECK(has(lintCodes("suld.b.1d.b32.trap %r1, [%r3, {%r2}];"), "PL3009"));  // a 32-bit handle
  CHECK(has(lintCodes("suld.b.1d.b32.trap %r1, [s];"), "PL3006"));
  CHECK(has(lintCodes("suld.b.1d.b32.trap %r1, [s, %rd1, {%r2}];"), "PL3006"));  // no sampler on surfaces
}

TEST_CASE("typed vector elements and the predicate of a vector", "[sema]") {
  CHECK(has(lintCodes("tex.1d.v4.s32.s32 {%f1, %f2, %f3, %f4}, [t, {%r1}];"), "PL3009"));
  CHECK(lintCodes("tex.1d.v4.f32.s32 {%f1, %f2, %f3, %f4}|%p1, [t, {%r1}];").empty());
  CHECK(has(lintCodes("tex.1d.v4.f32.s32 {%f1, %f2, %f3, %f4}|%r1, [t, {%r1}];"), "PL3009"));
  CHECK(has(lintCodes("suld.b.1d.v2.b32.trap {%r1, %r2}|%p1, [s, {%r2}];"), "PL3007"));  // no |p here
}

TEST_CASE("selectors on register operands (9.7.18)", "[sema]") {
  CHECK(lintCodes("vadd.s32.u32.s32.sat %r1, %r2.b0, %r3.h1;").empty());
  CHECK(has(lintCodes("vadd.s32.u32.s32 %r1, %r2.h2, %r3;"), "PL3007"));
  CHECK(has(lintCodes("vadd.s32.u32.s32 %r1.h0, %r2, %r3;"), "PL3007"));  // no .dsel without c
  CHECK(lintCodes("vsub4.s32.s32.s32.sat %r1.b0, %r2.b3210, %r3.b7654, %r1;").empty());
  CHECK(has(lintCodes("vsub4.s32.s32.s32 %r1.b01, %r2, %r3, %r1;"), "PL3007"));
}

TEST_CASE("operands that may not be negated (9.7.18.1.3 .po)", "[sema]") {
  CHECK(lintCodes("vmad.s32.s32.u32.sat %r0, %r1, %r2, -%r3;").empty());
  CHECK(has(lintCodes("vmad.s32.s32.s32.po %r0, -%r1, %r2, %r3;"), "PL3007"));
}
