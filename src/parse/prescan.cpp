#include "parse/prescan.h"

#include <algorithm>
#include <array>
#include <cstring>

#include <fmt/format.h>

namespace ptxlint::parse {
namespace {

// Length of a valid UTF-8 sequence starting at text[i], or 0 if invalid.
std::size_t utf8SequenceLength(std::string_view text, std::size_t i) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char c = byte(i);
  std::size_t len;
  std::uint32_t min_value;
  std::uint32_t value;
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) {
    len = 2;
    value = c & 0x1F;
    min_value = 0x80;
  } else if ((c & 0xF0) == 0xE0) {
    len = 3;
    value = c & 0x0F;
    min_value = 0x800;
  } else if ((c & 0xF8) == 0xF0) {
    len = 4;
    value = c & 0x07;
    min_value = 0x10000;
  } else
    return 0;
  if (i + len > text.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    value = (value << 6) | (byte(i + k) & 0x3F);
  }
  if (value < min_value || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 0;
  return len;
}

// Binary input: a NUL or mostly control bytes in the first 4 KiB. Such a
// file gets one diagnostic, not one per byte.
// Per byte: 1 for a control byte that text does not use, 2 for NUL.
constexpr std::array<std::uint8_t, 256> makeControlBytes() {
  std::array<std::uint8_t, 256> table{};
  for (int c = 1; c < 0x20; ++c) table[c] = 1;
  for (char c : std::string_view("\n\r\t\f\v")) table[static_cast<unsigned char>(c)] = 0;
  table[0] = 2;
  return table;
}
constexpr std::array<std::uint8_t, 256> kControlByte = makeControlBytes();

bool looksBinary(std::string_view text) {
  std::size_t n = std::min<std::size_t>(text.size(), 4096);
  std::size_t control = 0;
  std::uint8_t nul = 0;
  for (std::size_t i = 0; i < n; ++i) {  // branch-free: text has no such bytes
    std::uint8_t kind = kControlByte[static_cast<unsigned char>(text[i])];
    control += kind & 1;
    nul |= kind & 2;
  }
  return nul != 0 || (n > 0 && control * 10 > n);
}

}  // namespace

// ptxas accepts ASCII only, in comments and strings too ("Unexpected
// non-ASCII character"), and reads a NUL byte as the end of the file. The
// first offending byte is reported, with a count of the others.
// True when every byte is ASCII and none is NUL: sixteen bytes at a time
// (the common case costs a fraction of a byte-wise loop).
bool allPlainAscii(std::string_view text) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHighs = 0x8080808080808080ULL;
  auto odd = [&](std::uint64_t w) { return (w | ((w - kOnes) & ~w)) & kHighs; };  // a high bit, or a zero byte
  std::size_t i = 0;
  for (; i + 16 <= text.size(); i += 16) {
    std::uint64_t a, b;
    std::memcpy(&a, text.data() + i, 8);
    std::memcpy(&b, text.data() + i + 8, 8);
    if ((odd(a) | odd(b)) != 0) return false;
  }
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, text.data() + i, 8);
    if (odd(w) != 0) return false;
  }
  for (; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c == 0 || c >= 0x80) return false;
  }
  return true;
}

