#include "cuda/asm_map.h"

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "diag/source_origin.h"

namespace ptxlint::cuda {
namespace {

bool isIdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// A cursor over the source that knows its line and column.
class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) {}
  bool done() const { return at_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const { return at_ + ahead < text_.size() ? text_[at_ + ahead] : '\0'; }
  SourcePosition position() const { return {line_, column_}; }
  std::uint32_t line() const { return line_; }
  std::size_t offset() const { return at_; }
  void advance() {
    if (done()) return;
    if (text_[at_] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    ++at_;
  }
  void advance(std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) advance();
  }
  std::string_view rest() const { return text_.substr(at_); }

  // Blanks, comments and line continuations.
  void skipTrivia() {
    while (!done()) {
      if (isBlank(peek())) {
        advance();
      } else if (peek() == '\\' && peek(1) == '\n') {
        advance(2);
      } else if (peek() == '/' && peek(1) == '/') {
        while (!done() && peek() != '\n') advance();
      } else if (peek() == '/' && peek(1) == '*') {
        advance(2);
        while (!done() && !(peek() == '*' && peek(1) == '/')) advance();
        advance(2);
      } else {
        return;
      }
    }
  }

  // Skips a string or character literal starting here (any prefix consumed).
  void skipQuoted() {
    char quote = peek();
    advance();
    while (!done() && peek() != quote && peek() != '\n') {
      if (peek() == '\\') advance();
      advance();
    }
    advance();
  }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
  std::uint32_t line_ = 1, column_ = 1;
};

// Decodes one ordinary string literal at the cursor (after an optional
// encoding prefix) onto the statement; false if there is none.
bool readStringLiteral(Cursor& c, AsmStatement& out) {
  std::size_t prefix = 0;
  while (prefix < 3 &&
         (c.peek(prefix) == 'u' || c.peek(prefix) == 'U' || c.peek(prefix) == 'L' || c.peek(prefix) == '8')) {
    ++prefix;
  }
  if (c.peek(prefix) == 'R' && c.peek(prefix + 1) == '"') {  // raw: R"delim(...)delim"
    c.advance(prefix + 2);
    std::string delimiter;
    while (!c.done() && c.peek() != '(' && delimiter.size() < 16) {
      delimiter += c.peek();
      c.advance();
    }
    c.advance();
    std::string close = ")" + delimiter + "\"";
    while (!c.done() && c.rest().substr(0, close.size()) != close) {
      out.positions.push_back(c.position());
      out.templ += c.peek();
      c.advance();
    }
    c.advance(close.size());
    return true;
  }
  if (c.peek(prefix) != '"') return false;
  c.advance(prefix + 1);
  while (!c.done() && c.peek() != '"' && c.peek() != '\n') {
    SourcePosition at = c.position();
    char value = c.peek();
    if (value == '\\') {
      c.advance();
      char e = c.peek();
      c.advance();
      switch (e) {
        case 'n': value = '\n'; break;
        case 't': value = '\t'; break;
        case 'r': value = '\r'; break;
        case 'v': value = '\v'; break;
        case 'f': value = '\f'; break;
        case 'a': value = '\a'; break;
        case '\n': continue;  // a line continuation inside the literal
        case 'x': {
          unsigned v = 0;
          while (std::isxdigit(static_cast<unsigned char>(c.peek()))) {
            v = v * 16 + static_cast<unsigned>(std::strtoul(std::string(1, c.peek()).c_str(), nullptr, 16));
            c.advance();
          }
          value = static_cast<char>(v);
          break;
        }
        default:
          if (e >= '0' && e <= '7') {
            unsigned v = static_cast<unsigned>(e - '0');
            for (int k = 0; k < 2 && c.peek() >= '0' && c.peek() <= '7'; ++k) {
              v = v * 8 + static_cast<unsigned>(c.peek() - '0');
              c.advance();
            }
            value = static_cast<char>(v);
          } else {
            value = e;  // \" \\ \' \?
          }
      }
    } else {
      c.advance();
    }
    out.templ += value;
    out.positions.push_back(at);
  }
  c.advance();  // the closing quote
  return true;
}

// After `asm` and its qualifiers at the '(': the template's literals, then
// the rest of the statement up to its closing parenthesis.
void readAsmStatement(Cursor& c, AsmStatement& out) {
  c.advance();  // (
  for (;;) {
    c.skipTrivia();
    if (!readStringLiteral(c, out)) break;
  }
  int depth = 1;
  while (!c.done() && depth > 0) {
    char ch = c.peek();
    if (ch == '"' || ch == '\'') {
      c.skipQuoted();
      continue;
    }
    if (ch == '/' && (c.peek(1) == '/' || c.peek(1) == '*')) {
      c.skipTrivia();
      continue;
    }
    if (ch == '(') ++depth;
    if (ch == ')') --depth;
    c.advance();
  }
  out.last_line = c.line();
}

bool isAsmKeyword(std::string_view word) { return word == "asm" || word == "__asm__" || word == "__asm"; }
bool isAsmQualifier(std::string_view word) {
  return word == "volatile" || word == "__volatile__" || word == "__volatile" || word == "inline" || word == "goto";
}

std::string_view wordAt(const Cursor& c) {
  std::string_view rest = c.rest();
  std::size_t n = 0;
  while (n < rest.size() && isIdentifierChar(rest[n])) ++n;
  return rest.substr(0, n);
}

}  // namespace

