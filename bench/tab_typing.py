"""What the user feels of Tab: a typing session replayed through cursord against a model of fixed speed.

A user types `TARGET` into a file, one character every `--every` ms, pausing `--pause` ms at the end of each
line and `--think` ms at a blank line. Every keystroke is a StreamCpp for the file as it is then (the editor
aborts the one before: this client closes it). When the last answer that came before the keystroke is what
the user was about to type, the keystroke is Tab instead: the suggestion is taken whole, and the next
request is the one that accept brings.

The model is a fake FIM server on loopback (`cursord.testing.fake_fim`) that answers the rest of the line
(at a line's end: the next line), in tokens of 4 characters `--token-ms` ms apart; it knows two lines in
three and guesses `pass` for the third, which the user then types out. With `--llama-url` the same session
also runs against a llama.cpp server already running there (`llama-server --port ...` with a FIM model): its
answers are its own, so only the felt latency is comparable.

Figures, for the keystrokes whose answer came before the next one:
- felt: request sent -> end of stream (the editor shows a suggestion once its stream ends), p50 / p99;
- added: felt minus the time the fake took to write that answer, from its request's arrival to its last
  byte (an answer from the cache: all of it);
- from cache: the share of keystrokes answered without the model (`cursord.tab.cache`);
- upstream per key: the model calls (speculative ones included) per keystroke;
- reached budget: answers that took 3.5 s or more, which cursord cuts short (the editor drops a Tab stream
  older than 4 s).

Everything runs in one process on the real clock (cursord as `running_daemon(transport="tcp")`), so the
figures include the client's and the fake's costs.

    .venv/bin/python -m bench.tab_typing [--every 80] [--pause 400] [--think 4000] [--token-ms 15,1000]
"""

from __future__ import annotations

import argparse
import math
import shutil
import time
from collections.abc import Sequence
from typing import Any, Final

import attrs
import trio

from cursord.config import TabBackend
from cursord.config._tab import build_tab
from cursord.connect.envelope import EnvelopeDecoder, encode_envelope, parse_end_stream
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.tab import FimBackend, FimFormat, TabService, fim_prompt, tab_parts
from cursord.testing.behaviours import Echo
from cursord.testing.editor import STREAM_HEADERS
from cursord.testing.fake_fim import FIM_KEY, fim_server
from cursord.testing.fake_providers import FakeProvider, open_fake_server
from cursord.testing.harness import RunningDaemon, running_daemon
from cursord.testing.http_client import HTTPConnection, open_http

STREAM_CPP: Final = "/aiserver.v1.AiService/StreamCpp"
MARKER: Final = "# typed below\n"
HEADER: Final = "import math\n\n\n" + MARKER
FOOTER: Final = "\n\n\nif __name__ == '__main__':\n    main()\n"
TARGET: Final = (
    "def area(radius):\n"
    "    return math.pi * radius ** 2\n"
    "\n"
    "\n"
    "def main():\n"
    "    for radius in range(10):\n"
    "        print(radius, area(radius))\n"
    "    print('done')"
)
TOKEN_CHARS: Final = 4
BUDGET: Final = 3.5


def model_answer(body: dict[str, Any]) -> list[str]:
    """The fake model: the rest of the user's line (at its end, the next line) in 4-character tokens; a
    line it does not know (every third) it guesses as `pass`."""
    prompt = body.get("prompt", "")
    typed = prompt.split(MARKER, 1)[1] if MARKER in prompt else ""
    if not TARGET.startswith(typed) or len(typed) == len(TARGET):
        return []
    end = TARGET.find("\n", len(typed) + 1)
    answer = TARGET[len(typed) : end if end >= 0 else len(TARGET)]
    if TARGET[: len(typed) + 1].count("\n") % 3 == 2:
        answer = ("\n" if answer.startswith("\n") else "") + "pass"
    return [answer[i : i + TOKEN_CHARS] for i in range(0, len(answer), TOKEN_CHARS)]


