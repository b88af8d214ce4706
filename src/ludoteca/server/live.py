"""A match held in memory: its game, every state so far, its seats and its listeners.

The database holds the truth (the record); a `LiveMatch` is rebuilt from it with
`ludoteca.replay` and then kept in step with it by the hub, which changes it only after the
change is committed.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import hmac
from dataclasses import dataclass, field
from typing import Any

from ludoteca.bots import Bot, make_bot
from ludoteca.core import JSON, Game, Seat, make_record
from ludoteca.server.clocks import Clock, after_action
from ludoteca.server.errors import ApiError
from ludoteca.server.schemas import (
    ClockInfo,
    MatchResult,
    MatchSummary,
    Message,
    SeatInfo,
    View,
)
from ludoteca.server.tables import MatchRow, MessageRow
from ludoteca.server.undo import may_undo

RECENT_MESSAGES = 200
"""Messages of a match kept in memory and sent to a socket when it connects."""
HIDDEN_OPTIONS = ("num_players",)
MAX_BACKLOG = 64
"""Messages queued for one socket before the older ones are dropped."""
"""Options shown as `players` instead."""


def hash_token(token: str) -> str:
    """Return the stored form of a seat token (SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def iso(moment: dt.datetime) -> str:
    """Return an ISO 8601 UTC timestamp ending in Z."""
    return moment.astimezone(dt.UTC).isoformat().replace("+00:00", "Z")


def clock_info(stored: dict[str, Any] | None) -> ClockInfo | None:
    """Return the public form of a stored clock (None: no time control)."""
    if stored is None:
        return None
    clock = Clock.from_json(stored)
    control, deadline = clock.control, clock.deadline()
    return ClockInfo(
        mode=control.mode,
        seconds=control.seconds if control.mode == "move" else None,
        minutes=control.minutes if control.mode == "game" else None,
        increment=control.increment if control.mode == "game" else None,
        remaining=list(clock.remaining), running=clock.running,
        since=None if clock.since is None else iso(clock.since),
        deadline=None if deadline is None else iso(deadline),
    )


def public_options(options: dict[str, JSON]) -> dict[str, JSON]:
    """Return the options a client sees (the player count is its own field)."""
    return {key: value for key, value in options.items() if key not in HIDDEN_OPTIONS}


@dataclass
class SeatState:
    """A seat in memory, with the hash of its token when claimed.

    An unclaimed human seat with a token hash is reserved: it is a rematch seat kept for the
    player who held it in the previous match, and the hash is that of their token there.
    """

    seat: Seat
    type: str
    bot: str | None = None
    name: str | None = None
    claimed: bool = False
    token_hash: str | None = None
    replaced: bool = False
    """A person's seat that a bot plays (type "bot") until the person takes it back."""
    votes: list[Seat] = field(default_factory=list)
    """The seats that voted to give this seat to a bot."""
    present: bool = False
    """A page holding the seat has the match's socket open (not stored)."""

    @property
    def reserved(self) -> bool:
        """Return True if the seat waits for its player of the previous match."""
        return not self.claimed and self.token_hash is not None

    def info(self) -> SeatInfo:
        """Return the public description of the seat."""
        return SeatInfo(
            seat=self.seat, type="bot" if self.type == "bot" else "human",
            bot=self.bot, name=self.name, claimed=self.claimed, reserved=self.reserved,
            replaced=self.replaced, present=self.present, votes=self.votes,
        )


@dataclass
class MatchInfo:
    """Everything about a match except its states: the summary and the record header."""

    match_id: str
    game: str
    players: int
    options: dict[str, JSON]
    seed: int
    rules_version: str
    hotseat: bool
    seats: list[SeatState]
    created_at: dt.datetime
    updated_at: dt.datetime
    status: str = "open"
    state_id: int = 0
    undos: int = 0
    """How many actions were taken back so far (tables.MatchRow.undos)."""
    current_player: Seat | None = None
    result: dict[str, Any] | None = None
    rematch_id: str | None = None
    clock: dict[str, Any] | None = None
    """The stored clock (server/clocks.py `Clock.to_json`); None: no time control."""
    deadline: dt.datetime | None = None

    @classmethod
    def from_row(cls, row: MatchRow) -> MatchInfo:
        """Return the match described by a stored row (with its seats)."""
        return cls(
            match_id=row.id, game=row.game, players=row.players, options=dict(row.options),
            seed=row.seed, rules_version=row.rules_version, hotseat=row.hotseat,
            seats=[
                SeatState(
                    s.seat, s.type, s.bot, s.name, s.claimed, s.token_hash,
                    replaced=bool(s.replaced), votes=list(s.votes or []),
                )
                for s in row.seats
            ],
            created_at=row.created_at, updated_at=row.updated_at, status=row.status,
            state_id=row.state_id, undos=row.undos, current_player=row.current_player,
            result=row.result,
            rematch_id=row.rematch_id, clock=row.clock, deadline=row.deadline,
        )

    def summary(self) -> MatchSummary:
        """Return the public summary of the match."""
        return MatchSummary(
            match_id=self.match_id, game=self.game, players=self.players,
            options=public_options(self.options), status=self.status,  # type: ignore[arg-type]
            seats=[seat.info() for seat in self.seats], state_id=self.state_id,
            current_player=self.current_player, hotseat=self.hotseat,
            created_at=iso(self.created_at), updated_at=iso(self.updated_at),
            result=MatchResult(**self.result) if self.result else None,
            rematch_id=self.rematch_id, clock=clock_info(self.clock),
        )

    def empty_seats(self) -> list[Seat]:
        """Return the human seats nobody has claimed yet (free, or reserved for a rematch)."""
        return [s.seat for s in self.seats if s.type == "human" and not s.claimed]


def message_of_row(row: MessageRow) -> Message:
    """Return the public form of a stored message."""
    return Message(
        id=row.id, kind=row.kind, seat=row.seat, name=row.name, text=row.text,
        params=row.params, step=row.step, at=iso(row.created_at),
    )


@dataclass(eq=False)
class Subscriber:
    """One WebSocket listener: the seat it watches as (None: spectator) and its outbox."""

    seat: Seat | None
    queue: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    last_view: str | None = None
    """The last view put in the outbox: a match's copy rebuilt while the socket listened sends
    its view only if it differs (server/match_cache.py)."""

    def put(self, payload: str) -> None:
        """Put `payload` in the outbox; a listener far behind loses what it had queued (each
        view is complete, and it reads the messages it missed with GET messages)."""
        if self.queue.qsize() >= MAX_BACKLOG:
            while not self.queue.empty():
                self.queue.get_nowait()
        self.queue.put_nowait(payload)

    def put_view(self, view: str) -> None:
        """Put a view (JSON) in the outbox."""
        self.last_view = view
        self.put(view)


@dataclass(eq=False)
class LiveMatch:
    """A match in memory: game, states (index = state_id), seats, lock and listeners.

    A match that waits for its players (status open) has no state at all: its game begins,
    from the seed chosen at creation, when the last human seat is claimed or a player starts it.
    """

    info: MatchInfo
    game: Game[Any, Any]
    states: list[Any]
    actions: list[str]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    owner: str | None = None
    """The client address that made the match: its bots take turns with those of other
    addresses (server/bots.py). Kept in memory only: a copy loaded from the database (after a
    restart, or on another process) has none, and its bots queue as the match's own."""
    presence_task: asyncio.Task[None] | None = None
    """Publishes the seats' presence a moment after a socket came or went
    (server/seat_presence.py)."""
    elsewhere: dict[str, tuple[frozenset[Seat], float]] = field(default_factory=dict)
    """With other processes: the seats with a socket open on each (by its name in the events),
    and when it last said so (`time.monotonic`)."""
    commits: set[asyncio.Future[str]] = field(default_factory=set)
    """Commits of this match under way (one may outlive its request: playing.act)."""
    announced: frozenset[Seat] = frozenset()
    """The seats with a socket open here that this process last told the others of."""
    messages: list[Message] = field(default_factory=list)
    """The last RECENT_MESSAGES messages, oldest first."""
    _bots: dict[Seat, Bot] = field(default_factory=dict)
    _summary: MatchSummary | None = None
    # The current view of each seat, and its JSON for HTTP and for the socket: an observation
    # is computed once per state and seat however many clients ask.
    _views: dict[Seat | None, View] = field(default_factory=dict)
    _texts: dict[Seat | None, str] = field(default_factory=dict)

    @property
    def match_id(self) -> str:
        """Return the match id."""
        return self.info.match_id

    @property
    def started(self) -> bool:
        """Return True once the game has begun (its initial state exists)."""
        return bool(self.states)

    def require_started(self) -> None:
        """Raise ApiError not_started while the match waits for its players (it has no state)."""
        if not self.states:
            raise ApiError(
                "not_started",
                "the match has not started: it waits until every seat is taken or a player "
                "starts it with bots in the empty seats",
            )

    @property
    def state(self) -> Any:
        """Return the current state; ApiError not_started while the match waits for players."""
        self.require_started()
        return self.states[-1]

    @property
    def state_id(self) -> int:
        """Return the number of actions applied so far."""
        return len(self.actions)

    @property
    def finished(self) -> bool:
        """Return True when the game is over."""
        return self.started and self.game.is_terminal(self.state)

    def changed(self) -> None:
        """Forget the cached summary and views after the match changed."""
        self._summary = None
        self._views.clear()
        self._texts.clear()

    def summary(self) -> MatchSummary:
        """Return the public summary (cached until the next change)."""
        if self._summary is None:
            self._summary = self.info.summary()
        return self._summary

    def seat_of_token(self, token: str) -> Seat:
        """Return the seat a token plays; ApiError bad_token if it plays none of this match."""
        digest = hash_token(token)
        for seat in self.info.seats:
            # A reserved seat holds the hash of a token of the previous match: not a player yet.
            if (
                seat.claimed
                and seat.token_hash is not None
                and hmac.compare_digest(seat.token_hash, digest)
            ):
                return seat.seat
        raise ApiError("bad_token", "this token does not belong to any seat of this match")

    def viewer(self, token: str | None) -> Seat | None:
        """Return the seat of an optional token: None (spectator) without one."""
        return None if token is None else self.seat_of_token(token)

    def bot_to_move(self) -> Seat | None:
        """Return the seat to move if a bot plays it, else None (also once the match expired)."""
        if self.info.status == "expired" or not self.started:
            return None
        seat = self.game.current_player(self.state)
        if seat is None or self.info.seats[seat].type != "bot":
            return None
        return int(seat)

    def bot_name(self, seat: Seat) -> str:
        """Return the name of the bot that plays `seat` (random if the seat names none)."""
        return self.info.seats[seat].bot or "random"

    def bot(self, seat: Seat) -> Bot:
        """Return the bot that plays `seat` (made on first use)."""
        if seat not in self._bots:
            self._bots[seat] = make_bot(self.bot_name(seat), self.game)
        return self._bots[seat]

    def view(self, seat: Seat | None, step: int | None = None) -> View:
        """Return what `seat` sees now, or after `step` actions (the replay viewer)."""
        if step is None or step == self.state_id:
            view = self._views.get(seat)
            if view is None:
                view = self._views[seat] = self._make_view(seat, self.state_id)
            return view
        return self._make_view(seat, step)

    def view_json(self, seat: Seat | None) -> str:
        """Return the current view of `seat` as JSON (for HTTP and the socket alike)."""
        text = self._texts.get(seat)
        if text is None:
            text = self._texts[seat] = self.view(seat).model_dump_json()
        return text

    def _make_view(self, seat: Seat | None, step: int) -> View:
        return View.model_construct(
            match=self.summary(), seat=seat, state_id=self.state_id, step=step,
            observation=self.game.observation(self.states[step], seat) if self.started else None,
            can_undo=step == self.state_id and may_undo(self, seat),
        )

    def record(self) -> dict[str, JSON]:
        """Return the game record (seed, options and action texts)."""
        return make_record(self.game, self.info.seed, self.actions)

    def columns_after(
        self, state: Any, state_id: int, now: dt.datetime, seats: list[SeatState] | None = None
    ) -> dict[str, Any]:
        """Return the stored summary columns of the match once it reaches `state` (with `seats`,
        default its seats now: only a person's turn runs a clock)."""
        result = None
        if self.game.is_terminal(state):
            result = {
                "returns": list(self.game.returns(state)),
                "scores": list(self.game.scores(state)),
            }
        to_move = self.game.current_player(state)
        columns: dict[str, Any] = {
            "status": "finished" if result is not None else "running",
            "state_id": state_id,
            "current_player": to_move,
            "result": result,
            "updated_at": now,
        }
        clock = self.clock()
        if clock is not None:
            timed = columns["status"] == "running" and to_move is not None and (
                (seats or self.info.seats)[to_move].type == "human"
            )
            actor = self.to_move() if state_id > self.state_id else None
            columns.update(self.clock_columns(after_action(clock, actor, to_move, timed, now)))
        return columns

    def to_move(self) -> Seat | None:
        """Return the seat to move now (None before the start and at the end)."""
        return self.game.current_player(self.state) if self.started else None

    def clock(self) -> Clock | None:
        """Return the match's clock (None: no time control)."""
        return None if self.info.clock is None else Clock.from_json(self.info.clock)

    def clock_columns(self, clock: Clock | None) -> dict[str, Any]:
        """Return the stored columns of `clock`: its JSON and the running seat's deadline."""
        if clock is None:
            return {"clock": None, "deadline": None}
        return {"clock": clock.to_json(), "deadline": clock.deadline()}

    def add_message(self, message: Message) -> None:
        """Remember a stored message (only the last RECENT_MESSAGES are kept)."""
        self.messages.append(message)
        del self.messages[:-RECENT_MESSAGES]

    def messages_json(self) -> str:
        """Return the socket's backlog message: `{"type": "messages", "messages": [...]}`."""
        items = ",".join(message.model_dump_json() for message in self.messages)
        return f'{{"type":"messages","messages":[{items}]}}'

    def begin(self, state: Any, columns: dict[str, Any]) -> None:
        """Start the game at its initial `state` (committed, with its summary `columns`)."""
        self.states = [state]
        for key, value in columns.items():
            setattr(self.info, key, value)
        self.changed()

    def push(self, state: Any, text: str, columns: dict[str, Any]) -> None:
        """Append an accepted (and committed) action and its state."""
        self.states.append(state)
        self.actions.append(text)
        for key, value in columns.items():
            setattr(self.info, key, value)
        self.changed()
