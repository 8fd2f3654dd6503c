/* ptxlint-ptxas: a ptxas-compatible command that validates its PTX input with
 * ptxlint and runs the real ptxas with exactly the same arguments.
 *
 *   TRITON_PTXAS_PATH=/path/to/ptxlint-ptxas python train.py
 *
 * Valid PTX: ptxas runs as if called directly (same arguments, same output,
 * same files, same exit status). ptxlint judges with the verdict of the ptxas
 * it wraps (--compat=ptxas-X.Y, X.Y from `ptxas --version`): it never stops a
 * file that ptxas would assemble, and prints the manual's findings that ptxas
 * lets pass as warnings. PTX that ptxlint rejects: ptxlint's
 * diagnostics on standard error and exit status 255 (ptxas's own), and ptxas
 * writes nothing. Warn mode (PTXLINT_PTXAS_MODE=warn or --ptxlint-warn) prints
 * the diagnostics and lets ptxas finish anyway.
 *
 * Three programs. This one is plain C on purpose: it sits on ptxas's critical
 * path, and a C++ runtime and ptxlint's tables would cost it a millisecond
 * or more of start-up and exit per kernel. ptxlint-ptxas-check (C++,
 * ptxas_check.cpp) validates the inputs and prints the diagnostics; its exit
 * status is the verdict. ptxlint-ptxas-gate.so (ptxas_gate.c) is preloaded
 * into ptxas.
 *
 * Overlapped run (the default where possible): ptxas starts first, with the
 * gate preloaded, then the checker beside it. The gate holds ptxas at its
 * first attempt to write, create, remove or rename a file until the checker
 * has accepted the input; ptxas's standard output and error go through pipes
 * that this program holds back until then. On rejection ptxas is killed
 * before it has written a byte: the user sees what a serial run shows, and
 * validation costs ptxas's caller nothing where it ends before ptxas does.
 * Serial run (check, then exec ptxas): with --ptxlint-serial or
 * PTXLINT_PTXAS_SERIAL=1, and wherever the gate cannot hold ptxas (no gate
 * library, a ptxas that is not a dynamically linked program, standard output
 * or error closed).
 *
 * The real ptxas: --ptxlint-real-ptxas=PATH, else $PTXLINT_REAL_PTXAS, else the
 * first ptxas on PATH that is not this program, else $CUDA_HOME/bin/ptxas,
 * else /usr/local/cuda/bin/ptxas. Options starting with --ptxlint- are this
 * wrapper's and are not passed on. PTXLINT_PTXAS_LOG=FILE appends one line per
 * validated input to FILE. */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char** environ;

/* ptxas options that take a separate value ("-o out", "-arch sm_90"). Other
 * options either take none or attach it ("--gpu-name=sm_90", "-O3").
 * (From `ptxas --help` of CUDA 13.0: the options shown with a <value>.) */
