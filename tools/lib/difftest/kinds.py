"""The operand-kind sweep (#30): for every syntax block, a valid instruction
of it, and for every operand slot each kind of operand in turn in its place
-- a register of each type, integer and floating-point constants of each
width, a vector of the wrong length or a scalar for a vector, each address
form of 6.4.1 in each state space, a symbol, the sink '_' -- judged by
ptxlint (--compat=ptxas-13.0, and the default mode) and ptxas.

The manual's own reading is kept only where the difftest model knows the
kind (registers, constants, vectors, [reg], '_'); for the address forms and
symbols the model has no reading and the case is 'unclear' for the manual:
these cases are judged against ptxas alone, and a default-mode disagreement
must be a recorded deviation (PL5001) to be explained."""

# Kinds whose reading the difftest model has (operands.operand_fits).
MODEL_KINDS = ("reg", "treg", "imm", "vec", "sink", "addr")

# Module-level variables the address and symbol kinds name (render.py
# declares them when a case uses them), one per state space.
SWEEP_VARIABLES = {".global": "g_glob", ".shared": "g_shared", ".const": "g_const",
                   ".local": "g_local"}


def slot_kinds(op):
    """The kinds tried in the place of operand `op` (an operand of a valid
    case): -> [(label, operand)]. Each kind appears once; the one equal to
    `op` itself is left out by the caller."""
    kinds = []
    # A register of each type (9.4, Table 26): bit-size, unsigned, signed,
    # floating point, predicate, 128-bit.
    for ty in (".b16", ".b32", ".b64", ".u32", ".s32", ".u64", ".s64", ".f16", ".f32", ".f64",
               ".u16", ".s16"):
        kinds.append((f"register {ty}", ("treg", ty)))
    kinds.append(("register .pred", ("reg", "pred")))
    kinds.append(("register .b128", ("reg", 128)))
    # Constants (4.5): integers of each sign and width, floating point of
    # each literal form.
    kinds += [("integer 1", ("imm", "1")), ("integer -1", ("imm", "-1")),
              ("integer 0x100000000", ("imm", "0x100000000")),
              ("float 0f3F800000", ("imm", "0f3F800000")),
              ("float 0d3FF0000000000000", ("imm", "0d3FF0000000000000")),
              ("float 1.5", ("imm", "1.5"))]
    # Vectors: two and four 32-bit registers, and for a vector operand a
    # scalar of its element size and the lengths around it.
    if op[0] == "vec":
        kinds.append(("scalar for a vector", ("reg", op[1])))
        for n in (op[2] - 1, op[2] + 1):
            if n >= 1:
                kinds.append((f"vector of {n}", ("vec", op[1], n)))
    else:
        kinds += [("vector of 2", ("vec", 32, 2)), ("vector of 4", ("vec", 32, 4))]
    # Addresses (6.4.1): [reg], [reg+imm], a 32-bit register, [var] and
    # [var+imm] in each state space, [immAddr].
    kinds += [("address [reg64]", ("addr",)), ("address [reg64+8]", ("aoff",)),
              ("address [reg32]", ("a32",)), ("address [4096]", ("aimm",))]
    for space, var in SWEEP_VARIABLES.items():
        kinds.append((f"address [{space} var]", ("avar", var, 0)))
        kinds.append((f"address [{space} var+4]", ("avar", var, 4)))
    # Symbols: a variable's name as a value, the sink.
    kinds += [("symbol (.global variable)", ("sym", "g_glob")), ("sink _", ("sink",))]
    return kinds


def model_knows(op):
    return op[0] in MODEL_KINDS
