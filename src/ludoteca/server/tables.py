"""The server's tables, as SQLAlchemy 2 declarative classes: `matches`, `seats`, `actions`,
`bot_leases`, `messages` and `presence`. Their schema changes go through the Alembic revisions
in server/migrations; the operations on them are server/storage.py's."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator


class UTCDateTime(TypeDecorator[dt.datetime]):
    """A timestamp stored as naive UTC (portable to SQLite) and read back timezone-aware."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Any) -> dt.datetime | None:
        """Return `value` as naive UTC for the database."""
        if value is None:
            return None
        return value.astimezone(dt.UTC).replace(tzinfo=None)

    def process_result_value(self, value: dt.datetime | None, dialect: Any) -> dt.datetime | None:
        """Return the stored naive UTC time as an aware datetime."""
        if value is None:
            return None
        return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value


class Base(DeclarativeBase):
    """The declarative base of the server's tables."""


class MatchRow(Base):
    """One match: its record header and the summary columns used for listing."""

    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int]
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    rules_version: Mapped[str] = mapped_column(String(32))
    hotseat: Mapped[bool] = mapped_column(default=False)
    status: Mapped[str] = mapped_column(String(16), index=True)
    state_id: Mapped[int] = mapped_column(default=0)
    # How many actions were ever taken back: an undo makes an index name another state, so a
    # process acts only on a copy that has seen every undo (append_action checks it).
    undos: Mapped[int] = mapped_column(default=0, server_default="0")
    current_player: Mapped[int | None]
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, index=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32))
    # The time control and each seat's time (server/clocks.py), and the moment the seat whose
    # turn runs is out of time: the clock sweep looks for passed deadlines.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    deadline: Mapped[dt.datetime | None] = mapped_column(UTCDateTime, index=True)

    seats: Mapped[list[SeatRow]] = relationship(
        order_by="SeatRow.seat", cascade="all, delete-orphan", lazy="selectin"
    )


class SeatRow(Base):
    """One seat of a match: human or bot, and for a human whether it is claimed (by token)."""

    __tablename__ = "seats"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    type: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(64))
    name: Mapped[str | None] = mapped_column(String(64))
    # SHA-256 of the seat token: a copy of the database does not hand out the seats.
    token_hash: Mapped[str | None] = mapped_column(String(64))
    claimed: Mapped[bool] = mapped_column(default=False)
    # A person's seat a bot plays after a time-out or a vote (type "bot", the person's token
    # hash kept so they can take it back); the seats that voted to give this seat to a bot.
    replaced: Mapped[bool | None] = mapped_column(default=False)
    votes: Mapped[list[int] | None] = mapped_column(JSON)


class ActionRow(Base):
    """One accepted action of a match, as canonical text; (match_id, index) is unique."""

    __tablename__ = "actions"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    index: Mapped[int] = mapped_column(primary_key=True)
    seat: Mapped[int]
    text: Mapped[str] = mapped_column(String(256))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)


class BotLeaseRow(Base):
    """Which server process plays a match's bots, until when (server/leases.py).

    Several processes share one database: only the holder of a match's unexpired lease plays
    its bot moves, and when the holder dies the lease runs out and another process takes it.
    """

    __tablename__ = "bot_leases"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    holder: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, index=True)


MAX_MESSAGE_TEXT = 500
"""Longest text of a stored message, in characters."""


class MessageRow(Base):
    """One message of a match: a chat line or a notice of the server (undo, time-out, ...).

    `kind` is "chat" for what a person wrote; any other kind is a notice whose `params` let
    each client word it in its own language (`text` is the English wording). `step` is the
    match's state id when it was posted, so a notice sits in the log where it happened.
    """

    __tablename__ = "messages"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), index=True)
    step: Mapped[int]
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None]
    name: Mapped[str | None] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(MAX_MESSAGE_TEXT))
    params: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)


class PresenceRow(Base):
    """The seats of a match with a socket open on one server process, until when that holds
    (server/presence.py): with several processes, a vote reads them all.

    Each process rewrites its rows when a seat comes and every few seconds; a process that dies
    stops, and its rows lapse at `expires_at`.
    """

    __tablename__ = "presence"

    match_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    holder: Mapped[str] = mapped_column(String(64), primary_key=True)
    seats: Mapped[list[int]] = mapped_column(JSON)
    expires_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, index=True)
