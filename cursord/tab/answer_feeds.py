"""Where a Tab answer's text goes: one named listener per kind of request, and the backend call they hear.

A Tab answer's whole path, each step a named object: `BackendAsk.run` posts the request
(`cursord.tab.backend.FimBackend`, over the providers' `stream_post` seam); each body chunk goes to the
backend's `FimReader`, whose format decoder yields text deltas; each delta is awaited into the request's
feed, `text`:

| request | feed | what a delta becomes |
|---|---|---|
| StreamCpp | `FrameSender` | the suggestion's frames (`cursord.tab.frames`), sent to the editor at once |
| a speculative request | `SpeculationFeed` | the suggestion's frames, kept for the completion cache |
| StreamNextCursorPrediction | `PredictionFeed` | the rewrite so far (`cursord.tab.next_edit.RewriteReader`) |

A feed cancels its `stop` scope as soon as it has all it can use (a suggestion full, a rewrite whole), and
`ask_until_enough` runs the call inside that scope: the upstream HTTP call is cut, so the FIM server stops
generating.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import attrs
import trio

from cursord.connect import ConnectError, StreamResponseEncoder, encode_message
from cursord.server import Send
from cursord.tab.backend import FimBackend, TextSink
from cursord.tab.fim_formats import FimUsage
from cursord.tab.frames import Frame, Suggestion, SuggestionFrames
from cursord.tab.next_edit import NextEditPrompt, RewriteReader
from cursord.tab.window import FimPrompt

__all__ = ["BackendAsk", "FrameSender", "PredictionFeed", "SpeculationFeed", "TextFeed", "ask_until_enough"]


@attrs.frozen
class BackendAsk:
    """One request to the backend: a FIM prompt (`complete`) or a next-edit model's bare prompt (`rewrite`)."""

    backend: FimBackend
    prompt: FimPrompt | NextEditPrompt

    async def run(self, on_text: TextSink) -> FimUsage | None:
        if isinstance(self.prompt, NextEditPrompt):
            return await self.backend.rewrite(self.prompt, on_text)
        return await self.backend.complete(self.prompt, on_text)


class TextFeed(Protocol):
    """A request's listener: each text delta, and the scope it cancels once it has enough."""

    @property
    def stop(self) -> trio.CancelScope: ...

    async def text(self, text: str) -> None: ...


async def ask_until_enough(
    ask: BackendAsk, feed: TextFeed, budget: trio.CancelScope | None = None
) -> FimUsage | None:
    """`ask` feeding `feed`, stopped (its upstream call cut) as soon as the feed has enough, or when `budget`
    (if any) runs out; the usage the server reported, None when stopped (the model's usage is not known)."""
    with budget if budget is not None else trio.CancelScope(), feed.stop:
        return await ask.run(feed.text)
    return None


@attrs.define(eq=False)
class FrameSender:
    """A StreamCpp answer on its way out: each delta becomes the suggestion's frames, sent at once (every frame
    one read yields goes out in one `send`)."""

    suggestion: Suggestion
    encoder: StreamResponseEncoder
    send: Send
    stop: trio.CancelScope = attrs.field(factory=trio.CancelScope)
    #: when the first text went out (the latency the editor sees)
    first_text: float | None = None

    async def text(self, text: str) -> None:
        frames = self.suggestion.text(text)
        if frames:
            await self.out(frames)
        if self.suggestion.full:
            self.stop.cancel()

    async def out(self, messages: list[Frame], *, end: bool = False, error: ConnectError | None = None) -> None:
        """One body write: `messages`, and the stream's end (with `error`, if any) when `end`."""
        self.saw(messages)
        encoder = self.encoder
        body = encoder.messages(encode_message(encoder.codec, m) for m in messages) if messages else b""
        if end:
            body += encoder.end(error)
        await self.send({"type": "http.response.body", "body": body, "more_body": not end})

    def saw(self, messages: Iterable[Frame]) -> None:
        """Note the first text among `messages` (sent, or about to be)."""
        if self.first_text is None and any(m.text for m in messages):
            self.first_text = trio.current_time()


@attrs.define(eq=False)
class SpeculationFeed:
    """A speculative request's answer: the suggestion's frames, kept (for the completion cache), sent nowhere."""

    frames: SuggestionFrames
    stop: trio.CancelScope = attrs.field(factory=trio.CancelScope)

    async def text(self, text: str) -> None:
        self.frames.text(text)
        if self.frames.full:
            self.stop.cancel()


@attrs.define(eq=False)
class PredictionFeed:
    """A cursor prediction's answer: the next-edit model's rewrite, read until it is whole."""

    reader: RewriteReader
    stop: trio.CancelScope = attrs.field(factory=trio.CancelScope)

    async def text(self, text: str) -> None:
        self.reader.feed(text)
        if self.reader.whole:
            self.stop.cancel()
