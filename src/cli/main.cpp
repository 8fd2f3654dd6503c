// ptxlint [options] FILE...    (- reads standard input)
// Exit status: 0 no errors, 1 errors found, 2 usage or I/O error.
#include <fcntl.h>
#include <malloc.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "cli/compat.h"
#include "diag/render_json.h"
#include "diag/render_sarif.h"
#include "diag/render_text.h"
#include "diag/rules.h"
#include "ptxlint/ptxlint.hpp"
#include "spec/spec.h"
#include "spec/targets.h"
#include "support/front_cache.h"

namespace {

constexpr std::string_view kUsage = R"(usage: ptxlint [options] FILE...

Checks PTX files against the PTX ISA for their .version and .target.
FILE '-' reads standard input. Exit status: 0 no errors, 1 errors found,
2 usage or I/O error.

options:
  --stats               print counts (bytes, tokens, instructions checked and
                        unchecked, statements not checked for a syntax
                        error) for each file and in total
  --show-unchecked      list instructions that no instruction table covers
                        yet (notes, code PL9002)
  --format=FORMAT       text (default), json (one document for all files;
                        schema in docs/json-schema.md) or sarif (SARIF 2.1.0)
  --color=WHEN          colour the output: auto (default, on a terminal),
                        always, never
  --target=SM           check as if the file declared .target SM (e.g. sm_80):
                        "would this assemble for sm_80?"
  --ptx-version=X.Y     check as if the file declared .version X.Y
  --compat=REF          which reference judges: manual (default), ptxas-13.0
                        (that release's verdict on the known deviations, its
                        .version and .target), or ptxas (the release of the
                        ptxas in $PTXLINT_PTXAS or on PATH)
  --Werror              treat warnings as errors (exit 1)
  --disable=CODE[,...]  turn rules off, by code (PL3002) or name
  --enable=CODE[,...]   turn on rules that are off by default (PL9002)
  --no-suppressions     ignore `// ptxlint-disable-next-line CODE` and
                        `// ptxlint-disable-line CODE` comments
  --max-errors=N        stop reporting after N errors per file (default 1000)
  -j N, --jobs=N        check up to N files at once (default 1); with a
                        thread to spare per file, a large file's chunks are
                        parsed on two threads at once; the output is the
                        same, in the order the files are given
  --max-nesting=N       deepest accepted nesting of braces, parentheses and
                        expressions (default 256)
  --no-mmap             read files of 16 KiB and more instead of mapping them
                        (mapped, from 4 MiB their pages are given back as the
                        check moves on; a file truncated meanwhile would
                        crash it)
  --no-fast-path        parse every statement with ANTLR instead of once per
                        statement shape (same results; for measurements)
  --requirements        print the lowest .version and .target the file needs,
                        with the line that forces each
  --list-rules          list every rule code with its summary
  --list-instructions   list every instruction table entry: manual section,
                        opcode and the manual's syntax line
  --list-deviations[=markdown]
                        list the known differences between the manual and
                        ptxas (markdown: README's "The manual and ptxas")
  --explain=CODE        print the documentation of a rule (code or name)
  -h, --help            print this help
  --version             print ptxlint's version
)";

// --requirements: one summary line, then the line that forces each value.
void printRequirements(std::string& out, const std::string& display, const ptxlint::Requirements& r) {
  if (r.target.value.empty()) {
    fmt::format_to(std::back_inserter(out), "{}: requirements: {}\n", display, r.target.reason);
    return;
  }
  fmt::format_to(std::back_inserter(out), "{}: requires .version {} and .target {}\n", display, r.version.value,
                 r.target.value);
  auto why = [&](std::string_view what, const ptxlint::Requirement& q) {
    if (q.has_reason) {
      fmt::format_to(std::back_inserter(out), "  {} {}: {}:{}:{}: {} [{}]\n", what, q.value, display, q.line, q.column,
                     q.reason, q.spec_section);
    } else if (!q.reason.empty()) {
      fmt::format_to(std::back_inserter(out), "  {} {}: {} [{}]\n", what, q.value, q.reason, q.spec_section);
    } else {
      fmt::format_to(std::back_inserter(out), "  {} {}: nothing in the file needs more\n", what, q.value);
    }
  };
  why(".version", r.version);
  why(".target", r.target);
  if (r.unknown > 0) {
    fmt::format_to(std::back_inserter(out),
                   "  note: {} instruction{} not covered by ptxlint's tables yet; {} needs are not known "
                   "(--show-unchecked lists them)\n",
                   r.unknown, r.unknown == 1 ? " is" : "s are", r.unknown == 1 ? "its" : "their");
  }
}

struct CliOptions {
  ptxlint::Options lint;
  bool stats = false;
  bool color = false;
  bool json = false;  // json or sarif: one document for all files
  bool sarif = false;
  unsigned jobs = 1;      // files checked at once
  bool map_files = true;  // large files mapped (InputText)
  std::vector<std::string> files;
};

bool parseCount(std::string_view text, std::uint32_t& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && out > 0;
}

// A file's text: a regular file of kMapFrom bytes and more is mapped
// read-only, a smaller one (or standard input) read into memory. Mapping
// takes the kernel's pages of the file as they are: reading copies them
// into fresh pages of the heap, one page fault each (2 us a page on the
// device host, #27), after filling them with zeros. From kReleaseFrom on,
// ptxlint gives a mapped file's pages back behind each pass
// (Options::input_is_file_mapping): memory then follows the chunk being
// checked, not the file. (--no-mmap reads every file: a mapped file that
// another program truncates meanwhile would end this one with SIGBUS.)
class InputText {
 public:
  static constexpr std::size_t kMapFrom = 16u << 10;
  static constexpr std::size_t kReleaseFrom = 4u << 20;

