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

constexpr std::size_t kMaxFiles = 4096;  // .file indices kept (hostile input)
constexpr std::size_t kMaxCalls = 4096;  // inlined locations kept per function

PtxOrigins::PtxOrigins(std::string_view text, std::vector<std::uint32_t> offsets) {
  std::sort(offsets.begin(), offsets.end());
  offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());
  State state;
  auto next = offsets.begin();
  const char* data = text.data();
  for (std::size_t at = 0; at < text.size();) {
    const void* newline = std::memchr(data + at, '\n', text.size() - at);
    std::size_t end = newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - data) : text.size();
    std::string_view line = text.substr(at, end - at);
    skipBlanks(line);
    if (!line.empty() && (line.front() == '.' || line.front() == '/')) {
      scanLine(line, static_cast<std::uint32_t>(end), state);
    }
    // Offsets on this line see its .loc (as an upper bound on line starts).
    for (; next != offsets.end() && *next <= end; ++next) answer(*next, state);
    at = end + 1;
  }
  for (; next != offsets.end(); ++next) answer(*next, state);
}

void PtxOrigins::answer(std::uint32_t offset, const State& state) {
  Answer& a = answers_[offset];
  a.location = state.location;
  a.asm_begin = state.asm_begin;
  if (state.asm_begin) open_asm_.push_back(offset);
  // The call-site chain: `.loc 1 15 3, ..., inlined_at 1 10 5` after
  // `.loc 1 10 5, ..., inlined_at 1 27 3` (the example of 11.5.4).
  std::optional<FileLineColumn> call = state.inlined_at;
  for (int depth = 0; call && depth < 64; ++depth) {
    a.inlined_at.push_back(*call);
    auto it = state.calls.find(*call);
    call = it == state.calls.end() ? std::nullopt : std::optional<FileLineColumn>(it->second);
  }
}

void PtxOrigins::scanLine(std::string_view line, std::uint32_t end, State& state) {
  std::string_view s = line;
  std::uint32_t triple[3];
  auto line_start = end - static_cast<std::uint32_t>(line.size());
  if (takeWord(s, ".loc")) {
    if (!takeTriple(s, triple) || triple[0] == 0) return;
    state.location = FileLineColumn{triple[0], triple[1], triple[2]};
    state.inlined_at.reset();
    if (std::size_t at = s.find("inlined_at"); at != std::string_view::npos) {
      std::string_view rest = s.substr(at + 10);
      if (takeTriple(rest, triple)) {
        state.inlined_at = FileLineColumn{triple[0], triple[1], triple[2]};
        if (state.calls.size() >= kMaxCalls) state.calls.clear();
        state.calls[*state.location] = *state.inlined_at;
      }
    }
  } else if (takeWord(s, ".file")) {
    auto index = takeNumber(s);
    auto name = takeQuoted(s);
    if (!index || !name || (files_.size() >= kMaxFiles && !files_.count(*index))) return;
    std::string file(*name);
    // The two-string form `.file 1 "dir" "name"`: the name, in the directory.
    if (auto second = takeQuoted(s); second && !second->empty()) {
      file = second->front() == '/' || file.empty() ? std::string(*second) : file + "/" + std::string(*second);
    }
    files_[*index] = std::move(file);  // the last .file of an index wins
  } else if (line.substr(0, 2) == "//") {
    s.remove_prefix(2);
    skipBlanks(s);
    if (s.substr(0, 16) == "begin inline asm") {
      state.asm_begin = end + 1;
      open_asm_.clear();
    } else if (s.substr(0, 14) == "end inline asm" && state.asm_begin) {
      for (std::uint32_t offset : open_asm_) {
        Answer& a = answers_[offset];
        if (offset < line_start)
          a.asm_end = line_start;
        else
          a.asm_begin.reset();
      }
      open_asm_.clear();
      state.asm_begin.reset();
    }
  } else if (startsFunction(s)) {
    state.location.reset();
    state.inlined_at.reset();
    state.calls.clear();
  }
}

SourceLocation PtxOrigins::locationOf(const FileLineColumn& where) const {
  SourceLocation out;
  auto it = files_.find(where.file);
  out.file = it != files_.end() ? it->second : "<file " + std::to_string(where.file) + ">";
  out.line = where.line;
  out.column = where.column;
  return out;
}

std::optional<SourceOrigin> PtxOrigins::originAt(std::uint32_t offset) const {
  auto it = answers_.find(offset);
  if (it == answers_.end() || !it->second.location) return std::nullopt;
  SourceOrigin origin;
  origin.location = locationOf(*it->second.location);
  for (const FileLineColumn& call : it->second.inlined_at) origin.inlined_at.push_back(locationOf(call));
  origin.in_inline_asm = inlineAsmAt(offset).has_value();
  return origin;
}

std::optional<SourceRange> PtxOrigins::inlineAsmAt(std::uint32_t offset) const {
  auto it = answers_.find(offset);
  if (it == answers_.end() || !it->second.asm_begin || !it->second.asm_end) return std::nullopt;
  if (offset < *it->second.asm_begin) return std::nullopt;
  return SourceRange{*it->second.asm_begin, *it->second.asm_end};
}

void attachSourceOrigins(std::string_view text, std::vector<Diagnostic>& diagnostics) {
  std::vector<std::uint32_t> offsets;
  offsets.reserve(diagnostics.size());
  for (const Diagnostic& d : diagnostics) offsets.push_back(d.range.begin);
  PtxOrigins origins(text, std::move(offsets));
  for (Diagnostic& d : diagnostics) d.source = origins.originAt(d.range.begin);
}

}  // namespace ptxlint::diag
