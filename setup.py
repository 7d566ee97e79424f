"""The package is described in pyproject.toml; this adds its optional C extensions, the
compiled kernels of the one-deck meld search (cardkit/libraries/melds/_kernel.c) and of the
climbing library's enumeration and list helpers (cardkit/libraries/climbing/_kernel.c).

``optional=True``: without a C compiler (or Python headers) the build warns and goes on, and
the package runs the pure-Python code (see cardkit/libraries/melds/kernel.py and
cardkit/libraries/climbing/kernel.py).
"""

from setuptools import Extension, setup

setup(ext_modules=[
    Extension(
        "cardkit.libraries.melds._kernel",
        sources=["cardkit/libraries/melds/_kernel.c"],
        optional=True,
    ),
    Extension(
        "cardkit.libraries.climbing._kernel",
        sources=["cardkit/libraries/climbing/_kernel.c"],
        optional=True,
    ),
])
