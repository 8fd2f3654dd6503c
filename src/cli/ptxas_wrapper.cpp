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
#include <memory>
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
  struct stat sa {
  }, sb{};
  return ::fstat(a, &sa) == 0 && ::fstat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

// How the wrapper was called.
struct Invocation {
  std::string self;
  std::optional<std::string> ptxas;  // the real one
  std::vector<std::string> passed;   // the arguments ptxas gets
  std::vector<std::string> inputs;   // the PTX files to validate ("-": stdin)
  bool warn_only = false;
  bool serial = false;
  bool uses_stdin = false;
};

Invocation parseInvocation(int argc, char** argv) {
  Invocation call;
  call.self = realPath("/proc/self/exe");
  std::optional<std::string> real_option;
  if (const char* mode = std::getenv("PTXLINT_PTXAS_MODE"); mode != nullptr && std::string_view(mode) == "warn") {
    call.warn_only = true;
  }
  if (const char* s = std::getenv("PTXLINT_PTXAS_SERIAL"); s != nullptr && std::string_view(s) == "1") {
    call.serial = true;
  }
  bool query = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg.rfind("--ptxlint-real-ptxas=", 0) == 0) {
      real_option = std::string(arg.substr(21));
      continue;
    }
    if (arg == "--ptxlint-warn") {
      call.warn_only = true;
      continue;
    }
    if (arg == "--ptxlint-serial") {
      call.serial = true;
      continue;
    }
    call.passed.emplace_back(arg);
    if (isQuery(arg)) query = true;
    if (takesValue(arg) && i + 1 < argc) {
      call.passed.emplace_back(argv[++i]);
      continue;
    }
    if (arg == "-" || (!arg.empty() && arg[0] != '-')) call.inputs.emplace_back(arg);
  }
  if (query) call.inputs.clear();
  for (const std::string& input : call.inputs) call.uses_stdin |= input == "-";
  call.ptxas = findRealPtxas(real_option, call.self);
  return call;
}

// ptxas's argv; it points into `call`, which must stay where it is.
std::vector<char*> ptxasArgv(Invocation& call) {
  std::vector<char*> argv{call.ptxas->data()};
  for (std::string& a : call.passed) argv.push_back(a.data());
  argv.push_back(nullptr);
  return argv;
}

// A ptxas started beside the validation, held by the gate: its pid and this
// wrapper's ends of the gate socket, of its output pipes (err == -1 when
// standard output and error share one) and of its input pipe (-1 unless the
// PTX comes from standard input).
struct GatedPtxas {
  pid_t pid = 0;
  int gate = -1, out = -1, err = -1, in = -1;
};

std::optional<GatedPtxas> startGated(Invocation& call, const std::string& gate_library) {
  struct stat st {};
  if (::fstat(STDOUT_FILENO, &st) != 0 || ::fstat(STDERR_FILENO, &st) != 0) return std::nullopt;
  // One pipe when standard output and error are the same file, so that the
  // order of ptxas's lines there stays as it wrote them.
  const bool one_stream = sameFile(STDOUT_FILENO, STDERR_FILENO);
  int gate_socket[2], out[2] = {-1, -1}, err[2] = {-1, -1}, in[2] = {-1, -1};
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, gate_socket) != 0) return std::nullopt;
  ::fcntl(gate_socket[0], F_SETFD, FD_CLOEXEC);  // the child keeps only its end
  auto closeAll = [&] {
    for (int fd : {gate_socket[0], gate_socket[1], out[0], out[1], err[0], err[1], in[0], in[1]}) {
      if (fd >= 0) ::close(fd);
    }
  };
  if (::pipe2(out, O_CLOEXEC) != 0 || (!one_stream && ::pipe2(err, O_CLOEXEC) != 0) ||
      (call.uses_stdin && ::pipe2(in, O_CLOEXEC) != 0)) {
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
  env_storage.push_back("LD_PRELOAD=" + gate_library + (caller_preload.empty() ? "" : ":" + caller_preload));
  if (had_preload) env_storage.push_back("PTXLINT_PTXAS_SAVED_PRELOAD=" + caller_preload);
  env_storage.push_back("PTXLINT_PTXAS_GATE_FD=" + std::to_string(gate_socket[1]));
  std::vector<char*> child_env;
  for (std::string& entry : env_storage) child_env.push_back(entry.data());
  child_env.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (call.uses_stdin) posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, one_stream ? out[1] : err[1], STDERR_FILENO);
  GatedPtxas started;
  std::vector<char*> argv = ptxasArgv(call);
  int rc = posix_spawn(&started.pid, call.ptxas->c_str(), &actions, nullptr, argv.data(), child_env.data());
  posix_spawn_file_actions_destroy(&actions);
  for (int* fd : {&gate_socket[1], &out[1], &err[1], &in[0]}) {
    if (*fd >= 0) ::close(*fd);
    *fd = -1;
  }
  if (rc != 0) {
    closeAll();
    return std::nullopt;
  }
  started.gate = gate_socket[0];
  started.out = out[0];
  started.err = err[0];
  started.in = in[1];
  return started;
}

