// PTX ISA 9.7.10 texture instructions (tex, tld4, txq, istypep) and 9.7.11
// surface instructions (suld, sust, sured, suq)
// (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/9710_*, 9711_*).
// One entry per line of a syntax block; the optional operands `{, e} {, f}`
// are told apart by their shape, so each combination is an entry of its own.
// The mipmap mode of tex (.base, .level, .grad), the .b/.p of suld, sust and
// sured and the .level of txq are written right after the opcode: ptxas 13.0
// reads them as part of the instruction's name ("Unknown modifier '.level'"
// for tex.1d.level, "Not a name of any known instruction" for suld.1d.b);
// the other qualifiers may come in any order.
#include <algorithm>

#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

const Values kTexGeoms = {".1d", ".2d", ".3d", ".a1d", ".a2d", ".cube", ".acube", ".2dms", ".a2dms"};
const Values kCtypes = {".s32", ".f32"};

// 9.7.10.3 "Operand c is a scalar or singleton tuple for 1d textures; is a
// two-element vector for 2d textures; and is a four-element vector for 3d
// textures"; "For 1d texture arrays, operand c has type .v2.b32 ... For 2d
// texture arrays, operand c has type .v4.b32"; cube ".v4.f32", acube, 2dms,
// a2dms ".v4.b32". "For compatibility with prior versions of PTX ... .v4
// coordinate vectors are allowed for any geometry, with the extra elements
// being ignored": ptxas 13.0 takes any vector of 1, 2 or 4 elements that has
// at least the elements the geometry needs.
std::vector<ElementCounts> textureCoordinates() {
  return {{{".1d"}, {1, 2, 4}},
          {{".2d"}, {2, 4}},
          {{".3d", ".cube", ".2dms", ".a2dms"}, {4}},
          {{".a1d"}, {2, 4}, true},
          {{".a2d", ".acube"}, {4}, true}};
}
// "Operand e is a singleton tuple for 1d textures; is a two element vector 2d
// textures; and is four-element vector for 3d textures"; ".v2.s32" for 2dms
// and a2dms; "a singleton tuple for 1d texture arrays; and is a two element
// vector 2d texture arrays" (larger vectors accepted, as for c).
// ptxas 13.0 also takes a scalar e, except for 3d.
std::vector<ElementCounts> offsetCounts() {
  return {{{".1d", ".a1d"}, {1, 2, 4}},
          {.values = {".2d", ".a2d", ".2dms", ".a2dms"}, .counts = {2, 4}, .scalar = true},
          {{".3d"}, {4}}};
}
// ".grad: ... The vectors are singletons for 1d and a1d textures; are
// two-element vectors for 2d and a2d textures; and are four-element vectors
// for 3d, cube and acube textures" (ptxas 13.0 takes 1, 2 or 4 elements for
// cube and acube).
std::vector<ElementCounts> gradientCounts() {
  return {{{".1d", ".a1d"}, {1}}, {{".2d", ".a2d"}, {2}}, {{".3d"}, {4}}, {{".cube", ".acube"}, {1, 2, 4}}};
}

OperandSpec destination(std::string_view type_slot) {
  OperandSpec d = data("d", ".vec", type_slot);
  d.typed_elements = true;  // ptxas: "Arguments mismatch" for .f32 registers with .s32
  d.with_predicate = true;  // d[|p]
  return d;
}
OperandSpec fixedCoordinates(std::string_view name, std::vector<ElementCounts> counts, std::string_view type) {
  OperandSpec op = coordinates(name, ".geom", std::move(counts), {});
  op.fixed_type = type;
  return op;
}

// "Offset vector operand introduced in PTX ISA version 4.3 ... requires sm_30";
// "Depth compare operand introduced in PTX ISA version 4.3 ... requires
// sm_30"; "Support for optional destination predicate introduced in PTX ISA
// version 7.1 ... requires sm_60 or higher".
std::vector<FeatureNote> operandNotes() {
  return {{.operand = "e", .introduced = {4, 3}, .targets = {TargetRequirement::atLeast(30)}},
          {.operand = "f", .introduced = {4, 3}, .targets = {TargetRequirement::atLeast(30)}},
          {.operand = "d", .introduced = {7, 1}, .targets = {TargetRequirement::atLeast(60)}, .on_predicate = true}};
}

