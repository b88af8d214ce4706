"""Why an action is illegal, in words a player understands, with the rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.thurn_und_taxis.actions import (
    OFFICIALS,
    PLAYS,
    TntAction,
    Token,
    Verb,
    play_text,
)
from ludoteca.games.thurn_und_taxis.board import bits
from ludoteca.games.thurn_und_taxis.moves import (
    cartwright_matters,
    close_options,
    extensions,
    next_carriage,
)
from ludoteca.games.thurn_und_taxis.state import NONE, POINT_WORDS, Point, TntState

if TYPE_CHECKING:
    from ludoteca.games.thurn_und_taxis.rules import TntGame

OFFICIAL_NAMES = {Verb.ADMINISTRATOR: "Administrator", Verb.POSTMASTER: "Postmaster",
                  Verb.CARRIER: "Postal Carrier", Verb.CARTWRIGHT: "Cartwright"}
DRAW_POINTS = (Point.DRAW, Point.AFTER_ADMINISTRATOR, Point.AFTER_POSTMASTER)
PLAY_POINTS = (Point.AFTER_TAKE, Point.PLAY, Point.AFTER_CARRIER)
CLOSE_POINTS = (Point.AFTER_PLAY, Point.AFTER_SECOND_PLAY, Point.AFTER_CARTWRIGHT)


def explain_illegal(game: TntGame, state: TntState, action: object) -> str:
    """Return a sentence saying why `action` is not legal in `state`."""
    if not isinstance(action, TntAction):
        return f"{action!r:.60} is not a Thurn und Taxis action"
    text = _text(game, state, action)
    seat = state.current
    if seat is None:
        return f"{text!r}: the game is over"
    return f"{text!r} is not allowed for seat {seat}: {_reason(game, state, seat, action)}"


def explain_token(game: TntGame, state: TntState, token: Token) -> str:
    """Return why a well-formed token that names something untrue is refused."""
    action = token.action
    board = game.board
    seat = state.current
    if action.verb == Verb.TAKE:
        card = state.display[action.slot - 1]
        holds = "is empty" if card == NONE else f"holds {board.city_codes[card]}"
        return (f"'T{action.slot}:{board.city_codes[action.city]}' is refused: display slot "
                f"{action.slot} {holds} (T16)")
    if action.verb == Verb.BLIND:
        return ("a blind take is written TD: its card is seen only once it is drawn, and only "
                "by its taker (T17, §7.5)")
    if action.verb == Verb.DROP:
        listed = ",".join(board.city_codes[city] for city in token.dropped)
        if seat is None:
            return f"'X[{listed}]' is refused: the game is over"
        hand = board.cards_text(state.hands[seat]) or "empty"
        return (f"'X[{listed}]' is refused: seat {seat} must discard exactly its hand size "
                f"minus {board.hand_limit} cards from its hand ({hand}) (T52)")
    listed = ",".join(board.city_codes[city] for city in bits(action.houses))
    stated = "C*" if token.one_per_region else f"C={token.region}"
    option = ("one house on each region of the route" if token.one_per_region
              else f"a house on every eligible city of region {token.region} on the route")
    return (f"'{stated}[{listed}]' is refused: the option {stated} places {option}, not "
            f"these houses (T34–T36, T39)")


def _text(game: TntGame, state: TntState, action: TntAction) -> str:
    board = game.board
    if action.verb == Verb.TAKE:
        city = board.city_codes[action.city] if 0 <= action.city < board.num_cities else "?"
        return f"T{action.slot}:{city}"
    if action.verb in PLAYS:
        return play_text(board, action) if 0 <= action.city < board.num_cities else "a play"
    if action.verb == Verb.CLOSE:
        return "C[" + ",".join(board.city_codes[c] for c in bits(action.houses)) + "]"
    if action.verb == Verb.DROP:
        return "X keeping " + ",".join(board.city_codes[c] for c in action.kept)
    return action.verb.value


def _reason(game: TntGame, state: TntState, seat: int, action: TntAction) -> str:
    verb = action.verb
    point = state.point
    doing = f"the turn is at '{POINT_WORDS[point]}'"
    board = game.board
    if verb in OFFICIALS:
        if any(legal.verb == verb for legal in game.legal_actions(state)):
            # The official may act now: this one was built with a slot, city or cards.
            return f"the {OFFICIAL_NAMES[verb]} takes no slot, city or cards (T10)"
        return _official_reason(game, state, seat, verb)
    if verb in (Verb.TAKE, Verb.BLIND):
        if point not in DRAW_POINTS:
            if point == Point.AFTER_TAKE:
                return "a second card is taken only with the Postmaster, PM (T19)"
            return f"cards are taken only in the draw step, and {doing} (T9, T16)"
        if verb == Verb.BLIND:
            if not game.settings.blind_draw:
                return "the deck is drawn from only with the option blind_draw (T16, T17)"
            return "the deck and the discard pile are both empty (T21)"
        card = state.display[action.slot - 1]
        if card == NONE:
            return f"display slot {action.slot} is empty (T13, T21)"
        return f"display slot {action.slot} holds {board.city_codes[card]} (T16)"
    if verb in PLAYS:
        return _play_reason(game, state, seat, action)
    if verb == Verb.CLOSE:
        return _close_reason(game, state, seat, action)
    if verb == Verb.DROP:
        if point != Point.AFTER_CLOSE:
            return f"cards are discarded to three only right after a close, and {doing} (T52)"
        return "the three cards kept must be cards of the hand (T52)"
    if point in CLOSE_POINTS:
        return "'.' ends a turn only where an optional action remains (T12)"
    return f"the turn cannot end here: {doing} (T12)"


def _official_reason(game: TntGame, state: TntState, seat: int, verb: Verb) -> str:
    name = OFFICIAL_NAMES[verb]
    if state.official != NONE:
        used = OFFICIAL_NAMES[OFFICIALS[state.official]]
        return f"the {used} was already used this turn: one official per turn (T10)"
    if state.forced and verb != Verb.POSTMASTER:
        return (f"the hand was empty at the start of the turn, so the Postmaster is compulsory "
                f"and the {name} cannot be used (T20)")
    point = state.point
    if verb == Verb.ADMINISTRATOR:
        if point != Point.DRAW:
            return "the Administrator acts only before the first card is taken (T11, T18)"
        return "the display holds no card to replace (T18)"
    if verb == Verb.POSTMASTER:
        if point != Point.AFTER_TAKE:
            return "the Postmaster acts only right after the first card is taken (T11, T19)"
        return "no second card can be taken (T21)"
    route = state.routes[seat]
    if verb == Verb.CARRIER:
        if point != Point.AFTER_PLAY or not state.played:
            return "the Postal Carrier acts only right after the first card is played (T11, T29)"
        return "no card of the hand extends the route (T29)"
    if point != Point.AFTER_PLAY:
        return "the Cartwright acts only when closing, after the play (T11, T49)"
    if len(route) < game.board.min_route:
        return f"a route of {len(route)} cards cannot be closed, not even with it (T31, T49)"
    wanted = next_carriage(game.board, state.carriages[seat])
    if not wanted:
        return "there is no carriage after 7 (T48, T50)"
    assert not cartwright_matters(game.board, state.carriages[seat], len(route))
    return (f"it would change nothing: the next carriage is {wanted} and the route has "
            f"{len(route)} cards (T50)")


def _play_reason(game: TntGame, state: TntState, seat: int, action: TntAction) -> str:
    board = game.board
    point = state.point
    if point not in (*PLAY_POINTS, Point.AFTER_PLAY):
        return f"cards are played only in the play step, and the turn is at '{POINT_WORDS[point]}'"
    if point == Point.AFTER_PLAY:
        return "a second card is played only with the Postal Carrier, PC (T22, T29)"
    if point == Point.AFTER_TAKE and state.forced and state.official == NONE:
        return "the hand was empty at the start of the turn: the Postmaster comes first (T20)"
    city = action.city
    code = board.city_codes[city]
    if not state.hands[seat][city]:
        return f"the hand holds no {code} card"
    route = state.routes[seat]
    if action.verb == Verb.RESTART:
        if point == Point.AFTER_CARRIER:
            return "the Postal Carrier's card must extend the route, never restart it (T29)"
        return "there is no route to discard; a card starts one (T23)"
    if not route:
        return f"there is no route yet: write *{code} to start one (T23)"
    if action.verb == Verb.START:
        return f"a route already exists: extend it or discard it with /{code} (T23, T28)"
    if city in route:
        return f"{code} is already on the route (T26)"
    if action.verb == Verb.LEFT and len(route) == 1:
        return f"a second card is always written at the right end: +{code} (T25)"
    end = route[0] if action.verb == Verb.LEFT else route[-1]
    fits = extensions(board, route, state.hands[seat])
    hint = "; legal extensions: " + " ".join(play_text(board, a) for a in fits) if fits else ""
    return f"no road joins {code} and {board.city_codes[end]} (T24){hint}"


def _close_reason(game: TntGame, state: TntState, seat: int, action: TntAction) -> str:
    board = game.board
    route = state.routes[seat]
    if state.point not in CLOSE_POINTS:
        return f"a route is closed only after the play, and the turn is at " \
               f"'{POINT_WORDS[state.point]}' (T31)"
    if len(route) < board.min_route:
        return f"a route needs at least {board.min_route} cards to be closed (T31)"
    off = [board.city_codes[c] for c in bits(action.houses) if c not in route]
    if off:
        return f"{', '.join(off)} is not on the route {board.route_text(route)} (T34, T35)"
    own = [board.city_codes[c] for c in bits(action.houses & state.houses[seat])]
    if own:
        return f"the seat already has a house on {', '.join(own)} (T38)"
    if action.houses.bit_count() > state.supply[seat]:
        return f"only {state.supply[seat]} houses are left in the supply (T39)"
    options = close_options(route, state.houses[seat], state.supply[seat])
    sets = ", ".join(
        "[" + ",".join(board.city_codes[c] for c in route if houses >> c & 1) + "]"
        for houses in options.every()
    )
    return (f"these houses are neither every eligible city of one region nor one per region "
            f"(T34–T36, T39); the closes place {sets}")
