"""The `ludoteca` command: list games, simulate bot matches, run an arena, replay records, demo."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ludoteca.arena import (
    ArenaConfig,
    ArenaGame,
    MatchResult,
    parse_contestants,
    plan_arena,
    play_match,
    run_arena,
    simulate,
)
from ludoteca.arena.progress import progress_bar
from ludoteca.arena.tournament import ENGINES
from ludoteca.bots import available_bots, make_bot
from ludoteca.cli_text import parse_options, print_game, read_record, stats_text
from ludoteca.core import available_games, load
from ludoteca.core.options import players_text
from ludoteca.core.registry import game_spec
from ludoteca.server.environment import default_from_environment, resolve

EXIT_USAGE = 2
DEMO_GAME = "keezen"
MAX_WORKERS = 64
"""Most server processes `ludoteca serve --workers` starts."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line `argv` (default: sys.argv[1:]) and return the exit code."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse has printed usage and the reason
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    try:
        result: int = args.command(args)
        return result
    except BrokenPipeError:  # e.g. `ludoteca replay game.jsonl | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (ValueError, OSError, ImportError) as error:
        print(f"ludoteca: error: {error}", file=sys.stderr)
        return EXIT_USAGE


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ludoteca", description=__doc__)
    commands = parser.add_subparsers(dest="name", required=True, metavar="COMMAND")

    games = commands.add_parser("games", help="list the available games and their bots")
    games.set_defaults(command=_games)

    sim = commands.add_parser("simulate", help="play many bot games and print statistics")
    sim.add_argument("game", help="registry name, e.g. keezen")
    sim.add_argument("--players", type=int, default=None, help="number of seats")
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument(
        "--bots", default="random",
        help="comma-separated bots, each name[:budget] (ismcts:500 iterations, ismcts:0.2s "
        "seconds): one for all seats or one per seat (default random)",
    )
    sim.add_argument("--seed", type=int, default=0, help="seed of every game and bot choice")
    sim.add_argument("--record", type=Path, metavar="FILE", help="write one JSON record per line")
    sim.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE",
        help="a game option (value read as JSON if it parses, else as text); repeatable",
    )
    sim.set_defaults(command=_simulate)

    arena = commands.add_parser(
        "arena", help="a seat-rotated tournament between bots, with ratings and a chart"
    )
    arena.add_argument("game", help="registry name, e.g. keezen")
    arena.add_argument("--players", type=int, default=None, help="number of seats")
    arena.add_argument(
        "--bots", default="heuristic,random",
        help="comma-separated bots, each name[:budget], e.g. ismcts:0.2s,heuristic,random "
        "(default heuristic,random)",
    )
    arena.add_argument(
        "--games", type=int, default=100,
        help="number of games, rounded up to whole cycles of the seat schedule (default 100)",
    )
    arena.add_argument(
        "--processes", type=int, default=1, help="games played in parallel (default 1)"
    )
    arena.add_argument(
        "--engine", choices=ENGINES, default="local",
        help="local: this machine's processes (default); ray: Ray tasks on a cluster or a local "
        "Ray instance of --processes CPUs (needs pip install 'ludoteca[cluster]')",
    )
    arena.add_argument(
        "--ray-address", metavar="ADDR", default=None,
        help="the Ray cluster for --engine ray (default: $RAY_ADDRESS, else a local instance)",
    )
    arena.add_argument("--seed", type=int, default=0, help="seed of every deal and bot choice")
    arena.add_argument(
        "--out", type=Path, metavar="DIR",
        help="where records.jsonl, table.txt and ratings.png go (default arena-GAME-Np)",
    )
    arena.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE",
        help="a game option (value read as JSON if it parses, else as text); repeatable",
    )
    arena.set_defaults(command=_arena)

    train = commands.add_parser(
        "train-value",
        help="train a game's value network for the search from heuristic self-play",
        epilog="The same arguments give the same weights. Without --out the file goes where the "
        "search finds it: the game's package, data/value/<N>p.npz (docs/bots.md).",
    )
    train.add_argument("game", help="registry name, e.g. keezen")
    train.add_argument("--players", type=int, default=None, help="number of seats")
    train.add_argument(
        "--positions", type=_positive, default=20_000, metavar="N",
        help="positions at turn boundaries to play for, each one example per seat "
        "(default 20000)",
    )
    train.add_argument("--seed", type=int, default=0, help="seed of the games and the fit")
    train.add_argument("--out", type=Path, metavar="PATH", help="where to write the weights")
    train.add_argument(
        "--data", type=Path, metavar="FILE",
        help="keep the self-play positions in FILE (.npz) and reuse them when the same game, "
        "players, positions and seed are asked for again",
    )
    train.add_argument(
        "--processes", type=_positive, default=1, help="self-play processes (default 1)"
    )
    train.set_defaults(command=_train_value)

    rep = commands.add_parser("replay", help="replay a recorded game move by move")
    rep.add_argument("file", type=Path, help="a .json record or a .jsonl file of records")
    rep.add_argument("--index", type=int, default=0, help="which record of a .jsonl file")
    rep.add_argument(
        "--board-every", type=int, default=1, metavar="N", help="show the board every N moves"
    )
    rep.set_defaults(command=_replay)

    demo = commands.add_parser("demo", help="watch bots play one game of Keezen")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--players", type=int, default=4)
    demo.add_argument(
        "--board-every", type=int, default=40, metavar="N", help="show the board every N moves"
    )
    demo.set_defaults(command=_demo)

    serve = commands.add_parser(
        "serve", help="run the web app (needs the server extra)",
        epilog="Every option can also be set by an environment variable LUDOTECA_<OPTION> "
        "(--database-url: LUDOTECA_DATABASE_URL); the command line wins. See docs/deploy.md.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="port (0: any free port)")
    _database_url_option(serve)
    serve.add_argument(
        "--redis-url", default=None, metavar="URL",
        help="Redis through which several server processes on one database tell each other "
        "of changes (needed by --workers above 1; docs/deploy.md)",
    )
    serve.add_argument(
        "--workers", type=_workers, default=1, metavar="N",
        help=f"server processes sharing the port (default 1, at most {MAX_WORKERS}; above 1 needs "
        "--redis-url and a database all can write, e.g. PostgreSQL)",
    )
    serve.add_argument(
        "--bot-delay", type=float, default=0.4, metavar="S", help="seconds between bot moves"
    )
    serve.add_argument(
        "--bot-seconds", type=float, default=1.0, metavar="S", help="thinking budget per bot move"
    )
    serve.add_argument(
        "--bot-processes", type=_bot_processes, default=1, metavar="N",
        help="worker processes in which hard (searching) bots think (default 1, at most 16)",
    )
    serve.add_argument(
        "--bot-root-parallel", type=_bot_root_parallel, default=1, metavar="N",
        help="worker processes one hard bot decision searches in at once, its root statistics "
        "merged (default 1, at most 16; at most --bot-processes are used)",
    )
    for setting in _limit_fields():
        option = "--" + setting.name.replace("_", "-")
        if setting.type == "bool":
            serve.add_argument(option, action="store_true", help=setting.metadata["help"])
        else:
            kind = {"int": int, "float": float}.get(setting.type, str)
            serve.add_argument(
                option, type=kind, default=setting.default, metavar="N" if kind is int else "X",
                help=f"{setting.metadata['help']} (default {setting.default})",
            )
    serve.add_argument(
        "--log-level", default="warning",
        choices=("critical", "error", "warning", "info", "debug"), help="server log level",
    )
    serve.add_argument(
        "--log-format", default="text", choices=("text", "json"),
        help="text lines, or one JSON object per line for log collectors (default text)",
    )
    serve.set_defaults(command=_serve)

    migrate = commands.add_parser(
        "migrate", help="bring the server's database to the newest schema (before an upgrade)",
        epilog="--database-url can also come from LUDOTECA_DATABASE_URL.",
    )
    _database_url_option(migrate)
    migrate.set_defaults(command=_migrate)
    for command in (serve, migrate):
        default_from_environment(command, os.environ)
    return parser


def _database_url_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--database-url", default="sqlite:///ludoteca.sqlite3", metavar="URL",
        help="SQLAlchemy URL of the match store (default sqlite:///ludoteca.sqlite3)",
    )


