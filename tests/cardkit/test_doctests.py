"""Every docstring example in ``cardkit`` runs, so the documented behaviour cannot rot."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cardkit


def _modules_with_examples() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(cardkit.__path__, "cardkit."):
        spec = importlib.util.find_spec(info.name)
        if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
            continue
        with open(spec.origin, encoding="utf-8") as source:
            if ">>> " in source.read():
                names.append(info.name)
    return names


@pytest.mark.parametrize("name", _modules_with_examples())
def test_docstring_examples(name: str) -> None:
    failures, attempted = doctest.testmod(importlib.import_module(name))
    assert attempted > 0
    assert failures == 0
