// The hand-written lexer (src/parse/fast_lexer.cpp) must produce exactly the
// tokens of the generated ANTLR lexer (grammar/PtxLexer.g4): same types, same
// byte ranges, for every file under the given files or directories, and for
// the last 16 prefixes of every small input and a set of edge cases built in here.
//
//   lexer_equivalence PATH...     exit 0 when all agree, 1 otherwise
#include <antlr4-runtime.h>

#include <cstdio>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include "input_files.h"

#include "PtxLexer.h"
#include "parse/byte_char_stream.h"
#include "parse/fast_lexer.h"

namespace {

class Silent final : public antlr4::BaseErrorListener {};

ptxlint::parse::TokenVector antlrTokens(std::string_view text) {
  ptxlint::parse::ByteCharStream chars(text);
  PtxLexer lexer(&chars);
  Silent silent;
  lexer.removeErrorListeners();
  lexer.addErrorListener(&silent);
  ptxlint::parse::TokenVector out;
  for (;;) {
    std::unique_ptr<antlr4::Token> t = lexer.nextToken();
    if (t->getType() == antlr4::Token::EOF) break;
    out.push_back({static_cast<std::uint32_t>(t->getStartIndex()), static_cast<std::uint32_t>(t->getStopIndex() + 1),
                   static_cast<std::uint16_t>(t->getType())});
  }
  return out;
}

// Compares both lexers on `text`; prints the first difference.
bool same(const std::string& name, std::string_view text) {
  ptxlint::parse::TokenVector expected = antlrTokens(text);
  ptxlint::parse::TokenVector actual = ptxlint::parse::lexAll(text);
  std::size_t n = std::min(expected.size(), actual.size());
  for (std::size_t i = 0; i <= n; ++i) {
    bool differs = i == n ? expected.size() != actual.size()
                          : expected[i].type != actual[i].type || expected[i].begin != actual[i].begin ||
                                expected[i].end != actual[i].end;
    if (!differs) continue;
    auto describe = [&](const ptxlint::parse::TokenVector& tokens) {
      if (i >= tokens.size()) return std::string("<end>");
      const auto& t = tokens[i];
      return std::to_string(t.type) + " '" +
             std::string(text.substr(t.begin, std::min<std::uint32_t>(t.end - t.begin, 60))) + "' at " +
             std::to_string(t.begin);
    };
    std::fprintf(stderr, "%s: token %zu differs: ANTLR %s, hand-written %s\n", name.c_str(), i,
                 describe(expected).c_str(), describe(actual).c_str());
    return false;
  }
  // The lexer's own "an error token was seen" (the fast path's refusal)
  // agrees with the tokens.
  bool has_error_token = false;
  for (const ptxlint::parse::LexedToken& t : expected) {
    has_error_token |= t.type == PtxLexer::INVALID_CHAR || t.type == PtxLexer::BAD_NUMBER ||
                       t.type == PtxLexer::UNTERMINATED_STRING || t.type == PtxLexer::UNTERMINATED_COMMENT;
  }
  ptxlint::parse::FastLexer lexer(text);
  ptxlint::parse::TokenVector ignored;
  lexer.appendAll(ignored);
  if (lexer.sawErrorToken() != has_error_token) {
    std::fprintf(stderr, "%s: sawErrorToken() is %d, the tokens say %d\n", name.c_str(), lexer.sawErrorToken(),
                 has_error_token);
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  // Edge cases of longest match and rule order, beside the real files.
  const char* edge_cases[] = {
      "0f3F800000 0f3F8000001 0f3F80 0d3FF0000000000000 0x 0x1FU 0b102 0777U 08 1U2 1.5U 1e5U 1e+5 1.e5 1.x 1..",
      ".5 .5e3 .5e+ . .version .version_x .reg .shared::cta .v2 .v2x .b32 .f16x2 .b128 .pred .u8x",
      "%r1 %tid.x % %% $ $x _ _x _.x __x.y a.b:: a.b::c a. a.b. ld.global.nc.v4.f32 x::y",
      "\"abc\" \"ab\\\"c\" \"abc\n \"abc\\\n \"unterminated", "a/b /* c */ d // e\n f /* open",
      "<< <= < >> >= > == = != ! && & || | ^ ~ ? : ; , @ + - * / % ( ) [ ] { }", "\x80\xff\x01 \t\r\n\f\v x",
      "/*/ */ /**/ /***/ x", "1.5e 1.5e- 0x1g 0b 0B1 0X1F 09.5 0f 0d",
      // Lists of decimals without blanks (a debug section's data lines),
      // which the lexer takes in a loop of their own.
      ".b8 95,90,0,7,255,1,0\n.b8 1,02,3,0x10,4,2.5,5,2U,6,2abc,7,8.,9,1e5,0,0.,0,00,0f3F800000",
      "1,2,\n3,$x,%r1,_,4,-5,(6),7 ,8, 9,,10,0", "1,2,3", "1,", "0,0"};
  bool ok = true;
  std::size_t files = 0, bytes = 0;
  for (const char* edge : edge_cases) ok &= same("edge case", edge);

  auto check = [&](const std::filesystem::path& path, const std::string& text) {
    ++files;
    bytes += text.size();
    ok &= same(path.string(), text);
    // Cut points inside tokens: the last 16 prefixes of small inputs.
    if (text.size() <= 8192) {
      for (std::size_t cut = text.size() > 16 ? text.size() - 16 : 0; cut < text.size(); ++cut)
        ok &= same(path.string() + " (prefix)", std::string_view(text).substr(0, cut));
    }
  };
  ptxlint::testing::forEachInputFile(argc, argv, check);
  std::printf("lexer equivalence: %zu files, %zu bytes: %s\n", files, bytes, ok ? "identical tokens" : "DIFFERENT");
  return ok ? 0 : 1;
}
