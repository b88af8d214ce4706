"""Web server load: concurrent Keezen matches played by client-side random bots over HTTP + WS.

The server runs as subprocesses (`ludoteca serve --port 0`, bot delay 0): by default one process
on a temporary SQLite file; with `--processes N` N processes on one database (`--database-url`)
that tell each other of changes through Redis (`--redis-url`), or on a throwaway PostgreSQL and
redis-server (`--start-services`, from tests/services.py). Every seat of every match is a client
(bench/load_clients.py, in `--client-processes` processes): it listens on its own WebSocket and,
when a view shows it legal actions, posts a random one. Seat i talks to server process i % N, so
with several processes every action crosses them. Measured: actions per second, and the latency
from posting an action to the view with the new state_id on the actor's socket and on each other
seat's socket. Servers and clients are pinned to CPUs (`--server-cpus`, `--client-cpus`; the
services get the client CPUs); the placement is printed. Run from the project root:

    .venv/bin/python bench/server.py [--matches 50] [--players 4] [--think-ms 0]
    .venv/bin/python bench/server.py --compare --processes 2 --start-services --think-ms 1000

`--compare` measures the single-process SQLite default (A) and the N-process setup (B) in one
run, alternating A, B, A, B (`--rounds`), and prints each figure's ratio B/A.

Abuse mode (issue 9) adds matches played by the server's own bots, every seat a bot, that run
beside the client-paced ones; it reports how many the server accepted and the bot moves per
second it made, read from the database:

    .venv/bin/python bench/server.py --think-ms 1000 --bot-matches 300 [--max-bot-matches 1000]

The output is plain text meant to be pasted into docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import sqlalchemy

from engine import header
from load_clients import Seat, Totals, client_process

ROOT = Path(__file__).resolve().parent.parent
URL_LINE = re.compile(r"serving on (http://\S+)")
START_SECONDS = 60.0
RESULT_SECONDS = 120.0
"""Longest wait for a client process's results after the measured window."""


@dataclass(frozen=True)
class Setup:
    """One server configuration: how many processes, on which database, through which Redis."""

    name: str
    processes: int
    database_url: str | None
    """None: a new temporary SQLite file for each run."""
    redis_url: str | None

    def describe(self) -> str:
        """Return one line saying what runs."""
        database = ("SQLite (WAL), a new temporary file each run" if self.database_url is None
                    else _without_password(self.database_url))
        fanout = "" if self.redis_url is None else f", changes through Redis {self.redis_url}"
        plural = "es" if self.processes > 1 else ""
        return f"{self.processes} ludoteca serve process{plural} on {database}{fanout}"


@dataclass(frozen=True)
class Placement:
    """Which CPUs the servers and the clients (and the services, with the clients) may use."""

    servers: set[int] | None
    clients: set[int] | None
    """None: not pinned, the scheduler decides."""

    def describe(self, client_processes: int, services: bool) -> str:
        """Return one line saying where everything runs."""
        extra = ", PostgreSQL and Redis" if services else ""
        clients = f"client processes ({client_processes}){extra}"
        if self.servers is None:
            return f"not pinned: servers and {clients} share all CPUs"
        return f"servers on CPU {_cpus(self.servers)}; {clients} on CPU {_cpus(self.clients)}"


@dataclass
class Measured:
    """One run of one setup: the clients' totals and the machine's side of the window."""

    totals: Totals
    server_cpu: float
    service_cpu: float
    """CPU seconds of PostgreSQL and redis-server when this benchmark started them."""
    busy: list[float]
    """Fraction of each CPU that was busy (any process) during the window."""
    bot_matches: int = 0
    bot_refused: dict[str, int] = field(default_factory=dict)
    bot_moves: int = 0


def _cpus(cpus: set[int] | None) -> str:
    return "all" if cpus is None else ",".join(str(cpu) for cpu in sorted(cpus))


def _without_password(url: str) -> str:
    return sqlalchemy.make_url(url).render_as_string(hide_password=True)


