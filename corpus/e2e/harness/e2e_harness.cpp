// Host harness for the end-to-end kernels of corpus/e2e/ (issue #7): loads a
// cubin made by ptxas with the CUDA driver API, fills the inputs, launches,
// and compares every output with a CPU reference.
//
//   e2e-harness --info                      the GPU and driver, as JSON
//   e2e-harness --kernel NAME --cubin FILE  runs one kernel; prints one JSON
//                                           object (cases, result); exit 0 on PASS
//
// tools/e2e runs each kernel in its own process under a watchdog. Nothing here
// creates a multicast object (cuMulticastCreate): .multicast::cluster copies
// need none, and creating one can take a shared GPU out of service.
#include <cuda.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "generated_cases.h"

namespace {

namespace gen = e2e::generated;

// ---------------------------------------------------------------------------
// Results

struct Case {
  std::string name;
  bool pass = false;
  std::string detail;
};

struct Outcome {
  std::vector<Case> cases;
  std::string error;  // a driver call failed: the kernel FAILs with this reason
};

std::string jsonEscape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out;
}

struct DriverError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void check(CUresult result, const char* what) {
  if (result == CUDA_SUCCESS) return;
  const char* name = nullptr;
  cuGetErrorName(result, &name);
  throw DriverError(std::string(what) + " failed: " + (name ? name : "unknown error"));
}

std::string hex(const std::uint8_t* bytes, std::size_t n) {
  std::string out;
  char buf[4];
  for (std::size_t i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, "%02x", bytes[i]);
    out += buf;
  }
  return out;
}

// Compares bytes; the detail names the first mismatching elements.
Case compareBytes(std::string name, const std::uint8_t* got, const std::uint8_t* want, std::size_t n,
                  std::size_t element_size) {
  Case result{std::move(name), true, ""};
  int shown = 0;
  for (std::size_t i = 0; i < n; i += element_size) {
    if (std::memcmp(got + i, want + i, element_size) == 0) continue;
    result.pass = false;
    if (shown++ < 4) {
      result.detail += "byte " + std::to_string(i) + ": got " + hex(got + i, element_size) + " want " +
                       hex(want + i, element_size) + "; ";
    }
  }
  return result;
}

Case errorWord(const std::string& kernel, std::uint32_t word, const char* meaning) {
  return {kernel + ": error word", word == 0, word == 0 ? "" : "error word " + std::to_string(word) + ": " + meaning};
}

// ---------------------------------------------------------------------------
// Deterministic inputs

struct Random {
  std::uint64_t state;
  std::uint64_t next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
  std::int64_t range(std::int64_t lo, std::int64_t hi) {  // inclusive
    return lo + static_cast<std::int64_t>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
};

// IEEE half and bfloat16 from float, round to nearest even. The values used are
// exactly representable, so the reference is exact.
std::uint16_t toHalf(float value) {
  std::uint32_t f = std::bit_cast<std::uint32_t>(value);
  std::uint32_t sign = (f >> 16) & 0x8000u;
  int exponent = static_cast<int>((f >> 23) & 0xff) - 127 + 15;
  std::uint32_t mantissa = f & 0x7fffffu;
  if (((f >> 23) & 0xff) == 0xff) return static_cast<std::uint16_t>(sign | 0x7c00u | (mantissa ? 0x200u : 0));
  if (exponent >= 31) return static_cast<std::uint16_t>(sign | 0x7c00u);
  if (exponent <= 0) {
    if (exponent < -10) return static_cast<std::uint16_t>(sign);
    mantissa |= 0x800000u;
    int shift = 14 - exponent;
    std::uint32_t half = mantissa >> shift;
    std::uint32_t rest = mantissa & ((1u << shift) - 1);
    std::uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1))) ++half;
    return static_cast<std::uint16_t>(sign | half);
  }
  std::uint32_t half = sign | (static_cast<std::uint32_t>(exponent) << 10) | (mantissa >> 13);
  std::uint32_t rest = mantissa & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1))) ++half;
  return static_cast<std::uint16_t>(half);
}

float fromHalf(std::uint16_t h) {
  std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  std::uint32_t exponent = (h >> 10) & 0x1f;
  std::uint32_t mantissa = h & 0x3ffu;
  if (exponent == 0) {
    float value = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -value : value;
  }
  if (exponent == 31) return std::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
  return std::bit_cast<float>(sign | ((exponent - 15 + 127) << 23) | (mantissa << 13));
}

std::uint16_t toBf16(float value) {
  std::uint32_t f = std::bit_cast<std::uint32_t>(value);
  std::uint32_t rounding = 0x7fffu + ((f >> 16) & 1u);
  return static_cast<std::uint16_t>((f + rounding) >> 16);
}

