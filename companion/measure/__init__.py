"""The measurement kit: what measures the companion, never what a table runs (tests/test_layers.py
holds that nothing at the table imports it). Shipped, since `bench --panel` and `screens` run on an
installed Pi; the key scripts a user plays by name are companion/samples/.

- the bench (`elgrande-companion bench`): bench.py and its sections bench_*.py, writing docs/figures.md
  (bench_figures.py);
- the press budgets and their scenarios: press_budget.py, turn_budgets.py, press_targets.py,
  press_section.py (the bench's press section), hands.py (a player's hands on the four keys);
- the whole-game tables: typical_table.py with typical_effects.py, plan_table.py with plan_figures.py;
- the screens tour (`elgrande-companion screens`, the golden images): catalogue.py through
  whole_game.py, short_games.py and big_box.py;
- scripted games by steps (the bench's, the tests' and bug reports'): sample.py, script.py; playing
  a key script without a screen: key_scripts.py.
"""
