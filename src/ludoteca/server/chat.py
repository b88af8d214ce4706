"""Chat per match: who may write, what a line may hold, and how often an address may write.

A line is a message of kind "chat" in the match's one stream (`MatchHub.post_message`): stored
with the match, sent on every socket of it and listed by GET messages. Everybody may read it,
so only text that `schemas.chat_text` left visible is stored, and the page shows it as text.

Who writes: a seated player presents a seat token and writes under that seat and its name (a
hot-seat page holds several tokens and presents any of them); a spectator presents no token
and a name, which may not be a seated player's, so no spectator passes for a player.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from limits import RateLimitItem
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from ludoteca.core import Seat
from ludoteca.server.errors import ApiError
from ludoteca.server.live import LiveMatch
from ludoteca.server.middleware import parse_rate
from ludoteca.server.names import name_key
from ludoteca.server.schemas import ChatRequest
from ludoteca.server.settings import ServerLimits

CHAT_KIND = "chat"
"""The message kind of a line a person wrote."""
WRITABLE_STATUSES = frozenset({"open", "running", "finished"})
"""Match statuses that take chat lines (an expired match is only viewed)."""


@dataclass(frozen=True, slots=True)
class Author:
    """Who wrote a line: a seat and its name, or a spectator (seat None) and the name given."""

    seat: Seat | None
    name: str | None


def author_of(live: LiveMatch, body: ChatRequest) -> Author:
    """Return the author a chat request speaks for; ApiError if its token or name is refused."""
    if body.token is not None:
        seat = live.seat_of_token(body.token)  # bad_token (403) for a token of no seat here
        return Author(seat, live.info.seats[seat].name)
    if body.name is None:
        raise ApiError(
            "bad_request", "a spectator's chat line needs a name (or send a seat's token)"
        )
    taken = {name_key(seat.name) for seat in live.info.seats if seat.name}
    if name_key(body.name) in taken:
        raise ApiError(
            "bad_request", "a player of this match has that name; a spectator chooses another"
        )
    return Author(None, body.name)


def refuse_if_closed(live: LiveMatch) -> None:
    """Raise ApiError expired unless the match is open, running or finished."""
    if live.info.status not in WRITABLE_STATUSES:
        raise ApiError(
            "expired", "the match expired after a long pause; its chat can be read but not added to"
        )


class ChatRates:
    """Chat lines per client address: `per_match` in one match and `total` over all matches.

    Moving windows in this process's memory, keyed as server/middleware.RateLimits keys its
    requests (the address the ASGI server reports). A refused line is not counted.
    """

    def __init__(self, per_match: RateLimitItem, total: RateLimitItem) -> None:
        self.per_match = per_match
        self.total = total
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    @classmethod
    def from_limits(cls, limits: ServerLimits) -> ChatRates:
        """Return the chat rates of the server's settings (ValueError names a bad one)."""
        return cls(
            parse_rate(limits.chat_rate, "chat_rate"),
            parse_rate(limits.chat_total_rate, "chat_total_rate"),
        )

    def refusal(self, address: str, match_id: str) -> tuple[str, int] | None:
        """Count one line of `address` in `match_id` and return None, or, past either rate,
        count nothing and return why and the seconds to wait."""
        rates = (
            (self.per_match, ("chat", address, match_id), " in one match"),
            (self.total, ("chat-total", address), ""),
        )
        for rate, key, where in rates:
            if not self.limiter.test(rate, *key):
                reset = self.limiter.get_window_stats(rate, *key).reset_time
                wait = max(1, math.ceil(reset - time.time()))
                allowed = str(rate).replace(" per 1 ", " per ")  # "10 per minute"
                return (
                    f"too many chat lines from your address (at most {allowed}{where}); "
                    f"try again in {wait} s",
                    wait,
                )
        for rate, key, _ in rates:
            self.limiter.hit(rate, *key)
        return None
