"""Game metrics under a policy: seat balance, decisiveness, length, branching, forced moves, spread, lead changes.

``metrics(engine, players, variant, seats, games=…)`` plays seeded games
(:func:`ruleproof.checkers.policies.playing.play_game`: game ``i`` keyed by
``(seed, i)``, so a run replays and can be cut into worker processes) and
measures what game designers compare variants by (after Ludii's metrics):

* **balance** — each seat's win share (a win is 1, shared equally among tied
  winners) with its 95% Wilson interval, and the χ² test of equal shares
  (:func:`scipy.stats.chisquare` on the seats' win totals);
* **decisiveness** — the share of games with one winner (the rest are shared
  wins: *drawishness*), and how far into the game (share of its decisions)
  the eventual winners took the lead for good;
* **length** — moves (chance included) and decisions a game;
* **branching** — legal moves per decision; **forced moves** — the share of
  decisions with one legal move;
* **score spread** — the best final score minus the worst;
* **lead changes** — how often the seats leading the standings change.

With ``against`` the measure is a policy's strength instead: the policy plays
one seat, rotating over the seats game by game, the others play ``against``;
its win share comes with an interval and the fair share ``1/players`` beside it.

>>> from ruleproof.model.registry import game_for
>>> from ruleproof.checkers.policies.core import RandomPolicy, Seats
>>> game = game_for("take5")
>>> found = metrics(game, 3, game.default_variant(), Seats.of([RandomPolicy()]), games=6, seed=1)
>>> found.games, len(found.seat_wins), 0 <= found.to_json()["forced_share"] <= 1
(6, 3, True)
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ruleproof.checkers.analysis.stats import wilson
from ruleproof.checkers.policies.core import Policy, Seats
from ruleproof.checkers.policies.playing import PlayedGame, play_game
from ruleproof.model.core import Game
from ruleproof.spec.core import variant_to_dict
from ruleproof.spec.errors import RuleproofError

__all__ = ["GameMetrics", "metrics", "metrics_svg", "rotated_seats", "strength_until"]

JSON = Any

#: Games per worker task (a task reports each finished game as it goes).
TASK_GAMES = 20


def rotated_seats(policy: Policy, against: Policy, players: int, index: int) -> Seats:
    """Game ``index``'s seats when ``policy`` plays seat ``index mod players`` and ``against`` every other seat."""
    policies = [against] * players
    policies[index % players] = policy
    return Seats.of(policies)


@dataclass
class GameMetrics:
    """The metrics of one batch (see the module docstring)."""

    game: str
    players: int
    variant: Any
    seed: int
    policy: str
    policy_identity: dict[str, JSON]
    played: list[PlayedGame] = field(default_factory=list)
    #: With ``against``: the measured policy's text and its opponents'.
    against: str | None = None

    @property
    def games(self) -> int:
        return len(self.played)

    @property
    def seat_wins(self) -> list[float]:
        """Each seat's summed win share (``returns``)."""
        return [sum(g.returns[s] for g in self.played) for s in range(self.players)]

    def strength(self) -> dict[str, JSON] | None:
        """The rotating policy's win share with its 95% interval (``None`` without ``against``)."""
        if self.against is None:
            return None
        won = sum(g.returns[g.index % self.players] for g in self.played)
        outright = sum(1 for g in self.played if g.winners == frozenset({g.index % self.players}))
        low, high = _interval(won, self.games)
        return {"policy": self.policy, "against": self.against, "games": self.games, "win_share": won / self.games,
                "ci95": [low, high], "outright_wins": outright, "fair_share": 1 / self.players,
                "beats_fair_share": low > 1 / self.players}

    def to_json(self) -> dict[str, JSON]:
        played = self.played
        n = len(played)
        wins = self.seat_wins
        seats = []
        for s in range(self.players):
            low, high = _interval(wins[s], n)
            seats.append({"seat": s, "win_share": wins[s] / n if n else 0.0, "ci95": [low, high],
                          "mean_score": statistics.fmean(g.scores[s] for g in played) if n else 0.0})
        decisions = sum(g.decisions for g in played)
        decided = [g for g in played if len(g.winners) == 1]
        settled = [g.settled / g.decisions for g in played if g.decisions]
        spreads = [max(g.scores) - min(g.scores) for g in played]
        data: dict[str, JSON] = {
            "game": self.game, "players": self.players, "variant": variant_to_dict(self.variant), "seed": self.seed,
            "policy": self.policy, "policy_identity": self.policy_identity, "games": n,
            "seats": seats, "balance": _balance(wins, n, self.players) if self.against is None else None,
            "decisive_share": len(decided) / n if n else 0.0, "shared_win_share": 1 - len(decided) / n if n else 0.0,
            "lead_settled_at": statistics.fmean(settled) if settled else None,
            "length": _summary([g.length for g in played]), "decisions": _summary([g.decisions for g in played]),
            "branching": sum(g.branching for g in played) / decisions if decisions else 0.0,
            "forced_share": sum(g.forced for g in played) / decisions if decisions else 0.0,
            "score_spread": _summary(spreads), "lead_changes": _summary([g.lead_changes for g in played]),
            "strength": self.strength(),
        }
        return data


