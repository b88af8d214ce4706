"""Loading games by name and option validation."""

from __future__ import annotations

import pytest

import ludoteca


def test_available_games_lists_keezen() -> None:
    assert "keezen" in ludoteca.available_games()
    assert list(ludoteca.available_games()) == sorted(ludoteca.available_games())


def test_unknown_game_is_a_value_error_naming_the_choices() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'chess'.*keezen"):
        ludoteca.load("chess")


def test_unknown_option_is_rejected_with_its_name() -> None:
    with pytest.raises(ValueError, match=r"unknown Keezen option.*jokers"):
        ludoteca.load("keezen", jokers=2)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3}, "Keezen is played by 2, 4 or 6 players, not 3"),
        ({"players": 2, "two_player_track": 48},
         "Keezen option two_player_track must be one of 32, 64, not 48"),
        ({"dealer_rotation": "random"},
         "dealer_rotation must be one of 'per_deal', 'per_cycle', not 'random'"),
        ({"first_dealer": 4}, "first_dealer must be a seat 0..3 or null, not 4"),
        ({"max_deals": 0}, "max_deals must be an integer from 1 to 100000, not 0"),
        ({"seven_partner_remainder": "yes"}, "must be true or false, not 'yes'"),
        ({"two_player_track": True}, "must be one of 32, 64, not True"),
        ({"players": 4, "num_players": 6}, "contradicts"),
    ],
)
def test_invalid_option_values_are_rejected(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ludoteca.load("keezen", **options)


def test_options_report_defaults_from_the_original_text() -> None:
    game = ludoteca.load("keezen")
    assert dict(game.options) == {
        "num_players": 4,
        "two_player_track": 32,
        "owner_may_swap_from_start": False,
        "seven_partner_remainder": True,
        "dealer_rotation": "per_deal",
        "first_dealer": None,
        "max_deals": 1000,
    }
