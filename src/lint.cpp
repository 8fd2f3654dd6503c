// ptxlint::lint: prescan, parse, check, then resolve positions and order.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "diag/rules.h"

#include "ast/source_map.h"
#include "diag/diagnostic_builder.h"
#include "parse/parser.h"
#include "ptxlint/ptxlint.hpp"
#include "sema/checker.h"
#include "sema/module_context.h"

namespace ptxlint {

std::size_t Result::count(Severity severity) const {
  return static_cast<std::size_t>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                                [&](const Diagnostic& d) { return d.severity == severity; }));
}

std::string_view version() { return PTXLINT_VERSION; }

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

std::uint64_t nanosecondsSince(Clock::time_point t) {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t).count());
}

// Whether `text` contains `word`; a mapped text is searched a megabyte at a
// time, its pages given back behind the search.
bool mentions(std::string_view text, std::string_view word, bool mapped) {
  if (!mapped) return text.find(word) != std::string_view::npos;
  constexpr std::size_t kBlock = 1 << 20;
  support::InputPages pages(text, true);
  for (std::size_t at = 0; at < text.size(); at += kBlock) {
    // Overlapping blocks: a word across a block boundary is found too.
    if (text.substr(at, kBlock + word.size() - 1).find(word) != std::string_view::npos) return true;
    pages.releaseBefore(std::min(text.size(), at + kBlock));
  }
  return false;
}

parse::ParseOptions parseOptionsOf(const Options& options, support::InputPages* pages) {
  parse::ParseOptions parse_options;
  parse_options.pages = pages;
  parse_options.max_nesting = options.max_nesting;
  parse_options.fast_path = options.fast_path;
  parse_options.min_chunk_bytes = options.chunk_bytes;
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

bool hasSyntaxError(diag::DiagnosticSink& sink) {
  return std::any_of(sink.diagnostics().begin(), sink.diagnostics().end(),
                     [](const Diagnostic& d) { return d.severity == Severity::Error && d.code.substr(0, 3) == "PL1"; });
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
  parse::ParseStats parse_stats = parse::parseModule(text, parseOptionsOf(options, nullptr), module, sink);
  result.stats.parse_ns = nanosecondsSince(phase) - parse_stats.prescan_ns;
  copyParseStats(parse_stats, result);

  phase = Clock::now();
  sema::checkModule(module, options, sink, result.stats, options.infer_requirements ? &requirement_log : nullptr);
  result.stats.check_ns = nanosecondsSince(phase);
}

// One chunk at a time: each is checked as soon as it is parsed and its AST
// dropped. After a syntax error nothing is checked (ptxas stops there): the
// findings made so far are dropped and the rest is only counted, as the
// whole path does. Gives up (false), for lintWhole, where the pieces cannot
// be judged alone: a .version, .target or .address_size after the first
// chunk (they set the context of everything before them), or a syntax error
// when every unchecked instruction is to be listed (PL9002: those of the
// chunks already dropped would be missing).
bool lintStreaming(std::string_view text, const Options& options, Result& result, diag::DiagnosticSink& sink,
                   sema::RequirementLog& requirement_log) {
  diag::DiagnosticSink check_sink(options.max_errors);
  std::optional<sema::ModuleContext> context;
  std::optional<sema::ModuleBodyChecker> body;
  std::uint64_t check_ns = 0;
  bool counting_only = false;  // after a syntax error
  ast::Module module;
  auto on_chunk = [&](ast::Module& chunk) {
    Clock::time_point started = Clock::now();
    if (!counting_only && hasSyntaxError(sink)) {
      if (sema::listsUnchecked(options)) return false;
      counting_only = true;
    }
    if (counting_only) {
      sema::countInstructions(chunk, result.stats);
    } else if (!context) {
      context = sema::checkModuleDirectives(chunk, options, check_sink,
                                            options.infer_requirements ? &requirement_log : nullptr);
      body.emplace(*context, options, check_sink, result.stats);
      body->items(chunk);
    } else if (std::any_of(chunk.items.begin(), chunk.items.end(), isModuleDirective)) {
      return false;
    } else {
      body->items(chunk);
    }
    check_ns += nanosecondsSince(started);
    return true;
  };
  Clock::time_point phase = Clock::now();
  support::InputPages pages(text, options.input_is_file_mapping);
  parse::ParseStats parse_stats = parse::parseModule(text, parseOptionsOf(options, &pages), module, sink, on_chunk);
  if (parse_stats.stopped) return false;
  if (!counting_only && hasSyntaxError(sink)) {  // no chunk after the error (or none at all)
    if (sema::listsUnchecked(options)) return false;
    counting_only = true;
  }
  Clock::time_point started = Clock::now();
  if (counting_only) {
    // As the whole path: with syntax errors every instruction is unchecked
    // and nothing else is reported.
    result.stats.unchecked = result.stats.instructions;
    result.stats.checked = 0;
    requirement_log = sema::RequirementLog{};
  } else {
    if (!context) return false;
    body->finish();
    for (Diagnostic& d : check_sink.diagnostics()) sink.adopt(std::move(d));
    sink.addDropped(check_sink.droppedCount());
  }
  check_ns += nanosecondsSince(started);
  result.stats.parse_ns = nanosecondsSince(phase) - parse_stats.prescan_ns - check_ns;
  result.stats.check_ns = check_ns;
  copyParseStats(parse_stats, result);
  return true;
}

}  // namespace

Result lint(std::string_view text, const Options& options) {
  Result result;
  result.stats.bytes = text.size();
  auto sink = std::make_unique<diag::DiagnosticSink>(options.max_errors);
  sema::RequirementLog requirement_log;
  if (!options.streaming || !lintStreaming(text, options, result, *sink, requirement_log)) {
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
  result.stats.finish_ns = nanosecondsSince(phase);
  return result;
}

}  // namespace ptxlint
