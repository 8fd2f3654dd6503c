// Tokens of the lexer grammar (manual chapter 4).
#include <catch2/catch.hpp>

#include "helpers.h"

using ptxlint::parse::lexTokens;
using Tokens = std::vector<std::string_view>;

TEST_CASE("an opcode with its dotted modifiers is one token", "[lexer]") {
  CHECK(lexTokens("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [a]") ==
        Tokens{"cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes", "[", "a", "]"});
  CHECK(lexTokens("cp.async.ca.shared.global.L2::128B") == Tokens{"cp.async.ca.shared.global.L2::128B"});
  CHECK(lexTokens("cp.reduce.async.bulk.tensor.1d") == Tokens{"cp.reduce.async.bulk.tensor.1d"});
}

TEST_CASE("special registers with components are one token", "[lexer]") {
  CHECK(lexTokens("%tid.x, %ctaid.y") == Tokens{"%tid.x", ",", "%ctaid.y"});
}

TEST_CASE("identifiers follow 4.4", "[lexer]") {
  CHECK(lexTokens("$L__BB0_1 %r1 _Z3fooPf __cudart_x a$b") ==
        Tokens{"$L__BB0_1", "%r1", "_Z3fooPf", "__cudart_x", "a$b"});
  // A lone underscore is the sink symbol, not an identifier.
  CHECK(lexTokens("_") == Tokens{"_"});
}

TEST_CASE("integer constants of 4.5.1", "[lexer]") {
  CHECK(lexTokens("42 0x1F 0XffU 0b101 017 0 12U") == Tokens{"42", "0x1F", "0XffU", "0b101", "017", "0", "12U"});
}

TEST_CASE("floating-point constants of 4.5.2", "[lexer]") {
  CHECK(lexTokens("0f3F800000 0D3FF0000000000000 1.5 .05 1e10 2.5e-3 1.") ==
        Tokens{"0f3F800000", "0D3FF0000000000000", "1.5", ".05", "1e10", "2.5e-3", "1."});
}

TEST_CASE("comments and whitespace produce no tokens", "[lexer]") {
  CHECK(lexTokens("a // line comment\n/* block\ncomment */ b\r\n\tc") == Tokens{"a", "b", "c"});
}

TEST_CASE("directive keywords and dotted names", "[lexer]") {
  CHECK(lexTokens(".reg .v4.f32 .debug_info .shared::cta") ==
        Tokens{".reg", ".v4", ".f32", ".debug_info", ".shared::cta"});
}

TEST_CASE("operators of constant expressions (Table 4)", "[lexer]") {
  CHECK(lexTokens("a<<2>>1<=3>=4==5!=6&&7||8&9|10^11?12:13") ==
        Tokens{"a", "<<", "2", ">>", "1", "<=", "3",  ">=", "4",  "==", "5",  "!=", "6", "&&",
               "7", "||", "8", "&",  "9", "|",  "10", "^",  "11", "?",  "12", ":",  "13"});
}

TEST_CASE("unterminated comments and strings are single tokens", "[lexer]") {
  CHECK(lexTokens("a /* never closed\n b c") == Tokens{"a", "/* never closed\n b c"});
  CHECK(lexTokens(".pragma \"open\nb") == Tokens{".pragma", "\"open", "b"});
}
