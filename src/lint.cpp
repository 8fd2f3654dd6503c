// ptxlint::lint: prescan, parse, check, then resolve positions and order.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <vector>

#include "diag/rules.h"

#include "ast/source_map.h"
#include "diag/diagnostic_builder.h"
#include "diag/source_origin.h"
#include "parse/parser.h"
#include "ptxlint/ptxlint.hpp"
#include "sema/checker.h"
#include "sema/module_context.h"
#include "spec/deviations.h"
#include "support/input_pages.h"
#include "support/text.h"

namespace ptxlint {

std::size_t Result::count(Severity severity) const {
  return static_cast<std::size_t>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                                [&](const Diagnostic& d) { return d.severity == severity; }));
}

std::string_view version() { return PTXLINT_VERSION; }

bool compatKnown(std::string_view compat) {
  return compat.empty() || (compat.starts_with("ptxas-") && spec::findPtxasRelease(compat.substr(6)) != nullptr);
}

std::string_view referenceName(const Options& options) {
  if (options.compat.empty() || !compatKnown(options.compat)) return "manual";
  return options.compat;
}

namespace {

// Syntax and input errors (PL1xxx) say the file is not PTX that any tool can
// read: ptxas stops there whatever the comments say, so neither --disable nor
// a suppression comment may turn them into a clean verdict.
bool silenceable(const Diagnostic& d) { return d.code.substr(0, 3) != "PL1"; }

bool names(const std::vector<std::string>& list, const Diagnostic& d) {
  return std::any_of(list.begin(), list.end(), [&](const std::string& s) { return s == d.code || s == d.rule; });
}

// Suppression comments: line -> the codes it silences ("" = all).
// `// ptxlint-disable-next-line PL3002, PL1001` silences the next line;
// `// ptxlint-disable-line ...` its own line.
std::unordered_map<std::uint32_t, std::vector<std::string>> suppressions(std::string_view text,
                                                                         const ast::SourceMap& map) {
  std::unordered_map<std::uint32_t, std::vector<std::string>> out;
  constexpr std::string_view kMarker = "ptxlint-disable-";
  for (std::size_t at = text.find(kMarker); at != std::string_view::npos; at = text.find(kMarker, at + 1)) {
    std::size_t line_start = text.rfind('\n', at);
    line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
    std::string_view before = text.substr(line_start, at - line_start);
    if (before.find("//") == std::string_view::npos) continue;  // only in a line comment
    std::string_view rest = text.substr(at + kMarker.size());
    bool next_line;
    if (rest.substr(0, 9) == "next-line") {
      next_line = true;
      rest.remove_prefix(9);
    } else if (rest.substr(0, 4) == "line") {
      next_line = false;
      rest.remove_prefix(4);
    } else {
      continue;
    }
    rest = rest.substr(0, rest.find('\n'));
    std::uint32_t line = map.lineColumn(static_cast<std::uint32_t>(at)).line + (next_line ? 1 : 0);
    std::vector<std::string>& codes = out[line];
    std::string word;
    bool any = false;
    for (char c : std::string(rest) + " ") {
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') {
        word += c;
      } else if (!word.empty()) {
        codes.push_back(word);
        any = true;
        word.clear();
      }
    }
    if (!any) codes.push_back("");
  }
  return out;
}

Requirement requirementFrom(const sema::NeededFeature* need, const ast::SourceMap& map, std::string value,
                            std::string_view needs) {
  Requirement r;
  r.value = std::move(value);
  if (need != nullptr) {
    r.has_reason = true;
    LineColumn at = map.lineColumn(need->at.begin);
    r.line = at.line;
    r.column = at.column;
    r.reason = need->what + " requires " + std::string(needs);
    r.spec_section = need->section;
  }
  return r;
}