std::vector<AsmStatement> findAsmStatements(std::string_view source) {
  std::vector<AsmStatement> out;
  Cursor c(source);
  char previous = ' ';
  while (!c.done()) {
    char ch = c.peek();
    if (ch == '/' && (c.peek(1) == '/' || c.peek(1) == '*')) {
      c.skipTrivia();
      continue;
    }
    if (ch == '"' || (ch == '\'' && !isIdentifierChar(previous))) {  // 1'000: a digit separator
      c.skipQuoted();
      previous = ' ';
      continue;
    }
    if (!isIdentifierChar(ch) || isIdentifierChar(previous)) {
      previous = ch;
      c.advance();
      continue;
    }
    std::string_view word = wordAt(c);
    std::uint32_t line = c.line();
    c.advance(word.size());
    previous = 'a';
    if (!isAsmKeyword(word)) continue;
    c.skipTrivia();
    while (isAsmQualifier(wordAt(c))) {
      c.advance(wordAt(c).size());
      c.skipTrivia();
    }
    if (c.peek() != '(') continue;
    AsmStatement statement;
    statement.first_line = line;
    readAsmStatement(c, statement);
    previous = ')';
    if (!statement.templ.empty()) out.push_back(std::move(statement));
  }
  return out;
}

namespace {

// One Python string literal at the cursor ('...', "...", triple-quoted, with
// an r prefix or none); false if there is none.
bool readPythonLiteral(Cursor& c, AsmStatement& out) {
  bool raw = c.peek() == 'r' || c.peek() == 'R';
  std::size_t prefix = raw ? 1 : 0;
  char quote = c.peek(prefix);
  if (quote != '"' && quote != '\'') return false;
  bool triple = c.peek(prefix + 1) == quote && c.peek(prefix + 2) == quote;
  c.advance(prefix + (triple ? 3 : 1));
  while (!c.done()) {
    if (c.peek() == quote && (!triple || (c.peek(1) == quote && c.peek(2) == quote))) {
      c.advance(triple ? 3 : 1);
      return true;
    }
    if (!triple && c.peek() == '\n') return true;
    SourcePosition at = c.position();
    char value = c.peek();
    c.advance();
    if (value == '\\' && !raw) {
      char e = c.peek();
      c.advance();
      value = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
      if (e == '\n') continue;
    }
    out.templ += value;
    out.positions.push_back(at);
  }
  return true;
}

void skipPythonTrivia(Cursor& c) {
  while (!c.done()) {
    if (isBlank(c.peek()) || (c.peek() == '\\' && c.peek(1) == '\n')) {
      c.advance();
    } else if (c.peek() == '#') {
      while (!c.done() && c.peek() != '\n') c.advance();
    } else {
      return;
    }
  }
}

}  // namespace

std::vector<AsmStatement> findPythonAsmStatements(std::string_view source) {
  std::vector<AsmStatement> out;
  constexpr std::string_view kCall = "inline_asm_elementwise";
  Cursor c(source);
  while (!c.done()) {
    std::size_t at = c.rest().find(kCall);
    if (at == std::string_view::npos) break;
    c.advance(at + kCall.size());
    AsmStatement statement;
    statement.first_line = c.line();
    skipPythonTrivia(c);
    if (c.peek() != '(') continue;
    c.advance();
    skipPythonTrivia(c);
    if (c.rest().substr(0, 3) == "asm") {  // asm="..."
      c.advance(3);
      skipPythonTrivia(c);
      if (c.peek() != '=') continue;
      c.advance();
      skipPythonTrivia(c);
    }
    if (c.peek() == '(') {  // ("..." "...") over several lines
      c.advance();
      skipPythonTrivia(c);
    }
    while (readPythonLiteral(c, statement)) skipPythonTrivia(c);
    statement.last_line = c.line();
    if (!statement.templ.empty()) out.push_back(std::move(statement));
  }
  return out;
}

