// Small text helpers shared by the parser, the checker and the renderers.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ptxlint::support {

// Levenshtein distance, for "did you mean" suggestions.
std::size_t editDistance(std::string_view a, std::string_view b);

// A JSON string literal: quotes, escapes, and \u00XX for bytes outside
// printable ASCII (messages quote source text, which may hold any byte).
std::string jsonQuote(std::string_view s);

}  // namespace ptxlint::support