Requirements requirementsOf(const sema::RequirementLog& log, const ast::SourceMap& map, const Statistics& stats) {
  sema::InferredRequirements inferred = sema::inferRequirements(log);
  Requirements out;
  out.unknown = stats.unchecked;
  std::string version = inferred.version.str();
  out.version = requirementFrom(inferred.version_reason, map, version, "PTX ISA " + version);
  if (inferred.version_from_target && inferred.target != nullptr) {
    out.version.reason = ".target " + std::string(inferred.target->name) + " requires PTX ISA " + version;
    out.version.spec_section = "11.1.2";
  }
  if (inferred.target == nullptr) {
    out.target.reason = "no single target satisfies every use";
    return out;
  }
  std::string needs;
  if (inferred.target_reason != nullptr) {
    for (const spec::TargetRequirement& t : inferred.target_reason->targets) {
      needs += (needs.empty() ? "" : " or ") + t.describe();
    }
  }
  out.target = requirementFrom(inferred.target_reason, map, std::string(inferred.target->name), needs);
  return out;
}

using Clock = std::chrono::steady_clock;

// An input is checked on several threads (Options::threads) only from this
// many chunks on: below, starting threads costs more than they give.
constexpr std::uint64_t kParallelChunks = 8;

std::uint64_t nanosecondsSince(Clock::time_point t) {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t).count());
}

// Whether `text` contains `word`; a mapped text is searched a megabyte at a
// time, its pages given back behind the search.
bool mentions(std::string_view text, std::string_view word, bool mapped) {
  if (!mapped) return support::containsBytes(text, word);
  constexpr std::size_t kBlock = 1 << 20;
  support::InputPages pages(text, true);
  for (std::size_t at = 0; at < text.size(); at += kBlock) {
    // Overlapping blocks: a word across a block boundary is found too.
    if (support::containsBytes(text.substr(at, kBlock + word.size() - 1), word)) return true;
    pages.releaseBefore(std::min(text.size(), at + kBlock));
  }
  return false;
}

// `checks_only`: the AST goes to the chunk checks and nowhere else, so the
// fast path may leave reused instructions unbuilt (ast::DeferredInstruction)
// where the checks judge them by their verdict keys.
parse::ParseOptions parseOptionsOf(const Options& options, support::InputPages* pages, bool checks_only) {
  parse::ParseOptions parse_options;
  parse_options.pages = pages;
  parse_options.max_nesting = options.max_nesting;
  parse_options.fast_path = options.fast_path;
  parse_options.min_chunk_bytes = options.chunk_bytes;
  parse_options.defer_instructions = checks_only && options.memoize_checks && !options.infer_requirements;
  // The checks take an item cut into pieces a piece at a time (ast::Piece):
  // memory follows the chunk even inside a function of megabytes.
  parse_options.split_items = checks_only;
  parse_options.keep_section_data = !checks_only;
  return parse_options;
}

void copyParseStats(const parse::ParseStats& parse_stats, Result& result) {
  result.stats.prescan_ns = parse_stats.prescan_ns;
  if (parse_stats.gave_up) result.truncated = true;
  result.stats.tokens = parse_stats.tokens;
  result.stats.chunks = parse_stats.chunks;
  result.stats.ll_fallbacks = parse_stats.ll_fallbacks;
  result.stats.slow_chunks = parse_stats.slow_chunks;
  result.stats.parsed_runs = parse_stats.parsed_runs;
  result.stats.reused_runs = parse_stats.reused_runs;
}

bool isModuleDirective(const ast::TopLevel& item) {
  return std::holds_alternative<ast::VersionDirective>(item.node) ||
         std::holds_alternative<ast::TargetDirective>(item.node) ||
         std::holds_alternative<ast::AddressSizeDirective>(item.node);
}

// The whole module's AST at once: parse everything, then check.
void lintWhole(std::string_view text, const Options& options, Result& result, diag::DiagnosticSink& sink,
               sema::RequirementLog& requirement_log) {
  ast::Module module;
  Clock::time_point phase = Clock::now();
  parse::ParseStats parse_stats = parse::parseModule(text, parseOptionsOf(options, nullptr, false), module, sink);
  result.stats.parse_ns = nanosecondsSince(phase) - parse_stats.prescan_ns;
  copyParseStats(parse_stats, result);

  phase = Clock::now();
  sema::checkModule(module, options, sink, result.stats, options.infer_requirements ? &requirement_log : nullptr);
  result.stats.check_ns = nanosecondsSince(phase);
}

