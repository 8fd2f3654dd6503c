// The ANTLR driver. Each chunk of whole top-level items (cut on the tokens
// of plain text, token_chunker.h, else by the prescan, prescan.h) is lexed
// and parsed on its own, turned into AST nodes, and its tokens and tree are
// dropped before the next chunk: memory follows the largest chunk, not the
// file.
//
// Parsing is two-stage: SLL prediction with a bail-out strategy first (fast,
// and exact for every syntactically valid chunk), then, only for a chunk that
// failed, full LL prediction with ptxlint's recovering error strategy, which
// reports each syntax error once.
#include "parse/parser.h"

#include <antlr4-runtime.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <optional>

#include "PtxLexer.h"
#include "PtxParser.h"
#include "parse/ast_builder.h"
#include "parse/byte_char_stream.h"
#include "parse/fast_lexer.h"
#include "parse/fast_path.h"
#include "parse/list_bounds.h"
#include "parse/missing_closer.h"
#include "parse/prescan.h"
#include "parse/syntax_errors.h"
#include "parse/token_chunker.h"
#include "parse/token_source.h"

namespace ptxlint::parse {
namespace {

// Lexer errors cannot happen (INVALID_CHAR matches any character), but the
// console listener must never print.
class SilentListener final : public antlr4::BaseErrorListener {};

// Reports a statement past a bound of parse/list_bounds.h (PL1007, as one
// nested too deeply): its chunk is not parsed.
void reportPastBound(StatementBounds::Past past, std::uint32_t at, diag::DiagnosticSink& sink) {
  static_assert(kMostListElements == 65536 && kMostOperators == 4096);
  sink.report(diag::RuleId::NestingTooDeep, {at, at + 1},
              past == StatementBounds::Past::Elements
                  ? "a list of more than 65,536 elements (parameters, arguments, operands or targets); this part of "
                    "the file is not parsed"
                  : "an expression of more than 4,096 operators (it nests as deep as it is long); this part of the "
                    "file is not parsed");
}

// Whether `tokens` (a chunk's, after its item's head `head` for a piece)
// hold a statement past a bound of parse/list_bounds.h: then reported, and
// the chunk is not to be parsed. Only chunks that could hold a list past
// its bound are read here (most chunks have fewer tokens: reading them all
// again would cost a few % of a large file's time); an expression past
// its bound in a smaller one is refused by the fast path and reported by
// parseChunk, its tokens then no more than that.
bool pastBound(std::string_view text, SourceRange head, std::span<const LexedToken> tokens, diag::DiagnosticSink& sink,
               std::size_t from_tokens = 2 * std::size_t{kMostListElements}) {
  if (tokens.size() <= from_tokens) return false;
  StatementBounds bounds;
  StatementBounds::Past past = StatementBounds::Past::None;
  if (head.end > head.begin) {
    FastLexer lexer(text.substr(head.begin, head.end - head.begin), head.begin);
    for (LexedToken t; lexer.next(t);) bounds.feed(t);
  }
  std::optional<std::uint32_t> at = bounds.feed(tokens, past);
  if (!at) return false;
  reportPastBound(past, *at, sink);
  return true;
}

// The same for a chunk not lexed yet, read token by token (none kept: a
// statement of megabytes would take tens of MB as a token vector).
bool pastBound(std::string_view text, const Chunk& chunk, diag::DiagnosticSink& sink) {
  if (chunk.end - chunk.begin <= 2 * kMostListElements) return false;  // (as above: two bytes an element)
  StatementBounds bounds;
  if (chunk.head.end > chunk.head.begin) {
    FastLexer lexer(text.substr(chunk.head.begin, chunk.head.end - chunk.head.begin), chunk.head.begin);
    for (LexedToken t; lexer.next(t);) bounds.feed(t);
  }
  FastLexer lexer(text.substr(chunk.begin, chunk.end - chunk.begin), chunk.begin);
  for (LexedToken t; lexer.next(t);) {
    if (StatementBounds::Past past = bounds.feed(t); past != StatementBounds::Past::None) {
      reportPastBound(past, t.begin, sink);
      return true;
    }
  }
  return false;
}

void parseChunk(std::string_view text, std::uint32_t base, std::uint32_t end, std::span<const LexedToken> tokens,
                const ParseOptions& options, ast::Module& module, diag::DiagnosticSink& sink, ParseStats& stats);

// Parses the text [begin, end) in pieces, cut (`cuts`, offsets in the text)
// where a function begins inside a brace left open, and then at item ends
// (cutAtFunctionsInsideBraces): the piece before such a function ends
// inside that brace, where its parse reports the missing '}' (PL1014), and
// the functions after it are parsed as if it were there, chunk by chunk,
// through the fast path where they can; not in one parse of the statement
// parser through the rest of the chunk, which it would hold whole.
void parseInPieces(std::string_view text, std::uint32_t begin, std::uint32_t end,
                   const std::vector<std::uint32_t>& cuts, const ParseOptions& options, ast::Module& module,
                   diag::DiagnosticSink& sink, ParseStats& stats) {
  for (std::size_t i = 0; i <= cuts.size() && !sink.tooManyErrors(); ++i) {
    std::uint32_t piece_end = i < cuts.size() ? cuts[i] : end;
    Chunk piece;
    piece.begin = begin;
    piece.end = piece_end;
    parseOneChunk(text, piece, options, module, sink, stats);
    begin = piece_end;
  }
}

// The slow path on `tokens` (offsets in `text`, the chunk's and for a
// piece of a cut item its head's and tail's): ANTLR's SLL parse, then on
// failure the LL parse that reports every syntax error. `chunk_text` spans
// the tokens; its offset in `text` is `base`. Tokens of one stretch of the
// text (not a piece's: see parseRefused) where a function begins inside an
// open brace are parsed in pieces (parseInPieces).
void parseChunk(std::string_view text, std::uint32_t base, std::uint32_t end, std::span<const LexedToken> tokens,
                const ParseOptions& options, ast::Module& module, diag::DiagnosticSink& sink, ParseStats& stats) {
  if (std::vector<std::uint32_t> cuts = cutAtFunctionsInsideBraces(tokens, options.min_chunk_bytes); !cuts.empty()) {
    std::uint64_t counted = stats.tokens;  // (by the caller; the pieces count theirs again)
    parseInPieces(text, base, end, cuts, options, module, sink, stats);
    stats.tokens = counted;
    return;
  }
  if (pastBound(text, SourceRange{}, tokens, sink, 2 * std::size_t{kMostOperators})) {
    ++stats.long_lists;
    return;
  }
  std::string_view chunk_text = text.substr(base, end - base);
  // The tokens relative to the chunk; the character stream lets error
  // messages show token texts.
  TokenVector lexed(tokens.size());
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    lexed[i] = {tokens[i].begin - base, tokens[i].end - base, tokens[i].type};
  }
  ByteCharStream chars(chunk_text);
  SpanTokenSource source(lexed, &chars);
  SilentListener silent;
  // Tokens are fetched as the parser reads them (not filled first): a parse
  // that ends early (an error under the bail-out strategy, --max-errors)
  // holds only what it read.
  antlr4::CommonTokenStream token_stream(&source);

