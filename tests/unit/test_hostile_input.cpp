// Input that is not PTX, or is built to hurt: a clear diagnostic, never a
// crash, a hang or a stack overflow. (Timing and memory bounds are measured
// by the robustness benchmark, not asserted here.)
#include <catch2/catch.hpp>

#include "helpers.h"

using namespace ptxlint;

TEST_CASE("empty and comment-only input", "[hostile]") {
  Result empty = lint("");
  REQUIRE(empty.diagnostics.size() == 1);
  CHECK(empty.diagnostics[0].code == "PL1009");
  Result comments = lint("// nothing\n/* here */\n");
  REQUIRE(comments.diagnostics.size() == 1);
  CHECK(comments.diagnostics[0].code == "PL1009");
}

TEST_CASE("binary input gets one diagnostic", "[hostile]") {
  std::string elf(
      "\x7f"
      "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0",
      16);
  for (int i = 0; i < 1000; ++i) elf += static_cast<char>(i * 7);
  Result r = lint(elf);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].code == "PL1008");
  CHECK(r.diagnostics[0].message == "input is binary data, not PTX text");
}

TEST_CASE("a NUL byte and invalid UTF-8 in otherwise good text", "[hostile]") {
  std::string text = ".version 8.0\n.target sm_90\n// comment \xff\xfe\n.entry k() { ret; }\n";
  Result utf8 = lint(text);
  REQUIRE(utf8.diagnostics.size() == 1);
  CHECK(utf8.diagnostics[0].code == "PL1008");
  CHECK(utf8.diagnostics[0].begin.line == 3);
  std::string with_nul(".version 8.0\n.target sm_90\n.entry k() { ret; }\n", 39);
  with_nul += std::string(1, '\0') + "\n";
  // A NUL after 4 KiB of text is not taken for a binary file.
  with_nul = std::string(5000, '\n') + with_nul;
  Result nul = lint(with_nul);
  REQUIRE_FALSE(nul.diagnostics.empty());
  CHECK(nul.diagnostics[0].code == "PL1008");
  CHECK(nul.diagnostics[0].message == "NUL byte in input; ptxas reads it as the end of the file");
}

TEST_CASE("non-ASCII text is reported once, also in comments and strings, as ptxas rejects it", "[hostile]") {
  // ptxas 13.0: "Unexpected non-ASCII character encountered on line 3".
  Result r = lint(".version 8.0\n.target sm_90\n.file 1 \"k\xc3\xa9rnel.cu\" // \xe2\x9c\x93\n.entry k() { ret; }\n");
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].code == "PL1008");
  CHECK(r.diagnostics[0].begin.line == 3);
  CHECK(r.diagnostics[0].begin.column == 11);
  CHECK(r.diagnostics[0].message ==
        "non-ASCII character U+00E9; PTX source is ASCII text, also in comments (1 more such characters)");
}

TEST_CASE("100,000 nested blocks are bounded, not recursed into", "[hostile]") {
  std::string text = ".version 8.0\n.target sm_90\n.entry k()\n";
  text += std::string(100000, '{') + std::string(100000, '}') + "\n";
  Result r = lint(text);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].code == "PL1007");
  CHECK(r.diagnostics[0].begin.line == 4);
}

TEST_CASE("deep parentheses, unary chains and long operator chains are bounded", "[hostile]") {
  std::string parens = ".version 8.0\n.target sm_90\n.global .u32 x = " + std::string(100000, '(') + "1" +
                       std::string(100000, ')') + ";\n";
  Result a = lint(parens);
  REQUIRE_FALSE(a.diagnostics.empty());
  CHECK(a.diagnostics[0].code == "PL1007");

  std::string unary = ".version 8.0\n.target sm_90\n.global .u32 x = " + std::string(100000, '-') + "1;\n";
  Result b = lint(unary);
  REQUIRE_FALSE(b.diagnostics.empty());
  CHECK(b.diagnostics[0].code == "PL1007");

  std::string chain = ".version 8.0\n.target sm_90\n.global .u32 x = 1";
  for (int i = 0; i < 100000; ++i) chain += "+1";
  chain += ";\n";
  Result c = lint(chain);
  REQUIRE_FALSE(c.diagnostics.empty());
  CHECK(c.diagnostics[0].code == "PL1007");
}

TEST_CASE("small inputs near the nesting bounds get the verdict of large ones", "[hostile]") {
  // Inputs under one chunk skip the prescan while their tokens stay below
  // half the bound (src/parse/parser.cpp); past it the prescan judges them.
  auto blocks = [](int depth) {
    return ".version 8.0\n.target sm_90\n.entry k()\n{\n" + std::string(depth, '{') + "ret;" + std::string(depth, '}') +
           "\n}\n";
  };
  CHECK(lint(blocks(100)).diagnostics.empty());  // the fast path alone
  CHECK(lint(blocks(200)).diagnostics.empty());  // refused by it, parsed after the prescan
  Result deep = lint(blocks(300));
  REQUIRE(deep.diagnostics.size() == 1);
  CHECK(deep.diagnostics[0].code == "PL1007");

  auto unary = [](int run) {
    return ".version 8.0\n.target sm_90\n.global .u32 x = " + std::string(static_cast<std::size_t>(run), '-') + "1;\n";
  };
  CHECK(lint(unary(200)).diagnostics.empty());
  Result long_run = lint(unary(300));
  REQUIRE_FALSE(long_run.diagnostics.empty());
  CHECK(long_run.diagnostics[0].code == "PL1007");
}

