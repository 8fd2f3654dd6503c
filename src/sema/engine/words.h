// Small helpers over the tables' words (qualifier values, state spaces) that
// several parts of the engine share.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "spec/spec.h"
#include "support/text.h"

namespace ptxlint::sema::engine {

// Qualifier lists are short and their words shorter: no memcmp calls.
inline bool contains(std::span<const std::string_view> values, std::string_view v) {
  for (std::string_view value : values) {
    if (support::sameBytes(value, v)) return true;
  }
  return false;
}

inline std::string join(std::span<const std::string_view> values, std::string_view separator = ", ") {
  std::string s;
  for (std::string_view v : values) {
    if (!s.empty()) s += separator;
    s += v;
  }
  return s;
}

// Every state space a qualifier can name (5.1): such a qualifier fills the
// next .dst/.src slot of a block, whether or not that slot allows it.
inline bool isStateSpace(std::string_view q) {
  static constexpr std::string_view kSpaces[] = {".global", ".shared", ".shared::cta",  ".shared::cluster", ".local",
                                                 ".const",  ".param",  ".param::entry", ".param::func",     ".tex"};
  return std::any_of(std::begin(kSpaces), std::end(kSpaces),
                     [&](std::string_view s) { return support::sameBytes(s, q); });
}

// .type, .dtype, .atype, ...: the instruction types (9.4).
inline bool isTypeSlot(const spec::QualifierSlot& s) { return s.name.find("type") != std::string_view::npos; }

// How many edits a misspelt qualifier may be from a value and still be
// suggested (support::closestWord): a quarter of its length, at least 2.
std::size_t qualifierEdits(std::string_view word);

// The state space `word` misspells (".shared::cluser"), or empty.
std::string_view nearStateSpace(std::string_view word);

}  // namespace ptxlint::sema::engine