static const char* const kOptionsWithValue[] = {"--allow-expensive-optimizations",
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

/* Queries that never need validation: they go straight to ptxas. PTX passed
 * as a string (-ias) and option files are not read by the wrapper either:
 * ptxas judges those alone. */
static const char* const kQueries[] = {
    "--version",         "-V",    "--help",        "-h", "--list-version", "--list-gpu-code", "--list-gpu-arch", "-ias",
    "--input-as-string", "-optf", "--options-file"};

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static bool takes_value(const char* arg) {
  if (strchr(arg, '=') != NULL) return false;
  for (size_t i = 0; i < COUNT(kOptionsWithValue); ++i) {
    if (strcmp(arg, kOptionsWithValue[i]) == 0) return true;
  }
  return false;
}

static bool is_query(const char* arg) {
  for (size_t i = 0; i < COUNT(kQueries); ++i) {
    if (strcmp(arg, kQueries[i]) == 0) return true;
  }
  return false;
}

static bool executable(const char* path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* Is `path` an executable other than this program (resolved `self`)? */
static bool other_executable(const char* path, const char* self) {
  char resolved[PATH_MAX];
  return executable(path) && (realpath(path, resolved) == NULL || strcmp(resolved, self) != 0);
}

/* The real ptxas, in a static buffer, or NULL. */
static const char* find_real_ptxas(const char* option, const char* self) {
  static char found[PATH_MAX];
  if (option != NULL) return executable(option) ? option : NULL;
  const char* env = getenv("PTXLINT_REAL_PTXAS");
  if (env != NULL && *env != 0) return executable(env) ? env : NULL;
  const char* path = getenv("PATH");
  while (path != NULL && *path != 0) {
    const char* colon = strchr(path, ':');
    size_t length = colon != NULL ? (size_t)(colon - path) : strlen(path);
    if (length > 0 && length + 7 < sizeof found) {
      memcpy(found, path, length);
      memcpy(found + length, "/ptxas", 7);
      if (other_executable(found, self)) return found;
    }
    path = colon != NULL ? colon + 1 : NULL;
  }
  const char* cuda = getenv("CUDA_HOME");
  if (cuda != NULL && snprintf(found, sizeof found, "%s/bin/ptxas", cuda) < (int)sizeof found &&
      other_executable(found, self)) {
    return found;
  }
  if (other_executable("/usr/local/cuda/bin/ptxas", self)) return "/usr/local/cuda/bin/ptxas";
  return NULL;
}

/* A helper installed beside this program (build tree) or in
 * ../libexec/ptxlint (installed tree), resolved into `out`. */
static bool find_helper(const char* self, const char* name, char* out) {
  char candidate[PATH_MAX];
  const char* slash = strrchr(self, '/');
  int dir = slash != NULL ? (int)(slash - self) : 0;
  const char* layouts[] = {"%.*s/%s", "%.*s/../libexec/ptxlint/%s"};
  for (size_t i = 0; i < COUNT(layouts); ++i) {
    if (snprintf(candidate, sizeof candidate, layouts[i], dir, self, name) < (int)sizeof candidate &&
        realpath(candidate, out) != NULL) {
      return true;
    }
  }
  return false;
}

/* Only a dynamically linked ELF program loads a preloaded library (a static
 * or set-id program would not; a script is run serially too). */
static bool loads_preload(const char* program) {
  struct stat st;
  if (stat(program, &st) != 0 || (st.st_mode & (S_ISUID | S_ISGID)) != 0) return false;
  int fd = open(program, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  Elf64_Ehdr header;
  bool dynamic = false;
  if (pread(fd, &header, sizeof header, 0) == (ssize_t)sizeof header && memcmp(header.e_ident, ELFMAG, SELFMAG) == 0 &&
      header.e_ident[EI_CLASS] == ELFCLASS64 && header.e_phentsize == sizeof(Elf64_Phdr)) {
    for (unsigned i = 0; i < header.e_phnum && !dynamic; ++i) {
      Elf64_Phdr segment;
      if (pread(fd, &segment, sizeof segment, (off_t)(header.e_phoff + i * sizeof segment)) !=
          (ssize_t)sizeof segment) {
        break;
      }
      dynamic = segment.p_type == PT_INTERP;
    }
  }
  close(fd);
  return dynamic;
}

static bool same_file(int a, int b) {
  struct stat sa, sb;
  return fstat(a, &sa) == 0 && fstat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static bool write_all(int fd, const char* data, size_t size) {
  while (size > 0) {
    ssize_t n = write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= (size_t)n;
  }
  return true;
}

static void say(const char* text) { (void)write_all(STDERR_FILENO, text, strlen(text)); }

/* Standard input read whole (the PTX of a "-" input). */
static char* read_stdin(size_t* size) {
  size_t capacity = 1 << 16;
  char* data = malloc(capacity);
  *size = 0;
  while (data != NULL) {
    if (*size == capacity) {
      char* grown = realloc(data, capacity *= 2);
      if (grown == NULL) break;
      data = grown;
    }
    ssize_t n = read(STDIN_FILENO, data + *size, capacity - *size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return data;
    *size += (size_t)n;
  }
  free(data);
  *size = 0;
  return NULL;
}

static void wait_for(pid_t pid, int* status) {
  while (waitpid(pid, status, 0) < 0 && errno == EINTR) {
  }
}

/* The exit status of a finished ptxas, passed on: its code, or the signal
 * that ended it raised again here (as if ptxas had been exec'd). */
static int pass_on(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) {
    signal(WTERMSIG(status), SIG_DFL);
    raise(WTERMSIG(status));
    return 128 + WTERMSIG(status);
  }
  return 255;
}

/* Descriptors this program keeps in a run; -1 where unused. */
struct Run {
  pid_t ptxas, checker;
  int gate;                 /* gate socket (overlapped run) */
  int ptxas_out, ptxas_err; /* ptxas's output; err -1 when one pipe holds both */
  int ptxas_in, checker_in; /* their standard input, when the PTX comes from "-" */
  int checker_done;         /* end of stream when the checker exits */
  const char* stdin_bytes;
  size_t stdin_size, ptxas_fed, checker_fed;
};

/* Spawns the checker: ptxlint-ptxas-check --started-ns=N --run=MODE --ptxas=PATH -- inputs...
 * (--ptxas: the ptxas it wraps, whose release's verdict it gives). */
static bool start_checker(struct Run* run, const char* checker, const char* ptxas, char** inputs, int input_count,
                          bool uses_stdin, long long started_ns, bool gated) {
  int done[2], in[2] = {-1, -1};
  if (pipe2(done, O_CLOEXEC) != 0) return false;
  if (uses_stdin && pipe2(in, O_CLOEXEC) != 0) {
    close(done[0]);
    close(done[1]);
    return false;
  }
  char started[48];
  snprintf(started, sizeof started, "--started-ns=%lld", started_ns);
  char** argv = calloc((size_t)input_count + 6, sizeof(char*));
  char* ptxas_option = malloc(strlen(ptxas) + 9);
  if (argv == NULL || ptxas_option == NULL) {
    free(argv);
    free(ptxas_option);
    int pipes[] = {done[0], done[1], in[0], in[1]};
    for (size_t i = 0; i < COUNT(pipes); ++i) {
      if (pipes[i] >= 0) close(pipes[i]);
    }
    return false;
  }
  int argc = 0;
  argv[argc++] = (char*)checker;
  argv[argc++] = started;
  argv[argc++] = gated ? (char*)"--run=overlapped" : (char*)"--run=serial";
  snprintf(ptxas_option, strlen(ptxas) + 9, "--ptxas=%s", ptxas);
  argv[argc++] = ptxas_option;
  argv[argc++] = (char*)"--";
  for (int i = 0; i < input_count; ++i) argv[argc++] = inputs[i];
  argv[argc] = NULL;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (uses_stdin) posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, done[1], STDOUT_FILENO);
  int rc = posix_spawn(&run->checker, checker, &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  free(argv);
  free(ptxas_option);
  close(done[1]);
  if (in[0] >= 0) close(in[0]);
  if (rc != 0) {
    close(done[0]);
    if (in[1] >= 0) close(in[1]);
    return false;
  }
  run->checker_done = done[0];
  run->checker_in = in[1];
  if (in[1] >= 0) fcntl(in[1], F_SETFL, O_NONBLOCK);
  return true;
}

/* Spawns ptxas behind the gate, its output into pipes held here. */
static bool start_gated_ptxas(struct Run* run, const char* ptxas, char** argv, const char* gate, bool uses_stdin) {
  struct stat st;
  if (fstat(STDOUT_FILENO, &st) != 0 || fstat(STDERR_FILENO, &st) != 0) return false;
  /* One pipe when standard output and error are the same file, so that the
   * order of ptxas's lines there stays as it wrote them. */
  bool one_stream = same_file(STDOUT_FILENO, STDERR_FILENO);
  int sock[2], out[2] = {-1, -1}, err[2] = {-1, -1}, in[2] = {-1, -1};
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, sock) != 0) return false;
  fcntl(sock[0], F_SETFD, FD_CLOEXEC); /* ptxas keeps only its end */
  bool ok = pipe2(out, O_CLOEXEC) == 0 && (one_stream || pipe2(err, O_CLOEXEC) == 0) &&
            (!uses_stdin || pipe2(in, O_CLOEXEC) == 0);

  /* ptxas's environment: the caller's, with the gate preloaded first. */
  size_t count = 0;
  while (environ[count] != NULL) ++count;
  char** env = calloc(count + 4, sizeof(char*));
  const char* caller_preload = NULL;
  char *preload = NULL, *saved = NULL, gate_fd[48];
  size_t used = 0;
  if (ok && env != NULL) {
    for (size_t i = 0; i < count; ++i) {
      if (strncmp(environ[i], "LD_PRELOAD=", 11) == 0) {
        caller_preload = environ[i] + 11;
      } else if (strncmp(environ[i], "PTXLINT_PTXAS_GATE_FD=", 22) != 0 &&
                 strncmp(environ[i], "PTXLINT_PTXAS_SAVED_PRELOAD=", 28) != 0) {
        env[used++] = environ[i];
      }
    }
    bool more = caller_preload != NULL && *caller_preload != 0;
    ok = asprintf(&preload, "LD_PRELOAD=%s%s%s", gate, more ? ":" : "", more ? caller_preload : "") > 0;
    env[used++] = preload;
    if (ok && caller_preload != NULL) {
      ok = asprintf(&saved, "PTXLINT_PTXAS_SAVED_PRELOAD=%s", caller_preload) > 0;
      env[used++] = saved;
    }
    snprintf(gate_fd, sizeof gate_fd, "PTXLINT_PTXAS_GATE_FD=%d", sock[1]);
    env[used++] = gate_fd;
    env[used] = NULL;
  }
  int rc = -1;
  if (ok && env != NULL) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (uses_stdin) posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, one_stream ? out[1] : err[1], STDERR_FILENO);
    rc = posix_spawn(&run->ptxas, ptxas, &actions, NULL, argv, env);
    posix_spawn_file_actions_destroy(&actions);
  }
  free(env);
  free(preload);
  free(saved);
  int unused[] = {sock[1], out[1], err[1], in[0]};
  for (size_t i = 0; i < COUNT(unused); ++i) {
    if (unused[i] >= 0) close(unused[i]);
  }
  if (rc != 0) {
    int ours[] = {sock[0], out[0], err[0], in[1]};
    for (size_t i = 0; i < COUNT(ours); ++i) {
      if (ours[i] >= 0) close(ours[i]);
    }
    return false;
  }
  run->gate = sock[0];
  run->ptxas_out = out[0];
  run->ptxas_err = err[0];
  run->ptxas_in = in[1];
  if (in[1] >= 0) fcntl(in[1], F_SETFL, O_NONBLOCK);
  return true;
}