def start_server(
    database_url: str, redis_url: str | None, log: Path, options: list[str],
    cpus: set[int] | None,
) -> tuple[subprocess.Popen[bytes], str]:
    """Start `ludoteca serve` on a free port, pinned to `cpus`; return it and its base URL."""
    # The benchmark is one client address creating hundreds of matches: no rate limits.
    unlimited = ["--create-rate", "1000000/minute", "--request-rate", "1000000/minute"]
    fanout = [] if redis_url is None else ["--redis-url", redis_url]
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "ludoteca.cli", "serve", "--port", "0",
             "--database-url", database_url, "--bot-delay", "0", *fanout, *unlimited, *options],
            stdout=out, stderr=subprocess.STDOUT,
            # Pinned before Python starts, so every thread of the server inherits the CPUs.
            preexec_fn=None if cpus is None else lambda: os.sched_setaffinity(0, cpus),
        )
    deadline = time.monotonic() + START_SECONDS
    while not (found := URL_LINE.search(log.read_text())):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"the server did not start:\n{log.read_text()}")
        time.sleep(0.05)
    base = found.group(1).rstrip("/")
    while True:
        try:
            if httpx.get(f"{base}/api/games").status_code == 200:
                return process, base
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            process.kill()
            raise RuntimeError("the server does not answer")
        time.sleep(0.05)


@contextmanager
def servers(
    setup: Setup, database_url: str, folder: Path, options: list[str], cpus: set[int] | None
) -> Iterator[list[tuple[subprocess.Popen[bytes], str]]]:
    """Run the setup's server processes, one after the other (each migrates the database when
    it opens it: one at a time, they never race); stop them all at the end."""
    started: list[tuple[subprocess.Popen[bytes], str]] = []
    try:
        for index in range(setup.processes):
            log = folder / f"server-{setup.name}-{index}.log"
            started.append(start_server(database_url, setup.redis_url, log, options, cpus))
        yield started
    finally:
        for process, _ in started:
            process.terminate()
        for process, _ in started:
            process.wait(timeout=30)


def create_matches(
    http: httpx.Client, bases: list[str], matches: int, players: int, seed: int
) -> list[list[Seat]]:
    """Create client-paced matches, match k on server k % N; return each match's seats, seat i
    talking to server i % N."""
    created_matches = []
    for index in range(matches):
        body = {"game": "keezen", "players": players, "hotseat": True,
                "seed": seed * 100_000 + index}
        response = http.post(f"{bases[index % len(bases)]}/api/matches", json=body)
        response.raise_for_status()
        created = response.json()
        created_matches.append([
            Seat(created["match_id"], token, number, seed * 1_000_000 + index * 10 + number,
                 number % len(bases))
            for number, token in enumerate(created["tokens"].values())
        ])
    return created_matches


def create_bot_matches(
    http: httpx.Client, base: str, count: int, players: int, bot: str, seed: int,
    measured: Measured,
) -> list[str]:
    """Create `count` matches whose every seat is a server bot; return the ids of those created
    and count the refusals by code in `measured`."""
    seats = [{"type": "bot", "bot": bot}] * players
    ids = []
    for index in range(count):
        body = {"game": "keezen", "players": players, "seats": seats,
                "seed": seed * 100_000 + 50_000 + index}
        response = http.post(f"{base}/api/matches", json=body)
        if response.status_code == 201:
            ids.append(response.json()["match_id"])
        else:
            code = response.json().get("error", {}).get("code", str(response.status_code))
            measured.bot_refused[code] = measured.bot_refused.get(code, 0) + 1
    measured.bot_matches = len(ids)
    return ids


def stored_actions(engine: sqlalchemy.Engine, match_ids: list[str]) -> int:
    """Return the number of actions stored so far for the matches `match_ids`."""
    if not match_ids:
        return 0
    actions = sqlalchemy.table("actions", sqlalchemy.column("match_id"))
    query = (sqlalchemy.select(sqlalchemy.func.count()).select_from(actions)
             .where(actions.c.match_id.in_(match_ids)))
    with engine.connect() as connection:
        return int(connection.execute(query).scalar_one())