float fromBf16(std::uint16_t b) { return std::bit_cast<float>(static_cast<std::uint32_t>(b) << 16); }

// One element type of the reductions: its size, a source of exact values,
// and the reduction itself on raw bits.
struct ElementType {
  std::string name;
  int size;
  CUtensorMapDataType tensor_type;
};

ElementType elementType(const std::string& name) {
  static const std::map<std::string, ElementType> kTypes = {
      {"u32", {"u32", 4, CU_TENSOR_MAP_DATA_TYPE_UINT32}},  {"s32", {"s32", 4, CU_TENSOR_MAP_DATA_TYPE_INT32}},
      {"b32", {"b32", 4, CU_TENSOR_MAP_DATA_TYPE_UINT32}},  {"u64", {"u64", 8, CU_TENSOR_MAP_DATA_TYPE_UINT64}},
      {"s64", {"s64", 8, CU_TENSOR_MAP_DATA_TYPE_INT64}},   {"b64", {"b64", 8, CU_TENSOR_MAP_DATA_TYPE_UINT64}},
      {"f32", {"f32", 4, CU_TENSOR_MAP_DATA_TYPE_FLOAT32}}, {"f64", {"f64", 8, CU_TENSOR_MAP_DATA_TYPE_FLOAT64}},
      {"f16", {"f16", 2, CU_TENSOR_MAP_DATA_TYPE_FLOAT16}}, {"bf16", {"bf16", 2, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16}},
  };
  return kTypes.at(name);
}

// Random raw bits of one element, chosen so that every reduction is exact and
// both branches of .inc/.dec happen: small values for inc/dec, multiples of
// 1/4 (f32, f64), 1/2 (f16) and integers (bf16) whose sums stay exact.
std::uint64_t randomElement(Random& random, const std::string& op, const std::string& type) {
  if (op == "inc" || op == "dec") return static_cast<std::uint64_t>(random.range(0, 24));
  if (type == "f32") return std::bit_cast<std::uint32_t>(static_cast<float>(random.range(-4000, 4000)) * 0.25f);
  if (type == "f64") return std::bit_cast<std::uint64_t>(static_cast<double>(random.range(-4000, 4000)) * 0.25);
  if (type == "f16") return toHalf(static_cast<float>(random.range(-120, 120)) * 0.5f);
  if (type == "bf16") return toBf16(static_cast<float>(random.range(-60, 60)));
  std::uint64_t bits = random.next();
  if (op == "min" || op == "max") bits >>= random.range(0, 40);  // mixed magnitudes
  return bits;
}

std::uint64_t loadElement(const std::uint8_t* p, int size) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, static_cast<std::size_t>(size));
  return v;
}

void storeElement(std::uint8_t* p, int size, std::uint64_t v) { std::memcpy(p, &v, static_cast<std::size_t>(size)); }

// The reduction of 9.7.9.25.4.2 / 9.7.13.7 on one element: d = op(d, s).
std::uint64_t reduce(const std::string& op_with_noftz, const std::string& type, std::uint64_t d, std::uint64_t s) {
  const std::string op = op_with_noftz.substr(0, op_with_noftz.find('.'));
  if (type == "f32" || type == "f64" || type == "f16" || type == "bf16") {
    auto decode = [&](std::uint64_t bits) -> double {
      if (type == "f32") return std::bit_cast<float>(static_cast<std::uint32_t>(bits));
      if (type == "f64") return std::bit_cast<double>(bits);
      if (type == "f16") return fromHalf(static_cast<std::uint16_t>(bits));
      return fromBf16(static_cast<std::uint16_t>(bits));
    };
    auto encode = [&](double value) -> std::uint64_t {
      if (type == "f32") return std::bit_cast<std::uint32_t>(static_cast<float>(value));
      if (type == "f64") return std::bit_cast<std::uint64_t>(value);
      if (type == "f16") return toHalf(static_cast<float>(value));
      return toBf16(static_cast<float>(value));
    };
    double a = decode(d), b = decode(s);
    if (op == "add") return encode(a + b);
    if (op == "min") return encode(std::min(a, b));
    if (op == "max") return encode(std::max(a, b));
    throw std::logic_error("no float reduction " + op);
  }
  const bool wide = type.ends_with("64");
  const std::uint64_t mask = wide ? ~0ull : 0xffffffffull;
  d &= mask;
  s &= mask;
  auto as_signed = [&](std::uint64_t v) -> std::int64_t {
    return wide ? static_cast<std::int64_t>(v) : static_cast<std::int32_t>(static_cast<std::uint32_t>(v));
  };
  const bool is_signed = type[0] == 's';
  if (op == "add") return (d + s) & mask;
  if (op == "and") return d & s;
  if (op == "or") return d | s;
  if (op == "xor") return d ^ s;
  if (op == "min") return is_signed ? (as_signed(s) < as_signed(d) ? s : d) : std::min(d, s);
  if (op == "max") return is_signed ? (as_signed(s) > as_signed(d) ? s : d) : std::max(d, s);
  if (op == "inc") return d >= s ? 0 : d + 1;  // 9.7.9.25.4.2: result in [0..s]
  if (op == "dec") return (d == 0 || d > s) ? s : (d - 1) & mask;
  throw std::logic_error("no integer reduction " + op);
}

