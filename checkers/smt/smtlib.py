"""A captured solver question as an SMT-LIB 2 file any solver can re-run, and read back with z3.

:func:`to_smtlib` writes a :class:`~ruleproof.checkers.smt.capture.Query`
as a self-contained SMT-LIB 2.6 script: a header comment that says where the
question comes from (game, finding, reading and flags, expected status,
ruleproof and z3 versions, z3's budget), the declarations, one
``(assert (! TERM :named NAME))`` per rule-tracked assertion (``NAME`` is
the rule id made a safe SMT-LIB symbol, numbered: :func:`smt_name`; the
header maps each name back to its rule id), the background facts as plain
assertions, and ``(check-sat)`` (or ``(check-sat-assuming (...))`` for a
check made under assumptions). A file whose expected status is ``unsat``
ends with ``(get-unsat-core)``, which lists the rule names of a core (and
``(get-unsat-assumptions)`` after ``check-sat-assuming``: the assumed
literals of a core, which some encodings name after the rules they guard).

z3's pseudo-Boolean terms (``at-most``, ``at-least``, ``pble``, ``pbge``,
``pbeq``, used by the finite-domain encodings) are z3's own extension of the
language; they are written as the linear sums they stand for
(``(<= (+ (ite a 1 0) ...) k)``), the same constraint in standard SMT-LIB.
The terms themselves are printed by z3 (``Z3_benchmark_to_smtlib_string``),
so the file says exactly what z3 was asked; :func:`z3_decide` reads a file
back into z3 and decides it under a resource limit, which the tests use to
show that an exported file still gives z3's verdict.

>>> import z3
>>> from ruleproof.checkers.smt.capture import capturing
>>> from ruleproof.checkers.smt.core import TrackedSolver
>>> a, b, c = z3.Bools("a b c")
>>> with capturing() as seen:
...     s = TrackedSolver()
...     s.add_fact(z3.AtMost(a, b, c, 1))
...     s.add("R-TWO", a, b)
...     _ = s.check()
>>> text = to_smtlib(seen[0], Origin("demo", "DEMO-F-1", "Can two hold?", index=1, count=1))
>>> print("\\n".join(line for line in text.splitlines() if line.startswith("(assert")))
(assert (! a :named R-TWO.1))
(assert (! b :named R-TWO.2))
(assert (<= (+ (ite a 1 0) (ite b 1 0) (ite c 1 0)) 1))
>>> z3_decide(text).verdict, z3_decide(text).core
('unsat', ('R-TWO',))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from ruleproof.checkers.smt.capture import Query
from ruleproof.checkers.smt.core import SolverResult, gave_up_reason, units_used

#: Characters of an SMT-LIB simple symbol besides letters and digits (SMT-LIB 2.6, section 3.1).
_SYMBOL_EXTRA = "~!@$%^&*_-+=<>.?/"
_SAFE = re.compile(r"[^A-Za-z0-9" + re.escape(_SYMBOL_EXTRA) + "]")

#: z3's pseudo-Boolean operators, written as linear sums.
_PB_OPS = {z3.Z3_OP_PB_AT_MOST: "<=", z3.Z3_OP_PB_AT_LEAST: ">=", z3.Z3_OP_PB_LE: "<=", z3.Z3_OP_PB_GE: ">=",
           z3.Z3_OP_PB_EQ: "="}


class ExportError(ValueError):
    """A query that cannot be written as standard SMT-LIB 2 (say, a name z3 cannot quote)."""


@dataclass(frozen=True)
class Origin:
    """Where a query comes from, for the file's header.

    :param index: the query's number among the finding's queries (from 1); ``count`` how many there are.
    :param reading: the reading's description (empty: the game's default reading).
    :param flags: the variant flags the question was asked under (``name=value``).
    :param expected: the manifest's verdict of the finding (``None``: none recorded).
    """

    game: str
    finding: str
    question: str
    index: int = 1
    count: int = 1
    reading: str = ""
    flags: tuple[str, ...] = ()
    expected: str | None = None
    version: str = ""
    #: The rules the finding concerns (its ``rule_ids``), for the header; the named assertions say which enter here.
    rules: tuple[str, ...] = ()


def smt_name(rule_id: str, n: int) -> str:
    """The ``n``-th assertion of ``rule_id`` as an SMT-LIB simple symbol: characters outside the
    symbol alphabet become ``_``, a leading digit gets an ``r`` before it.

    >>> smt_name("BF-LINE-3", 2), smt_name("3 odd:id", 1)
    ('BF-LINE-3.2', 'r3_odd_id.1')
    """
    safe = _SAFE.sub("_", rule_id) or "rule"
    if safe[0].isdigit():
        safe = "r" + safe
    return f"{safe}.{n}"


def _pb_sum(term: Any, children: list[Any]) -> Any:
    """The linear form of a pseudo-Boolean term over (rewritten) ``children``."""
    ctx = term.ctx
    decl = term.decl()
    params = [int(p) for p in decl.params()]
    bound = params[0]
    kind = decl.kind()
    coefficients = [1] * len(children) if kind in (z3.Z3_OP_PB_AT_MOST, z3.Z3_OP_PB_AT_LEAST) else params[1:]
    one, zero = z3.IntVal(1, ctx), z3.IntVal(0, ctx)
    parts = [z3.If(child, z3.IntVal(k, ctx) if k != 1 else one, zero) for child, k in zip(children, coefficients)]
    total = z3.Sum(parts) if len(parts) > 1 else (parts[0] if parts else zero)
    op = _PB_OPS[kind]
    return total <= bound if op == "<=" else total >= bound if op == ">=" else total == bound


#: n-ary operators SMT-LIB wants with two or more arguments, and their value for none.
_NARY_UNIT = {z3.Z3_OP_ADD: 0, z3.Z3_OP_MUL: 1, z3.Z3_OP_AND: True, z3.Z3_OP_OR: False}
#: Arithmetic operators that are linear only with a numeral argument.
_NONLINEAR_OPS = (z3.Z3_OP_MUL, z3.Z3_OP_IDIV, z3.Z3_OP_MOD, z3.Z3_OP_REM, z3.Z3_OP_DIV, z3.Z3_OP_POWER)


class _Standard:
    """Rewrites terms into standard SMT-LIB (see :func:`standard_terms`) and notes which logic they need.

    The walk reads z3's C API on raw term pointers (no Python wrapper per
    subterm: a tenth of the time of ``children()`` on Big Five's terms) and
    wraps only what it rebuilds; ``done`` maps a term id to its rewriting
    (``None``: unchanged).
    """

    def __init__(self, ctx: z3.Context) -> None:
        self.ctx, self.ref = ctx, ctx.ref()
        self.done: dict[int, Any] = {}
        self.arithmetic = self.nonlinear = self.other = False

    def _wrap(self, raw: Any) -> Any:
        return z3.z3._to_expr_ref(raw, self.ctx)

    def _rebuild(self, raw: Any, kind: int, kids: list[Any], ids: list[int]) -> Any:
        ref = self.ref
        sort = z3.Z3_get_sort_kind(ref, z3.Z3_get_sort(ref, raw))
        if sort == z3.Z3_INT_SORT:
            self.arithmetic = True
        elif sort != z3.Z3_BOOL_SORT:
            self.other = True
        if kind != z3.Z3_APP_AST:
            return None
        op = z3.Z3_get_decl_kind(ref, z3.Z3_get_app_decl(ref, raw))
        if op in _NONLINEAR_OPS:
            variables = sum(1 for k in kids if z3.Z3_get_ast_kind(ref, k) != z3.Z3_NUMERAL_AST)
            if op != z3.Z3_OP_MUL or variables > 1:
                self.nonlinear = True
        new = [self.done[i] if self.done[i] is not None else k for i, k in zip(ids, kids)]
        if op in _PB_OPS:
            self.arithmetic = True  # the sum is over integers
            return _pb_sum(self._wrap(raw), [n if isinstance(n, z3.ExprRef) else self._wrap(n) for n in new])
        if op in _NARY_UNIT and len(kids) < 2:
            if kids:
                return new[0] if isinstance(new[0], z3.ExprRef) else self._wrap(new[0])
            unit = _NARY_UNIT[op]
            return z3.BoolVal(unit, self.ctx) if isinstance(unit, bool) else z3.IntVal(unit, self.ctx)
        if any(self.done[i] is not None for i in ids):
            array = (z3.Ast * len(new))(*[n.as_ast() if isinstance(n, z3.ExprRef) else n for n in new])
            return self._wrap(z3.Z3_update_term(ref, raw, len(new), array))
        return None

    def rewrite(self, root: Any) -> Any:
        """``root`` in standard SMT-LIB (shared subterms are rewritten once)."""
        ref, done = self.ref, self.done
        get_id, get_kind = z3.Z3_get_ast_id, z3.Z3_get_ast_kind
        num_args, arg = z3.Z3_get_app_num_args, z3.Z3_get_app_arg
        # An explicit stack: the encodings' terms are deep enough to exhaust Python's recursion.
        stack = [root.as_ast()]
        while stack:
            raw = stack[-1]
            key = get_id(ref, raw)
            if key in done:
                stack.pop()
                continue
            kind = get_kind(ref, raw)
            if kind == z3.Z3_QUANTIFIER_AST:
                raise ExportError("a quantified term: the export handles quantifier-free queries only")
            kids = [arg(ref, raw, i) for i in range(num_args(ref, raw))] if kind == z3.Z3_APP_AST else []
            ids = [get_id(ref, k) for k in kids]
            waiting = [k for k, i in zip(kids, ids) if i not in done]
            if waiting:
                stack.extend(waiting)
                continue
            stack.pop()
            done[key] = self._rebuild(raw, kind, kids, ids)
        out = done[get_id(ref, root.as_ast())]
        return root if out is None else out

    @property
    def logic(self) -> str:
        """The smallest of ``QF_UF`` (Booleans only), ``QF_LIA``, ``QF_NIA`` that holds the terms seen, else ``ALL``."""
        if self.other:
            return "ALL"
        if not self.arithmetic:
            return "QF_UF"
        return "QF_NIA" if self.nonlinear else "QF_LIA"


def standard_terms(terms: Sequence[Any]) -> tuple[list[Any], str]:
    """``terms`` in standard SMT-LIB, and the logic they need: every pseudo-Boolean subterm written as
    a linear sum, a sum, product, ``and`` or ``or`` of fewer than two arguments as its argument (or
    its unit).

    >>> a, b = z3.Bools("a b")
    >>> x = z3.Int("x")
    >>> terms, logic = standard_terms([z3.Or(z3.PbEq([(a, 2), (b, 1)], 2), a)])
    >>> [str(t) for t in terms], logic
    (['Or(If(a, 2, 0) + If(b, 1, 0) == 2, a)'], 'QF_LIA')
    >>> [standard_terms(ts)[1] for ts in ([z3.Or(a, b)], [x * 3 > 2], [x * x > 2])]
    ['QF_UF', 'QF_LIA', 'QF_NIA']
    """
    if not terms:
        return [], "QF_UF"
    standard = _Standard(terms[0].ctx)
    out = [standard.rewrite(t) for t in terms]
    return out, standard.logic


def split_forms(text: str) -> list[str]:
    """The top-level s-expressions of SMT-LIB text (comments dropped; ``|symbols|`` and strings kept whole).

    >>> split_forms("; c\\n(a (b |x)y|))\\n(c \\"s)\\")")
    ['(a (b |x)y|))', '(c "s)")']
    """
    forms: list[str] = []
    depth, start, i, n = 0, -1, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == ";":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if ch == "|":
            end = text.find("|", i + 1)
            if end < 0:
                raise ExportError("an unterminated |symbol| in z3's output")
            i = end + 1
            continue
        if ch == '"':
            i += 1
            while i < n and not (text[i] == '"' and not text.startswith('""', i)):
                i += 2 if text.startswith('""', i) else 1
            i += 1
            continue
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                forms.append(" ".join(text[start:i + 1].split()) if "\n" in text[start:i + 1] else text[start:i + 1])
            elif depth < 0:
                raise ExportError("unbalanced parentheses in z3's output")
        i += 1
    if depth:
        raise ExportError("unbalanced parentheses in z3's output")
    return forms


def _printed(terms: Sequence[Any], ctx: z3.Context) -> tuple[list[str], list[str]]:
    """z3's declarations and its printed assertions of ``terms``, one per term, in order."""
    truth = z3.BoolVal(True, ctx)
    array = (z3.Ast * len(terms))(*[t.as_ast() for t in terms])
    text = z3.Z3_benchmark_to_smtlib_string(ctx.ref(), "", "", "unknown", "", len(terms), array, truth.as_ast())
    forms = split_forms(text)
    declarations = [f for f in forms if f.startswith(("(declare-", "(define-sort"))]
    asserted = [f[len("(assert"):-1].strip() for f in forms if f.startswith("(assert")]
    if asserted and asserted[-1] == "true" and len(asserted) == len(terms) + 1:
        asserted.pop()  # the benchmark's closing formula
    if len(asserted) != len(terms):
        raise ExportError(f"z3 printed {len(asserted)} assertions for {len(terms)} terms")
    for d in declarations:
        if re.search(r"\|[^|]*\\", d):
            raise ExportError(f"a name z3 cannot quote in SMT-LIB: {d}")
    return declarations, asserted


