// The table freezer, run by the build: builds every family of
// spec/families.h and writes them as constant data to the file named by its
// argument (spec/freeze.h). The file is written only when its text changes,
// so that an unchanged table does not recompile the library.
#include <iostream>

#include "spec/families.h"
#include "spec/freeze.h"
#include "support/generated_file.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: ptxlint-freeze-tables OUTPUT.cpp\n";
    return 2;
  }
  std::vector<std::vector<ptxlint::spec::InstructionSpec>> families;
  for (std::size_t i = 0; i < ptxlint::spec::kFamilyCount; ++i) families.push_back(ptxlint::spec::buildFamily(i));
  std::string text = ptxlint::spec::freezeTables(families);
  if (!ptxlint::support::writeIfChanged(argv[1], text)) {
    std::cerr << "ptxlint-freeze-tables: cannot write " << argv[1] << "\n";
    return 1;
  }
  return 0;
}
