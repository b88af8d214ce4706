"""Time controls of a match: pure functions over a clock value (no I/O, `now` is passed in).

A match's time control is chosen at creation: none, per move (each turn must end within S
seconds of its start) or a game clock (M minutes per seat in all, plus I seconds each time the
turn passes on). A turn is the run of consecutive actions of one seat. Only human seats of a
running match have a clock; a bot's turn, an open match and a finished one run none.

    action by the seat whose turn runs ──► game clock: its remaining time loses the time since
                                           `since`; `since` becomes now
    the turn passes to another seat    ──► game clock: the increment is added to the seat that
                                           finished; the next human seat's turn starts now

The clock is stored as JSON in the match row (`to_json`), beside the `deadline` column: the
moment the seat whose turn runs is out of time, which the clock sweep (server/clock_sweep.py)
looks for.

A seat out of time is played by a bot; the person may take it back once the bot has played
that turn, never during it (a return does not restart a clock that ran out). On a game clock
the returning seat gets at least RETURN_SECONDS, at most once per turn of its own (`granted`).
The clock counts each seat's time-outs (`timeouts`): at MAX_TIMEOUTS the bot keeps the seat
for the rest of the match, so a player cannot stall the others turn after turn.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any, Literal

from ludoteca.core import Seat

Mode = Literal["move", "game"]
RETURN_SECONDS = 60.0
"""Game clock: a person who takes their seat back with less time than this gets this much (once
per turn of theirs)."""
MAX_TIMEOUTS = 3
"""A seat that runs out of time this often in a match is played by a bot to its end."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """The control chosen at creation: per move (`seconds`) or a game clock (`minutes`,
    `increment` seconds)."""

    mode: Mode
    seconds: int = 0
    minutes: int = 0
    increment: int = 0

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TimeControl:
        """Return the control described by `{"mode", "seconds"}` or `{"mode", "minutes",
        "increment"}`."""
        if data["mode"] == "move":
            return cls("move", seconds=int(data["seconds"]))
        return cls("game", minutes=int(data["minutes"]), increment=int(data.get("increment", 0)))

    def to_json(self) -> dict[str, Any]:
        """Return the control as the request gave it."""
        if self.mode == "move":
            return {"mode": "move", "seconds": self.seconds}
        return {"mode": "game", "minutes": self.minutes, "increment": self.increment}

    @property
    def budget(self) -> float:
        """Return a seat's time at the start, in seconds (per move: the time of each turn)."""
        return float(self.seconds if self.mode == "move" else self.minutes * 60)


@dataclass(frozen=True, slots=True)
class Clock:
    """The clocks of a match: each seat's remaining time and the turn that runs, if any.

    `remaining[seat]` is in seconds. Per move it is the time of a whole turn (it never
    changes); on a game clock it is what the seat had when its turn started or its last
    action was charged (`since`). `running` is the seat whose turn runs (None: nobody's).
    `granted`: the seats given RETURN_SECONDS since their last turn ended. `timeouts[seat]`:
    how often the seat ran out of time (empty: never any seat, as stored before it counted).
    """

    control: TimeControl
    remaining: tuple[float, ...]
    running: Seat | None = None
    since: dt.datetime | None = None
    granted: frozenset[Seat] = frozenset()
    timeouts: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Return the stored form (JSON)."""
        return {
            "control": self.control.to_json(),
            "remaining": list(self.remaining),
            "running": self.running,
            "since": None if self.since is None else self.since.isoformat(),
            "granted": sorted(self.granted),
            "timeouts": list(self.timeouts),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Clock:
        """Return the clock of its stored form (one stored before `granted` and `timeouts`
        existed has none)."""
        since = data.get("since")
        return cls(
            control=TimeControl.from_json(data["control"]),
            remaining=tuple(float(value) for value in data["remaining"]),
            running=data.get("running"),
            since=None if since is None else dt.datetime.fromisoformat(since),
            granted=frozenset(int(seat) for seat in data.get("granted", ())),
            timeouts=tuple(int(count) for count in data.get("timeouts", ())),
        )

    def timeouts_of(self, seat: Seat) -> int:
        """Return how often `seat` ran out of time in this match."""
        return self.timeouts[seat] if seat < len(self.timeouts) else 0

    def kept_by_bot(self, seat: Seat) -> bool:
        """Return True if `seat` ran out of time MAX_TIMEOUTS times: a bot plays it to the end."""
        return self.timeouts_of(seat) >= MAX_TIMEOUTS

    def deadline(self) -> dt.datetime | None:
        """Return the moment the seat whose turn runs is out of time (None: no turn runs)."""
        if self.running is None or self.since is None:
            return None
        return self.since + dt.timedelta(seconds=self.remaining[self.running])

    def left(self, seat: Seat, now: dt.datetime) -> float:
        """Return the seconds `seat` has left at `now` (never below 0)."""
        if seat != self.running or self.since is None:
            return max(0.0, self.remaining[seat])
        return max(0.0, self.remaining[seat] - (now - self.since).total_seconds())


def new_clock(control: TimeControl, players: int) -> Clock:
    """Return the clock of a new match: every seat's full time, no turn running."""
    return Clock(control, (control.budget,) * players)


