/* ptxas_gate.c: preloaded into the real ptxas by ptxlint-ptxas, so that ptxas
 * can start while ptxlint is still validating its input.
 *
 * Until ptxlint-ptxas has accepted the input, this library holds ptxas at its
 * first attempt to change a file: opening one for writing, creating,
 * truncating, removing or renaming one. ptxas's standard output and error are
 * pipes the wrapper holds until the verdict. So ptxas does its parsing and
 * code generation beside ptxlint, and on PTX that ptxlint rejects it is
 * killed before it has written anything: what the user sees is the same as if
 * it had never run.
 *
 * Protocol, over a socket inherited at descriptor $PTXLINT_PTXAS_GATE_FD:
 *   - on load, the gate sends 'h' (the wrapper knows that ptxas is gated);
 *   - the wrapper sends 'y' once the input is accepted; the gate only peeks
 *     at it, so every thread and every child of ptxas sees it;
 *   - end of stream (the wrapper is gone) or anything else: the process exits
 *     with status 255 without touching any file.
 * The gate removes itself from the environment at load, and asks the kernel
 * to kill ptxas if the wrapper dies (PR_SET_PDEATHSIG).
 *
 * Written in C on purpose: it must not bring a C++ runtime into ptxas. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

static int gate_fd = -1;
static int gate_passed = 0; /* read and written with __atomic builtins */

__attribute__((constructor)) static void gate_load(void) {
  const char* fd_text = getenv("PTXLINT_PTXAS_GATE_FD");
  if (fd_text == NULL) return;
  gate_fd = atoi(fd_text);
  unsetenv("PTXLINT_PTXAS_GATE_FD");
  /* Give ptxas back the LD_PRELOAD its caller had (or none). */
  const char* saved = getenv("PTXLINT_PTXAS_SAVED_PRELOAD");
  if (saved != NULL) {
    setenv("LD_PRELOAD", saved, 1);
    unsetenv("PTXLINT_PTXAS_SAVED_PRELOAD");
  } else {
    unsetenv("LD_PRELOAD");
  }
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  (void)send(gate_fd, "h", 1, MSG_NOSIGNAL);
}

static void wait_for_verdict(void) {
  if (gate_fd < 0 || __atomic_load_n(&gate_passed, __ATOMIC_ACQUIRE)) return;
  for (;;) {
    char verdict = 0;
    ssize_t n = recv(gate_fd, &verdict, 1, MSG_PEEK);
    if (n == 1 && verdict == 'y') {
      __atomic_store_n(&gate_passed, 1, __ATOMIC_RELEASE);
      return;
    }
    if (n < 0 && errno == EINTR) continue;
    _exit(255);
  }
}

static int writes(int flags) { return (flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND)) != 0; }

static int mode_writes(const char* mode) {
  return mode != NULL && (strchr(mode, 'w') != NULL || strchr(mode, 'a') != NULL || strchr(mode, '+') != NULL);
}

/* The mode argument of open() exists only with O_CREAT or O_TMPFILE. */
#define OPEN_MODE(flags, last)             \
  mode_t mode = 0;                         \
  if ((flags) & (O_CREAT | __O_TMPFILE)) { \
    va_list args;                          \
    va_start(args, last);                  \
    mode = (mode_t)va_arg(args, int);      \
    va_end(args);                          \
  }

#define NEXT(name, type) ((type)dlsym(RTLD_NEXT, name))

int open(const char* path, int flags, ...) {
  OPEN_MODE(flags, flags)
  if (writes(flags)) wait_for_verdict();
  return NEXT("open", int (*)(const char*, int, ...))(path, flags, mode);
}

int open64(const char* path, int flags, ...) {
  OPEN_MODE(flags, flags)
  if (writes(flags)) wait_for_verdict();
  return NEXT("open64", int (*)(const char*, int, ...))(path, flags, mode);
}

int openat(int dir, const char* path, int flags, ...) {
  OPEN_MODE(flags, flags)
  if (writes(flags)) wait_for_verdict();
  return NEXT("openat", int (*)(int, const char*, int, ...))(dir, path, flags, mode);
}

int openat64(int dir, const char* path, int flags, ...) {
  OPEN_MODE(flags, flags)
  if (writes(flags)) wait_for_verdict();
  return NEXT("openat64", int (*)(int, const char*, int, ...))(dir, path, flags, mode);
}

int creat(const char* path, mode_t mode) {
  wait_for_verdict();
  return NEXT("creat", int (*)(const char*, mode_t))(path, mode);
}

int creat64(const char* path, mode_t mode) {
  wait_for_verdict();
  return NEXT("creat64", int (*)(const char*, mode_t))(path, mode);
}

FILE* fopen(const char* path, const char* mode) {
  if (mode_writes(mode)) wait_for_verdict();
  return NEXT("fopen", FILE * (*)(const char*, const char*))(path, mode);
}

FILE* fopen64(const char* path, const char* mode) {
  if (mode_writes(mode)) wait_for_verdict();
  return NEXT("fopen64", FILE * (*)(const char*, const char*))(path, mode);
}

FILE* freopen(const char* path, const char* mode, FILE* stream) {
  if (mode_writes(mode)) wait_for_verdict();
  return NEXT("freopen", FILE * (*)(const char*, const char*, FILE*))(path, mode, stream);
}

FILE* freopen64(const char* path, const char* mode, FILE* stream) {
  if (mode_writes(mode)) wait_for_verdict();
  return NEXT("freopen64", FILE * (*)(const char*, const char*, FILE*))(path, mode, stream);
}

int truncate(const char* path, off_t length) {
  wait_for_verdict();
  return NEXT("truncate", int (*)(const char*, off_t))(path, length);
}

int unlink(const char* path) {
  wait_for_verdict();
  return NEXT("unlink", int (*)(const char*))(path);
}

int unlinkat(int dir, const char* path, int flags) {
  wait_for_verdict();
  return NEXT("unlinkat", int (*)(int, const char*, int))(dir, path, flags);
}

int remove(const char* path) {
  wait_for_verdict();
  return NEXT("remove", int (*)(const char*))(path);
}

int rename(const char* from, const char* to) {
  wait_for_verdict();
  return NEXT("rename", int (*)(const char*, const char*))(from, to);
}

int renameat(int from_dir, const char* from, int to_dir, const char* to) {
  wait_for_verdict();
  return NEXT("renameat", int (*)(int, const char*, int, const char*))(from_dir, from, to_dir, to);
}
