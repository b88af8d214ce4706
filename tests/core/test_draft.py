"""Drafts: thaw copies a frozen state's fields, freeze makes the next state without a copy."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field, replace

import pytest

from ludoteca.core.draft import thaw


@dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: tuple[int, ...]
    cache: int | None = field(default=None, init=False, compare=False)


def test_a_frozen_draft_is_the_next_state_and_leaves_the_old_one_untouched() -> None:
    old = Point(1, (2, 3))
    draft = thaw(old)
    draft.x = 5
    new = draft.freeze()
    assert type(new) is Point
    assert new == Point(5, (2, 3)) == replace(old, x=5)
    assert old == Point(1, (2, 3))
    with pytest.raises(FrozenInstanceError):
        draft.x = 6


def test_fields_outside_the_constructor_start_at_their_default() -> None:
    old = Point(1, ())
    object.__setattr__(old, "cache", 42)
    assert thaw(old).freeze().cache is None


def test_only_frozen_slotted_dataclasses_can_be_thawed() -> None:
    @dataclass(slots=True)
    class Mutable:
        x: int

    @dataclass(frozen=True)
    class Unslotted:
        x: int

    for state in (Mutable(1), Unslotted(1), (1, 2)):
        with pytest.raises(TypeError):
            thaw(state)
