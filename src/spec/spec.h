// The instruction tables: one InstructionSpec per syntax block of the PTX ISA
// manual, read by the one engine in src/sema/engine/ (docs/architecture.md).
//
// An entry reads like its manual block:
//   - `opcode`: the dotted name that starts the instruction ("cp.async.bulk");
//   - `qualifiers`: the block's qualifier sets (`.dst = { .shared::cta }`),
//     mandatory or optional. ptxas accepts qualifiers in any order except
//     state spaces, whose relative order says which is the destination and
//     which the source: slots marked `space` are filled in that order;
//   - `operands`: the operand list, with operands that exist only with a
//     qualifier (`cache-policy` with `.L2::cache_hint`);
//   - `constraints`: the manual's tables and prose rules as data (redOp x
//     type, "requires .noftz", "cannot be used with .vec");
//   - `introduced`/`target` and `notes`: "PTX ISA Notes" and "Target ISA
//     Notes", per block and per qualifier value.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

#include "spec/list.h"
#include "spec/targets.h"

namespace ptxlint::spec {

using Values = List<std::string_view>;

struct QualifierSlot {
  std::string_view name{};  // ".dst", ".level::cache_hint" (the manual's name)
  Values values{};          // ".shared::cluster", ...
  bool optional = false;
  bool space = false;  // a state-space slot, filled in source order
  // A qualifier written on an address operand, `[a].unified` (9.7.9.8): it
  // is filled from the operand, never from the instruction's qualifiers.
  bool on_address = false;
  // Written right after the opcode: ptxas reads mul.wide, mad.lo as the
  // instruction's name ("Unknown modifier '.wide'" for mul.s32.wide).
  bool leading = false;
  // Type slots "placed in the same order as the operands" (9.4): the
  // ordered slots of an entry must appear in the entry's order.
  bool ordered = false;
  // Another group of slots whose relative order is fixed, apart from the
  // types (mma's .alayout before .blayout, written anywhere among the other
  // qualifiers): the slots of one group must appear in the entry's order.
  std::uint8_t order_group = 0;
  // An optional slot that becomes mandatory from this PTX ISA version on
  // ("Modifier .aligned is required from PTX ISA version 6.3 onwards, and
  // considered implicit in PTX ISA versions less than 6.3", 9.7.14.4).
  PtxVersion required_from{};
  // A state-space slot whose absence means a generic address ("If no state
  // space is specified then Generic Addressing is used", mbarrier): under
  // .address_size 64 its address register is 64 bits. A slot that lists
  // .global says so by itself.
  bool absent_is_generic = false;
};

inline QualifierSlot required(std::string_view name, Values values) { return {name, std::move(values)}; }
inline QualifierSlot optional(std::string_view name, Values values) { return {name, std::move(values), true}; }
inline QualifierSlot space(std::string_view name, Values values) { return {name, std::move(values), false, true}; }
inline QualifierSlot leading(QualifierSlot slot) {
  slot.leading = true;
  return slot;
}
inline QualifierSlot requiredFrom(PtxVersion version, QualifierSlot slot) {
  slot.optional = true;
  slot.required_from = version;
  return slot;
}
inline QualifierSlot ordered(QualifierSlot slot) {
  slot.ordered = true;
  return slot;
}
// Slots of `group` (1, 2, ...) keep the entry's order among themselves.
inline QualifierSlot inOrder(QualifierSlot slot, std::uint8_t group) {
  slot.order_group = group;
  return slot;
}
inline QualifierSlot genericIfAbsent(QualifierSlot slot) {
  slot.absent_is_generic = true;
  return slot;
}
inline QualifierSlot optionalSpace(std::string_view name, Values values) {
  return {name, std::move(values), true, true};
}
// `[a]{.unified}`: an optional qualifier of the address operand.
inline QualifierSlot addressQualifier(std::string_view name, Values values) {
  return {name, std::move(values), true, false, true};
}

// A condition on the qualifiers: `slot` holds one of `values` (an absent
// optional slot holds "").
struct Condition {
  std::string_view slot{};
  Values values{};
};

enum class OperandKind : std::uint8_t {
  Address,          // [a], [a+imm]
  TensorAddress,    // [tensorMap, {c0, ...}]: as many coordinates as .dim
  Value,            // a register of `bits` bits, or an integer immediate
  Register,         // a register of `bits` bits (no immediate)
  Immediate,        // an integer constant, one of `immediates` if given
  Predicate,        // a .pred register (an immediate only where `immediates` lists it)
  Data,             // a register, or {r0, r1, ...} with as many as the .vec
                    // qualifier named in `vector_slot` says (.v2, .v4, .v8)
  Packed,           // {a, b} or {a, b, c, d}: elements that together have the
                    // size of the type (mov's pack and unpack, 9.7.9.4), or
                    // each the size of `fixed_type` when one is given
  Vector,           // {a, b, ...}: `elements` registers of `bits` bits or integer
                    // constants; with `elements` 0, as many as .dim less
                    // `elements_dim_less` (im2colInfo of cp.async.bulk.tensor)
  Symbol,           // a name, not a value: a label, a function, ... (`symbols`
                    // says which); "The branch target must be a label" (9.7.12.3)
  List,             // ( a, b, ... ): call's return and argument lists (9.7.12.5)
  Coordinates,      // {c0, ...} with as many elements as `element_counts` allows
                    // for the value of `count_slot` (a count of 1 also admits a
                    // scalar); the elements are of the operand's type (9.7.10.3)
  ResourceAddress,  // [a, c] or, with `sampler`, [a, b, c]: a texture or
                    // surface a and a sampler b (symbols or .u64 registers),
                    // coordinates c as for Coordinates (9.7.10.3, 9.7.11.1)
};

// The forms of an address operand (6.4.1), a bit set: "[var]", "[reg]",
// "[reg+immOff]", "[var+immOff]", "[immAddr]". Every form is the default;
// an entry names fewer where its instruction's text does ("Operand a is a
// .texref or .samplerref variable, or a .u64 register", 9.7.10.5 txq).
enum AddressForm : std::uint8_t {
  kAddressRegister = 1,   // [reg], [reg+immOff]: an integer or bit-size register
  kAddressVariable = 2,   // [var], [var+immOff]
  kAddressImmediate = 4,  // [immAddr]
  kAddressOffset = 8,     // the +immOff of either
  kAllAddressForms = 15,
  // `a[i]` without brackets (6.4.2 "Arrays as Operands": "ld.global.u32 s,
  // a[0];"): ptxas 13.0 takes it for ld, ldu and st only; an entry says so.
  kAddressArrayElement = 16,
};

// What a Symbol operand may name (a bit set). Which names exist is the symbol
// pass's business (src/sema/symbols.cpp): the engine only judges the kind of
// a name that resolves, and says nothing of one that does not.
enum SymbolClass : std::uint8_t {
  kLabelSymbol = 1,          // a label of the function (`L1:`)
  kBranchTargetsSymbol = 2,  // the label of a .branchtargets directive
  kCallTargetsSymbol = 4,    // the label of a .calltargets directive
  kCallPrototypeSymbol = 8,  // the label of a .callprototype directive
  kFunctionSymbol = 16,      // a function name (.func, .entry)
  kVariableSymbol = 32,      // a variable (a call table: an array of function names)
  kRegisterSymbol = 64,      // a register (call's fptr: "held in a register")
};

// Coordinates: the element counts allowed when `count_slot` holds one of
// `values` ("Operand c is a scalar or singleton tuple for 1d textures; is a
// two-element vector for 2d textures"); `index_first`: the first element is
// an array index of type .u32 ("The first element is interpreted as an
// unsigned integer index (.u32) into the texture array").
// `scalar`: a scalar is taken too, where no count is 1 (ptxas 13.0 takes a
// scalar offset e for tex.2d).
struct ElementCounts {
  Values values{};
  List<std::uint8_t> counts{};
  bool index_first = false;
  bool scalar = false;
};

// How a predicate operand may be written (9.7.6.2 setp: "p[|q]", "{!}c").
enum class PredicateForm : std::uint8_t {
  Plain,      // p
  Negatable,  // {!}c
  MaybePair,  // p[|q]: a destination, `_` for either half
  Pair,       // p|q
};

// One row of a vector operand's length table: where all of `when` hold, the
// vector has `count` elements, registers of `element_type` (9.4, Table 26;
// empty: any type of the operand's `bits`). "The destination operand r is a
// brace-enclosed vector expression consisting of 1, 2, or 4 32-bit registers
// as per the value of .num" (ldmatrix); "A vector expression containing N/2
// number of .f32 registers" (wgmma, per shape and .dtype).
struct VectorLength {
  List<Condition> when{};
  std::uint16_t count = 0;
  std::string_view element_type{};
  // When not 0, the count is the N of the .shape value (".m64n<N>k16")
  // over this: one row for every shape (wgmma's accumulator: "N/2 number
  // of .f32 registers", 9.7.15.5.1.1).
  std::uint8_t shape_n_divisor = 0;