  PtxParser parser(&token_stream);
  parser.removeErrorListeners();
  parser.addErrorListener(&silent);
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::SLL);
  parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());

  PtxParser::ModuleContext* tree = nullptr;
  std::vector<std::uint32_t> error_offsets;
  try {
    tree = parser.module();
  } catch (const antlr4::ParseCancellationException&) {
    tree = nullptr;
  }
  if (tree == nullptr) {
    ++stats.ll_fallbacks;
    token_stream.seek(0);
    parser.reset();
    auto strategy = std::make_shared<PtxErrorStrategy>(sink, chunk_text, base);
    parser.setErrorHandler(strategy);
    parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::LL);
    try {
      tree = parser.module();
    } catch (const antlr4::ParseCancellationException&) {
      // --max-errors errors in this chunk (PtxErrorStrategy): nothing more
      // of it can be shown, and a partial tree is no input for the builder.
      return;
    }
    error_offsets = strategy->errorOffsets();
  }
  AstBuilder builder(text, base, module, sink, error_offsets, options.max_nesting);
  builder.buildModule(tree);
}

// compare_hand_parser's count (tests), kept whether the chunk is taken or
// not.
void addMismatches(ParseStats& stats, const ParseStats& fast) {
  if (fast.hand_mismatches > 0 && stats.hand_mismatches == 0) stats.first_hand_mismatch = fast.first_hand_mismatch;
  stats.hand_mismatches += fast.hand_mismatches;
}

// What a fast parse of a chunk's tokens counted (`fast`) but its tokens,
// counted by the caller (a piece's head and tail are its neighbours').
void addRuns(ParseStats& stats, const ParseStats& fast) {
  stats.parsed_runs += fast.parsed_runs;
  stats.hand_runs += fast.hand_runs;
  stats.reused_runs += fast.reused_runs;
  addMismatches(stats, fast);
}

bool isPiece(const Chunk& chunk) {
  return chunk.head.end > chunk.head.begin || chunk.tail.end > chunk.tail.begin || chunk.missing_tail > 0;
}
// A chunk cut where an uncut parse would not cut (a piece, or a chunk that
// ends before a module directive): refused by the fast path, its group is
// parsed instead.
bool inGroup(const Chunk& chunk) { return chunk.group.end > chunk.group.begin; }