// ---------------------------------------------------------------------------
// Device helpers

struct DeviceBuffer {
  CUdeviceptr ptr = 0;
  std::size_t size = 0;
  explicit DeviceBuffer(std::size_t bytes) : size(bytes) {
    check(cuMemAlloc(&ptr, std::max<std::size_t>(bytes, 16)), "cuMemAlloc");
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() {
    if (ptr) cuMemFree(ptr);
  }
  void upload(const std::vector<std::uint8_t>& bytes) {
    check(cuMemcpyHtoD(ptr, bytes.data(), bytes.size()), "cuMemcpyHtoD");
  }
  std::vector<std::uint8_t> download() {
    std::vector<std::uint8_t> bytes(size);
    check(cuMemcpyDtoH(bytes.data(), ptr, size), "cuMemcpyDtoH");
    return bytes;
  }
};

std::vector<std::uint8_t> randomBytes(Random& random, std::size_t n) {
  std::vector<std::uint8_t> bytes(n);
  for (auto& b : bytes) b = static_cast<std::uint8_t>(random.next() >> 24);
  return bytes;
}

// Kernels with .reqnctapercluster are launched like any other: the cluster
// shape is in the cubin (the grid must be a multiple of it).
void launch(CUfunction function, unsigned grid, unsigned block, std::vector<void*> params) {
  check(cuLaunchKernel(function, grid, 1, 1, block, 1, 1, 0, nullptr, params.data(), nullptr), "cuLaunchKernel");
  check(cuCtxSynchronize(), "kernel execution (cuCtxSynchronize)");
}

std::uint32_t u32At(const std::vector<std::uint8_t>& bytes, std::size_t offset) {
  std::uint32_t v;
  std::memcpy(&v, bytes.data() + offset, 4);
  return v;
}

// ---------------------------------------------------------------------------
// cp.async (corpus/e2e/cp_async.ptx)

Outcome runCpAsync(CUmodule module) {
  Outcome outcome;
  CUfunction function;
  check(cuModuleGetFunction(&function, module, "cp_async"), "cuModuleGetFunction(cp_async)");
  const std::size_t slots = gen::kCpAsyncSlots.size();
  const std::size_t lane_bytes = slots * 16;
  const std::size_t threads = gen::kCpAsyncThreads;
  std::vector<std::size_t> early;
  for (std::size_t s = 0; s < slots; ++s) {
    if (std::ranges::find(gen::kCpAsyncEarlyGroups, gen::kCpAsyncSlots[s].group) != gen::kCpAsyncEarlyGroups.end())
      early.push_back(s);
  }
  Random random{0x9e3779b97f4a7c15ull};
  auto src = randomBytes(random, threads * lane_bytes);
  const std::size_t early_offset = threads * lane_bytes;
  const std::size_t err_offset = early_offset + threads * early.size() * 16;
  DeviceBuffer src_dev(src.size()), out_dev(err_offset + threads * 4);
  src_dev.upload(src);
  out_dev.upload(std::vector<std::uint8_t>(out_dev.size, 0xCD));
  launch(function, 1, static_cast<unsigned>(threads), {&src_dev.ptr, &out_dev.ptr});
  auto out = out_dev.download();

  auto expected_slot = [&](std::size_t lane, std::size_t s) {
    const auto& slot = gen::kCpAsyncSlots[s];
    std::vector<std::uint8_t> want(16, gen::kCpAsyncSentinel);
    for (int j = 0; j < slot.cp_size; ++j) want[j] = j < slot.src_bytes ? src[lane * lane_bytes + s * 16 + j] : 0;
    return want;
  };
  for (std::size_t s = 0; s < slots; ++s) {
    const auto& slot = gen::kCpAsyncSlots[s];
    std::string name = "cp.async slot " + std::to_string(s) + " (group " + std::to_string(slot.group) +
                       "): " + slot.form + " cp-size " + std::to_string(slot.cp_size) + ", " +
                       std::to_string(slot.src_bytes) + " bytes from src";
    Case c{name, true, ""};
    for (std::size_t lane = 0; lane < threads && c.pass; ++lane) {
      auto want = expected_slot(lane, s);
      Case lane_case = compareBytes(name, out.data() + lane * lane_bytes + s * 16, want.data(), 16, 1);
      if (!lane_case.pass) c = {name, false, "lane " + std::to_string(lane) + ": " + lane_case.detail};
    }
    outcome.cases.push_back(c);
  }
  for (std::size_t i = 0; i < early.size(); ++i) {
    std::string name = "cp.async.wait_group 3: slot " + std::to_string(early[i]) + " complete before later groups";
    Case c{name, true, ""};
    for (std::size_t lane = 0; lane < threads && c.pass; ++lane) {
      auto want = expected_slot(lane, early[i]);
      Case lane_case =
          compareBytes(name, out.data() + early_offset + (lane * early.size() + i) * 16, want.data(), 16, 1);
      if (!lane_case.pass) c = {name, false, "lane " + std::to_string(lane) + ": " + lane_case.detail};
    }
    outcome.cases.push_back(c);
  }
  std::uint32_t err = 0;
  for (std::size_t lane = 0; lane < threads; ++lane) err |= u32At(out, err_offset + lane * 4);
  outcome.cases.push_back(
      errorWord("cp_async", err, "bit 1: mbar_noinc (.noinc) never completed; bit 2: mbar_counted never completed"));
  return outcome;
}

// ---------------------------------------------------------------------------
// cp.async.bulk (corpus/e2e/bulk_copy.ptx)

Outcome runBulkCopy(CUmodule module) {
  Outcome outcome;
  CUfunction function;
  check(cuModuleGetFunction(&function, module, "bulk_copy"), "cuModuleGetFunction(bulk_copy)");
  const std::size_t b = gen::kBulkBytes;
  const std::size_t out_block = (gen::kBulkSharedBuffers + 2) * b + 16;
  Random random{0x1234567887654321ull};
  auto src = randomBytes(random, 18 * b);
  DeviceBuffer src_dev(src.size()), out_dev(2 * out_block);
  src_dev.upload(src);
  out_dev.upload(std::vector<std::uint8_t>(out_dev.size, 0xCD));
  launch(function, 2, 1, {&src_dev.ptr, &out_dev.ptr});
  auto out = out_dev.download();
  for (std::size_t rank = 0; rank < 2; ++rank) {
    const std::size_t peer = rank ^ 1;
    const std::uint8_t* base = out.data() + rank * out_block;
    auto block = [&](std::size_t k) { return src.data() + k * b; };
    const std::vector<std::pair<std::string, const std::uint8_t*>> expected = {
        {"global -> shared::cta", block(rank * 8 + 0)},
        {"global -> shared::cta .L2::cache_hint", block(rank * 8 + 1)},
        {"global -> shared::cluster (own CTA)", block(rank * 8 + 2)},
        {"global -> shared::cluster .L2::cache_hint (own CTA)", block(rank * 8 + 3)},
        {"global -> shared::cluster .multicast::cluster from CTA 0", block(16)},
        {"global -> shared::cluster .multicast::cluster .L2::cache_hint from CTA 1", block(17)},
        {"shared::cta -> shared::cluster from the peer CTA", block(peer * 8 + 4)},
        {"shared::cta -> global .bulk_group", block(rank * 8 + 4)},
        {"shared::cta -> global .bulk_group .L2::cache_hint", block(rank * 8 + 4)},
    };
    for (std::size_t k = 0; k < expected.size(); ++k) {
      outcome.cases.push_back(compareBytes("cp.async.bulk rank " + std::to_string(rank) + ": " + expected[k].first,
                                           base + k * b, expected[k].second, b, 1));
    }
    outcome.cases.push_back(errorWord("bulk_copy rank " + std::to_string(rank),
                                      u32At(out, rank * out_block + expected.size() * b),
                                      "bit 1: mbar_loads, bit 2: mbar_multicast, bit 4: mbar_peer never completed"));
  }
  return outcome;
}

// ---------------------------------------------------------------------------
// cp.reduce.async.bulk (corpus/e2e/bulk_reduce_global.ptx, bulk_reduce_cluster.ptx)

template <std::size_t N>
void fillReduceSlots(Random& random, const std::array<gen::RedOpType, N>& pairs, std::vector<std::uint8_t>& bytes,
                     std::size_t base) {
  const std::size_t s = gen::kReduceSlotBytes;
  for (std::size_t i = 0; i < N; ++i) {
    const std::string op = pairs[i].op, type = pairs[i].type;
    const int size = elementType(type).size;
    for (std::size_t off = 0; off < s; off += static_cast<std::size_t>(size))
      storeElement(bytes.data() + base + i * s + off, size, randomElement(random, op, type));
  }
}

template <std::size_t N>
void reduceSlots(const std::array<gen::RedOpType, N>& pairs, std::uint8_t* dst, const std::uint8_t* src) {
  const std::size_t s = gen::kReduceSlotBytes;
  for (std::size_t i = 0; i < N; ++i) {
    const std::string op = pairs[i].op, type = pairs[i].type;
    const int size = elementType(type).size;
    for (std::size_t off = 0; off < s; off += static_cast<std::size_t>(size)) {
      std::uint8_t* d = dst + i * s + off;
      storeElement(d, size, reduce(op, type, loadElement(d, size), loadElement(src + i * s + off, size)));
    }
  }
}

Outcome runBulkReduceGlobal(CUmodule module) {
  Outcome outcome;
  CUfunction function;
  check(cuModuleGetFunction(&function, module, "bulk_reduce_global"), "cuModuleGetFunction(bulk_reduce_global)");
  const auto& pairs = gen::kReduceGlobalPairs;
  const std::size_t s = gen::kReduceSlotBytes, bytes = pairs.size() * s;
  Random random{0xfeedfacecafebeefull};
  std::vector<std::uint8_t> src(bytes), dst(bytes);
  fillReduceSlots(random, pairs, src, 0);
  fillReduceSlots(random, pairs, dst, 0);
  DeviceBuffer src_dev(bytes), dst_dev(bytes), out_dev(16);
  src_dev.upload(src);
  dst_dev.upload(dst);
  out_dev.upload(std::vector<std::uint8_t>(16, 0xCD));
  launch(function, 1, 1, {&src_dev.ptr, &dst_dev.ptr, &out_dev.ptr});
  auto got = dst_dev.download();
  auto want = dst;
  reduceSlots(pairs, want.data(), src.data());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    std::string name = std::string("cp.reduce.async.bulk.global.shared::cta.bulk_group") +
                       (i % 2 ? ".L2::cache_hint" : "") + "." + pairs[i].op + "." + pairs[i].type;
    outcome.cases.push_back(compareBytes(name, got.data() + i * s, want.data() + i * s, s,
                                         static_cast<std::size_t>(elementType(pairs[i].type).size)));
  }
  outcome.cases.push_back(errorWord("bulk_reduce_global", u32At(out_dev.download(), 0), "unexpected"));
  return outcome;
}

