#include "cuda/compiler.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>

namespace ptxlint::cuda {
namespace {

namespace fs = std::filesystem;

bool executable(const std::string& path) { return !path.empty() && access(path.c_str(), X_OK) == 0; }

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// "sm_90a" from "compute_90a", "sm_90a" or "90a" (CMake's CUDA_ARCHITECTURES).
std::string targetName(std::string_view arch) {
  if (startsWith(arch, "compute_")) return "sm_" + std::string(arch.substr(8));
  if (startsWith(arch, "sm_")) return std::string(arch);
  return std::string(arch);
}

// The virtual architecture of `-gencode arch=compute_90a,code=[...]`.
std::string gencodeTarget(std::string_view value) {
  std::size_t at = value.find("arch=");
  if (at == std::string_view::npos) return {};
  std::string_view arch = value.substr(at + 5);
  arch = arch.substr(0, arch.find(','));
  return targetName(arch);
}

void addTarget(std::vector<std::string>& targets, const std::string& target) {
  if (target.empty()) return;
  for (const std::string& t : targets) {
    if (t == target) return;
  }
  targets.push_back(target);
}

// Options whose value may be the next argument: name -> whether it is
// dropped (output and dependency files) rather than kept.
struct Valued {
  std::string_view name;
  bool drop;
};
constexpr Valued kNvccValued[] = {{"-o", true},        {"--output-file", true},
                                  {"-MF", true},       {"-MT", true},
                                  {"-MQ", true},       {"--dependency-output", true},
                                  {"-odir", true},     {"--output-directory", true},
                                  {"-x", false},       {"-I", false},
                                  {"-D", false},       {"-isystem", false},
                                  {"-include", false}, {"-Xcompiler", false},
                                  {"-ccbin", false},   {"--compiler-bindir", false}};
constexpr std::string_view kDropped[] = {"-c",
                                         "--compile",
                                         "-MD",
                                         "-MMD",
                                         "-M",
                                         "-MM",
                                         "-MP",
                                         "-ptx",
                                         "--ptx",
                                         "-cubin",
                                         "--cubin",
                                         "-fatbin",
                                         "--fatbin",
                                         "-S",
                                         "-lineinfo",
                                         "--generate-line-info",
                                         "-gline-tables-only",
                                         "--cuda-device-only",
                                         "--cuda-host-only",
                                         "-emit-llvm",
                                         "--generate-dependencies-with-compile",
                                         "--generate-nonsystem-dependencies-with-compile"};

}  // namespace

bool compilerKindOf(const std::string& path, CompilerKind& kind) {
  std::string name = fs::path(path).filename().string();
  if (name.find("nvcc") != std::string::npos) {
    kind = CompilerKind::Nvcc;
    return true;
  }
  if (name.find("clang") != std::string::npos) {
    kind = CompilerKind::Clang;
    return true;
  }
  return false;
}

std::string findNvcc() {
  if (const char* path = std::getenv("PATH")) {
    std::string_view rest = path;
    while (!rest.empty()) {
      std::string_view dir = rest.substr(0, rest.find(':'));
      rest.remove_prefix(std::min(rest.size(), dir.size() + 1));
      std::string candidate = std::string(dir.empty() ? "." : dir) + "/nvcc";
      if (executable(candidate)) return candidate;
    }
  }
  if (const char* home = std::getenv("CUDA_HOME"); home && *home) {
    std::string candidate = std::string(home) + "/bin/nvcc";
    if (executable(candidate)) return candidate;
  }
  return "";
}

DeviceCommand deviceCommandOf(CompilerKind kind, const std::vector<std::string>& arguments, const std::string& source) {
  DeviceCommand out;
  std::string source_name = fs::path(source).filename().string();
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string& a = arguments[i];
    auto valueOf = [&](std::string_view name) -> std::optional<std::string> {
      if (a == name && i + 1 < arguments.size()) return arguments[++i];
      if (startsWith(a, name) && a.size() > name.size() && a[name.size()] == '=') return a.substr(name.size() + 1);
      return std::nullopt;
    };
    bool dropped = false;
    for (std::string_view d : kDropped) dropped = dropped || a == d;
    if (dropped) continue;
    if (a == "-G" || a == "--device-debug" || (kind == CompilerKind::Clang && startsWith(a, "-g") && a != "-g0")) {
      out.has_debug_info = true;
    }
    if (a == "-dc" || a == "--device-c") {
      out.arguments.push_back("-rdc=true");
      continue;
    }
    // The source itself (as written, or resolved).
    if (a == source || (fs::path(a).filename() == source_name && !startsWith(a, "-"))) continue;
    if (kind == CompilerKind::Nvcc) {
      if (auto v = valueOf("-gencode"); v) {
        addTarget(out.targets, gencodeTarget(*v));
        continue;
      }
      if (auto v = valueOf("--generate-code"); v) {
        addTarget(out.targets, gencodeTarget(*v));
        continue;
      }
      if (auto v = valueOf("-arch"); v) {
        addTarget(out.targets, targetName(*v));
        continue;
      }
      if (auto v = valueOf("--gpu-architecture"); v) {
        addTarget(out.targets, targetName(*v));
        continue;
      }
      if (valueOf("-code") || valueOf("--gpu-code")) continue;
      if (startsWith(a, "-arch=") || startsWith(a, "-gencode=")) continue;
    } else {
      if (startsWith(a, "--cuda-gpu-arch=")) {
        addTarget(out.targets, targetName(a.substr(16)));
        continue;
      }
      if (startsWith(a, "--offload-arch=")) {
        addTarget(out.targets, targetName(a.substr(15)));
        continue;
      }
      if (startsWith(a, "-o") && a.size() > 2) continue;
    }
    bool handled = false;
    for (const Valued& v : kNvccValued) {
      if (a != v.name || i + 1 >= arguments.size()) continue;
      if (!v.drop) {
        out.arguments.push_back(a);
        out.arguments.push_back(arguments[i + 1]);
      }
      ++i;
      handled = true;
      break;
    }
    if (!handled) out.arguments.push_back(a);
  }
  return out;
}

