"""Issue 23, finding 6: two processes race for a match's last move. The loser is told the game
is over (409 game_over), not that the match expired, and its copy shows the finished match.

Two apps on one database stand in for two processes (no Redis: the loser learns of the
winner's move only from the database's refusal, the case the review reproduced).
"""

from __future__ import annotations

import random
from pathlib import Path

import ludoteca
from tests.server.support import act, assert_error, bearer, create, serve, view

SEED = 5


def test_the_loser_of_a_race_for_the_last_move_hears_game_over_not_expired(
    tmp_path: Path,
) -> None:
    game = ludoteca.load("keezen", players=2)
    rng = random.Random(SEED)
    with serve(tmp_path) as a, serve(tmp_path) as b:
        created = create(a, players=2, seats=[{"type": "human"}] * 2, seed=SEED, hotseat=True)
        match_id, tokens = created["match_id"], created["tokens"]
        state = game.initial_state(SEED)
        last = None
        while not game.is_terminal(state):
            action = rng.choice(game.legal_actions(state))
            after = game.apply(state, action)
            if game.is_terminal(after):
                last = game.current_player(state), game.action_to_text(state, action)
                break
            seat = game.current_player(state)
            response = act(a, match_id, tokens[str(seat)], view(a, match_id)["state_id"],
                           game.action_to_text(state, action))
            assert response.status_code == 200, response.text
            state = after
        assert last is not None
        seat, text = last
        before_end = view(b, match_id)["state_id"]  # b's copy: one move before the end

        won = act(a, match_id, tokens[str(seat)], before_end, text)
        lost = act(b, match_id, tokens[str(seat)], before_end, text)

        assert won.status_code == 200, won.text
        assert "ended" in assert_error(lost, 409, "game_over")
        seen = b.get(f"/api/matches/{match_id}/view", headers=bearer(tokens[str(seat)])).json()
        assert seen["match"]["status"] == "finished"
        assert seen["state_id"] == before_end + 1
