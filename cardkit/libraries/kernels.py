"""The switch shared by the libraries' optional compiled kernels.

The meld search (:mod:`cardkit.libraries.melds.kernel`) and the climbing enumeration
(:mod:`cardkit.libraries.climbing.kernel`) each have a C extension, built by ``setup.py`` when a
compiler is at hand; setting the environment variable ``CARDKIT_PURE_PYTHON`` (to anything but
``0``) before the import leaves both out, so the whole package runs on its Python code alone.
"""

from __future__ import annotations

import os

__all__ = ["kernel_disabled"]


def kernel_disabled() -> bool:
    """True when ``CARDKIT_PURE_PYTHON`` asks for the pure-Python code (set, not ``0``)."""
    return os.environ.get("CARDKIT_PURE_PYTHON", "") not in ("", "0")
