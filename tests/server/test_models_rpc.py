"""Model lists and server config answered from the provider config (`cursord.server.models_rpc`).

The wire tests parse what cursord writes with classes built from the reference descriptor sets
(``proto/reference/``); they fail, not skip, when the sets are missing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import trio
from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory
from google.protobuf.message import DecodeError, Message

from cursord.config import Limits, ModelCatalog, ProviderKind, ProviderSpec
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server.assembly import build_core
from cursord.server.models_rpc import (
    AGENT_DEFAULT_MODEL_FOR_CLI_PATH,
    AGENT_USABLE_MODELS_PATH,
    AISERVER_DEFAULT_MODEL_FOR_CLI_PATH,
    AISERVER_USABLE_MODELS_PATH,
    AVAILABLE_MODELS_PATH,
    MODEL_RPC_PATHS,
    SERVER_CONFIG_PATH,
    available_models,
    default_model_for_cli,
    model_rpc_parts,
    server_config,
    usable_models_agent,
    usable_models_aiserver,
)
from cursord.streams.active import ActiveStream, StreamBehaviour
from tests.proto.reference_schema import load_reference

REPO = Path(__file__).resolve().parents[2]

OPENAI = ProviderSpec(
    kind=ProviderKind.OPENAI_CHAT,
    name="openai",
    base_url="https://api.openai.example/v1",
    api_key_env="OPENAI_API_KEY",
    models=("gpt-5", "gpt-5-mini", "o-mini"),
    context_window=128_000,
    context_windows={"gpt-5": 400_000},
)
ANTHROPIC = ProviderSpec(
    kind=ProviderKind.ANTHROPIC,
    name="anthropic",
    base_url="https://api.anthropic.example",
    api_key_env="ANTHROPIC_API_KEY",
    models=("claude-sonnet-4-5", "claude-haiku-4-5"),
)
ROUTER = ProviderSpec(
    kind=ProviderKind.OPENAI_CHAT,
    name="Router",
    base_url="http://127.0.0.1:4000/v1",
    api_key_env=None,
    models=("anthropic/claude-opus-4-1", "Mixed-Case"),
)
CONFIGURED = ["gpt-5", "gpt-5-mini", "o-mini", "claude-sonnet-4-5", "claude-haiku-4-5"]


@pytest.fixture
def catalog() -> ModelCatalog:
    return ModelCatalog([OPENAI, ANTHROPIC])


def names(response: aiserver.AvailableModelsResponse) -> list[str]:
    return [m.name for m in response.models]


# --- the catalog -------------------------------------------------------------------------------------


def test_catalog_lists_every_model_in_config_order(catalog: ModelCatalog) -> None:
    assert [m.model_id for m in catalog] == CONFIGURED
    assert len(catalog) == 5
    assert [m.provider.name for m in catalog] == ["openai"] * 3 + ["anthropic"] * 2
    assert [m.display_name for m in catalog] == CONFIGURED
    # per-model override, provider default, unknown
    assert [m.context_window for m in catalog] == [400_000, 128_000, 128_000, None, None]


def test_default_model_is_the_first_configured(catalog: ModelCatalog) -> None:
    default = catalog.default_model()
    assert default is not None and default.model_id == "gpt-5" and default.provider is OPENAI
    flipped = ModelCatalog([ANTHROPIC, OPENAI]).default_model()
    assert flipped is not None and flipped.model_id == "claude-sonnet-4-5"
    assert ModelCatalog([]).default_model() is None


def test_exact_lookup(catalog: ModelCatalog) -> None:
    for model in CONFIGURED:
        found = catalog.resolve(model)
        assert found is not None and found.model_id == model
    assert catalog.provider_for("gpt-5-mini") is OPENAI
    assert catalog.provider_for("claude-haiku-4-5") is ANTHROPIC


@pytest.mark.parametrize(
    ("asked", "model", "provider"),
    [
        ("openai/gpt-5-mini", "gpt-5-mini", "openai"),
        ("OpenAI/gpt-5-mini", "gpt-5-mini", "openai"),  # provider name case-insensitively
        ("anthropic/Claude-Sonnet-4-5", "claude-sonnet-4-5", "anthropic"),  # model case-insensitively
        ("GPT-5", "gpt-5", "openai"),  # bare id case-insensitively
        ("Claude-Haiku-4-5", "claude-haiku-4-5", "anthropic"),
    ],
)
def test_alias_rules(catalog: ModelCatalog, asked: str, model: str, provider: str) -> None:
    found = catalog.resolve(asked)
    assert found is not None
    assert (found.model_id, found.provider.name) == (model, provider)
    assert catalog.provider_for(asked) is found.provider


@pytest.mark.parametrize(
    "asked",
    [
        None,
        "",
        "gpt-4",
        "default",
        "anthropic/gpt-5",  # a real model, but not that provider's
        "nobody/gpt-5",  # no such provider: the whole string is no model either
        "openai/",
        "/gpt-5",
        "gpt-5 ",
    ],
)
def test_unknown_models_resolve_to_none(catalog: ModelCatalog, asked: str | None) -> None:
    assert catalog.resolve(asked) is None
    assert catalog.provider_for(asked) is None


def test_exact_id_with_a_slash_beats_the_provider_prefix_rule() -> None:
    catalog = ModelCatalog([ANTHROPIC, ROUTER])
    found = catalog.resolve("anthropic/claude-opus-4-1")
    assert found is not None and found.provider is ROUTER and found.model_id == "anthropic/claude-opus-4-1"
    # the prefix rule still reaches a slashed model through its own provider
    via_router = catalog.resolve("router/anthropic/claude-opus-4-1")
    assert via_router is not None and via_router.model_id == "anthropic/claude-opus-4-1"
    # and a name that is no exact id goes through the prefix rule
    prefixed = catalog.resolve("anthropic/claude-haiku-4-5")
    assert prefixed is not None and prefixed.provider is ANTHROPIC


def test_case_insensitive_match_must_be_unique() -> None:
    other = ProviderSpec(
        kind=ProviderKind.OPENAI_RESPONSES,
        name="other",
        base_url="https://other.example/v1",
        api_key_env=None,
        models=("mixed-case",),
    )
    catalog = ModelCatalog([ROUTER, other])
    assert catalog.provider_for("Mixed-Case") is ROUTER  # exact still works
    assert catalog.provider_for("mixed-case") is other
    assert catalog.resolve("MIXED-CASE") is None  # two models match case-insensitively: ambiguous
    assert catalog.provider_for("Router/MIXED-CASE") is ROUTER  # unambiguous inside one provider


def test_duplicates_are_refused() -> None:
    twin = ProviderSpec(
        kind=ProviderKind.OPENAI_CHAT, name="twin", base_url="https://twin.example", api_key_env=None, models=("gpt-5",)
    )
    with pytest.raises(ValueError, match="'gpt-5' is served by both 'openai' and 'twin'"):
        ModelCatalog([OPENAI, twin])
    with pytest.raises(ValueError, match="provider name 'openai' is used twice"):
        ModelCatalog([OPENAI, OPENAI])


# --- the builders ------------------------------------------------------------------------------------


def test_available_models_lists_exactly_the_configured_models(catalog: ModelCatalog) -> None:
    request = aiserver.AvailableModelsRequest(additional_model_names=["my-custom-model"], include_hidden_models=True)
    response = available_models(catalog, request)
    assert names(response) == CONFIGURED
    for entry, model in zip(catalog, response.models, strict=True):
        assert model.server_model_name == entry.model_id
        assert model.client_display_name == entry.display_name == model.inputbox_short_model_name
        assert model.default_on and model.supports_agent and model.supports_plan_mode
        assert model.supports_non_max_mode
        assert model.supports_max_mode is model.name.startswith("claude")  # Anthropic has a highest effort
        assert model.is_user_added
        assert model.supports_images is entry.vision is True  # vision is on unless the provider says not
        assert entry.provider.name in model.tooltip_data.markdown_content
    by_name = {m.name: m for m in response.models}
    assert by_name["gpt-5"].context_token_limit == 400_000
    assert by_name["o-mini"].context_token_limit == 128_000
    assert not by_name["claude-sonnet-4-5"].HasField("context_token_limit")
    assert "400,000" in by_name["gpt-5"].tooltip_data.markdown_content


def test_available_models_makes_the_first_model_every_feature_default(catalog: ModelCatalog) -> None:
    response = available_models(catalog, aiserver.AvailableModelsRequest())
    for config in (
        response.composer_model_config,
        response.cmd_k_model_config,
        response.background_composer_model_config,
        response.plan_execution_model_config,
        response.spec_model_config,
        response.deep_search_model_config,
        response.quick_agent_model_config,
    ):
        assert config.default_model == "gpt-5"
    assert list(response.composer_model_config.fallback_models) == CONFIGURED
    assert list(response.composer_model_config.best_of_n_default_models) == CONFIGURED
    assert list(response.cmd_k_model_config.fallback_models) == CONFIGURED
    assert response.disable_unused_models_after_n_hours > 24 * 365 * 10
    flipped = available_models(ModelCatalog([ANTHROPIC, OPENAI]), aiserver.AvailableModelsRequest())
    assert flipped.composer_model_config.default_model == "claude-sonnet-4-5"


@pytest.mark.parametrize(("asked", "expected"), [(None, True), (True, True), (False, False)])
def test_available_models_answers_the_picker_protocol_asked_for(
    catalog: ModelCatalog, asked: bool | None, expected: bool
) -> None:
    request = aiserver.AvailableModelsRequest()
    if asked is not None:
        request.use_model_parameters = asked
    response = available_models(catalog, request)
    assert response.use_model_parameters is expected
    for model in response.models:
        if expected:
            default = model.variants[0]
            assert default.is_default_non_max_config and not default.is_max_mode
            assert default.variant_string_representation == model.name
            assert catalog.resolve(default.variant_string_representation) is not None
            assert not default.parameter_values
            assert (len(model.variants) == 1) is (model.name == "o-mini")  # the one model not known to reason
        else:
            assert not model.variants
        assert bool(model.parameter_definitions) is (expected and model.name != "o-mini")


DEEPSEEK = ProviderSpec(
    kind=ProviderKind.OPENAI_CHAT,
    name="deepseek",
    base_url="https://api.deepseek.com",
    api_key_env="DEEPSEEK_API_KEY",
    models=("deepseek-reasoner",),
)

GEMINI = ProviderSpec(
    kind=ProviderKind.GEMINI,
    name="gemini",
    base_url="https://generativelanguage.googleapis.com/v1beta",
    api_key_env="GEMINI_API_KEY",
    models=("gemini-3-pro-preview", "gemini-2.5-flash"),
)


def picker(model: aiserver.AvailableModelsResponse.AvailableModel) -> dict[str, Any]:
    """A model's parameters and variants, as plain data."""
    definitions = {}
    for definition in model.parameter_definitions:
        kinds = [k for k in ("boolean_parameter", "enum_parameter") if definition.parameter_type.HasField(k)]
        definitions[definition.id] = [v.value for k in kinds for v in getattr(definition.parameter_type, k).values]
    variants = [
        (
            v.display_name,
            [(p.id, p.value) for p in v.parameter_values],
            v.is_max_mode,
            v.variant_string_representation,
        )
        for v in model.variants
    ]
    return {"definitions": definitions, "variants": variants, "max": model.supports_max_mode}


