// The test tools' inputs (the equivalence tools, the fuzz replay): every
// regular file under the paths given on the command line (directories
// recursively), with its bytes.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace ptxlint::testing {

inline std::string readBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// Calls visit(path, text) for each file.
template <typename Visit>
void forEachInputFile(int argc, char** argv, Visit visit) {
  auto one = [&](const std::filesystem::path& path) { visit(path, readBytes(path)); };
  for (int i = 1; i < argc; ++i) {
    std::filesystem::path root(argv[i]);
    if (std::filesystem::is_directory(root)) {
      for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
        if (entry.is_regular_file()) one(entry.path());
      }
    } else {
      one(root);
    }
  }
}

}  // namespace ptxlint::testing
