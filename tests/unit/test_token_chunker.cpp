// TokenChunker (parse/token_chunker.h): a large plain-text input is cut into
// chunks on its tokens, where the prescan would cut it, and everything the
// fast path cannot take (non-ASCII bytes, error tokens, huge items) is left
// to the prescan and the slow path, with the same findings.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "helpers.h"
#include "parse/prescan.h"
#include "parse/token_chunker.h"
#include "ptxlint/ptxlint.hpp"

namespace {

using ptxlint::test::fingerprint;
using ptxlint::test::readFile;

using ptxlint::parse::Chunk;
using ptxlint::parse::TokenChunker;

struct Cut {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> chunks;
  TokenChunker::Step last = TokenChunker::Step::End;
  std::uint32_t stopped_at = 0;
};

Cut cutOnTokens(std::string_view text, std::uint32_t min_bytes) {
  Cut cut;
  TokenChunker chunker(text, min_bytes, 256);
  Chunk chunk;
  std::span<const ptxlint::parse::LexedToken> tokens;
  while ((cut.last = chunker.next(chunk, tokens)) == TokenChunker::Step::Chunk) {
    REQUIRE(!tokens.empty());
    CHECK(tokens.front().begin >= chunk.begin);
    CHECK(tokens.back().end <= chunk.end);
    cut.chunks.emplace_back(chunk.begin, chunk.end);
  }
  cut.stopped_at = chunker.position();
  return cut;
}

// The prescan's chunks, but for a last one of blanks (TokenChunker ends
// without it; the driver counts it).
std::vector<std::pair<std::uint32_t, std::uint32_t>> prescanChunks(std::string_view text, std::uint32_t min_bytes) {
  ptxlint::diag::DiagnosticSink sink;
  ptxlint::parse::PrescanOptions options;
  options.min_chunk_bytes = min_bytes;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
  for (const Chunk& c : ptxlint::parse::prescan(text, options, sink).chunks) {
    if (text.substr(c.begin, c.end - c.begin).find_first_not_of(" \t\r\n") != std::string_view::npos) {
      out.emplace_back(c.begin, c.end);
    }
  }
  return out;
}

// A module of about `bytes` bytes: many small kernels.
std::string largeModule(std::size_t bytes) {
  std::string text = ".version 8.0\n.target sm_90\n.address_size 64\n";
  for (int k = 0; text.size() < bytes; ++k) {
    text += ".visible .entry k" + std::to_string(k) +
            "(.param .u64 p)\n{\n  .reg .b32 %r<4>;\n  .reg .b64 %rd<2>;\n"
            "  ld.param.u64 %rd1, [p];\n  add.s32 %r1, %r2, %r3;\n  st.global.u32 [%rd1], %r1;\n  ret;\n}\n";
  }
  return text;
}

// Checked with the fast path (TokenChunker first) and without it (the
// prescan and ANTLR throughout): the same result.
ptxlint::Result lintBothWays(const std::string& text) {
  ptxlint::Options slow;
  slow.fast_path = false;
  ptxlint::Result fast = ptxlint::lint(text);
  CHECK(fingerprint(fast) == fingerprint(ptxlint::lint(text, slow)));
  return fast;
}

}  // namespace

TEST_CASE("token chunks are the prescan's chunks", "[token-chunker]") {
  std::size_t files = 0;
  for (const char* dir : {"/corpus/nvcc", "/corpus/llvm", "/corpus/triton", "/corpus/e2e"}) {
    for (const auto& e : std::filesystem::directory_iterator(std::string(PTXLINT_SOURCE_DIR) + dir)) {
      if (e.path().extension() != ".ptx") continue;
      std::string text = readFile(e.path());
      for (std::uint32_t min_bytes : {2048u, 65536u}) {
        INFO(e.path().string() << " in chunks of " << min_bytes);
        Cut cut = cutOnTokens(text, min_bytes);
        CHECK(cut.last == TokenChunker::Step::End);
        CHECK(cut.chunks == prescanChunks(text, min_bytes));
      }
      ++files;
    }
  }
  CHECK(files > 40);
}

