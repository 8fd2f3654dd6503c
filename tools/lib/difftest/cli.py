"""Differential test of ptxlint against ptxas, for every instruction family
with tables: the async-copy family, ld and st, integer, floating-point and
half arithmetic, comparison, logic and mov, control flow, stack manipulation
and miscellaneous instructions, shfl, barriers, fences, vote, match, redux,
cvt, cvta and the address conversions, atom and red, mbarrier,
cp.async.bulk.tensor, tensormap, clusterlaunchcontrol, st.async, st.bulk,
ldu, prefetch and cache policies, ldmatrix, stmatrix, movmatrix, wmma and
wgmma, textures, surfaces and video instructions.

    tools/difftest [--seed S] [--max-cases N] [--jobs J] [--ptxlint PATH]
                   [--ptxas PATH] [--json FILE] [--min-agreement P]
                   [--list] [--only OPCODE[,OPCODE...]] [--known FILE]
                   [--keep DIR] [--operand-kinds]

The cases come from the PTX ISA manual's syntax blocks, transcribed in
blocks/ (BLOCKS, one module per family beside src/spec's C++ tables)
independently of ptxlint's own tables under src/spec: that is the point, a
wrong entry there shows up as a disagreement here. For each block:
every combination of its qualifier values (a seeded sample where the cross
product is large), valid ones and those outside the block's tables, plus
systematic mutations of valid instructions (a dropped or misspelt qualifier,
swapped state spaces, a value or qualifier from elsewhere, wrong operand
count, vector length, immediate or register size, an operand without its
qualifier, a .version one step below an ISA note, a .target below a target
note, a non-a/f target for an a/f feature, ...). Each case is a complete
module, assembled by `ptxas -arch=<target> -o /dev/null` and checked by
ptxlint; their verdicts (accept/reject) are compared.

Each case also carries what the manual itself says (an independent reading
of the same blocks: accept, reject or unclear, with the sentence), shown
beside every disagreement to say which side is right. Cases whose .version
is newer than ptxas knows (9.1 for CUDA 13.0) are "manual-only": ptxas
cannot judge them; they are counted apart, and ptxlint is compared with the
manual's reading instead.

--operand-kinds runs the operand-kind sweep instead (kinds.py): for every
syntax block a valid instruction, each operand slot given each kind in turn
(a register of each type, integer and floating-point constants, vectors of
other lengths, each address form in each state space, a symbol, '_'); the
report adds the matrix of blocks x slots x kinds tried and the agreement per
family and per kind; there --min-agreement P fails the run when the
--compat=ptxas-13.0 agreement with ptxas is below P overall or in any family
(each disagreement is listed, and none fails the run by itself).

Known, explained disagreements live in tests/difftest/known-disagreements.txt
(format described there); --min-agreement P (a percentage) fails the run
when the agreement, counting known disagreements as explained, is below P.
Exit status: 0 ok, 1 a ptxlint failure (exit status 2, a crash, a timeout)
or agreement below --min-agreement, 2 usage, 77 no ptxas (nothing to
compare with; --list needs none).
"""
import argparse
import os
import random
import shutil
import sys
import time

from .blocks import OPCODES
from .generator import generate, generate_operand_kinds, stratified
from .report import load_known, report
from .runner import run_cases

# The repository (this file is tools/lib/difftest/cli.py).
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))


def parse_args():
    """-> (arguments, the --only opcodes as a set or None); exits 2 on a usage error."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1, help="seed of the sampling (default 1)")
    ap.add_argument("--max-cases", type=int, default=None, metavar="N",
                    help="at most N cases, spread over instructions and kinds")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="J",
                    help="processes run at once (default: the number of CPUs)")
    ap.add_argument("--ptxlint", default=os.path.join(ROOT, "build", "ptxlint"), metavar="PATH",
                    help="the ptxlint to test (default: build/ptxlint)")
    ap.add_argument("--ptxas", default=os.environ.get("PTXAS") or shutil.which("ptxas")
                    or "/usr/local/cuda/bin/ptxas", metavar="PATH",
                    help="the oracle (default: $PTXAS, ptxas on PATH, /usr/local/cuda/bin/ptxas)")
    ap.add_argument("--json", metavar="FILE", help="write every case and verdict to FILE")
    ap.add_argument("--min-agreement", type=float, metavar="P", default=None,
                    help="exit 1 if the agreement (known disagreements counted as explained) "
                         "is below P percent")
    ap.add_argument("--list", action="store_true", help="print the cases, run nothing")
    ap.add_argument("--only", metavar="OPCODE", help="only these instructions (comma-separated)")
    ap.add_argument("--known", default=os.path.join(ROOT, "tests", "difftest",
                                                    "known-disagreements.txt"), metavar="FILE",
                    help="known disagreements (default: tests/difftest/known-disagreements.txt)")
    ap.add_argument("--operand-kinds", action="store_true",
                    help="the operand-kind sweep: every slot of every block given each kind")
    ap.add_argument("--keep", metavar="DIR", help="write the case modules to DIR and keep them")
    args = ap.parse_args()

    only = None
    if args.only:
        only = set(x.strip() for x in args.only.split(","))
        unknown = only - set(OPCODES)
        if unknown:
            ap.error(f"unknown opcode(s) {', '.join(sorted(unknown))}; known: {', '.join(OPCODES)}")
    return args, only


def print_list(cases):
    """--list: one line per case, the count on standard error."""
    for c in cases:
        exp = c["expect"] or "unclear"
        what = f"  ({c['what']})" if c["what"] else ""
        print(f"{c['id']:5d}  {c['opcode']:<30} {c['kind']:<26} .version {c['version']} "
              f".target {c['target']:<8} manual:{exp:<7} {c['instruction']}{what}")
    print(f"{len(cases)} cases", file=sys.stderr)


def main():
    args, only = parse_args()
    cases = generate_operand_kinds(args.seed, only) if args.operand_kinds else generate(args.seed, only)
    if args.max_cases is not None and args.max_cases < len(cases):
        cases = stratified(cases, args.max_cases, random.Random(args.seed))

    if args.list:
        print_list(cases)
        return 0

    if not (os.path.isfile(args.ptxas) and os.access(args.ptxas, os.X_OK)):
        print(f"difftest: no ptxas at '{args.ptxas}' (set --ptxas or PTXAS): skipped")
        return 77
    if not (os.path.isfile(args.ptxlint) and os.access(args.ptxlint, os.X_OK)):
        print(f"difftest: no ptxlint at '{args.ptxlint}'", file=sys.stderr)
        return 2
    known = load_known(args.known)

    start = time.monotonic()
    max_version = run_cases(cases, args.ptxas, args.ptxlint, args.jobs, args.keep)
    elapsed = time.monotonic() - start
    return report(cases, known, args, elapsed, max_version)
