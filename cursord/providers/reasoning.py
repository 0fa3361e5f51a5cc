"""Which vendor a provider is, what its models take for reasoning, and the editor's names for the choice.

Pure functions of a provider's wire format, base URL and model name; no I/O. Three readers:

- the request builders ask `detect_vendor` which spelling of the reasoning knobs a server takes, and
  whether its thinking must go back in a tool loop (`VENDOR_ECHOES_REASONING`); the native Gemini
  builder asks `gemini_thinking` whether a model takes a thinking level or a budget;
- the model lists (`cursord.server.models_rpc`) ask `reasoning_traits` which choices to offer a model in
  the editor's picker: a thinking switch, effort levels, Max mode;
- the turn (`cursord.agent.turn`) turns the editor's `RequestedModel` back into a `ReasoningChoice` with
  `choice_from_parameters`.

Detection goes by the base URL's host first (a DeepSeek or Gemini endpoint is that vendor whatever the
model is called), then by the model's name (an OpenRouter or self-hosted server names its models after
their makers). Unknown names get no picker and no knobs: nothing is sent that a server could reject.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

import attrs

from .model import Effort, ProviderKind, ReasoningChoice, parse_effort

#: the editor's parameter ids (`RequestedModel.parameters[].id`, `ModelParameterDefinition.id`).
PARAMETER_THINKING = "thinking"
PARAMETER_EFFORT = "reasoning_effort"
#: other ids an editor or client may send for the effort (older builds, the CLI).
_EFFORT_ALIASES = frozenset({PARAMETER_EFFORT, "effort", "reasoning"})


class Vendor(enum.StrEnum):
    OPENAI = "openai"
    ANTHROPIC = "anthropic"
    DEEPSEEK = "deepseek"
    GEMINI = "gemini"
    MOONSHOT = "moonshot"
    OPENROUTER = "openrouter"
    OTHER = "other"


_HOSTS: tuple[tuple[str, Vendor], ...] = (
    ("api.openai.com", Vendor.OPENAI),
    ("openai.azure.com", Vendor.OPENAI),
    ("anthropic.com", Vendor.ANTHROPIC),
    ("deepseek.com", Vendor.DEEPSEEK),
    ("generativelanguage.googleapis.com", Vendor.GEMINI),
    ("moonshot.ai", Vendor.MOONSHOT),
    ("moonshot.cn", Vendor.MOONSHOT),
    ("openrouter.ai", Vendor.OPENROUTER),
)

_NAMES: tuple[tuple[re.Pattern[str], Vendor], ...] = (
    (re.compile(r"(^|/)deepseek"), Vendor.DEEPSEEK),
    (re.compile(r"(^|/)gemini-"), Vendor.GEMINI),
    (re.compile(r"(^|/)(kimi|moonshot)"), Vendor.MOONSHOT),
    (re.compile(r"(^|/)claude"), Vendor.ANTHROPIC),
    (re.compile(r"(^|/)(o[1-9]|gpt-5|codex)"), Vendor.OPENAI),
)

#: Vendors whose OpenAI-compatible servers want each assistant message's reasoning back in a tool loop
#: (DeepSeek's thinking mode answers 400 without it; Moonshot's Kimi thinking models document the same).
VENDOR_ECHOES_REASONING = frozenset({Vendor.DEEPSEEK, Vendor.MOONSHOT})


@functools.lru_cache(maxsize=256)
def detect_vendor(kind: ProviderKind | str, base_url: str, model: str = "") -> Vendor:
    """The vendor behind a server: its host, else (for a gateway or a local server) its model's name.
    Kept per (kind, URL, model): a request for a local server's model asks it every pass."""
    if ProviderKind(kind) is ProviderKind.ANTHROPIC:
        return Vendor.ANTHROPIC
    if ProviderKind(kind) is ProviderKind.GEMINI:
        return Vendor.GEMINI
    host = (urlsplit(base_url).hostname or "").lower()
    for suffix, vendor in _HOSTS:
        if host == suffix or host.endswith("." + suffix):
            return vendor
    name = model.lower()
    for pattern, vendor in _NAMES:
        if pattern.search(name):
            return vendor
    return Vendor.OTHER


# --- which models reason ---------------------------------------------------------------------------

_OPENAI_REASONING = re.compile(r"(^|/)(o[1-9](-|$)|gpt-5|codex)")
#: gemini-2.5-flash, gemini-3-pro-preview, google/gemini-2.0-flash ... -> (major, minor)
_GEMINI = re.compile(r"gemini-(\d+)(?:\.(\d+))?(?![\d.])")
#: claude-opus-4-7, claude-opus-4.7, claude-4.6-sonnet, claude-sonnet-5 ... -> (family, major, minor)
_CLAUDE = re.compile(r"claude-(?:(opus|sonnet|haiku)-(\d+)(?:[-.](\d))?(?!\d)|(\d+)(?:[-.](\d))?-(opus|sonnet|haiku))")


