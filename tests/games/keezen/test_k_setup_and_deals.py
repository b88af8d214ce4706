"""Rules K1–K19 of the Keezen specification: players, setup, deals and turns (section 4)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

import pytest

from ludoteca import IllegalActionError
from ludoteca.games.keezen import KeezenGame, KeezenState
from ludoteca.games.keezen.cards import RANK_TEXT, hand_text
from ludoteca.games.keezen.state import DealEvent, DiscardEvent, EndEvent, PlayEvent
from tests.games.keezen.helpers import discards, keezen, legal_texts, play, position, state_at

EMPTY_4 = "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"


def random_game(game: KeezenGame, seed: int, chooser: int) -> list[KeezenState]:
    """Return every state of a game from `seed`, actions picked by random.Random(chooser)."""
    rng = random.Random(chooser)
    state = game.initial_state(seed)
    states = [state]
    while not game.is_terminal(state):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        states.append(state)
    return states


def deal_events(state: KeezenState) -> list[DealEvent]:
    """Return the DealEvent of every deal in the log, in order."""
    return [e for e in state.events() if isinstance(e, DealEvent)]


def all_start(players: int) -> str:
    """Return the opening position: every pawn in its start area."""
    return " ".join(f"{seat}:s,s,s,s" for seat in range(players))


# -- Players and setup -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 5, 1, 8])
def test_k1_only_two_four_or_six_players(players: int) -> None:
    """K1: the game is for 2, 4 or 6 players and nothing else."""
    with pytest.raises(ValueError):
        keezen(players=players)


def test_k1_seat_to_the_left_plays_next_and_pawns_move_the_same_way() -> None:
    """K1: seat p+1 (mod N) plays after seat p, and pawns move towards higher squares."""
    game = keezen(players=6)
    start = "0:10,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s 4:s,s,s,s 5:70,s,s,s"
    state = state_at(game, start, {5: "3", 0: "5"}, to_move=5)
    assert legal_texts(game, start, 5, "3") == {"3: 70-73"}
    after = play(game, state, "3: 70-73")
    assert after.current == 0
    assert game.legal_actions(after) == (game.action_from_text(after, "5: 10-15"),)
    assert [keezen(players=n).num_players for n in (2, 4, 6)] == [2, 4, 6]


def test_k2_partners_sit_opposite_and_two_players_play_alone() -> None:
    """K2: partner(p) = (p + N/2) mod N for 4 and 6 players; no partner with 2."""
    four, six, two = keezen(4).board, keezen(6).board, keezen(2).board
    assert [four.partner(p) for p in range(4)] == [2, 3, 0, 1]
    assert [four.team(p) for p in range(4)] == [(0, 2), (1, 3), (0, 2), (1, 3)]
    assert [six.partner(p) for p in range(6)] == [3, 4, 5, 0, 1, 2]
    assert [six.team(p) for p in range(6)] == [(0, 3), (1, 4), (2, 5), (0, 3), (1, 4), (2, 5)]
    assert [two.partner(p) for p in range(2)] == [None, None]
    assert [two.team(p) for p in range(2)] == [(0,), (1,)]


@pytest.mark.parametrize(
    "bad",
    [
        "0:s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s",  # three pawns
        "0:s,s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s",  # five pawns
        "0:h4,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s",  # no fifth home slot
    ],
)
def test_k3_four_pawns_and_four_home_slots_per_colour(bad: str) -> None:
    """K3: a colour has exactly 4 pawns and a home lane of slots 0–3."""
    game = keezen()
    with pytest.raises(ValueError):
        state_at(game, bad, {0: "A"}, to_move=0)
    full = state_at(game, "0:10,h0,h1,h3 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s", {0: "A"}, to_move=0)
    assert game.observation(full, 0)["pawns"] == [
        ["10", "h0.0", "h0.1", "h0.3"], ["s"] * 4, ["s"] * 4, ["s"] * 4,
    ]
    # Slot 3 is the deepest: the Ace moves h0.1 on but not h0.3.
    assert {game.action_to_text(full, a) for a in game.legal_actions(full)} == {
        "A: 10-11", "A: h0.1-h0.2",
    }


@pytest.mark.parametrize(
    ("players", "options", "length", "starts", "entries"),
    [
        (2, {}, 32, [0, 16], [31, 15]),
        (2, {"two_player_track": 64}, 64, [0, 32], [63, 31]),
        (4, {}, 64, [0, 16, 32, 48], [63, 15, 31, 47]),
        (6, {}, 96, [0, 16, 32, 48, 64, 80], [95, 15, 31, 47, 63, 79]),
    ],
)
def test_k4_track_length_start_squares_and_home_entries(
    players: int, options: dict[str, int], length: int, starts: list[int], entries: list[int]
) -> None:
    """K4: L = 16·N (2 players: two_player_track), S(p) = G·p, E(p) = S(p) − 1 mod L."""
    board = keezen(players, **options).board
    assert board.track_length == length
    assert [board.start_square(p) for p in range(players)] == starts
    assert [board.home_entry(p) for p in range(players)] == entries


@pytest.mark.parametrize(
    ("players", "options", "seat", "square"),
    [(2, {}, 1, 15), (2, {"two_player_track": 64}, 1, 31), (6, {}, 3, 47), (6, {}, 5, 79)],
)
def test_k4_a_pawn_on_its_home_entry_steps_into_its_home_lane(
    players: int, options: dict[str, int], seat: int, square: int
) -> None:
    """K4: one step forward from E(p) is slot h<p>.0, never the track square S(p)."""
    game = keezen(players, **options)
    groups = [f"{p}:s,s,s,s" for p in range(players)]
    groups[seat] = f"{seat}:{square},s,s,s"
    assert legal_texts(game, " ".join(groups), seat, "2,5") == {f"2: {square}-h{seat}.1"}


@pytest.mark.parametrize("players", [2, 4, 6])
def test_k5_all_pawns_start_in_their_start_areas(players: int) -> None:
    """K5: the game opens with every pawn in its start area, so only entering is legal."""
    game = keezen(players)
    for seed in range(5):
        state = game.initial_state(seed)
        assert position(game, state) == all_start(players)
        seat = state.current
        assert seat is not None
        start = game.board.start_square(seat)
        hand = {RANK_TEXT[card] for card in state.hands[seat]}
        expected = {f"{card}: s-{start}" for card in ("A", "K") if card in hand}
        assert {game.action_to_text(state, a) for a in game.legal_actions(state)} == expected


@pytest.mark.parametrize(("players", "size"), [(2, 26), (4, 52), (6, 78)])
def test_k6_deck_has_n_copies_of_each_rank(players: int, size: int) -> None:
    """K6: N copies of each of the 13 ranks (26/52/78 cards), no jokers."""
    game = keezen(players)
    assert len(game.deck) == size
    assert Counter(game.deck) == {rank: players for rank in range(1, 14)}
    state = game.initial_state(8)
    cards = Counter(state.pack)
    for hand in deal_events(state)[0].hands:
        cards.update(hand)
    assert cards == Counter(game.deck)


# -- Deals -----------------------------------------------------------------------------------


def test_k7_first_dealer_is_drawn_from_the_seed_or_set_by_option() -> None:
    """K7: first_dealer fixes the first dealer; otherwise the seed draws it, reproducibly."""
    fixed = keezen(first_dealer=3)
    assert {fixed.initial_state(seed).dealer for seed in range(10)} == {3}
    assert deal_events(fixed.initial_state(4))[0].dealer == 3
    drawn = keezen()
    dealers = [drawn.initial_state(seed).dealer for seed in range(40)]
    assert dealers == [drawn.initial_state(seed).dealer for seed in range(40)]
    assert set(dealers) == {0, 1, 2, 3}


@pytest.mark.parametrize("players", [2, 4, 6])
def test_k8_cycles_deal_five_then_four_then_four_cards(players: int) -> None:
    """K8: each player gets 5 cards in the first deal of a cycle, 4 in the second and third."""
    game = keezen(players, max_deals=7)
    for seed in (1, 2):
        deals = deal_events(random_game(game, seed, chooser=seed)[-1])
        assert [d.deal for d in deals] == [1, 2, 3, 4, 5, 6, 7]
        assert [[len(hand) for hand in d.hands] for d in deals] == [
            [size] * players for size in (5, 4, 4, 5, 4, 4, 5)
        ]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_k9_every_cycle_deals_one_freshly_shuffled_full_pack(players: int) -> None:
    """K9: the three deals of a cycle use exactly the 13·N cards, reshuffled every cycle."""
    game = keezen(players, max_deals=7)
    deals = deal_events(random_game(game, 5, chooser=0)[-1])
    assert len(deals) == 7
    for cycle in (0, 1):
        cards: Counter[int] = Counter()
        for deal in deals[3 * cycle : 3 * cycle + 3]:
            for hand in deal.hands:
                cards.update(hand)
        assert cards == Counter(game.deck)
    assert deals[3].hands != deals[0].hands  # a new shuffle, not the old order again


def test_k9_shuffles_are_the_only_chance_so_play_does_not_change_the_cards() -> None:
    """K9: with one seed, the cards of every deal are the same whatever the players choose."""
    game = keezen(max_deals=7)
    first = random_game(game, 21, chooser=1)[-1]
    second = random_game(game, 21, chooser=2)[-1]
    assert len(deal_events(first)) == 7
    assert deal_events(first) == deal_events(second)
    assert played_actions(first) != played_actions(second)


def played_actions(state: KeezenState) -> list[object]:
    """Return the action of every card played in the log, in order."""
    return [e.action for e in state.events() if isinstance(e, PlayEvent)]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_k10_pack_passes_on_and_is_empty_after_the_third_deal(players: int) -> None:
    """K10: no reshuffle within a cycle: 8N cards are left after deal 1, 4N after 2, 0 after 3."""
    game = keezen(players, max_deals=6)
    states = random_game(game, 13, chooser=13)
    assert states[-1].deal == 6
    left = {1: 8 * players, 2: 4 * players, 0: 0}
    assert all(len(s.pack) == left[s.deal % 3] for s in states)


@pytest.mark.parametrize(("players", "first_dealer"), [(4, 1), (2, 0), (6, 4)])
def test_k10_cards_are_dealt_one_at_a_time_from_the_top_starting_left_of_the_dealer(
    players: int, first_dealer: int
) -> None:
    """K10: card j of a deal comes off the top of the pack to seat dealer + 1 + j."""
    game = keezen(players, first_dealer=first_dealer, max_deals=3)
    states = random_game(game, 17, chooser=17)
    for deal in (2, 3):
        before = next(s for s in states if s.deal == deal - 1)
        after = next(s for s in states if s.deal == deal)
        event = deal_events(after)[deal - 1]
        count = 4 * players
        top = before.pack[:count]
        for j in range(players):
            seat = (event.dealer + 1 + j) % players
            assert event.hands[seat] == tuple(sorted(top[j::players]))
        assert after.pack == before.pack[count:]


def test_k10_finished_players_are_still_dealt_a_full_hand() -> None:
    """K10: a seat whose pawns are all home still receives 5 or 4 cards at every deal."""
    game = keezen()
    checked = 0
    for seed in range(6):
        states = random_game(game, seed, chooser=seed)
        for before, after in pairwise(states):
            if after.deal == before.deal:
                continue
            event = deal_events(after)[after.deal - 1]
            size = 5 if after.deal % 3 == 1 else 4
            for seat in range(4):
                if game.moves.is_finished(before.pawns, seat):
                    assert len(event.hands[seat]) == size
                    checked += 1
    assert checked > 0


@pytest.mark.parametrize(
    ("players", "options", "dealers"),
    [
        (4, {"first_dealer": 1}, [1, 2, 3, 0, 1, 2, 3]),
        (4, {"first_dealer": 1, "dealer_rotation": "per_cycle"}, [1, 1, 1, 2, 2, 2, 3]),
        (2, {"first_dealer": 1}, [1, 0, 1, 0, 1, 0, 1]),
        (6, {"first_dealer": 5}, [5, 0, 1, 2, 3, 4, 5]),
        (6, {"first_dealer": 4, "dealer_rotation": "per_cycle"}, [4, 4, 4, 5, 5, 5, 0]),
    ],
)
def test_k11_the_deal_passes_to_the_left(
    players: int, options: dict[str, object], dealers: list[int]
) -> None:
    """K11: after each deal (per_cycle: each cycle) the player to the dealer's left deals."""
    game = keezen(players, max_deals=7, **options)
    states = random_game(game, 3, chooser=3)
    assert [d.dealer for d in deal_events(states[-1])] == dealers
    assert [next(s.dealer for s in states if s.deal == k) for k in range(1, 8)] == dealers


