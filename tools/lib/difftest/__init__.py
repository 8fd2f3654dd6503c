"""difftest: the differential test of ptxlint against ptxas (tools/difftest
is its command; cli.py says what it does and how it is called).

    blocks/      the manual's syntax blocks, one module per family, beside
                 the C++ tables of src/spec (blocks/arithmetic.py beside
                 src/spec/arithmetic.cpp)
    model.py     versions, targets and target predicates, types, the block
                 model, type agreement (9.4), requirement and rule helpers
    operands.py  operands of each kind: making one, and whether one fits
    render.py    a case as an instruction and a complete module
    verdict.py   the manual's verdict on a case
    generator.py the cases: block combinations, mutations, sampling
    runner.py    running ptxas and ptxlint on the cases
    report.py    known disagreements, the figures and the JSON report
    cli.py       the command line
"""
