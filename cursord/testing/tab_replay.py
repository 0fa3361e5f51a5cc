"""The Tab backend of a replay, rebuilt from the capture, as `provider_script` rebuilds the agent's provider.

A capture recorded with Tab on holds each StreamCpp request cursord answered and the frames it sent. The
frames say what the FIM model wrote: the text after the range, less the cursor line's text before the cursor
(the first text frame starts with it) and after it (the last text frame, once the edit is done). Text goes
out a whole line at a time (`cursord.tab.frames`), so each frame after the first is what one model delta
completed: `fim_deltas` cuts the model's text back into deltas that end where each frame's text did, each
followed by the line break that sent it, so the daemon answering them again sends the same frames.

`fim_script` serves those deltas from a llama.cpp-style fake (`/infill`), each request matched by its
prompt (the window the replay's daemon builds from the same request bytes), in the recorded order for equal
prompts; a request the editor left or that a newer one superseded gets its deltas, then nothing more (the
newer request or the editor's going away ends it again). Redacted captures replay too: placeholders keep
each string's length and its line breaks, so the cursor line's parts have the lengths the frames had.

Only FIM answers are rebuilt: a next-edit model's rewrite is not in the frames (only the changed lines are),
so a capture of a next-edit `[tab]` reports its StreamCpp calls as divergences.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cursord.capture import RecordedCall, decode
from cursord.config import TabSpec
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.tab import TAB_PATHS, FimFormat, FimPrompt, TabRequestError, fim_prompt
from cursord.testing.fake_fim import fim_reply
from cursord.testing.fake_providers import RecordedRequest, Reply

__all__ = ["fim_deltas", "fim_script", "uses_tab"]

STREAM_CPP = "/aiserver.v1.AiService/StreamCpp"


def uses_tab(calls: Sequence[RecordedCall]) -> bool:
    """Whether cursord answered any of Tab's RPCs in the capture (it had a Tab backend then)."""
    return any(call.path in TAB_PATHS for call in calls)


def fim_deltas(prompt: FimPrompt, frames: Sequence[aiserver.StreamCppResponse]) -> list[str]:
    """The model's text deltas behind a StreamCpp answer's `frames` (see the module docstring)."""
    texts = [f.text.replace("\r\n", "\n") for f in frames if f.text]
    if not texts or not any(f.HasField("range_to_replace") for f in frames):
        return []
    if prompt.line_after and any(f.HasField("done_edit") for f in frames):
        texts.pop()  # the rest of the cursor's line, sent after the completion
    pieces = [texts[0][len(prompt.line_before) :], *texts[1:]]
    starts, offset = [0], len(pieces[0])
    for piece in pieces[1:]:
        starts.append(offset + len(piece) - len(piece.lstrip("\n")))  # its line breaks end the delta before
        offset += len(piece)
    text = "".join(pieces)
    return [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]


def fim_script(calls: Sequence[RecordedCall], spec: TabSpec) -> Callable[[RecordedRequest], Reply]:
    """A llama.cpp `/infill` fake answering each recorded StreamCpp as the model did then (`fim_deltas`)."""
    answers: dict[tuple[str, str], list[tuple[list[str], bool]]] = {}
    for call in calls:
        request = decode(call.ups[0]) if call.path == STREAM_CPP and call.ups else None
        if not isinstance(request, aiserver.StreamCppRequest):
            continue
        try:
            prompt = fim_prompt(request, lines_above=spec.lines_above, lines_below=spec.lines_below)
        except TabRequestError:
            continue  # refused without asking the model
        frames = [f for e in call.downs if isinstance(f := decode(e), aiserver.StreamCppResponse)]
        ended = call.gone is None and call.error_code is None
        answers.setdefault((prompt.prefix, prompt.suffix), []).append((fim_deltas(prompt, frames), not ended))

    def answer(request: RecordedRequest) -> Reply:
        body = request.json if isinstance(request.json, dict) else {}
        recorded = answers.get((str(body.get("input_prefix")), str(body.get("input_suffix"))))
        if not recorded:
            return Reply.json(404, {"error": {"code": 404, "message": "no recorded answer for this prompt",
                                              "type": "not_found_error"}})
        deltas, stall = recorded.pop(0) if len(recorded) > 1 else recorded[0]
        return fim_reply(FimFormat.LLAMA_CPP, request, deltas, stall=stall)

    return answer
