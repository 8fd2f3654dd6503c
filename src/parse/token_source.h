// Hands tokens of the hand-written lexer (fast_lexer.h) to the ANTLR parser.
// Internal to src/parse.
#pragma once

#include <antlr4-runtime.h>

#include <memory>
#include <span>
#include <string>

#include "parse/fast_lexer.h"

namespace ptxlint::parse {

class SpanTokenSource final : public antlr4::TokenSource {
 public:
  // With `chars`, the tokens can show their text (the slow path's error
  // messages); without, they carry only type and offsets (the fast path).
  explicit SpanTokenSource(std::span<const LexedToken> tokens, antlr4::CharStream* chars = nullptr)
      : tokens_(tokens), chars_(chars) {}

  std::unique_ptr<antlr4::Token> nextToken() override {
    if (next_ < tokens_.size()) {
      const LexedToken& t = tokens_[next_++];
      return std::make_unique<antlr4::CommonToken>(std::make_pair(this, chars_), t.type, antlr4::Token::DEFAULT_CHANNEL,
                                                   t.begin, t.end - 1);
    }
    std::uint32_t at = tokens_.empty() ? 0 : tokens_.back().end;
    return std::make_unique<antlr4::CommonToken>(std::make_pair(this, chars_), antlr4::Token::EOF,
                                                 antlr4::Token::DEFAULT_CHANNEL, at, at - 1);
  }
  size_t getLine() const override { return 0; }
  size_t getCharPositionInLine() override { return 0; }
  antlr4::CharStream* getInputStream() override { return chars_; }
  std::string getSourceName() override { return "ptxlint"; }
  antlr4::TokenFactory<antlr4::CommonToken>* getTokenFactory() override {
    return antlr4::CommonTokenFactory::DEFAULT.get();
  }

 private:
  std::span<const LexedToken> tokens_;
  antlr4::CharStream* chars_;
  std::size_t next_ = 0;
};

}  // namespace ptxlint::parse
