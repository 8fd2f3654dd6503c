"""A case as text: the instruction with its register declarations
(render) and the complete module ptxas and ptxlint are given
(module_text)."""
from .blocks.control_flow import CONTROL_OPCODES
from .model import TYPE_BITS


def render(case):
    """-> (instruction text, declarations)."""
    counters = {}
    prefixes = {8: ("%rc", ".b8"), 16: ("%rs", ".b16"), 32: ("%r", ".b32"), 64: ("%rd", ".b64"),
                128: ("%rq", ".b128"), "pred": ("%p", ".pred")}
    for op in case["ops"]:
        if op[0] == "treg":   # a register declared with this type (.u32, .f32, ...)
            prefixes[op[1]] = ("%t" + op[1][1:] + "_", op[1])

    if any(op[0] in ("texd", "texc", "tvec") for op in case["ops"]):
        prefixes.setdefault(".f32", ("%tf32_", ".f32"))
        prefixes.setdefault(".f16", ("%tf16_", ".f16"))

    def treg(ty):
        """A register of the data type `ty` (texture data and coordinates)."""
        return reg(ty if ty in (".f32", ".f16") else TYPE_BITS.get(ty, 32))

    def reg(bits):
        counters[bits] = counters.get(bits, 0) + 1
        return f"{prefixes[bits][0]}{counters[bits]}"

    parts = []
    for op in case["ops"]:
        if op[0] == "addr":
            parts.append(f"[{reg(64)}]")
        elif op[0] == "aoff":     # the operand-kind sweep's address forms (6.4.1)
            parts.append(f"[{reg(64)}+8]")
        elif op[0] == "a32":
            parts.append(f"[{reg(32)}]")
        elif op[0] == "aimm":
            parts.append("[4096]")
        elif op[0] == "avar":
            parts.append(f"[{op[1]}+{op[2]}]" if op[2] else f"[{op[1]}]")
        elif op[0] == "reg":
            parts.append(reg(op[1]))
        elif op[0] == "treg":
            parts.append(reg(op[1]))
        elif op[0] == "negpred":
            parts.append("!" + reg("pred"))
        elif op[0] == "ppair":
            parts.append(reg("pred") + "|" + reg("pred"))
        elif op[0] == "rpair":
            parts.append(reg(op[1]) + "|" + reg("pred"))
        elif op[0] == "spair":
            parts.append("_|" + reg("pred"))
        elif op[0] == "sink":
            parts.append("_")
        elif op[0] == "imm":
            parts.append(str(op[1]))
        elif op[0] == "vec":
            parts.append("{" + ", ".join(reg(op[1]) for _ in range(op[2])) + "}")
        elif op[0] == "surf":
            parts.append("[surf_g, {" + ", ".join(reg(32) for _ in range(op[1])) + "}]")
        elif op[0] == "texd":
            parts.append("{" + ", ".join(treg(op[1]) for _ in range(op[2])) + "}")
        elif op[0] == "texc":
            coords = [reg(32) if op[3] and i == 0 else treg(op[2]) for i in range(op[1])]
            parts.append("[tex_g, {" + ", ".join(coords) + "}]")
        elif op[0] == "tvec":
            parts.append("{" + ", ".join(treg(op[1]) for _ in range(op[2])) + "}")
        elif op[0] == "surfh":
            parts.append("[surf_g]")
        elif op[0] == "texh":
            parts.append("[tex_g]")
        elif op[0] == "tensor":
            base = reg(64)
            parts.append(f"[{base}, {{" + ", ".join(reg(op[2]) for _ in range(op[1])) + "}]")
        elif op[0] == "sym":
            parts.append(op[1])
        elif op[0] == "list":
            parts.append("(" + ", ".join(reg(32) for _ in range(op[1])) + ")")
    text = case["opcode"] + "".join(case["toks"])
    if parts:
        text += " " + ", ".join(parts)
    decls = [f".reg {prefixes[b][1]} {prefixes[b][0]}<{n + 1}>;"
             for b, n in sorted(counters.items(), key=lambda kv: str(kv[0]))]
    return text + ";", decls


CONTROL_MODULE = (".func f0()\n{\n\tret;\n}\n.func f1(.param .b32 a)\n{\n\tret;\n}\n"
                  ".func (.param .b32 r) f2(.param .b32 a)\n{\n\tret;\n}\n\n")
CONTROL_KERNEL = ("\tTb: .branchtargets L_a;\n\tTc0: .calltargets f0;\n\tTc1: .calltargets f1;\n"
                  "\tTc2: .calltargets f2;\n\tP0: .callprototype _ ();\n"
                  "\tP1: .callprototype _ (.param .b32 _);\n"
                  "\tP2: .callprototype (.param .b32 _) _ (.param .b32 _);\n")


# The variables the operand-kind sweep names (kinds.SWEEP_VARIABLES), by
# state space; .local ones are declared in the kernel.
SWEEP_DECLS = {"g_glob": ".global .align 8 .b32 g_glob[64];",
               "g_shared": ".shared .align 8 .b32 g_shared[64];",
               "g_const": ".const .align 8 .b32 g_const[64];"}


def named_variables(case):
    return {op[1] for op in case["ops"] if op[0] in ("avar", "sym")}


def resource_decls(case):
    """The .surfref / .texref a surface or texture case names (9.7.10, 9.7.11),
    and the variables of the operand-kind sweep."""
    kinds = {op[0] for op in case["ops"]}
    text = "".join(SWEEP_DECLS[v] + "\n" for v in sorted(named_variables(case)) if v in SWEEP_DECLS)
    if kinds & {"surf", "surfh"}:
        text += ".global .surfref surf_g;\n"
    if kinds & {"texh", "texc"}:
        text += ".global .texref tex_g;\n"
    return text + ("\n" if text else "")


def module_text(case):
    instr, decls = render(case)
    if "g_local" in named_variables(case):
        decls.append(".local .align 8 .b32 g_local[64];")
    body = "".join(f"\t{d}\n" for d in decls)
    if case["opcode"] in CONTROL_OPCODES:
        return (f"//\n// difftest case {case['id']}: {case['opcode']}, {case['kind']}\n//\n"
                f".version {case['version']}\n.target {case['target']}\n.address_size 64\n\n"
                f"{resource_decls(case)}{CONTROL_MODULE}.visible .entry difftest_case()\n{{\n{body}{CONTROL_KERNEL}\t{instr}\n"
                f"L_a:\n\tret;\n}}\n")
    return (f"//\n// difftest case {case['id']}: {case['opcode']}, {case['kind']}\n//\n"
            f".version {case['version']}\n.target {case['target']}\n.address_size 64\n\n"
            f"{resource_decls(case)}"
            f".visible .entry difftest_case()\n{{\n{body}\t{instr}\n\tret;\n}}\n")
