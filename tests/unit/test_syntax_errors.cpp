// Syntax errors: one diagnostic per error, in plain words, at the right place,
// and the parser goes on after each.
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "helpers.h"

using namespace ptxlint;
using namespace ptxlint::test;

namespace {

Result lintKernel(std::string_view body) { return lint(inKernel(body)); }

}  // namespace

TEST_CASE("a missing semicolon is reported after the previous token, with a fix-it", "[syntax]") {
  // (The registers are declared: the statements are checked too.)
  Result r = lintKernel(".reg .b32 %r<3>;\nmov.u32 %r1, %tid.x\nadd.u32 %r2, %r1, 1;");
  REQUIRE(r.diagnostics.size() == 1);
  const Diagnostic& d = r.diagnostics[0];
  CHECK(d.code == "PL1002");
  CHECK(d.message == "expected ';' after instruction");
  CHECK(d.begin.line == 7);
  CHECK(d.begin.column == 20);
  REQUIRE(d.fixits.size() == 1);
  CHECK(d.fixits[0].replacement == ";");
  CHECK(d.fixits[0].range.begin == d.range.begin);
}

TEST_CASE("every syntax error of a file is reported in one run", "[syntax]") {
  Result r = lintKernel(
      "add.s32 %r2, %r1 %r3;\n"      // line 6: missing ','
      "ld.global.u32 %r4, [%rd1;\n"  // line 7: missing ']'
      "mov.u32 %r5, `7;\n"           // line 8: invalid character
      "add.s32 %r6, %r1, ;\n"        // line 9: missing operand
      "ret;");
  REQUIRE(r.diagnostics.size() == 4);
  CHECK(r.diagnostics[0].begin.line == 6);
  CHECK(r.diagnostics[0].message == "expected ',' between operands, found '%r3'");
  CHECK(r.diagnostics[1].begin.line == 7);
  CHECK(r.diagnostics[1].message == "expected ']', found ';'");
  CHECK(r.diagnostics[2].code == "PL1003");
  CHECK(r.diagnostics[2].begin.line == 8);
  CHECK(r.diagnostics[2].begin.column == 14);
  CHECK(r.diagnostics[3].message == "expected an operand, found ';'");
}

TEST_CASE("an unknown directive is named, with a suggestion", "[syntax]") {
  Result r = lint(".version 8.0\n.target sm_90\n.entry k()\n.maxntd 128\n{\nret;\n}\n");
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].code == "PL1006");
  CHECK(r.diagnostics[0].message == "unknown directive '.maxntd'");
  REQUIRE(r.diagnostics[0].notes.size() == 1);
  CHECK(r.diagnostics[0].notes[0].message == "did you mean '.maxntid'?");
  CHECK(r.diagnostics[0].fixits.at(0).replacement == ".maxntid");
}

TEST_CASE("statements after an error in a function body are still parsed", "[syntax]") {
  std::string text = inKernel(".reg .b32 %r<8>;\nmov.u32 %r1 %r2;\nmov.u32 %r3, %r4;\nadd.s32 %r5, %r6 %r7;");
  Result r = lint(text);
  REQUIRE(r.diagnostics.size() == 2);
  CHECK(r.diagnostics[0].begin.line == 7);
  CHECK(r.diagnostics[1].begin.line == 9);
  // The good statement stays in the AST; the broken ones are left out.
  Parsed p = parseText(text);
  CHECK(firstFunction(p).body->statements.size() == 2);
}

TEST_CASE("a stray '}' at module level does not hide what follows", "[syntax]") {
  Result r = lint(".version 8.0\n.target sm_90\n}\n.entry k() { mov.u32 %r1 %r2; }\n");
  REQUIRE(r.diagnostics.size() == 2);
  CHECK(r.diagnostics[0].begin.line == 3);
  CHECK(r.diagnostics[1].begin.line == 4);
}

