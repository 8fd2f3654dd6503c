"""The manual's example code blocks, split into statements and sorted into
complete statements (kept) and the rest (skipped, with the reason).

A code block is an example unless the line before it names a syntax template
or pseudo-code ("Syntax", "Syntax (predefined)", "Semantics"): blocks under
"Examples", "Example" and the prose blocks of chapters 4 to 12 all count.
"""
import os
import re

TEMPLATE_LABELS = ("Syntax", "Semantics")

# Directives that only appear at module scope (4.1, 11.1): kept there.
MODULE_DIRECTIVES = (".extern", ".visible", ".weak", ".common", ".global", ".const",
                     ".tex", ".file", ".func", ".alias")
FUNCTION_DIRECTIVES = (".reg", ".local", ".shared", ".param", ".pragma", ".loc")
# A whole module's header or body: one per module, or a definition whose body the
# example elides; these are not statements a module can take twice.
HEADER_DIRECTIVES = (".version", ".target", ".address_size", ".entry", ".function",
                     ".section", ".callprototype", ".calltargets", ".branchtargets")

# 11.3: directives that take a label, inside a function body.
LABELLED_DIRECTIVES = (".callprototype", ".calltargets", ".branchtargets")
DEFINITIONS = (".entry", ".func", ".function", ".visible .entry", ".visible .func",
               ".weak .func", ".section")
OPCODE = re.compile(r"[a-z][a-z0-9_]*(\.[A-Za-z0-9_:]+|\[\d+\])*")
LABEL = re.compile(r"([A-Za-z_$][\w$]*)\s*:(?!:)\s*")


class Block:
    def __init__(self, section, line, label, text):
        self.section, self.line, self.label, self.text = section, line, label, text
        self.statements = []  # Statement, in order


class Statement:
    def __init__(self, block, line, text, kind, skipped=None, note=None):
        self.block, self.line, self.text = block, line, text
        self.kind = kind  # "instruction", "label", "function-decl", "module-decl"
        self.skipped = skipped  # why it is not a complete statement, or None
        self.note = note  # a repair the extractor made (missing ';')


def section_files(manual):
    for root, dirs, files in os.walk(manual):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".md"):
                yield os.path.join(root, f)


def code_blocks(path):
    """-> [Block] of the file's example code blocks."""
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks, inside, label, body, start = [], False, "", [], 0
    for n, line in enumerate(lines, 1):
        if line.startswith("```"):
            if inside and not label.startswith(TEMPLATE_LABELS):
                blocks.append(Block(path, start, label, body))
            inside, body, start = not inside, [], n + 1
        elif inside:
            body.append(line)
        elif line.strip() and line.strip() != "Copy to clipboard":
            label = line.strip()
    return blocks


def strip_comments(lines):
    out, in_block = [], False
    for line in lines:
        text = ""
        i = 0
        while i < len(line):
            if in_block:
                end = line.find("*/", i)
                if end < 0:
                    i = len(line)
                    continue
                in_block, i = False, end + 2
            elif line.startswith("/*", i):
                in_block, i = True, i + 2
            elif line.startswith("//", i):
                break
            elif line[i] == '"':
                end = line.find('"', i + 1)
                end = len(line) if end < 0 else end + 1
                text, i = text + line[i:end], end
            else:
                text, i = text + line[i], i + 1
        out.append(text.rstrip())
    return out


def _continues(pending, next_line):
    """Whether a statement without ';' goes on on the next line."""
    if not next_line:
        return False
    if " " not in pending.strip() and next_line[:1].isspace():
        return True  # an opcode alone, its operands indented on the next line
    return pending.rstrip().endswith((",", "(", "{", "[", "|", "=", "+")) or \
        next_line.lstrip().startswith((",", "{", "[", "(", "=", "|", "}"))


def split_statements(block):
    """Splits a block into (line, text, note) statements: ';' ends one, a label
    'name:' is one of its own, and a line without ';' that the next line does not
    continue ends one too (the manual drops a few ';')."""
    code = strip_comments(block.text)
    out, pending, first = [], "", None
    for idx, raw in enumerate(code):
        n = block.line + idx
        rest = raw.strip()
        while rest:
            if not pending and rest[0] in "{}":
                rest = rest[1:].strip()  # a nested scope or a body opens or closes
                continue
            if pending.startswith(DEFINITIONS) and rest[0] == "{":
                out.append((first, pending, "definition header"))
                pending, rest = "", rest[1:].strip()
                continue
            if not pending:
                m = LABEL.match(rest)
                if m and not rest.startswith("@") and \
                        not rest[m.end():].startswith(LABELLED_DIRECTIVES):
                    out.append((n, m.group(1) + ":", None))
                    rest = rest[m.end():]
                    continue
                first = n
            semi = _top_level_semicolon(rest)
            brace = rest.find("{")
            if brace >= 0 and (pending + " " + rest).lstrip().startswith(DEFINITIONS) and \
                    (semi < 0 or brace < semi) and rest[:brace].rstrip().endswith(")") is not None \
                    and _top_level_semicolon(rest[:brace] + ";") == brace:
                out.append((first, (pending + " " + rest[:brace]).strip(), "definition header"))
                pending, rest = "", rest[brace + 1:].strip()
                continue
            if semi < 0:
                pending = (pending + " " + rest).strip()
                break
            out.append((first, (pending + " " + rest[:semi + 1]).strip(), None))
            pending, rest = "", rest[semi + 1:].strip()
        if pending:
            following = next((c for c in code[idx + 1:] if c.strip()), "")
            if pending.startswith(DEFINITIONS) and following.lstrip().startswith("{"):
                out.append((first, pending, "definition header"))
                pending = ""
            elif pending.startswith((".loc", ".file")):
                out.append((first, pending, None))  # 11.5.3/11.5.4: no ';'
                pending = ""
            elif not _continues(pending, following):
                out.append((first, pending + ";", "missing ';'"))
                pending = ""
    return out


