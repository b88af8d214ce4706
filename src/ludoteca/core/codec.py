"""Helpers for the games' JSON state codecs (`to_json` / `from_json`): plain values, checked
reads that fail with StateFormatError, and a log whose finished segments are coded once."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Generic, TypeVar

from ludoteca.core.errors import StateFormatError
from ludoteca.core.game import JSON

T = TypeVar("T")
EventT = TypeVar("EventT")

READ_ERRORS = (KeyError, TypeError, ValueError, IndexError)
"""What reading a malformed JSON value raises before a check names what is wrong."""


def plain(value: Any) -> JSON:
    """Return `value` with its tuples, nested ones too, turned into lists (JSON-safe)."""
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    return value


def tuples(value: Any, what: str, allowed: tuple[type, ...] = (int, str)) -> Any:
    """Return `value` with its lists, nested ones too, turned into tuples; StateFormatError
    for a value that is no list, None or of an `allowed` type (`what`: "a … state")."""
    if isinstance(value, list):
        return tuple(tuples(item, what, allowed) for item in value)
    if value is None or isinstance(value, allowed):
        return value
    raise StateFormatError(f"unexpected value {value!r:.40} in {what}")


def expect(condition: bool, message: str) -> None:
    """Raise StateFormatError(message) unless `condition` holds."""
    if not condition:
        raise StateFormatError(message)


def require_fields(obj: object, names: Collection[str], what: str) -> None:
    """Raise StateFormatError unless `obj` is a JSON object holding every one of `names`."""
    if not isinstance(obj, Mapping):
        raise StateFormatError(f"{what} is a JSON object, not {type(obj).__name__}")
    missing = [name for name in names if name not in obj]
    if missing:
        raise StateFormatError(f"{what} needs {', '.join(missing)}")


def decoded(what: str, decode: Callable[[], T]) -> T:
    """Return `decode()`, any error of a malformed value raised as StateFormatError."""
    try:
        return decode()
    except StateFormatError:
        raise
    except READ_ERRORS as error:
        raise StateFormatError(f"not {what}: {error}") from error


class SegmentedLogCodec(Generic[EventT]):
    """Codes a log kept as segments (rounds), each finished segment once.

    A finished segment never changes and games run for hundreds of rounds, so its JSON text is
    kept (keyed by the segment) and a segment read before is looked up by its text; every call
    still returns fresh lists. The caches are crudely bounded: coding again is always correct.
    """

    MAX_REMEMBERED = 20_000

    def __init__(
        self,
        encode: Callable[[tuple[EventT, ...]], list[JSON]],
        decode: Callable[[list[Any]], tuple[EventT, ...]],
    ) -> None:
        self._encode = encode
        self._decode = decode
        self._encoded: dict[tuple[EventT, ...], str] = {}
        self._decoded: dict[str, tuple[EventT, ...]] = {}

    def encode(self, log: Sequence[tuple[EventT, ...]]) -> list[JSON]:
        """Return the log as a JSON list of segments, each a list of encoded events."""
        encoded: list[JSON] = []
        for segment in log[:-1]:
            text = self._encoded.get(segment)
            if text is None:
                if len(self._encoded) >= self.MAX_REMEMBERED:
                    self._encoded.clear()
                text = self._encoded[segment] = json.dumps(self._encode(segment))
            encoded.append(json.loads(text))
        if log:
            encoded.append(self._encode(log[-1]))
        return encoded

    def decode_segment(self, part: list[Any]) -> tuple[EventT, ...]:
        """Return one segment's events; a segment read before is looked up by its JSON text."""
        text = json.dumps(part)
        events = self._decoded.get(text)
        if events is None:
            events = self._decode(part)
            if len(self._decoded) >= self.MAX_REMEMBERED:
                self._decoded.clear()
            self._decoded[text] = events
        return events