def test_k12_a_seat_sees_only_its_own_hand() -> None:
    """K12: hands and pack are hidden; dealer, deal, cycle place and hand sizes are public."""
    game = keezen(first_dealer=0)
    state = game.initial_state(11)
    dealt = deal_events(state)[0].hands
    obs = game.observation(state, 2)
    assert obs["hand"] == [RANK_TEXT[card] for card in state.hands[2]]
    assert obs["hand_sizes"] == [len(hand) for hand in state.hands]
    assert (obs["dealer"], obs["deal"], obs["deal_in_cycle"], obs["pack_size"]) == (0, 1, 1, 32)
    assert "pack" not in obs
    assert obs["log"][0] == {
        "kind": "deal", "deal": 1, "dealer": 0,
        "hands": [None, None, [RANK_TEXT[card] for card in dealt[2]], None],
        "text": f"deal 1 dealer 0 hands 0=? 1=? 2={hand_text(dealt[2])} 3=?",
    }
    spectator = game.observation(state, None)
    assert spectator["hand"] is None
    assert spectator["log"][0]["text"] == "deal 1 dealer 0 hands 0=? 1=? 2=? 3=?"


def test_k12_observation_does_not_depend_on_hidden_cards() -> None:
    """K12: redealing the cards a seat cannot see leaves that seat's observation unchanged."""
    game = keezen(max_deals=4)
    rng = random.Random(5)
    changed = 0
    for state in random_game(game, 6, chooser=6)[:-1:7]:
        for seat in range(4):
            other = game.resample(state, seat, rng)
            assert game.observation(other, seat) == game.observation(state, seat)
            assert other.hands[seat] == state.hands[seat]
            changed += other.hands != state.hands
    assert changed > 0