/* Held output of ptxas: chunks in arrival order, each tagged with the
 * descriptor it goes to. */
struct Held {
  char* data;
  size_t size, capacity;
};

static bool hold(struct Held* held, int target, const char* bytes, size_t size) {
  size_t need = held->size + sizeof(int) + sizeof(size_t) + size;
  if (need > held->capacity) {
    size_t capacity = held->capacity ? held->capacity : 1 << 16;
    while (capacity < need) capacity *= 2;
    char* grown = realloc(held->data, capacity);
    if (grown == NULL) return false;
    held->data = grown;
    held->capacity = capacity;
  }
  memcpy(held->data + held->size, &target, sizeof target);
  memcpy(held->data + held->size + sizeof target, &size, sizeof size);
  memcpy(held->data + held->size + sizeof target + sizeof size, bytes, size);
  held->size = need;
  return true;
}

static bool release(struct Held* held) {
  bool ok = true;
  for (size_t at = 0; at < held->size;) {
    int target;
    size_t size;
    memcpy(&target, held->data + at, sizeof target);
    memcpy(&size, held->data + at + sizeof target, sizeof size);
    ok = write_all(target, held->data + at + sizeof target + sizeof size, size) && ok;
    at += sizeof target + sizeof size + size;
  }
  held->size = 0;
  return ok;
}

