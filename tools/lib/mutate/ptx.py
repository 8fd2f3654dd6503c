"""A light structural view of a PTX file, for the mutation operators.

Holds the lexer (TOKEN_RE), the Module class (statements, blocks, register
and symbol declarations, their uses, labels and branch targets, built in one
pass over the tokens) with its small record classes, and split_target (the
number and 'a'/'f' suffix of an sm_XX target name). Nothing here mutates or
runs anything.
"""
import bisect
import re

# ---------------------------------------------------------------- lexing

TOKEN_RE = re.compile(r"""
  (?P<ws>\s+)
| (?P<comment>//[^\n]*|/\*.*?\*/)
| (?P<string>"(?:\\.|[^"\\\n])*")
| (?P<dir>\.[A-Za-z_][A-Za-z0-9_$]*(?:::[A-Za-z_][A-Za-z0-9_$]*)*)
| (?P<num>0[xX][0-9A-Fa-f]+U?|0[fF][0-9A-Fa-f]{8}|0[dD][0-9A-Fa-f]{16}
        |[0-9]+\.[0-9]*(?:[eE][+-]?[0-9]+)?|[0-9]+(?:[eE][+-]?[0-9]+)?U?)
| (?P<ident>[A-Za-z][A-Za-z0-9_$]*|[_$%][A-Za-z0-9_$]+)
| (?P<punct>::|.)
""", re.X | re.S)

LINE_DIRECTIVES = {".loc", ".file", ".section", ".version", ".target", ".address_size"}  # no ";": end with the line
PROTO_DIRECTIVES = {".callprototype", ".branchtargets", ".calltargets"}
LINKAGE = {".extern", ".visible", ".weak", ".common"}
VAR_SPACES = {".global", ".shared", ".const", ".local", ".param", ".tex"}
RANGE_RE = re.compile(r"^(.*?)(0|[1-9][0-9]*)$")


class Tok:
    __slots__ = ("kind", "text", "start", "end")

    def __init__(self, kind, text, start, end):
        self.kind, self.text, self.start, self.end = kind, text, start, end


class Stmt:
    __slots__ = ("toks", "block", "kind")

    def __init__(self, toks, block, kind):
        self.toks, self.block, self.kind = toks, block, kind


class Block:
    __slots__ = ("id", "parent", "kind", "func")

    def __init__(self, bid, parent, kind, func):
        self.id, self.parent, self.kind, self.func = bid, parent, kind, func


class RegItem:
    """One name of a .reg statement: %x, or %x<N> (count set)."""
    __slots__ = ("name", "count", "count_tok", "first", "last", "stmt", "uses")

    def __init__(self, name, count, count_tok, first, last, stmt):
        self.name, self.count, self.count_tok = name, count, count_tok
        self.first, self.last, self.stmt = first, last, stmt
        self.uses = []          # (token index, register index or None)


class Sym:
    __slots__ = ("name", "kind", "tok", "stmt", "entry")

    def __init__(self, name, kind, tok, stmt=None, entry=None):
        self.name, self.kind, self.tok, self.stmt, self.entry = name, kind, tok, stmt, entry


class Func:
    __slots__ = ("name", "params", "body")

    def __init__(self, name):
        self.name, self.params, self.body = name, [], None


