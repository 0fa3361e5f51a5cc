"""The streaming-HTTP seam (`stream_post`) over a fake transport, on trio's mock clock.

The fake stands where httpx stands (`StreamTransport`), as httpcore's mock backend stands where its
sockets do: a scripted response whose body is a list of steps (bytes to hand over, seconds to wait on the
trio clock, an httpx error to raise).  Every deadline here costs no wall-clock time.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterable, AsyncIterator, Mapping
from typing import Any

import attrs
import httpx
import pytest
import trio

from cursord.providers import errors
from cursord.providers.http import HttpProvider, RetryPolicy
from cursord.providers.model import Delta, Message, PassEnd, PassRequest, TextDelta
from cursord.providers.streaming_http import ERROR_BODY_LIMIT, Deadlines, Post, StreamResponse, stream_post
from cursord.testing.provider_streams import chat_text

DEADLINES = Deadlines(first_byte=60.0, idle=120.0)
Step = bytes | float | httpx.HTTPError


@attrs.define
class FakeResponse:
    status_code: int = 200
    headers: Mapping[str, str] = attrs.field(factory=lambda: {"content-type": "text/event-stream"})
    body: list[Step] = attrs.field(factory=list)
    #: the chunks handed over, and whether the body was closed
    read: list[bytes] = attrs.field(factory=list)
    closed: bool = False

    @contextlib.asynccontextmanager
    async def chunks(self) -> AsyncIterator[AsyncIterator[bytes]]:
        try:
            yield self._steps()
        finally:
            self.closed = True

    async def _steps(self) -> AsyncIterator[bytes]:
        while self.body:
            step = self.body.pop(0)
            if isinstance(step, float):
                await trio.sleep(step)
            elif isinstance(step, httpx.HTTPError):
                raise step
            else:
                self.read.append(step)
                yield step


@attrs.define
class FakeTransport:
    response: FakeResponse = attrs.field(factory=FakeResponse)
    #: seconds until the response headers come (connect and headers)
    headers_after: float = 0.0
    #: raised instead of answering
    refuse: httpx.HTTPError | None = None
    requests: list[tuple[str, Mapping[str, str], Any]] = attrs.field(factory=list)

    @contextlib.asynccontextmanager
    async def post(
        self, url: str, headers: Mapping[str, str], content: bytes | AsyncIterable[bytes]
    ) -> AsyncIterator[StreamResponse]:
        self.requests.append((url, headers, content))
        await trio.sleep(self.headers_after)
        if self.refuse is not None:
            raise self.refuse
        yield self.response


@attrs.define
class Collected:
    """A `BodyListener` that keeps what it is given; `done_at` says which chunk completes the answer."""

    chunks: list[bytes] = attrs.field(factory=list)
    ended: bool = False
    done_at: bytes | None = None
    #: seconds each chunk takes to be consumed (a slow consumer)
    takes: float = 0.0

    async def chunk(self, data: bytes) -> bool:
        self.chunks.append(data)
        if self.takes:
            await trio.sleep(self.takes)
        return data == self.done_at

    async def end(self) -> None:
        self.ended = True


POST = Post("acme", "https://example.invalid/v1/chat", {"accept": "text/event-stream"}, b"{}")


async def test_the_body_goes_to_the_listener_chunk_by_chunk(autojump_clock: trio.testing.MockClock) -> None:
    transport = FakeTransport(FakeResponse(body=[b"a", 5.0, b"b", b"c"]))
    out = Collected()
    await stream_post(transport, POST, DEADLINES, out)
    assert out.chunks == [b"a", b"b", b"c"] and out.ended
    assert transport.requests == [(POST.url, POST.headers, POST.content)]
    assert transport.response.closed


async def test_a_complete_answer_stops_the_reading(autojump_clock: trio.testing.MockClock) -> None:
    transport = FakeTransport(FakeResponse(body=[b"a", b"end", b"more"]))
    out = Collected(done_at=b"end")
    await stream_post(transport, POST, DEADLINES, out)
    assert out.chunks == [b"a", b"end"] and not out.ended
    assert transport.response.read == [b"a", b"end"] and transport.response.closed


async def test_no_first_byte_in_time_is_a_timeout(autojump_clock: trio.testing.MockClock) -> None:
    out = Collected()
    started = trio.current_time()
    with pytest.raises(errors.ProviderTimeout) as caught:
        await stream_post(FakeTransport(FakeResponse(body=[61.0, b"late"])), POST, DEADLINES, out)
    assert str(caught.value) == "acme: no first byte from the provider for 60s"
    assert trio.current_time() - started == pytest.approx(60.0)
    assert out.chunks == []


async def test_connect_and_headers_count_toward_the_first_byte(autojump_clock: trio.testing.MockClock) -> None:
    transport = FakeTransport(FakeResponse(body=[31.0, b"late"]), headers_after=30.0)
    started = trio.current_time()
    with pytest.raises(errors.ProviderTimeout, match="no first byte"):
        await stream_post(transport, POST, DEADLINES, Collected())
    assert trio.current_time() - started == pytest.approx(60.0)


async def test_silence_between_chunks_is_an_idle_timeout(autojump_clock: trio.testing.MockClock) -> None:
    transport = FakeTransport(FakeResponse(body=[b"a", 119.0, b"b", 121.0, b"c"]))
    out = Collected()
    fim = attrs.evolve(POST, noun="the FIM server")
    with pytest.raises(errors.ProviderTimeout) as caught:
        await stream_post(transport, fim, DEADLINES, out)
    assert str(caught.value) == "acme: no data from the FIM server for 120s"
    assert out.chunks == [b"a", b"b"] and not out.ended


async def test_a_slow_listener_is_not_a_silent_server(autojump_clock: trio.testing.MockClock) -> None:
    out = Collected(takes=500.0)
    await stream_post(FakeTransport(FakeResponse(body=[b"a", b"b"])), POST, DEADLINES, out)
    assert out.chunks == [b"a", b"b"] and out.ended


async def test_an_error_body_is_read_up_to_its_cap(autojump_clock: trio.testing.MockClock) -> None:
    piece = b"x" * (16 * 1024)
    head = b'{"error": {"message": "'
    transport = FakeTransport(FakeResponse(503, {"content-type": "application/json"}, [head, *([piece] * 10)]))
    with pytest.raises(errors.Overloaded) as caught:
        await stream_post(transport, POST, DEADLINES, Collected())
    assert sum(map(len, transport.response.read)) == len(head) + 4 * len(piece)  # the cap, then no more
    assert sum(map(len, transport.response.read)) >= ERROR_BODY_LIMIT > sum(map(len, transport.response.read[:-1]))
    assert caught.value.status == 503 and transport.response.closed


async def test_a_silent_error_body_is_a_first_byte_timeout(autojump_clock: trio.testing.MockClock) -> None:
    transport = FakeTransport(FakeResponse(500, {}, [100.0, b"oops"]))
    with pytest.raises(errors.ProviderTimeout, match="no first byte"):
        await stream_post(transport, POST, DEADLINES, Collected())


@pytest.mark.parametrize(
    ("status", "headers", "body", "expected"),
    [
        (401, {}, b'{"error": {"message": "bad key"}}', errors.AuthError),
        (402, {}, b"pay up", errors.SpendLimitReached),
        (429, {"retry-after": "7"}, b'{"error": {"message": "slow down"}}', errors.RateLimited),
        (413, {}, b"too big", errors.ContextTooLong),
        (400, {}, b'{"error": {"message": "no such field"}}', errors.BadRequest),
        (529, {}, b'{"error": {"type": "overloaded_error"}}', errors.Overloaded),
        (302, {}, b"", errors.ProviderError),
    ],
)
async def test_each_status_maps_through_the_one_table(
    autojump_clock: trio.testing.MockClock,
    status: int,
    headers: dict[str, str],
    body: bytes,
    expected: type[errors.ProviderError],
) -> None:
    transport = FakeTransport(FakeResponse(status, headers, [body]))
    with pytest.raises(expected) as caught:
        await stream_post(transport, POST, DEADLINES, Collected())
    assert type(caught.value) is expected and caught.value.status == status
    assert caught.value.provider == "acme"
    if isinstance(caught.value, errors.RateLimited):
        assert caught.value.retry_after == 7.0


async def test_a_json_answer_where_a_stream_was_expected(autojump_clock: trio.testing.MockClock) -> None:
    json_headers = {"content-type": "application/json"}
    with pytest.raises(errors.RateLimited):
        answer = FakeResponse(200, json_headers, [b'{"error": {"type": "rate_limit_error", "message": "later"}}'])
        await stream_post(FakeTransport(answer), POST, DEADLINES, Collected())
    with pytest.raises(errors.MalformedResponse, match="expected an event stream, got application/json"):
        await stream_post(FakeTransport(FakeResponse(200, json_headers, [b"{}"])), POST, DEADLINES, Collected())
    out = Collected()  # a server whose stream is JSON lines says so
    await stream_post(
        FakeTransport(FakeResponse(200, json_headers, [b"{}"])), attrs.evolve(POST, expect_stream=False), DEADLINES, out
    )
    assert out.chunks == [b"{}"]


@pytest.mark.parametrize(
    ("refuse", "body", "expected", "message"),
    [
        (
            httpx.ConnectError("refused"),
            [],
            errors.ProviderUnavailable,
            "acme: cannot reach the provider (ConnectError: refused)",
        ),
        (httpx.ConnectTimeout("slow"), [], errors.ProviderTimeout, "acme: ConnectTimeout: slow"),
        (
            None,
            [b"a", httpx.ReadError("reset")],
            errors.StreamTruncated,
            "acme: connection broke mid-stream (ReadError: reset)",
        ),
        (None, [httpx.ReadTimeout("stuck")], errors.ProviderTimeout, "acme: ReadTimeout: stuck"),
        (None, [httpx.DecodingError("bad gzip")], errors.MalformedResponse, "acme: DecodingError: bad gzip"),
    ],
)
async def test_each_transport_error_maps_through_the_one_table(
    autojump_clock: trio.testing.MockClock,
    refuse: httpx.HTTPError | None,
    body: list[Step],
    expected: type[errors.ProviderError],
    message: str,
) -> None:
    with pytest.raises(expected) as caught:
        await stream_post(FakeTransport(FakeResponse(body=body), refuse=refuse), POST, DEADLINES, Collected())
    assert type(caught.value) is expected and str(caught.value) == message
    assert isinstance(caught.value.__cause__, httpx.HTTPError)


async def test_the_listeners_own_errors_pass_as_they_are(autojump_clock: trio.testing.MockClock) -> None:
    class Refusing(Collected):
        async def chunk(self, data: bytes) -> bool:
            raise errors.MalformedResponse("acme", "not JSON")

    with pytest.raises(errors.MalformedResponse, match="not JSON"):
        await stream_post(FakeTransport(FakeResponse(body=[b"a"])), POST, DEADLINES, Refusing())


@attrs.define
class Answers:
    """A transport that answers each POST with the next of `responses`."""

    responses: list[FakeResponse]
    posts: int = 0

    @contextlib.asynccontextmanager
    async def post(
        self, url: str, headers: Mapping[str, str], content: bytes | AsyncIterable[bytes]
    ) -> AsyncIterator[StreamResponse]:
        self.posts += 1
        yield self.responses.pop(0)


def _provider(transport: Answers) -> HttpProvider:
    retry = RetryPolicy(max_attempts=3, base_delay=1.0)
    return HttpProvider(
        kind="openai-chat", name="acme", base_url="https://x.invalid", api_key="k", retry=retry, transport=transport
    )


async def test_a_provider_streams_through_the_seam_and_retries_before_any_delta(
    autojump_clock: trio.testing.MockClock,
) -> None:
    overloaded = FakeResponse(503, {}, [b'{"error": {"type": "overloaded_error"}}'])
    transport = Answers([overloaded, FakeResponse(body=list(chat_text("hi there")))])
    deltas: list[Delta] = []

    async def keep(delta: Delta) -> None:
        deltas.append(delta)

    await _provider(transport).stream(PassRequest("m", messages=(Message.user("x"),)), keep)
    assert transport.posts == 2
    assert "".join(d.text for d in deltas if isinstance(d, TextDelta)) == "hi there"
    assert isinstance(deltas[-1], PassEnd)


async def test_a_provider_never_retries_once_a_delta_went_out(autojump_clock: trio.testing.MockClock) -> None:
    cut = FakeResponse(body=[*chat_text("hi")[:2], httpx.ReadError("reset")])
    transport = Answers([cut, FakeResponse(body=list(chat_text("again")))])
    deltas: list[Delta] = []

    async def keep(delta: Delta) -> None:
        deltas.append(delta)

    with pytest.raises(errors.StreamTruncated):
        await _provider(transport).stream(PassRequest("m", messages=(Message.user("x"),)), keep)
    assert transport.posts == 1 and deltas


# --- a body whose reads a cancel leaves as they were: the deadline is not moved per chunk -------------------


@attrs.define
class Resuming(FakeResponse):
    """A `FakeResponse` whose reads a cancel leaves as they were, as the lean transport's on a plain socket:
    a wait is kept as the time it ends, so a read resumed after a cancel still gets its data then. `shielded`:
    the waits are not cut by a deadline (the data comes in the same turn of trio's loop as the deadline)."""

    resumable: bool = True
    shielded: bool = False
    until: float | None = None

    @contextlib.asynccontextmanager
    async def chunks(self) -> AsyncIterator[AsyncIterator[bytes]]:
        try:
            yield self
        finally:
            self.closed = True

    def __aiter__(self) -> Resuming:
        return self

    async def __anext__(self) -> bytes:
        while self.body:
            step = self.body[0]
            if isinstance(step, float):
                if self.until is None:
                    self.until = trio.current_time() + step
                with trio.CancelScope(shield=self.shielded):
                    await trio.sleep_until(self.until)
                self.until = None
                self.body.pop(0)
            elif isinstance(step, httpx.HTTPError):
                self.body.pop(0)
                raise step
            else:
                self.body.pop(0)
                self.read.append(step)
                return step
        raise StopAsyncIteration


@attrs.define
class Finished(Collected):
    """A `Collected` that also notes each chunk it finished taking, and when."""

    finished: list[tuple[bytes, float]] = attrs.field(factory=list)

    async def chunk(self, data: bytes) -> bool:
        answer = await super().chunk(data)
        self.finished.append((data, trio.current_time()))
        return answer


@pytest.mark.parametrize("response", [FakeResponse, Resuming])
async def test_the_idle_deadline_counts_from_the_last_data_however_the_body_is_read(
    autojump_clock: trio.testing.MockClock, response: type[FakeResponse]
) -> None:
    """The deadline set before the data came (the first byte's, 60 s) fires early on a resumable body and is
    set again from the last data: the timeout is 120 s after it, with the same message."""
    out = Collected()
    started = trio.current_time()
    with pytest.raises(errors.ProviderTimeout) as caught:
        body = [b"a", 50.0, b"b", 119.0, b"c", 121.0, b"d"]
        await stream_post(FakeTransport(response(body=body)), POST, DEADLINES, out)
    assert str(caught.value) == "acme: no data from the provider for 120s"
    assert trio.current_time() - started == pytest.approx(50.0 + 119.0 + 120.0)
    assert out.chunks == [b"a", b"b", b"c"] and not out.ended


@pytest.mark.parametrize("response", [FakeResponse, Resuming])
async def test_a_first_byte_deadline_longer_than_the_idle_one_is_not_kept_after_data(
    autojump_clock: trio.testing.MockClock, response: type[FakeResponse]
) -> None:
    out = Collected()
    started = trio.current_time()
    with pytest.raises(errors.ProviderTimeout) as caught:
        await stream_post(FakeTransport(response(body=[10.0, b"a", 200.0, b"b"])), POST, Deadlines(300.0, 120.0), out)
    assert str(caught.value) == "acme: no data from the provider for 120s"
    assert trio.current_time() - started == pytest.approx(130.0)
    assert out.chunks == [b"a"]
    with pytest.raises(errors.ProviderTimeout, match="no first byte from the provider for 300s"):
        await stream_post(FakeTransport(response(body=[301.0, b"late"])), POST, Deadlines(300.0, 120.0), Collected())


@pytest.mark.parametrize("response", [FakeResponse, Resuming])
async def test_a_waiting_listener_is_never_timed_out_and_the_silence_counts_from_its_end(
    autojump_clock: trio.testing.MockClock, response: type[FakeResponse]
) -> None:
    """A listener that waits 500 s per chunk (past every deadline set before it) finishes each chunk; the
    silence after it is counted from when it was done."""
    out = Finished(takes=500.0)
    started = trio.current_time()
    await stream_post(FakeTransport(response(body=[b"a", 100.0, b"b", b"c"])), POST, DEADLINES, out)
    assert [(data, at - started) for data, at in out.finished] == [(b"a", 500.0), (b"b", 1100.0), (b"c", 1600.0)]
    assert out.ended
    out = Finished(takes=500.0)
    started = trio.current_time()
    with pytest.raises(errors.ProviderTimeout, match="no data from the provider for 120s"):
        await stream_post(FakeTransport(response(body=[b"a", 121.0, b"b"])), POST, DEADLINES, out)
    assert trio.current_time() - started == pytest.approx(620.0)
    assert out.finished == [(b"a", started + 500.0)]


async def test_a_chunk_that_comes_as_the_deadline_passes_is_handed_on_whole_then_time_is_up(
    autojump_clock: trio.testing.MockClock,
) -> None:
    """Data read in the turn the deadline passed (the scope cancelled, its cancel not yet delivered) goes to
    the listener outside that scope, so a listener that waits finishes it; the silence was too long, so the
    timeout follows. Data that comes as an early deadline passes (set before the last data) goes on."""
    out = Finished(takes=10.0)
    with pytest.raises(errors.ProviderTimeout, match="no data from the provider for 120s"):
        await stream_post(FakeTransport(Resuming(body=[b"a", 150.0, b"b"], shielded=True)), POST, DEADLINES, out)
    assert [data for data, _ in out.finished] == [b"a", b"b"]
    out = Finished()
    started = trio.current_time()
    await stream_post(FakeTransport(Resuming(body=[b"a", 50.0, b"b", 20.0, b"c"], shielded=True)), POST, DEADLINES, out)
    assert [(data, at - started) for data, at in out.finished] == [(b"a", 0.0), (b"b", 50.0), (b"c", 70.0)]
    assert out.ended