# -- commands ----------------------------------------------------------------------------------


def _games(args: argparse.Namespace) -> int:
    for name in available_games():
        spec = game_spec(name)
        print(f"{name:<16} {spec.title}: {spec.summary}")
        print(f"{'':<16} players: {players_text(spec.player_counts)} "
              f"(default {spec.default_players}); bots: {', '.join(available_bots(name))}")
        for option in spec.options:
            print(f"{'':<16} --option {option.name}=… ({option.allowed(spec.default_players)}; "
                  f"default {json.dumps(option.default)})")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    bots = [contestant.label for contestant in parse_contestants(args.bots)]
    with progress_bar(args.game) as bar:
        if args.record is None:
            stats = simulate(args.game, args.players, bots, args.games, args.seed, options, bar)
        else:
            with args.record.open("w", encoding="utf-8") as out:

                def write(result: MatchResult) -> None:
                    out.write(json.dumps(result.record) + "\n")

                stats = simulate(
                    args.game, args.players, bots, args.games, args.seed, options, bar, write
                )
    print(stats_text(stats, args.seed))
    if args.record is not None:
        print(f"\n{stats.games} records written to {args.record}")
    return 0


def _arena(args: argparse.Namespace) -> int:
    try:  # the arena extra is optional: fail before any game if it is missing
        import matplotlib  # noqa: F401
        import openskill  # noqa: F401
    except ImportError as error:
        raise ImportError(
            f"the arena needs the arena extra: pip install 'ludoteca[arena]' ({error})"
        ) from error
    from ludoteca.arena.chart import save_ratings_chart
    from ludoteca.arena.report import arena_text

    config = ArenaConfig(
        args.game, args.players, parse_contestants(args.bots), args.games, args.seed,
        parse_options(args.option),
    )
    # every bad argument, and a missing engine, fails here: nothing played, nothing written
    plan = plan_arena(config, args.processes, args.engine)
    out_dir: Path = args.out or Path(f"arena-{plan.game.name}-{plan.game.num_players}p")
    out_dir.mkdir(parents=True, exist_ok=True)
    records = out_dir / "records.jsonl"
    with records.open("w", encoding="utf-8") as out, progress_bar(args.game) as bar:

        def write(game: ArenaGame) -> None:
            out.write(json.dumps(game.record) + "\n")

        result = run_arena(config, args.processes, bar, write, args.engine, args.ray_address)
    table = arena_text(result, args.games, args.seed)
    print(table)
    (out_dir / "table.txt").write_text(table + "\n", encoding="utf-8")
    chart = out_dir / "ratings.png"
    title = f"{result.game}, {result.num_players} players, {len(result.games)} games"
    save_ratings_chart(result.tallies, chart, title)
    print(f"\n{len(result.games)} records written to {records} "
          f"(ludoteca replay {records} --index K); chart: {chart}")
    return 0