def cpp_request(typed: str) -> aiserver.StreamCppRequest:
    before = HEADER + typed
    line = before.count("\n")
    current = aiserver.CurrentFileInfo(
        relative_workspace_path="src/circle.py",
        contents=before + FOOTER,
        cursor_position=aiserver.CursorPosition(line=line, column=len(before) - before.rfind("\n") - 1),
    )
    return aiserver.StreamCppRequest(current_file=current, workspace_id="bench", model_name="fim-model")


@attrs.define
class Answer:
    felt: float
    #: the part of `felt` the model itself took (0 for an answer from the cache)
    model: float
    cached: bool


@attrs.define
class Session:
    keystrokes: int = 0
    accepts: int = 0
    answers: list[Answer] = attrs.field(factory=list)
    upstream: int = 0
    #: the suggestion of the last answer that came before the next keystroke
    shown: str | None = None


async def ask(
    conn: HTTPConnection, service: TabService, session: Session, typed: str, fake: FakeProvider | None
) -> None:
    """One keystroke's StreamCpp, read to its end; what it suggested becomes `session.shown`."""
    cached_before = service.cache.hits
    prefix = fim_prompt(cpp_request(typed)).prefix
    line_before = (HEADER + typed).rsplit("\n", 1)[-1]
    start = time.perf_counter()
    response = await conn.request("POST", STREAM_CPP, STREAM_HEADERS, encode_envelope(cpp_request(typed)
                                                                                     .SerializeToString()))
    decoder = EnvelopeDecoder(1 << 22)
    text = ""
    while (chunk := await response.read_chunk()) is not None:
        for envelope in decoder.feed(chunk):
            if not envelope.end_stream:
                text += aiserver.StreamCppResponse.FromString(envelope.payload).text
            elif parse_end_stream(envelope.payload)[0] is not None:
                return  # superseded by the next keystroke's request before this client dropped it
    felt = time.perf_counter() - start
    cached = service.cache.hits > cached_before
    suggestion = text.removeprefix(line_before)
    model = 0.0
    if not cached and fake is not None:  # the fake's own time for the call that answered
        call = next(r for r in reversed(fake.requests) if r.json["prompt"] == prefix)
        with trio.move_on_after(1):
            await call.replied.wait()  # its last bytes are out; the fake's task may not have run since
        model = (call.completed_at or trio.current_time()) - call.arrived_at
    session.answers.append(Answer(felt, model, cached))
    session.shown = suggestion or None


async def type_out(daemon: RunningDaemon, service: TabService, args: argparse.Namespace,
                   fake: FakeProvider | None) -> Session:
    session = Session()
    typed = ""
    async with open_http(await daemon.connect(), True) as conn, trio.open_nursery() as nursery:
        running: trio.CancelScope | None = None
        while len(typed) < len(TARGET):
            want = TARGET[len(typed) :]
            if session.shown is not None and want.startswith(session.shown):
                typed += session.shown
                session.accepts += 1
            else:
                typed += want[0]
            session.shown = None
            session.keystrokes += 1
            if running is not None:
                running.cancel()  # the editor aborts the request of the keystroke before
            running = trio.CancelScope()

            async def one(scope: trio.CancelScope = running, now: str = typed) -> None:
                with scope:
                    await ask(conn, service, session, now, fake)

            nursery.start_soon(one)
            ends_line = typed.endswith("\n")
            await trio.sleep((args.think if typed.endswith("\n\n") else args.pause if ends_line else args.every)
                             / 1000)
        await trio.sleep(0.2)
    return session


