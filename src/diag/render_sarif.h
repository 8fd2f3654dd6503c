// SARIF 2.1.0 output, for code-scanning tools: one run, the rule metadata of
// every rule (id, name, documentation, default level, manual section), and
// the results with locations, notes as related locations, and fix-its.
#pragma once

#include <span>
#include <string>

#include "diag/render_json.h"

namespace ptxlint::diag {

std::string renderSarif(std::span<const FileReport> files);

}  // namespace ptxlint::diag