// "Operand f is .f32 scalar value that specifies depth compare value": an
// .f32 constant or a 32-bit register (ptxas 13.0 takes .u32 and .s32 ones).
OperandSpec depthCompare() {
  OperandSpec op = value("f", 32);
  op.float_constant = true;
  return op;
}

// The geometries that take an offset e ("Offset vector operand e is not
// supported for cubemap textures") and a depth compare f ("Depth compare
// operand is not supported for 3d textures"; "not supported for
// multi-sample textures").
Values without(const Values& all, const Values& removed) {
  Values kept;
  for (std::string_view v : all) {
    if (std::find(removed.begin(), removed.end(), v) == removed.end()) kept.push_back(v);
  }
  return kept;
}

// 9.7.10.3 tex.
void tex(std::vector<InstructionSpec>& specs) {
  struct Mode {
    std::string_view name;  // "", ".base", ".level", ".grad"
    std::string_view syntax_v4, syntax_v2;
  };
  const Mode modes[] = {
      {"", "tex.geom.v4.dtype.ctype d[|p], [a, {b,} c] {, e} {, f}",
       "tex.geom.v2.f16x2.ctype d[|p], [a, {b,} c] {, e} {, f}"},
      {".base", "tex.base.geom.v4.dtype.ctype d[|p], [a, {b,} c] {, e} {, f}",
       "tex.base.geom.v2.f16x2.ctype d[|p], [a, {b,} c] {, e} {, f}"},
      {".level", "tex.level.geom.v4.dtype.ctype d[|p], [a, {b,} c], lod {, e} {, f}",
       "tex.level.geom.v2.f16x2.ctype d[|p], [a, {b,} c], lod {, e} {, f}"},
      {".grad", "tex.grad.geom.v4.dtype.ctype d[|p], [a, {b,} c], dPdx, dPdy {, e} {, f}",
       "tex.grad.geom.v2.f16x2.ctype d[|p], [a, {b,} c], dPdx, dPdy {, e} {, f}"},
  };
  for (const Mode& mode : modes) {
    for (bool v2 : {false, true}) {
      for (bool offset : {false, true}) {
        for (bool depth : {false, true}) {
          // ".level ... Geometries .2dms and .a2dms are not supported in this
          // mode" (and .grad); e not for cube and acube; f not for 3d and the
          // multi-sample geometries.
          Values geoms = kTexGeoms;
          if (mode.name == ".level" || mode.name == ".grad") geoms = without(geoms, {".2dms", ".a2dms"});
          if (offset) geoms = without(geoms, {".cube", ".acube"});
          if (depth) geoms = without(geoms, {".3d", ".2dms", ".a2dms"});
          std::vector<QualifierSlot> q;
          if (mode.name.empty()) {
            q.push_back(leading(optional(".mipmap", {".base"})));
          } else {
            q.push_back(leading(required(".mipmap", {mode.name})));
          }
          q.push_back(required(".geom", geoms));
          q.push_back(required(".vec", {v2 ? ".v2" : ".v4"}));
          q.push_back(ordered(required(".dtype", v2 ? Values{".f16x2"} : Values{".u32", ".s32", ".f16", ".f32"})));
          // "When using depth compare operand, the elements in texture
          // coordinate vector c have .f32 type".
          q.push_back(ordered(required(".ctype", depth ? Values{".f32"} : kCtypes)));
          std::vector<OperandSpec> ops = {destination(".dtype"),
                                          resourceAddress("c", true, ".geom", textureCoordinates(), ".ctype")};
          // "lod ... The type of lod follows .ctype (either .s32 or .f32)".
          if (mode.name == ".level") ops.push_back(typedValue("lod", ".ctype"));
          // "Requires two .f32 vectors, dPdx and dPdy".
          if (mode.name == ".grad") {
            ops.push_back(fixedCoordinates("dPdx", gradientCounts(), ".f32"));
            ops.push_back(fixedCoordinates("dPdy", gradientCounts(), ".f32"));
          }
          // "Operand e is a vector of .s32 values"; "Operand f is .f32 scalar"
          // (ptxas 13.0 takes any 32-bit register or constant for f).
          if (offset) ops.push_back(fixedCoordinates("e", offsetCounts(), ".s32"));
          if (depth) ops.push_back(depthCompare());
          // ".cube, .acube require .f32; .2dms, .a2dms require .s32".
          std::vector<Constraint> rules = {pairs(".geom", ".ctype",
                                                 {{{".1d", ".2d", ".3d", ".a1d", ".a2d"}, kCtypes},
                                                  {{".cube", ".acube"}, {".f32"}},
                                                  {{".2dms", ".a2dms"}, {".s32"}}})};
          std::vector<FeatureNote> notes = operandNotes();
          // PTX ISA Notes and Target ISA Notes.
          notes.push_back({.slot = ".geom", .values = {".a1d", ".a2d"}, .introduced = {2, 3}});
          notes.push_back({.slot = ".geom", .values = {".cube"}, .introduced = {3, 0}});
          notes.push_back({.slot = ".geom",
                           .values = {".acube"},
                           .introduced = {3, 0},
                           .targets = {TargetRequirement::atLeast(20)}});
          notes.push_back({.slot = ".geom",
                           .values = {".2dms", ".a2dms"},
                           .introduced = {3, 2},
                           .targets = {TargetRequirement::atLeast(30)}});
          notes.push_back({.slot = ".mipmap", .introduced = {3, 1}, .targets = {TargetRequirement::atLeast(20)}});
          notes.push_back({.slot = ".geom",
                           .when = {{".mipmap", {".grad"}}},
                           .values = {".cube", ".acube"},
                           .introduced = {4, 3},
                           .targets = {TargetRequirement::atLeast(20)}});
          notes.push_back({.slot = ".dtype",
                           .values = {".f16", ".f16x2"},
                           .introduced = {4, 2},
                           .targets = {TargetRequirement::atLeast(53)}});
          specs.push_back(entry("9.7.10.3", v2 ? mode.syntax_v2 : mode.syntax_v4, "tex", std::move(q), std::move(ops),
                                std::move(rules), {1, 0}, {}, std::move(notes)));
        }
      }
    }
  }
}

