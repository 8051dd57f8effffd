"""What a campaign is, as data every chunk carries: kind, game, readings, players, seed, parameters, code.

A chunk result means something only for the campaign that computed it: the
same range of game indices under another threshold, another seed or another
program gives other numbers. So every chunk file carries its campaign's whole
:func:`campaign_identity` and its own range, and the loader
(:mod:`~ruleproof.checkers.campaign.store`) refuses a chunk whose identity
differs from its folder's manifest, naming the first field that differs
(:func:`first_difference`).

The identity holds the campaign's kind; its game, number of players and seed;
each reading it plays (every flag, and the reading's title, extra rules,
derived engine and plugin SHA-256, as records and certificates carry them:
:meth:`ruleproof.model.io.readings.Reading.identity`); every parameter (game and
chunk counts, steps, solver limits); and the version and source digest of
the ruleproof that computed it (:func:`code_version`).

>>> ident = campaign_identity("simulate", {"game": "take5", "players": 2, "variant": {"threshold": 30},
...                                        "games": 10, "seed": 7, "chunk": 5, "rule_stats": False},
...                           {"ruleproof": "0.1.0", "source_sha256": "ab"})
>>> ident["game"], ident["players"], ident["seed"], ident["readings"]["variant"]["title"]
('take5', 2, 7, 'threshold=30')
>>> first_difference({"a": {"b": 1, "c": [1, 2]}}, {"a": {"b": 1, "c": [1, 3]}})
('$.a.c[1]', 2, 3)
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

JSON = Any

#: Parameters that hold a reading's flags, by campaign kind.
READING_PARAMS: dict[str, tuple[str, ...]] = {"simulate": ("variant",), "fuzz": ("variant",), "diff": ("a", "b"),
                                              "search": (), "disputes": (), "strength": ()}


def canonical(data: JSON) -> str:
    """JSON with sorted keys and no spaces: the form hashed for digests.

    >>> canonical({"b": 1, "a": [True, None]})
    '{"a":[true,null],"b":1}'
    """
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def sha256_text(text: str) -> str:
    """The SHA-256 of ``text`` (UTF-8), in hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def code_version() -> dict[str, str]:
    """The tool version and a digest of the source of ``spec``, ``model`` and ``checkers`` (every ``.py`` file).

    A campaign resumed with other code would merge chunks computed by two
    programs; :meth:`~ruleproof.checkers.campaign.store.Store.check_code` refuses
    that unless asked.
    """
    from ruleproof.checkers import __version__
    import ruleproof.checkers as checkers
    import ruleproof.model as model
    import ruleproof.spec as spec

    digest = hashlib.sha256()
    for package in (spec, model, checkers):
        root = Path(package.__file__ or "").parent
        for path in sorted(root.rglob("*.py")):
            digest.update(path.relative_to(root.parent).as_posix().encode())
            digest.update(path.read_bytes())
    return {"ruleproof": __version__, "source_sha256": digest.hexdigest()}


def reading_identity(game: str, flags: dict[str, JSON]) -> dict[str, JSON]:
    """A reading's identity as a record carries it (title, extra rules, engine, plugin digest), with its flags.

    A campaign plays readings given by flags; its title is the flags set away
    from the defaults (``default reading`` for none).

    >>> reading_identity("take5", {"threshold": 30})["title"]
    'threshold=30'
    """
    from ruleproof.model.io.readings import Reading
    from ruleproof.model.registry import game_for
    from ruleproof.spec.core import variant_from_mapping, variant_to_dict

    engine = game_for(game)
    variant = variant_from_mapping(engine.variant_type, flags)
    default = variant_to_dict(engine.default_variant())
    changed = [f"{k}={v}" for k, v in variant_to_dict(variant).items() if default.get(k) != v]
    reading = Reading(game, variant, title=", ".join(changed) or "default reading")
    return {"flags": variant_to_dict(variant), **reading.identity()}


def campaign_identity(kind: str, params: dict[str, JSON], code: dict[str, str]) -> dict[str, JSON]:
    """Everything that decides a campaign's chunk results (see the module docstring)."""
    identity: dict[str, JSON] = {"kind": kind}
    if kind == "search":
        identity["problem"] = params.get("problem")
    elif kind == "strength":
        identity.update(games=params.get("games"), players=params.get("players"), seed=params.get("seed"))
    else:
        identity.update(game=params.get("game"), players=params.get("players"), seed=params.get("seed"))
    identity["readings"] = {name: reading_identity(params["game"], params[name]) for name in READING_PARAMS[kind]}
    # A disputes campaign plays the default reading against each flag's other readings: its plan names them
    # all, and the plan is the code's (in the identity below).
    identity["params"] = params
    identity["code"] = dict(code)
    return identity


def identity_sha256(identity: dict[str, JSON]) -> str:
    """The SHA-256 of an identity's canonical JSON (the manifest records it, so an edit of the manifest shows)."""
    return sha256_text(canonical(identity))


def first_difference(found: JSON, expected: JSON, path: str = "$") -> tuple[str, JSON, JSON] | None:
    """The JSON path of the first place where ``found`` differs from ``expected``, with both values there
    (``None`` when they are equal). A missing key is reported with the value ``"(missing)"``."""
    if isinstance(found, dict) and isinstance(expected, dict):
        for key in sorted(set(found) | set(expected)):
            where = f"{path}.{key}" if key.isidentifier() and key.isascii() else f"{path}[{json.dumps(key)}]"
            if key not in found or key not in expected:
                return where, found.get(key, "(missing)"), expected.get(key, "(missing)")
            difference = first_difference(found[key], expected[key], where)
            if difference is not None:
                return difference
        return None
    if isinstance(found, list) and isinstance(expected, list):
        for index, (a, b) in enumerate(zip(found, expected)):
            difference = first_difference(a, b, f"{path}[{index}]")
            if difference is not None:
                return difference
        if len(found) != len(expected):
            return path, f"{len(found)} items", f"{len(expected)} items"
        return None
    if found == expected and type(found) is type(expected):
        return None
    return path, found, expected


__all__ = ["READING_PARAMS", "campaign_identity", "canonical", "code_version", "first_difference",
           "identity_sha256", "reading_identity", "sha256_text"]