def openai_reasoning_model(model: str) -> bool:
    """An OpenAI model that reasons (o-series, gpt-5 and later, codex): it takes `reasoning` and returns
    encrypted reasoning; other models answer 400 to both."""
    return bool(_OPENAI_REASONING.search(model.lower()))


def claude_version(model: str) -> tuple[int, int] | None:
    """(major, minor) of a Claude model name, or None for a name without one."""
    match = _CLAUDE.search(model.lower())
    if match is None:
        return None
    major = match.group(2) or match.group(4)
    minor = match.group(3) or match.group(5) or "0"
    return int(major), int(minor)


def anthropic_adaptive(model: str) -> bool:
    """Claude 4.6 and later think adaptively (`thinking: {type: "adaptive"}` with `output_config.effort`);
    4.7 and later take nothing else and answer 400 to `budget_tokens`, 4.6 deprecates it. Earlier
    models (3.7 to 4.5) take only `budget_tokens`."""
    version = claude_version(model)
    return version is not None and version >= (4, 6)


def anthropic_thinks(model: str) -> bool:
    """Claude 3.7 and every Claude 4 or later take extended thinking."""
    version = claude_version(model)
    return version is not None and version >= (3, 7)


def gemini_version(model: str) -> tuple[int, int] | None:
    """(major, minor) of a Gemini model name, or None for a name without one (`gemini-flash-latest`)."""
    match = _GEMINI.search(model.lower())
    return None if match is None else (int(match.group(1)), int(match.group(2) or 0))


@attrs.frozen
class GeminiThinking:
    """How a Gemini model's thinking is set in its native API (ai.google.dev/gemini-api/docs/thinking).

    Gemini 3 takes a `thinkingLevel` (Pro: low and high; Flash also medium) and cannot stop thinking;
    Gemini 2.5 a `thinkingBudget` in tokens (Pro: up to 32,768, always thinking; Flash and Flash-Lite:
    up to 24,576, and 0 stops thinking). Gemini refuses a level and a budget together.
    """

    #: the effort levels the model takes (Gemini 3: its `thinkingLevel` values; 2.5: as budgets)
    efforts: tuple[Effort, ...]
    #: True: set by `thinkingLevel` (Gemini 3 and later); False: by `thinkingBudget` (2.5)
    by_level: bool
    #: the largest `thinkingBudget` the model takes (2.5 only)
    max_budget: int = 0
    #: thinking can be turned off (`thinkingBudget: 0`)
    can_stop: bool = False

    def level(self, effort: Effort) -> str:
        """Gemini 3's `thinkingLevel` for `effort`: the level itself, else the next one up the model takes."""
        order = list(Effort)
        taken = [e for e in order[order.index(effort) :] if e in self.efforts]
        return (taken[0] if taken else self.efforts[-1]).value

    def budget(self, choice: ReasoningChoice) -> int:
        """Gemini 2.5's `thinkingBudget` for a choice that wants thinking, within what the model takes."""
        return min(choice.budget(), self.max_budget)


def gemini_thinking(model: str) -> GeminiThinking | None:
    """How `model` thinks natively, or None for one that takes no `thinkingConfig` (before 2.5; Gemma).
    A Gemini name without a version (an alias: `gemini-flash-latest`) is taken as the newest generation."""
    name = model.lower()
    version = gemini_version(name)
    if (version is None and "gemini" not in name) or (version is not None and version < (2, 5)):
        return None
    flash = "flash" in name
    if version is not None and version < (3, 0):
        return GeminiThinking(tuple(Effort), by_level=False, max_budget=24_576 if flash else 32_768, can_stop=flash)
    levels = (Effort.LOW, Effort.MEDIUM, Effort.HIGH) if flash else (Effort.LOW, Effort.HIGH)
    return GeminiThinking(levels, by_level=True)


@attrs.frozen
class ReasoningTraits:
    """What the editor may offer for one model: a thinking switch, effort levels, Max mode."""

    switchable: bool = False  # thinking can be turned on and off
    efforts: tuple[Effort, ...] = ()
    max_mode: bool = False  # Max mode means the highest effort


_OPENAI_EFFORTS = (Effort.LOW, Effort.MEDIUM, Effort.HIGH)


