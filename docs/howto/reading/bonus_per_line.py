"""A third way to count the Big Five bonus: one bonus card per line of four or more the play touches."""

from ruleproof.model.bigfive import BigFiveGame
from ruleproof.spec.accel.bigfive import build_spec  # the specification with its fast forms (same verdicts)
from ruleproof.spec.bigfive import BonusCount, compute_lines_through


def per_line(board, placed) -> int:
    after = dict(board) | {(p.x, p.y): p.card for p in placed}
    lines = compute_lines_through(after, [(p.x, p.y) for p in placed])
    return sum(1 for line in lines if len(line) >= 4)


class OnePerLine(BonusCount):
    text = "Every line of four or more cards that the play touches earns one bonus card."

    def count(self, variant, board, placed) -> int:
        return per_line(board, placed)


class OnePerLineGame(BigFiveGame):
    spec = build_spec(OnePerLine(), title="Big Five, one bonus card per line")

    def bonus_earned(self, variant, cells, placed) -> int:
        return per_line(cells, placed)


GAME = OnePerLineGame()