def test_reasoning_models_offer_their_thinking_choices() -> None:
    catalog = ModelCatalog([OPENAI, ANTHROPIC, DEEPSEEK, GEMINI])
    by_name = {m.name: m for m in available_models(catalog, aiserver.AvailableModelsRequest()).models}
    gpt = picker(by_name["gpt-5"])
    assert gpt["definitions"] == {"reasoning_effort": ["low", "medium", "high"]} and not gpt["max"]
    assert gpt["variants"] == [
        ("gpt-5", [], False, "gpt-5"),
        ("gpt-5 (low effort)", [("reasoning_effort", "low")], False, "gpt-5?reasoning_effort=low"),
        ("gpt-5 (medium effort)", [("reasoning_effort", "medium")], False, "gpt-5?reasoning_effort=medium"),
        ("gpt-5 (high effort)", [("reasoning_effort", "high")], False, "gpt-5?reasoning_effort=high"),
    ]
    claude = picker(by_name["claude-sonnet-4-5"])
    assert claude["definitions"] == {
        "thinking": ["true", "false"],
        "reasoning_effort": ["low", "medium", "high", "max"],
    }
    assert claude["max"] and claude["variants"][1] == (
        "claude-sonnet-4-5 (thinking off)",
        [("thinking", "false")],
        False,
        "claude-sonnet-4-5?thinking=false",
    )
    assert claude["variants"][-1][1:3] == ([("thinking", "true"), ("reasoning_effort", "max")], True)
    deepseek = picker(by_name["deepseek-reasoner"])
    assert deepseek["definitions"] == {"thinking": ["true", "false"], "reasoning_effort": ["low", "high", "max"]}
    assert picker(by_name["o-mini"])["definitions"] == {}
    # native Gemini: Gemini 3 Pro's two thinking levels; 2.5 Flash's budgets, which can stop thinking
    assert picker(by_name["gemini-3-pro-preview"])["definitions"] == {"reasoning_effort": ["low", "high"]}
    flash = picker(by_name["gemini-2.5-flash"])
    assert flash["max"] and flash["definitions"] == {
        "thinking": ["true", "false"],
        "reasoning_effort": ["low", "medium", "high", "max"],
    }
    usable = {m.model_id: m for m in usable_models_agent(catalog, agent.GetUsableModelsRequest()).models}
    assert usable["gpt-5"].HasField("thinking_details") and usable["deepseek-reasoner"].HasField("thinking_details")
    assert not usable["o-mini"].HasField("thinking_details")


