"""The command line of tools/mutate: options (parse_args), --show-mutant, and
main, which runs the baseline, samples, runs the mutants and reports. The usage
text is the package docstring (mutate.USAGE)."""
import argparse
import difflib
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from . import USAGE, report, sampling
from .files import ROOT, default_files, read_ptx, relpath
from .operators import GENERATORS, KINDS, apply_edits
from .ptx import Module
from .runner import Runner, baseline, check_mutant, find_ptxas, run_mutants, verdicts


def parse_args(argv):
    ap = argparse.ArgumentParser(description=USAGE.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="See the docstring at the top of tools/mutate for details.")
    ap.add_argument("files", nargs="*", help="PTX files (default: the corpus)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=int, default=8, help="mutants per kind per file (default 8)")
    ap.add_argument("--max-mutants", type=int, default=None, help="cap on the total")
    ap.add_argument("--big-kb", type=int, default=150,
                    help="files above this size get limit/3 for the heavy kinds (default 150; 0: off)")
    ap.add_argument("--kinds", default=None, help="comma-separated kinds (default: all)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds per tool run (default 30)")
    ap.add_argument("--ptxlint", default=os.path.join(ROOT, "build", "ptxlint"))
    ap.add_argument("--ptxas", default=None, help="default: $PTXAS, ptxas on PATH, /usr/local/cuda/bin/ptxas")
    ap.add_argument("--compat", default=None, metavar="REF",
                    help="run ptxlint with --compat=REF (ptxas-13.0): agreement with ptxas on its own "
                         "terms, address-size-32 included")
    ap.add_argument("--json", default=None, help="write the results as JSON to this file")
    ap.add_argument("--min-agreement", type=float, default=None, metavar="P")
    ap.add_argument("--require-kinds", default=None,
                    help="kinds that --min-agreement applies to (default: every kind with mutants)")
    ap.add_argument("--list-all", action="store_true", help="list every mutant, not only disagreements")
    ap.add_argument("--show-mutant", default=None, metavar="ID")
    ap.add_argument("--no-run", action="store_true", help="with --show-mutant: only the diff")
    ap.add_argument("--list-kinds", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory of mutants")
    args = ap.parse_args(argv)
    kinds = KINDS if args.kinds is None else [k.strip() for k in args.kinds.split(",") if k.strip()]
    for k in kinds:
        if k not in KINDS:
            ap.error("unknown kind %r (known: %s)" % (k, ", ".join(KINDS)))
    args.kind_list = kinds
    args.required = None
    if args.require_kinds is not None:
        args.required = [k.strip() for k in args.require_kinds.split(",") if k.strip()]
        for k in args.required:
            if k not in KINDS:
                ap.error("unknown kind %r in --require-kinds" % k)
    if args.jobs < 1 or args.limit < 0 or (args.max_mutants is not None and args.max_mutants < 0):
        ap.error("--jobs must be >= 1, --limit and --max-mutants >= 0")
    return args


def show_mutant(args, runner):
    try:
        fname, kind, index = args.show_mutant.rsplit(":", 2)
        index = int(index)
    except ValueError:
        print("mutate: --show-mutant wants FILE:KIND:INDEX", file=sys.stderr)
        return 2
    path = fname if os.path.exists(fname) else os.path.join(ROOT, fname)
    if kind not in KINDS or not os.path.isfile(path):
        print("mutate: no such file or kind in %r" % args.show_mutant, file=sys.stderr)
        return 2
    text = read_ptx(path)
    cands = GENERATORS[kind](Module(text))
    if not 0 <= index < len(cands):
        print("mutate: %s has %d %s candidates" % (fname, len(cands), kind), file=sys.stderr)
        return 2
    c = cands[index]
    mutated = apply_edits(text, c.edits)
    print("%s  %s:%d  %s" % (args.show_mutant, relpath(path), c.line, c.desc))
    sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), mutated.splitlines(True),
                                               relpath(path), relpath(path) + " (mutant)", n=2))
    if args.no_run or runner is None:
        return 0
    arch, res, mpath = check_mutant(runner, path, text, mutated)
    pv, lv = verdicts(res)
    print("\nptxas -arch=%s --compile-only: exit %s (%s), %.3f s" % (arch, res["ptxas_rc"], pv, res["ptxas_s"]))
    for l in res["ptxas_out"].splitlines()[:10]:
        print("    " + l.replace(mpath, relpath(path)))
    print("ptxlint: exit %s (%s), %.3f s" % (res["ptxlint_rc"], lv, res["ptxlint_s"]))
    for l in res["ptxlint_out"].splitlines()[:10]:
        print("    " + l.replace(mpath, relpath(path)))
    return 0


def main(argv=None):
    """The command: runs it on argv (default sys.argv[1:]) and returns its exit status."""
    try:
        return run_command(sys.argv[1:] if argv is None else argv)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception:
        import traceback
        traceback.print_exc()
        print("mutate: internal error", file=sys.stderr)
        return 2


def run_command(argv):
    args = parse_args(argv)
    if args.list_kinds:
        print("\n".join(KINDS))
        return 0
    ptxas = find_ptxas(args.ptxas)
    if args.show_mutant:
        runner = None
        if not args.no_run:
            if ptxas is None:
                print("mutate: no ptxas found; showing the diff only", file=sys.stderr)
            else:
                runner = Runner(ptxas, args.ptxlint, args.timeout, args.compat)
        return show_mutant(args, runner)
    if ptxas is None:
        if args.ptxas:
            print("mutate: --ptxas %s is not an executable file" % args.ptxas, file=sys.stderr)
            return 2
        print("mutate: no ptxas found (set PTXAS or --ptxas): skipped")
        return 77
    if not (os.path.isfile(args.ptxlint) and os.access(args.ptxlint, os.X_OK)):
        print("mutate: ptxlint not found at %s (--ptxlint)" % args.ptxlint, file=sys.stderr)
        return 2
    files = args.files or default_files()
    for f in files:
        if not os.path.isfile(f):
            print("mutate: no such file: %s" % f, file=sys.stderr)
            return 2
    t_start = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="ptxlint-mutate-")
    runner = Runner.snapshot(ptxas, args.ptxlint, args.timeout, tmp, args.compat)
    pool = ThreadPoolExecutor(max_workers=args.jobs)
    try:
        return run_all(args, runner, files, tmp, pool, t_start)
    finally:
        pool.shutdown(wait=True)
        if args.keep:
            print("mutants kept in %s" % tmp, file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def run_all(args, runner, files, tmp, pool, t_start):
    texts = {f: read_ptx(f) for f in files}
    targets = {f: Runner.target_of(texts[f]) for f in files}
    good, skipped, failures = baseline(runner, pool, files, targets)

    t_gen = time.monotonic()
    chosen = sampling.choose(good, texts, args.kind_list, args.limit, args.big_kb, args.seed)
    t_gen = time.monotonic() - t_gen
    total_candidates = len(chosen)
    chosen = sampling.cap(chosen, args.max_mutants, args.kind_list, args.seed)

    t_run = time.monotonic()
    results = run_mutants(runner, pool, chosen, texts, targets, tmp, args.keep)
    t_run = time.monotonic() - t_run
    failures += [r for r in results if r["category"] == "ptxlint-failure"]
    return report.report(args, runner, files, skipped, results, failures, total_candidates,
                         time.monotonic() - t_start, t_gen, t_run)
