"""The report: the known disagreements (tests/difftest/known-disagreements.txt,
format described there), the figures per instruction and overall, the
disagreements and ptxlint failures case by case, the --json file and the
exit status (--min-agreement)."""
import json
import os
import re


def load_known(path):
    """Lines 'PATTERN [@ CONTEXT] :: reason': PATTERN a Python regular
    expression searched in the instruction text, CONTEXT one searched in
    '.version X.Y .target sm_NN'. Lines starting with '#' are comments."""
    entries = []
    if not path or not os.path.exists(path):
        return entries
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if " :: " not in line:
                raise SystemExit(f"{path}:{n}: expected 'PATTERN [@ CONTEXT] :: reason'")
            pattern, reason = line.split(" :: ", 1)
            instr, _, context = pattern.partition(" @ ")
            try:
                entries.append({"line": n, "instr": re.compile(instr.strip()),
                                "context": re.compile(context.strip()), "reason": reason.strip()})
            except re.error as e:
                raise SystemExit(f"{path}:{n}: bad regular expression: {e}")
    return entries


def known_reason(entries, case):
    context = f".version {case['version']} .target {case['target']}"
    for e in entries:
        if e["instr"].search(case["instruction"]) and e["context"].search(context):
            return e
    return None


def tally(cases, known, known_path):
    """Sort each case into the figures of its instruction (and set its
    "result", "known", "known_line"): -> (stats, failures, unexplained,
    explained, manual_diff, ptxas_errors)."""
    stats = {}
    failures, unexplained, explained, manual_diff, ptxas_errors = [], [], [], [], []
    for c in cases:
        s = stats.setdefault(c["opcode"], {"cases": 0, "manual_only": 0, "judged": 0, "agree": 0,
                                          "known": 0, "unexplained": 0, "manual_judged": 0,
                                          "manual_agree": 0, "compat_agree": 0})
        s["cases"] += 1
        lint = c["ptxlint"]["verdict"]
        # Agreement 1: the default mode against the manual's verdict (cases
        # whose manual reading is clear).
        if c["expect"] and lint != "failure":
            s["manual_judged"] += 1
            s["manual_agree"] += lint == c["expect"]
        if lint == "failure":
            failures.append(c)
        if c["manual_only"]:
            s["manual_only"] += 1
            if c["expect"] and lint != "failure" and lint != c["expect"]:
                manual_diff.append(c)
            continue
        ptxas = c["ptxas"]["verdict"]
        if ptxas == "error":
            ptxas_errors.append(c)
        if ptxas == "error" or lint == "failure":
            continue
        s["judged"] += 1
        # Agreement 2: --compat=ptxas-13.0 against ptxas. A disagreement
        # there is unexplained, whatever the list of known ones says.
        compat = c.get("compat", {}).get("verdict")
        c["compat_agrees"] = compat == ptxas
        s["compat_agree"] += compat == ptxas
        if compat != ptxas:
            c["compat_unexplained"] = True
        if ptxas == lint:
            s["agree"] += 1
            c["result"] = "agree"
            continue
        k = known_reason(known, c)
        if k:
            s["known"] += 1
            c["result"] = "known"
            c["known"] = f"{os.path.basename(known_path)}:{k['line']}: {k['reason']}"
            c["known_line"] = k["line"]
            explained.append(c)
        else:
            s["unexplained"] += 1
            c["result"] = "unexplained"
            unexplained.append(c)
    return stats, failures, unexplained, explained, manual_diff, ptxas_errors


def pct(a, b):
    return 100.0 * a / b if b else 100.0


def cell(a, b, width):
    return f"{pct(a, b):>{width - 1}.1f}%" if b else f"{'-':>{width}}"


