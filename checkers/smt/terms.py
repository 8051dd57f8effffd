"""Z3 terms built straight through its C API when their arguments are already terms: the same terms as
``z3.And``, ``z3.Or``, ``z3.Implies``, ``z3.Not``, ``==`` and ``z3.If(c, 1, 0)``, without the Python API's
coercion of every argument (about half the time of building the Big Five encodings' rules).

Each builder falls back to the Python API when an argument is not a term of one context (a Python
``bool``, a numeral to coerce), so it accepts whatever the API accepts. ``tests/checkers/test_smt_bigfive_terms.py``
checks that an encoding built with them equals one built with the plain API, term for term.
"""

from __future__ import annotations

from typing import Any

import z3


def nary(make: Any, fallback: Any, args: tuple[Any, ...]) -> Any:
    """``fallback(*args)`` (``z3.And`` or ``z3.Or``), built directly when every argument is a Boolean term of one
    context: the same term, without the Python API's coercion of each argument (a third of the time that
    building BF-F-8's rules took)."""
    items = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
    if not items or not all(type(a) is z3.BoolRef for a in items):
        return fallback(*args)
    ctx = items[0].ctx
    if any(a.ctx is not ctx for a in items):
        return fallback(*args)
    array = (z3.Ast * len(items))(*[a.as_ast() for a in items])
    return z3.BoolRef(make(ctx.ref(), len(items), array), ctx)


def and_(*args: Any) -> Any:
    """``z3.And``, faster (see :func:`nary`).

    >>> p, q = z3.Bools("p q")
    >>> and_(p, q).eq(z3.And(p, q)), and_([p, q]).eq(z3.And([p, q])), and_(p, True).eq(z3.And(p, True))
    (True, True, True)
    """
    return nary(z3.Z3_mk_and, z3.And, args)


def or_(*args: Any) -> Any:
    """``z3.Or``, faster (see :func:`nary`).

    >>> p, q = z3.Bools("p q")
    >>> or_([p, q]).eq(z3.Or(p, q))
    True
    """
    return nary(z3.Z3_mk_or, z3.Or, args)


def implies(a: Any, b: Any) -> Any:
    """``z3.Implies`` of two Boolean terms of one context, without coercion (else ``z3.Implies``).

    >>> p, q = z3.Bools("p q")
    >>> implies(p, q).eq(z3.Implies(p, q))
    True
    """
    if type(a) is z3.BoolRef and type(b) is z3.BoolRef and a.ctx is b.ctx:
        return z3.BoolRef(z3.Z3_mk_implies(a.ctx.ref(), a.as_ast(), b.as_ast()), a.ctx)
    return z3.Implies(a, b)


def not_(a: Any) -> Any:
    """``z3.Not`` of a Boolean term, without coercion (else ``z3.Not``).

    >>> p = z3.Bool("p")
    >>> not_(p).eq(z3.Not(p))
    True
    """
    if type(a) is z3.BoolRef:
        return z3.BoolRef(z3.Z3_mk_not(a.ctx.ref(), a.as_ast()), a.ctx)
    return z3.Not(a)


def eq(a: Any, b: Any) -> Any:
    """``a == b`` for two integer terms of one context, without coercion (else ``a == b``).

    >>> x, y = z3.Ints("x y")
    >>> eq(x, y).eq(x == y), eq(x, z3.IntVal(3)).eq(x == z3.IntVal(3)), eq(z3.IntVal(3), x).eq(z3.IntVal(3) == x)
    (True, True, True)
    """
    if isinstance(a, z3.ArithRef) and isinstance(b, z3.ArithRef) and a.ctx is b.ctx and a.is_int() and b.is_int():
        if type(b) is not type(a) and isinstance(b, type(a)):
            a, b = b, a  # as Python's ``==`` does: a subclass operand (a numeral) is asked first
        return z3.BoolRef(z3.Z3_mk_eq(a.ctx.ref(), a.as_ast(), b.as_ast()), a.ctx)
    return a == b


def count(cond: Any) -> Any:
    """``z3.If(cond, 1, 0)`` for a Boolean term, built directly.

    >>> p = z3.Bool("p")
    >>> count(p).eq(z3.If(p, 1, 0))
    True
    """
    if type(cond) is not z3.BoolRef:
        return z3.If(cond, 1, 0)
    one, zero = z3.IntVal(1, cond.ctx), z3.IntVal(0, cond.ctx)
    return z3.ArithRef(z3.Z3_mk_ite(cond.ctx.ref(), cond.as_ast(), one.as_ast(), zero.as_ast()), cond.ctx)