def cpu_seconds(pid: int) -> float:
    """Return the CPU time (user + system) used so far by process `pid`."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


SERVICE_NAMES = {"postgres", "redis-server"}


def service_cpu_seconds() -> dict[int, float]:
    """Return the CPU time so far of each PostgreSQL and redis-server process below this one."""
    parents, names = {}, {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # it ended meanwhile
                continue
            name, rest = stat.split("(", 1)[1].rsplit(")", 1)
            parents[int(entry.name)], names[int(entry.name)] = int(rest.split()[1]), name
    below: set[int] = set()
    frontier = {os.getpid()}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - below
        below |= frontier
    times = {}
    for pid in below:
        if names[pid] in SERVICE_NAMES:
            try:
                times[pid] = cpu_seconds(pid)
            except OSError:
                continue
    return times


def cpu_ticks() -> list[tuple[int, int]]:
    """Return (busy, total) clock ticks of each CPU since boot, from /proc/stat."""
    ticks = []
    for line in Path("/proc/stat").read_text().splitlines():
        name, *values = line.split()
        if name.startswith("cpu") and name != "cpu":
            numbers = [int(value) for value in values]
            idle = numbers[3] + numbers[4]  # idle and iowait
            ticks.append((sum(numbers) - idle, sum(numbers)))
    return ticks


def measure(
    setup: Setup, args: argparse.Namespace, placement: Placement, folder: Path, run: int
) -> Measured:
    """Start the setup's servers, play the load for `args.seconds`, stop; return the figures."""
    database_url = setup.database_url or f"sqlite:///{folder}/bench-{run}.sqlite3"
    options = [] if args.max_bot_matches is None else [
        "--max-bot-matches", str(args.max_bot_matches)
    ]
    measured = Measured(Totals(), 0.0, 0.0, [])
    with servers(setup, database_url, folder, options, placement.servers) as running:
        bases = [base for _, base in running]
        with httpx.Client(timeout=60) as http:
            # The server's bots start playing at once; the client-paced matches come after them.
            bot_ids = create_bot_matches(http, bases[0], args.bot_matches, args.players, args.bot,
                                         args.seed, measured)
            matches = create_matches(http, bases, args.matches, args.players, args.seed)
        engine = sqlalchemy.create_engine(database_url)
        context = multiprocessing.get_context("spawn")
        barrier = context.Barrier(args.client_processes + 1)
        results = context.Queue()
        clients = []
        for share in range(args.client_processes):
            seats = [seat for match in matches[share::args.client_processes] for seat in match]
            clients.append(context.Process(target=client_process, args=(
                seats, bases, args.players, args.think_ms / 1000, args.seconds,
                placement.clients, barrier, results,
            )))
        try:
            for client in clients:
                client.start()
            bot_moves = stored_actions(engine, bot_ids)
            barrier.wait(timeout=START_SECONDS)
            server_cpu = sum(cpu_seconds(process.pid) for process, _ in running)
            service_cpu = service_cpu_seconds()
            ticks = cpu_ticks()
            time.sleep(args.seconds)
            # A database connection opened during the window counts whole (it began in it).
            measured.service_cpu = sum(
                seconds - service_cpu.get(pid, 0.0)
                for pid, seconds in service_cpu_seconds().items()
            )
            measured.server_cpu = sum(cpu_seconds(process.pid) for process, _ in running) - (
                server_cpu
            )
            measured.busy = [(busy - busy_before) / max(total - total_before, 1)
                             for (busy, total), (busy_before, total_before)
                             in zip(cpu_ticks(), ticks, strict=True)]
            measured.bot_moves = stored_actions(engine, bot_ids) - bot_moves
            for _ in clients:
                measured.totals.merge(results.get(timeout=RESULT_SECONDS))
        finally:
            for client in clients:
                client.join(timeout=RESULT_SECONDS)
                if client.is_alive():
                    client.kill()
            engine.dispose()
    return measured


def percentile(values: list[float], fraction: float) -> float:
    """Return the `fraction` quantile of `values` (nearest rank); nan if there are none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def figures(runs: list[Measured]) -> dict[str, float]:
    """Return the reported figures of one setup's runs: rates averaged, latencies pooled."""
    actions = sum(run.totals.actions for run in runs)
    per_action = 1000 / max(actions, 1)
    own = [1000 * value for run in runs for value in run.totals.own]
    others = [1000 * value for run in runs for value in run.totals.others]
    result = {
        "actions/s": statistics.fmean(run.totals.actions / run.totals.elapsed for run in runs),
        "refused actions/s": statistics.fmean(
            run.totals.refused / run.totals.elapsed for run in runs),
        "socket messages/s": statistics.fmean(
            run.totals.messages / run.totals.elapsed for run in runs),
        "server CPU ms/action": sum(run.server_cpu for run in runs) * per_action,
        "client CPU ms/action": sum(run.totals.client_cpu for run in runs) * per_action,
        "PostgreSQL+Redis CPU ms/action": sum(run.service_cpu for run in runs) * per_action,
        "own view p50 (ms)": percentile(own, 0.50),
        "own view p99 (ms)": percentile(own, 0.99),
        "other seats p50 (ms)": percentile(others, 0.50),
        "other seats p99 (ms)": percentile(others, 0.99),
        "other seats max (ms)": max(others, default=float("nan")),
    }
    for cpu in range(len(runs[0].busy)):
        result[f"CPU {cpu} busy (%)"] = 100 * statistics.fmean(run.busy[cpu] for run in runs)
    if any(run.bot_matches for run in runs):
        result["server bot moves/s"] = statistics.fmean(
            run.bot_moves / run.totals.elapsed for run in runs)
    return result


