"""Differential mutation testing of module-level semantics: ptxlint against ptxas.

    tools/mutate [FILE...] [--seed S] [--limit N] [--max-mutants M] [--jobs J]
                 [--kinds k1,k2] [--ptxlint PATH] [--ptxas PATH] [--timeout SEC]
                 [--json FILE] [--min-agreement P --require-kinds k1,k2]
                 [--big-kb KB] [--list-all] [--keep]
    tools/mutate --show-mutant ID [--no-run]
    tools/mutate --list-kinds

With no FILE, uses every corpus/nvcc/*.ptx, corpus/llvm/*.ptx (and
corpus/handwritten/*.ptx where present). Each original file is first run
through both tools (the baseline): a file that ptxas rejects or ptxlint does
not pass cleanly is skipped and listed. For every remaining file the tool
enumerates systematic mutants of the kinds below, samples them, writes each
mutant to a temporary directory (under the original file name, so *.rdc.ptx
stays *.rdc.ptx) and runs, in parallel,

    ptxas -arch=<arch> --compile-only -o /dev/null MUTANT
    ptxlint MUTANT

each under a timeout. <arch> comes from the mutant's own .target (the
original's where the mutant has none); a target that ptxas no longer takes as
-arch (sm_52, sm_72, ...) is compiled for the lowest -arch ptxas accepts that
is >= the target (ptxas 13: sm_75). ptxas accepts = exit 0; ptxlint accepts =
exit 0, rejects = exit 1; any other ptxlint exit, a crash or a timeout is a
ptxlint failure (reported on its own, never counted as a verdict). A ptxas
crash or timeout leaves the mutant without a reference verdict ("unknown").

Kinds (`--list-kinds`): drop-reg-decl, retype-reg, shrink-reg-range,
lower-version, lower-target, bad-address-size, dup-label, rename-label-use,
undeclared-symbol, dup-decl, drop-version, drop-target; and the operand-kind
kinds over every instruction line (#22, #30): reg-to-constant (a register
source operand replaced by a constant of the instruction's type),
address-to-immediate (an address replaced by [4096]; grouped by state space,
as ptxas 13.0 takes immediate addresses only for .local while 6.4.1 lists
[immAddr] for all), retype-address-reg (the address register replaced by a
fresh .f64, .pred or .b32 one declared before the line), swap-named-space (an
instruction whose address names a variable: its space qualifier swapped for
each other space, or dropped), immediate-off-range (an integer constant
operand v as v+1, -1-v and 4096+v), opcode-word (each word of the name
misspelt, each qualifier dropped).

Sampling is deterministic for a given --seed: for each file and kind, the
candidates are split into groups (e.g. register uses vs. symbol uses) and up to
--limit are drawn round-robin across groups. Files larger than --big-kb get at
most a third of --limit for the kinds with many candidates per file (the
"heavy" kinds: every kind but the .version/.target/.address_size ones).
--max-mutants then caps the total, drawing round-robin across kinds. The
defaults (--limit 8, --big-kb 150, --jobs nproc) give about 3600 mutants over
the corpus, in about 3 minutes on 2 cores (ptxas takes ~0.04 s per mutant).

ptxas is --ptxas PATH, else $PTXAS, else ptxas on PATH, else
/usr/local/cuda/bin/ptxas. ptxlint (--ptxlint, default build/ptxlint) is copied
into the temporary directory first, so a rebuild while mutants run does not
change the binary under test.

A mutant's ID is FILE:KIND:INDEX, INDEX being its place in the full candidate
list of that file and kind (independent of seed and limits); --show-mutant ID
prints that mutant's diff and, unless --no-run, both tools' verdicts and output.

Report: per kind the number of mutants, both reject, both accept, ptxas-only
reject (FN: ptxlint missed it), ptxlint-only reject (FP: ptxlint rejects what
ptxas accepts -- the worst kind), unknown, agreement %; the overall line; then
every disagreement (kind, file:line, description, first line of each tool's
message). --json FILE writes the same data plus every mutant's result.

Exit status: 0; 3 if ptxlint crashed, timed out or exited with a status other
than 0/1 on any mutant or baseline; else 1 if --min-agreement P was given and
a kind of --require-kinds (default: every kind that has mutants) agrees below
P percent; 2 on usage or tool errors; 77 if no ptxas is installed (skipped).

Package layout (tools/lib/mutate; tools/mutate only launches cli.main):
ptx.py (the structural view of a PTX file), operators.py (one generator per
mutation kind and the registry of kinds: add a kind there), sampling.py,
runner.py (the tool runs), report.py, files.py, cli.py (options, main).
"""

USAGE = __doc__
