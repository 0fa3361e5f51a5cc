"""Vendor detection, the models' reasoning traits, and the editor's thinking choice (`cursord.providers.reasoning`)."""

from __future__ import annotations

import pytest

from cursord.agent.machine import reasoning_choice
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers import gemini, openai_chat
from cursord.providers.base import vendor_options
from cursord.providers.model import (
    Effort,
    Message,
    PassRequest,
    ProviderKind,
    ReasoningChoice,
    ThinkingPart,
    ToolCallPart,
)
from cursord.providers.reasoning import (
    ReasoningTraits,
    Vendor,
    anthropic_adaptive,
    anthropic_thinks,
    choice_from_parameters,
    detect_vendor,
    picker_variants,
    reasoning_traits,
    split_variant,
)

CHAT = ProviderKind.OPENAI_CHAT


@pytest.mark.parametrize(
    ("base_url", "model", "vendor"),
    [
        ("https://api.deepseek.com", "anything", Vendor.DEEPSEEK),
        ("https://api.deepseek.com/v1", "deepseek-chat", Vendor.DEEPSEEK),
        ("https://generativelanguage.googleapis.com/v1beta/openai/", "gemini-3-pro-preview", Vendor.GEMINI),
        ("https://api.moonshot.ai/v1", "kimi-k2-thinking", Vendor.MOONSHOT),
        ("https://openrouter.ai/api/v1", "deepseek/deepseek-r1", Vendor.OPENROUTER),  # the host wins
        ("https://api.openai.com/v1", "gpt-4.1", Vendor.OPENAI),
        ("http://127.0.0.1:8000/v1", "deepseek-r1-distill", Vendor.DEEPSEEK),  # else the model's name
        ("http://127.0.0.1:8000/v1", "google/gemini-2.5-pro", Vendor.GEMINI),
        ("http://127.0.0.1:8000/v1", "qwen3-coder", Vendor.OTHER),
        ("https://evil.example/api.deepseek.com", "m", Vendor.OTHER),  # a path is not a host
    ],
)
def test_detect_vendor(base_url: str, model: str, vendor: Vendor) -> None:
    assert detect_vendor(CHAT, base_url, model) is vendor


def test_a_native_gemini_provider_is_gemini_whatever_its_host() -> None:
    assert detect_vendor(ProviderKind.GEMINI, "http://127.0.0.1:9000/v1beta", "my-alias") is Vendor.GEMINI


@pytest.mark.parametrize(
    ("model", "thinks", "adaptive"),
    [
        ("claude-3-5-sonnet-20241022", False, False),
        ("claude-3-7-sonnet-20250219", True, False),
        ("claude-sonnet-4-5", True, False),
        ("claude-opus-4-5-20251101", True, False),
        ("claude-opus-4-6", True, True),
        ("claude-sonnet-4.6", True, True),
        ("anthropic/claude-opus-4.7", True, True),
        ("claude-opus-4-8", True, True),
        ("claude-sonnet-5", True, True),
        ("claude-4.6-opus", True, True),
        ("claude-sonnet-4-20250514", True, False),  # a date is not a minor version
    ],
)
def test_anthropic_thinking_kinds(model: str, thinks: bool, adaptive: bool) -> None:
    assert anthropic_thinks(model) is thinks
    assert anthropic_adaptive(model) is adaptive


