"""Chat per match: players and spectators write lines that everyone of the match receives."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludoteca.cli import main
from ludoteca.server.hub import MatchHub
from ludoteca.server.schemas import MAX_CHAT_LENGTH, chat_text
from ludoteca.server.settings import ServerLimits
from ludoteca.server.tables import MAX_MESSAGE_TEXT
from tests.server.support import TestClient, assert_error, create, serve
from tests.server.test_resume_and_expiry import backdate

MARKUP = "<img src=x onerror=alert(1)>"


def chat(client: TestClient, match_id: str, text: str, **body: Any) -> Any:
    """Post a chat line and return the raw response."""
    return client.post(f"/api/matches/{match_id}/chat", json={"text": text, **body})


def chat_lines(client: TestClient, match_id: str) -> list[dict[str, Any]]:
    """Return the match's chat lines as GET messages lists them (notices left out)."""
    answer = client.get(f"/api/matches/{match_id}/messages")
    assert answer.status_code == 200, answer.text
    return [message for message in answer.json() if message["kind"] == "chat"]


def next_chat(socket: Any) -> dict[str, Any]:
    """Return the next chat line a socket receives (views and notices skipped)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == "message" and message["kind"] == "chat":
            return message


def test_a_players_and_a_spectators_lines_reach_the_others_and_survive_a_restart(
    tmp_path: Path,
) -> None:
    with serve(tmp_path) as client:
        created = create(client, name="Ann")
        match_id, ann = created["match_id"], created["tokens"]["0"]
        bo = client.post(f"/api/matches/{match_id}/join", json={"name": "Bo"}).json()
        with client.websocket_connect(f"/api/matches/{match_id}/ws") as socket:
            socket.send_json({"token": bo["token"]})
            answer = chat(client, match_id, "good luck", token=ann)
            assert answer.status_code == 201, answer.text
            line = next_chat(socket)
            assert line == answer.json()
            assert (line["seat"], line["name"], line["text"]) == (0, "Ann", "good luck")

            answer = chat(client, match_id, "go Bo!", name="Cleo")
            assert answer.status_code == 201, answer.text
            line = next_chat(socket)
            assert (line["seat"], line["name"], line["text"]) == (None, "Cleo", "go Bo!")

    with serve(tmp_path) as restarted:
        lines = chat_lines(restarted, match_id)
        assert [(m["seat"], m["name"], m["text"]) for m in lines] == [
            (0, "Ann", "good luck"), (None, "Cleo", "go Bo!"),
        ]


def test_a_spectator_socket_receives_the_lines_as_its_backlog(client: TestClient) -> None:
    created = create(client, name="Ann")
    match_id = created["match_id"]
    assert chat(client, match_id, "hello", token=created["tokens"]["0"]).status_code == 201
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as socket:
        socket.send_json({"token": None})
        while (message := socket.receive_json())["type"] != "messages":
            pass
        assert [m["text"] for m in message["messages"] if m["kind"] == "chat"] == ["hello"]


def test_a_hot_seat_page_writes_as_any_seat_it_holds(client: TestClient) -> None:
    created = create(client, hotseat=True, name="Ann")
    match_id, tokens = created["match_id"], created["tokens"]
    assert chat(client, match_id, "from seat 2", token=tokens["2"]).status_code == 201
    assert chat_lines(client, match_id)[-1]["seat"] == 2


def test_markup_is_stored_as_the_text_it_is(client: TestClient) -> None:
    created = create(client)
    match_id = created["match_id"]
    assert chat(client, match_id, MARKUP, token=created["tokens"]["0"]).status_code == 201
    assert [line["text"] for line in chat_lines(client, match_id)] == [MARKUP]


def test_a_line_is_cleaned_like_a_name_and_kept_on_one_line(client: TestClient) -> None:
    match_id = create(client)["match_id"]
    answer = chat(client, match_id, " well\u202e\n  played\u200b!\t", name="Cleo")
    assert answer.status_code == 201, answer.text
    assert answer.json()["text"] == "well played!"


@pytest.mark.parametrize(
    "text",
    ["", "   \n", "\u200b\u202e\u2066", "x" * (MAX_CHAT_LENGTH + 1), "x" * 2001],
)
def test_empty_invisible_or_long_lines_are_refused_and_not_stored(
    client: TestClient, text: str
) -> None:
    match_id = create(client)["match_id"]
    assert_error(chat(client, match_id, text, name="Cleo"), 422, "malformed")
    assert chat_lines(client, match_id) == []


def test_the_longest_line_is_kept_whole(client: TestClient) -> None:
    assert MAX_CHAT_LENGTH == MAX_MESSAGE_TEXT  # what is accepted fits the stored column
    match_id = create(client)["match_id"]
    text = "y" * MAX_CHAT_LENGTH
    assert chat(client, match_id, text + "\u200b" * 20, name="Cleo").status_code == 201
    assert chat_lines(client, match_id)[0]["text"] == text


def test_a_token_of_no_seat_is_refused(client: TestClient) -> None:
    match_id = create(client)["match_id"]
    other_token = create(client)["tokens"]["0"]
    assert_error(chat(client, match_id, "hi", token=other_token), 403, "bad_token")
    assert chat_lines(client, match_id) == []


def test_a_spectator_needs_a_name_that_is_no_players(client: TestClient) -> None:
    match_id = create(client, name="Ann")["match_id"]
    assert "name" in assert_error(chat(client, match_id, "hi"), 400, "bad_request")
    assert "name" in assert_error(chat(client, match_id, "hi", name=" ann "), 400, "bad_request")
    assert_error(chat(client, match_id, "hi", name="\u200b"), 422, "malformed")
    assert chat_lines(client, match_id) == []


def test_lines_past_the_rate_are_refused_and_not_stored(tmp_path: Path) -> None:
    with serve(tmp_path, chat_rate="2/minute", chat_total_rate="3/minute") as client:
        match_id, other = create(client)["match_id"], create(client)["match_id"]
        for text in ("one", "two"):
            assert chat(client, match_id, text, name="Cleo").status_code == 201
        refused = chat(client, match_id, "three", name="Cleo")
        assert "chat" in assert_error(refused, 429, "rate_limited")
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert [line["text"] for line in chat_lines(client, match_id)] == ["one", "two"]

        # Another match has its own budget, until the address's total is spent.
        assert chat(client, other, "elsewhere", name="Cleo").status_code == 201
        assert_error(chat(client, other, "again", name="Cleo"), 429, "rate_limited")
        assert [line["text"] for line in chat_lines(client, other)] == ["elsewhere"]

        # Another address has a budget of its own.
        neighbour = TestClient(client.app, client=("192.0.2.7", 50000))
        assert chat(neighbour, match_id, "hi", name="Dan").status_code == 201


def test_an_expired_match_keeps_its_chat_readable_but_takes_no_line(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        created = create(client)
        match_id, token = created["match_id"], created["tokens"]["0"]
        assert chat(client, match_id, "anyone?", token=token).status_code == 201
        backdate(f"sqlite:///{tmp_path / 'ludoteca.sqlite3'}", match_id, hours=1000)
        hub: MatchHub = client.app.state.hub
        assert client.portal.call(hub.expire_idle) == [match_id]
        assert_error(chat(client, match_id, "hello?", token=token), 409, "expired")
        assert_error(chat(client, match_id, "hello?", name="Cleo"), 409, "expired")
        assert [line["text"] for line in chat_lines(client, match_id)] == ["anyone?"]


def test_the_chat_rates_are_serve_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--help"]) == 0
    help_text = capsys.readouterr().out
    assert "--chat-rate" in help_text and "--chat-total-rate" in help_text
    assert ServerLimits().chat_rate == "10/minute"


# -- issue 23, finding 8: names that read as a player's, and emoji built with joiners -------------


@pytest.mark.parametrize("lookalike", ["Ann\u034f", "Ann\ufe0f", "\uff21NN", "A\u3164nn"])
def test_a_spectator_cannot_write_under_a_name_that_reads_as_a_players(
    client: TestClient, lookalike: str
) -> None:
    match_id = create(client, name="Ann")["match_id"]
    assert "player" in assert_error(
        chat(client, match_id, "hi", name=lookalike), 400, "bad_request"
    )
    assert chat_lines(client, match_id) == []


FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man ZWJ woman ZWJ girl: one family
RAINBOW_FLAG = "\U0001f3f3\ufe0f\u200d\U0001f308"  # white flag, VS16, ZWJ, rainbow
KEYCAP = "#\ufe0f\u20e3"  # number sign, VS16, combining enclosing keycap
WALES = "\U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f"  # tag letters
CODER = "\U0001f469\U0001f3fd\u200d\U0001f4bb"  # woman, medium skin tone, ZWJ, laptop


@pytest.mark.parametrize("emoji", [FAMILY, RAINBOW_FLAG, KEYCAP, WALES, CODER, "\u2764\ufe0f"])
def test_joiners_and_selectors_that_build_an_emoji_are_kept(emoji: str) -> None:
    assert chat_text(f" gg {emoji}!") == f"gg {emoji}!"


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        ("a\u200db", "ab"),  # a joiner between letters joins nothing
        (f"\u202e{FAMILY}", FAMILY),  # a bidi override still goes
        ("\U0001f468\u200d\u200d\u200d\U0001f469", "\U0001f468\u200d\U0001f469"),
        ("ok\ufe0f\ufe0f\ufe0f\ufe0e\U000e0100", "ok\ufe0f"),  # selectors could spell hidden bytes
        ("\U0001f3f4\U000e0068\U000e0069\U000e007f", "\U0001f3f4"),  # tags hiding "hi"
        ("\u200d\U0001f469 \ufe0f", "\U0001f469"),
    ],
)
def test_invisible_characters_that_build_no_emoji_are_still_dropped(sent: str, kept: str) -> None:
    assert chat_text(sent) == kept


def test_a_line_with_emoji_reaches_the_messages_whole(client: TestClient) -> None:
    match_id = create(client)["match_id"]
    line = f"gg {FAMILY} {RAINBOW_FLAG} {KEYCAP}"
    answer = chat(client, match_id, f"\u202e{line}\u200b", name="Cleo")
    assert answer.status_code == 201, answer.text
    assert answer.json()["text"] == line
    assert chat_lines(client, match_id)[0]["text"] == line