/* Feeds a child's standard input without blocking; closes it when done. */
static void feed(int* fd, const struct Run* run, size_t* fed) {
  ssize_t n = write(*fd, run->stdin_bytes + *fed, run->stdin_size - *fed);
  if (n > 0) *fed += (size_t)n;
  if ((n < 0 && errno != EAGAIN && errno != EINTR) || *fed == run->stdin_size) {
    close(*fd);
    *fd = -1;
  }
}

/* The checker's verdict from its exit status: 0 accepted, 1 rejected; a
 * checker that failed otherwise (a crash is a ptxlint bug) rejects too, with
 * a line that says so, rather than let PTX through unchecked. */
static bool checker_accepts(pid_t checker) {
  int status = 0;
  wait_for(checker, &status);
  if (WIFEXITED(status) && WEXITSTATUS(status) <= 1) return WEXITSTATUS(status) == 0;
  say("ptxlint-ptxas: the checker (ptxlint-ptxas-check) failed; the input is treated as rejected\n");
  return false;
}

static int rejected(void) {
  say("ptxlint-ptxas: PTX rejected by ptxlint; ptxas wrote nothing\n");
  return 255;
}

/* The overlapped run's loop: hold ptxas's output and feed both children's
 * input until the checker ends; then let ptxas through the gate (or kill
 * it) and pass its output on until it ends. */
