from collections.abc import Callable
from typing import Any

def bind(name: str, python: Callable[..., Any], doc: str, /) -> Callable[..., Any]: ...
