"""Storage of matches as game records: the database, and the operations on its tables
(server/tables.py: `matches`, `seats`, `actions`, and `messages`, the chat and the match's
notices: undo, time-outs, bots taking over).

A match is stored as its record (game, options, seed and the canonical action texts) plus the
seat table; the columns `status`, `state_id`, `current_player` and `result` repeat what the
record implies so that listing matches needs no replay. Every function here is synchronous and
commits its own transaction: the hub calls them in a worker thread and broadcasts only after
they return.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, cast

from sqlalchemy import (
    bindparam,
    case,
    create_engine,
    delete,
    event,
    exists,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import CursorResult, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool
from sqlalchemy.sql import Select

from ludoteca.server.migrate import migrate
from ludoteca.server.tables import ActionRow, Base, MatchRow, MessageRow, SeatRow

STATUS_ORDER = {"open": 0, "running": 1, "finished": 2, "expired": 3}
UNFINISHED = ("open", "running")
"""The statuses of a match that still takes actions."""


class Refused(Exception):
    """The database refused a change that the process's memory allowed (see its subclass)."""


class ActionAlreadyStored(Refused):
    """An action is stored already at that index of the match."""


class SeatAlreadyClaimed(Refused):
    """The seat is claimed already (or is no human seat)."""


class MatchClosed(Refused):
    """The match is over, expired or unknown: it takes no action (and, expired, no claim).

    `status` is the stored one ("finished", "expired"; None: no such match): a race lost to
    the last move of the game is not an expiry, and the answer must say which it was.
    """

    def __init__(self, message: str, status: str | None = None) -> None:
        super().__init__(message)
        self.status = status

    @property
    def expired(self) -> bool:
        """Return True if the match expired (or vanished), False if it finished or started."""
        return self.status in ("expired", None)


class NotLastAction(Refused):
    """The action to remove is no longer the match's last, or the match takes no change."""


def utc_now() -> dt.datetime:
    """Return the current time, timezone-aware in UTC."""
    return dt.datetime.now(dt.UTC)


class Database:
    """The engine and session factory for one database URL, its schema migrated to this one's."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = _make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.revision = migrate(self.engine)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """Yield a new session, closed afterwards."""
        with self.sessions() as session:
            yield session

    def ping(self) -> None:
        """Run `SELECT 1`; the driver's error if the database cannot be reached."""
        with self.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()


