"""The report of a run: per-kind figures, ptxlint failures, the list of
disagreements (or of every mutant), the --min-agreement check, the exit
status and the --json file."""
import json
import sys

from .files import relpath
from .operators import KINDS


def tally(recs):
    c = {k: 0 for k in ("mutants", "both-reject", "both-accept", "ptxas-only", "ptxlint-only",
                        "unknown", "ptxlint-failure")}
    for r in recs:
        c["mutants"] += 1
        c[r["category"]] += 1
    judged = c["both-reject"] + c["both-accept"] + c["ptxas-only"] + c["ptxlint-only"]
    c["agreement"] = round(100.0 * (c["both-reject"] + c["both-accept"]) / judged, 1) if judged else None
    return c


def table_lines(kind_list, per_kind, overall):
    """The per-kind table and its overall line."""
    out = []
    hdr = "%-18s %7s %8s %8s %11s %13s %7s %7s" % (
        "kind", "mutants", "both-rej", "both-acc", "ptxas-only", "ptxlint-only", "unknown", "agree%")
    out.append(hdr)
    out.append("%-18s %7s %8s %8s %11s %13s %7s %7s" % ("", "", "", "", "(FN)", "(FP)", "", ""))
    out.append("-" * len(hdr))

    def row(name, c):
        agree = "-" if c["agreement"] is None else "%.1f" % c["agreement"]
        return "%-18s %7d %8d %8d %11d %13d %7d %7s" % (
            name, c["mutants"], c["both-reject"], c["both-accept"], c["ptxas-only"],
            c["ptxlint-only"], c["unknown"] + c["ptxlint-failure"], agree)
    for k in kind_list:
        out.append(row(k, per_kind[k]))
    out.append("-" * len(hdr))
    out.append(row("overall", overall))
    return out


def summary_lines(args, files, skipped, results, total_candidates, wall, t_gen, t_run):
    """Counts, configuration, times and the skipped files."""
    n = max(1, len(results))
    out = [""]
    out.append("%d mutants (%d sampled before --max-mutants) from %d files (%d skipped), seed %d, "
               "--limit %d, --jobs %d" % (len(results), total_candidates, len(files) - len(skipped),
                                          len(skipped), args.seed, args.limit, args.jobs))
    out.append("time: %.1f s wall (generation %.1f s, mutants %.1f s); per mutant: ptxas %.3f s, "
               "ptxlint %.3f s (mean)" % (wall, t_gen, t_run,
                                          sum(r["ptxas_s"] for r in results) / n,
                                          sum(r["ptxlint_s"] for r in results) / n))
    for f, why in skipped:
        out.append("skipped %s: %s" % (f, why))
    return out


def failure_lines(results, failures):
    """ptxlint failures, then the mutants without a ptxas verdict."""
    out = []
    if failures:
        out.append("")
        out.append("PTXLINT FAILURES (crash, timeout or exit status other than 0/1): %d" % len(failures))
        for r in failures:
            rc = r["ptxlint_rc"]
            how = ("killed by signal %d" % -rc if isinstance(rc, int) and rc < 0 else
                   "timed out" if rc == "timeout" else "exit %s" % rc)
            out.append("  %s  %s:%d  %s  [ptxlint %s] %s" % (
                r["kind"], r["file"], r["line"], r["desc"], how, r.get("ptxlint_msg", "")))
            out.append("      id %s" % r["id"])
    unknown = [r for r in results if r["category"] == "unknown"]
    if unknown:
        out.append("")
        out.append("no ptxas verdict (ptxas crashed or timed out): %d" % len(unknown))
        for r in unknown:
            out.append("  %s  %s:%d  %s  [ptxas exit %s]  id %s" % (
                r["kind"], r["file"], r["line"], r["desc"], r["ptxas_rc"], r["id"]))
    return out


