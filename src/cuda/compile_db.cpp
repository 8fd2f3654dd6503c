#include "cuda/compile_db.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <variant>

namespace ptxlint::cuda {
namespace {

namespace fs = std::filesystem;

// The JSON a compile database is made of: objects, arrays, strings; numbers
// and literals are read and ignored.
struct Json {
  std::variant<std::monostate, std::string, std::vector<Json>, std::map<std::string, Json>> value;
  const std::string* string() const { return std::get_if<std::string>(&value); }
  const std::vector<Json>* array() const { return std::get_if<std::vector<Json>>(&value); }
  const Json* member(const std::string& name) const {
    auto* object = std::get_if<std::map<std::string, Json>>(&value);
    if (!object) return nullptr;
    auto it = object->find(name);
    return it == object->end() ? nullptr : &it->second;
  }
};

class JsonReader {
 public:
  explicit JsonReader(std::string_view text) : text_(text) {}

  bool document(Json& out) {
    if (!value(out, 0)) return false;
    blanks();
    return at_ == text_.size();
  }
  std::size_t offset() const { return at_; }

 private:
  void blanks() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) {
      ++at_;
    }
  }
  bool take(char c) {
    blanks();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }

  bool value(Json& out, int depth) {
    blanks();
    if (at_ >= text_.size() || depth > 64) return false;
    char c = text_[at_];
    if (c == '"') {
      std::string s;
      if (!string(s)) return false;
      out.value = std::move(s);
      return true;
    }
    if (c == '[') return array(out, depth);
    if (c == '{') return object(out, depth);
    // A number, true, false or null: skipped.
    std::size_t start = at_;
    while (at_ < text_.size() && std::string_view("{}[],: \t\r\n\"").find(text_[at_]) == std::string_view::npos) ++at_;
    return at_ > start;
  }

  bool array(Json& out, int depth) {
    ++at_;
    std::vector<Json> items;
    if (!take(']')) {
      do {
        if (!value(items.emplace_back(), depth + 1)) return false;
      } while (take(','));
      if (!take(']')) return false;
    }
    out.value = std::move(items);
    return true;
  }

  bool object(Json& out, int depth) {
    ++at_;
    std::map<std::string, Json> members;
    if (!take('}')) {
      do {
        blanks();
        std::string name;
        if (!string(name) || !take(':') || !value(members[name], depth + 1)) return false;
      } while (take(','));
      if (!take('}')) return false;
    }
    out.value = std::move(members);
    return true;
  }

  bool string(std::string& out) {
    if (at_ >= text_.size() || text_[at_] != '"') return false;
    for (++at_; at_ < text_.size(); ++at_) {
      char c = text_[at_];
      if (c == '"') {
        ++at_;
        return true;
      }
      if (c != '\\') {
        out += c;
        continue;
      }
      if (++at_ >= text_.size()) return false;
      switch (text_[at_]) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          if (at_ + 4 >= text_.size()) return false;
          unsigned code = static_cast<unsigned>(std::stoul(std::string(text_.substr(at_ + 1, 4)), nullptr, 16));
          at_ += 4;
          if (code < 0x80) {
            out += static_cast<char>(code);
          } else if (code < 0x800) {
            out += static_cast<char>(0xC0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3F));
          } else {
            out += static_cast<char>(0xE0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
          }
          break;
        }
        default: out += text_[at_];
      }
    }
    return false;
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace

std::string absolutePath(const std::string& path, const std::string& base) {
  fs::path p(path);
  if (p.is_relative()) p = (base.empty() ? fs::current_path() : fs::path(base)) / p;
  return p.lexically_normal().string();
}

std::vector<std::string> splitCommandLine(std::string_view line) {
  std::vector<std::string> out;
  std::string current;
  bool in_word = false;
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quote == '\'') {
      if (c == '\'')
        quote = 0;
      else
        current += c;
    } else if (c == '\\' && i + 1 < line.size() &&
               (quote == 0 || std::string_view("\"\\$`").find(line[i + 1]) != std::string_view::npos)) {
      current += line[++i];
      in_word = true;
    } else if (quote == '"') {
      if (c == '"')
        quote = 0;
      else
        current += c;
    } else if (c == '"' || c == '\'') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) out.push_back(std::move(current));
      current.clear();
      in_word = false;
    } else {
      current += c;
      in_word = true;
    }
  }
  if (in_word) out.push_back(std::move(current));
  return out;
}

std::optional<CompileDatabase> CompileDatabase::load(const std::string& build_dir, std::string& error) {
  std::string path = (fs::path(build_dir) / "compile_commands.json").string();
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read " + path;
    return std::nullopt;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  Json root;
  JsonReader reader(text);
  if (!reader.document(root) || !root.array()) {
    error = path + ": not a JSON array of compile commands (at byte " + std::to_string(reader.offset()) + ")";
    return std::nullopt;
  }
  CompileDatabase db;
  db.path_ = path;
  for (const Json& entry : *root.array()) {
    const Json* directory = entry.member("directory");
    const Json* file = entry.member("file");
    if (!directory || !directory->string() || !file || !file->string()) continue;
    CompileCommand command;
    command.directory = absolutePath(*directory->string(), fs::path(path).parent_path().string());
    command.file = absolutePath(*file->string(), command.directory);
    if (const Json* arguments = entry.member("arguments"); arguments && arguments->array()) {
      for (const Json& a : *arguments->array()) {
        if (a.string()) command.arguments.push_back(*a.string());
      }
    } else if (const Json* line = entry.member("command"); line && line->string()) {
      command.arguments = splitCommandLine(*line->string());
    }
    if (!command.arguments.empty()) db.commands_.push_back(std::move(command));
  }
  return db;
}

std::optional<CompileDatabase> CompileDatabase::findFor(const std::string& file, std::string& error) {
  fs::path dir = fs::path(absolutePath(file)).parent_path();
  for (;;) {
    for (const fs::path& candidate : {dir, dir / "build"}) {
      std::error_code ec;
      if (fs::exists(candidate / "compile_commands.json", ec)) return load(candidate.string(), error);
    }
    if (dir == dir.root_path() || dir.empty()) return std::nullopt;
    dir = dir.parent_path();
  }
}

const CompileCommand* CompileDatabase::commandFor(const std::string& absolute_file) const {
  for (const CompileCommand& c : commands_) {
    if (c.file == absolute_file) return &c;
  }
  std::error_code ec;
  for (const CompileCommand& c : commands_) {  // through symbolic links
    if (fs::equivalent(c.file, absolute_file, ec)) return &c;
  }
  return nullptr;
}

}  // namespace ptxlint::cuda
