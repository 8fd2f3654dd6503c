// The source of clang-kernel.ptx (README.md): plain attributes, so that
// clang compiles it without the CUDA headers.
__attribute__((device)) inline unsigned lane() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}

__attribute__((global)) void sum(unsigned* out) {
  unsigned v = lane();
  asm volatile("{\n\t"
               ".reg .pred p;\n\t"
               "setp.eq.u32 p, %1, 0;\n\t"
               "@p bar.sync 16;\n\t"
               "mov.u32 %0, %1;\n\t"
               "}" : "=r"(v) : "r"(v));
  out[v] = v;
}