def _make_engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    in_memory = url in ("sqlite://", "sqlite:///:memory:")
    engine = create_engine(
        url,
        connect_args={"check_same_thread": False, "timeout": 30},
        poolclass=StaticPool if in_memory else None,
    )

    @event.listens_for(engine, "connect")
    def _pragmas(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        if not in_memory:
            # WAL survives a killed process with every committed action; NORMAL skips the
            # fsync per commit (only a power cut could lose the last few).
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


# -- the operations the hub performs (each one transaction) -----------------------------------


def insert_match(session: Session, match: MatchRow, previous_id: str | None = None) -> None:
    """Store a new match with its seats; with `previous_id`, link it as that match's rematch."""
    session.add(match)
    if previous_id is not None:
        session.execute(
            update(MatchRow).where(MatchRow.id == previous_id).values(rematch_id=match.id)
        )
    session.commit()


# The hot path's statements, built once: Core statements on the tables, not ORM-enabled ones (no
# ORM bookkeeping per execution), and SQLAlchemy remembers the cache key of a statement object,
# so it is not computed again. Run without a Session, they store an action in a quarter of the
# time the ORM-enabled statements built anew took (docs/benchmarks.md).
_ACTIONS = Base.metadata.tables["actions"]
_MATCHES = Base.metadata.tables["matches"]
_MESSAGES = Base.metadata.tables["messages"]
_INSERT_ACTION = insert(_ACTIONS)
_UPDATE_SUMMARY = update(_MATCHES).where(
    _MATCHES.c.id == bindparam("the_match_id"), _MATCHES.c.status.in_(UNFINISHED),
    _MATCHES.c.state_id == bindparam("the_index"), _MATCHES.c.undos == bindparam("the_undos"),
)
_STATUS = select(_MATCHES.c.status).where(_MATCHES.c.id == bindparam("the_match_id"))


def append_action(
    engine: Engine,
    match_id: str,
    index: int,
    seat: int,
    text: str,
    summary: dict[str, Any],
    *,
    undos: int,
) -> None:
    """Store accepted action number `index` and the match's new summary columns, if the stored
    match is at state `index` after `undos` undos, as the copy that accepted it was.

    Raise ActionAlreadyStored if it is not (another process, or a commit outliving its request,
    changed the match first), MatchClosed if it is not open or running; nothing is stored then.
    """
    action = {
        "match_id": match_id, "index": index, "seat": seat, "text": text,
        "created_at": summary["updated_at"],
    }
    where = {"the_match_id": match_id, "the_index": index, "the_undos": undos}
    # One connection-level transaction, without a Session: this runs once per action. The
    # conditional UPDATE comes first: it locks the match's row (PostgreSQL), so concurrent
    # commits of one match queue there, and each finds the state the one before it left.
    with engine.begin() as connection:
        updated = connection.execute(_UPDATE_SUMMARY, {**where, **summary})
        if updated.rowcount != 1:
            status = connection.execute(_STATUS, where).scalar()
            if status not in UNFINISHED:
                raise MatchClosed(f"match {match_id} is {status or 'unknown'}", status)
            raise ActionAlreadyStored(f"match {match_id} is no longer at state {index}")
        try:
            connection.execute(_INSERT_ACTION, action)
        except IntegrityError as error:  # leaving the block by an exception rolls back
            raise ActionAlreadyStored(f"match {match_id} has an action {index}") from error


def remove_last_action(
    engine: Engine, match_id: str, index: int, summary: dict[str, Any], *, undos: int
) -> None:
    """Delete action number `index`, the match's last (an undo), and store the summary columns
    of the state before it and one more undo, in one transaction.

    Raise NotLastAction, nothing changed, if the stored match is not open or running at state
    `index + 1` after `undos` undos (another process changed it meanwhile, or it expired).
    """
    with engine.begin() as connection:
        updated = connection.execute(
            update(_MATCHES)
            .where(
                _MATCHES.c.id == match_id, _MATCHES.c.status.in_(UNFINISHED),
                _MATCHES.c.state_id == index + 1, _MATCHES.c.undos == undos,
            )
            .values(**summary, undos=undos + 1)
        )
        if updated.rowcount != 1:
            raise NotLastAction(f"match {match_id} is not open or running at state {index + 1}")
        deleted = connection.execute(
            delete(_ACTIONS).where(_ACTIONS.c.match_id == match_id, _ACTIONS.c.index == index)
        )
        if deleted.rowcount != 1:  # leaving the block by an exception rolls back the update
            raise NotLastAction(f"match {match_id} has no action {index}")


def claim_seats(
    session: Session,
    match_id: str,
    claims: dict[int, tuple[str, str | None]],
    status: str,
    updated_at: dt.datetime,
    start: dict[str, Any] | None = None,
) -> None:
    """Mark seats claimed: seat -> (token hash, player name); update the match status.

    Each seat is claimed only if it is an unclaimed human seat (SeatAlreadyClaimed otherwise)
    of a match that has not expired (MatchClosed otherwise); a refused call stores nothing.
    `start`: the summary columns of the game's start when these claims fill the last seats
    (server/match_start.py); the match must then still be open.
    """
    try:
        for seat, (token_hash, name) in claims.items():
            claimed = changed_rows(session.execute(
                update(SeatRow)
                .where(
                    SeatRow.match_id == match_id, SeatRow.seat == seat,
                    SeatRow.type == "human", SeatRow.claimed.is_(False),
                )
                .values(token_hash=token_hash, name=name, claimed=True)
            ))
            if claimed != 1:
                raise SeatAlreadyClaimed(f"seat {seat} of match {match_id} is taken")
        match = update(MatchRow).where(MatchRow.id == match_id, MatchRow.status != "expired")
        if start is not None:
            match = match.where(MatchRow.status == "open")
        changed = changed_rows(session.execute(
            match.values(**{**(start or {}), "status": status, "updated_at": updated_at})
        ))
        if changed != 1:
            stored = session.scalar(select(MatchRow.status).where(MatchRow.id == match_id))
            raise MatchClosed(f"match {match_id} is {stored or 'unknown'}", stored)
    except Refused:
        session.rollback()
        raise
    session.commit()


def changed_rows(result: Any) -> int:
    """Return how many rows an UPDATE statement's result changed."""
    count: int = cast(CursorResult[Any], result).rowcount
    return count


def load_match(session: Session, match_id: str) -> tuple[MatchRow, list[str]] | None:
    """Return the stored match and its action texts in order, or None if there is none."""
    match = session.get(MatchRow, match_id)
    if match is None:
        return None
    texts = session.scalars(
        select(ActionRow.text).where(ActionRow.match_id == match_id).order_by(ActionRow.index)
    ).all()
    return match, list(texts)


def list_matches(session: Session, status: str | None, limit: int) -> Sequence[MatchRow]:
    """Return up to `limit` matches: open, then running, finished, expired; newest first."""
    query = select(MatchRow)
    if status is not None:
        query = query.where(MatchRow.status == status)
    rank = case(STATUS_ORDER, value=MatchRow.status, else_=len(STATUS_ORDER))
    return session.scalars(
        query.order_by(rank, MatchRow.updated_at.desc(), MatchRow.id).limit(limit)
    ).all()


def lobby_matches(session: Session, fresh_since: dt.datetime, limit: int) -> Sequence[MatchRow]:
    """Return up to `limit` matches the lobby offers everyone, open first, newest first.

    Only online matches (no hot seat) that changed since `fresh_since`: open ones with a seat to
    join, and open or running ones between two or more people (worth watching). One person's
    games against bots and finished, expired or stale matches are nobody else's business.
    """
    human = (SeatRow.match_id == MatchRow.id) & (SeatRow.type == "human")
    free_seat = exists().where(human, SeatRow.claimed.is_(False), SeatRow.token_hash.is_(None))
    people = select(func.count()).where(human).scalar_subquery()
    query = select(MatchRow).where(
        MatchRow.hotseat.is_(False),
        MatchRow.status.in_(UNFINISHED),
        MatchRow.updated_at >= fresh_since,
        or_((MatchRow.status == "open") & free_seat, people >= 2),
    )
    rank = case(STATUS_ORDER, value=MatchRow.status, else_=len(STATUS_ORDER))
    return session.scalars(
        query.order_by(rank, MatchRow.updated_at.desc(), MatchRow.id).limit(limit)
    ).all()


def waiting_for_bots() -> Select[str]:
    """Return the query of the ids of open or running matches whose seat to move is a bot."""
    return (
        select(MatchRow.id)
        .join(
            SeatRow,
            (SeatRow.match_id == MatchRow.id) & (SeatRow.seat == MatchRow.current_player),
        )
        .where(MatchRow.status.in_(UNFINISHED), SeatRow.type == "bot")
    )


def matches_waiting_for_bots(session: Session) -> list[str]:
    """Return the ids of open or running matches whose seat to move is a bot."""
    return list(session.scalars(waiting_for_bots()).all())


def expire_idle(session: Session, idle_since: dt.datetime) -> list[str]:
    """Mark expired every open or running match with no change since before `idle_since`.

    Return the ids of the matches this call expired. One conditional UPDATE: a match that
    takes an action meanwhile is either changed before it (and stays) or refused after it.
    """
    expired = session.scalars(
        update(MatchRow)
        .where(MatchRow.status.in_(UNFINISHED), MatchRow.updated_at < idle_since)
        .values(status="expired")
        .returning(MatchRow.id)
    ).all()
    session.commit()
    return list(expired)


def add_message(engine: Engine, values: dict[str, Any]) -> int:
    """Store one message of a match (the columns of MessageRow but `id`); return its id."""
    with engine.begin() as connection:
        result = connection.execute(insert(_MESSAGES).values(**values))
        key = result.inserted_primary_key
        assert key is not None
        return int(key[0])


def load_messages(session: Session, match_id: str, limit: int) -> list[MessageRow]:
    """Return the last `limit` messages of a match, oldest first."""
    newest = session.scalars(
        select(MessageRow)
        .where(MessageRow.match_id == match_id)
        .order_by(MessageRow.id.desc())
        .limit(limit)
    ).all()
    return list(reversed(newest))