  InputText() = default;
  InputText(const InputText&) = delete;
  InputText& operator=(const InputText&) = delete;
  ~InputText() { reset(); }

  std::string_view view() const { return mapping_ != nullptr ? std::string_view(mapping_, size_) : owned_; }
  bool mapped() const { return mapping_ != nullptr; }
  std::string& owned() { return owned_; }
  bool map(int fd, std::size_t size) {
    void* at = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (at == MAP_FAILED) return false;
    mapping_ = static_cast<const char*>(at);
    size_ = size;
    return true;
  }
  void reset() {
    if (mapping_ != nullptr) ::munmap(const_cast<char*>(mapping_), size_);
    mapping_ = nullptr;
    size_ = 0;
    owned_ = std::string();
  }

 private:
  std::string owned_;
  const char* mapping_ = nullptr;
  std::size_t size_ = 0;
};

// Reads a whole regular file (or standard input). Directories, FIFOs and
// devices are refused: reading them could block or never end.
bool readRest(int fd, std::string& out, std::string& error);

bool readInput(const std::string& path, InputText& input, bool allow_map, std::string& error) {
  std::string& out = input.owned();
  int fd = 0;
  if (path != "-") {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
      error = std::strerror(errno);
      return false;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
      error = S_ISDIR(st.st_mode) ? "is a directory" : "is not a regular file";
      ::close(fd);
      return false;
    }
    // Regular files never block; clear O_NONBLOCK for plain reads.
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    auto size = static_cast<std::size_t>(st.st_size);
    if (allow_map && size >= InputText::kMapFrom && input.map(fd, size)) {
      ::close(fd);
      return true;
    }
    // Read in place, not through a buffer: a copy less, and no 64 KB of
    // stack below which later calls would touch fresh pages (a page fault
    // each, #27). What a growing file adds after fstat is read below.
    if (size > 0) {
      out.resize(size);
      std::size_t have = 0;
      while (have < size) {
        ssize_t n = ::read(fd, out.data() + have, size - have);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
          error = std::strerror(errno);
          ::close(fd);
          return false;
        }
        if (n == 0) break;
        have += static_cast<std::size_t>(n);
      }
      out.resize(have);
      if (have < size) {  // shorter than fstat said: that is all of it
        ::close(fd);
        return true;
      }
      char probe[256];  // the end, most likely
      ssize_t n = 0;
      do {
        n = ::read(fd, probe, sizeof probe);
      } while (n < 0 && errno == EINTR);
      if (n <= 0) {
        if (n < 0) error = std::strerror(errno);
        ::close(fd);
        return n == 0;
      }
      out.append(probe, static_cast<std::size_t>(n));
    }
  }
  return readRest(fd, out, error);
}

