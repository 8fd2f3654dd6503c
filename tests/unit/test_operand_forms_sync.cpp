// General operand and block concepts of the instruction engine, each shown
// on one instruction that uses it: "d[|p]" (the predicate may be left out),
// where the sink may stand in "d|p", predicates that take a constant,
// constants that must be a multiple of a number or non-zero, and blocks
// removed from a PTX ISA version on (9.7.9.5 shfl, 9.7.13.8 vote).
#include <catch2/catch.hpp>

#include "helpers.h"

using ptxlint::lint;
using ptxlint::test::codes;

namespace {

std::vector<std::string> check(std::string_view body, std::string_view header = ".version 8.0\n.target sm_90\n") {
  std::string text = std::string(header) + ".address_size 64\n.visible .entry k()\n{\n" +
                     ".reg .b32 %r<4>;\n.reg .f32 %f<4>;\n.reg .b64 %rd<4>;\n.reg .pred %p<4>;\n" + std::string(body) +
                     "\nret;\n}\n";
  return codes(lint(text).diagnostics);
}

using Codes = std::vector<std::string>;

}  // namespace

TEST_CASE("d[|p]: the register alone or with a predicate (9.7.9.6)", "[engine]") {
  CHECK(check("shfl.sync.up.b32 %r1, %r2, 1, 0, -1;").empty());
  CHECK(check("shfl.sync.up.b32 %r1|%p1, %r2, 1, 0, -1;").empty());
  CHECK(check("shfl.sync.up.b32 %r1|_, %r2, 1, 0, -1;").empty());
  CHECK(check("shfl.sync.up.b32 %rd1|%p1, %r2, 1, 0, -1;") == Codes{"PL3009"});
  CHECK(check("shfl.sync.up.b32 %rd1, %r2, 1, 0, -1;") == Codes{"PL3009"});
  CHECK(check("shfl.sync.up.b32 %r1|%r2, %r2, 1, 0, -1;") == Codes{"PL3009"});
  CHECK(check("shfl.sync.up.b32 5, %r2, 1, 0, -1;") == Codes{"PL3007"});
}

TEST_CASE("d|p: where the sink may stand (9.7.9.6, 9.7.13.14)", "[engine]") {
  // shfl.sync: not for d; elect.sync: for d, not for p.
  CHECK(check("shfl.sync.up.b32 _|%p1, %r2, 1, 0, -1;") == Codes{"PL3007"});
  CHECK(check("shfl.sync.up.b32 _, %r2, 1, 0, -1;") == Codes{"PL3007"});
  CHECK(check("elect.sync _|%p1, -1;").empty());
  CHECK(check("elect.sync %r1|_, -1;") == Codes{"PL3007"});
  CHECK(check("elect.sync %r1, -1;") == Codes{"PL3007"});
}

TEST_CASE("a predicate operand that also takes an integer constant (9.7.13.1)", "[engine]") {
  CHECK(check("bar.red.popc.u32 %r1, 0, 1;").empty());
  CHECK(check("bar.red.popc.u32 %r1, 0, !%p1;").empty());
  CHECK(check("bar.red.popc.u32 %r1, 0, 1.0;") == Codes{"PL3008"});
  CHECK(check("bar.red.popc.u32 %r1, 0, %r2;") == Codes{"PL3009"});
  // A plain predicate still refuses constants.
  CHECK(check("vote.sync.all.pred 1, %p1, -1;") == Codes{"PL3007"});
}

TEST_CASE("constants that must be a multiple of a number, or non-zero (9.7.13.1)", "[engine]") {
  CHECK(check("bar.sync 0, 64;").empty());
  CHECK(check("bar.sync 0, 0;").empty());
  CHECK(check("bar.sync 0, %r1;").empty());
  CHECK(check("bar.sync 0, 48;") == Codes{"PL3008"});
  CHECK(check("bar.arrive 0, 32;").empty());
  CHECK(check("bar.arrive 0, 0;") == Codes{"PL3008"});
  CHECK(check("bar.arrive 0, 33;") == Codes{"PL3008"});
}

TEST_CASE("a block removed from a PTX ISA version on a target (9.7.9.5, 9.7.13.8)", "[engine]") {
  CHECK(check("shfl.up.b32 %r1, %r2, 1, 0;") == Codes{"PL4003"});
  CHECK(check("vote.any.pred %p1, %p2;") == Codes{"PL4003"});
  CHECK(check("shfl.up.b32 %r1, %r2, 1, 0;", ".version 6.3\n.target sm_75\n").empty());
  CHECK(check("vote.ballot.b32 %r1, %p2;", ".version 6.3\n.target sm_75\n").empty());
}

TEST_CASE("several leading qualifiers take the first places in table order (9.7.13.1)", "[engine]") {
  CHECK(check("bar.cta.red.popc.u32 %r1, 0, %p1;").empty());
  CHECK(check("bar.red.u32.popc %r1, 0, %p1;").empty());
  CHECK(check("bar.cta.popc.red.u32 %r1, 0, %p1;") == Codes{"PL3013"});
  CHECK(check("bar.sync.cta 0;") == Codes{"PL3013"});
  CHECK(check("mul.wide.s32 %rd1, %r1, %r2;").empty());
  CHECK(check("mul.s32.wide %rd1, %r1, %r2;") == Codes{"PL3013"});
}
