// No seeded verdicts: the seeder's own build (src/sema/seed_verdicts.cpp),
// which judges its training corpus from nothing.
#include "sema/engine/verdict_seed.h"

namespace ptxlint::sema::engine {

constinit const VerdictSeed kVerdictSeed{nullptr, 0, nullptr, 0, 0, nullptr, 0};

}  // namespace ptxlint::sema::engine
