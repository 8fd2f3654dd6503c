// Cutting plain PTX text into chunks on the lexer's tokens.
//
// The prescan (prescan.h) reads every byte once before anything is parsed,
// to find the chunks' boundaries and to judge input the parser must not see
// (binary data, non-ASCII bytes, nesting deep enough to overflow ANTLR's
// stack). For the fast path's input, plain text without error tokens, the
// tokens tell the same: TokenChunker lexes the text a window at a time and
// ends a chunk where the prescan would, at the end of a top-level item (a
// ';' outside braces, or a '}' that closes a function body or a section),
// once the chunk holds min_chunk_bytes; the same scan of the tokens counts
// their nesting (a chunk anywhere near the prescan's bounds is trouble). At
// the first sign of trouble (a non-ASCII byte, an error token, deep nesting,
// a chunk the fast path refuses, an item of megabytes) the driver prescans
// the rest of the text and goes on as before, from the start of that chunk
// (parser.cpp).
//
// With split_items, an item longer than kFirstPiece chunks is cut into
// pieces, at the boundaries of what it holds one level of braces deep: a
// function body after a statement's ';' or a label's ':' (never inside a
// statement or a nested block), an initializer list after an element's
// ',', a debug section before a data line or after a label; the first
// piece is kFirstPiece chunks, the others one. Items are followed for
// that only from a chunk that long on (cutAt, track()). Before its first
// cut the rest of the item is read ahead once (lookAhead) for its closing
// tokens and, for a function, its body's labels (ast::BodyLabels). Every
// piece is then parsed as a whole item: the item's head, the piece, the
// item's tail (Chunk::head, Chunk::tail); the chunk that continues an item
// ends with it, where an uncut parse's chunk would end (Chunk::group). A
// line of megabytes is lexed in windows that end inside it (lexInsideLine).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "parse/fast_lexer.h"
#include "parse/prescan.h"

namespace ptxlint::parse {

// The longest item whose piece the fast path refuses that is parsed again
// whole, as an uncut parse parses it (parser.cpp, parseRefused): ANTLR's
// tree of an item of megabytes would take hundreds (150 bytes a byte).
constexpr std::uint32_t kLargestGroup = 256 << 10;

class TokenChunker {
 public:
  // `pass_section_data`: the data lines of debug sections that the checks'
  // parse would drop are passed over by the lexer, no token written for
  // them (FastLexer::passOverSectionData; ParseOptions::keep_section_data
  // off, the hand-written parser on).
  TokenChunker(std::string_view text, std::uint32_t min_chunk_bytes, std::uint32_t max_nesting,
               bool split_items = false, bool pass_section_data = false);

  enum class Step {
    Chunk,    // `chunk` and `tokens` are the next chunk (valid until the next call)
    End,      // the text is done (nothing but blanks and comments followed)
    Trouble,  // the text from position() on holds what only the prescan and the slow path judge
  };
  Step next(Chunk& chunk, std::span<const LexedToken>& tokens);

  // Where the next chunk begins.
  std::uint32_t position() const { return begin_; }
  // The head of the item that the next chunk continues (a piece of it came
  // last), or empty, and its Chunk::group: the prescan goes on from
  // position() with them.
  SourceRange continuedHead() const { return continued_head_; }
  SourceRange continuedGroup() const { return {item_.group_begin, item_.end}; }
  // The chunk of an uncut parse that position() is inside, after a
  // Cut::Between (its chunks so far carry it as their Chunk::group), or
  // empty. A prescan that went on from position() would cut the text after
  // it in other places than the uncut parse, whose chunk a refused piece
  // is parsed again as: it goes on from the group's end once that is
  // parsed, or from its begin if nothing of it is.
  SourceRange betweenGroup() const {
    return uncut_begin_ < begin_ && begin_ < uncut_end_ ? SourceRange{uncut_begin_, uncut_end_} : SourceRange{};
  }

