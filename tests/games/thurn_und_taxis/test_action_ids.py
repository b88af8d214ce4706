"""Dense action ids: every close a route allows has one, and no impossible house set does."""

from __future__ import annotations

import random

import pytest

from ludoteca import InvalidActionError
from ludoteca.games.thurn_und_taxis.actions import close
from ludoteca.games.thurn_und_taxis.moves import close_options
from tests.games.thurn_und_taxis.helpers import tnt


def _random_route(neighbours: tuple[int, ...], rng: random.Random, length: int) -> tuple[int, ...]:
    route = [rng.randrange(len(neighbours))]
    while len(route) < length:
        steps = [city for city in range(len(neighbours))
                 if neighbours[route[-1]] >> city & 1 and city not in route]
        if not steps:
            break
        route.append(rng.choice(steps))
    return tuple(route)


def test_every_close_a_route_allows_has_an_id_that_round_trips() -> None:
    game = tnt(2)
    rng = random.Random(7)
    checked = 0
    for _ in range(400):
        route = _random_route(game.board.neighbours, rng, rng.randint(3, 9))
        own_houses = sum(1 << city for city in route if rng.random() < 0.2)
        supply = rng.randint(1, game.board.houses_per_player)
        for houses in close_options(route, own_houses, supply).every():
            action_id = game.action_to_id(close(houses))
            assert 0 <= action_id < game.num_distinct_actions
            assert game.ids.from_id(action_id) == close(houses)
            checked += 1
    assert checked > 1000


def test_the_ids_cover_only_sets_a_close_can_place() -> None:
    game = tnt(2)
    regions = game.board.region_cities
    big = next(region for region in regions if region.bit_count() >= 2)
    other = next(region for region in regions if region != big)
    two_in_one = big & -big
    two_in_one |= (big ^ two_in_one) & -(big ^ two_in_one)
    with pytest.raises(InvalidActionError, match="no id"):
        game.action_to_id(close(two_in_one | (other & -other)))
    # every subset of one region (T34, T39) and one city in every region (T35)
    assert game.action_to_id(close(big)) < game.num_distinct_actions
    assert game.action_to_id(close(sum(region & -region for region in regions))) >= 0
    assert len(game.ids.closes) == len(set(game.ids.closes))
    assert game.num_distinct_actions < 30_000