def test_huge_context_window_is_left_out_not_overflowed() -> None:
    huge = ProviderSpec(
        kind=ProviderKind.OPENAI_CHAT,
        name="huge",
        base_url="https://huge.example",
        api_key_env=None,
        models=("big",),
        context_window=2**31,
    )
    (model,) = available_models(ModelCatalog([huge]), aiserver.AvailableModelsRequest()).models
    assert not model.HasField("context_token_limit")
    model.SerializeToString()


def test_responses_carry_no_provider_url_or_key_variable(catalog: ModelCatalog) -> None:
    bodies = [
        available_models(catalog, aiserver.AvailableModelsRequest()).SerializeToString(),
        usable_models_agent(catalog, agent.GetUsableModelsRequest()).SerializeToString(),
        default_model_for_cli(catalog, agent.GetDefaultModelForCliRequest()).SerializeToString(),
    ]
    for body in bodies:
        for secretish in (b"api.openai.example", b"OPENAI_API_KEY", b"ANTHROPIC_API_KEY"):
            assert secretish not in body


def test_usable_models_list_exactly_the_configured_models_on_both_services(catalog: ModelCatalog) -> None:
    ours = usable_models_agent(catalog, agent.GetUsableModelsRequest(custom_model_ids=["my-custom-model"]))
    assert [m.model_id for m in ours.models] == CONFIGURED
    for entry, details in zip(catalog, ours.models, strict=True):
        assert details.display_model_id == entry.model_id
        assert details.display_name == details.display_name_short == entry.display_name
        assert details.WhichOneof("credentials") is None
    aiserver_side = usable_models_aiserver(catalog, aiserver.GetUsableModelsRequest(custom_model_ids=["x"]))
    assert isinstance(aiserver_side, agent.GetUsableModelsResponse)
    assert aiserver_side.SerializeToString(deterministic=True) == ours.SerializeToString(deterministic=True)


