"""House rule: a too-low card takes one of the rows with the fewest cards."""

from ruleproof.spec.core import Rule, RuleKind, Source, Step
from ruleproof.spec.take5 import Take


def takes_a_row(step: Step) -> bool:
    # In Take 5 a row is taken only by a too-low card.
    return isinstance(step.move, Take)


def fewest_cards(step: Step) -> str | None:
    sizes = [len(row) for row in step.before.rows]
    if sizes[step.move.row] == min(sizes):
        return None
    return (f"row {step.move.row + 1} holds {sizes[step.move.row]} cards; "
            f"a too-low card takes a row with {min(sizes)}")


RULES = (
    Rule("HOUSE-LOW-1", "Fewest cards",
         "A too-low card takes one of the rows with the fewest cards.",
         Source("our club", "house rules, 2024"), RuleKind.LEGALITY,
         check=fewest_cards, applies=takes_a_row),
)