@dataclass(frozen=True)
class Exported:
    """An exported query: the file's text and how its names map back to rule ids."""

    text: str
    names: dict[str, str] = field(default_factory=dict)
    status: str = "unknown"
    logic: str = "ALL"


def export(query: Query, origin: Origin) -> Exported:
    """``query`` as an SMT-LIB 2 script (see the module docstring), with its names and status."""
    terms = [t for _, t in query.tracked] + list(query.facts) + list(query.assumptions)
    if not terms:
        ctx = z3.main_ctx()
    else:
        ctx = terms[0].ctx
    rewritten, logic = standard_terms(terms)
    n_tracked, n_facts = len(query.tracked), len(query.facts)
    declarations, printed = _printed(rewritten, ctx)
    declared = {m.group(1) for d in declarations for m in [re.match(r"\(declare-\w+ (\S+)", d)] if m}
    names: dict[str, str] = {}
    counts: dict[str, int] = {}
    lines = _header(query, origin, logic)
    body: list[str] = []
    for (rule_id, _), text in zip(query.tracked, printed[:n_tracked]):
        counts[rule_id] = counts.get(rule_id, 0) + 1
        name = smt_name(rule_id, counts[rule_id])
        while name in declared or name in names:
            name = "rule." + name
        names[name] = rule_id
        body.append(f"(assert (! {text} :named {name}))")
    body += [f"(assert {text})" for text in printed[n_tracked:n_tracked + n_facts]]
    literals = printed[n_tracked + n_facts:]
    if names:
        lines.append("; named assertions (SMT-LIB name = rule id):")
        lines += [f";   {name} = {rule}" for name, rule in names.items()]
    lines += [
        "(set-info :smt-lib-version 2.6)",
        f"(set-info :source |ruleproof {_plain(origin.version)}: {_plain(origin.game)} {_plain(origin.finding)}, "
        f"query {origin.index} of {origin.count}|)",
        f"(set-info :status {query.verdict})",
    ]
    if query.verdict == "unsat":
        lines.append("(set-option :produce-unsat-cores true)")
        if literals:
            lines.append("(set-option :produce-unsat-assumptions true)")
    lines.append(f"(set-logic {logic})")
    lines += declarations
    lines += body
    lines.append(f"(check-sat-assuming ({' '.join(literals)}))" if literals else "(check-sat)")
    if query.verdict == "unsat":
        lines.append("(get-unsat-core)")
        if literals:
            lines.append("(get-unsat-assumptions)")
    return Exported("\n".join(lines) + "\n", names, query.verdict, logic)


