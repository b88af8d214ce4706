"""Player names are shown to everyone: what arrives is normalised before it is stored (issue 9)."""

from __future__ import annotations

import pytest

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
