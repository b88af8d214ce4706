"""Typed request and response bodies of the web API (docs/web-api.md)."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

Status = Literal["open", "running", "finished", "expired"]
SeatType = Literal["human", "bot"]

MAX_NAME_LENGTH = 40
"""Longest player name, in characters once normalised."""
MAX_NAME_INPUT = 200
"""Longest name text accepted before it is normalised (invisible characters are dropped)."""
MAX_SEATS = 16
"""Most seats a request may list or name (every game has fewer)."""
MAX_OPTIONS = 32
"""Most options a request may set (every game declares fewer)."""
MAX_SHORT_TEXT = 40
"""Longest game name, bot name, option name and option text."""
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Unicode categories dropped from names: control, format (bidi overrides, zero-width
characters), surrogate, private use and unassigned code points."""


def visible_words(text: str) -> str:
    """Return `text` in NFC without invisible characters, its words joined by single spaces."""
    visible = "".join(
        char for char in text
        if char.isspace() or unicodedata.category(char) not in INVISIBLE_CATEGORIES
    )
    return " ".join(unicodedata.normalize("NFC", visible).split())


def player_name(text: str) -> str:
    """Return `text` as a player name: NFC, without invisible characters, single spaces.

    Every player sees the names, so none may pass for another: a bidi override shows
    "\u202enimda" as "admin", and zero-width or control characters make lookalikes.
    Raises ValueError when nothing visible is left or more than MAX_NAME_LENGTH characters are.
    """
    name = visible_words(text)
    if not name:
        raise ValueError("a name needs at least one visible character")
    if len(name) > MAX_NAME_LENGTH:
        raise ValueError(f"a name has at most {MAX_NAME_LENGTH} characters")
    return name


PlayerName = Annotated[str, Field(max_length=MAX_NAME_INPUT), AfterValidator(player_name)]
"""Every request field that carries a player's name."""


MAX_CHAT_LENGTH = 500
"""Longest chat line, in characters once normalised (the stored text's bound)."""
MAX_CHAT_INPUT = 2000
"""Longest chat text accepted before it is normalised."""


def chat_text(text: str) -> str:
    """Return `text` as one chat line: visible characters only, as player_name cleans them.

    A line is shown to everyone as text, so the same characters are dropped as from a name
    (a bidi override could reverse what follows it); every run of whitespace, newlines
    included, becomes one space. Raises ValueError when the line is empty or too long.
    """
    line = visible_words(text)
    if not line:
        raise ValueError("a chat line needs at least one visible character")
    if len(line) > MAX_CHAT_LENGTH:
        raise ValueError(f"a chat line has at most {MAX_CHAT_LENGTH} characters")
    return line


Token = Annotated[str, Field(min_length=1, max_length=100)]
ShortText = Annotated[str, Field(min_length=1, max_length=MAX_SHORT_TEXT)]
SeatNumber = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
OptionValue = bool | Annotated[int, Field(ge=-(2**63), lt=2**63)] | ShortText | None
"""An option's value: every option kind (flag, choice, integer, seat) is one of these."""


class Request(BaseModel):
    """Base of request bodies: JSON types are checked strictly ("3" is not an integer)."""

    model_config = ConfigDict(strict=True)


# -- requests -----------------------------------------------------------------------------------


class HumanSeatSpec(Request):
    """A seat played by a person (through a token)."""

    type: Literal["human"]


class BotSeatSpec(Request):
    """A seat played by the server; `bot` defaults to the game's best bot."""

    type: Literal["bot"]
    bot: ShortText | None = None


SeatSpec = Annotated[HumanSeatSpec | BotSeatSpec, Field(discriminator="type")]


class MoveClockSpec(Request):
    """A time control per move: each turn ends within `seconds` of its start (server/clocks.py)."""

    mode: Literal["move"]
    seconds: Annotated[int, Field(ge=5, le=86_400)]


class GameClockSpec(Request):
    """A game clock: `minutes` per seat in all, plus `increment` seconds each time the turn
    passes on."""

    mode: Literal["game"]
    minutes: Annotated[int, Field(ge=1, le=600)]
    increment: Annotated[int, Field(ge=0, le=3600)] = 0


ClockSpec = Annotated[MoveClockSpec | GameClockSpec, Field(discriminator="mode")]


class CreateMatchRequest(Request):
    """POST /api/matches."""

    game: ShortText
    players: Annotated[int, Field(ge=1, le=MAX_SEATS)] | None = None
    options: Annotated[dict[ShortText, OptionValue], Field(max_length=MAX_OPTIONS)] = Field(
        default_factory=dict
    )
    seats: Annotated[list[SeatSpec], Field(max_length=MAX_SEATS)] | None = None
    hotseat: bool = False
    claim: Annotated[list[SeatNumber], Field(max_length=MAX_SEATS)] | None = None
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None
    name: PlayerName | None = None
    clock: ClockSpec | None = None
    """The time control (None: no clock); a rematch keeps it."""


class JoinRequest(Request):
    """POST /api/matches/{id}/join; no seat: the first free human seat."""

    seat: SeatNumber | None = None
    name: PlayerName | None = None


class ChatRequest(Request):
    """POST /api/matches/{id}/chat: a seat's token, or no token and a spectator's name."""

    text: Annotated[str, Field(max_length=MAX_CHAT_INPUT), AfterValidator(chat_text)]
    token: Token | None = None
    name: PlayerName | None = None


class StartRequest(Request):
    """POST /api/matches/{id}/start: the token of a seated player."""

    token: Token


class VoteRequest(Request):
    """POST /api/matches/{id}/votes: the voter's token and the absent seat to give to a bot."""

    token: Token
    seat: SeatNumber