class Module:
    """A light structural view of a PTX file: statements, blocks, declarations, uses."""

    def __init__(self, text):
        self.text = text
        self.nl = [i for i, c in enumerate(text) if c == "\n"]
        self.toks = []
        for m in TOKEN_RE.finditer(text):
            k = m.lastgroup
            if k in ("ws", "comment"):
                continue
            self.toks.append(Tok(k, m.group(), m.start(), m.end()))
        self.names = {t.text for t in self.toks if t.kind == "ident"}
        self.blocks = [Block(0, None, "module", None)]
        self.stmts = []
        self.labels = []        # (token index, block id)
        self.funcs = []
        self.regs = {}          # block id -> (exact {name: item}, ranged {base: item})
        self.syms = {}          # block id -> {name: Sym}
        self.reg_items = []
        self.reg_stmts = []     # (stmt, [items], type token index)
        self.reg_uses = []      # (token index, item)
        self.sym_uses = []      # (token index, Sym)
        self.label_defs = {}    # (function body block, name) -> [token indices]
        self.bra_targets = []   # (token index, stmt)
        self._parse()
        self._declare()
        self._resolve()

    def line_of(self, offset):
        return bisect.bisect_right(self.nl, offset - 1) + 1

    def line_start(self, offset):
        return self.text.rfind("\n", 0, offset) + 1

    def line_end(self, offset):
        e = self.text.find("\n", offset)
        return len(self.text) if e < 0 else e

    def stmt_span(self, st):
        return self.toks[st.toks[0]].start, self.toks[st.toks[-1]].end

    def stmt_text(self, st):
        a, b = self.stmt_span(st)
        return self.text[a:b]

    # -- statements and blocks
    def _parse(self):
        toks = self.toks
        stack = [0]
        cur = []
        nested = 0              # braces inside the current statement
        line_mode_line = None   # line of a .loc/.file/.section statement
        pending_section = False

        def flush():
            nonlocal cur, pending_section
            if cur:
                st = Stmt(cur, stack[-1], None)
                self._classify(st)
                self.stmts.append(st)
                pending_section = st.kind == "section"
            cur = []

        for i, t in enumerate(toks):
            if line_mode_line is not None:
                if self.line_of(t.start) == line_mode_line:
                    cur.append(i)
                    continue
                flush()
                line_mode_line = None
            x = t.text
            if t.kind == "dir" and not cur and x in LINE_DIRECTIVES:
                cur.append(i)
                line_mode_line = self.line_of(t.start)
                continue
            if t.kind == "punct" and x == "{":
                if not cur:
                    parent = self.blocks[stack[-1]]
                    kind = "section" if pending_section else (
                        "nested" if parent.kind in ("body", "nested") else "other")
                    pending_section = False
                    b = Block(len(self.blocks), parent.id, kind, parent.func)
                    self.blocks.append(b)
                    stack.append(b.id)
                elif nested == 0 and self.blocks[stack[-1]].kind == "module" and any(
                        toks[j].text in (".entry", ".func") for j in cur):
                    st = Stmt(cur, stack[-1], "funchead")
                    self.stmts.append(st)
                    func = self._function(st)
                    b = Block(len(self.blocks), stack[-1], "body", func)
                    func.body = b.id
                    self.blocks.append(b)
                    stack.append(b.id)
                    cur = []
                else:
                    nested += 1
                    cur.append(i)
                continue
            if t.kind == "punct" and x == "}":
                if nested:
                    nested -= 1
                    cur.append(i)
                    continue
                flush()
                if len(stack) > 1:
                    stack.pop()
                continue
            if t.kind == "punct" and x == ";" and nested == 0:
                cur.append(i)
                flush()
                continue
            if (t.kind == "punct" and x == ":" and nested == 0 and len(cur) == 1
                    and toks[cur[0]].kind == "ident"):
                nxt = toks[i + 1].text if i + 1 < len(toks) else ""
                if nxt not in PROTO_DIRECTIVES:
                    self.labels.append((cur[0], stack[-1]))
                    cur = []
                    continue
            cur.append(i)
        flush()

    def _classify(self, st):
        toks = self.toks
        first = toks[st.toks[0]]
        blk = self.blocks[st.block]
        if first.kind == "dir":
            j = 0
            while j < len(st.toks) and toks[st.toks[j]].text in LINKAGE:
                j += 1
            head = toks[st.toks[j]].text if j < len(st.toks) else ""
            if first.text == ".reg":
                st.kind = "reg"
            elif first.text in (".version", ".target", ".address_size", ".section"):
                st.kind = first.text[1:]
            elif blk.kind == "module" and any(toks[k].text in (".entry", ".func") for k in st.toks):
                st.kind = "funcdecl"
                self._function(st)
            elif head in VAR_SPACES:
                st.kind = "var"
            else:
                st.kind = "directive"
        elif (first.kind == "ident" and len(st.toks) > 2 and toks[st.toks[1]].text == ":"
              and toks[st.toks[2]].text in PROTO_DIRECTIVES):
            st.kind = "proto"
        elif first.kind == "ident" or first.text == "@":
            st.kind = "instr"
        else:
            st.kind = "other"

    def _params(self, k):
        """toks[k] is '(': returns (index after ')', [[token indices of one parameter]])."""
        toks = self.toks
        depth, entries, cur = 0, [], []
        while k < len(toks):
            x = toks[k].text
            if x == "(":
                depth += 1
                if depth > 1:
                    cur.append(k)
            elif x == ")":
                depth -= 1
                if depth == 0:
                    if cur:
                        entries.append(cur)
                    return k + 1, entries
                cur.append(k)
            elif x == "," and depth == 1:
                entries.append(cur)
                cur = []
            else:
                cur.append(k)
            k += 1
        return k, entries

    def _function(self, st):
        toks = self.toks
        idx = st.toks
        j = next(n for n, k in enumerate(idx) if toks[k].text in (".entry", ".func"))
        k = idx[j] + 1
        end = idx[-1]
        rets = []
        if k <= end and toks[k].text == "(":
            k, rets = self._params(k)
        name = toks[k].text if k <= end and toks[k].kind == "ident" else "?"
        name_tok = k
        func = Func(name)
        self.funcs.append(func)
        self.syms.setdefault(0, {})[name] = Sym(name, "function", name_tok, st)
        params = []
        if k + 1 <= end and toks[k + 1].text == "(":
            _, params = self._params(k + 1)
        for kind, entries in (("retparam", rets), ("param", params)):
            for e in entries:
                nm = next((q for q in e if toks[q].kind == "ident"), None)
                if nm is not None:
                    func.params.append(Sym(toks[nm].text, kind, nm, st, e))
        return func

    # -- declarations
    def _declare(self):
        toks = self.toks
        for st in self.stmts:
            if st.kind == "reg":
                self._declare_reg(st)
            elif st.kind == "var":
                for q in self._var_names(st):
                    self.syms.setdefault(st.block, {})[toks[q].text] = Sym(toks[q].text, "variable", q, st)
            elif st.kind == "proto":
                q = st.toks[0]
                self.syms.setdefault(st.block, {})[toks[q].text] = Sym(toks[q].text, "prototype", q, st)
        for func in self.funcs:
            if func.body is not None:
                d = self.syms.setdefault(func.body, {})
                for p in func.params:
                    d[p.name] = p
        for tok, blk in self.labels:
            body = self._body_of(blk)
            if body is not None:
                self.label_defs.setdefault((body, toks[tok].text), []).append(tok)

    def _body_of(self, blk):
        while blk is not None and self.blocks[blk].kind != "body":
            blk = self.blocks[blk].parent
        return blk

    def _var_names(self, st):
        toks = self.toks
        out = []
        expect = True
        depth = 0
        for k in st.toks:
            t = toks[k]
            if t.text == "=":
                break
            if t.text in "[(<":
                depth += 1
            elif t.text in "])>":
                depth -= 1
            elif t.text == "," and depth == 0:
                expect = True
            elif t.kind == "ident" and expect and depth == 0:
                out.append(k)
                expect = False
        return out

    def _declare_reg(self, st):
        toks = self.toks
        idx = st.toks
        n = 1
        type_tok = None
        while n < len(idx) and toks[idx[n]].kind in ("dir", "num"):
            if toks[idx[n]].kind == "dir" and toks[idx[n]].text not in (".v2", ".v4", ".v8", ".align"):
                type_tok = idx[n]
            n += 1
        items = []
        while n < len(idx) and toks[idx[n]].kind == "ident":
            first = idx[n]
            name = toks[first].text
            count, count_tok = None, None
            n += 1
            if (n + 2 < len(idx) and toks[idx[n]].text == "<" and toks[idx[n + 1]].kind == "num"
                    and toks[idx[n + 2]].text == ">"):
                count, count_tok = int(toks[idx[n + 1]].text, 0), idx[n + 1]
                n += 3
            while n < len(idx) and toks[idx[n]].text not in (",", ";"):
                n += 1
            last = idx[n - 1]
            item = RegItem(name, count, count_tok, first, last, st)
            items.append(item)
            self.reg_items.append(item)
            exact, ranged = self.regs.setdefault(st.block, ({}, {}))
            (ranged if count is not None else exact)[name] = item
            if n < len(idx) and toks[idx[n]].text == ",":
                n += 1
        if items:
            self.reg_stmts.append((st, items, type_tok))

    # -- uses
    def resolve_reg(self, blk, name):
        m = RANGE_RE.match(name)
        while blk is not None:
            d = self.regs.get(blk)
            if d:
                if name in d[0]:
                    return d[0][name], None
                if m and m.group(1) in d[1]:
                    return d[1][m.group(1)], int(m.group(2))
            blk = self.blocks[blk].parent
        return None, None

    def resolve_sym(self, blk, name):
        while blk is not None:
            d = self.syms.get(blk)
            if d and name in d:
                return d[name]
            blk = self.blocks[blk].parent
        return None

    def _resolve(self):
        toks = self.toks
        for st in self.stmts:
            if st.kind != "instr" or self.blocks[st.block].kind not in ("body", "nested"):
                continue
            idx = st.toks
            n = 0
            if toks[idx[0]].text == "@":
                n = 2 if toks[idx[1]].text != "!" else 3
            opcode = idx[n] if n < len(idx) else None
            for k in idx:
                if k == opcode or toks[k].kind != "ident":
                    continue
                item, ri = self.resolve_reg(st.block, toks[k].text)
                if item is not None:
                    item.uses.append((k, ri))
                    self.reg_uses.append((k, item))
                    continue
                sym = self.resolve_sym(st.block, toks[k].text)
                if sym is not None:
                    self.sym_uses.append((k, sym))
            if opcode is not None and toks[opcode].text == "bra":
                label = [k for k in idx[n + 1:] if toks[k].kind == "ident"]
                if label:
                    self.bra_targets.append((label[-1], st))

    def header(self, kind):
        for st in self.stmts:
            if st.kind == kind:
                return st
        return None


def split_target(name):
    m = re.match(r"sm_(\d+)([af]?)$", name)
    return (int(m.group(1)), m.group(2)) if m else (None, None)
