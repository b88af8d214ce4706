"""The Suitors' Paths game: setup (P1–P15, S2) and the decisions of the auctions and a turn."""

from __future__ import annotations

from collections.abc import Mapping

from ludoteca.core.chance import check_seed, event_rng
from ludoteca.core.draft import thaw
from ludoteca.core.engine import Engine
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.game import JSON, Seat
from ludoteca.games.suitors_paths import codec, explain, observe, positions, resample, undo
from ludoteca.games.suitors_paths.actions import (
    COLOUR_INDEX,
    COLOURS,
    DIRECTIONS,
    ActionIds,
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
)
from ludoteca.games.suitors_paths.board import (
    CORNER,
    INTERIOR,
    SIDE,
    Hex,
    PointId,
    board_for,
    game_data,
    girl_placements,
)
from ludoteca.games.suitors_paths.flow import Flow, SpDraft, added, note, replaced, score_stacks
from ludoteca.games.suitors_paths.moves import (
    MARKERS,
    legal_now,
    markers_used,
    requirements,
    unfinished,
)
from ludoteca.games.suitors_paths.observe import LogRenderer
from ludoteca.games.suitors_paths.options import MAX_ROUNDS, SpOptions
from ludoteca.games.suitors_paths.state import NONE, Route, SpState, Step

RULES_VERSION = "1"
MAX_TURN_ACTIONS = 16
"""A turn: scrap, at most 10 builds (a hand holds at most 10 cards), end, girl, 2 takes, discard."""
MAX_AUCTION_ACTIONS = 12
"""An auction: open, at most 6 raises (bids only rise, 0..6), 4 passes, pay."""

_SHARED: dict[tuple[int, bool], tuple[ActionIds, dict[tuple[int, ...], tuple[int, ...]]]] = {}
"""Per board and boundary rule: the action table and the requirement tables by terrain."""