Outcome runBulkReduceCluster(CUmodule module) {
  Outcome outcome;
  CUfunction function;
  check(cuModuleGetFunction(&function, module, "bulk_reduce_cluster"), "cuModuleGetFunction(bulk_reduce_cluster)");
  const auto& pairs = gen::kReduceClusterPairs;
  const std::size_t s = gen::kReduceSlotBytes, bytes = pairs.size() * s;
  Random random{0x0ddba11deadbeefull};
  std::vector<std::uint8_t> init(2 * bytes), src(2 * bytes);
  for (std::size_t rank = 0; rank < 2; ++rank) {
    fillReduceSlots(random, pairs, init, rank * bytes);
    fillReduceSlots(random, pairs, src, rank * bytes);
  }
  DeviceBuffer init_dev(init.size()), src_dev(src.size()), out_dev(2 * (bytes + 16));
  init_dev.upload(init);
  src_dev.upload(src);
  out_dev.upload(std::vector<std::uint8_t>(out_dev.size, 0xCD));
  launch(function, 2, 1, {&init_dev.ptr, &src_dev.ptr, &out_dev.ptr});
  auto out = out_dev.download();
  for (std::size_t rank = 0; rank < 2; ++rank) {
    std::vector<std::uint8_t> want(init.begin() + static_cast<std::ptrdiff_t>(rank * bytes),
                                   init.begin() + static_cast<std::ptrdiff_t>((rank + 1) * bytes));
    reduceSlots(pairs, want.data(), src.data() + (rank ^ 1) * bytes);
    const std::uint8_t* got = out.data() + rank * (bytes + 16);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      std::string name = std::string("cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.") +
                         pairs[i].op + "." + pairs[i].type + " into CTA " + std::to_string(rank);
      outcome.cases.push_back(compareBytes(name, got + i * s, want.data() + i * s, s,
                                           static_cast<std::size_t>(elementType(pairs[i].type).size)));
    }
    outcome.cases.push_back(errorWord("bulk_reduce_cluster rank " + std::to_string(rank),
                                      u32At(out, rank * (bytes + 16) + bytes), "bit 1: the mbarrier never completed"));
  }
  return outcome;
}

