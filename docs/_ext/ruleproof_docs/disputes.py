"""The disputes pages and every "Measured" block, from the stored measurements in ``docs/_data/disputes``.

The disputes are published as an index (``games/disputes``: the method, the
policies' strength and one summary line per ambiguity; it keeps the anchors of
the single page it replaces and sends them on) and one page per game
(``games/GAME/disputes``: every reading at every player count measured), so no
page grows with all five games' tables.

The measurements are made by ``ruleproof disputes --strength --out
docs/_data/disputes`` (Dask campaigns; :mod:`ruleproof.checkers.analysis.disputes`)
and committed; the build only reads them (``GAME.json``: every flagged
ambiguity's readings at every player count under random play, and under the
greedy policy at the count where random play finds it arising most, each to
its precision target; ``strength.json``: MCTS, IS-MCTS and greedy
against random play). :func:`problems` lists what the stored data lacks for
the current specs (an ambiguity without measurements, a figure short of its
precision target): each is a build warning, so ``-W`` fails a build whose
figures are stale or thin. ``tests/docs/test_disputes_data.py`` re-runs the
first games of stored figures and checks they give the same counts.

>>> pct(0.0625), interval([0.01, 0.2])
('6.2%', '1.0–20.0%')
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from docutils.nodes import make_id

from .rst import esc, heading, list_table, lit

DATA = Path(__file__).resolve().parents[2] / "_data" / "disputes"
#: The largest data file read (the stored figures are a few hundred kilobytes a game).
MAX_DATA_BYTES = 8 * 1024 * 1024

__all__ = ["DATA", "disputes_pages", "game_page_name", "interval", "load", "load_strength", "measured", "pct",
           "precision_note", "problems"]


def _read(path: Path) -> dict[str, Any] | None:
    if not path.is_file():
        return None
    if path.stat().st_size > MAX_DATA_BYTES:
        raise ValueError(f"{path}: larger than {MAX_DATA_BYTES} bytes")
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else None


def load(game: str, folder: Path = DATA) -> dict[str, Any] | None:
    """The stored disputes of ``game`` (``None``: none stored)."""
    return _read(folder / f"{game}.json")


def load_strength(folder: Path = DATA) -> dict[str, Any] | None:
    """The stored strength table (``None``: none stored)."""
    return _read(folder / "strength.json")


def _number(x: float) -> str:
    """A percentage with one decimal, more for small shares (a share of decisions may be 0.02%)."""
    p = 100 * x
    if p != 0 and abs(p) < 0.1:
        return f"{p:.3f}"
    if p != 0 and abs(p) < 1:
        return f"{p:.2f}"
    return f"{p:.1f}"


def pct(x: float | None) -> str:
    """A share as a percentage (one decimal; more below 1%)."""
    return "—" if x is None else f"{_number(x)}%"


def interval(ci: list[float] | None) -> str:
    """An interval of shares."""
    return "—" if not ci else f"{_number(ci[0])}–{_number(ci[1])}%"


def _share(entry: dict[str, Any] | None) -> str:
    if not entry or entry.get("rate") is None:
        return "—"
    return f"{pct(entry['rate'])} ({interval(entry['ci'])})"


def _players(counts: object) -> str:
    """``1 player``, ``3 players``, ``1, 2 players``: a player count (or counts) with its noun.

    >>> _players(1), _players(4), _players("1, 2")
    ('1 player', '4 players', '1, 2 players')
    """
    return f"{counts} player" if str(counts) == "1" else f"{counts} players"


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def problems(games: list[str], folder: Path = DATA) -> list[str]:
    """What the stored data lacks for the current specs (see the module docstring)."""
    from ruleproof.checkers.analysis.disputes import DISPUTE_PRECISION, chosen_counts, full_plan, plan
    from ruleproof.model.registry import game_for

    found = []
    for game in games:
        data = load(game, folder)
        spec = game_for(game).spec
        if data is None:
            found.append(f"{game}: no stored disputes ({folder / (game + '.json')}); run `ruleproof disputes {game} "
                         f"--out docs/_data/disputes`")
            continue
        width = data.get("precision", {}).get("width")
        if not isinstance(width, (int, float)) or width < DISPUTE_PRECISION.width:
            # finer than the target is never claimed: a stored width below it means the data and code disagree
            found.append(f"{game}: the stored disputes state the width {width!r}, the target is "
                         f"{DISPUTE_PRECISION.width}: measure again")
        if data.get("ambiguities") != [a.id for a in spec.ambiguities]:
            found.append(f"{game}: the stored disputes list {data.get('ambiguities')}, the spec "
                         f"{[a.id for a in spec.ambiguities]}: measure again")
        stored = {(r["ambiguity"], _value(r["value"]), r["players"], r["policy"]) for r in data.get("rows", [])}
        if data.get("missing"):  # an incomplete run: the page lists what it lacks (see _missing_lines)
            continue
        policies = data.get("policies") or ("random", "greedy")
        expected = (plan(game, policies=policies, seed=data.get("seed", 0), at=chosen_counts(game))
                    if data.get("at") == "chosen" else full_plan(game, data.get("rows", []), policies,
                                                                 seed=data.get("seed", 0)))
        for m in expected:
            if (m.ambiguity, _value(m.value), m.players, m.policy) not in stored:
                found.append(f"{game}: {m.ambiguity}={_value(m.value)} at {_players(m.players)} under {m.policy} has "
                             "no stored measurement: measure again")
        for row in data.get("rows", []):
            if not row["stopping"]["met"]:
                found.append(f"{game}: {row['ambiguity']}={_value(row['value'])} at {_players(row['players'])} under "
                             f"{row['policy']} did not reach its precision target ({row['games']} games)")
    return found


def _best(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The row where the dispute arises most often (the fewest players among equals)."""
    return max(rows, key=lambda r: (r["figures"]["arises"]["rate"] or 0.0, -r["players"]))


