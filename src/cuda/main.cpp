// ptxlint-cuda [options] FILE.cu... [-p BUILD_DIR] [-- COMPILER ARGS]
// Compiles the device code of each file to PTX with the user's compiler and
// flags, once per GPU target, checks the PTX with libptxlint and reports each
// finding where it was written in the source (for inline asm, inside the
// string literal). Exit status: 0 no errors, 1 errors found (or the compiler
// failed), 2 usage or I/O error, or no CUDA compiler.
#include <fmt/format.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "cli/compat.h"
#include "cuda/asm_map.h"
#include "cuda/compile_db.h"
#include "cuda/compiler.h"
#include "diag/render_json.h"
#include "diag/render_sarif.h"
#include "diag/render_text.h"
#include "diag/rules.h"
#include "diag/source_origin.h"
#include "ptxlint/ptxlint.hpp"

namespace {

namespace fs = std::filesystem;
using namespace ptxlint;
using namespace ptxlint::cuda;

constexpr std::string_view kUsage = R"(usage: ptxlint-cuda [options] FILE.cu... [-p BUILD_DIR] [-- COMPILER ARGS]

Compiles the device code of each CUDA file to PTX with your own compiler and
flags, once for every GPU target the build command names, checks the PTX
against the PTX ISA and reports each finding at the line and column of the
source that wrote it (for inline asm: inside the string literal).

The command comes from BUILD_DIR/compile_commands.json (-p; without -p, the
nearest compile_commands.json or build/compile_commands.json above the file),
or is the compiler arguments after `--`. The compiler is the database's,
else --compiler, else nvcc from PATH or $CUDA_HOME/bin. A header (.cuh) is
checked through the database's translation units that include it.
Exit status: 0 no errors, 1 errors found or the compiler failed, 2 usage or
I/O error or no CUDA compiler.

options:
  -p BUILD_DIR          the directory holding compile_commands.json
  --compiler=PATH       the compiler, when the database names none
  --target=SM[,SM...]   compile for these targets (sm_90a) instead of the
                        command's -gencode/-arch/--cuda-gpu-arch
  --format=FORMAT       text (default), json or sarif
  --color=WHEN          auto (default), always, never
  --Werror              treat warnings as errors
  --compat=REF          which reference judges: manual (default), ptxas-13.0,
                        or ptxas (the release in $PTXLINT_PTXAS or on PATH)
  --disable=CODE[,...]  turn rules off;  --enable=CODE[,...] turn rules on
  --show-unchecked      report instructions no table covers (PL9002)
  --no-suppressions     ignore `// ptxlint-disable-next-line CODE` comments
  --max-errors=N        per PTX file (default 1000)
  --stats               print, per file and target, the instructions checked
  --keep-ptx=DIR        keep the generated PTX files in DIR
  -h, --help            print this help
)";

struct Settings {
  std::vector<std::string> files;
  std::string build_dir;
  std::string compiler;
  std::vector<std::string> targets;
  std::optional<std::vector<std::string>> compiler_args;  // after --
  std::string format = "text";
  std::string color = "auto";
  std::string keep_ptx;
  bool stats = false;
  Options lint;
};

std::vector<std::string> splitList(std::string_view list) {
  std::vector<std::string> out;
  while (!list.empty()) {
    std::string_view item = list.substr(0, list.find(','));
    if (!item.empty()) out.emplace_back(item);
    list.remove_prefix(std::min(list.size(), item.size() + 1));
  }
  return out;
}

