#include "spec/special_registers.h"

#include <charconv>

namespace ptxlint::spec {
namespace {

using R = TargetRequirement;

// Chapter 10, "PTX ISA Notes" and "Target ISA Notes" of each section.
constexpr SpecialRegister kSpecialRegisters[] = {
    {"%tid", ".v4.u32", true, 0, "", {1, 0}, {}, "10.1"},
    {"%ntid", ".v4.u32", true, 0, "", {1, 0}, {}, "10.2"},
    {"%laneid", ".u32", false, 0, "", {1, 3}, {}, "10.3"},
    {"%warpid", ".u32", false, 0, "", {1, 3}, {}, "10.4"},
    {"%nwarpid", ".u32", false, 0, "", {2, 0}, {R::Kind::AtLeast, 20}, "10.5"},
    {"%ctaid", ".v4.u32", true, 0, "", {1, 0}, {}, "10.6"},
    {"%nctaid", ".v4.u32", true, 0, "", {1, 0}, {}, "10.7"},
    {"%smid", ".u32", false, 0, "", {1, 3}, {}, "10.8"},
    {"%nsmid", ".u32", false, 0, "", {2, 0}, {R::Kind::AtLeast, 20}, "10.9"},
    {"%gridid", ".u64", false, 0, "", {1, 0}, {}, "10.10"},
    {"%is_explicit_cluster", ".pred", false, 0, "", {7, 8}, {R::Kind::AtLeast, 90}, "10.11"},
    {"%clusterid", ".v4.u32", true, 0, "", {7, 8}, {R::Kind::AtLeast, 90}, "10.12"},
    {"%nclusterid", ".v4.u32", true, 0, "", {7, 8}, {R::Kind::AtLeast, 90}, "10.13"},
    {"%cluster_ctaid", ".v4.u32", true, 0, "", {7, 8}, {R::Kind::AtLeast, 90}, "10.14"},
    {"%cluster_nctaid", ".v4.u32", true, 0, "", {7, 8}, {R::Kind::AtLeast, 90}, "10.15"},
    {"%cluster_ctarank", ".u32", false, 0, "", {7, 8}, {R::Kind::AtLeast, 90}, "10.16"},
    {"%cluster_nctarank", ".u32", false, 0, "", {7, 8}, {R::Kind::AtLeast, 90}, "10.17"},
    {"%lanemask_eq", ".u32", false, 0, "", {2, 0}, {R::Kind::AtLeast, 20}, "10.18"},
    {"%lanemask_le", ".u32", false, 0, "", {2, 0}, {R::Kind::AtLeast, 20}, "10.19"},
    {"%lanemask_lt", ".u32", false, 0, "", {2, 0}, {R::Kind::AtLeast, 20}, "10.20"},
    {"%lanemask_ge", ".u32", false, 0, "", {2, 0}, {R::Kind::AtLeast, 20}, "10.21"},
    {"%lanemask_gt", ".u32", false, 0, "", {2, 0}, {R::Kind::AtLeast, 20}, "10.22"},
    {"%clock", ".u32", false, 0, "", {1, 0}, {}, "10.23"},
    {"%clock_hi", ".u32", false, 0, "", {5, 0}, {R::Kind::AtLeast, 20}, "10.23"},
    {"%clock64", ".u64", false, 0, "", {2, 0}, {R::Kind::AtLeast, 20}, "10.24"},
    // %pm0..%pm3 since 1.3 on all targets; %pm4..%pm7 since 3.0 on sm_20.
    // ptxlint holds the weaker of the two bounds for the whole range.
    {"%pm", ".u32", false, 8, "", {1, 3}, {}, "10.25"},
    {"%pm", ".u64", false, 8, "_64", {4, 0}, {R::Kind::AtLeast, 50}, "10.26"},
    {"%envreg", ".b32", false, 32, "", {2, 1}, {}, "10.27"},
    {"%globaltimer", ".u64", false, 0, "", {3, 1}, {R::Kind::AtLeast, 30}, "10.28"},
    {"%globaltimer_lo", ".u32", false, 0, "", {3, 1}, {R::Kind::AtLeast, 30}, "10.28"},
    {"%globaltimer_hi", ".u32", false, 0, "", {3, 1}, {R::Kind::AtLeast, 30}, "10.28"},
    {"%reserved_smem_offset_begin", ".b32", false, 0, "", {7, 6}, {R::Kind::AtLeast, 80}, "10.29"},
    {"%reserved_smem_offset_end", ".b32", false, 0, "", {7, 6}, {R::Kind::AtLeast, 80}, "10.29"},
    {"%reserved_smem_offset_cap", ".b32", false, 0, "", {7, 6}, {R::Kind::AtLeast, 80}, "10.29"},
    {"%reserved_smem_offset_", ".b32", false, 2, "", {7, 6}, {R::Kind::AtLeast, 80}, "10.29"},
    {"%total_smem_size", ".u32", false, 0, "", {4, 1}, {R::Kind::AtLeast, 20}, "10.30"},
    {"%aggr_smem_size", ".u32", false, 0, "", {8, 1}, {R::Kind::AtLeast, 90}, "10.31"},
    {"%dynamic_smem_size", ".u32", false, 0, "", {4, 1}, {R::Kind::AtLeast, 20}, "10.32"},
    {"%current_graph_exec", ".u64", false, 0, "", {8, 0}, {R::Kind::AtLeast, 50}, "10.33"},
};

}  // namespace

const SpecialRegister* findSpecialRegister(std::string_view name) {
  for (const SpecialRegister& r : kSpecialRegisters) {
    if (r.index_count == 0) {
      if (r.name == name) return &r;
      continue;
    }
    // Indexed: prefix, a decimal index below index_count, then the suffix.
    if (name.substr(0, r.name.size()) != r.name) continue;
    std::string_view rest = name.substr(r.name.size());
    if (rest.size() < r.index_suffix.size() + 1 || rest.substr(rest.size() - r.index_suffix.size()) != r.index_suffix) {
      continue;
    }
    std::string_view digits = rest.substr(0, rest.size() - r.index_suffix.size());
    unsigned index = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (ec != std::errc() || end != digits.data() + digits.size()) continue;
    if (digits.size() > 1 && digits[0] == '0') continue;
    if (index < r.index_count) return &r;
  }
  return nullptr;
}

}  // namespace ptxlint::spec
