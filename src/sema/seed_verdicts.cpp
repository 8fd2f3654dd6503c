// The verdict seeder, run by the build (sema/engine/verdict_seed.h): checks
// every file of a training list with the engine being built (linked without
// a seed) and writes the clean verdicts it kept, under their memo keys, as
// constant data. The file is written only when its text changes.
//
//   ptxlint-seed-verdicts OUTPUT.cpp LIST
//
// LIST names one PTX file a line, relative to the list's folder ('#' starts
// a comment). A file that cannot be read stops the seeder: a seed quietly
// smaller than its list would only be found slower.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "ptxlint/ptxlint.hpp"
#include "sema/engine/verdict_cache.h"
#include "sema/engine/verdict_seed.h"
#include "support/front_cache.h"
#include "support/generated_file.h"
#include "support/text.h"

namespace {

// Longer keys (calls with long argument lists, mostly) are rarely met twice.
constexpr std::size_t kLongestKey = 512;

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool readFile(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream all;
  all << in.rdbuf();
  text = all.str();
  return true;
}

// `bytes` as C++ string literals of about 96 source characters each, every
// byte that is not plain printable ASCII as a three-digit octal escape.
std::string literal(std::string_view bytes) {
  std::string out = "\"";
  std::size_t line = 0;
  for (char c : bytes) {
    auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '"' && c != '\\' && c != '?') {
      out += c;
      ++line;
    } else {
      char escaped[5];
      std::snprintf(escaped, sizeof escaped, "\\%03o", u);
      out += escaped;
      line += 4;
    }
    if (line >= 96) {
      out += "\"\n    \"";
      line = 0;
    }
  }
  return out + "\"";
}

// Where a module's .version and .target directives give their values: from
// the first non-blank after the directive's name to the end of its line or
// a comment. `found` when both are there, .version first.
struct Header {
  std::size_t version_at = 0, version_end = 0, target_at = 0, target_end = 0;
  bool found = false;
};

Header headerOf(std::string_view text) {
  Header h;
  bool version = false, target = false;
  std::size_t line = 0;
  while (line < text.size() && !(version && target)) {
    std::size_t end = text.find('\n', line);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(line, end - line);
    std::size_t at = l.find_first_not_of(" \t");
    auto value = [&](std::size_t name, std::size_t& from, std::size_t& to) {
      std::size_t v = l.find_first_not_of(" \t", at + name);
      std::size_t stop = std::min(l.find("//"), l.size());
      if (v == std::string_view::npos || v >= stop) return false;
      while (stop > v && (l[stop - 1] == ' ' || l[stop - 1] == '\t' || l[stop - 1] == '\r')) --stop;
      from = line + v;
      to = line + stop;
      return true;
    };
    if (at != std::string_view::npos && !version && l.substr(at, 9) == ".version ") {
      version = value(8, h.version_at, h.version_end);
    } else if (at != std::string_view::npos && version && !target && l.substr(at, 8) == ".target ") {
      target = value(7, h.target_at, h.target_end);
    }
    line = end + 1;
  }
  h.found = version && target;
  return h;
}

