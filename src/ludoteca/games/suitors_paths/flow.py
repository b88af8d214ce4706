"""The automatic parts of play, on a draft: the auctions' course, refills and reshuffles, the
steps of a turn, the end of a turn and of the game (P17–P26, P49–P68, S1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

from ludoteca.core.chance import event_rng, shuffled
from ludoteca.core.draft import Draft
from ludoteca.core.game import Seat
from ludoteca.games.suitors_paths.actions import COLOURS
from ludoteca.games.suitors_paths.moves import (
    HAND_LIMIT,
    auction_hexes,
    card_actions,
    girl_moves,
)
from ludoteca.games.suitors_paths.options import MAX_ROUNDS
from ludoteca.games.suitors_paths.state import (
    NONE,
    REASON_BLOCKS,
    REASON_ROUND_CAP,
    REASON_SIXTH,
    REASON_STALL,
    Cards,
    Event,
    SpState,
    Stack,
    Step,
)

if TYPE_CHECKING:
    from ludoteca.games.suitors_paths.rules import SpGame

SpDraft: TypeAlias = Draft[SpState]


def replaced(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """Return `values` with entry `index` set to `value`."""
    return (*values[:index], value, *values[index + 1:])


def added(cards: Cards, colour: int, number: int = 1) -> Cards:
    """Return `cards` with `number` more cards of `colour`."""
    return (*cards[:colour], cards[colour] + number, *cards[colour + 1:])


def note(draft: SpDraft, event: Event) -> None:
    """Append `event` to the current round's part of the log."""
    draft.log = (*draft.log[:-1], (*draft.log[-1], event))


def score_stacks(girls: tuple[Stack | None, ...], n: int) -> tuple[int, ...]:
    """Return each seat's points (P66): per girl, markers + not bottom + on top."""
    scores = [0] * n
    for stack in girls:
        if not stack:
            continue
        for seat in set(stack):
            scores[seat] += stack.count(seat) + (stack[0] != seat) + (stack[-1] == seat)
    return tuple(scores)


def tie_order(turn_order: tuple[Seat, ...], last: Seat) -> tuple[Seat, ...]:
    """Return the seats in P68's checking order: from the player after `last`, `last` last."""
    at = turn_order.index(last)
    return (*turn_order[at + 1:], *turn_order[: at + 1])


