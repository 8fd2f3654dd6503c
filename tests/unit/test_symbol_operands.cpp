// Operands that take a name rather than a value (spec::OperandKind::Symbol:
// labels, functions, .branchtargets/.calltargets/.callprototype labels,
// registers by name) and parenthesised lists (OperandKind::List), judged by
// the one engine with the names the symbol pass resolved (9.7.12).
#include <catch2/catch.hpp>

#include <string>

#include "ptxlint/ptxlint.hpp"

namespace {

std::string module(std::string_view body) {
  return std::string(
             ".version 8.0\n.target sm_90\n.address_size 64\n"
             ".func (.param .b32 r) f(.param .b32 a)\n{\n    ret;\n}\n"
             ".visible .entry k()\n{\n    .reg .b32 %r<4>;\n    .reg .b64 %rd<4>;\n") +
         std::string(body) + "\n}\n";
}

// The messages of the errors ptxlint reports for `body` in a kernel.
std::vector<std::string> errors(std::string_view body) {
  std::vector<std::string> out;
  for (const ptxlint::Diagnostic& d : ptxlint::lint(module(body)).diagnostics) {
    if (d.severity == ptxlint::Severity::Error) out.push_back(std::string(d.code) + ": " + d.message);
  }
  return out;
}

}  // namespace

TEST_CASE("a Symbol operand takes a name of the kinds it allows", "[engine]") {
  CHECK(errors("L1: bra L1;").empty());
  CHECK(errors("T: .branchtargets L1; L1: brx.idx %r1, T;").empty());
  CHECK(errors("call (%r1), f, (%r2);").empty());
  CHECK(errors("P: .callprototype (.param .b32 _) _ (.param .b32 _); call (%r1), %rd1, (%r2), P;").empty());
  CHECK(errors("C: .calltargets f; call (%r1), %rd1, (%r2), C;").empty());
}

TEST_CASE("a Symbol operand refuses values and names of another kind", "[engine]") {
  using V = std::vector<std::string>;
  CHECK(errors("bra %r1;") == V{"PL3007: 'tgt' must be a label; '%r1' is a register"});
  CHECK(errors("bra 4;") == V{"PL3007: 'tgt' must be a label"});
  CHECK(errors("bra f;") == V{"PL3007: 'tgt' must be a label; 'f' is a function"});
  CHECK(errors("T: .branchtargets L1; L1: bra T;") ==
        V{"PL3007: 'tgt' must be a label; 'T' is a .branchtargets label"});
  CHECK(errors("L1: brx.idx %r1, L1;") ==
        V{"PL3007: 'tlist' must be the label of a .branchtargets directive; 'L1' is a label"});
  CHECK(errors("L1: call L1;") == V{"PL3007: 'func' must be a function name; 'L1' is a label"});
}

TEST_CASE("an undeclared name is the symbol pass's finding, not the engine's", "[engine]") {
  std::vector<std::string> e = errors("bra nowhere;");
  REQUIRE(e.size() == 1);
  CHECK(e[0].rfind("PL2010", 0) == 0);
}

TEST_CASE("a List operand is a parenthesised list of scalar operands", "[engine]") {
  using V = std::vector<std::string>;
  CHECK(errors("call (%r1), f, %r2;") == V{"PL3007: 'param-list' must be a list in parentheses, such as (%r1, %r2)"});
  CHECK(errors("call (%r1), f, ({%r1, %r2});") ==
        V{"PL3007: the elements of 'param-list' are registers, constants or .param variables"});
}

TEST_CASE("a call gives as many results and arguments as its callee or prototype has", "[engine]") {
  using V = std::vector<std::string>;
  CHECK(errors("call f, (%r1);") ==
        V{"PL3006: 'f' has 1 result and 1 parameter; the call gives 0 results and 1 argument"});
  CHECK(errors("call (%r1), f, (%r1, %r2);") ==
        V{"PL3006: 'f' has 1 result and 1 parameter; the call gives 1 result and 2 arguments"});
  CHECK(errors("P: .callprototype _ (); call (%r1), %rd1, (%r2), P;") ==
        V{"PL3006: 'P' has 0 results and 0 parameters; the call gives 1 result and 1 argument"});
  CHECK(errors("C: .calltargets f; call %rd1, C;") ==
        V{"PL3006: 'C' has 1 result and 1 parameter; the call gives 0 results and 0 arguments"});
}
