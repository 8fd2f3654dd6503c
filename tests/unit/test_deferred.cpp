// Deferred instructions (ast::DeferredInstruction): lint's streaming checks
// judge an instruction whose token shape was parsed before from its tokens
// and a cached verdict, without building its AST. Each case here gives two
// instructions of one shape that must be judged differently, and checks that
// the deferred path finds what checking every instruction anew finds, and
// that it was taken at all (Statistics::unbuilt_instructions).
#include <catch2/catch.hpp>

#include <cstdio>
#include <memory>
#include <string>

#include "helpers.h"
#include "ptxlint/ptxlint.hpp"
#include "sema/engine/verdict_cache.h"

namespace {

using ptxlint::test::fingerprint;

// The kernel `body` in a module for `target`, its first lines a warm-up that
// makes each shape below a cached one.
std::string kernel(const std::string& body, const std::string& target = "sm_90") {
  return ".version 8.0\n.target " + target +
         "\n.address_size 64\n"
         ".visible .entry k(.param .u32 k_p)\n{\n"
         "  .reg .pred %p<4>;\n  .reg .b32 %r<16>;\n  .reg .b64 %rd<8>;\n  .reg .f32 %f<8>;\n  .reg .f64 %fd<8>;\n" +
         body + "  ret;\n}\n";
}

// Checked with deferral (the default: streamed, verdicts cached) and anew
// (the whole module, every instruction checked); the two must agree.
ptxlint::Result lintBothWays(const std::string& text, bool show_unchecked = false) {
  ptxlint::Options deferred;
  deferred.show_unchecked = show_unchecked;
  ptxlint::Options anew = deferred;
  anew.streaming = false;
  anew.memoize_checks = false;
  ptxlint::Result a = ptxlint::lint(text, anew);
  ptxlint::Result b = ptxlint::lint(text, deferred);
  CHECK(fingerprint(b) == fingerprint(a));
  CHECK(a.stats.unbuilt_instructions == 0);
  return b;
}

std::size_t countMessages(const ptxlint::Result& r, const std::string& part) {
  std::size_t n = 0;
  for (const ptxlint::Diagnostic& d : r.diagnostics) n += d.message.find(part) != std::string::npos;
  return n;
}

}  // namespace

TEST_CASE("deferred instructions: repeated clean instructions are judged unbuilt", "[deferred]") {
  std::string body;
  for (int i = 0; i < 40; ++i) body += "  add.s32 %r1, %r2, %r3;\n  ld.param.u32 %r4, [k_p];\n";
  ptxlint::Result r = lintBothWays(kernel(body));
  CHECK(r.diagnostics.empty());
  CHECK(r.stats.instructions == 81);
  CHECK(r.stats.unbuilt_instructions >= 78);  // all but the first of each shape
}

TEST_CASE("deferred instructions: a register of another type gets its own verdict", "[deferred]") {
  ptxlint::Result r =
      lintBothWays(kernel("  add.s32 %r1, %r2, %r3;\n  add.s32 %r1, %r2, %r3;\n"
                          "  add.s32 %r1, %rd2, %r3;\n"));
  CHECK(countMessages(r, "'%rd2' is declared .b64") == 1);
  CHECK(r.stats.unbuilt_instructions >= 1);
}

TEST_CASE("deferred instructions: an undeclared name is reported", "[deferred]") {
  ptxlint::Result r =
      lintBothWays(kernel("  add.s32 %r1, %r2, %r3;\n  add.s32 %r1, %r2, %x9;\n"
                          "  add.s32 %r1, %x9, %r3;\n"));
  CHECK(countMessages(r, "use of undeclared identifier '%x9'") == 2);
}

TEST_CASE("deferred instructions: a guard that is no predicate is reported", "[deferred]") {
  ptxlint::Result r =
      lintBothWays(kernel("  @%p1 add.s32 %r1, %r2, %r3;\n  @%p1 add.s32 %r1, %r2, %r3;\n"
                          "  @%r5 add.s32 %r1, %r2, %r3;\n"));
  CHECK(countMessages(r, "guard '%r5' is a .b32 register") == 1);
}

TEST_CASE("deferred instructions: special registers are checked at every use, once", "[deferred]") {
  SECTION("a component the register lacks") {
    ptxlint::Result r =
        lintBothWays(kernel("  mov.u32 %r1, %tid.x;\n  mov.u32 %r1, %tid.x;\n"
                            "  mov.u32 %r1, %tid.q;\n"));
    CHECK(countMessages(r, "not '.q'") == 1);
  }
  SECTION("a register the target lacks, at each use") {
    ptxlint::Result r =
        lintBothWays(kernel("  mov.u32 %r1, %cluster_ctarank;\n  mov.u32 %r2, %cluster_ctarank;\n"
                            "  mov.u32 %r3, %cluster_ctarank;\n",
                            "sm_80"));
    CHECK(countMessages(r, "%cluster_ctarank") == 3);
  }
}