class Flow:
    """The automatic steps of one game, applied to drafts."""

    def __init__(self, game: SpGame) -> None:
        self.game = game
        self.board = game.board
        self.n = game.num_players
        guard = game.settings.stall_guard_rounds
        self.stall_turns = guard * self.n if guard is not None else None
        self.last_turn = MAX_ROUNDS * self.n

    # -- cards -------------------------------------------------------------------------------

    def gain(self, draft: SpDraft, seat: Seat, colour: int, seen: bool, number: int = 1) -> None:
        """Put `number` cards of `colour` into `seat`'s hand; `seen` ones become known."""
        draft.hands = replaced(draft.hands, seat, added(draft.hands[seat], colour, number))
        if seen:
            draft.known = replaced(draft.known, seat, added(draft.known[seat], colour, number))

    def spend(self, draft: SpDraft, seat: Seat, letters: str) -> None:
        """Move cards from `seat`'s hand face up to the discard pile, seen copies first."""
        hand = list(draft.hands[seat])
        known = list(draft.known[seat])
        pile = list(draft.discards)
        for letter in letters:
            colour = COLOURS.index(letter)
            hand[colour] -= 1
            if known[colour]:
                known[colour] -= 1
            pile.append(colour)
        draft.hands = replaced(draft.hands, seat, tuple(hand))
        draft.known = replaced(draft.known, seat, tuple(known))
        draft.discards = tuple(pile)

    def reshuffle(self, draft: SpDraft) -> None:
        """Shuffle the whole discard pile (seeded) into a new deck (P62, S2)."""
        cards = draft.discards
        draft.deck = shuffled(cards, event_rng(draft.seed, "reshuffle", draft.reshuffles))
        draft.reshuffles += 1
        draft.discards = ()
        note(draft, ("reshuffle", f"# the discard pile is shuffled into a deck of {len(cards)}",
                     len(cards)))

    def draw(self, draft: SpDraft) -> int:
        """Return the deck's top card, taken off it, reshuffling an empty deck first (P62)."""
        if not draft.deck:
            self.reshuffle(draft)
        card: int = draft.deck[0]
        draft.deck = draft.deck[1:]
        return card

    def refill(self, draft: SpDraft) -> None:
        """Fill the empty display slots in ascending order from the deck (P61)."""
        if NONE not in draft.display:
            return
        slots = list(draft.display)
        filled = []
        for slot, colour in enumerate(slots):
            if colour == NONE and (draft.deck or draft.discards):
                slots[slot] = self.draw(draft)
                filled.append((slot + 1, COLOURS[slots[slot]]))
        draft.display = tuple(slots)
        if filled:
            text = ", ".join(f"slot {slot} {letter}" for slot, letter in filled)
            note(draft, ("refill", f"# refill: {text}", tuple(filled)))

    # -- the auctions ------------------------------------------------------------------------

    def after_bid(self, draft: SpDraft, actor: Seat) -> None:
        """Pass the bidding on clockwise (P17), or end the auction (P18)."""
        if draft.bid < 6:
            for step in range(1, self.n):
                seat = (actor + step) % self.n
                if draft.starts[seat] == NONE and not draft.passed >> seat & 1 \
                        and seat != draft.high_bidder:
                    draft.current = seat
                    return
        self.win_auction(draft)

    def win_auction(self, draft: SpDraft) -> None:
        """The high bidder takes the hex and the next turn-order position (P19)."""
        seat, h = draft.high_bidder, draft.auction_hex
        draft.starts = replaced(draft.starts, seat, h)
        draft.turn_order = (*draft.turn_order, seat)
        name = self.board.hex_names[h]
        note(draft, ("auction_won", f"# seat {seat + 1} wins {name} at {draft.bid}",
                     seat, name, draft.bid))
        if draft.bid > 0:
            draft.step = Step.PAY
            draft.current = seat
        else:
            self.next_auction(draft)

    def next_auction(self, draft: SpDraft) -> None:
        """Open the next auction (P20), or give the last player the last hex (P23)."""
        placeless = [seat for seat in range(self.n) if draft.starts[seat] == NONE]
        draft.auction_hex = draft.bid = draft.high_bidder = NONE
        draft.passed = 0
        if len(placeless) > 1:
            draft.opener = next(seat for step in range(1, self.n + 1)
                                if draft.starts[seat := (draft.opener + step) % self.n] == NONE)
            draft.current = draft.opener
            draft.step = Step.AUCTION
            return
        seat = placeless[0]
        (h,) = auction_hexes(self.board, draft.starts)
        draft.starts = replaced(draft.starts, seat, h)
        draft.turn_order = (*draft.turn_order, seat)
        name = self.board.hex_names[h]
        note(draft, ("last_place", f"# seat {seat + 1} receives {name}", seat, name))
        order = " ".join(str(s + 1) for s in draft.turn_order)
        note(draft, ("turn_order", f"# turn order {order}", draft.turn_order))
        draft.opener = NONE
        draft.round = 1
        draft.log = (*draft.log, ())
        self.begin_turn(draft, draft.turn_order[0])

    # -- the turn ----------------------------------------------------------------------------

    def begin_turn(self, draft: SpDraft, seat: Seat) -> None:
        """Start `seat`'s turn at the build step (P26)."""
        draft.current = seat
        draft.step = Step.BUILD
        draft.scrapped = False
        draft.built = draft.taken = 0
        draft.connected = NONE
        draft.took_colour = False

    def end_build(self, draft: SpDraft) -> None:
        """After the build step: the game ends if the blocks ran out (P64), else step 2."""
        if draft.exhausted:
            draft.last_turn = draft.current
            self.finish(draft, REASON_BLOCKS)
            return
        draft.step = Step.GIRL
        moves = girl_moves(self.game, draft)  # type: ignore[arg-type]
        if moves:
            draft.legal = tuple(moves)  # the next state's legal actions, computed once
        else:
            seat = draft.current
            note(draft, ("girl_skipped", f"# seat {seat + 1} moves no girl", seat))
            self.begin_cards(draft)

    def begin_cards(self, draft: SpDraft) -> None:
        """Step 3, unless in the final round (P56) or no card is left (P59)."""
        if draft.final_trigger != NONE:
            self.end_turn(draft)
            return
        draft.step = Step.CARDS
        if not self.offer_cards(draft):
            self.end_cards(draft)

    def offer_cards(self, draft: SpDraft) -> bool:
        """Return True if the card step has a take left (P57–P59); its takes become the
        next state's legal actions, which `apply` then need not compute again."""
        actions = card_actions(draft)  # type: ignore[arg-type]
        if actions:
            draft.legal = tuple(actions)
        return bool(actions)

    def end_cards(self, draft: SpDraft) -> None:
        """After taking: discard down to 10 (P60), or refill (P61) and end the turn."""
        seat = draft.current
        if sum(draft.hands[seat]) > HAND_LIMIT:
            draft.step = Step.DISCARD
            return
        self.refill(draft)
        self.end_turn(draft)

    def end_turn(self, draft: SpDraft) -> None:
        """End the turn: the final round (P63), S1's guards, or the next player's turn."""
        seat = draft.current
        draft.last_turn = seat
        draft.turns += 1
        draft.idle_turns = 0 if draft.built else draft.idle_turns + 1
        if draft.final_trigger not in (NONE, seat):
            draft.turns_left -= 1
        if draft.final_trigger != NONE and draft.turns_left == 0:
            self.finish(draft, REASON_SIXTH)
        elif self.stall_turns is not None and draft.idle_turns >= self.stall_turns:
            self.finish(draft, REASON_STALL)
        elif draft.turns >= self.last_turn:
            self.finish(draft, REASON_ROUND_CAP)
        else:
            order = draft.turn_order
            at = order.index(seat) + 1
            if at == self.n:
                at = 0
                draft.round += 1
                draft.log = (*draft.log, ())
            self.begin_turn(draft, order[at])

    def finish(self, draft: SpDraft, reason: str) -> None:
        """End the game: score it (P66) and name the winner by P68."""
        scores = score_stacks(draft.girls, self.n)
        best = max(scores)
        order = tie_order(draft.turn_order, draft.last_turn)
        winner = next(seat for seat in order if scores[seat] == best)
        draft.current = None
        draft.step = Step.OVER
        draft.end_reason = reason
        draft.winner = winner
        note(draft, ("game_end", f"# game over ({reason}): scores {list(scores)}, "
                     f"seat {winner + 1} wins", reason, scores, winner))