def test_reasoning_traits_per_vendor() -> None:
    assert reasoning_traits(ProviderKind.ANTHROPIC, "https://api.anthropic.com", "claude-haiku-4-5") == ReasoningTraits(
        switchable=True, efforts=tuple(Effort), max_mode=True
    )
    assert reasoning_traits(ProviderKind.ANTHROPIC, "https://api.anthropic.com", "claude-3-5-haiku") is None
    assert reasoning_traits(CHAT, "https://api.deepseek.com", "deepseek-reasoner") == ReasoningTraits(
        switchable=True, efforts=(Effort.LOW, Effort.HIGH, Effort.MAX), max_mode=True
    )
    gemini = "https://generativelanguage.googleapis.com/v1beta/openai"
    assert reasoning_traits(CHAT, gemini, "gemini-3-flash-preview") == ReasoningTraits(
        efforts=(Effort.LOW, Effort.MEDIUM, Effort.HIGH)
    )
    assert reasoning_traits(CHAT, gemini, "gemini-2.0-flash") is None
    # native Gemini: the levels Gemini 3 takes (cannot stop), 2.5's budgets (Flash can stop)
    native = "http://127.0.0.1:9000/v1beta"
    assert reasoning_traits(ProviderKind.GEMINI, native, "gemini-3-pro-preview") == ReasoningTraits(
        efforts=(Effort.LOW, Effort.HIGH)
    )
    assert reasoning_traits(ProviderKind.GEMINI, native, "gemini-3-flash-preview") == ReasoningTraits(
        efforts=(Effort.LOW, Effort.MEDIUM, Effort.HIGH)
    )
    assert reasoning_traits(ProviderKind.GEMINI, native, "gemini-2.5-flash") == ReasoningTraits(
        switchable=True, efforts=tuple(Effort), max_mode=True
    )
    assert reasoning_traits(ProviderKind.GEMINI, native, "gemini-2.5-pro") == ReasoningTraits(
        efforts=tuple(Effort), max_mode=True
    )
    for model in ("gemini-2.0-flash", "gemma-3-27b-it", "gemini-flash-latest"):  # no thinking, or no version
        assert reasoning_traits(ProviderKind.GEMINI, native, model) is None
    assert reasoning_traits(ProviderKind.OPENAI_RESPONSES, "https://api.openai.com/v1", "o4-mini") is not None
    assert reasoning_traits(ProviderKind.OPENAI_RESPONSES, "https://api.openai.com/v1", "gpt-4.1") is None
    assert reasoning_traits(CHAT, "http://127.0.0.1:8000/v1", "llama-3.3-70b") is None
    # a gateway: the model's family decides; OpenRouter can switch thinking off
    assert reasoning_traits(CHAT, "https://openrouter.ai/api/v1", "anthropic/claude-sonnet-4.5") == ReasoningTraits(
        switchable=True, efforts=(Effort.LOW, Effort.MEDIUM, Effort.HIGH)
    )
    assert reasoning_traits(CHAT, "https://openrouter.ai/api/v1", "meta-llama/llama-4-maverick") is None
    assert reasoning_traits(CHAT, "http://127.0.0.1:4000/v1", "claude-opus-4-7") == ReasoningTraits(
        efforts=(Effort.LOW, Effort.MEDIUM, Effort.HIGH)
    )


@pytest.mark.parametrize(
    ("parameters", "max_mode", "choice"),
    [
        ([], False, ReasoningChoice()),
        ([], True, ReasoningChoice(effort=Effort.MAX)),
        ([("reasoning_effort", "High")], False, ReasoningChoice(effort=Effort.HIGH)),
        ([("effort", "xhigh")], False, ReasoningChoice(effort=Effort.MAX)),
        ([("thinking", "true")], False, ReasoningChoice(thinking=True)),
        ([("thinking", "false")], True, ReasoningChoice(thinking=False)),  # Max mode cannot think when off
        ([("thinking", "true"), ("reasoning_effort", "low")], True, ReasoningChoice(True, Effort.LOW)),
        ([("thinking", "medium")], False, ReasoningChoice(True, Effort.MEDIUM)),
        ([("reasoning_effort", "none")], False, ReasoningChoice(thinking=False)),
        ([("reasoning_effort", "sideways"), ("temperature", "0.1")], False, ReasoningChoice()),
    ],
)
def test_choice_from_parameters(parameters: list[tuple[str, str]], max_mode: bool, choice: ReasoningChoice) -> None:
    assert choice_from_parameters(parameters, max_mode=max_mode) == choice


def test_every_picker_variant_string_comes_back_as_its_model_and_choice() -> None:
    traits = ReasoningTraits(switchable=True, efforts=tuple(Effort), max_mode=True)
    strings = [v.string("deepseek/deepseek-r1:free") for v in picker_variants(traits)]
    assert len(set(strings)) == len(strings) - 1  # the Max variant is the max effort's string
    for variant, text in zip(picker_variants(traits), strings, strict=True):
        assert split_variant(text) == ("deepseek/deepseek-r1:free", variant.parameters)
    assert split_variant("qwen3:8b") == ("qwen3:8b", ())
    assert split_variant("what?") == ("what?", ())


def test_the_run_reads_its_choice_from_its_requested_model() -> None:
    requested = agent.RequestedModel(
        model_id="claude-sonnet-4-5?thinking=true&reasoning_effort=low",
        is_variant_string_representation=True,
        parameters=[agent.RequestedModel.ModelParameterValue(id="reasoning_effort", value="high")],
    )
    # the explicit parameter comes after the variant's and wins
    assert reasoning_choice(agent.AgentRunRequest(requested_model=requested)) == ReasoningChoice(True, Effort.HIGH)
    assert reasoning_choice(agent.AgentRunRequest()) == ReasoningChoice()


def deepseek_tool_message(options: openai_chat.ChatOptions, model: str) -> dict[str, object]:
    """The assistant message of an earlier tool round that streamed no reasoning (say, another vendor's)."""
    history = (Message.user("hi"), Message.assistant(ToolCallPart("c1", "read_file", "{}")))
    _, body, _ = openai_chat.build_request(PassRequest(model, messages=history), options)
    message: dict[str, object] = body["messages"][1]
    return message


