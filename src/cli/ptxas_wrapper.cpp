// ptxlint-ptxas: a ptxas-compatible command that validates its PTX input with
// ptxlint first, then runs the real ptxas with exactly the same arguments.
//
//   TRITON_PTXAS_PATH=/path/to/ptxlint-ptxas python train.py
//
// Valid PTX: ptxas runs as if called directly (same arguments, same output,
// same files, same exit status). PTX that ptxlint rejects: ptxlint's
// diagnostics on standard error and exit status 255 (ptxas's own), and ptxas
// writes nothing. Warn mode (PTXLINT_PTXAS_MODE=warn or --ptxlint-warn) prints
// the diagnostics and lets ptxas finish anyway.
//
// Overlapped run (the default where possible): ptxas starts at once, beside
// the validation, with the gate library (ptxas_gate.c) preloaded. The gate
// holds ptxas at its first attempt to write, create, remove or rename a file
// until ptxlint has accepted the input; ptxas's standard output and error go
// through pipes this wrapper holds back until then. On rejection ptxas is
// killed before it has written a byte, so the user sees what a serial run
// shows, and a typical kernel costs the validation's time only where it is
// longer than ptxas's. Serial run (validate, then exec ptxas): with
// --ptxlint-serial or PTXLINT_PTXAS_SERIAL=1, and wherever the gate cannot
// hold ptxas (no gate library beside this program, a ptxas that is not a
// dynamically linked program, standard output or error closed).
//
// The real ptxas: --ptxlint-real-ptxas=PATH, else $PTXLINT_REAL_PTXAS, else the
// first ptxas on PATH that is not this program, else $CUDA_HOME/bin/ptxas,
// else /usr/local/cuda/bin/ptxas. Options starting with --ptxlint- are this
// wrapper's and are not passed on. PTXLINT_PTXAS_LOG=FILE appends one line per
// validated input to FILE.
#include <elf.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>
#include <utility>

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

int passOnStatus(int status);

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
  return passOnStatus(status);
}

// What validating the inputs found: the rendered diagnostics (in input
// order) and whether any input has errors.
struct Verdict {
  std::string diagnostics;
  bool rejected = false;
};

Verdict validateInputs(const std::vector<std::string>& inputs, const std::string& stdin_bytes,
                       std::chrono::steady_clock::time_point started) {
  Verdict verdict;
  for (const std::string& input : inputs) {
    std::string text;
    std::string shown = input;
    if (input == "-") {
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
                   result.count(ptxlint::Severity::Warning), result.stats.instructions, result.stats.checked, lint_us);
        std::fclose(f);
      }
    }
    if (result.diagnostics.empty()) continue;
    ptxlint::diag::TextStyle style;
    style.color = ::isatty(STDERR_FILENO) != 0;
    verdict.diagnostics += ptxlint::diag::renderText(shown, text, result.diagnostics, style);
    if (result.hasErrors()) verdict.rejected = true;
  }
  // Test hook: PTXLINT_PTXAS_TEST_DELAY_MS holds the verdict back, so that
  // tests can make ptxas reach the gate before the validation ends.
  if (const char* delay = std::getenv("PTXLINT_PTXAS_TEST_DELAY_MS"); delay != nullptr && *delay != 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(std::atol(delay)));
  }
  return verdict;
}

constexpr std::string_view kRejected = "ptxlint-ptxas: PTX rejected by ptxlint; ptxas wrote nothing\n";

bool writeAll(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

// The exit status of a finished child, passed on: its code, or the signal
// that ended it raised again here (as if ptxas had been exec'd).
int passOnStatus(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) {
    std::fflush(nullptr);
    ::signal(WTERMSIG(status), SIG_DFL);
    ::raise(WTERMSIG(status));
    return 128 + WTERMSIG(status);
  }
  return 255;
}