def test_default_model_for_cli(catalog: ModelCatalog) -> None:
    for request in (agent.GetDefaultModelForCliRequest(), aiserver.GetDefaultModelForCliRequest()):
        response = default_model_for_cli(catalog, request)
        assert response.model.model_id == "gpt-5" and response.model.display_name == "gpt-5"
    flipped = default_model_for_cli(ModelCatalog([ANTHROPIC]), agent.GetDefaultModelForCliRequest())
    assert flipped.model.model_id == "claude-sonnet-4-5"


def test_empty_config_gives_empty_lists() -> None:
    empty = ModelCatalog([])
    assert len(empty) == 0 and empty.resolve("gpt-5") is None
    available = available_models(empty, aiserver.AvailableModelsRequest())
    assert not available.models
    assert not available.HasField("composer_model_config")  # no default to name
    assert not usable_models_agent(empty, agent.GetUsableModelsRequest()).models
    assert not usable_models_aiserver(empty, aiserver.GetUsableModelsRequest()).models
    cli = default_model_for_cli(empty, agent.GetDefaultModelForCliRequest())
    assert cli.HasField("model") and cli.model.model_id == ""
    for message in (available, cli):
        type(message).FromString(message.SerializeToString())


def test_server_config_with_an_agent_listener_allows_http2_and_names_it() -> None:
    config = server_config(agent_url="https://127.0.0.1:8767")
    body = config.SerializeToString()
    # field 27 (agent_url_config), length-delimited, holding field 2 (agentn_url); http2_config (7) absent
    url = b"https://127.0.0.1:8767"
    assert b"\xda\x01" + bytes([len(url) + 2]) + b"\x12" + bytes([len(url)]) + url in body
    parsed = aiserver.GetServerConfigResponse.FromString(body)
    assert parsed.http2_config == aiserver.HTTP2_CONFIG_UNSPECIFIED
    assert parsed.agent_url_config.agentn_url == "https://127.0.0.1:8767" and not parsed.agent_url_config.agent_url
    assert {f.name for f, _ in parsed.ListFields()} == {"config_version", "agent_url_config", "indexing_config"}


