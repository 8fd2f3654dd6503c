// The user's CUDA compiler, asked for the PTX of a translation unit once per
// GPU target: nvcc `-ptx -lineinfo`, clang `--cuda-device-only -S
// -gline-tables-only` (both give the PTX .file/.loc directives).
#pragma once

#include <string>
#include <vector>

namespace ptxlint::cuda {

enum class CompilerKind { Nvcc, Clang };

struct Compiler {
  std::string path;
  CompilerKind kind = CompilerKind::Nvcc;
};

// nvcc or clang by the program's name; false for anything else.
bool compilerKindOf(const std::string& path, CompilerKind& kind);

// nvcc on PATH, else $CUDA_HOME/bin/nvcc; empty when there is none.
std::string findNvcc();

// The arguments of a build command (without the compiler) made into those
// that print the device code's PTX: the output, dependency and compile-only
// options and the source file removed, the GPU targets taken out.
struct DeviceCommand {
  std::vector<std::string> arguments;  // without source, output and targets
  std::vector<std::string> targets;    // "sm_90a", in the command's order; empty: the compiler's default
  bool has_debug_info = false;         // -G / -g given: no -lineinfo needed
};
DeviceCommand deviceCommandOf(CompilerKind kind, const std::vector<std::string>& arguments, const std::string& source);

// The full command line for one target ("" = the compiler's default).
std::vector<std::string> ptxCommand(const Compiler& compiler, const DeviceCommand& command, const std::string& source,
                                    const std::string& target, const std::string& output);

// One compiler run: exit status and what it printed (stdout and stderr).
struct RunResult {
  int status = -1;
  std::string output;
};

// Runs the commands at once in `directory`, each to completion.
std::vector<RunResult> runAll(const std::vector<std::vector<std::string>>& commands, const std::string& directory,
                              const std::string& scratch);

}  // namespace ptxlint::cuda
