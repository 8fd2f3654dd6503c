#include "diag/source_origin.h"

#include <algorithm>
#include <cstring>

namespace ptxlint::diag {
namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

void skipBlanks(std::string_view& s) {
  while (!s.empty() && isBlank(s.front())) s.remove_prefix(1);
}

// `word` at the start of `s`, followed by a blank or the end; consumes it.
bool takeWord(std::string_view& s, std::string_view word) {
  if (s.substr(0, word.size()) != word) return false;
  if (s.size() > word.size() && !isBlank(s[word.size()]) && s[word.size()] != ',') return false;
  s.remove_prefix(word.size());
  skipBlanks(s);
  return true;
}

std::optional<std::uint32_t> takeNumber(std::string_view& s) {
  skipBlanks(s);
  if (s.empty() || s.front() < '0' || s.front() > '9') return std::nullopt;
  std::uint64_t value = 0;
  while (!s.empty() && s.front() >= '0' && s.front() <= '9') {
    value = std::min<std::uint64_t>(value * 10 + static_cast<std::uint64_t>(s.front() - '0'), UINT32_MAX);
    s.remove_prefix(1);
  }
  return static_cast<std::uint32_t>(value);
}

// The three numbers of `.loc f l c` or of `inlined_at f l c`.
std::optional<std::uint32_t> takeTriple(std::string_view& s, std::uint32_t (&out)[3]) {
  for (std::uint32_t& n : out) {
    auto v = takeNumber(s);
    if (!v) return std::nullopt;
    n = *v;
  }
  return out[0];
}

// A quoted string of a .file directive (no escapes in file names there).
std::optional<std::string_view> takeQuoted(std::string_view& s) {
  skipBlanks(s);
  if (s.empty() || s.front() != '"') return std::nullopt;
  std::size_t close = s.find('"', 1);
  if (close == std::string_view::npos) return std::nullopt;
  std::string_view value = s.substr(1, close - 1);
  s.remove_prefix(close + 1);
  return value;
}

// A function's first line: `[.visible|.weak|.extern] .entry|.func ...`.
bool startsFunction(std::string_view s) {
  while (takeWord(s, ".visible") || takeWord(s, ".weak") || takeWord(s, ".extern")) {
  }
  return takeWord(s, ".entry") || takeWord(s, ".func");
}

}  // namespace

PtxOrigins::PtxOrigins(std::string_view text) {
  std::optional<std::uint32_t> asm_begin;
  const char* data = text.data();
  for (std::size_t at = 0; at < text.size();) {
    const void* newline = std::memchr(data + at, '\n', text.size() - at);
    std::size_t end = newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - data) : text.size();
    std::string_view line = text.substr(at, end - at);
    skipBlanks(line);
    if (!line.empty() && (line.front() == '.' || line.front() == '/')) {
      scanLine(line, static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(end), asm_begin);
    }
    at = end + 1;
  }
  // A .loc with no function start before it in this pass is still valid;
  // the entries are in offset order by construction.
  if (std::none_of(locs_.begin(), locs_.end(), [](const Loc& l) { return l.where.file != 0; })) locs_.clear();
}

void PtxOrigins::scanLine(std::string_view line, std::uint32_t offset, std::uint32_t end,
                          std::optional<std::uint32_t>& asm_begin) {
  std::string_view s = line;
  std::uint32_t triple[3];
  if (takeWord(s, ".loc")) {
    if (!takeTriple(s, triple)) return;
    Loc loc{offset, {triple[0], triple[1], triple[2]}, std::nullopt};
    if (std::size_t at = s.find("inlined_at"); at != std::string_view::npos) {
      std::string_view rest = s.substr(at + 10);
      if (takeTriple(rest, triple)) loc.inlined_at = FileLineColumn{triple[0], triple[1], triple[2]};
    }
    if (loc.where.file != 0) locs_.push_back(loc);
  } else if (takeWord(s, ".file")) {
    auto index = takeNumber(s);
    auto name = takeQuoted(s);
    if (!index || !name) return;
    std::string file(*name);
    // The two-string form `.file 1 "dir" "name"`: the name, in the directory.
    if (auto second = takeQuoted(s); second && !second->empty()) {
      file = second->front() == '/' || file.empty() ? std::string(*second) : file + "/" + std::string(*second);
    }
    files_.emplace_back(*index, std::move(file));
  } else if (line.substr(0, 2) == "//") {
    s.remove_prefix(2);
    skipBlanks(s);
    if (s.substr(0, 16) == "begin inline asm") {
      asm_begin = end + 1;
    } else if (s.substr(0, 14) == "end inline asm" && asm_begin) {
      asm_blocks_.push_back({*asm_begin, offset});
      asm_begin.reset();
    }
  } else if (startsFunction(s)) {
    locs_.push_back({offset, {}, std::nullopt});
  }
}

SourceLocation PtxOrigins::locationOf(const FileLineColumn& where) const {
  SourceLocation out;
  for (const auto& [index, name] : files_) {
    if (index == where.file) out.file = name;  // the last .file of an index wins
  }
  if (out.file.empty()) out.file = "<file " + std::to_string(where.file) + ">";
  out.line = where.line;
  out.column = where.column;
  return out;
}

std::optional<SourceOrigin> PtxOrigins::originAt(std::uint32_t offset) const {
  auto after = std::upper_bound(locs_.begin(), locs_.end(), offset,
                                [](std::uint32_t o, const Loc& l) { return o < l.offset; });
  if (after == locs_.begin()) return std::nullopt;
  auto in_force = after - 1;
  if (in_force->where.file == 0) return std::nullopt;  // a function with no .loc yet
  SourceOrigin origin;
  origin.location = locationOf(in_force->where);
  // The call-site chain: `.loc 1 15 3, ..., inlined_at 1 10 5` after
  // `.loc 1 10 5, ..., inlined_at 1 27 3` (the example of 11.5.4).
  std::optional<FileLineColumn> call = in_force->inlined_at;
  auto search_from = in_force;
  for (int depth = 0; call && depth < 64; ++depth) {
    origin.inlined_at.push_back(locationOf(*call));
    std::optional<FileLineColumn> next;
    for (auto it = search_from; it != locs_.begin() && it->where.file != 0;) {
      --it;
      if (it->where.file == 0) break;
      if (it->where == *call) {
        next = it->inlined_at;
        search_from = it;
        break;
      }
    }
    call = next;
  }
  origin.in_inline_asm = inlineAsmAt(offset).has_value();
  return origin;
}

std::optional<SourceRange> PtxOrigins::inlineAsmAt(std::uint32_t offset) const {
  auto after = std::upper_bound(asm_blocks_.begin(), asm_blocks_.end(), offset,
                                [](std::uint32_t o, const SourceRange& r) { return o < r.begin; });
  if (after == asm_blocks_.begin()) return std::nullopt;
  const SourceRange& block = *(after - 1);
  if (offset >= block.end) return std::nullopt;
  return block;
}

void attachSourceOrigins(std::string_view text, std::vector<Diagnostic>& diagnostics) {
  PtxOrigins origins(text);
  if (origins.empty()) return;
  for (Diagnostic& d : diagnostics) d.source = origins.originAt(d.range.begin);
}

}  // namespace ptxlint::diag