// The rest of an overlapped run (see the top of this file): validation on
// its own thread while this one holds ptxas's output and feeds its standard
// input; then the verdict: ptxas let through the gate, or killed.
int finishOverlapped(GatedPtxas& ptxas, const Invocation& call, std::chrono::steady_clock::time_point started) {
  std::string stdin_bytes;
  if (call.uses_stdin && !readAll(STDIN_FILENO, stdin_bytes)) stdin_bytes.clear();
  int done[2];
  if (::pipe2(done, O_CLOEXEC) != 0) done[0] = done[1] = -1;
  Verdict verdict;
  std::thread validation([&] {
    verdict = validateInputs(call.inputs, stdin_bytes, started);
    char one = 1;
    (void)::write(done[1], &one, 1);
  });
  if (done[0] < 0) validation.join();  // no pipe to wait on: wait here

  // Writing to a pipe whose reader has gone must give EPIPE here, not end
  // this process before it has reported anything.
  ::signal(SIGPIPE, SIG_IGN);
  if (ptxas.in >= 0) ::fcntl(ptxas.in, F_SETFL, O_NONBLOCK);
  std::vector<std::pair<int, std::string>> held;  // ptxas's output before the verdict
  std::size_t fed = 0;
  bool decided = false, accepted = false, broken_pipe = false;
  int streams_open = ptxas.err >= 0 ? 2 : 1;
  auto decide = [&] {
    decided = true;
    accepted = !verdict.rejected || call.warn_only;
    if (!accepted) return;
    std::fwrite(verdict.diagnostics.data(), 1, verdict.diagnostics.size(), stderr);
    std::fflush(stderr);
    (void)::send(ptxas.gate, "y", 1, MSG_NOSIGNAL);
    for (auto& [target, bytes] : held) broken_pipe |= !writeAll(target, bytes.data(), bytes.size());
    held.clear();
  };
  if (done[0] < 0) decide();
  while ((!decided || streams_open > 0) && (!decided || accepted) && !broken_pipe) {
    pollfd watched[4];
    int count = 0;
    if (!decided) watched[count++] = {done[0], POLLIN, 0};
    if (ptxas.out >= 0) watched[count++] = {ptxas.out, POLLIN, 0};
    if (ptxas.err >= 0) watched[count++] = {ptxas.err, POLLIN, 0};
    if (ptxas.in >= 0) watched[count++] = {ptxas.in, POLLOUT, 0};
    if (::poll(watched, static_cast<nfds_t>(count), -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < count && (!decided || accepted); ++i) {
      if (watched[i].revents == 0) continue;
      int fd = watched[i].fd;
      if (fd == done[0]) {
        validation.join();
        decide();
      } else if (fd == ptxas.in) {
        ssize_t n = ::write(ptxas.in, stdin_bytes.data() + fed, stdin_bytes.size() - fed);
        if (n > 0) fed += static_cast<std::size_t>(n);
        if ((n < 0 && errno != EAGAIN && errno != EINTR) || fed == stdin_bytes.size()) {
          ::close(ptxas.in);
          ptxas.in = -1;
        }
      } else {
        char buffer[1 << 16];
        ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        int target = fd == ptxas.out ? STDOUT_FILENO : STDERR_FILENO;
        if (n <= 0) {
          ::close(fd);
          (fd == ptxas.out ? ptxas.out : ptxas.err) = -1;
          --streams_open;
        } else if (!decided) {
          held.emplace_back(target, std::string(buffer, static_cast<std::size_t>(n)));
        } else {
          broken_pipe |= !writeAll(target, buffer, static_cast<std::size_t>(n));
        }
      }
    }
  }
  if (!decided) {  // only after a poll failure
    validation.join();
    decide();
  }
  // Our reader has gone: ptxas run directly would have died of SIGPIPE.
  if (broken_pipe) ::kill(ptxas.pid, SIGPIPE);
  if (!accepted) ::kill(ptxas.pid, SIGKILL);
  for (int fd : {ptxas.gate, ptxas.out, ptxas.err, ptxas.in, done[0], done[1]}) {
    if (fd >= 0) ::close(fd);
  }
  int status = 0;
  while (::waitpid(ptxas.pid, &status, 0) < 0 && errno == EINTR) {
  }
  ::signal(SIGPIPE, SIG_DFL);
  if (!accepted) {
    std::fwrite(verdict.diagnostics.data(), 1, verdict.diagnostics.size(), stderr);
    std::fwrite(kRejected.data(), 1, kRejected.size(), stderr);
    return 255;
  }
  return passOnStatus(status);
}

// What startEarly() did, for main(). A plain pointer: it is set before the
// program's dynamic initialization and must not be reset by it.
struct EarlyStart {
  Invocation call;
  std::optional<GatedPtxas> ptxas;
  std::chrono::steady_clock::time_point started;
};
EarlyStart* early_start = nullptr;

// Runs before every other static initializer of this program (priority 101):
// ANTLR's generated parser deserializes its ATN in one (about 2 M
// instructions, a third of this program's start-up), and ptxas need not wait
// for that. Parses the command line and, where the overlapped run is
// possible, starts ptxas behind the gate.
__attribute__((constructor(101))) void startEarly(int argc, char** argv, char** /*envp*/) {
  early_start = new EarlyStart{parseInvocation(argc, argv), std::nullopt, std::chrono::steady_clock::now()};
  Invocation& call = early_start->call;
  if (!call.ptxas || call.inputs.empty() || call.serial) return;
  std::optional<std::string> gate = findGate(call.self);
  if (gate && loadsPreload(*call.ptxas)) early_start->ptxas = startGated(call, *gate);
}

}  // namespace