// Fills `s`; an exit status when the run ends here.
std::optional<int> parseArguments(int argc, char** argv, Settings& s) {
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    auto valueOf = [&](std::string_view name) -> std::optional<std::string> {
      if (a.substr(0, name.size()) != name) return std::nullopt;
      if (a.size() > name.size() && a[name.size()] == '=') return std::string(a.substr(name.size() + 1));
      if (a.size() == name.size() && i + 1 < argc) return std::string(argv[++i]);
      return std::nullopt;
    };
    if (a == "--") {
      s.compiler_args.emplace(argv + i + 1, argv + argc);
      break;
    }
    if (a == "-h" || a == "--help") {
      fmt::print("{}", kUsage);
      return 0;
    }
    if (a.empty() || a[0] != '-') {
      s.files.emplace_back(a);
    } else if (a == "--stats") {
      s.stats = true;
    } else if (a == "--Werror") {
      s.lint.warnings_as_errors = true;
    } else if (a == "--show-unchecked") {
      s.lint.show_unchecked = true;
    } else if (a == "--no-suppressions") {
      s.lint.suppression_comments = false;
    } else if (auto v = valueOf("-p")) {
      s.build_dir = *v;
    } else if (auto v = valueOf("--compiler")) {
      s.compiler = *v;
    } else if (auto v = valueOf("--target")) {
      for (std::string& t : splitList(*v)) s.targets.push_back(std::move(t));
    } else if (auto v = valueOf("--format")) {
      s.format = *v;
    } else if (auto v = valueOf("--color")) {
      s.color = *v;
    } else if (auto v = valueOf("--keep-ptx")) {
      s.keep_ptx = *v;
    } else if (auto v = valueOf("--compat")) {
      std::string error;
      std::optional<std::string> compat = ptxlint::cli::resolveCompat(*v, error);
      if (!compat) {
        fmt::print(stderr, "ptxlint-cuda: {}\n", error);
        return 2;
      }
      s.lint.compat = *compat;
    } else if (auto v = valueOf("--max-errors")) {
      s.lint.max_errors = static_cast<std::uint32_t>(std::max(1l, std::atol(v->c_str())));
    } else if (auto v = valueOf("--disable")) {
      for (std::string& r : splitList(*v)) s.lint.disabled_rules.push_back(std::move(r));
    } else if (auto v = valueOf("--enable")) {
      for (std::string& r : splitList(*v)) s.lint.enabled_rules.push_back(std::move(r));
    } else {
      fmt::print(stderr, "ptxlint-cuda: unknown option '{}'\n{}", a, kUsage);
      return 2;
    }
  }
  for (const std::string& r : s.lint.disabled_rules) {
    if (!diag::findRule(r)) {
      fmt::print(stderr, "ptxlint-cuda: unknown rule '{}'\n", r);
      return 2;
    }
  }
  if (s.format != "text" && s.format != "json" && s.format != "sarif") {
    fmt::print(stderr, "ptxlint-cuda: --format takes text, json or sarif, not '{}'\n", s.format);
    return 2;
  }
  if (s.files.empty()) {
    fmt::print(stderr, "ptxlint-cuda: no input files\n{}", kUsage);
    return 2;
  }
  return std::nullopt;
}

std::optional<std::string> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool isHeader(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  return ext == ".cuh" || ext == ".h" || ext == ".hpp" || ext == ".hh" || ext == ".inl";
}

// A finding at its source location, for every target that produced it.
struct Finding {
  std::string file;
  SourcePosition begin, end;  // end.column == 0: a caret only
  Diagnostic diagnostic;      // code, rule, severity, message, section, notes
  std::vector<std::string> targets;
  std::string ptx_line;
  std::vector<SourceLocation> inlined_at;
};

// The source files the findings point into, read once each, with their
// asm statements.
class Sources {
 public:
  const std::string* text(const std::string& file) {
    auto it = texts_.find(file);
    if (it == texts_.end()) it = texts_.emplace(file, readFile(file)).first;
    return it->second ? &*it->second : nullptr;
  }
  const std::vector<AsmStatement>& statements(const std::string& file) {
    auto it = statements_.find(file);
    if (it == statements_.end()) {
      const std::string* t = text(file);
      it = statements_.emplace(file, t ? findAsmStatements(*t) : std::vector<AsmStatement>{}).first;
    }
    return it->second;
  }

 private:
  std::map<std::string, std::optional<std::string>> texts_;
  std::map<std::string, std::vector<AsmStatement>> statements_;
};

std::string_view lineOf(std::string_view text, std::uint32_t offset) {
  std::size_t begin = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  begin = begin == std::string_view::npos || offset == 0 ? 0 : begin + 1;
  std::size_t end = text.find('\n', offset);
  std::string_view line = text.substr(begin, end == std::string_view::npos ? text.size() - begin : end - begin);
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
  return line;
}

