"""Bounds on the match sockets (routes/live.py): how many one client address and one match may
hold open, how often an address may open one, and what a socket may send.

An open socket costs the server its outbox and a place among the match's listeners, and every
frame it sends costs a read. The HTTP rate limit (middleware.RateLimits) counts a socket's
opening as one request, but not how long it stays open nor what it sends after: these bounds do.
Like the rate limits they are counted in this process's memory, per client address as
`middleware.client_address` finds it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from time import monotonic

from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from ludoteca.server.errors import ApiError
from ludoteca.server.middleware import parse_rate
from ludoteca.server.settings import ServerLimits

MAX_HELLO_CHARS = 1000
"""Longest hello accepted: `{"token": "<22 characters>"}` needs 35."""
FRAMES_PER_SECOND = 1.0
"""Frames a socket may send after its hello, on average: the client only listens then."""
FRAME_BURST = 10
"""Frames a socket may send at once after its hello (a client's slip, not a stream)."""


class SocketLimits:
    """The sockets open per client address and per match, and each address's recent openings."""

    def __init__(self, limits: ServerLimits) -> None:
        self.per_address = limits.max_sockets_per_address
        self.per_match = limits.max_sockets_per_match
        self.rate = parse_rate(limits.socket_rate, "socket_rate")
        self._openings = MovingWindowRateLimiter(MemoryStorage())
        self._by_address: Counter[str] = Counter()
        self._by_match: Counter[str] = Counter()

    @contextmanager
    def held(self, address: str, match_id: str) -> Iterator[None]:
        """Count a socket of `address` on `match_id` as open while the block runs.

        ApiError rate_limited if the address opened too many lately, too_busy if it, or the
        match, has too many open; a refused socket is not counted.
        """
        self._admit(address, match_id)
        self._by_address[address] += 1
        self._by_match[match_id] += 1
        try:
            yield
        finally:
            _count_down(self._by_address, address)
            _count_down(self._by_match, match_id)

    def _admit(self, address: str, match_id: str) -> None:
        """Raise ApiError if one more socket of `address` on `match_id` is past a bound."""
        # Every opening counts, a refused one too: a client that retries at once is slowed.
        if not self._openings.hit(self.rate, "socket", address):
            allowed = str(self.rate).replace(" per 1 ", " per ")  # "120 per minute"
            raise ApiError(
                "rate_limited",
                f"too many match connections opened from your address (at most {allowed}); "
                "wait a moment before reconnecting",
            )
        if self._by_address[address] >= self.per_address:
            raise ApiError(
                "too_busy",
                f"your address already has {self.per_address} match connections open, the "
                "most allowed; close a match page before opening another",
            )
        if self._by_match[match_id] >= self.per_match:
            raise ApiError(
                "too_busy",
                f"this match already has {self.per_match} connections open, the most allowed; "
                "try again when somebody leaves",
            )


class FrameBudget:
    """A token bucket over a socket's frames after its hello: FRAME_BURST at once, then
    FRAMES_PER_SECOND (by `monotonic`, which tests replace to drive the time)."""

    def __init__(self) -> None:
        self._tokens = float(FRAME_BURST)
        self._since = monotonic()

    def spend(self) -> None:
        """Take one frame from the budget; ApiError rate_limited if none is left."""
        now = monotonic()
        elapsed, self._since = now - self._since, now
        self._tokens = min(float(FRAME_BURST), self._tokens + elapsed * FRAMES_PER_SECOND)
        if self._tokens < 1:
            raise ApiError(
                "rate_limited",
                "this connection sent too many messages: after its first message (the hello) "
                "the server only sends; reconnect to get the current view",
            )
        self._tokens -= 1


def _count_down(counts: Counter[str], key: str) -> None:
    """Count one less of `key`, forgetting it at zero (the counters hold only open sockets)."""
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]