TEST_CASE("declarations need one state space and one type", "[syntax]") {
  Result r = lintKernel(".reg .b32 .u32 %x;\n.global .align 4 y;\n.reg .reg .b32 z;");
  REQUIRE(r.diagnostics.size() == 3);
  CHECK(r.diagnostics[0].message == "declaration has a second type '.u32'");
  REQUIRE(r.diagnostics[0].notes.size() == 1);
  CHECK(r.diagnostics[0].notes[0].message == "first type is '.b32'");
  CHECK(r.diagnostics[1].message == "declaration has no type (such as .b32)");
  CHECK(r.diagnostics[2].message == "declaration has a second state space '.reg'");
}

TEST_CASE("unterminated comments and strings", "[syntax]") {
  Result comment = lint(".version 8.0\n.target sm_90\n/* never closed\n.entry k() { ret; }\n");
  REQUIRE(comment.diagnostics.size() == 1);
  CHECK(comment.diagnostics[0].code == "PL1004");
  CHECK(comment.diagnostics[0].begin.line == 3);
  Result string = lint(".version 8.0\n.target sm_90\n.pragma \"nounroll;\n.entry k() { ret; }\n");
  REQUIRE_FALSE(string.diagnostics.empty());
  CHECK(string.diagnostics[0].code == "PL1005");
  CHECK(string.diagnostics[0].begin.line == 3);
  CHECK(string.diagnostics[0].begin.column == 9);
}

TEST_CASE("the end of file inside a function is reported once, after the body's last token", "[syntax]") {
  Result r = lint(".version 8.0\n.target sm_90\n.entry k() {\nret;\n");
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].code == "PL1014");
  CHECK(r.diagnostics[0].message == "expected '}' to close the function body");
  CHECK(r.diagnostics[0].begin.line == 4);
  CHECK(r.diagnostics[0].begin.column == 5);
}

namespace {

struct CloserCase {
  std::string_view text;                 // a kernel body, or a whole module (from .version on)
  std::string_view message;              // of the PL1014 diagnostic
  std::uint32_t line, column;            // of the diagnostic
  std::uint32_t note_line, note_column;  // of the note at the opening bracket
  std::string_view closer;
};

}  // namespace

TEST_CASE("a closer missing where its line ends is reported after the line's last token (PL1014)", "[syntax]") {
  const CloserCase cases[] = {
      {".version 8.0\n.target sm_90\n.func (.reg .b32 r) f(.reg .b32 a\n{\nmov.b32 r, a;\nret;\n}\n",
       "expected ')' to close the parameter list", 3, 34, 3, 22, ")"},
      {".version 8.0\n.target sm_90\n.func (.reg .b32 r\nf(.reg .b32 a)\n{\nmov.b32 r, a;\nret;\n}\n",
       "expected ')' to close the parameter list", 3, 19, 3, 7, ")"},
      {".version 8.0\n.target sm_90\n.entry k(.param .u64 a,\n  .param .u64 b\n{\nret;\n}\n",
       "expected ')' to close the parameter list", 4, 16, 3, 9, ")"},
      {".reg .b64 %rd<4>;\nld.global.u32 %r1, [%rd1+4\nret;", "expected ']' to close the address", 7, 27, 7, 20, "]"},
      {".reg .b64 %rd<4>;\nmov.b64 %rd1, {%r1, %r2\nret;", "expected '}' to close the vector", 7, 24, 7, 15, "}"},
      {"call (%r1), f, (%r2\nret;", "expected ')' to close the argument list", 6, 20, 6, 16, ")"},
      {".version 8.0\n.target sm_90\n.global .u32 a[3] = {1, 2, 3\n.global .u32 b;\n",
       "expected '}' to close the initializer", 3, 29, 3, 21, "}"},
      {".version 8.0\n.target sm_90\n.entry k()\n{\n  ret;\n\n.entry k2()\n{\n  ret;\n}\n",
       "expected '}' to close the function body", 5, 7, 4, 1, "}"},
      {".version 8.0\n.target sm_90\n.section .debug_info\n{\n  .b8 1\n.entry k()\n{\n  ret;\n}\n",
       "expected '}' to close the section", 5, 8, 4, 1, "}"},
  };
  for (const CloserCase& c : cases) {
    INFO(c.text);
    Result all = c.text.starts_with(".version") ? lint(c.text) : lintKernel(c.text);
    // The statements around are checked too (undeclared %r1, f): only the
    // syntax findings are this test's.
    std::vector<Diagnostic> syntax;
    for (const Diagnostic& d : all.diagnostics) {
      if (d.code.starts_with("PL1")) syntax.push_back(d);
    }
    struct {
      std::vector<Diagnostic>& diagnostics;
    } r{syntax};
    REQUIRE_FALSE(r.diagnostics.empty());
    const Diagnostic& d = r.diagnostics[0];
    CHECK(d.code == "PL1014");
    CHECK(d.message == c.message);
    CHECK(d.begin.line == c.line);
    CHECK(d.begin.column == c.column);
    REQUIRE(d.notes.size() == 1);
    CHECK(d.notes[0].message == fmt::format("to match this '{}'", c.closer == ")" ? "(" : c.closer == "]" ? "[" : "{"));
    CHECK(d.notes[0].has_range);
    CHECK(d.notes[0].begin.line == c.note_line);
    CHECK(d.notes[0].begin.column == c.note_column);
    REQUIRE(d.fixits.size() == 1);
    CHECK(d.fixits[0].replacement == c.closer);
    CHECK(d.fixits[0].range.begin == d.range.begin);
    CHECK(d.fixits[0].range.end == d.range.begin);
    // An instruction or declaration that lacks its closer lacks its ';' at
    // the same place, reported as such; nothing else is.
    for (std::size_t i = 1; i < r.diagnostics.size(); ++i) {
      CHECK(r.diagnostics[i].begin.line == c.line);
      CHECK(r.diagnostics[i].begin.column == c.column);
      CHECK(r.diagnostics[i].code == "PL1002");
    }
  }
}

