#include "cli/compat.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "ptxlint/ptxlint.hpp"
#include "spec/deviations.h"

extern char** environ;

namespace ptxlint::cli {
namespace {

bool executable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// "release 13.0" or "V13.0.88" in the text -> "13.0".
std::optional<std::string> releaseIn(std::string_view text) {
  for (std::string_view marker : {"release ", " V"}) {
    for (std::size_t at = text.find(marker); at != std::string_view::npos; at = text.find(marker, at + 1)) {
      std::size_t i = at + marker.size(), start = i;
      int dots = 0;
      while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || (text[i] == '.' && dots == 0))) {
        dots += text[i] == '.';
        ++i;
      }
      if (dots == 1 && i > start + 2 && std::isdigit(static_cast<unsigned char>(text[i - 1]))) {
        return std::string(text.substr(start, i - start));
      }
    }
  }
  return std::nullopt;
}

// Text for a markdown table cell: '|' would end the cell.
std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::string findPtxas() {
  if (const char* env = std::getenv("PTXLINT_PTXAS"); env != nullptr && *env != 0) return env;
  const char* path = std::getenv("PATH");
  std::string_view dirs = path != nullptr ? path : "";
  while (!dirs.empty()) {
    std::size_t colon = dirs.find(':');
    std::string dir(dirs.substr(0, colon));
    std::string candidate = (dir.empty() ? "." : dir) + "/ptxas";
    if (executable(candidate)) return candidate;
    if (colon == std::string_view::npos) break;
    dirs.remove_prefix(colon + 1);
  }
  return {};
}

std::optional<std::string> ptxasRelease(const std::string& path, std::string& error) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    error = "cannot make a pipe";
    return std::nullopt;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
  std::string arg0 = path, arg1 = "--version";
  char* argv[] = {arg0.data(), arg1.data(), nullptr};
  pid_t pid = 0;
  int rc = ::posix_spawn(&pid, path.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  std::string out;
  if (rc == 0) {
    char buffer[4096];
    for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) != 0;) {
      if (n < 0) {
        if (errno == EINTR) continue;
        break;
      }
      if (out.size() < (1 << 20)) out.append(buffer, static_cast<std::size_t>(n));
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  ::close(fds[0]);
  if (rc != 0) {
    error = fmt::format("cannot run '{}': {}", path, std::strerror(rc));
    return std::nullopt;
  }
  std::optional<std::string> release = releaseIn(out);
  if (!release) error = fmt::format("'{} --version' names no release (\"{}\")", path, out.substr(0, 120));
  return release;
}

std::optional<std::string> resolveCompat(std::string_view value, std::string& error) {
  if (value == "manual") return std::string();
  std::string compat(value);
  if (value == "ptxas") {
    std::string ptxas = findPtxas();
    if (ptxas.empty()) {
      error = "--compat=ptxas: no ptxas on PATH (or set PTXLINT_PTXAS)";
      return std::nullopt;
    }
    std::optional<std::string> release = ptxasRelease(ptxas, error);
    if (!release) return std::nullopt;
    compat = "ptxas-" + *release;
  }
  if (!compat.starts_with("ptxas-") || !compatKnown(compat)) {
    std::string known;
    for (const spec::PtxasRelease& r : spec::ptxasReleases()) known += fmt::format(" ptxas-{}", r.version);
    error = fmt::format("--compat: ptxlint knows the verdicts of manual,{} (and ptxas, the one on PATH), not '{}'",
                        known, compat);
    return std::nullopt;
  }
  return compat;
}

std::string listDeviations(std::string_view format) {
  std::string out;
  if (format != "markdown") {
    for (const spec::Deviation& d : spec::deviations()) {
      bool stricter = d.direction == spec::DeviationDirection::PtxasStricter;
      out += fmt::format("{}\t{}\t{}\t{}\t{}\tptxas {}\t{}\t{}\n", d.id, d.family, d.mnemonic, d.form,
                         stricter ? "ptxas-stricter" : "ptxas-laxer", d.ptxas_versions, d.section, d.golden);
    }
    return out;
  }
  // README's section: a table per family, in the order of first appearance.
  std::vector<std::string_view> families;
  std::map<std::string_view, std::vector<const spec::Deviation*>> by_family;
  for (const spec::Deviation& d : spec::deviations()) {
    if (by_family[d.family].empty()) families.push_back(d.family);
    by_family[d.family].push_back(&d);
  }
  out += "## The manual and ptxas\n\n";
  out +=
      "ptxlint judges by the PTX ISA manual. Where a ptxas release is known to disagree, the place is an entry of\n"
      "one table (src/spec/deviations.cpp): by default a form ptxas rejects and the manual allows gets a warning\n"
      "(PL5001, with a fix-it where the manual has a default to write out), and a form ptxas accepts and the\n"
      "manual forbids keeps the manual's error with a note. `--compat=ptxas-13.0` (or `--compat=ptxas`, the\n"
      "release on PATH) gives that release's verdict instead: the first kind are errors, the second warnings,\n"
      "and a .version or .target it lacks is an error (PL5002). `ptxlint --list-deviations=markdown` prints\n"
      "this section.\n";
  for (std::string_view family : families) {
    out += fmt::format("\n### {}\n\n| form | ptxas | holds for | ptxas says | the manual |\n|---|---|---|---|---|\n",
                       family);
    for (const spec::Deviation* d : by_family[family]) {
      std::string mnemonic = d->mnemonic == "*" ? "any instruction" : std::string(d->mnemonic);
      for (std::size_t bar; (bar = mnemonic.find('|')) != std::string::npos;) mnemonic.replace(bar, 1, ", ");
      bool stricter = d->direction == spec::DeviationDirection::PtxasStricter;
      out += fmt::format("| `{}`: {} | {} | {} | {} | {}: {} |\n", mnemonic, cell(d->form),
                         stricter ? "rejects (stricter)" : "accepts (laxer)", d->ptxas_versions,
                         d->ptxas_message.empty() ? "(accepts)" : cell(d->ptxas_message), d->section, cell(d->manual));
    }
  }
  return out;
}

}  // namespace ptxlint::cli