def measured(game: str, amb_id: str, folder: Path = DATA) -> list[dict[str, str]]:
    """The "Measured" entries of one ambiguity: per other reading and policy, the player count where the dispute
    arises most, with its figures and the command that reproduces them."""
    data = load(game, folder)
    if data is None:
        return []
    entries = []
    rows = [r for r in data["rows"] if r["ambiguity"] == amb_id]
    for value in dict.fromkeys(_value(r["value"]) for r in rows):
        for policy in dict.fromkeys(r["policy"] for r in rows):
            group = [r for r in rows if _value(r["value"]) == value and r["policy"] == policy]
            if not group:
                continue
            best = _best(group)
            f = best["figures"]
            counts = ", ".join(f"{r['players']}: {pct(r['figures']['arises']['rate'])}"
                               for r in sorted(group, key=lambda r: r["players"]))
            text = (f"under {policy} play, reading {lit(value)} differs from the default in {_share(f['arises'])} of "
                    f"{best['players']}-player games ({best['games']:,} paired games, seed {best['seed']}, precision "
                    f"target: that interval at most {data['precision']['width']:g} wide); when it "
                    f"does, the winner changes in {_share(f['winners_when_arises'])}; in all games "
                    f"{_share(f['winners'])}.")
            if f.get("decisions"):
                text += f" It arises at {_share(f['decisions'])} of the decisions."
            if f.get("setup"):
                text += " The readings set the game up differently, so every game differs."
            text += f" By player count: {esc(counts)}."
            if not best["stopping"]["met"]:
                text += " (Precision target not reached: more games are needed.)"
            entries.append({"command": best["command"], "text": text, "policy": policy, "value": value})
    return entries


