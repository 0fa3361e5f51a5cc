"""The `cursord` command line: `serve`, `config check`, `service`, `status`, `tap`, `usage`, `doctor`, `ca`,
`editor`, `users`, `teams`, `ui`, `gateway`, `record`, `replay`."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import trio

from cursord import __version__
from cursord.app import AppWrap, DataDirInUse, setup_logging
from cursord.cli.ca import add_ca_arguments, ca_command
from cursord.cli.doctor import add_doctor_arguments, doctor_command
from cursord.cli.editor import add_editor_arguments, editor_command
from cursord.cli.gateway import add_gateway_arguments, gateway_command
from cursord.cli.people import add_people_arguments, people_command
from cursord.cli.record import add_record_arguments, record_command, replay_command
from cursord.cli.status import add_status_arguments, add_tap_arguments, status_command, tap_command
from cursord.cli.ui import add_ui_arguments, ui_command
from cursord.cli.usage import add_usage_arguments, usage_command
from cursord.config import (
    ConfigError,
    ServeConfig,
    add_serve_arguments,
    config_from_args,
    config_warnings,
    dump_toml,
    redacted,
)

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

    service = commands.add_parser("service", help="manage the systemd user service")
    service_commands = service.add_subparsers(dest="service_command", required=True, metavar="ACTION")
    for name, text in (("install", "write, enable and start the user unit"), ("uninstall", "stop and remove it")):
        action = service_commands.add_parser(name, help=text)
        action.add_argument("--no-systemctl", action="store_true", help="only write files; run no systemctl")
    add_status_arguments(commands)
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
    environ = os.environ if environ is None else environ
    args = build_parser().parse_args(argv)
    try:
        if args.command == "serve":
            return serve(config_from_args(args, environ), environ)
        if args.command == "config":
            return config_check(config_from_args(args, environ), environ)
        if args.command == "service":
            return service_command(args, environ)
        if args.command == "status":
            return status_command(args, environ)
        if args.command == "tap":
            return tap_command(args, environ)
        if args.command == "usage":
            return usage_command(args, environ)
        if args.command == "doctor":
            return doctor_command(args, environ)
        if args.command == "ca":
            return ca_command(args, environ)
        if args.command == "editor":
            return editor_command(args, environ)
        if args.command == "gateway":
            return gateway_command(args, environ)
        if args.command == "ui":
            return ui_command(args, environ)
        if args.command in ("users", "teams"):
            return people_command(args, environ)
        if args.command == "record":
            return record_command(args, environ, serve)
        if args.command == "replay":
            return replay_command(args)
    except ConfigError as error:
        print(f"cursord: {error}", file=sys.stderr)
        return 2
    raise AssertionError(args.command)


def config_check(config: ServeConfig, environ: Mapping[str, str]) -> int:
    print(dump_toml(redacted(config, environ)), end="")
    for warning in config_warnings(config, environ):
        print(f"warning: {warning}", file=sys.stderr)
    return 0


def service_command(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    from cursord.cli import service

    home = Path(environ.get("HOME") or Path.home())
    run_systemctl = not args.no_systemctl
    if args.service_command == "install":
        executable = service.default_executable()
        if executable is None:
            print("cursord: cannot find the installed `cursord` executable to put in the unit", file=sys.stderr)
            return 1
        report = service.install(home, executable, run_systemctl=run_systemctl)
    else:
        report = service.uninstall(home, run_systemctl=run_systemctl)
    print(report)
    return 0 if report.ok else 1


def serve(config: ServeConfig, environ: Mapping[str, str], *, wrap: AppWrap | None = None) -> int:
    setup_logging(config.log_level.value, environ)
    for warning in config_warnings(config, environ):
        log.warning("%s", warning)
    failed = False
    try:
        trio.run(_serve, config, environ, wrap)
    except* (OSError, DataDirInUse, ConfigError) as errors:  # cannot bind, no data dir, no gateway token
        for error in errors.exceptions:
            log.error("cursord cannot start: %s", error)
        failed = True
    return 1 if failed else 0


async def _serve(config: ServeConfig, environ: Mapping[str, str], wrap: AppWrap | None = None) -> None:
    from cursord.app import run_service

    shutdown = trio.Event()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(_stop_on_signals, shutdown)
        await run_service(config, environ, shutdown=shutdown, wrap=wrap)
        nursery.cancel_scope.cancel()


async def _stop_on_signals(shutdown: trio.Event) -> None:
    with trio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
        async for signum in signals:
            log.info("received %s: shutting down", signal.Signals(signum).name)
            shutdown.set()