// ---------------------------------------------------------------------------
// red.async (corpus/e2e/red_async.ptx)

Outcome runRedAsync(CUmodule module) {
  Outcome outcome;
  CUfunction function;
  check(cuModuleGetFunction(&function, module, "red_async"), "cuModuleGetFunction(red_async)");
  const auto& ops = gen::kRedAsyncOps;
  const std::size_t n = ops.size(), threads = gen::kRedAsyncThreads;
  Random random{0xa5a5a5a55a5a5a5aull};
  std::vector<std::uint8_t> init(2 * n * 8, 0), operands(2 * threads * n * 8, 0);
  for (std::size_t rank = 0; rank < 2; ++rank) {
    for (std::size_t i = 0; i < n; ++i) {
      storeElement(init.data() + (rank * n + i) * 8, 8, randomElement(random, ops[i].op, ops[i].type));
      // .inc/.dec: the same b for every thread, so the result does not depend
      // on the order in which the 32 reductions land.
      const std::uint64_t shared_b = static_cast<std::uint64_t>(random.range(4, 40));
      for (std::size_t t = 0; t < threads; ++t) {
        const std::string op = ops[i].op;
        std::uint64_t b = (op == "inc" || op == "dec") ? shared_b : randomElement(random, op, ops[i].type);
        storeElement(operands.data() + ((rank * threads + t) * n + i) * 8, 8, b);
      }
    }
  }
  DeviceBuffer init_dev(init.size()), operands_dev(operands.size()), out_dev(2 * (n * 8 + 16));
  init_dev.upload(init);
  operands_dev.upload(operands);
  out_dev.upload(std::vector<std::uint8_t>(out_dev.size, 0xCD));
  launch(function, 2, static_cast<unsigned>(threads), {&init_dev.ptr, &operands_dev.ptr, &out_dev.ptr});
  auto out = out_dev.download();
  for (std::size_t rank = 0; rank < 2; ++rank) {
    const std::size_t peer = rank ^ 1;
    for (std::size_t i = 0; i < n; ++i) {
      const int size = elementType(ops[i].type).size;
      std::uint64_t want = loadElement(init.data() + (rank * n + i) * 8, size);
      for (std::size_t t = 0; t < threads; ++t)
        want = reduce(ops[i].op, ops[i].type, want,
                      loadElement(operands.data() + ((peer * threads + t) * n + i) * 8, size));
      std::uint8_t want_bytes[8] = {};
      storeElement(want_bytes, size, want);
      std::string name = std::string("red.async.relaxed.cluster") + (ops[i].generic ? "" : ".shared::cluster") +
                         ".mbarrier::complete_tx::bytes." + ops[i].op + "." + ops[i].type + " into CTA " +
                         std::to_string(rank);
      outcome.cases.push_back(compareBytes(name, out.data() + rank * (n * 8 + 16) + i * 8, want_bytes,
                                           static_cast<std::size_t>(size), static_cast<std::size_t>(size)));
    }
    outcome.cases.push_back(errorWord("red_async rank " + std::to_string(rank), u32At(out, rank * (n * 8 + 16) + n * 8),
                                      "bit 1: the mbarrier never completed"));
  }
  return outcome;
}