def _missing_line(lacking: list[dict[str, Any]]) -> str:
    """The measurements an incomplete run lacks, named (the run was stopped for time; they are not measured)."""
    by: dict[str, list[str]] = {}
    for m in lacking:
        by.setdefault(f"reading {lit(_value(m['value']))} under {m['policy']}", []).append(str(m["players"]))
    what = "; ".join(f"{k} at {_players(', '.join(v))}" for k, v in by.items())
    return (f"**Not measured in this run** (its campaigns were stopped for time before these measurements): {what}. "
            "``ruleproof disputes`` resumes them.")


def _strength_section(strength: dict[str, Any] | None) -> list[str]:
    out = [heading("Policies against random play", "-"),
           "Before the disputes, how strong the players are: each policy plays one seat against random play, its seat "
           "rotating game by game, two players, until the interval of its win share is at most "
           f"{strength['params']['width'] if strength else '—'} wide (the same stopping rule). The fair share is 50%.",
           ""]
    if not strength:
        return [*out, "No strength measurements are stored yet.", ""]
    rows = []
    for r in strength["rows"]:
        rows.append([esc(r["game"]), lit(r["policy"]), f"{r['games']:,}", f"{pct(r['win_share'])} ({interval(r['ci'])})",
                     "yes" if r["beats_fair_share"] else "no", f"{r['cpu_seconds_per_game']:.2f}",
                     lit(r["command"])])
    for m in strength.get("missing", []):
        rows.append([esc(m["game"]), lit(m["policy"]), "—", "not measured in this run (stopped for time)", "—", "—",
                     "—"])
    out.append(list_table(rows, ["Game", "Policy", "Games", "Win share (CI)", "Beats 50%", "CPU s a game",
                                 "Reproduce"], [8, 10, 6, 16, 6, 6, 48]))
    return out


def game_page_name(game: str) -> str:
    """The docname of ``game``'s disputes page."""
    return f"games/{game}/disputes"


def _label(game: str, amb_id: str) -> str:
    """The reST label of one ambiguity's section on its game's disputes page."""
    return f"disputes-{game}-{amb_id}".lower()


def _old_anchor(amb: Any) -> str:
    """The id the ambiguity's section had on the single disputes page (kept on the index, sent on by a script)."""
    return str(make_id(f"{amb.id} · {amb.question}"))


def precision_note(data: dict[str, Any]) -> str:
    """What one game's stored figures were measured to, and whether that is the project's target."""
    from ruleproof.checkers.analysis.disputes import DISPUTE_PRECISION

    stored = data.get("precision", {})
    text = f"Precision of this game's figures: {esc(stored.get('rule', '—'))}."
    width = stored.get("width")
    if width != DISPUTE_PRECISION.width:
        text += (f" **Coarser than the project's target** (at most {DISPUTE_PRECISION.width:g} wide): these figures "
                 f"are stated to the {width:g} they reached, and ``ruleproof disputes {data.get('game', 'GAME')} --out "
                 "docs/_data/disputes`` measures them again to the target.")
    return text


def _method() -> list[str]:
    from ruleproof.checkers.analysis.disputes import DISPUTE_PRECISION

    return [
        "For each flagged ambiguity and each other reading, the two readings play the same seeded games (the same "
        "deals, and the same keyed choices wherever both readings allow them), and at every position of the default "
        "reading's game the other reading's rules are asked: a different set of legal moves, a different effect of "
        "the move made, the end at another time, another final scoring. Reported: the share of games in which the "
        "dispute arises at all, the share of decisions at which it does, how often the winner changes in those "
        "games and in all games, each with its interval.",
        "",
        "Who plays: ``random`` (uniformly random legal moves) at every player count both readings allow, and "
        "``greedy`` (the game's heuristic, named on each game's page; how it fares against random play is "
        "measured below) at the player count where random play found the dispute arising most (the fewest players "
        "among equals) — a count where the flag can act. Policies see only their seat's observation. Game *i* of a "
        "measurement is keyed by the seed and *i*, so the stated command replays it exactly. A policy that reads "
        "the rules (greedy scores its moves under its game's reading) may play differently under the two readings "
        "where their rules agree, so under greedy the winner can change in games where the dispute never arises "
        "along the default reading's game: the last column counts those too.",
        "",
        f"Precision target: {esc(DISPUTE_PRECISION.describe())}. Each game's page states the precision its stored "
        "figures were measured to, and every figure reached it (the build warns when one does not); the games "
        "column is each row's n. The winner-change rates among the games where a dispute arises rest on fewer "
        "games (those where it arose) and their intervals say so. The data is stored in ``docs/_data/disputes`` by "
        "``ruleproof disputes --strength --out docs/_data/disputes`` (two Dask campaigns per game, one per policy) "
        "and ``tests/docs/test_disputes_data.py`` re-runs the first look of a sample of the stored figures and "
        "checks it gives the same counts.",
        ""]


