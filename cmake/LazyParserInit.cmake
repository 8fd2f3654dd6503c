# Run after ANTLR generates PtxParser.cpp (cmake -DFILE=... -P this file).
#
# The C++ parser that ANTLR 4.7-4.9 generates deserializes its ATN in a
# static constructor, in every process that links it, whether it parses or
# not: about 2 million instructions, a third of a `ptxlint` run on a small
# kernel. ptxlint parses most input with the hand-written parser
# (src/parse/hand_parser.h), so this moves that work into the parser's
# constructor, done once by the first parser (a function-local static:
# thread-safe). Output of a newer ANTLR, which initializes on first use
# itself, has no such constructor and is left as it is.
file(READ "${FILE}" text)
set(eager "PtxParser::Initializer PtxParser::_init;")
string(FIND "${text}" "${eager}" eager_at)
if(eager_at EQUAL -1)
  message(STATUS "PtxParser.cpp: no static initializer to defer")
  return()
endif()
set(constructor "PtxParser::PtxParser(TokenStream *input) : Parser(input) {")
string(FIND "${text}" "${constructor}" constructor_at)
if(constructor_at EQUAL -1)
  message(FATAL_ERROR "PtxParser.cpp: a static initializer, but no constructor to move it to (cmake/LazyParserInit.cmake)")
endif()
string(REPLACE "${eager}" "// (Initialized by the first parser: cmake/LazyParserInit.cmake.)" text "${text}")
string(REPLACE "${constructor}" "${constructor}\n  static Initializer initialized_once;\n  (void)initialized_once;" text "${text}")
file(WRITE "${FILE}" "${text}")