// 9.7.10.4 tld4: "tld4.comp.2d.v4.dtype.f32 d[|p], [a, c] {, e} {, f}" and
// "tld4.comp.geom.v4.dtype.f32 d[|p], [a, b, c] {, e} {, f}".
void tld4(std::vector<InstructionSpec>& specs) {
  for (bool offset : {false, true}) {
    for (bool depth : {false, true}) {
      // "Offset vector operand e is not supported for cubemap textures".
      Values geoms = {".2d", ".a2d", ".cube", ".acube"};
      if (offset) geoms = {".2d", ".a2d"};
      // "For 2D textures, operand c specifies coordinates as a two-element,
      // 32-bit floating-point vector"; a2d, cube, acube: four elements.
      std::vector<OperandSpec> ops = {
          destination(".dtype"),
          resourceAddress("c", true, ".geom", {{{".2d"}, {2, 4}}, {{".cube"}, {4}}, {{".a2d", ".acube"}, {4}, true}},
                          ".ctype")};
      // "Operand e is a vector of type .v2.s32".
      if (offset) {
        ops.push_back(fixedCoordinates("e", {{.values = {".2d", ".a2d"}, .counts = {2, 4}, .scalar = true}}, ".s32"));
      }
      // "Operand f is .f32 scalar value": ptxas 13.0 takes any 32-bit register
      // or constant (an .s32 or .u32 register too).
      if (depth) ops.push_back(depthCompare());
      std::vector<FeatureNote> notes = operandNotes();
      // "tld4.{a2d,cube,acube} introduced in PTX ISA version 4.3 ... requires sm_30".
      notes.push_back({.slot = ".geom",
                       .values = {".a2d", ".cube", ".acube"},
                       .introduced = {4, 3},
                       .targets = {TargetRequirement::atLeast(30)}});
      specs.push_back(
          entry("9.7.10.4", "tld4.comp.geom.v4.dtype.f32 d[|p], [a, {b,} c] {, e} {, f}", "tld4",
                {required(".comp", {".r", ".g", ".b", ".a"}), required(".geom", geoms), required(".vec", {".v4"}),
                 ordered(required(".dtype", {".u32", ".s32", ".f32"})), ordered(required(".ctype", {".f32"}))},
                std::move(ops), {}, {2, 2}, TargetRequirement::atLeast(20), std::move(notes)));
    }
  }
}