TEST_CASE("deferred instructions: a name declared after its use gets its own verdict", "[deferred]") {
  // 9.7.12.4 brx.idx: the .branchtargets list must be declared before the
  // instruction. The two brx.idx read the same but for that (the labels are
  // local to each kernel).
  std::string text = ".version 8.0\n.target sm_90\n.address_size 64\n";
  for (bool before : {true, false}) {
    text += std::string(".visible .entry k") + (before ? "1" : "2") +
            "(.param .u32 k_p)\n{\n  .reg .b32 %r<4>;\n  ld.param.u32 %r1, [k_p];\n";
    if (before) text += "ts1: .branchtargets L1, L2;\n";
    text += "  brx.idx %r1, ts1;\n";
    if (!before) text += "ts1: .branchtargets L1, L2;\n";
    text += "L1:\n  ret;\nL2:\n  ret;\n}\n";
  }
  ptxlint::Result r = lintBothWays(text);
  CHECK(countMessages(r, "'ts1' (a .branchtargets label) is used before it is declared") == 1);
  CHECK(r.stats.unbuilt_instructions >= 1);
}

TEST_CASE("deferred instructions: unknown instructions are each reported", "[deferred]") {
  // Reused shapes get no remembered verdict when it has a finding (PL3014).
  ptxlint::Result r = lintBothWays(
      kernel("  frobnicate.u32 %r1, %r2;\n  frobnicate.u32 %r1, %r2;\n  frobnicate.u32 %r3, %r4;\n"), true);
  CHECK(r.stats.unchecked == 0);
  CHECK(countMessages(r, "unknown instruction 'frobnicate'") == 3);
}

// Integer literals are left out of a verdict's key when the check read none
// of their values (support/value_reads.h): `mov.u32 %r1, 7` and `mov.u32
// %r1, 8` share one verdict, but a slot that bounds its constants (a range,
// a list, a multiple), an immediate operand and a deviation that reads a
// value each get a verdict per value. Each pair: a clean instruction warmed
// up, then the same with a value the check refuses.
TEST_CASE("deferred instructions: a literal's value is keyed where a check reads it", "[deferred]") {
  struct Pair {
    const char* clean;
    const char* refused;
    const char* message;
  };
  const Pair pairs[] = {
      {"  bar.sync 3;\n", "  bar.sync 16;\n", "'a' cannot be 16"},       // inRange 0..15
      {"  bar.sync 1, 64;\n", "  bar.sync 1, 65;\n", "multiple of 32"},  // multipleOf
      {"  pmevent 2;\n", "  pmevent 16;\n", "'a' cannot be 16"},         // an immediate operand
      {"  lop3.b32 %r1, %r2, %r3, %r4, 0x80;\n", "  lop3.b32 %r1, %r2, %r3, %r4, 256;\n", "cannot be 256"},
  };
  for (const Pair& p : pairs) {
    std::string body;
    for (int i = 0; i < 4; ++i) body += p.clean;
    body += "  mov.u32 %r5, 7;\n  mov.u32 %r5, 8;\n";
    body += p.refused;
    body += p.clean;
    INFO(p.refused);
    ptxlint::Result r = lintBothWays(kernel(body));
    CHECK(countMessages(r, p.message) == 1);
    CHECK(r.diagnostics.size() == 1);
  }
}

TEST_CASE("deferred instructions: a value-free verdict serves every value", "[deferred]") {
  std::string body;
  for (int i = 0; i < 200; ++i) body += "  mov.u32 %r1, " + std::to_string(1000 + i) + ";\n";
  ptxlint::Result r = lintBothWays(kernel(body));
  CHECK(r.diagnostics.empty());
  CHECK(r.stats.unbuilt_instructions >= 198);  // all but the first (and the warm-up's)
}