def test_server_config_parses_and_round_trips() -> None:
    config = server_config(aiserver.GetServerConfigRequest(telem_enabled=True))
    body = config.SerializeToString()
    parsed = aiserver.GetServerConfigResponse.FromString(body)
    assert parsed == config
    assert json_format.Parse(json_format.MessageToJson(config), aiserver.GetServerConfigResponse()) == config
    assert parsed.http2_config == aiserver.HTTP2_CONFIG_FORCE_ALL_DISABLED
    assert parsed.config_version
    key = parsed.indexing_config.default_user_path_encryption_key
    assert len(key) == 64 and bytes.fromhex(key)
    assert parsed.indexing_config.default_team_path_encryption_key == key
    assert server_config() == config  # stable: the same config every time
    # nothing else is set: no kill switch, no sandbox policy, no agent URL
    assert {f.name for f, _ in parsed.ListFields()} == {"config_version", "http2_config", "indexing_config"}
    assert {f.name for f, _ in parsed.indexing_config.ListFields()} == {
        "default_user_path_encryption_key",
        "default_team_path_encryption_key",
    }


# --- wire compatibility with the reference schema ----------------------------------------------------


@pytest.fixture(scope="module")
def reference() -> tuple[descriptor_pool.DescriptorPool, dict[str, descriptor_pb2.FileDescriptorProto]]:
    return load_reference()


def reference_class(pool: descriptor_pool.DescriptorPool, full_name: str) -> type[Message]:
    return message_factory.GetMessageClass(pool.FindMessageTypeByName(full_name))


def _as_reference(pool: descriptor_pool.DescriptorPool, full_name: str, ours: Message) -> Message:
    """Parse our bytes with the reference class and check every field arrived under the same name."""
    parsed = reference_class(pool, full_name).FromString(ours.SerializeToString())
    # MessageToDict leaves unknown fields out, so a field the reference numbers or types differently
    # shows up as a difference here (or as a parse error above).
    theirs_dict = json_format.MessageToDict(parsed, preserving_proto_field_name=True)
    ours_dict = json_format.MessageToDict(ours, preserving_proto_field_name=True)
    assert theirs_dict == ours_dict
    assert parsed.SerializeToString(deterministic=True) == ours.SerializeToString(deterministic=True)
    return parsed


def _leading_comment(files: dict[str, descriptor_pb2.FileDescriptorProto], file: str, message: str) -> str:
    fdp = files[file]
    index = [m.name for m in fdp.message_type].index(message)
    for loc in fdp.source_code_info.location:
        if list(loc.path) == [4, index]:
            return loc.leading_comments
    return ""