def test_k12_handed_in_hands_and_played_cards_are_public() -> None:
    """K12: every player sees the cards of a hand-in and every played action."""
    game = keezen()
    state = state_at(game, EMPTY_4, {2: "2,6,8,10,Q", 3: "A,K"}, to_move=2)
    after = play(game, state, "K: s-48")
    log = game.observation(after, 0)["log"]
    assert log[1] == {
        "kind": "discard", "seat": 2, "cards": ["2", "6", "8", "10", "Q"],
        "text": "P2 discard (2,6,8,10,Q)",
    }
    assert log[2]["text"] == "P3 K: s-48"
    assert game.observation(after, 0)["hand_sizes"] == [0, 0, 0, 1]


# -- Turns -----------------------------------------------------------------------------------


def test_k13_turns_start_left_of_the_dealer_and_skip_empty_hands() -> None:
    """K13: in every deal of random games, each turn goes to the next seat left holding cards."""
    for players in (2, 4, 6):
        game = keezen(players, max_deals=6)
        turns = 0
        for deal in random_game(game, 40 + players, chooser=players)[-1].log:
            opening = deal[0]
            assert isinstance(opening, DealEvent)
            sizes = [len(hand) for hand in opening.hands]
            last = opening.dealer
            for event in deal[1:]:
                if isinstance(event, EndEvent):
                    break
                assert isinstance(event, PlayEvent | DiscardEvent)
                expected = next(
                    (last + i) % players for i in range(1, players + 1)
                    if sizes[(last + i) % players]
                )
                assert event.seat == expected
                sizes[event.seat] = sizes[event.seat] - 1 if isinstance(event, PlayEvent) else 0
                last = event.seat
                turns += 1
        assert turns > 40