// A chunk's tokens as the parser takes them: for a piece of a cut item,
// the item's head before the chunk's own tokens (`own`) and its tail after
// (Chunk::head, Chunk::tail). False when the head or tail holds an error
// token (they are the chunk's neighbours': only the slow path parses such).
bool pieceTokens(std::string_view text, const Chunk& chunk, std::span<const LexedToken> own, TokenVector& out) {
  out.clear();
  bool ok = true;
  auto lexInto = [&](SourceRange r) {
    FastLexer lexer(text.substr(r.begin, r.end - r.begin), r.begin);
    lexer.appendAll(out);
    ok = ok && !lexer.sawErrorToken();
  };
  if (chunk.head.end > chunk.head.begin) lexInto(chunk.head);
  out.insert(out.end(), own.begin(), own.end());
  if (chunk.tail.end > chunk.tail.begin) {
    // An initializer's piece ends after an element's ',': its list goes on
    // in the next piece, this one is closed by the tail.
    if (!out.empty() && out.back().type == PtxLexer::COMMA && text[chunk.tail.begin] == '}') out.pop_back();
    lexInto(chunk.tail);
  } else if (chunk.missing_tail > 0) {  // closers the text lacks (PL1014, reported by the last piece)
    if (chunk.missing_tail > 1 && !out.empty() && out.back().type == PtxLexer::COMMA) out.pop_back();
    out.push_back({chunk.tail.begin, chunk.tail.begin, PtxLexer::RBRACE});
    if (chunk.missing_tail > 1) out.push_back({chunk.tail.begin, chunk.tail.begin, PtxLexer::SEMI});
  }
  return ok;
}

// Says which piece of its item the cut item of a parsed chunk is
// (ast::Piece), with a function's labels on its first piece. False when
// the chunk's items are not what its cut says (its item is then parsed
// whole: a check of a piece taken for a whole body would miss the labels
// after it).
bool markPieces(std::string_view text, const Chunk& chunk, ast::Module& module, std::size_t first_item) {
  bool continues = chunk.head.end > chunk.head.begin,
       open = chunk.tail.end > chunk.tail.begin || chunk.missing_tail > 0;
  auto rangeOf = [](const ast::TopLevel& item) { return std::visit([](const auto& n) { return n.range; }, item.node); };
  if (module.items.size() <= first_item) return false;
  // A chunk that continues an item ends with it: it is the chunk's first
  // item and, when it goes on, its only one; an item that goes on is the
  // chunk's last.
  ast::TopLevel& item = continues ? module.items[first_item] : module.items.back();
  if ((continues && rangeOf(item).begin != chunk.head.begin) || (open && rangeOf(item).end != chunk.tail.end) ||
      (continues && open && module.items.size() != first_item + 1)) {
    return false;
  }
  ast::Piece piece = continues ? (open ? ast::Piece::Middle : ast::Piece::Last) : ast::Piece::First;
  if (auto* f = std::get_if<ast::Function>(&item.node)) {
    f->piece = piece;
    if (piece != ast::Piece::First) return true;
    f->labels = chunk.labels;
    if (f->labels == nullptr) {
      std::optional<LookAhead> ahead = lookAhead(text, chunk.body, CutItem::FunctionBody);
      if (!ahead) return false;
      f->labels = std::move(ahead->labels);
    }
  } else if (auto* v = std::get_if<ast::VariableDecl>(&item.node)) {
    v->piece = piece;
  } else if (!std::holds_alternative<ast::SectionDirective>(item.node)) {
    return false;
  }
  return true;
}

// Leaves of the items parsed from `first_item` on only what begins at
// `from` or after: the item that `from` is inside keeps the statements,
// elements or data lines from there on, and is the last piece of its item.
void dropBefore(ast::Module& module, std::size_t first_item, std::uint32_t from) {
  auto rangeOf = [](const ast::TopLevel& item) { return std::visit([](const auto& n) { return n.range; }, item.node); };
  auto kept = module.items.begin() + static_cast<std::ptrdiff_t>(first_item);
  while (kept != module.items.end() && rangeOf(*kept).end <= from) ++kept;
  module.items.erase(module.items.begin() + static_cast<std::ptrdiff_t>(first_item), kept);
  if (module.items.size() <= first_item || rangeOf(module.items[first_item]).begin >= from) return;
  auto trim = [&](auto& list, auto begin) {
    auto keep = std::find_if(list.begin(), list.end(), [&](const auto& x) { return begin(x) >= from; });
    list.erase(list.begin(), keep);
  };
  ast::TopLevel& item = module.items[first_item];
  if (auto* f = std::get_if<ast::Function>(&item.node); f != nullptr && f->body) {
    trim(f->body->statements, [&](const ast::Statement& st) { return ast::statementBegin(module, st); });
    f->piece = ast::Piece::Last;
  } else if (auto* v = std::get_if<ast::VariableDecl>(&item.node);
             v != nullptr && !v->declarators.empty() && v->declarators.back().initializer) {
    trim(v->declarators.back().initializer->elements, [](const ast::Initializer& e) { return e.range.begin; });
    v->piece = ast::Piece::Last;
  } else if (auto* section = std::get_if<ast::SectionDirective>(&item.node)) {
    trim(section->items, [](const ast::SectionItem& x) { return x.range.begin; });
  }
}

