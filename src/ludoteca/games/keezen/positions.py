"""Keezen positions from text: set up any position of the rules' notation (sections 7.2, 7.3).

A position text has one fact per line, `key: value`, in any order; blank lines and lines
starting with `#` are ignored:

    position: 0:h0,h1,h2,h3 1:s,s,s,s 2:40,s,s,s 3:s,s,s,s
    hands: 0=5,K 1=- 2=- 3=-
    to move: 0
    dealer: 3
    deal: 1
    seed: 0

`position` (section 7.2), `hands` (seat=cards as in a deal line of section 7.3, `-` for no
cards; seats left out hold none) and `to move` are required. `dealer` defaults to the seat
before the one to move, `deal` (the deal number, which fixes the place in the cycle) to 1 and
`seed` to 0. The text does not cover what nobody may see or what is past: the pack is drawn
with `seed` from the cards in no hand and holds exactly the cards of the cycle's later deals;
the log starts with the current deal, whose dealt hands are the hands given; future shuffles
use `seed`. As in play, a seat to move that cannot play hands in automatically (K18).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludoteca.core.chance import event_rng, shuffled
from ludoteca.core.draft import thaw
from ludoteca.core.errors import LudotecaError, StateFormatError
from ludoteca.core.game import Seat
from ludoteca.core.positions import read_facts, read_number, read_seat
from ludoteca.games.keezen.cards import CARDS_PER_DEAL, Rank, hand_text
from ludoteca.games.keezen.notation import parse_hand, parse_position, position_text, squares_of
from ludoteca.games.keezen.state import DealEvent, KeezenState

if TYPE_CHECKING:
    from ludoteca.games.keezen.rules import KeezenGame

KEYS = ("position", "hands", "to move", "dealer", "deal", "seed")
REQUIRED = ("position", "hands", "to move")
NO_CARDS = "-"


def position_to_text(game: KeezenGame, state: KeezenState) -> str:
    """Return the position text of a game in progress (every line, every seat's hand)."""
    if state.current is None:
        raise StateFormatError("the game is over; a position text describes a game in progress")
    hands = " ".join(
        f"{seat}={hand_text(hand) or NO_CARDS}" for seat, hand in enumerate(state.hands)
    )
    return "\n".join([
        f"position: {position_text(game.board, state.pawns)}",
        f"hands: {hands}",
        f"to move: {state.current}",
        f"dealer: {state.dealer}",
        f"deal: {state.deal}",
        f"seed: {state.seed}",
    ])


def position_from_text(game: KeezenGame, text: str) -> KeezenState:
    """Return the state a position text describes; StateFormatError saying what is wrong."""
    facts = read_facts(text, KEYS, REQUIRED, "Keezen")
    n = game.num_players
    hands: list[tuple[Rank, ...]] = [()] * n
    for item in facts["hands"].split():
        seat_text, equals, cards = item.partition("=")
        seat = read_seat(seat_text, game.num_players, "hands")
        if not equals:
            raise StateFormatError(f"hands are written seat=cards, e.g. 0=A,3,Q, not {item!r}")
        try:
            hands[seat] = () if cards == NO_CARDS else parse_hand(cards)
        except LudotecaError as error:
            raise StateFormatError(f"hand of seat {seat}: {error}") from None
    to_move = read_seat(facts["to move"], game.num_players, "to move")
    dealer = read_seat(facts["dealer"], game.num_players, "dealer") if "dealer" in facts else None
    return build_position(
        game, facts["position"], hands, to_move, dealer,
        deal=read_number(facts.get("deal", "1"), "deal"),
        seed=read_number(facts.get("seed", "0"), "seed"),
    )


def build_position(
    game: KeezenGame,
    position: str,
    hands: Sequence[tuple[Rank, ...]],
    to_move: Seat,
    dealer: Seat | None = None,
    deal: int = 1,
    seed: int = 0,
) -> KeezenState:
    """Return the state with this position and these hands (one per seat), `to_move` to play."""
    n = game.num_players
    try:
        pawns = parse_position(game.board, position)
        squares = squares_of(game.board, pawns)
    except ValueError as error:
        raise StateFormatError(f"position: {error}") from None
    for seat in range(n):
        if game.moves.is_finished(pawns, seat) and game.moves.is_finished(pawns, game.mates[seat]):
            raise StateFormatError(f"seat {seat}'s team has every pawn home: the game is over")
    if not 1 <= deal <= game.settings.max_deals:
        raise StateFormatError(f"deal must be 1 … {game.settings.max_deals} (K56), not {deal}")
    place = (deal - 1) % len(CARDS_PER_DEAL)
    for seat, hand in enumerate(hands):
        if len(hand) > CARDS_PER_DEAL[place]:
            raise StateFormatError(
                f"seat {seat} holds {len(hand)} cards, but deal {deal} gives "
                f"{CARDS_PER_DEAL[place]} (K8)"
            )
    if not hands[to_move]:
        raise StateFormatError(f"seat {to_move} is to move but holds no cards")
    unseen = list(game.deck)
    for hand in hands:
        for card in hand:
            if card not in unseen:
                raise StateFormatError(f"the hands hold more than {n} cards of a rank (K6)")
            unseen.remove(card)
    later_deals = sum(CARDS_PER_DEAL[place + 1 :]) * n
    pack = shuffled(unseen, event_rng(seed, "position pack"))[:later_deals]
    if dealer is None:
        dealer = (to_move - 1) % n
    draft = thaw(KeezenState(
        squares=squares, pawns=pawns, hands=tuple(hands), pack=pack, seed=seed, deal=deal,
        dealer=dealer, current=None, winners=(), log=((DealEvent(deal, dealer, tuple(hands)),),),
    ))
    return game.pass_turn(draft, list(hands), (to_move - 1) % n)
