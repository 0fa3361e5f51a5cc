"""No stream may kill the daemon: an arbitrary exception thrown from each seam a stream's work reaches.

Each Hypothesis example picks a seam and an exception (any type, any text: one whose text cannot be made,
a group, the very ones that killed the daemon before: `TypeError` from httpcore's URL check, `UnicodeError`
from a codec, `RecursionError` from json) and runs a daemon (in memory, `MockClock(autojump_threshold=0)`,
the fake provider a real loopback HTTP server) with:

- a heartbeat client: a run on its own request id whose provider pass is slow, read over RunSSE the whole
  time; it must keep getting heartbeats while the fault happens, and end with its text, no error;
- the faulty call: a run (or, for titles, a NameTab) that reaches the seam once, where the exception is
  thrown. A tool's failure is the tool's error and its turn goes on to the end; a failure of the turn's own
  work ends that run with an error; a failure of an observer or the capture touches nothing;
- a run after it, which must be served to its end.

Seams: the web tools (WebFetch), the model choice, the conversation's history, the action queue, the
provider pass, the turn machine (where hooks, MCP and every other rule of a turn are decided), a stream
observer, a publish observer (the journal and the tap are such), the capture's recorder, the title; and,
on a daemon of its own, Tab's backend.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio
import trio.testing
from hypothesis import given
from hypothesis import strategies as st

from cursord.agent.machine import TurnMachine
from cursord.agent.turn import AgentServices
from cursord.capture import Recorder, recorder
from cursord.config import ProviderKind, TabBackend
from cursord.connect import Code, ConnectError
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server import side_rpcs
from cursord.tab import FimBackend
from cursord.tab.backend import FIM_FORMATS
from cursord.testing.agent import Transcript, agent_daemon, drive, spec_for
from cursord.testing.editor import EditorClient, RunSSEReader, run_request
from cursord.testing.fake_fim import fim_server
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_call, open_fake_provider, open_fake_server
from cursord.testing.harness import RunningDaemon, wait_until
from cursord.web import SearchHit, WebAccess
from tests.fuzz.test_fuzz_strategies import fuzz_settings
from tests.tab.test_tab_service import cpp_request, read_frames, tab_daemon

MODEL = "gpt-seams"
#: the heartbeat client's pass: a chunk this often (the provider's idle timeout is longer), so it outlasts the fault
SLOW_GAP = 15.0
HEARTBEAT_TEXT = "still here"
NAME_TAB = "/aiserver.v1.AiService/NameTab"


class Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("this exception has no text")


def _error(kind: type[Exception], text: str) -> Exception:
    return kind(text)


TYPES: list[type[Exception]] = [
    TypeError, ValueError, KeyError, RuntimeError, AttributeError, IndexError, OSError, AssertionError,
    RecursionError, UnicodeError, LookupError, ZeroDivisionError, NotImplementedError, MemoryError,
]
errors = st.one_of(
    st.builds(_error, st.sampled_from(TYPES), st.text(max_size=40)),
    st.just(TypeError("url strings may not include unicode characters")),
    st.just(UnicodeDecodeError("punycode", b"caf\xe9", 3, 4, "ordinal not in range(128)")),
    st.builds(lambda text: ExceptionGroup("several", [ValueError(text), KeyError(text)]), st.text(max_size=10)),
    st.builds(Unprintable),
)


@attrs.define
class Fault:
    """Raises `error` the first time it is called, then calls `original` as if nothing happened."""

    original: Callable[..., Any]
    error: Exception
    thrown: bool = False

    def _throw(self) -> None:
        if not self.thrown:
            self.thrown = True
            raise self.error

    def sync(self, *args: Any, **kwargs: Any) -> Any:
        self._throw()
        return self.original(*args, **kwargs)

    async def coroutine(self, *args: Any, **kwargs: Any) -> Any:
        self._throw()
        return await self.original(*args, **kwargs)


class FailingWeb(WebAccess):
    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    async def fetch(self, url: str) -> tuple[str, str]:
        raise self.error

    async def search(self, query: str) -> list[SearchHit]:
        raise self.error


@attrs.frozen
class Seam:
    #: what the faulty call is: "tool" (its turn goes on), "run" (its turn may end with an error),
    #: "quiet" (nothing the editor sees changes), "title" (a NameTab call)
    kind: str
    #: arms the fault: given the daemon's services and a pytest MonkeyPatch
    arm: Callable[[AgentServices, RunningDaemon, pytest.MonkeyPatch, Exception], None]


def _on(owner_of: Callable[[AgentServices], type], name: str, asynchronous: bool = True) -> Callable[..., None]:
    """The method `name` of the class `owner_of(services)` (patched on the class: its instances are slotted)."""

    def arm(services: AgentServices, daemon: RunningDaemon, patch: pytest.MonkeyPatch, error: Exception) -> None:
        owner = owner_of(services)
        fault = Fault(getattr(owner, name), error)

        async def coroutine(self: Any, *args: Any, **kwargs: Any) -> Any:
            return await fault.coroutine(self, *args, **kwargs)

        def sync(self: Any, *args: Any, **kwargs: Any) -> Any:
            return fault.sync(self, *args, **kwargs)

        patch.setattr(owner, name, coroutine if asynchronous else sync)

    return arm


def _web(services: AgentServices, daemon: RunningDaemon, patch: pytest.MonkeyPatch, error: Exception) -> None:
    patch.setattr(services, "web", FailingWeb(error))


def _observer(listing: str) -> Callable[..., None]:
    def arm(services: AgentServices, daemon: RunningDaemon, patch: pytest.MonkeyPatch, error: Exception) -> None:
        fault = Fault(lambda *args: None, error)
        patch.setattr(daemon.core.broker, listing, [*getattr(daemon.core.broker, listing), fault.sync])

    return arm


def _recorder(services: AgentServices, daemon: RunningDaemon, patch: pytest.MonkeyPatch, error: Exception) -> None:
    patch.setattr(recorder, "redact_payload", Fault(recorder.redact_payload, error).sync)


def _title(services: AgentServices, daemon: RunningDaemon, patch: pytest.MonkeyPatch, error: Exception) -> None:
    patch.setattr(side_rpcs, "title_from_text", Fault(side_rpcs.title_from_text, error).sync)


SEAMS = {
    "web tool": Seam("tool", _web),
    "model choice": Seam("run", _on(lambda s: type(s.router), "choose", asynchronous=False)),
    "history": Seam("run", _on(lambda s: type(s.history), "load")),
    "action queue": Seam("run", _on(lambda s: type(s.actions), "take")),
    "provider pass": Seam("run", _on(lambda s: type(s.router), "run_pass")),
    "turn machine": Seam("run", _on(lambda s: TurnMachine, "handle", asynchronous=False)),
    "stream observer": Seam("quiet", _observer("observers")),
    "publish observer": Seam("quiet", _observer("publish_observers")),
    "capture": Seam("quiet", _recorder),
    "title": Seam("title", _title),
}


def approve_web(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
    query = message.interaction_query
    if not message.HasField("interaction_query"):
        return []
    approved = agent.WebFetchRequestResponse(approved=agent.WebFetchRequestResponse.Approved())
    answer = agent.InteractionResponse(id=query.id, web_fetch_request_response=approved)
    return [agent.AgentClientMessage(interaction_response=answer)]


async def run_turn(editor: EditorClient, request_id: str) -> Transcript:
    await editor.append(request_id, run_request("go", model=MODEL, conversation_id=f"conv-{request_id}"))
    async with editor.run_sse(request_id) as reader:
        return await drive(editor, request_id, reader, approve_web)


async def heartbeat_client(editor: EditorClient, reading: list[RunSSEReader], done: list[Transcript]) -> None:
    await editor.append("hb", run_request("keep going", model=MODEL, conversation_id="conv-hb"))
    async with editor.run_sse("hb") as reader:
        reading.append(reader)
        done.append(await drive(editor, "hb", reader))


async def scenario(name: str, error: Exception) -> None:
    seam = SEAMS[name]
    fetch = Reply.sse(chat_tool_call("call-f", "WebFetch", json.dumps({"url": "https://de.wikipedia.org/wiki/München"})))
    replies = [
        Reply.sse(chat_text(HEARTBEAT_TEXT), gap=SLOW_GAP),
        *([fetch] if seam.kind == "tool" else []),
        *[Reply.sse(chat_text("Done.")) for _ in range(3)],
    ]
    with tempfile.TemporaryDirectory(prefix="cursord-seams-") as capture_dir:
        recorder = Recorder(Path(capture_dir) / "capture.jsonl")
        async with (
            open_fake_provider(*replies) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL), side_rpcs=True,
                         wrap=lambda app: recorder.wrap(app, "editor")) as (daemon, services),
            daemon.editor(http2=True) as editor,
            trio.open_nursery() as nursery,
        ):
            watched: list[RunSSEReader] = []
            heartbeat: list[Transcript] = []
            nursery.start_soon(heartbeat_client, editor, watched, heartbeat)
            await wait_until(lambda: len(fake.requests) == 1 and bool(watched))  # its slow pass is running
            with pytest.MonkeyPatch.context() as patch:
                seam.arm(services, daemon, patch, error)
                beats = watched[0].heartbeats
                if seam.kind == "title":
                    status, _ = await editor.post(NAME_TAB, aiserver.NameTabRequest().SerializeToString())
                    assert status in (200, 500)  # `internal`, answered: the daemon goes on
                else:
                    faulty = await run_turn(editor, "faulty")
                    if seam.kind in ("tool", "quiet"):
                        assert faulty.error is None, faulty.error
                        assert faulty.kinds()[-1] == "interaction_update.turn_ended"
                    if seam.kind == "tool":
                        (tool,) = [m for m in fake.requests[-1].json["messages"] if m["role"] == "tool"]
                        assert "cursord internal error" in tool["content"]
                await trio.sleep(20)
                assert watched[0].heartbeats >= beats + 3  # the heartbeat client was served all along
            after = await run_turn(editor, "after")
            assert after.error is None and after.text == "Done."
        (hb,) = heartbeat  # the nursery waited for it
        assert hb.error is None and hb.text == HEARTBEAT_TEXT
        recorder.close()


@fuzz_settings(25)
@given(name=st.sampled_from(sorted(SEAMS)), error=errors)
def test_an_exception_from_any_seam_never_stops_the_daemon(name: str, error: Exception) -> None:
    trio.run(scenario, name, error, clock=trio.testing.MockClock(autojump_threshold=0))


@pytest.mark.parametrize("name", sorted(SEAMS))
def test_each_seam_once(name: str) -> None:
    """Every seam, with the exception that killed the daemon first (so no seam depends on Hypothesis' draw)."""
    error = TypeError("url strings may not include unicode characters")
    trio.run(scenario, name, error, clock=trio.testing.MockClock(autojump_threshold=0))


async def tab_scenario(error: Exception) -> None:
    """Tab is served on its own (no agent turn): a StreamCpp whose backend raises ends `internal`, and the next
    StreamCpp on the same connection is answered."""
    answer = fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a +", " b", "\n"])
    async with open_fake_server(answer) as fake, tab_daemon(fake) as (daemon, _), daemon.editor(http2=True) as editor:
        with pytest.MonkeyPatch.context() as patch:
            fault = Fault(FimBackend.complete, error)

            async def complete(self: Any, *args: Any) -> Any:
                return await fault.coroutine(self, *args)

            patch.setattr(FimBackend, "complete", complete)
            _, failed = await read_frames(editor, cpp_request(path="src/one.py"))
            frames, ending = await read_frames(editor, cpp_request(path="src/two.py"))
    assert isinstance(failed, ConnectError) and failed.code is Code.INTERNAL
    assert ending is None and "".join(f.text for f in frames) == "    return a + b"


@fuzz_settings(10)
@given(error=errors)
def test_an_exception_from_a_tab_backend_ends_that_request_only(error: Exception) -> None:
    trio.run(tab_scenario, error, clock=trio.testing.MockClock(autojump_threshold=0))
