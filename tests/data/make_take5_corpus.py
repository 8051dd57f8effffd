"""Regenerate the Take 5 record corpus in tests/data/take5_corrupt/ (run by hand).

One real 3-player game is recorded; each corrupted copy changes one thing
and names in ``expected.json`` what validation must report.
"""

from __future__ import annotations

import json
from pathlib import Path

from ruleproof.checkers.checks.simulate import simulate
from ruleproof.model.take5 import GAME

HERE = Path(__file__).resolve().parent / "take5_corrupt"


def main() -> None:
    HERE.mkdir(exist_ok=True)
    _, record = simulate(GAME, 3, GAME.default_variant(), games=1, seed=5, rule_stats=False)
    good = record.to_json()
    (HERE / "valid.json").write_text(record.dumps(), encoding="utf-8")
    moves = good["moves"]
    expected: dict[str, dict[str, object]] = {"valid.json": {"exit": 0}}

    def write(name: str, data: object, **want: object) -> None:
        text = data if isinstance(data, str) else json.dumps(data, indent=1)
        (HERE / name).write_text(text, encoding="utf-8")
        expected[name] = want

    first_play = next(i for i, m in enumerate(moves) if m["move"].startswith("play"))
    hand0 = {int(m["move"].split()[1]) for m in moves[:10]}
    not_in_hand = next(c for c in range(1, 105) if c not in hand0)
    bad = json.loads(json.dumps(good))
    bad["moves"][first_play]["move"] = f"play {not_in_hand}"
    write("card_not_in_hand.json", bad, exit=1, index=first_play, rule="T5-SELECT-1")

    first_row = next(i for i, m in enumerate(moves) if m["move"].startswith("row"))
    bad = json.loads(json.dumps(good))
    row = int(moves[first_row]["move"].split()[1])
    bad["moves"][first_row]["move"] = f"row {row % 4 + 1}"
    write("wrong_row.json", bad, exit=1, index=first_row, rule_any=["T5-PLACE-1", "T5-PLACE-2"])

    bad = json.loads(json.dumps(good))
    bad["moves"][first_row]["move"] = "take 1"
    write("take_when_not_too_low.json", bad, exit=1, index=first_row, rule="T5-LOW-2")

    bad = json.loads(json.dumps(good))
    bad["moves"][first_play]["actor"] = 1
    write("out_of_turn.json", bad, exit=1, index=first_play, rule="T5-TURN-1")

    bad = json.loads(json.dumps(good))
    dealt_first = int(moves[0]["move"].split()[1])
    bad["moves"][1]["move"] = f"deal {dealt_first}"
    write("deal_not_in_deck.json", bad, exit=1, index=1, rule="T5-DEAL-1")

    text = record.dumps()
    write("truncated.json", text[: len(text) // 2], exit=2, message="not valid JSON")

    bad = json.loads(json.dumps(good))
    bad["players"] = "three"
    write("ill_typed_players.json", bad, exit=2, message="$.players")

    bad = json.loads(json.dumps(good))
    bad["moves"][3] = {"actor": "chance", "move": 17}
    write("ill_typed_move.json", bad, exit=2, message="$.moves[3].move")

    bad = json.loads(json.dumps(good))
    bad["moves"][first_play]["move"] = "play twenty"
    write("unparsable_move.json", bad, exit=2, message=f"$.moves[{first_play}].move")

    bad = json.loads(json.dumps(good))
    bad["variant"] = {"end_rule": "maybe"}
    write("bad_variant.json", bad, exit=2, message="$.variant")

    (HERE / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