static int overlapped(struct Run* run, bool warn_only) {
  /* A reader that has gone must give EPIPE here, not end this process. */
  signal(SIGPIPE, SIG_IGN);
  struct Held held = {NULL, 0, 0};
  bool decided = false, accepted = false, broken_pipe = false;
  int streams_open = run->ptxas_err >= 0 ? 2 : 1;
  while ((!decided || (accepted && streams_open > 0)) && !broken_pipe) {
    struct pollfd watched[5];
    int count = 0;
    if (!decided) watched[count++] = (struct pollfd){run->checker_done, POLLIN, 0};
    if (run->ptxas_out >= 0) watched[count++] = (struct pollfd){run->ptxas_out, POLLIN, 0};
    if (run->ptxas_err >= 0) watched[count++] = (struct pollfd){run->ptxas_err, POLLIN, 0};
    if (run->ptxas_in >= 0) watched[count++] = (struct pollfd){run->ptxas_in, POLLOUT, 0};
    if (run->checker_in >= 0) watched[count++] = (struct pollfd){run->checker_in, POLLOUT, 0};
    if (poll(watched, (nfds_t)count, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < count && (!decided || accepted); ++i) {
      if (watched[i].revents == 0) continue;
      int fd = watched[i].fd;
      if (fd == run->checker_done) {
        char ignored[64];
        if (read(fd, ignored, sizeof ignored) > 0) continue; /* the checker never writes; wait for the end */
        decided = true;
        accepted = checker_accepts(run->checker) || warn_only;
        if (!accepted) break;
        (void)send(run->gate, "y", 1, MSG_NOSIGNAL);
        broken_pipe = !release(&held);
      } else if (fd == run->ptxas_in) {
        feed(&run->ptxas_in, run, &run->ptxas_fed);
      } else if (fd == run->checker_in) {
        feed(&run->checker_in, run, &run->checker_fed);
      } else {
        char buffer[1 << 16];
        ssize_t n = read(fd, buffer, sizeof buffer);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        int target = fd == run->ptxas_out ? STDOUT_FILENO : STDERR_FILENO;
        if (n <= 0) {
          close(fd);
          if (fd == run->ptxas_out) {
            run->ptxas_out = -1;
          } else {
            run->ptxas_err = -1;
          }
          --streams_open;
        } else if (!decided) {
          broken_pipe = !hold(&held, target, buffer, (size_t)n); /* out of memory: stop as if cut off */
        } else {
          broken_pipe = !write_all(target, buffer, (size_t)n);
        }
      }
    }
  }
  if (!decided) { /* only after a poll failure */
    decided = true;
    accepted = checker_accepts(run->checker) || warn_only;
  }
  /* Our reader has gone: ptxas run directly would have died of SIGPIPE. */
  if (broken_pipe) kill(run->ptxas, SIGPIPE);
  if (!accepted) kill(run->ptxas, SIGKILL);
  int ours[] = {run->gate, run->ptxas_out, run->ptxas_err, run->ptxas_in, run->checker_in, run->checker_done};
  for (size_t i = 0; i < COUNT(ours); ++i) {
    if (ours[i] >= 0) close(ours[i]);
  }
  free(held.data);
  int status = 0;
  wait_for(run->ptxas, &status);
  signal(SIGPIPE, SIG_DFL);
  return accepted ? pass_on(status) : rejected();
}

/* Serial run's last step with PTX from "-": ptxas reads it from a pipe. */
static int run_with_input(const char* ptxas, char** argv, const char* bytes, size_t size) {
  int in[2];
  if (pipe2(in, O_CLOEXEC) != 0) return 255;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, ptxas, &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in[0]);
  if (rc != 0) {
    close(in[1]);
    fprintf(stderr, "ptxlint-ptxas: cannot run %s: %s\n", ptxas, strerror(rc));
    return 255;
  }
  signal(SIGPIPE, SIG_IGN);
  (void)write_all(in[1], bytes, size);
  close(in[1]);
  signal(SIGPIPE, SIG_DFL);
  int status = 0;
  wait_for(pid, &status);
  return pass_on(status);
}