def _method_io(pool: descriptor_pool.DescriptorPool, path: str) -> tuple[str, str]:
    service, method = path.strip("/").split("/")
    descriptor = pool.FindServiceByName(service).methods_by_name[method]
    return descriptor.input_type.full_name, descriptor.output_type.full_name


def test_every_response_parses_with_the_reference_descriptor(
    catalog: ModelCatalog, reference: tuple[descriptor_pool.DescriptorPool, Any]
) -> None:
    pool, _ = reference
    available = _as_reference(
        pool, "aiserver.v1.AvailableModelsResponse", available_models(catalog, aiserver.AvailableModelsRequest())
    )
    assert [m.name for m in available.models] == CONFIGURED  # type: ignore[attr-defined]
    usable = _as_reference(
        pool, "agent.v1.GetUsableModelsResponse", usable_models_agent(catalog, agent.GetUsableModelsRequest())
    )
    assert [m.model_id for m in usable.models] == CONFIGURED  # type: ignore[attr-defined]
    _as_reference(
        pool, "agent.v1.GetUsableModelsResponse", usable_models_aiserver(catalog, aiserver.GetUsableModelsRequest())
    )
    cli = _as_reference(
        pool,
        "agent.v1.GetDefaultModelForCliResponse",
        default_model_for_cli(catalog, aiserver.GetDefaultModelForCliRequest()),
    )
    assert cli.model.model_id == "gpt-5"  # type: ignore[attr-defined]
    config = _as_reference(pool, "aiserver.v1.GetServerConfigResponse", server_config())
    assert config.http2_config == 1  # type: ignore[attr-defined]  # HTTP2_CONFIG_FORCE_ALL_DISABLED
    listening = _as_reference(
        pool, "aiserver.v1.GetServerConfigResponse", server_config(agent_url="https://127.0.0.1:8767")
    )
    assert listening.http2_config == 0  # type: ignore[attr-defined]  # UNSPECIFIED: the editor's own setting
    assert listening.agent_url_config.agentn_url == "https://127.0.0.1:8767"  # type: ignore[attr-defined]
    # the empty catalog's answers too
    empty = ModelCatalog([])
    _as_reference(
        pool, "aiserver.v1.AvailableModelsResponse", available_models(empty, aiserver.AvailableModelsRequest())
    )
    _as_reference(
        pool,
        "agent.v1.GetDefaultModelForCliResponse",
        default_model_for_cli(empty, agent.GetDefaultModelForCliRequest()),
    )


def test_requests_decode_with_our_types(reference: tuple[descriptor_pool.DescriptorPool, Any]) -> None:
    """What the editor sends (built with the reference's request type) decodes into the type we register."""
    pool, _ = reference
    for path, ours in MODEL_RPC_PATHS.items():
        request_name, _ = _method_io(pool, path)
        sample = reference_class(pool, request_name)()
        if request_name.endswith("AvailableModelsRequest"):
            sample.use_model_parameters = True  # type: ignore[attr-defined]
            sample.additional_model_names.append("x")  # type: ignore[attr-defined]
        elif request_name.endswith("GetUsableModelsRequest"):
            sample.custom_model_ids.append("x")  # type: ignore[attr-defined]
        elif request_name.endswith("GetServerConfigRequest"):
            sample.telem_enabled = True  # type: ignore[attr-defined]
        decoded = ours.FromString(sample.SerializeToString())
        assert json_format.MessageToDict(decoded) == json_format.MessageToDict(sample), path


def test_aiserver_model_rpcs_carry_the_agent_types(
    catalog: ModelCatalog, reference: tuple[descriptor_pool.DescriptorPool, Any]
) -> None:
    """Why the aiserver paths answer agent.v1 messages: the reference's aiserver types are copies of them.

    The copies point at `aiserver.v1.ModelDetails`, a different message, and cannot parse the agent.v1
    encoding that the editor's class (the one the copy was taken from) writes and reads.
    """
    pool, files = reference
    for message in ("GetUsableModelsResponse", "GetDefaultModelForCliResponse", "GetUsableModelsRequest"):
        assert f"Copied from: agent.v1.{message} " in _leading_comment(files, "aiserver_v1.proto", message)
    body = usable_models_agent(catalog, agent.GetUsableModelsRequest()).SerializeToString()
    with pytest.raises(DecodeError):
        reference_class(pool, "aiserver.v1.GetUsableModelsResponse").FromString(body)
    with pytest.raises(DecodeError):
        aiserver.GetUsableModelsResponse.FromString(body)
    # the paths themselves are the reference's: each method exists with the request type we register
    for path, ours in MODEL_RPC_PATHS.items():
        request_name, _ = _method_io(pool, path)
        assert request_name == ours.DESCRIPTOR.full_name


