"""`cursord record serve|show` and `cursord replay`: capture the editor's calls, read a capture, replay one.

- `cursord record serve [serve options] [--keep-content] [--capture FILE]` runs the daemon exactly as
  `cursord serve` does, and writes every call the editor makes on its three listeners (the proxy, the agent
  listener, the editor port) to ``<data_dir>/captures/capture-<UTC time>.jsonl`` (mode 0600), redacted unless
  `--keep-content` (tokens and cookies are replaced even then). Stop it as `serve` (Ctrl-C, SIGTERM).
- `cursord record show FILE [--json]` lists a capture, one line per event, each message named; with no FILE it
  lists the captures in ``<data_dir>/captures``.
- `cursord replay FILE [--timing recorded|asap] [--hang-after S]` plays the capture's editor side against a
  fresh daemon (in this process, in memory) whose provider says what the capture's steps said, and lists the
  divergences; exit status 1 if there is any, 2 if the capture cannot be read.

A FILE that is a bare name and not in the current directory is looked for in the captures folder (with or
without its `.jsonl`), so a name `record show` listed works from anywhere.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

import trio

from cursord.app import AppWrap
from cursord.capture import CAPTURE_DIR, CaptureError, Recorder, capture_path, read_capture, show_lines
from cursord.cli.ca import data_dir_from_args
from cursord.config import ServeConfig, add_serve_arguments, config_from_args
from cursord.testing.replay import Timing, replay_fresh

__all__ = ["add_record_arguments", "record_command", "replay_command"]

Serve = Callable[..., int]


def add_record_arguments(subparsers: Any) -> None:
    record = subparsers.add_parser(
        "record", help="record the editor's calls to a capture file (redacted), or show one",
        description="Record every call the editor makes through cursord into a capture file, or list one.",
    )
    actions = record.add_subparsers(dest="record_command", required=True, metavar="ACTION")
    serve = actions.add_parser("serve", help="run the daemon as `cursord serve` does, recording the editor's calls")
    add_serve_arguments(serve)
    serve.add_argument("--keep-content", action="store_true",
                       help="keep prompts, files, tool arguments and results (tokens and cookies are replaced anyway)")
    serve.add_argument("--capture", metavar="FILE", type=Path,
                       help="the capture file (default: <data_dir>/captures/capture-<UTC time>.jsonl)")
    show = actions.add_parser("show", help="list a capture, one line per event (no FILE: list the captures)")
    show.add_argument("file", type=Path, metavar="FILE", nargs="?")
    show.add_argument("--json", action="store_true", help="print each message decoded (protobuf JSON)")
    _add_where(show)

    replay = subparsers.add_parser(
        "replay", help="replay a capture's editor side against a fresh daemon and list the divergences",
        description="Play the editor's side of a capture against a fresh in-process daemon whose fake provider "
                    "says what the capture's model said; list where the daemon now answers differently.",
    )
    replay.add_argument("file", type=Path, metavar="FILE")
    _add_where(replay)
    replay.add_argument("--timing", choices=[t.value for t in Timing], default=Timing.RECORDED.value,
                        help="recorded: the recorded gaps between calls (default); asap: no waiting")
    replay.add_argument("--hang-after", type=float, default=30.0, metavar="SECONDS",
                        help="how long to wait for a message the editor got then before calling it a hang")


def _add_where(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", metavar="PATH", help="state directory whose captures/ holds FILE (default: the"
                        " daemon's)")
    parser.add_argument("--config", metavar="PATH", help="the daemon's TOML config file (default: the service's)")


def _captures(args: argparse.Namespace, environ: Mapping[str, str]) -> Path:
    return data_dir_from_args(args, environ) / CAPTURE_DIR


def _capture_file(args: argparse.Namespace, environ: Mapping[str, str]) -> Path:
    """FILE as given if it exists or is a path; else the capture of that name in the captures folder."""
    given: Path = args.file
    if given.exists() or len(given.parts) != 1:
        return given
    folder = _captures(args, environ)
    for name in (given.name, f"{given.name}.jsonl"):
        if (folder / name).is_file():
            return folder / name
    raise CaptureError(f"{given}: no such capture here or in {folder} (`cursord record show` lists them)")


def _list_captures(folder: Path) -> list[str]:
    """One line per capture in `folder`, oldest first: its name, size and when it was last written (UTC)."""
    files = sorted(folder.glob("*.jsonl"), key=lambda path: path.stat().st_mtime) if folder.is_dir() else []
    if not files:
        return [f"no captures in {folder} (`cursord record serve` records one)"]
    lines = [f"captures in {folder} (show or replay one by its name):"]
    for path in files:
        stat = path.stat()
        written = datetime.datetime.fromtimestamp(stat.st_mtime, datetime.UTC).strftime("%Y-%m-%d %H:%M:%SZ")
        lines.append(f"  {path.name}  {stat.st_size / 1024:,.0f} KiB  {written}")
    return lines


def record_command(args: argparse.Namespace, environ: Mapping[str, str], serve: Serve) -> int:
    if args.record_command == "show" and args.file is None:
        print("\n".join(_list_captures(_captures(args, environ))))
        return 0
    if args.record_command == "show":
        try:
            header, events = read_capture(_capture_file(args, environ))
        except CaptureError as error:
            print(f"cursord: {error}", file=sys.stderr)
            return 2
        try:
            for line in show_lines(header, events, as_json=args.json):
                print(line)
            sys.stdout.flush()
        except BrokenPipeError:  # `| head`: the reader has what it wanted
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    config: ServeConfig = config_from_args(args, environ)
    recorder = Recorder(args.capture or capture_path(config.data_dir), keep_content=args.keep_content)
    if recorder.path.exists():
        print(f"cursord: {recorder.path} exists; a capture is never written over (give another --capture)",
              file=sys.stderr)
        return 2
    print(f"cursord: recording the editor's calls to {recorder.path}"
          f"{' (content kept)' if args.keep_content else ' (redacted)'}", file=sys.stderr)
    wrap: AppWrap = recorder.wrap
    try:
        return serve(config, environ, wrap=wrap, observe=recorder.observe_forwarded)
    finally:
        recorder.close()


def replay_command(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    try:
        header, events = read_capture(_capture_file(args, environ))
    except CaptureError as error:
        print(f"cursord: {error}", file=sys.stderr)
        return 2
    run = partial(replay_fresh, events, timing=Timing(args.timing), hang_after=args.hang_after)
    divergences = trio.run(run)
    version = header.cursor_version or "an unnamed Cursor version"
    if not divergences:
        print(f"{args.file}: {len(events)} events from {version} replayed with no divergence")
        return 0
    print(f"{args.file}: {len(divergences)} divergence(s) replaying {version}:")
    for divergence in divergences:
        print(f"  call {divergence.call}: {divergence}")
    return 1
