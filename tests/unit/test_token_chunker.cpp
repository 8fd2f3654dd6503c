// TokenChunker (parse/token_chunker.h): a large plain-text input is cut into
// chunks on its tokens, where the prescan would cut it, and everything the
// fast path cannot take (non-ASCII bytes, error tokens, huge items) is left
// to the prescan and the slow path, with the same findings.
#include <catch2/catch.hpp>

#include <algorithm>
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
  // (Kernels of other names: a kernel defined twice is PL2011.)
  std::string more = largeModule(100000).substr(text.find(".visible"));
  for (std::size_t at = 0; (at = more.find(".entry k", at)) != std::string::npos; at += 8) more[at + 7] = 'm';
  text += more;
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

// ---------------------------------------------------------------------------
// Items cut into pieces (split_items, issue #25): a function body, an
// initializer list and a debug section longer than a chunk.
// ---------------------------------------------------------------------------
namespace {

struct Pieces {
  std::vector<Chunk> chunks;
  std::vector<ptxlint::parse::LexedToken> tokens;  // every chunk's own, in order
  TokenChunker::Step last = TokenChunker::Step::End;
};

Pieces cutInPieces(std::string_view text, std::uint32_t min_bytes) {
  Pieces out;
  TokenChunker chunker(text, min_bytes, 256, /*split_items=*/true);
  Chunk chunk;
  std::span<const ptxlint::parse::LexedToken> tokens;
  while ((out.last = chunker.next(chunk, tokens)) == TokenChunker::Step::Chunk) {
    out.chunks.push_back(chunk);
    out.tokens.insert(out.tokens.end(), tokens.begin(), tokens.end());
  }
  return out;
}

std::string label(int i) {
  std::string name = "L";
  name += std::to_string(i);
  return name;
}

// One kernel of `lines` lines: a label, a forward branch to a label further
// down (across pieces), an instruction.
std::string longKernel(int lines) {
  std::string body = "  .reg .b32 %r<4>;\n  .reg .pred %p1;\n";
  for (int i = 0; i < lines; ++i) {
    body +=
        label(i) + ":\n  setp.eq.s32 %p1, %r1, " + std::to_string(i) + ";\n  @%p1 bra " + label(i + lines / 2) + ";\n";
  }
  for (int i = lines; i < lines + lines / 2 + 1; ++i) body += label(i) + ":\n  add.s32 %r1, %r1, 1;\n";
  return ptxlint::test::inKernel(body + "  ret;");
}

// Checked whole (no streaming: one AST) and in small chunks, on one thread
// and two: the same findings.
ptxlint::Result lintInPieces(const std::string& text) {
  ptxlint::Options whole;
  whole.streaming = false;
  whole.memoize_checks = false;
  ptxlint::Options pieces;
  pieces.chunk_bytes = 1024;
  ptxlint::Result streamed = ptxlint::lint(text, pieces);
  CHECK(fingerprint(streamed) == fingerprint(ptxlint::lint(text, whole)));
  pieces.threads = 2;
  CHECK(fingerprint(streamed) == fingerprint(ptxlint::lint(text, pieces)));
  return streamed;
}

// A kernel past kLargestGroup (only such an item is cut), and the
// instructions it checks.
constexpr int kLines = 6000;
constexpr std::uint64_t kChecked = kLines * 2 + kLines / 2 + 1 + 1;

}  // namespace

TEST_CASE("a long function is cut at statement boundaries, its head and tail with every piece", "[pieces]") {
  std::string text = longKernel(kLines);
  Pieces p = cutInPieces(text, 4096);
  REQUIRE(p.last == TokenChunker::Step::End);
  REQUIRE(p.chunks.size() > 10);
  CHECK(p.tokens.size() == ptxlint::parse::lexAll(text).size());  // every token once, in its own chunk
  std::string_view head = ".visible .entry k()\n{";
  std::size_t close = text.rfind('}');
  for (std::size_t i = 0; i < p.chunks.size(); ++i) {
    const Chunk& c = p.chunks[i];
    INFO("chunk " << i);
    bool first = i == 0, last = i + 1 == p.chunks.size();
    CHECK((c.head.end > c.head.begin) == !first);
    CHECK((c.tail.end > c.tail.begin) == !last);
    if (!first) CHECK(text.substr(c.head.begin, c.head.end - c.head.begin) == head);
    if (!last) {
      CHECK(c.tail.begin == close);
      // A cut is after a statement's ';' or a label's ':'.
      char before = text[c.end - 1];
      CHECK((before == ';' || before == ':'));
    }
    CHECK(c.group.begin == 0);
    CHECK(c.group.end == close + 1);
  }
  // The first piece carries the body's labels, read ahead: all 4501.
  REQUIRE(p.chunks[0].labels != nullptr);
  CHECK(p.chunks[0].labels->entries.size() == kLines + kLines / 2 + 1);
  CHECK(p.chunks[0].labels->name(p.chunks[0].labels->entries.back()) == label(kLines + kLines / 2));
}

