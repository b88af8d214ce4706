"""Player names are shown to everyone: what arrives is normalised before it is stored (issue 9)."""

from __future__ import annotations

import pytest

from ludoteca.server.names import name_key
from ludoteca.server.schemas import MAX_NAME_LENGTH, player_name
from tests.server.support import TestClient, assert_error, create


@pytest.mark.parametrize(
    ("given", "stored"),
    [
        ("\u202enimda", "nimda"),  # right-to-left override: would show as "admin"
        ("\u2066Ann\u2069", "Ann"),  # bidi isolates
        ("A\u200bn\u200dn\ufeff", "Ann"),  # zero-width space, joiner, byte-order mark
        ("Ann\x00\x07\x1b[31m", "Ann[31m"),  # control characters (an ANSI escape loses ESC)
        ("  Ann \t\n Bo\u00a0 ", "Ann Bo"),  # whitespace of any kind collapses to one space
        ("Zoe\u0301", "Zoé"),  # NFC: one code point per accented letter
        ("Ann \u200b Bo", "Ann Bo"),
        ("李小龍", "李小龍"),
    ],
)
def test_names_are_normalised(given: str, stored: str) -> None:
    assert player_name(given) == stored


@pytest.mark.parametrize("given", ["", "   ", "\u200b\u202e", "\x00\x01", "x" * 41])
def test_empty_or_long_names_are_refused(given: str) -> None:
    with pytest.raises(ValueError, match="name"):
        player_name(given)


def test_a_name_of_the_longest_length_is_kept() -> None:
    assert player_name("x" * MAX_NAME_LENGTH + "\u200b" * 10) == "x" * MAX_NAME_LENGTH


def test_create_and_join_store_the_normalised_name(client: TestClient) -> None:
    created = create(client, name="\u202enimda")
    assert created["match"]["seats"][0]["name"] == "nimda"
    match_id = created["match_id"]
    joined = client.post(f"/api/matches/{match_id}/join", json={"name": " \u2066Bo\u2069\u200b "})
    assert joined.status_code == 200, joined.text
    seats = client.get(f"/api/matches/{match_id}").json()["seats"]
    assert seats[joined.json()["seat"]]["name"] == "Bo"


def test_a_name_that_is_empty_once_cleaned_is_refused(client: TestClient) -> None:
    body = {"game": "keezen", "name": "\u202e\u200b "}
    assert "name" in assert_error(client.post("/api/matches", json=body), 422, "malformed")
    match_id = create(client)["match_id"]
    join = client.post(f"/api/matches/{match_id}/join", json={"name": "\x00"})
    assert_error(join, 422, "malformed")


# -- issue 23, finding 8: fillers that show nothing, and names that read the same ----------------

FILLERS = ["\u3164", "\uffa0", "\u115f", "\u1160", "\u2800", "\u034f", "\ufe0f", "\U000e0041"]
"""Hangul fillers, the blank braille pattern, a grapheme joiner, a variation selector, a tag."""


@pytest.mark.parametrize("filler", FILLERS)
def test_a_name_of_fillers_that_show_nothing_is_refused(client: TestClient, filler: str) -> None:
    with pytest.raises(ValueError, match="visible"):
        player_name(f" {filler}{filler} {filler}")
    assert player_name(f"A{filler}nn") == "Ann"
    body = {"game": "keezen", "name": filler * 3}
    assert "name" in assert_error(client.post("/api/matches", json=body), 422, "malformed")
    assert client.get("/api/matches").json() == []


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ann", "Ann\u034f"),  # a combining grapheme joiner, drawn as nothing
        ("Ann", "Ann\ufe0f"),  # a variation selector
        ("Ann", "ANN"),
        ("Ann", "\uff21\uff4e\uff4e"),  # full-width letters: NFKC makes them "Ann"
        ("Straße", "STRASSE"),  # case folding, not lower-casing
        ("Ann Bo", "ann\u3000bo"),  # an ideographic space
    ],
)
def test_names_that_read_the_same_share_a_key(one: str, other: str) -> None:
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(("one", "other"), [("Ann", "Anne"), ("Ann", "Ánn"), ("Ann", "An n")])
def test_different_names_have_different_keys(one: str, other: str) -> None:
    assert name_key(one) != name_key(other)


@pytest.mark.parametrize("lookalike", ["Ann", "ann", "Ann\u034f", "Ann\ufe0f", "\uff21nn"])
def test_a_seat_cannot_join_under_another_seats_name(client: TestClient, lookalike: str) -> None:
    match_id = create(client, name="Ann")["match_id"]
    before = client.get(f"/api/matches/{match_id}").json()
    joined = client.post(f"/api/matches/{match_id}/join", json={"name": lookalike})
    assert "Ann" in assert_error(joined, 400, "bad_request")
    assert client.get(f"/api/matches/{match_id}").json() == before
    bo = client.post(f"/api/matches/{match_id}/join", json={"name": "Bo"})
    assert bo.status_code == 200, bo.text


def test_a_creator_cannot_take_a_bots_name(client: TestClient) -> None:
    seats = [{"type": "human"}, {"type": "bot", "bot": "random"}] * 2
    body = {"game": "keezen", "players": 4, "seats": seats, "name": "RANDOM"}
    assert_error(client.post("/api/matches", json=body), 400, "bad_request")


# -- issue 24: hot seat with two or more people, each seat its own name ---------------------------

HUMAN_BOT = [{"type": "human"}, {"type": "bot", "bot": "random"}] * 2


def test_each_hot_seat_takes_its_own_name(client: TestClient) -> None:
    created = create(client, seats=HUMAN_BOT, hotseat=True, name="Ann",
                     names=["Ann", None, "Bo"])
    assert [seat["name"] for seat in created["match"]["seats"]][::2] == ["Ann", "Bo"]
    assert sorted(created["tokens"]) == ["0", "2"]


def test_hot_seats_without_their_own_name_are_not_all_the_creator(client: TestClient) -> None:
    hot_seat = create(client, hotseat=True, name="Ann")["match"]["seats"]
    assert [seat["name"] for seat in hot_seat] == ["Ann", None, None, None]


@pytest.mark.parametrize("lookalike", ["Ann", "ANN", "Ann\u034f", "\uff21nn"])
def test_two_hot_seats_cannot_share_a_name(client: TestClient, lookalike: str) -> None:
    body = {"game": "keezen", "players": 4, "seats": HUMAN_BOT, "hotseat": True,
            "names": ["Ann", None, lookalike]}
    assert "Ann" in assert_error(client.post("/api/matches", json=body), 400, "bad_request")
    body["names"] = [None, None, lookalike]  # the creator's name counts for the first seat
    body["name"] = "Ann"
    assert_error(client.post("/api/matches", json=body), 400, "bad_request")


def test_names_are_only_for_the_seats_the_creator_claims(client: TestClient) -> None:
    body = {"game": "keezen", "players": 4, "seats": HUMAN_BOT, "names": ["Ann", None, "Bo"]}
    assert "seat 2" in assert_error(client.post("/api/matches", json=body), 400, "bad_request")
    body["names"] = ["Ann", "Bo"]  # seat 1 is a bot
    assert_error(client.post("/api/matches", json=body), 400, "bad_request")
    body["names"] = ["Ann"] * 5
    assert_error(client.post("/api/matches", json=body), 400, "bad_request")
    body["names"] = ["\u200b"]  # cleaned like every name
    assert_error(client.post("/api/matches", json=body), 422, "malformed")
