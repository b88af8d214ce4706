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
`seed` to 0. `pack` lists the undealt cards of the cycle, top first (`-` for none); without it
the pack is drawn with `seed` from the cards in no hand, and either way it holds exactly the
cards of the cycle's later deals. The log starts with the current deal, whose dealt hands are
the hands given; future shuffles use `seed`. As in play, a seat to move that cannot play hands
in automatically (K18).

A finished game gives `winners` (the winning team's seats, or `-` for the draw of K56) instead
of `to move`, and its `dealer`; the winners must be the team the position shows home, and a
draw needs the last deal played out (every hand empty, `deal` at the deal limit).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludoteca.core.chance import event_rng, shuffled
from ludoteca.core.draft import thaw
from ludoteca.core.errors import LudotecaError, StateFormatError
from ludoteca.core.game import Seat
from ludoteca.core.positions import read_facts, read_number, read_seat
from ludoteca.games.keezen.board import EMPTY, HOME_SLOTS, PAWNS_PER_COLOUR, Board, Colour, Loc
from ludoteca.games.keezen.cards import (
    CARDS_PER_DEAL,
    RANK_OF_TEXT,
    RANK_TEXT,
    Rank,
    hand_text,
    parse_hand,
)
from ludoteca.games.keezen.state import DealEvent, EndEvent, KeezenState

if TYPE_CHECKING:
    from ludoteca.games.keezen.rules import KeezenGame

KEYS = ("position", "hands", "to move", "winners", "dealer", "deal", "seed", "pack")
REQUIRED = ("position", "hands")
NO_CARDS = "-"
_GROUP_RE = re.compile(r"([0-9]+):([^,\s]+),([^,\s]+),([^,\s]+),([^,\s]+)")


def position_to_text(game: KeezenGame, state: KeezenState) -> str:
    """Return the position text of `state` (every line, every seat's hand, the pack in order)."""
    hands = " ".join(
        f"{seat}={hand_text(hand) or NO_CARDS}" for seat, hand in enumerate(state.hands)
    )
    if state.current is None:
        turn = "winners: " + (",".join(map(str, state.winners)) or NO_CARDS)
    else:
        turn = f"to move: {state.current}"
    return "\n".join([
        f"position: {position_text(game.board, state.pawns)}",
        f"hands: {hands}",
        turn,
        f"dealer: {state.dealer}",
        f"deal: {state.deal}",
        f"seed: {state.seed}",
        "pack: " + (",".join(RANK_TEXT[card] for card in state.pack) or NO_CARDS),
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
    dealer = read_seat(facts["dealer"], game.num_players, "dealer") if "dealer" in facts else None
    deal = read_number(facts.get("deal", "1"), "deal")
    seed = read_number(facts.get("seed", "0"), "seed")
    pack = _read_pack(facts["pack"]) if "pack" in facts else None
    if "winners" in facts:
        if "to move" in facts:
            raise StateFormatError("a finished game (winners) has nobody to move; "
                                   "leave out 'to move'")
        if dealer is None:
            raise StateFormatError("a finished game's text needs dealer: there is no seat to "
                                   "move to count it from")
        winners = _read_winners(facts["winners"], n)
        return build_finished(game, facts["position"], hands, winners, dealer, deal, seed, pack)
    if "to move" not in facts:
        raise StateFormatError("a Keezen position text needs to move "
                               "(or winners for a finished game)")
    to_move = read_seat(facts["to move"], game.num_players, "to move")
    return build_position(game, facts["position"], hands, to_move, dealer, deal, seed, pack)


def _read_pack(text: str) -> tuple[Rank, ...]:
    """Return the cards of a `pack` line in their order, top first (`-`: an empty pack)."""
    if text == NO_CARDS:
        return ()
    if not text:
        raise StateFormatError("pack: no cards given; write - for an empty pack")
    pack = []
    for token in text.split(","):
        if token.strip() not in RANK_OF_TEXT:
            raise StateFormatError(f"pack: {token.strip()[:10]!r} is not a card rank "
                                   "(A 2 … 10 J Q K)")
        pack.append(RANK_OF_TEXT[token.strip()])
    return tuple(pack)


def _read_winners(text: str, n: int) -> tuple[Seat, ...]:
    """Return the seats of a `winners` line, in seat order (`-`: the draw of K56)."""
    if text == NO_CARDS:
        return ()
    return tuple(sorted(read_seat(item, n, "winners") for item in text.split(",")))


def build_position(
    game: KeezenGame,
    position: str,
    hands: Sequence[tuple[Rank, ...]],
    to_move: Seat,
    dealer: Seat | None = None,
    deal: int = 1,
    seed: int = 0,
    pack: tuple[Rank, ...] | None = None,
) -> KeezenState:
    """Return the state with this position and these hands (one per seat), `to_move` to play."""
    n = game.num_players
    pawns, squares, pack = _table(game, position, hands, deal, seed, pack)
    home = home_teams(game, pawns)
    if home:
        raise StateFormatError(f"seat {home[0]}'s team has every pawn home: the game is over "
                               "(write winners instead of to move)")
    if not hands[to_move]:
        raise StateFormatError(f"seat {to_move} is to move but holds no cards")
    if dealer is None:
        dealer = (to_move - 1) % n
    draft = thaw(KeezenState(
        squares=squares, pawns=pawns, hands=tuple(hands), pack=pack, seed=seed, deal=deal,
        dealer=dealer, current=None, winners=(), log=((DealEvent(deal, dealer, tuple(hands)),),),
    ))
    return game.pass_turn(draft, list(hands), (to_move - 1) % n)


def build_finished(
    game: KeezenGame, position: str, hands: Sequence[tuple[Rank, ...]],
    winners: tuple[Seat, ...], dealer: Seat, deal: int, seed: int,
    pack: tuple[Rank, ...] | None,
) -> KeezenState:
    """Return a finished game: the winners the position shows home, or a draw (K53-K56)."""
    pawns, squares, pack = _table(game, position, hands, deal, seed, pack)
    home = [game.team_of[seat] for seat in home_teams(game, pawns)]
    if winners and winners not in home:
        shown = " and ".join(str(list(team)) for team in home) or "no team"
        raise StateFormatError(f"winners {list(winners)}, but the position shows {shown} with "
                               "every pawn home (K53, K54)")
    if not winners and home:
        raise StateFormatError(f"winners - (a draw), but team {list(home[0])} has every pawn "
                               "home (K53, K54)")
    if not winners and (deal != game.settings.max_deals or any(hands)):
        raise StateFormatError(f"winners - (a draw) comes only when deal {game.settings.max_deals}"
                               ", the deal limit, is played out with every hand empty (K56)")
    log = ((DealEvent(deal, dealer, tuple(hands)), EndEvent(winners)),)
    return KeezenState(
        squares=squares, pawns=pawns, hands=tuple(hands), pack=pack, seed=seed, deal=deal,
        dealer=dealer, current=None, winners=winners, log=log,
    )


def home_teams(game: KeezenGame, pawns: tuple[tuple[Loc, ...], ...]) -> list[Seat]:
    """Return the seats whose team has every pawn home (K53, K54)."""
    return [seat for seat in range(game.num_players)
            if game.moves.is_finished(pawns, seat)
            and game.moves.is_finished(pawns, game.mates[seat])]


def _table(
    game: KeezenGame, position: str, hands: Sequence[tuple[Rank, ...]], deal: int, seed: int,
    pack: tuple[Rank, ...] | None,
) -> tuple[tuple[tuple[Loc, ...], ...], tuple[Colour, ...], tuple[Rank, ...]]:
    """Return the pawns, squares and pack of a text, checking the deal, hands and pack."""
    n = game.num_players
    try:
        pawns = parse_position(game.board, position)
        squares = squares_of(game.board, pawns)
    except ValueError as error:
        raise StateFormatError(f"position: {error}") from None
    if not 1 <= deal <= game.settings.max_deals:
        raise StateFormatError(f"deal must be 1 … {game.settings.max_deals} (K56), not {deal}")
    place = (deal - 1) % len(CARDS_PER_DEAL)
    for seat, hand in enumerate(hands):
        if len(hand) > CARDS_PER_DEAL[place]:
            raise StateFormatError(
                f"seat {seat} holds {len(hand)} cards, but deal {deal} gives "
                f"{CARDS_PER_DEAL[place]} (K8)"
            )
    unseen = list(game.deck)
    for hand in hands:
        for card in hand:
            if card not in unseen:
                raise StateFormatError(f"the hands hold more than {n} cards of a rank (K6)")
            unseen.remove(card)
    later_deals = sum(CARDS_PER_DEAL[place + 1 :]) * n
    if pack is None:
        return pawns, squares, shuffled(unseen, event_rng(seed, "position pack"))[:later_deals]
    if len(pack) != later_deals:
        raise StateFormatError(f"the pack holds {len(pack)} cards, but deal {deal} leaves "
                               f"{later_deals} for the cycle's later deals (K8)")
    for card in pack:
        if card not in unseen:
            raise StateFormatError(f"the hands and the pack hold more than {n} cards of rank "
                                   f"{RANK_TEXT[card]} (K6)")
        unseen.remove(card)
    return pawns, squares, pack


# -- the position notation (section 7.2) ------------------------------------------------


def position_text(board: Board, pawns: tuple[tuple[Loc, ...], ...]) -> str:
    """Return a position as `0:5,12,h3,s 1:s,s,s,s …` (track ascending, home, then start)."""
    groups = []
    for colour, locs in enumerate(pawns):
        texts = []
        for loc in locs:
            if board.is_track(loc):
                texts.append(str(loc))
            elif board.is_home(loc):
                texts.append(f"h{(loc - board.home_base) % HOME_SLOTS}")
            else:
                texts.append("s")
        groups.append(f"{colour}:{','.join(texts)}")
    return " ".join(groups)


def parse_position(board: Board, text: str) -> tuple[tuple[Loc, ...], ...]:
    """Return the sorted pawn locations per colour of a position text; ValueError if invalid."""
    groups = text.split()
    if len(groups) != board.num_players:
        raise ValueError(f"a position lists {board.num_players} seats, got {len(groups)}: {text!r}")
    pawns: list[tuple[Loc, ...]] = []
    taken: set[Loc] = set()
    for colour, group in enumerate(groups):
        match = _GROUP_RE.fullmatch(group)
        if match is None or int(match.group(1)) != colour:
            raise ValueError(f"group {colour} of the position should read '{colour}:a,b,c,d'")
        locs = []
        for token in match.groups()[1:]:
            loc = _parse_loc(board, colour, token)
            if loc in taken:
                raise ValueError(f"two pawns on {board.loc_text(loc)} in {text!r} (K22)")
            if not board.is_start_area(loc):
                taken.add(loc)
            locs.append(loc)
        pawns.append(tuple(sorted(locs)))
    return tuple(pawns)


def _parse_loc(board: Board, colour: Colour, token: str) -> Loc:
    if token == "s":
        return board.start_area(colour)
    if re.fullmatch(r"h[0-3]", token):
        return board.home_slot(colour, int(token[1]))
    if re.fullmatch(r"0|[1-9][0-9]*", token) and int(token) < board.track_length:
        return int(token)
    raise ValueError(f"{token!r} is not a square, home slot or 's' on this board")


def squares_of(board: Board, pawns: tuple[tuple[Loc, ...], ...]) -> tuple[Colour, ...]:
    """Return the occupant of every track square and home slot for these pawn locations."""
    squares = [EMPTY] * board.start_base
    for colour, locs in enumerate(pawns):
        if len(locs) != PAWNS_PER_COLOUR:
            raise ValueError(f"colour {colour} has {len(locs)} pawns, not {PAWNS_PER_COLOUR}")
        for loc in locs:
            if board.is_start_area(loc):
                if loc != board.start_area(colour):
                    raise ValueError(f"a pawn of colour {colour} waits in another start area")
                continue
            if board.is_home(loc) and board.home_owner(loc) != colour:
                raise ValueError(f"a pawn of colour {colour} stands in another colour's home lane")
            if squares[loc] != EMPTY:
                raise ValueError(f"two pawns on {board.loc_text(loc)} (K22)")
            squares[loc] = colour
    return tuple(squares)