def reasoning_traits(kind: ProviderKind | str, base_url: str, model: str) -> ReasoningTraits | None:
    """The reasoning choices `model` takes on this server, or None for a model not known to reason.

    The vendor's own API offers what it documents; a gateway (OpenRouter, a local proxy) offers effort
    levels for a model whose family reasons, and OpenRouter a thinking switch too (`reasoning.enabled`).
    """
    vendor = detect_vendor(kind, base_url)  # the server's own, by its host
    family = detect_vendor(kind, "", model) if vendor in (Vendor.OPENROUTER, Vendor.OTHER) else vendor
    name = model.lower()
    reasons = {
        Vendor.ANTHROPIC: anthropic_thinks(name),
        Vendor.DEEPSEEK: True,
        Vendor.GEMINI: (gemini_version(name) or (0, 0)) >= (2, 5),
        Vendor.OPENAI: openai_reasoning_model(name),
    }.get(family, False)
    if not reasons:
        return None
    if vendor is Vendor.ANTHROPIC:
        return ReasoningTraits(switchable=True, efforts=tuple(Effort), max_mode=True)
    if vendor is Vendor.DEEPSEEK:
        return ReasoningTraits(switchable=True, efforts=(Effort.LOW, Effort.HIGH, Effort.MAX), max_mode=True)
    native = gemini_thinking(name) if ProviderKind(kind) is ProviderKind.GEMINI else None
    if native is not None:  # its own levels; a budget's Max mode; off where it can stop
        return ReasoningTraits(switchable=native.can_stop, efforts=native.efforts, max_mode=not native.by_level)
    return ReasoningTraits(switchable=vendor is Vendor.OPENROUTER, efforts=_OPENAI_EFFORTS)


# --- the editor's choice ---------------------------------------------------------------------------

_TRUE = frozenset({"true", "on", "enabled", "1", "yes"})
_FALSE = frozenset({"false", "off", "disabled", "0", "no", "none"})


def choice_from_parameters(parameters: Iterable[tuple[str, str]], *, max_mode: bool = False) -> ReasoningChoice:
    """The `ReasoningChoice` an editor's `RequestedModel` (its parameter `(id, value)`s and Max mode) asks
    for. Unknown ids and values are ignored (the model's default); Max mode without an effort means
    the highest."""
    thinking: bool | None = None
    effort: Effort | None = None
    for parameter_id, value in parameters:
        key, text = parameter_id.strip().lower(), value.strip().lower()
        if key == PARAMETER_THINKING:
            if text in _TRUE:
                thinking = True
            elif text in _FALSE:
                thinking = False
            elif parse_effort(text) is not None:  # "thinking: high" from clients that fold both into one
                thinking, effort = True, parse_effort(text)
        elif key in _EFFORT_ALIASES:
            if text in _FALSE:
                thinking = False
            else:
                effort = parse_effort(text) or effort
    if max_mode and effort is None and thinking is not False:
        effort = Effort.MAX
    return ReasoningChoice(thinking, effort)


# --- the editor's picker -----------------------------------------------------------------------------

#: how a variant's parameters follow its model id in a variant string: `gpt-5?reasoning_effort=high`. A
#: configured model id never holds "=" (`cursord.config` refuses it), so the split is unambiguous.
_VARIANT_MARK = "?"


@attrs.frozen
class Variant:
    """One entry of the picker for a model: its parameter values, and whether it is Max mode."""

    parameters: tuple[tuple[str, str], ...]
    label: str
    max_mode: bool = False

    def string(self, model_id: str) -> str:
        """The variant's string form, which `split_variant` takes apart again."""
        if not self.parameters:
            return model_id
        return model_id + _VARIANT_MARK + "&".join(f"{key}={value}" for key, value in self.parameters)


def picker_variants(traits: ReasoningTraits) -> tuple[Variant, ...]:
    """The picker's entries for a reasoning model: the model's default first, then thinking off (where it
    can be switched), then each effort level, then Max mode (the highest effort) where it has one."""
    variants = [Variant((), "default")]
    if traits.switchable:
        variants.append(Variant(((PARAMETER_THINKING, "false"),), "thinking off"))
    on = ((PARAMETER_THINKING, "true"),) if traits.switchable else ()
    variants += [Variant((*on, (PARAMETER_EFFORT, e.value)), f"{e.value} effort") for e in traits.efforts]
    if traits.max_mode:
        top = traits.efforts[-1] if traits.efforts else Effort.MAX
        variants.append(Variant((*on, (PARAMETER_EFFORT, top.value)), "max", max_mode=True))
    return tuple(variants)


def split_variant(model_id: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """(model id, parameter values) of a variant string; a plain model id comes back as it is."""
    base, mark, tail = model_id.rpartition(_VARIANT_MARK)
    if not mark or "=" not in tail:
        return model_id, ()
    pairs = [item.partition("=") for item in tail.split("&")]
    return base, tuple((key, value) for key, _, value in pairs if key)