// Standard input, and what a regular file holds past the size fstat gave.
[[gnu::noinline]] bool readRest(int fd, std::string& out, std::string& error) {
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      error = std::strerror(errno);
      if (fd != 0) ::close(fd);
      return false;
    }
    out.append(buffer, static_cast<std::size_t>(n));
  }
  if (fd != 0) ::close(fd);
  return true;
}

void printStats(std::string& out, std::string_view name, const ptxlint::Statistics& s) {
  fmt::format_to(
      std::back_inserter(out),
      "{}: {} bytes, {} tokens, {} instructions ({} checked, {} unchecked{}), {} chunks ({} slow), {} LL re-parses, "
      "{} statement runs parsed, {} reused, {} instructions judged unbuilt; prescan {:.1f} ms, parse {:.1f} ms, "
      "checks {:.1f} ms, finish {:.1f} ms\n",
      name, s.bytes, s.tokens, s.instructions, s.checked, s.unchecked,
      s.unparsed == 0 ? std::string()
                      : fmt::format("; {} statement{} not checked because {} a syntax error", s.unparsed,
                                    s.unparsed == 1 ? "" : "s", s.unparsed == 1 ? "it has" : "they have"),
      s.chunks, s.slow_chunks, s.ll_fallbacks, s.parsed_runs, s.reused_runs, s.unbuilt_instructions, s.prescan_ns / 1e6,
      s.parse_ns / 1e6, s.check_ns / 1e6, s.finish_ns / 1e6);
}

int listRules() {
  for (const auto& rule : ptxlint::diag::allRules()) {
    fmt::print("{}  {:<26} {:<7} {}\n", rule.code, rule.slug, ptxlint::severityName(rule.default_severity),
               rule.summary);
  }
  return 0;
}

// What ptxlint checks: one line per table entry (tab-separated: manual
// section, opcode, the manual's syntax line), in table order.
int listInstructions() {
  for (const ptxlint::spec::InstructionSpec* entry : ptxlint::spec::allInstructionSpecs()) {
    fmt::print("{}\t{}\t{}\n", entry->section, entry->opcode, entry->syntax);
  }
  return 0;
}

int explain(std::string_view code) {
  auto id = ptxlint::diag::findRule(code);
  if (!id) {
    fmt::print(stderr, "ptxlint: unknown rule '{}'; --list-rules lists them\n", code);
    return 2;
  }
  const auto& rule = ptxlint::diag::ruleInfo(*id);
  fmt::print("{} ({}): {}\n\n{}\n", rule.code, rule.slug, rule.summary, rule.doc);
  return 0;
}

}  // namespace

namespace {

// Parses the command line into `cli`, one argument at a time, in order: an
// option that ends the run (--help, a listing, a bad value) ends it where
// it stands, so `--help --frobnicate` prints the help.
class CommandLine {
 public:
  CommandLine(int argc, char** argv) : argc_(argc), argv_(argv) {}

  // Fills `cli`; an exit status when the run ends here instead of checking
  // files.
  std::optional<int> parse(CliOptions& cli);

 private:
  // What an option group made of the current argument.
  enum class Taken { No, Yes, Bad /* reported: exit status 2 */ };

  // The value of option `name` in the current argument: "--name=value", or
  // "--name value" (which takes the next argument too).
  std::optional<std::string_view> valueOf(std::string_view name) {
    if (arg_.substr(0, name.size()) != name) return std::nullopt;
    if (arg_.size() > name.size() && arg_[name.size()] == '=') return arg_.substr(name.size() + 1);
    if (arg_.size() == name.size() && i_ + 1 < argc_) return std::string_view(argv_[++i_]);
    return std::nullopt;
  }

  std::optional<int> takeAction();
  Taken takeSwitch(CliOptions& cli);
  Taken takeOutputFormat(CliOptions& cli);
  Taken takeRuleList(ptxlint::Options& lint);
  Taken takeCheckAs(ptxlint::Options& lint);
  Taken takeLimit(CliOptions& cli);

