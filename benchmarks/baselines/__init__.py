"""Honest baselines for the speed benchmarks (issue 36, point 1).

One module per game, each holding ``play(rng, players)``: the fastest plain,
single-purpose Python loop we could write for a uniformly random game of that
game's default reading, from a seeded deal to the end. No engine class, no
spec function, no move object: plain ints, lists and local variables. Each
module's docstring reviews its loop (why it is the fastest we found, what it
leaves out, which variants lost and by how much); ``variants.py`` keeps the
losing variants so that those ratios can be measured again::

    .venv/bin/python benchmarks/baselines/variants.py take5

Every loop makes the decisions a random player makes, one draw per decision,
uniform over the legal options (chance by its odds), and returns the moves it
made counted as the engine counts them (``Game.random_playout``'s steps:
chance moves included), so engine and baseline compare as moves per CPU second.
``tests/benchmarks/`` checks each loop against the specification.

The loops draw with ``Random._randbelow``: the draw ``randrange(n)`` makes after
checking its arguments (the same numbers from the same seed; 88 ns against
125 ns a call on the development machine). It is a private method of
:class:`random.Random`, stable since Python 3.2; the engines could use it too.
"""