namespace {

void reportEncoding(std::string_view text, diag::DiagnosticSink& sink, support::InputPages* pages) {
  if (pages != nullptr && pages->releasable()) {
    // A megabyte at a time, giving each back once read.
    constexpr std::size_t kBlock = 1 << 20;
    bool plain = true;
    pages->restart();
    for (std::size_t at = 0; at < text.size() && plain; at += kBlock) {
      plain = allPlainAscii(text.substr(at, kBlock));
      pages->releaseBefore(std::min(text.size(), at + kBlock));
    }
    if (plain) return;
  } else if (allPlainAscii(text)) {
    return;
  }
  std::size_t first = text.size();
  std::size_t others = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c != 0 && c < 0x80) continue;
    if (first == text.size()) {
      first = i;
    } else if (c == 0 || (c & 0xC0) != 0x80) {
      ++others;  // count characters, not UTF-8 continuation bytes
    }
  }
  if (first == text.size()) return;
  auto at = static_cast<std::uint32_t>(first);
  auto c = static_cast<unsigned char>(text[first]);
  std::string message;
  std::uint32_t length = 1;
  if (c == 0) {
    message = "NUL byte in input; ptxas reads it as the end of the file";
  } else if (std::size_t len = utf8SequenceLength(text, first); len > 0) {
    std::uint32_t code_point = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
    for (std::size_t k = 1; k < len; ++k)
      code_point = (code_point << 6) | (static_cast<unsigned char>(text[first + k]) & 0x3F);
    message = fmt::format("non-ASCII character U+{:04X}; PTX source is ASCII text, also in comments", code_point);
    length = static_cast<std::uint32_t>(len);
  } else {
    message = fmt::format("invalid UTF-8 byte 0x{:02X}; PTX source is ASCII text", c);
  }
  if (others > 0) message += fmt::format(" ({} more such characters)", others);
  sink.report(diag::RuleId::InvalidEncoding, {at, at + length}, std::move(message));
}

// What the chunk scanner does with each byte: most bytes of PTX are names,
// numbers, dots, commas and blanks, skipped in a tight loop. Bit flags, so
// that eight bytes are classified with one OR.
constexpr std::uint8_t kSpecial = 1;  // handled one at a time below
constexpr std::uint8_t kPlain = 2;    // a name, number, dot, comma ...: ends a run of prefix operators

constexpr std::array<std::uint8_t, 256> makeByteClasses() {
  std::array<std::uint8_t, 256> table{};
  for (int c = 0; c < 256; ++c) table[c] = c >= 0x80 || c == 0 ? kSpecial : kPlain;
  for (char c : std::string_view(" \t\r\n\f\v")) table[static_cast<unsigned char>(c)] = 0;  // blanks
  for (char c : std::string_view("/\"{}()[];?-+!~")) table[static_cast<unsigned char>(c)] = kSpecial;
  return table;
}
constexpr std::array<std::uint8_t, 256> kByteClass = makeByteClasses();

// The end of the run of plain bytes and blanks at `p`; `plain` tells
// whether it held a plain byte.
const unsigned char* skipOrdinary(const unsigned char* p, const unsigned char* end, bool& plain) {
  std::uint8_t seen = 0;
  while (end - p >= 8) {
    std::uint8_t f = kByteClass[p[0]] | kByteClass[p[1]] | kByteClass[p[2]] | kByteClass[p[3]] | kByteClass[p[4]] |
                     kByteClass[p[5]] | kByteClass[p[6]] | kByteClass[p[7]];
    if (f & kSpecial) break;
    seen |= f;
    p += 8;
  }
  while (p < end && !(kByteClass[*p] & kSpecial)) seen |= kByteClass[*p++];
  plain = (seen & kPlain) != 0;
  return p;
}

// Binary input: one diagnostic, at the first NUL byte (or the start), and
// nothing parsed.
PrescanResult reportBinary(std::string_view text, diag::DiagnosticSink& sink) {
  PrescanResult result;
  const auto size = static_cast<std::uint32_t>(text.size());
  result.is_binary = true;
  std::uint32_t at = 0;
  while (at < size && text[at] != '\0') ++at;
  if (at == size) at = 0;
  sink.report(diag::RuleId::InvalidEncoding, {at, std::min(at + 1, size)}, "input is binary data, not PTX text");
  return result;
}

// Cuts the file into chunks of whole top-level items, and reports the first
// nesting in a chunk that is too deep (the chunk is then skipped).
class ChunkCutter {
 public:
  ChunkCutter(PrescanResult& result, const PrescanOptions& options, diag::DiagnosticSink& sink, std::uint32_t begin)
      : result_(result), options_(options), sink_(sink), chunk_begin_(begin), head_(options.continues) {}

