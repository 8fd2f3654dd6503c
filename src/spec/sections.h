// The per-section table builders; registry.cpp collects them.
#pragma once

#include <vector>

#include "spec/spec.h"

namespace ptxlint::spec {

std::vector<InstructionSpec> asyncCopySpecs();  // 9.7.9.25

}  // namespace ptxlint::spec