// Where a diagnostic of `ptx` was written: the .loc location, refined for
// inline asm to the byte of the string literal.
Finding locate(const Diagnostic& d, std::string_view ptx, const diag::PtxOrigins& origins, Sources& sources,
               const std::string& unit) {
  Finding f;
  f.diagnostic = d;
  f.diagnostic.source.reset();
  f.ptx_line = std::string(lineOf(ptx, d.range.begin));
  if (!d.source) {  // no .loc in force (a module directive): the unit itself
    f.file = unit;
    f.begin = {1, 1};
    return f;
  }
  f.file = absolutePath(d.source->location.file);
  f.begin = {d.source->location.line, std::max(d.source->location.column, 1u)};
  f.inlined_at = d.source->inlined_at;
  std::optional<SourceRange> block = origins.inlineAsmAt(d.range.begin);
  if (!block) return f;
  std::string_view block_text = ptx.substr(block->begin, block->end - block->begin);
  const AsmStatement* statement = asmStatementFor(sources.statements(f.file), d.source->location.line, block_text);
  if (!statement) return f;
  if (auto at = mapAsmOffset(*statement, block_text, d.range.begin - block->begin)) {
    f.begin = *at;
    std::uint32_t last = std::max(d.range.end, d.range.begin + 1) - 1;
    if (auto end = mapAsmOffset(*statement, block_text, last - block->begin);
        end && end->line == at->line && end->column >= at->column) {
      f.end = {end->line, end->column + 1};
    }
  }
  return f;
}

// `// ptxlint-disable-line [CODES]` on the line, or
// `// ptxlint-disable-next-line [CODES]` on the one before.
bool suppressed(std::string_view text, std::uint32_t line, const Diagnostic& d) {
  auto lineText = [&](std::uint32_t n) -> std::string_view {
    std::size_t at = 0;
    for (std::uint32_t i = 1; i < n && at != std::string_view::npos; ++i) {
      at = text.find('\n', at);
      if (at != std::string_view::npos) ++at;
    }
    if (n == 0 || at == std::string_view::npos) return {};
    return text.substr(at, text.find('\n', at) - at);
  };
  auto silences = [&](std::string_view l, std::string_view marker) {
    std::size_t at = l.find(marker);
    if (at == std::string_view::npos || l.substr(0, at).find("//") == std::string_view::npos) return false;
    std::vector<std::string> codes;
    std::string_view rest = l.substr(at + marker.size());
    for (std::string_view word; !rest.empty();) {
      std::size_t start = rest.find_first_not_of(" \t,");
      if (start == std::string_view::npos) break;
      rest.remove_prefix(start);
      word = rest.substr(0, rest.find_first_of(" \t,"));
      codes.emplace_back(word);
      rest.remove_prefix(word.size());
    }
    return codes.empty() ||
           std::any_of(codes.begin(), codes.end(), [&](const std::string& c) { return c == d.code || c == d.rule; });
  };
  if (d.code.substr(0, 3) == "PL1") return false;  // syntax: never silenced, as in ptxlint
  return silences(lineText(line), "ptxlint-disable-line") ||
         (line > 1 && silences(lineText(line - 1), "ptxlint-disable-next-line"));
}

std::uint32_t offsetOf(std::string_view text, SourcePosition at) {
  std::size_t offset = 0;
  for (std::uint32_t l = 1; l < at.line; ++l) {
    std::size_t next = text.find('\n', offset);
    if (next == std::string_view::npos) return static_cast<std::uint32_t>(text.size());
    offset = next + 1;
  }
  return static_cast<std::uint32_t>(std::min(text.size(), offset + at.column - 1));
}

// The findings, grouped by file, made into ptxlint diagnostics on the source
// text (so that the text, JSON and SARIF renderers show the .cu line).
struct Report {
  std::vector<std::string> order;  // files, as first met
  std::map<std::string, std::vector<Finding>> findings;
  std::map<std::string, Statistics> stats;  // per translation unit
  bool failed = false;                      // a compiler failed, or errors
};

void addFinding(Report& report, Finding f, const std::string& target) {
  auto& list = report.findings[f.file];
  if (list.empty() && std::find(report.order.begin(), report.order.end(), f.file) == report.order.end()) {
    report.order.push_back(f.file);
  }
  for (Finding& seen : list) {
    if (seen.begin.line == f.begin.line && seen.begin.column == f.begin.column &&
        seen.diagnostic.code == f.diagnostic.code && seen.diagnostic.message == f.diagnostic.message) {
      if (std::find(seen.targets.begin(), seen.targets.end(), target) == seen.targets.end()) {
        seen.targets.push_back(target);
      }
      return;
    }
  }
  f.targets.push_back(target);
  list.push_back(std::move(f));
}

