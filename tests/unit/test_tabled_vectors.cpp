// Vector operands whose length (and element type) a table of qualifier
// combinations gives (OperandSpec::lengths), and predicates that may be
// written as a constant (predicateOrConstant): the engine's general
// concepts, exercised through entries that use them (ldmatrix, wgmma).
#include <catch2/catch.hpp>

#include <string>

#include "ptxlint/ptxlint.hpp"

namespace {

std::vector<std::string> messages(std::string_view body, std::string_view target = "sm_90a") {
  std::string text = ".version 8.4\n.target " + std::string(target) +
                     "\n.address_size 64\n.visible .entry k()\n{\n"
                     ".reg .pred %p<3>; .reg .b32 %r<9>; .reg .s32 %s<9>; .reg .f32 %f<9>; .reg .b64 %rd<5>;\n" +
                     std::string(body) + "\nret;\n}\n";
  std::vector<std::string> out;
  for (const ptxlint::Diagnostic& d : ptxlint::lint(text).diagnostics) {
    if (d.severity == ptxlint::Severity::Error) out.push_back(std::string(d.code) + ": " + d.message);
  }
  return out;
}

}  // namespace

TEST_CASE("a tabled vector's length follows the row that holds", "[engine]") {
  CHECK(messages("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r1, %r2}, [%rd1];").empty());
  CHECK(messages("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r1, %r2}, [%rd1];") ==
        std::vector<std::string>{"PL3007: 'r' has 2 elements; '.m8n8.x4' needs 4"});
  CHECK(messages("ldmatrix.sync.aligned.m8n8.x1.shared.b16 %r1, [%rd1];") ==
        std::vector<std::string>{"PL3007: 'r' must be a vector of 1 register {...} here"});
  // The length is a function of two qualifiers: .shape x .dtype.
  CHECK(messages("wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, "
                 "%rd1, %rd2, %p1, 1, 1, 0, 0;")
            .empty());
  CHECK(messages("wgmma.mma_async.sync.aligned.m64n16k16.f16.f16.f16 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, "
                 "%rd1, %rd2, %p1, 1, 1, 0, 0;")
            .size() == 2);  // 4 .f16x2 registers, not 8 .f32 ones
}

TEST_CASE("a tabled vector's elements: type, sinks, constants, mixed types", "[engine]") {
  CHECK(messages("wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 {%f1, %f2, %f3, %f4}, %rd1, %rd2, %p1;") ==
        std::vector<std::string>{"PL3009: 'd' takes .s32 registers here; '%f1' is declared .f32"});
  CHECK(messages("ldmatrix.sync.aligned.m8n8.x2.b16 {%r1, _}, [%rd1];").empty());
  CHECK(messages("ldmatrix.sync.aligned.m8n8.x2.b16 {_, _}, [%rd1];") ==
        std::vector<std::string>{"PL3007: 'r' needs at least one register among its elements"});
  CHECK(messages("stmatrix.sync.aligned.m8n8.x2.b16 [%rd1], {%r1, _};") ==
        std::vector<std::string>{"PL3007: the sink '_' cannot stand for an element of 'r'"});
  CHECK(messages("stmatrix.sync.aligned.m8n8.x2.b16 [%rd1], {%r1, 1};").empty());
  CHECK(messages("ldmatrix.sync.aligned.m8n8.x2.b16 {%r1, 1}, [%rd1];") ==
        std::vector<std::string>{"PL3007: 'r' is a destination: its elements are registers, not constants"});
  CHECK(
      messages("stmatrix.sync.aligned.m8n8.x2.b16 [%rd1], {%s1, %f1};") ==
      std::vector<std::string>{"PL3009: the elements of 'r' have different types: '%s1' is declared .s32, '%f1' .f32"});
  CHECK(messages("stmatrix.sync.aligned.m8n8.x4.b16 [%rd1], {%s1, %r1, %f1, %f2};").empty());
}

TEST_CASE("a predicate that may be written as one of a few constants", "[engine]") {
  std::string_view form = "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, ";
  CHECK(messages(std::string(form) + "%p1, 1, 1, 0, 0;").empty());
  CHECK(messages(std::string(form) + "!%p1, 1, 1, 0, 0;").empty());
  CHECK(messages(std::string(form) + "0, 1, 1, 0, 0;").empty());
  CHECK(messages(std::string(form) + "2, 1, 1, 0, 0;") ==
        std::vector<std::string>{"PL3008: 'scale-d' must be a predicate register or one of the constants 0, 1"});
  CHECK(messages(std::string(form) + "%r1, 1, 1, 0, 0;") ==
        std::vector<std::string>{"PL3009: 'scale-d' must be a .pred register; '%r1' is declared .b32"});
}
