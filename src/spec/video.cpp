// PTX ISA 9.7.18 video instructions
// (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/9718_*).
#include "spec/sections.h"

namespace ptxlint::spec {

std::vector<InstructionSpec> videoSpecs() { return {}; }

}  // namespace ptxlint::spec
