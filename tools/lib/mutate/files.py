"""Paths and PTX files: the repository root, the default corpus, reading and
writing PTX text byte for byte (ASCII with surrogate escapes, no newline
translation), and repository-relative names for reports and mutant IDs."""
import os

# tools/lib/mutate/files.py -> the repository root.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def relpath(path):
    ap = os.path.abspath(path)
    if ap.startswith(ROOT + os.sep):
        return os.path.relpath(ap, ROOT)
    return path


def default_files():
    out = []
    for sub in ("nvcc", "llvm", "handwritten"):
        d = os.path.join(ROOT, "corpus", sub)
        if os.path.isdir(d):
            out += sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".ptx"))
    return out


def read_ptx(path):
    with open(path, encoding="ascii", errors="surrogateescape", newline="") as f:
        return f.read()


def write_ptx(path, text):
    with open(path, "w", encoding="ascii", errors="surrogateescape", newline="") as f:
        f.write(text)