TEST_CASE("lists and blocks that go on over several lines are no missing closer", "[syntax]") {
  CHECK(lint(".version 8.0\n.target sm_90\n"
             ".global .u32 a[4] = {1, 2,\n  3, 4};\n"
             ".global .u32 b[4] = {1, 2\n  , 3, 4};\n"
             ".global .u32 c[2][2] = {{1, 2},\n  {3, 4}};\n"
             ".func (.reg .b32 r) f(.reg .b32 x,\n  .reg .b32 y\n)\n{\n  mov.b32 r, x;\n  ret;\n}\n"
             ".entry k(\n  .param .u64 p\n)\n{\n  .reg .b32 %r<4>;\n  .reg .b64 %rd<4>;\n"
             "  call (%r1), f, (%r2,\n    %r3);\n"
             "  mov.b64 %rd1, {%r1,\n    %r2};\n"
             "  ld.global.u32 %r1, [%rd2\n    + 4];\n"
             "  {\n  ret;\n  }\n}\n")
            .diagnostics.empty());
}

TEST_CASE("a list that goes on past the line break and closes later is no missing closer", "[syntax]") {
  // The ',' is what is missing: the closer comes on a later line.
  for (std::string_view text :
       {".version 8.0\n.target sm_90\n.global .u32 a[4] = {1, 2\n  3, 4};\n",
        ".version 8.0\n.target sm_90\n.entry k(.param .u64 p\n  .param .u64 q)\n{\nret;\n}\n"}) {
    INFO(text);
    Result r = lint(text);
    REQUIRE_FALSE(r.diagnostics.empty());
    for (const Diagnostic& d : r.diagnostics) CHECK(d.code != "PL1014");
  }
  Result vector = lintKernel(".reg .b64 %rd<4>;\nmov.b64 %rd1, {%r1\n  %r2};\nret;");
  REQUIRE_FALSE(vector.diagnostics.empty());
  for (const Diagnostic& d : vector.diagnostics) CHECK(d.code != "PL1014");
}