  // The count for the qualifiers bound: `shape` is the .shape value.
  std::uint16_t countFor(std::string_view shape) const {
    if (shape_n_divisor == 0) return count;
    std::size_t at = shape.find('n');
    unsigned n = 0;
    for (std::size_t i = at == std::string_view::npos ? shape.size() : at + 1;
         i < shape.size() && shape[i] >= '0' && shape[i] <= '9'; ++i) {
      n = n * 10 + static_cast<unsigned>(shape[i] - '0');
    }
    return static_cast<std::uint16_t>(n / shape_n_divisor);
  }
};

// When an operand is present.
struct Presence {
  enum class Kind : std::uint8_t { Always, Optional, WithQualifier };
  Kind kind = Kind::Always;
  std::string_view slot{};  // WithQualifier: present iff this slot has a value
};

struct OperandSpec {
  std::string_view name;  // "dstMem", "cache-policy" (the manual's name)
  OperandKind kind = OperandKind::Value;
  std::uint8_t bits = 0;  // Value/Register: 16, 32, 64
  // Immediate, Predicate: the constants allowed. Value: a register, or
  // one of these constants ("nCols must be a power of 2 ... in [32, 512]").
  List<std::int64_t> immediates{};
  Presence presence{};
  std::string_view vector_slot{};  // Data: the .vec qualifier
  // Address: the qualifier slot that names the state space the address lies
  // in (ld's and st's .ss); a named variable there must be of that space.
  // Value with kVariableSymbol: the same for the variable named (cvta's
  // .space).
  std::string_view space_slot{};
  // Address: which forms of 6.4.1 it takes (AddressForm bits).
  std::uint8_t address_forms = kAllAddressForms;
  std::string_view type_slot{};  // the size comes from this type qualifier
  // 9.4.1 "Operand Size Exceeding Instruction-Type Size" (ld, st, cvt): the
  // register may be wider than the type, and Tables 27/28 say which register
  // types agree with which instruction types. Otherwise the size must match.
  bool wider_register = false;
  // ... except when all of these hold: then the registers are of the type's
  // size ("Operand d is vector of 8 registers with type specified with .type").
  List<Condition> exact_size_when{};
  // Data: where the sink symbol '_' may stand for a vector element ("sink
  // symbol '_' can be used in vector expression d when: ..."): one of these
  // alternatives must hold entirely. Empty: the engine does not judge sinks.
  List<List<Condition>> sinks_when{};
  // The operand's type when it is fixed ("the shift amount ... always has
  // type .u32", 9.4); with `type_slot` or `fixed_type` the operand follows
  // the type-checking rules of 9.4 (Table 26), not only the size, and its
  // immediates are those of the type (an integer, a floating-point literal).
  std::string_view fixed_type{};
  bool wide = false;  // twice the size of the type (mul.wide's d, 9.7.1.3)
  // A Value that holds an integer (a byte count: size, src-size; a tensor
  // map's dimension or stride): no floating-point register or constant, even
  // where its type is a bit-size one (64-bit slots of no type never take a
  // floating-point register; ptxas 13.0: "Arguments mismatch").
  bool integer_only = false;
  // A variable named here (as an address or a value) is an opaque one,
  // .texref, .samplerref or .surfref ("Operand a is a .texref or .samplerref
  // variable, or a .u64 register", txq; ptxas 13.0: "Arguments mismatch" for
  // a .b32 variable).
  bool opaque_variable = false;
  // Value of a size and no type that also takes floating-point constants
  // (tex's and tld4's depth compare f, "an .f32 scalar value", whose
  // registers ptxas 13.0 takes of any 32-bit type).
  bool float_constant = false;
  // With `fixed_type` a bit-size type: a register declared of exactly that
  // type ("rbits is a .b32 type register operand", "d is a .b16 type
  // register" of the packed conversions, 9.7.9.21; ptxas 13.0: "Arguments
  // mismatch" for a .u32, .s32 or .f32 one, which Table 26 would admit).
  bool exact_register_type = false;
  // Address of an instruction with no state-space qualifier that the
  // manual calls generic ("A prefetch into the uniform cache requires a
  // generic address", prefetchu): 64 bits under .address_size 64.
  bool generic_address = false;