/* What the command line asks for: the wrapper's own settings (its options
 * and environment variables), and how the rest splits into ptxas's
 * arguments and the inputs to validate. */
struct Request {
  const char* real_option; /* --ptxlint-real-ptxas=PATH, or NULL */
  bool warn_only, serial;
  bool query, uses_stdin; /* a query for ptxas alone; an input is "-" */
  int input_count;
};

/* Reads the wrapper's settings and fills `passed` (ptxas's argv; argv[0] is
 * filled in later) and `inputs` from argv. */
static void read_request(int argc, char** argv, char** passed, char** inputs, struct Request* request) {
  const char* mode = getenv("PTXLINT_PTXAS_MODE");
  const char* serial_env = getenv("PTXLINT_PTXAS_SERIAL");
  *request = (struct Request){.warn_only = mode != NULL && strcmp(mode, "warn") == 0,
                              .serial = serial_env != NULL && strcmp(serial_env, "1") == 0};
  int passed_count = 1;
  for (int i = 1; i < argc; ++i) {
    const char* arg = argv[i];
    if (strncmp(arg, "--ptxlint-real-ptxas=", 21) == 0) {
      request->real_option = arg + 21;
      continue;
    }
    if (strcmp(arg, "--ptxlint-warn") == 0) {
      request->warn_only = true;
      continue;
    }
    if (strcmp(arg, "--ptxlint-serial") == 0) {
      request->serial = true;
      continue;
    }
    passed[passed_count++] = argv[i];
    if (is_query(arg)) request->query = true;
    if (takes_value(arg) && i + 1 < argc) {
      passed[passed_count++] = argv[++i];
      continue;
    }
    if (strcmp(arg, "-") == 0 || (arg[0] != 0 && arg[0] != '-')) {
      inputs[request->input_count++] = argv[i];
      request->uses_stdin |= strcmp(arg, "-") == 0;
    }
  }
}

/* Serial run, once the checker runs: feed it the PTX from "-", take its
 * verdict, then run ptxas (exec'd, or fed the PTX from "-"). */
