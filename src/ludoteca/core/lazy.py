"""Lazy references for game descriptors: a `GameSpec` names what builds its game, renderer,
bots and encoder, and nothing of it is imported until it is used (listing the games imports
only the descriptors)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def imported(module: str, name: str) -> Callable[..., Any]:
    """Return a function that imports `name` from `module` when called and calls it with the
    same arguments (`name` may be dotted: `TntGame.build`)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        target: Any = importlib.import_module(module)
        for part in name.split("."):
            target = getattr(target, part)
        return target(*args, **kwargs)

    call.__qualname__ = call.__name__ = f"{name.rsplit('.', 1)[-1]}"
    call.__doc__ = f"Return {module}.{name}(…), imported on first use."
    return call
