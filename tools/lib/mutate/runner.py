"""Running ptxas and ptxlint on PTX files and mutants.

Holds Runner (the -arch choice from ptxas's own list, one timed run of each
tool under --timeout, a private snapshot of the ptxlint binary), find_ptxas,
the verdicts of one run (verdicts, CATEGORY, first_line), and the parallel
drivers: the baseline of the original files, every sampled mutant (each
written under its original file name in its own temporary directory), and a
single mutant for --show-mutant.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from .files import relpath, write_ptx
from .operators import apply_edits
from .ptx import split_target

# Fallback when `ptxas --help` cannot be read (ptxas 13.0's list).
DEFAULT_ARCHS = ["sm_75", "sm_80", "sm_86", "sm_87", "sm_88", "sm_89", "sm_90", "sm_90a",
                 "sm_100", "sm_100a", "sm_100f", "sm_103", "sm_103a", "sm_103f",
                 "sm_110", "sm_110a", "sm_110f", "sm_120", "sm_120a", "sm_120f",
                 "sm_121", "sm_121a", "sm_121f"]


class Runner:
    def __init__(self, ptxas, ptxlint, timeout, compat=None):
        self.ptxas, self.ptxlint, self.timeout = ptxas, ptxlint, timeout
        # --compat: ptxlint judges with that reference (ptxas-13.0), so that
        # its verdict is compared with ptxas's on ptxas's own terms.
        self.lint_options = ["--compat=" + compat] if compat else []
        self.archs = self._archs()

    def _archs(self):
        try:
            p = subprocess.run([self.ptxas, "--help"], capture_output=True, text=True, timeout=30)
            m = re.search(r"--gpu-name.*?Allowed values for this option:(.*?)Default value",
                          p.stdout, re.S)
            if m:
                found = re.findall(r"'(sm_\d+[af]?)'", m.group(1))
                if found:
                    return found
        except (OSError, subprocess.SubprocessError):
            pass
        return list(DEFAULT_ARCHS)

    def arch_for(self, target):
        if target in self.archs:
            return target
        num, _ = split_target(target)
        plain = sorted((n for n, s in map(split_target, self.archs) if n is not None and not s))
        if num is None or not plain:
            return target
        above = [n for n in plain if n >= num]
        return "sm_%d" % (above[0] if above else plain[-1])

    @staticmethod
    def target_of(text):
        m = re.search(r"^[ \t]*\.target[ \t]+(sm_\d+[af]?)", text, re.M)
        return m.group(1) if m else None

    @classmethod
    def snapshot(cls, ptxas, ptxlint, timeout, tmp, compat=None):
        """A Runner on a private copy of ptxlint in tmp: a rebuild of build/ while
        mutants run must not change the binary under test half-way (or make it
        briefly unexecutable). shown_ptxlint keeps the given path for reports."""
        snapshot = os.path.join(tmp, "ptxlint")
        shutil.copy2(ptxlint, snapshot)
        runner = cls(ptxas, snapshot, timeout, compat)
        runner.shown_ptxlint = ptxlint
        return runner

    def run(self, cmd):
        t0 = time.monotonic()
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                               timeout=self.timeout)
            return p.returncode, p.stdout + p.stderr, time.monotonic() - t0
        except subprocess.TimeoutExpired:
            return "timeout", "", time.monotonic() - t0
        except OSError as e:
            return "oserror", str(e), time.monotonic() - t0

    def check(self, path, arch):
        prc, pout, pt = self.run([self.ptxas, "-arch=" + arch, "--compile-only", "-o", "/dev/null", path])
        lrc, lout, lt = self.run([self.ptxlint] + self.lint_options + [path])
        return {"arch": arch, "ptxas_rc": prc, "ptxas_out": pout, "ptxas_s": round(pt, 4),
                "ptxlint_rc": lrc, "ptxlint_out": lout, "ptxlint_s": round(lt, 4)}


def first_line(out, pattern, path, shown):
    lines = [l.strip() for l in out.splitlines() if l.strip()]
    pick = next((l for l in lines if re.search(pattern, l, re.I)), lines[0] if lines else "")
    return " ".join(pick.replace(path, shown).split())


def verdicts(res):
    """(ptxas verdict, ptxlint verdict): 'accept'/'reject', or None (ptxas crash or
    timeout), or 'failure' (ptxlint crash, timeout, exit 2)."""
    prc = res["ptxas_rc"]
    pv = "accept" if prc == 0 else ("reject" if isinstance(prc, int) and prc > 0 else None)
    lrc = res["ptxlint_rc"]
    lv = "accept" if lrc == 0 else ("reject" if lrc == 1 else "failure")
    return pv, lv


CATEGORY = {("reject", "reject"): "both-reject", ("accept", "accept"): "both-accept",
            ("reject", "accept"): "ptxas-only", ("accept", "reject"): "ptxlint-only"}


def find_ptxas(given):
    """--ptxas PATH, else $PTXAS (alone, when set), else ptxas on PATH, else
    /usr/local/cuda/bin/ptxas; None when that one is not an executable file."""
    if given:
        cands = [given]
    elif os.environ.get("PTXAS"):
        cands = [os.environ["PTXAS"]]
    else:
        cands = [shutil.which("ptxas"), "/usr/local/cuda/bin/ptxas"]
    for c in cands:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None



# ---------------------------------------------------------------- drivers

def baseline(runner, pool, files, targets):
    """Runs both tools on the originals (targets: file -> its .target or None):
    (good files, skipped [(file, why)], failures [records]). The originals must
    pass both tools, or their mutants mean nothing."""
    def base(f):
        arch = runner.arch_for(targets[f] or "sm_75")
        return f, runner.check(f, arch)
    skipped, failures = [], []
    good = []
    for f, res in pool.map(base, files):
        pv, lv = verdicts(res)
        if lv == "failure":
            failures.append({"id": relpath(f) + ":baseline", "kind": "baseline", "file": relpath(f),
                             "line": 0, "desc": "original file", "ptxlint_rc": res["ptxlint_rc"],
                             "ptxlint_msg": first_line(res["ptxlint_out"], r"error|fatal", f, relpath(f))})
        if pv != "accept":
            skipped.append((relpath(f), "ptxas -arch=%s rejects the original: %s" % (
                res["arch"], first_line(res["ptxas_out"], r"error|fatal", f, relpath(f)))))
        elif lv != "accept":
            skipped.append((relpath(f), "ptxlint does not pass the original: %s" % first_line(
                res["ptxlint_out"], r": error:", f, relpath(f))))
        else:
            good.append(f)
    return good, skipped, failures


def mutant_record(cand, index, rel, mpath, res):
    """The result record of one mutant run (its keys in the JSON's order)."""
    pv, lv = verdicts(res)
    rec = {
        "id": "%s:%s:%d" % (rel, cand.kind, index), "kind": cand.kind, "group": cand.group,
        "file": rel, "line": cand.line, "desc": cand.desc, "arch": res["arch"],
        "ptxas": pv, "ptxas_rc": res["ptxas_rc"], "ptxas_s": res["ptxas_s"],
        "ptxas_msg": first_line(res["ptxas_out"], r"error|fatal", mpath, rel) if pv != "accept" else "",
        "ptxlint": lv, "ptxlint_rc": res["ptxlint_rc"], "ptxlint_s": res["ptxlint_s"],
        "ptxlint_msg": first_line(res["ptxlint_out"], r": error:", mpath, rel) if lv != "accept" else "",
    }
    if lv == "failure":
        rec["category"] = "ptxlint-failure"
    elif pv is None:
        rec["category"] = "unknown"
    else:
        rec["category"] = CATEGORY[(pv, lv)]
    return rec


def run_mutants(runner, pool, chosen, texts, targets, tmp, keep):
    """Runs every chosen (file, Cand, index) in tmp/<n>/<file name>, in parallel;
    their records, in chosen's order. A progress count goes to a terminal stderr."""
    done = [0]
    lock = threading.Lock()
    progress = sys.stderr.isatty()

    def one(job):
        n, (f, cand, index) = job
        mutated = apply_edits(texts[f], cand.edits)
        d = os.path.join(tmp, str(n))
        os.mkdir(d)
        mpath = os.path.join(d, os.path.basename(f))
        write_ptx(mpath, mutated)
        target = Runner.target_of(mutated) or targets[f] or "sm_75"
        res = runner.check(mpath, runner.arch_for(target))
        if not keep:
            shutil.rmtree(d, ignore_errors=True)
        rec = mutant_record(cand, index, relpath(f), mpath, res)
        with lock:
            done[0] += 1
            if progress and done[0] % 50 == 0:
                print("\r%d/%d mutants" % (done[0], len(chosen)), end="", file=sys.stderr, flush=True)
        return rec

    results = list(pool.map(one, enumerate(chosen)))
    if progress:
        print("\r" + " " * 30 + "\r", end="", file=sys.stderr)
    return results


def check_mutant(runner, path, text, mutated):
    """Runs both tools on one mutant of path (original text `text`) in a temporary
    directory, removed afterwards: (arch, result, the mutant's path there)."""
    orig_target = Runner.target_of(text)
    arch = runner.arch_for(Runner.target_of(mutated) or orig_target or "sm_75")
    tmp = tempfile.mkdtemp(prefix="ptxlint-mutate-")
    try:
        mpath = os.path.join(tmp, os.path.basename(path))
        write_ptx(mpath, mutated)
        res = runner.check(mpath, arch)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return arch, res, mpath