std::vector<std::string> ptxCommand(const Compiler& compiler, const DeviceCommand& command, const std::string& source,
                                    const std::string& target, const std::string& output) {
  std::vector<std::string> out{compiler.path};
  out.insert(out.end(), command.arguments.begin(), command.arguments.end());
  if (compiler.kind == CompilerKind::Nvcc) {
    out.push_back("-ptx");
    if (!command.has_debug_info) out.push_back("-lineinfo");
    // PTX for the target's virtual architecture: compute_90a for sm_90a.
    if (!target.empty()) {
      out.push_back("-arch=" + (startsWith(target, "sm_") ? "compute_" + target.substr(3) : target));
    }
  } else {
    out.insert(out.end(), {"--cuda-device-only", "-S"});
    if (!command.has_debug_info) out.push_back("-gline-tables-only");
    if (!target.empty()) out.push_back("--cuda-gpu-arch=" + target);
  }
  out.insert(out.end(), {"-o", output, source});
  return out;
}

std::vector<RunResult> runAll(const std::vector<std::vector<std::string>>& commands, const std::string& directory,
                              const std::string& scratch) {
  std::vector<RunResult> results(commands.size());
  std::vector<pid_t> children(commands.size(), -1);
  for (std::size_t i = 0; i < commands.size(); ++i) {
    std::string log = scratch + "/run" + std::to_string(i) + ".log";
    std::vector<char*> argv;
    for (const std::string& a : commands[i]) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    pid_t pid = fork();
    if (pid == 0) {
      int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      if (fd >= 0) {
        dup2(fd, 1);
        dup2(fd, 2);
      }
      if (!directory.empty() && chdir(directory.c_str()) != 0) _exit(127);
      execv(argv[0], argv.data());
      _exit(127);
    }
    children[i] = pid;
  }
  for (std::size_t i = 0; i < commands.size(); ++i) {
    if (children[i] < 0) {
      results[i].output = "cannot start " + commands[i][0] + "\n";
      continue;
    }
    int status = 0;
    while (waitpid(children[i], &status, 0) < 0 && errno == EINTR) {
    }
    results[i].status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    std::ifstream in(scratch + "/run" + std::to_string(i) + ".log", std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    results[i].output = text.str();
    if (results[i].status == 127 && results[i].output.empty())
      results[i].output = "cannot run " + commands[i][0] + "\n";
  }
  return results;
}

}  // namespace ptxlint::cuda
