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

#include <chrono>

#include "PtxParser.h"
#include "parse/ast_builder.h"
#include "parse/byte_char_stream.h"
#include "parse/fast_lexer.h"
#include "parse/fast_path.h"
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

void parseChunk(std::string_view text, const Chunk& chunk, const ParseOptions& options, ast::Module& module,
                diag::DiagnosticSink& sink, ParseStats& stats);

// Parses `chunk` in pieces, cut (`cuts`, offsets in the chunk) where a
// function begins inside a brace left open, and then at item ends
// (cutAtFunctionsInsideBraces): the piece before such a function ends
// inside that brace, where its parse reports the missing '}' (PL1014), and
// the functions after it are parsed as if it were there, chunk by chunk,
// through the fast path where they can; not in one parse of the statement
// parser through the rest of the chunk, which it would hold whole.
void parseInPieces(std::string_view text, const Chunk& chunk, const std::vector<std::uint32_t>& cuts,
                   const ParseOptions& options, ast::Module& module, diag::DiagnosticSink& sink, ParseStats& stats) {
  std::uint32_t begin = chunk.begin;
  for (std::size_t i = 0; i <= cuts.size() && !sink.tooManyErrors(); ++i) {
    std::uint32_t end = i < cuts.size() ? chunk.begin + cuts[i] : chunk.end;
    parseOneChunk(text, Chunk{begin, end}, options, module, sink, stats);
    begin = end;
  }
}

void parseChunk(std::string_view text, const Chunk& chunk, const ParseOptions& options, ast::Module& module,
                diag::DiagnosticSink& sink, ParseStats& stats) {
  std::string_view chunk_text = text.substr(chunk.begin, chunk.end - chunk.begin);
  // The hand-written lexer (same tokens as grammar/PtxLexer.g4, tested);
  // the character stream lets error messages show token texts.
  TokenVector lexed = lexAll(chunk_text);
  if (std::vector<std::uint32_t> cuts = cutAtFunctionsInsideBraces(lexed, options.min_chunk_bytes); !cuts.empty()) {
    lexed = TokenVector();
    parseInPieces(text, chunk, cuts, options, module, sink, stats);
    return;
  }
  ByteCharStream chars(chunk_text);
  SpanTokenSource source(lexed, &chars);
  SilentListener silent;
  // Tokens are fetched as the parser reads them (not filled first): a parse
  // that ends early (an error under the bail-out strategy, --max-errors)
  // holds only what it read.
  antlr4::CommonTokenStream tokens(&source);
  stats.tokens += lexed.size();

  PtxParser parser(&tokens);
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
    tokens.seek(0);
    parser.reset();
    auto strategy = std::make_shared<PtxErrorStrategy>(sink, chunk_text, chunk.begin);
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
  AstBuilder builder(text, chunk.begin, module, sink, error_offsets, options.max_nesting);
  builder.buildModule(tree);
}

// A large input that is plain text is cut into chunks on its tokens
// (TokenChunker), each parsed by the fast path without the prescan's pass
// over the bytes. Returns where that stopped: the end of the text, or the
// start of the chunk that needs the prescan (a non-ASCII byte, an error
// token, a chunk the fast path refuses, or no token at all), from which
// parseModule goes on as before.
std::uint32_t parseOnTokens(std::string_view text, const ParseOptions& options, ast::Module& module, ParseStats& stats,
                            const ChunkConsumer& on_chunk) {
  TokenChunker chunker(text, options.min_chunk_bytes, options.max_nesting);
  Chunk chunk;
  std::span<const LexedToken> tokens;
  for (;;) {
    switch (chunker.next(chunk, tokens)) {
      case TokenChunker::Step::Trouble: return chunker.position();
      case TokenChunker::Step::End:
        if (stats.chunks == 0) return 0;  // no token: the prescan reports it
        // The prescan's last chunk would hold the blanks after the last
        // item: counted alike, whichever way the file was cut.
        if (chunker.position() < text.size()) ++stats.chunks;
        return static_cast<std::uint32_t>(text.size());
      case TokenChunker::Step::Chunk: break;
    }
    if (!parseChunkFast(text, tokens, options, module, stats)) return chunk.begin;
    ++stats.chunks;
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
  if (options.fast_path && text.size() >= options.min_chunk_bytes && isPlainText(text.substr(0, 4096))) {
    start = parseOnTokens(text, options, module, stats, on_chunk);
    if (stats.stopped || start == text.size()) return stats;
  }
  std::vector<Chunk> chunks;
  if (!chunkInput(text, options, sink, stats, chunks, start)) return stats;
  std::uint64_t garbage_bytes = 0;  // consecutive chunks with errors and no item
  for (const Chunk& chunk : chunks) {
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
    parseOneChunk(text, chunk, options, module, sink, stats);
    bool garbage = module.items.size() == items && sink.errorCount() > errors;
    garbage_bytes = garbage ? garbage_bytes + (chunk.end - chunk.begin) : 0;
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

bool chunkInput(std::string_view text, const ParseOptions& options, diag::DiagnosticSink& sink, ParseStats& stats,
                std::vector<Chunk>& chunks, std::uint32_t start) {
  PrescanOptions prescan_options;
  prescan_options.start = start;
  prescan_options.max_nesting = options.max_nesting;
  prescan_options.min_chunk_bytes = options.min_chunk_bytes;
  prescan_options.pages = options.pages;
  auto started = std::chrono::steady_clock::now();
  PrescanResult scan = prescan(text, prescan_options, sink);
  stats.prescan_ns = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started).count());
  if (scan.is_binary) return false;
  if (!scan.has_tokens) {
    sink.report(diag::RuleId::EmptyInput, {0, 0},
                text.empty() ? "file is empty; a PTX module starts with .version"
                             : "file has no PTX statements; a PTX module starts with .version");
    return false;
  }
  if (options.pages != nullptr) options.pages->restart();
  chunks.clear();
  bool skipped = false;
  for (const Chunk& chunk : scan.chunks) {
    if (chunk.skip) {
      skipped = true;
    } else {
      chunks.push_back(chunk);
      chunks.back().after_skipped_start = skipped && chunks.size() == 1 && start == 0;
    }
  }
  return true;
}

void parseOneChunk(std::string_view text, const Chunk& chunk, const ParseOptions& options, ast::Module& module,
                   diag::DiagnosticSink& sink, ParseStats& stats) {
  if (chunk.after_skipped_start) module.broken_before_first_item = true;
  if (options.fast_path && parseChunkFast(text, chunk.begin, chunk.end, options, module, stats)) return;
  if (options.fast_path) ++stats.slow_chunks;
  parseChunk(text, chunk, options, module, sink, stats);
}

std::vector<std::string_view> lexTokens(std::string_view text) {
  std::vector<std::string_view> out;
  for (const LexedToken& t : lexAll(text)) out.push_back(text.substr(t.begin, t.end - t.begin));
  return out;
}

}  // namespace ptxlint::parse