// The checks of a file that comes in chunks (lintStreaming,
// lintInParallel): what each chunk gets, the module's state from chunk to
// chunk, and the end. Used by one thread at a time.
class ChunkChecker {
 public:
  ChunkChecker(const Options& options, Result& result, diag::DiagnosticSink& sink,
               sema::RequirementLog& requirement_log)
      : options_(options),
        result_(result),
        sink_(sink),
        requirement_log_(requirement_log),
        check_sink_(options.max_errors) {}

  // One chunk, parsed (its syntax errors already in `sink`). False: the file
  // must be checked whole (see lintStreaming).
  bool chunk(ast::Module& chunk) {
    Clock::time_point started = Clock::now();
    if (!context_) {
      context_ = sema::checkModuleDirectives(chunk, options_, check_sink_,
                                             options_.infer_requirements ? &requirement_log_ : nullptr);
      body_.emplace(*context_, options_, check_sink_, result_.stats);
      body_->items(chunk);
    } else if (chunk.broken_module_directive ||
               std::any_of(chunk.items.begin(), chunk.items.end(), isModuleDirective)) {
      return false;
    } else {
      body_->items(chunk);
    }
    check_ns_ += nanosecondsSince(started);
    return true;
  }

  // After the last chunk. False: the file must be checked whole.
  bool finish() {
    Clock::time_point started = Clock::now();
    if (!context_) return false;
    body_->finish();
    for (Diagnostic& d : check_sink_.diagnostics()) sink_.adopt(std::move(d));
    sink_.addDropped(check_sink_.droppedCount());
    check_ns_ += nanosecondsSince(started);
    return true;
  }

  std::uint64_t checkNs() const { return check_ns_; }

 private:
  const Options& options_;
  Result& result_;
  diag::DiagnosticSink& sink_;
  sema::RequirementLog& requirement_log_;
  diag::DiagnosticSink check_sink_;
  std::optional<sema::ModuleContext> context_;
  std::optional<sema::ModuleBodyChecker> body_;
  std::uint64_t check_ns_ = 0;
};

// One chunk at a time: each is checked as soon as it is parsed and its AST
// dropped. A syntax error switches nothing off: the statement that has it
// is left out of the AST (what it declared is declared but unknown, see
// ast::Block::unknown_names) and every other one is checked, as the whole
// path does. Gives up (false), for lintWhole, where the pieces cannot be
// judged alone: a .version, .target or .address_size after the first chunk,
// parsed or with a syntax error (they set the context of everything before
// them, or leave it unknown).
bool lintStreaming(std::string_view text, const Options& options, Result& result, diag::DiagnosticSink& sink,
                   sema::RequirementLog& requirement_log) {
  ChunkChecker checker(options, result, sink, requirement_log);
  ast::Module module;
  Clock::time_point phase = Clock::now();
  support::InputPages pages(text, options.input_is_file_mapping);
  parse::ParseStats parse_stats = parse::parseModule(text, parseOptionsOf(options, &pages, true), module, sink,
                                                     [&](ast::Module& chunk) { return checker.chunk(chunk); });
  if (parse_stats.stopped || !checker.finish()) return false;
  result.stats.parse_ns = nanosecondsSince(phase) - parse_stats.prescan_ns - checker.checkNs();
  result.stats.check_ns = checker.checkNs();
  copyParseStats(parse_stats, result);
  return true;
}

