// SARIF 2.1.0 output, for code-scanning tools: one run, the rule metadata of
// every rule (id, name, documentation, default level, manual section), and
// the results with locations, notes as related locations, and fix-its.
#pragma once

#include <span>
#include <string>

#include "diag/render_json.h"

namespace ptxlint::diag {

// `stats` (--stats): the run's properties hold each file's statistics
// ("stats": [{"file", "stats", "truncated"}], as in the JSON format).
std::string renderSarif(std::span<const FileReport> files, bool stats = false);

}  // namespace ptxlint::diag