def print_figures(stats, total, args, elapsed, max_version):
    print(f"difftest: seed {args.seed}, {total['cases']} cases, {args.jobs} jobs, "
          f"{elapsed:.1f} s; ptxas knows up to .version {max_version}")
    print()
    print(f"{'instruction':<30} {'cases':>6} {'manual':>7} {'judged':>7} {'agree':>6} "
          f"{'known':>6} {'unexpl':>7} {'agreement':>10} {'w/ known':>9}")
    for op in sorted(stats):
        s = stats[op]
        print(f"{op:<30} {s['cases']:>6} {s['manual_only']:>7} {s['judged']:>7} {s['agree']:>6} "
              f"{s['known']:>6} {s['unexplained']:>7} {cell(s['agree'], s['judged'], 10)} "
              f"{cell(s['agree'] + s['known'], s['judged'], 9)}")
    print(f"{'overall':<30} {total['cases']:>6} {total['manual_only']:>7} {total['judged']:>7} "
          f"{total['agree']:>6} {total['known']:>6} {total['unexplained']:>7} "
          f"{cell(total['agree'], total['judged'], 10)} "
          f"{cell(total['agree'] + total['known'], total['judged'], 9)}")
    print("('manual': manual-only cases, .version newer than ptxas; 'w/ known': agreement "
          "counting known disagreements as explained)")
    print()
    print("Two references: the default mode against the manual's verdict (cases the manual")
    print("decides), --compat=ptxas-13.0 against ptxas (judged cases)")
    print(f"{'instruction':<30} {'manual':>7} {'agree':>6} {'default=manual':>15} "
          f"{'judged':>7} {'agree':>6} {'compat=ptxas':>13}")
    for op in sorted(stats) + ["overall"]:
        s = stats[op] if op != "overall" else total
        print(f"{op:<30} {s['manual_judged']:>7} {s['manual_agree']:>6} "
              f"{cell(s['manual_agree'], s['manual_judged'], 15)} {s['judged']:>7} "
              f"{s['compat_agree']:>6} {cell(s['compat_agree'], s['judged'], 13)}")


def show(c, extra=""):
    exp = c["expect"] or "unclear"
    why = f" ({c['expect_why']})" if c["expect_why"] else ""
    print(f"  #{c['id']} [{c['kind']}{': ' + c['what'] if c['what'] else ''}] "
          f".version {c['version']} .target {c['target']}")
    print(f"      {c['instruction']}")
    if "ptxas" in c:
        print(f"      ptxas:   {c['ptxas']['verdict']:<7} {c['ptxas']['first_error']}")
    print(f"      ptxlint: {c['ptxlint']['verdict']:<7} {c['ptxlint']['first_error']}")
    print(f"      manual:  {exp}{why}")
    if extra:
        print(f"      {extra}")


def grouped(items):
    groups = {}
    for c in items:
        key = (c["opcode"], c["kind"], c.get("ptxas", {}).get("verdict", ""),
               c["ptxlint"]["verdict"], c.get("known_line", 0))
        groups.setdefault(key, []).append(c)
    return sorted(groups.items())


def print_cases(failures, ptxas_errors, explained, unexplained, manual_diff):
    if failures:
        print(f"\nptxlint failures (exit status 2, crash or timeout): {len(failures)}")
        for c in failures:
            show(c)
    if ptxas_errors:
        print(f"\nptxas could not judge (crash, timeout, not runnable): {len(ptxas_errors)} case(s), "
              f"e.g. #{ptxas_errors[0]['id']}: {ptxas_errors[0]['ptxas']['first_error']}")
    if explained:
        print(f"\nknown disagreements: {len(explained)}")
        for (op, kind, a, l, _), items in grouped(explained):
            print(f" {op} [{kind}] ptxas {a}, ptxlint {l}: {len(items)} "
                  f"-- {items[0]['known']}")
    print(f"\nunexplained disagreements: {len(unexplained)}")
    for (op, kind, a, l, _), items in grouped(unexplained):
        print(f"\n {op} [{kind}]: ptxas {a}, ptxlint {l}: {len(items)} case(s)")
        for c in items:
            show(c)
    if manual_diff:
        print(f"\nmanual-only cases where ptxlint differs from the manual's reading: "
              f"{len(manual_diff)}")
        for c in manual_diff:
            show(c)