def _train_value(args: argparse.Namespace) -> int:
    # The fit's matrices are small: BLAS threads gain little on them and, on a busy machine,
    # spin (a 27 s fit took over 400 s with two threads on two loaded cores). Set before numpy
    # loads, which is here: numpy and the trainer load only for this command.
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(variable, "1")
    from ludoteca.bots.value_net import weights_resource
    from ludoteca.bots.value_training import TrainingRun, train_value

    game = load(args.game, args.players)
    out: Path = args.out or Path(str(weights_resource(game)))
    run = TrainingRun(game.name, game.num_players, args.positions, args.seed, args.processes,
                      data=args.data)
    print(train_value(run, out))
    return 0


def _replay(args: argparse.Namespace) -> int:
    record = read_record(args.file, args.index)
    title = f"Replay of {args.file}, record {args.index}"
    if isinstance(bots := record.get("bots"), list):  # an arena record names its seats' bots
        title += f" ({' vs '.join(map(str, bots))})"
    print_game(record, args.board_every, title)
    return 0


def _demo(args: argparse.Namespace) -> int:
    game = load(DEMO_GAME, args.players)
    bot_name = game_spec(DEMO_GAME).default_bot
    bots = [make_bot(bot_name, game) for _ in range(game.num_players)]
    result = play_match(game, bots, seed=args.seed, rng_seed=args.seed)
    print_game(result.record, args.board_every, f"Demo: {bot_name} bots")
    return 0


