"""Typed request and response bodies of the web API (docs/web-api.md)."""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from ludoteca.server.names import is_invisible, visible_words

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


def player_name(text: str) -> str:
    """Return `text` as a player name: NFC, without invisible characters, single spaces.

    Every player sees the names, so none may pass for another: a bidi override shows
    "\u202enimda" as "admin", and zero-width, ignorable or control characters make lookalikes
    (server/names.py). Raises ValueError when nothing visible is left ("\u3164" is a Hangul
    filler, drawn as nothing) or more than MAX_NAME_LENGTH characters are.
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


ZWJ = "\u200d"
"""The zero-width joiner: between two emoji it makes one (👨 ZWJ 👩 ZWJ 👧 is a family)."""
EMOJI_STYLE = "\ufe0f"
"""Variation selector 16: the character before it is drawn as an emoji (❤️, #️⃣)."""
SKIN_TONES = range(0x1F3FB, 0x1F400)
"""The skin tone modifiers (🏽); a joiner may follow one (👩🏽 ZWJ 💻)."""
TAG_FLAG_START = "\U0001f3f4"
TAG_FLAGS = re.compile(
    "\U0001f3f4\U000e0067\U000e0062"
    "(?:\U000e0065\U000e006e\U000e0067|\U000e0073\U000e0063\U000e0074|\U000e0077\U000e006c\U000e0073)"
    "\U000e007f"
)
"""The flags of England, Scotland and Wales: the only emoji spelt with tag characters that Unicode
recommends. Any other tag character is dropped: tags show nothing and can carry hidden text."""


def is_pictograph(char: str) -> bool:
    """Return whether `char` is a symbol an emoji sequence joins (category So: 👩, ❤, 💻)."""
    return bool(char) and unicodedata.category(char) == "So"


def emoji_keeps(char: str, previous: str, following: str) -> bool:
    """Return whether the invisible `char` builds an emoji between `previous` (the last kept
    character) and `following`: a joiner between two of its parts, or one variation selector
    16 after a visible character."""
    if char == ZWJ:
        joins = is_pictograph(previous) or previous == EMOJI_STYLE or (
            bool(previous) and ord(previous) in SKIN_TONES
        )
        return joins and is_pictograph(following)
    # One selector at most: a run of selectors could spell hidden bytes after a character.
    return char == EMOJI_STYLE and bool(previous) and not (
        previous.isspace() or is_invisible(previous)
    )


def chat_words(text: str) -> str:
    """Return `text` as visible_words cleans it, but with the joiners, selectors and tags that
    build emoji kept where they build one (👨‍👩‍👧, 🏳️‍🌈, #️⃣, the flag of Wales)."""
    kept: list[str] = []
    position = 0
    while position < len(text):
        char = text[position]
        flag = TAG_FLAGS.match(text, position) if char == TAG_FLAG_START else None
        if flag is not None:
            kept.append(flag.group())
            position = flag.end()
            continue
        previous = kept[-1][-1] if kept else ""
        following = text[position + 1 : position + 2]
        if char.isspace() or not is_invisible(char) or emoji_keeps(char, previous, following):
            kept.append(char)
        position += 1
    return " ".join(unicodedata.normalize("NFC", "".join(kept)).split())


def chat_text(text: str) -> str:
    """Return `text` as one chat line: visible characters only, as player_name cleans them,
    except what joins emoji (chat_words).

    A line is shown to everyone as text, so the same characters are dropped as from a name
    (a bidi override could reverse what follows it, tags can hide text); every run of
    whitespace, newlines included, becomes one space. Raises ValueError when the line is empty
    or too long.
    """
    line = chat_words(text)
    if not visible_words(line):
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
    """The creator's name: it goes to the first seat claimed."""
    names: Annotated[list[PlayerName | None], Field(max_length=MAX_SEATS)] | None = None
    """Per seat number, the name of a claimed seat (hot seat: each person at the screen names
    their own seat); None or missing: `name` for the first claimed seat, no name for others."""
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