// A path as the user would name it: relative to the working directory when
// under it.
std::string displayPath(const std::string& file) {
  std::string cwd = fs::current_path().string() + "/";
  return file.compare(0, cwd.size(), cwd) == 0 ? file.substr(cwd.size()) : file;
}

Diagnostic diagnosticOf(const Finding& f, std::string_view text) {
  Diagnostic d = f.diagnostic;
  d.fixits.clear();  // their ranges are in the PTX
  d.range.begin = offsetOf(text, f.begin);
  d.range.end = f.end.column > 0 ? offsetOf(text, f.end) : d.range.begin;
  d.begin = {f.begin.line, f.begin.column};
  d.end = f.end.column > 0 ? LineColumn{f.end.line, f.end.column} : d.begin;
  for (DiagnosticNote& n : d.notes) n.has_range = false;
  std::string targets;
  for (const std::string& t : f.targets) targets += (targets.empty() ? "" : ", ") + t;
  d.notes.push_back({fmt::format("in the PTX for {}: {}", targets, f.ptx_line), false, {}, {}});
  for (const SourceLocation& call : f.inlined_at) {
    d.notes.push_back({fmt::format("inlined at {}:{}:{}", displayPath(absolutePath(call.file)), call.line, call.column),
                       false,
                       {},
                       {}});
  }
  return d;
}

// Whether a failed compiler's messages all come from ptxas (nvcc's check of
// the PTX it wrote), not from the front end.
bool onlyAssemblerMessages(std::string_view output) {
  bool any = false;
  while (!output.empty()) {
    std::string_view line = output.substr(0, output.find('\n'));
    output.remove_prefix(std::min(output.size(), line.size() + 1));
    if (line.empty()) continue;
    if (line.substr(0, 6) != "ptxas ") return false;
    any = true;
  }
  return any;
}

// One translation unit: its command, compiled per target, each PTX checked.
struct Unit {
  std::string file;                   // absolute
  std::optional<std::string> header;  // only findings in this header count
};

