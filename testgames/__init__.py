"""Small complete games written to exercise the engine, shared by the test suite (``tests/``)
and the benchmarks (``bench/``), neither of which imports the other.

Not installed: like ``tests/`` and ``bench/`` it is imported from the repository's root
(``pytest`` puts the root on the path; run a benchmark as ``python -m bench.NAME`` from there).
"""
