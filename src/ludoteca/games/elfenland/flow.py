"""The round's automatic steps and turn order (E8–E15, E21, E23, E32–E42), on a mutable draft.

`apply` copies a state into a `Draft`, carries out the action and then runs whatever happens
by itself until a seat must decide again: dealing cards, secret draws, display refills, the
end of a phase, the round's end and the next round. `Draft.freeze` makes the new state.
"""

from __future__ import annotations

from dataclasses import fields
from operator import attrgetter

from ludoteca.core.chance import event_rng, shuffled
from ludoteca.games.elfenland.actions import KEPT_CARDS
from ludoteca.games.elfenland.board import COUNTER_KINDS, Kind
from ludoteca.games.elfenland.cards import count, expand, plus
from ludoteca.games.elfenland.options import ElfenlandOptions
from ludoteca.games.elfenland.state import (
    MOVEMENT,
    NONE,
    OPEN_PICKS,
    OVER,
    PLACEMENT,
    ROUND_END,
    ClearEvent,
    ElfenlandState,
    Event,
    GameEndEvent,
    RefillEvent,
    ReshuffleEvent,
    RoundEvent,
    SecretDrawEvent,
)

HAND_SIZE = 8
COUNTER_HOLD_MAX = 5
OPEN_PICKS_PER_ROUND = 3
TOWNS_TO_COLLECT = 20

_FIELDS = tuple(f.name for f in fields(ElfenlandState) if f.name != "legal")
_VALUES = attrgetter(*_FIELDS)


class Draft:
    """A state being changed: the same fields, assignable, and a log of this round's events."""

    seed: int
    round: int
    phase: int
    start: int
    current: int | None
    step: int
    passes: int
    discarding: bool
    boots: tuple[int, ...]
    visited: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    draw_pile: tuple[int, ...]
    discards: tuple[int, ...]
    reshuffles: int
    supply: tuple[int, ...]
    display: tuple[int, ...]
    open_counters: tuple[tuple[int, ...], ...]
    secret_counters: tuple[tuple[int, ...], ...]
    road_counter: tuple[int, ...]
    road_placer: tuple[int, ...]
    road_obstacle: tuple[int, ...]
    has_obstacle: tuple[bool, ...]
    set_aside_open: tuple[int, ...]
    set_aside_secret: tuple[int, ...]
    ranks: tuple[int, ...]
    log: tuple[tuple[Event, ...], ...]

    def __init__(self, state: ElfenlandState) -> None:
        self.__dict__.update(zip(_FIELDS, _VALUES(state), strict=True))
        self.events: list[Event] = []

    def note(self, event: Event) -> None:
        """Add `event` to the current round's log."""
        self.events.append(event)

    def flush(self) -> None:
        """Append the events noted so far to the current round's log."""
        if self.events:
            self.log = (*self.log[:-1], (*self.log[-1], *self.events))
            self.events = []

    def freeze(self) -> ElfenlandState:
        """Return the state this draft describes (without its legal-action cache)."""
        self.flush()
        return ElfenlandState(*_VALUES(self))

    def set_hand(self, seat: int, hand: tuple[int, ...]) -> None:
        """Replace one seat's hand."""
        self.hands = (*self.hands[:seat], hand, *self.hands[seat + 1 :])

    def set_counters(self, seat: int, held: tuple[int, ...], secret: bool) -> None:
        """Replace one seat's open (or secret) unplaced counters."""
        if secret:
            rows = self.secret_counters
            self.secret_counters = (*rows[:seat], held, *rows[seat + 1 :])
        else:
            rows = self.open_counters
            self.open_counters = (*rows[:seat], held, *rows[seat + 1 :])


