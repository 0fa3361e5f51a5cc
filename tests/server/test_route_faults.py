"""A part's route (Run, Tab's streams, the tap, the dashboard) that raises: our bug, logged, answered `internal`
in the caller's shape, and the connection goes on. It used to reach Hypercorn, which answered a bare 500."""

from __future__ import annotations

from typing import Any

import pytest

from cursord.connect.envelope import EnvelopeDecoder, parse_end_stream
from cursord.connect.errors import Code, error_from_json
from cursord.server import AppParts, Receive, Scope, Send
from cursord.testing.behaviours import Echo
from cursord.testing.editor import STREAM_HEADERS, UNARY_HEADERS
from cursord.testing.harness import running_daemon

HTTP = [pytest.param(True, id="http2"), pytest.param(False, id="http1")]


async def failing_route(scope: Scope, receive: Receive, send: Send) -> None:
    raise UnicodeError("a bug in a route")


@pytest.mark.parametrize("http2", HTTP)
async def test_a_route_that_raises_is_answered_internal_and_the_connection_goes_on(
    http2: bool, autojump_clock: Any
) -> None:
    said = "cursord internal error: UnicodeError: a bug in a route"
    async with (
        running_daemon(Echo, parts=(AppParts(routes={"/x.v1.Part/Fail": failing_route}),)) as daemon,
        daemon.editor(http2=http2) as editor,
    ):
        status, body = await editor.post("/x.v1.Part/Fail", b"", list(STREAM_HEADERS))
        assert status == 200
        (end,) = EnvelopeDecoder(1 << 20).feed(body)
        error, _ = parse_end_stream(end.payload)
        assert error is not None and (error.code, error.message) == (Code.INTERNAL, said)
        status, body = await editor.post("/x.v1.Part/Fail", b"", list(UNARY_HEADERS))
        assert status == 500 and error_from_json(body).message == said
        status, _ = await editor.post("/aiserver.v1.AiService/NoSuchMethod", b"")
        assert status == 501  # the same client goes on being answered