struct TrainingFile {
  std::string name, text;
  Header header;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: ptxlint-seed-verdicts OUTPUT.cpp LIST\n";
    return 2;
  }
  const std::string list_path = argv[2];
  const std::string folder =
      list_path.find('/') == std::string::npos ? std::string(".") : list_path.substr(0, list_path.rfind('/'));
  std::string list;
  if (!readFile(list_path, list)) {
    std::cerr << "ptxlint-seed-verdicts: cannot read " << list_path << "\n";
    return 1;
  }
  std::vector<TrainingFile> files;
  std::istringstream lines(list);
  for (std::string line; std::getline(lines, line);) {
    line = std::string(trimmed(std::string_view(line).substr(0, line.find('#'))));
    if (line.empty()) continue;
    TrainingFile file{line, {}, {}};
    if (!readFile(folder + "/" + line, file.text)) {
      std::cerr << "ptxlint-seed-verdicts: " << list_path << ": cannot read " << line << "\n";
      return 1;
    }
    file.header = headerOf(file.text);
    files.push_back(std::move(file));
  }

  // Every file as it is, then in every other .version/.target pair of the
  // list: a form met in one context is judged in all (where it is clean
  // there, it is seeded there). The contexts seeded are the files' own (the
  // module contexts real files have: a file without .address_size, moved to
  // a newer pair, has a context no file of the list has).
  std::set<std::pair<std::string, std::string>> pairs;
  for (const TrainingFile& f : files) {
    if (!f.header.found) continue;
    const Header& h = f.header;
    pairs.emplace(f.text.substr(h.version_at, h.version_end - h.version_at),
                  f.text.substr(h.target_at, h.target_end - h.target_at));
  }
  ptxlint::support::checkOnOneThread();  // every verdict in the one table forEachKeptVerdict reads
  std::map<std::string, std::map<std::string, bool>> by_form;  // form -> context -> checked
  std::set<std::string> own_contexts;
  auto harvest = [&](bool own) {
    ptxlint::sema::engine::forEachKeptVerdict([&](std::string_view key, bool checked) {
      std::size_t bar = key.find('|');
      if (key.size() > kLongestKey || bar == std::string_view::npos) return;
      std::string context(key.substr(0, bar + 1));
      if (own) own_contexts.insert(context);
      by_form[std::string(key.substr(bar + 1))].emplace(context, checked);
    });
    ptxlint::sema::engine::forgetKeptVerdicts();  // (the table is bounded: one pass at a time)
  };
  for (const TrainingFile& f : files) ptxlint::lint(f.text);
  harvest(true);
  for (const auto& [version, target] : pairs) {
    for (const TrainingFile& f : files) {
      const Header& h = f.header;
      if (!h.found || (f.text.compare(h.version_at, h.version_end - h.version_at, version) == 0 &&
                       f.text.compare(h.target_at, h.target_end - h.target_at, target) == 0)) {
        continue;
      }
      std::string text = f.text.substr(0, h.version_at) + version +
                         f.text.substr(h.version_end, h.target_at - h.version_end) + target +
                         f.text.substr(h.target_end);
      ptxlint::lint(text);
    }
    harvest(false);
  }
  if (own_contexts.size() > 32) {  // (a bit each)
    std::cerr << "ptxlint-seed-verdicts: the list has " << own_contexts.size()
              << " module contexts; the seed holds at most 32\n";
    return 1;
  }
  const std::vector<std::string> contexts(own_contexts.begin(), own_contexts.end());
  auto contextIndex = [&](const std::string& c) {
    auto it = std::lower_bound(contexts.begin(), contexts.end(), c);
    return it != contexts.end() && *it == c ? static_cast<int>(it - contexts.begin()) : -1;
  };

  struct Form {
    std::string key;
    std::uint32_t clean = 0, checked = 0;
  };
  std::vector<Form> forms;
  std::size_t verdicts = 0;
  for (const auto& [form, in_contexts] : by_form) {
    Form f{form, 0, 0};
    for (const auto& [context, checked] : in_contexts) {
      int index = contextIndex(context);
      if (index < 0) continue;
      f.clean |= std::uint32_t{1} << index;
      if (checked) f.checked |= std::uint32_t{1} << index;
      ++verdicts;
    }
    if (f.clean != 0) forms.push_back(std::move(f));
  }

  // Open addressing, linear probing, at most five eighths full; the records
  // in the forms' order (by_form's).
  std::size_t slot_count = 16;
  while (slot_count * 5 < forms.size() * 8) slot_count *= 2;
  std::vector<ptxlint::sema::engine::SeedSlot> slots(slot_count, ptxlint::sema::engine::SeedSlot{0, 0, 0});
  std::string records;
  auto word = [&](std::uint32_t w) {
    for (int b = 0; b < 4; ++b) records += static_cast<char>((w >> (8 * b)) & 0xFF);
  };
  for (const Form& f : forms) {
    if (records.size() > UINT32_MAX - f.key.size() - ptxlint::sema::engine::kSeedRecordHeader) {
      std::cerr << "ptxlint-seed-verdicts: the records pass 4 GiB\n";
      return 1;
    }
    std::uint64_t hash = ptxlint::support::hashBytes(f.key);
    std::size_t i = hash & (slot_count - 1);
    while (slots[i].tag != 0) i = (i + 1) & (slot_count - 1);
    slots[i] = {ptxlint::sema::engine::seedTag(hash), static_cast<std::uint16_t>(f.key.size()),
                static_cast<std::uint32_t>(records.size())};
    word(f.clean);
    word(f.checked);
    records += f.key;
  }

  std::string text;
  text += "// Generated by ptxlint-seed-verdicts from " + std::to_string(files.size()) + " files in " +
          std::to_string(pairs.size()) + " .version/.target pairs: " + std::to_string(forms.size()) + " forms, " +
          std::to_string(verdicts) + " verdicts in " + std::to_string(contexts.size()) +
          " contexts (src/sema/engine/verdict_seed.h). Do not edit.\n";
  text += "#include \"sema/engine/verdict_seed.h\"\n\nnamespace ptxlint::sema::engine {\nnamespace {\n\n";
  // The table goes after the code, with the other tables' read-only data
  // (.data.rel.ro, made read-only at start-up), not into .rodata before
  // it: a megabyte ahead of the code moved the hot text's start and cost an
  // empty module 7 more page faults of code (66 against 59; 61 here).
  const std::string section = "[[gnu::section(\".data.rel.ro.ptxlint_seed\")]] ";
  text += "constexpr std::string_view kContexts[] = {\n";
  for (const std::string& c : contexts) text += "    " + literal(c) + ",\n";
  text += "};\n\n";
  text += section + "constexpr char kRecords[] =\n    " + literal(records) + ";\n\n";
  text += section + "constexpr SeedSlot kSlots[" + std::to_string(slot_count) + "] = {\n";
  for (const auto& slot : slots) {
    if (slot.tag == 0) {
      text += "    {},\n";
      continue;
    }
    text += "    {" + std::to_string(slot.tag) + ", " + std::to_string(slot.size) + ", " + std::to_string(slot.record) +
            "u},\n";
  }
  text += "};\n\n}  // namespace\n\n";
  text += "constinit const VerdictSeed kVerdictSeed{kSlots, " + std::to_string(slot_count) + ", kRecords, " +
          std::to_string(forms.size()) + ", " + std::to_string(verdicts) + ", kContexts, " +
          std::to_string(contexts.size()) + "};\n\n}  // namespace ptxlint::sema::engine\n";

  if (!ptxlint::support::writeIfChanged(argv[1], text)) {
    std::cerr << "ptxlint-seed-verdicts: cannot write " << argv[1] << "\n";
    return 1;
  }
  return 0;
}
