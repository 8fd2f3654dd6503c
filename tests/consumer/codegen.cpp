// Emits a PTX kernel for a vector add, once correctly and once with a bug a
// code generator could have (a 64-bit register for a 32-bit operand), and
// validates both in-process with libptxlint before anything reaches ptxas.
#include <cstdio>
#include <string>

#include <ptxlint/ptxlint.hpp>

namespace {

std::string emitKernel(bool buggy) {
  std::string size_reg = buggy ? "%rd9" : "%r3";
  return ".version 8.0\n"
         ".target sm_90\n"
         ".address_size 64\n"
         ".visible .entry bulk_copy(.param .u64 src, .param .u32 bytes)\n"
         "{\n"
         "    .reg .b32 %r<4>;\n"
         "    .reg .b64 %rd<10>;\n"
         "    ld.param.u64 %rd1, [src];\n"
         "    ld.param.u32 %r3, [bytes];\n"
         "    cp.async.bulk.prefetch.L2.global [%rd1], " +
         size_reg +
         ";\n"
         "    ret;\n"
         "}\n";
}

int validate(const char* name, const std::string& ptx) {
  ptxlint::Result result = ptxlint::lint(ptx);
  std::printf("%s: %zu instructions, %zu checked, %zu errors\n", name,
              static_cast<std::size_t>(result.stats.instructions), static_cast<std::size_t>(result.stats.checked),
              result.count(ptxlint::Severity::Error));
  for (const ptxlint::Diagnostic& d : result.diagnostics) {
    std::printf("  %s:%u:%u: %s: %s [%.*s]\n", name, d.begin.line, d.begin.column,
                std::string(ptxlint::severityName(d.severity)).c_str(), d.message.c_str(),
                static_cast<int>(d.code.size()), d.code.data());
  }
  return result.hasErrors() ? 1 : 0;
}

}  // namespace

int main() {
  std::printf("libptxlint %.*s\n", static_cast<int>(ptxlint::version().size()), ptxlint::version().data());
  int good = validate("good.ptx", emitKernel(false));
  int bad = validate("buggy.ptx", emitKernel(true));
  // The good kernel must be clean and the buggy one rejected.
  return (good == 0 && bad == 1) ? 0 : 1;
}
