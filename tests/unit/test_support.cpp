// The containers and caches the fast path is built on (src/support,
// src/ast/ast.h's ExprArena): what they promise beyond their speed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <deque>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "sema/register_names.h"
#include "support/front_cache.h"
#include "support/name_index.h"
#include "support/small_vector.h"
#include "support/text.h"

using ptxlint::support::FrontCache;
using ptxlint::support::hashBytes;
using ptxlint::support::SmallVector;

TEST_CASE("SmallVector keeps N elements inline and grows past them", "[support]") {
  SmallVector<std::string, 2> v;
  v.push_back("a");
  v.emplace_back("b");
  CHECK(v.capacity() == 2);  // still inline
  const std::string* inline_data = v.data();
  v.push_back(std::string(40, 'c'));  // past N: on the heap, elements moved
  CHECK(v.size() == 3);
  CHECK(v.data() != inline_data);
  CHECK(v[0] == "a");
  CHECK(v[1] == "b");
  CHECK(v.back() == std::string(40, 'c'));
  // An element of the vector itself as the new value, at the growth point.
  SmallVector<std::string, 1> self;
  self.push_back(std::string(30, 'x'));
  self.push_back(self[0]);
  REQUIRE(self.size() == 2);
  CHECK(self[1] == std::string(30, 'x'));
}

TEST_CASE("SmallVector copies and moves, inline and on the heap", "[support]") {
  SmallVector<std::string, 2> small{"p", "q"};
  SmallVector<std::string, 2> large{"1", "2", "3", "4"};
  SmallVector<std::string, 2> small_copy = small;
  SmallVector<std::string, 2> large_copy = large;
  CHECK(small_copy == small);
  CHECK(large_copy == large);

  SmallVector<std::string, 2> moved_small = std::move(small_copy);
  SmallVector<std::string, 2> moved_large = std::move(large_copy);
  CHECK(moved_small == small);
  CHECK(moved_large == large);
  CHECK(small_copy.empty());  // NOLINT: moved-from is specified empty here
  CHECK(large_copy.empty());  // NOLINT

  moved_small = moved_large;  // inline <- heap
  CHECK(moved_small == large);
  moved_large = small;  // heap <- inline
  CHECK(moved_large == small);
  moved_large.clear();
  CHECK(moved_large.empty());
  moved_large.push_back("again");
  CHECK(moved_large.at(0) == "again");
  CHECK_THROWS_AS(moved_large.at(1), std::out_of_range);
}

TEST_CASE("FrontCache finds what was put, keeps colliding keys apart, and starts over when full", "[support]") {
  FrontCache<int, 4> cache;
  CHECK(cache.find(hashBytes("a"), "a") == nullptr);
  cache.put(hashBytes("a"), "a", 1);
  REQUIRE(cache.find(hashBytes("a"), "a") != nullptr);
  CHECK(*cache.find(hashBytes("a"), "a") == 1);
  // A key kept keeps its value.
  cache.put(hashBytes("a"), "a", 2);
  CHECK(*cache.find(hashBytes("a"), "a") == 1);
  // Same hash, other text: both kept, neither taken for the other.
  cache.put(5, "five", 50);
  cache.put(5, "fivE", 51);
  CHECK(*cache.find(5, "five") == 50);
  CHECK(*cache.find(5, "fivE") == 51);
  CHECK(cache.find(5, "FIVE") == nullptr);
  // Probing runs past the slot a hash names (1 and 5 share it in any table
  // of up to 4 slots).
  cache.put(1, "one", 10);
  CHECK(*cache.find(1, "one") == 10);
  CHECK(*cache.find(5, "five") == 50);
  CHECK(cache.size() == 4);
  // Full (4 entries): the next key starts it over.
  cache.put(7, "seven", 70);
  CHECK(cache.size() == 1);
  CHECK(*cache.find(7, "seven") == 70);
  CHECK(cache.find(1, "one") == nullptr);
  CHECK(cache.find(hashBytes("a"), "a") == nullptr);
}

TEST_CASE("containsBytes finds a word wherever it starts, as string_view::find does", "[support]") {
  using ptxlint::support::containsBytes;
  const std::string word = "ptxlint-disable-";
  // Texts of every length around the 16-byte steps, the word at every place
  // (first, last, across a step), a near miss (first and last bytes right,
  // a middle byte wrong) and none.
  for (std::size_t length = 0; length < 70; ++length) {
    std::string filler(length, 'p');
    for (std::size_t i = 0; i < length; ++i) filler[i] = "p-d. %r1,"[i % 9];
    CHECK(containsBytes(filler, word) == (filler.find(word) != std::string::npos));
    for (std::size_t at = 0; at <= length; ++at) {
      std::string with = filler.substr(0, at) + word + filler.substr(at);
      CHECK(containsBytes(with, word));
      std::string near = with;
      near[at + 7] = '_';
      CHECK(containsBytes(near, word) == (near.find(word) != std::string::npos));
    }
  }
  CHECK(containsBytes("abc", ""));
  CHECK_FALSE(containsBytes("", "a"));
  CHECK_FALSE(containsBytes("ptxlint-disable", word));
}

