// compile_commands.json (the clang-tidy convention): the command that builds
// each translation unit, and where to find the database.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ptxlint::cuda {

struct CompileCommand {
  std::string directory;               // where the command runs
  std::string file;                    // the translation unit, absolute
  std::vector<std::string> arguments;  // arguments[0] is the compiler
};

class CompileDatabase {
 public:
  // Reads BUILD_DIR/compile_commands.json; an error message on failure.
  static std::optional<CompileDatabase> load(const std::string& build_dir, std::string& error);
  // The database of the nearest directory above `file` holding a
  // compile_commands.json (or a build/compile_commands.json), as clang-tidy
  // looks for one when no -p is given.
  static std::optional<CompileDatabase> findFor(const std::string& file, std::string& error);

  const CompileCommand* commandFor(const std::string& absolute_file) const;
  const std::vector<CompileCommand>& commands() const { return commands_; }
  const std::string& path() const { return path_; }

 private:
  std::vector<CompileCommand> commands_;
  std::string path_;
};

// Splits a shell command line ("command" entries) into arguments: blanks
// separate, quotes group, a backslash escapes the next character.
std::vector<std::string> splitCommandLine(std::string_view line);

// An absolute, normalized path ("." and ".." resolved lexically).
std::string absolutePath(const std::string& path, const std::string& base = {});

}  // namespace ptxlint::cuda