def _top_level_semicolon(text):
    depth, quoted = 0, False
    for i, c in enumerate(text):
        if c == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif c in "{([":
            depth += 1
        elif c in "})]":
            depth -= 1
        elif c == ";" and depth <= 0:
            return i
    return -1


PLACEHOLDER_QUALIFIERS = {"shape", "dtype", "atype", "btype", "ctype", "stype", "op", "layout",
                          "type", "rnd", "mode", "scope", "sem", "level", "space", "vec", "ss",
                          "cta_group", "kind", "num", "dim", "load_mode", "completion_mechanism"}
PSEUDO_WORDS = re.compile(r"\b(return|case|else|switch|struct|double|char|int|float)\b")
GRAMMAR = re.compile(r"[}\])][+*?]|\{[a-z -]+\}")
PSEUDO = re.compile(r"(==|<=|>=|!=|\+=|\s=\s.*\b(if|for)\b|\bif\s*\(|\bfor\s*\()")
PLACEHOLDER = re.compile(r"<\s*[A-Za-z_]")


def classify(text, note=None):
    """-> (kind, reason-to-skip or None)."""
    if note == "definition header":
        return None, "module header or elided definition"
    if text.endswith(":") and LABEL.fullmatch(text):
        return "label", None
    if "..." in text or ". . ." in text or ".." in text.replace("...", ""):
        return None, "elision '...'"
    if "{." in text.replace(" ", "") or "{ ." in text:
        return None, "syntax template with {optional} qualifiers"
    if PLACEHOLDER.search(text) or re.search(r"\w\s*>", text) and "<" not in text:
        return None, "syntax template with <placeholders>"
    if PSEUDO.search(text) or PSEUDO_WORDS.search(text):
        return None, "pseudo-code"
    if GRAMMAR.search(text):
        return None, "grammar (regular expression), not a statement"
    body = text[1:].split(None, 1)[1] if text.startswith("@") and " " in text else text
    head = re.split(r"[\s{]", body, 1)[0].rstrip(";") if body.strip() else ""
    if text.startswith("@@"):
        return None, "DWARF section contents (whole module only)"
    if head.startswith(HEADER_DIRECTIVES):
        return None, "module header or elided definition"
    if head.startswith(MODULE_DIRECTIVES) and not head.startswith((".global", ".const")):
        if head.startswith(".func") and not text.rstrip(";").rstrip().endswith(")"):
            return None, "function definition with elided body"
        return "module-decl", None
    if head.startswith((".global", ".const", ".tex")):
        return "module-decl", None
    if head.startswith(FUNCTION_DIRECTIVES):
        return "function-decl", None
    if head.startswith("."):
        return None, "directive outside a function body"
    if re.match(r"[A-Za-z_][\w$]*:\s*\.(callprototype|calltargets|branchtargets)\b", body):
        return "function-decl", None
    if not OPCODE.fullmatch(head):
        return None, "not PTX (prose, formula or pseudo-code)"
    if set(head.split(".")[1:]) & PLACEHOLDER_QUALIFIERS:
        return None, "syntax template with placeholder qualifiers (.shape, .dtype, ...)"
    if re.search(r"[A-Za-z]-[A-Za-z]", text.split(None, 1)[-1] if " " in text else ""):
        return None, "syntax template with placeholder operands (a-desc, ...)"
    if note == "missing ';'" and (" " not in text.strip() or "(" in text):
        return None, "an instruction's name in prose, not a statement"
    if "=" in text and "{" not in text:
        return None, "pseudo-code"
    return "instruction", None


def extract(manual):
    """-> [Block] with .statements filled, for every section file; a block
    that declares a name twice (several examples, each with its declarations)
    is cut there into blocks of one example each."""
    from .infer import declared_names
    blocks = []
    for path in section_files(manual):
        for block in code_blocks(path):
            stmts = []
            for line, text, note in split_statements(block):
                kind, why = classify(text, note)
                stmts.append(Statement(block, line, text, kind, why, note))
            current, seen = block, set()
            for s in stmts:
                names = set(declared_names(s.text)) if not s.skipped and s.kind in (
                    "function-decl", "label") else set()
                if names & seen:
                    blocks.append(current)
                    current, seen = Block(path, s.line, block.label, block.text), set()
                seen |= names
                s.block = current
                current.statements.append(s)
            blocks.append(current)
    return blocks
