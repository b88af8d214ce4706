"""The move generator's prebuilt tables change nothing: differential test against the oracle.

Seeded random games under every player count and option that the generator reads; at every
step, for every seat's hand and, for the seat to move, two hands that use every card, the legal
actions must equal the oracle's (`reference_moves.ReferenceMoves`, the generator before its
tables) in value and order, and every such action must have the same effect.
"""

from __future__ import annotations

import random

import pytest

from ludoteca.core.chance import SEED_BITS
from tests.games.keezen.helpers import keezen
from tests.games.keezen.reference_moves import ReferenceMoves

# Every card at once, in two hands (a hand is sorted and may repeat ranks).
WIDE_HANDS = ((1, 4, 7, 11, 13), (2, 3, 5, 6, 8, 9, 10, 12))


@pytest.mark.parametrize(
    ("players", "options", "games"),
    [
        (2, {}, 3),
        (2, {"two_player_track": 64}, 2),
        (4, {}, 1),
        (4, {"owner_may_swap_from_start": True, "seven_partner_remainder": False}, 1),
        (6, {}, 1),
        (6, {"owner_may_swap_from_start": True}, 1),
    ],
)
def test_legal_actions_and_effects_match_the_oracle(
    players: int, options: dict[str, object], games: int
) -> None:
    game = keezen(players, **options)
    fast = game.moves
    oracle = ReferenceMoves(
        game.board, game.settings.owner_may_swap_from_start,
        game.settings.seven_partner_remainder,
    )
    rng = random.Random(f"fast moves {players} {sorted(options.items())}")
    steps = 0
    for _ in range(games):
        state = game.initial_state(rng.getrandbits(SEED_BITS))
        while legal := game.legal_actions(state):
            squares, pawns = state.squares, state.pawns
            for seat in range(players):
                wide = WIDE_HANDS if seat == state.current else ()
                for hand in (state.hands[seat], *wide):
                    actions = fast.legal_actions(squares, pawns, seat, hand)
                    assert actions == oracle.legal_actions(squares, pawns, seat, hand)
                    for action in actions:
                        assert fast.carry_out(squares, pawns, action) == oracle.carry_out(
                            squares, pawns, action
                        )
            state = game.apply(state, legal[rng.randrange(len(legal))])
            steps += 1
    assert steps > 100