def listing_lines(results, list_all):
    """The disagreements (FP first, then FN), or with list_all every mutant."""
    out = []
    order = {k: i for i, k in enumerate(KINDS)}
    listed = [r for r in results if list_all or r["category"] in ("ptxlint-only", "ptxas-only")]
    listed.sort(key=lambda r: (r["category"] != "ptxlint-only", r["category"] != "ptxas-only",
                               order[r["kind"]], r["file"], r["line"]))
    if listed:
        out.append("")
        out.append("every mutant:" if list_all else
                   "disagreements (FP: ptxlint-only reject first, then FN: ptxas-only reject):")
    tag = {"ptxlint-only": "FP", "ptxas-only": "FN", "both-reject": "ok-rej", "both-accept": "ok-acc",
           "unknown": "??", "ptxlint-failure": "FAIL"}
    for r in listed:
        out.append("[%s] %s %s:%d  %s" % (tag[r["category"]], r["kind"], r["file"], r["line"], r["desc"]))
        out.append("      id %s  (-arch=%s)" % (r["id"], r["arch"]))
        out.append("      ptxas:   %s" % (r["ptxas_msg"] or "accepts"))
        out.append("      ptxlint: %s" % (r["ptxlint_msg"] or "accepts"))
    return out


def exit_status(args, per_kind, results, failures):
    """(status, kinds below --min-agreement), printing why it is not 0."""
    status = 0
    below = []
    if not results:
        print("\nmutate: no mutants were run (every file skipped, or nothing to mutate)", file=sys.stderr)
        status = 2
    if args.min_agreement is not None:
        kinds = args.required if args.required is not None else [
            k for k in args.kind_list if per_kind[k]["mutants"]]
        for k in kinds:
            a = per_kind.get(k, {}).get("agreement")
            if a is None or a < args.min_agreement:
                below.append(k)
        if below:
            print("\nagreement below %.1f%%: %s" % (args.min_agreement, ", ".join(
                "%s (%s)" % (k, "-" if per_kind.get(k, {}).get("agreement") is None
                             else "%.1f%%" % per_kind[k]["agreement"]) for k in below)))
            status = 1
    if failures:
        status = 3
    return status, below


def write_json(path, args, runner, files, per_kind, overall, times, skipped, failures, below, results,
               status):
    wall, t_gen, t_run = times
    data = {
        "config": {"seed": args.seed, "limit": args.limit, "max_mutants": args.max_mutants,
                   "big_kb": args.big_kb, "jobs": args.jobs, "timeout": args.timeout,
                   "kinds": args.kind_list, "ptxas": runner.ptxas, "ptxlint": runner.shown_ptxlint,
                   "files": [relpath(f) for f in files]},
        "kinds": per_kind, "overall": overall,
        "time_s": {"wall": round(wall, 2), "generation": round(t_gen, 2), "mutants": round(t_run, 2)},
        "skipped": [{"file": f, "why": w} for f, w in skipped],
        "failures": failures,
        "below_min_agreement": below,
        "disagreements": [r for r in results if r["category"] in ("ptxlint-only", "ptxas-only")],
        "mutants": results,
        "exit_status": status,
    }
    with open(path, "w") as fh:
        json.dump(data, fh, indent=1)
        fh.write("\n")


def report(args, runner, files, skipped, results, failures, total_candidates, wall, t_gen, t_run):
    """Prints the report, writes --json; returns the exit status."""
    per_kind = {k: tally([r for r in results if r["kind"] == k]) for k in args.kind_list}
    overall = tally(results)
    out = table_lines(args.kind_list, per_kind, overall)
    out += summary_lines(args, files, skipped, results, total_candidates, wall, t_gen, t_run)
    out += failure_lines(results, failures)
    out += listing_lines(results, args.list_all)
    print("\n".join(out))
    status, below = exit_status(args, per_kind, results, failures)
    if args.json:
        write_json(args.json, args, runner, files, per_kind, overall, (wall, t_gen, t_run), skipped,
                   failures, below, results, status)
    return status
