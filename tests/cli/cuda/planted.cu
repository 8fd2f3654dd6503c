// One planted mistake per inline asm form of CCCL's cuda::ptx wrappers, for
// tests/cli/ptxlint-cuda-cccl: each must be reported at the line and column
// of the string literal where it is written.
#include <cstdint>

// A single literal, no operands (fence_proxy_async, tcgen05_fence): an
// instruction of a newer target (tcgen05 needs sm_100a).
__device__ void fence_form() { asm volatile("tcgen05.fence::before_thread_sync;" : : : "memory"); }

// Literals over several lines with a scoped predicate (mbarrier_try_wait):
// a wrong immediate (the phase parity is 0 or 1).
__device__ bool wait_form(std::uint64_t* bar) {
  std::uint32_t done;
  asm volatile("{\n\t .reg .pred P_OUT; \n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 P_OUT, [%1], 2; \n\t"
               "selp.b32 %0, 1, 0, P_OUT; \n"
               "}"
               : "=r"(done)
               : "r"(static_cast<std::uint32_t>(__cvta_generic_to_shared(bar)))
               : "memory");
  return done != 0;
}

// An immediate operand put in by the compiler (the "n" constraints of the
// wrappers' n32_t arguments): a register count that is not a multiple of 8.
template <int Count>
__device__ void setmaxnreg_form() {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" : : "n"(Count));
}

__global__ void planted(std::uint32_t* out) {
  __shared__ std::uint64_t bar;
  fence_form();
  out[threadIdx.x] = wait_form(&bar);
  setmaxnreg_form<300>();
}
