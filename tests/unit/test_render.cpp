// The text renderer: location, severity, message, code, source line, caret
// and underline under the range, fix-it text under the caret.
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "diag/render_json.h"
#include "diag/render_sarif.h"
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

TEST_CASE("a missing closer renders with its note and fix-it in text, JSON and SARIF", "[render]") {
  std::string text =
      ".version 8.0\n.target sm_90\n.entry k()\n{\n    .reg .b64 %rd<2>;\n"
      "    prefetch.global.L2 [%rd1+4\n    ret;\n}\n";
  Result r = lint(text);
  REQUIRE(r.diagnostics.size() == 2);  // the ']' and the ';'
  std::string out = diag::renderText("k.ptx", text, std::span(r.diagnostics).first(1), {});
  CHECK(out ==
        "k.ptx:6:31: error: expected ']' to close the address [PL1014]\n"
        "    prefetch.global.L2 [%rd1+4\n"
        "                              ^\n"
        "                              ]\n"
        "k.ptx:6:24: note: to match this '['\n"
        "    prefetch.global.L2 [%rd1+4\n"
        "                       ^\n");
  std::size_t at = text.find("+4") + 2;  // where the ']' goes
  diag::FileReport report{"k.ptx", text, &r};
  std::string json = diag::renderJson(std::span(&report, 1));
  CHECK(json.find(R"("notes":[{"message":"to match this '['","line":6,"column":24}])") != std::string::npos);
  CHECK(json.find(fmt::format(R"("fixits":[{{"line":6,"column":31,"end_line":6,"end_column":31,"byte_begin":{0},)"
                              R"("byte_end":{0},"replacement":"]"}}])",
                              at)) != std::string::npos);
  std::string sarif = diag::renderSarif(std::span(&report, 1));
  CHECK(sarif.find(R"("message":{"text":"to match this '['"})") != std::string::npos);
  CHECK(sarif.find(fmt::format(R"("deletedRegion":{{"byteOffset":{},"byteLength":0}},"insertedContent":{{"text":"]"}})",
                               at)) != std::string::npos);
}