// Options::threads >= 2 on a large input: the chunks are parsed on several
// threads at once (each worker takes the next chunk), and checked in order,
// each by the worker that parsed it once every chunk before it is checked.
// The checks stay sequential (they carry the module's symbols from chunk to
// chunk); the parsing, about half the work, overlaps them. Each chunk gets a
// sink of its own, merged in order, so the findings and the decisions made
// between chunks (the error limit, a megabyte of garbage, a syntax error)
// are those of lintStreaming. A chunk's AST is built, checked and destroyed
// on one thread (the AST's free lists are per thread).
bool lintInParallel(std::string_view text, const Options& options, Result& result, diag::DiagnosticSink& sink,
                    sema::RequirementLog& requirement_log) {
  support::InputPages pages(text, options.input_is_file_mapping);
  parse::ParseOptions parse_options = parseOptionsOf(options, &pages, true);
  parse::ParseStats parse_stats;
  std::vector<parse::Chunk> chunks;
  if (!parse::chunkInput(text, parse_options, sink, parse_stats, chunks)) return false;

  ChunkChecker checker(options, result, sink, requirement_log);
  // The ordered step of chunk i runs when turn == i, on one worker at a
  // time; it needs no lock (the turn hands its writes over). The mutex is
  // only for sleeping on turn_changed.
  std::atomic<std::size_t> next_chunk{0};  // the next chunk a worker takes
  std::atomic<std::size_t> turn{0};        // the chunk whose ordered step is next
  std::atomic<bool> stop{false};           // no further ordered step (gave up, stopped, failed)
  std::mutex mutex;
  std::condition_variable turn_changed;
  std::uint64_t garbage_bytes = 0;          // ordered step only
  std::uint32_t skip_until = 0;             // ordered step only: pieces of an item parsed whole
  std::exception_ptr failure;               // under mutex
  std::atomic<std::uint64_t> worker_ns{0};  // parsing and checking, all workers
  auto passTurn = [&](std::size_t to) {
    {
      std::lock_guard lock(mutex);
      turn.store(to);
    }
    turn_changed.notify_all();
  };
  auto waitForTurn = [&](std::size_t index) {
    // The wait is about one chunk's check; a sleeping thread can take a
    // virtual machine's scheduler hundreds of microseconds to wake, so spin
    // a little first.
    for (int spin = 0; spin < (1 << 14) && turn.load() != index && !stop.load(); ++spin) {
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#else
      std::this_thread::yield();
#endif
    }
    std::unique_lock lock(mutex);
    turn_changed.wait(lock, [&] { return turn.load() == index || stop.load(); });
  };

  auto work = [&] {
    ast::Module module;
    std::uint64_t busy_ns = 0;
    try {
      for (std::size_t index = next_chunk++; index < chunks.size() && !stop.load(); index = next_chunk++) {
        const parse::Chunk& chunk = chunks[index];
        diag::DiagnosticSink chunk_sink(options.max_errors);
        parse::ParseStats chunk_stats;
        Clock::time_point started = Clock::now();
        std::uint32_t parsed = parse::parseOneChunk(text, chunk, parse_options, module, chunk_sink, chunk_stats,
                                                    /*group_later=*/true);
        busy_ns += nanosecondsSince(started);
        waitForTurn(index);
        if (stop.load()) break;
        started = Clock::now();
        // The ordered step: what parseModule's loop does between chunks.
        if (chunk.begin < skip_until) {  // a piece of an item parsed whole before
          module.clear();
        } else if (sink.tooManyErrors() || garbage_bytes >= parse_options.max_garbage_bytes) {
          parse_stats.gave_up = true;
          stop.store(true);
        } else {
          ++parse_stats.chunks;
          if (parsed == 0) {  // a piece the fast path refused: its item whole
            module.clear();
            parsed = parse::parseGroupOf(text, chunk, parse_options, module, chunk_sink, chunk_stats);
          }
          skip_until = parsed;
          parse_stats.tokens += chunk_stats.tokens;
          parse_stats.ll_fallbacks += chunk_stats.ll_fallbacks;
          parse_stats.slow_chunks += chunk_stats.slow_chunks;
          parse_stats.parsed_runs += chunk_stats.parsed_runs;
          parse_stats.reused_runs += chunk_stats.reused_runs;
          std::size_t errors = sink.errorCount();
          for (Diagnostic& d : chunk_sink.diagnostics()) sink.adopt(std::move(d));
          sink.addDropped(chunk_sink.droppedCount());
          parse_stats.long_lists += chunk_stats.long_lists;
          // (A chunk not parsed for a list too long is no garbage.)
          bool garbage = chunk_stats.long_lists == 0 && module.items.empty() && sink.errorCount() > errors;
          garbage_bytes = garbage ? garbage_bytes + (parsed - chunk.begin) : 0;
          if (!checker.chunk(module)) {
            parse_stats.stopped = true;
            stop.store(true);
          }
          pages.releaseBefore(chunk.begin);
        }
        busy_ns += nanosecondsSince(started);
        passTurn(index + 1);
        module.clear();
      }
    } catch (...) {
      {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        stop.store(true);
      }
      turn_changed.notify_all();
    }
    worker_ns += busy_ns;
  };
  std::vector<std::thread> helpers;
  std::size_t workers = std::min<std::size_t>(options.threads, chunks.size());
  for (std::size_t i = 1; i < workers; ++i) {
    try {
      helpers.emplace_back(work);
    } catch (const std::system_error&) {
      break;  // no thread to be had (a process limit): fewer workers, same result
    }
  }
  work();
  for (std::thread& helper : helpers) helper.join();
  if (failure) std::rethrow_exception(failure);

  if (parse_stats.stopped || !checker.finish()) return false;
  // The phases overlap: the parse time is the workers' time less the checks.
  result.stats.parse_ns = worker_ns.load() - std::min(worker_ns.load(), checker.checkNs());
  result.stats.check_ns = checker.checkNs();
  copyParseStats(parse_stats, result);
  return true;
}

}  // namespace