// A piece of a cut item that the fast path refuses: its item is parsed
// again as the chunk it would be in if it were not cut (Chunk::group),
// fast path or slow, as parseOneChunk parses any chunk, and what the
// pieces before it handed over is dropped (their tokens were counted).
void parseGroup(std::string_view text, const Chunk& piece, const ParseOptions& options, ast::Module& module,
                diag::DiagnosticSink& sink, ParseStats& stats) {
  std::size_t first_item = module.items.size();
  const SourceRange group = piece.group;
  TokenVector tokens;
  FastLexer lexer(text.substr(group.begin, group.end - group.begin), group.begin);
  lexer.appendAll(tokens);
  stats.tokens += static_cast<std::uint64_t>(
      std::count_if(tokens.begin(), tokens.end(), [&](const LexedToken& t) { return t.begin >= piece.begin; }));
  ParseStats fast;
  if (!options.fast_path || lexer.sawErrorToken() || !parseChunkFast(text, tokens, options, module, fast)) {
    parseChunk(text, group.begin, group.end, tokens, options, module, sink, stats);
  } else {
    addRuns(stats, fast);
  }
  if (piece.begin > group.begin) dropBefore(module, first_item, piece.begin);
}

// A chunk of a group (Chunk::group) that the fast path refuses (a syntax
// error, most likely). Its group is parsed as an uncut parse parses it,
// the same syntax errors found, when it is at most kLargestGroup (ANTLR's
// tree of an item of megabytes would take hundreds). Past that the chunk is parsed alone, a piece with its item's head
// and tail, its findings outside the chunk left to the chunks that hold them: memory follows the chunk, and the errors
// are those of an uncut parse but where its recovery would have run across a cut. Returns the end of what it parsed.
std::uint32_t parseRefused(std::string_view text, const Chunk& chunk, std::span<const LexedToken> own,
                           const ParseOptions& options, ast::Module& module, diag::DiagnosticSink& sink,
                           ParseStats& stats) {
  if (chunk.group.end - chunk.group.begin <= kLargestGroup) {
    parseGroup(text, chunk, options, module, sink, stats);
    return chunk.group.end;
  }
  stats.tokens += own.size();
  if (!isPiece(chunk)) {
    parseChunk(text, chunk.begin, chunk.end, own, options, module, sink, stats);
    return chunk.end;
  }
  thread_local TokenVector wrapped;
  pieceTokens(text, chunk, own, wrapped);
  if (!cutAtFunctionsInsideBraces(wrapped, options.min_chunk_bytes).empty()) {
    // A function begins inside the item: the item lacks its '}' (PL1014)
    // and ends before that function, not where it was read to end (an
    // initializer or section, read ahead on its bytes; a body's read ahead
    // stops at a function). Its group is parsed, cut at the function
    // (parseInPieces), as an uncut parse parses it.
    stats.tokens -= own.size();
    parseGroup(text, chunk, options, module, sink, stats);
    return chunk.group.end;
  }
  std::size_t first_item = module.items.size();
  std::uint32_t base = chunk.head.end > chunk.head.begin ? chunk.head.begin : chunk.begin;
  std::uint32_t end = chunk.tail.end > chunk.tail.begin ? chunk.tail.end : chunk.end;
  diag::DiagnosticSink piece_sink(sink.maxErrors());
  parseChunk(text, base, end, wrapped, options, module, piece_sink, stats);
  for (Diagnostic& d : piece_sink.diagnostics()) {
    if (d.range.begin >= chunk.begin && d.range.begin <= chunk.end) sink.adopt(std::move(d));
  }
  sink.addDropped(piece_sink.droppedCount());
  markPieces(text, chunk, module, first_item);
  return chunk.end;
}