class Flow:
    """Turn order and automatic steps for one set of options."""

    def __init__(self, options: ElfenlandOptions) -> None:
        self.n = options.num_players
        self.rounds = options.rounds
        self.after_move = options.hand_limit_timing == "after_move"

    def seat_at(self, draft: Draft, step: int) -> int:
        """Return the seat at position `step` of the round's turn order (E2)."""
        return (draft.start + step) % self.n

    # -- a round's start: phases 1 to 3 ------------------------------------------------------------

    def begin_round(self, draft: Draft) -> None:
        """Open a new round log, deal cards (phase 1) and secret counters (phase 2)."""
        draft.flush()  # the events that ended the last round belong to it
        draft.log = (*draft.log, ())
        draft.note(RoundEvent(draft.round, draft.start))
        for step in range(self.n):
            self.refill(draft, self.seat_at(draft, step))
        for step in range(self.n):
            self.secret_draw(draft, self.seat_at(draft, step))
        draft.phase, draft.step, draft.current = OPEN_PICKS, 0, draft.start

    def refill(self, draft: Draft, seat: int) -> None:
        """E9, E11: draw until the seat holds 8, reshuffling the discards when the pile is out."""
        hand = draft.hands[seat]
        wanted = HAND_SIZE - sum(hand)
        drawn: list[Kind] = []
        while wanted > 0:
            if not draft.draw_pile:
                if not any(draft.discards):
                    break  # both piles empty: unreachable with 72 cards (E11)
                self.reshuffle(draft)
            take = min(wanted, len(draft.draw_pile))
            drawn.extend(draft.draw_pile[:take])
            draft.draw_pile = draft.draw_pile[take:]
            wanted -= take
        cards = count(drawn)
        draft.set_hand(seat, plus(hand, cards))
        draft.note(RefillEvent(seat, len(drawn), cards))

    def reshuffle(self, draft: Draft) -> None:
        """E11: the face-up discard pile becomes a new, shuffled draw pile."""
        rng = event_rng(draft.seed, "cards", draft.reshuffles)
        draft.draw_pile = shuffled(expand(draft.discards), rng)
        draft.discards = (0,) * 7
        draft.reshuffles += 1
        draft.note(ReshuffleEvent(len(draft.draw_pile)))

    def secret_draw(self, draft: Draft, seat: int) -> None:
        """E12: the seat takes the supply's top counter face down."""
        if not draft.supply:
            return  # unreachable: at least 31 counters remain here (E12)
        kind, draft.supply = draft.supply[0], draft.supply[1:]
        held = list(draft.secret_counters[seat])
        held[kind] += 1
        draft.set_counters(seat, tuple(held), secret=True)
        assert sum(held) + sum(draft.open_counters[seat]) <= COUNTER_HOLD_MAX, "E13"
        draft.note(SecretDrawEvent(seat, kind))

    # -- turn passing within phases 3 to 6 ---------------------------------------------------------

    def after_pick(self, draft: Draft) -> None:
        """E14: three laps of picks, then phase 4 from the start player."""
        draft.step += 1
        if draft.step < OPEN_PICKS_PER_ROUND * self.n:
            draft.current = self.seat_at(draft, draft.step)
            return
        draft.phase, draft.passes, draft.current = PLACEMENT, 0, draft.start

    def after_placement_turn(self, draft: Draft, passed: bool) -> None:
        """E21: phase 4 ends after n consecutive passes; else the next seat places."""
        assert draft.current is not None
        draft.passes = draft.passes + 1 if passed else 0
        if draft.passes < self.n:
            draft.current = (draft.current + 1) % self.n
            return
        draft.phase, draft.step, draft.current = MOVEMENT, 0, draft.start

    def after_movement_turn(self, draft: Draft) -> None:
        """E23, E35 option: after `end` (and an after-move discard), the next seat moves."""
        assert draft.current is not None
        hand = draft.hands[draft.current]
        if self.after_move and not draft.discarding and sum(hand) > KEPT_CARDS:
            draft.discarding = True
            return
        draft.discarding = False
        draft.step += 1
        if draft.step < self.n:
            draft.current = self.seat_at(draft, draft.step)
            return
        self.end_round(draft)

    # -- phase 6 -----------------------------------------------------------------------------------

    def end_round(self, draft: Draft) -> None:
        """E33, E34, then the first seat with a choice to make (E37), or straight to E38."""
        draft.phase = ROUND_END
        if any(visited.bit_count() >= TOWNS_TO_COLLECT for visited in draft.visited):
            self.end_game(draft)
            return
        if draft.round >= self.rounds:
            self.end_game(draft)
            return
        draft.step = -1
        self.next_chooser(draft)

    def next_chooser(self, draft: Draft) -> None:
        """E37: the next seat in turn order with a choice; seats with none are skipped."""
        while True:
            draft.step += 1
            if draft.step >= self.n:
                self.clear_board(draft)
                return
            seat = self.seat_at(draft, draft.step)
            if sum(draft.hands[seat]) > KEPT_CARDS or self.held(draft, seat) >= 2:
                draft.current = seat
                return

    def held(self, draft: Draft, seat: int) -> int:
        """Return the unplaced counters of `seat`."""
        return sum(draft.open_counters[seat]) + sum(draft.secret_counters[seat])

    def clear_board(self, draft: Draft) -> None:
        """E38 and E39: counters back into the supply, obstacles gone, next start player."""
        on_board = [kind for kind in draft.road_counter if kind != NONE]
        set_aside = expand(draft.set_aside_open) + list(draft.set_aside_secret)
        pool = [*draft.supply, *on_board, *set_aside]
        draft.supply = shuffled(pool, event_rng(draft.seed, "counters", draft.round))
        draft.note(ClearEvent(len(on_board) + len(set_aside)))
        empty = (NONE,) * len(draft.road_counter)
        draft.road_counter = draft.road_placer = draft.road_obstacle = empty
        draft.set_aside_open = (0,) * len(COUNTER_KINDS)
        draft.set_aside_secret = ()
        draft.start = (draft.start + 1) % self.n
        draft.round += 1
        self.begin_round(draft)

    def end_game(self, draft: Draft) -> None:
        """E40–E42: score the pieces, break ties by cards in hand, shared ranks skip places."""
        scores = tuple(visited.bit_count() for visited in draft.visited)
        sizes = tuple(sum(hand) for hand in draft.hands)
        keys = list(zip(scores, sizes, strict=True))
        draft.ranks = tuple(1 + sum(other > key for other in keys) for key in keys)
        draft.phase, draft.current = OVER, None
        draft.note(GameEndEvent(scores, sizes, draft.ranks))