def _summary(game: str, amb: Any, data: dict[str, Any] | None) -> str:
    """One ambiguity's line on the index: per other reading, where random play finds it arising most."""
    if not amb.flag:
        return "no flag: only one reading can be played"
    if data is None:
        return "not measured"
    rows = [r for r in data["rows"] if r["ambiguity"] == amb.id and r["policy"] == (data.get("policies") or
                                                                                       ["random"])[0]]
    parts = []
    for value in dict.fromkeys(_value(r["value"]) for r in rows):
        best = _best([r for r in rows if _value(r["value"]) == value])
        parts.append(f"{lit(value)}: {_share(best['figures']['arises'])} at {_players(best['players'])}")
    if any(m["ambiguity"] == amb.id for m in data.get("missing", [])):
        parts.append("some measurements not made in this run")
    return "; ".join(parts) or "not measured"


def _index_page(games: list[str], folder: Path) -> str:
    """The index: the method, the strength table, and per game one line per ambiguity linking to its page."""
    from ruleproof.model.registry import game_for

    specs = [game_for(g).spec for g in games]
    total = sum(len(spec.ambiguities) for spec in specs)
    flagged = sum(1 for spec in specs for a in spec.ambiguities if a.flag)
    out = [heading("Disputes: how often each ambiguity arises and what it changes", "=", True),
           f"Every ambiguity of the five rulebooks — {total} in all, {flagged} with a flag that selects a reading and "
           f"{total - flagged} without one (the recorded contradictions, where only one reading can be played) — "
           "with what is measured about it. This page gives the method, the players' strength and one line per "
           "ambiguity; each game's page has every reading at every player count with its figures and commands: "
           + ", ".join(f":doc:`{esc(spec.title)} <{game}/disputes>`" for game, spec in zip(games, specs)) + ".",
           "", *_method()]
    out += _strength_section(load_strength(folder))
    redirects = {}
    for game, spec in zip(games, specs):
        data = load(game, folder)
        out += [heading(spec.title, "-"),
                f"Every reading at every player count, with its figures and commands: :doc:`{game}/disputes`. "
                "Below, for each reading, the share of games in which the dispute arises under random play at the "
                "player count where it arises most (with its interval).", ""]
        if data is not None:
            out += [precision_note(data), ""]
        table = []
        for amb in spec.ambiguities:
            anchor = _old_anchor(amb)
            redirects[anchor] = f"{game}/disputes.html#{anchor}"
            table.append([f".. rp-anchor:: {anchor}\n   :no-index:\n\n:ref:`{amb.id} <{_label(game, amb.id)}>`",
                          esc(amb.question), _summary(game, amb, data)])
        out.append(list_table(table, ["Ambiguity", "Question", "Arises in (random play, where most)"], [14, 46, 40]))
    out += [".. toctree::", "   :hidden:", "", *(f"   {game}/disputes" for game in games), "",
            ".. raw:: html", "", "   <script>",
            "   /* A link to an ambiguity's section of the former single page goes on to its game's page. */",
            "   (function () {", f"     var where = {json.dumps(redirects, sort_keys=True)};",
            "     var id = decodeURIComponent(window.location.hash.slice(1));",
            "     if (where[id]) { window.location.replace(where[id]); }", "   })();", "   </script>", ""]
    return "\n".join(out) + "\n"


