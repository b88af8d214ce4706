"""Shared checks for game options: `load(name, players, **options)` arguments made into a
validated options dataclass, with errors that name the option and the allowed values."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

OptionsT = TypeVar("OptionsT")


def build_options(
    cls: type[OptionsT], game_title: str, players: int | None, options: dict[str, Any]
) -> OptionsT:
    """Return `cls(**options)` with `players` as num_players; ValueError naming what is wrong."""
    known = {field.name for field in fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(options) - known)
    if unknown:
        raise ValueError(
            f"unknown {game_title} option(s) {', '.join(unknown)}; "
            f"known: {', '.join(sorted(known))}"
        )
    values = dict(options)
    if players is not None:
        if "num_players" in values and values["num_players"] != players:
            raise ValueError(f"players={players} contradicts num_players={values['num_players']}")
        values["num_players"] = players
    return cls(**values)


def expect_int(name: str, value: object) -> None:
    """Raise ValueError unless `value` is an integer (booleans are not)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, not {value!r}")