TEST_CASE("a prototype misplaced inside a body is no missing brace", "[syntax]") {
  // Statements and the body's '}' follow it: the body is closed. (A .func
  // may be declared there; a kernel may not.)
  Result r = lintKernel(".extern .entry g();\nret;");
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].code == "PL2014");
  Result f = lintKernel(".extern .func g();\nret;");
  CHECK(f.diagnostics.empty());
}

TEST_CASE("after a body left open, the next functions are parsed as usual, chunked or not", "[syntax]") {
  std::string text = ".version 8.0\n.target sm_90\n.entry k0()\n{\n  ret;\n";  // never closed
  for (int i = 1; i <= 200; ++i) {
    text += fmt::format(".entry k{}()\n{{\n  .reg .b32 %r<2>;\n  mov.u32 %r1, {};\n  ret;\n}}\n", i, i);
  }
  text += ".entry late()\n{\n  mov.u32 %r1 %r1;\n}\n";  // a later error, still found
  for (std::uint32_t chunk_bytes : {64u * 1024, 256u}) {
    INFO(chunk_bytes);
    Options options;
    options.chunk_bytes = chunk_bytes;
    Result r = lint(text, options);
    REQUIRE(r.diagnostics.size() == 2);
    CHECK(r.diagnostics[0].code == "PL1014");
    CHECK(r.diagnostics[0].begin.line == 5);
    CHECK(r.diagnostics[0].begin.column == 7);
    CHECK(r.diagnostics[1].code == "PL1001");
    CHECK(r.diagnostics[1].message == "expected ',' between operands, found '%r1'");
  }
}

TEST_CASE("a 0f constant under an operator is reported, and a minus sign on it has a fix-it (4.5.2)", "[syntax]") {
  Result r = lintKernel(
      ".reg .f32 %f<7>;\n"
      "mov.f32 %f1, -0f40000000;\n"          // line 7: the sign bit flipped
      "mov.f32 %f2, -0f3f800000;\n"          // line 8: lower-case digits stay so
      "mov.f32 %f3, -(0f3F800000);\n"        // line 9: in parentheses: no fix-it
      "add.f32 %f4, %f1, 0f3F800000;\n"      // an operand, no operator: fine
      "mov.f32 %f5, -0d4000000000000000;\n"  // 0d: constant expressions take it
      "mov.f32 %f6, (1.5);\n"                // a constant in parentheses: fine
      "ret;");
  REQUIRE(r.diagnostics.size() == 3);
  for (const Diagnostic& d : r.diagnostics) CHECK(d.code == "PL1013");
  CHECK(r.diagnostics[0].begin.line == 7);
  CHECK(r.diagnostics[0].begin.column == 15);
  CHECK(r.diagnostics[0].message ==
        "'0f40000000' is an exact single-precision constant (0f): it cannot be an operand of '-'");
  REQUIRE(r.diagnostics[0].fixits.size() == 1);
  CHECK(r.diagnostics[0].fixits[0].replacement == "0fC0000000");
  CHECK(r.diagnostics[0].fixits[0].range.end - r.diagnostics[0].fixits[0].range.begin == 11);  // "-0f40000000"
  REQUIRE(r.diagnostics[1].fixits.size() == 1);
  CHECK(r.diagnostics[1].fixits[0].replacement == "0fbf800000");
  CHECK(r.diagnostics[2].begin.line == 9);
  CHECK(r.diagnostics[2].fixits.empty());
}