TEST_CASE("a function checked in pieces gives the whole function's findings", "[pieces]") {
  SECTION("forward branches across pieces are no error") {
    ptxlint::Result r = lintInPieces(longKernel(kLines));
    CHECK(r.diagnostics.empty());
    CHECK(r.stats.chunks > 10);
    CHECK(r.stats.checked == kChecked);
  }
  SECTION("an undeclared label, a duplicate, a register named like a later label") {
    std::string text = longKernel(kLines);
    text.insert(text.rfind("  ret;"), "  bra.uni Lnowhere;\nL7:\n  .reg .b32 L2900;\n");
    ptxlint::Result r = lintInPieces(text);
    REQUIRE(r.diagnostics.size() == 3);
    CHECK(r.diagnostics[0].message == "use of undeclared identifier 'Lnowhere'");
    CHECK(r.diagnostics[1].message == "redefinition of 'L7'");
    CHECK(r.diagnostics[1].notes[0].begin.line == 8 + 3 * 7);  // the first L7, in the first piece
    CHECK(r.diagnostics[2].message == "redefinition of 'L2900'");
  }
  SECTION("a syntax error in a later piece: the function is parsed again whole") {
    std::string text = longKernel(kLines);
    std::size_t at = text.find("L2500:");
    text.insert(at, "  add.s32 %r1, , %r2;\n  mov.u32 %r1 %r2;\n");
    ptxlint::Result r = lintInPieces(text);
    REQUIRE(!r.diagnostics.empty());
    for (const ptxlint::Diagnostic& d : r.diagnostics) CHECK(d.code.substr(0, 3) == "PL1");
    // The two broken statements are left out, every other one is checked.
    CHECK(r.stats.checked == kChecked);
  }
  SECTION("a name a broken statement in a later piece declares is known from its place on") {
    // As ptxlint checks a body whole (ast::Block::unknown_names): the use
    // before the broken .reg is undeclared, the one after is not.
    std::string text = longKernel(kLines);
    text.insert(text.find("L0:"), "  mov.u32 %r1, %zz;\n");
    text.insert(text.find("L2500:"), "  .reg .b32 %zz %yy;\n  mov.u32 %r1, %zz;\n");
    ptxlint::Result r = lintInPieces(text);
    REQUIRE(r.diagnostics.size() == 2);
    CHECK(r.diagnostics[0].message == "use of undeclared identifier '%zz'");
    CHECK(r.diagnostics[0].begin.line == 8);
    CHECK(r.diagnostics[1].code == "PL1001");
  }
  SECTION("a syntax error in a piece of a function of megabytes: the piece alone") {
    // (Its group, the whole function, is past what is parsed again whole.)
    std::string text = longKernel(30000);
    REQUIRE(text.size() > (1u << 20));
    std::size_t at = text.find("L25000:");
    text.insert(at, "  mov.u32 %r1 %r2;\n");
    ptxlint::Result r = lintInPieces(text);
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].message == "expected ',' between operands, found '%r2'");
    CHECK(r.stats.checked == 30000 * 2 + 15001 + 1);
  }
  SECTION("a kernel on one line is cut inside the line") {
    std::string body = ".reg .b32 %r1;";
    for (int i = 0; i < 20000; ++i) {
      body += ' ';
      body += label(i);
      body += ": mov.u32 %r1, ";
      body += std::to_string(i);
      body += ';';
    }
    std::string text = ptxlint::test::inKernel(body + " bra.uni L0;");
    Pieces p = cutInPieces(text, 4096);
    CHECK(p.last == TokenChunker::Step::End);
    CHECK(p.chunks.size() > 10);
    ptxlint::Result r = lintInPieces(text);
    CHECK(r.diagnostics.empty());
    CHECK(r.stats.checked == 20001);
  }
}

