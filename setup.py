"""The package is described in pyproject.toml; this adds its one optional C extension, the
compiled kernel of the one-deck meld search (cardkit/libraries/melds/_kernel.c).

``optional=True``: without a C compiler (or Python headers) the build warns and goes on, and
the package runs the pure-Python search (see cardkit/libraries/melds/kernel.py).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension(
    "cardkit.libraries.melds._kernel",
    sources=["cardkit/libraries/melds/_kernel.c"],
    optional=True,
)])
