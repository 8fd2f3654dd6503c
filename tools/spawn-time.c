// spawn-time: times fresh processes for tools/bench, with nothing of the
// harness in the figure.
//
//   spawn-time N -- CMD1 ARG... -- CMD2 ARG... [-- ...]
//
// Runs the commands in turn, N rounds (CMD1, CMD2, ..., CMD1, ...), each a
// fresh process (posix_spawn, standard output and error to /dev/null), and
// prints one line per run: "<command index> <wall ns> <cpu ns> <exit status>
// <page faults>", cpu being the child's user + system time and page faults
// its minor ones (every page it touched first, #27). The clock is read just
// before the spawn and just after the wait returns.
//
// Why not Python's os.posix_spawn and os.wait4, as tools/bench did: on the
// device host they added 0.15-0.2 ms to every process (a static hello-world:
// 0.69 ms by this loop, 0.88-0.98 ms by Python's, measured in the same run),
// a constant that is a fifth of ptxlint's time on a 5 KB kernel and 1-2 % of
// ptxas's, so the ratio of the two was the harness's as much as theirs.
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char** environ;

static long long nanoseconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char** argv) {
  if (argc < 4 || strcmp(argv[2], "--") != 0) {
    fprintf(stderr, "usage: spawn-time N -- CMD1 ARG... [-- CMD2 ARG...]\n");
    return 2;
  }
  int rounds = atoi(argv[1]);
  // The commands: argv split at each "--" (the separators become the NULL
  // that ends each command's argument list).
  char** commands[64];
  int count = 0;
  for (int i = 2; i < argc; ++i) {
    if (strcmp(argv[i], "--") != 0) continue;
    argv[i] = NULL;
    if (i + 1 < argc && strcmp(argv[i + 1], "--") != 0) {
      if (count == 64) {
        fprintf(stderr, "spawn-time: at most 64 commands\n");
        return 2;
      }
      commands[count++] = &argv[i + 1];
    }
  }
  if (rounds <= 0 || count == 0) {
    fprintf(stderr, "spawn-time: nothing to run\n");
    return 2;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  for (int round = 0; round < rounds; ++round) {
    for (int c = 0; c < count; ++c) {
      pid_t pid;
      int status = 0;
      struct rusage usage;
      long long start = nanoseconds();
      if (posix_spawnp(&pid, commands[c][0], &actions, NULL, commands[c], environ) != 0) {
        fprintf(stderr, "spawn-time: cannot run %s\n", commands[c][0]);
        return 1;
      }
      if (wait4(pid, &status, 0, &usage) != pid) {
        perror("spawn-time: wait4");
        return 1;
      }
      long long wall = nanoseconds() - start;
      long long cpu = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000000LL +
                      (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1000LL;
      int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      printf("%d %lld %lld %d %ld\n", c, wall, cpu, code, usage.ru_minflt);
    }
  }
  return 0;
}