# --- served by the daemon's app ----------------------------------------------------------------------


def _no_streams(stream: ActiveStream) -> StreamBehaviour:
    raise AssertionError("the model RPCs open no agent stream")


async def _post(app: Any, path: str, body: bytes, content_type: str) -> tuple[int, dict[bytes, bytes], bytes]:
    sent: list[dict[str, Any]] = []
    messages = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> dict[str, Any]:
        if messages:
            return messages.pop(0)
        await trio.sleep_forever()
        raise AssertionError("unreachable")

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": path,
        "headers": [
            (b"host", b"localhost"),  # as a server hands it on; the app refuses a request for no host
            (b"content-type", content_type.encode()),
            (b"connect-protocol-version", b"1"),
        ],
    }
    await app(scope, receive, send)
    start, *chunks = sent
    return start["status"], dict(start["headers"]), b"".join(c.get("body", b"") for c in chunks)


async def _serve(providers: Sequence[ProviderSpec], path: str, request: bytes, content_type: str) -> tuple[int, bytes]:
    async with build_core(Limits(), _no_streams, (model_rpc_parts(ModelCatalog(providers)),)) as core:
        status, _, body = await _post(core.app, path, request, content_type)
        return status, body


RESPONSE_TYPES: dict[str, type[Message]] = {
    AVAILABLE_MODELS_PATH: aiserver.AvailableModelsResponse,
    AISERVER_USABLE_MODELS_PATH: agent.GetUsableModelsResponse,
    AGENT_USABLE_MODELS_PATH: agent.GetUsableModelsResponse,
    AISERVER_DEFAULT_MODEL_FOR_CLI_PATH: agent.GetDefaultModelForCliResponse,
    AGENT_DEFAULT_MODEL_FOR_CLI_PATH: agent.GetDefaultModelForCliResponse,
    SERVER_CONFIG_PATH: aiserver.GetServerConfigResponse,
}


def test_every_path_is_registered() -> None:
    assert set(MODEL_RPC_PATHS) == set(RESPONSE_TYPES)


@pytest.mark.parametrize("path", list(RESPONSE_TYPES))
async def test_each_path_is_served_by_the_app(path: str, autojump_clock: trio.abc.Clock) -> None:
    with trio.fail_after(5):
        status, body = await _serve(
            [OPENAI, ANTHROPIC], path, MODEL_RPC_PATHS[path]().SerializeToString(), "application/proto"
        )
    assert status == 200
    response = RESPONSE_TYPES[path].FromString(body)
    if path == AVAILABLE_MODELS_PATH:
        assert names(response) == CONFIGURED  # type: ignore[arg-type]
    elif "GetUsableModels" in path:
        assert [m.model_id for m in response.models] == CONFIGURED  # type: ignore[attr-defined]
    elif "GetDefaultModelForCli" in path:
        assert response.model.model_id == "gpt-5"  # type: ignore[attr-defined]
    else:
        assert response == server_config()


async def test_json_codec_and_empty_config(autojump_clock: trio.abc.Clock) -> None:
    with trio.fail_after(5):
        status, body = await _serve([ANTHROPIC], AISERVER_USABLE_MODELS_PATH, b"{}", "application/json")
        assert status == 200
        assert [m["modelId"] for m in json.loads(body)["models"]] == ["claude-sonnet-4-5", "claude-haiku-4-5"]
        status, body = await _serve([], AVAILABLE_MODELS_PATH, b"", "application/proto")
        assert status == 200
        assert not aiserver.AvailableModelsResponse.FromString(body).models
