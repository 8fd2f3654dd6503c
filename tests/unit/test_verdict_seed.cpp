// The verdict seed (sema/engine/verdict_seed.h) and the memo keys it is
// made of. That a seeded verdict never differs from a fresh judgement is
// tested over whole files by stream_equivalence (every corpus, golden and
// fuzz file checked with the memo and seed, and anew without either); here:
// the table the build wrote, and keys that must differ.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <string_view>

#include "ptxlint/ptxlint.hpp"
#include "sema/engine/verdict_cache.h"
#include "sema/engine/verdict_seed.h"
#include "support/text.h"

namespace {

using ptxlint::sema::engine::kVerdictSeed;
using ptxlint::sema::engine::SeededForm;
using ptxlint::sema::engine::seededFormAt;
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
  // corpus/seed.txt's 65 files keep about 4,900 forms (both keys), judged
  // in its 23 module contexts; far fewer means the seeder read little of its
  // list, or judged each file in its own context only.
  CHECK(kVerdictSeed.forms > 3000);
  CHECK(kVerdictSeed.verdicts > 5 * kVerdictSeed.forms);
  CHECK(kVerdictSeed.forms * 8 <= kVerdictSeed.slot_count * 5);
  CHECK(kVerdictSeed.context_count >= 20);
  CHECK(kVerdictSeed.context_count <= 32);
}

TEST_CASE("verdict seed: every key is found whole, and only whole, in its contexts", "[seed]") {
  std::set<std::string> forms;
  for (std::size_t i = 0; i < kVerdictSeed.slot_count; ++i) {
    const SeededForm slot = seededFormAt(kVerdictSeed, i);
    if (!slot.form.empty()) forms.emplace(slot.form);
  }
  CHECK(forms.size() == kVerdictSeed.forms);
  std::size_t used = 0, built = 0, unbuilt = 0, verdicts = 0, absent = 0;
  const std::string unknown_context = "9.9/sm_999//64/13.0|";
  for (std::size_t i = 0; i < kVerdictSeed.slot_count; ++i) {
    const SeededForm slot = seededFormAt(kVerdictSeed, i);
    if (slot.form.empty()) continue;
    ++used;
    std::string form(slot.form);
    (form[0] == ptxlint::sema::engine::kDeferredKeyMark ? unbuilt : built) += 1;
    for (std::size_t c = 0; c < kVerdictSeed.context_count; ++c) {
      const std::string key = std::string(kVerdictSeed.contexts[c]) + form;
      std::optional<bool> found = seededVerdict(key);
      const std::uint32_t bit = std::uint32_t{1} << c;
      if ((slot.clean & bit) == 0) {  // judged with findings there, or never met: no verdict
        CHECK_FALSE(found.has_value());
        ++absent;
        continue;
      }
      ++verdicts;
      REQUIRE(found.has_value());
      CHECK(*found == ((slot.checked & bit) != 0));
      // One byte more or one less is another form: found only if the
      // table has that form itself (never this one's by a shared prefix).
      std::string longer = form + "x", shorter = form.substr(0, form.size() - 1);
      if (!forms.count(longer)) CHECK_FALSE(seededVerdict(std::string(kVerdictSeed.contexts[c]) + longer));
      if (!forms.count(shorter)) CHECK_FALSE(seededVerdict(std::string(kVerdictSeed.contexts[c]) + shorter));
    }
    CHECK_FALSE(seededVerdict(unknown_context + form).has_value());
  }
  CHECK(used == kVerdictSeed.forms);
  CHECK(verdicts == kVerdictSeed.verdicts);
  CHECK(absent > 0);  // some form is not clean in every context (tcgen05 at sm_80, say)
  // Both keys: an instruction built and judged (engine::memoKey), and one
  // the symbol pass judges unbuilt, by its plan's shape (symbols.cpp).
  CHECK(built > 1000);
  CHECK(unbuilt > 1000);
}

TEST_CASE("verdict seed: the seeded contexts are modules', ptxas release included", "[seed]") {
  // .version/.target/overrides/.address_size/ptxas, as CheckMemo writes it.
  std::size_t with_release = 0;
  for (std::size_t c = 0; c < kVerdictSeed.context_count; ++c) {
    std::string_view context = kVerdictSeed.contexts[c];
    REQUIRE(context.size() > 6);
    CHECK(context.back() == '|');
    with_release += context.substr(context.size() - 6) == "/13.0|";
  }
  CHECK(with_release == kVerdictSeed.context_count);
  // A form seeded from a file of one context is known in another: the two
  // training files at .version 7.5/sm_86 (LLVM's) keep about 250 verdicts
  // between them; the seed knows thousands of forms there, from files of
  // other contexts judged in theirs.
  std::size_t sm86 = kVerdictSeed.context_count;
  for (std::size_t c = 0; c < kVerdictSeed.context_count; ++c) {
    if (kVerdictSeed.contexts[c] == "7.5/sm_86//64/13.0|") sm86 = c;
  }
  REQUIRE(sm86 < kVerdictSeed.context_count);
  std::size_t known = 0;
  for (std::size_t i = 0; i < kVerdictSeed.slot_count; ++i) {
    const SeededForm slot = seededFormAt(kVerdictSeed, i);
    known += !slot.form.empty() && (slot.clean >> sm86 & 1) != 0;
  }
  CHECK(known > 1000);
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