def pct(values: Sequence[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000


@attrs.frozen
class Figures:
    model: str
    keystrokes: int
    accepts: int
    answered: int
    felt_p50: float
    felt_p99: float
    added_p50: float
    added_p99: float
    from_cache: float
    upstream_per_key: float
    reached_budget: int

    def row(self) -> list[str]:
        return [
            self.model, str(self.keystrokes), str(self.accepts), str(self.answered),
            f"{self.felt_p50:.1f} / {self.felt_p99:.1f}", f"{self.added_p50:.1f} / {self.added_p99:.1f}",
            f"{self.from_cache:.0%}", f"{self.upstream_per_key:.2f}", str(self.reached_budget),
        ]


HEADERS: Final = ["model", "keys", "Tab", "answered", "felt p50/p99 ms", "added p50/p99 ms", "from cache",
                  "upstream per key", "reached 3.5 s"]


def figures(name: str, session: Session, upstream: int, *, scripted: bool) -> Figures:
    felt = [a.felt for a in session.answers]
    added = [a.felt - a.model for a in session.answers] if scripted else []
    return Figures(
        name, session.keystrokes, session.accepts, len(session.answers), pct(felt, 0.5), pct(felt, 0.99),
        pct(added, 0.5), pct(added, 0.99), sum(a.cached for a in session.answers) / session.keystrokes,
        upstream / session.keystrokes, sum(a.felt >= BUDGET for a in session.answers),
    )


async def measure(args: argparse.Namespace, token_ms: float) -> Figures:
    """One session against the fake model at `token_ms` per token."""
    answer = fim_server(FimFormat.OPENAI, model_answer, gap=token_ms / 1000)
    async with open_fake_server(answer) as fake:
        spec = build_tab({"backend": TabBackend.OPENAI.value, "model": "fim-model", "base_url": fake.url("/v1")})
        return await _session(args, FimBackend(spec, api_key=FIM_KEY), f"fake, {token_ms:g} ms/token", fake)


async def measure_llama(args: argparse.Namespace) -> Figures:
    spec = build_tab({"backend": TabBackend.LLAMA_CPP.value, "base_url": args.llama_url})
    return await _session(args, FimBackend(spec), "llama.cpp", None)


def _model_calls(service: TabService) -> int:
    """The StreamCpp calls not answered from the cache, and the speculative ones."""
    counters = service.counters
    return counters.requests - service.cache.hits + counters.speculative


async def _session(args: argparse.Namespace, backend: FimBackend, name: str, fake: FakeProvider | None) -> Figures:
    backend.open()
    service = TabService(backend)
    try:
        async with (
            running_daemon(Echo, transport="tcp", parts=(tab_parts(service),)) as daemon,
            trio.open_nursery() as nursery,
        ):
            await nursery.start(service.run)
            session = await type_out(daemon, service, args, fake)
            nursery.cancel_scope.cancel()
    finally:
        await backend.aclose()
    upstream = len(fake.requests) if fake is not None else _model_calls(service)
    return figures(name, session, upstream, scripted=fake is not None)


async def run_all(args: argparse.Namespace) -> list[Figures]:
    rows = [await measure(args, float(ms)) for ms in args.token_ms.split(",")]
    if args.llama_url:
        rows.append(await measure_llama(args))
    return rows


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--every", type=float, default=80.0, help="ms between keystrokes")
    parser.add_argument("--pause", type=float, default=400.0, help="ms at the end of a line")
    parser.add_argument("--think", type=float, default=4000.0, help="ms at a blank line")
    parser.add_argument("--token-ms", default="15,1000", help="the fake model's ms per token, one session each")
    parser.add_argument("--llama-url", default="", help="a running llama.cpp server to type against as well")
    return parser


async def main(args: argparse.Namespace) -> None:
    from bench.report import table

    rows = await run_all(args)
    print(f"typing {len(TARGET)} characters, {args.every:g} ms apart, {args.pause:g} ms at a line's end, "
          f"{args.think:g} ms at a blank line")
    print(table(HEADERS, [f.row() for f in rows], right=[False, *[True] * 8]))
    if not args.llama_url:
        where = shutil.which("llama-server")
        print("llama.cpp: " + (f"{where} is installed; start it with a FIM model and pass --llama-url"
                               if where else "not installed (pass --llama-url to type against a running server)"))


if __name__ == "__main__":
    trio.run(main, parser().parse_args())