static int serial_run(struct Run* run, const char* ptxas, char** passed, bool uses_stdin, bool warn_only) {
  signal(SIGPIPE, SIG_IGN);
  if (run->checker_in >= 0) {
    fcntl(run->checker_in, F_SETFL, 0);
    (void)write_all(run->checker_in, run->stdin_bytes, run->stdin_size);
    close(run->checker_in);
  }
  signal(SIGPIPE, SIG_DFL);
  close(run->checker_done);
  if (!checker_accepts(run->checker) && !warn_only) return rejected();
  if (uses_stdin) return run_with_input(ptxas, passed, run->stdin_bytes, run->stdin_size);
  execv(ptxas, passed);
  fprintf(stderr, "ptxlint-ptxas: cannot run %s: %s\n", ptxas, strerror(errno));
  return 255;
}

/* Everything main() does; `passed` and `inputs` have room for argc + 1
 * pointers, *stdin_bytes is set to what it allocates for "-". */
static int launch(int argc, char** argv, char** passed, char** inputs, char** stdin_bytes_out) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  long long started_ns = (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
  char self[PATH_MAX];
  if (realpath("/proc/self/exe", self) == NULL) self[0] = 0;

  /* ptxas's argv (argv[0] filled in below) and the inputs to validate. */
  struct Request request;
  read_request(argc, argv, passed, inputs, &request);
  const char* ptxas = find_real_ptxas(request.real_option, self);
  if (ptxas == NULL) {
    say("ptxlint-ptxas: no real ptxas found (set PTXLINT_REAL_PTXAS, pass --ptxlint-real-ptxas=PATH, or put ptxas "
        "on PATH)\n");
    return 255;
  }
  passed[0] = (char*)ptxas;
  if (request.query || request.input_count == 0) {
    execv(ptxas, passed);
    fprintf(stderr, "ptxlint-ptxas: cannot run %s: %s\n", ptxas, strerror(errno));
    return 255;
  }
  char checker[PATH_MAX], gate[PATH_MAX];
  if (!find_helper(self, "ptxlint-ptxas-check", checker)) {
    say("ptxlint-ptxas: ptxlint-ptxas-check is missing (it is installed beside ptxlint-ptxas, or in "
        "../libexec/ptxlint)\n");
    return 255;
  }

  struct Run run = {0, 0, -1, -1, -1, -1, -1, -1, NULL, 0, 0, 0};
  bool uses_stdin = request.uses_stdin;
  /* ptxas first: it is the critical path. LD_PRELOAD separates entries with
   * spaces and colons, so a gate path with either is not used. */
  bool gated = !request.serial && find_helper(self, "ptxlint-ptxas-gate.so", gate) && strpbrk(gate, " :") == NULL &&
               loads_preload(ptxas) && start_gated_ptxas(&run, ptxas, passed, gate, uses_stdin);
  if (uses_stdin) {
    size_t stdin_size = 0;
    char* stdin_bytes = read_stdin(&stdin_size);
    *stdin_bytes_out = stdin_bytes;
    run.stdin_bytes = stdin_bytes != NULL ? stdin_bytes : "";
    run.stdin_size = stdin_size;
  }
  if (!start_checker(&run, checker, ptxas, inputs, request.input_count, uses_stdin, started_ns, gated)) {
    fprintf(stderr, "ptxlint-ptxas: cannot run %s: %s\n", checker, strerror(errno));
    if (gated) kill(run.ptxas, SIGKILL);
    return 255;
  }
  if (gated) return overlapped(&run, request.warn_only);
  return serial_run(&run, ptxas, passed, uses_stdin, request.warn_only);
}

int main(int argc, char** argv) {
  char** passed = calloc((size_t)argc + 1, sizeof(char*));
  char** inputs = calloc((size_t)argc + 1, sizeof(char*));
  char* stdin_bytes = NULL;
  int status = passed != NULL && inputs != NULL ? launch(argc, argv, passed, inputs, &stdin_bytes) : 255;
  free(passed);
  free(inputs);
  free(stdin_bytes);
  return status;
}
