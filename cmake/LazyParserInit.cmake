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

# The names of the rules and tokens, and the vocabulary made of them, are
# std::string vectors built by static constructors too (about 40,000
# instructions and a few fresh heap pages in every process, #27). They are
# read only through a parser (getRuleNames(), getVocabulary()): their texts
# become constant arrays, copied into the vectors by the same first parser,
# before the initializer's own code reads them.
set(initializer "PtxParser::Initializer::Initializer() {")
set(fill "")
foreach(list ruleNames literalNames symbolicNames)
  set(eager_list "std::vector<std::string> PtxParser::_${list} = {")
  string(FIND "${text}" "${eager_list}" list_at)
  if(list_at EQUAL -1)
    message(FATAL_ERROR "PtxParser.cpp: no ${list} list to defer (cmake/LazyParserInit.cmake)")
  endif()
  string(REPLACE "${eager_list}" "std::vector<std::string> PtxParser::_${list};\nstatic const char* const kLazy_${list}[] = {" text "${text}")
  string(APPEND fill "\n  _${list}.assign(std::begin(kLazy_${list}), std::end(kLazy_${list}));")
endforeach()
set(eager_vocabulary "dfa::Vocabulary PtxParser::_vocabulary(_literalNames, _symbolicNames);")
string(FIND "${text}" "${eager_vocabulary}" vocabulary_at)
string(FIND "${text}" "${initializer}" initializer_at)
if(vocabulary_at EQUAL -1 OR initializer_at EQUAL -1)
  message(FATAL_ERROR "PtxParser.cpp: no vocabulary or initializer to defer (cmake/LazyParserInit.cmake)")
endif()
string(REPLACE "${eager_vocabulary}" "dfa::Vocabulary PtxParser::_vocabulary;" text "${text}")
string(APPEND fill "\n  _vocabulary.~Vocabulary();  // (const members: made again in place)\n  new (&_vocabulary) dfa::Vocabulary(_literalNames, _symbolicNames);")
string(REPLACE "${initializer}" "${initializer}${fill}" text "${text}")
file(WRITE "${FILE}" "${text}")
