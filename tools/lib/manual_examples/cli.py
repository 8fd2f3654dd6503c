"""Every example of the PTX ISA manual as a golden test.

    tools/manual-examples [--manual DIR] [--out DIR] [--check] [--refresh]
                          [--ptxas PATH] [--ptxlint PATH] [--jobs N] [--only TEXT]

Extracts every example code block of every section file of the manual
(../shared/ptx-manual-9.1), splits it into statements and keeps the complete
ones (instructions, declarations, labels; not syntax templates, pseudo-code
or '...' elisions), and writes one module per section to
tests/golden/manual/<section-file-stem>.ptx: the .version/.target its ISA
notes ask for, .address_size 64, the module-scope names its examples use,
and one kernel holding each example block in a scope of its own, each
instruction in a nested scope with the registers it uses.

The choices ptxas made (the header, the registers' types where the first
guess failed) and its verdicts are kept in tests/golden/manual/ptxas.json,
so that generating needs no ptxas:
  --refresh   asks ptxas again (and ptxlint, for the lines ptxas refuses:
              their expected diagnostics), rewrites ptxas.json, the modules
              and MANUAL-ERRATA.md.
  --check     exits 1 when a committed module differs from what this tool
              generates (0 when all agree; 77 without the manual).
  --relint    asks ptxlint again (after a fix), not ptxas: rewrites the
              expected diagnostics in ptxas.json, the modules and the errata.
  --verify    assembles every module again with ptxas and exits 1 where
              ptxas now refuses another set of statements than ptxas.json
              records (77 without ptxas or the manual).
Without either, the modules are (re)written from ptxas.json.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys

from . import extract, golden, module, oracle

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def sections(manual, only=None):
    by = collections.OrderedDict()
    for block in extract.extract(manual):
        by.setdefault(block.section, []).append(block)
    out = []
    for path, blocks in by.items():
        if only and only not in path:
            continue
        out.append((module.Section(path, manual, blocks), blocks))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--manual", default=os.path.join(ROOT, "..", "shared", "ptx-manual-9.1"))
    ap.add_argument("--out", default=os.path.join(ROOT, "tests", "golden", "manual"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--verify", action="store_true")
    ap.add_argument("--relint", action="store_true")
    ap.add_argument("--ptxas", default=shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas")
    ap.add_argument("--ptxlint", default=os.path.join(ROOT, "build", "ptxlint"))
    ap.add_argument("--jobs", type=int, default=8)
    ap.add_argument("--only", default=None)
    args = ap.parse_args(argv)
    if not os.path.isdir(args.manual):
        print(f"no manual at {args.manual}: skipped")
        return 77
    state_path = os.path.join(args.out, "ptxas.json")
    state = json.load(open(state_path)) if os.path.exists(state_path) else {}
    found = sections(args.manual, args.only)
    if args.verify:
        return _verify(found, state, args)
    if args.refresh:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            decided = list(pool.map(lambda sb: oracle.decide(sb[0], args.ptxas, args.ptxlint), found))
        for (sec, _), d in zip(found, decided):
            state[sec.stem] = d
            golden.relint(sec, d, args.ptxlint)
    if args.relint:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            todo = [sec for sec, _ in found if sec.stem in state]
            list(pool.map(lambda sec: golden.relint(sec, state[sec.stem], args.ptxlint), todo))
    files = {}
    for sec, blocks in found:
        if not sec.blocks:
            continue
        files[sec.stem + ".ptx"] = golden.render(sec, state.get(sec.stem, {}))
        if state.get(sec.stem, {}).get("syntax_split"):
            files[sec.stem + ".syntax-errors.ptx"] = golden.render(sec, state[sec.stem], "syntax")
    files["MANUAL-ERRATA.md"] = golden.errata(found, state)
    if args.check:
        return _check(args.out, files, args.only)
    os.makedirs(args.out, exist_ok=True)
    if args.refresh or args.relint:
        with open(state_path, "w") as f:
            json.dump(state, f, indent=1, sort_keys=True)
            f.write("\n")
    for name, text in files.items():
        with open(os.path.join(args.out, name), "w") as f:
            f.write(text)
    print(golden.summary(found, state))
    return 0


def _check(out, files, only):
    status = 0
    for name, text in files.items():
        path = os.path.join(out, name)
        if not os.path.exists(path) or open(path).read() != text:
            print(f"{path}: differs from what tools/manual-examples generates")
            status = 1
    if not only:
        for name in os.listdir(out):
            if name.endswith(".ptx") and name not in files:
                print(f"{os.path.join(out, name)}: not generated by tools/manual-examples")
                status = 1
    if status == 0:
        print(f"{len(files)} files as tools/manual-examples generates them")
    return status


def _verify(found, state, args):
    if not os.access(args.ptxas, os.X_OK):
        print("no ptxas: skipped")
        return 77
    todo = [(sec, state[sec.stem]) for sec, _ in found if sec.blocks and sec.stem in state]

    def one(item):
        sec, recorded = item
        d = json.loads(json.dumps(recorded))
        now = oracle._rejected(sec, d, args.ptxas, d["header"][1])
        return sec, set(now) ^ set(recorded.get("rejected", {}))
    status = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for sec, diff in pool.map(one, todo):
            for key in sorted(diff):
                print(f"{sec.rel}:{key}: ptxas's verdict changed")
                status = 1
    print(f"{len(todo)} modules assembled, {'all' if status == 0 else 'not all'} as ptxas.json records")
    return status
