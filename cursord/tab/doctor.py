"""Does Tab work? (`cursord doctor`, when `[tab]` / `--tab` is configured.)

1. **key**: the variable named by the backend's `api_key_env` is set (Ollama and llama.cpp need none);
2. **completion**: one request as a StreamCpp sends it, for a two-line snippet (a fill-in-the-middle request
   through `FimBackend.complete`, or in next-edit mode the model's bare prompt through `FimBackend.rewrite`):
   the server answers, accepts the key and the model, and streams in its format. Its time to the first
   text is shown: Tab is only useful when that is short.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import trio

from cursord.config import TabSpec
from cursord.diagnose import Check, Report, Status, key_status, problem_lines
from cursord.providers.errors import ProviderError
from cursord.tab.backend import FimBackend, TabTimeouts
from cursord.tab.next_edit import EditWindow, next_edit_prompt
from cursord.tab.window import FimPrompt

__all__ = ["TabReport", "check_tab", "format_tab"]

PROBE = FimPrompt("probe.py", "python", "def add(a, b):\n    return ", "\n", 2, "    return ", "")
PROBE_WINDOW = EditWindow("probe.py", ("def add(a, b):", "    return "), 0, 1, 11, starts_file=True)
#: first text slower than this still works, but every suggestion comes late
SLOW_FIRST_TEXT = 1.0


@attrs.frozen
class TabReport(Report):
    spec: TabSpec
    key: Check
    completion: Check

    @property
    def checks(self) -> tuple[tuple[str, Check], ...]:
        return (("key", self.key), ("completion", self.completion))


@attrs.define
class _ProbeText:
    """The probe's answer: how much text came, and how long after `began` the first of it."""

    began: float
    chars: int = 0
    took: float | None = None

    async def text(self, text: str) -> None:
        if self.took is None:
            self.took = trio.current_time() - self.began
        self.chars += len(text)


async def check_tab(spec: TabSpec, environ: Mapping[str, str], *, request_timeout: float) -> TabReport:
    key = key_status(spec.api_key_env, environ)
    if key.status is Status.FAIL:
        return TabReport(spec, key, Check(Status.SKIP, "no key"))
    timeouts = TabTimeouts(connect=request_timeout, first_byte=request_timeout, idle=request_timeout)
    backend = attrs.evolve(FimBackend.from_spec(spec, environ), timeouts=timeouts)
    probe = _ProbeText(trio.current_time())
    try:
        if spec.mode.next_edit:
            await backend.rewrite(next_edit_prompt(spec.mode, PROBE_WINDOW), probe.text)
        else:
            await backend.complete(PROBE, probe.text)
    except ProviderError as exc:
        return TabReport(spec, key, Check(Status.FAIL, type(exc).__name__, str(exc)))
    if probe.took is None:
        return TabReport(spec, key, Check(Status.WARN, "answered, but with no text", f"model {spec.model!r}"))
    took = probe.took
    summary = f"{probe.chars} chars, first after {took * 1000:.0f} ms"
    if took > SLOW_FIRST_TEXT:
        late = "a Tab suggestion this slow arrives after the next keystroke"
        return TabReport(spec, key, Check(Status.WARN, summary, late))
    return TabReport(spec, key, Check(Status.OK, summary))


def format_tab(report: TabReport) -> str:
    spec = report.spec
    model = spec.model or "the server's model"
    lines = [f"tab: {spec.backend.value} at {spec.base_url} ({model}, mode {spec.mode.value}): "
             f"key {report.key.cell()}, "
             f"completion {report.completion.cell()}"]
    return "\n".join(lines + problem_lines("tab", report.checks))