// ---------------------------------------------------------------------------
// cp.reduce.async.bulk.tensor (corpus/e2e/tensor_reduce_tile.ptx, tensor_reduce_im2col.ptx)

struct TensorGeometry {
  std::vector<std::uint64_t> dims;  // elements, dimension 0 innermost
  std::vector<std::uint32_t> box;   // the region reduced, from `coords`
  std::vector<std::int32_t> coords;
};

// Tile mode: a box inside the tensor, away from the origin.
TensorGeometry tileGeometry(int rank) {
  const std::uint64_t dims[5] = {16, 8, 4, 3, 3};
  const std::uint32_t box[5] = {8, 4, 2, 2, 2};
  const std::int32_t coords[5] = {8, 2, 1, 1, 1};
  return {{dims, dims + rank}, {box, box + rank}, {coords, coords + rank}};
}

// im2col mode, tensor (C, W, [H, [D,]] N): 8 channels per pixel, a column of
// W pixels starting at w = 0 of one row, so the pixels reduced are one whole
// row of one image whatever the bounding box's exact upper edge (the corners
// are 0: the whole image).
constexpr std::uint32_t kIm2colChannels = 8, kIm2colWidth = 8;
TensorGeometry im2colGeometry(int rank) {
  TensorGeometry g;
  g.dims = {kIm2colChannels, kIm2colWidth};
  for (int k = 2; k < rank - 1; ++k) g.dims.push_back(3);
  g.dims.push_back(2);
  g.box.assign(static_cast<std::size_t>(rank), 1);
  g.box[0] = kIm2colChannels;
  g.box[1] = kIm2colWidth;
  g.coords.assign(static_cast<std::size_t>(rank), 1);
  g.coords[0] = 0;
  g.coords[1] = 0;
  return g;
}

