"""The seat clients of bench/server.py: random bots that play Keezen seats over HTTP + WebSocket.

A client process plays whole matches (every seat of them), so one dict per match of the actions
in flight sees every socket that should show each action's result: the latency from posting an
action to the view with the new state_id is measured on the actor's own socket and on each other
seat's socket, which may be connected to another server process than the actor's.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import resource
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import connect

MAX_MESSAGE = 1 << 24


@dataclass(frozen=True)
class Seat:
    """One seat to play: its match, token, seat number, bot seed and server process."""

    match_id: str
    token: str
    number: int
    seed: int
    server: int
    """Index of the server process (its base URL) this seat talks to."""


@dataclass
class Totals:
    """What seat clients measured over the window; `merge` adds another process's."""

    own: list[float] = field(default_factory=list)
    """Seconds from posting an action to the new view on the actor's own socket."""
    others: list[float] = field(default_factory=list)
    """Seconds from posting an action to the new view on each other seat's socket."""
    actions: int = 0
    refused: int = 0
    messages: int = 0
    finished: int = 0
    elapsed: float = 0.0
    client_cpu: float = 0.0

    def merge(self, other: Totals) -> None:
        """Add `other`'s counts and samples to these (the window is the longer of the two)."""
        self.own += other.own
        self.others += other.others
        self.actions += other.actions
        self.refused += other.refused
        self.messages += other.messages
        self.finished += other.finished
        self.elapsed = max(self.elapsed, other.elapsed)
        self.client_cpu += other.client_cpu


@dataclass
class Posted:
    """An action in flight: when it was posted, by whom, and the seats yet to see its result."""

    at: float
    actor: int
    waiting: set[int]


Pending = dict[int, Posted]
"""One match's actions in flight, by the state_id each should produce."""


def record_view(pending: Pending, seat: int, state_id: int, arrived: float, totals: Totals) -> None:
    """Take the latencies that a view of `state_id` arriving on `seat`'s socket completes."""
    for target, posted in list(pending.items()):
        if target <= state_id and seat in posted.waiting:
            posted.waiting.discard(seat)
            samples = totals.own if seat == posted.actor else totals.others
            samples.append(arrived - posted.at)
            if not posted.waiting:
                del pending[target]


async def play_seat(
    http: httpx.AsyncClient,
    seat: Seat,
    players: int,
    think: float,
    deadline: float,
    pending: Pending,
    totals: Totals,
) -> None:
    """Play one seat until the game or the time ends: act on every view with legal actions."""
    ws_url = str(http.base_url).rstrip("/").replace("http://", "ws://")
    ws_url += f"/api/matches/{seat.match_id}/ws"
    rng = random.Random(seat.seed)
    acted: set[int] = set()
    posts: set[asyncio.Task[None]] = set()

    async def post(state_id: int, action: str) -> None:
        if think > 0:
            await asyncio.sleep(rng.expovariate(1 / think))
        target = state_id + 1
        # Two seats may act on the same state; only the first one's post is timed.
        timed = target not in pending
        if timed:
            pending[target] = Posted(time.perf_counter(), seat.number, set(range(players)))
        body = {"token": seat.token, "state_id": state_id, "action": action}
        try:
            response = await http.post(f"/api/matches/{seat.match_id}/actions", json=body)
            accepted = response.status_code == 200
        except httpx.TransportError:  # a kept-alive connection the server closed meanwhile
            accepted = False
        if not accepted:
            totals.refused += 1
            if timed:
                pending.pop(target, None)

    loop = asyncio.get_running_loop()
    stop = loop.time() + (deadline - time.perf_counter())
    async with connect(ws_url, max_size=MAX_MESSAGE) as socket:
        await socket.send(json.dumps({"token": seat.token}))  # the hello: the seat, not in the URL
        try:
            async with asyncio.timeout_at(stop):
                async for raw in socket:
                    arrived = time.perf_counter()
                    totals.messages += 1
                    view: dict[str, Any] = json.loads(raw)
                    state_id = view["state_id"]
                    record_view(pending, seat.number, state_id, arrived, totals)
                    observation = view["observation"]
                    if observation["terminal"]:
                        totals.finished += 1
                        break
                    legal = observation["legal_actions"]
                    if legal and state_id not in acted:
                        acted.add(state_id)
                        totals.actions += 1
                        task = asyncio.create_task(post(state_id, rng.choice(legal)))
                        posts.add(task)
                        task.add_done_callback(posts.discard)
        except TimeoutError:
            pass  # the measured time is over
    await asyncio.gather(*posts)


async def play_seats(
    seats: list[Seat], bases: list[str], players: int, think: float, seconds: float
) -> Totals:
    """Play `seats` against the servers at `bases` for `seconds`; return what was measured."""
    totals = Totals()
    pending: dict[str, Pending] = {seat.match_id: {} for seat in seats}
    per_server = max(1, len(seats) // len(bases))
    limits = httpx.Limits(max_connections=per_server, max_keepalive_connections=per_server // 4)
    clients = [httpx.AsyncClient(base_url=base, limits=limits, timeout=60) for base in bases]
    try:
        cpu_before = cpu_seconds()
        started = time.perf_counter()
        deadline = started + seconds
        await asyncio.gather(*[
            play_seat(clients[seat.server], seat, players, think, deadline,
                      pending[seat.match_id], totals)
            for seat in seats
        ])
        totals.elapsed = min(time.perf_counter(), deadline) - started
        totals.client_cpu = cpu_seconds() - cpu_before
    finally:
        for client in clients:
            await client.aclose()
    return totals


def client_process(
    seats: list[Seat],
    bases: list[str],
    players: int,
    think: float,
    seconds: float,
    cpus: set[int] | None,
    barrier: Any,
    results: Any,
) -> None:
    """Entry of one client process: pin to `cpus`, wait for the others, play, put the Totals."""
    if cpus:
        os.sched_setaffinity(0, cpus)
    barrier.wait()
    results.put(asyncio.run(play_seats(seats, bases, players, think, seconds)))


def cpu_seconds() -> float:
    """Return the CPU time (user + system) this process used so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
