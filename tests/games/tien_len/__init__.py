"""Tiến Lên's tests, one file per area of its rules page, docs/games/tien-len.md:

- §1 overview (the order of the cards): test_card_order.py
- §2 setup and deal: test_deal.py (the instant wins of 2.3 in test_game_end.py)
- §3 tricks: test_tricks.py
- §4 combinations, with the legal plays against a brute force: test_combinations.py
- §5 how a game ends: test_game_end.py (the normal end of 5.3 with going out in
  test_tricks.py)
- §6 scoring: test_scoring.py
- §7 a match: test_match.py
- §8 options: test_options.py; each option's effect is tested in the file of the section that
  explains it
- §9 doubtful points, with the rule each settles: 9.1, 9.2, 9.4, 9.9, 9.12
  test_combinations.py; 9.3, 9.6, 9.7, 9.8 test_tricks.py; 9.5 test_game_end.py; 9.10
  test_deal.py; 9.11 test_match.py
- §10 worked examples, each in the file of its section as ``test_example_N_...``: 1
  test_card_order.py, 2 test_deal.py, 3 and 4 test_combinations.py, 5 test_tricks.py, 6
  test_scoring.py

Not about one rule: test_agents.py and test_greedy_counting.py (the agents),
test_conformance.py (the conformance kit), test_determinize.py, test_display.py (what the screen
is told), test_evaluate.py (the lab's evaluation), and test_fast_paths.py, test_play_tracker.py
and test_plays_cache.py (the fast legal-move paths, checked against plain enumeration)."""
