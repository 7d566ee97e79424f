from collections.abc import Callable
from typing import Any

def bind(cardset: type, rules: type, tables: type, arrangement: type, default_rules: object,
         best_arrangement: Callable[..., Any], deadwood_value: Callable[..., Any],
         deadwood_within: Callable[..., Any]) -> tuple[Callable[..., Any], ...]: ...
