// The per-section table builders; registry.cpp collects them.
#pragma once

#include <vector>

#include "spec/spec.h"

namespace ptxlint::spec {

std::vector<InstructionSpec> asyncCopySpecs();           // 9.7.9.25
std::vector<InstructionSpec> bulkReduceMultimemSpecs();  // 9.7.9.27.1.3, 9.7.9.14, 9.7.9.27, 9.7.13.7
std::vector<InstructionSpec> memorySpecs();              // 9.7.9.8 ld, 9.7.9.9 ld.global.nc, 9.7.9.11 st
std::vector<InstructionSpec> arithmeticSpecs();          // 9.7.1-9.7.8, 9.7.9.3, 9.7.9.4
std::vector<InstructionSpec> controlFlowSpecs();         // 9.7.12, 9.7.17, 9.7.19
std::vector<InstructionSpec> synchronizationSpecs();     // 9.7.9.5, 9.7.9.6 shfl, 9.7.13.1-4, 9.7.13.8-14
std::vector<InstructionSpec> conversionSpecs();  // 9.7.9.19-9.7.9.24 isspacep, cvta, cvt, cvt.pack, mapa, getctarank
std::vector<InstructionSpec> atomicsSpecs();     // 9.7.13.5 atom, 9.7.13.6 red
std::vector<InstructionSpec> mbarrierSpecs();    // 9.7.13.15 (but 9.7.13.15.15)
std::vector<InstructionSpec> tensorCopySpecs();  // 9.7.9.27.1.2, 9.7.9.27.1.4, 9.7.9.27.2
std::vector<InstructionSpec> tensormapClusterSpecs();  // 9.7.9.28, 9.7.13.16, 9.7.13.17, 9.7.13.18
std::vector<InstructionSpec> asyncStoreSpecs();        // 9.7.9.12 st.async, 9.7.9.13 st.bulk, 9.7.9.26
std::vector<InstructionSpec>
cacheControlSpecs();  // 9.7.9.10 ldu, 9.7.9.15-18 prefetch, applypriority, discard, createpolicy
std::vector<InstructionSpec> warpMatrixSpecs();       // 9.7.14.5.15-17 ldmatrix, stmatrix, movmatrix
std::vector<InstructionSpec> mmaSpecs();              // 9.7.14.5.14 mma, 9.7.14.6.3 mma.sp
std::vector<InstructionSpec> warpgroupMatrixSpecs();  // 9.7.15 wgmma
std::vector<InstructionSpec> tcgen05Specs();          // 9.7.16 tcgen05
std::vector<InstructionSpec> textureSurfaceSpecs();   // 9.7.10 tex, tld4, txq, istypep; 9.7.11 surfaces
std::vector<InstructionSpec> videoSpecs();            // 9.7.18 video instructions

}  // namespace ptxlint::spec
