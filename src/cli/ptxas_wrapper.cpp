// ptxlint-ptxas: a ptxas-compatible command that validates its PTX input with
// ptxlint first, then runs the real ptxas with exactly the same arguments.
//
//   TRITON_PTXAS_PATH=/path/to/ptxlint-ptxas python train.py
//
// Valid PTX: ptxas runs as if called directly (same arguments, same output,
// same files, same exit status; the process is replaced by ptxas). PTX that
// ptxlint rejects: ptxlint's diagnostics on standard error and exit status
// 255 (ptxas's own), before ptxas runs. Warn mode (PTXLINT_PTXAS_MODE=warn or
// --ptxlint-warn) prints the diagnostics and runs ptxas anyway.
//
// The real ptxas: --ptxlint-real-ptxas=PATH, else $PTXLINT_REAL_PTXAS, else the
// first ptxas on PATH that is not this program, else $CUDA_HOME/bin/ptxas,
// else /usr/local/cuda/bin/ptxas. Options starting with --ptxlint- are this
// wrapper's and are not passed on. PTXLINT_PTXAS_LOG=FILE appends one line per
// validated input to FILE.
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <chrono>

#include <fmt/format.h>

#include <array>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/render_text.h"
#include "ptxlint/ptxlint.hpp"

extern char** environ;

namespace {

// ptxas options that take a separate value ("-o out", "-arch sm_90"). Other
// options either take none or attach it ("--gpu-name=sm_90", "-O3").
// (From `ptxas --help` of CUDA 13.0: the options shown with a <value>.)
constexpr std::array<std::string_view, 36> kOptionsWithValue = {"--allow-expensive-optimizations",
                                                                "-allow-expensive-optimizations",
                                                                "--device-function-maxrregcount",
                                                                "-func-maxrregcount",
                                                                "--device-stack-protector",
                                                                "-device-stack-protector",
                                                                "--entry",
                                                                "-e",
                                                                "--fmad",
                                                                "-fmad",
                                                                "--gpu-name",
                                                                "-arch",
                                                                "--input-as-string",
                                                                "-ias",
                                                                "--machine",
                                                                "-m",
                                                                "--maxntid",
                                                                "-maxntid",
                                                                "--maxrregcount",
                                                                "-maxrregcount",
                                                                "--minnctapersm",
                                                                "-minnctapersm",
                                                                "--opt-level",
                                                                "-O",
                                                                "--options-file",
                                                                "-optf",
                                                                "--output-file",
                                                                "-o",
                                                                "--position-independent-code",
                                                                "-pic",
                                                                "--register-usage-level",
                                                                "-regUsageLevel",
                                                                "--sanitize",
                                                                "-sanitize",
                                                                "--split-compile",
                                                                "-split-compile"};

bool takesValue(std::string_view arg) {
  if (arg.find('=') != std::string_view::npos) return false;
  for (std::string_view o : kOptionsWithValue) {
    if (arg == o) return true;
  }
  return false;
}

// Queries that never need validation: they go straight to ptxas.
// PTX passed as a string (-ias) and option files are not read by the
// wrapper either: ptxas judges those alone.
bool isQuery(std::string_view arg) {
  return arg == "--version" || arg == "-V" || arg == "--help" || arg == "-h" || arg == "--list-version" ||
         arg == "--list-gpu-code" || arg == "--list-gpu-arch" || arg == "-ias" || arg == "--input-as-string" ||
         arg == "-optf" || arg == "--options-file";
}

std::string realPath(const std::string& p) {
  char buffer[PATH_MAX];
  return ::realpath(p.c_str(), buffer) != nullptr ? std::string(buffer) : std::string();
}

bool executable(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
}

std::optional<std::string> findRealPtxas(const std::optional<std::string>& option, const std::string& self) {
  if (option) return executable(*option) ? option : std::nullopt;
  if (const char* env = std::getenv("PTXLINT_REAL_PTXAS"); env != nullptr && *env != 0) {
    return executable(env) ? std::optional<std::string>(env) : std::nullopt;
  }
  if (const char* path = std::getenv("PATH")) {
    std::string_view rest = path;
    while (!rest.empty()) {
      std::size_t colon = rest.find(':');
      std::string dir(rest.substr(0, colon));
      rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
      if (dir.empty()) continue;
      std::string candidate = dir + "/ptxas";
      if (executable(candidate) && realPath(candidate) != self) return candidate;
    }
  }
  if (const char* cuda = std::getenv("CUDA_HOME")) {
    std::string candidate = std::string(cuda) + "/bin/ptxas";
    if (executable(candidate) && realPath(candidate) != self) return candidate;
  }
  std::string fallback = "/usr/local/cuda/bin/ptxas";
  if (executable(fallback) && realPath(fallback) != self) return fallback;
  return std::nullopt;
}

bool readAll(int fd, std::string& out) {
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n == 0) return true;
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    out.append(buffer, static_cast<std::size_t>(n));
  }
}

