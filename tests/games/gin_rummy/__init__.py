"""Gin rummy's tests, one file per area of its rules page, docs/games/gin-rummy.md:

- §2 setup and deal: test_deal.py
- §3 a turn (the up-card, a normal turn, the sitter): test_turn.py
- §1 the ace, §4 melds and lay-offs, and the defender's lay-offs of 5.1.2:
  test_melds_and_layoffs.py
- §5 how a hand ends, with the score of each ending by 6.1: the knock (5.1, 5.1.3) in
  test_knock.py; the knocker's arrangement (5.1.1) in test_knocker_arrangement.py; gin and big
  gin (5.2) in test_gin.py; the draw (5.3) in test_dead_hand.py
- §6 scoring (the formulas over every showdown, 6.2, 6.3): test_scoring.py
- §7 a match: test_match.py
- §8 options: test_options.py; each option's effect is tested in the file of the section that
  explains it
- Two-player gin: test_two_player.py
- §9 doubtful points, with the rule each settles: 9.1, 9.3 test_knock.py; 9.2, 9.4
  test_gin.py; 9.5 test_match.py; 9.6 test_dead_hand.py; 9.7 test_scoring.py; 9.8, 9.11, 9.12
  test_deal.py; 9.9 test_knocker_arrangement.py; 9.10, 9.13 test_turn.py
- §10 worked examples, each in the file of its section as ``test_example_N_...``: 1 and 2
  test_knock.py, 3 test_gin.py, 4 test_match.py

Not about one rule: test_conformance.py (the conformance kit), test_determinize.py,
test_display.py (what the screen is told), test_greedy.py (the agent), test_hooks.py (a variant
by hooks) and test_openspiel.py (deadwood against OpenSpiel's)."""
