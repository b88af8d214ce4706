"""The automatic parts of play, on a draft: refills and reshuffles, the turn's points, the
close's rewards, the end of a turn and of the game (T13–T15, T32–T59)."""

from __future__ import annotations

from typing import Any, TypeAlias, cast

from ludoteca.core.chance import event_rng, shuffled
from ludoteca.core.draft import Draft, thaw
from ludoteca.core.game import Seat
from ludoteca.games.thurn_und_taxis.actions import OFFICIALS, TntAction, Verb
from ludoteca.games.thurn_und_taxis.board import Board, Cards, City
from ludoteca.games.thurn_und_taxis.moves import AT_POINT, next_carriage
from ludoteca.games.thurn_und_taxis.options import TntOptions
from ludoteca.games.thurn_und_taxis.state import (
    NONE,
    REASON_CARRIAGE,
    REASON_HOUSES,
    REASON_ROUND_LIMIT,
    CloseEvent,
    EndEvent,
    Event,
    Point,
    RefillEvent,
    ReshuffleEvent,
    TntState,
    TurnEvent,
)

TntDraft: TypeAlias = Draft[TntState]
CARTWRIGHT_INDEX = OFFICIALS.index(Verb.CARTWRIGHT)

SKIPPED: dict[Point, Point | None] = {
    Point.DRAW: Point.PLAY,
    Point.AFTER_ADMINISTRATOR: Point.PLAY,
    Point.AFTER_POSTMASTER: Point.PLAY,
    Point.AFTER_TAKE: Point.AFTER_PLAY,
    Point.PLAY: Point.AFTER_PLAY,
    Point.AFTER_PLAY: None,
    Point.AFTER_CARRIER: Point.AFTER_SECOND_PLAY,
    Point.AFTER_SECOND_PLAY: None,
    Point.AFTER_CARTWRIGHT: None,
    Point.AFTER_CLOSE: None,
}
"""Where a point with no legal action leads (§4.10); None ends the turn (T12)."""