def _plain(text: str) -> str:
    """``text`` without the characters a ``|quoted|`` symbol or a comment line cannot hold."""
    return text.replace("|", "/").replace("\\", "/").replace("\n", " ")


def _header(query: Query, origin: Origin, logic: str) -> list[str]:
    what = (f"is anything above the optimum {query.optimum}? (the bound behind z3's optimum)"
            if query.kind == "bound" else "a decision question, as z3 was asked it")
    flags = ", ".join(origin.flags) or "the defaults"
    lines = [
        "; ruleproof SMT-LIB 2 export: one solver question of the findings catalogue",
        f"; game: {_plain(origin.game)}",
        f"; finding: {_plain(origin.finding)}: {_plain(origin.question)}",
        f"; query {origin.index} of {origin.count}: {what}",
        f"; reading: {_plain(origin.reading) or 'the default reading'}; flags: {_plain(flags)}",
        f"; expected status: {query.verdict} (z3's verdict"
        + (", implied by its optimum" if query.kind == "bound" else "") + ")"
        + (f"; the finding's manifest verdict: {origin.expected}" if origin.expected else ""),
        f"; the finding's rules: {', '.join(origin.rules) or '(none listed)'}; the rules asserted here by name are "
        "listed below (none: this encoding states them as background facts or as assumptions)",
        f"; ruleproof {_plain(origin.version) or '(unknown version)'}, z3 {z3.get_version_string()}, "
        f"budget {query.budget} (z3 rlimit {query.rlimit:,}, z3 used {query.units:,} units)",
        f"; logic: {logic}; run it with `z3 FILE` or `cvc5 FILE` (add `rlimit=N` / `--rlimit=N` for a "
        "deterministic limit)",
    ]
    return lines


