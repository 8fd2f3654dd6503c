// The text renderer: location, severity, message, code, source line, caret
// and underline under the range, fix-it text under the caret.
#include <catch2/catch.hpp>

#include "diag/render_text.h"
#include "helpers.h"

using namespace ptxlint;

TEST_CASE("text rendering of an error with a range and a note", "[render]") {
  std::string text = ".version 8.0\n.target sm_90\n.entry k()\n{\n\t.reg .b32 .u32 %x;\n}\n";
  Result r = lint(text);
  REQUIRE(r.diagnostics.size() == 1);
  std::string out = diag::renderText("k.ptx", text, r.diagnostics, {});
  CHECK(out ==
        "k.ptx:5:12: error: declaration has a second type '.u32' [PL1010]\n"
        "\t.reg .b32 .u32 %x;\n"
        "\t          ^~~~\n"
        "k.ptx:5:7: note: first type is '.b32'\n"
        "\t.reg .b32 .u32 %x;\n"
        "\t     ^~~~\n");
}

TEST_CASE("text rendering shows the fix-it under the caret", "[render]") {
  std::string text = ".version 8.0\n.target sm_90\n.entry k()\n{\n    ret\n}\n";
  Result r = lint(text);
  REQUIRE(r.diagnostics.size() == 1);
  std::string out = diag::renderText("k.ptx", text, r.diagnostics, {});
  CHECK(out ==
        "k.ptx:5:8: error: expected ';' after instruction [PL1002]\n"
        "    ret\n"
        "       ^\n"
        "       ;\n");
}

TEST_CASE("colour only when asked", "[render]") {
  std::string text = ".version 8.0\n.target sm_90\n.entry k() { ret }\n";
  Result r = lint(text);
  REQUIRE_FALSE(r.diagnostics.empty());
  diag::TextStyle plain;
  CHECK(diag::renderText("k.ptx", text, r.diagnostics, plain).find('\033') == std::string::npos);
  diag::TextStyle colored;
  colored.color = true;
  CHECK(diag::renderText("k.ptx", text, r.diagnostics, colored).find("\033[1;31m") != std::string::npos);
}