def _interval(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win share (shared wins counted fractionally, rounded to the nearest game)."""
    return wilson(round(wins), n)


def _summary(values: Sequence[float]) -> dict[str, JSON]:
    if not values:
        return {"mean": None, "min": None, "max": None, "sd": None}
    return {"mean": statistics.fmean(values), "min": min(values), "max": max(values),
            "sd": statistics.stdev(values) if len(values) > 1 else 0.0}


def _balance(wins: list[float], n: int, players: int) -> dict[str, JSON]:
    """The largest gap between a seat's win share and the fair share, and the χ² test of equal shares."""
    if n == 0 or players < 2:
        return {"max_gap": 0.0, "chi2": None, "p_value": None}
    from scipy.stats import chisquare

    test = chisquare(wins)
    return {"max_gap": max(abs(w / n - 1 / players) for w in wins), "chi2": float(test.statistic),
            "p_value": float(test.pvalue)}


def _play_range(engine: Game[Any, Any, Any], players: int, variant: Any, seats: Seats, seed: int, first: int,
                count: int, against: tuple[Policy, Policy] | None,
                on_game: Callable[[int], None] | None = None) -> list[PlayedGame]:
    out = []
    for index in range(first, first + count):
        chosen = seats if against is None else rotated_seats(against[0], against[1], players, index)
        out.append(play_game(engine, players, variant, chosen, seed=seed, index=index))
        if on_game is not None:
            on_game(index)
    return out


def _play_reported(engine: Game[Any, Any, Any], players: int, variant: Any, seats: Seats, seed: int, first: int,
                   count: int, against: tuple[Policy, Policy] | None) -> list[PlayedGame]:
    from ruleproof.checkers.checks.workers import Throttle, report

    done: list[int] = []
    throttle = Throttle(lambda k: report(("games", done[-k:])))

    def on_game(index: int) -> None:
        done.append(index)
        throttle.add()

    found = _play_range(engine, players, variant, seats, seed, first, count, against, on_game)
    throttle.flush()
    return found


def metrics(engine: Game[Any, Any, Any], players: int, variant: Any, seats: Seats, *, games: int = 200,
            seed: int = 0, jobs: int = 1, against: Policy | None = None,
            on_game: Callable[[int], None] | None = None, first: int = 0) -> GameMetrics:
    """Play ``games`` games and measure them (see the module docstring).

    :param against: measure ``seats``' first policy's strength against this one, rotating its seat.
    :param first: the index of the first game (a batch can be continued where another stopped).
    :raises RuleproofError: a bad count, or a policy that cannot play the game.
    """
    if games < 1:
        raise RuleproofError(f"games must be at least 1; got {games!r}")
    engine.initial_state(players, variant)  # checks the player count
    seats.check(engine)
    pair = None
    policy, identity = seats.describe(), seats.identity()
    if against is not None:
        pair = (seats.policies[0], against)
        Seats.of([against]).check(engine)
        policy, identity = seats.policies[0].describe(), seats.policies[0].identity()
    result = GameMetrics(engine.name, players, variant, seed, policy, identity,
                         against=None if against is None else against.describe())
    parts = [(start, min(TASK_GAMES, first + games - start)) for start in range(first, first + games, TASK_GAMES)]
    if jobs <= 1 or len(parts) == 1:
        result.played = _play_range(engine, players, variant, seats, seed, first, games, pair, on_game)
        return result
    from ruleproof.checkers.checks.workers import worker_pool

    def on_event(event: tuple[str, list[int]]) -> None:
        if on_game is not None:
            for index in event[1]:
                on_game(index)

    with worker_pool(min(jobs, len(parts)), on_event=on_event) as pool:
        futures = [pool.submit(_play_reported, engine, players, variant, seats, seed, start, count, pair)
                   for start, count in parts]
        for found in pool.results(futures):
            result.played.extend(found)
    return result


def metrics_svg(result: GameMetrics) -> str:
    """Four panels drawn with matplotlib as SVG text: win share by seat (95% intervals), game length, final score
    spread and lead changes (histograms)."""
    import io

    import matplotlib

    matplotlib.use("Agg")  # no display: a file only
    import matplotlib.pyplot as plt

    data = result.to_json()
    figure, axes = plt.subplots(2, 2, figsize=(9, 6.5))
    ax = axes[0][0]
    shares = [s["win_share"] for s in data["seats"]]
    errors = [[max(0.0, w - s["ci95"][0]) for w, s in zip(shares, data["seats"])],
              [max(0.0, s["ci95"][1] - w) for w, s in zip(shares, data["seats"])]]
    ax.bar(range(result.players), shares, yerr=errors, capsize=4, color="#4c72b0")
    ax.axhline(1 / result.players, color="grey", linestyle="--", linewidth=1, label="fair share")
    ax.set_xticks(range(result.players), [f"seat {s}" for s in range(result.players)])
    ax.set_ylabel("win share (95% CI)")
    ax.set_title("Seat balance", fontsize=10)
    ax.legend(fontsize=8)
    for ax, values, title, label in (
            (axes[0][1], [g.length for g in result.played], "Game length", "moves (chance included)"),
            (axes[1][0], [max(g.scores) - min(g.scores) for g in result.played], "Score spread",
             "best minus worst final score"),
            (axes[1][1], [g.lead_changes for g in result.played], "Lead changes", "changes of the leading seats")):
        ax.hist(values, bins=min(30, max(5, len(set(values)))), color="#55a868")
        ax.set_title(title, fontsize=10)
        ax.set_xlabel(label)
        ax.set_ylabel("games")
    title = (f"{result.game}, {result.players} players, {result.games} games, seed {result.seed}, policy "
             f"{result.policy}" + (f" against {result.against} (rotating seat)" if result.against else "")
             + f"; branching {data['branching']:.1f}, forced {data['forced_share']:.0%}")
    figure.suptitle(title, fontsize=9)
    figure.tight_layout()
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    plt.close(figure)
    return buffer.getvalue()


def strength_until(engine: Game[Any, Any, Any], players: int, policy: Policy, against: Policy, precision: Any, *,
                   seed: int = 0, jobs: int = 1) -> dict[str, JSON]:
    """``policy``'s win share against ``against`` (its seat rotating), played until its interval is at most
    ``precision.width`` wide (:class:`~ruleproof.checkers.analysis.sequential.Precision`; the looks and the
    Bonferroni level of :mod:`~ruleproof.checkers.analysis.sequential`; Clopper–Pearson on the wins, a shared
    win counted as its share rounded to the nearest whole game) or ``precision.max_games``."""
    import time

    from ruleproof.checkers.analysis.sequential import proportion_interval

    looks = precision.looks
    played: list[PlayedGame] = []
    started = time.process_time()
    found: dict[str, JSON] = {}
    for look in looks:
        more = metrics(engine, players, engine.default_variant(), Seats.of([policy]), games=look - len(played),
                       seed=seed, jobs=jobs, against=against, first=len(played))
        played.extend(more.played)
        won = sum(g.returns[g.index % players] for g in played)
        low, high = proportion_interval(round(won), len(played), looks=len(looks))
        found = {"game": engine.name, "players": players, "policy": policy.describe(), "against": against.describe(),
                 "seed": seed, "games": len(played), "win_share": won / len(played), "ci": [low, high],
                 "level": 1 - 0.05 / len(looks), "fair_share": 1 / players, "met": high - low <= precision.width,
                 "beats_fair_share": low > 1 / players,
                 "decisions": sum(g.decisions for g in played),
                 "command": (f"ruleproof metrics {engine.name} --players {players} --policy {policy.describe()} "
                             f"--against {against.describe()} --games {len(played)} --seed {seed}")}
        if found["met"]:
            break
    found["cpu_seconds_per_game"] = round((time.process_time() - started) / max(1, len(played)), 3)
    head = played[:looks[0]]
    found["first_look"] = {"games": len(head), "won": sum(g.returns[g.index % players] for g in head)}
    return found
