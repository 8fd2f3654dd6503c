// Turns ANTLR's recognition errors into ptxlint diagnostics in plain words,
// and recovers at statement boundaries so that every syntax error of a file
// is reported in one run.
#pragma once

#include <antlr4-runtime.h>

#include <cstdint>
#include <vector>

#include "diag/diagnostic_builder.h"
#include "parse/missing_closer.h"

namespace ptxlint::parse {

// The directive keyword closest to a misspelt `word`, or "" if none is close.
std::string_view closestDirective(std::string_view word);

class PtxErrorStrategy final : public antlr4::DefaultErrorStrategy {
 public:
  // `base` is the byte offset of the parsed chunk in the file.
  PtxErrorStrategy(diag::DiagnosticSink& sink, std::string_view text, std::uint32_t base)
      : sink_(sink), text_(text), base_(base), errors_before_(sink.errorCount()) {}

  void reportError(antlr4::Parser* parser, const antlr4::RecognitionException& e) override;
  void recover(antlr4::Parser* parser, std::exception_ptr e) override;
  void sync(antlr4::Parser* parser) override;
  antlr4::Token* recoverInline(antlr4::Parser* parser) override;

  // File offsets of the reported errors, in order.
  const std::vector<std::uint32_t>& errorOffsets() const { return error_offsets_; }

 private:
  // Reports the syntax error at `offending` (`expected`: the tokens that
  // would have fitted) and records its offset.
  void reportAt(antlr4::Parser* parser, antlr4::Token* offending, const antlr4::misc::IntervalSet& expected);
  // The lexer's error tokens (an invalid character or number, an
  // unterminated comment or string): true when `type` is one, reported
  // unless the prescan did. `begin` and `end` are offsets in the chunk.
  bool reportBadToken(std::size_t type, std::uint32_t begin, std::uint32_t end, SourceRange range);
  // A dotted `word` that is no directive, with the closest one suggested.
  void reportUnknownDirective(std::string_view word, SourceRange range);
  // A ';' missing after token `last`, with a fix-it inserting it.
  void reportMissingSemicolon(antlr4::Parser* parser, antlr4::Token* last);
  // Two operands of an instruction with no ',' between them: true when
  // `offending` starts the second one (then reported, with a fix-it).
  bool reportMissingComma(antlr4::Parser* parser, antlr4::Token* offending, const antlr4::misc::IntervalSet& expected,
                          SourceRange range);
  // "expected X, found Y", or "unexpected Y" when nothing fits X.
  void reportUnexpected(antlr4::Parser* parser, antlr4::Token* offending, const antlr4::misc::IntervalSet& expected,
                        SourceRange range);
  // The token after which a ';' is most likely missing, or null: the
  // statement runs past a line break into what starts like a new statement,
  // or into the '}' or end of file that closes it.
  antlr4::Token* missingSemicolonAfter(antlr4::Parser* parser, antlr4::Token* offending,
                                       const antlr4::misc::IntervalSet& expected);
  // Skips the rest of a statement: through the next ';' outside the blocks
  // it opens, or up to the '}' that closes the enclosing block. `statement`
  // (null between statements): the recovery unit the error is in, whose
  // tokens before the error may have opened a vector operand's '{'.
  void skipStatement(antlr4::Parser* parser, bool at_module_level, antlr4::ParserRuleContext* statement);
  // After a missing closer reported but not conjured: leaves the statement
  // at the end of the bracket's line (false: the parser is past it).
  bool resumeAtNextLine(antlr4::Parser* parser);

  diag::DiagnosticSink& sink_;
  std::string_view text_;
  std::uint32_t base_;
  std::vector<std::uint32_t> error_offsets_;
  std::size_t errors_before_;  // in sink_, when this chunk's parse began
  MissingClosers closers_;
  antlr4::Token* resume_before_ = nullptr;  // where resumeAtNextLine() goes on
};

}  // namespace ptxlint::parse