TEST_CASE("an initializer and a debug section cut into pieces", "[pieces]") {
  std::string text = ".version 8.0\n.target sm_90\n.address_size 64\n";
  for (int i = 0; i < 100; ++i) text += ".global .u32 v" + std::to_string(i) + ";\n";
  std::string elements;
  for (int i = 0; i < 40000; ++i) {
    if (i > 0) elements += ", ";
    std::string name = "v";
    name += std::to_string(i % 100);
    elements += i % 2 ? name : "generic(" + name + ")";
  }
  SECTION("names declared before, after (forward), and never") {
    std::string with_errors = text + ".global .u64 table[40003] = {" + elements + ", later, nowhere, generic(v1)};\n" +
                              ".global .u32 later;\n";
    Pieces p = cutInPieces(with_errors, 4096);
    CHECK(p.chunks.size() > 10);
    ptxlint::Result r = lintInPieces(with_errors);
    // 'later' is the manual's (no order on an initializer's names), with
    // ptxas 13.0's refusal as a warning (initializer-variable-declared-later).
    REQUIRE(r.diagnostics.size() == 2);
    CHECK(r.diagnostics[0].severity == ptxlint::Severity::Warning);
    CHECK(r.diagnostics[0].code == "PL5001");
    CHECK(r.diagnostics[1].message == "use of undeclared identifier 'nowhere' in an initializer");
  }
  SECTION("the declaration's findings once, with the whole initializer's range") {
    std::string shared = text + ".shared .u64 table[40000] = {" + elements + "};\n";
    ptxlint::Result r = lintInPieces(shared);
    REQUIRE(r.diagnostics.size() >= 1);
    CHECK(std::count_if(r.diagnostics.begin(), r.diagnostics.end(), [](const ptxlint::Diagnostic& d) {
            return d.message.find("cannot have an initializer") != std::string::npos;
          }) == 1);
  }
  SECTION("a debug section") {
    std::string section = text + ".section .debug_info\n{\n";
    for (int i = 0; i < 20000; ++i) {
      section += ".b32 ";
      section += std::to_string(i);
      section += "\n.b8 1, 2, 3, 4\n";
    }
    section += "}\n";
    Pieces p = cutInPieces(section, 4096);
    CHECK(p.chunks.size() > 10);
    CHECK(lintInPieces(section).diagnostics.empty());
  }
}

TEST_CASE("directives that no ';' ends: chunks end before a .file, a body is cut before a .loc", "[pieces]") {
  std::string text = ".version 8.0\n.target sm_90\n.address_size 64\n";
  for (int i = 1; i <= 3000; ++i) {
    text += ".file ";
    text += std::to_string(i);
    text += " \"/src/dir/file.cu\"\n";
  }
  std::string body = "  .reg .b32 %r1;\n";
  for (int i = 1; i <= 30000; ++i) {
    body += "  .loc 1 ";
    body += std::to_string(i);
    body += " 1\n";
  }
  std::string kernel = ptxlint::test::inKernel(body + "  mov.u32 %r1, 1;\n  ret;");
  text += kernel.substr(kernel.find(".visible"));
  Pieces p = cutInPieces(text, 2048);
  REQUIRE(p.last == TokenChunker::Step::End);
  CHECK(p.tokens.size() == ptxlint::parse::lexAll(text).size());
  std::size_t between = 0, before_loc = 0;
  for (const Chunk& c : p.chunks) {
    std::size_t after = text.find_first_not_of(" \t\n", c.end);
    if (after == std::string::npos) continue;
    std::string_view next = std::string_view(text).substr(after, 5);
    between += next == ".file";
    before_loc += next == ".loc ";
    // Each is a chunk of an uncut parse's chunk: the one it was cut from.
    CHECK(c.group.end > c.group.begin);
  }
  CHECK(between > 10);
  CHECK(before_loc > 10);
  ptxlint::Result r = lintInPieces(text);
  CHECK(r.diagnostics.empty());
  SECTION("a broken .file among them: the uncut chunk's syntax errors") {
    std::string broken = text;
    broken.replace(broken.find(".file 1500 "), 11, ".file 1500\n");
    broken.replace(broken.find(".loc 1 1500 1"), 13, ".loc 1 1500 ");
    ptxlint::Result b = lintInPieces(broken);
    REQUIRE(!b.diagnostics.empty());
    CHECK(b.diagnostics[0].code.substr(0, 3) == "PL1");
  }
}