  int argc_;
  char** argv_;
  int i_ = 1;
  std::string_view arg_;
  std::string color_mode_ = "auto";
};

std::optional<int> CommandLine::parse(CliOptions& cli) {
  bool only_files = false;
  for (i_ = 1; i_ < argc_; ++i_) {
    arg_ = argv_[i_];
    if (only_files || arg_ == "-" || arg_.empty() || arg_[0] != '-') {
      cli.files.emplace_back(arg_);
      continue;
    }
    if (arg_ == "--") {
      only_files = true;
      continue;
    }
    if (auto status = takeAction()) return status;
    Taken taken = takeSwitch(cli);
    if (taken == Taken::No) taken = takeOutputFormat(cli);
    if (taken == Taken::No) taken = takeRuleList(cli.lint);
    if (taken == Taken::No) taken = takeCheckAs(cli.lint);
    if (taken == Taken::No) taken = takeLimit(cli);
    if (taken == Taken::Bad) return 2;
    if (taken == Taken::No) {
      fmt::print(stderr, "ptxlint: unknown option '{}'\n{}", arg_, kUsage);
      return 2;
    }
  }
  if (cli.files.empty()) {
    fmt::print(stderr, "ptxlint: no input files\n{}", kUsage);
    return 2;
  }
  cli.color = color_mode_ == "always" || (color_mode_ == "auto" && ::isatty(STDOUT_FILENO));
  return std::nullopt;
}

// Options that do their work at once and end the run: help, version,
// listings, --explain.
std::optional<int> CommandLine::takeAction() {
  if (arg_ == "-h" || arg_ == "--help") {
    fmt::print("{}", kUsage);
    return 0;
  }
  if (arg_ == "--version") {
    fmt::print("ptxlint {}\n", ptxlint::version());
    return 0;
  }
  if (arg_ == "--list-rules") return listRules();
  if (arg_ == "--list-instructions") return listInstructions();
  if (arg_ == "--list-deviations" || arg_ == "--list-deviations=markdown") {
    fmt::print("{}", ptxlint::cli::listDeviations(arg_ == "--list-deviations" ? "text" : "markdown"));
    return 0;
  }
  if (auto v = valueOf("--explain")) return explain(*v);
  return std::nullopt;
}

// Options without a value that turn a behaviour on or off.
CommandLine::Taken CommandLine::takeSwitch(CliOptions& cli) {
  if (arg_ == "--stats") {
    cli.stats = true;
  } else if (arg_ == "--show-unchecked") {
    cli.lint.show_unchecked = true;
  } else if (arg_ == "--requirements") {
    cli.lint.infer_requirements = true;
  } else if (arg_ == "--Werror") {
    cli.lint.warnings_as_errors = true;
  } else if (arg_ == "--no-mmap") {
    cli.map_files = false;
  } else if (arg_ == "--no-fast-path") {
    cli.lint.fast_path = false;
  } else if (arg_ == "--no-suppressions") {
    cli.lint.suppression_comments = false;
  } else {
    return Taken::No;
  }
  return Taken::Yes;
}

// --format and --color: how the output looks.
CommandLine::Taken CommandLine::takeOutputFormat(CliOptions& cli) {
  if (auto v = valueOf("--format")) {
    if (*v != "text" && *v != "json" && *v != "sarif") {
      fmt::print(stderr, "ptxlint: --format takes text, json or sarif, not '{}'\n", *v);
      return Taken::Bad;
    }
    cli.json = *v != "text";
    cli.sarif = *v == "sarif";
  } else if (auto v = valueOf("--color")) {
    color_mode_ = std::string(*v);
    if (color_mode_ != "auto" && color_mode_ != "always" && color_mode_ != "never") {
      fmt::print(stderr, "ptxlint: --color takes auto, always or never, not '{}'\n", color_mode_);
      return Taken::Bad;
    }
  } else {
    return Taken::No;
  }
  return Taken::Yes;
}

// --disable and --enable: a comma-separated list of rule codes or names.
CommandLine::Taken CommandLine::takeRuleList(ptxlint::Options& lint) {
  auto v = valueOf("--disable");
  if (!v && !(v = valueOf("--enable"))) return Taken::No;
  bool disable = arg_.substr(0, 9) == "--disable";
  std::string_view list = *v;
  while (!list.empty()) {
    std::size_t comma = list.find(',');
    std::string_view code = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
    if (code.empty()) continue;
    auto rule = ptxlint::diag::findRule(code);
    if (!rule) {
      fmt::print(stderr, "ptxlint: unknown rule '{}'; --list-rules lists them\n", code);
      return Taken::Bad;
    }
    if (disable && ptxlint::diag::ruleInfo(*rule).code.substr(0, 3) == "PL1") {
      fmt::print(stderr, "ptxlint: {} is a syntax error; it cannot be disabled (ptxas stops there too)\n", code);
      return Taken::Bad;
    }
    (disable ? lint.disabled_rules : lint.enabled_rules).emplace_back(code);
  }
  return Taken::Yes;
}

// --target and --ptx-version: check as if the file declared them.
CommandLine::Taken CommandLine::takeCheckAs(ptxlint::Options& lint) {
  if (auto v = valueOf("--target")) {
    if (ptxlint::spec::findTarget(*v) == nullptr) {
      fmt::print(stderr, "ptxlint: --target takes a target architecture such as sm_80 or sm_90a, not '{}'\n", *v);
      return Taken::Bad;
    }
    lint.target_override = std::string(*v);
  } else if (auto v = valueOf("--ptx-version")) {
    auto version = ptxlint::spec::parseVersion(*v);
    if (!version || !ptxlint::spec::isKnownVersion(*version)) {
      fmt::print(stderr, "ptxlint: --ptx-version takes a PTX ISA version such as 8.0, not '{}'\n", *v);
      return Taken::Bad;
    }
    lint.version_override = std::string(*v);
  } else if (auto v = valueOf("--compat")) {
    std::string error;
    std::optional<std::string> compat = ptxlint::cli::resolveCompat(*v, error);
    if (!compat) {
      fmt::print(stderr, "ptxlint: {}\n", error);
      return Taken::Bad;
    }
    lint.compat = *compat;
  } else {
    return Taken::No;
  }
  return Taken::Yes;
}

// Numeric limits: --max-errors, -j/--jobs, --max-nesting.
CommandLine::Taken CommandLine::takeLimit(CliOptions& cli) {
  if (auto v = valueOf("--max-errors")) {
    if (!parseCount(*v, cli.lint.max_errors)) {
      fmt::print(stderr, "ptxlint: --max-errors takes a positive number, not '{}'\n", *v);
      return Taken::Bad;
    }
  } else if (auto v = arg_.size() > 2 && arg_.starts_with("-j") ? std::optional(arg_.substr(2))
                      : arg_ == "-j" && i_ + 1 < argc_          ? std::optional(std::string_view(argv_[++i_]))
                                                                : valueOf("--jobs")) {
    std::uint32_t jobs = 0;
    if (!parseCount(*v, jobs) || jobs > 1024) {
      fmt::print(stderr, "ptxlint: --jobs takes a number from 1 to 1024, not '{}'\n", *v);
      return Taken::Bad;
    }
    cli.jobs = jobs;
  } else if (auto v = valueOf("--max-nesting")) {
    if (!parseCount(*v, cli.lint.max_nesting) || cli.lint.max_nesting > 100000) {
      fmt::print(stderr, "ptxlint: --max-nesting takes a number from 1 to 100000, not '{}'\n", *v);
      return Taken::Bad;
    }
  } else {
    return Taken::No;
  }
  return Taken::Yes;
}

// Each file is read, checked and rendered on its own (on up to --jobs
// threads); the outcomes are printed in the order the files were given.
struct FileOutcome {
  std::string display;
  bool readable = false;
  InputText text;  // kept for JSON and SARIF, which need every file at the end
  ptxlint::Result result;
  std::string printed;     // text format: this file's part of the output
  std::string stats_line;  // --stats with JSON or SARIF: for standard error
};

// The text format's part for one checked file: its diagnostics and notes.
void renderTextOutcome(const CliOptions& cli, FileOutcome& out) {
  const std::string& display = out.display;
  const ptxlint::Result& result = out.result;
  std::string& printed = out.printed;
  ptxlint::diag::TextStyle style;
  style.color = cli.color;
  style.text_is_file_mapping = out.text.mapped();
  printed = ptxlint::diag::renderText(display, out.text.view(), result.diagnostics, style);
  if (result.truncated) {
    if (result.count(ptxlint::Severity::Error) >= cli.lint.max_errors) {
      fmt::format_to(std::back_inserter(printed), "{}: note: stopped after {} errors (--max-errors)\n", display,
                     cli.lint.max_errors);
    } else {
      fmt::format_to(std::back_inserter(printed),
                     "{}: note: stopped after 1 MiB in a row that gave nothing but syntax errors (this is not "
                     "PTX); the rest of the file is not checked\n",
                     display);
    }
  }
  // With --target/--ptx-version the user asks "would this assemble
  // there?": say plainly how much of the answer is unknown.
  if (result.stats.unchecked > 0 && (!cli.lint.target_override.empty() || !cli.lint.version_override.empty())) {
    fmt::format_to(std::back_inserter(printed),
                   "{}: note: {} of {} instructions are not covered by ptxlint's tables yet; their own .version "
                   "and .target requirements were not checked (--show-unchecked lists them)\n",
                   display, result.stats.unchecked, result.stats.instructions);
  }
  if (result.requirements) printRequirements(printed, display, *result.requirements);
  out.text.reset();  // rendered: the text is not needed any more
}

// Reads and checks one file; in the text format, renders it too.
void checkFile(const CliOptions& cli, const std::string& path, FileOutcome& out) {
  out.display = path == "-" ? "<stdin>" : path;
  std::string error;
  if (!readInput(path, out.text, cli.map_files, error)) {
    out.printed = fmt::format("{}: error: cannot read input: {} [PL9001]\n", out.display, error);
    return;
  }
  out.readable = true;
  ptxlint::Options options = cli.lint;
  options.input_is_file_mapping = out.text.mapped() && out.text.view().size() >= InputText::kReleaseFrom;
  // Threads that --jobs leaves over once every file has one: a large file
  // is then parsed on one and checked on another (at most two help).
  options.threads = cli.jobs >= 2 * cli.files.size() ? 2 : 1;
  // Two threads take 64 KiB chunks: each chunk's check waits for the one
  // before it, and at one thread's 8 KiB the hand-overs cost more than the
  // overlap gives (tools/bench, -j 2 on 10 MB).
  if (options.threads >= 2) options.chunk_bytes = std::max<std::uint32_t>(options.chunk_bytes, 64 << 10);
  out.result = ptxlint::lint(out.text.view(), options);
  if (!cli.json) renderTextOutcome(cli, out);
  // JSON and SARIF carry the stats in the document; the text line goes to
  // standard error there, so that standard output stays one document.
  if (cli.stats) printStats(cli.json ? out.stats_line : out.printed, out.display, out.result.stats);
}

void addStatistics(ptxlint::Statistics& total, const ptxlint::Statistics& s) {
  total.bytes += s.bytes;
  total.tokens += s.tokens;
  total.instructions += s.instructions;
  total.checked += s.checked;
  total.unchecked += s.unchecked;
  total.unparsed += s.unparsed;
  total.chunks += s.chunks;
  total.ll_fallbacks += s.ll_fallbacks;
  total.slow_chunks += s.slow_chunks;
  total.parsed_runs += s.parsed_runs;
  total.reused_runs += s.reused_runs;
  total.unbuilt_instructions += s.unbuilt_instructions;
  total.prescan_ns += s.prescan_ns;
  total.parse_ns += s.parse_ns;
  total.check_ns += s.check_ns;
  total.finish_ns += s.finish_ns;
}

// What the files gave so far, for the summary line and the exit status.
struct Totals {
  bool any_error = false;
  bool io_error = false;
  std::size_t errors = 0, warnings = 0;
  ptxlint::Statistics stats;
};

// Prints a checked file's part of the output and adds it to the totals.
void report(const CliOptions& cli, FileOutcome& out, Totals& totals) {
  std::FILE* stream = !out.readable && cli.json ? stderr : stdout;
  std::fwrite(out.printed.data(), 1, out.printed.size(), stream);
  out.printed = std::string();
  std::fwrite(out.stats_line.data(), 1, out.stats_line.size(), stderr);
  if (!out.readable) {
    totals.io_error = true;
    return;
  }
  const ptxlint::Result& result = out.result;
  totals.errors += result.count(ptxlint::Severity::Error);
  totals.warnings += result.count(ptxlint::Severity::Warning);
  totals.any_error = totals.any_error || result.hasErrors();
  addStatistics(totals.stats, result.stats);
  if (!cli.json) out.result = ptxlint::Result{};  // printed: free it
}

// Checks the files on `workers` threads. Workers take the next file; this
// thread prints each outcome as soon as it and every one before it are
// done.
void checkInParallel(const CliOptions& cli, unsigned workers, std::vector<FileOutcome>& outcomes, Totals& totals) {
  std::atomic<std::size_t> next{0};
  std::vector<char> done(cli.files.size(), 0);
  std::mutex mutex;
  std::condition_variable finished;
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < workers; ++t) {
    threads.emplace_back([&] {
      for (std::size_t i = next++; i < cli.files.size(); i = next++) {
        checkFile(cli, cli.files[i], outcomes[i]);
        std::lock_guard lock(mutex);
        done[i] = 1;
        finished.notify_one();
      }
    });
  }
  for (std::size_t i = 0; i < cli.files.size(); ++i) {
    {
      std::unique_lock lock(mutex);
      finished.wait(lock, [&] { return done[i] != 0; });
    }
    report(cli, outcomes[i], totals);
  }
  for (std::thread& t : threads) t.join();
}

