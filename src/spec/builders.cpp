// The builder of each family of spec/families.h, in its order.
#include "spec/families.h"
#include "spec/sections.h"

namespace ptxlint::spec {

std::vector<InstructionSpec> buildFamily(std::size_t i) {
  using Builder = std::vector<InstructionSpec> (*)();
  static constexpr Builder kBuilders[] = {
      asyncCopySpecs,        bulkReduceMultimemSpecs, memorySpecs,       arithmeticSpecs, controlFlowSpecs,
      synchronizationSpecs,  conversionSpecs,         atomicsSpecs,      mbarrierSpecs,   tensorCopySpecs,
      tensormapClusterSpecs, asyncStoreSpecs,         cacheControlSpecs, warpMatrixSpecs, warpgroupMatrixSpecs,
      tcgen05Specs,          textureSurfaceSpecs,     videoSpecs,        mmaSpecs,
  };
  static_assert(std::size(kBuilders) == kFamilyCount, "one builder per family of spec/families.h");
  return kBuilders[i]();
}

}  // namespace ptxlint::spec
