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

// One slot of the seed's open-addressing table (linear probing): an
// instruction's key without its module's context (what follows the '|'),
// and its verdicts in each of the seed's contexts. `size` 0 marks an empty
// slot.
struct SeedSlot {
  std::uint32_t hash;     // the low half of support::hashBytes(form)
  std::uint32_t offset;   // of the form in VerdictSeed::key_bytes
  std::uint16_t size;     // of the form
  std::uint32_t clean;    // bit c: a clean verdict was kept in contexts[c]
  std::uint32_t checked;  // bit c: that verdict (whether a table covers the instruction)
};

struct VerdictSeed {
  const SeedSlot* slots;   // a power of two of them, or none
  std::size_t slot_count;  // 0: no seed (the seeder's own build)
  const char* key_bytes;
  std::size_t forms;                 // slots used
  std::size_t verdicts;              // bits set in `clean`
  const std::string_view* contexts;  // memo context prefixes, '|' included
  std::size_t context_count;         // at most 32
};

// Generated (build/generated/verdict_seed.cpp); the seeder links
// engine/verdict_seed_none.cpp instead.
extern const VerdictSeed kVerdictSeed;

// The seeded verdict of the memo key `key` (its context, '|', the form),
// or nullopt (engine/verdict_cache.cpp).
std::optional<bool> seededVerdict(std::string_view key);

}  // namespace ptxlint::sema::engine