// txq's and suq's [a]: "Operand a is a .texref or .samplerref variable, or
// a .u64 register" (9.7.10.5), "a .surfref variable or a .u64 register"
// (9.7.11.4): no offset, no immediate address (ptxas 13.0: ".texref or .u64
// register expected").
OperandSpec queried(std::string_view name) {
  OperandSpec op = addressOf(name, spec::kAddressRegister | spec::kAddressVariable, 64);
  op.opaque_variable = true;
  return op;
}

// 9.7.10.5 txq.
void txq(std::vector<InstructionSpec>& specs) {
  // "Channel data type and channel order queries were added in PTX ISA
  // version 2.1"; ".force_unnormalized_coords ... 2.2"; ".array_size,
  // .num_mipmap_levels, .num_samples ... 4.1"; "Querying the number of
  // mipmap levels requires sm_20 or higher"; "Querying the number of samples
  // requires sm_30 or higher".
  std::vector<FeatureNote> notes = {
      {.slot = ".query", .values = {".channel_data_type", ".channel_order"}, .introduced = {2, 1}},
      {.slot = ".query", .values = {".force_unnormalized_coords"}, .introduced = {2, 2}},
      {.slot = ".query", .values = {".array_size"}, .introduced = {4, 1}},
      {.slot = ".query",
       .values = {".num_mipmap_levels"},
       .introduced = {4, 1},
       .targets = {TargetRequirement::atLeast(20)}},
      {.slot = ".query", .values = {".num_samples"}, .introduced = {4, 1}, .targets = {TargetRequirement::atLeast(30)}},
  };
  // ".tquery = { .width, .height, .depth, .channel_data_type, .channel_order,
  // .normalized_coords, .array_size, .num_mipmap_levels, .num_samples}";
  // ".squery = { .force_unnormalized_coords, .filter_mode, .addr_mode_0,
  // addr_mode_1, addr_mode_2 }". ptxas 13.0 also takes .memory_layout.
  specs.push_back(entry("9.7.10.5", "txq.tquery.b32 d, [a]", "txq",
                        {required(".query", {".width", ".height", ".depth", ".channel_data_type", ".channel_order",
                                             ".normalized_coords", ".array_size", ".num_mipmap_levels", ".num_samples",
                                             ".memory_layout", ".force_unnormalized_coords", ".filter_mode",
                                             ".addr_mode_0", ".addr_mode_1", ".addr_mode_2"}),
                         required(".type", {".b32"})},
                        {reg("d", 32), queried("a")}, {}, {1, 5}, {}, notes));
  // "txq.level requires an additional 32bit integer argument, lod";
  // "txq.level introduced in PTX ISA version 4.3 ... requires sm_30".
  specs.push_back(entry("9.7.10.5", "txq.level.tlquery.b32 d, [a], lod", "txq",
                        {leading(required(".level", {".level"})), required(".query", {".width", ".height", ".depth"}),
                         required(".type", {".b32"})},
                        {reg("d", 32), queried("a"), valueOfType("lod", ".s32")}, {}, {4, 3},
                        TargetRequirement::atLeast(30)));
}

// 9.7.10.6 istypep: "Destination p has type .pred; the source address operand
// must be of type .u64"; "Introduced in PTX ISA version 4.0"; "requires sm_30".
// "if register a points to an opaque variable": a register, never the
// variable's name (ptxas 13.0: "Arguments mismatch" for `istypep.texref p,
// tex`).
void istypep(std::vector<InstructionSpec>& specs) {
  specs.push_back(entry("9.7.10.6", "istypep.type p, a", "istypep",
                        {required(".type", {".texref", ".samplerref", ".surfref"})},
                        {predicateDest("p"), typed("a", {})}, {}, {4, 0}, TargetRequirement::atLeast(30)));
  specs.back().operands[1].fixed_type = ".u64";
}

const Values kSurfaceGeoms = {".1d", ".2d", ".3d", ".a1d", ".a2d"};
const Values kClamp = {".trap", ".clamp", ".zero"};
const Values kSurfaceTypes = {".b8", ".b16", ".b32", ".b64"};

