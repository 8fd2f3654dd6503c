// In-process validation of single kernels through the library (issue #8's
// "a typical 50 KB kernel in <= 1 ms"), with Google Benchmark.
//
//   bench_inprocess FILE... [--benchmark_* options]
//
// Before the benchmark loops, each file's first validation in this process
// is timed on its own: that one pays for the ANTLR parser's start-up (its
// prediction tables fill as it meets new statement shapes) and for the shape
// cache's first entries, as a JIT's first kernel would. The loops then show
// the steady state of a process that validates many kernels.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ptxlint/ptxlint.hpp"

namespace {

std::string readFile(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::pair<std::string, std::string>> files;
  std::vector<char*> benchmark_args{argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]).rfind("--benchmark", 0) == 0) {
      benchmark_args.push_back(argv[i]);
    } else {
      files.emplace_back(argv[i], readFile(argv[i]));
    }
  }
  for (const auto& [name, text] : files) {
    auto start = std::chrono::steady_clock::now();
    ptxlint::Result result = ptxlint::lint(text, {});
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("first validation in this process: %s (%zu bytes, %zu diagnostics): %.3f ms\n", name.c_str(),
                text.size(), result.diagnostics.size(), ms);
    benchmark::RegisterBenchmark(("lint/" + name).c_str(), [&text = text](benchmark::State& state) {
      for (auto _ : state) {
        ptxlint::Result r = ptxlint::lint(text, {});
        benchmark::DoNotOptimize(r);
      }
      state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
    });
  }
  int count = static_cast<int>(benchmark_args.size());
  benchmark::Initialize(&count, benchmark_args.data());
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
