"""The resource budgets of the solver queries: z3 ``rlimit`` units per check.

Every z3 check of the catalogue is bounded by a deterministic resource limit,
never by a clock (see :mod:`ruleproof.checkers.smt.core`), so a verdict does
not depend on how busy the machine is. Each query names its budget here. A
budget is calibrated against the units the query uses: ``measured`` is the
largest ``rlimit count`` seen for one check of that query (z3 5.4.1, the
quick catalogue of every game, the full IK-F-2, and the tests that call the
query directly), and the limit is about ten times that, at least 1,000,000
(a few tenths of a second of work). Counts vary a little with what the
process solved before (up to ~1.7x for the Big Five bonus), never with load.

Recalibrate after changing an encoding or z3: run
``pytest -m slow tests/checkers/test_smt_budgets.py -s``, which prints the
units each query uses and fails when a query comes within a factor of three
of its limit. A query that exhausts its limit answers ``unknown (resource
limit N reached)``, never a proof.

==========================  ============  ============  =============================================
budget                      rlimit        measured      used by
==========================  ============  ============  =============================================
default                     10,000,000    5,065         ad-hoc queries (tests, doctests)
T5-F-1                      1,000,000     2,669         T5-F-1 induction step
T5-F-3                      1,000,000     1,006         T5-F-3
take5.professional          5,000,000     425,499       T5-F-2, T5-F-4 (bounded model checking)
T5-F-5                      5,000,000     342,856       T5-F-5 (Optimize)
T5-F-7                      3,000,000     255,939       T5-F-7 (round_take; the doctest's sat query at 116)
wellformed.ranking          1,000,000     486           WF-*-1 termination, BP-F-4 bounds
ikebana.bouquets            70,000,000    6,907,911     IK-F-1..3 (Optimize; 5 players in IK-F-2 full)
IK-F-5                      1,000,000     470           IK-F-5
IK-AMB-8                    1,000,000     378           denomination_payout
bigpoints.invariant         1,000,000     428           BP-F-1 invariant steps
bigpoints.gap               1,000,000     1,142         BP-F-1 gap
bigpoints.lower             1,000,000     266           BP-F-4 lower bound
bigpoints.length            1,000,000     4,347         BP-F-4 (Optimize; the 220-move proof)
bigpoints.score             8,000,000     793,642       BP-F-6 (Optimize)
BF-F-1                      1,000,000     129,793       BF-F-1 base case (QF_FD)
bigfive.rules               7,000,000     512,264       solve_rules: BF-F-1 step, BF-F-4 (QF_FD)
bigfive.rules-trial         12,000,000    2,292,217     solve_rules: each core-shrinking trial
bigfive.line5-lemma         5,000,000     468,405       BF-F-1: BF-LINE-3 and 4 imply BF-LINE-5 (line_five_follows)
bigfive.any-play            6,000,000     507,550       any_play, BF-F-8
bigfive.check-play          1,000,000     191           check_play
bigfive.bonus               10,000,000    1,290,415     BF-F-2, BF-F-3 (each "bonus >= k?" from above)
bigfive.bonus-guided        40,000,000    2,610,972     BF-F-2, BF-F-3 witness, the bound's play fixed
bigfive.bonus-witness       80,000,000    7,720,047     BF-F-2, BF-F-3 witness, free play (the fallback;
                                                          measured before the guided query)
bigfive.dead                60,000,000    5,804,620     BF-F-5 5x5, dead_board_query, board_is_dead
bigfive.dead-occupancy      60,000,000    6,075,028     occupancy_relaxation (BF-F-5's boxes; the largest, 12x13)
bigfive.leftover            1,000,000     749           BF-F-6, BF-F-7
cinco.tiling                1,000,000     5,979         tiling
cinco.count                 2,000,000     150,735       count abstraction per window (tests: cross-check)
cinco.count-types           1,000,000     5,577         count abstraction by window types (CI dead-board bounds)
cinco.dead-guided           1,000,000     86,810        CI dead board from the abstraction's counts
cinco.dead                  3,000,000     290,486       CI dead board, fallback search (unused since the guide
                                                          comes from the window types; measured before)
cinco.nonterm-count         1,000,000     225           CI-F-3, CI-F-11
cinco.nonterm               4,000,000     353,148       CI-F-7, CI-F-15
cinco.draw                  2,000,000     175,829       CI-F-4, -8, -12, -16
cinco.readings              1,000,000     10,734        full_board_placement, stuck_seat
==========================  ============  ============  =============================================

``bigfive.rules-trial`` is about five times its largest decided check (2,292,217:
any_play with ``min_size=4`` in the tests; BF-F-1's trials share one solver
since issue 21, each rule guarded by an assumption, the largest 1,938,269, and
z3's finite-domain solver since, the largest 1,644,708; in a
solver each it was 1,789,429, after push/pop 3,799,995). One trial
of BF-F-1, dropping BF-LINE-5, did not finish within 200,000,000 units (z3
must find the pigeonhole argument, six distinct cards of one colour among five
animals, inside the step); since issue 21 BF-F-1
proves that lemma on its own (``bigfive.line5-lemma``:
:func:`~ruleproof.checkers.smt.bigfive_encoding.line_five_follows`, in
z3's finite-domain solver) and that trial needs no check. ``bigfive.dead`` is
measured on the quick form's 5x5 box (the proof for 24 cards, after the
witness check among full boards, which uses about 1.1 million), with the Boolean encoding of
:mod:`ruleproof.checkers.smt.bigfive_dead` (the integer encoding it replaced
needed 55.5 million units and a limit of 600 million); the full form's
larger boxes (5x6 to 6x7) may exhaust it and answer ``unknown`` (the
``campaign search bigfive-dead`` command splits them into exact boxes, each
with its own ``--rlimit``).
"""

