"""Pictures of game states: SVG (small helpers shared by the per-game renderers, one module per game) and
terminal views (:mod:`ruleproof.checkers.render.terminal`, one module per game)."""