def print_single(setup: Setup, measured: Measured, args: argparse.Namespace) -> None:
    """Print the figures of one run of one setup."""
    if args.bot_matches:
        refused = ", ".join(f"{n} {code}" for code, n in measured.bot_refused.items()) or "none"
        print(f"abuse     {args.bot_matches} matches of {args.players} server bots "
              f"({args.bot}) asked for: {measured.bot_matches} running, refused: {refused}"
              + ("" if args.max_bot_matches is None else
                 f"; --max-bot-matches {args.max_bot_matches}"))
    print()
    totals = measured.totals
    print(f"  games finished         {totals.finished // args.players:10d}")
    print(f"  actions                {totals.actions:10d}")
    print(f"  refused actions        {totals.refused:10d}")
    print(f"  socket messages        {totals.messages:10d}")
    print(f"  elapsed (s)            {totals.elapsed:10.2f}")
    print(f"  server CPU (s)         {measured.server_cpu:10.1f}")
    for name, value in figures([measured]).items():
        print(f"  {name:<22} {value:10.1f}")


def print_comparison(
    a: Setup, b: Setup, runs: dict[str, list[Measured]], args: argparse.Namespace
) -> None:
    """Print each round's main figures and one table of every figure with the ratio B/A."""
    print()
    print("| round | setup | actions/s | server CPU ms/action | own p50 | own p99 "
          "| others p50 | others p99 | CPU busy % |")
    print("|---|---|---|---|---|---|---|---|---|")
    for round_index in range(args.rounds):
        for setup in (a, b):
            row = figures([runs[setup.name][round_index]])
            busy = " / ".join(f"{row[key]:.0f}" for key in row if key.endswith("busy (%)"))
            print(f"| {round_index + 1} | {setup.name} | {row['actions/s']:.1f} "
                  f"| {row['server CPU ms/action']:.2f} | {row['own view p50 (ms)']:.1f} "
                  f"| {row['own view p99 (ms)']:.1f} | {row['other seats p50 (ms)']:.1f} "
                  f"| {row['other seats p99 (ms)']:.1f} | {busy} |")
    print()
    first, second = figures(runs[a.name]), figures(runs[b.name])
    print(f"| figure (all {args.rounds} rounds) | A | B | B/A |")
    print("|---|---|---|---|")
    for name, value in first.items():
        ratio = second[name] / value if value else float("nan")
        print(f"| {name} | {value:.2f} | {second[name]:.2f} | {ratio:.2f} |")


def cpu_set(text: str) -> set[int]:
    """Return the CPUs of a list like `0` or `0,1` (argparse type)."""
    try:
        return {int(part) for part in text.split(",")}
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of CPU numbers: {text!r}") from None


def placement_of(args: argparse.Namespace) -> Placement:
    """Return where servers and clients run: as asked, else servers on the first CPU this
    process may use and the clients on the others (nothing pinned on a single CPU)."""
    if args.no_pin:
        return Placement(None, None)
    allowed = os.sched_getaffinity(0)
    servers = args.server_cpus or {min(allowed)}
    clients = args.client_cpus or (allowed - servers) or allowed
    return Placement(servers, clients)


