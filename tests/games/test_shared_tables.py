"""Games loaded with the same options share their immutable tables (issue 9: an idle match
must not cost a rebuilt 1.7 MB action table) and keep their own log renderer."""

from __future__ import annotations

import ludoteca


def test_elfenland_games_share_map_moves_and_action_ids() -> None:
    first = ludoteca.load("elfenland", 4)
    second = ludoteca.load("elfenland", 4)
    other_options = ludoteca.load("elfenland", 3, rounds=3)
    for game in (second, other_options):
        assert game.map is first.map
        assert game.moves is first.moves
        assert game.ids is first.ids
    assert second.log_renderer is not first.log_renderer


def test_elfenland_caravan_rule_has_its_own_move_generator() -> None:
    strict = ludoteca.load("elfenland", 4, caravan="identical")
    mixed = ludoteca.load("elfenland", 4, caravan="any")
    assert strict.moves is not mixed.moves
    assert (strict.moves.caravan_any, mixed.moves.caravan_any) == (False, True)
    assert strict.ids is mixed.ids


def test_keezen_games_of_one_size_share_board_moves_ids_and_deck() -> None:
    first = ludoteca.load("keezen", 4)
    second = ludoteca.load("keezen", 4)
    assert second.board is first.board
    assert second.moves is first.moves
    assert second.ids is first.ids
    assert second.deck is first.deck
    assert second.log_renderer is not first.log_renderer
    six = ludoteca.load("keezen", 6)
    assert six.board is not first.board and six.ids is not first.ids


def test_keezen_rule_options_get_their_own_move_generator() -> None:
    plain = ludoteca.load("keezen", 4)
    own_pawns_only = ludoteca.load("keezen", 4, seven_partner_remainder=False)
    assert own_pawns_only.board is plain.board
    assert own_pawns_only.moves is not plain.moves
    assert not own_pawns_only.moves.seven_partner_remainder



def test_suitors_paths_games_of_one_size_share_board_and_action_ids() -> None:
    first = ludoteca.load("suitors_paths", 4)
    second = ludoteca.load("suitors_paths", 4)
    assert second.board is first.board
    assert second.ids is first.ids
    assert second.log_renderer is not first.log_renderer
    adjacent = ludoteca.load("suitors_paths", 4, boundary_side_cost="adjacent")
    assert adjacent.board is first.board
    five = ludoteca.load("suitors_paths", 5)
    assert five.board is not first.board and five.ids is not first.ids