int checkUnit(const Unit& unit, const Settings& s, const CompileDatabase* db, const std::string& scratch,
              Sources& sources, Report& report) {
  Compiler compiler;
  std::vector<std::string> arguments;
  std::string directory = fs::current_path().string();
  const CompileCommand* command = s.compiler_args || !db ? nullptr : db->commandFor(unit.file);
  if (command) {
    compiler.path = command->arguments[0];
    arguments.assign(command->arguments.begin() + 1, command->arguments.end());
    directory = command->directory;
  } else if (s.compiler_args) {
    arguments = *s.compiler_args;
  }
  if (!s.compiler.empty()) compiler.path = s.compiler;
  if (compiler.path.empty()) compiler.path = findNvcc();
  if (compiler.path.empty()) {
    fmt::print(stderr,
               "ptxlint-cuda: no CUDA compiler found (no nvcc on PATH or in $CUDA_HOME/bin; give --compiler=PATH)\n");
    return 2;
  }
  if (!compilerKindOf(compiler.path, compiler.kind)) {
    fmt::print(stderr, "ptxlint-cuda: {}: not nvcc or clang; give --compiler=PATH\n", compiler.path);
    return 2;
  }
  DeviceCommand device = deviceCommandOf(compiler.kind, arguments, unit.file);
  std::vector<std::string> targets = s.targets.empty() ? device.targets : s.targets;
  if (targets.empty()) targets.push_back("");
  std::vector<std::vector<std::string>> commands;
  std::vector<std::string> outputs;
  static int serial = 0;
  for (const std::string& t : targets) {
    outputs.push_back(fmt::format("{}/{}-{}.{}.ptx", scratch, ++serial, fs::path(unit.file).stem().string(),
                                  t.empty() ? "default" : t));
    commands.push_back(ptxCommand(compiler, device, unit.file, t, outputs.back()));
  }
  std::vector<RunResult> runs = runAll(commands, directory, scratch);
  int status = 0;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    std::optional<std::string> ptx = readFile(outputs[i]);
    // nvcc -ptx writes the PTX, then has ptxas check it: a failure of that
    // check alone is what ptxlint places in the source (below).
    bool assembler_only = runs[i].status != 0 && ptx && !ptx->empty() && onlyAssemblerMessages(runs[i].output);
    if (runs[i].status != 0 && !assembler_only) {
      // A compile error: the compiler's own messages, as it wrote them.
      std::fwrite(runs[i].output.data(), 1, runs[i].output.size(), stderr);
      fmt::print(stderr, "ptxlint-cuda: {} failed (exit status {}) on {}\n", compiler.path, runs[i].status, unit.file);
      status = 1;
      continue;
    }
    if (!assembler_only) std::fwrite(runs[i].output.data(), 1, runs[i].output.size(), stderr);  // warnings
    if (!ptx) {
      fmt::print(stderr, "ptxlint-cuda: the compiler wrote no PTX to {}\n", outputs[i]);
      status = 2;
      continue;
    }
    if (!s.keep_ptx.empty()) {
      std::error_code ec;
      fs::create_directories(s.keep_ptx, ec);
      fs::copy_file(outputs[i], fs::path(s.keep_ptx) / fs::path(outputs[i]).filename(),
                    fs::copy_options::overwrite_existing, ec);
    }
    Result result = lint(*ptx, s.lint);
    std::string target = targets[i];
    if (target.empty()) {  // the compiler's default: the PTX's own .target
      std::size_t at = ptx->find(".target");
      target =
          at == std::string::npos ? "default" : std::string(lineOf(*ptx, static_cast<std::uint32_t>(at)).substr(7));
      target.erase(0, target.find_first_not_of(" \t"));
    }
    Statistics& total = report.stats[unit.header.value_or(unit.file)];
    total.bytes += result.stats.bytes;
    total.instructions += result.stats.instructions;
    total.checked += result.stats.checked;
    total.unchecked += result.stats.unchecked;
    if (s.stats) {
      fmt::print(stderr, "{} [{}]: {} instructions, {} checked, {} unchecked\n", unit.file, target,
                 result.stats.instructions, result.stats.checked, result.stats.unchecked);
    }
    std::vector<std::uint32_t> offsets;
    for (const Diagnostic& d : result.diagnostics) offsets.push_back(d.range.begin);
    diag::PtxOrigins origins(*ptx, std::move(offsets));
    std::size_t errors_shown = 0;
    for (const Diagnostic& d : result.diagnostics) {
      Finding f = locate(d, *ptx, origins, sources, unit.file);
      if (unit.header && f.file != *unit.header) continue;
      const std::string* text = sources.text(f.file);
      if (text && s.lint.suppression_comments && suppressed(*text, f.begin.line, d)) continue;
      if (d.severity == Severity::Error) ++errors_shown;
      addFinding(report, std::move(f), target);
    }
    if (assembler_only) {
      // Never hidden: ptxas's own words when ptxlint shows no error there
      // (a rule ptxlint lacks, or a finding silenced), else a line saying
      // that ptxas agrees.
      status = 1;
      if (errors_shown == 0) {
        std::fwrite(runs[i].output.data(), 1, runs[i].output.size(), stderr);
      } else {
        fmt::print(stderr,
                   "ptxlint-cuda: ptxas also rejects the PTX of {} for {}; the findings below place its errors\n",
                   unit.file, target);
      }
    }
  }
  return status;
}

