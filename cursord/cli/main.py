"""The `cursord` command line: `serve`, `config check`, `service`, `status`, `forwarded`, `tap`, `usage`, `doctor`,
`ca`, `editor`, `users`, `teams`, `ui`, `gateway`, `record`, `replay`."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import trio

from cursord import __version__
from cursord.app import AppWrap, ConfigSource, DataDirInUse, DataDirUnusable, setup_logging
from cursord.cli.ca import add_ca_arguments, ca_command
from cursord.cli.doctor import add_doctor_arguments, doctor_command
from cursord.cli.editor import add_editor_arguments, editor_command
from cursord.cli.gateway import add_gateway_arguments, gateway_command
from cursord.cli.people import add_people_arguments, people_command
from cursord.cli.record import add_record_arguments, record_command, replay_command
from cursord.cli.status import (
    add_forwarded_arguments,
    add_status_arguments,
    add_tap_arguments,
    forwarded_command,
    status_command,
    tap_command,
)
from cursord.cli.ui import add_ui_arguments, ui_command
from cursord.cli.usage import add_usage_arguments, usage_command
from cursord.config import (
    ConfigError,
    ServeConfig,
    add_serve_arguments,
    config_from_args,
    config_path,
    config_warnings,
    dump_toml,
    redacted,
    with_env_file,
)
from cursord.proxy import Observe
from cursord.server import CannotListen, UnsupportedHypercorn
from cursord.store import StoreError

log = logging.getLogger("cursord")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cursord",
        description="A local stand-in for Cursor's agent backend: the editor's agent on your own provider keys.",
    )
    parser.add_argument("--version", action="version", version=f"cursord {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = commands.add_parser("serve", help="run the daemon in the foreground")
    add_serve_arguments(serve)

    config = commands.add_parser("config", help="inspect the configuration")
    config_commands = config.add_subparsers(dest="config_command", required=True, metavar="ACTION")
    check = config_commands.add_parser("check", help="validate and print the effective config (keys redacted)")
    add_serve_arguments(check)

    service = commands.add_parser("service", help="manage the user service (systemd; launchd on macOS)")
    service_commands = service.add_subparsers(dest="service_command", required=True, metavar="ACTION")
    for name, text in (("install", "write, enable and start the user unit"), ("uninstall", "stop and remove it")):
        action = service_commands.add_parser(name, help=text)
        action.add_argument("--no-systemctl", action="store_true",
                            help="only write files; run no systemctl (launchctl on macOS)")
    add_status_arguments(commands)
    add_forwarded_arguments(commands)
    add_tap_arguments(commands)
    add_usage_arguments(commands)
    add_doctor_arguments(commands)
    add_ca_arguments(commands)
    add_editor_arguments(commands)
    add_people_arguments(commands)
    add_ui_arguments(commands)
    add_gateway_arguments(commands)
    add_record_arguments(commands)
    return parser


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    process_environ = os.environ if environ is None else environ
    args = build_parser().parse_args(argv)
    try:
        # Every command sees the keys the service sees: the key file beside the config file in use.
        config_file = config_path(getattr(args, "config", None), process_environ)
        environ = with_env_file(config_file, process_environ)
        if args.command == "serve":
            source = ConfigSource(
                environ=lambda: with_env_file(config_file, process_environ, file_wins=True),
                load=lambda reread: config_from_args(args, reread),
            )
            return serve(config_from_args(args, environ), environ, source)
        return _command(args.command)(args, environ)
    except ConfigError as error:
        print(f"cursord: {error}", file=sys.stderr)
        return 2


#: what runs a command, given its arguments and the environment with the key file (not `serve`'s: it reloads)
Command = Callable[[argparse.Namespace, Mapping[str, str]], int]


def _command(name: str) -> Command:
    commands: dict[str, Command] = {
        "config": lambda args, environ: config_check(config_from_args(args, environ), environ),
        "service": service_command,
        "status": status_command,
        "tap": tap_command,
        "forwarded": forwarded_command,
        "usage": usage_command,
        "doctor": doctor_command,
        "ca": ca_command,
        "editor": editor_command,
        "gateway": gateway_command,
        "ui": ui_command,
        "users": people_command,
        "teams": people_command,
        "record": lambda args, environ: record_command(args, environ, serve),
        "replay": lambda args, environ: replay_command(args),
    }
    return commands[name]


def config_check(config: ServeConfig, environ: Mapping[str, str]) -> int:
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
) -> int:
    setup_logging(config.log_level.value, environ)
    for warning in config_warnings(config, environ):
        log.warning("%s", warning)
    failed = False
    try:
        trio.run(_serve, config, environ, source, wrap, observe)
    except* _STARTUP_FAILURES as errors:
        for error in _leaves(errors):
            log.error("cursord cannot start: %s", error)
        failed = True
    return 1 if failed else 0


#: what stops `serve` before it serves, each reported as one line (its message says what to change): a busy
#: port, a data dir in use or not writable, a store that cannot be opened, a bad gateway token, a Hypercorn
#: release cursord is not tested with.
_STARTUP_FAILURES = (
    CannotListen,
    OSError,
    DataDirInUse,
    DataDirUnusable,
    StoreError,
    ConfigError,
    UnsupportedHypercorn,
)


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
    with trio.open_signal_receiver(signal.SIGINT, signal.SIGTERM, signal.SIGHUP) as signals:
        async for signum in signals:
            if signum == signal.SIGHUP:
                log.info("received SIGHUP: reloading the providers and keys")
                with contextlib.suppress(trio.WouldBlock):  # one reload already waiting covers this one
                    reload_requests.send_nowait(None)
                continue
            log.info("received %s: shutting down", signal.Signals(signum).name)
            shutdown.set()
