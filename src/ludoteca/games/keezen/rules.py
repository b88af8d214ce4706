"""The Keezen game: deals, turns, automatic hand-ins and the end of the game (K7–K19, K53–K56)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

from ludoteca.core.chance import check_seed, event_rng, shuffled
from ludoteca.core.draft import Draft, thaw
from ludoteca.core.engine import Engine
from ludoteca.core.game import JSON, Seat
from ludoteca.games.keezen import codec, explain, observe, positions, resample, undo
from ludoteca.games.keezen.actions import (
    KeezenAction,
    action_ids,
    action_text,
    parse_action,
)
from ludoteca.games.keezen.board import Colour, board_of
from ludoteca.games.keezen.cards import CARDS_PER_DEAL, Rank, full_deck, parse_hand
from ludoteca.games.keezen.moves import move_generator
from ludoteca.games.keezen.observe import LogRenderer
from ludoteca.games.keezen.options import KeezenOptions
from ludoteca.games.keezen.positions import squares_of
from ludoteca.games.keezen.state import (
    DealEvent,
    DiscardEvent,
    EndEvent,
    Event,
    KeezenState,
    PlayEvent,
)

RULES_VERSION = "1"
new_tuple = tuple.__new__
DEALS_PER_CYCLE = len(CARDS_PER_DEAL)

KeezenDraft: TypeAlias = Draft[KeezenState]


class KeezenGame(Engine[KeezenState, KeezenAction]):
    """Keezen for 2, 4 or 6 players under one set of options (`ludoteca.load("keezen", …)`)."""

    name = "keezen"
    rules_version = RULES_VERSION
    codec = codec
    positions = positions
    explain = explain
    chance = resample
    undo = undo
    observe = observe
    settings: KeezenOptions
    log_renderer: LogRenderer

    def __init__(self, options: KeezenOptions) -> None:
        super().__init__(options)
        # The board, move generator, id space and deck never change: every game with the same
        # options shares them. The log renderer is the game's own, since its cache holds this
        # game's rendered deals.
        self.board = board_of(options.num_players, options.track_length)
        self.moves = move_generator(
            self.board, options.owner_may_swap_from_start, options.seven_partner_remainder
        )
        self.ids = action_ids(self.board)
        self.log_renderer = LogRenderer(self.board)
        self.num_distinct_actions = self.ids.size
        self.deck = full_deck(options.num_players)
        self.home_base = self.board.home_base
        self.team_of = tuple(self.board.team(seat) for seat in range(self.num_players))
        # The seat whose pawns must be home besides one's own for a win: the partner, or
        # oneself in a 2-player game (K53, K54).
        self.mates = tuple(
            seat if (mate := self.board.partner(seat)) is None else mate
            for seat in range(self.num_players)
        )
        # Every action plays one card and a deal hands out at most 5 cards a seat (K56).
        self.max_game_length = max(CARDS_PER_DEAL) * self.num_players * options.max_deals

    # -- the game flow -----------------------------------------------------------------------

    def initial_state(self, seed: int) -> KeezenState:
        """Return the state after the first deal (K5, K7–K10), hand-ins already made."""
        seed = check_seed(seed)
        dealer = self.settings.first_dealer
        if dealer is None:
            dealer = event_rng(seed, "first dealer").randrange(self.num_players)
        pawns = tuple((self.board.start_area(c),) * 4 for c in range(self.num_players))
        # Deal 0 with no cards: the table as it stands before the first deal.
        draft = thaw(KeezenState(
            squares=squares_of(self.board, pawns), pawns=pawns, hands=((),) * self.num_players,
            pack=(), seed=seed, deal=0, dealer=dealer, current=None, winners=(), log=(),
        ))
        return self._deal_and_continue(draft)

    def play(self, state: KeezenState, action: KeezenAction) -> KeezenState:
        """Return the state after the legal `action` (K13–K18, K53–K55)."""
        seat = state.current
        assert seat is not None  # a terminal state has no legal actions
        draft = thaw(state)
        squares, pawns, moved, captured = self.moves.carry_out(state.squares, state.pawns, action)
        draft.squares, draft.pawns = squares, pawns
        hands = list(state.hands)
        hand = hands[seat]
        played = hand.index(action.card)
        hands[seat] = hand[:played] + hand[played + 1 :]
        # Events are built as plain tuples of their class: NamedTuple's keyword-aware
        # constructor costs more than the rest of the event's bookkeeping.
        draft.log = _appended(state.log, new_tuple(PlayEvent, (seat, action, moved, captured)))
        # A team can only have come home by a move into a home lane (a Jack stays on the track).
        if (
            (action.dst >= self.home_base or action.dst2 >= self.home_base)
            and self.moves.is_finished(pawns, seat)
            and self.moves.is_finished(pawns, self.mates[seat])
        ):
            draft.hands = tuple(hands)
            return self._ended(draft, self.team_of[seat])
        return self.pass_turn(draft, hands, seat)

    def pass_turn(
        self, draft: KeezenDraft, hands: list[tuple[Rank, ...]], last: Seat
    ) -> KeezenState:
        """Return the state once the turn has passed left from `last`: unplayable hands handed
        in and new deals dealt until a seat that can play is to move (K13, K14, K18) or the deals
        run out (K56).

        `hands` are the draft's hands, kept as a list while they change.
        """
        n = self.num_players
        while True:
            seat = last
            for _ in range(n):
                seat = seat + 1 if seat + 1 < n else 0
                if hands[seat]:
                    break
            else:
                return self._deal_and_continue(draft)
            legal = self.moves.legal_actions(draft.squares, draft.pawns, seat, hands[seat])
            if legal:
                draft.hands = tuple(hands)
                draft.current = seat
                draft.legal = legal  # computed anyway to decide the hand-ins: cache it
                return draft.freeze()
            draft.log = _appended(draft.log, DiscardEvent(seat, hands[seat]))
            hands[seat] = ()
            last = seat

    def _deal_and_continue(self, draft: KeezenDraft) -> KeezenState:
        """Start the deal after the draft's (K8–K11), then continue to the first seat to play."""
        n = self.num_players
        deal = draft.deal + 1
        if deal > self.settings.max_deals:
            draft.hands = ((),) * n
            return self._ended(draft, ())
        place = (deal - 1) % DEALS_PER_CYCLE
        if deal > 1 and (place == 0 or self.settings.dealer_rotation == "per_deal"):
            draft.dealer = (draft.dealer + 1) % n
        dealer = draft.dealer
        if place == 0:
            cycle = (deal - 1) // DEALS_PER_CYCLE
            draft.pack = shuffled(self.deck, event_rng(draft.seed, "pack", cycle))
        count = CARDS_PER_DEAL[place] * n
        dealt, draft.pack = draft.pack[:count], draft.pack[count:]
        # Card j of a deal goes to seat dealer + 1 + j (K10, W25).
        hands = [tuple(sorted(dealt[(seat - dealer - 1) % n :: n])) for seat in range(n)]
        draft.deal = deal
        draft.log = (*draft.log, (DealEvent(deal, dealer, tuple(hands)),))
        return self.pass_turn(draft, hands, dealer)

    def _ended(self, draft: KeezenDraft, winners: tuple[Seat, ...]) -> KeezenState:
        """Return the final state: a won game (K53–K55) or a draw at max_deals (K56)."""
        draft.log = _appended(draft.log, EndEvent(winners))
        draft.current = None
        draft.winners = winners
        draft.legal = ()
        return draft.freeze()

    # -- queries -----------------------------------------------------------------------------

    def find_legal(self, state: KeezenState) -> tuple[KeezenAction, ...]:
        """Return the legal actions of the seat to move, by card rank then pawn."""
        if state.current is None:
            return ()
        return self.moves.legal_actions(
            state.squares, state.pawns, state.current, state.hands[state.current]
        )

    def returns(self, state: KeezenState) -> tuple[float, ...]:
        """Return 1.0 for each seat of the winning team, 0.0 for the others (a draw: all 0.0)."""
        return tuple(1.0 if seat in state.winners else 0.0 for seat in range(self.num_players))

    def scores(self, state: KeezenState) -> tuple[int, ...]:
        """Return per seat the number of its team's pawns in home lanes (K56)."""
        home = [
            sum(1 for loc in locs if self.board.is_home(loc)) for locs in state.pawns
        ]
        return tuple(
            sum(home[colour] for colour in self.board.team(seat))
            for seat in range(self.num_players)
        )

    def controlled_colour(self, state: KeezenState, seat: Seat) -> Colour | None:
        """Return the colour whose pawns `seat` moves (K20, K21)."""
        return self.moves.controlled_colour(state.pawns, seat)

    def hand_actions(
        self, state: KeezenState, seat: Seat, hand: Sequence[Rank] | str
    ) -> tuple[KeezenAction, ...]:
        """Return the actions `seat` could play in this position if it held `hand`."""
        cards = parse_hand(hand) if isinstance(hand, str) else tuple(sorted(hand))
        return self.moves.legal_actions(state.squares, state.pawns, seat, cards)

    # -- notation ------------------------------------------------------------------------------

    def action_to_text(self, state: KeezenState, action: KeezenAction) -> str:
        """Return the canonical text of `action` (section 7.1)."""
        return action_text(self.board, action)

    def action_from_text(self, state: KeezenState, text: str) -> KeezenAction:
        """Return the action written as `text`; InvalidActionError if it is not notation."""
        controlled = None
        if state.current is not None:
            controlled = self.moves.controlled_colour(state.pawns, state.current)
        return parse_action(self.board, controlled, text)

    # -- positions for analysis and tests ----------------------------------------------------

    def position_state(
        self,
        position: str,
        hands: Mapping[Seat, str | Sequence[Rank]],
        to_move: Seat,
        dealer: Seat | None = None,
        seed: int = 0,
    ) -> KeezenState:
        """Return a state with this position (section 7.2) and hands, `to_move` about to play.

        Seats missing from `hands` hold no cards; the state is in deal 1 (see `positions`).
        """
        cards = [
            (parse_hand(hand) if isinstance(hand, str) else tuple(sorted(hand)))
            if (hand := hands.get(seat)) is not None else ()
            for seat in range(self.num_players)
        ]
        return positions.build_position(self, position, cards, to_move, dealer, seed=seed)


def _appended(log: tuple[tuple[Event, ...], ...], event: Event) -> tuple[tuple[Event, ...], ...]:
    """Return the log with `event` added to the current deal."""
    return (*log[:-1], (*log[-1], event))


def build(values: Mapping[str, JSON]) -> KeezenGame:
    """Return the game with these option values (the descriptor's `build`)."""
    return KeezenGame(KeezenOptions.from_values(values))