// The units that check FILE: itself, or for a header the database's units
// whose text (or a quoted include next to them) names it.
std::vector<Unit> unitsOf(const std::string& file, const CompileDatabase* db, const Settings& s) {
  std::string absolute = absolutePath(file);
  if (!isHeader(absolute) || !db || s.compiler_args || db->commandFor(absolute)) return {{absolute, std::nullopt}};
  std::vector<Unit> out;
  std::string name = fs::path(absolute).filename().string();
  for (const CompileCommand& c : db->commands()) {
    std::vector<std::string> pending{c.file};
    std::vector<std::string> seen;
    bool includes = false;
    while (!pending.empty() && !includes && seen.size() < 256) {
      std::string current = pending.back();
      pending.pop_back();
      if (std::find(seen.begin(), seen.end(), current) != seen.end()) continue;
      seen.push_back(current);
      std::optional<std::string> text = readFile(current);
      if (!text) continue;
      std::istringstream lines(*text);
      for (std::string line; std::getline(lines, line) && !includes;) {
        std::size_t at = line.find("#include");
        if (at == std::string::npos) continue;
        std::size_t open = line.find('"', at);
        if (open == std::string::npos) continue;
        std::string included = line.substr(open + 1, line.find('"', open + 1) - open - 1);
        std::string resolved = absolutePath(included, fs::path(current).parent_path().string());
        if (resolved == absolute) includes = true;
        pending.push_back(resolved);
      }
    }
    if (includes) out.push_back({c.file, absolute});
  }
  if (out.empty()) fmt::print(stderr, "ptxlint-cuda: {}: no translation unit of {} includes it\n", file, db->path());
  return out;
}

int render(const Settings& s, Report& report, Sources& sources) {
  std::vector<Result> results(report.order.size() + report.stats.size());
  std::vector<diag::FileReport> files;
  std::deque<std::string> shown;
  std::size_t errors = 0;
  std::size_t slot = 0;
  auto add = [&](const std::string& file) {
    Result& r = results[slot++];
    r.reference = std::string(referenceName(s.lint));
    if (auto it = report.stats.find(file); it != report.stats.end()) r.stats = it->second;
    const std::string* text = sources.text(file);
    std::string_view view = text ? std::string_view(*text) : std::string_view();
    for (const Finding& f : report.findings[file]) r.diagnostics.push_back(diagnosticOf(f, view));
    std::sort(r.diagnostics.begin(), r.diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
      return std::tie(a.begin.line, a.begin.column) < std::tie(b.begin.line, b.begin.column);
    });
    errors += r.count(Severity::Error);
    shown.push_back(displayPath(file));
    files.push_back({shown.back(), view, &r});
  };
  for (const std::string& file : report.order) add(file);
  for (const auto& [file, stats] : report.stats) {
    if (std::find(report.order.begin(), report.order.end(), file) == report.order.end()) add(file);
  }
  std::string out;
  if (s.format == "json") {
    out = diag::renderJson(files);
  } else if (s.format == "sarif") {
    out = diag::renderSarif(files);
  } else {
    diag::TextStyle style;
    style.color = s.color == "always" || (s.color == "auto" && ::isatty(STDOUT_FILENO));
    for (const diag::FileReport& f : files) out += diag::renderText(f.file, f.text, f.result->diagnostics, style);
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return errors > 0 ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  Settings s;
  if (auto status = parseArguments(argc, argv, s)) return *status;
  std::string error;
  std::optional<CompileDatabase> db;
  if (!s.build_dir.empty()) {
    db = CompileDatabase::load(s.build_dir, error);
    if (!db) {
      fmt::print(stderr, "ptxlint-cuda: {}\n", error);
      return 2;
    }
  } else if (!s.compiler_args) {
    db = CompileDatabase::findFor(s.files[0], error);
    if (!db && !error.empty()) fmt::print(stderr, "ptxlint-cuda: {} (compiling without it)\n", error);
  }
  std::string scratch_template = (fs::temp_directory_path() / "ptxlint-cuda-XXXXXX").string();
  if (!mkdtemp(scratch_template.data())) {
    fmt::print(stderr, "ptxlint-cuda: cannot make a scratch directory in {}\n", fs::temp_directory_path().string());
    return 2;
  }
  Sources sources;
  Report report;
  int status = 0;
  for (const std::string& file : s.files) {
    if (!fs::exists(file)) {
      fmt::print(stderr, "ptxlint-cuda: {}: no such file\n", file);
      status = 2;
      continue;
    }
    for (const Unit& unit : unitsOf(file, db ? &*db : nullptr, s)) {
      int unit_status = checkUnit(unit, s, db ? &*db : nullptr, scratch_template, sources, report);
      status = std::max(status, unit_status);
      if (unit_status == 2 && unit.file.empty()) break;
    }
  }
  std::error_code ec;
  fs::remove_all(scratch_template, ec);
  int findings = render(s, report, sources);
  return std::max(status, findings);
}