// Parses a chunk whose own tokens are `own` (`own_clean`: none an error
// token): through the fast path, or the slow path where that refuses. A
// piece of a cut item is parsed as a whole item, its item's head before
// and tail after it (they are counted with their own chunks), or, where
// the fast path refuses it, as its group (parseGroup). Returns the end of
// what it parsed: the chunk's, or its group's (the chunks before it are
// to be skipped).
// The chunk's tokens, those of data lines the chunker passed over included
// (Chunk::passed_tokens): what the slow path parses.
std::span<const LexedToken> allTokens(std::string_view text, const Chunk& chunk, TokenVector& out) {
  FastLexer(text.substr(chunk.begin, chunk.end - chunk.begin), chunk.begin).appendAll(out);
  return out;
}

// `lend_tokens`: `own` stays where it is until `module` is cleared, and so
// does the piece's token vector (thread-local, made again only for the next
// piece): the fast path's deferred instructions may refer to them
// (ParseOptions::borrow_chunk_tokens). Tokens lexed here are never lent.
std::uint32_t parseTokens(std::string_view text, const Chunk& chunk, std::span<const LexedToken> own, bool own_clean,
                          const ParseOptions& options, ast::Module& module, diag::DiagnosticSink& sink,
                          ParseStats& stats, bool lend_tokens) {
  ParseOptions lent = options;
  lent.borrow_chunk_tokens = lend_tokens;
  if (!isPiece(chunk)) {
    ParseStats fast;
    if (own_clean && options.fast_path && parseChunkFast(text, own, lent, module, fast)) {
      stats.tokens += own.size() + chunk.passed_tokens;
      addRuns(stats, fast);
      return chunk.end;
    }
    if (options.fast_path) ++stats.slow_chunks;
    TokenVector relexed;
    if (chunk.passed_tokens != 0) own = allTokens(text, chunk, relexed);
    if (inGroup(chunk)) return parseRefused(text, chunk, own, options, module, sink, stats);
    stats.tokens += own.size();
    parseChunk(text, chunk.begin, chunk.end, own, options, module, sink, stats);
    return chunk.end;
  }
  thread_local TokenVector wrapped;
  std::size_t first_item = module.items.size();
  if (own_clean && options.fast_path && pieceTokens(text, chunk, own, wrapped)) {
    ParseStats fast;
    const std::size_t deferred_before = module.deferred.size(), tokens_before = module.deferred_tokens.size();
    const ast::TokenPlace* borrowed_before = module.borrowed_tokens;
    const std::size_t borrowed_count_before = module.borrowed_count;
    if (parseChunkFast(text, wrapped, lent, module, fast) && markPieces(text, chunk, module, first_item)) {
      stats.tokens += own.size() + chunk.passed_tokens;
      addRuns(stats, fast);
      return chunk.end;
    }
    module.items.resize(first_item);
    // (Nor what the piece deferred: `wrapped` is made again below.)
    module.deferred.resize(deferred_before);
    module.deferred_tokens.resize(tokens_before);
    module.borrowed_tokens = borrowed_before;
    module.borrowed_count = borrowed_count_before;
  }
  if (options.fast_path) ++stats.slow_chunks;
  TokenVector relexed;
  if (chunk.passed_tokens != 0) own = allTokens(text, chunk, relexed);
  return parseRefused(text, chunk, own, options, module, sink, stats);
}

// Whether the chunker's lexer may pass over the debug-section data lines
// that the fast path would drop (TokenChunker): only where it drops them.
bool passSectionData(const ParseOptions& options) {
  return !options.keep_section_data && options.hand_parser && !options.compare_hand_parser;
}

