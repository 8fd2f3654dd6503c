// Writing a file the build generates (the frozen tables, the verdict seed):
// only when its text changes, so that an unchanged table does not make the
// build compile the library again.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace ptxlint::support {

// Whether `path` holds `text` afterwards (left untouched when it already
// did); false when it could not be written.
inline bool writeIfChanged(const std::string& path, std::string_view text) {
  {
    std::ifstream old(path, std::ios::binary);
    std::stringstream was;
    was << old.rdbuf();
    if (old && was.str() == text) return true;
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return static_cast<bool>(out.flush());
}

}  // namespace ptxlint::support
