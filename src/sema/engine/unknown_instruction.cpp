#include "sema/engine/unknown_instruction.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "spec/spec.h"
#include "support/text.h"

namespace ptxlint::sema::engine {
namespace {

using Words = std::vector<std::string_view>;

// The instruction's dotted words: the opcode, then each qualifier without
// its dot. Word i is written by token i (0: the opcode).
Words wordsOf(const ast::Instruction& in) {
  Words words{in.opcode.text};
  for (const ast::Token& q : in.qualifiers) words.push_back(q.text.substr(1));
  return words;
}

const ast::Token& tokenOf(const ast::Instruction& in, std::size_t i) {
  return i == 0 ? in.opcode : in.qualifiers[i - 1];
}

// How far apart two words may be and still be one misspelt for the other.
std::size_t nearEnough(std::string_view word) { return std::max<std::size_t>(2, word.size() / 4); }

// ".arrive" (built a piece at a time: GCC 12 warns wrongly of '+' here, -Wrestrict).
std::string qualifierText(std::string_view word) {
  std::string s(1, '.');
  s += word;
  return s;
}

std::string dotted(const Words& words) {
  std::string s;
  for (std::string_view w : words) {
    if (!s.empty()) s += '.';
    s += w;
  }
  return s;
}

// One edit of the written words that makes them start with an entry's name.
struct Suggestion {
  std::size_t unknown_words = 0;  // words after the name that no block of it takes
  std::size_t cost = 0;           // edit distance of the edit
  std::size_t name_words = 0;
  std::size_t at = 0;  // the first written word the edit touches
  Words corrected;     // every word, the edit applied
  FixIt fix;

  auto rank() const { return std::make_tuple(unknown_words, cost, std::size_t(0) - name_words); }
};

// How many words after the instruction's name no block of that name takes
// as a qualifier value; nullopt when no entry covers the words at all.
std::optional<std::size_t> unknownWords(const Words& words) {
  std::size_t name_words = 0;
  spec::EntryList specs = spec::findInstructionSpecs(words, name_words);
  if (specs.empty()) return std::nullopt;
  std::size_t unknown = 0;
  for (std::size_t i = name_words; i < words.size(); ++i) {
    bool taken = false;
    for (const spec::InstructionSpec* s : specs) {
      for (const spec::QualifierSlot& slot : s->qualifiers) {
        for (std::string_view v : slot.values) {
          if (v.size() == words[i].size() + 1 && v.substr(1) == words[i]) taken = true;
        }
      }
    }
    if (!taken) ++unknown;
  }
  return unknown;
}

bool startsWith(const Words& words, const Words& name) {
  return words.size() >= name.size() && std::equal(name.begin(), name.end(), words.begin());
}

class Suggester {
 public:
  Suggester(const ast::Instruction& in, const Words& words) : in_(in), words_(words) {}

  void tryName(const Words& name) {
    misspelt(name);
    dropped(name);
    extra(name);
    swapped(name);
  }
  // The best edit: the fewest words left that no block takes, then the
  // smallest edit, then the longest name; none when two different
  // corrections rank first together (mbarrier.shared: init? arrive?).
  std::optional<Suggestion> best() const {
    const Suggestion* first = nullptr;
    bool tied = false;
    for (const Suggestion& s : offers_) {
      if (first == nullptr || s.rank() < first->rank()) {
        first = &s;
        tied = false;
      } else if (s.rank() == first->rank() && s.corrected != first->corrected) {
        tied = true;
      }
    }
    if (first == nullptr || tied) return std::nullopt;
    return *first;
  }

 private:
  void offer(const Words& name, std::size_t cost, std::size_t at, Words corrected, FixIt fix) {
    std::optional<std::size_t> unknown = unknownWords(corrected);
    if (!unknown) return;
    offers_.push_back(Suggestion{*unknown, cost, name.size(), at, std::move(corrected), std::move(fix)});
  }

  // One word of the name misspelt (`mbarrier.arive`, `cp.reduce.async.bluk`).
  void misspelt(const Words& name) {
    if (words_.size() < name.size()) return;
    for (std::size_t j = 1; j < name.size(); ++j) {
      Words corrected = words_;
      corrected[j] = name[j];
      if (!startsWith(corrected, name)) continue;
      std::size_t d = support::editDistance(words_[j], name[j]);
      if (d == 0 || d > nearEnough(name[j])) continue;
      offer(name, d, j, corrected, FixIt{tokenOf(in_, j).range, qualifierText(name[j])});
    }
  }