// With pass_section_data the chunker's lexer passes over the debug-section
// data lines the checks drop (FastLexer::passOverSectionData): the chunks'
// tokens are every token of the text but those of such lines, whole lines
// only, and Chunk::passed_tokens counts them; lint's result (findings and
// statistics, tokens included) is the one of a parse that lexes them.
TEST_CASE("the chunker's lexer passes over exactly the section data lines the checks drop") {
  // A module of sections whose lines are drawn from every kind the passing
  // takes, gives back or leaves alone (a fixed seed), at a size that makes
  // windows, chunks and item pieces cut through them.
  std::string text = ".version 8.0\n.target sm_80\n.address_size 64\n";
  const char* kinds[] = {".b8 1,2,3,255", ".b8 0", ".b32 4294967295", ".b64 18446744073709551615", ".b64 $L__x",
                         ".b32 .debug_x", "$L__x:", "// a comment line", "", ".b8 7 // note", ".b8 256", ".b8 07, 0x1F",
                         ".b8 1,\n2", ".b8 5\n+1", ".b8 4 // n\n+1", ".b32 .debug_x+4", ".b16 9", "/* c */ .b8 3",
                         ".b32 $L__x.y", ".b8 1 ,2",
                         // (a line given back: an expression, valid syntax, were it dropped)
                         ".b32 .debug_x+4\n.b8 5\n+1"};
  // (No syntax error: a chunk with one is parsed again from its bytes by
  // the slow path, which would hide a line passed over wrongly.)
  std::uint32_t seed = 12345;
  auto draw = [&](std::uint32_t n) {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 16) % n;
  };
  for (int lines : {4000, 4000, 40000}) {  // (the last one cut into pieces)
    text += ".section .debug_info\n{\n";
    for (int line = 0; line < lines; ++line) {
      // Mostly plain lines, as a debug section is.
      std::uint32_t k = draw(10) < 7 ? draw(6) : draw(std::size(kinds));
      text += kinds[k];
      text += '\n';
    }
    text += "}\n";
  }
  for (std::uint32_t min_bytes : {2048u, 8192u}) {
    INFO("min_bytes " << min_bytes);
    std::vector<ptxlint::parse::LexedToken> all;
    for (bool pass : {false, true}) {
      TokenChunker chunker(text, min_bytes, 256, /*split_items=*/true, pass);
      Chunk chunk;
      std::span<const ptxlint::parse::LexedToken> tokens;
      std::vector<ptxlint::parse::LexedToken> kept;
      std::uint64_t passed = 0;
      TokenChunker::Step step;
      while ((step = chunker.next(chunk, tokens)) == TokenChunker::Step::Chunk) {
        kept.insert(kept.end(), tokens.begin(), tokens.end());
        passed += chunk.passed_tokens;
        if (!pass) CHECK(chunk.passed_tokens == 0);
      }
      REQUIRE(step == TokenChunker::Step::End);
      REQUIRE(text.find_first_not_of(" \t\r\n", chunker.position()) == std::string::npos);
      if (!pass) {
        all = kept;
        continue;
      }
      CHECK(kept.size() + passed == all.size());
      CHECK(passed > all.size() / 2);  // (most of the text is passed over)
      // The tokens kept are the text's, in order; each run left out is
      // whole lines.
      std::size_t i = 0;
      for (const ptxlint::parse::LexedToken& t : kept) {
        std::size_t gap_begin = i;
        while (i < all.size() && all[i].begin != t.begin) ++i;
        REQUIRE(i < all.size());
        CHECK(all[i].end == t.end);
        CHECK(all[i].type == t.type);
        if (i > gap_begin) {  // all[gap_begin, i) left out: lines from their first token
          std::uint32_t from = all[gap_begin].begin, to = all[i - 1].end;
          CHECK(text.rfind('\n', from) == text.find_last_not_of(" \t", from - 1));
          std::string rest = text.substr(to, text.find('\n', to) - to);  // blanks, a line comment
          std::size_t content = rest.find_first_not_of(" \t");
          CHECK((content == std::string::npos || rest.compare(content, 2, "//") == 0));
          CHECK(text.substr(from, 1) == ".");
        }
        ++i;
      }
    }
    ptxlint::Options whole, streamed;
    whole.streaming = false;  // (and every instruction built: all data lines lexed)
    whole.memoize_checks = false;
    whole.chunk_bytes = min_bytes;
    whole.max_errors = 1u << 20;  // (every finding compared)
    streamed.chunk_bytes = min_bytes;
    streamed.max_errors = whole.max_errors;
    ptxlint::Result a = ptxlint::lint(text, whole), b = ptxlint::lint(text, streamed);
    CHECK(fingerprint(a) == fingerprint(b));
    CHECK(a.stats.tokens == b.stats.tokens);
    CHECK(!a.truncated);
    CHECK(a.diagnostics.size() > 1000);
    CHECK(b.stats.slow_chunks == 0);
  }
}