// Issue #28: what a broken top-level item declared is known from its place
// on, as it would be had it parsed, so a module checked whole and one
// checked a chunk at a time agree.
TEST_CASE("a broken module-scope declaration declares its names from its place on", "[syntax]") {
  std::string text =
      ".version 8.0\n.target sm_90\n.address_size 64\n"
      ".visible .entry a()\n{\n  .reg .b64 %rd<2>;\n  mov.u64 %rd1, g;\n  ret;\n}\n"
      ".global .u32 g[4 = {1, 2, 3, 4};\n"
      ".visible .entry b()\n{\n  .reg .b64 %rd<2>;\n  mov.u64 %rd1, g;\n  ret;\n}\n";
  Result r = lint(text);
  std::vector<std::string> found;
  for (const Diagnostic& d : r.diagnostics) found.push_back(std::string(d.code) + "@" + std::to_string(d.begin.line));
  // The use before the declaration is undeclared; the one after is not.
  CHECK(std::count(found.begin(), found.end(), "PL2010@7") == 1);
  CHECK(std::count(found.begin(), found.end(), "PL2010@14") == 0);
  CHECK(r.stats.unparsed >= 1);
  Options whole;
  whole.streaming = false;
  Options pieces;
  pieces.chunk_bytes = 64;
  CHECK(fingerprint(lint(text, whole)) == fingerprint(r));
  CHECK(fingerprint(lint(text, pieces)) == fingerprint(r));
}

TEST_CASE("a broken .target line is not missing, and a later one checks the file whole", "[syntax]") {
  // The second line has a syntax error: no "missing .target" (PL2002).
  std::string text = ".version 8.0\n.target ,sm_90\n.address_size 64\n.visible .entry a()\n{\n  ret;\n}\n";
  Result r = lint(text);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].code == "PL1001");
  // The broken .target in the second chunk: the first chunk (a .version
  // without a .target) is not judged alone, as one with a parsed .target
  // there would not be.
  std::string later = ".version 8.0\n.global .u32 x" + std::string(80, ' ') +
                      ";\n.target ,sm_90\n.address_size 64\n.visible .entry a()\n{\n  ret;\n}\n";
  Options pieces;
  pieces.chunk_bytes = 64;
  Result in_pieces = lint(later, pieces);
  CHECK(in_pieces.stats.chunks == 2);
  REQUIRE(in_pieces.diagnostics.size() == 1);
  CHECK(in_pieces.diagnostics[0].code == "PL1001");
  Options whole;
  whole.streaming = false;
  CHECK(fingerprint(in_pieces) == fingerprint(lint(later, whole)));
}

// The recovery skips the rest of the statement only: a vector operand's
// braces (6.4.2), opened before the error or after it, end no block.
TEST_CASE("a stray token inside a vector operand loses only its statement", "[syntax]") {
  for (std::string broken : {"mov.b64 %rd1, {%r1, ) %r2};", "mov.b64 %rd1, ) {%r1, %r2};", "mov.b64 %rd1, {%r1, %r2;",
                             "{ mov.b64 %rd1, {%r1, ) %r2}; }"}) {
    CAPTURE(broken);
    std::string text = inKernel(".reg .b32 %r<3>;\n.reg .b64 %rd<2>;\n" + broken + "\nbra L;\nL:\nmov.b32 %r1, %r2;");
    Result r = lint(text);
    REQUIRE(r.diagnostics.size() == 1);  // no "undeclared L": the label stayed in the body
    CHECK(r.diagnostics[0].code == "PL1001");
    CHECK(r.diagnostics[0].begin.line == 8);
    CHECK(r.stats.checked == 2);
    CHECK(r.stats.unparsed == 1);
    Parsed p = parseText(text);
    CHECK(firstFunction(p).body->statements.size() >= 5);  // 2 .reg, bra, L:, mov
  }
}

// A declaration whose declarator fails returns from its rule, and the list
// around it skips the rest: one statement left out, every name it declared
// (a parameterized range's members too, 5.4.6) declared but unknown.
TEST_CASE("a broken .reg line declares its names, those after the error too", "[syntax]") {
  std::string text = inKernel(".reg .b32 %r<4>, %q<4>>, %s;\nadd.u32 %r1, %q3, %s;\nmov.u32 %r2, %t;");
  Result r = lint(text);
  std::vector<std::string> found;
  for (const Diagnostic& d : r.diagnostics) found.push_back(std::string(d.code) + "@" + std::to_string(d.begin.line));
  CHECK(found == std::vector<std::string>{"PL1001@6", "PL2010@8"});  // %t only: it was never declared
  CHECK(r.stats.unparsed == 1);
  CHECK(r.stats.checked == 2);
}
