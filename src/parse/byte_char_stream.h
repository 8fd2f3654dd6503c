// An ANTLR CharStream over a byte range of the caller's buffer.
//
// ANTLRInputStream copies its input and decodes it as UTF-8 into 32-bit code
// points (and throws on invalid UTF-8). PTX is ASCII, so every byte is one
// symbol here: no copy, no decoding, and token indices are byte offsets
// (relative to the range's start).
#pragma once

#include <antlr4-runtime.h>

#include <string>
#include <string_view>

namespace ptxlint::parse {

class ByteCharStream final : public antlr4::CharStream {
 public:
  explicit ByteCharStream(std::string_view bytes) : bytes_(bytes) {}

  void consume() override {
    if (position_ >= bytes_.size()) throw antlr4::IllegalStateException("cannot consume EOF");
    ++position_;
  }

  size_t LA(ssize_t i) override {
    if (i == 0) return 0;
    ssize_t at = static_cast<ssize_t>(position_) + (i > 0 ? i - 1 : i);
    if (at < 0 || at >= static_cast<ssize_t>(bytes_.size())) return antlr4::IntStream::EOF;
    return static_cast<unsigned char>(bytes_[static_cast<size_t>(at)]);
  }

  ssize_t mark() override { return -1; }
  void release(ssize_t) override {}
  size_t index() override { return position_; }
  void seek(size_t index) override { position_ = std::min(index, bytes_.size()); }
  size_t size() override { return bytes_.size(); }
  std::string getSourceName() const override { return "<ptx>"; }

  std::string getText(const antlr4::misc::Interval& interval) override {
    if (interval.a < 0 || interval.b < interval.a) return {};
    auto begin = static_cast<size_t>(interval.a);
    auto end = std::min(static_cast<size_t>(interval.b) + 1, bytes_.size());
    if (begin >= end) return {};
    return std::string(bytes_.substr(begin, end - begin));
  }

  std::string toString() const override { return std::string(bytes_); }

 private:
  std::string_view bytes_;
  size_t position_ = 0;
};

}  // namespace ptxlint::parse