def parse_arguments() -> argparse.Namespace:
    """Return the command line's options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50, help="concurrent matches (50)")
    parser.add_argument("--players", type=int, default=4, help="players per match (4)")
    parser.add_argument(
        "--think-ms", type=float, default=0.0,
        help="mean client thinking time before each action, exponential (default 0: none)",
    )
    parser.add_argument(
        "--seconds", type=float, default=30.0,
        help="stop acting after this many seconds (default 30; games may not finish)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and the bots")
    parser.add_argument("--processes", type=int, default=1, help="server processes (1)")
    parser.add_argument("--database-url", default=None, metavar="URL",
                        help="SQLAlchemy URL of the servers' database (default: temporary SQLite)")
    parser.add_argument("--redis-url", default=None, metavar="URL",
                        help="Redis of the server processes (needed when --processes > 1)")
    parser.add_argument(
        "--start-services", action="store_true",
        help="start a throwaway PostgreSQL and redis-server (tests/services.py) and use them",
    )
    parser.add_argument(
        "--compare", action="store_true",
        help="measure 1 process on SQLite (A) and the --processes setup (B), alternating",
    )
    parser.add_argument("--rounds", type=int, default=2, help="A, B rounds of --compare (2)")
    parser.add_argument("--client-processes", type=int, default=1,
                        help="client processes, each playing a share of the matches (1)")
    parser.add_argument("--server-cpus", type=cpu_set, default=None, metavar="LIST",
                        help="CPUs of the servers (default: the first one)")
    parser.add_argument("--client-cpus", type=cpu_set, default=None, metavar="LIST",
                        help="CPUs of the clients and services (default: the others)")
    parser.add_argument("--no-pin", action="store_true", help="pin nothing")
    parser.add_argument(
        "--bot-matches", type=int, default=0,
        help="abuse mode: also create this many matches of server bots only (default 0)",
    )
    parser.add_argument(
        "--bot", default="heuristic", help="the server bot of those matches (heuristic)"
    )
    parser.add_argument(
        "--max-bot-matches", type=int, default=None,
        help="passed to ludoteca serve (default: the server's own default)",
    )
    args = parser.parse_args()
    if args.start_services and (args.database_url or args.redis_url):
        parser.error("--start-services starts its own database and Redis: give no URLs")
    if args.processes > 1 and not (args.redis_url or args.start_services):
        parser.error("--processes above 1 needs --redis-url (or --start-services)")
    if args.compare and args.processes == 1 and not (args.database_url or args.start_services):
        parser.error("--compare needs a second setup: --processes, --database-url or services")
    return args


@contextmanager
def services(folder: Path, placement: Placement) -> Iterator[tuple[str, str]]:
    """Run a throwaway PostgreSQL and redis-server on the client CPUs; yield their URLs."""
    sys.path.insert(0, str(ROOT))  # tests/services.py is the one place that knows how
    from tests.services import postgres_server, redis_server

    if placement.clients is not None:
        os.sched_setaffinity(0, placement.clients)  # the services inherit this process's CPUs
    with postgres_server(folder) as database_url, redis_server(folder) as redis_url:
        yield database_url, redis_url


def main() -> None:
    """Run the benchmark and print its report."""
    args = parse_arguments()
    placement = placement_of(args)
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="ludoteca-bench-") as name, ExitStack() as stack:
        folder = Path(name)
        database_url, redis_url = args.database_url, args.redis_url
        if args.start_services:
            database_url, redis_url = stack.enter_context(services(folder, placement))
        elif placement.clients is not None:
            os.sched_setaffinity(0, placement.clients)
        chosen = Setup("B" if args.compare else "A", args.processes, database_url, redis_url)
        default = Setup("A", 1, None, None)
        order = [default, chosen] * args.rounds if args.compare else [chosen]
        runs: dict[str, list[Measured]] = {"A": [], "B": []}
        for run, setup in enumerate(order):
            print(f"run {run + 1}/{len(order)}: {setup.name}", file=sys.stderr, flush=True)
            runs[setup.name].append(measure(setup, args, placement, folder, run))
    print(header())
    for setup in (default, chosen) if args.compare else (chosen,):
        print(f"server {setup.name}  {setup.describe()}, bot delay 0")
    print(f"placement {placement.describe(args.client_processes, args.start_services)}")
    print(f"machine   load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after "
          "(1 minute)")
    print(f"load      {args.matches} matches x {args.players} seats, client-side random bots, "
          f"think time {args.think_ms:g} ms, {args.seconds:g} s"
          + (f", {args.rounds} rounds of A then B" if args.compare else ""))
    if args.compare:
        print_comparison(default, chosen, runs, args)
    else:
        print_single(chosen, runs[chosen.name][0], args)


if __name__ == "__main__":
    main()
