// Runs every file of the given directories (or the given files) through the
// fuzz target, so the saved fuzz corpus and every crash found are regression
// tests under any compiler.
#include <cstdint>
#include <cstdio>

#include "../tools/input_files.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  std::size_t runs = 0;
  ptxlint::testing::forEachInputFile(argc, argv, [&](const std::filesystem::path&, const std::string& bytes) {
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    ++runs;
  });
  std::printf("replayed %zu inputs without a crash\n", runs);
  return runs > 0 ? 0 : 1;
}