  // A chunk is not let grow past this (Trouble then): an item of megabytes
  // (a function of a million labels, a file on one line) takes the
  // prescan's path, which holds it in less memory (its tokens reserved at
  // once, not grown window by window).
  static constexpr std::uint32_t kLargestChunk = 4 << 20;

 private:
  // False when the next window holds a non-ASCII byte or an error token, or
  // the chunk would pass kLargestChunk bytes.
  bool lexMore();
  bool lexInsideLine(std::uint32_t end);
  // A line longer than this from where a window would end is cut inside.
  static constexpr std::size_t kLongLine = 64 << 10;
  // The chunk being scanned continues an item cut into pieces: it ends
  // with the item, where the chunk would end if the item were not cut
  // (the item is longer than a chunk), so that the chunks after it are
  // those of an uncut parse.
  bool continuesItem() const { return continued_head_.end > continued_head_.begin; }
  // The `count` tokens from first_ as a chunk ending at `end` (an item's
  // end, or with `open` a cut inside the item being scanned).
  // What a token means to the item being scanned (split_items): where it
  // may be cut (after it, before it), and whether it is long enough to be;
  // Between: a cut between two items that an uncut parse keeps in one
  // chunk (before a module directive); Missing: the item, which lacks its
  // closer, ends before the function this token begins (its last piece
  // ends there).
  enum class Cut : std::uint8_t { None, After, Before, NeedMore, Between, Missing };
  Step emit(std::size_t count, std::uint32_t end, Chunk& chunk, std::span<const LexedToken>& tokens,
            Cut cut = Cut::None);

  Cut cutAt(std::size_t k, std::uint32_t braces, std::uint32_t parens, bool replay = false);
  // Starts following items at token `k`, the chunk's tokens before it read
  // again (replay: state kept, nothing cut).
  void track(std::size_t k);
  // Whether the item may be cut (its rest read ahead, once).
  bool cuttable();
  // Whether a token of type `type` is the first after the module directive
  // being read (.version 8.0, .target a, b, .address_size 64, .file 1 "f").
  bool directiveEnds(std::uint16_t type);
  static constexpr std::uint32_t kNone = 0xFFFFFFFF;
  static constexpr std::uint32_t kLargestHead = 64 << 10;  // a longer head: the item is not cut
  static constexpr std::uint32_t kFirstPiece = 4;          // chunks in an item's first piece
  // An item's first piece: kFirstPiece chunks, and at least kLargestGroup,
  // so that only an item longer than that is ever cut, and a piece the
  // fast path refuses is parsed alone (parser.cpp, parseRefused), never its
  // group again after the pieces before it were checked. (With the small
  // chunks of tests, an item of a few KB was cut, checked piece by piece,
  // and then, a later piece refused, parsed whole, whose recovery could
  // drop statements already checked: a finding of the fuzzer.) From the
  // default 8 KiB chunks up to 64 KiB, it is kLargestGroup.
  static std::uint32_t firstPieceBytes(std::uint32_t min_bytes) {
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(
        std::max<std::uint64_t>(std::uint64_t{kFirstPiece} * min_bytes, kLargestGroup), 0xFFFFFFFF));
  }

  // The item being scanned, as far as its tokens tell.
  enum class ItemKind : std::uint8_t { Unknown, Function, Section, Assigned, Initializer, Other };
  struct Item {
    bool starting = true;  // the next token starts an item
    ItemKind kind = ItemKind::Unknown;
    std::uint32_t begin = 0;     // its first byte
    std::uint32_t head_end = 0;  // the end of the '{' it may be cut in (0: none yet)
    bool closed = false;         // that '{' is closed
    // Function bodies: blocks open (1: the body) and braces of the
    // statement (vector operands); '?' not yet matched by ':'.
    std::uint32_t blocks = 0, statement_braces = 0, questions = 0;
    // A piece's last two tokens' types, the last first (the tokens before
    // the next chunk's).
    std::uint16_t before[2] = {0, 0};
    // A module directive that no ';' ends, being read (directiveEnds).
    enum class Directive : std::uint8_t { None, Value, Target, File } directive = Directive::None;
    std::uint32_t directive_step = 0;
    enum class Ahead : std::uint8_t { NotYet, Cuttable, Not } ahead = Ahead::NotYet;
    SourceRange tail{};
    bool closer_missing = false;    // (LookAhead::closer_missing)
    std::uint32_t end = 0;          // the item's end (lookAhead)
    std::uint32_t group_begin = 0;  // where its first piece begins
    std::shared_ptr<ast::BodyLabels> labels;
    std::uint32_t pieces = 0;  // emitted so far
  };
  std::uint32_t size() const { return static_cast<std::uint32_t>(text_.size()); }

