"""Why an action is illegal, in words a player understands, with the rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.suitors_paths.actions import (
    ACTION_TYPES,
    COLOUR_INDEX,
    COLOURS,
    MULTI,
    BuildSegment,
    Discard,
    EndBuild,
    MoveGirl,
    OpenAuction,
    PassBid,
    PayBid,
    RaiseBid,
    ScrapRoute,
    SpAction,
    TakeAllColour,
    TakeDeck,
    TakeDisplay,
    cards_of,
    cards_text,
)
from ludoteca.games.suitors_paths.board import INTERIOR, NO_HEX
from ludoteca.games.suitors_paths.moves import (
    GIRL_RULE_DISTANCE,
    HAND_LIMIT,
    MARKERS,
    MAX_STACK,
    auction_hexes,
    markers_used,
    suitor_mask,
    unfinished,
)
from ludoteca.games.suitors_paths.state import NONE, SpState, Step

if TYPE_CHECKING:
    from ludoteca.games.suitors_paths.rules import SpGame

STEP_WORDS = {
    Step.AUCTION: "the auction for a start hex",
    Step.PAY: "the auction winner's payment",
    Step.BUILD: "the build step",
    Step.GIRL: "the girl step",
    Step.CARDS: "the card step",
    Step.DISCARD: "the discard down to 10 cards",
}
STEP_OF = {
    OpenAuction: Step.AUCTION, RaiseBid: Step.AUCTION, PassBid: Step.AUCTION,
    PayBid: Step.PAY, BuildSegment: Step.BUILD, ScrapRoute: Step.BUILD, EndBuild: Step.BUILD,
    MoveGirl: Step.GIRL, TakeDisplay: Step.CARDS, TakeDeck: Step.CARDS,
    TakeAllColour: Step.CARDS, Discard: Step.DISCARD,
}


def explain_illegal(game: SpGame, state: SpState, action: object) -> str:
    """Return a sentence saying why `action` is not legal in `state`."""
    if not isinstance(action, ACTION_TYPES):
        return f"{action!r:.60} is not a Suitors' Paths action"
    text = game.ids.text(action)
    seat = state.current
    if seat is None:
        return f"{text!r}: the game is over"
    wanted = STEP_OF[type(action)]
    if wanted != state.step:
        return f"{text!r} is refused: it is {STEP_WORDS[state.step]} of seat {seat + 1}, not " \
               f"{STEP_WORDS[wanted]}"
    return f"{text!r} is refused: {_reason(game, state, seat, action)}"


def _reason(game: SpGame, state: SpState, seat: int, action: SpAction) -> str:
    if isinstance(action, (OpenAuction, MoveGirl)) and action.hex not in game.board.hex_by_name:
        return f"{action.hex} is not a hex of this board"  # a smaller board's action
    if isinstance(action, BuildSegment):
        return _build_reason(game, state, seat, action)
    if isinstance(action, (OpenAuction, RaiseBid)):
        return _bid_reason(game, state, seat, action)
    if isinstance(action, (PayBid, Discard)):
        hand = state.hands[seat]
        size = state.bid if isinstance(action, PayBid) else sum(hand) - HAND_LIMIT
        cards = cards_of(action.cards) or ()
        if len(action.cards) != size:
            what = "the bid" if isinstance(action, PayBid) else "the hand size minus 10"
            rule = "P19" if isinstance(action, PayBid) else "P60"
            return f"exactly {size} cards must go ({what}), not {len(action.cards)} ({rule})"
        return f"the hand {cards_text(hand) or '(empty)'} does not hold " \
               f"{action.cards}" if any(c > h for c, h in zip(cards, hand, strict=False)) \
            else "these cards cannot be given"
    if isinstance(action, ScrapRoute):
        if unfinished(state, seat) is None:
            return "there is no unfinished route to scrap (P39, P40)"
        return "a route is scrapped only as the first action of the build step (P40)"
    if isinstance(action, MoveGirl):
        return _girl_reason(game, state, action)
    if isinstance(action, TakeDisplay):
        if state.took_colour or state.taken >= 2:
            return "the card step's cards are taken (P57, P58)"
        return f"display slot {action.slot} is empty"
    if isinstance(action, TakeDeck):
        if state.took_colour:
            return "a whole colour was taken: options A and B are not mixed (P59)"
        return "the deck and the discard pile are both empty (P62)"
    if isinstance(action, TakeAllColour):
        if state.taken:
            return "a card was taken one at a time: options A and B are not mixed (P59)"
        return f"the display holds no {action.colour} card (P58)"
    if isinstance(action, PassBid):
        return "the opener opens the auction first (P16)"
    return "the build step ended with a connection (P41)"


def _bid_reason(game: SpGame, state: SpState, seat: int, action: SpAction) -> str:
    board = game.board
    hand = sum(state.hands[seat])
    if isinstance(action, RaiseBid):
        if state.auction_hex == NONE:
            return "the auction is not open: the opener names a hex and a bid (P16)"
        if action.bid <= state.bid:
            return f"a raise must be more than the bid of {state.bid} (P17)"
        return f"seat {seat + 1} holds only {hand} cards"
    assert isinstance(action, OpenAuction)
    if state.auction_hex != NONE:
        return "this auction is open: raise or pass (P17)"
    h = board.hex_by_name[action.hex]
    if board.ring2_index[h] < 0:
        return f"{action.hex} is not on ring 2 (P21)"
    if h in state.starts:
        return f"a suitor already stands on {action.hex} (P21)"
    if action.bid > hand:
        return f"seat {seat + 1} holds only {hand} cards (P16)"
    legal = " ".join(board.hex_names[x] for x in auction_hexes(board, state.starts))
    if board.players == 2:
        return f"with two players the hex must be a tip of ring 2: {legal} (P22)"
    return f"its ring-2 distance to the nearest start must be exactly 2; legal: {legal} (P21)"


def _girl_reason(game: SpGame, state: SpState, action: MoveGirl) -> str:
    board = game.board
    h = board.hex_by_name[action.hex]
    i = board.path_index[h]
    if i < 0:
        return f"{action.hex} is not on the path (§4.6)"
    stack = state.girls[i]
    if stack is None:
        return f"no girl stands on {action.hex}"
    if stack:
        return f"the girl on {action.hex} has a marker and never moves again (P41, P50)"
    j = (i + (1 if action.dir == "cw" else -1)) % len(board.path)
    to = board.hex_names[board.path[j]]
    if state.girls[j] is not None:
        return f"a girl already stands on {to} (P52)"
    target = state.connected
    name = board.hex_names[board.path[target]]
    return (f"the girl would come closer to {name}, connected this turn, within "
            f"{GIRL_RULE_DISTANCE} hexes (P53)")


def _build_reason(game: SpGame, state: SpState, seat: int, action: BuildSegment) -> str:
    board = game.board
    frm = board.point_index.get(action.frm)
    to = board.point_index.get(action.to)
    pair = (min(frm, to), max(frm, to)) if frm is not None and to is not None else None
    segment = board.segment_between.get(pair) if pair is not None else None
    if frm is None or to is None or segment is None:
        return "these two points are not joined by a segment (§4.5)"
    assert pair is not None
    name = board.segment_text(frm, to)
    if state.connected != NONE:
        return "the route connected, which ended the build step (P41)"
    if state.supply == 0 and not state.exhausted:
        return "the supply holds no block (P47)"
    route = unfinished(state, seat)
    if route is None:
        if state.built:
            return "only one route is built per turn (P44)"
        if markers_used(state, seat) >= MARKERS:
            return "all 6 markers are on girls: nothing more is built (P46)"
        start = board.hex_names[state.starts[seat]]
        if frm not in game.route_starts(state.starts[seat]):
            where = "the suitor's centre" if game.settings.route_start == "centre" else \
                "a corner of the suitor's hex"
            return f"a new route starts at {where} {start} (P34, P38)"
    elif frm != route.points[-1]:
        head = board.point_names[route.points[-1]]
        return f"the unfinished route grows only from its head {head} (P38, P39)"
    if state.occupied >> segment & 1:
        return f"segment {name} already holds a route (P36)"
    h = board.spoke_hex[segment]
    if h != NO_HEX and suitor_mask(state) >> h & 1 and frm != board.centres[h]:
        return f"segment {name} is a spoke of the suitor on {board.hex_names[h]} (P34)"
    if h != NO_HEX and board.kinds[h] != INTERIOR:
        hex_name = board.hex_names[h]
        stack = state.girls[board.path_index[h]]
        if to != board.centres[h]:
            return f"segment {name} leaves the centre of perimeter hex {hex_name} (P35)"
        if stack is None:
            return f"segment {name} enters the centre of perimeter hex {hex_name}, where no " \
                   "girl stands (P35)"
        if len(stack) >= MAX_STACK:
            return f"the girl on {hex_name} already has {MAX_STACK} markers (P42)"
    if (route is not None and to in route.points) or (route is None and to == frm):
        return f"segment {name} returns to a point the route has visited (P37)"
    need = game.needs(state.terrain)[segment]
    letter = COLOURS[need]
    payment = action.payment
    rule = f"segment {name} costs one {letter}, or two identical cards of another colour"
    if len(payment) > 2 or (len(payment) == 2 and payment[0] != payment[1]):
        return f"{payment} is no payment: {rule} (P32)"
    if len(payment) == 2 and payment[0] == letter:
        return f"a pair of {letter} replaces nothing: {rule} (P32)"
    if len(payment) == 1 and payment != letter:
        wild = " multicolour is not wild (P31);" if payment == "M" and need != MULTI else ""
        return f"{payment} does not pay it:{wild} {rule} (P28–P30)"
    hand = state.hands[seat]
    if hand[COLOUR_INDEX[payment[0]]] < len(payment):
        return f"the hand {cards_text(hand) or '(empty)'} does not hold {payment}"
    return f"segment {name} cannot be built now"