def replaced(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """Return `values` with entry `index` set to `value`."""
    items = list(values)  # faster than slicing around the entry for these short tuples
    items[index] = value
    return tuple(items)


def added(cards: Cards, city: City, number: int = 1) -> Cards:
    """Return `cards` with `number` more cards of `city`."""
    items = list(cards)
    items[city] += number
    return tuple(items)


def open_draft(state: TntState) -> TntDraft:
    """Return a draft of `state` whose log is a list of rounds until `Flow.settle` freezes it.

    A random game lasts hundreds of rounds: rebuilding the tuple of rounds once per event
    cost more than the rules, so the draft copies it once on the way in and once out.
    """
    draft = thaw(state)
    draft.log = list(state.log)
    return draft


def note(draft: TntDraft, event: Event) -> None:
    """Append `event` to the current round's part of an open draft's log."""
    log = draft.log
    log[-1] = (*log[-1], event)


class Flow:
    """The automatic steps of one game's options, applied to drafts."""

    def __init__(self, board: Board, options: TntOptions) -> None:
        self.board = board
        self.options = options
        self.n = options.num_players

    # -- cards -------------------------------------------------------------------------------

    def reshuffle(self, draft: TntDraft) -> None:
        """Shuffle the whole discard pile (seeded) into a new face-down deck (T13, T17)."""
        cards = [city for city, count in enumerate(draft.discards) for _ in range(count)]
        draft.deck = shuffled(cards, event_rng(draft.seed, "reshuffle", draft.reshuffles))
        draft.reshuffles += 1
        draft.discards = (0,) * self.board.num_cities
        note(draft, ReshuffleEvent(len(cards)))

    def refill(self, draft: TntDraft) -> None:
        """Procedure R (T13): fill the empty slots 1–6 in order from the deck, reshuffling."""
        display = draft.display
        if NONE not in display:
            return
        slots = list(display)
        for slot in range(slots.index(NONE), len(slots)):
            if slots[slot] != NONE:
                continue
            if not draft.deck and any(draft.discards):
                self.reshuffle(draft)
            if draft.deck:
                slots[slot] = draft.deck[0]
                draft.deck = draft.deck[1:]
                note(draft, RefillEvent(slot + 1, slots[slot]))
        draft.display = tuple(slots)

    def remove_card(self, draft: TntDraft, seat: Seat, city: City) -> None:
        """Take one card of `city` from `seat`'s hand, a seen copy before a blind one (T8)."""
        hand = added(draft.hands[seat], city, -1)
        draft.hands = replaced(draft.hands, seat, hand)
        blind = draft.blind[seat]
        if blind[city] > hand[city]:
            draft.blind = replaced(draft.blind, seat, added(blind, city, -1))

    # -- the turn ----------------------------------------------------------------------------

    def settle(self, draft: TntDraft) -> TntState:
        """Pass every point with no legal action (§4.10) and return the frozen next state."""
        legal: list[TntAction] = []
        at_point, state = AT_POINT, cast(TntState, draft)
        board, blind_draw = self.board, self.options.blind_draw
        while (seat := draft.current) is not None:
            legal = at_point[draft.point](state, seat, board, blind_draw)
            if legal:
                break
            following = SKIPPED[draft.point]
            if following is None:
                self.end_turn(draft)
            else:
                draft.point = following
        draft.log = tuple(draft.log)
        frozen = draft.freeze()
        object.__setattr__(frozen, "legal", tuple(legal))
        return frozen

    def begin_turn(self, draft: TntDraft, seat: Seat) -> None:
        """Start `seat`'s turn: R runs (T14); an empty hand makes it forced-Postmaster (T20)."""
        draft.current = seat
        draft.point = Point.DRAW
        draft.official = NONE
        draft.played = 0
        note(draft, TurnEvent(draft.round, seat))
        self.refill(draft)
        draft.forced = not any(draft.hands[seat])

    def end_turn(self, draft: TntDraft) -> None:
        """End the turn; after the last seat's turn the game may end (T54, T55, §5)."""
        seat = draft.current
        if seat == self.n - 1:
            if draft.end_holder != NONE:
                self.finish(draft)
                return
            if draft.round >= self.options.last_round:
                draft.end_reason = REASON_ROUND_LIMIT
                self.finish(draft)
                return
            draft.round += 1
            draft.log.append(())
        self.begin_turn(draft, (seat + 1) % self.n)

    def trigger(self, draft: TntDraft, seat: Seat, reason: str) -> list[tuple[int, int]]:
        """T53: the first trigger takes the game-end tile; return the tile taken, if any."""
        if draft.end_holder != NONE:
            return []
        draft.end_holder = seat
        draft.end_reason = reason
        stack = self.board.game_end_stack
        draft.taken = added(draft.taken, stack)
        return [(stack, self.board.stacks[stack].values[0])]

    # -- closing -----------------------------------------------------------------------------

    def close(self, draft: TntDraft, seat: Seat, houses: int, text: str) -> None:
        """Carry out a close (T32): houses, tiles, carriage, route to the discard pile."""
        board = self.board
        route = draft.routes[seat]
        length = len(route)
        placed = houses.bit_count()
        draft.houses = replaced(draft.houses, seat, draft.houses[seat] | houses)
        supply = draft.supply[seat] - placed
        draft.supply = replaced(draft.supply, seat, supply)
        tiles: list[tuple[int, int]] = []
        if placed and supply == 0:
            tiles += self.trigger(draft, seat, REASON_HOUSES)
        tiles += self.take_tiles(draft, seat, length)
        carriage = 0
        wanted = next_carriage(board, draft.carriages[seat])
        reduction = board.cartwright_reduction if draft.official == CARTWRIGHT_INDEX else 0
        if wanted and length >= wanted - reduction:
            carriage = wanted
            draft.carriages = replaced(draft.carriages, seat, wanted)
            if wanted == board.last_carriage:
                tiles += self.trigger(draft, seat, REASON_CARRIAGE)
        discards = list(draft.discards)
        for city in route:
            discards[city] += 1
        draft.discards = tuple(discards)
        draft.routes = replaced(draft.routes, seat, ())
        draft.tiles = replaced(draft.tiles, seat, (*draft.tiles[seat], *tiles))
        note(draft, CloseEvent(seat, text, length, houses, tuple(tiles), carriage))

    def take_tiles(self, draft: TntDraft, seat: Seat, length: int) -> list[tuple[int, int]]:
        """T41–T47: the route-length tile (with fallback), region and outside-Baiern tiles."""
        board = self.board
        taken = list(draft.taken)
        tiles: list[tuple[int, int]] = []
        longest = board.stacks[board.length_stacks[0]].min_cards
        if length >= board.stacks[board.length_stacks[-1]].min_cards:
            first = longest - min(length, longest)
            for index in board.length_stacks[first:]:
                values = board.stacks[index].values
                if taken[index] < len(values):
                    tiles.append((index, values[taken[index]]))
                    taken[index] += 1
                    break
        held = {index for index, _ in draft.tiles[seat]}
        houses = draft.houses[seat]
        for index, stack in enumerate(board.stacks):
            if stack.kind not in ("region", "outside_baiern") or index in held:
                continue
            if taken[index] >= len(stack.values):
                continue
            if stack.kind == "region":
                reached = houses & stack.cities == stack.cities
            else:
                reached = all(houses & board.region_cities[region] for region in stack.regions)
            if reached:
                tiles.append((index, stack.values[taken[index]]))
                taken[index] += 1
        draft.taken = tuple(taken)
        return tiles

    # -- the end -----------------------------------------------------------------------------

    def scores(self, state: TntState | TntDraft) -> tuple[int, ...]:
        """T56, T57: highest carriage + all tiles − 1 per house left in the supply."""
        points = self.board.carriage_points
        return tuple(
            points.get(state.carriages[seat], 0)
            + sum(value for _, value in state.tiles[seat])
            - self.board.house_penalty * state.supply[seat]
            for seat in range(self.n)
        )

    def ranks(self, state: TntState | TntDraft) -> tuple[int, ...]:
        """T58, T59: rank by score; ties go to the holder, then clockwise from him.

        Without a holder (a game cut by round_limit) tied players share their rank (§5).
        """
        scores = self.scores(state)
        holder = state.end_holder
        if holder == NONE:
            return tuple(1 + sum(other > score for other in scores) for score in scores)
        ranks = [0] * self.n
        for place, seat in enumerate(rank_order(scores, holder)):
            ranks[seat] = place + 1
        return tuple(ranks)

    def finish(self, draft: TntDraft) -> None:
        """End the game: nobody acts any more; the ranks and the end event are recorded."""
        draft.current = None
        draft.point = Point.OVER
        draft.ranks = self.ranks(draft)
        note(draft, EndEvent(self.scores(draft), draft.ranks, draft.end_reason))


def rank_order(scores: tuple[int, ...], holder: Seat) -> list[Seat]:
    """Return the seats best first (T58, T59): by score, ties broken by the game-end tile's
    holder and then clockwise from him."""
    n = len(scores)
    return sorted(range(n), key=lambda seat: (-scores[seat], (seat - holder) % n))