def test_k13_a_seat_without_cards_is_skipped() -> None:
    """K13: seat 3 holds no cards, so seat 2's turn passes straight to seat 0."""
    game = keezen()
    state = state_at(
        game, "0:10,s,s,s 1:20,s,s,s 2:40,s,s,s 3:s,s,s,s", {1: "2,9", 2: "3,8", 0: "5"}, to_move=1
    )
    state = play(game, state, "2: 20-22")
    assert state.current == 2
    state = play(game, state, "3: 40-43")
    assert state.current == 0
    state = play(game, state, "5: 10-15")
    assert state.current == 1


@pytest.mark.parametrize("players", [2, 4, 6])
def test_k14_a_deal_ends_only_when_every_dealt_card_is_gone(players: int) -> None:
    """K14: each deal in the log uses up every dealt card (played or handed in) before the next."""
    game = keezen(players, max_deals=6)
    final = random_game(game, 9, chooser=9)[-1]
    assert [d.deal for d in deal_events(final)] == [1, 2, 3, 4, 5, 6]
    for deal in final.log:
        opening = deal[0]
        assert isinstance(opening, DealEvent)
        spent: list[Counter[int]] = [Counter() for _ in range(players)]
        for event in deal[1:]:
            if isinstance(event, PlayEvent):
                spent[event.seat][event.action.card] += 1
            elif isinstance(event, DiscardEvent):
                spent[event.seat].update(event.cards)
        assert spent == [Counter(hand) for hand in opening.hands]


