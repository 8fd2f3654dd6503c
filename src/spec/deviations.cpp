// The manual-versus-ptxas table (deviations.h). Every entry has a golden
// line checked against ptxas (`golden`), and tools/difftest counts a
// disagreement as explained only where ptxlint's --compat verdict, which
// this table gives, agrees with ptxas.
#include "spec/deviations.h"

#include <algorithm>
#include <array>

#include "support/text.h"

namespace ptxlint::spec {

bool DeviationSubject::has(std::string_view qualifier) const {
  return std::find(qualifiers.begin(), qualifiers.end(), qualifier) != qualifiers.end();
}

bool DeviationSubject::hasAny(std::initializer_list<std::string_view> list) const {
  return std::any_of(list.begin(), list.end(), [&](std::string_view q) { return has(q); });
}

bool DeviationSubject::hasPrefix(std::string_view prefix) const {
  return std::any_of(qualifiers.begin(), qualifiers.end(), [&](std::string_view q) { return q.starts_with(prefix); });
}

bool DeviationSubject::anyOperandOfType(std::string_view type) const {
  return std::any_of(operands.begin(), operands.end(), [&](const DeviationOperand& o) {
    return (o.kind == DeviationOperand::Kind::Register || o.kind == DeviationOperand::Kind::Vector) && o.type == type;
  });
}

namespace {

using Kind = DeviationOperand::Kind;
constexpr DeviationDirection kStricter = DeviationDirection::PtxasStricter;
constexpr DeviationDirection kLaxer = DeviationDirection::PtxasLaxer;

bool hasScope(const DeviationSubject& s) { return s.hasAny({"cta", "cluster", "gpu", "sys"}); }

// A debug section's subject (deviation_check.h, src/sema/debug_directives.cpp):
// qualifiers {"b8"} and one value (an integer: one IntConstant, its text
// signed; label+imm: an Other and the IntConstant imm), or the line's type
// alone (no operands), or a label line (no qualifiers).
bool dwarfInteger(const DeviationSubject& s) {
  return s.operands.size() == 1 && s.operands[0].kind == Kind::IntConstant;
}
bool dwarfNegative(const DeviationSubject& s) { return dwarfInteger(s) && s.operands[0].text.starts_with("-"); }
bool dwarfLabelOffset(const DeviationSubject& s) {
  return s.operands.size() == 2 && s.operands[0].kind == Kind::Other && s.operands[1].kind == Kind::IntConstant;
}
bool before(const DeviationSubject& s, PtxVersion v) { return s.version && *s.version < v; }
bool lastOperandIs(const DeviationSubject& s, Kind kind) {
  return !s.operands.empty() && s.operands.back().kind == kind;
}
bool anyFloatConditional(const DeviationSubject& s) {
  return std::any_of(s.operands.begin(), s.operands.end(),
                     [](const DeviationOperand& o) { return o.float_conditional; });
}

bool anyOperand(const DeviationSubject& s, Kind kind) {
  return std::any_of(s.operands.begin(), s.operands.end(), [&](const DeviationOperand& o) { return o.kind == kind; });
}
bool anyFloatOperand(const DeviationSubject& s) {
  return anyOperand(s, Kind::FloatConstant) || s.anyOperandOfType(".f32") || s.anyOperandOfType(".f16x2");
}
// A qualifier one or two letters off `word` (`.alignd`, `.releae`): ptxas
// refuses it as an unknown modifier, so an entry about `word`'s absence
// does not speak for the line.
bool misspells(const DeviationSubject& s, std::string_view word) {
  return std::any_of(s.qualifiers.begin(), s.qualifiers.end(),
                     [&](std::string_view q) { return q != word && support::editDistance(q, word) <= 2; });
}
// The .op/.type pairs ptxas 13.0 takes in every red.async form (it refuses
// the others: "Incorrect type '.b32' for operation '.add' in instruction
// 'red.async'"): the manual's .relaxed blocks, .add also with .s64.
bool redAsyncTypeFitsOp(const DeviationSubject& s) {
  if (s.has("add")) return s.hasAny({"u32", "s32", "u64", "s64"});
  if (s.hasAny({"inc", "dec"})) return s.has("u32");
  if (s.hasAny({"min", "max"})) return s.hasAny({"u32", "s32"});
  return s.hasAny({"and", "or", "xor"}) && s.has("b32");
}
// ptxas 13.0 ties red.async's scope to its state space: .cluster to
// .shared::cluster ("Modifier '.cluster' requires '.shared::cluster' space"),
// .gpu and .sys to .global ("Modifier '.gpu' requires '.global' space");
// without .ss either is taken.
bool redAsyncScopeFitsSpace(const DeviationSubject& s) {
  if (s.has("cluster")) return !s.has("global");
  return !s.has("shared::cluster");
}
// Whether an instruction names its state space (ld.global, st.shared::cta);
// without one it uses generic addressing (6.4.1.1).
bool namesStateSpace(const DeviationSubject& s) {
  return s.hasAny({"global", "local"}) || s.hasPrefix("shared") || s.hasPrefix("const") || s.hasPrefix("param");
}
// An address whose base is a variable declared in a state space starting with
// `space` (".const", ".shared").
bool namesVariableIn(const DeviationSubject& s, std::string_view space) {
  return std::any_of(s.operands.begin(), s.operands.end(), [&](const DeviationOperand& o) {
    return o.kind == Kind::Address && o.variable_space.starts_with(space);
  });
}
bool integerRegisterType(std::string_view type) { return type.starts_with(".u") || type.starts_with(".s"); }
// Whether a register of type `reg` (".f32") may hold `type` ("u32") data the
// way ptxas 13.0 takes st.async's b: the size, and Table 26 (9.4).
bool dataTypeAgrees(std::string_view type, std::string_view reg) {
  if (reg.size() < 2 || type.empty() || reg.substr(2) != type.substr(1)) return false;
  char want = type[0], have = reg[1];
  return want == 'b' || have == 'b' || want == have || ((want == 'u' || want == 's') && (have == 'u' || have == 's'));
}
// st.async's b: a register (or, without .vec, an integer constant) that
// agrees with .type, a vector only with .v2/.v4 and its registers of one type.
bool stAsyncDataFits(const DeviationSubject& s) {
  const DeviationOperand* b = s.operand(1);
  auto type = std::find_if(s.qualifiers.begin(), s.qualifiers.end(), [](std::string_view q) {
    return q.size() >= 2 && (q[0] == 'b' || q[0] == 'u' || q[0] == 's' || q[0] == 'f') && q[1] >= '1' && q[1] <= '9';
  });
  if (b == nullptr || type == s.qualifiers.end()) return false;
  bool vec = s.hasAny({"v2", "v4"});
  if (b->kind == Kind::IntConstant) return !vec && type->front() != 'f';
  if (b->kind == Kind::Vector) return vec && !b->mixed_types && !b->has_sink && dataTypeAgrees(*type, b->type);
  return !vec && b->kind == Kind::Register && dataTypeAgrees(*type, b->type);
}
// What ptxas 13.0 takes of st.async's operands: [a], b, [mbar] with a type
// of 32 or 64 bits (a .v2/.v4 vector too), or [a], b without a vector
// ("Vector qualifier is not allowed for instruction 'st.async'").
bool stAsyncShapeFits(const DeviationSubject& s) {
  if (!stAsyncDataFits(s)) return false;
  if (s.operands.size() == 2) return !s.hasAny({"v2", "v4"});
  return s.operands.size() == 3 && !s.hasAny({"b8", "u8", "s8", "b16", "u16", "s16"});
}
// The .mbarrier::complete_tx::bytes form as ptxas 13.0 takes it, whatever
// its state space and [mbar]: .weak or .cluster (not both), no .release;
// .cluster only with .shared::cluster ("Modifier '.cluster' requires
// '.shared::cluster' space").
bool stAsyncMbarrierFormFits(const DeviationSubject& s) {
  // one state space at most ("Unexpected number of state spaces specified in instruction 'st.async'")
  std::size_t spaces = static_cast<std::size_t>(std::count_if(
      s.qualifiers.begin(), s.qualifiers.end(), [](std::string_view q) { return q.starts_with("shared"); }));
  return spaces <= 1 && s.has("mbarrier::complete_tx::bytes") &&
         !s.hasAny({"mmio", "release", "relaxed", "cta", "gpu", "sys"}) && !(s.has("weak") && s.has("cluster")) &&
         !s.has("global") && !(s.has("cluster") && s.hasAny({"shared", "shared::cta"})) && stAsyncShapeFits(s);
}
// The .gpu/.sys form as ptxas 13.0 takes it: [a], b; .global or generic,
// no vector, no completion mechanism, no .weak.
bool stAsyncReleaseFormFits(const DeviationSubject& s) {
  return s.hasAny({"gpu", "sys"}) && !s.hasPrefix("mbarrier::") && !s.hasAny({"weak", "relaxed", "v2", "v4"}) &&
         !s.hasPrefix("shared") && s.operands.size() == 2 && stAsyncDataFits(s);
}
// st.async with neither a completion mechanism nor .sem/.scope, as ptxas
// 13.0 takes it: [a], b generic, .shared::cta or .global; [a], b, [mbar]
// with .shared::cta.
bool stAsyncBareFormFits(const DeviationSubject& s) {
  if (s.hasPrefix("mbarrier::") || s.hasAny({"mmio", "release", "relaxed", "cta", "cluster", "gpu", "sys"})) {
    return false;
  }
  if (s.hasAny({"shared", "shared::cluster"})) return false;
  bool space_fits = s.operands.size() == 2 || s.has("shared::cta");
  return space_fits && stAsyncShapeFits(s);
}
bool isRegisterOf(const DeviationOperand* o, std::initializer_list<std::string_view> types) {
  return o != nullptr && o->kind == Kind::Register && std::find(types.begin(), types.end(), o->type) != types.end();
}
// The type qualifiers in order ("bf16", "u16"): words like u16, s32, bf16, f16x2.
std::size_t countQualifier(const DeviationSubject& s, std::string_view q) {
  return static_cast<std::size_t>(std::count(s.qualifiers.begin(), s.qualifiers.end(), q));
}
bool integerInstructionType(const DeviationSubject& s) {
  return s.hasAny({"u16", "u32", "u64", "s16", "s32", "s64", "u16x2", "s16x2"});
}
// A type qualifier: b32, u16, s16x2, f32, bf16x2, e4m3 is not one.
bool isTypeWord(std::string_view q) {
  std::size_t digits = q.starts_with("bf") ? 2 : 1;
  return q.size() > digits && (q[0] == 'b' || q[0] == 'u' || q[0] == 's' || q[0] == 'f') && q[digits] >= '1' &&
         q[digits] <= '9';
}
// The type of operand `i` as the instruction's type qualifiers give it
// (cvt.dtype.atype, set.dtype.stype, setp.stype, slct.dtype.s32,
// mul.wide.stype); "" where they do not say.
std::string_view operandTypeWord(const DeviationSubject& s, std::size_t i) {
  std::string_view types[3];
  std::size_t n = 0;
  for (std::string_view q : s.qualifiers) {
    if (isTypeWord(q) && n < 3) types[n++] = q;
  }
  if (n == 0) return {};
  if (s.opcode == "cvt" || s.opcode == "set") return n < 2 ? (i == 0 ? types[0] : "") : types[i == 0 ? 0 : 1];
  if (s.opcode == "setp") return i == 0 ? "" : types[0];
  if (s.opcode == "slct") return i == 3 && n > 1 ? types[1] : types[0];
  if (s.has("wide")) {
    bool source = i == 1 || i == 2;
    // mul.wide.u32 d, a, b: 32-bit sources; mul.wide.u16: a 32-bit d (and mad's c)
    if (types[0] == "u32" || types[0] == "s32") return source ? types[0] : "";
    return source ? types[0] : (types[0] == "u16" ? "u32" : "s32");
  }
  return n == 1 || std::all_of(types, types + n, [&](std::string_view t) { return t == types[0]; }) ? types[0]
                                                                                                    : types[n - 1];
}
// Where ptxas 13.0 refuses an .f16x2 register though the operand is a
// 32-bit integer ("Arguments mismatch for instruction 'bfe'"): the operands
// of a fixed .u32/.s32 type (shift amounts, positions, lengths, member
// masks, barrier names), dp4a's and dp2a's d and c, every operand of
// redux, nanosleep and cvta, and of the packed .u16x2/.s16x2 forms other
// than add (no .sat), min and max.
bool ptxasRefusesF16x2At(const DeviationSubject& s, std::size_t i) {
  std::string_view op = s.opcode;
  bool last = i + 1 == s.operands.size();
  if (op == "redux" || op == "nanosleep" || op == "cvta") return true;
  if (op == "barrier" || op == "bar") return !(i == 0 && s.has("red"));
  if (op == "popc" || op == "clz" || op == "bfind" || op == "vset" || op == "getctarank") return i == 0;
  if (op == "bfe") return i >= 2;
  if (op == "bfi") return i >= 3;
  if (op == "szext" || op == "shl" || op == "shr" || op == "mapa") return i == 2;
  if (op == "shf") return i == 3;
  if (op == "shfl" || op == "vote") return last;
  if (op == "match") return i == 0 || last;
  if (op == "dp4a" || op == "dp2a") return i == 0 || i == 3;
  if (s.hasAny({"u16x2", "s16x2"})) return !((op == "add" && !s.has("sat")) || op == "min" || op == "max");
  return false;
}
// Every .f16x2 register (or vector of them) of the line stands for a 32-bit
// integer operand that ptxas 13.0 takes it for (add.u32, st.global.u32,
// mul.wide.u32's sources), and there is one.
bool f16x2RegistersFitIntegerOperands(const DeviationSubject& s) {
  bool any = false;
  for (std::size_t i = 0; i < s.operands.size(); ++i) {
    const DeviationOperand& o = s.operands[i];
    if ((o.kind != Kind::Register && o.kind != Kind::Vector) || o.type != ".f16x2") continue;
    std::string_view type = operandTypeWord(s, i);
    bool integer32 = type == "u32" || type == "s32" || type == "b32" || type == "u16x2" || type == "s16x2";
    if (!integer32 || ptxasRefusesF16x2At(s, i)) return false;
    any = true;
  }
  return any;
}

// fma.{rz,rm,rp}{.oob}{.relu}.bf16/.bf16x2 d, a, b, c as ptxas 13.0 takes
// it: nothing else on the line (.sat, .ftz: "Illegal modifier '.sat' for
// instruction 'fma'"; the mixed fma.rnd.f32.bf16 allows these roundings
// anyway), registers of the type's size, where fma.bf16 (and .oob) exist.
bool fmaBf16RoundingFits(const DeviationSubject& s) {
  bool pair = s.has("bf16x2");
  if (!s.hasAny({"rz", "rm", "rp"}) || !(pair || s.has("bf16")) || s.qualifiers.size() > 4) return false;
  for (std::string_view q : s.qualifiers) {
    if (q != "rz" && q != "rm" && q != "rp" && q != "relu" && q != "oob" && q != "bf16" && q != "bf16x2") return false;
  }
  bool oob = s.has("oob");
  if (!s.target || s.target->sm < (oob ? 90 : 80) || before(s, oob ? PtxVersion{8, 1} : PtxVersion{7, 0})) {
    return false;
  }
  if (s.operands.size() != 4) return false;
  return std::all_of(s.operands.begin(), s.operands.end(), [&](const DeviationOperand& o) {
    return pair ? isRegisterOf(&o, {".b32", ".bf16x2"}) : isRegisterOf(&o, {".b16", ".bf16"});
  });
}

// st.v8 of an 8- or 16-bit type as ptxas 13.0 takes it: where it would take
// the line with .v4 ("Instruction 'st' requires '.v8.b32/.v4.b64' type with
// '.L2::evict_last' modifier", "Modifier '.evict_last' cannot be applied to
// '.shared' space for instruction 'st'", "Modifier '.volatile' cannot be
// applied to '.param' space", "Modifier '.mmio' cannot be combined with
// modifier '.v8'"), eight integer or bit-size registers, any size.
bool stV8NarrowFits(const DeviationSubject& s) {
  if (!s.has("v8") || !s.hasAny({"b8", "b16", "u8", "u16", "s8", "s16"})) return false;
  if (s.has("mmio") || s.hasPrefix("L2::evict")) return false;
  bool generic_or_global = !namesStateSpace(s) || s.has("global");
  if ((s.hasPrefix("L1::") || s.has("L2::cache_hint")) && !generic_or_global) return false;
  if (s.hasAny({"volatile", "relaxed", "release"}) && (s.has("local") || s.hasPrefix("param"))) return false;
  const DeviationOperand* b = s.operand(1);
  std::size_t operands = s.has("L2::cache_hint") ? 3 : 2;
  return s.operands.size() == operands && b && b->kind == Kind::Vector && b->elements == 8 && !b->has_sink &&
         !b->mixed_types && (b->type.starts_with(".b") || integerRegisterType(b->type));
}

// The rest of a half-precision setp as ptxas 13.0 takes it: a floating-point
// CmpOp ("Mismatch between instruction type and comparison qualifier" for
// .lo), c with a BoolOp only ("Boolean operation is required"), .bf16 and
// .bf16x2 from sm_90 and PTX ISA 7.8.
bool halfSetpFits(const DeviationSubject& s) {
  if (!s.hasAny({"eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"})) {
    return false;
  }
  if (s.hasAny({"and", "or", "xor"}) != (s.operands.size() == 4) || s.operands.size() < 3) return false;
  bool bfloat = s.hasAny({"bf16", "bf16x2"});
  return !bfloat || (s.target && s.target->sm >= 90 && !before(s, {7, 8}));
}

// Operand kinds ptxas 13.0 leaves unchecked in a few slots (tools/difftest
// --operand-kinds): which operands are the sparsity metadata or block-scale
// data of an mma or wgmma line, and what ptxas takes there besides the
// manual's 32-bit integer.
// On sm_100, sm_101 and sm_103 ptxas 13.0 lowers mma.sp to a built-in
// function whose parameter e is typed ("Type of argument does not match
// formal parameter 'e'" for a .pred register, a syntax error for a vector).
bool oddMetadataOperand(const DeviationSubject& s, const DeviationOperand* o) {
  if (o == nullptr) return false;
  if (o->kind == Kind::FloatConstant) return o->text.starts_with("0f") || o->text.starts_with("0F");
  if (o->kind == Kind::Register && o->type == ".f32") return true;
  bool builtin = s.opcode == "mma" && s.target && s.target->sm >= 100 && s.target->sm <= 103;
  return !builtin && ((o->kind == Kind::Register && o->type == ".pred") || o->kind == Kind::Vector);
}
bool metadataTakesAnyRegister(const DeviationSubject& s) {
  if (s.opcode == "wgmma") return s.has("sp") && oddMetadataOperand(s, s.operand(3));
  // d, a, b, c, e, f, scale-a-data, {..}, scale-b-data, {..} with .sp; the
  // scale data at 4 and 6 without.
  bool sp = s.hasAny({"sp", "sp::ordered_metadata"});
  bool sparse = sp && oddMetadataOperand(s, s.operand(4));
  std::size_t scale_a = sp ? 6 : 4;
  bool scaled = s.has("block_scale") &&
                (oddMetadataOperand(s, s.operand(scale_a)) || oddMetadataOperand(s, s.operand(scale_a + 2)));
  return sparse || scaled;
}
// A register or a constant, no brackets, where a bulk copy names an address:
// a register or a floating-point constant in cp.async.bulk.tensor's and cp.reduce.async.bulk.tensor's
// shared-memory and mbarrier addresses; an integer constant or a 16- or
// 64-bit integer register as cp.async.bulk's [mbar], a 64-bit one as
// cp.reduce.async.bulk's.
// (An integer constant there is an immediate address to ptxas: "Immediate
// addresses allowed only for .local state space".)
bool bareOperand(const DeviationOperand* o) {
  return o != nullptr && (o->kind == Kind::Register || o->kind == Kind::FloatConstant);
}
bool bulkAddressUnchecked(const DeviationSubject& s) {
  if (s.has("tensor")) {
    // Which operand is which: a load into shared memory names the shared
    // space first ([dstMem], [tensorMap, ...], [mbar]); a store or a
    // reduction starts with the tensor ([tensorMap, ...], [srcMem]); the
    // prefetch has no shared-memory address.
    if (s.has("prefetch")) return false;
    auto first_space = std::find_if(s.qualifiers.begin(), s.qualifiers.end(),
                                    [](std::string_view q) { return q.starts_with("shared") || q == "global"; });
    bool reduce = !s.qualifiers.empty() && s.qualifiers[0] == "reduce";
    bool load = !reduce && first_space != s.qualifiers.end() && first_space->starts_with("shared");
    // Only where the rest is that form's: the tensor operand ([tensorMap,
    // {coords}]) where the form has it, and a load's completion mechanism
    // (ptxas refuses a load's spaces with a store's operands and
    // .bulk_group: "Vector expected for argument 2").
    auto tensor = [&](std::size_t i) {
      const DeviationOperand* o = s.operand(i);
      return o != nullptr && o->kind == Kind::Address && o->elements > 0;
    };
    if (load) return tensor(1) && s.hasPrefix("mbarrier::") && (bareOperand(s.operand(0)) || bareOperand(s.operand(2)));
    return tensor(0) && bareOperand(s.operand(1));
  }
  const DeviationOperand* mbar = s.operand(3);
  if (mbar == nullptr || !s.hasPrefix("mbarrier::") || s.has("L2::cache_hint")) return false;
  if (mbar->kind == Kind::IntConstant) return true;
  if (mbar->kind != Kind::Register || !(mbar->type.starts_with(".b") || integerRegisterType(mbar->type))) return false;
  bool reduce = s.opcode == "cp" && !s.qualifiers.empty() && s.qualifiers[0] == "reduce";
  return mbar->type.ends_with("64") || (!reduce && mbar->type.ends_with("16"));
}

// What ptxas 13.0 takes for st.async's b with .v2/.v4 besides the vector:
// one register that agrees with .type (Table 26), an integer constant, or
// for a 64-bit type a 64-bit floating-point constant.
bool stAsyncScalarForVector(const DeviationSubject& s) {
  const DeviationOperand* b = s.operand(1);
  if (b == nullptr || !s.hasAny({"v2", "v4"})) return false;
  auto type = std::find_if(s.qualifiers.begin(), s.qualifiers.end(), [](std::string_view q) {
    return q.size() >= 2 && (q[0] == 'b' || q[0] == 'u' || q[0] == 's' || q[0] == 'f') && q[1] >= '1' && q[1] <= '9';
  });
  if (type == s.qualifiers.end()) return false;
  if (b->kind == Kind::Register) return dataTypeAgrees(*type, b->type);
  if (b->kind == Kind::IntConstant) return true;
  return b->kind == Kind::FloatConstant && type->ends_with("64") && !b->text.starts_with("0f") &&
         !b->text.starts_with("0F");
}
// sust's c with .v2/.v4 given one scalar: ptxas 13.0 takes an integer
// constant (sust.p: any constant) and, for .b8 elements, any register.
bool sustScalarForVector(const DeviationSubject& s) {
  const DeviationOperand* c = s.operand(1);
  if (c == nullptr || !s.hasAny({"v2", "v4"})) return false;
  if (s.has("b")) {
    return c->kind == Kind::IntConstant || (c->kind == Kind::Register && c->type != ".pred" && s.has("b8"));
  }
  return c->kind == Kind::IntConstant || c->kind == Kind::FloatConstant;
}
// An integer constant of 33 bits or more where a small one goes (a barrier
// number, a sparsity selector): ptxas 13.0 keeps its low 32 bits.
bool wideConstantKeepsLowBits(const DeviationSubject& s) {
  // bar{.cta}.sync/arrive's and barrier's a (not .red's destination), wgmma.sp's sp-sel.
  std::size_t at = s.opcode == "wgmma" ? 4 : 0;
  if (s.opcode == "wgmma" ? !s.has("sp") : s.has("red")) return false;
  const DeviationOperand* o = s.operand(at);
  return o != nullptr && o->kind == Kind::IntConstant && o->value() > 0xffffffffULL &&
         (o->value() & 0xffffffffULL) < 16;
}

// cvt's .bf16x2 operand (d where .bf16x2 is the destination type, a where it
// is the source's): ptxas 13.0 takes any 32-bit register, a .pred register
// or a vector there, and a 0f constant as a source.
bool bf16x2OperandUnchecked(const DeviationSubject& s) {
  auto at = std::find(s.qualifiers.begin(), s.qualifiers.end(), std::string_view("bf16x2"));
  if (at == s.qualifiers.end()) return false;
  bool destination = at + 1 != s.qualifiers.end();  // .dtype.atype: the source's type comes last
  const DeviationOperand* o = s.operand(destination ? 0 : 1);
  if (o == nullptr) return false;
  // (Only a form the manual refuses: a .b32 register is the line's own, and
  // the entry must not speak for the rest of such a line.)
  // A vector anywhere; a .pred or other 32-bit register as the destination
  // only from .ue8m0x2 (ptxas refuses them for cvt.rn.bf16x2.f32's d), and
  // as the source.
  if (o->kind == Kind::Vector) return !o->has_sink;
  bool odd_register = o->type == ".pred" || (o->type.ends_with("32") && o->type != ".b32");
  if (o->kind == Kind::Register) return odd_register && (!destination || s.has("ue8m0x2"));
  return !destination && o->kind == Kind::FloatConstant && (o->text.starts_with("0f") || o->text.starts_with("0F"));
}

// The table. Sentences are the manual's (PTX ISA 9.1), messages ptxas 13.0's.
constexpr std::array kDeviations = {
    // ----- multimem (9.7.9.14)
    Deviation{"multimem-red-sem-needs-scope",
              "multimem",
              kStricter,
              "multimem.red",
              ".relaxed or .release without a scope",
              [](const DeviationSubject& s) {
                return s.hasAny({"relaxed", "release"}) && !hasScope(s);
              },
              "13.0",
              "Modifier '.relaxed' requires scope with 'multimem.red' instruction",
              "9.7.9.14",
              "If the .scope qualifier is not specified for multimem.red then .sys scope is assumed by default.",
              {"relaxed release", false, ".sys"},
              "tests/golden/deviations/all.ptx"},
    Deviation{"multimem-red-scope-needs-sem",
              "multimem",
              kStricter,
              "multimem.red",
              "a scope without .relaxed/.release",
              [](const DeviationSubject& s) {
                return hasScope(s) && !s.hasAny({"relaxed", "release", "acquire", "weak"});
              },
              "13.0",
              "Modifier '.gpu' requires order with 'multimem.red' instruction",
              "9.7.9.14",
              "If explicit semantics qualifiers are not specified, then multimem.ld_reduce and multimem.st default to "
              ".weak and multimem.red defaults to .relaxed.",
              {"cta cluster gpu sys", true, ".relaxed"},
              "tests/golden/deviations/all.ptx"},
    Deviation{"multimem-red-min-max-half",
              "multimem",
              kLaxer,
              "multimem.red",
              ".min/.max on .f16/.bf16/.f16x2/.bf16x2 with .vec",
              [](const DeviationSubject& s) {
                return s.hasAny({"min", "max"}) && s.hasAny({"v2", "v4", "v8"}) &&
                       s.hasAny({"f16", "bf16", "f16x2", "bf16x2"});
              },
              "13.0",
              "",
              "9.7.9.14",
              "multimem.red{.redsem}{.scope}{.ss}.redop{.vec}.redtype [a], b; with .redop = { .add }",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"multimem-ld-reduce-acc-prec-min-max",
              "multimem",
              kStricter,
              "multimem.ld_reduce",
              ".acc::f32/.acc::f16 with .min or .max",
              [](const DeviationSubject& s) {
                return s.hasAny({"acc::f32", "acc::f16"}) && s.hasAny({"min", "max"});
              },
              "13.0",
              "Illegal reduction operation for instruction 'multimem.ld_reduce.acc::f32'",
              "9.7.9.14",
              "multimem.ld_reduce{.ldsem}{.scope}{.ss}.op{.acc_prec}{.vec}.type d, [a]; .op = { .min, .max, .add } "
              ".acc_prec = { .acc::f32, .acc::f16 }",
              {},
              "tests/golden/deviations/all.ptx"},
    // ----- cp.async, cp.async.bulk (9.7.9.25)
    Deviation{"cp-async-cta-before-7.8",
              "cp.async",
              kLaxer,
              "cp.async.ca|cp.async.cg",
              ".shared::cta before PTX ISA 7.8",
              [](const DeviationSubject& s) {
                return s.has("shared::cta") && before(s, {7, 8});
              },
              "13.0",
              "",
              "9.7.9.25.3.1",
              "Support for sub-qualifier ::cta introduced in PTX ISA version 7.8.",
              {},
              "tests/golden/deviations/early.ptx"},
    Deviation{"cp-async-bulk-scope",
              "cp.async.bulk",
              kLaxer,
              "cp.async.bulk",
              "a scope (.cta, .cluster, .gpu, .sys)",
              [](const DeviationSubject& s) {
                // the copies (cp.async.bulk.global..., .shared::...), not wait_group/commit_group
                bool copy =
                    s.qualifiers.size() > 2 && (s.qualifiers[2] == "global" || s.qualifiers[2].starts_with("shared"));
                return copy && !s.has("tensor") && !s.has("prefetch") && hasScope(s);
              },
              "13.0",
              "",
              "9.7.9.25.4.1",
              "cp.async.bulk.dst.src.completion_mechanism{.level::cache_hint}{.cp_mask} [dstMem], [srcMem], size {, "
              "cache-policy} {, byteMask} (no scope in any block)",
              {},
              "tests/golden/deviations/all.ptx",
              "cta cluster gpu sys"},
    Deviation{"bulk-copy-bare-address",
              "cp.async",
              kLaxer,
              "cp.async.bulk|cp.reduce.async.bulk",
              "a register or a constant without brackets as the shared-memory or mbarrier address of "
              "cp.async.bulk.tensor and cp.reduce.async.bulk.tensor, an integer constant or a 16- or 64-bit integer "
              "register as cp.async.bulk's [mbar] (64-bit as cp.reduce.async.bulk's)",
              bulkAddressUnchecked,
              "13.0",
              "",
              "9.7.9.25.4.1",
              "cp.async.bulk.dst.src.completion_mechanism{.level::cache_hint} [dstMem], [srcMem], size, [mbar] {, "
              "cache-policy}",
              {},
              "tests/golden/operands/ptxas-unchecked.ptx"},
    Deviation{"constant-for-register-operand",
              "all",
              kLaxer,
              "clusterlaunchcontrol.query_cancel|istypep|mbarrier.arrive|mbarrier.arrive_drop|txq",
              "an integer constant as clusterlaunchcontrol.query_cancel's try_cancel_response (get_first_ctaid: "
              "or a vector of four) or istypep's a; a vector of 32-bit registers as mbarrier.arrive's count "
              "(not .expect_tx's txCount) or txq's lod",
              [](const DeviationSubject& s) {
                bool second = s.opcode == "clusterlaunchcontrol" || s.opcode == "istypep";
                const DeviationOperand* o = s.operand(second ? 1 : 2);
                if (o == nullptr) return false;
                if (s.opcode == "clusterlaunchcontrol") {
                  // (is_canceled: "Vector operand is not allowed")
                  bool scalar_form = s.operand(0) && s.operand(0)->kind != Kind::Vector;
                  // (the forms with a dimension, .v4 or is_canceled: a bare
                  // get_first_ctaid.b32 is refused whatever its operand)
                  bool form = s.hasPrefix("get_first_ctaid::") || s.has("is_canceled") || s.has("v4");
                  bool vector =
                      o->kind == Kind::Vector && o->elements == 4 && s.hasPrefix("get_first_ctaid::") && scalar_form;
                  return (o->kind == Kind::IntConstant && form) || vector;
                }
                if (s.opcode == "istypep") return o->kind == Kind::IntConstant;
                // (not .expect_tx's txCount: "Arguments mismatch")
                return o->kind == Kind::Vector && !o->has_sink && o->type.ends_with("32") && !s.has("expect_tx");
              },
              "13.0",
              "",
              "9.7.10.6",
              "Destination p has type .pred; the source address operand must be of type .u64.",
              {},
              "tests/golden/operands/ptxas-unchecked.ptx"},
    Deviation{"st-async-scalar-for-vector",
              "st.async",
              kLaxer,
              "st.async",
              "one register of the type, an integer constant or (64-bit types) a 0d constant as the .v2/.v4 vector b",
              stAsyncScalarForVector,
              "13.0",
              "",
              "9.7.9.12",
              "st.async{.weak}{.ss}.completion_mechanism{.vec}.type [a], b, [mbar]; .vec = { .v2, .v4 };",
              {},
              "tests/golden/operands/ptxas-unchecked.ptx"},
    Deviation{"sust-scalar-for-vector",
              "texture",
              kLaxer,
              "sust",
              "an integer constant (sust.p: any constant; .b8 elements: any register) as the .v2/.v4 vector c",
              sustScalarForVector,
              "13.0",
              "",
              "9.7.11.2",
              "sust.b.{1d,2d,3d}{.cop}.vec.ctype.clamp [a, b], c; .vec = { none, .v2, .v4 };",
              {},
              "tests/golden/operands/ptxas-unchecked.ptx"},
    Deviation{"wide-constant-low-bits",
              "all",
              kLaxer,
              "bar|barrier|wgmma",
              "an integer constant of more than 32 bits whose low 32 bits are in range as bar's and barrier's a or "
              "wgmma.mma_async.sp's sp-sel",
              wideConstantKeepsLowBits,
              "13.0",
              "",
              "9.7.13.1",
              "Operands a, b, and d have type .u32; operands p and c are predicates.",
              {},
              "tests/golden/operands/ptxas-unchecked.ptx"},
    Deviation{"cvt-bf16x2-operand-unchecked",
              "conversion",
              kLaxer,
              "cvt",
              "a vector as cvt's .bf16x2 operand; a .pred or other 32-bit register as the source or as the "
              "destination from .ue8m0x2; a 0f constant as the source",
              bf16x2OperandUnchecked,
              "13.0",
              "",
              "9.7.9.21",
              "For .f16x2 and .bf16x2 instruction type, two inputs a and b of .f32 type are converted into .f16 or "
              ".bf16 type and the converted values are packed in the destination register d",
              {},
              "tests/golden/operands/ptxas-unchecked.ptx"},
    // ----- red.async (9.7.13.7)
    Deviation{"red-async-relaxed-without-mbar",
              "red.async",
              kLaxer,
              "red.async",
              ".relaxed without its [mbar] operand (an .op/.type pair ptxas takes)",
              [](const DeviationSubject& s) {
                return s.has("relaxed") && !s.has("mmio") && s.has("mbarrier::complete_tx::bytes") &&
                       s.operands.size() == 2 && redAsyncTypeFitsOp(s) && redAsyncScopeFitsSpace(s);
              },
              "13.0",
              "",
              "9.7.13.7",
              "red.async.sem.scope{.ss}.completion_mechanism.op.type [a], b, [mbar];",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{
        "red-async-relaxed-gpu-sys",
        "red.async",
        kLaxer,
        "red.async",
        ".relaxed with .gpu or .sys in the .release form (no completion mechanism), an .op/.type pair ptxas takes",
        [](const DeviationSubject& s) {
          return s.has("relaxed") && !s.has("mmio") && s.hasAny({"gpu", "sys"}) && !s.hasPrefix("mbarrier::") &&
                 redAsyncTypeFitsOp(s) && redAsyncScopeFitsSpace(s);
        },
        "13.0",
        "",
        "9.7.13.7",
        "When .sem is .relaxed: ... If .ss is specified, it must be .shared::cluster. (.scope = { .cluster })",
        {},
        "tests/golden/deviations/all.ptx"},
    Deviation{"red-async-relaxed-add-s64",
              "red.async",
              kLaxer,
              "red.async",
              ".relaxed .add.s64",
              [](const DeviationSubject& s) {
                return s.has("relaxed") && !s.has("mmio") && s.has("add") && s.has("s64") && redAsyncScopeFitsSpace(s);
              },
              "13.0",
              "",
              "9.7.13.7",
              ".type = { .u32, .s32, .u64 } (the .relaxed ADD block)",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"red-async-release-other-ops",
              "red.async",
              kLaxer,
              "red.async",
              ".release (.gpu/.sys, .global) with an .op other than .add, of a type the .op takes",
              [](const DeviationSubject& s) {
                return s.has("release") && !s.has("add") && s.hasAny({"gpu", "sys"}) && !s.has("shared::cluster") &&
                       !s.hasPrefix("mbarrier::") && redAsyncTypeFitsOp(s);
              },
              "13.0",
              "",
              "9.7.13.7",
              "red.async{.mmio}.sem.scope{.ss}.add.type [a], b;",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"red-async-mmio-non-sys",
              "red.async",
              kLaxer,
              "red.async",
              ".mmio.release with .gpu (an .op/.type pair ptxas takes)",
              [](const DeviationSubject& s) {
                return s.has("mmio") && s.has("release") && s.has("gpu") && !s.has("shared::cluster") &&
                       redAsyncTypeFitsOp(s);
              },
              "13.0",
              "",
              "9.7.13.7",
              "When .sem is .release: ... If .mmio is specified, .scope must be .sys.",
              {},
              "tests/golden/deviations/all.ptx"},
    // ----- any instruction
    Deviation{"float-conditional-operand",
              "all",
              kStricter,
              "*",
              "a ?: choosing between floating-point values in an operand",
              anyFloatConditional,
              "13.0",
              "Integer constant expression expected",
              "4.5.6",
              "Table 5 Constant Expression Evaluation Rules: Ternary ?: int ? .f64 : .f64, same as sources, .f64",
              {},
              "tests/golden/operands/constant-expression-types.ptx"},
    Deviation{"acc-prec-anywhere",
              "all",
              kLaxer,
              "*",
              ".acc::f16/.acc::f32 outside multimem.ld_reduce",
              [](const DeviationSubject& s) {
                bool ld_reduce = s.opcode == "multimem" && !s.qualifiers.empty() && s.qualifiers[0] == "ld_reduce";
                // (ptxas 13.0 refuses pmevent.acc::f16.mask: "Unknown modifier '.mask'")
                auto acc = std::find_if(s.qualifiers.begin(), s.qualifiers.end(),
                                        [](std::string_view q) { return q == "acc::f16" || q == "acc::f32"; });
                bool mask_after =
                    s.opcode == "pmevent" && std::find(acc, s.qualifiers.end(), "mask") != s.qualifiers.end();
                return !ld_reduce && acc != s.qualifiers.end() && !mask_after;
              },
              "13.0",
              "",
              "9.7.9.14",
              "multimem.ld_reduce{.ldsem}{.scope}{.ss}.op{.acc_prec}{.vec}.type d, [a]; (the one block with .acc_prec)",
              {},
              "tests/golden/deviations/all.ptx",
              "acc::f16 acc::f32"},
    Deviation{"immediate-address-outside-local",
              "memory",
              kStricter,
              "ld|st|ldu|atom|red|prefetch|prefetchu|cp|multimem|mbarrier|applypriority|discard|createpolicy|ldmatrix|"
              "stmatrix|wmma|tensormap|clusterlaunchcontrol|tcgen05.alloc|tcgen05.commit",
              "an immediate address [immAddr] outside .local",
              [](const DeviationSubject& s) { return anyOperand(s, Kind::ImmediateAddress) && !s.has("local"); },
              "13.0",
              "Immediate addresses allowed only for .local state space",
              "6.4.1",
              "[immAddr] (an immediate absolute address, one of the address expressions of 6.4.1)",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"tensor-memory-immediate-address",
              "tcgen05",
              kStricter,
              "tcgen05.ld|tcgen05.st|tcgen05.mma",
              "an immediate tensor-memory address [immAddr] (tcgen05.cp and tcgen05.shift take it)",
              [](const DeviationSubject& s) { return anyOperand(s, Kind::ImmediateAddress); },
              "13.0",
              "Arguments mismatch for instruction 'tcgen05.ld' ('tcgen05.st', 'tcgen05.mma')",
              "9.7.16.8.3",
              "the location specified by the 32-bit address operand taddr (an address expression of 6.4.1, "
              "[immAddr] among them)",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"tex-acube-offset",
              "texture",
              kLaxer,
              "tex",
              "tex.acube with a scalar offset e and an .f32 coordinate type (d, [a, c], e, f)",
              [](const DeviationSubject& s) {
                // A scalar e and an .f32 coordinate type: ptxas refuses a
                // vector e ("Illegal modifier '.acube'") and an .s32 ctype.
                return s.has("acube") && !s.hasAny({"level", "grad", "base"}) && s.operands.size() == 4 &&
                       s.operand(2)->kind == Kind::Register && !s.qualifiers.empty() && s.qualifiers.back() == "f32";
              },
              "13.0",
              "",
              "9.7.10.3",
              "Offset vector operand e is not supported for cubemap texture arrays.",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"wmma-32-bit-address-register",
              "matrix",
              kLaxer,
              "wmma.load|wmma.store",
              "a 32-bit register as the address under .address_size 64",
              [](const DeviationSubject& s) {
                // The address p (a load's second operand, a store's first),
                // and no other operand in brackets.
                std::size_t p = !s.qualifiers.empty() && s.qualifiers[0] == "load" ? 1 : 0;
                if (p >= s.operands.size()) return false;
                for (std::size_t i = 0; i < s.operands.size(); ++i) {
                  const DeviationOperand& o = s.operands[i];
                  bool narrow = o.kind == Kind::Address && o.type.size() == 4 && o.type.ends_with("32");
                  if (i == p ? !narrow : o.kind == Kind::Address || o.kind == Kind::ImmediateAddress) return false;
                }
                return true;
              },
              "13.0",
              "",
              "11.1.3",
              "Specifies the address size assumed throughout the module by the PTX code",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"generic-access-names-const",
              "memory",
              kStricter,
              "ld|ldu|st|atom|red|prefetch|prefetchu|multimem|wmma|tensormap.replace",
              "a generic access (no state space) that names a .const variable: [cvar], [cvar+4]",
              [](const DeviationSubject& s) { return !namesStateSpace(s) && namesVariableIn(s, ".const"); },
              "13.0",
              "State space mismatch between instruction and address in instruction 'ld'",
              "6.4.1.1",
              "If a memory instruction does not specify a state space, the operation is performed using generic "
              "addressing. The state spaces .const, Kernel Function Parameters (.param), .local and .shared are "
              "modeled as windows within the generic address space.",
              {},
              "tests/golden/operands/named-addresses.ptx"},
    Deviation{"address-size-32",
              "module",
              kStricter,
              ".address_size",
              ".address_size 32",
              [](const DeviationSubject& s) { return s.operand(0) && s.operand(0)->value() == 32; },
              "13.0",
              "32-Bit compilation is no longer supported",
              "11.1.3",
              ".address_size address-size; address-size = { 32, 64 };",
              {},
              "tests/golden/module/address-size-32.ptx"},
    // ----- .section dwarf-lines (11.5.2)
    Deviation{"dwarf-b32-wide-integer",
              "module",
              kLaxer,
              ".section",
              "a .b32 dwarf value above 2^32-1",
              [](const DeviationSubject& s) {
                return s.has("b32") && dwarfInteger(s) && !dwarfNegative(s) && s.operands[0].value() > 0xFFFFFFFF;
              },
              "13.0",
              "",
              "11.5.2",
              ".b32 int32-list // comma-separated list of integers in range [-2^31..2^32-1]",
              {},
              "tests/golden/module/dwarf-lines.ptx"},
    Deviation{"dwarf-label-offset-range",
              "module",
              kLaxer,
              ".section",
              "label+imm whose offset is past a signed 32-bit (.b32) or 64-bit (.b64) integer",
              [](const DeviationSubject& s) {
                std::uint64_t max = s.has("b32") ? 0x7FFFFFFF : 0x7FFFFFFFFFFFFFFF;
                return dwarfLabelOffset(s) && s.operands[1].value() > max;
              },
              "13.0",
              "",
              "11.5.2",
              ".b32 label+imm // a sum of label address plus a constant integer byte offset(signed, 32bit)",
              {},
              "tests/golden/module/dwarf-lines.ptx"},
    Deviation{"dwarf-label-before-7.2",
              "module",
              kLaxer,
              ".section",
              "a label defined inside a debug section, .version 7.0 or 7.1 (ptxas 13.0 refuses it below 7.0)",
              [](const DeviationSubject& s) {
                return s.qualifiers.empty() && before(s, {7, 2}) && !before(s, {7, 0});
              },
              "13.0",
              "",
              "11.5.2",
              "Support for defining label inside the DWARF section is introduced in PTX ISA version 7.2.",
              {},
              "tests/golden/module/dwarf-lines-7.1.ptx"},
    Deviation{"dwarf-b16-before-6.0",
              "module",
              kLaxer,
              ".section",
              "a .b16 dwarf line, .version below 6.0",
              [](const DeviationSubject& s) {
                return s.has("b16") && s.operands.empty() && before(s, {6, 0});
              },
              "13.0",
              "",
              "11.5.2",
              "Support for .b16 integers in dwarf-lines introduced in PTX ISA version 6.0.",
              {},
              "tests/golden/module/dwarf-lines-early.ptx"},
    Deviation{"loc-attributes-before-7.2",
              "module",
              kLaxer,
              ".loc",
              "function_name and inlined_at on a .loc, .version 7.0 or 7.1 (ptxas 13.0 refuses them below 7.0)",
              [](const DeviationSubject& s) {
                return before(s, {7, 2}) && !before(s, {7, 0});
              },
              "13.0",
              "",
              "11.5.4",
              "function_name and inlined_at attributes are introduced in PTX ISA version 7.2.",
              {},
              "tests/golden/module/loc-attributes-7.1.ptx"},
    Deviation{"unsized-param-not-b8",
              "module",
              kLaxer,
              ".func",
              "an unsized last .param array of a type other than .b8 (.b32 a[])",
              [](const DeviationSubject& s) {
                return !s.has("b8") && !s.hasAny({"texref", "samplerref", "surfref", "bodiless", "defined"});
              },
              "13.0",
              "",
              "11.2.2",
              "The last parameter in the parameter list may be a .param array of type .b8 with no size specified.",
              {},
              "tests/golden/declarations/function-params.ptx"},
    Deviation{"opaque-param-function-declaration",
              "module",
              kLaxer,
              ".func",
              "a .texref, .samplerref or .surfref parameter of a .func declared without body (or a prototype)",
              [](const DeviationSubject& s) {
                return s.has("bodiless") && s.hasAny({"texref", "samplerref", "surfref"});
              },
              "13.0",
              "",
              "5.3",
              "Variables using these types may be declared at module scope or within kernel entry parameter lists.",
              {},
              "tests/golden/declarations/function-params.ptx"},
    Deviation{"branchtargets-before-6.0",
              "module",
              kStricter,
              ".branchtargets",
              ".branchtargets below PTX ISA 6.0 or below sm_30 (the manual: 2.1 and sm_20)",
              [](const DeviationSubject& s) {
                return before(s, {6, 0}) || (s.target && s.target->sm < 30);
              },
              "13.0",
              "Feature '.branchtargets directive' requires PTX ISA .version 6.0 or later",
              "11.3.1",
              "Introduced in PTX ISA version 2.1. ... Requires sm_20 or higher.",
              {},
              "tests/golden/control-flow/target-lists-2.x.ptx"},
    Deviation{"float-conditional-initializer",
              "module",
              kStricter,
              ".global|.const",
              "a ?: choosing between floating-point values in an initializer",
              anyFloatConditional,
              "13.0",
              "Integer constant expression expected",
              "4.5.6",
              "Table 5 Constant Expression Evaluation Rules: Ternary ?: int ? .f64 : .f64, same as sources, .f64",
              {},
              "tests/golden/declarations/initializer-values.ptx"},
    Deviation{"initializer-variable-declared-later",
              "module",
              kStricter,
              ".global|.const",
              "a variable named in an initializer before (or in) its own declaration",
              [](const DeviationSubject& s) {
                const DeviationOperand* o = s.operand(0);
                return o != nullptr && o->text == "a variable declared later";
              },
              "13.0",
              "Invalid initial value symbol",
              "5.4.4",
              "Variable names appearing in initializers represent the address of the variable; this can be used to "
              "statically initialize a pointer to a variable.",
              {},
              "tests/golden/declarations/initializer-names.ptx"},
    Deviation{"version-minor-past-9",
              "module",
              kLaxer,
              ".version",
              "a .version whose minor number is 10 or more, read by ptxas as major * 10 + minor (8.10 is 9.0)",
              [](const DeviationSubject& s) { return s.operand(0) != nullptr && s.operand(0)->value() != 0; },
              "13.0",
              "",
              "11.1.1",
              "PTX ISA version: .version major.minor // major, minor are integers",
              {},
              "tests/golden/module/version-minor-10.ptx"},
    Deviation{"declared-function-undefined",
              "module",
              kStricter,
              ".func|.entry",
              "a function declared without .extern (no linkage, .visible, .weak) and never defined in the module",
              [](const DeviationSubject& s) {
                const DeviationOperand* o = s.operand(0);
                return o != nullptr && o->text == "never defined";
              },
              "13.0",
              "Unresolved extern function",
              "11.6.3",
              ".weak .func (.reg .b32 val) foo;  // foo will be externally visible",
              {},
              "tests/golden/declarations/function-linkage.ptx"},
    Deviation{"function-linkage-mismatch",
              "module",
              kStricter,
              ".func|.entry",
              "declarations of a function with different linkage (.func then .visible .func, .weak then .visible, "
              ".extern then a declaration without linkage)",
              [](const DeviationSubject& s) {
                const DeviationOperand* o = s.operand(0);
                return o != nullptr && o->text == "linkage differs";
              },
              "13.0",
              "Inconsistent redefinition of variable",
              "11.6.2",
              "Declares identifier to be globally visible. Unlike C, where identifiers are globally visible unless "
              "declared static, PTX identifiers are visible only within the current module unless declared `.visible` "
              "outside the current.",
              {},
              "tests/golden/declarations/function-linkage.ptx"},
    Deviation{"array-size-expression",
              "module",
              kStricter,
              ".global|.const|.shared|.local|.param",
              "an array dimension written as a constant expression, not an integer literal ([2*8], [(16)])",
              [](const DeviationSubject& s) {
                const DeviationOperand* o = s.operand(0);
                return o != nullptr && o->text == "an array dimension";
              },
              "13.0",
              "Parsing error near '*': syntax error",
              "5.4.3",
              "The size of each dimension is a constant expression.",
              {},
              "tests/golden/declarations/array-sizes.ptx"},
    Deviation{"sm88-before-9.0",
              "module",
              kLaxer,
              ".target",
              ".target sm_88 at PTX ISA 7.4 to 8.8",
              [](const DeviationSubject& s) {
                const DeviationOperand* o = s.operand(0);
                return o != nullptr && o->text == "sm_88" && s.version && *s.version >= PtxVersion{7, 4};
              },
              "13.0",
              "",
              "11.1.2",
              "Target string sm_88 introduced in PTX ISA version 9.0.",
              {},
              "tests/golden/isa-versions/sm88-8.8.ptx"},
    Deviation{"pragma-module-scope",
              "module",
              kStricter,
              ".pragma",
              "\"used_bytes_mask\" or \"frequency\" at module scope",
              [](const DeviationSubject& s) {
                const DeviationOperand* o = s.operand(0);
                return o != nullptr && (o->text == "used_bytes_mask" || o->text == "frequency");
              },
              "13.0",
              "Pragma is allowed only within function scope",
              "12.2",
              "Pragma is ignored if instruction following it is not a load instruction. (12.4: it \"should be "
              "specified at the start of the basic block\")",
              {},
              "tests/golden/module/pragma-scope.ptx"},
    Deviation{"mask-integer-7.2",
              "module",
              kLaxer,
              ".global|.const",
              "an integer constant expression in mask() at PTX ISA 7.2",
              [](const DeviationSubject& s) {
                const DeviationOperand* o = s.operand(0);
                return s.version && *s.version == PtxVersion{7, 2} && o != nullptr && o->kind == Kind::IntConstant &&
                       o->text == "mask()";
              },
              "13.0",
              "",
              "5.4.4",
              "PTX ISA version 7.3 supports Integer constant expression as an operand in the mask() operator.",
              {},
              "tests/golden/declarations/initializer-masks-7.2.ptx"},
    Deviation{"dwarf-negative-zero",
              "module",
              kStricter,
              ".section",
              "-0 on a .b8, .b16 or .b32 dwarf line",
              [](const DeviationSubject& s) { return dwarfNegative(s) && s.operands[0].value() == 0 && !s.has("b64"); },
              "13.0",
              "Value out of range for type .b8 0",
              "11.5.2",
              ".b8 byte-list // comma-separated list of integers in range [-128..255]",
              {},
              "tests/golden/module/dwarf-lines.ptx"},
    Deviation{"dwarf-negative-unsigned-literal",
              "module",
              kStricter,
              ".section",
              "a negative dwarf value whose literal is unsigned: a U suffix, or 2^63 (-9223372036854775808)",
              [](const DeviationSubject& s) {
                if (!dwarfNegative(s)) return false;
                std::string_view text = s.operands[0].text;
                return text.ends_with("U") || text.ends_with("u") || s.operands[0].value() == (std::uint64_t{1} << 63);
              },
              "13.0",
              "Parsing error near '1U': syntax error",
              "11.5.2",
              "Negative numbers in dwarf lines introduced in PTX ISA version 7.5.",
              {},
              "tests/golden/module/dwarf-lines.ptx"},
    Deviation{"cvta-32-bit",
              "memory",
              kStricter,
              "cvta",
              ".size .u32",
              [](const DeviationSubject& s) { return s.has("u32"); },
              "13.0",
              "Program uses 32-bit address ... conflicting with .address_size 64; 32-Bit compilation is no longer "
              "supported",
              "9.7.9.20",
              "cvta.space.size p, a; .size = { .u32, .u64 };",
              {},
              "tests/golden/deviations/all.ptx"},
    // ----- ld, st (9.7.9.8, 9.7.9.11)
    Deviation{"ld-sink-any-vector",
              "memory",
              kLaxer,
              "ld",
              "the sink '_' in a .v2/.v4 vector",
              [](const DeviationSubject& s) {
                const DeviationOperand* d = s.operand(0);
                return s.hasAny({"v2", "v4"}) && d && d->kind == Kind::Vector && d->has_sink;
              },
              "13.0",
              "",
              "9.7.9.8",
              "Optionally, sink symbol '_' can be used in vector expression d when: .vec is .v8 and .type is .b32 or "
              ".s32 or .u32 or .f32 OR .vec is .v4 and .type is .b64 or .s64 or .u64 or .f64",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"st-v8-narrow-types",
              "memory",
              kLaxer,
              "st",
              ".v8 with 8- and 16-bit types, {b0, ..., b7} of integer or bit-size registers; no .mmio, "
              "no .L2::evict_*; .L1::* and .L2::cache_hint only .global or generic; .volatile, .relaxed, .release "
              "not .local or .param",
              stV8NarrowFits,
              "13.0",
              "",
              "9.7.9.11",
              "The .v8 (.vec) qualifier is supported if: .type is .b32, .s32, .u32, or .f32",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"unified-before-8.0",
              "memory",
              kLaxer,
              "ld",
              "[a].unified before PTX ISA 8.0",
              [](const DeviationSubject& s) {
                return before(s, {8, 0}) &&
                       std::any_of(s.operands.begin(), s.operands.end(),
                                   [](const DeviationOperand& o) { return o.address_qualifier == ".unified"; });
              },
              "13.0",
              "",
              "9.7.9.8",
              "Support for .unified qualifier introduced in PTX ISA version 8.0.",
              {},
              "tests/golden/deviations/early.ptx"},
    // ----- arithmetic and logic (9.7.1-9.7.8)
    Deviation{"selp-negated-predicate",
              "arithmetic",
              kLaxer,
              "selp",
              "a negated predicate c",
              [](const DeviationSubject& s) { return lastOperandIs(s, Kind::Negated); },
              "13.0",
              "",
              "9.7.8.2",
              "selp.type d, a, b, c; (c is a predicate; {!}c is written where negation is allowed)",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"setp-half-single-predicate",
              "arithmetic",
              kLaxer,
              "setp",
              "one destination predicate for .f16x2/.bf16x2",
              [](const DeviationSubject& s) {
                return s.hasAny({"f16x2", "bf16x2"}) && s.operand(0) && s.operand(0)->kind != Kind::PredicatePair &&
                       halfSetpFits(s);
              },
              "13.0",
              "",
              "9.7.7.2",
              "setp.CmpOp{.ftz}.f16x2 p|q, a, b;",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"setp-half-sink",
              "arithmetic",
              kLaxer,
              "setp",
              "the sink '_' as the destination of .f16/.bf16",
              [](const DeviationSubject& s) {
                return s.hasAny({"f16", "bf16"}) && s.operand(0) && s.operand(0)->kind == Kind::Sink && halfSetpFits(s);
              },
              "13.0",
              "",
              "9.7.7.2",
              "setp.CmpOp{.ftz}.f16 p, a, b;",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"fma-bf16-rounding",
              "arithmetic",
              kLaxer,
              "fma",
              ".rz/.rm/.rp on .bf16/.bf16x2 (fma.rnd{.oob}{.relu}.bf16 d, a, b, c, .b16 registers; .bf16x2: .b32), "
              "sm_80 and PTX ISA 7.0 on (.oob: sm_90, 8.1)",
              fmaBf16RoundingFits,
              "13.0",
              "",
              "9.7.4.5",
              "fma.rnd{.relu}.bf16 d, a, b, c; .rnd = { .rn }",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"f16x2-register-for-integer",
              "arithmetic",
              kLaxer,
              "*",
              "an .f16x2 register for a 32-bit integer operand, where ptxas takes one (add.u32, st.global.u32, "
              "fns's base; not shift amounts, bfe's b and c, member masks, dp4a's d and c, redux, nanosleep)",
              [](const DeviationSubject& s) {
                return (integerInstructionType(s) || s.opcode == "fns") && f16x2RegistersFitIntegerOperands(s);
              },
              "13.0",
              "",
              "9.4",
              "Table 26: .uX ... .fX: invalid",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"bmsk-float-operand",
              "arithmetic",
              kStricter,
              "bmsk",
              "an .f32/.f16x2 register or a 0f constant",
              anyFloatOperand,
              "13.0",
              "Arguments mismatch for instruction 'bmsk'",
              "9.4",
              "Bit-size types agree with any type of the same size. (bmsk.mode.b32 d, a, b;)",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"mov-constant-to-vector",
              "arithmetic",
              kLaxer,
              "mov",
              "a constant unpacked into a vector",
              [](const DeviationSubject& s) {
                const DeviationOperand* d = s.operand(0);
                const DeviationOperand* a = s.operand(1);
                return d && a && d->kind == Kind::Vector &&
                       (a->kind == Kind::IntConstant || a->kind == Kind::FloatConstant);
              },
              "13.0",
              "",
              "9.7.9.4",
              "write vector register d with the unpacked values from scalar register a",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"lop3-immlut-range",
              "arithmetic",
              kLaxer,
              "lop3",
              "an immLut outside 0..255",
              [](const DeviationSubject& s) {
                return std::any_of(
                    s.operands.begin() + std::min<std::size_t>(3, s.operands.size()), s.operands.end(),
                    [](const DeviationOperand& o) { return o.kind == Kind::IntConstant && o.value() > 255; });
              },
              "13.0",
              "",
              "9.7.8.6",
              "immLut is an integer constant that can take values from 0 to 255",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"lop3-negated-q",
              "arithmetic",
              kLaxer,
              "lop3.or|lop3.and",
              "a negated predicate q in lop3.BoolOp",
              [](const DeviationSubject& s) { return s.operands.size() == 6 && lastOperandIs(s, Kind::Negated); },
              "13.0",
              "",
              "9.7.8.6",
              "lop3.BoolOp.b32 d|p, a, b, c, immLut, q; (q, where other blocks write {!}c)",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"set-bf16-integer-result",
              "arithmetic",
              kLaxer,
              "set",
              "a .u16/.s16 register for the .bf16 result d of set.CmpOp.bf16.stype",
              [](const DeviationSubject& s) {
                return !s.has("ftz") && s.qualifiers.size() >= 3 && countQualifier(s, "bf16") == 1 &&
                       s.qualifiers[s.qualifiers.size() - 2] == "bf16" && isRegisterOf(s.operand(0), {".u16", ".s16"});
              },
              "13.0",
              "",
              "9.7.7.1",
              "set.CmpOp.bf16.stype d, a, b; (Table 26, 9.4: \"Floating-point types agree only if they have the same "
              "size; i.e., they must match exactly\")",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"set-bf16-from-bf16",
              "arithmetic",
              kLaxer,
              "set",
              "a .bf16 result from .bf16 sources (set.CmpOp.bf16.bf16)",
              [](const DeviationSubject& s) {
                auto half = [](const DeviationOperand* o) { return isRegisterOf(o, {".b16", ".u16", ".s16"}); };
                return !s.has("ftz") && (s.qualifiers.size() == 3 || s.qualifiers.size() == 4) &&
                       s.qualifiers[s.qualifiers.size() - 1] == "bf16" &&
                       s.qualifiers[s.qualifiers.size() - 2] == "bf16" && half(s.operand(0)) && half(s.operand(1)) &&
                       half(s.operand(2));
              },
              "13.0",
              "",
              "9.7.7.1",
              ".stype = { .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f16, .f32, .f64 } (no .bf16)",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{
        "add-f32-bf16-integer-source",
        "arithmetic",
        kLaxer,
        "add|sub|fma",
        "a .u16/.s16 register or an integer constant for a .bf16 source of add/sub/fma .f32.bf16 (a; fma's "
        "a and b)",
        [](const DeviationSubject& s) {
          bool fma = s.opcode == "fma";
          std::size_t n = fma ? 4 : 3;
          auto integer = [](const DeviationOperand* o) {
            return isRegisterOf(o, {".u16", ".s16"}) || (o && o->kind == Kind::IntConstant);
          };
          auto source = [&](const DeviationOperand* o) { return integer(o) || isRegisterOf(o, {".b16", ".bf16"}); };
          bool sources =
              fma ? source(s.operand(1)) && source(s.operand(2)) && (integer(s.operand(1)) || integer(s.operand(2)))
                  : integer(s.operand(1));
          return s.has("f32") && s.has("bf16") && s.operands.size() == n && sources &&
                 isRegisterOf(s.operand(0), {".f32", ".b32"}) && isRegisterOf(s.operand(n - 1), {".f32", ".b32"}) &&
                 s.target && s.target->sm >= 100 && !before(s, {8, 6});
        },
        "13.0",
        "",
        "9.7.5.1",
        "add{.rnd}{.sat}.f32.atype d, a, c; .atype = { .f16, .bf16 } (Table 26, 9.4: \"Floating-point types "
        "agree only if they have the same size; i.e., they must match exactly\")",
        {},
        "tests/golden/deviations/all.ptx"},
    Deviation{"fns-float-operands",
              "arithmetic",
              kLaxer,
              "fns",
              "an .f32 register or a 0f constant for base or offset",
              [](const DeviationSubject& s) {
                auto floaty = [](const DeviationOperand* o) {
                  return isRegisterOf(o, {".f32"}) ||
                         (o && o->kind == Kind::FloatConstant && o->text.starts_with("0f"));
                };
                auto fits = [&](const DeviationOperand* o) {
                  return floaty(o) || isRegisterOf(o, {".b32", ".u32", ".s32"}) || (o && o->kind == Kind::IntConstant);
                };
                return s.operands.size() == 4 && (floaty(s.operand(2)) || floaty(s.operand(3))) && fits(s.operand(2)) &&
                       fits(s.operand(3));
              },
              "13.0",
              "",
              "9.7.1.17",
              "Operand base has .b32, .u32 or .s32 type. Operand offset has .s32 type.",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"testp-without-op",
              "arithmetic",
              kLaxer,
              "testp",
              "no .op qualifier",
              [](const DeviationSubject&
                     s) { return !s.hasAny({"finite", "infinite", "number", "notanumber", "normal", "subnormal"}); },
              "13.0",
              "",
              "9.7.3.24",
              "testp.op.type p, a; (no default .op is given)",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"extended-precision-16-bit",
              "arithmetic",
              kLaxer,
              "addc|subc|madc",
              "16-bit types without .cc (ptxas: \"Modifier '.cc' applies only to addc integer types\")",
              [](const DeviationSubject& s) {
                return s.hasAny({"u16", "s16"}) && !s.has("cc");
              },
              "13.0",
              "",
              "9.7.2",
              ".type = { .u32, .s32, .u64, .s64 }",
              {},
              "tests/golden/deviations/all.ptx",
              "u16 s16"},
    // PTX ISA 1.0 to 1.3 (9.7.3.8, 9.7.3.13, 9.7.3.15; 11.1.2)
    Deviation{"div-rn-f64-before-1.4",
              "arithmetic",
              kLaxer,
              "div",
              "div.rn.f64 before PTX ISA 1.4",
              [](const DeviationSubject& s) {
                return s.has("rn") && s.has("f64") && before(s, {1, 4});
              },
              "13.0",
              "",
              "9.7.3.8",
              "Explicit modifiers .approx, .full, .ftz, and rounding introduced in PTX ISA version 1.4.",
              {},
              "tests/golden/arith/approx-bare-1.x.ptx"},
    Deviation{"sqrt-rn-f64-before-1.4",
              "arithmetic",
              kLaxer,
              "sqrt",
              "sqrt.rn.f64 before PTX ISA 1.4",
              [](const DeviationSubject& s) {
                return s.has("rn") && s.has("f64") && before(s, {1, 4});
              },
              "13.0",
              "",
              "9.7.3.15",
              "sqrt.rn.f64 and explicit modifiers .approx and .ftz were introduced in PTX ISA version 1.4.",
              {},
              "tests/golden/arith/approx-bare-1.x.ptx"},
    // 9.7.3.7 mad, Errata: "for PTX ISA version 3.0 and earlier, ptxas does
    // not enforce this requirement ... For PTX ISA version 3.1, ptxas
    // generates a warning".
    Deviation{"mad-f32-rounding-before-3.2",
              "arithmetic",
              kLaxer,
              "mad",
              "mad.f32 without a rounding modifier on sm_20 or higher before PTX ISA 3.2",
              [](const DeviationSubject& s) {
                return s.has("f32") && !s.hasAny({"rn", "rz", "rm", "rp"}) && before(s, {3, 2}) && s.target &&
                       s.target->sm >= 20;
              },
              "13.0",
              "",
              "9.7.3.7",
              "In PTX ISA versions 2.0 and later, a rounding modifier is required for mad.f32 for sm_20 and higher "
              "targets.",
              {},
              "tests/golden/arith/mad-rounding-3.x.ptx"},
    Deviation{"f64-without-map-below-sm13",
              "module",
              kLaxer,
              "*",
              ".f64 instructions on sm_10 to sm_12 without map_f64_to_f32",
              [](const DeviationSubject& s) {
                return s.target && s.target->sm < 13 && !s.target->maps_f64 &&
                       (s.has("f64") || s.anyOperandOfType(".f64"));
              },
              "13.0",
              "",
              "11.1.2",
              "sm_10: Baseline feature set for sm_10 architecture. Requires map_f64_to_f32 if any .f64 instructions "
              "used.",
              {},
              "tests/golden/isa-versions/f64-without-map-sm10.ptx"},
    // ----- synchronization (9.7.13)
    Deviation{"fence-acquire-release-early",
              "synchronization",
              kLaxer,
              "fence",
              "fence.acquire/.release with a scope before PTX ISA 8.6 or below sm_90",
              // Not with .cluster where the scope itself is too new (below
              // sm_90 or before PTX ISA 7.8): ptxas refuses that line.
              [](const DeviationSubject& s) {
                const bool clusterTooNew = s.has("cluster") && (before(s, {7, 8}) || (s.target && s.target->sm < 90));
                return s.hasAny({"acquire", "release"}) && s.qualifiers.size() == 2 && hasScope(s) && !clusterTooNew &&
                       (before(s, {8, 6}) || (s.target && s.target->sm < 90));
              },
              "13.0",
              "",
              "9.7.13.4",
              ".acquire and .release qualifiers for fence instruction introduced in PTX ISA version 8.6",
              {},
              "tests/golden/deviations/early.ptx"},
    Deviation{"fence-proxy-async-state-space",
              "synchronization",
              kLaxer,
              "fence.proxy.async::generic",
              "a state space (.global)",
              [](const DeviationSubject& s) { return s.has("global"); },
              "13.0",
              "",
              "9.7.13.4",
              "fence.proxy.async::generic.acquire.sync_restrict::shared::cluster.cluster; (no state space)",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"fence-proxy-tensormap-address-register",
              "synchronization",
              kLaxer,
              "fence.proxy.tensormap::generic",
              "[addr] in a floating-point or .pred register (no offset: ptxas 13.0 may crash on [%fd1+8])",
              [](const DeviationSubject& s) {
                const DeviationOperand* addr = s.operand(0);
                const DeviationOperand* size = s.operand(1);
                return s.has("acquire") && hasScope(s) && addr && addr->kind == Kind::Address && !addr->offset &&
                       (addr->type.starts_with(".f") || addr->type.starts_with(".bf") || addr->type == ".pred") &&
                       size && size->kind == Kind::IntConstant && size->value() == 128;
              },
              "13.0",
              "",
              "6.4.1",
              "[reg]: an integer or bit-size type register reg containing a byte address.",
              {},
              "tests/golden/operands/named-addresses.ptx"},
    // ----- st.async (9.7.9.12)
    Deviation{"st-async-mbarrier-forms",
              "st.async",
              kLaxer,
              "st.async",
              "the .mbarrier::complete_tx::bytes form without its [mbar] operand, or with .shared or .shared::cta",
              [](const DeviationSubject& s) {
                return stAsyncMbarrierFormFits(s) && (s.operands.size() == 2 || s.hasAny({"shared", "shared::cta"}));
              },
              "13.0",
              "",
              "9.7.9.12",
              "st.async{.weak}{.ss}.completion_mechanism{.vec}.type [a], b, [mbar]; ... If .ss is specified, it must "
              "be .shared::cluster.",
              {},
              "tests/golden/tma/async-store.ptx",
              "shared shared::cta"},
    Deviation{"st-async-mmio-gpu",
              "st.async",
              kLaxer,
              "st.async",
              ".mmio.release with .gpu",
              [](const DeviationSubject& s) {
                return stAsyncReleaseFormFits(s) && s.has("mmio") && s.has("release") && s.has("gpu");
              },
              "13.0",
              "",
              "9.7.9.12",
              "If .mmio is specified, .scope must be .sys.",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"st-async-scope-without-sem",
              "st.async",
              kLaxer,
              "st.async",
              ".gpu or .sys without .release (and without .mmio)",
              [](const DeviationSubject& s) {
                return stAsyncReleaseFormFits(s) && !s.has("mmio") && !s.has("release") && !misspells(s, "release");
              },
              "13.0",
              "",
              "9.7.9.12",
              "st.async{.mmio}.sem.scope{.ss}.type [a], b; .sem = { .release } (no braces: .sem is mandatory; "
              "without it st.async is .weak, whose scope is .cluster)",
              {},
              "tests/golden/tma/async-store.ptx"},
    Deviation{
        "st-async-without-completion-mechanism",
        "st.async",
        kLaxer,
        "st.async",
        "neither .mbarrier::complete_tx::bytes nor .release/.scope: [a], b (generic, .shared::cta, .global) "
        "or [a], b, [mbar] with .shared::cta",
        stAsyncBareFormFits,
        "13.0",
        "",
        "9.7.9.12",
        "st.async{.weak}{.ss}.completion_mechanism{.vec}.type [a], b, [mbar]; st.async{.mmio}.sem.scope{.ss}.type "
        "[a], b; (.completion_mechanism, or .sem and .scope, in every block)",
        {},
        "tests/golden/tma/async-store.ptx",
        "shared::cta"},
    Deviation{"st-async-float-vector-integer-registers",
              "st.async",
              kLaxer,
              "st.async",
              "a .v2/.v4 vector of .f32/.f64 data in integer registers of one type and the size",
              [](const DeviationSubject& s) {
                const DeviationOperand* b = s.operand(1);
                return s.hasAny({"v2", "v4"}) && s.hasAny({"f32", "f64"}) && b && b->kind == Kind::Vector &&
                       !b->mixed_types && !b->has_sink && integerRegisterType(b->type) &&
                       b->type.substr(2) == (s.has("f32") ? "32" : "64");
              },
              "13.0",
              "",
              "9.7.9.12",
              "b is a source value, of the type indicated by qualifier .type. (Table 26, 9.4: .fX with .sX/.uX "
              "registers is invalid)",
              {},
              "tests/golden/tma/async-store.ptx"},
    Deviation{"st-bulk-32-bit-size",
              "st.async",
              kStricter,
              "st.bulk",
              "a .b32 size register (PTX ISA 9.0; .u32 and .s32 ones are taken)",
              [](const DeviationSubject& s) {
                const DeviationOperand* size = s.operand(1);
                // (ptxas 13.0 takes .u32 and .s32 registers; difftest --operand-kinds)
                return size && size->kind == Kind::Register && size->type == ".b32";
              },
              "13.0",
              "Arguments mismatch for instruction 'mov'",
              "9.7.9.13",
              "The 32-bit or 64-bit integer operand size specifies the amount of memory to be initialized in terms of "
              "number of bytes. ... Support for size operand with 32-bit length is introduced in PTX ISA version 9.0.",
              {},
              "tests/golden/tma/async-store.ptx"},
    Deviation{"st-bulk-shared-variable",
              "st.async",
              kStricter,
              "st.bulk",
              ".shared::cta with a .shared variable named as [a]: [sbuf], [sbuf+8]",
              [](const DeviationSubject& s) { return s.has("shared::cta") && namesVariableIn(s, ".shared"); },
              "13.0",
              "Argument 1 of instruction 'add': must be register",
              "9.7.9.13",
              "st.bulk{.weak}{.shared::cta}  [a], size, initval; (6.4.1: [var], the name of an addressable "
              "variable var, and [var+immOff] are address operands)",
              {},
              "tests/golden/tma/async-store.ptx"},
    // ----- wgmma, wmma, mma, tcgen05 (9.7.14-9.7.16)
    Deviation{"sparse-metadata-any-register",
              "matrix",
              kLaxer,
              "mma|wgmma",
              "an .f32 or .pred register, a vector or a 0f constant as mma.sp's e, wgmma.mma_async.sp's sp-meta or "
              "mma's scale-a-data and scale-b-data",
              metadataTakesAnyRegister,
              "13.0",
              "",
              "9.7.14.6.3",
              "Operand e is a 32-bit integer and operand f is a 32-bit integer constant with values in the range 0..3.",
              {},
              "tests/golden/operands/ptxas-unchecked.ptx"},
    Deviation{"wgmma-sp-meta-constant",
              "matrix",
              kStricter,
              "wgmma",
              "an integer constant as wgmma.mma_async.sp's sp-meta",
              [](const DeviationSubject& s) {
                return s.has("sp") && s.operand(3) && s.operand(3)->kind == Kind::IntConstant;
              },
              "13.0",
              "Arguments mismatch for instruction 'wgmma.mma_async'",
              "9.7.15.6.3",
              "Operand sp-meta is a 32-bit integer and operand sp-sel is a 32-bit integer constant with values in the "
              "range 0..3.",
              {},
              "tests/golden/operands/ptxas-unchecked-wgmma.ptx"},
    Deviation{"wgmma-without-aligned",
              "matrix",
              kLaxer,
              "wgmma",
              "no .aligned",
              [](const DeviationSubject& s) { return !s.has("aligned") && !misspells(s, "aligned"); },
              "13.0",
              "",
              "9.7.15",
              "The mandatory .aligned qualifier indicates that all threads in the warpgroup must execute the same "
              "wgmma.mma_async instruction.",
              {},
              "tests/cli/ptxas-transparency"},
    Deviation{"wmma-load-c-subbyte-float-ctype",
              "matrix",
              kLaxer,
              "wmma.load.c",
              ".f32 as .ctype of the .m8n8k32 and .m8n8k128 shapes, into a vector of two (as .s32)",
              [](const DeviationSubject& s) {
                // (ptxas 13.0 refuses .f16 there at every vector size, and
                // .f32 but into two registers: "Argument vector size mismatch")
                const DeviationOperand* d = s.operand(0);
                return s.hasAny({"m8n8k32", "m8n8k128"}) && s.has("f32") && s.has("aligned") && d != nullptr &&
                       d->kind == Kind::Vector && d->elements == 2;
              },
              "13.0",
              "",
              "9.7.14.4.3",
              "wmma.load.c.sync.aligned.layout.shape{.ss}.ctype r, [p] {, stride}; .shape = {.m8n8k32}; .ctype = "
              "{.s32};",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"mma-kind-f8f6f4-sm100",
              "matrix",
              kLaxer,
              "mma.sync",
              ".kind::f8f6f4 with .e4m3/.e5m2 (no .block_scale) on sm_100a/sm_100f/sm_103a",
              [](const DeviationSubject& s) {
                bool fp8_only = !s.hasAny({"e2m1", "e3m2", "e2m3"}) && s.hasAny({"e4m3", "e5m2"});
                return s.has("kind::f8f6f4") && !s.has("block_scale") && fp8_only && s.target &&
                       (s.target->sm == 100 || s.target->sm == 103) && s.target->suffix != TargetSuffix::None;
              },
              "13.0",
              "",
              "9.7.14.5.14",
              "Support for .kind, .block_scale, .scale_vec_size qualifier requires sm_120a and are supported on "
              "sm_120f or higher in the same family from PTX ISA version 8.8.",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"tcgen05-mma-i8-scale-input-d",
              "tcgen05",
              kLaxer,
              "tcgen05.mma",
              "a constant scale-input-d with .kind::i8 (any value)",
              [](const DeviationSubject& s) {
                std::size_t n = s.operands.size();
                return s.has("kind::i8") && !s.has("ws") && n >= 6 && s.operands[n - 1].kind == Kind::IntConstant &&
                       isRegisterOf(&s.operands[n - 2], {".pred"});
              },
              "13.0",
              "",
              "9.7.16.10.9.1",
              "The argument scale-input-d is only valid for .kind::tf32 and .kind::f16.",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"mma-mx-kind-without-block-scale",
              "matrix",
              kLaxer,
              "mma.sync",
              ".kind::mxf4/.kind::mxf4nvf4/.kind::mxf8f6f4 without .block_scale, m16n8k32 with .e4m3/.e5m2 (taken as "
              ".kind::f8f6f4)",
              [](const DeviationSubject& s) {
                bool fp8_only = !s.hasAny({"e2m1", "e3m2", "e2m3"}) && s.hasAny({"e4m3", "e5m2"});
                bool target = s.target && s.target->suffix != TargetSuffix::None &&
                              (s.target->sm == 100 || s.target->sm == 103 || s.target->sm >= 120);
                return s.hasAny({"kind::mxf4", "kind::mxf4nvf4", "kind::mxf8f6f4"}) && s.has("m16n8k32") &&
                       !s.has("block_scale") && fp8_only && target;
              },
              "13.0",
              "",
              "9.7.14.5.14",
              "mma.sync.aligned.m16n8k32.row.col.kind.block_scale{.scale_vec_size}.f32.f8f6f4type.f8f6f4type.f32.stype "
              "d, a, b, c, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b}; .kind = "
              "{.kind::mxf8f6f4} (the mx kinds only with .block_scale)",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"tcgen05-dealloc-ncols",
              "tcgen05",
              kLaxer,
              "tcgen05.dealloc",
              "an nCols that is a multiple of 32 but not a power of 2 in [32, 512] (0, 96, 1024)",
              [](const DeviationSubject& s) {
                const DeviationOperand* n = s.operand(1);
                return n && n->kind == Kind::IntConstant && n->value() % 32 == 0 &&
                       n->value() < (std::uint64_t{1} << 31) && n->value() != 32 && n->value() != 64 &&
                       n->value() != 128 && n->value() != 256 && n->value() != 512;
              },
              "13.0",
              "",
              "9.7.16.7.1",
              "The number of columns must be a power of 2. The operand nCols must be within the range [32, 512].",
              {},
              "tests/golden/deviations/all.ptx"},
    Deviation{"tcgen05-ld-st-without-aligned",
              "tcgen05",
              kLaxer,
              "tcgen05.ld|tcgen05.st",
              "no .aligned",
              [](const DeviationSubject& s) { return !s.has("aligned") && !misspells(s, "aligned"); },
              "13.0",
              "",
              "9.7.16.8.3",
              "The mandatory .aligned qualifier indicates that all threads in the warp must execute the same "
              "tcgen05.ld instruction.",
              {},
              "tests/golden/deviations/all.ptx"},
};

// ptxas 13.0 generates code for sm_75 and newer only, but assembles a module
// of an older .target (sm_13, sm_52, sm_70) for sm_75, its default -arch,
// without a word: it lacks only sm_101, which it calls sm_110 (tools/mutate
// lower-target: 38 modules of .target sm_52/sm_70/sm_72 it takes).
bool lacks13_0(const Target& t) { return t.sm == 101; }

const std::array kReleases = {
    PtxasRelease{"13.0", {9, 0}, 75, lacks13_0},
};

// The first words of the entries' mnemonics (mayDeviate's filter).
bool firstWordOf(std::string_view mnemonic, std::string_view opcode) {
  while (!mnemonic.empty()) {
    std::size_t bar = mnemonic.find('|');
    std::string_view one = mnemonic.substr(0, bar);
    if (one.substr(0, one.find('.')) == opcode) return true;
    if (bar == std::string_view::npos) break;
    mnemonic.remove_prefix(bar + 1);
  }
  return false;
}

bool dottedPrefixMatches(std::string_view one, const DeviationSubject& s) {
  std::size_t dot = one.find('.');
  if (one.substr(0, dot) != s.opcode) return false;
  std::size_t i = 0;
  while (dot != std::string_view::npos) {
    one.remove_prefix(dot + 1);
    dot = one.find('.');
    if (i >= s.qualifiers.size() || s.qualifiers[i] != one.substr(0, dot)) return false;
    ++i;
  }
  return true;
}

// The entries by the first word of their mnemonics, worked out by the
// compiler: an instruction is matched only against the entries its opcode
// may meet (deviation_check.cpp), and nothing is built at run time (#27).
// A word's list holds, in table order, the entries one of whose '|'
// alternatives begins with it and the "*" entries (any instruction); "*"
// has its own, for an opcode no entry names. Directives (".address_size")
// are applied apart.
template <typename Visit>
constexpr void forEachFirstWord(const Deviation& d, Visit visit) {
  if (d.mnemonic.starts_with(".")) return;
  for (std::string_view list = d.mnemonic; !list.empty();) {
    std::size_t bar = list.find('|');
    std::string_view one = list.substr(0, bar);
    visit(one.substr(0, one.find('.')));
    if (bar == std::string_view::npos) break;
    list.remove_prefix(bar + 1);
  }
}

constexpr bool namesWord(const Deviation& d, std::string_view word) {
  bool found = false;
  forEachFirstWord(d, [&](std::string_view w) { found = found || w == word; });
  return found;
}

struct IndexSizes {
  std::size_t words = 0, entries = 0;
};

// The distinct first words, "*" among them, in the order met; `out` may be
// null (counting only).
constexpr std::size_t distinctWords(std::string_view* out) {
  std::size_t n = 0;
  std::string_view seen[2 * kDeviations.size()] = {};
  for (const Deviation& d : kDeviations) {
    forEachFirstWord(d, [&](std::string_view w) {
      for (std::size_t i = 0; i < n; ++i) {
        if (seen[i] == w) return;
      }
      seen[n] = w;
      if (out != nullptr) out[n] = w;
      ++n;
    });
  }
  return n;
}

constexpr bool listedUnder(const Deviation& d, std::string_view word) {
  return namesWord(d, word) || (word != "*" && namesWord(d, "*"));
}

constexpr IndexSizes indexSizes() {
  IndexSizes sizes;
  std::string_view words[2 * kDeviations.size()] = {};
  sizes.words = distinctWords(words);
  for (std::size_t w = 0; w < sizes.words; ++w) {
    for (const Deviation& d : kDeviations) sizes.entries += listedUnder(d, words[w]) ? 1 : 0;
  }
  return sizes;
}
constexpr IndexSizes kIndexSizes = indexSizes();

struct CandidateIndex {
  std::array<DeviationWord, kIndexSizes.words> words{};  // sorted by word
  std::array<std::uint16_t, kIndexSizes.entries> entries{};
};

constexpr CandidateIndex buildCandidateIndex() {
  CandidateIndex index;
  std::string_view words[kIndexSizes.words] = {};
  distinctWords(words);
  std::sort(std::begin(words), std::end(words));
  std::size_t at = 0;
  for (std::size_t w = 0; w < kIndexSizes.words; ++w) {
    DeviationWord& entry = index.words[w];
    entry.word = words[w];
    entry.first = static_cast<std::uint16_t>(at);
    for (std::size_t i = 0; i < kDeviations.size(); ++i) {
      if (!listedUnder(kDeviations[i], words[w])) continue;
      index.entries[at++] = static_cast<std::uint16_t>(i);
      bool stricter = kDeviations[i].direction == DeviationDirection::PtxasStricter;
      entry.stricter = entry.stricter || stricter;
      entry.stricter_named = entry.stricter_named || (stricter && namesWord(kDeviations[i], words[w]));
      entry.laxer = entry.laxer || !stricter;
    }
    entry.count = static_cast<std::uint16_t>(at - entry.first);
  }
  return index;
}
constexpr CandidateIndex kCandidateIndex = buildCandidateIndex();

// applyDeviations (deviation_check.cpp) looks for the stricter entries of
// any instruction ("*") only where an operand is a constant expression.
constexpr bool anyInstructionStricterEntriesAreOnExpressions() {
  for (const Deviation& d : kDeviations) {
    if (d.mnemonic == "*" && d.direction == DeviationDirection::PtxasStricter && d.id != "float-conditional-operand") {
      return false;
    }
  }
  return true;
}
static_assert(anyInstructionStricterEntriesAreOnExpressions(),
              "a stricter entry for any instruction is looked for only where an operand is a constant expression: "
              "widen hasConstantExpression in deviation_check.cpp");
static_assert(kIndexSizes.entries < 0xFFFF && kDeviations.size() < 0xFFFF);

}  // namespace

std::span<const Deviation> deviations() { return kDeviations; }

const DeviationWord* deviationCandidates(std::string_view opcode) {
  auto find = [](std::string_view word) -> const DeviationWord* {
    auto it = std::lower_bound(kCandidateIndex.words.begin(), kCandidateIndex.words.end(), word,
                               [](const DeviationWord& e, std::string_view w) { return e.word < w; });
    return it != kCandidateIndex.words.end() && it->word == word ? &*it : nullptr;
  };
  const DeviationWord* found = find(opcode);
  return found != nullptr ? found : find("*");
}

std::span<const std::uint16_t> DeviationWord::entries() const {
  return std::span<const std::uint16_t>(kCandidateIndex.entries).subspan(first, count);
}
std::span<const PtxasRelease> ptxasReleases() { return kReleases; }

const PtxasRelease* findPtxasRelease(std::string_view version) {
  for (const PtxasRelease& r : kReleases) {
    // "13.0" and "13.0.88" name release 13.0.
    if (version == r.version ||
        (version.starts_with(r.version) && version.size() > r.version.size() && version[r.version.size()] == '.')) {
      return &r;
    }
  }
  return nullptr;
}

bool holdsFor(const Deviation& d, const PtxasRelease& release) {
  std::string_view list = d.ptxas_versions;
  while (!list.empty()) {
    std::size_t comma = list.find(',');
    if (list.substr(0, comma) == release.version) return true;
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return false;
}

bool mayDeviate(std::string_view opcode) {
  return std::any_of(kDeviations.begin(), kDeviations.end(),
                     [&](const Deviation& d) { return d.mnemonic == "*" || firstWordOf(d.mnemonic, opcode); });
}

bool concerns(const Deviation& d, const DeviationSubject& s) {
  if (d.mnemonic == "*") return !s.opcode.starts_with(".");
  std::string_view list = d.mnemonic;
  while (!list.empty()) {
    std::size_t bar = list.find('|');
    if (dottedPrefixMatches(list.substr(0, bar), s)) return true;
    if (bar == std::string_view::npos) break;
    list.remove_prefix(bar + 1);
  }
  return false;
}

}  // namespace ptxlint::spec
