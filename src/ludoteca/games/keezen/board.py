"""Keezen board geometry: the track ring, start squares, home lanes and start areas (section 3).

Locations are integers in one index space, so a square or slot is a single list index:

    0 … L-1              track squares; forward = increasing index mod L
    L + 4c + k           home slot k (0 = next to the track, 3 = deepest) of colour c
    L + 4N + c           start area of colour c (holds 0–4 pawns)

The 4-player board (L = 64, G = 16), seat 0 at the bottom, pawns moving clockwise:

                               seat 2
                   S2                           E3
                   32 ──► 33 ──► … ──► 46 ────► 47
                   ▲                            │
              E2   31                           48   S3
   seat 1          …      four home lanes       …      seat 3
              S1   16                           63   E0
                   ▲                            │
                   15 ◄── 14 ◄── … ◄── 1 ◄───── 0
                   E1                           S0
                               seat 0

A pawn of colour c walks its route by progress d: d = 0 is its start square S(c), d = L-1 the
home entry E(c) just before it, and d = L + k is home slot k.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TypeAlias

from ludoteca.core.game import Seat

Colour: TypeAlias = int
Loc: TypeAlias = int
"""A track square, home slot or start area in the single index space above."""

EMPTY: Colour = -1
PAWNS_PER_COLOUR = 4
HOME_SLOTS = 4
SEGMENT = 16
TRACK_LENGTHS_TWO_PLAYERS = (32, 64)


@dataclass(frozen=True, slots=True)
class Board:
    """The geometry of one board: seats, track length and the route of every colour."""

    num_players: int
    track_length: int
    routes: tuple[tuple[Loc, ...], ...] = field(init=False, repr=False)
    loc_texts: tuple[str, ...] = field(init=False, repr=False)
    """Notation of every location, indexed by location."""

    def __post_init__(self) -> None:
        routes = []
        for colour in range(self.num_players):
            start = self.start_square(colour)
            track = [(start + d) % self.track_length for d in range(self.track_length)]
            home = [self.home_slot(colour, k) for k in range(HOME_SLOTS)]
            routes.append(tuple(track + home))
        object.__setattr__(self, "routes", tuple(routes))
        texts = [str(square) for square in range(self.track_length)]
        texts += [f"h{c}.{k}" for c in range(self.num_players) for k in range(HOME_SLOTS)]
        texts += ["s"] * self.num_players
        object.__setattr__(self, "loc_texts", tuple(texts))

    @property
    def segment(self) -> int:
        """Return G, the number of track squares per seat."""
        return self.track_length // self.num_players

    @property
    def home_base(self) -> Loc:
        """Return the first home-slot location (slot 0 of colour 0)."""
        return self.track_length

    @property
    def start_base(self) -> Loc:
        """Return the start-area location of colour 0; colour c's is start_base + c."""
        return self.track_length + HOME_SLOTS * self.num_players

    @property
    def num_locations(self) -> int:
        """Return the number of locations: squares, home slots and start areas."""
        return self.start_base + self.num_players

    @property
    def last_progress(self) -> int:
        """Return the progress of home slot 3, the end of every route (L + 3)."""
        return self.track_length + HOME_SLOTS - 1

    def start_square(self, colour: Colour) -> Loc:
        """Return S(c), the track square where colour c enters."""
        return self.segment * colour

    def home_entry(self, colour: Colour) -> Loc:
        """Return E(c), the square from which colour c turns into its home lane."""
        return (self.start_square(colour) - 1) % self.track_length

    def home_slot(self, colour: Colour, slot: int) -> Loc:
        """Return the location of home slot `slot` of colour c."""
        return self.track_length + HOME_SLOTS * colour + slot

    def start_area(self, colour: Colour) -> Loc:
        """Return the location of colour c's start area."""
        return self.start_base + colour

    def partner(self, seat: Seat) -> Seat | None:
        """Return the partner opposite `seat`, or None in a 2-player game (K2)."""
        if self.num_players == 2:
            return None
        return (seat + self.num_players // 2) % self.num_players

    def team(self, seat: Seat) -> tuple[Seat, ...]:
        """Return the seats of `seat`'s team, in seat order."""
        mate = self.partner(seat)
        return (seat,) if mate is None else tuple(sorted((seat, mate)))

    def teams(self) -> tuple[tuple[Seat, ...], ...]:
        """Return every team, ordered by its lowest seat."""
        return tuple(sorted({self.team(seat) for seat in range(self.num_players)}))

    def is_track(self, loc: Loc) -> bool:
        """Return True for a track square."""
        return 0 <= loc < self.track_length

    def is_home(self, loc: Loc) -> bool:
        """Return True for a home slot."""
        return self.track_length <= loc < self.start_base

    def is_start_area(self, loc: Loc) -> bool:
        """Return True for a start area."""
        return self.start_base <= loc < self.num_locations

    def home_owner(self, loc: Loc) -> Colour:
        """Return the colour whose home lane holds slot `loc`."""
        return (loc - self.track_length) // HOME_SLOTS

    def progress(self, colour: Colour, loc: Loc) -> int:
        """Return the progress of location `loc` on colour c's route (section 3.4)."""
        if self.is_track(loc):
            return (loc - self.start_square(colour)) % self.track_length
        if self.is_home(loc) and self.home_owner(loc) == colour:
            return self.track_length + (loc - self.track_length) % HOME_SLOTS
        raise ValueError(f"location {self.loc_text(loc)} is not on colour {colour}'s route")

    def protected_owner(self, loc: Loc, squares: tuple[Colour, ...]) -> Colour | None:
        """Return the colour of the protected pawn on `loc`, or None if there is none (K27)."""
        if self.is_track(loc) and loc % self.segment == 0 and squares[loc] == loc // self.segment:
            return squares[loc]
        return None

    def loc_text(self, loc: Loc) -> str:
        """Return a location in action notation: `12`, `h1.3` or `s` (section 7.1)."""
        return self.loc_texts[loc]


@cache
def board_of(num_players: int, track_length: int) -> Board:
    """Return the board of this size, built once and shared by every game that uses it."""
    return Board(num_players, track_length)