Outcome runTensorReduce(CUmodule module, bool im2col) {
  Outcome outcome;
  const char* entry = im2col ? "tensor_reduce_im2col" : "tensor_reduce_tile";
  CUfunction function;
  check(cuModuleGetFunction(&function, module, entry), (std::string("cuModuleGetFunction(") + entry + ")").c_str());
  static const std::vector<std::pair<std::string, std::vector<std::string>>> kPairs = {
      {"add", {"u32", "s32", "u64", "f32", "f16", "bf16"}},
      {"min", {"u32", "s32", "u64", "s64", "f16", "bf16"}},
      {"max", {"u32", "s32", "u64", "s64", "f16", "bf16"}},
      {"inc", {"u32"}},
      {"dec", {"u32"}},
      {"and", {"b32", "b64"}},
      {"or", {"b32", "b64"}},
      {"xor", {"b32", "b64"}}};
  Random random{im2col ? 0x5151515151515151ull : 0x7777777711111111ull};
  int case_index = 0;
  for (const auto& [op, types] : kPairs) {
    const int op_index = static_cast<int>(std::ranges::find(gen::kTensorRedOps, op) - gen::kTensorRedOps.begin());
    for (const std::string& type_name : types) {
      const int rank = im2col ? 3 + case_index % 3 : 1 + case_index % 5;
      const int hint = (case_index / (im2col ? 3 : 5)) % 2;
      ++case_index;
      const ElementType type = elementType(type_name);
      const TensorGeometry g = im2col ? im2colGeometry(rank) : tileGeometry(rank);
      std::string name = std::string("cp.reduce.async.bulk.tensor.") + std::to_string(rank) + "d " +
                         (im2col ? ".im2col_no_offs" : ".tile") + " ." + op + " ." + type_name +
                         (hint ? " .L2::cache_hint" : "");
      try {
        std::size_t elements = 1, box_elements = 1;
        for (auto d : g.dims) elements *= d;
        for (auto d : g.box) box_elements *= d;
        const std::size_t e = static_cast<std::size_t>(type.size);
        std::vector<std::uint8_t> tensor(elements * e), tile(box_elements * e);
        for (std::size_t i = 0; i < elements; ++i)
          storeElement(tensor.data() + i * e, type.size, randomElement(random, op, type_name));
        for (std::size_t i = 0; i < box_elements; ++i)
          storeElement(tile.data() + i * e, type.size, randomElement(random, op, type_name));
        if (tile.size() > static_cast<std::size_t>(gen::kTensorSmemBytes) || tile.size() % 16)
          throw std::logic_error("tile size");

        // Bytes between consecutive indices of dimensions 1..rank-1; a real
        // array even for rank 1, which has none.
        std::array<cuuint64_t, 5> strides{};
        std::uint64_t stride = e;
        for (int k = 0; k + 1 < rank; ++k)
          strides[static_cast<std::size_t>(k)] = stride *= g.dims[static_cast<std::size_t>(k)];
        std::vector<std::uint32_t> element_strides(static_cast<std::size_t>(rank), 1);
        DeviceBuffer tensor_dev(tensor.size()), tile_dev(tile.size()), out_dev(16);
        tensor_dev.upload(tensor);
        tile_dev.upload(tile);
        out_dev.upload(std::vector<std::uint8_t>(16, 0xCD));
        CUtensorMap map;
        if (im2col) {
          std::vector<int> lower(static_cast<std::size_t>(rank - 2), 0), upper(static_cast<std::size_t>(rank - 2), 0);
          check(cuTensorMapEncodeIm2col(
                    &map, type.tensor_type, static_cast<cuuint32_t>(rank), reinterpret_cast<void*>(tensor_dev.ptr),
                    g.dims.data(), strides.data(), lower.data(), upper.data(), kIm2colChannels, kIm2colWidth,
                    element_strides.data(), CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
                    CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
                "cuTensorMapEncodeIm2col");
        } else {
          check(cuTensorMapEncodeTiled(
                    &map, type.tensor_type, static_cast<cuuint32_t>(rank), reinterpret_cast<void*>(tensor_dev.ptr),
                    g.dims.data(), strides.data(), g.box.data(), element_strides.data(), CU_TENSOR_MAP_INTERLEAVE_NONE,
                    CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
                "cuTensorMapEncodeTiled");
        }
        std::uint32_t bytes = static_cast<std::uint32_t>(tile.size());
        std::uint32_t form = static_cast<std::uint32_t>(((rank - 1) * 8 + op_index) * 2 + hint);
        std::int32_t c[5] = {0, 0, 0, 0, 0};
        for (int k = 0; k < rank; ++k) c[k] = g.coords[static_cast<std::size_t>(k)];
        launch(function, 1, 128, {&map, &tile_dev.ptr, &bytes, &form, &c[0], &c[1], &c[2], &c[3], &c[4], &out_dev.ptr});
        auto got = tensor_dev.download();
        // Reference: every element of the box, at coords + its index, reduced.
        auto want = tensor;
        for (std::size_t i = 0; i < box_elements; ++i) {
          std::size_t rest = i, offset = 0, scale = 1;
          for (int k = 0; k < rank; ++k) {
            const std::size_t idx = rest % g.box[static_cast<std::size_t>(k)];
            rest /= g.box[static_cast<std::size_t>(k)];
            offset += (static_cast<std::size_t>(g.coords[static_cast<std::size_t>(k)]) + idx) * scale;
            scale *= g.dims[static_cast<std::size_t>(k)];
          }
          std::uint8_t* d = want.data() + offset * e;
          storeElement(d, type.size,
                       reduce(op, type_name, loadElement(d, type.size), loadElement(tile.data() + i * e, type.size)));
        }
        Case result = compareBytes(name, got.data(), want.data(), want.size(), e);
        std::uint32_t err = u32At(out_dev.download(), 0);
        if (err != 0) {
          result.pass = false;
          result.detail +=
              "error word " + std::to_string(err) + " (1: no instruction for form " + std::to_string(form) + ")";
        }
        outcome.cases.push_back(result);
      } catch (const DriverError& error) {
        outcome.cases.push_back({name, false, error.what()});
        // A failed launch may leave the context unusable: stop here.
        if (std::string(error.what()).find("kernel execution") != std::string::npos) return outcome;
      }
    }
  }
  return outcome;
}

// ---------------------------------------------------------------------------

const std::map<std::string, std::function<Outcome(CUmodule)>>& kernels() {
  static const std::map<std::string, std::function<Outcome(CUmodule)>> kKernels = {
      {"cp_async", runCpAsync},
      {"bulk_copy", runBulkCopy},
      {"bulk_reduce_global", runBulkReduceGlobal},
      {"bulk_reduce_cluster", runBulkReduceCluster},
      {"red_async", runRedAsync},
      {"tensor_reduce_tile", [](CUmodule m) { return runTensorReduce(m, false); }},
      {"tensor_reduce_im2col", [](CUmodule m) { return runTensorReduce(m, true); }},
  };
  return kKernels;
}

CUdevice initDevice() {
  check(cuInit(0), "cuInit");
  CUdevice device;
  check(cuDeviceGet(&device, 0), "cuDeviceGet");
  CUcontext context;
  check(cuDevicePrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
  return device;
}

int printInfo() {
  CUdevice device = initDevice();
  char name[256] = {};
  check(cuDeviceGetName(name, sizeof name, device), "cuDeviceGetName");
  int driver = 0, major = 0, minor = 0;
  check(cuDriverGetVersion(&driver), "cuDriverGetVersion");
  check(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device), "cuDeviceGetAttribute");
  check(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device), "cuDeviceGetAttribute");
  std::printf("{\"gpu\": \"%s\", \"cuda_driver_api_version\": %d, \"compute_capability\": \"%d.%d\"}\n",
              jsonEscape(name).c_str(), driver, major, minor);
  return 0;
}

int runKernel(const std::string& kernel, const std::string& cubin) {
  Outcome outcome;
  auto found = kernels().find(kernel);
  if (found == kernels().end()) {
    outcome.error = "no harness for kernel '" + kernel + "'";
  } else {
    try {
      initDevice();
      CUmodule module;
      check(cuModuleLoad(&module, cubin.c_str()), ("cuModuleLoad(" + cubin + ")").c_str());
      outcome = found->second(module);
    } catch (const std::exception& error) {
      outcome.error = error.what();
    }
  }
  bool pass = outcome.error.empty() && !outcome.cases.empty();
  for (const Case& c : outcome.cases) pass = pass && c.pass;
  std::string reason = outcome.error;
  if (reason.empty()) {
    for (const Case& c : outcome.cases)
      if (!c.pass) {
        reason = c.name + ": " + c.detail;
        break;
      }
  }
  std::printf("{\"kernel\": \"%s\", \"result\": \"%s\", \"reason\": \"%s\", \"cases\": [", jsonEscape(kernel).c_str(),
              pass ? "PASS" : "FAIL", jsonEscape(reason).c_str());
  for (std::size_t i = 0; i < outcome.cases.size(); ++i) {
    const Case& c = outcome.cases[i];
    std::printf("%s\n  {\"name\": \"%s\", \"result\": \"%s\", \"detail\": \"%s\"}", i ? "," : "",
                jsonEscape(c.name).c_str(), c.pass ? "PASS" : "FAIL", jsonEscape(c.detail).c_str());
  }
  std::printf("]}\n");
  return pass ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  try {
    if (args.size() == 1 && args[0] == "--info") return printInfo();
    if (args.size() == 4 && args[0] == "--kernel" && args[2] == "--cubin") return runKernel(args[1], args[3]);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "e2e-harness: %s\n", error.what());
    return 2;
  }
  std::fprintf(stderr, "usage: e2e-harness --info | --kernel NAME --cubin FILE\n");
  return 2;
}
