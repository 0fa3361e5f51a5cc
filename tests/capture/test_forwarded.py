"""Calls the proxy forwards to Cursor untouched are recorded: a relayed run and Cursor-bound unary RPCs, over
HTTP/1.1 and HTTP/2, through the real proxy on loopback to fake Cursor origins, with the recorder observing
the forwarding as `cursord record serve` threads it. The default capture holds none of the session's secrets.

Real sockets, so the real clock; every wait is for an event, under fail_after.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import attrs
import trio

from cursord.capture import Recorder, calls_of, read_capture, show_lines
from cursord.capture.format import CaptureEvent
from cursord.config import Limits
from cursord.connect.envelope import encode_envelope, end_stream_payload
from cursord.proto import agent_v1_pb2 as agent
from cursord.proxy import H2Exchange, ProxyConfig, build_proxy
from cursord.proxy.wire import LiveBody
from cursord.server.assembly import build_core
from cursord.server.models_rpc import model_rpc_parts
from cursord.testing.editor import (
    BIDI_APPEND,
    RUN_SSE,
    STREAM_HEADERS,
    UNARY_HEADERS,
    EditorClient,
    bidi_request,
    run_request,
)
from cursord.testing.h2_origin import H2OriginRequest, open_fake_h2_origin, open_h2_client, read_request
from cursord.testing.proxy import FakeOrigin, OriginRequest, Responder, connect_via_proxy, open_fake_origin
from cursord.testing.replay import replay_fresh
from cursord.tls import CaPaths, client_context
from tests.proxy.test_proxy import ANY_PORT, CATALOG, Echo, _text

H1_HOST = "api2.cursor.sh"
H2_HOST = "api3.cursor.sh"
#: reached by an HTTP/2 client, but speaking only HTTP/1.1 itself
H2_TO_H1_HOST = "api4.cursor.sh"
#: a Cursor RPC whose schema cursord does not have: its messages keep only their shape
UNKNOWN = "/aiserver.v1.NoSuchService/Whisper"
RELAYED_MODEL = "claude-4.5-sonnet-thinking"
PROMPT = "SECRET-PROMPT-7f3a"
TOKEN = "Bearer SECRET-TOKEN-91c2"
WHISPER = b"SECRET-WHISPER-55e0"
ANSWER = "SECRET-ANSWER-d41d"
SECRETS = (PROMPT, TOKEN, "SECRET-TOKEN-91c2", WHISPER.decode(), ANSWER)


@attrs.define
class Recorded:
    recorder: Recorder
    address: tuple[str, int]
    trust_h1: object
    trust_h2: object

    async def tunnel(self, host: str, *, h2: bool) -> trio.abc.Stream:
        context = self.trust_h2 if h2 else self.trust_h1
        return await connect_via_proxy(self.address, host, 443, ssl_context=context)  # type: ignore[arg-type]

    def capture(self) -> list[CaptureEvent]:
        self.recorder.close()
        _, events = read_capture(self.recorder.path)
        return events


def _h1_routes(origin: FakeOrigin) -> None:
    async def append(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
        while await body.next_chunk() is not None:
            pass
        await responder.whole(200, [(b"content-type", b"application/proto")], b"")

    async def run_sse(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
        while await body.next_chunk() is not None:
            pass
        await responder.start(200, [(b"content-type", b"application/connect+proto"),
                                    (b"transfer-encoding", b"chunked")])
        await responder.data(encode_envelope(_text(ANSWER).SerializeToString()))
        await responder.data(encode_envelope(end_stream_payload(None), end_stream=True))
        await responder.end()

    origin.routes[BIDI_APPEND] = append
    origin.routes[RUN_SSE] = run_sse


async def _h2_run_sse(request: H2OriginRequest, exchange: H2Exchange) -> None:
    await read_request(request, exchange)
    peer, sid = exchange.peer, exchange.stream_id
    await peer.send_headers(sid, [(b":status", b"200"), (b"content-type", b"application/connect+proto")])
    await peer.send_data(sid, encode_envelope(_text(ANSWER).SerializeToString()))
    await peer.send_data(sid, encode_envelope(end_stream_payload(None), end_stream=True))
    await peer.end_stream(sid)


@contextlib.asynccontextmanager
async def recorded_proxy(tmp_path: Path, *, record: bool = True) -> AsyncIterator[Recorded]:
    recorder = Recorder(tmp_path / "capture.jsonl")
    async with (
        open_fake_origin(tmp_path / "origin") as h1_origin,
        open_fake_h2_origin(tmp_path / "h2", {RUN_SSE: _h2_run_sse}, ca=h1_origin.ca) as h2_origin,
        build_core(Limits(), Echo, (model_rpc_parts(CATALOG),)) as core,
    ):
        _h1_routes(h1_origin)
        overrides = {H1_HOST: h1_origin.address, H2_HOST: h2_origin.address, H2_TO_H1_HOST: h1_origin.address}
        config = ProxyConfig(port=0, upstream_overrides=overrides, allowed_ports=ANY_PORT)
        data_dir = tmp_path / "data"
        # threaded as `cursord record serve` threads it: the app wrapped, the forwarding observed
        proxy = build_proxy(
            recorder.wrap(core.app, "proxy"), data_dir=data_dir, owns_model=CATALOG, config=config,
            upstream_ssl=h1_origin.client_context(), upstream_h2_ssl=h2_origin.client_context(),
            observe=recorder.observe_forwarded if record else None,
        )
        async with trio.open_nursery() as nursery:
            addresses = await nursery.start(proxy.serve)
            cert = CaPaths.in_data_dir(data_dir).cert
            yield Recorded(recorder, addresses[0], client_context(cert), client_context(cert, alpn=("h2",)))
            nursery.cancel_scope.cancel()


def _forwarded_calls(events: list[CaptureEvent]) -> list[tuple[str, list[str]]]:
    return [(call.path, [e.ev for e in events if e.call == call.number])
            for call in calls_of(events) if call.forwarded]


UNARY = ["request", "up", "response", "down", "end"]


def _assert_secrets_absent(path: Path) -> None:
    """Neither as text nor inside a message (hex in the capture; an append's inner message is hex again)."""
    text = path.read_text()
    for secret in SECRETS:
        for form in (secret, secret.encode().hex(), secret.encode().hex().encode().hex()):
            assert form not in text, secret


async def test_a_relayed_run_and_a_cursor_rpc_over_http11_are_recorded_in_order(tmp_path: Path) -> None:
    async with recorded_proxy(tmp_path) as stack:

        async def tunnel() -> trio.abc.Stream:
            return await stack.tunnel(H1_HOST, h2=False)

        with trio.fail_after(10):
            async with EditorClient.open(tunnel, False, headers=((b"authorization", TOKEN.encode()),)) as editor:
                await editor.append("r-relay", run_request(PROMPT, model=RELAYED_MODEL), wait=True)
                async with editor.run_sse("r-relay") as reader:
                    messages = await reader.read_to_end()
                status, _ = await editor.post(UNKNOWN, WHISPER)
        events = stack.capture()
    assert [m.interaction_update.text_delta.text for m in messages] == [ANSWER]
    assert status == 200
    assert _forwarded_calls(events) == [(BIDI_APPEND, UNARY), (RUN_SSE, UNARY), (UNKNOWN, UNARY)]
    calls = [call for call in calls_of(events) if call.forwarded]
    assert [call.http for call in calls] == ["1.1"] * 3 and all(call.listener == "proxy" for call in calls)
    assert calls[2].ups[0].get("type") is None  # no schema: only its shape
    assert len(calls[2].ups[0].data) == len(WHISPER)
    listing = "\n".join(show_lines(*read_capture(stack.recorder.path)))
    assert listing.count("(forwarded to Cursor)") == 3
    assert "run_request" in listing and "interaction_update.text_delta" in listing
    _assert_secrets_absent(stack.recorder.path)


async def test_a_relayed_run_and_a_cursor_rpc_over_http2_are_recorded_in_order(tmp_path: Path) -> None:
    append = bidi_request("r-relay2", 0, run_request(PROMPT, model=RELAYED_MODEL))
    sse = encode_envelope(agent.BidiRequestId(request_id="r-relay2").SerializeToString())
    auth = [(b"authorization", TOKEN.encode())]
    async with recorded_proxy(tmp_path) as stack:
        with trio.fail_after(10):
            async with open_h2_client(await stack.tunnel(H2_HOST, h2=True), H2_HOST) as client:
                acked = await client.collect(await client.request("POST", BIDI_APPEND, UNARY_HEADERS + auth, append))
                stream = await client.collect(await client.request("POST", RUN_SSE, STREAM_HEADERS + auth, sse))
                whisper = await client.collect(await client.request("POST", UNKNOWN, UNARY_HEADERS + auth, WHISPER))
        events = stack.capture()
    assert (acked.status, stream.status, whisper.status) == (200, 200, 200)
    # the origin's echo of the append is JSON, not an ACK: recorded as the down message it is, redacted
    assert _forwarded_calls(events) == [(BIDI_APPEND, UNARY), (RUN_SSE, UNARY), (UNKNOWN, UNARY)]
    assert {call.http for call in calls_of(events)} == {"2"}
    assert all(not name.startswith(":") for call in calls_of(events) for name, _ in call.headers)
    _assert_secrets_absent(stack.recorder.path)


async def test_an_http2_client_forwarded_over_http11_is_recorded(tmp_path: Path) -> None:
    append = bidi_request("r-relay3", 0, run_request(PROMPT, model=RELAYED_MODEL))
    auth = [(b"authorization", TOKEN.encode())]
    async with recorded_proxy(tmp_path) as stack:
        with trio.fail_after(10):
            async with open_h2_client(await stack.tunnel(H2_TO_H1_HOST, h2=True), H2_TO_H1_HOST) as client:
                acked = await client.collect(await client.request("POST", BIDI_APPEND, UNARY_HEADERS + auth, append))
                whisper = await client.collect(await client.request("POST", UNKNOWN, UNARY_HEADERS + auth, WHISPER))
        events = stack.capture()
    assert (acked.status, whisper.status) == (200, 200)
    assert _forwarded_calls(events) == [(BIDI_APPEND, UNARY), (UNKNOWN, UNARY)]
    assert calls_of(events)[0].ups[0].get("type") == "aiserver.v1.BidiAppendRequest"
    _assert_secrets_absent(stack.recorder.path)


async def test_without_an_observer_nothing_forwarded_is_recorded(tmp_path: Path) -> None:
    async with recorded_proxy(tmp_path, record=False) as stack:
        with trio.fail_after(10):
            async with open_h2_client(await stack.tunnel(H2_HOST, h2=True), H2_HOST) as client:
                whisper = await client.collect(await client.request("POST", UNKNOWN, UNARY_HEADERS, WHISPER))
    assert whisper.status == 200
    assert not stack.recorder.path.exists()


async def test_a_replay_leaves_the_forwarded_calls_out(autojump_clock: object) -> None:
    """cursord did not answer them: replaying one against the daemon would be a divergence of Cursor's."""
    fixture = Path(__file__).parent.parent / "fixtures" / "captures" / "cursor-tap-first-message.jsonl"
    _, events = read_capture(fixture)
    number, t = max(e.call for e in events) + 1, events[0].t
    headers = [["content-type", "application/proto"]]
    events[:0] = [
        CaptureEvent(t, number, "request", {"listener": "proxy", "path": UNKNOWN, "http": "2", "method": "POST",
                                            "headers": headers, "forwarded": True}),
        CaptureEvent(t, number, "up", {"type": None, "data": "00" * 4}),
        CaptureEvent(t, number, "response", {"status": 403, "headers": headers}),
        CaptureEvent(t, number, "end", {"error": {"code": "permission_denied", "message": "Cursor's own refusal"}}),
    ]
    with trio.fail_after(600):
        assert [str(d) for d in await replay_fresh(events)] == []
