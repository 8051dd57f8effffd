"""Positions drawn to agree with what one seat observes: the sampler behind MCTS, IS-MCTS and greedy look-ahead.

``determinize(engine, state, seat, rng)`` returns a full position in which
every component the seat cannot see (the engine's
:meth:`~ruleproof.model.core.Game.observation` is the definition) is dealt at
random from the components the seat cannot account for, and everything it
can see is unchanged. The result depends only on the seat's observation and
on ``rng``: the unseen components are gathered, sorted, shuffled and dealt
into the hidden places in a fixed order, and the sizes of those places are
public. So two positions that look alike to the seat give the same samples
(``tests/checkers/policies/test_hidden.py`` scrambles the hidden parts and
checks it), and a policy that searches samples learns nothing the seat
does not know.

What is hidden, per game (from each engine's observation):

* Take 5: the other hands, the others' face-down cards before they are
  revealed, and the undealt deck;
* Big Five: the other hands, every deck (the own too; a sampled deck is one
  unordered pile of its size) and the box;
* BigPoints: the colours of the other seats' discs (their black discs too
  with ``black_visibility="spent_only"``);
* Ikebana: the other hands, the deck, every discard pile below its top
  card, and the card the player to act has drawn (to the others);
* Cinco: the other hands, the other face-down discard piles and the deck.

A seat remembers nothing beyond its observation here (the engines' observations
are of the present position: a discard seen earlier and covered since is
forgotten), so the samples are of what the observation allows.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ruleproof.checkers.policies.errors import PolicyError
from ruleproof.spec.errors import RuleproofError

__all__ = ["SAMPLERS", "determinize", "has_sampler"]


def _deal(pool: list[Any], rng: random.Random) -> Callable[[int], tuple[Any, ...]]:
    """A dealer of ``pool`` shuffled (after sorting, so only the multiset matters): ``take(n)`` → n items, sorted."""
    pool.sort()
    rng.shuffle(pool)
    position = 0

    def take(n: int) -> tuple[Any, ...]:
        nonlocal position
        part = pool[position:position + n]
        position += n
        if len(part) != n:
            raise RuleproofError("the hidden places hold more components than are unaccounted for")
        return tuple(sorted(part))

    return take


def _take5(state: Any, seat: int, rng: random.Random) -> Any:
    hidden_choice = not (state.resolving or state.finished)
    pool = list(state.deck)
    for s, hand in enumerate(state.hands):
        if s != seat:
            pool.extend(hand)
            if hidden_choice and state.chosen[s]:
                pool.append(state.chosen[s])
    take = _deal(pool, rng)
    hands = tuple(hand if s == seat else take(len(hand)) for s, hand in enumerate(state.hands))
    chosen = tuple(c if s == seat or not hidden_choice or not c else take(1)[0] for s, c in enumerate(state.chosen))
    deck = take(len(state.deck))
    return state._replace(hands=hands, chosen=chosen, deck=deck)


def _bigfive(state: Any, seat: int, rng: random.Random) -> Any:
    pool = list(state.box) + list(state.pool)
    for s, hand in enumerate(state.hands):
        if s != seat:
            pool.extend(hand)
    for deck in state.decks:
        for segment in deck:
            pool.extend(segment)
    take = _deal(pool, rng)
    hands = tuple(hand if s == seat else take(len(hand)) for s, hand in enumerate(state.hands))
    decks = []
    for deck in state.decks:
        size = sum(map(len, deck))
        decks.append((take(size),) if size else ())
    box = take(len(state.box))
    return state._replace(hands=hands, decks=tuple(decks), box=box, pool=take(len(state.pool)))


def _bigpoints(state: Any, seat: int, rng: random.Random) -> Any:
    from ruleproof.spec.bigpoints import BLACK

    public_black = state.variant.black_visibility == "public"
    pool: list[int] = []
    for s, hand in enumerate(state.hands):
        if s != seat:
            for colour, count in enumerate(hand):
                if not (public_black and colour == BLACK):
                    pool.extend([colour] * count)
    take = _deal(pool, rng)
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
            continue
        kept = hand[BLACK] if public_black else 0
        drawn = take(sum(hand) - kept)
        counts = [0] * len(hand)
        for colour in drawn:
            counts[colour] += 1
        counts[BLACK] += kept
        hands.append(tuple(counts))
    return state._replace(hands=tuple(hands))


def _ikebana(state: Any, seat: int, rng: random.Random) -> Any:
    hidden_drawn = state.drawn is not None and seat != state.turn
    pool = list(state.deck)
    for s, hand in enumerate(state.hands):
        if s != seat:
            pool.extend(hand)
    for pile in state.piles:
        pool.extend(pile[:-1])
    if hidden_drawn:
        pool.append(state.drawn)
    take = _deal(pool, rng)
    hands = tuple(hand if s == seat else take(len(hand)) for s, hand in enumerate(state.hands))
    piles = tuple(pile if len(pile) <= 1 else (*_shuffled(take(len(pile) - 1), rng), pile[-1]) for pile in state.piles)
    drawn = take(1)[0] if hidden_drawn else state.drawn
    return state._replace(hands=hands, piles=piles, drawn=drawn, deck=take(len(state.deck)))


def _shuffled(items: Sequence[Any], rng: random.Random) -> tuple[Any, ...]:
    out = list(items)
    rng.shuffle(out)
    return tuple(out)


def _cinco(state: Any, seat: int, rng: random.Random) -> Any:
    pool = list(state.deck)
    for s in range(state.players):
        if s != seat:
            pool.extend(state.hands[s])
            pool.extend(state.discards[s])
    take = _deal(pool, rng)
    hands = tuple(hand if s == seat else take(len(hand)) for s, hand in enumerate(state.hands))
    discards = tuple(pile if s == seat else take(len(pile)) for s, pile in enumerate(state.discards))
    return state._replace(hands=hands, discards=discards, deck=take(len(state.deck)))


#: The sampler of each built-in game, by game id.
SAMPLERS: dict[str, Callable[[Any, int, random.Random], Any]] = {
    "take5": _take5, "bigfive": _bigfive, "bigpoints": _bigpoints, "ikebana": _ikebana, "cinco": _cinco,
}

#: The state class each sampler is written for (a plugin engine with another state class gets no sampler).
_STATE_CLASSES = {"take5": "Take5State", "bigfive": "BigFiveState", "bigpoints": "BigPointsState",
                  "ikebana": "IkebanaState", "cinco": "CincoState"}


def has_sampler(engine: Any) -> str | None:
    """Why positions of ``engine``'s game cannot be sampled (``None``: they can)."""
    if engine.name not in SAMPLERS:
        return (f"no sampler of hidden information for game {engine.name!r} (built in for "
                f"{', '.join(sorted(SAMPLERS))}); a search policy needs one")
    if getattr(engine, "state_type", None) is not None and engine.state_type.__name__ != _STATE_CLASSES[engine.name]:
        return f"the engine's state class {engine.state_type.__name__} is not the one the sampler knows"
    return None


def determinize(engine: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A position that agrees with what ``seat`` observes of ``state``, its hidden parts drawn with ``rng``.

    >>> from ruleproof.model.registry import game_for
    >>> game = game_for("take5")
    >>> state = game.new_game(players=3, seed=2)
    >>> sample = determinize(game, state, 0, random.Random(1))
    >>> game.observation(sample, 0) == game.observation(state, 0), sample.hands[1] != state.hands[1]
    (True, True)

    :raises PolicyError: the game has no sampler (:func:`has_sampler`).
    """
    why = has_sampler(engine)
    if why:
        raise PolicyError(why)
    return SAMPLERS[engine.name](state, seat, rng)