def test_vendor_options_per_server() -> None:
    deepseek = vendor_options(CHAT, "https://api.deepseek.com")
    assert isinstance(deepseek, openai_chat.ChatOptions) and deepseek.vendor is Vendor.DEEPSEEK
    # DeepSeek's thinking mode wants the field on every tool-call message, empty if need be
    assert deepseek_tool_message(deepseek, "deepseek-v4-pro")["reasoning_content"] == ""
    local = vendor_options(CHAT, "http://127.0.0.1:11434/v1")
    assert isinstance(local, openai_chat.ChatOptions) and local.vendor is Vendor.OTHER
    assert deepseek_tool_message(local, "deepseek-r1:14b")["reasoning_content"] == ""  # known by its name
    assert "reasoning_content" not in deepseek_tool_message(local, "qwen3:8b")
    off = vendor_options(CHAT, "https://api.deepseek.com", reasoning_echo=False, cache_key=False)
    assert isinstance(off, openai_chat.ChatOptions) and not off.reasoning_echo and not off.send_cache_key
    assert "reasoning_content" not in deepseek_tool_message(off, "deepseek-v4-pro")
    native = vendor_options(ProviderKind.GEMINI, "https://generativelanguage.googleapis.com/v1beta", cache_key=False)
    assert native == gemini.GeminiOptions()  # implicit caching: no hint to leave out
    off_native = vendor_options(
        ProviderKind.GEMINI, "https://generativelanguage.googleapis.com/v1beta", reasoning_echo=False
    )
    assert off_native == gemini.GeminiOptions(reasoning_echo=False)


def test_openai_is_sent_no_reasoning_another_vendor_wrote() -> None:
    """A turn that moved to OpenAI from DeepSeek or Gemini (a fallback) carries their reasoning and signatures;
    OpenAI streams neither and refuses fields it does not know ("Additional properties are not allowed")."""
    history = (
        Message.user("hi"),
        Message.assistant(
            ThinkingPart("Read it.", origin="openai-chat", carrier="reasoning_content"),
            ToolCallPart("c1", "read_file", "{}", signature="c2lnLWE="),
        ),
        Message.tool_result("c1", "x"),
    )
    for base_url, model in (("https://api.openai.com/v1", "gpt-4.1"), ("http://127.0.0.1:4000/v1", "gpt-5")):
        options = vendor_options(CHAT, base_url)
        _, body, _ = openai_chat.build_request(PassRequest(model, messages=history), options)
        assistant = body["messages"][1]
        assert set(assistant) == {"role", "content", "tool_calls"}
        assert set(assistant["tool_calls"][0]) == {"id", "type", "function"}
    _, body, _ = openai_chat.build_request(
        PassRequest("deepseek-v4-pro", messages=history), vendor_options(CHAT, "https://api.deepseek.com")
    )
    assert body["messages"][1]["reasoning_content"] == "Read it."  # DeepSeek's own field still goes back to it


@pytest.mark.parametrize(
    ("vendor", "choice", "knobs"),
    [
        (Vendor.DEEPSEEK, ReasoningChoice(), {}),
        (Vendor.DEEPSEEK, ReasoningChoice(False, Effort.HIGH), {"thinking": {"type": "disabled"}}),
        (
            Vendor.DEEPSEEK,
            ReasoningChoice(True, Effort.MAX),
            {"thinking": {"type": "enabled"}, "reasoning_effort": "max"},
        ),
        (Vendor.GEMINI, ReasoningChoice(True, Effort.LOW), {"reasoning_effort": "low"}),
        (Vendor.OPENAI, ReasoningChoice(None, Effort.MAX), {"reasoning_effort": "high"}),
        (Vendor.OPENAI, ReasoningChoice(False), {}),
        (Vendor.OPENROUTER, ReasoningChoice(False, Effort.HIGH), {"reasoning": {"enabled": False}}),
        (Vendor.OPENROUTER, ReasoningChoice(None, Effort.MAX), {"reasoning": {"effort": "xhigh"}}),
    ],
)
def test_chat_reasoning_knobs_per_vendor(vendor: Vendor, choice: ReasoningChoice, knobs: dict[str, object]) -> None:
    request = PassRequest("m", messages=(Message.user("hi"),), reasoning=choice)
    _, body, _ = openai_chat.build_request(request, openai_chat.ChatOptions(vendor=vendor))
    assert {k: body[k] for k in ("thinking", "reasoning_effort", "reasoning") if k in body} == knobs