  std::uint32_t chunkBegin() const { return chunk_begin_; }

  void tooDeep(std::uint32_t at, const char* what) {
    if (!chunk_too_deep_) {
      sink_.report(diag::RuleId::NestingTooDeep, {at, at + 1},
                   fmt::format("{} nested deeper than {} levels; this part of the file is not parsed", what,
                               options_.max_nesting));
    }
    chunk_too_deep_ = true;
  }
  void endChunk(std::uint32_t end) {
    Chunk& chunk = result_.chunks.emplace_back();
    chunk.begin = chunk_begin_;
    chunk.end = end;
    chunk.skip = chunk_too_deep_;
    if (head_.end > head_.begin) {  // the first chunk may continue an item cut into pieces
      chunk.head = head_;
      chunk.group = {options_.group.begin, end};
    }
    head_ = {};
    chunk_begin_ = end;
    chunk_too_deep_ = false;
  }
  // A top-level item ended at `end`: start a new chunk when the current one
  // is big enough (or cannot be parsed anyway).
  void itemEnded(std::uint32_t end) {
    // (A chunk that continues an item cut into pieces ends with it, as
    // TokenChunker's do.)
    if (end - chunk_begin_ >= options_.min_chunk_bytes || chunk_too_deep_ || head_.end > head_.begin) endChunk(end);
  }

 private:
  PrescanResult& result_;
  const PrescanOptions& options_;
  diag::DiagnosticSink& sink_;
  std::uint32_t chunk_begin_;
  bool chunk_too_deep_ = false;
  SourceRange head_;
};

// Nesting in the statement being scanned, held against max_nesting.
struct Nesting {
  std::uint32_t brace_depth = 0;
  std::uint32_t paren_depth = 0;  // ( and [
  std::uint32_t prefix_run = 0;   // consecutive unary operators, e.g. - - - 1
  std::uint32_t ternaries = 0;    // '?' in the current statement
};

// Skips the blank, comment or string that starts at text[i] (`c`), if one
// does: true when it did, with `i` past it.
bool skipBlankCommentOrString(std::string_view text, char c, std::uint32_t& i, PrescanResult& result,
                              Nesting& nesting) {
  const auto size = static_cast<std::uint32_t>(text.size());
  switch (c) {
    case ' ':
    case '\t':
    case '\r':
    case '\n':
    case '\f':
    case '\v': ++i; return true;
    case '/':
      if (i + 1 < size && text[i + 1] == '/') {
        const void* newline = std::memchr(text.data() + i, '\n', size - i);
        i = newline == nullptr ? size : static_cast<std::uint32_t>(static_cast<const char*>(newline) - text.data());
        return true;
      }
      if (i + 1 < size && text[i + 1] == '*') {
        std::size_t close = text.find("*/", i + 2);
        // An unterminated comment is reported by the parser (one token).
        if (close == std::string_view::npos) {
          result.has_tokens = true;
          i = size;
        } else {
          i = static_cast<std::uint32_t>(close + 2);
        }
        return true;
      }
      return false;
    case '"': {
      ++i;
      while (i < size && text[i] != '"' && text[i] != '\n') {
        if (text[i] == '\\' && i + 1 < size && text[i + 1] != '\n') ++i;
        ++i;
      }
      if (i < size && text[i] == '"') ++i;
      result.has_tokens = true;
      nesting.prefix_run = 0;
      return true;
    }
    default: return false;
  }
}