  // A constant must lie in [min_value, max_value] ("restricted to the 8-bit
  // value range 0..255", bfe); registers are not judged.
  std::int64_t min_value = INT64_MIN;
  std::int64_t max_value = INT64_MAX;
  // Written: `_` allowed in a Packed vector; a Data operand that is no
  // constant (ld's d, ptxas 13.0: "Result register required").
  bool destination = false;
  // "d|p": a register of the type paired with a predicate (lop3.BoolOp);
  // the sink `_` may stand for the register.
  // On a Data operand: the vector may carry a predicate, {d0, ...}|p (9.7.10.3
  // "d[|p]").
  bool with_predicate = false;
  PredicateForm predicate_form = PredicateForm::Plain;
  // Symbol: the SymbolClass bits it may name. Value and Data: the names that
  // may stand for their address (kVariableSymbol: a variable's or a
  // parameter's, "The mov instruction can be used to move the address of a
  // variable into a pointer", 6.4.1; cvta's "var", mapa's "shared memory
  // variable"); elsewhere a variable or a label is no value (6.4.4).
  std::uint8_t symbols = 0;
  // Value with kVariableSymbol, and Address: the state space a variable
  // named must be declared in, fixed (mapa's .shared, an mbarrier object's)
  // where `space_slot` names none.
  std::string_view variable_space{};
  // Symbol: the name has a signature (a function, a .callprototype or
  // .calltargets label) that the lists named here must match in length; an
  // empty name, or a list the block lacks, stands for no results or no
  // parameters (9.7.12.5: "the call operands are type-checked against" it).
  bool checks_signature = false;
  // Symbol: the name must be declared before the instruction ("The
  // .branchtargets directive must be defined in the local function scope
  // before it is used", 9.7.12.4), where a plain label may come later.
  bool declared_before = false;
  std::string_view results_list{};
  std::string_view params_list{};
  // "d[|p]" (9.7.9.6 shfl.sync): with `with_predicate`, the predicate half
  // may be left out, d alone is the register of the type.
  bool predicate_optional = false;
  // With `with_predicate`: whether the sink `_` may stand for the register
  // ("The sink symbol '_' can be used for destination operand d", elect.sync)
  // and for the predicate (ptxas 13.0: "Predicate output expected").
  bool register_sink = true;
  bool predicate_sink = true;
  // A predicate operand that also takes an integer constant (ptxas 13.0
  // takes `bar.red.popc.u32 d, 0, 1` and `vote.sync.all.pred p, 1, m`).
  bool constant_allowed = false;
  // A constant must be a multiple of this ("the value must be a multiple of
  // the warp size", bar's thread count); 0: no such rule. Registers are not
  // judged.
  std::int64_t multiple_of = 0;
  // A constant must not be 0 ("a non-zero thread count is required for
  // barrier{.cta}.arrive"); registers are not judged.
  bool non_zero = false;
  // A floating-point constant must lie in (0.0, 1.0] once rounded to .f32
  // (createpolicy.fractional: "The valid range of values for the operand
  // fraction is (0.0,.., 1.0]", 9.7.9.18); registers are not judged.
  bool unit_fraction = false;
  // A scalar operand the sink symbol `_` may stand for (atom: "the bit bucket
  // destination operand _"; "Optionally,
  // sink symbol '_' can be used for the state argument", 9.7.13.15.13), or
  // must ("Sink symbol '_' is mandatory for the destination operand").
  bool sink_allowed = false;
  bool sink_required = false;
  // Vector: how many elements (0: .dim less `elements_dim_less`, "a vector
  // ... whose vector size is two less than number of dimensions .dim");
  // TensorAddress: how many coordinates when not .dim ("Fixed length vector
  // of size 5", .tile::gather4).
  std::uint8_t elements = 0;
  std::uint8_t elements_dim_less = 0;
  // Data: a brace-enclosed vector whose length (and element type) depends on
  // a combination of qualifiers: the first row whose conditions all hold
  // applies; where none holds, the length is not judged. The elements are
  // registers of `bits` bits (or of the row's type), never the sink `_`, and
  // constants only in a source vector.
  List<VectorLength> lengths{};
  // Coordinates, ResourceAddress: the counts per value of `count_slot`.
  std::string_view count_slot{};
  List<ElementCounts> element_counts{};
  bool sampler = false;  // ResourceAddress: an explicit sampler may precede c
  // Data: each register element agrees with the type by 9.4, Table 26 (not
  // only in size).
  bool typed_elements = false;
  // Selectors written on a register operand, `%r1.b0` (9.7.18 "a{.asel}"):
  // the field must be one of these ("" for none). Empty: not judged. A view
  // of a list in static storage: vop4's `.bxyzw` alone has 4,096 selectors,
  // which copies in every entry would hold twenty-eight times.
  std::span<const std::string_view> selectors{};
  // Never written negated, `-a` ("Source operands may not be negated in .po
  // mode", 9.7.18.1.3); otherwise a negated register is not judged.
  bool not_negated = false;
};

// The size in bits of a PTX type qualifier (.u32, .f16x2, .e4m3x4, ...), 0 if
// it is none.
unsigned typeQualifierBits(std::string_view type);
// 9.4, Table 26: whether a register declared `declared` may be an operand of
// instruction type `instruction`. Bit-size types agree with any type of the
// same size; signed and unsigned integers agree with each other; floating-
// point types agree only with themselves. The packed integer types (.u16x2,
// .s16x2), which Table 26 leaves out, agree with bit-size registers only
// (ptxas 13.0 refuses .u32 and .s32 registers for them).
bool typesAgree(std::string_view instruction, std::string_view declared);
// .s32 -> .s64: the type of a .wide result.
std::string_view widenedType(std::string_view type);

inline OperandSpec address(std::string_view name) { return {name, OperandKind::Address}; }
inline OperandSpec tensorAddress(std::string_view name) { return {name, OperandKind::TensorAddress}; }
// [tensorMap, tensorCoords] with a fixed number of coordinates.
inline OperandSpec tensorAddressOf(std::string_view name, std::uint8_t coordinates) {
  OperandSpec op{name, OperandKind::TensorAddress};
  op.elements = coordinates;
  return op;
}
// {a, b, ...}: `count` elements of `bits` bits.
inline OperandSpec vectorOf(std::string_view name, std::uint8_t bits, std::uint8_t count) {
  OperandSpec op{name, OperandKind::Vector, bits};
  op.elements = count;
  return op;
}
// {a, b, ...}: as many elements of `bits` bits as .dim less `less`.
inline OperandSpec vectorOfDimLess(std::string_view name, std::uint8_t bits, std::uint8_t less) {
  OperandSpec op{name, OperandKind::Vector, bits};
  op.elements_dim_less = less;
  return op;
}
inline OperandSpec value(std::string_view name, std::uint8_t bits) { return {name, OperandKind::Value, bits}; }
inline OperandSpec reg(std::string_view name, std::uint8_t bits) { return {name, OperandKind::Register, bits}; }
// A source predicate: a .pred register, or an integer constant ("In PTX,
// integer constants may be used as predicates. For ... instruction
// operands, integer constants are interpreted as in C", 4.5.3).
inline OperandSpec predicate(std::string_view name) {
  OperandSpec op{name, OperandKind::Predicate, 1};
  op.constant_allowed = true;
  return op;
}
// A destination predicate: a .pred register only.
inline OperandSpec predicateDest(std::string_view name) {
  OperandSpec op{name, OperandKind::Predicate, 1};
  op.destination = true;
  return op;
}
inline OperandSpec immediate(std::string_view name, List<std::int64_t> allowed = {}) {
  return {name, OperandKind::Immediate, 0, std::move(allowed)};
}
// An address in the state space that the qualifier slot `slot` names.
inline OperandSpec addressIn(std::string_view name, std::string_view slot) {
  OperandSpec op = address(name);
  op.space_slot = slot;
  return op;
}
// A generic address where the instruction names no state space.
inline OperandSpec genericAddress(std::string_view name) {
  OperandSpec op = address(name);
  op.generic_address = true;
  return op;
}
// An address of an object in shared memory (an mbarrier object, 9.7.13.15.1;
// clusterlaunchcontrol's response, 9.7.13.17): a variable named in it is a
// .shared one whatever space the instruction names, or none (ptxas 13.0:
// "Illegal state space for address operand", "State space mismatch").
inline OperandSpec sharedAddress(std::string_view name) {
  OperandSpec op = address(name);
  op.variable_space = ".shared";
  return op;
}
// An address that may also be an array element `a[i]` (6.4.2).
inline OperandSpec orArrayElement(OperandSpec op) {
  op.address_forms |= kAddressArrayElement;
  return op;
}
// An address of only the forms `forms` (AddressForm bits); with `bits`, its
// register is of that size ("a .u64 register").
inline OperandSpec addressOf(std::string_view name, std::uint8_t forms, std::uint8_t bits = 0) {
  OperandSpec op = address(name);
  op.address_forms = forms;
  op.bits = bits;
  return op;
}
inline OperandSpec data(std::string_view name, std::string_view vector_slot, std::string_view type_slot = ".type") {
  OperandSpec op{name, OperandKind::Data};
  op.vector_slot = vector_slot;
  op.type_slot = type_slot;
  return op;
}
// "b is a source value, of the type indicated by qualifier .type".
inline OperandSpec typed(std::string_view name, std::string_view type_slot = ".type") {
  OperandSpec op{name, OperandKind::Register};
  op.type_slot = type_slot;
  return op;
}
// "d, a, b ... of the type indicated by .type": a register or an immediate
// of the instruction's type (9.4, Table 26).
inline OperandSpec typedValue(std::string_view name, std::string_view type_slot = ".type") {
  OperandSpec op{name, OperandKind::Value};
  op.type_slot = type_slot;
  return op;
}
// A destination register of the instruction's type.
inline OperandSpec typedDest(std::string_view name, std::string_view type_slot = ".type") {
  OperandSpec op = typed(name, type_slot);
  op.destination = true;
  return op;
}
// A register or immediate of a fixed type ("b is .u32").
inline OperandSpec valueOfType(std::string_view name, std::string_view type) {
  OperandSpec op{name, OperandKind::Value};
  op.fixed_type = type;
  return op;
}
// A destination register of a fixed type ("d has type .u32").
inline OperandSpec destOfType(std::string_view name, std::string_view type) {
  OperandSpec op{name, OperandKind::Register};
  op.fixed_type = type;
  op.destination = true;
  return op;
}
// "d|p": the destination register with a predicate result (9.7.8.6 lop3).
inline OperandSpec withPredicate(OperandSpec op) {
  op.with_predicate = true;
  return op;
}
// "d[|p]": the register, optionally paired with a predicate (9.7.9.6 shfl.sync).
inline OperandSpec withOptionalPredicate(OperandSpec op) {
  op.with_predicate = true;
  op.predicate_optional = true;
  return op;
}
// Where the sink `_` may stand in "d|p": for d, for p.
inline OperandSpec sinks(OperandSpec op, bool register_sink, bool predicate_sink) {
  op.register_sink = register_sink;
  op.predicate_sink = predicate_sink;
  return op;
}
// A predicate operand that also takes an integer constant.
inline OperandSpec orConstant(OperandSpec op) {
  op.constant_allowed = true;
  return op;
}
// A value that is an integer (a count of bytes, a tensor map's field): an
// integer register or constant.
inline OperandSpec integerOnly(OperandSpec op) {
  op.integer_only = true;
  return op;
}
// A constant that must be a multiple of `n`.
inline OperandSpec multipleOf(OperandSpec op, std::int64_t n) {
  op.multiple_of = n;
  return op;
}
// A constant that must not be 0.
inline OperandSpec nonZero(OperandSpec op) {
  op.non_zero = true;
  return op;
}
// A constant operand restricted to [low, high].
inline OperandSpec inRange(OperandSpec op, std::int64_t low, std::int64_t high) {
  op.min_value = low;
  op.max_value = high;
  return op;
}
// Twice the size of the instruction's type (.wide: "d is twice the size").
inline OperandSpec wide(OperandSpec op) {
  op.wide = true;
  return op;
}
// A predicate operand written as `form` says.
inline OperandSpec predicateAs(std::string_view name, PredicateForm form) {
  OperandSpec op = predicate(name);
  op.predicate_form = form;
  if (form == PredicateForm::MaybePair || form == PredicateForm::Pair) {
    op.destination = true;
    op.constant_allowed = false;
  }
  return op;
}
// An operand the instruction writes (ld's and ldu's d).
inline OperandSpec destination(OperandSpec op) {
  op.destination = true;
  return op;
}
// A vector whose elements pack into the instruction's type (9.7.9.4 mov).
inline OperandSpec packed(std::string_view name, bool destination, std::string_view type_slot = ".type") {
  OperandSpec op{name, OperandKind::Packed};
  op.type_slot = type_slot;
  op.destination = destination;
  return op;
}

// A value that may also be a variable's or parameter's name, standing for
// its address (mov's a, cvta's var): declared in the state space the
// qualifier slot `space_slot` names, or in `space` (mapa's "shared memory
// variable"), or in any where both are empty.
inline OperandSpec orVariable(OperandSpec op, std::string_view space_slot = {}, std::string_view space = {}) {
  op.symbols |= kVariableSymbol;
  op.space_slot = space_slot;
  op.variable_space = space;
  return op;
}
// A name of one of `classes` (SymbolClass bits): "tgt is a label" (bra),
// "func is a symbol" (call).
inline OperandSpec symbol(std::string_view name, std::uint8_t classes) {
  OperandSpec op{name, OperandKind::Symbol};
  op.symbols = classes;
  return op;
}
// A name whose signature the lists `results` and `params` must match
// (empty: none of them).
inline OperandSpec withSignature(OperandSpec op, std::string_view results, std::string_view params) {
  op.checks_signature = true;
  op.results_list = results;
  op.params_list = params;
  return op;
}
// A name that must be declared before the instruction that uses it.
inline OperandSpec declaredBefore(OperandSpec op) {
  op.declared_before = true;
  return op;
}
// "The branch target must be a label" (9.7.12.3).
inline OperandSpec label(std::string_view name) { return symbol(name, kLabelSymbol); }
// `(a, b, ...)`: a parenthesised list of registers, constants or .param
// variables (9.7.12.5 call: "Arguments may be registers, immediate constants,
// or variables in .param space"); each element is one scalar operand.
inline OperandSpec list(std::string_view name) { return {name, OperandKind::List}; }

// {r0, r1, ...}: a vector of `bits`-bit registers whose length (and element
// type) the table `lengths` gives per combination of qualifiers.
inline OperandSpec registerVector(std::string_view name, std::uint8_t bits, List<VectorLength> lengths,
                                  bool destination) {
  OperandSpec op{name, OperandKind::Data, bits};
  op.lengths = std::move(lengths);
  op.destination = destination;
  return op;
}
// A predicate that may also be written as one of the constants `allowed`
// ("scale-d": a .pred register, {!}p, or 0 or 1).
inline OperandSpec predicateOrConstant(std::string_view name, List<std::int64_t> allowed) {
  OperandSpec op = predicate(name);
  op.predicate_form = PredicateForm::Negatable;
  op.immediates = std::move(allowed);
  return op;
}

// {c0, ...} whose element count depends on `count_slot` (the geometry).
inline OperandSpec coordinates(std::string_view name, std::string_view count_slot, List<ElementCounts> counts,
                               std::string_view type_slot = ".type") {
  OperandSpec op{name, OperandKind::Coordinates};
  op.count_slot = count_slot;
  op.element_counts = std::move(counts);
  op.type_slot = type_slot;
  return op;
}
// [a, {b,} c]: a texture or surface, an optional sampler, coordinates.
inline OperandSpec resourceAddress(std::string_view name, bool sampler, std::string_view count_slot,
                                   List<ElementCounts> counts, std::string_view type_slot = ".type") {
  OperandSpec op = coordinates(name, count_slot, std::move(counts), type_slot);
  op.kind = OperandKind::ResourceAddress;
  op.sampler = sampler;
  return op;
}
// A register operand with a selector field, `a{.asel}`; `selectors` must
// live as long as the tables (static storage).
inline OperandSpec withSelectors(OperandSpec op, const Values& selectors) {
  op.selectors = selectors;
  return op;
}

// `{, cache-policy}` present exactly when `slot` is.
inline OperandSpec withQualifier(OperandSpec op, std::string_view slot) {
  op.presence = {Presence::Kind::WithQualifier, slot};
  return op;
}
// 9.4.1: a data operand of ld/st/cvt, whose register may be wider than the type.
inline OperandSpec widerRegister(OperandSpec op) {
  op.wider_register = true;
  return op;
}
// Sinks '_' allowed in the vector only when one of `alternatives` holds.
inline OperandSpec sinksOnlyWhen(OperandSpec op, List<List<Condition>> alternatives) {
  op.sinks_when = std::move(alternatives);
  return op;
}
// A scalar operand that may be written as the sink `_`.
inline OperandSpec orSink(OperandSpec op) {
  op.sink_allowed = true;
  return op;
}
// A scalar operand that must be written as the sink `_`.
inline OperandSpec sinkOnly(OperandSpec op) {
  op.sink_allowed = true;
  op.sink_required = true;
  return op;
}
// `{, src-size}`: may be given or left out.
inline OperandSpec optionalOperand(OperandSpec op) {
  op.presence = {Presence::Kind::Optional};
  return op;
}

struct Constraint {
  enum class Kind : std::uint8_t {
    Pairs,              // (slot a, slot b) must be a row of `rows`
    RequiresQualifier,  // when all `when` hold, qualifier `needed` is required
    Forbids,            // when all `when` hold, slot `other` must be absent
    Implies,            // when all `when` hold, `then` must hold
  };
  Kind kind = Kind::Pairs;
  std::string_view a{}, b{};
  List<std::pair<Values, Values>> rows{};
  List<Condition> when{};
  std::string_view needed{};        // RequiresQualifier: ".noftz"
  std::string_view insert_after{};  // RequiresQualifier: fix-it position (a slot)
  std::string_view other{};         // Forbids: the slot that must be absent
  Condition then{};                 // Implies
  std::string_view why{};           // the manual's words, for the note
};

// "The following table describes the valid combinations of .redOp and type".
inline Constraint pairs(std::string_view a, std::string_view b, List<std::pair<Values, Values>> rows) {
  Constraint c;
  c.kind = Constraint::Kind::Pairs;
  c.a = a;
  c.b = b;
  c.rows = std::move(rows);
  return c;
}
inline Constraint requiresQualifier(List<Condition> when, std::string_view needed, std::string_view insert_after,
                                    std::string_view why) {
  Constraint c;
  c.kind = Constraint::Kind::RequiresQualifier;
  c.when = std::move(when);
  c.needed = needed;
  c.insert_after = insert_after;
  c.why = why;
  return c;
}
inline Constraint forbids(List<Condition> when, std::string_view other, std::string_view why) {
  Constraint c;
  c.kind = Constraint::Kind::Forbids;
  c.when = std::move(when);
  c.other = other;
  c.why = why;
  return c;
}
inline Constraint implies(List<Condition> when, Condition then, std::string_view why) {
  Constraint c;
  c.kind = Constraint::Kind::Implies;
  c.when = std::move(when);
  c.then = std::move(then);
  c.why = why;
  return c;
}

// "Support for .cp_mask introduced in PTX ISA 8.6"; "requires sm_100 or
// higher". An empty `values` means any value of the slot; an empty slot
// means the operand `operand` (when given); neither a slot nor an operand
// means the whole block (a target list longer than `target` can say:
// "sm_100a, sm_101a, and from PTX ISA 8.8 sm_100f, sm_101f", 9.7.16).
struct FeatureNote {
  std::string_view slot{};
  // The note applies only where all of these hold too ("Support for .sys
  // scope with .b128 type introduced in PTX ISA version 8.4").
  List<Condition> when{};
  Values values{};
  std::string_view operand{};
  // With `operand`: the note applies only where the operand is written as
  // the sink `_` ("Support for sink symbol '_' as the destination operand
  // is introduced in PTX ISA version 7.1").
  bool operand_is_sink = false;
  PtxVersion introduced{};
  List<TargetRequirement> targets{};  // any one of them suffices
  bool advisory = false;              // "advised to be used with": a warning
  // Family-specific targets accepted only from this version (8.8 for the
  // `f` families of the fp8 types); {0,0}: no such rule.
  PtxVersion family_from{};
  // With `operand`: the note applies only where that vector carries a
  // predicate, {d0, ...}|p ("Support for optional destination predicate").
  bool on_predicate = false;
};

// "Not supported in PTX ISA version 6.4 for .target sm_70 or higher"
// (9.7.9.5 shfl, 9.7.13.8 vote): the block is refused from PTX ISA `from`
// on targets sm_`sm` and higher; with `sm` 0, on every target ("For PTX ISA
// version 1.4 and later, the .approx modifier is required", 9.7.3.18: the
// bare form of PTX ISA 1.0 to 1.3). `from` {0,0}: never removed.
struct Removal {
  PtxVersion from{};
  std::uint16_t sm = 0;
  // With `sm`: "'shfl' without '.sync'" (... is not supported on sm_70 or
  // higher from ...). Without: "'sin.f32' requires the qualifier '.approx'"
  // (... from PTX ISA 1.4).
  std::string_view what{};
  std::string_view note{};    // what to write instead, as a note
  std::string_view insert{};  // a fix-it: text inserted after the opcode ("" none)
};

struct InstructionSpec {
  std::string_view section;  // "9.7.9.25.4.1"
  std::string_view syntax;   // the manual's syntax line, quoted in notes
  std::string_view opcode;   // "cp.async.bulk"
  List<QualifierSlot> qualifiers{};
  List<OperandSpec> operands{};
  List<Constraint> constraints{};
  PtxVersion introduced{};
  TargetRequirement target{};
  List<FeatureNote> notes{};
  Removal removed{};
};

// One entry with the usual fields, in the order the manual gives them:
// syntax block, qualifiers, operands, constraints, PTX ISA and target notes.
inline InstructionSpec entry(std::string_view section, std::string_view syntax, std::string_view opcode,
                             List<QualifierSlot> qualifiers, List<OperandSpec> operands,
                             List<Constraint> constraints = {}, PtxVersion introduced = {1, 0},
                             TargetRequirement target = {}, List<FeatureNote> notes = {}) {
  return {.section = section,
          .syntax = syntax,
          .opcode = opcode,
          .qualifiers = std::move(qualifiers),
          .operands = std::move(operands),
          .constraints = std::move(constraints),
          .introduced = introduced,
          .target = target,
          .notes = std::move(notes)};
}

// All entries (every family built), and the names of every instruction
// section of the manual (covered or not): an instruction is checked only
// against the entries of the longest documented name it starts with.
std::vector<const InstructionSpec*> allInstructionSpecs();
// Each family's list of opcodes (for the test that keeps them true).
std::vector<std::string_view> familyOpcodeLists();
// The entries for an instruction whose dotted words are `words` (opcode
// first, then qualifiers); `name_words` receives how many words the
// instruction's name takes. Empty when no table covers it.
// Every opcode (the first dotted word) some entry has, for "did you mean".
std::vector<std::string_view> allOpcodes();
// The dotted names of `opcode`'s entries, split into words ("mbarrier",
// "arrive"); empty for an opcode no entry has.
std::vector<std::vector<std::string_view>> instructionNames(std::string_view opcode);

using EntryList = std::span<const InstructionSpec* const>;
EntryList findInstructionSpecs(std::span<const std::string_view> words, std::size_t& name_words);

}  // namespace ptxlint::spec
