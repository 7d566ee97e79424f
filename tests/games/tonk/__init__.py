"""Tonk's tests, one file per area of its rules page, docs/games/tonk.md:

- §0 notation and §1 overview: test_counts_and_stakes.py
- §2 setup and deal: test_deal.py (the side bet of 2.5 in test_side_bet.py, the check of 2.6
  in test_win_at_the_deal.py)
- §3 a turn: test_turn.py
- §4 spreads: test_spreads.py
- §5 the endings with their settlement in §6: E1-E3 and 6.1, 6.2 in test_win_at_the_deal.py;
  E4, E5 and 6.3, 6.4 in test_tonk_and_out.py; E6 and 6.5 in test_drop_showdown.py; E7 and 6.6
  in test_stock_exhausted.py; E8 and 6.8 in test_double_double.py; 6.9 in test_side_bet.py
- §7 a match: test_match.py
- §8 options and presets: test_options.py (with 6.7, the Texas profile); each option's effect
  is tested in the file of the section that explains it
- §9 doubtful points, with the rule each settles: 9.1-9.3 test_drop_showdown.py; 9.4, 9.10
  test_stock_exhausted.py; 9.5 test_win_at_the_deal.py; 9.7, 9.9, 9.15 test_turn.py; 9.11
  test_deal.py; 9.12 test_counts_and_stakes.py and test_stock_exhausted.py; 9.14
  test_spreads.py; 9.16 test_double_double.py
- §10 worked examples, each in the file of its section as ``test_example_N_...``: 1
  test_counts_and_stakes.py, 2 and 3 test_win_at_the_deal.py, 4 test_drop_showdown.py (a case
  of ``test_drop_wins_or_is_caught``), 5 test_tonk_and_out.py, 6 test_turn.py, 7
  test_side_bet.py

Not about one rule: test_conformance.py (the conformance kit and invariants),
test_determinize.py, test_evaluate.py (the lab's evaluation), test_greedy.py (the agent) and
test_structure.py (how the game is built)."""