  std::string_view text_;
  std::uint32_t min_bytes_;
  // What the prescan bounds, counted on tokens as the fast path counts them
  // for input the prescan did not see (fast_path.cpp, nearNestingBounds):
  // a chunk that comes within half the bound is Trouble.
  std::uint32_t near_bound_;
  std::uint32_t begin_ = 0;  // the next chunk's first byte
  std::uint32_t lexed_ = 0;  // text_[0, lexed_) is lexed
  TokenVector tokens_;       // lexed tokens; those of the next chunk from first_ on
  std::size_t first_ = 0;
  std::size_t consumed_ = 0;  // the tokens of the chunk returned last
  std::size_t scanned_ = 0;   // tokens_ the boundary scan has passed
  // The nesting at tokens_[scanned_] (braces and parentheses: the item
  // boundaries; all of them: the bounds).
  std::uint32_t braces_ = 0, parens_ = 0, ternaries_ = 0, prefixes_ = 0;
  bool split_;
  bool pass_sections_;
  // The last window ended inside a section body whose data was being
  // passed over, at the end of a line (the next window goes on with it).
  bool in_section_body_ = false;
  // The stretches passed over so far and not yet in an emitted chunk (in
  // order: where each ends, its tokens), and those of the chunk being read.
  FastLexer::PassedStretches passed_;
  Item item_;
  // What makes cutAt look at a token (watch()): attention_ for any token
  // (an item starts, a module directive is read), watched_ by its type.
  // Where the chunk of an uncut parse (no items cut, no Cut::Between)
  // begins, and where it ends once known: a chunk's Chunk::group.
  std::uint32_t uncut_begin_ = 0, uncut_end_ = 0;
  bool tracking_ = false;  // items are followed (track())
  // Items are followed from a chunk this long on (none without split_).
  std::uint32_t track_after_;
  bool attention_ = true;
  const bool* watched_ = nullptr;
  void watch();
  SourceRange continued_head_{};  // of the chunk being scanned
};

// Reads a function body, initializer list or section ahead from `from` (just
// after its '{') to its closing tokens: their place (for an initializer, a
// '}' that a ';' follows), where the item ends (a ';' after a body's '}'
// ends it, as TokenChunker reads items), and for a function body its own
// labels. Nothing (the item is not cut) at an error token, a non-ASCII
// byte or a ',' after the '}'. At the end of the text, or for a body at a
// function's header (no function begins inside another, 11.2), the item
// lacks its closer (PL1014): an item longer than kLargestGroup is then cut
// all the same (`closer_missing`, the tail empty where the closer belongs,
// after the item's last token), a shorter one is not (an uncut parse
// judges it).
struct LookAhead {
  SourceRange tail{};
  std::uint32_t end = 0;
  std::shared_ptr<ast::BodyLabels> labels;
  bool closer_missing = false;
};
enum class CutItem : std::uint8_t { FunctionBody, Section, Initializer };
std::optional<LookAhead> lookAhead(std::string_view text, std::uint32_t from, CutItem kind);
// Where the first item at or after `from` (between items) ends, as
// TokenChunker reads items, on the bytes; the text's end if none does.
std::uint32_t itemEndAhead(std::string_view text, std::uint32_t from);

}  // namespace ptxlint::parse
