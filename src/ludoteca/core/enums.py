"""Enums whose `repr` is the name written in code (`Phase.MOVEMENT`), so that a printed state
or action can be pasted back."""

from __future__ import annotations

from enum import IntEnum, StrEnum


class CodeIntEnum(IntEnum):
    """An IntEnum shown as `Class.NAME`."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class CodeStrEnum(StrEnum):
    """A StrEnum shown as `Class.NAME`."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"