class SpGame(Engine[SpState, SpAction]):
    """Suitors' Paths for 2 to 5 players (`ludoteca.load("suitors_paths", …)`)."""

    name = "suitors_paths"
    rules_version = RULES_VERSION
    codec = codec
    positions = positions
    explain = explain
    chance = resample
    undo = undo
    observe = observe
    settings: SpOptions
    log_renderer: LogRenderer
    ids: ActionIds

    def __init__(self, options: SpOptions) -> None:
        super().__init__(options)
        n = self.num_players
        self.board = board_for(n)
        adjacent = options.boundary_side_cost == "adjacent"
        key = (n, adjacent)
        if key not in _SHARED:
            _SHARED[key] = (ActionIds(self.board), {})
        self.ids, self._needs = _SHARED[key]
        self._adjacent = adjacent
        self._from_centre = options.route_start == "centre"
        self.num_distinct_actions = self.ids.size
        self.flow = Flow(self)
        self.log_renderer = LogRenderer(self)
        self.max_game_length = (MAX_AUCTION_ACTIONS * (n - 1)
                                + MAX_TURN_ACTIONS * MAX_ROUNDS * n)
        self._girl_actions = tuple(
            tuple(MoveGirl(self.board.hex_names[h], d) for d in DIRECTIONS)
            for h in self.board.path
        )

    def needs(self, terrain: tuple[int, ...]) -> tuple[int, ...]:
        """Return per segment the colour that pays it on a board of `terrain` (P28–P30)."""
        table = self._needs.get(terrain)
        if table is None:
            if len(self._needs) > 1000:
                self._needs.clear()
            table = self._needs[terrain] = requirements(self.board, terrain, self._adjacent)
        return table

    def route_starts(self, h: Hex) -> tuple[PointId, ...]:
        """Return the points a new route from a suitor on hex `h` begins at (P34; option
        `route_start`): its six corners, or its centre."""
        board = self.board
        return (board.centres[h],) if self._from_centre else board.corners[h]

    def girl_action(self, path_index: int, direction: int) -> MoveGirl:
        """Return the move of the girl at `path_index`, cw (0) or ccw (1)."""
        return self._girl_actions[path_index][direction]

    # -- setup -------------------------------------------------------------------------------

    def initial_state(self, seed: int) -> SpState:
        """Return the state after setup (P6–P15, S2): the first opener's auction is next."""
        seed = check_seed(seed)
        board = self.board
        n = self.num_players
        data = game_data()
        rng = event_rng(seed, "setup")
        terrain = [NONE] * board.num_hexes
        split = self.settings.terrain_split
        for kind, tiles in ((CORNER, data["tiles"]["corner"]), (SIDE, data["tiles"]["side"]),
                            (INTERIOR, data["tiles"]["interior"][split])):
            pool = [COLOUR_INDEX[letter] for letter, count in tiles.items()
                    for _ in range(count)]
            positions_ = [h for h in range(board.num_hexes) if board.kinds[h] == kind]
            for h, colour in zip(positions_, rng.sample(pool, len(positions_)), strict=True):
                terrain[h] = colour
        places = rng.choice(self.placements())
        girls = tuple(() if i in places else None for i in range(len(board.path)))
        deck = [COLOUR_INDEX[letter] for letter, count in data["deck"].items()
                for _ in range(count)]
        rng.shuffle(deck)
        hands = []
        for seat in range(n):
            hand = (0,) * len(COLOURS)
            for colour in deck[6 * seat: 6 * seat + 6]:
                hand = added(hand, colour)
            hands.append(hand)
        display = tuple(deck[6 * n: 6 * n + 6])
        opener = rng.randrange(n)
        state = SpState(
            seed=seed, reshuffles=0, terrain=tuple(terrain), step=Step.AUCTION, current=opener,
            round=0, opener=opener, auction_hex=NONE, bid=NONE, high_bidder=NONE, passed=0,
            starts=(NONE,) * n, turn_order=(), girls=girls, hands=tuple(hands),
            known=((0,) * len(COLOURS),) * n, display=display, deck=tuple(deck[6 * n + 6:]),
            discards=(), supply=game_data()["counts"]["blocks"], routes=((),) * n, occupied=0,
            scrapped=False, built=0, connected=NONE, taken=0, took_colour=False,
            exhausted=False, final_trigger=NONE, turns_left=0, last_turn=NONE, idle_turns=0,
            turns=0, end_reason="", winner=NONE, log=((),),
        )
        draft = thaw(state)
        hexes = tuple(board.hex_names[board.path[i]] for i in places)
        note(draft, ("girls_placed", "# girls on " + " ".join(hexes), hexes))
        shown = tuple(COLOURS[c] for c in display)
        note(draft, ("deal", f"# 6 cards each; display {''.join(shown)}", shown))
        note(draft, ("opener", f"# seat {opener + 1} opens the first auction", opener))
        return draft.freeze()

    def placements(self) -> tuple[tuple[int, ...], ...]:
        """Return the girl placements P10 chooses among, for this game's girls."""
        return girl_placements(len(self.board.path), self.settings.girls)

    # -- play --------------------------------------------------------------------------------

    def play(self, state: SpState, action: SpAction) -> SpState:
        """Return the state after the legal `action` (P16–P62)."""
        seat = state.current
        assert seat is not None  # a terminal state has no legal actions
        text = self.ids.text(action)
        draft = thaw(state)
        flow = self.flow
        if isinstance(action, BuildSegment):
            self._build(draft, seat, action, text)
        elif isinstance(action, (TakeDisplay, TakeDeck, TakeAllColour)):
            self._take(draft, seat, action, text)
        elif isinstance(action, MoveGirl):
            board = self.board
            i = board.path_index[board.hex_by_name[action.hex]]
            j = (i + (1 if action.dir == "cw" else -1)) % len(board.path)
            draft.girls = replaced(replaced(draft.girls, j, ()), i, None)
            to = board.hex_names[board.path[j]]
            note(draft, ("girl", text, seat, action.hex, action.dir, to))
            flow.begin_cards(draft)
        elif isinstance(action, EndBuild):
            route = unfinished(state, seat)
            head = self.board.point_keys[route.points[-1]] if route is not None else None
            note(draft, ("end_build", text, seat, head))
            flow.end_build(draft)
        elif isinstance(action, ScrapRoute):
            self._scrap(draft, seat, text)
        elif isinstance(action, Discard):
            flow.spend(draft, seat, action.cards)
            note(draft, ("discard", text, seat, action.cards))
            flow.refill(draft)
            flow.end_turn(draft)
        else:
            self._auction(draft, seat, action, text)
        new = draft.freeze()
        if new.current is None:
            object.__setattr__(new, "legal", ())
        return new

    def _build(self, draft: SpDraft, seat: Seat, action: BuildSegment, text: str) -> None:
        """Place a segment (P27–P48): pay, take a block or build virtually, maybe connect."""
        board = self.board
        frm, to, segment = self.ids.build_ends[action]
        self.flow.spend(draft, seat, action.payment)
        virtual = draft.exhausted
        draft.occupied |= 1 << segment
        routes = draft.routes[seat]
        route = unfinished(draft, seat)  # type: ignore[arg-type]
        if route is None:
            route, routes = Route((frm,), NONE, 0), (*routes, Route((frm,), NONE, 0))
        blocks = route.blocks
        if not virtual:
            draft.supply -= 1
            blocks += 1
            draft.exhausted = draft.supply == 0
        draft.built += 1
        h = board.centre_hex[to]
        girl = board.path_index[h] if h != NONE and board.kinds[h] != INTERIOR else NONE
        routes = (*routes[:-1], Route((*route.points, to), girl, blocks))
        draft.routes = replaced(draft.routes, seat, routes)
        note(draft, ("build", text, seat, board.segment_text(frm, to), action.frm, action.to,
                     action.payment, virtual))
        if girl == NONE:
            return
        stack = (*draft.girls[girl], seat)
        draft.girls = replaced(draft.girls, girl, stack)
        draft.connected = girl
        name = board.hex_names[h]
        note(draft, ("connect", f"# seat {seat + 1} connects to {name}: stack "
                     + "".join(str(s + 1) for s in stack), seat, name, stack))
        if markers_used(draft, seat) == MARKERS and draft.final_trigger == NONE:  # type: ignore[arg-type]
            draft.final_trigger = seat
            draft.turns_left = self.num_players - 1
            note(draft, ("final_round", f"# seat {seat + 1} connected a sixth route: "
                         "the final round begins", seat))
        self.flow.end_build(draft)

    def _scrap(self, draft: SpDraft, seat: Seat, text: str) -> None:
        """P40: the unfinished route's blocks return, its segments become free."""
        board = self.board
        route = draft.routes[seat][-1]
        occupied = draft.occupied
        for a, b in zip(route.points, route.points[1:], strict=False):
            occupied &= ~(1 << board.segment_between[(a, b) if a < b else (b, a)])
        draft.occupied = occupied
        draft.supply += route.blocks
        draft.routes = replaced(draft.routes, seat, draft.routes[seat][:-1])
        draft.scrapped = True
        note(draft, ("scrap", text, seat, route.blocks))

    def _take(self, draft: SpDraft, seat: Seat, action: SpAction, text: str) -> None:
        """P57, P58: one card from a slot or the deck, or every display card of a colour."""
        flow = self.flow
        if isinstance(action, TakeDisplay):
            colour = draft.display[action.slot - 1]
            draft.display = replaced(draft.display, action.slot - 1, NONE)
            flow.gain(draft, seat, colour, seen=True)
            draft.taken += 1
            note(draft, ("take", text, seat, action.slot, COLOURS[colour]))
        elif isinstance(action, TakeDeck):
            colour = flow.draw(draft)
            flow.gain(draft, seat, colour, seen=False)
            draft.taken += 1
            note(draft, ("take_deck", text, seat, COLOURS[colour]))
        else:
            assert isinstance(action, TakeAllColour)
            colour = COLOUR_INDEX[action.colour]
            count = draft.display.count(colour)
            draft.display = tuple(NONE if c == colour else c for c in draft.display)
            flow.gain(draft, seat, colour, seen=True, number=count)
            draft.taken = count
            draft.took_colour = True
            note(draft, ("take_all", text, seat, action.colour, count))
            flow.end_cards(draft)
            return
        if draft.taken == 2 or not flow.offer_cards(draft):
            flow.end_cards(draft)

    def _auction(self, draft: SpDraft, seat: Seat, action: SpAction, text: str) -> None:
        """P16–P19: open, raise, pass and pay."""
        flow = self.flow
        if isinstance(action, OpenAuction):
            draft.auction_hex = self.board.hex_by_name[action.hex]
            draft.bid = action.bid
            draft.high_bidder = seat
            note(draft, ("open", text, seat, action.hex, action.bid))
            flow.after_bid(draft, seat)
        elif isinstance(action, RaiseBid):
            draft.bid = action.bid
            draft.high_bidder = seat
            note(draft, ("raise", text, seat, action.bid))
            flow.after_bid(draft, seat)
        elif isinstance(action, PassBid):
            draft.passed |= 1 << seat
            note(draft, ("pass", text, seat))
            flow.after_bid(draft, seat)
        else:
            assert isinstance(action, PayBid)
            flow.spend(draft, seat, action.cards)
            note(draft, ("pay", text, seat, action.cards))
            flow.next_auction(draft)

    # -- queries -----------------------------------------------------------------------------

    def find_legal(self, state: SpState) -> tuple[SpAction, ...]:
        """Return the legal actions of the seat to act, in a stable order."""
        return tuple(legal_now(self, state))

    def returns(self, state: SpState) -> tuple[float, ...]:
        """Return 1.0 for the single winner after the tie-break (P68), 0.0 for the others."""
        if state.winner == NONE:
            return (0.0,) * self.num_players
        return tuple(1.0 if seat == state.winner else 0.0 for seat in range(self.num_players))

    def scores(self, state: SpState) -> tuple[int, ...]:
        """Return each seat's points (P66)."""
        return score_stacks(state.girls, self.num_players)

    # -- notation ------------------------------------------------------------------------------

    def action_to_text(self, state: SpState, action: SpAction) -> str:
        """Return the canonical text of `action` (§8.2), without a seat prefix."""
        return self.ids.text(action)

    def action_from_text(self, state: SpState, text: str) -> SpAction:
        """Return the action `text` denotes (§8.1); InvalidActionError if it is not notation.

        A seat prefix `k: ` names the rules' seat k (engine seat k - 1) and must be the seat to
        act, else IllegalActionError.
        """
        seat, action = self.ids.parse(text)
        if seat is not None and (state.current is None or seat != state.current + 1):
            who = "nobody" if state.current is None else f"seat {state.current + 1}"
            raise IllegalActionError(
                f"{text[:40]!r} is written for seat {seat}, but {who} is to act (§8.2)"
            )
        return action


def build(values: Mapping[str, JSON]) -> SpGame:
    """Return the game with these option values (the descriptor's `build`)."""
    return SpGame(SpOptions.from_values(values))
