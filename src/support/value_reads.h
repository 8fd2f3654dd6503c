// Whether a check read the value of an integer literal.
//
// The verdict memo (sema/engine/verdict_cache.h) keys an instruction by
// everything the checks read of it. Integer literals are most of what makes
// one instruction text differ from the next (`mov.u32 %r1, 4711;`), and
// most checks read only that an operand is an integer constant: a verdict
// reached without reading a literal's value holds for every value, and is
// kept under a key with the literals left out. Every place that reads a
// literal's value (its number, its digits) during a check counts the read
// here; the memo compares the count before and after a check.
#pragma once

#include <cstdint>

namespace ptxlint::support {

inline thread_local std::uint64_t literal_value_reads = 0;

inline void noteLiteralValueRead() { ++literal_value_reads; }

}  // namespace ptxlint::support