Result lint(std::string_view text, const Options& options) {
  Result result;
  result.stats.bytes = text.size();
  auto sink = std::make_unique<diag::DiagnosticSink>(options.max_errors);
  sema::RequirementLog requirement_log;
  bool parallel =
      options.streaming && options.threads >= 2 && text.size() >= kParallelChunks * std::uint64_t{options.chunk_bytes};
  if (!options.streaming ||
      !(parallel ? lintInParallel : lintStreaming)(text, options, result, *sink, requirement_log)) {
    result = Result{};
    result.stats.bytes = text.size();
    sink = std::make_unique<diag::DiagnosticSink>(options.max_errors);
    requirement_log = sema::RequirementLog{};
    lintWhole(text, options, result, *sink, requirement_log);
  }

  Clock::time_point phase = Clock::now();
  ast::SourceMap map(text, options.input_is_file_mapping);
  if (options.infer_requirements) result.requirements = requirementsOf(requirement_log, map, result.stats);

  std::vector<Diagnostic>& diagnostics = sink->diagnostics();
  if (sink->droppedCount() > 0) result.truncated = true;
  std::stable_sort(diagnostics.begin(), diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
  // Keep at most max_errors errors (notes and warnings of kept positions stay).
  std::size_t errors = 0;
  auto silenced = options.suppression_comments && mentions(text, "ptxlint-disable-", options.input_is_file_mapping)
                      ? suppressions(text, map)
                      : std::unordered_map<std::uint32_t, std::vector<std::string>>{};
  for (Diagnostic& d : diagnostics) {
    if (silenceable(d) && names(options.disabled_rules, d)) continue;
    if (options.warnings_as_errors && d.severity == Severity::Warning) d.severity = Severity::Error;
    if (!silenced.empty() && silenceable(d)) {
      auto it = silenced.find(map.lineColumn(d.range.begin).line);
      if (it != silenced.end() && std::any_of(it->second.begin(), it->second.end(), [&](const std::string& c) {
            return c.empty() || c == d.code || c == d.rule;
          })) {
        continue;
      }
    }
    if (d.severity == Severity::Error && ++errors > options.max_errors) {
      result.truncated = true;
      break;
    }
    d.begin = map.lineColumn(d.range.begin);
    d.end = map.lineColumn(d.range.end);
    for (DiagnosticNote& n : d.notes) {
      if (n.has_range) n.begin = map.lineColumn(n.range.begin);
    }
    result.diagnostics.push_back(std::move(d));
  }
  if (options.source_origins && !result.diagnostics.empty()) diag::attachSourceOrigins(text, result.diagnostics);
  result.stats.finish_ns = nanosecondsSince(phase);
  result.reference = std::string(referenceName(options));
  return result;
}

}  // namespace ptxlint