TEST_CASE("windows lexed in place give the whole text's tokens", "[token-chunker]") {
  // A window ends after a newline and the blanks after it, and is lexed in
  // place (the byte after it, no blank, stops the lexer's unchecked loops);
  // the last is copied. Lines with tabs, trailing blanks, blank lines, CRLF,
  // comments, and a text that ends in blanks or in a token.
  std::string base = largeModule(40000);
  std::string varied;
  for (std::size_t i = 0; i < base.size(); ++i) {
    if (base[i] != '\n') {
      varied += base[i];
      continue;
    }
    switch (i % 5) {
      case 0: varied += "\r\n\t"; break;
      case 1: varied += "   \n\n\t\t"; break;
      case 2: varied += "// note\n"; break;
      case 3: varied += "\n\v\f \n"; break;
      default: varied += "\n"; break;
    }
  }
  for (const std::string& text : {varied, varied + " \t\n  ", varied + "// last"}) {
    std::vector<ptxlint::parse::LexedToken> chunked;
    TokenChunker chunker(text, 512, 256);
    Chunk chunk;
    std::span<const ptxlint::parse::LexedToken> tokens;
    while (chunker.next(chunk, tokens) == TokenChunker::Step::Chunk)
      chunked.insert(chunked.end(), tokens.begin(), tokens.end());
    ptxlint::parse::TokenVector whole = ptxlint::parse::lexAll(text);
    REQUIRE(chunked.size() == whole.size());
    for (std::size_t i = 0; i < whole.size(); ++i) {
      INFO("token " << i);
      CHECK(chunked[i].begin == whole[i].begin);
      CHECK(chunked[i].end == whole[i].end);
      CHECK(chunked[i].type == whole[i].type);
    }
  }
}

TEST_CASE("a block comment across a window's end is one comment", "[token-chunker]") {
  std::string text = largeModule(100000);
  std::string comment = "/* a long comment with ; and } and { in it\n";
  while (comment.size() < 150000) comment += "   still the comment; } {\n";
  comment += "*/\n";
  text.insert(text.find(".visible .entry k40"), comment);
  text += largeModule(100000).substr(text.find(".visible"));
  Cut cut = cutOnTokens(text, 4096);
  CHECK(cut.last == TokenChunker::Step::End);
  CHECK(cut.chunks == prescanChunks(text, 4096));
  ptxlint::Result r = lintBothWays(text);
  CHECK(r.diagnostics.empty());
}

TEST_CASE("what only the prescan judges stops the token chunks there", "[token-chunker]") {
  std::string text = largeModule(300000);
  SECTION("a non-ASCII byte in a comment") {
    std::size_t at = text.find(".visible .entry k900");
    REQUIRE(at != std::string::npos);
    text.insert(at, "// caf\xc3\xa9\n");
    Cut cut = cutOnTokens(text, 65536);
    CHECK(cut.last == TokenChunker::Step::Trouble);
    // It stops at the chunk being assembled when its window met the byte
    // (windows run up to two chunks ahead), not before.
    CHECK(cut.stopped_at <= at);
    CHECK(cut.stopped_at + 3 * 65536 > at);
    CHECK(!cut.chunks.empty());
    ptxlint::Result r = lintBothWays(text);
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].code == "PL1008");
  }
  SECTION("a syntax error") {
    std::size_t at = text.find("add.s32", text.find(".visible .entry k1500"));
    text.insert(at, "add.s32 %r1, , %r2;\n  ");
    ptxlint::Result r = lintBothWays(text);
    REQUIRE(!r.diagnostics.empty());
    CHECK(r.diagnostics[0].code.substr(0, 3) == "PL1");
  }
  SECTION("a line of megabytes") {
    std::string line = ".version 8.0\n.target sm_90\n.address_size 64\n";
    while (line.size() < (TokenChunker::kLargestChunk + (1u << 20)))
      line += ".global .u32 g" + std::to_string(line.size()) + "; ";
    Cut cut = cutOnTokens(line, 65536);
    CHECK(cut.last == TokenChunker::Step::Trouble);
    CHECK(cut.chunks.empty());
  }
}
