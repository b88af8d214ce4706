"""Random damage to a state's JSON, for the property tests of `from_json` in every game."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

from ludoteca.core.errors import StateFormatError

Path = tuple[str | int, ...]

ODD_VALUES = (None, True, -1, 0, 1, 7, 10**6, 1.5, "x", "", [], [0], {}, {"a": 1})


def paths(value: Any, prefix: Path = ()) -> list[Path]:
    """Return the path of every node below `value` (dict keys and list indexes)."""
    found: list[Path] = []
    children: list[tuple[str | int, Any]] = []
    if isinstance(value, dict):
        children = list(value.items())
    elif isinstance(value, list):
        children = list(enumerate(value))
    for key, child in children:
        found.append((*prefix, key))
        found.extend(paths(child, (*prefix, key)))
    return found


def _parent(data: Any, path: Path) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


@st.composite
def corrupted(draw: st.DrawFn, encoded: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of `encoded` with one to three random faults.

    A fault drops a key or list entry, replaces a value by one of another type, changes a
    number, shortens or lengthens a list, or moves an entry from one list to another (a card
    from a hand to the pack, a pawn from one colour to another).
    """
    data = copy.deepcopy(encoded)
    for _ in range(draw(st.integers(1, 3))):
        nodes = paths(data)
        if not nodes:
            break
        path = draw(st.sampled_from(nodes))
        parent = _parent(data, path)
        key = path[-1]
        value = parent[key]
        fault = draw(st.sampled_from(["drop", "odd", "number", "shorten", "grow", "move"]))
        if fault == "drop":
            del parent[key]
        elif fault == "odd":
            parent[key] = copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))
        elif fault == "number" and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = value + draw(st.sampled_from([-2, -1, 1, 2, 13, -(value + 1)]))
        elif fault == "shorten" and isinstance(value, list) and value:
            del value[draw(st.integers(0, len(value) - 1))]
        elif fault == "grow" and isinstance(value, list) and value:
            value.append(copy.deepcopy(value[draw(st.integers(0, len(value) - 1))]))
        elif fault == "move" and isinstance(value, list) and value:
            lists = [node for node in nodes if isinstance(_parent(data, node)[node[-1]], list)]
            target = _parent(data, (target_path := draw(st.sampled_from(lists))))[target_path[-1]]
            target.append(value.pop(draw(st.integers(0, len(value) - 1))))
    return data


def assert_loads_safely_or_refuses(game: Any, damaged: dict[str, Any]) -> None:
    """Assert that `from_json(damaged)` raises StateFormatError or gives a state that works:
    every legal action applies, every seat's observation builds, and JSON round-trips."""
    try:
        state = game.from_json(damaged)
    except StateFormatError:
        return
    for action in game.legal_actions(state):
        game.apply(state, action)
    for seat in (None, *range(game.num_players)):
        game.observation(state, seat)
    assert game.from_json(game.to_json(state)) == state