// A large input that is plain text is cut into chunks on its tokens
// (TokenChunker), each parsed by the fast path without the prescan's pass
// over the bytes. Returns where that stopped: the end of the text, or the
// start of the chunk that needs the prescan (a non-ASCII byte, an error
// token, no token at all, and without split_items a chunk the fast path
// refuses), from which parseModule goes on as before; `continues` is then
// the head of the item cut into pieces that the text there continues, and
// `group` its Chunk::group; `skip`: chunks before it are to be skipped.
// With split_items a chunk the fast path refuses takes the slow path here
// (the chunks are those of chunkInput for -j 2 whatever the parse finds).
std::uint32_t parseOnTokens(std::string_view text, const ParseOptions& options, ast::Module& module,
                            diag::DiagnosticSink& sink, ParseStats& stats, const ChunkConsumer& on_chunk,
                            SourceRange& continues, SourceRange& group, std::uint32_t& skip) {
  TokenChunker chunker(text, options.min_chunk_bytes, options.max_nesting, options.split_items,
                       passSectionData(options));
  Chunk chunk;
  std::span<const LexedToken> tokens;
  std::uint64_t garbage_bytes = 0;  // as in parseModule
  std::uint32_t skip_until = 0;
  bool header_skipped = false;  // the first chunk was not parsed (pastBound)
  for (;;) {
    switch (chunker.next(chunk, tokens)) {
      case TokenChunker::Step::Trouble:
        if (skip_until > chunker.position()) {
          // The last chunk was refused and its group parsed whole (an
          // uncut parse's chunk, betweenGroup): the prescan goes on after
          // it, between items, where the uncut parse's next chunk begins.
          continues = group = SourceRange{};
          skip = skip_until;
          return skip_until;
        }
        continues = chunker.continuedHead();
        group = chunker.continuedGroup();
        skip = skip_until;
        return chunker.position();
      case TokenChunker::Step::End:
        if (stats.chunks == 0) return 0;  // no token: the prescan reports it
        // The prescan's last chunk would hold the blanks after the last
        // item: counted alike, whichever way the file was cut (and where
        // the parse would stop before it, it stops).
        if (chunker.position() < text.size()) {
          if (options.split_items && (sink.tooManyErrors() || garbage_bytes >= options.max_garbage_bytes)) {
            stats.gave_up = true;
          } else {
            ++stats.chunks;
          }
        }
        return static_cast<std::uint32_t>(text.size());
      case TokenChunker::Step::Chunk: break;
    }
    if (chunk.begin < skip_until) continue;  // a piece of an item parsed whole (parseGroup)
    if (pastBound(text, chunk.head, tokens, sink)) {
      // Not parsed; the module's header may have been in it.
      header_skipped = header_skipped || stats.chunks == 0;
      ++stats.chunks;
      ++stats.long_lists;
      continue;
    }
    if (header_skipped) module.broken_before_first_item = true;
    header_skipped = false;
    if (!options.split_items) {
      if (!parseChunkFast(text, tokens, options, module, stats)) return chunk.begin;
      stats.tokens += chunk.passed_tokens;
      ++stats.chunks;
    } else {
      if (sink.tooManyErrors() || garbage_bytes >= options.max_garbage_bytes) {
        stats.gave_up = true;
        return static_cast<std::uint32_t>(text.size());
      }
      ++stats.chunks;
      std::size_t items = module.items.size();
      std::size_t errors = sink.errorCount();
      std::uint32_t long_lists = stats.long_lists;
      // With a consumer, each chunk's module is checked and cleared before
      // the chunker moves on: the chunk's tokens stay where they are until
      // then, and are lent to the module.
      skip_until = parseTokens(text, chunk, tokens, /*own_clean=*/true, options, module, sink, stats,
                               /*lend_tokens=*/static_cast<bool>(on_chunk));
      bool skipped = stats.long_lists != long_lists;  // (as in parseModule)
      header_skipped = skipped && stats.chunks == 1;
      bool garbage = !skipped && module.items.size() == items && sink.errorCount() > errors;
      garbage_bytes = garbage ? garbage_bytes + (skip_until - chunk.begin) : 0;
    }
    if (on_chunk) {
      if (!on_chunk(module)) {
        stats.stopped = true;
        return chunk.begin;
      }
      module.clear();
      if (options.pages != nullptr) options.pages->releaseBefore(chunk.begin);
    }
  }
}

}  // namespace