int main(int argc, char** argv) {
  std::unique_ptr<EarlyStart> state(early_start);
  early_start = nullptr;
  if (!state) state.reset(new EarlyStart{parseInvocation(argc, argv), std::nullopt, std::chrono::steady_clock::now()});
  Invocation& call = state->call;
  if (!call.ptxas) {
    fmt::print(stderr,
               "ptxlint-ptxas: no real ptxas found (set PTXLINT_REAL_PTXAS, pass --ptxlint-real-ptxas=PATH, or put "
               "ptxas on PATH)\n");
    return 255;
  }
  if (state->ptxas) {
    // ptxas has finished: leave at once, as an exec'd ptxas would have (the
    // static tables' destructors cost about a millisecond here).
    int status = finishOverlapped(*state->ptxas, call, state->started);
    std::fflush(nullptr);
    ::_exit(status);
  }

  // Serial run: validate, then ptxas.
  std::string stdin_bytes;
  if (call.uses_stdin && !readAll(STDIN_FILENO, stdin_bytes)) stdin_bytes.clear();
  Verdict verdict = validateInputs(call.inputs, stdin_bytes, state->started);
  std::fwrite(verdict.diagnostics.data(), 1, verdict.diagnostics.size(), stderr);
  if (verdict.rejected && !call.warn_only) {
    std::fwrite(kRejected.data(), 1, kRejected.size(), stderr);
    return 255;
  }
  std::fflush(stderr);
  std::vector<char*> argv_of_ptxas = ptxasArgv(call);
  if (call.uses_stdin) return runWithInput(*call.ptxas, argv_of_ptxas, stdin_bytes);
  ::execv(call.ptxas->c_str(), argv_of_ptxas.data());
  fmt::print(stderr, "ptxlint-ptxas: cannot run {}: {}\n", *call.ptxas, std::strerror(errno));
  return 255;
}