// Only a dynamically linked ELF program loads a preloaded library (a script's
// interpreter would too, but a static or set-id program would not).
bool loadsPreload(const std::string& program) {
  struct stat st {};
  if (::stat(program.c_str(), &st) != 0 || (st.st_mode & (S_ISUID | S_ISGID)) != 0) return false;
  int fd = ::open(program.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  Elf64_Ehdr header{};
  bool dynamic = false;
  if (::pread(fd, &header, sizeof header, 0) == static_cast<ssize_t>(sizeof header) &&
      std::memcmp(header.e_ident, ELFMAG, SELFMAG) == 0 && header.e_ident[EI_CLASS] == ELFCLASS64 &&
      header.e_phentsize == sizeof(Elf64_Phdr)) {
    for (unsigned i = 0; i < header.e_phnum && !dynamic; ++i) {
      Elf64_Phdr segment{};
      if (::pread(fd, &segment, sizeof segment, static_cast<off_t>(header.e_phoff + i * sizeof segment)) !=
          static_cast<ssize_t>(sizeof segment)) {
        break;
      }
      dynamic = segment.p_type == PT_INTERP;
    }
  }
  ::close(fd);
  return dynamic;
}

// The gate library installed beside this program (build tree) or in
// ../libexec/ptxlint (installed tree).
std::optional<std::string> findGate(const std::string& self) {
  std::string dir = self.substr(0, self.rfind('/'));
  for (std::string candidate : {dir + "/ptxlint-ptxas-gate.so", dir + "/../libexec/ptxlint/ptxlint-ptxas-gate.so"}) {
    std::string resolved = realPath(candidate);
    // LD_PRELOAD separates entries with spaces and colons.
    if (!resolved.empty() && resolved.find_first_of(" :") == std::string::npos) return resolved;
  }
  return std::nullopt;
}

bool sameFile(int a, int b) {
  struct stat sa {}, sb {};
  return ::fstat(a, &sa) == 0 && ::fstat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

// The overlapped run (see the top of this file). Returns the exit status, or
// nullopt when ptxas could not be started this way (the caller runs serially;
// nothing has been validated or written yet).
std::optional<int> runOverlapped(const std::string& ptxas, std::vector<char*>& argv, const std::string& gate,
                                 const std::vector<std::string>& inputs, bool uses_stdin,
                                 const std::string& stdin_bytes, bool warn_only,
                                 std::chrono::steady_clock::time_point started) {
  struct stat st {};
  if (::fstat(STDOUT_FILENO, &st) != 0 || ::fstat(STDERR_FILENO, &st) != 0) return std::nullopt;
  // One pipe when standard output and error are the same file, so that the
  // order of ptxas's lines there stays as it wrote them.
  const bool one_stream = sameFile(STDOUT_FILENO, STDERR_FILENO);
  int gate_socket[2], out[2] = {-1, -1}, err[2] = {-1, -1}, in[2] = {-1, -1}, done[2] = {-1, -1};
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, gate_socket) != 0) return std::nullopt;
  ::fcntl(gate_socket[0], F_SETFD, FD_CLOEXEC);  // the child keeps only its end
  auto closeAll = [&] {
    for (int fd : {gate_socket[0], gate_socket[1], out[0], out[1], err[0], err[1], in[0], in[1], done[0], done[1]}) {
      if (fd >= 0) ::close(fd);
    }
  };
  if (::pipe2(out, O_CLOEXEC) != 0 || (!one_stream && ::pipe2(err, O_CLOEXEC) != 0) ||
      (uses_stdin && ::pipe2(in, O_CLOEXEC) != 0) || ::pipe2(done, O_CLOEXEC) != 0) {
    closeAll();
    return std::nullopt;
  }

  // ptxas's environment: the caller's, with the gate preloaded first.
  std::vector<std::string> env_storage;
  std::string caller_preload;
  bool had_preload = false;
  for (char** e = environ; *e != nullptr; ++e) {
    std::string_view entry = *e;
    if (entry.rfind("LD_PRELOAD=", 0) == 0) {
      had_preload = true;
      caller_preload = entry.substr(11);
      continue;
    }
    if (entry.rfind("PTXLINT_PTXAS_GATE_FD=", 0) == 0 || entry.rfind("PTXLINT_PTXAS_SAVED_PRELOAD=", 0) == 0) continue;
    env_storage.emplace_back(entry);
  }
  env_storage.push_back("LD_PRELOAD=" + gate + (caller_preload.empty() ? "" : ":" + caller_preload));
  if (had_preload) env_storage.push_back("PTXLINT_PTXAS_SAVED_PRELOAD=" + caller_preload);
  env_storage.push_back("PTXLINT_PTXAS_GATE_FD=" + std::to_string(gate_socket[1]));
  std::vector<char*> child_env;
  for (std::string& entry : env_storage) child_env.push_back(entry.data());
  child_env.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (uses_stdin) posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, one_stream ? out[1] : err[1], STDERR_FILENO);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, ptxas.c_str(), &actions, nullptr, argv.data(), child_env.data());
  posix_spawn_file_actions_destroy(&actions);
  for (int* fd : {&gate_socket[1], &out[1], &err[1], &in[0]}) {
    if (*fd >= 0) ::close(*fd);
    *fd = -1;
  }
  if (rc != 0) {
    closeAll();
    return std::nullopt;
  }

  // Validation runs on its own thread; the loop below holds ptxas's output,
  // feeds its standard input and waits for the verdict.
  Verdict verdict;
  std::thread validation([&] {
    verdict = validateInputs(inputs, stdin_bytes, started);
    char one = 1;
    (void)::write(done[1], &one, 1);
  });

  // Writing to a pipe whose reader has gone must give EPIPE here, not end
  // this process before it has reported anything.
  ::signal(SIGPIPE, SIG_IGN);
  if (uses_stdin) ::fcntl(in[1], F_SETFL, O_NONBLOCK);
  std::vector<std::pair<int, std::string>> held;  // ptxas's output before the verdict
  std::size_t fed = 0;
  bool decided = false, accepted = false, broken_pipe = false;
  int streams_open = one_stream ? 1 : 2;
  while (!decided || streams_open > 0) {
    pollfd watched[4];
    int count = 0;
    if (!decided) watched[count++] = {done[0], POLLIN, 0};
    if (out[0] >= 0) watched[count++] = {out[0], POLLIN, 0};
    if (err[0] >= 0) watched[count++] = {err[0], POLLIN, 0};
    if (in[1] >= 0) watched[count++] = {in[1], POLLOUT, 0};
    if (::poll(watched, static_cast<nfds_t>(count), -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < count; ++i) {
      if (watched[i].revents == 0) continue;
      int fd = watched[i].fd;
      if (fd == done[0]) {
        validation.join();
        decided = true;
        accepted = !verdict.rejected || warn_only;
        if (!accepted) break;
        std::fwrite(verdict.diagnostics.data(), 1, verdict.diagnostics.size(), stderr);
        std::fflush(stderr);
        (void)::send(gate_socket[0], "y", 1, MSG_NOSIGNAL);
        for (auto& [target, bytes] : held) broken_pipe |= !writeAll(target, bytes.data(), bytes.size());
        held.clear();
      } else if (fd == in[1]) {
        ssize_t n = ::write(in[1], stdin_bytes.data() + fed, stdin_bytes.size() - fed);
        if (n > 0) fed += static_cast<std::size_t>(n);
        if ((n < 0 && errno != EAGAIN && errno != EINTR) || fed == stdin_bytes.size()) {
          ::close(in[1]);
          in[1] = -1;
        }
      } else {
        char buffer[1 << 16];
        ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        int target = fd == out[0] ? STDOUT_FILENO : STDERR_FILENO;
        if (n <= 0) {
          ::close(fd);
          (fd == out[0] ? out[0] : err[0]) = -1;
          --streams_open;
        } else if (!decided) {
          held.emplace_back(target, std::string(buffer, static_cast<std::size_t>(n)));
        } else {
          broken_pipe |= !writeAll(target, buffer, static_cast<std::size_t>(n));
        }
      }
    }
    if (decided && !accepted) break;
    // Our reader has gone: ptxas run directly would have died of SIGPIPE.
    if (broken_pipe) {
      ::kill(pid, SIGPIPE);
      break;
    }
  }
  if (!decided) validation.join();  // only after a poll failure
  if (!accepted) ::kill(pid, SIGKILL);
  closeAll();
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  ::signal(SIGPIPE, SIG_DFL);
  if (!accepted) {
    std::fwrite(verdict.diagnostics.data(), 1, verdict.diagnostics.size(), stderr);
    std::fwrite(kRejected.data(), 1, kRejected.size(), stderr);
    return 255;
  }
  return passOnStatus(status);
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
  bool serial = false;
  if (const char* s = std::getenv("PTXLINT_PTXAS_SERIAL"); s != nullptr && std::string_view(s) == "1") serial = true;
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
    if (arg == "--ptxlint-serial") {
      serial = true;
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
  if (query) inputs.clear();

  std::string stdin_bytes;
  bool uses_stdin = false;
  for (const std::string& input : inputs) {
    if (input == "-" && !uses_stdin) {
      uses_stdin = true;
      if (!readAll(STDIN_FILENO, stdin_bytes)) stdin_bytes.clear();
    }
  }

  if (!inputs.empty() && !serial) {
    if (std::optional<std::string> gate = findGate(self); gate && loadsPreload(*ptxas)) {
      if (std::optional<int> status =
              runOverlapped(*ptxas, exec_argv, *gate, inputs, uses_stdin, stdin_bytes, warn_only, started)) {
        return *status;
      }
    }
  }

  // Serial run: validate, then ptxas.
  Verdict verdict = validateInputs(inputs, stdin_bytes, started);
  std::fwrite(verdict.diagnostics.data(), 1, verdict.diagnostics.size(), stderr);
  if (verdict.rejected && !warn_only) {
    std::fwrite(kRejected.data(), 1, kRejected.size(), stderr);
    return 255;
  }
  std::fflush(stderr);
  if (uses_stdin) return runWithInput(*ptxas, exec_argv, stdin_bytes);
  ::execv(ptxas->c_str(), exec_argv.data());
  fmt::print(stderr, "ptxlint-ptxas: cannot run {}: {}\n", *ptxas, std::strerror(errno));
  return 255;
}
