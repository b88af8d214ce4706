"""Catching up: bring a process's copy of a match level with the database after another process
changed it (an action, an undo, a claimed seat, a bot taking a seat, an expiry).

The process that stored an action sends it with its summary columns in its event, and a copy one
action behind takes it from there (following.follow_action). Otherwise the copy reads the match's
row and only the actions it lacks. If the match counts more undos than the copy has seen, an
action the copy holds was taken back (and maybe replaced: the same index then names another
state), and the copy is rebuilt from the whole record. Runs in a worker thread: it reads the
database and applies actions with the engine.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from ludoteca.core import Game, load, replay
from ludoteca.server import storage, tables
from ludoteca.server.live import MatchInfo

READ_ATTEMPTS = 3
"""Reads of one catch-up before it rebuilds from the whole record: an undo committed between
reading the row and its actions leaves them one apart, and the next read agrees."""


@dataclass
class Stored:
    """A match as the database holds it: its game, summary and seats, action texts, states."""

    game: Game[Any, Any]
    info: MatchInfo
    actions: list[str]
    states: list[Any]


TIME_COLUMNS = ("updated_at", "deadline")
"""The summary columns that are times (the others are JSON already)."""


def columns_to_json(columns: dict[str, Any]) -> dict[str, Any]:
    """Return a match's summary columns as JSON values (times in ISO 8601), for an event."""
    return {
        key: value.isoformat() if key in TIME_COLUMNS and value is not None else value
        for key, value in columns.items()
    }


def columns_from_json(values: dict[str, Any]) -> dict[str, Any]:
    """Return the summary columns `columns_to_json` wrote."""
    return {
        key: dt.datetime.fromisoformat(value) if key in TIME_COLUMNS and value is not None
        else value
        for key, value in values.items()
    }


def has_started(info: MatchInfo, actions: list[str]) -> bool:
    """Return True if a stored match has begun its game (an open match has no state yet).

    One stored open with actions by an earlier version (which started every match at once) has
    started too.
    """
    return bool(actions) or info.status in ("running", "finished") or (
        info.status == "expired" and info.current_player is not None
    )


def rebuild(db: storage.Database, match_id: str) -> Stored | None:
    """Return the stored match replayed from its whole record (None if there is none)."""
    with db.session() as session:
        stored = storage.load_match(session, match_id)
    if stored is None:
        return None
    row, texts = stored
    info = MatchInfo.from_row(row)
    game = load(info.game, **info.options)
    started = has_started(info, texts)
    record = {
        "game": info.game, "options": info.options, "seed": info.seed,
        "actions": texts, "rules_version": info.rules_version,
    }
    states = replay(record, game) if started else []
    _settle(info, started)
    return Stored(game, info, texts, states)


def caught_up(
    db: storage.Database, game: Game[Any, Any], match_id: str, undos: int, actions: list[str],
    states: list[Any],
) -> Stored | None:
    """Return the stored match, reusing the copy's `actions` and `states` (after `undos` undos)
    as far as they agree with the database (None if the match is not stored)."""
    for _ in range(READ_ATTEMPTS):
        read = _read_tail(db, match_id, len(actions))
        if read is None:
            return None
        info, tail = read
        if info.undos != undos or info.state_id < len(actions):
            break  # actions the copy holds were taken back: rebuild
        if len(tail) != info.state_id - len(actions):
            continue  # an action or undo came between the two reads: read again
        started = has_started(info, actions + tail)
        _settle(info, started)
        if not started:
            return Stored(game, info, [], [])
        kept = list(states) if states else [game.initial_state(info.seed)]
        for text in tail:
            state = kept[-1]
            kept.append(game.apply(state, game.action_from_text(state, text)))
        return Stored(game, info, actions + tail, kept)
    return rebuild(db, match_id)


def _read_tail(
    db: storage.Database, match_id: str, known: int
) -> tuple[MatchInfo, list[str]] | None:
    """Return the stored match's summary and its action texts after the first `known`."""
    with db.session() as session:
        row = session.get(tables.MatchRow, match_id, populate_existing=True)
        if row is None:
            return None
        info = MatchInfo.from_row(row)
        texts = session.scalars(
            select(tables.ActionRow.text)
            .where(
                tables.ActionRow.match_id == match_id,
                tables.ActionRow.index >= known,
                tables.ActionRow.index < info.state_id,
            )
            .order_by(tables.ActionRow.index)
        ).all()
    return info, list(texts)


def _settle(info: MatchInfo, started: bool) -> None:
    """Make a stored summary agree with whether the game has begun (as the hub shows it)."""
    if not started:
        info.current_player = None
    elif info.status == "open":
        info.status = "running"