TEST_CASE("splitPacked splits a register name as a byte-by-byte reading does", "[support]") {
  using ptxlint::sema::packPrefix;
  using ptxlint::sema::splitPacked;
  // The reading of 5.4.6 it must equal: the final digits, no leading zero,
  // something before them.
  auto reference = [](std::string_view name, std::string_view& prefix, std::uint64_t& index) {
    std::size_t end = name.size();
    while (end > 0 && name[end - 1] >= '0' && name[end - 1] <= '9') --end;
    std::size_t digits = name.size() - end;
    if (digits == 0 || end == 0 || (digits > 1 && name[end] == '0')) return false;
    index = 0;
    for (std::size_t p = end; p < name.size(); ++p) index = index * 10 + static_cast<unsigned>(name[p] - '0');
    prefix = name.substr(0, end);
    return true;
  };
  // Every name of up to 7 bytes over these, and longer ones: digits, their
  // neighbours ('/' and ':'), letters, and a byte a SWAR test could take
  // for a digit.
  const std::string alphabet = "%r09/:\xb0";
  std::vector<std::string> names{""};
  for (std::size_t length = 1; length <= 7; ++length) {
    std::vector<std::string> longer;
    for (const std::string& n : names) {
      if (n.size() + 1 != length) continue;
      for (char c : alphabet) longer.push_back(n + c);
    }
    names.insert(names.end(), longer.begin(), longer.end());
  }
  for (const char* extra : {"%rd12345", "%r123456", "1234567", "12345678", "%r000001", "%f9999999", "%rd1234567"}) {
    names.emplace_back(extra);
  }
  std::size_t split = 0;
  for (const std::string& text : names) {
    // Inside a larger buffer, as a token is.
    std::string buffer = "[" + text + "]";
    std::string_view name = std::string_view(buffer).substr(1, text.size());
    std::string_view expected_prefix;
    std::uint64_t expected_index = 0;
    bool expected = reference(name, expected_prefix, expected_index);
    ptxlint::sema::PackedSplit got = splitPacked(name);
    INFO(text);
    if (name.size() < 3 || name.size() > 8) {
      CHECK_FALSE(got.ok);  // split byte by byte instead
      continue;
    }
    REQUIRE(got.ok == expected);
    if (got.ok) {
      ++split;
      CHECK(got.prefix == packPrefix(expected_prefix));
      CHECK(got.index == expected_index);
    }
  }
  CHECK(split > 1000);
}

TEST_CASE("hashBytes reads every byte of short and long keys", "[support]") {
  std::set<std::uint64_t> seen;
  std::string key;
  for (int length = 0; length <= 40; ++length) {
    CHECK(seen.insert(hashBytes(key)).second);
    // Changing any one byte changes the hash.
    for (std::size_t i = 0; i < key.size(); ++i) {
      std::string changed = key;
      changed[i] = static_cast<char>(changed[i] + 1);
      CHECK(hashBytes(changed) != hashBytes(key));
    }
    key += static_cast<char>('a' + length % 26);
  }
  CHECK(hashBytes(std::string("%rd12")) == hashBytes(std::string_view("x%rd12x").substr(1, 5)));
}

TEST_CASE("ExprArena keeps its expressions in place as it grows, and reuses its room", "[support]") {
  ptxlint::ast::ExprArena arena;
  std::vector<const ptxlint::ast::Expr*> kept;
  for (std::uint64_t i = 0; i < 5000; ++i) {
    ptxlint::ast::Expr e;
    e.int_value = i;
    kept.push_back(&arena.emplace_back(e));
  }
  for (std::uint64_t i = 0; i < kept.size(); ++i) CHECK(kept[i]->int_value == i);
  const ptxlint::ast::Expr* first = kept.front();
  arena.clear();
  ptxlint::ast::Expr again;
  again.int_value = 7;
  CHECK(&arena.emplace_back(again) == first);  // the first block, reused
  CHECK(first->int_value == 7);
}

TEST_CASE("NameIndex numbers names as a list of their texts does", "[support]") {
  // Names of every length around the packed words' (4 to 8 bytes) and the
  // linear list's bound, some alike but for their length or a last byte.
  std::vector<std::string> pool = {"%r1",   "%r10",     "%r100",    "%rd10",     "%rd100",    "aaaa",    "aaaaA",
                                   "aaaaa", "aaaaaaaa", "aaaaaaaA", "aaaaaaaaa", "abcdefgh",  "abcdhgh", "_",
                                   "%f1",   "%fd1",     "%p1",      "%rs1",      "$L__BB0_1", "x",       "%r1 "};
  for (int i = 0; i < 40; ++i) pool.push_back("%t" + std::to_string(i));
  std::uint32_t seed = 7;
  ptxlint::support::NameIndex index;
  for (int round = 0; round < 200; ++round) {
    index.clear();
    std::vector<std::string> seen;  // the reference: first-met order
    std::deque<std::string> texts;  // the names indexed (the index keeps views of them)
    std::size_t count = 1 + round % 30;
    for (std::size_t k = 0; k < count; ++k) {
      seed = seed * 1103515245u + 12345u;
      const std::string& name = pool[(seed >> 16) % pool.size()];
      auto it = std::find(seen.begin(), seen.end(), name);
      std::size_t expected = static_cast<std::size_t>(it - seen.begin());
      if (it == seen.end()) seen.push_back(name);
      texts.push_back(name);  // (another place in memory each time: compared by bytes)
      CHECK(index.indexOf(texts.back()) == expected);
    }
    CHECK(index.size() == seen.size());
  }
}