def to_smtlib(query: Query, origin: Origin) -> str:
    """The text of :func:`export`."""
    return export(query, origin).text


def names_in(text: str) -> dict[str, str]:
    """The name → rule id map of an exported file's header.

    >>> names_in("; named assertions (SMT-LIB name = rule id):\\n;   R-A.1 = R-A\\n(check-sat)\\n")
    {'R-A.1': 'R-A'}
    """
    names = {}
    for line in text.splitlines():
        m = re.match(r";   (\S+) = (.+)$", line)
        if m:
            names[m.group(1)] = m.group(2)
    return names


def status_in(text: str) -> str:
    """The ``:status`` an exported file declares (``unknown`` when none).

    >>> status_in("(set-info :status unsat)")
    'unsat'
    """
    m = re.search(r"\(set-info :status (sat|unsat|unknown)\)", text)
    return m.group(1) if m else "unknown"


def z3_decide(text: str, rlimit: int = 100_000_000) -> SolverResult:
    """Read an exported file into z3 and decide it within ``rlimit`` units: the verdict, and for
    ``unsat`` the rule ids of the core of its named assertions.

    The assertions are read back with z3's SMT-LIB parser (``:named`` terms
    tracked under their rule ids, the ``check-sat-assuming`` literals as one
    assumption), so the verdict is z3's for the file as written, not for the
    terms it came from.
    """
    ctx = z3.Context()
    forms = split_forms(text)
    kept = [f for f in forms if not f.startswith(("(check-sat", "(get-", "(set-option", "(set-info"))]
    assertions = z3.parse_smt2_string("\n".join(kept), ctx=ctx)
    asserted = [f for f in kept if f.startswith("(assert")]
    if len(asserted) != len(assertions):
        raise ExportError(f"z3 read {len(assertions)} assertions from {len(asserted)} assert commands")
    literals: list[Any] = []
    assuming = [f for f in forms if f.startswith("(check-sat-assuming")]
    if assuming:
        inner = assuming[0][len("(check-sat-assuming"):-1].strip()[1:-1]
        declarations = "\n".join(f for f in kept if f.startswith(("(declare-", "(set-logic")))
        literals = list(z3.parse_smt2_string(f"{declarations}\n(assert (and {inner} true))", ctx=ctx))
    names = names_in(text)
    solver = z3.Solver(ctx=ctx)
    solver.set("rlimit", rlimit)
    labels: dict[str, str] = {}
    for form, term in zip(asserted, assertions):
        m = re.search(r":named (\S+)\)\)$", form)
        if m is not None and m.group(1) in names:
            label = f"{m.group(1)}#track"
            labels[label] = names[m.group(1)]
            solver.assert_and_track(term, z3.Bool(label, ctx))
        else:
            solver.add(term)
    answer = solver.check(*literals)
    used = units_used(solver.statistics())
    if answer == z3.unsat:
        core = tuple(sorted({labels[str(c)] for c in solver.unsat_core() if str(c) in labels}))
        return SolverResult("unsat", core=core, resources=used, rlimit=rlimit)
    if answer == z3.sat:
        return SolverResult("sat", resources=used, rlimit=rlimit)
    return SolverResult("unknown", reason=gave_up_reason(solver.reason_unknown(), used, rlimit), resources=used,
                        rlimit=rlimit)
