// The table freezer, run by the build: builds every family of
// spec/families.h and writes them as constant data to the file named by its
// argument (spec/freeze.h). The file is written only when its text changes,
// so that an unchanged table does not recompile the library.
#include <fstream>
#include <iostream>
#include <sstream>

#include "spec/families.h"
#include "spec/freeze.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: ptxlint-freeze-tables OUTPUT.cpp\n";
    return 2;
  }
  std::vector<std::vector<ptxlint::spec::InstructionSpec>> families;
  for (std::size_t i = 0; i < ptxlint::spec::kFamilyCount; ++i) families.push_back(ptxlint::spec::buildFamily(i));
  std::string text = ptxlint::spec::freezeTables(families);
  std::ifstream old(argv[1], std::ios::binary);
  std::stringstream was;
  was << old.rdbuf();
  if (old && was.str() == text) return 0;
  std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
  out << text;
  if (!out.flush()) {
    std::cerr << "ptxlint-freeze-tables: cannot write " << argv[1] << "\n";
    return 1;
  }
  return 0;
}
