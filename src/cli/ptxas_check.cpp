// ptxlint-ptxas-check: the validating half of ptxlint-ptxas (see
// ptxas_launcher.c). Validates each input with ptxlint, prints the
// diagnostics on standard error, and answers with its exit status:
// 0 accepted (no errors), 1 rejected, 2 bad usage.
//
//   ptxlint-ptxas-check [--started-ns=N] [--run=overlapped|serial] [--ptxas=PATH] -- INPUT...
//
// --ptxas: the ptxas the launcher wraps; the inputs are judged with the
// verdict of its release (--compat=ptxas-X.Y), so that nothing it would
// assemble is stopped.
//
// INPUT "-" is standard input. An input that cannot be read is left to ptxas
// to report in its own words. --started-ns: the launcher's start
// (CLOCK_MONOTONIC), for the log's timing; --run: how the launcher runs ptxas
// (beside this check behind the gate, or after it), for the log.
// PTXLINT_PTXAS_LOG=FILE appends one line per validated input to FILE.
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "cli/compat.h"
#include "cuda/asm_map.h"
#include "diag/render_text.h"
#include "ptxlint/ptxlint.hpp"
#include "spec/deviations.h"

namespace {

long long monotonicNs() {
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<long long>(now.tv_sec) * 1000000000LL + now.tv_nsec;
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

// The verdict of the ptxas the launcher wraps: --compat=ptxas-X.Y for its
// release (`ptxas --version`), the newest release the table knows if it is
// another one or says none.
ptxlint::Options compatOf(const std::string& ptxas) {
  ptxlint::Options options;
  std::string error;
  std::optional<std::string> release = ptxas.empty() ? std::nullopt : ptxlint::cli::ptxasRelease(ptxas, error);
  std::string compat = release ? "ptxas-" + *release : std::string();
  options.compat = ptxlint::compatKnown(compat) && !compat.empty()
                       ? compat
                       : "ptxas-" + std::string(ptxlint::spec::ptxasReleases().back().version);
  return options;
}

}  // namespace

int main(int argc, char** argv) {
  long long started_ns = monotonicNs();
  // The launcher gone (killed by a compiler's timeout, say): so is this.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  std::vector<std::string> inputs;
  std::string_view run = "unknown";
  std::string ptxas;  // the ptxas the launcher wraps
  bool options = true;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (options && arg == "--") {
      options = false;
    } else if (options && arg.rfind("--started-ns=", 0) == 0) {
      started_ns = std::atoll(argv[i] + 13);
    } else if (options && arg.rfind("--run=", 0) == 0) {
      run = arg.substr(6);
    } else if (options && arg.rfind("--ptxas=", 0) == 0) {
      ptxas = arg.substr(8);
    } else if (options) {
      fmt::print(stderr,
                 "ptxlint-ptxas-check: unknown option '{}' (usage: [--started-ns=N] [--run=MODE] -- INPUT...)\n", arg);
      return 2;
    } else {
      inputs.emplace_back(arg);
    }
  }

  ptxlint::Options lint_options = compatOf(ptxas);
  bool rejected = false;
  std::string stdin_bytes;
  bool stdin_read = false;
  for (const std::string& input : inputs) {
    std::string text;
    std::string shown = input;
    if (input == "-") {
      if (!stdin_read && !readAll(STDIN_FILENO, stdin_bytes)) stdin_bytes.clear();
      stdin_read = true;
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
    ptxlint::Result result = ptxlint::lint(text, lint_options);
    // What the release lacks (.version, .target; PL5002) ptxas says itself, in
    // its words: the -arch it is given may well cover an older .target.
    for (ptxlint::Diagnostic& d : result.diagnostics) {
      if (d.code == "PL5002") d.severity = ptxlint::Severity::Warning;
    }
    // A Triton kernel's inline asm: point into the .py asm string.
    ptxlint::cuda::refinePythonAsmOrigins(text, result.diagnostics);
    // PTXLINT_PTXAS_LOG=FILE: one line per validated input, for counting what
    // a compiler sent through the wrapper.
    if (const char* log = std::getenv("PTXLINT_PTXAS_LOG"); log != nullptr && *log != 0) {
      if (std::FILE* f = std::fopen(log, "a")) {
        // lint_us: from the launcher's start to the end of this validation.
        fmt::print(f, "{}\t{}\terrors={}\twarnings={}\tinstructions={}\tchecked={}\tlint_us={}\trun={}\n", shown,
                   result.hasErrors() ? "rejected" : "accepted", result.count(ptxlint::Severity::Error),
                   result.count(ptxlint::Severity::Warning), result.stats.instructions, result.stats.checked,
                   (monotonicNs() - started_ns) / 1000, run);
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
  // Test hook: PTXLINT_PTXAS_TEST_DELAY_MS holds the verdict back, so that
  // tests can make ptxas reach the gate before the validation ends.
  if (const char* delay = std::getenv("PTXLINT_PTXAS_TEST_DELAY_MS"); delay != nullptr && *delay != 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(std::atol(delay)));
  }
  std::fflush(stderr);
  // Leave at once: the tables' destructors would only cost time.
  ::_exit(rejected ? 1 : 0);
}