// A floating-point constant is keyed by its form (0f or 0d, its length),
// which is all the checks read of it: its digits are left out of the memo
// key, but a constant of another form gets its own verdict.
TEST_CASE("deferred instructions: a floating-point constant is keyed by its form", "[deferred]") {
  struct Registers : ptxlint::sema::RegisterResolver {
    std::optional<ptxlint::sema::RegisterInfo> reg(std::string_view name) const override {
      return ptxlint::sema::RegisterInfo{name.starts_with("%fd") ? ".f64" : ".f32", {}};
    }
  };
  // The key without literals (the one a verdict that read no value is kept
  // under) has a constant's form; the whole key its digits.
  auto keyOf = [](const std::string& line, bool leave_out_literals = true) {
    ptxlint::test::Parsed p = ptxlint::test::parseText(ptxlint::test::inKernel(line));
    const auto& in = ptxlint::test::kernelNode<ptxlint::ast::Instruction>(p, 0);
    auto scratch = std::make_unique<ptxlint::sema::CheckMemo::Scratch>();
    return std::string(ptxlint::sema::engine::memoKey(in, Registers{}, *scratch, leave_out_literals));
  };
  CHECK(keyOf("mul.f32 %f1, %f2, 0f3F800000;") == keyOf("mul.f32 %f1, %f2, 0f40490FDB;"));
  CHECK(keyOf("mul.f64 %fd1, %fd2, 0d3FF0000000000000;") == keyOf("mul.f64 %fd1, %fd2, 0d400921FB54442D18;"));
  CHECK(keyOf("mul.f64 %fd1, %fd2, 0d3FF0000000000000;") != keyOf("mul.f64 %fd1, %fd2, 0f3F800000;"));
  CHECK(keyOf("mul.f32 %f1, %f2, 0f3F800000;") != keyOf("mul.f32 %f1, %f2, 1.0;"));
  CHECK(keyOf("mul.f32 %f1, %f2, 0f3F800000;", false) != keyOf("mul.f32 %f1, %f2, 0f40490FDB;", false));

  // -0d... is a constant expression; -0f... is refused (a 0f constant is
  // exact, never an operand of '-'): one shape, two forms, two verdicts.
  std::string forms =
      "  add.f64 %fd1, %fd2, -0d3FF0000000000000;\n  add.f64 %fd1, %fd2, -0d4000000000000000;\n"
      "  add.f64 %fd1, %fd2, -0f3F800000;\n  add.f64 %fd1, %fd2, -0d4008000000000000;\n";
  ptxlint::Result f = lintBothWays(kernel(forms));
  CHECK(countMessages(f, "exact single-precision constant") == 1);
  std::string values;
  for (int i = 0; i < 50; ++i) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "%08X", 0x3F800000 + i * 4097);
    values += "  mul.f32 %f1, %f2, 0f" + std::string(hex) + ";\n";
  }
  ptxlint::Result v = lintBothWays(kernel(values));
  CHECK(v.diagnostics.empty());
  // The unbuilt instruction's key too has the constant's form, not its
  // digits: one first verdict, 49 from the memo (50 keys before).
  CHECK(v.stats.unbuilt_instructions >= 48);
  // A 0d constant where only a 0f one fits (mov.b32) is a form of its own.
  std::string moves;
  for (int i = 0; i < 8; ++i) moves += "  mov.b32 %r1, 0f3F80000" + std::to_string(i) + ";\n";
  ptxlint::Result mixed = lintBothWays(kernel(moves + "  mov.b32 %r1, 0d3FF0000000000000;\n" + moves));
  CHECK(countMessages(mixed, "cannot be a floating-point constant for .b32") == 1);
  CHECK(mixed.stats.unbuilt_instructions >= 14);
}

TEST_CASE("deferred instructions: a floating-point value a check reads keys it", "[deferred]") {
  // createpolicy's fraction must lie in (0.0, 1.0] (9.7.9.18): one form,
  // constants of one length, verdicts that differ by value, in either order.
  std::string lines;
  for (const char* v : {"0.5", "1.5", "0.25", "2.5", "0f3F000000", "0f3FC00000", "0f3F000000", "0d3FF8000000000000"}) {
    lines += "  createpolicy.fractional.L2::evict_last.b64 %rd1, " + std::string(v) + ";\n";
  }
  ptxlint::Result r = lintBothWays(kernel(lines));
  CHECK(countMessages(r, "'fraction' cannot be") == 4);
  CHECK(r.stats.unbuilt_instructions >= 1);
}

TEST_CASE("deferred instructions: a value read under --compat keys it", "[deferred]") {
  // lop3's immLut 256: the manual's error, a warning by the laxer deviation
  // lop3-immlut-range under --compat=ptxas-13.0; 0x80 is clean either way.
  ptxlint::Options compat;
  compat.compat = "ptxas-13.0";
  ptxlint::Options anew = compat;
  anew.streaming = false;
  anew.memoize_checks = false;
  std::string body;
  for (int i = 0; i < 3; ++i) body += "  lop3.b32 %r1, %r2, %r3, %r4, 0x80;\n";
  body += "  lop3.b32 %r1, %r2, %r3, %r4, 256;\n  lop3.b32 %r1, %r2, %r3, %r4, 0x81;\n";
  std::string text = kernel(body);
  ptxlint::Result a = ptxlint::lint(text, anew);
  ptxlint::Result b = ptxlint::lint(text, compat);
  CHECK(fingerprint(b) == fingerprint(a));
  CHECK(countMessages(b, "'immLut' cannot be 256") == 1);
}