TEST_CASE("huge declared register counts allocate nothing", "[hostile]") {
  Result r = lint(".version 8.0\n.target sm_90\n.entry k() { .reg .b32 %r<2000000000>; ret; }\n");
  CHECK(r.diagnostics.empty());
}

TEST_CASE("an immediate with 10,000 digits", "[hostile]") {
  Result r = lint(".version 8.0\n.target sm_90\n.entry k() { mov.u64 %rd1, " + std::string(10000, '9') + "; }\n");
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].code == "PL1011");
  CHECK(r.diagnostics[0].message.size() < 100);
}

TEST_CASE("CRLF line endings and a missing final newline are valid", "[hostile]") {
  Result r = lint(".version 8.0\r\n.target sm_90\r\n.entry k()\r\n{\r\n\tret;\r\n}");
  CHECK(r.diagnostics.empty());
  Result missing = lint(".version 8.0\r\n.target sm_90\r\n.entry k()\r\n{\r\n\tret\r\n}");
  REQUIRE(missing.diagnostics.size() == 1);
  CHECK(missing.diagnostics[0].begin.line == 5);
  CHECK(missing.diagnostics[0].begin.column == 5);
}

TEST_CASE("many errors are capped by max_errors", "[hostile]") {
  std::string body;
  for (int i = 0; i < 5000; ++i) body += "mov.u32 %r1 %r2;\n";
  Options options;
  options.max_errors = 100;
  Result r = lint(test::inKernel(body), options);
  CHECK(r.diagnostics.size() == 100);
  CHECK(r.truncated);
}

TEST_CASE("megabytes of input that is not PTX stop the parse, and say so", "[hostile]") {
  // Statements outside any function, on one line: each chunk gives a
  // couple of errors; after 1 MiB of nothing else the rest is not parsed.
  std::string text = ".version 8.0\n.target sm_90\n.address_size 64\n";
  while (text.size() < (8u << 20)) text += "add.s32 %r1, %r2, %r3; ";
  Result r = lint(text);
  CHECK(r.truncated);
  CHECK(r.count(Severity::Error) > 0);
  CHECK(r.count(Severity::Error) <= 3 * ((1u << 20) / Options{}.chunk_bytes + 1));
  CHECK(r.diagnostics.back().range.begin < (2u << 20));
  // Good PTX after a little garbage is still checked.
  std::string mixed =
      ".version 8.0\n.target sm_90\n.address_size 64\nadd.s32 %r1, %r2, %r3;\n"
      ".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\tmov.u32 %r1, %nosuch;\n\tret;\n}\n";
  Result m = lint(mixed);
  CHECK_FALSE(m.truncated);
}

// A list past 65,536 elements (a vector, call arguments, parameters, a
// target list) is reported once and its part of the file is not parsed:
// its AST would hold hundreds of bytes an element. Initializers and data
// lines of sections of as many elements are no such list. Each is checked
// one chunk at a time (streaming), whole, and on two threads.
TEST_CASE("lists of more than 65,536 elements are bounded", "[hostile]") {
  const std::string header = ".version 8.0\n.target sm_90\n.address_size 64\n";
  auto elements = [](const std::string& each, int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += (i ? ", " : "") + each;
    return s;
  };
  const std::string kernel_head = ".visible .entry k()\n{\n.reg .b32 %r1;\n";
  struct Case {
    std::string text;
    bool bounded;
  };
  const Case cases[] = {
      {header + kernel_head + "mov.b32 %r1, {" + elements("%r1", 70000) + "};\nret;\n}\n", true},
      {header + ".visible .func f(" + elements(".param .b32 p", 70000) + ")\n{\nret;\n}\n", true},
      {header + kernel_head + "mov.b32 %r1, {" + elements("%r1", 60000) + "};\nret;\n}\n", false},
      {header + ".global .u32 g[70000] = {" + elements("1", 70000) + "};\n", false},
      {header + ".section .debug_info\n{\n.b8 " + elements("1", 70000) + "\n}\n", false},
  };
  for (const Case& c : cases) {
    for (int way = 0; way < 3; ++way) {
      Options options;
      options.streaming = way != 1;
      options.threads = way == 2 ? 2 : 1;
      Result r = lint(c.text, options);
      std::size_t bound = 0;
      for (const Diagnostic& d : r.diagnostics) bound += d.code == "PL1007";
      INFO(c.text.substr(header.size(), 40) << " way " << way);
      CHECK(bound == (c.bounded ? 1u : 0u));
      if (c.bounded) CHECK(r.diagnostics.size() == 1);  // nothing else: no missing .version, no garbage note
    }
  }
}
