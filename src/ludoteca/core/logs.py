"""Shared helpers for engines: the per-viewer log cache and the check of an action id."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, TypeVar

from ludoteca.core.errors import InvalidActionError
from ludoteca.core.game import JSON, Seat

EventT = TypeVar("EventT", bound=Hashable)


class SegmentedLogRenderer(Generic[EventT]):
    """Renders a log kept as segments (deals, rounds) for a viewer, remembering finished ones.

    A finished segment's events never change and the same tuple is shared by every later state,
    so its entries are rendered once per viewer and kept as JSON text; each call decodes fresh
    objects from the text, so callers may change what they get without touching the cache.
    """

    MAX_REMEMBERED = 20_000
    HASHED_REMEMBERED = 16

    def __init__(
        self, render: Callable[[tuple[EventT, ...], Seat | None], list[dict[str, JSON]]]
    ) -> None:
        self._render = render
        # Keyed by the segment's identity, not its value: hashing a segment hashes every event
        # in it, on every call, for every finished segment. The entry keeps the segment alive,
        # so no other object can take its id while the entry is there.
        self._finished: dict[tuple[int, Seat | None], tuple[tuple[EventT, ...], str]] = {}
        self._hashed: dict[tuple[tuple[int, ...], Seat | None],
                           tuple[tuple[tuple[EventT, ...], ...], Any, bool]] = {}

    def entries(
        self, log: Sequence[tuple[EventT, ...]], viewer: Seat | None
    ) -> list[dict[str, JSON]]:
        """Return every log entry as `viewer` may see it, oldest first."""
        finished = ",".join(self._segment_texts(log[:-1], viewer))
        result: list[dict[str, JSON]] = json.loads(f"[{finished}]")
        if log:
            result.extend(self._render(log[-1], viewer))
        return result

    def _segment_texts(self, segments: Sequence[tuple[EventT, ...]], viewer: Seat | None
                       ) -> list[str]:
        """Return the JSON text of each finished segment's entries (without brackets), leaving
        out segments `viewer` sees nothing of."""
        texts = []
        for segment in segments:
            key = (id(segment), viewer)
            known = self._finished.get(key)
            if known is not None and known[0] is segment:
                text = known[1]
            else:
                if len(self._finished) >= self.MAX_REMEMBERED:
                    self._finished.clear()  # a crude bound; rendering again is always correct
                # The entries without the list's brackets, so that the finished segments are
                # decoded by one `json.loads` (many small ones cost twice as much).
                text = json.dumps(self._render(segment, viewer))[1:-1]
                self._finished[key] = (segment, text)
            if text:
                texts.append(text)
        return texts

    def digest(self, log: Sequence[tuple[EventT, ...]], viewer: Seat | None) -> str:
        """Return the SHA-256 (hex) of every log entry as `viewer` may see it, as a JSON array.

        The text hashed is `json.dumps(self.entries(log, viewer))`, but it is never built: the
        hash of the finished segments is kept for the last few logs asked about (keyed by the
        segments' identities, which the entry keeps alive), so a call within a round hashes
        only the segment still being played.
        """
        finished = tuple(log[:-1])
        ids = tuple(map(id, finished))
        known = self._hashed.get((ids, viewer))
        if known is None:
            # A new round usually finishes one segment more than a log hashed before: extend
            # that hash by the one segment rather than hash every finished segment again.
            shorter = self._hashed.get((ids[:-1], viewer)) if finished else None
            if shorter is not None:
                prefix, started = shorter[1].copy(), shorter[2]
                texts = self._segment_texts(finished[-1:], viewer)
            else:
                prefix, started = hashlib.sha256(b"["), False
                texts = self._segment_texts(finished, viewer)
            for text in texts:
                prefix.update(f"{', ' if started else ''}{text}".encode())
                started = True
            known = self._hashed[(ids, viewer)] = (finished, prefix, started)
            if len(self._hashed) > self.HASHED_REMEMBERED:
                del self._hashed[next(iter(self._hashed))]
        _, prefix, started = known
        digest = prefix.copy()
        last = json.dumps(self._render(log[-1], viewer))[1:-1] if log else ""
        if last:
            digest.update(f"{', ' if started else ''}{last}".encode())
        digest.update(b"]")
        hexdigest: str = digest.hexdigest()
        return hexdigest


def check_action_id(action_id: object, size: int) -> int:
    """Return `action_id` if it is an int in 0 .. size - 1, else raise InvalidActionError."""
    if isinstance(action_id, bool) or not isinstance(action_id, int):
        raise InvalidActionError(f"an action id is an integer, got {action_id!r}")
    if not 0 <= action_id < size:
        raise InvalidActionError(f"action id {action_id} is outside 0..{size - 1}")
    return action_id
