// Operands that may or must be the sink `_` (spec.h: orSink, sinkOnly) and
// version notes that apply only to a sink operand (FeatureNote::operand_is_sink),
// through the mbarrier.arrive tables (9.7.13.15.13).
#include <catch2/catch.hpp>

#include "helpers.h"

using ptxlint::test::codes;

namespace {

std::vector<std::string> lintCodes(std::string_view version, std::string_view target, std::string_view line) {
  std::string text = std::string(".version ") + std::string(version) + "\n.target " + std::string(target) +
                     "\n.address_size 64\n.visible .entry k()\n{\n.reg .b64 %rd<3>;\n.reg .b32 %r<3>;\n" +
                     std::string(line) + "\n}\n";
  return codes(ptxlint::lint(text).diagnostics);
}

}  // namespace

TEST_CASE("an operand that may be the sink takes '_' or a register", "[spec][sink]") {
  CHECK(lintCodes("8.0", "sm_90", "mbarrier.arrive.shared.b64 %rd1, [%rd2];").empty());
  CHECK(lintCodes("8.0", "sm_90", "mbarrier.arrive.shared.b64 _, [%rd2];").empty());
  // Still a 64-bit destination when it is a register.
  CHECK(lintCodes("8.0", "sm_90", "mbarrier.arrive.shared.b64 %r1, [%rd2];") == std::vector<std::string>{"PL3009"});
}

TEST_CASE("an operand that must be the sink takes nothing else", "[spec][sink]") {
  CHECK(lintCodes("8.0", "sm_90", "mbarrier.arrive.shared::cluster.b64 _, [%rd2];").empty());
  CHECK(lintCodes("8.0", "sm_90", "mbarrier.arrive.shared::cluster.b64 %rd1, [%rd2];") ==
        std::vector<std::string>{"PL3007"});
}

TEST_CASE("a version note on a sink operand applies only to the sink", "[spec][sink]") {
  // "Support for sink symbol '_' as the destination operand is introduced in PTX ISA version 7.1."
  CHECK(lintCodes("7.0", "sm_80", "mbarrier.arrive.shared.b64 _, [%rd2];") == std::vector<std::string>{"PL4002"});
  CHECK(lintCodes("7.0", "sm_80", "mbarrier.arrive.shared.b64 %rd1, [%rd2];").empty());
  CHECK(lintCodes("7.1", "sm_80", "mbarrier.arrive.shared.b64 _, [%rd2];").empty());
}
