"""The Elfenland state: an immutable snapshot of the table, and the events of its log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, TypeAlias

from ludoteca.core.engine import SegmentedState, legal_cache
from ludoteca.core.enums import CodeIntEnum
from ludoteca.core.game import Seat
from ludoteca.games.elfenland.actions import ElfAction
from ludoteca.games.elfenland.board import Kind, Town
from ludoteca.games.elfenland.cards import Cards

NONE = -1
"""No counter, no obstacle, no seat: the empty value of the per-edge and display tuples."""
UNKNOWN = -2
"""A hidden value masked out of a resampled state's log (never shown to anyone)."""



class Phase(CodeIntEnum):
    """Where the round stands (E8): the rulebook's phase number, or OVER (0) for a finished game.

    Only phases 3–6 have decisions, so only they are states; phases 1 and 2 (cards and secret
    counters) run inside `apply`.
    """

    OPEN_PICKS = 3
    PLACEMENT = 4
    MOVEMENT = 5
    ROUND_END = 6
    OVER = 0


class PhaseWords(NamedTuple):
    """How observations, the board text and error messages speak of a phase."""

    name: str
    """The short name in observations and the board text."""
    doing: str
    """The phase with what its seats do, as error messages put it."""


PHASE_WORDS: dict[Phase, PhaseWords] = {
    Phase.OPEN_PICKS: PhaseWords("open counters", "phase 3 (take or draw a counter)"),
    Phase.PLACEMENT: PhaseWords(
        "place counters", "phase 4 (place a counter or the obstacle, or pass)"
    ),
    Phase.MOVEMENT: PhaseWords("visit towns", "phase 5 (move the boot or end)"),
    Phase.ROUND_END: PhaseWords("end of round", "phase 6 (keep 4 cards, then 1 counter)"),
    Phase.OVER: PhaseWords("over", "the end of the game"),
}
"""The one table of phase words; every phase has an entry."""


class RoundEvent(NamedTuple):
    """A round began with this start player (E39)."""

    round: int
    start: Seat


class RefillEvent(NamedTuple):
    """Phase 1: a seat drew cards up to 8 (the cards are seen by that seat only, E43)."""

    seat: Seat
    number: int
    cards: Cards


class ReshuffleEvent(NamedTuple):
    """The discard pile was shuffled into a new draw pile (E11)."""

    number: int


class SecretDrawEvent(NamedTuple):
    """Phase 2: a seat drew a secret counter (its kind seen by that seat only)."""

    seat: Seat
    counter: Kind


class PickEvent(NamedTuple):
    """Phase 3: `take` from a display slot (refilled with `refill`) or a blind `draw` (slot 0)."""

    seat: Seat
    slot: int
    counter: Kind
    refill: Kind


class ActionEvent(NamedTuple):
    """A public decision of phases 4 and 5: place, obstacle, pass, move or end."""

    seat: Seat
    action: ElfAction
    town: Town
    """For `move`, the town reached; else the boot's town."""
    piece: bool
    """True if a `move` collected a town piece (E30)."""


class KeepCardsEvent(NamedTuple):
    """A seat kept 4 cards (kept: seen by that seat only) and discarded the rest face up."""

    seat: Seat
    kept: Cards
    discarded: Cards


class KeepCounterEvent(NamedTuple):
    """A seat kept one counter (a secret one stays secret) and discarded the others (E36)."""

    seat: Seat
    counter: Kind
    secret: bool
    open_discarded: tuple[int, ...]
    secret_discarded: int


class ClearEvent(NamedTuple):
    """E38: the board was cleared and `number` counters were shuffled into the supply."""

    number: int


class GameEndEvent(NamedTuple):
    """The game ended (E33/E34): pieces and hand sizes per seat, and the ranks (E41, E42)."""

    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    ranks: tuple[int, ...]


Event: TypeAlias = (
    RoundEvent | RefillEvent | ReshuffleEvent | SecretDrawEvent | PickEvent | ActionEvent
    | KeepCardsEvent | KeepCounterEvent | ClearEvent | GameEndEvent
)
EVENT_TYPES: dict[str, type] = {
    "round": RoundEvent, "refill": RefillEvent, "reshuffle": ReshuffleEvent,
    "secret": SecretDrawEvent, "pick": PickEvent, "action": ActionEvent,
    "keep-cards": KeepCardsEvent, "keep-counter": KeepCounterEvent, "clear": ClearEvent,
    "end": GameEndEvent,
}


@dataclass(frozen=True, slots=True)
class ElfenlandState(SegmentedState[Event]):
    """Everything about an Elfenland game at one moment.

    Hands and held counters are count vectors (a hand is a multiset, §1). Per-edge tuples have
    49 entries so that an edge id is its own index (entry 0 is unused). `legal` caches the
    legal actions: it is no constructor field, so a state made by `replace` or by hand starts
    without it and `legal_actions` computes it on first use (it can never be stale).
    """

    seed: int
    """Seed of future chance: reshuffle k uses event_rng(seed, 'cards', k), E38 of round r
    uses event_rng(seed, 'counters', r)."""
    round: int
    phase: Phase
    start: Seat
    """The start player of this round."""
    current: Seat | None
    """The seat to act, or None once the game is over."""
    step: int
    """Phase 3: picks made so far; phases 5 and 6: position in turn order of the acting seat."""
    passes: int
    """Phase 4: consecutive passes so far (E21)."""
    discarding: bool
    """Phase 5 under hand_limit_timing='after_move': the current seat ended and must keep 4."""
    boots: tuple[Town, ...]
    visited: tuple[int, ...]
    """Per seat, a bit mask of the towns whose piece it has collected."""
    hands: tuple[Cards, ...]
    draw_pile: tuple[Kind, ...]
    """Top card first (hidden from everyone)."""
    discards: Cards
    """The face-up discard pile (public, E43)."""
    reshuffles: int
    supply: tuple[Kind, ...]
    """Face-down counters, top first (hidden from everyone)."""
    display: tuple[Kind, ...]
    """The five face-up counters by slot (NONE if a slot were ever empty, E15)."""
    open_counters: tuple[tuple[int, ...], ...]
    secret_counters: tuple[tuple[int, ...], ...]
    road_counter: tuple[Kind, ...]
    road_placer: tuple[Seat, ...]
    road_obstacle: tuple[Seat, ...]
    """Per edge, the seat whose obstacle lies there, or NONE."""
    has_obstacle: tuple[bool, ...]
    set_aside_open: tuple[int, ...]
    """E36 discards of open counters, waiting face down for E38 (their kinds are public)."""
    set_aside_secret: tuple[Kind, ...]
    """E36 discards of secret counters, waiting for E38 (hidden)."""
    ranks: tuple[int, ...]
    """Final ranks, 1 = first (E41, E42); empty until the game is over."""
    log: tuple[tuple[Event, ...], ...]
    """The game's events, one tuple per round (so appending stays cheap)."""
    legal: tuple[ElfAction, ...] | None = legal_cache()

    def pieces(self, seat: Seat) -> int:
        """Return the number of town pieces `seat` has collected (its score, E40)."""
        return self.visited[seat].bit_count()

    def held_counters(self, seat: Seat) -> int:
        """Return how many unplaced counters `seat` holds, open and secret (E13)."""
        return sum(self.open_counters[seat]) + sum(self.secret_counters[seat])
