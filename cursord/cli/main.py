"""The `cursord` command line: `serve`, `config check`, `service`, `status`, `forwarded`, `tap`, `usage`, `doctor`,
`ca`, `editor`, `users`, `teams`, `ui`, `gateway`, `record`, `replay`, `report`."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cursord import __version__

if TYPE_CHECKING:
    import trio

    from cursord.app import AppWrap, ConfigSource
    from cursord.config import ServeConfig
    from cursord.proxy import Observe

log = logging.getLogger("cursord")

#: what runs a command, given its arguments and the environment with the key file (not `serve`'s: it reloads)
Command = Callable[[argparse.Namespace, Mapping[str, str]], int]
#: adds a command's parser (or parsers: `users` and `teams` come together) to the subparsers
Adder = Callable[[Any], object]


# Each command's module is imported only when that command runs (or its own --help is asked for): the
# daemon's modules take about a second of CPU to import, and `--version`, `--help` or `status` need none
# of them. A loader returns the command's parser adder and what runs it.

def _serve_parts() -> tuple[Adder, Command]:
    return _add_serve_and_config, _config_command


def _service_parts() -> tuple[Adder, Command]:
    return _add_service, service_command


def _status_parts() -> tuple[Adder, Command]:
    from cursord.cli.status import add_status_arguments, status_command

    return add_status_arguments, status_command


def _forwarded_parts() -> tuple[Adder, Command]:
    from cursord.cli.status import add_forwarded_arguments, forwarded_command

    return add_forwarded_arguments, forwarded_command


def _tap_parts() -> tuple[Adder, Command]:
    from cursord.cli.tap import add_tap_arguments, tap_command

    return add_tap_arguments, tap_command


def _usage_parts() -> tuple[Adder, Command]:
    from cursord.cli.usage import add_usage_arguments, usage_command

    return add_usage_arguments, usage_command


def _doctor_parts() -> tuple[Adder, Command]:
    from cursord.cli.doctor import add_doctor_arguments, doctor_command

    return add_doctor_arguments, doctor_command


def _ca_parts() -> tuple[Adder, Command]:
    from cursord.cli.ca import add_ca_arguments, ca_command

    return add_ca_arguments, ca_command


def _editor_parts() -> tuple[Adder, Command]:
    from cursord.cli.editor import add_editor_arguments, editor_command

    return add_editor_arguments, editor_command


def _people_parts() -> tuple[Adder, Command]:
    from cursord.cli.people import add_people_arguments, people_command

    return add_people_arguments, people_command


def _ui_parts() -> tuple[Adder, Command]:
    from cursord.cli.ui import add_ui_arguments, ui_command

    return add_ui_arguments, ui_command


def _gateway_parts() -> tuple[Adder, Command]:
    from cursord.cli.gateway import add_gateway_arguments, gateway_command

    return add_gateway_arguments, gateway_command


def _report_parts() -> tuple[Adder, Command]:
    from cursord.cli.report import add_report_arguments, report_command

    return add_report_arguments, report_command


def _record_parts() -> tuple[Adder, Command]:
    from cursord.cli.record import add_record_arguments, record_command, replay_command

    def run(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
        if args.command == "replay":
            return replay_command(args, environ)
        return record_command(args, environ, serve)

    return add_record_arguments, run


#: every command: its one-line help (what `cursord --help` lists) and the loader of its parts. Names that
#: share a loader are added by one adder.
COMMANDS: dict[str, tuple[str, Callable[[], tuple[Adder, Command]]]] = {
    "serve": ("run the daemon in the foreground", _serve_parts),
    "config": ("inspect the configuration", _serve_parts),
    "service": ("manage the user service (systemd; launchd on macOS)", _service_parts),
    "status": ("show the running daemon's streams", _status_parts),
    "forwarded": ("show what the running daemon's proxy sent to Cursor", _forwarded_parts),
    "tap": ("follow the running daemon's live event tap", _tap_parts),
    "usage": ("tokens, cache hits and cost of the provider passes", _usage_parts),
    "doctor": ("check every configured provider: key, endpoint, models, one tiny request", _doctor_parts),
    "ca": ("the local certificate authority the editor trusts for the proxy", _ca_parts),
    "editor": ("point Cursor's settings.json at the proxy, or undo it", _editor_parts),
    "users": ("the users of a team gateway (tokens, budgets)", _people_parts),
    "teams": ("the teams of a team gateway (budgets)", _people_parts),
    "ui": ("print a one-time login link to the dashboard", _ui_parts),
    "gateway": ("the nodes of a team gateway", _gateway_parts),
    "record": ("record the editor's calls to a capture file (redacted), or show one", _record_parts),
    "replay": ("replay a capture's editor side against a fresh daemon and list the divergences", _record_parts),
    "report": ("write a support bundle (versions, config, doctor, recent log; redacted) to attach to a bug report",
               _report_parts),
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser: every command's own arguments (`command` None), or only the named command's, the others
    listed by name and help alone so that nothing else is imported ("": none, for `--version` and `--help`)."""
    parser = argparse.ArgumentParser(
        prog="cursord",
        description="A local stand-in for Cursor's backend: the editor's agent, Tab and AI features on your own "
        "provider keys.",
    )
    parser.add_argument("--version", action="version", version=f"cursord {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="log at debug level (which config and key file a command reads, ...)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    loaders = {loader for _, loader in COMMANDS.values()}
    if command in COMMANDS:
        loaders = {COMMANDS[command][1]}
    elif command is not None:
        loaders = set()
    loaded: set[Callable[[], tuple[Adder, Command]]] = set()
    for name, (text, loader) in COMMANDS.items():
        if loader not in loaders:
            commands.add_parser(name, help=text, add_help=False)
        elif loader not in loaded:
            loaded.add(loader)
            loader()[0](commands)
    return parser


def _first_word(argv: Sequence[str]) -> str | None:
    return next((word for word in argv if not word.startswith("-")), None)


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    process_environ = os.environ if environ is None else environ
    words = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(_first_word(words) or "").parse_args(words)
    if args.verbose and args.command != "serve":  # serve sets up its own logging (at --log-level)
        logging.basicConfig(level=logging.DEBUG, format="%(levelname)s %(name)s: %(message)s")
    from cursord.config import ConfigError, config_path, files_in_use, with_env_file
    try:
        # Every command sees the keys the service sees: the key file beside the config file in use.
        config_file = config_path(getattr(args, "config", None), process_environ)
        environ = with_env_file(config_file, process_environ)
        log.debug("%s", files_in_use(config_file, process_environ))
        if args.command == "serve":
            return _serve_from_args(args, config_file, process_environ, environ)
        return COMMANDS[args.command][1]()[1](args, environ)
    except ConfigError as error:
        print(f"cursord: {error}", file=sys.stderr)
        return 2


def _serve_from_args(
    args: argparse.Namespace, config_file: Path | None, process_environ: Mapping[str, str], environ: Mapping[str, str]
) -> int:
    from cursord.app import ConfigSource
    from cursord.config import config_from_args, files_in_use, with_env_file

    source = ConfigSource(
        environ=lambda: with_env_file(config_file, process_environ, file_wins=True),
        load=lambda reread: config_from_args(args, reread),
    )
    return serve(config_from_args(args, environ), environ, source, files=files_in_use(config_file, process_environ))


def _add_serve_and_config(commands: Any) -> None:
    from cursord.config import add_serve_arguments

    add_serve_arguments(commands.add_parser("serve", help=COMMANDS["serve"][0]))
    config = commands.add_parser("config", help=COMMANDS["config"][0])
    config_commands = config.add_subparsers(dest="config_command", required=True, metavar="ACTION")
    check = config_commands.add_parser("check", help="validate and print the effective config (keys redacted)")
    add_serve_arguments(check)


def _config_command(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    from cursord.config import config_from_args

    return config_check(config_from_args(args, environ), environ)


def _add_service(commands: Any) -> None:
    service = commands.add_parser("service", help=COMMANDS["service"][0])
    service_commands = service.add_subparsers(dest="service_command", required=True, metavar="ACTION")
    for name, text in (("install", "write, enable and start the user unit"), ("uninstall", "stop and remove it")):
        action = service_commands.add_parser(name, help=text)
        action.add_argument("--no-systemctl", action="store_true",
                            help="only write files; run no systemctl (launchctl on macOS)")


def config_check(config: ServeConfig, environ: Mapping[str, str]) -> int:
    from cursord.config import config_warnings, dump_toml, redacted

    print(dump_toml(redacted(config, environ)), end="")
    for warning in config_warnings(config, environ):
        print(f"warning: {warning}", file=sys.stderr)
    return 0


def service_command(args: argparse.Namespace, environ: Mapping[str, str], platform: str = sys.platform) -> int:
    """`service install|uninstall`: a systemd user unit, or a launchd agent on macOS."""
    from cursord.cli import launchd, service

    home = Path(environ.get("HOME") or Path.home())
    run_manager = not args.no_systemctl
    if args.service_command == "install":
        executable = service.default_executable()
        if executable is None:
            print("cursord: cannot find the installed `cursord` executable to put in the unit", file=sys.stderr)
            return 1
        if platform == "darwin":
            report = launchd.install(home, executable, run_launchctl=run_manager)
        else:
            report = service.install(home, executable, run_systemctl=run_manager)
    elif platform == "darwin":
        report = launchd.uninstall(home, run_launchctl=run_manager)
    else:
        report = service.uninstall(home, run_systemctl=run_manager)
    print(report)
    return 0 if report.ok else 1


def serve(
    config: ServeConfig,
    environ: Mapping[str, str],
    source: ConfigSource | None = None,
    *,
    wrap: AppWrap | None = None,
    observe: Observe | None = None,
    files: str | None = None,
) -> int:
    """Run the daemon until a signal stops it. `files`: which config and key file it read, said once."""
    import trio

    from cursord.app import setup_logging
    from cursord.config import config_warnings

    setup_logging(config.log_level.value, environ)
    if files:
        log.info("%s", files)
    for warning in config_warnings(config, environ):
        log.warning("%s", warning)
    failed = False
    try:
        trio.run(_serve, config, environ, source, wrap, observe)
    except* _startup_failures() as errors:
        for error in _leaves(errors):
            log.error("cursord cannot start: %s", error)
        failed = True
    return 1 if failed else 0


def _startup_failures() -> tuple[type[Exception], ...]:
    """What stops `serve` before it serves, each reported as one line (its message says what to change): a
    busy port, a data dir in use or not writable, a store that cannot be opened, a bad gateway token, a
    Hypercorn release cursord is not tested with."""
    from cursord.app import DataDirInUse, DataDirUnusable
    from cursord.config import ConfigError
    from cursord.server import CannotListen, UnsupportedHypercorn
    from cursord.store import StoreError

    return (CannotListen, OSError, DataDirInUse, DataDirUnusable, StoreError, ConfigError, UnsupportedHypercorn)


def _leaves(error: BaseException) -> list[BaseException]:
    """The exceptions inside nested exception groups (however deeply its nurseries nested them), in order."""
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in _leaves(inner)]
    return [error]


async def _serve(
    config: ServeConfig,
    environ: Mapping[str, str],
    source: ConfigSource | None,
    wrap: AppWrap | None = None,
    observe: Observe | None = None,
) -> None:
    import trio

    from cursord.app import run_service

    shutdown = trio.Event()
    reload_requests, reloads = trio.open_memory_channel[object](1)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(_follow_signals, shutdown, reload_requests)
        await run_service(config, environ, shutdown=shutdown, source=source,
                          reloads=reloads if source is not None else None, wrap=wrap, observe=observe)
        nursery.cancel_scope.cancel()


async def _follow_signals(shutdown: trio.Event, reload_requests: trio.MemorySendChannel[object]) -> None:
    """SIGINT and SIGTERM shut down; SIGHUP reloads the providers and keys (`cursord.app.reload`)."""
    import trio

    with trio.open_signal_receiver(signal.SIGINT, signal.SIGTERM, signal.SIGHUP) as signals:
        async for signum in signals:
            if signum == signal.SIGHUP:
                log.info("received SIGHUP: reloading the providers and keys")
                with contextlib.suppress(trio.WouldBlock):  # one reload already waiting covers this one
                    reload_requests.send_nowait(None)
                continue
            log.info("received %s: shutting down", signal.Signals(signum).name)
            shutdown.set()