def charge(clock: Clock, now: dt.datetime) -> Clock:
    """Return `clock` with the time since `since` taken off the running seat (a game clock).

    Per move nothing is charged: the turn's start stays its start, whatever the seat does.
    """
    if clock.control.mode != "game" or clock.running is None or clock.since is None:
        return clock
    spent = (now - clock.since).total_seconds()
    remaining = list(clock.remaining)
    remaining[clock.running] = max(0.0, remaining[clock.running] - spent)
    return replace(clock, remaining=tuple(remaining), since=now)


def stop(clock: Clock, now: dt.datetime) -> Clock:
    """Return `clock` with the running turn charged and stopped (no increment: it did not end
    by an action)."""
    return replace(charge(clock, now), running=None, since=None)


def after_action(
    clock: Clock, actor: Seat | None, to_move: Seat | None, timed: bool, now: dt.datetime
) -> Clock:
    """Return the clock after `actor` acted at `now` and `to_move` is to move.

    `timed` says whether `to_move`'s turn runs a clock (a human seat of a running match).
    `actor` None: nobody acted (the match was made or started, or a seat changed hands).
    """
    if actor is not None and to_move != actor:  # the actor's turn ends (whoever played it)
        clock = replace(clock, granted=clock.granted - {actor})
    if actor is not None and actor == clock.running:
        clock = charge(clock, now)
        if to_move == actor and timed:
            return clock  # the same turn goes on
        clock = _add_increment(clock, actor)
    if not timed or to_move is None:
        return replace(clock, running=None, since=None)
    if clock.running == to_move:
        return clock  # nobody acted in between: the turn's start stays
    return replace(clock, running=to_move, since=now)


def time_out(clock: Clock, seat: Seat, now: dt.datetime) -> Clock:
    """Return the clock when `seat`, whose turn runs, has run out of time: stopped, and the
    seat's time-out counted."""
    timeouts = [clock.timeouts_of(s) for s in range(len(clock.remaining))]
    timeouts[seat] += 1
    return replace(stop(clock, now), timeouts=tuple(timeouts))


def grant_return(clock: Clock, seat: Seat) -> Clock:
    """Return the clock when a person takes back `seat` while another seat is to move: on a
    game clock, at least RETURN_SECONDS for its next turn, unless granted since its last turn.

    The turn of `seat` must not run: a return never restarts a clock that ran out.
    """
    if clock.control.mode != "game" or seat in clock.granted or seat == clock.running:
        return clock
    remaining = list(clock.remaining)
    remaining[seat] = max(remaining[seat], RETURN_SECONDS)
    return replace(clock, remaining=tuple(remaining), granted=clock.granted | {seat})


def _add_increment(clock: Clock, seat: Seat) -> Clock:
    """Return `clock` with the game clock's increment added to `seat` (ending its turn)."""
    if clock.control.mode != "game" or not clock.control.increment:
        return clock
    remaining = list(clock.remaining)
    remaining[seat] += clock.control.increment
    return replace(clock, remaining=tuple(remaining))

