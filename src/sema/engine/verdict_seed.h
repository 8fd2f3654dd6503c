// Verdicts known when ptxlint is built (#27).
//
// A fresh process meets every instruction form of its file for the first
// time, and the first judgement of a form against the tables is most of a
// small file's check (about 8,000 instructions each, in code and tables the
// process has not touched yet). The forms code generators emit repeat from
// file to file: `mov.u32 %r, %tid.x`, `ld.param.u64`, `cvta.to.global.u64`,
// `setp.lt.s32`. So the build judges a training corpus (corpus/seed.txt)
// with the engine it is building (src/sema/seed_verdicts.cpp) and writes
// every clean verdict it kept into the library as constant data
// (build/generated/verdict_seed.cpp), under both its keys: the engine's
// (engine::memoKey) and the symbol pass's for an instruction the parser left
// unbuilt (by its shape's token types, texts and resolved names), so that a
// seeded form is judged without building it. The verdict memo asks the seed
// for a key it has not met in this process.
//
// Every training file is judged in each module context of the training
// list (its .version and .target replaced; 23 contexts), so that a form
// seen in one is known in all where the engine finds it clean: the table
// holds a form once, with a bit per context.
//
// A seeded verdict is exactly what the memo would have kept had the same
// key been judged earlier in this process: the same engine wrote it, a key
// holds everything the engine reads of an instruction and its module's
// context (.version, .target, .address_size, the ptxas release judged
// against), and keys are compared whole, never by hash alone. Only clean
// verdicts are kept, as in the memo (a finding has a position).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace ptxlint::sema::engine {

// One slot of the seed's index (open addressing, linear probing): a form
// is an instruction's key without its module's context (what follows the
// '|'). The slot holds a tag of the form's hash and its size, so that a
// form the seed lacks (most of a file it was not trained on) is turned away
// by this table alone, 8 bytes a slot; and where its record begins. `tag` 0
// marks an empty slot.
struct SeedSlot {
  std::uint16_t tag;     // seedTag(support::hashBytes(form)), never 0
  std::uint16_t size;    // of the form
  std::uint32_t record;  // of its record in VerdictSeed::records
};

// A record: the form's verdicts in each of the seed's contexts, two 32-bit
// words in little-endian order (`clean`: bit c set where a clean verdict was
// kept in contexts[c]; `checked`: that verdict, whether a table covers the
// instruction), then the form's bytes. Records are in the forms' order, so
// an opcode's forms lie together: the few pages a file's forms are found on.
inline constexpr std::size_t kSeedRecordHeader = 8;

struct VerdictSeed {
  const SeedSlot* slots;   // a power of two of them, or none
  std::size_t slot_count;  // 0: no seed (the seeder's own build)
  const char* records;
  std::size_t forms;                 // slots used
  std::size_t verdicts;              // bits set in the `clean` words
  const std::string_view* contexts;  // memo context prefixes, '|' included
  std::size_t context_count;         // at most 32
};

// The slot index and tag of a form's hash: its low bits pick the slot, the
// next sixteen are the tag (one bit set, so that no tag is 0).
inline std::uint16_t seedTag(std::uint64_t hash) { return static_cast<std::uint16_t>((hash >> 16) | 1); }

// What one slot of `seed` holds: its form (empty for an empty slot) and that
// form's verdict words.
struct SeededForm {
  std::string_view form;
  std::uint32_t clean = 0, checked = 0;
};
inline std::uint32_t seedWord(const char* p) {
  const auto* b = reinterpret_cast<const unsigned char*>(p);
  return std::uint32_t{b[0]} | std::uint32_t{b[1]} << 8 | std::uint32_t{b[2]} << 16 | std::uint32_t{b[3]} << 24;
}
inline SeededForm seededFormAt(const VerdictSeed& seed, std::size_t slot) {
  const SeedSlot& s = seed.slots[slot];
  if (s.tag == 0) return {};
  const char* record = seed.records + s.record;
  return {std::string_view(record + kSeedRecordHeader, s.size), seedWord(record), seedWord(record + 4)};
}

// Generated (build/generated/verdict_seed.cpp); the seeder links
// engine/verdict_seed_none.cpp instead.
extern const VerdictSeed kVerdictSeed;

// The seeded verdict of the memo key `key` (its context, '|', the form),
// or nullopt (engine/verdict_cache.cpp).
std::optional<bool> seededVerdict(std::string_view key);

}  // namespace ptxlint::sema::engine
