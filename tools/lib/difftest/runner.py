"""Running ptxas and ptxlint on the cases: each case written as a module,
ptxas run on each (-arch=<target> -o /dev/null), ptxlint on batches of 40
(a batch that fails as a whole is rerun file by file), and the newest
.version this ptxas knows (newer cases are manual-only)."""
import concurrent.futures
import os
import re
import shutil
import subprocess
import tempfile

from .model import VERSIONS, vt
from .render import module_text


def first_ptxas_error(text):
    for line in text.splitlines():
        if re.search(r"\berror\b|\bfatal\b", line):
            return re.sub(r"^ptxas\s+\S+\.ptx,\s*", "", line.strip())
    return text.strip().splitlines()[0] if text.strip() else ""


def run_ptxas(ptxas, path, target):
    try:
        p = subprocess.run([ptxas, f"-arch={target}", "-o", "/dev/null", path],
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return {"verdict": "error", "first_error": "ptxas timed out", "rc": None}
    except OSError as e:
        return {"verdict": "error", "first_error": f"cannot run ptxas: {e.strerror}", "rc": None}
    out = p.stdout + p.stderr
    if p.returncode < 0:
        # ptxas 13.0 dies on some modules (SIGSEGV on an st.param to an
        # address register nothing set, in a kernel): no verdict to compare.
        return {"verdict": "error", "first_error": f"ptxas crashed (signal {-p.returncode})", "rc": p.returncode}
    return {"verdict": "accept" if p.returncode == 0 else "reject", "rc": p.returncode,
            "first_error": first_ptxas_error(out) if p.returncode else "",
            "warnings": [l.strip() for l in out.splitlines() if "warning" in l][:2]}


LINT_DIAG = re.compile(r"^(.*?):(\d+):(\d+): (error|warning|note): (.*)$")


def run_ptxlint_batch(ptxlint, paths, extra=()):
    """-> {path: result}; a batch that fails as a whole is rerun file by file.
    `extra`: more options (--compat=ptxas-13.0)."""
    def one_run(files):
        try:
            p = subprocess.run([ptxlint, "--color=never", *extra] + files, capture_output=True,
                               text=True, timeout=120)
        except subprocess.TimeoutExpired:
            return None, "", "timed out"
        except OSError as e:
            return None, "", f"cannot run: {e.strerror}"
        return p.returncode, p.stdout + p.stderr, ""

    rc, out, err = one_run(paths)
    results = {}
    if rc in (0, 1):
        errors = {}
        for line in out.splitlines():
            m = LINT_DIAG.match(line)
            if m and m.group(4) == "error":
                errors.setdefault(m.group(1), f"{m.group(2)}:{m.group(3)}: error: {m.group(5)}")
        if (rc == 1) == bool(errors) and all(e in paths for e in errors):
            for p in paths:
                results[p] = {"verdict": "reject" if p in errors else "accept", "rc": 1 if p in errors
                              else 0, "first_error": errors.get(p, "")}
            return results
    if len(paths) == 1:
        rc_text = err or (f"killed by signal {-rc}" if rc is not None and rc < 0 else f"exit {rc}")
        return {paths[0]: {"verdict": "failure", "rc": rc,
                           "first_error": f"ptxlint failure ({rc_text}): "
                                          + (out.strip().splitlines() or [""])[-1]}}
    for p in paths:
        results.update(run_ptxlint_batch(ptxlint, [p], extra))
    return results


def ptxas_max_version(ptxas, tmp):
    """The newest .version this ptxas accepts."""
    path = os.path.join(tmp, "probe.ptx")
    for v in reversed(VERSIONS):
        with open(path, "w") as f:
            f.write(f".version {v}\n.target sm_90\n.address_size 64\n"
                    ".visible .entry probe()\n{\n\tret;\n}\n")
        p = subprocess.run([ptxas, "-arch=sm_90", "-o", "/dev/null", path], capture_output=True)
        if p.returncode == 0:
            return v
    return "0.0"


def run_cases(cases, ptxas, ptxlint, jobs, keep):
    """Write each case's module (to `keep`, or a temporary folder removed
    afterwards), run ptxlint and ptxas on them with `jobs` threads and record
    each verdict in the case ("ptxlint", "ptxas", "manual_only"): -> the
    newest .version ptxas knows."""
    tmp = keep or tempfile.mkdtemp(prefix="difftest.")
    os.makedirs(tmp, exist_ok=True)
    try:
        max_version = ptxas_max_version(ptxas, tmp)
        paths = {}
        for c in cases:
            paths[c["id"]] = os.path.join(tmp, f"case-{c['id']:05d}.ptx")
            with open(paths[c["id"]], "w") as f:
                f.write(module_text(c))
            c["manual_only"] = vt(c["version"]) > vt(max_version)
        by_path = {paths[c["id"]]: c for c in cases}
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            lint_jobs = []
            all_paths = [paths[c["id"]] for c in cases]
            compat_jobs = []
            for i in range(0, len(all_paths), 40):
                lint_jobs.append(pool.submit(run_ptxlint_batch, ptxlint, all_paths[i:i + 40]))
                # The second verdict: ptxas 13.0's, by the deviation table.
                compat_jobs.append(pool.submit(run_ptxlint_batch, ptxlint, all_paths[i:i + 40],
                                               ("--compat=ptxas-13.0",)))
            ptxas_jobs = {pool.submit(run_ptxas, ptxas, paths[c["id"]], c["target"]): c
                          for c in cases if not c["manual_only"]}
            for fut in lint_jobs:
                for p, r in fut.result().items():
                    by_path[p]["ptxlint"] = r
            for fut in compat_jobs:
                for p, r in fut.result().items():
                    by_path[p]["compat"] = r
            for fut, c in ptxas_jobs.items():
                c["ptxas"] = fut.result()
    finally:
        if not keep:
            shutil.rmtree(tmp, ignore_errors=True)
    return max_version
