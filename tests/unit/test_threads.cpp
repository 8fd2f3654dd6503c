// libptxlint is thread-safe: many threads validating different buffers at
// once get exactly the results one thread gets (the ANTLR runtime's shared
// prediction caches included).
#include <catch2/catch.hpp>

#include <filesystem>
#include <thread>
#include <vector>

#include "helpers.h"
#include "ptxlint/ptxlint.hpp"

using ptxlint::test::fingerprint;
using ptxlint::test::readFile;

TEST_CASE("concurrent validation gives the sequential results", "[threads]") {
  std::vector<std::string> inputs;
  for (const char* dir : {"/tests/golden/syntax", "/tests/golden/seed", "/tests/golden/module", "/corpus/nvcc"}) {
    for (const auto& e : std::filesystem::directory_iterator(std::string(PTXLINT_SOURCE_DIR) + dir)) {
      if (e.path().extension() == ".ptx" && e.file_size() < 200000) inputs.push_back(readFile(e.path()));
    }
  }
  REQUIRE(inputs.size() > 40);
  std::vector<std::string> expected;
  for (const std::string& text : inputs) expected.push_back(fingerprint(ptxlint::lint(text)));

  constexpr int kThreads = 8;
  std::vector<std::vector<std::string>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      // Each thread walks all inputs, each from a different start.
      for (std::size_t round = 0; round < inputs.size(); ++round) {
        std::size_t i = (round + static_cast<std::size_t>(t) * 7) % inputs.size();
        got[t].push_back(std::to_string(i) + "=" + fingerprint(ptxlint::lint(inputs[i])));
      }
    });
  }
  for (std::thread& th : threads) th.join();
  std::size_t compared = 0;
  for (const auto& results : got) {
    for (const std::string& r : results) {
      std::size_t eq = r.find('=');
      std::size_t i = std::stoul(r.substr(0, eq));
      CHECK(r.substr(eq + 1) == expected[i]);
      ++compared;
    }
  }
  CHECK(compared == kThreads * inputs.size());
}