// Whether the '}' at text[i] that closes the outermost brace ends a
// top-level item. The end of a function body or section does; the end of an
// initializer list does not (a ';' or ',' follows it).
bool closingBraceEndsItem(std::string_view text, std::uint32_t i) {
  const auto size = static_cast<std::uint32_t>(text.size());
  std::uint32_t j = i + 1;
  while (j < size && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r' || text[j] == '\n')) ++j;
  return j >= size || (text[j] != ';' && text[j] != ',');
}

// Tracks the nesting that punctuation character `c` at text[i] opens or
// closes (braces, parentheses and brackets, '?' in a statement), and the
// items that ';' and '}' end.
void scanPunctuation(std::string_view text, char c, std::uint32_t i, std::uint32_t max_nesting, Nesting& nesting,
                     ChunkCutter& cutter) {
  switch (c) {
    case '{':
      if (++nesting.brace_depth > max_nesting) cutter.tooDeep(i, "braces");
      break;
    case '}':
      if (nesting.brace_depth > 0 && --nesting.brace_depth == 0 && nesting.paren_depth == 0) {
        if (closingBraceEndsItem(text, i)) cutter.itemEnded(i + 1);
      }
      break;
    case '(':
    case '[':
      if (++nesting.paren_depth > max_nesting) cutter.tooDeep(i, "parentheses");
      break;
    case ')':
    case ']':
      if (nesting.paren_depth > 0) --nesting.paren_depth;
      break;
    case ';':
      nesting.ternaries = 0;
      nesting.paren_depth = 0;
      if (nesting.brace_depth == 0) cutter.itemEnded(i + 1);
      break;
    case '?':
      if (++nesting.ternaries > max_nesting) cutter.tooDeep(i, "conditional expressions");
      break;
    default: break;
  }
}

}  // namespace

bool isPlainText(std::string_view text) { return !looksBinary(text) && allPlainAscii(text); }

PrescanResult prescan(std::string_view text, const PrescanOptions& options, diag::DiagnosticSink& sink) {
  if (looksBinary(text)) return reportBinary(text, sink);
  PrescanResult result;
  const auto size = static_cast<std::uint32_t>(text.size());

  reportEncoding(text, sink, options.pages);
  if (options.pages != nullptr) options.pages->restart();
  std::uint32_t next_release = 1 << 20;
  Nesting nesting;
  // Inside the body of an item cut into pieces: one level of braces deep.
  if (options.continues.end > options.continues.begin) nesting.brace_depth = 1;
  ChunkCutter cutter(result, options, sink, std::min(options.start, size));
  result.has_tokens = cutter.chunkBegin() > 0;  // the items before `start`

  std::uint32_t i = cutter.chunkBegin();
  while (i < size) {
    if (i >= next_release && options.pages != nullptr) {
      options.pages->releaseBefore(i);
      next_release = i + (1 << 20);
    }
    // Runs of plain bytes and blanks (a plain byte ends a run of prefix
    // operators; blanks do not).
    if (!(kByteClass[static_cast<unsigned char>(text[i])] & kSpecial)) {
      const auto* base = reinterpret_cast<const unsigned char*>(text.data());
      bool plain = false;
      i = static_cast<std::uint32_t>(skipOrdinary(base + i, base + size, plain) - base);
      if (plain) {
        result.has_tokens = true;
        nesting.prefix_run = 0;
      }
      continue;
    }
    char c = text[i];
    auto uc = static_cast<unsigned char>(c);
    if (uc >= 0x80 || c == '\0') {  // reported by the encoding pass above
      result.has_tokens = true;
      nesting.prefix_run = 0;
      ++i;
      continue;
    }
    if (skipBlankCommentOrString(text, c, i, result, nesting)) continue;
    result.has_tokens = true;
    scanPunctuation(text, c, i, options.max_nesting, nesting, cutter);
    bool is_prefix = c == '-' || c == '+' || c == '!' || c == '~';
    if (is_prefix) {
      if (++nesting.prefix_run > options.max_nesting) cutter.tooDeep(i, "unary operators");
    } else {
      nesting.prefix_run = 0;
    }
    ++i;
  }
  if (cutter.chunkBegin() < size || result.chunks.empty()) cutter.endChunk(size);
  return result;
}

}  // namespace ptxlint::parse