def _serve(args: argparse.Namespace) -> int:
    resolve(args)  # the options that came from environment variables
    serving = _server_module("serving")
    limits = serving.ServerLimits(**{setting.name: getattr(args, setting.name)
                                     for setting in _limit_fields()})
    settings = serving.AppSettings(
        database_url=args.database_url, bot_delay=args.bot_delay, bot_seconds=args.bot_seconds,
        bot_processes=args.bot_processes, redis_url=args.redis_url, limits=limits,
        bot_root_parallel=args.bot_root_parallel,
    )
    serving.serve(settings, args.host, args.port, args.workers, args.log_level, args.log_format)
    return 0


def _migrate(args: argparse.Namespace) -> int:
    resolve(args)
    serving = _server_module("serving")
    revision = serving.migrate_database(args.database_url)
    print(f"{serving.shown_url(args.database_url)}: schema at revision {revision}")
    return 0


# -- argument types -----------------------------------------------------------------------------


def _bot_processes(text: str) -> int:
    """Return the `--bot-processes` value; argparse reports the range when it is out of it."""
    from ludoteca.server.bot_pool import check_bot_processes

    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"bot processes: not a whole number: {text!r}") from None
    try:
        return check_bot_processes(count)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def _bot_root_parallel(text: str) -> int:
    """Return the `--bot-root-parallel` value; argparse reports the range when it is out of it."""
    from ludoteca.server.bot_pool import check_root_parallel

    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"bot root parallel: not a whole number: {text!r}"
        ) from None
    try:
        return check_root_parallel(count)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def _server_module(name: str) -> Any:
    """Return module `ludoteca.server.<name>`; ImportError saying how to install the extra."""
    try:  # the server extra is optional: import it only for the commands that need it
        return importlib.import_module(f"ludoteca.server.{name}")
    except ImportError as error:
        raise ImportError(
            f"the web server needs the server extra: pip install 'ludoteca[server]' ({error})"
        ) from error


def _limit_fields() -> tuple[Any, ...]:
    """Return the server's limits as fields (a plain module: no server extra needed)."""
    from ludoteca.server.settings import limit_fields

    return limit_fields()


def _whole_number(text: str, what: str = "", top: int | None = None) -> int:
    """Return `text` as a whole number from 1 to `top` (None: no top); argparse reports
    anything else, after `what` ("workers: ")."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what}not a whole number: {text!r}") from None
    if top is not None and not 1 <= count <= top:
        raise argparse.ArgumentTypeError(f"{what}expected 1 to {top}, got {count}")
    if count < 1:
        raise argparse.ArgumentTypeError(f"{what}expected at least 1, got {count}")
    return count


def _positive(text: str) -> int:
    """Return a whole number of at least 1 (an argparse type)."""
    return _whole_number(text)


def _workers(text: str) -> int:
    """Return the `--workers` value, 1 to MAX_WORKERS (an argparse type)."""
    return _whole_number(text, "workers: ", MAX_WORKERS)

if __name__ == "__main__":
    raise SystemExit(main())
