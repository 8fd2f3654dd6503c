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

# Replaces `old` in `text` by `new`; `old` must be there (ANTLR's output
# changed otherwise: the build stops rather than keep an eager initializer
# or half of one).
function(replace_required old new what)
  string(FIND "${text}" "${old}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "PtxParser.cpp: ${what} (cmake/LazyParserInit.cmake)")
  endif()
  string(REPLACE "${old}" "${new}" replaced "${text}")
  set(text "${replaced}" PARENT_SCOPE)
endfunction()

set(eager "PtxParser::Initializer PtxParser::_init;")
string(FIND "${text}" "${eager}" eager_at)
if(eager_at EQUAL -1)
  message(STATUS "PtxParser.cpp: no static initializer to defer")
  return()
endif()
set(constructor "PtxParser::PtxParser(TokenStream *input) : Parser(input) {")
replace_required("${constructor}" "${constructor}\n  static Initializer initialized_once;\n  (void)initialized_once;"
                 "a static initializer, but no constructor to move it to")
string(REPLACE "${eager}" "// (Initialized by the first parser: cmake/LazyParserInit.cmake.)" text "${text}")

# The names of the rules and tokens, and the vocabulary made of them, are
# std::string vectors built by static constructors too (about 40,000
# instructions and a few fresh heap pages in every process, #27). They are
# read only through a parser (getRuleNames(), getVocabulary()): their texts
# become constant arrays, copied into the vectors by the same first parser,
# before the initializer's own code reads them.
set(initializer "PtxParser::Initializer::Initializer() {")
set(fill "")
foreach(list ruleNames literalNames symbolicNames)
  replace_required("std::vector<std::string> PtxParser::_${list} = {"
                   "std::vector<std::string> PtxParser::_${list};\nstatic const char* const kLazy_${list}[] = {"
                   "no ${list} list to defer")
  string(APPEND fill "\n  _${list}.assign(std::begin(kLazy_${list}), std::end(kLazy_${list}));")
endforeach()
# (Empty until then: Vocabulary's default constructor is deleted, its
# members being const vectors; GCC took `_vocabulary;` all the same, clang,
# which builds the fuzzer, does not.)
replace_required("dfa::Vocabulary PtxParser::_vocabulary(_literalNames, _symbolicNames);"
                 "dfa::Vocabulary PtxParser::_vocabulary{std::vector<std::string>{}, std::vector<std::string>{}};"
                 "no vocabulary to defer")
string(APPEND fill "\n  _vocabulary.~Vocabulary();  // (const members: made again in place)\n  new (&_vocabulary) dfa::Vocabulary(_literalNames, _symbolicNames);")
replace_required("${initializer}" "${initializer}${fill}" "no initializer to copy the names in")
file(WRITE "${FILE}" "${text}")