// Runs ptxas with `stdin_bytes` on its standard input (the PTX read from "-").
int runWithInput(const std::string& ptxas, std::vector<char*>& argv, const std::string& stdin_bytes) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return 255;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[0], STDIN_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[1]);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, ptxas.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[0]);
  if (rc != 0) {
    ::close(pipe_fds[1]);
    fmt::print(stderr, "ptxlint-ptxas: cannot run {}: {}\n", ptxas, std::strerror(rc));
    return 255;
  }
  std::size_t written = 0;
  while (written < stdin_bytes.size()) {
    ssize_t n = ::write(pipe_fds[1], stdin_bytes.data() + written, stdin_bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  ::close(pipe_fds[1]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

}  // namespace

int main(int argc, char** argv) {
  const auto started = std::chrono::steady_clock::now();
  std::string self = realPath("/proc/self/exe");
  std::optional<std::string> real_option;
  bool warn_only = false;
  if (const char* mode = std::getenv("PTXLINT_PTXAS_MODE"); mode != nullptr && std::string_view(mode) == "warn") {
    warn_only = true;
  }
  std::vector<std::string> passed;  // the arguments ptxas gets
  std::vector<std::string> inputs;
  bool query = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg.rfind("--ptxlint-real-ptxas=", 0) == 0) {
      real_option = std::string(arg.substr(21));
      continue;
    }
    if (arg == "--ptxlint-warn") {
      warn_only = true;
      continue;
    }
    passed.emplace_back(arg);
    if (isQuery(arg)) query = true;
    if (takesValue(arg) && i + 1 < argc) {
      passed.emplace_back(argv[++i]);
      continue;
    }
    if (arg == "-" || (!arg.empty() && arg[0] != '-')) inputs.emplace_back(arg);
  }

  std::optional<std::string> ptxas = findRealPtxas(real_option, self);
  if (!ptxas) {
    fmt::print(stderr,
               "ptxlint-ptxas: no real ptxas found (set PTXLINT_REAL_PTXAS, pass --ptxlint-real-ptxas=PATH, or put "
               "ptxas on PATH)\n");
    return 255;
  }
  std::vector<char*> exec_argv;
  exec_argv.push_back(const_cast<char*>(ptxas->c_str()));
  for (std::string& a : passed) exec_argv.push_back(a.data());
  exec_argv.push_back(nullptr);

  std::string stdin_bytes;
  bool uses_stdin = false;
  bool rejected = false;
  if (!query) {
    for (const std::string& input : inputs) {
      std::string text;
      std::string shown = input;
      if (input == "-") {
        uses_stdin = true;
        if (!readAll(STDIN_FILENO, stdin_bytes)) break;
        text = stdin_bytes;
        shown = "<stdin>";
      } else {
        int fd = ::open(input.c_str(), O_RDONLY | O_CLOEXEC);
        // What ptxlint cannot read, ptxas reports in its own words.
        if (fd < 0) continue;
        bool ok = readAll(fd, text);
        ::close(fd);
        if (!ok) continue;
      }
      ptxlint::Result result = ptxlint::lint(text);
      // PTXLINT_PTXAS_LOG=FILE: one line per validated input, for counting
      // what a compiler sent through the wrapper.
      if (const char* log = std::getenv("PTXLINT_PTXAS_LOG"); log != nullptr && *log != 0) {
        if (std::FILE* f = std::fopen(log, "a")) {
          // lint_us: the wrapper's own time so far (start, reading, validation).
          auto lint_us =
              std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started).count();
          fmt::print(f, "{}\t{}\terrors={}\twarnings={}\tinstructions={}\tchecked={}\tlint_us={}\n", shown,
                     result.hasErrors() ? "rejected" : "accepted", result.count(ptxlint::Severity::Error),
                     result.count(ptxlint::Severity::Warning), result.stats.instructions, result.stats.checked,
                     lint_us);
          std::fclose(f);
        }
      }
      if (result.diagnostics.empty()) continue;
      ptxlint::diag::TextStyle style;
      style.color = ::isatty(STDERR_FILENO) != 0;
      std::string rendered = ptxlint::diag::renderText(shown, text, result.diagnostics, style);
      std::fwrite(rendered.data(), 1, rendered.size(), stderr);
      if (result.hasErrors()) rejected = true;
    }
  }
  if (rejected && !warn_only) {
    fmt::print(stderr, "ptxlint-ptxas: PTX rejected by ptxlint; ptxas was not run\n");
    return 255;
  }
  std::fflush(stderr);
  if (uses_stdin) return runWithInput(*ptxas, exec_argv, stdin_bytes);
  ::execv(ptxas->c_str(), exec_argv.data());
  fmt::print(stderr, "ptxlint-ptxas: cannot run {}: {}\n", *ptxas, std::strerror(errno));
  return 255;
}
