"""Maintenance scripts of the repository, run from its root as ``python -m scripts.NAME`` (not
installed with the package)."""
