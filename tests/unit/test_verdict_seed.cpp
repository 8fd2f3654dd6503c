// The verdict seed (sema/engine/verdict_seed.h) and the memo keys it is
// made of. That a seeded verdict never differs from a fresh judgement is
// tested over whole files by stream_equivalence (every corpus, golden and
// fuzz file checked with the memo and seed, and anew without either); here:
// the table the build wrote, and keys that must differ.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "ptxlint/ptxlint.hpp"
#include "sema/engine/verdict_cache.h"
#include "sema/engine/verdict_seed.h"
#include "support/text.h"

namespace {

using ptxlint::sema::engine::kVerdictSeed;
using ptxlint::sema::engine::seededVerdict;

std::size_t countCode(const ptxlint::Result& r, std::string_view code) {
  std::size_t n = 0;
  for (const ptxlint::Diagnostic& d : r.diagnostics) n += d.code == code;
  return n;
}

}  // namespace

TEST_CASE("verdict seed: the build wrote a table of the training corpus's verdicts", "[seed]") {
  REQUIRE(kVerdictSeed.slot_count >= 16);
  CHECK((kVerdictSeed.slot_count & (kVerdictSeed.slot_count - 1)) == 0);
  // corpus/seed.txt's 65 files keep about 9,600 verdicts (both keys); far fewer means
  // the seeder read little of its list.
  CHECK(kVerdictSeed.verdicts > 4000);
  CHECK(kVerdictSeed.verdicts * 8 <= kVerdictSeed.slot_count * 5);
}

TEST_CASE("verdict seed: every key is found whole, and only whole", "[seed]") {
  std::size_t used = 0, built = 0, unbuilt = 0;
  for (std::size_t i = 0; i < kVerdictSeed.slot_count; ++i) {
    const auto& slot = kVerdictSeed.slots[i];
    if (slot.size == 0) continue;
    ++used;
    std::string key(kVerdictSeed.key_bytes + slot.offset, slot.size);
    REQUIRE(key.find('|') != std::string::npos);  // the module's context, then the instruction
    (key[key.find('|') + 1] == ptxlint::sema::engine::kDeferredKeyMark ? unbuilt : built) += 1;
    std::optional<bool> found = seededVerdict(ptxlint::support::hashBytes(key), key);
    REQUIRE(found.has_value());
    CHECK(*found == slot.checked);
    // One byte more or one less is another key: not found, or found as a
    // verdict of its own (never this one's by a shared prefix).
    std::string longer = key + "x";
    CHECK_FALSE(seededVerdict(ptxlint::support::hashBytes(longer), longer).has_value());
    std::string shorter = key.substr(0, key.size() - 1);
    std::optional<bool> other = seededVerdict(ptxlint::support::hashBytes(shorter), shorter);
    if (other) CHECK(shorter.size() != key.size());
  }
  CHECK(used == kVerdictSeed.verdicts);
  // Both keys: an instruction built and judged (engine::memoKey), and one
  // the symbol pass judges unbuilt, by its plan's shape (symbols.cpp).
  CHECK(built > 1000);
  CHECK(unbuilt > 1000);
}

TEST_CASE("verdict seed: the seeded context is the module's, ptxas release included", "[seed]") {
  // Every key starts with .version/.target/overrides/.address_size/ptxas.
  std::size_t with_release = 0;
  for (std::size_t i = 0; i < kVerdictSeed.slot_count; ++i) {
    const auto& slot = kVerdictSeed.slots[i];
    if (slot.size == 0) continue;
    std::string_view key(kVerdictSeed.key_bytes + slot.offset, slot.size);
    std::string_view context = key.substr(0, key.find('|'));
    with_release += context.size() > 5 && context.substr(context.size() - 5) == "/13.0";
  }
  CHECK(with_release == kVerdictSeed.verdicts);
}

// A variable's type is something the engine reads (a texture instruction
// takes a .texref variable, 9.7.10), so two modules that give one name two
// types must not share a verdict: the memo serves every file of a process
// (and the seed every process).
TEST_CASE("verdict memo: one variable name, two types, two verdicts", "[seed]") {
  auto module = [](std::string_view declaration) {
    return ".version 8.7\n.target sm_90a\n.address_size 64\n" + std::string(declaration) +
           "\n.visible .entry k(.param .u64 p)\n{\n  .reg .b32 %r<4>;\n  txq.width.b32 %r1, [tex0];\n  ret;\n}\n";
  };
  ptxlint::Result texref = ptxlint::lint(module(".global .texref tex0;"));
  CHECK(texref.diagnostics.empty());
  ptxlint::Result word = ptxlint::lint(module(".global .u32 tex0;"));
  CHECK(countCode(word, "PL3009") == 1);
  // The other way round, in the same process.
  ptxlint::Result again = ptxlint::lint(module(".global .texref tex0;"));
  CHECK(again.diagnostics.empty());
}

// A variable or parameter is keyed by what it is, not by its name: the same
// instruction over kernels that name their parameters differently is one
// verdict (what lets the seed serve files it was not trained on), and the
// same name as something else is another.
TEST_CASE("verdict memo: parameters are keyed by what they are, not by name", "[seed]") {
  auto kernel = [](std::string_view name) {
    return ".version 8.7\n.target sm_90a\n.address_size 64\n.visible .entry " + std::string(name) + "(.param .u64 " +
           std::string(name) + "_param_0)\n{\n  .reg .b64 %rd<4>;\n  ld.param.u64 %rd1, [" + std::string(name) +
           "_param_0];\n  ret;\n}\n";
  };
  CHECK(ptxlint::lint(kernel("first")).diagnostics.empty());
  CHECK(ptxlint::lint(kernel("second")).diagnostics.empty());
  // The parameter's name, now a .global variable: 'ld.param' from .global
  // memory (ptxas: "State space mismatch between instruction and address").
  ptxlint::Result global = ptxlint::lint(
      ".version 8.7\n.target sm_90a\n.address_size 64\n.global .u64 first_param_0;\n"
      ".visible .entry k(.param .u64 p)\n{\n  .reg .b64 %rd<4>;\n  ld.param.u64 %rd1, [first_param_0];\n  ret;\n}\n");
  CHECK(countCode(global, "PL3010") == 1);
}

// A function is keyed by its signature, not its name: a call of another
// function of the same counts is one verdict, a call of one whose counts
// differ (ptxas: "Call has wrong number of parameters") is another.
TEST_CASE("verdict memo: a callee is keyed by its signature, not its name", "[seed]") {
  auto module = [](std::string_view name, std::string_view results) {
    return ".version 8.7\n.target sm_90a\n.address_size 64\n.func " + std::string(results) + " " + std::string(name) +
           "(.param .b32 a)\n{\n  ret;\n}\n.visible .entry k()\n{\n  .reg .b32 %r<4>;\n  {\n"
           "  .param .b32 param0;\n  .param .b32 retval0;\n  st.param.b32 [param0], %r1;\n  call.uni (retval0), " +
           std::string(name) + ", (param0);\n  }\n  ret;\n}\n";
  };
  CHECK(ptxlint::lint(module("helper", "(.param .b32 r)")).diagnostics.empty());
  CHECK(ptxlint::lint(module("other", "(.param .b32 r)")).diagnostics.empty());
  CHECK(countCode(ptxlint::lint(module("helper", "")), "PL3006") == 1);
  CHECK(countCode(ptxlint::lint(module("third", "")), "PL3006") == 1);
}
