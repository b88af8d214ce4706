"""Keezen positions and log lines as text (sections 7.2 and 7.3)."""

from __future__ import annotations

import re

from ludoteca.core.errors import InvalidActionError
from ludoteca.games.keezen.actions import action_text
from ludoteca.games.keezen.board import EMPTY, HOME_SLOTS, PAWNS_PER_COLOUR, Board, Colour, Loc
from ludoteca.games.keezen.cards import RANK_OF_TEXT, Rank, hand_text
from ludoteca.games.keezen.state import DealEvent, DiscardEvent, EndEvent, Event, PlayEvent

_GROUP_RE = re.compile(r"([0-9]+):([^,\s]+),([^,\s]+),([^,\s]+),([^,\s]+)")


def position_text(board: Board, pawns: tuple[tuple[Loc, ...], ...]) -> str:
    """Return a position as `0:5,12,h3,s 1:s,s,s,s …` (track ascending, home, then start)."""
    groups = []
    for colour, locs in enumerate(pawns):
        texts = []
        for loc in locs:
            if board.is_track(loc):
                texts.append(str(loc))
            elif board.is_home(loc):
                texts.append(f"h{(loc - board.home_base) % HOME_SLOTS}")
            else:
                texts.append("s")
        groups.append(f"{colour}:{','.join(texts)}")
    return " ".join(groups)


def parse_position(board: Board, text: str) -> tuple[tuple[Loc, ...], ...]:
    """Return the sorted pawn locations per colour of a position text; ValueError if invalid."""
    groups = text.split()
    if len(groups) != board.num_players:
        raise ValueError(f"a position lists {board.num_players} seats, got {len(groups)}: {text!r}")
    pawns: list[tuple[Loc, ...]] = []
    taken: set[Loc] = set()
    for colour, group in enumerate(groups):
        match = _GROUP_RE.fullmatch(group)
        if match is None or int(match.group(1)) != colour:
            raise ValueError(f"group {colour} of the position should read '{colour}:a,b,c,d'")
        locs = []
        for token in match.groups()[1:]:
            loc = _parse_loc(board, colour, token)
            if loc in taken:
                raise ValueError(f"two pawns on {board.loc_text(loc)} in {text!r} (K22)")
            if not board.is_start_area(loc):
                taken.add(loc)
            locs.append(loc)
        pawns.append(tuple(sorted(locs)))
    return tuple(pawns)


def _parse_loc(board: Board, colour: Colour, token: str) -> Loc:
    if token == "s":
        return board.start_area(colour)
    if re.fullmatch(r"h[0-3]", token):
        return board.home_slot(colour, int(token[1]))
    if re.fullmatch(r"0|[1-9][0-9]*", token) and int(token) < board.track_length:
        return int(token)
    raise ValueError(f"{token!r} is not a square, home slot or 's' on this board")


def squares_of(board: Board, pawns: tuple[tuple[Loc, ...], ...]) -> tuple[Colour, ...]:
    """Return the occupant of every track square and home slot for these pawn locations."""
    squares = [EMPTY] * board.start_base
    for colour, locs in enumerate(pawns):
        if len(locs) != PAWNS_PER_COLOUR:
            raise ValueError(f"colour {colour} has {len(locs)} pawns, not {PAWNS_PER_COLOUR}")
        for loc in locs:
            if board.is_start_area(loc):
                if loc != board.start_area(colour):
                    raise ValueError(f"a pawn of colour {colour} waits in another start area")
                continue
            if board.is_home(loc) and board.home_owner(loc) != colour:
                raise ValueError(f"a pawn of colour {colour} stands in another colour's home lane")
            if squares[loc] != EMPTY:
                raise ValueError(f"two pawns on {board.loc_text(loc)} (K22)")
            squares[loc] = colour
    return tuple(squares)


def parse_hand(text: str) -> tuple[Rank, ...]:
    """Return the ranks of a hand written `A,3,3,7,Q` (empty text: no cards), sorted."""
    if not text.strip():
        return ()
    try:
        return tuple(sorted(RANK_OF_TEXT[token.strip()] for token in text.split(",")))
    except KeyError as error:
        raise InvalidActionError(f"{error.args[0]!r} is not a card rank (A 2 … 10 J Q K)") from None


def event_line(board: Board, event: Event, viewer: int | None, omniscient: bool = False) -> str:
    """Return the log line of an event (section 7.3), hiding hands `viewer` may not see."""
    if isinstance(event, DealEvent):
        hands = " ".join(
            f"{seat}={hand_text(hand) if omniscient or seat == viewer else '?'}"
            for seat, hand in enumerate(event.hands)
        )
        return f"deal {event.deal} dealer {event.dealer} hands {hands}"
    if isinstance(event, PlayEvent):
        return f"P{event.seat} {action_text(board, event.action)}"
    if isinstance(event, DiscardEvent):
        return f"P{event.seat} discard ({hand_text(event.cards)})"
    if isinstance(event, EndEvent):
        return "win " + ",".join(map(str, event.winners)) if event.winners else "draw"
    raise TypeError(f"not a Keezen event: {event!r}")