namespace {

bool isOperandChar(char c) { return isIdentifierChar(c) || c == '%' || c == '$'; }

// Aligns the template with the block, whitespace aside: literal bytes match
// themselves, %% a %, and %N, %[name] or %= the operand text put in its
// place (a register, an immediate). Fills `template_of` (per block byte, the
// template index that produced it, or -1 for whitespace); false if they
// differ.
bool align(std::string_view templ, std::string_view block, std::vector<int>& template_of) {
  template_of.assign(block.size(), -1);
  std::size_t t = 0, b = 0;
  auto skip = [](std::string_view s, std::size_t& i) {
    while (i < s.size() && isBlank(s[i])) ++i;
  };
  for (;;) {
    skip(templ, t);
    skip(block, b);
    if (t >= templ.size() || b >= block.size()) break;
    // An operand: %0, %[name], %= (C++), or $0 (LLVM's syntax, Triton's).
    bool dollar = templ[t] == '$' && t + 1 < templ.size() && std::isdigit(static_cast<unsigned char>(templ[t + 1]));
    if (dollar ||
        (templ[t] == '%' && t + 1 < templ.size() && templ[t + 1] != '%' &&
         (std::isdigit(static_cast<unsigned char>(templ[t + 1])) || templ[t + 1] == '[' || templ[t + 1] == '='))) {
      std::size_t operand = t++;
      if (templ[t] == '[') {
        while (t < templ.size() && templ[t] != ']') ++t;
        ++t;
      } else if (templ[t] == '=') {
        ++t;
      } else {
        while (t < templ.size() && std::isdigit(static_cast<unsigned char>(templ[t]))) ++t;
      }
      std::size_t start = b;
      if (b < block.size() && block[b] == '-') ++b;
      while (b < block.size() && isOperandChar(block[b])) ++b;
      if (b == start) return false;
      for (std::size_t i = start; i < b; ++i) template_of[i] = static_cast<int>(operand);
      continue;
    }
    if ((templ[t] == '%' || templ[t] == '$') && t + 1 < templ.size() && templ[t + 1] == templ[t]) ++t;  // %% $$
    if (templ[t] != block[b]) return false;
    template_of[b++] = static_cast<int>(t++);
  }
  skip(templ, t);
  skip(block, b);
  // A comment the block has beyond the template (one added to the PTX).
  while (t >= templ.size() && block.substr(b, 2) == "//") {
    b = std::min(block.size(), block.find('\n', b));
    skip(block, b);
  }
  return t >= templ.size() && b >= block.size();
}

}  // namespace

std::optional<SourcePosition> mapAsmOffset(const AsmStatement& statement, std::string_view block,
                                           std::uint32_t offset) {
  std::vector<int> template_of;
  if (!align(statement.templ, block, template_of)) return std::nullopt;
  // A blank maps to the next byte that was written.
  for (std::size_t i = offset; i < block.size(); ++i) {
    if (template_of[i] >= 0) return statement.positions[static_cast<std::size_t>(template_of[i])];
  }
  return std::nullopt;
}

const AsmStatement* asmStatementFor(const std::vector<AsmStatement>& statements, std::uint32_t line,
                                    std::string_view block) {
  std::vector<int> scratch;
  const AsmStatement* nearest = nullptr;
  std::uint32_t best = UINT32_MAX;
  for (const AsmStatement& s : statements) {
    std::uint32_t distance = line < s.first_line ? s.first_line - line : line > s.last_line ? line - s.last_line : 0;
    if (distance >= best) continue;
    if (!align(s.templ, block, scratch)) continue;
    nearest = &s;
    best = distance;
  }
  return nearest;
}

void refinePythonAsmOrigins(std::string_view ptx, std::vector<Diagnostic>& diagnostics) {
  std::optional<diag::PtxOrigins> origins;
  std::map<std::string, std::vector<AsmStatement>> statements;  // per .py file
  for (Diagnostic& d : diagnostics) {
    if (!d.source || !d.source->in_inline_asm) continue;
    const std::string& file = d.source->location.file;
    if (file.size() < 3 || file.compare(file.size() - 3, 3, ".py") != 0) continue;
    if (!origins) {
      std::vector<std::uint32_t> offsets;
      for (const Diagnostic& other : diagnostics) offsets.push_back(other.range.begin);
      origins.emplace(ptx, std::move(offsets));
    }
    std::optional<SourceRange> block = origins->inlineAsmAt(d.range.begin);
    if (!block) continue;
    auto it = statements.find(file);
    if (it == statements.end()) {
      std::ifstream in(file, std::ios::binary);
      std::stringstream text;
      if (in) text << in.rdbuf();
      it = statements.emplace(file, findPythonAsmStatements(text.str())).first;
    }
    std::string_view block_text = ptx.substr(block->begin, block->end - block->begin);
    const AsmStatement* statement = asmStatementFor(it->second, d.source->location.line, block_text);
    if (!statement) continue;
    if (auto at = mapAsmOffset(*statement, block_text, d.range.begin - block->begin)) {
      d.source->location.line = at->line;
      d.source->location.column = at->column;
    }
  }
}

}  // namespace ptxlint::cuda
