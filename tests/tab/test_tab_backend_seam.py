"""FimBackend over the providers' streaming-HTTP seam, against fake FIM servers on loopback (mock clock):
Tab's deadlines and errors are the seam's, named for the FIM server."""

from __future__ import annotations

import attrs
import pytest
import trio

from cursord.config._tab import build_tab
from cursord.providers.errors import ProviderTimeout, StreamTruncated
from cursord.tab.backend import FimBackend, FimReader
from cursord.tab.doctor import PROBE
from cursord.tab.fim_formats import FimFormat, make_fim_decoder
from cursord.testing.fake_fim import _events, fim_server
from cursord.testing.fake_providers import RecordedRequest, Reply, open_fake_server


def _llama(base_url: str) -> FimBackend:
    return FimBackend.from_spec(build_tab({"backend": "llama.cpp", "base_url": base_url}), {})


@attrs.define
class Texts:
    """A Tab request's text, each delta taking `takes` seconds to be used."""

    got: list[str] = attrs.field(factory=list)
    takes: float = 0.0

    async def text(self, text: str) -> None:
        self.got.append(text)
        if self.takes:
            await trio.sleep(self.takes)


async def test_a_server_silent_mid_answer_is_an_idle_timeout(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_server(fim_server(FimFormat.LLAMA_CPP, ["a", " + b"], stall=True)) as fake:
        backend, texts = _llama(fake.url()), Texts()
        started = trio.current_time()
        with pytest.raises(ProviderTimeout) as caught:
            await backend.complete(PROBE, texts.text)
    assert str(caught.value) == f"tab:llama.cpp: no data from the FIM server for {backend.timeouts.idle:g}s"
    assert texts.got == ["a", " + b"]
    assert trio.current_time() - started == pytest.approx(backend.timeouts.idle)


async def test_a_server_that_never_answers_is_a_first_byte_timeout(autojump_clock: trio.testing.MockClock) -> None:
    def hang(request: RecordedRequest) -> Reply:
        return Reply.hang()

    async with open_fake_server(hang) as fake:
        backend = _llama(fake.url())
        with pytest.raises(ProviderTimeout) as caught:
            await backend.complete(PROBE, Texts().text)
    assert str(caught.value) == f"tab:llama.cpp: no first byte from the FIM server for {backend.timeouts.first_byte:g}s"


async def test_a_slow_consumer_is_not_a_silent_server(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_server(fim_server(FimFormat.LLAMA_CPP, ["a", " + b"])) as fake:
        backend = _llama(fake.url())
        texts = Texts(takes=backend.timeouts.idle * 3)
        usage = await backend.complete(PROBE, texts.text)
    assert texts.got == ["a", " + b"] and usage is not None


async def test_the_reader_feeds_the_decoder_and_ends_it(autojump_clock: trio.testing.MockClock) -> None:
    events = _events(FimFormat.OPENAI, ["x", "y"], (3, 2), include_usage=True)
    texts = Texts()
    reader = FimReader(make_fim_decoder(FimFormat.OPENAI, "p"), texts.text)
    assert [await reader.chunk(event) for event in events] == [False] * len(events)
    await reader.end()
    assert texts.got == ["x", "y"] and reader.decoder.usage is not None
    cut = FimReader(make_fim_decoder(FimFormat.OPENAI, "p"), texts.text)
    await cut.chunk(events[0])
    with pytest.raises(StreamTruncated):
        await cut.end()
