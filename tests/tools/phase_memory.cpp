// Peak memory and time of ptxlint's phases, one phase set per process (for
// tools/bench; never a test verdict). Chunks are parsed and checked one after
// the other, their ASTs dropped as they go, so a single run has no separate
// peaks per phase; instead each run stops after a phase, and the difference
// between the runs is what the next phase adds.
//
//   phase_memory PHASE FILE     PHASE: prescan | lex | parse | lint
//
//   prescan  the prescan: encoding check, nesting bounds, chunk boundaries
//            (for -j 2, and for text the token chunks stop at)
//   lex      every chunk lexed (tokens dropped per chunk): a large plain
//            text cut into chunks on its tokens, as parseModule does
//            (TokenChunker), the prescan's chunks from where that stops
//   parse    the prescan, then every chunk parsed into its AST (dropped per
//            chunk), as lint() does before its checks: reused instructions
//            left unbuilt (ast::DeferredInstruction), built by the checks
//            only where they must
//   lint     ptxlint::lint: all of it, checks included
//
// The file is mapped as the CLI maps large files (pages given back behind
// each pass). Prints one line: PHASE, seconds, peak RSS in KiB (VmHWM).
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic_builder.h"
#include "parse/fast_lexer.h"
#include "parse/parser.h"
#include "parse/token_chunker.h"
#include "ptxlint/ptxlint.hpp"
#include "support/input_pages.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: phase_memory prescan|lex|parse|lint FILE\n");
    return 2;
  }
  std::string phase = argv[1];
  int fd = ::open(argv[2], O_RDONLY | O_CLOEXEC);
  struct stat st {};
  if (fd < 0 || ::fstat(fd, &st) != 0 || st.st_size == 0) {
    std::fprintf(stderr, "phase_memory: cannot read %s\n", argv[2]);
    return 2;
  }
  auto size = static_cast<std::size_t>(st.st_size);
  void* mapped = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (mapped == MAP_FAILED) {
    std::fprintf(stderr, "phase_memory: cannot map %s\n", argv[2]);
    return 2;
  }
  std::string_view text(static_cast<const char*>(mapped), size);

  auto started = std::chrono::steady_clock::now();
  std::size_t count = 0;  // something each phase produced, so that it is not optimised away
  if (phase == "lint") {
    ptxlint::Options options;
    options.input_is_file_mapping = true;
    count = ptxlint::lint(text, options).diagnostics.size();
  } else if (phase == "prescan" || phase == "lex" || phase == "parse") {
    ptxlint::diag::DiagnosticSink sink;
    ptxlint::support::InputPages pages(text, true);
    ptxlint::parse::ParseOptions options;
    options.pages = &pages;
    options.defer_instructions = true;  // as lint() parses for its checks
    if (phase == "parse") {
      ptxlint::ast::Module module;
      ptxlint::parse::parseModule(text, options, module, sink, [&](ptxlint::ast::Module& chunk) {
        count += chunk.items.size();
        return true;
      });
    } else {
      // lex: as parseModule cuts a large plain text, on its tokens
      // (TokenChunker), the prescan's chunks from where that stops.
      std::uint32_t start = 0;
      if (phase == "lex" && text.size() >= options.min_chunk_bytes &&
          ptxlint::parse::isPlainText(text.substr(0, 4096))) {
        ptxlint::parse::TokenChunker chunker(text, options.min_chunk_bytes, options.max_nesting);
        ptxlint::parse::Chunk chunk;
        std::span<const ptxlint::parse::LexedToken> tokens;
        ptxlint::parse::TokenChunker::Step step;
        while ((step = chunker.next(chunk, tokens)) == ptxlint::parse::TokenChunker::Step::Chunk) {
          count += tokens.size();
          pages.releaseBefore(chunk.begin);
        }
        start = step == ptxlint::parse::TokenChunker::Step::End ? static_cast<std::uint32_t>(text.size())
                                                                : chunker.position();
      }
      ptxlint::parse::ParseStats stats;
      std::vector<ptxlint::parse::Chunk> chunks;
      if (start < text.size()) ptxlint::parse::chunkInput(text, options, sink, stats, chunks, start);
      count += chunks.size();
      if (phase == "lex") {
        ptxlint::parse::TokenVector tokens;
        for (const ptxlint::parse::Chunk& chunk : chunks) {
          if (chunk.end <= start) continue;
          tokens.clear();
          ptxlint::parse::FastLexer(text.substr(chunk.begin, chunk.end - chunk.begin), chunk.begin).appendAll(tokens);
          count += tokens.size();
          pages.releaseBefore(chunk.end);
        }
      }
    }
  } else {
    std::fprintf(stderr, "phase_memory: unknown phase '%s'\n", phase.c_str());
    return 2;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  // VmHWM, this address space's peak: getrusage's ru_maxrss keeps the peak
  // of the parent's image across fork and exec (a Python caller's 15 MiB).
  long peak_kib = -1;
  if (std::FILE* status = std::fopen("/proc/self/status", "r")) {
    char line[256];
    while (std::fgets(line, sizeof line, status) != nullptr) {
      if (std::sscanf(line, "VmHWM: %ld kB", &peak_kib) == 1) break;
    }
    std::fclose(status);
  }
  std::printf("%s %.4f %ld %zu\n", phase.c_str(), seconds, peak_kib, count);
  return 0;
}
