"""The canonical text of an action in a state (§7.5): takes name their card, closes their
option, hand-limit discards the cards discarded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.thurn_und_taxis.actions import PLAYS, TntAction, Verb, play_text
from ludoteca.games.thurn_und_taxis.board import Board, City
from ludoteca.games.thurn_und_taxis.moves import close_options
from ludoteca.games.thurn_und_taxis.state import TntState

if TYPE_CHECKING:
    from ludoteca.games.thurn_und_taxis.rules import TntGame


def action_text(game: TntGame, state: TntState, action: TntAction) -> str:
    """Return the canonical text of `action` for the seat to act in `state`."""
    board = game.board
    verb = action.verb
    if verb == Verb.TAKE:
        return f"T{action.slot}:{board.city_codes[action.city]}"
    if verb in PLAYS:
        return play_text(board, action)
    seat = state.current
    if verb == Verb.CLOSE:
        route = state.routes[seat] if seat is not None else ()
        return close_text(board, state, seat, route, action.houses)
    if verb == Verb.DROP:
        return drop_text(board, state.hands[seat] if seat is not None else (), action.kept)
    return verb.value


def close_text(
    board: Board, state: TntState, seat: int | None, route: tuple[City, ...], houses: int
) -> str:
    """Return `C*[…]` when `houses` is a one-per-region placement, else `C=<region>[…]`."""
    listed = ",".join(board.city_codes[city] for city in route if houses >> city & 1)
    if seat is None or not route:
        return f"C*[{listed}]"
    options = close_options(route, state.houses[seat], state.supply[seat])
    if houses in options.one_per_region:
        return f"C*[{listed}]"
    region = next((r for r, sets in options.one_region if houses in sets), None)
    if region is None:  # not a legal close here: name it by its houses' region, if any
        regions = [board.city_region[city] for city in route if houses >> city & 1]
        if not regions:
            return f"C*[{listed}]"
        region = regions[0]
    return f"C={board.region_codes[region]}[{listed}]"


def drop_text(board: Board, hand: tuple[int, ...], kept: tuple[City, ...]) -> str:
    """Return `X[…]`: the cards of `hand` not among `kept`, alphabetically (§7.5)."""
    rest = list(hand) if hand else [0] * board.num_cities
    for city in kept:
        rest[city] -= 1
    return "X[" + board.cards_text(tuple(max(count, 0) for count in rest)) + "]"
