"""The RPCs the editor calls before it runs an agent, answered from the configured providers.

The editor asks which models exist (`AiService/AvailableModels` for the model picker, `GetUsableModels` and
`GetDefaultModelForCli` on both `aiserver.v1.AiService` and `agent.v1.AgentService`) and how the backend is
configured (`ServerConfigService/GetServerConfig`). cursord answers all of them from the provider config:
every model it lists is one it can run, and nothing else (Cursor's own models, the user's "custom model"
names) is listed, because picking one would only fail later.

`ModelCatalog` is an immutable view of the configured models; the builders are pure functions of a catalog
and the request; `model_rpc_parts` registers them on the daemon's app. No I/O, no trio.

Which fields are filled follows "the reference", the public Go implementation of the same system
(cursor-byok), restricted to what cursord can back: each field set below says why.

Wire types. `aiserver.v1.AiService/GetUsableModels` and `/GetDefaultModelForCli` carry the *agent.v1*
messages on the wire: in the reference schema `aiserver.v1.GetUsableModelsResponse` and
`aiserver.v1.GetDefaultModelForCliResponse` are the extractor's copies of the agent.v1 types (their
`// Copied from: agent.v1....` provenance comments), but the copies point at `aiserver.v1.ModelDetails`, an
unrelated older message with different field numbers and types (1 model_name, 2 api_key, 3
enable_ghost_mode, ...). `cursord.proto.aiserver_v1_pb2` renders those copies as they are, so its
`GetUsableModelsResponse` cannot even parse what the editor's own type writes. The builders here therefore
return `agent.v1` messages for both services, and the two paths answer byte-identical bodies.

Thinking choices. A model that reasons (`cursord.providers.reasoning.reasoning_traits`: known from its
provider's vendor and its name) is listed with its parameters, so the editor shows its thinking and
effort picker: `parameter_definitions` (a `thinking` switch where the vendor has one, a
`reasoning_effort` level), one variant per choice with its `parameter_values` (the first the model's
default), Max mode where the vendor has a highest effort, and `thinking_details` in `ModelDetails`. The
editor sends the choice back in `RequestedModel.parameters` (or as a variant string,
`MODEL?reasoning_effort=high`), which the turn turns into a `ReasoningChoice` for the provider.

Model lookup (`ModelCatalog.resolve`), first rule that matches wins:
  1. the exact model id as configured (`gpt-5`, `anthropic/claude-sonnet-4` on an OpenRouter provider),
     else a user alias (`gpt-5-high = "openai/gpt-5"`) and what it names by these rules;
  2. `PROVIDER/MODEL`: a configured provider's name (exact, else case-insensitive), a `/`, and one of that
     provider's models (exact, else case-insensitive);
  3. the model id case-insensitively, when exactly one configured model matches it (two models that differ
     only in case make that spelling ambiguous, and it resolves to nothing).
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Final

from google.protobuf.message import Message

from cursord.config import CatalogModel, ModelCatalog
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.providers.model import Effort
from cursord.providers.reasoning import (
    PARAMETER_EFFORT,
    PARAMETER_THINKING,
    ReasoningTraits,
    picker_variants,
    reasoning_traits,
)
from cursord.server.app import UnaryMethod
from cursord.server.parts import AppParts

__all__ = [
    "AGENT_DEFAULT_MODEL_FOR_CLI_PATH",
    "AGENT_USABLE_MODELS_PATH",
    "AISERVER_DEFAULT_MODEL_FOR_CLI_PATH",
    "AISERVER_USABLE_MODELS_PATH",
    "AVAILABLE_MODELS_PATH",
    "MODEL_RPC_PATHS",
    "SERVER_CONFIG_PATH",
    "SERVER_CONFIG_VERSION",
    "CatalogModel",
    "ModelCatalog",
    "available_models",
    "default_model_for_cli",
    "model_details",
    "model_rpc_parts",
    "server_config",
    "usable_models_agent",
    "usable_models_aiserver",
]

AVAILABLE_MODELS_PATH: Final = "/aiserver.v1.AiService/AvailableModels"
AISERVER_USABLE_MODELS_PATH: Final = "/aiserver.v1.AiService/GetUsableModels"
AGENT_USABLE_MODELS_PATH: Final = "/agent.v1.AgentService/GetUsableModels"
AISERVER_DEFAULT_MODEL_FOR_CLI_PATH: Final = "/aiserver.v1.AiService/GetDefaultModelForCli"
AGENT_DEFAULT_MODEL_FOR_CLI_PATH: Final = "/agent.v1.AgentService/GetDefaultModelForCli"
SERVER_CONFIG_PATH: Final = "/aiserver.v1.ServerConfigService/GetServerConfig"

#: Every path `model_rpc_parts` serves, with the request type the app decodes for it.
MODEL_RPC_PATHS: Final[Mapping[str, type[Message]]] = {
    AVAILABLE_MODELS_PATH: aiserver.AvailableModelsRequest,
    AISERVER_USABLE_MODELS_PATH: aiserver.GetUsableModelsRequest,
    AGENT_USABLE_MODELS_PATH: agent.GetUsableModelsRequest,
    AISERVER_DEFAULT_MODEL_FOR_CLI_PATH: aiserver.GetDefaultModelForCliRequest,
    AGENT_DEFAULT_MODEL_FOR_CLI_PATH: agent.GetDefaultModelForCliRequest,
    SERVER_CONFIG_PATH: aiserver.GetServerConfigRequest,
}

_INT32_MAX: Final = 2**31 - 1


# --- the catalog -------------------------------------------------------------------------------------


# --- AiService/AvailableModels -------------------------------------------------------------------------

#: `disable_unused_models_after_n_hours`: about a century, i.e. never. As the name says, the editor may
#: switch off picker entries left unused this long; these are models the user configured on purpose.
_NEVER_HOURS: Final = 24 * 365 * 100

#: The `named_model_section_index` every model gets: one section of the picker's named-models view.
_PICKER_SECTION: Final = 1


def available_models(
    catalog: ModelCatalog, request: aiserver.AvailableModelsRequest
) -> aiserver.AvailableModelsResponse:
    """The model picker's list: exactly the configured models, the first one the default everywhere.

    `additional_model_names` (the user's custom model names) and the filtering flags are ignored: only
    configured models can run. With `use_model_parameters` (unset counts as set, as the reference does)
    each model also gets its variants: its default configuration, and for a model that reasons one per
    thinking choice (see the module docstring).
    """
    use_parameters = not request.HasField("use_model_parameters") or request.use_model_parameters
    response = aiserver.AvailableModelsResponse(
        models=[_available_model(entry, use_parameters) for entry in catalog],
        # The response must say which picker protocol it answers; it answers the one the editor asked for.
        use_model_parameters=use_parameters,
        disable_unused_models_after_n_hours=_NEVER_HOURS,
    )
    default = catalog.default_model()
    if default is not None:
        # Each feature's own default model. Left out, the editor keeps its built-in defaults, which name
        # Cursor's models; a new chat, Cmd-K, a plan run or a background agent would then start on a model
        # cursord cannot run. Fallbacks: every configured model, in config order.
        names = [entry.model_id for entry in catalog]
        feature = aiserver.AvailableModelsResponse.FeatureModelConfig
        response.composer_model_config.CopyFrom(
            feature(default_model=default.model_id, fallback_models=names, best_of_n_default_models=names)
        )
        response.background_composer_model_config.CopyFrom(
            feature(default_model=default.model_id, fallback_models=names, best_of_n_default_models=names)
        )
        response.cmd_k_model_config.CopyFrom(feature(default_model=default.model_id, fallback_models=names))
        response.plan_execution_model_config.CopyFrom(feature(default_model=default.model_id, fallback_models=names))
        response.spec_model_config.CopyFrom(feature(default_model=default.model_id))
        response.deep_search_model_config.CopyFrom(feature(default_model=default.model_id))
        response.quick_agent_model_config.CopyFrom(feature(default_model=default.model_id))
    return response


def _available_model(entry: CatalogModel, use_parameters: bool) -> aiserver.AvailableModelsResponse.AvailableModel:
    model = aiserver.AvailableModelsResponse.AvailableModel(
        # The id the editor puts in RequestedModel.model_id when it runs this model; resolve() maps it back.
        name=entry.model_id,
        # The name the editor reports as the model's server-side identity; the same id.
        server_model_name=entry.model_id,
        # What the picker and the input box show.
        client_display_name=entry.display_name,
        inputbox_short_model_name=entry.display_name,
        # Enabled in the picker without the user switching it on in settings first.
        default_on=True,
        # Offered in agent mode, and in plan mode (which runs on the agent): the mode cursord serves.
        supports_agent=True,
        supports_plan_mode=True,
        # Usable outside Max mode; Max mode means the model's highest effort, where it has one (below).
        supports_non_max_mode=True,
        supports_max_mode=False,
        # Lets the editor show the thinking of reasoning models; harmless for models that do not reason.
        supports_thinking=True,
        # Terminal sandboxing is done by the editor, not the model; do not opt these models out of it.
        supports_sandboxing=True,
        # A model the user brought, not one of Cursor's.
        is_user_added=True,
        # Where the picker shows the model: one section of its named-models view, and the routed ("Auto")
        # view too. The reference implementation sets both for every model.
        named_model_section_index=_PICKER_SECTION,
        visible_in_routed_model_view=True,
        # Which provider serves the model, for the picker's hover card (no URL, no key variable).
        tooltip_data=aiserver.AvailableModelsResponse.TooltipData(markdown_content=_tooltip(entry)),
        # Whether the editor keeps pasted images for this model: the provider's `vision` setting (default on).
        supports_images=entry.vision,
        # Not set: supports_auto_context (that is Cursor's server-side context selection,
        # AiService/AutoContext, which cursord does not serve), price.
    )
    if entry.context_window is not None and entry.context_window <= _INT32_MAX:
        model.context_token_limit = entry.context_window
    traits = _traits(entry)
    if traits is not None:
        model.supports_max_mode = traits.max_mode
        if entry.context_window is not None and entry.context_window <= _INT32_MAX:
            model.context_token_limit_for_max_mode = entry.context_window
    if not use_parameters:
        return model
    if traits is None:
        # The parameterized picker selects a variant, not a bare model: one variant, the default non-Max
        # configuration, with no parameter values. Its string form is the model id itself, so a request that
        # names the variant (RequestedModel.is_variant_string_representation) still resolves to this model.
        model.variants.append(
            aiserver.AvailableModelsResponse.ModelVariantConfig(
                display_name=entry.display_name,
                is_max_mode=False,
                is_default_non_max_config=True,
                variant_string_representation=entry.model_id,
            )
        )
        return model
    model.parameter_definitions.extend(_parameter_definitions(traits))
    value_of = aiserver.RequestedModel.ModelParameterValue
    for index, variant in enumerate(picker_variants(traits)):
        label = entry.display_name if index == 0 else f"{entry.display_name} ({variant.label})"
        model.variants.append(
            aiserver.AvailableModelsResponse.ModelVariantConfig(
                parameter_values=[value_of(id=key, value=value) for key, value in variant.parameters],
                display_name=label,
                is_max_mode=variant.max_mode,
                is_default_non_max_config=index == 0,
                is_default_max_config=variant.max_mode,
                variant_string_representation=variant.string(entry.model_id),
            )
        )
    return model


def _traits(entry: CatalogModel) -> ReasoningTraits | None:
    spec = entry.provider
    return reasoning_traits(spec.kind.value, spec.base_url, entry.model_id)


_EFFORT_NAMES: Final = {Effort.LOW: "Low", Effort.MEDIUM: "Medium", Effort.HIGH: "High", Effort.MAX: "Max"}


def _parameter_definitions(traits: ReasoningTraits) -> list[aiserver.ModelParameterDefinition]:
    """The picker's controls for a reasoning model: a thinking switch, an effort level."""
    definition = aiserver.ModelParameterDefinition
    out = []
    if traits.switchable:
        values = [
            definition.BooleanParameterDefinition.BooleanParameterValue(value="true", display_name="On"),
            definition.BooleanParameterDefinition.BooleanParameterValue(value="false", display_name="Off"),
        ]
        out.append(
            definition(
                id=PARAMETER_THINKING,
                name="Thinking",
                markdown_tooltip="Let the model think before it answers.",
                parameter_type=definition.ModelParameterType(
                    boolean_parameter=definition.BooleanParameterDefinition(values=values)
                ),
            )
        )
    if traits.efforts:
        levels = [
            definition.EnumParameterDefinition.EnumParameterValue(
                value=effort.value, display_name=_EFFORT_NAMES[effort], increases_model_cost=effort is Effort.MAX
            )
            for effort in traits.efforts
        ]
        out.append(
            definition(
                id=PARAMETER_EFFORT,
                name="Effort",
                markdown_tooltip="How much the model thinks: more effort, better answers, more tokens.",
                parameter_type=definition.ModelParameterType(
                    enum_parameter=definition.EnumParameterDefinition(values=levels)
                ),
                is_cycleable_by_hotkey=True,
            )
        )
    return out


def _tooltip(entry: CatalogModel) -> str:
    lines = [f"**{entry.model_id}** via {entry.provider.name} ({entry.provider.kind.value})"]
    if entry.context_window is not None:
        lines.append(f"Context window: {entry.context_window:,} tokens")
    return "  \n".join(lines)


# --- GetUsableModels / GetDefaultModelForCli (agent.v1 and aiserver.v1) ----------------------------------


def model_details(entry: CatalogModel) -> agent.ModelDetails:
    """`agent.v1.ModelDetails` for one model: ids and names, and `thinking_details` for a model that reasons.

    No credentials: the keys stay in the daemon's environment, and the editor need not send any back
    (cursord routes by model id). No `max_mode`: the entry is the model, not its Max variant.
    """
    details = agent.ModelDetails(
        model_id=entry.model_id,
        display_model_id=entry.model_id,
        display_name=entry.display_name,
        display_name_short=entry.display_name,
    )
    if _traits(entry) is not None:
        details.thinking_details.SetInParent()
    return details


def usable_models_agent(catalog: ModelCatalog, request: agent.GetUsableModelsRequest) -> agent.GetUsableModelsResponse:
    """Exactly the configured models. `custom_model_ids` is ignored: only configured models can run."""
    return agent.GetUsableModelsResponse(models=[model_details(entry) for entry in catalog])


def usable_models_aiserver(
    catalog: ModelCatalog, request: aiserver.GetUsableModelsRequest
) -> agent.GetUsableModelsResponse:
    """`aiserver.v1.AiService/GetUsableModels`: the agent.v1 response (see the module docstring)."""
    return agent.GetUsableModelsResponse(models=[model_details(entry) for entry in catalog])


def default_model_for_cli(
    catalog: ModelCatalog, request: agent.GetDefaultModelForCliRequest | aiserver.GetDefaultModelForCliRequest
) -> agent.GetDefaultModelForCliResponse:
    """The first configured model, for either service (both carry the agent.v1 response on the wire).

    With no models, `model` is present but empty, as the reference answers an empty config; a
    client that reads `model.model_id` without checking presence gets "" instead of failing.
    """
    response = agent.GetDefaultModelForCliResponse()
    default = catalog.default_model()
    response.model.CopyFrom(model_details(default) if default is not None else agent.ModelDetails())
    return response


# --- ServerConfigService/GetServerConfig -------------------------------------------------------------

#: Identifies the config below; change it whenever the fields below change.
SERVER_CONFIG_VERSION: Final = "cursord-server-config-1"

#: A fixed 32-byte key, hex, for `indexing_config.default_{user,team}_path_encryption_key`. The editor and
#: its agent CLI derive the workspace's repository identity from it; without one the CLI cannot set that up
#: in a git workspace and its file tools fail. The key only obfuscates paths sent to Cursor's indexing
#: service, which cursord does not serve, so nothing is uploaded and a constant is enough; it stays the same
#: across restarts so the derived identities do.
_PATH_ENCRYPTION_KEY: Final = hashlib.sha256(b"cursord local path encryption key v1").hexdigest()


def server_config(
    request: aiserver.GetServerConfigRequest | None = None, *, agent_url: str | None = None
) -> aiserver.GetServerConfigResponse:
    """A minimal config: every field at its default (the editor's own behaviour) except these."""
    response = aiserver.GetServerConfigResponse(
        # Echoed by the editor in later requests (`x-cursor-config-version`); any stable value will do.
        config_version=SERVER_CONFIG_VERSION,
        indexing_config=aiserver.IndexingConfig(
            default_user_path_encryption_key=_PATH_ENCRYPTION_KEY,
            default_team_path_encryption_key=_PATH_ENCRYPTION_KEY,
        ),
        # Not set: cli_sandbox_default_enabled (whether the CLI sandboxes commands by default is the
        # editor's and the user's choice, not a backend's), and every kill switch (chat_config.disable_*,
        # ...), so no feature is turned off.
    )
    if agent_url is not None:
        # With HTTP/2 the editor runs its agent over AgentService/Run on a transport that ignores
        # http.proxy and goes to agentn_url: cursord's loopback TLS listener. HTTP/2 is left to the
        # editor's own setting (UNSPECIFIED), so its other features keep HTTP/2 as well.
        response.http2_config = aiserver.HTTP2_CONFIG_UNSPECIFIED
        response.agent_url_config.agentn_url = agent_url
    else:
        # No agent listener: HTTP/1.1 for everything, where the editor's agent runs over RunSSE +
        # BidiAppend through the proxy; over HTTP/2 it would go to Cursor's agent host instead.
        response.http2_config = aiserver.HTTP2_CONFIG_FORCE_ALL_DISABLED
    return response


# --- registration ------------------------------------------------------------------------------------


def model_rpc_parts(catalog: ModelCatalog, agent_url: Callable[[], str | None] = lambda: None) -> AppParts:
    """Every path in `MODEL_RPC_PATHS`, answered from `catalog`; `agent_url()` is the agent listener's URL
    when one is bound (see `server_config`)."""

    async def available(request: aiserver.AvailableModelsRequest) -> Message:
        return available_models(catalog, request)

    async def usable_aiserver(request: aiserver.GetUsableModelsRequest) -> Message:
        return usable_models_aiserver(catalog, request)

    async def usable_agent(request: agent.GetUsableModelsRequest) -> Message:
        return usable_models_agent(catalog, request)

    async def default_cli(
        request: agent.GetDefaultModelForCliRequest | aiserver.GetDefaultModelForCliRequest,
    ) -> Message:
        return default_model_for_cli(catalog, request)

    async def config(request: aiserver.GetServerConfigRequest) -> Message:
        return server_config(request, agent_url=agent_url())

    calls: dict[str, Callable[[Any], Awaitable[Message]]] = {
        AVAILABLE_MODELS_PATH: available,
        AISERVER_USABLE_MODELS_PATH: usable_aiserver,
        AGENT_USABLE_MODELS_PATH: usable_agent,
        AISERVER_DEFAULT_MODEL_FOR_CLI_PATH: default_cli,
        AGENT_DEFAULT_MODEL_FOR_CLI_PATH: default_cli,
        SERVER_CONFIG_PATH: config,
    }
    return AppParts(unary={path: UnaryMethod(kind, calls[path]) for path, kind in MODEL_RPC_PATHS.items()})