  // A word of the name left out (`cp.cg.shared.global`: cp.async.cg).
  void dropped(const Words& name) {
    for (std::size_t j = 1; j < name.size() && j <= words_.size(); ++j) {
      Words corrected = words_;
      corrected.insert(corrected.begin() + static_cast<std::ptrdiff_t>(j), name[j]);
      if (!startsWith(corrected, name)) continue;
      SourceRange after = tokenOf(in_, j - 1).range;
      offer(name, 1, std::min(j, words_.size() - 1), corrected, FixIt{{after.end, after.end}, qualifierText(name[j])});
    }
  }

  // A word too many inside the name (`mbarrier.try.arrive`).
  void extra(const Words& name) {
    for (std::size_t j = 1; j <= name.size() && j < words_.size(); ++j) {
      Words corrected = words_;
      corrected.erase(corrected.begin() + static_cast<std::ptrdiff_t>(j));
      if (!startsWith(corrected, name)) continue;
      offer(name, 1, j, corrected, FixIt{tokenOf(in_, j).range, ""});
    }
  }

  // Two words of the name in the wrong order (`cp.bulk.async`).
  void swapped(const Words& name) {
    for (std::size_t j = 1; j + 1 < name.size() && j + 1 < words_.size(); ++j) {
      Words corrected = words_;
      std::swap(corrected[j], corrected[j + 1]);
      if (corrected[j] == words_[j] || !startsWith(corrected, name)) continue;
      SourceRange both{tokenOf(in_, j).range.begin, tokenOf(in_, j + 1).range.end};
      offer(name, 1, j, corrected, FixIt{both, qualifierText(corrected[j]) + qualifierText(corrected[j + 1])});
    }
  }

  const ast::Instruction& in_;
  const Words& words_;
  std::vector<Suggestion> offers_;
};

// An opcode no entry has: the closest one that does.
void unknownOpcode(const ast::Instruction& in, std::vector<std::string>& notes, std::optional<FixIt>& fix) {
  std::string_view best = support::closestWord(in.opcode.text, spec::allOpcodes(), nearEnough(in.opcode.text));
  if (!best.empty()) {
    notes.push_back(fmt::format("did you mean '{}'?", best));
    fix = FixIt{in.opcode.range, std::string(best)};
  }
}

// How many of the written words some entry name of the opcode starts with.
std::size_t knownPrefix(const Words& words, const std::vector<Words>& names) {
  std::size_t longest = 1;
  for (const Words& name : names) {
    std::size_t k = 0;
    while (k < name.size() && k < words.size() && name[k] == words[k]) ++k;
    longest = std::max(longest, k);
  }
  return longest;
}

}  // namespace

void reportUnknownInstruction(const ast::Instruction& in, const ModuleContext& context, diag::DiagnosticSink& sink) {
  Words words = wordsOf(in);
  std::vector<Words> names = spec::instructionNames(in.opcode.text);
  std::vector<std::string> notes;
  std::optional<FixIt> fix;
  SourceRange at = in.opcode.range;
  std::string message;
  if (names.empty()) {
    message = fmt::format("unknown instruction '{}'", in.opcode.text);
    unknownOpcode(in, notes, fix);
  } else {
    Suggester suggester(in, words);
    for (const Words& name : names) suggester.tryName(name);
    std::optional<Suggestion> best = suggester.best();
    std::size_t j = knownPrefix(words, names);
    if (best) j = best->at;
    j = std::min(j, words.size() - 1);
    at = tokenOf(in, j).range;
    message =
        fmt::format("unknown instruction '{}': no '{}' instruction is named so",
                    dotted(Words(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(j) + 1)), in.opcode.text);
    if (best) {
      notes.push_back(fmt::format("did you mean '{}'?", dotted(best->corrected)));
      fix = best->fix;
    } else {
      std::vector<std::string> listed;
      for (const Words& name : names) listed.push_back(dotted(name));
      std::sort(listed.begin(), listed.end());
      notes.push_back(fmt::format("'{}' instructions: {}", in.opcode.text, fmt::join(listed, ", ")));
    }
  }
  if (context.declared_newer) {
    notes.push_back(fmt::format("the file declares PTX ISA {}, newer than ptxlint's tables ({}): it may be new there",
                                context.declared_newer->str(), spec::latestVersion().str()));
  }
  Diagnostic& d = sink.report(diag::RuleId::UnknownInstruction, at, std::move(message));
  d.spec_section = "9.7";
  for (std::string& n : notes) diag::DiagnosticSink::addNote(d, std::move(n));
  if (fix) diag::DiagnosticSink::addFixIt(d, fix->range, fix->replacement);
}

}  // namespace ptxlint::sema::engine