// The end of the output, after every file's part: the JSON or SARIF
// document, or the text format's totals. Returns the exit status.
int finishOutput(const CliOptions& cli, const std::vector<FileOutcome>& outcomes, const Totals& totals) {
  if (cli.json) {
    std::vector<ptxlint::diag::FileReport> reports;
    for (const FileOutcome& out : outcomes) {
      if (out.readable) reports.push_back({out.display, out.text.view(), &out.result});
    }
    std::string rendered =
        cli.sarif ? ptxlint::diag::renderSarif(reports, cli.stats) : ptxlint::diag::renderJson(reports, cli.stats);
    std::fwrite(rendered.data(), 1, rendered.size(), stdout);
    std::fflush(stdout);
    if (cli.stats && cli.files.size() > 1) {
      std::string total;
      printStats(total, "total", totals.stats);
      std::fwrite(total.data(), 1, total.size(), stderr);
    }
    if (totals.io_error) return 2;
    return totals.any_error ? 1 : 0;
  }
  if (cli.stats && cli.files.size() > 1) {
    std::string printed;
    printStats(printed, "total", totals.stats);
    std::fwrite(printed.data(), 1, printed.size(), stdout);
  }
  if (totals.errors > 0 || totals.warnings > 0) {
    fmt::print("{} error{} and {} warning{} in {} file{}\n", totals.errors, totals.errors == 1 ? "" : "s",
               totals.warnings, totals.warnings == 1 ? "" : "s", cli.files.size(), cli.files.size() == 1 ? "" : "s");
  }
  std::fflush(stdout);
  if (totals.io_error) return 2;
  return totals.any_error ? 1 : 0;
}