ParseStats parseModule(std::string_view text, const ParseOptions& options, ast::Module& module,
                       diag::DiagnosticSink& sink, const ChunkConsumer& on_chunk) {
  ParseStats stats;
  // A small input (one chunk) that is plain text goes straight to the fast
  // path, which then also checks the nesting bounds on its tokens: the
  // prescan's byte loop costs a twentieth of validating a typical kernel,
  // and is needed only to cut large files and to judge input the fast path
  // refuses. On refusal the input is parsed as usual, from the start.
  if (options.fast_path && text.size() < options.min_chunk_bytes && isPlainText(text)) {
    if (parseChunkFast(text, 0, static_cast<std::uint32_t>(text.size()), options, module, stats, /*unscanned=*/true)) {
      stats.chunks = 1;
      if (on_chunk) {
        if (!on_chunk(module)) {
          stats.stopped = true;
        } else {
          module.clear();
        }
      }
      return stats;
    }
    ParseStats refused = stats;
    stats = ParseStats{};
    stats.hand_mismatches = refused.hand_mismatches;  // (for tests: compare_hand_parser)
    stats.first_hand_mismatch = refused.first_hand_mismatch;
  }
  std::uint32_t start = 0;  // where the prescan begins
  SourceRange continues{};  // the item cut into pieces it continues, if any
  SourceRange group{};
  std::uint32_t skip_until = 0;  // chunks before it were parsed with an item's group
  if (options.fast_path && text.size() >= options.min_chunk_bytes && isPlainText(text.substr(0, 4096))) {
    start = parseOnTokens(text, options, module, sink, stats, on_chunk, continues, group, skip_until);
    if (stats.stopped || stats.gave_up || start == text.size()) return stats;
  }
  std::vector<Chunk> chunks;
  if (!chunkInput(text, options, sink, stats, chunks, start, continues, group)) return stats;
  std::uint64_t garbage_bytes = 0;  // consecutive chunks with errors and no item
  bool header_skipped = false;      // the chunks so far were not parsed (pastBound)
  for (const Chunk& chunk : chunks) {
    if (chunk.begin < skip_until) continue;
    // Past the error limit, or after a megabyte of nothing but errors, the
    // rest of the file is not parsed: its findings would be dropped anyway,
    // and hostile input (100 MB of garbage) must not cost time for nothing.
    // lint() says the list is cut.
    if (sink.tooManyErrors() || garbage_bytes >= options.max_garbage_bytes) {
      stats.gave_up = true;
      break;
    }
    ++stats.chunks;
    std::size_t items = module.items.size();
    std::size_t errors = sink.errorCount();
    std::uint32_t long_lists = stats.long_lists;
    if (header_skipped) module.broken_before_first_item = true;
    skip_until = parseOneChunk(text, chunk, options, module, sink, stats);
    // A chunk not parsed for a list too long is no garbage (what follows it
    // is checked); the module's header may have been in it.
    bool skipped = stats.long_lists != long_lists;
    header_skipped = skipped && (header_skipped || stats.chunks == 1);
    bool garbage = !skipped && module.items.size() == items && sink.errorCount() > errors;
    garbage_bytes = garbage ? garbage_bytes + (skip_until - chunk.begin) : 0;
    if (on_chunk) {
      if (!on_chunk(module)) {
        stats.stopped = true;
        break;
      }
      module.clear();
      // The chunk before this one is checked and dropped (this one may
      // still be checked on another thread, see Options::threads): its text
      // is needed again only to show a diagnostic's line (read back from
      // the file then).
      if (options.pages != nullptr) options.pages->releaseBefore(chunk.begin);
    }
  }
  return stats;
}

namespace {

// chunkInput's chunks cut on tokens, as parseOnTokens cuts them (-j 2 parses
// the chunks of -j 1): from the start to where that stops (`start`, with
// the item it continues in `continues`).
void tokenChunks(std::string_view text, const ParseOptions& options, diag::DiagnosticSink& sink,
                 std::vector<Chunk>& chunks, std::uint32_t& start, SourceRange& continues, SourceRange& group) {
  TokenChunker chunker(text, options.min_chunk_bytes, options.max_nesting, options.split_items,
                       passSectionData(options));
  Chunk chunk;
  std::span<const LexedToken> tokens;
  bool skipped_start = false;  // the chunks so far were not parsed (pastBound)
  bool skipped_any = false;
  for (;;) {
    switch (chunker.next(chunk, tokens)) {
      case TokenChunker::Step::Trouble: {
        // Inside an uncut parse's chunk cut before a module directive, the
        // prescan goes on from its begin, its chunks here dropped (none is
        // parsed yet): a refused one would be parsed again as that chunk,
        // and the prescan's chunks after it must begin where it ends.
        SourceRange between = chunker.betweenGroup();
        if (between.end > between.begin) {
          while (!chunks.empty() && chunks.back().begin >= between.begin) chunks.pop_back();
          start = between.begin;
          continues = group = SourceRange{};
          return;
        }
        start = chunker.position();
        continues = chunker.continuedHead();
        group = chunker.continuedGroup();
        return;
      }
      case TokenChunker::Step::End:
        if (chunks.empty() && !skipped_any) return;  // no token: the prescan reports it
        if (chunker.position() < text.size()) {      // the blanks after the last item (see parseOnTokens)
          Chunk& blanks = chunks.emplace_back();
          blanks.begin = chunker.position();
          blanks.end = static_cast<std::uint32_t>(text.size());
        }
        start = static_cast<std::uint32_t>(text.size());
        return;
      case TokenChunker::Step::Chunk:
        if (pastBound(text, chunk.head, tokens, sink)) {  // reported, not parsed (as a prescan's Chunk::skip)
          skipped_start = skipped_start || chunks.empty();
          skipped_any = true;
          break;
        }
        chunks.push_back(chunk);
        chunks.back().labels = nullptr;  // (read when the piece is parsed: Chunk::body)
        chunks.back().after_skipped_start = skipped_start && chunks.size() == 1;
        break;
    }
    if (options.pages != nullptr) options.pages->releaseBefore(chunk.begin);
  }
}

}  // namespace