// 9.7.11.1 "Operand b is a scalar or singleton tuple for 1d surfaces; is a
// two-element vector for 2d surfaces; and is a four-element vector for 3d
// surfaces"; "For 1d surface arrays, operand b has type .v2.b32 ... For 2d
// surface arrays, operand b has type .v4.b32"; "Coordinate elements are of
// type .s32" (larger vectors accepted by ptxas, as for tex).
OperandSpec surfaceAddress() {
  OperandSpec op = resourceAddress(
      "b", false, ".geom",
      {{{".1d"}, {1, 2, 4}}, {{".2d"}, {2, 4}}, {{".3d"}, {4}}, {{".a1d"}, {2, 4}, true}, {{".a2d"}, {4}, true}}, {});
  op.fixed_type = ".s32";
  return op;
}

// "Vectors cannot exceed 128-bits in length" (5.4.2; ptxas: "Vector type too
// large").
Constraint surfaceVectorSize(std::string_view type_slot) {
  return pairs(".vec", type_slot, {{{"", ".v2"}, kSurfaceTypes}, {{".v4"}, {".b8", ".b16", ".b32"}}});
}

// "sm_1x targets support only the .trap clamping modifier"; "Additional clamp
// modifiers and cache operations introduced in PTX ISA version 2.0"; "Cache
// operations require sm_20 or higher"; "suld.b.3d and suld.b.{a1d,a2d}
// introduced in PTX ISA version 3.0"; "require sm_20 or higher".
std::vector<FeatureNote> surfaceNotes() {
  return {{.slot = ".clamp",
           .values = {".clamp", ".zero"},
           .introduced = {2, 0},
           .targets = {TargetRequirement::atLeast(20)}},
          {.slot = ".cop", .introduced = {2, 0}, .targets = {TargetRequirement::atLeast(20)}},
          {.slot = ".geom",
           .values = {".3d", ".a1d", ".a2d"},
           .introduced = {3, 0},
           .targets = {TargetRequirement::atLeast(20)}}};
}