// Parses the options, checks the files (--jobs at once) and prints the
// output; returns the exit status.
int runCli(int argc, char** argv) {
  CliOptions cli;
  if (auto status = CommandLine(argc, argv).parse(cli)) return *status;
  Totals totals;
  std::vector<FileOutcome> outcomes(cli.files.size());
  unsigned workers = std::min<std::size_t>(cli.jobs, cli.files.size());
  // Without -j every file is checked on this thread alone (checkFile gives
  // a file two only where -j leaves a thread over).
  if (cli.jobs <= 1) ptxlint::support::checkOnOneThread();
  if (workers <= 1) {
    for (std::size_t i = 0; i < cli.files.size(); ++i) {
      checkFile(cli, cli.files[i], outcomes[i]);
      report(cli, outcomes[i], totals);
    }
  } else {
    checkInParallel(cli, workers, outcomes, totals);
  }
  return finishOutput(cli, outcomes, totals);
}

}  // namespace

// Sanitizer builds end normally: LeakSanitizer checks at exit.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PTXLINT_CLI_NORMAL_EXIT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(leak_sanitizer)
#define PTXLINT_CLI_NORMAL_EXIT 1
#endif
#endif

int main(int argc, char** argv) {
  // The heap keeps what it is given back (a chunk's tokens and AST, freed
  // before the next chunk's) and serves allocations of up to 32 MiB itself:
  // freed memory given back to the kernel, or a large vector on pages
  // mapped for it alone, comes back as fresh pages, a page fault each. On a
  // 1 MB nvcc module, 760 -> 680 page faults; the peak memory is the same
  // (100 MB input: 15.7 -> 15.9 MiB).
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  int status = runCli(argc, argv);
  std::fflush(stdout);
  std::fflush(stderr);
#ifndef PTXLINT_CLI_NORMAL_EXIT
  // The process ends here: destroying the instruction tables, the caches and
  // ANTLR's static state first would only cost time (4 % of a run on a
  // 21 KB file, where pre-commit starts one process per file).
  std::_Exit(status);
#endif
  return status;
}