def print_sweep(cases):
    """The operand-kind sweep's matrix: blocks x slots x kinds tried per
    family, and the agreement of --compat=ptxas-13.0 with ptxas per family and
    per kind (the default mode's beside it)."""
    sweep = [c for c in cases if c["kind"] == "slot-kind"]
    if not sweep:
        return {}
    fams, kinds = {}, {}
    for c in sweep:
        for key, table in ((c["family"], fams), (c["slot_kind"], kinds)):
            s = table.setdefault(key, {"blocks": set(), "slots": set(), "cells": 0, "judged": 0,
                                       "compat": 0, "default": 0})
            s["blocks"].add(c["block"] + "@" + c["opcode"])
            s["slots"].add(c["slot"] + "@" + c["opcode"])
            s["cells"] += 1
            if "compat_agrees" in c:
                s["judged"] += 1
                s["compat"] += c["compat_agrees"]
                s["default"] += c["ptxlint"]["verdict"] == c["ptxas"]["verdict"]
    print("\nOperand-kind sweep: each slot of a valid instruction of each block given each kind")
    for title, table in (("family", fams), ("kind", kinds)):
        print(f"\n{title:<32} {'blocks':>6} {'slots':>6} {'cases':>6} {'judged':>7} "
              f"{'compat=ptxas':>13} {'default=ptxas':>14}")
        rows = sorted(table) + ["overall"]
        for key in rows:
            if key == "overall":
                s = {"blocks": set().union(*(t["blocks"] for t in table.values())),
                     "slots": set().union(*(t["slots"] for t in table.values())),
                     **{k: sum(t[k] for t in table.values()) for k in ("cells", "judged", "compat", "default")}}
            else:
                s = table[key]
            print(f"{key:<32} {len(s['blocks']):>6} {len(s['slots']):>6} {s['cells']:>6} {s['judged']:>7} "
                  f"{cell(s['compat'], s['judged'], 13)} {cell(s['default'], s['judged'], 14)}")
    return {t: {k: {"blocks": len(v["blocks"]), "slots": len(v["slots"]), "cases": v["cells"],
                    "judged": v["judged"], "compat_agree": v["compat"], "default_agree": v["default"]}
                for k, v in table.items()} for t, table in (("family", fams), ("kind", kinds))}


def report(cases, known, args, elapsed, max_version):
    """Print the figures and the disagreements, write --json: -> the exit status."""
    stats, failures, unexplained, explained, manual_diff, ptxas_errors = tally(cases, known,
                                                                               args.known)
    total = {k: sum(s[k] for s in stats.values()) for k in
             ("cases", "manual_only", "judged", "agree", "known", "unexplained", "manual_judged",
              "manual_agree", "compat_agree")}
    print_figures(stats, total, args, elapsed, max_version)
    print_cases(failures, ptxas_errors, explained, unexplained, manual_diff)
    sweep = print_sweep(cases)
    compat_unexplained = [c for c in cases if c.get("compat_unexplained")]
    print(f"\n--compat=ptxas-13.0 disagreements with ptxas (unexplained by the deviation "
          f"table): {len(compat_unexplained)}")
    for c in compat_unexplained:
        show(c, f"compat:  {c['compat']['verdict']:<7} {c['compat']['first_error']}")

    if args.json:
        with open(args.json, "w") as f:
            json.dump({"seed": args.seed, "elapsed_s": round(elapsed, 2),
                       "ptxas_max_version": max_version, "totals": total, "per_instruction": stats,
                       "operand_kind_sweep": sweep, "cases": cases}, f, indent=1)
    status = 0
    if getattr(args, "operand_kinds", False):
        # The sweep: each disagreement is listed above; the run fails on a
        # ptxlint failure or where --compat's agreement with ptxas is below
        # --min-agreement (overall and in every family).
        if failures:
            status = 1
        if args.min_agreement is not None:
            rows = dict(sweep.get("family", {}))
            rows["overall"] = {k: sum(r[k] for r in rows.values()) for k in ("judged", "compat_agree")}
            for name, r in sorted(rows.items()):
                got = pct(r["compat_agree"], r["judged"])
                if got < args.min_agreement:
                    print(f"\n{name}: --compat agreement {got:.2f}% is below --min-agreement "
                          f"{args.min_agreement}%")
                    status = 1
        return status
    if failures or compat_unexplained:
        status = 1
    if args.min_agreement is not None:
        got = pct(total["agree"] + total["known"], total["judged"])
        if got < args.min_agreement:
            print(f"\nagreement {got:.2f}% is below --min-agreement {args.min_agreement}%")
            status = 1
    return status
