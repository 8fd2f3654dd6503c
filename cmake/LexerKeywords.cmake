# cmake -DGRAMMAR=grammar/PtxLexer.g4 -DOUTPUT=ptx_keywords.inc -P this file
#
# The lexer grammar's dotted keywords ('.version', '.reg', and the
# alternatives of TYPE and VECTOR) as C++ initializers, `{".reg", T::REG},`,
# in the grammar's order, for the hand-written lexer's keyword table
# (src/parse/fast_lexer.cpp): constant data, built when ptxlint is, with the
# grammar still their only definition. Every lexer rule whose body is
# nothing but such literals is one.
file(READ "${GRAMMAR}" grammar)
string(REGEX REPLACE "//[^\n]*" "" grammar "${grammar}")
# ';' separates CMake list elements: rename it before matching rules.
string(REPLACE ";" "@END@" grammar "${grammar}")
string(REGEX MATCHALL "[A-Z][A-Z_0-9]*[ \t\r\n]*:[^@]*@END@" rules "${grammar}")
set(literal "'\\.[a-zA-Z_0-9]+'")
set(entries "")
set(count 0)
foreach(rule IN LISTS rules)
  string(REGEX MATCH "^([A-Z][A-Z_0-9]*)[ \t\r\n]*:(.*)@END@$" parts "${rule}")
  set(name "${CMAKE_MATCH_1}")
  string(STRIP "${CMAKE_MATCH_2}" body)
  if(NOT body MATCHES "^${literal}([ \t\r\n]*[|][ \t\r\n]*${literal})*$")
    continue()
  endif()
  string(REGEX MATCHALL "${literal}" words "${body}")
  foreach(word IN LISTS words)
    string(REGEX REPLACE "^'(.*)'$" "\\1" word "${word}")
    string(APPEND entries "{\"${word}\", PtxLexer::${name}},\n")
    math(EXPR count "${count} + 1")
  endforeach()
endforeach()
if(count LESS 50)
  message(FATAL_ERROR "LexerKeywords.cmake: only ${count} dotted keywords in ${GRAMMAR}")
endif()
file(WRITE "${OUTPUT}.tmp" "// Generated from grammar/PtxLexer.g4 by cmake/LexerKeywords.cmake.\n${entries}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
