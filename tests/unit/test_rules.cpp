// The rule registry: stable, unique codes, each with a doc that has a bad and
// a fixed example and names its manual section, and each exercised by at
// least one golden test.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "diag/rules.h"

using namespace ptxlint::diag;

TEST_CASE("rule codes are unique and well-formed", "[rules]") {
  std::set<std::string_view> codes, slugs;
  for (const RuleInfo& rule : allRules()) {
    INFO(rule.code);
    CHECK(codes.insert(rule.code).second);
    CHECK(slugs.insert(rule.slug).second);
    REQUIRE(rule.code.size() == 6);
    CHECK(rule.code.substr(0, 2) == "PL");
    CHECK(findRule(rule.code) == rule.id);
    CHECK(findRule(rule.slug) == rule.id);
  }
}

TEST_CASE("every rule has a doc with a bad and a fixed example and a manual reference", "[rules]") {
  for (const RuleInfo& rule : allRules()) {
    INFO(rule.code);
    CHECK_FALSE(rule.summary.empty());
    CHECK(rule.doc.find("Bad:") != std::string_view::npos);
    CHECK(rule.doc.find("Fixed:") != std::string_view::npos);
    CHECK(rule.doc.find("Manual:") != std::string_view::npos);
  }
}

TEST_CASE("every rule has a golden test", "[rules]") {
  std::string all;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(PTXLINT_SOURCE_DIR "/tests/golden")) {
    if (entry.path().extension() != ".ptx") continue;
    std::ifstream in(entry.path());
    std::stringstream s;
    s << in.rdbuf();
    all += s.str();
  }
  for (const RuleInfo& rule : allRules()) {
    INFO(rule.code);
    // PL9001 (unreadable input) is a CLI matter: tests/cli covers it.
    if (rule.code == "PL9001") continue;
    // PL9002 (unchecked instruction) has nothing to report since every
    // instruction section has a table: an unknown instruction is PL3014.
    if (rule.code == "PL9002") continue;
    CHECK(all.find(std::string(rule.code) + ":") != std::string::npos);
  }
}