def test_k15_a_turn_plays_one_card_of_the_named_rank() -> None:
    """K15: two 5s give the action `5: 10-15` once; playing it removes exactly one 5."""
    game = keezen()
    state = state_at(
        game, "0:10,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s", {0: "5,5,9", 1: "K"}, to_move=0
    )
    assert sorted(game.action_to_text(state, a) for a in game.legal_actions(state)) == [
        "5: 10-15", "9: 10-19",
    ]
    after = play(game, state, "5: 10-15")
    assert after.hands[0] == (5, 9)
    assert position(game, after) == "0:15,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert game.observation(after, 1)["log"][-1]["text"] == "P0 5: 10-15"
    assert after.current == 1


def test_k16_a_card_carried_out_only_in_part_is_not_legal() -> None:
    """K16: no shortened 9, no 7 that moves five squares and drops the rest."""
    game = keezen()
    start = "0:58,h3,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 0, "7,9") == {"7: 58-h0.1"}
    assert legal_texts(game, start, 0, "9,10,Q") == set()
    state = state_at(game, start, {0: "7,9"}, to_move=0)
    for partial in ("9: 58-h0.2", "7: 58-63"):
        with pytest.raises(IllegalActionError):
            game.apply(state, game.action_from_text(state, partial))


def test_k17_a_playable_hand_must_be_played_even_to_capture_oneself() -> None:
    """K17: any playable card and action may be chosen, self- and partner captures included."""
    game = keezen()
    start = "0:10,15,s,s 1:s,s,s,s 2:13,s,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 0, "3,5") == {
        "3: 10-13x", "3: 15-18", "5: 10-15x", "5: 15-20",
    }
    state = state_at(game, start, {0: "3,5", 1: "K"}, to_move=0)
    assert state.current == 0 and discards(state) == []
    after = play(game, state, "5: 10-15x")
    assert position(game, after) == "0:15,s,s,s 1:s,s,s,s 2:13,s,s,s 3:s,s,s,s"


def test_k18_unplayable_hands_are_handed_in_automatically() -> None:
    """K18: seats 1, 2 and 3 cannot play; their hands go in, logged, and seat 0 is to move."""
    game = keezen()
    state = state_at(
        game, "0:s,s,s,s 1:s,s,s,s 2:20,s,s,s 3:s,s,s,s",
        {1: "2,4,Q", 2: "J", 3: "3,6", 0: "7,K"}, to_move=1,
    )
    assert discards(state) == [(1, (2, 4, 12)), (2, (11,)), (3, (3, 6))]
    assert state.hands == ((7, 13), (), (), ())
    assert state.current == 0
    assert {game.action_to_text(state, a) for a in game.legal_actions(state)} == {"K: s-0"}
    assert [entry["text"] for entry in game.observation(state, 0)["log"][1:]] == [
        "P1 discard (2,4,Q)", "P2 discard (J)", "P3 discard (3,6)",
    ]


def test_k18_the_seat_to_move_always_has_a_legal_action() -> None:
    """K18: a hand-in is never an action; whoever is to move can play."""
    game = keezen(max_deals=6)
    states = random_game(game, 31, chooser=31)
    assert all(game.legal_actions(s) for s in states if not game.is_terminal(s))
    assert any(discards(s) for s in states)


def test_k19_a_handed_in_hand_stays_out_when_the_position_changes() -> None:
    """K19: seat 1's Queen is blocked at its turn; it is not dealt back in when 32 is freed."""
    game = keezen()
    start = "0:40,s,s,s 1:20,s,s,s 2:32,s,s,s 3:s,s,s,s"
    state = state_at(game, start, {1: "Q", 2: "2,3", 3: "K", 0: "5,6"}, to_move=1)
    assert discards(state) == [(1, (12,))]
    assert state.current == 2
    for text in ("3: 32-35", "K: s-48", "5: 40-45"):
        state = play(game, state, text)
    assert position(game, state) == "0:45,s,s,s 1:20,s,s,s 2:35,s,s,s 3:48,s,s,s"
    assert legal_texts(game, position(game, state), 1, "Q") == {"Q: 20-32"}
    assert state.current == 2
    assert state.hands == ((6,), (), (2,), ())
