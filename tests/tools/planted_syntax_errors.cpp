// Semantic checks go on past syntax errors (issue #28). For every input
// file, syntax errors are planted one at a time at fixed places (a dropped
// ';', a stray ')' inside an instruction, a broken .reg line, the ')' that
// closes a function's parameters removed), and each planted text must give:
//  - a syntax error (PL1xxx) on the planted line, or on the line before or
//    after it;
//  - outside the region the error hides (the planted statement, or the
//    whole function for a broken header), exactly the semantic findings of
//    the unplanted file (for a corpus file: none);
//  - the same findings checked whole and chunk by chunk.
//
//   planted_syntax_errors [--exact] PATH...   exit 0 when all hold, 1 otherwise
#include <cctype>
#include <cstdio>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "input_files.h"
#include "ptxlint/ptxlint.hpp"

namespace {

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string joinLines(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

std::string trimmed(const std::string& s) {
  std::size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// An instruction line: in a body, starts with a letter or '@', ends with ';',
// no comment.
bool isInstructionLine(const std::string& line) {
  std::string t = trimmed(line);
  return !t.empty() && (std::isalpha(static_cast<unsigned char>(t[0])) || t[0] == '@') && t.back() == ';' &&
         t.find("//") == std::string::npos && t.find(',') != std::string::npos && t.find(':') == std::string::npos;
}

struct Plant {
  std::string kind;
  std::size_t line;        // 0-based
  std::size_t region_end;  // last line (0-based) whose findings may change
  std::vector<std::string> lines;
};

// Semantic findings (not PL1xxx) as "line code message", lines outside
// [from, to] (1-based).
std::multiset<std::string> semantic(const ptxlint::Result& r, std::size_t from, std::size_t to) {
  std::multiset<std::string> out;
  for (const ptxlint::Diagnostic& d : r.diagnostics) {
    if (d.code.substr(0, 3) == "PL1" || d.code == "PL9002") continue;
    if (d.begin.line >= from && d.begin.line <= to) continue;
    out.insert(std::to_string(d.begin.line) + " " + std::string(d.code) + " " + d.message);
  }
  return out;
}

std::vector<Plant> plants(const std::vector<std::string>& lines) {
  std::vector<Plant> out;
  std::vector<std::size_t> instructions, regs, closers;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string t = trimmed(lines[i]);
    if (isInstructionLine(lines[i])) instructions.push_back(i);
    if (t.rfind(".reg ", 0) == 0 && t.back() == ';' && t.find('>') != std::string::npos) regs.push_back(i);
    if (t == ")") closers.push_back(i);
  }
  auto picks = [](const std::vector<std::size_t>& v) {
    std::vector<std::size_t> p;
    if (!v.empty()) p.push_back(v.front());
    if (v.size() > 2) p.push_back(v[v.size() / 2]);
    if (v.size() > 1) p.push_back(v.back());
    return p;
  };
  for (std::size_t i : picks(instructions)) {
    Plant dropped{"dropped ';'", i, i + 1, lines};
    std::string& l = dropped.lines[i];
    l.erase(l.rfind(';'), 1);
    out.push_back(dropped);
    Plant garbage{"garbage token", i, i, lines};
    std::string& g = garbage.lines[i];
    g.insert(g.find(',') + 1, " )");
    out.push_back(garbage);
  }
  for (std::size_t i : picks(regs)) {
    Plant reg{"broken .reg", i, i, lines};
    std::string& l = reg.lines[i];
    l.insert(l.rfind('>') + 1, ">");
    out.push_back(reg);
  }
  for (std::size_t i : picks(closers)) {
    // The function's parameter list left open: the function is lost, to
    // its closing '}' at the start of a line.
    std::size_t end = i;
    while (end + 1 < lines.size() && lines[end].rfind("}", 0) != 0) ++end;
    Plant open{"unclosed '('", i, end, lines};
    open.lines[i] = "";
    out.push_back(open);
  }
  return out;
}

bool exact = false;

bool samePlantedFindings(const std::string& name, const ptxlint::Result& original, const Plant& p,
                         const std::string& text) {
  ptxlint::Options streamed;
  ptxlint::Result planted = ptxlint::lint(text, streamed);
  bool ok = true;
  auto fail = [&](const std::string& why) {
    std::fprintf(stderr, "%s: %s at line %zu: %s\n", name.c_str(), p.kind.c_str(), p.line + 1, why.c_str());
    ok = false;
  };
  bool syntax = false;
  for (const ptxlint::Diagnostic& d : planted.diagnostics) {
    // On the planted line, or at the end of the line before it (a ')'
    // removed: "expected ';'" after the last parameter), or the next line.
    if (d.code.substr(0, 3) == "PL1" && d.begin.line >= p.line && d.begin.line <= p.line + 2) syntax = true;
  }
  if (!syntax) fail("no syntax error on the planted line");
  // No finding the unplanted file lacks (no cascade). With --exact (the
  // corpus, whose files have none) the findings must be the same; a golden
  // file may lose findings that were about what the broken line declared
  // (a register's type, now unknown).
  std::multiset<std::string> now = semantic(planted, p.line + 1, p.region_end + 1);
  std::multiset<std::string> before = semantic(original, p.line + 1, p.region_end + 1);
  for (const std::string& s : now) {
    if (before.count(s) < now.count(s)) fail("new finding: " + s);
  }
  if (exact && now != before) {
    for (const std::string& s : before) fail("lost finding: " + s);
  }
  ptxlint::Options whole;
  whole.streaming = false;
  whole.memoize_checks = false;
  ptxlint::Options pieces;
  pieces.chunk_bytes = 256;
  for (const ptxlint::Options& o : {whole, pieces}) {
    if (semantic(ptxlint::lint(text, o), 0, 0) != semantic(planted, 0, 0)) fail("another parse mode differs");
  }
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t files = 0, planted = 0, failed = 0;
  if (argc > 1 && std::string(argv[1]) == "--exact") {
    exact = true;
    --argc;
    ++argv;
  }
  ptxlint::testing::forEachInputFile(argc, argv, [&](const std::filesystem::path& path, const std::string& text) {
    if (path.extension() != ".ptx") return;
    ++files;
    std::vector<std::string> lines = splitLines(text);
    ptxlint::Result original = ptxlint::lint(joinLines(lines), ptxlint::Options{});
    for (const Plant& p : plants(lines)) {
      ++planted;
      if (!samePlantedFindings(path.string(), original, p, joinLines(p.lines))) ++failed;
    }
  });
  std::printf("%zu files, %zu planted syntax errors, %zu failed\n", files, planted, failed);
  return failed == 0 && planted > 0 ? 0 : 1;
}