def _game_page(game: str, folder: Path) -> str:
    """One game's disputes: every ambiguity, every other reading at every measured player count and policy."""
    from ruleproof.checkers.policies.greedy import HEURISTICS
    from ruleproof.model.registry import game_for

    data = load(game, folder)
    spec = game_for(game).spec
    out = [heading(f"{spec.title}: disputes", "=", True),
           f"How often each ambiguity of :doc:`/games/{game}` arises and what it changes, measured as described on "
           ":doc:`/games/disputes` (the method, the precision target and the policies' strength). Greedy policy: "
           f"{esc(HEURISTICS.get(game, '—'))}.", ""]
    if data is None:
        return "\n".join([*out, "No measurements are stored for this game yet.", ""]) + "\n"
    out += [precision_note(data), ""]
    if data.get("at") == "chosen":
        out += ["Measured at one player count per reading — the count ``ruleproof diff`` chooses for it, the "
                "engine's test configuration for the flag — under both policies, not at every count "
                "(``ruleproof disputes --at-chosen``, a shorter run).", ""]
    flagless = {f["ambiguity"]: f for f in data.get("flagless", [])}
    counts = data.get("counts", {})
    for amb in spec.ambiguities:
        out += [f".. _{_label(game, amb.id)}:", "", heading(f"{amb.id} · {amb.question}", "-"),
                f":Flag: {lit(amb.flag) if amb.flag else 'none'} (default {lit(repr(amb.default))}) — :rule:`{amb.id}`",
                ""]
        if not amb.flag:
            reason = flagless.get(amb.id, {}).get("reason", "nothing to measure: only one reading can be played")
            out += [esc(reason), ""]
            continue
        rows = [r for r in data["rows"] if r["ambiguity"] == amb.id]
        lacking = [m for m in data.get("missing", []) if m["ambiguity"] == amb.id]
        if lacking:
            out += [_missing_line(lacking), ""]
        for value in dict.fromkeys(_value(r["value"]) for r in rows):
            group = sorted((r for r in rows if _value(r["value"]) == value), key=lambda r: (r["players"], r["policy"]))
            note = counts.get(f"{amb.id}={value}", {})
            out.append(f"Reading {lit(value)} against the default {lit(_value(amb.default))}.")
            if note.get("only_reading") or note.get("only_default"):
                out.append(f"Player counts only the reading allows: {note.get('only_reading') or 'none'}; only the "
                           f"default: {note.get('only_default') or 'none'} (there the dispute decides whether the "
                           "game can be played at all; no pair can be played).")
            out.append("")
            table = []
            for r in group:
                f = r["figures"]
                table.append([str(r["players"]), lit(r["policy"]), f"{r['games']:,}", _share(f["arises"]),
                              "from the set-up" if f.get("setup") else _share(f.get("decisions")),
                              _share(f["winners_when_arises"]), _share(f["winners"])])
            out.append(list_table(table, ["Players", "Policy", "Games", "Arises in (games)", "Of decisions",
                                          "Winner changes when it arises", "Winner changes (all games)"],
                                  [7, 8, 7, 20, 18, 20, 20]))
            example = group[0]["command"].replace(f"--players {group[0]['players']}", "--players N").replace(
                f"--policy {group[0]['policy']}", "--policy P")
            out += [f"Each row: {lit(example)} with the row's N and P.", ""]
    return "\n".join(out) + "\n"


def disputes_pages(games: list[str], folder: Path = DATA) -> dict[str, str]:
    """The disputes pages by docname: the index (``games/disputes``) and one page per game."""
    pages = {"games/disputes": _index_page(games, folder)}
    pages.update({game_page_name(g): _game_page(g, folder) for g in games})
    return pages