void surfaces(std::vector<InstructionSpec>& specs) {
  // 9.7.11.1 suld: "the size of the data transfer matches the size of
  // destination operand d": registers may be wider than .dtype (ptxas takes
  // any register of at least its size, as ld does, 9.4.1).
  specs.push_back(entry("9.7.11.1", "suld.b.geom{.cop}.vec.dtype.clamp d, [a, b]", "suld",
                        {leading(required(".b", {".b"})), required(".geom", kSurfaceGeoms),
                         optional(".cop", {".ca", ".cg", ".cs", ".cv"}), optional(".vec", {".v2", ".v4"}),
                         required(".dtype", kSurfaceTypes), required(".clamp", kClamp)},
                        {widerRegister(data("d", ".vec", ".dtype")), surfaceAddress()}, {surfaceVectorSize(".dtype")},
                        {1, 5}, {}, surfaceNotes()));
  // 9.7.11.2 sust: "sust.b.{1d,2d,3d}{.cop}.vec.ctype.clamp [a, b], c",
  // "sust.b.{a1d,a2d}{.cop}.vec.ctype.clamp [a, b], c" and
  // "sust.p.{1d,2d,3d}.vec.b32.clamp [a, b], c" (ptxas 13.0 also takes .cop
  // and the array geometries with sust.p). The sink '_' is no source.
  OperandSpec source = sinksOnlyWhen(widerRegister(data("c", ".vec", ".ctype")), {{{".vec", {}}}});
  std::vector<FeatureNote> sust_notes = surfaceNotes();
  // "sust.p ... introduced in PTX ISA version 2.0"; "sust.p requires sm_20".
  sust_notes.push_back(
      {.slot = ".mode", .values = {".p"}, .introduced = {2, 0}, .targets = {TargetRequirement::atLeast(20)}});
  specs.push_back(entry("9.7.11.2", "sust.b.{1d,2d,3d,a1d,a2d}{.cop}.vec.ctype.clamp [a, b], c", "sust",
                        {leading(required(".mode", {".b"})), required(".geom", kSurfaceGeoms),
                         optional(".cop", {".wb", ".cg", ".cs", ".wt"}), optional(".vec", {".v2", ".v4"}),
                         required(".ctype", kSurfaceTypes), required(".clamp", kClamp)},
                        {surfaceAddress(), source}, {surfaceVectorSize(".ctype")}, {1, 5}, {}, sust_notes));
  specs.push_back(entry("9.7.11.2", "sust.p.{1d,2d,3d}.vec.b32.clamp [a, b], c", "sust",
                        {leading(required(".mode", {".p"})), required(".geom", kSurfaceGeoms),
                         optional(".cop", {".wb", ".cg", ".cs", ".wt"}), optional(".vec", {".v2", ".v4"}),
                         required(".ctype", {".b32"}), required(".clamp", kClamp)},
                        {surfaceAddress(), source}, {}, {1, 5}, {}, sust_notes));
  // 9.7.11.3 sured: "Operation add applies to .u32, .u64, and .s32 types; min
  // and max apply to .u32, .s32, .u64 and .s64 types; operations and and or
  // apply to .b32 type"; "The instruction type .b64 is restricted to min and
  // max operations"; ".geom = { .1d, .2d, .3d }".
  std::vector<FeatureNote> sured_notes = {{.slot = ".clamp",
                                           .values = {".clamp", ".zero"},
                                           .introduced = {2, 0},
                                           .targets = {TargetRequirement::atLeast(20)}},
                                          // ".u64/.s64/.b64 types with .min/.max operations introduced in PTX ISA
                                          // version 8.1 ... requires sm_50 or higher".
                                          {.slot = ".ctype",
                                           .when = {{".op", {".min", ".max"}}},
                                           .values = {".u64", ".s64", ".b64"},
                                           .introduced = {8, 1},
                                           .targets = {TargetRequirement::atLeast(50)}}};
  OperandSpec reduce_address = surfaceAddress();
  reduce_address.element_counts = {{{".1d"}, {1, 2, 4}}, {{".2d"}, {2, 4}}, {{".3d"}, {4}}};
  specs.push_back(entry("9.7.11.3", "sured.b.op.geom.ctype.clamp [a,b],c", "sured",
                        {leading(required(".mode", {".b"})), required(".op", {".add", ".min", ".max", ".and", ".or"}),
                         required(".geom", {".1d", ".2d", ".3d"}),
                         required(".ctype", {".u32", ".u64", ".s32", ".b32", ".s64"}), required(".clamp", kClamp)},
                        {reduce_address, widerRegister(typedValue("c", ".ctype"))},
                        {pairs(".op", ".ctype",
                               {{{".add"}, {".u32", ".u64", ".s32"}},
                                {{".min", ".max"}, {".u32", ".s32", ".u64", ".s64"}},
                                {{".and", ".or"}, {".b32"}}})},
                        {2, 0}, TargetRequirement::atLeast(20), sured_notes));
  specs.push_back(entry(
      "9.7.11.3", "sured.p.op.geom.ctype.clamp [a,b],c", "sured",
      {leading(required(".mode", {".p"})), required(".op", {".add", ".min", ".max", ".and", ".or"}),
       required(".geom", {".1d", ".2d", ".3d"}), required(".ctype", {".b32", ".b64"}), required(".clamp", kClamp)},
      {reduce_address, widerRegister(typedValue("c", ".ctype"))},
      {pairs(".op", ".ctype", {{{".add", ".and", ".or"}, {".b32"}}, {{".min", ".max"}, {".b32", ".b64"}}})}, {2, 0},
      TargetRequirement::atLeast(20), sured_notes));
  // 9.7.11.4 suq: "Channel data type and channel order queries added in PTX
  // ISA version 2.1"; ".array_size ... 4.1"; ".memory_layout ... 4.2".
  specs.push_back(entry("9.7.11.4", "suq.query.b32 d, [a]", "suq",
                        {required(".query", {".width", ".height", ".depth", ".channel_data_type", ".channel_order",
                                             ".array_size", ".memory_layout"}),
                         required(".type", {".b32"})},
                        {reg("d", 32), queried("a")}, {}, {1, 5}, {},
                        {{.slot = ".query", .values = {".channel_data_type", ".channel_order"}, .introduced = {2, 1}},
                         {.slot = ".query", .values = {".array_size"}, .introduced = {4, 1}},
                         {.slot = ".query", .values = {".memory_layout"}, .introduced = {4, 2}}}));
}

}  // namespace

std::vector<InstructionSpec> textureSurfaceSpecs() {
  std::vector<InstructionSpec> specs;
  tex(specs);
  tld4(specs);
  txq(specs);
  istypep(specs);
  surfaces(specs);
  return specs;
}

}  // namespace ptxlint::spec
