"""The shared log cache renders each finished segment once per viewer; action ids are checked."""

from __future__ import annotations

import hashlib
import json

import pytest

from ludoteca.core import InvalidActionError
from ludoteca.core.game import JSON, Seat
from ludoteca.core.logs import SegmentedLogRenderer, check_action_id


def test_finished_segments_are_rendered_once_per_viewer_and_copies_are_fresh() -> None:
    calls: list[tuple[tuple[int, ...], Seat | None]] = []

    def render(segment: tuple[int, ...], viewer: Seat | None) -> list[dict[str, JSON]]:
        calls.append((segment, viewer))
        return [{"event": event, "viewer": viewer} for event in segment]

    renderer = SegmentedLogRenderer(render)
    log = ((1, 2), (3,), (4, 5))
    first = renderer.entries(log, 0)
    assert [entry["event"] for entry in first] == [1, 2, 3, 4, 5]
    first[0]["event"] = 99  # the caller's copy, not the cache
    again = renderer.entries(log, 0)
    assert again[0] == {"event": 1, "viewer": 0}
    # Finished segments once per viewer; the open last segment every time.
    assert calls == [((1, 2), 0), ((3,), 0), ((4, 5), 0), ((4, 5), 0)]
    renderer.entries(log, None)
    assert calls[-3:] == [((1, 2), None), ((3,), None), ((4, 5), None)]
    assert renderer.entries((), 1) == []


def test_digest_is_the_sha256_of_the_entries_json_as_a_log_grows() -> None:
    def render(segment: tuple[int, ...], viewer: Seat | None) -> list[dict[str, JSON]]:
        # a viewer sees nothing of odd events: some segments render to no entries at all
        return [{"event": event} for event in segment if viewer is None or event % 2 == 0]

    renderer = SegmentedLogRenderer(render)
    log: tuple[tuple[int, ...], ...] = ((),)
    events = iter(range(1, 200))
    for step in range(60):
        new_round = step % 7 == 6  # the last segment is finished, an empty one opens
        log = (*log, ()) if new_round else (*log[:-1], (*log[-1], next(events)))
        for viewer in (None, 0):
            expected = json.dumps(renderer.entries(log, viewer))
            assert renderer.digest(log, viewer) == hashlib.sha256(expected.encode()).hexdigest()
    assert renderer.digest((), 0) == hashlib.sha256(b"[]").hexdigest()


@pytest.mark.parametrize(("action_id", "reason"), [
    (True, "an action id is an integer"),
    ("3", "an action id is an integer"),
    (-1, "outside 0..9"),
    (10, "outside 0..9"),
])
def test_check_action_id_refuses_what_is_no_id(action_id: object, reason: str) -> None:
    with pytest.raises(InvalidActionError, match=reason):
        check_action_id(action_id, 10)
    assert check_action_id(9, 10) == 9
