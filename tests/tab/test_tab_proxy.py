"""Tab through the intercepting proxy: with a Tab backend the Tab paths are cursord's and never reach Cursor;
a request the editor drops in the tunnel still cuts the FIM server's call. Without one, StreamCpp goes to
Cursor byte for byte.

Real sockets (proxy, fake Cursor, fake FIM server), so the real clock; every wait is bounded by fail_after.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import trio
from google.protobuf.message import Message

from cursord.config import Limits, TabBackend
from cursord.config._tab import build_tab
from cursord.connect.envelope import EnvelopeDecoder, encode_envelope, end_stream_payload, parse_end_stream
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.proxy import DEFAULT_OWNED_PATHS
from cursord.proxy.runner import build_proxy
from cursord.proxy.server import ProxyConfig
from cursord.proxy.wire import LiveBody
from cursord.server.assembly import build_core
from cursord.tab import FIM_FORMATS, FimBackend, TabOwnedPaths, TabService, tab_parts
from cursord.testing.editor import STREAM_HEADERS, UNARY_HEADERS
from cursord.testing.fake_fim import FIM_KEY, fim_server
from cursord.testing.fake_providers import FakeProvider, open_fake_server
from cursord.testing.http_client import open_http
from cursord.testing.proxy import FakeOrigin, OriginRequest, Responder, connect_via_proxy, open_fake_origin
from cursord.tls.ca import CaPaths, client_context
from tests.proxy.test_proxy import CATALOG, HOST, Echo
from tests.tab.test_tab_service import STREAM_CPP, cpp_request

WALL = 20


async def _cursor_cpp(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
    while await body.next_chunk() is not None:
        pass
    await responder.start(200, [(b"content-type", b"application/connect+proto"), (b"transfer-encoding", b"chunked")])
    await responder.data(encode_envelope(aiserver.StreamCppResponse(text="from Cursor").SerializeToString()))
    await responder.data(encode_envelope(end_stream_payload(None), end_stream=True))
    await responder.end()


@asynccontextmanager
async def tunnel(
    tmp_path: Path, fake: FakeProvider, *, tab: bool, offline: bool = False
) -> AsyncIterator[tuple[trio.abc.Stream, FakeOrigin, TabService, Callable[[], Awaitable[trio.abc.Stream]]]]:
    """The proxy as the daemon runs it: Tab's parts always there, its paths cursord's while `service` has a
    backend (`TabOwnedPaths`); yields a tunnel, the fake Cursor, the service and a way to open another tunnel."""
    spec = build_tab({"backend": TabBackend.OPENAI.value, "base_url": fake.url("/v1"), "model": "fim-model"})
    service = TabService(FimBackend(spec, api_key=FIM_KEY) if tab else None)
    parts = (tab_parts(service),)
    async with (
        open_fake_origin(tmp_path / "origin", {STREAM_CPP: _cursor_cpp}) as origin,
        build_core(Limits(), Echo, parts) as core,
        trio.open_nursery() as nursery,
    ):
        owned = TabOwnedPaths(DEFAULT_OWNED_PATHS, service)
        config = ProxyConfig(
            port=0, upstream_overrides={HOST: origin.address}, owned_paths=owned, offline=offline
        )
        data_dir = tmp_path / "data"
        proxy = build_proxy(
            core.app, data_dir=data_dir, owns_model=CATALOG, config=config, upstream_ssl=origin.client_context()
        )
        addresses = await nursery.start(proxy.serve)
        trust = client_context(CaPaths.in_data_dir(data_dir).cert)

        async def connect() -> trio.abc.Stream:
            return await connect_via_proxy(addresses[0], HOST, 443, ssl_context=trust)

        yield await connect(), origin, service, connect
        nursery.cancel_scope.cancel()


async def _texts(stream: trio.abc.Stream, *, stop_after: int | None = None) -> list[str]:
    texts: list[str] = []
    async with open_http(stream, False) as conn:
        body = encode_envelope(cpp_request().SerializeToString())
        response = await conn.request("POST", STREAM_CPP, STREAM_HEADERS, body)
        decoder = EnvelopeDecoder(1 << 20)
        while (chunk := await response.read_chunk()) is not None:
            for envelope in decoder.feed(chunk):
                if not envelope.end_stream:
                    texts.append(aiserver.StreamCppResponse.FromString(envelope.payload).text)
                if stop_after is not None and len(texts) >= stop_after:
                    await response.aclose()
                    return texts
    return texts


async def test_with_a_tab_backend_stream_cpp_is_cursords(tmp_path: Path) -> None:
    with trio.fail_after(WALL):
        async with (
            open_fake_server(fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a + b"])) as fake,
            tunnel(tmp_path, fake, tab=True) as (stream, origin, _, _),
        ):
            texts = await _texts(stream)
    assert "".join(texts) == "    return a + b"
    assert origin.requests == [] and len(fake.requests) == 1


async def test_without_one_stream_cpp_goes_to_cursor(tmp_path: Path) -> None:
    with trio.fail_after(WALL):
        async with (
            open_fake_server(fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a + b"])) as fake,
            tunnel(tmp_path, fake, tab=False) as (stream, origin, _, _),
        ):
            texts = await _texts(stream)
    assert texts == ["from Cursor"]
    assert [r.target for r in origin.requests] == [STREAM_CPP.encode()] and fake.requests == []


async def test_a_request_dropped_in_the_tunnel_cuts_the_fim_call(tmp_path: Path) -> None:
    with trio.fail_after(WALL):
        async with (
            open_fake_server(fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a\n", " +"], stall=True)) as fake,
            tunnel(tmp_path, fake, tab=True) as (stream, _, _, _),
        ):
            texts = await _texts(stream, stop_after=3)  # model info, range, text
            await stream.aclose()  # the editor's abort closes the HTTP/1.1 connection
            await fake.requests[0].disconnected.wait()
    assert texts[2] == "    return a" and fake.requests[0].client_disconnected


async def test_a_reload_moves_tab_between_cursor_and_cursord_for_the_next_request(tmp_path: Path) -> None:
    with trio.fail_after(WALL):
        async with (
            open_fake_server(fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a + b"])) as fake,
            tunnel(tmp_path, fake, tab=False) as (stream, origin, service, connect),
        ):
            assert await _texts(stream) == ["from Cursor"]
            spec = build_tab({"backend": "openai", "base_url": fake.url("/v1"), "model": "fim-model",
                              "api_key_env": "FIM_KEY"})
            service.reconfigure(spec, {"FIM_KEY": FIM_KEY})  # what a reload adding [tab] does
            assert "".join(await _texts(await connect())) == "    return a + b"
            service.reconfigure(None, {})  # and one removing it
            await service.close_retired()
            assert await _texts(await connect()) == ["from Cursor"]
    assert len(origin.requests) == 2 and len(fake.requests) == 1


#: the Tab RPCs that carry code or Tab state, each with a request as the editor fills it and its reply type
CODE_CARRYING: list[tuple[str, Message, type[Message]]] = [
    ("/aiserver.v1.CppService/MarkCppForEval",
     aiserver.MarkCppRequest(request_id="r1", response_type=aiserver.MarkCppRequest.CPP_RESPONSE_TYPES_BAD,
                             desired_completion="    return a + b"),
     aiserver.MarkCppResponse),
    ("/aiserver.v1.CppService/AddTabRequestToEval",
     aiserver.AddTabRequestToEvalRequest(request_id="r1", expected_behavior="complete the sum"),
     aiserver.AddTabRequestToEvalResponse),
    ("/aiserver.v1.CursorPredictionService/CursorPredictionConfig", aiserver.CursorPredictionConfigRequest(),
     aiserver.CursorPredictionConfigResponse),
    ("/aiserver.v1.AiService/ShouldTurnOnCppOnboarding", aiserver.ShouldTurnOnCppOnboardingRequest(),
     aiserver.ShouldTurnOnCppOnboardingResponse),
    ("/aiserver.v1.ClientLoggerService/LogWhenTabTurnsOff",
     aiserver.LogWhenTabTurnsOffRequest(stack_trace="Error\n    at turnOffCpp"), aiserver.LogWhenTabTurnsOffResponse),
]
HOLD_CPP = "/aiserver.v1.CppService/StreamHoldCpp"


async def test_offline_the_code_carrying_tab_rpcs_are_answered_by_cursord(tmp_path: Path) -> None:
    request = cpp_request()
    hold = aiserver.StreamHoldCppRequest(current_file=request.current_file)
    with trio.fail_after(WALL):
        async with (
            open_fake_server(fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a + b"])) as fake,
            tunnel(tmp_path, fake, tab=True, offline=True) as (stream, origin, service, _),
            open_http(stream, False) as conn,
        ):
            replies = []
            for path, message, reply_type in CODE_CARRYING:
                response = await conn.request("POST", path, UNARY_HEADERS, message.SerializeToString())
                body = await response.read_all()
                assert response.status == 200, (path, body)
                replies.append(reply_type.FromString(body))
            response = await conn.request("POST", HOLD_CPP, STREAM_HEADERS, encode_envelope(hold.SerializeToString()))
            envelopes = EnvelopeDecoder(1 << 20).feed(await response.read_all())
    assert response.status == 200
    assert [e.end_stream for e in envelopes] == [True] and parse_end_stream(envelopes[0].payload)[0] is None
    assert replies[2] == aiserver.CursorPredictionConfigResponse()  # FIM mode: no cursor-prediction model
    assert replies[3] == aiserver.ShouldTurnOnCppOnboardingResponse(should_turn_on_cpp_onboarding=False)
    assert service.local.counts == {"MarkCppForEval": 1, "AddTabRequestToEval": 1, "LogWhenTabTurnsOff": 1}
    assert origin.requests == [] and fake.requests == []


async def test_offline_without_tab_they_are_refused_as_cursors(tmp_path: Path) -> None:
    with trio.fail_after(WALL):
        async with (
            open_fake_server(fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a + b"])) as fake,
            tunnel(tmp_path, fake, tab=False, offline=True) as (stream, origin, _, _),
            open_http(stream, False) as conn,
        ):
            path, message, _ = CODE_CARRYING[0]
            response = await conn.request("POST", path, UNARY_HEADERS, message.SerializeToString())
            body = await response.read_all()
    assert response.status != 200 and b"not forwarded" in body
    assert origin.requests == []