class ReturnRequest(Request):
    """POST /api/matches/{id}/return: the token of a seat a bot took over."""

    token: Token


class ActionRequest(Request):
    """POST /api/matches/{id}/actions."""

    token: Token
    state_id: Annotated[int, Field(ge=0, lt=2**63)]
    action: str = Field(min_length=1, max_length=200)


class UndoRequest(Request):
    """POST /api/matches/{id}/undo: take back the seat's last action at `state_id`."""

    token: Token
    state_id: Annotated[int, Field(ge=0, lt=2**63)]


class RematchRequest(Request):
    """POST /api/matches/{id}/rematch: the tokens of the caller's seats (one or several)."""

    token: Token | None = None
    tokens: Annotated[list[Token], Field(max_length=MAX_SEATS)] = Field(
        default_factory=list
    )

    @model_validator(mode="after")
    def _names_a_seat(self) -> RematchRequest:
        if self.token is None and not self.tokens:
            raise ValueError("give the token of a seat you hold (token or tokens)")
        return self

    def presented(self) -> list[str]:
        """Return every token the request presents."""
        return ([] if self.token is None else [self.token]) + self.tokens


# -- responses ----------------------------------------------------------------------------------


class OptionInfo(BaseModel):
    """One declared option of a game: its kind, default, allowed values, label and help."""

    name: str
    kind: Literal["flag", "choice", "integer", "seat"]
    default: Any
    choices: list[str | int]
    minimum: int | None
    maximum: int | None
    nullable: bool
    label: str
    help: str


class BotInfo(BaseModel):
    """A bot that can take a seat, with its strength level (0 is the weakest)."""

    name: str
    level: int
    description: str


class GameInfo(BaseModel):
    """One game the server offers, as its `GameSpec` declares it."""

    name: str
    title: str
    summary: str
    players: list[int]
    default_players: int
    options: list[OptionInfo]
    bots: list[BotInfo]
    default_bot: str
    teams: dict[str, list[list[int]]]
    """Per player count, the seats of each team."""
    has_board_data: bool
    observation_keys: list[str]
    seat_markers: list[str]
    languages: list[str]
    play_minutes: list[int]
    """How long a game usually takes: [shortest, longest] minutes."""
    rules_languages: list[str]
    """The languages of the texts the rules page (/rules/<game>) serves."""


class SeatInfo(BaseModel):
    """One seat as everybody may see it (never its token)."""

    seat: int
    type: SeatType
    bot: str | None
    name: str | None
    claimed: bool
    reserved: bool
    """A rematch seat kept for its player of the previous match (named by `name`)."""
    replaced: bool = False
    """A person's seat played by a bot after a time-out or a vote (type "bot"); the person
    takes it back with POST return."""
    present: bool = False
    """A page holding this seat has the match's socket open."""
    votes: list[int] = Field(default_factory=list)
    """The seats that voted to give this (absent) seat to a bot."""


class ClockInfo(BaseModel):
    """The match's clocks: the time control, each seat's time and the turn that runs.

    `remaining[seat]` is in seconds: per move, the time of a whole turn; on a game clock, the
    seat's time when its turn started or it last acted (`since`). The seat `running` is out of
    time at `deadline` (ISO UTC); clients count down to it, the server judges.
    """

    mode: Literal["move", "game"]
    seconds: int | None
    minutes: int | None
    increment: int | None
    remaining: list[float]
    running: int | None
    since: str | None
    deadline: str | None


class MatchResult(BaseModel):
    """The outcome of a finished match."""

    returns: list[float]
    scores: list[int]


class MatchSummary(BaseModel):
    """A match as listed: its seats, status, progress and links."""

    match_id: str
    game: str
    players: int
    options: dict[str, Any]
    status: Status
    seats: list[SeatInfo]
    state_id: int
    current_player: int | None
    hotseat: bool
    created_at: str
    updated_at: str
    result: MatchResult | None
    rematch_id: str | None
    clock: ClockInfo | None = None
    """None: the match has no time control."""


class View(BaseModel):
    """What one seat (or a spectator, seat None) sees of a match at `step`.

    The same JSON answers HTTP requests and is sent on the WebSocket (hence `type`).
    """

    type: Literal["view"] = "view"
    match: MatchSummary
    seat: int | None
    state_id: int
    step: int
    observation: dict[str, Any] | None
    """None while the match waits for its players (status open): no game state exists yet."""
    can_undo: bool = False
    """The viewing seat may take back the last action now (POST undo)."""


class Message(BaseModel):
    """A chat line or a notice of a match, as sent on the socket and listed by GET messages.

    `kind` "chat" is what a person wrote (`text`, shown escaped); any other kind is a notice
    of the server (an undo, a time-out, a bot taking a seat, ...) that clients word from `kind`
    and `params` in their language, with `text` as the English wording. `step` is the state
    id of the match when the message was posted.
    """

    type: Literal["message"] = "message"
    id: int
    kind: str
    seat: int | None
    name: str | None
    text: str
    params: dict[str, Any] | None
    step: int
    at: str


class CreatedMatch(BaseModel):
    """The answer to POST /api/matches and to a rematch: tokens of the claimed seats."""

    match_id: str
    tokens: dict[str, str]
    match: MatchSummary


class Joined(BaseModel):
    """The answer to a join: the seat and its token."""

    match_id: str
    seat: int
    token: str


class MatchRecord(BaseModel):
    """A finished match's game record (replayable with `ludoteca.replay`)."""

    game: str
    options: dict[str, Any]
    seed: int
    actions: list[str]
    rules_version: str


class ErrorDetail(BaseModel):
    """The machine code and the human reason of a refusal."""

    code: str
    message: str


class ErrorResponse(BaseModel):
    """Every error answer."""

    error: ErrorDetail