from __future__ import annotations

#: name -> (rlimit, largest units measured for one check); the table above says where each is used.
BUDGETS: dict[str, tuple[int, int]] = {
    "default": (10_000_000, 5_065),
    "T5-F-1": (1_000_000, 2_669),
    "T5-F-3": (1_000_000, 1_006),
    "take5.professional": (5_000_000, 425_499),
    "T5-F-5": (5_000_000, 342_856),
    "T5-F-7": (3_000_000, 255_939),
    "wellformed.ranking": (1_000_000, 486),
    "ikebana.bouquets": (70_000_000, 6_907_911),
    "IK-F-5": (1_000_000, 470),
    "IK-AMB-8": (1_000_000, 378),
    "bigpoints.invariant": (1_000_000, 428),
    "bigpoints.gap": (1_000_000, 1_142),
    "bigpoints.lower": (1_000_000, 266),
    "bigpoints.length": (1_000_000, 4_347),
    "bigpoints.score": (8_000_000, 793_642),
    "BF-F-1": (1_000_000, 129_793),
    "bigfive.rules": (7_000_000, 512_264),
    "bigfive.rules-trial": (12_000_000, 2_292_217),
    "bigfive.line5-lemma": (5_000_000, 468_405),
    "bigfive.any-play": (6_000_000, 507_550),
    "bigfive.check-play": (1_000_000, 191),
    "bigfive.bonus": (10_000_000, 1_290_415),
    "bigfive.bonus-guided": (40_000_000, 2_610_972),
    "bigfive.bonus-witness": (80_000_000, 7_720_047),
    "bigfive.dead": (60_000_000, 5_804_620),
    "bigfive.dead-occupancy": (60_000_000, 6_075_028),
    "bigfive.leftover": (1_000_000, 749),
    "cinco.tiling": (1_000_000, 5_979),
    "cinco.count": (2_000_000, 150_735),
    "cinco.count-types": (1_000_000, 5_577),
    "cinco.dead-guided": (1_000_000, 86_810),
    "cinco.dead": (3_000_000, 290_486),
    "cinco.nonterm-count": (1_000_000, 225),
    "cinco.nonterm": (4_000_000, 353_148),
    "cinco.draw": (2_000_000, 175_829),
    "cinco.readings": (1_000_000, 10_734),
}

#: The limit of each budget (z3 resource units per check).
RLIMITS: dict[str, int] = {name: limit for name, (limit, _) in BUDGETS.items()}