bool chunkInput(std::string_view text, const ParseOptions& options, diag::DiagnosticSink& sink, ParseStats& stats,
                std::vector<Chunk>& chunks, std::uint32_t start, SourceRange continues, SourceRange group) {
  auto started = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started).count());
  };
  chunks.clear();
  if (start == 0 && options.split_items && options.fast_path && text.size() >= options.min_chunk_bytes &&
      isPlainText(text.substr(0, 4096))) {
    tokenChunks(text, options, sink, chunks, start, continues, group);
    if (options.pages != nullptr) options.pages->restart();
    if (start == text.size()) {
      stats.prescan_ns = elapsed();
      return true;
    }
  }
  PrescanOptions prescan_options;
  prescan_options.start = start;
  prescan_options.continues = continues;
  prescan_options.group = group;
  prescan_options.max_nesting = options.max_nesting;
  prescan_options.min_chunk_bytes = options.min_chunk_bytes;
  prescan_options.pages = options.pages;
  PrescanResult scan = prescan(text, prescan_options, sink);
  stats.prescan_ns = elapsed();
  if (scan.is_binary) return false;
  if (!scan.has_tokens) {
    sink.report(diag::RuleId::EmptyInput, {0, 0},
                text.empty() ? "file is empty; a PTX module starts with .version"
                             : "file has no PTX statements; a PTX module starts with .version");
    return false;
  }
  if (options.pages != nullptr) options.pages->restart();
  bool skipped = false;
  for (Chunk& chunk : scan.chunks) {
    if (chunk.skip) {
      skipped = true;
    } else {
      chunks.push_back(std::move(chunk));
      chunks.back().after_skipped_start = skipped && chunks.size() == 1 && start == 0;
    }
  }
  return true;
}

std::uint32_t parseOneChunk(std::string_view text, const Chunk& chunk, const ParseOptions& options, ast::Module& module,
                            diag::DiagnosticSink& sink, ParseStats& stats, bool group_later) {
  if (chunk.after_skipped_start) module.broken_before_first_item = true;
  if (pastBound(text, chunk, sink)) {
    ++stats.long_lists;
    return chunk.end;
  }
  if (group_later && inGroup(chunk)) {
    // Only the fast path here; a refused chunk's group is parsed by the
    // caller (parseGroupOf), in order.
    TokenVector own;
    FastLexer lexer(text.substr(chunk.begin, chunk.end - chunk.begin), chunk.begin);
    lexer.appendAll(own);
    thread_local TokenVector wrapped;
    std::size_t first_item = module.items.size();
    ParseStats fast;
    bool piece = isPiece(chunk);
    if (!lexer.sawErrorToken() && options.fast_path && (!piece || pieceTokens(text, chunk, own, wrapped)) &&
        parseChunkFast(text, piece ? std::span<const LexedToken>(wrapped) : std::span<const LexedToken>(own), options,
                       module, fast) &&
        (!piece || markPieces(text, chunk, module, first_item))) {
      stats.tokens += own.size();
      addRuns(stats, fast);
      return chunk.end;
    }
    module.items.resize(first_item);
    return 0;
  }
  if (!inGroup(chunk)) {
    if (options.fast_path && parseChunkFast(text, chunk.begin, chunk.end, options, module, stats)) return chunk.end;
    if (options.fast_path) ++stats.slow_chunks;
    TokenVector tokens;
    FastLexer(text.substr(chunk.begin, chunk.end - chunk.begin), chunk.begin).appendAll(tokens);
    stats.tokens += tokens.size();
    parseChunk(text, chunk.begin, chunk.end, tokens, options, module, sink, stats);
    return chunk.end;
  }
  TokenVector own;
  FastLexer lexer(text.substr(chunk.begin, chunk.end - chunk.begin), chunk.begin);
  lexer.appendAll(own);
  return parseTokens(text, chunk, own, !lexer.sawErrorToken(), options, module, sink, stats, /*lend_tokens=*/false);
}

std::uint32_t parseGroupOf(std::string_view text, const Chunk& piece, const ParseOptions& options, ast::Module& module,
                           diag::DiagnosticSink& sink, ParseStats& stats) {
  if (piece.after_skipped_start) module.broken_before_first_item = true;
  if (options.fast_path) ++stats.slow_chunks;
  TokenVector own;
  FastLexer(text.substr(piece.begin, piece.end - piece.begin), piece.begin).appendAll(own);
  return parseRefused(text, piece, own, options, module, sink, stats);
}

std::vector<std::string_view> lexTokens(std::string_view text) {
  std::vector<std::string_view> out;
  for (const LexedToken& t : lexAll(text)) out.push_back(text.substr(t.begin, t.end - t.begin));
  return out;
}

}  // namespace ptxlint::parse
