// The per-section table builders; registry.cpp collects them.
#pragma once

#include <vector>

#include "spec/spec.h"

namespace ptxlint::spec {

std::vector<InstructionSpec> asyncCopySpecs();           // 9.7.9.25
std::vector<InstructionSpec> bulkReduceMultimemSpecs();  // 9.7.9.27.1.3, 9.7.9.14, 9.7.9.27, 9.7.13.7
std::vector<InstructionSpec> memorySpecs();              // 9.7.9.8 ld, 9.7.9.9 ld.global.nc, 9.7.9.11 st
std::vector<InstructionSpec> arithmeticSpecs();          // 9.7.1-9.7.8, 9.7.9.3, 9.7.9.4
std::vector<InstructionSpec> textureSurfaceSpecs();      // 9.7.10 tex, tld4, txq, istypep; 9.7.11 surfaces
std::vector<InstructionSpec> videoSpecs();               // 9.7.18 video instructions

}  // namespace ptxlint::spec
