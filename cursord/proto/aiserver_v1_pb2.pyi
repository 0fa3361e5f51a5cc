from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AvailableModelsScope(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    AVAILABLE_MODELS_SCOPE_UNSPECIFIED: _ClassVar[AvailableModelsScope]
    AVAILABLE_MODELS_SCOPE_USER_AVAILABLE: _ClassVar[AvailableModelsScope]
    AVAILABLE_MODELS_SCOPE_AUTOMATIONS: _ClassVar[AvailableModelsScope]
    AVAILABLE_MODELS_SCOPE_ADMIN_SETTINGS_ALL_APPLICATION_MODELS: _ClassVar[AvailableModelsScope]

class BugbotPlanType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BUGBOT_PLAN_TYPE_UNSPECIFIED: _ClassVar[BugbotPlanType]
    BUGBOT_PLAN_TYPE_TEAM: _ClassVar[BugbotPlanType]
    BUGBOT_PLAN_TYPE_USER: _ClassVar[BugbotPlanType]

class ButtonType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BUTTON_TYPE_UNSPECIFIED: _ClassVar[ButtonType]
    BUTTON_TYPE_LEADING: _ClassVar[ButtonType]
    BUTTON_TYPE_PRIMARY: _ClassVar[ButtonType]
    BUTTON_TYPE_SECONDARY: _ClassVar[ButtonType]

class ClientSurface(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLIENT_SURFACE_UNSPECIFIED: _ClassVar[ClientSurface]
    CLIENT_SURFACE_EDITOR: _ClassVar[ClientSurface]
    CLIENT_SURFACE_GLASS: _ClassVar[ClientSurface]

class ClientUpdateLevel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLIENT_UPDATE_LEVEL_UNSPECIFIED: _ClassVar[ClientUpdateLevel]
    CLIENT_UPDATE_LEVEL_NONE: _ClassVar[ClientUpdateLevel]
    CLIENT_UPDATE_LEVEL_RECOMMENDED: _ClassVar[ClientUpdateLevel]
    CLIENT_UPDATE_LEVEL_REQUIRED: _ClassVar[ClientUpdateLevel]

class CloudAgentEffortMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLOUD_AGENT_EFFORT_MODE_UNSPECIFIED: _ClassVar[CloudAgentEffortMode]
    CLOUD_AGENT_EFFORT_MODE_STANDARD: _ClassVar[CloudAgentEffortMode]
    CLOUD_AGENT_EFFORT_MODE_GRIND: _ClassVar[CloudAgentEffortMode]

class DisplayMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DISPLAY_MODE_UNSPECIFIED: _ClassVar[DisplayMode]
    DISPLAY_MODE_TOAST: _ClassVar[DisplayMode]
    DISPLAY_MODE_MODAL: _ClassVar[DisplayMode]

class Http2Config(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    HTTP2_CONFIG_UNSPECIFIED: _ClassVar[Http2Config]
    HTTP2_CONFIG_FORCE_ALL_DISABLED: _ClassVar[Http2Config]
    HTTP2_CONFIG_FORCE_ALL_ENABLED: _ClassVar[Http2Config]
    HTTP2_CONFIG_FORCE_BIDI_DISABLED: _ClassVar[Http2Config]
    HTTP2_CONFIG_FORCE_BIDI_ENABLED: _ClassVar[Http2Config]

class InAppAdTrigger(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    IN_APP_AD_TRIGGER_UNSPECIFIED: _ClassVar[InAppAdTrigger]
    IN_APP_AD_TRIGGER_MOUNT: _ClassVar[InAppAdTrigger]
    IN_APP_AD_TRIGGER_FIND_ISSUES: _ClassVar[InAppAdTrigger]
    IN_APP_AD_TRIGGER_GIT_PUSH: _ClassVar[InAppAdTrigger]
    IN_APP_AD_TRIGGER_COMMIT: _ClassVar[InAppAdTrigger]

class InferenceProviderWarningTrigger(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    INFERENCE_PROVIDER_WARNING_TRIGGER_UNSPECIFIED: _ClassVar[InferenceProviderWarningTrigger]
    INFERENCE_PROVIDER_WARNING_TRIGGER_ON_SELECT: _ClassVar[InferenceProviderWarningTrigger]
    INFERENCE_PROVIDER_WARNING_TRIGGER_ON_ERROR: _ClassVar[InferenceProviderWarningTrigger]

class RemoteConnectionType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    REMOTE_CONNECTION_TYPE_UNSPECIFIED: _ClassVar[RemoteConnectionType]
    REMOTE_CONNECTION_TYPE_LOCAL: _ClassVar[RemoteConnectionType]
    REMOTE_CONNECTION_TYPE_WSL: _ClassVar[RemoteConnectionType]
    REMOTE_CONNECTION_TYPE_SSH: _ClassVar[RemoteConnectionType]
    REMOTE_CONNECTION_TYPE_DEVCONTAINER: _ClassVar[RemoteConnectionType]
    REMOTE_CONNECTION_TYPE_DEVCONTAINER_SSH: _ClassVar[RemoteConnectionType]
    REMOTE_CONNECTION_TYPE_DEVCONTAINER_WSL: _ClassVar[RemoteConnectionType]
AVAILABLE_MODELS_SCOPE_UNSPECIFIED: AvailableModelsScope
AVAILABLE_MODELS_SCOPE_USER_AVAILABLE: AvailableModelsScope
AVAILABLE_MODELS_SCOPE_AUTOMATIONS: AvailableModelsScope
AVAILABLE_MODELS_SCOPE_ADMIN_SETTINGS_ALL_APPLICATION_MODELS: AvailableModelsScope
BUGBOT_PLAN_TYPE_UNSPECIFIED: BugbotPlanType
BUGBOT_PLAN_TYPE_TEAM: BugbotPlanType
BUGBOT_PLAN_TYPE_USER: BugbotPlanType
BUTTON_TYPE_UNSPECIFIED: ButtonType
BUTTON_TYPE_LEADING: ButtonType
BUTTON_TYPE_PRIMARY: ButtonType
BUTTON_TYPE_SECONDARY: ButtonType
CLIENT_SURFACE_UNSPECIFIED: ClientSurface
CLIENT_SURFACE_EDITOR: ClientSurface
CLIENT_SURFACE_GLASS: ClientSurface
CLIENT_UPDATE_LEVEL_UNSPECIFIED: ClientUpdateLevel
CLIENT_UPDATE_LEVEL_NONE: ClientUpdateLevel
CLIENT_UPDATE_LEVEL_RECOMMENDED: ClientUpdateLevel
CLIENT_UPDATE_LEVEL_REQUIRED: ClientUpdateLevel
CLOUD_AGENT_EFFORT_MODE_UNSPECIFIED: CloudAgentEffortMode
CLOUD_AGENT_EFFORT_MODE_STANDARD: CloudAgentEffortMode
CLOUD_AGENT_EFFORT_MODE_GRIND: CloudAgentEffortMode
DISPLAY_MODE_UNSPECIFIED: DisplayMode
DISPLAY_MODE_TOAST: DisplayMode
DISPLAY_MODE_MODAL: DisplayMode
HTTP2_CONFIG_UNSPECIFIED: Http2Config
HTTP2_CONFIG_FORCE_ALL_DISABLED: Http2Config
HTTP2_CONFIG_FORCE_ALL_ENABLED: Http2Config
HTTP2_CONFIG_FORCE_BIDI_DISABLED: Http2Config
HTTP2_CONFIG_FORCE_BIDI_ENABLED: Http2Config
IN_APP_AD_TRIGGER_UNSPECIFIED: InAppAdTrigger
IN_APP_AD_TRIGGER_MOUNT: InAppAdTrigger
IN_APP_AD_TRIGGER_FIND_ISSUES: InAppAdTrigger
IN_APP_AD_TRIGGER_GIT_PUSH: InAppAdTrigger
IN_APP_AD_TRIGGER_COMMIT: InAppAdTrigger
INFERENCE_PROVIDER_WARNING_TRIGGER_UNSPECIFIED: InferenceProviderWarningTrigger
INFERENCE_PROVIDER_WARNING_TRIGGER_ON_SELECT: InferenceProviderWarningTrigger
INFERENCE_PROVIDER_WARNING_TRIGGER_ON_ERROR: InferenceProviderWarningTrigger
REMOTE_CONNECTION_TYPE_UNSPECIFIED: RemoteConnectionType
REMOTE_CONNECTION_TYPE_LOCAL: RemoteConnectionType
REMOTE_CONNECTION_TYPE_WSL: RemoteConnectionType
REMOTE_CONNECTION_TYPE_SSH: RemoteConnectionType
REMOTE_CONNECTION_TYPE_DEVCONTAINER: RemoteConnectionType
REMOTE_CONNECTION_TYPE_DEVCONTAINER_SSH: RemoteConnectionType
REMOTE_CONNECTION_TYPE_DEVCONTAINER_WSL: RemoteConnectionType

class AdButton(_message.Message):
    __slots__ = ("text", "button_type", "external_url", "command_id", "client_action")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    BUTTON_TYPE_FIELD_NUMBER: _ClassVar[int]
    EXTERNAL_URL_FIELD_NUMBER: _ClassVar[int]
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    CLIENT_ACTION_FIELD_NUMBER: _ClassVar[int]
    text: str
    button_type: ButtonType
    external_url: str
    command_id: str
    client_action: ClientAction
    def __init__(self, text: _Optional[str] = ..., button_type: _Optional[_Union[ButtonType, str]] = ..., external_url: _Optional[str] = ..., command_id: _Optional[str] = ..., client_action: _Optional[_Union[ClientAction, _Mapping]] = ...) -> None: ...

class AdContent(_message.Message):
    __slots__ = ("tag", "title", "sections", "center_title")
    TAG_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    SECTIONS_FIELD_NUMBER: _ClassVar[int]
    CENTER_TITLE_FIELD_NUMBER: _ClassVar[int]
    tag: str
    title: str
    sections: _containers.RepeatedCompositeFieldContainer[AdSection]
    center_title: bool
    def __init__(self, tag: _Optional[str] = ..., title: _Optional[str] = ..., sections: _Optional[_Iterable[_Union[AdSection, _Mapping]]] = ..., center_title: _Optional[bool] = ...) -> None: ...

class AdHeader(_message.Message):
    __slots__ = ("banner_url", "banner_url_light", "banner_url_dark")
    BANNER_URL_FIELD_NUMBER: _ClassVar[int]
    BANNER_URL_LIGHT_FIELD_NUMBER: _ClassVar[int]
    BANNER_URL_DARK_FIELD_NUMBER: _ClassVar[int]
    banner_url: str
    banner_url_light: str
    banner_url_dark: str
    def __init__(self, banner_url: _Optional[str] = ..., banner_url_light: _Optional[str] = ..., banner_url_dark: _Optional[str] = ...) -> None: ...

class AdSection(_message.Message):
    __slots__ = ("icon_svg", "title", "description", "is_beta")
    ICON_SVG_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    IS_BETA_FIELD_NUMBER: _ClassVar[int]
    icon_svg: str
    title: str
    description: str
    is_beta: bool
    def __init__(self, icon_svg: _Optional[str] = ..., title: _Optional[str] = ..., description: _Optional[str] = ..., is_beta: _Optional[bool] = ...) -> None: ...

class AgentLayoutPolicy(_message.Message):
    __slots__ = ("allowed_action_ids", "denied_action_ids")
    ALLOWED_ACTION_IDS_FIELD_NUMBER: _ClassVar[int]
    DENIED_ACTION_IDS_FIELD_NUMBER: _ClassVar[int]
    allowed_action_ids: _containers.RepeatedScalarFieldContainer[str]
    denied_action_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, allowed_action_ids: _Optional[_Iterable[str]] = ..., denied_action_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class AgentTelemetryConfig(_message.Message):
    __slots__ = ("enabled",)
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    def __init__(self, enabled: _Optional[bool] = ...) -> None: ...

class AgentUrlConfig(_message.Message):
    __slots__ = ("agent_url", "agentn_url")
    AGENT_URL_FIELD_NUMBER: _ClassVar[int]
    AGENTN_URL_FIELD_NUMBER: _ClassVar[int]
    agent_url: str
    agentn_url: str
    def __init__(self, agent_url: _Optional[str] = ..., agentn_url: _Optional[str] = ...) -> None: ...

class ApiKeyCredentials(_message.Message):
    __slots__ = ("api_key", "base_url")
    API_KEY_FIELD_NUMBER: _ClassVar[int]
    BASE_URL_FIELD_NUMBER: _ClassVar[int]
    api_key: str
    base_url: str
    def __init__(self, api_key: _Optional[str] = ..., base_url: _Optional[str] = ...) -> None: ...

class AutoContextConfig(_message.Message):
    __slots__ = ("enabled", "enabled_fallback", "enabled_git_graph", "enabled_sem_search", "enabled_v2")
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    ENABLED_FALLBACK_FIELD_NUMBER: _ClassVar[int]
    ENABLED_GIT_GRAPH_FIELD_NUMBER: _ClassVar[int]
    ENABLED_SEM_SEARCH_FIELD_NUMBER: _ClassVar[int]
    ENABLED_V2_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    enabled_fallback: bool
    enabled_git_graph: bool
    enabled_sem_search: bool
    enabled_v2: bool
    def __init__(self, enabled: _Optional[bool] = ..., enabled_fallback: _Optional[bool] = ..., enabled_git_graph: _Optional[bool] = ..., enabled_sem_search: _Optional[bool] = ..., enabled_v2: _Optional[bool] = ...) -> None: ...

class AvailableModelsRequest(_message.Message):
    __slots__ = ("is_nightly", "include_long_context_models", "exclude_max_named_models", "additional_model_names", "use_model_parameters", "include_hidden_models", "do_not_use_markdown", "variants_will_be_shown_in_exploded_list", "for_automations", "scope", "use_react_model_picker", "use_cloud_agent_effort_modes")
    IS_NIGHTLY_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_LONG_CONTEXT_MODELS_FIELD_NUMBER: _ClassVar[int]
    EXCLUDE_MAX_NAMED_MODELS_FIELD_NUMBER: _ClassVar[int]
    ADDITIONAL_MODEL_NAMES_FIELD_NUMBER: _ClassVar[int]
    USE_MODEL_PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_HIDDEN_MODELS_FIELD_NUMBER: _ClassVar[int]
    DO_NOT_USE_MARKDOWN_FIELD_NUMBER: _ClassVar[int]
    VARIANTS_WILL_BE_SHOWN_IN_EXPLODED_LIST_FIELD_NUMBER: _ClassVar[int]
    FOR_AUTOMATIONS_FIELD_NUMBER: _ClassVar[int]
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    USE_REACT_MODEL_PICKER_FIELD_NUMBER: _ClassVar[int]
    USE_CLOUD_AGENT_EFFORT_MODES_FIELD_NUMBER: _ClassVar[int]
    is_nightly: bool
    include_long_context_models: bool
    exclude_max_named_models: bool
    additional_model_names: _containers.RepeatedScalarFieldContainer[str]
    use_model_parameters: bool
    include_hidden_models: bool
    do_not_use_markdown: bool
    variants_will_be_shown_in_exploded_list: bool
    for_automations: bool
    scope: AvailableModelsScope
    use_react_model_picker: bool
    use_cloud_agent_effort_modes: bool
    def __init__(self, is_nightly: _Optional[bool] = ..., include_long_context_models: _Optional[bool] = ..., exclude_max_named_models: _Optional[bool] = ..., additional_model_names: _Optional[_Iterable[str]] = ..., use_model_parameters: _Optional[bool] = ..., include_hidden_models: _Optional[bool] = ..., do_not_use_markdown: _Optional[bool] = ..., variants_will_be_shown_in_exploded_list: _Optional[bool] = ..., for_automations: _Optional[bool] = ..., scope: _Optional[_Union[AvailableModelsScope, str]] = ..., use_react_model_picker: _Optional[bool] = ..., use_cloud_agent_effort_modes: _Optional[bool] = ...) -> None: ...

class AvailableModelsResponse(_message.Message):
    __slots__ = ("models", "model_names", "composer_model_config", "cmd_k_model_config", "background_composer_model_config", "plan_execution_model_config", "spec_model_config", "deep_search_model_config", "quick_agent_model_config", "subagent_model_configs", "use_model_parameters", "disable_unused_models_after_n_hours", "upgrade_unchanged_models_after_n_hours", "display_configuration")
    class DegradationStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        DEGRADATION_STATUS_UNSPECIFIED: _ClassVar[AvailableModelsResponse.DegradationStatus]
        DEGRADATION_STATUS_DEGRADED: _ClassVar[AvailableModelsResponse.DegradationStatus]
        DEGRADATION_STATUS_DISABLED: _ClassVar[AvailableModelsResponse.DegradationStatus]
    DEGRADATION_STATUS_UNSPECIFIED: AvailableModelsResponse.DegradationStatus
    DEGRADATION_STATUS_DEGRADED: AvailableModelsResponse.DegradationStatus
    DEGRADATION_STATUS_DISABLED: AvailableModelsResponse.DegradationStatus
    class ModelVendorId(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        MODEL_VENDOR_ID_UNSPECIFIED: _ClassVar[AvailableModelsResponse.ModelVendorId]
        MODEL_VENDOR_ID_ANTHROPIC: _ClassVar[AvailableModelsResponse.ModelVendorId]
        MODEL_VENDOR_ID_OPENAI: _ClassVar[AvailableModelsResponse.ModelVendorId]
        MODEL_VENDOR_ID_GOOGLE: _ClassVar[AvailableModelsResponse.ModelVendorId]
        MODEL_VENDOR_ID_XAI: _ClassVar[AvailableModelsResponse.ModelVendorId]
        MODEL_VENDOR_ID_MOONSHOT: _ClassVar[AvailableModelsResponse.ModelVendorId]
        MODEL_VENDOR_ID_CURSOR: _ClassVar[AvailableModelsResponse.ModelVendorId]
        MODEL_VENDOR_ID_NVIDIA: _ClassVar[AvailableModelsResponse.ModelVendorId]
        MODEL_VENDOR_ID_ZAI: _ClassVar[AvailableModelsResponse.ModelVendorId]
    MODEL_VENDOR_ID_UNSPECIFIED: AvailableModelsResponse.ModelVendorId
    MODEL_VENDOR_ID_ANTHROPIC: AvailableModelsResponse.ModelVendorId
    MODEL_VENDOR_ID_OPENAI: AvailableModelsResponse.ModelVendorId
    MODEL_VENDOR_ID_GOOGLE: AvailableModelsResponse.ModelVendorId
    MODEL_VENDOR_ID_XAI: AvailableModelsResponse.ModelVendorId
    MODEL_VENDOR_ID_MOONSHOT: AvailableModelsResponse.ModelVendorId
    MODEL_VENDOR_ID_CURSOR: AvailableModelsResponse.ModelVendorId
    MODEL_VENDOR_ID_NVIDIA: AvailableModelsResponse.ModelVendorId
    MODEL_VENDOR_ID_ZAI: AvailableModelsResponse.ModelVendorId
    class AvailableModel(_message.Message):
        __slots__ = ("name", "default_on", "is_long_context_only", "is_chat_only", "supports_agent", "degradation_status", "price", "tooltip_data", "tooltip_data_for_max_mode", "supports_thinking", "supports_images", "supports_auto_context", "auto_context_max_tokens", "auto_context_extended_max_tokens", "supports_max_mode", "supports_non_max_mode", "context_token_limit", "context_token_limit_for_max_mode", "client_display_name", "server_model_name", "is_recommended_for_background_composer", "supports_plan_mode", "supports_sandboxing", "is_user_added", "inputbox_short_model_name", "supports_cmd_k", "only_supports_cmd_k", "background_composer_sort_order", "parameter_definitions", "variants", "cloud_agent_effort_mode", "cloud_migrate_to_model", "upgrade_model_id", "is_hidden", "legacy_slugs", "id_aliases", "named_model_section_index", "tagline", "visible_in_routed_model_view", "vendor_name", "vendor", "default_disabled_in_admin_allowlist", "cloud_agent_effort_modes", "supports_smart_mode_classifier")
        NAME_FIELD_NUMBER: _ClassVar[int]
        DEFAULT_ON_FIELD_NUMBER: _ClassVar[int]
        IS_LONG_CONTEXT_ONLY_FIELD_NUMBER: _ClassVar[int]
        IS_CHAT_ONLY_FIELD_NUMBER: _ClassVar[int]
        SUPPORTS_AGENT_FIELD_NUMBER: _ClassVar[int]
        DEGRADATION_STATUS_FIELD_NUMBER: _ClassVar[int]
        PRICE_FIELD_NUMBER: _ClassVar[int]
        TOOLTIP_DATA_FIELD_NUMBER: _ClassVar[int]
        TOOLTIP_DATA_FOR_MAX_MODE_FIELD_NUMBER: _ClassVar[int]
        SUPPORTS_THINKING_FIELD_NUMBER: _ClassVar[int]
        SUPPORTS_IMAGES_FIELD_NUMBER: _ClassVar[int]
        SUPPORTS_AUTO_CONTEXT_FIELD_NUMBER: _ClassVar[int]
        AUTO_CONTEXT_MAX_TOKENS_FIELD_NUMBER: _ClassVar[int]
        AUTO_CONTEXT_EXTENDED_MAX_TOKENS_FIELD_NUMBER: _ClassVar[int]
        SUPPORTS_MAX_MODE_FIELD_NUMBER: _ClassVar[int]
        SUPPORTS_NON_MAX_MODE_FIELD_NUMBER: _ClassVar[int]
        CONTEXT_TOKEN_LIMIT_FIELD_NUMBER: _ClassVar[int]
        CONTEXT_TOKEN_LIMIT_FOR_MAX_MODE_FIELD_NUMBER: _ClassVar[int]
        CLIENT_DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
        SERVER_MODEL_NAME_FIELD_NUMBER: _ClassVar[int]
        IS_RECOMMENDED_FOR_BACKGROUND_COMPOSER_FIELD_NUMBER: _ClassVar[int]
        SUPPORTS_PLAN_MODE_FIELD_NUMBER: _ClassVar[int]
        SUPPORTS_SANDBOXING_FIELD_NUMBER: _ClassVar[int]
        IS_USER_ADDED_FIELD_NUMBER: _ClassVar[int]
        INPUTBOX_SHORT_MODEL_NAME_FIELD_NUMBER: _ClassVar[int]
        SUPPORTS_CMD_K_FIELD_NUMBER: _ClassVar[int]
        ONLY_SUPPORTS_CMD_K_FIELD_NUMBER: _ClassVar[int]
        BACKGROUND_COMPOSER_SORT_ORDER_FIELD_NUMBER: _ClassVar[int]
        PARAMETER_DEFINITIONS_FIELD_NUMBER: _ClassVar[int]
        VARIANTS_FIELD_NUMBER: _ClassVar[int]
        CLOUD_AGENT_EFFORT_MODE_FIELD_NUMBER: _ClassVar[int]
        CLOUD_MIGRATE_TO_MODEL_FIELD_NUMBER: _ClassVar[int]
        UPGRADE_MODEL_ID_FIELD_NUMBER: _ClassVar[int]
        IS_HIDDEN_FIELD_NUMBER: _ClassVar[int]
        LEGACY_SLUGS_FIELD_NUMBER: _ClassVar[int]
        ID_ALIASES_FIELD_NUMBER: _ClassVar[int]
        NAMED_MODEL_SECTION_INDEX_FIELD_NUMBER: _ClassVar[int]
        TAGLINE_FIELD_NUMBER: _ClassVar[int]
        VISIBLE_IN_ROUTED_MODEL_VIEW_FIELD_NUMBER: _ClassVar[int]
        VENDOR_NAME_FIELD_NUMBER: _ClassVar[int]
        VENDOR_FIELD_NUMBER: _ClassVar[int]
        DEFAULT_DISABLED_IN_ADMIN_ALLOWLIST_FIELD_NUMBER: _ClassVar[int]
        CLOUD_AGENT_EFFORT_MODES_FIELD_NUMBER: _ClassVar[int]
        SUPPORTS_SMART_MODE_CLASSIFIER_FIELD_NUMBER: _ClassVar[int]
        name: str
        default_on: bool
        is_long_context_only: bool
        is_chat_only: bool
        supports_agent: bool
        degradation_status: AvailableModelsResponse.DegradationStatus
        price: float
        tooltip_data: AvailableModelsResponse.TooltipData
        tooltip_data_for_max_mode: AvailableModelsResponse.TooltipData
        supports_thinking: bool
        supports_images: bool
        supports_auto_context: bool
        auto_context_max_tokens: int
        auto_context_extended_max_tokens: int
        supports_max_mode: bool
        supports_non_max_mode: bool
        context_token_limit: int
        context_token_limit_for_max_mode: int
        client_display_name: str
        server_model_name: str
        is_recommended_for_background_composer: bool
        supports_plan_mode: bool
        supports_sandboxing: bool
        is_user_added: bool
        inputbox_short_model_name: str
        supports_cmd_k: bool
        only_supports_cmd_k: bool
        background_composer_sort_order: int
        parameter_definitions: _containers.RepeatedCompositeFieldContainer[ModelParameterDefinition]
        variants: _containers.RepeatedCompositeFieldContainer[AvailableModelsResponse.ModelVariantConfig]
        cloud_agent_effort_mode: CloudAgentEffortMode
        cloud_migrate_to_model: str
        upgrade_model_id: str
        is_hidden: bool
        legacy_slugs: _containers.RepeatedScalarFieldContainer[str]
        id_aliases: _containers.RepeatedScalarFieldContainer[str]
        named_model_section_index: int
        tagline: str
        visible_in_routed_model_view: bool
        vendor_name: str
        vendor: AvailableModelsResponse.ModelVendor
        default_disabled_in_admin_allowlist: bool
        cloud_agent_effort_modes: _containers.RepeatedScalarFieldContainer[CloudAgentEffortMode]
        supports_smart_mode_classifier: bool
        def __init__(self, name: _Optional[str] = ..., default_on: _Optional[bool] = ..., is_long_context_only: _Optional[bool] = ..., is_chat_only: _Optional[bool] = ..., supports_agent: _Optional[bool] = ..., degradation_status: _Optional[_Union[AvailableModelsResponse.DegradationStatus, str]] = ..., price: _Optional[float] = ..., tooltip_data: _Optional[_Union[AvailableModelsResponse.TooltipData, _Mapping]] = ..., tooltip_data_for_max_mode: _Optional[_Union[AvailableModelsResponse.TooltipData, _Mapping]] = ..., supports_thinking: _Optional[bool] = ..., supports_images: _Optional[bool] = ..., supports_auto_context: _Optional[bool] = ..., auto_context_max_tokens: _Optional[int] = ..., auto_context_extended_max_tokens: _Optional[int] = ..., supports_max_mode: _Optional[bool] = ..., supports_non_max_mode: _Optional[bool] = ..., context_token_limit: _Optional[int] = ..., context_token_limit_for_max_mode: _Optional[int] = ..., client_display_name: _Optional[str] = ..., server_model_name: _Optional[str] = ..., is_recommended_for_background_composer: _Optional[bool] = ..., supports_plan_mode: _Optional[bool] = ..., supports_sandboxing: _Optional[bool] = ..., is_user_added: _Optional[bool] = ..., inputbox_short_model_name: _Optional[str] = ..., supports_cmd_k: _Optional[bool] = ..., only_supports_cmd_k: _Optional[bool] = ..., background_composer_sort_order: _Optional[int] = ..., parameter_definitions: _Optional[_Iterable[_Union[ModelParameterDefinition, _Mapping]]] = ..., variants: _Optional[_Iterable[_Union[AvailableModelsResponse.ModelVariantConfig, _Mapping]]] = ..., cloud_agent_effort_mode: _Optional[_Union[CloudAgentEffortMode, str]] = ..., cloud_migrate_to_model: _Optional[str] = ..., upgrade_model_id: _Optional[str] = ..., is_hidden: _Optional[bool] = ..., legacy_slugs: _Optional[_Iterable[str]] = ..., id_aliases: _Optional[_Iterable[str]] = ..., named_model_section_index: _Optional[int] = ..., tagline: _Optional[str] = ..., visible_in_routed_model_view: _Optional[bool] = ..., vendor_name: _Optional[str] = ..., vendor: _Optional[_Union[AvailableModelsResponse.ModelVendor, _Mapping]] = ..., default_disabled_in_admin_allowlist: _Optional[bool] = ..., cloud_agent_effort_modes: _Optional[_Iterable[_Union[CloudAgentEffortMode, str]]] = ..., supports_smart_mode_classifier: _Optional[bool] = ...) -> None: ...
    class ConfirmationDialogue(_message.Message):
        __slots__ = ("title", "body", "key", "blocks_submission")
        TITLE_FIELD_NUMBER: _ClassVar[int]
        BODY_FIELD_NUMBER: _ClassVar[int]
        KEY_FIELD_NUMBER: _ClassVar[int]
        BLOCKS_SUBMISSION_FIELD_NUMBER: _ClassVar[int]
        title: str
        body: str
        key: str
        blocks_submission: bool
        def __init__(self, title: _Optional[str] = ..., body: _Optional[str] = ..., key: _Optional[str] = ..., blocks_submission: _Optional[bool] = ...) -> None: ...
    class FeatureModelConfig(_message.Message):
        __slots__ = ("default_model", "fallback_models", "best_of_n_default_models")
        DEFAULT_MODEL_FIELD_NUMBER: _ClassVar[int]
        FALLBACK_MODELS_FIELD_NUMBER: _ClassVar[int]
        BEST_OF_N_DEFAULT_MODELS_FIELD_NUMBER: _ClassVar[int]
        default_model: str
        fallback_models: _containers.RepeatedScalarFieldContainer[str]
        best_of_n_default_models: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, default_model: _Optional[str] = ..., fallback_models: _Optional[_Iterable[str]] = ..., best_of_n_default_models: _Optional[_Iterable[str]] = ...) -> None: ...
    class ModelPickerDisplayConfiguration(_message.Message):
        __slots__ = ("routed_model_view_config", "named_models_view_config")
        class NamedModelsViewConfig(_message.Message):
            __slots__ = ("named_view_to_routed_model_view_toggle", "named_view_to_routed_model_view_no_button", "named_view_to_routed_model_view_button")
            class NamedViewToRoutedModelViewButton(_message.Message):
                __slots__ = ("markdown",)
                MARKDOWN_FIELD_NUMBER: _ClassVar[int]
                markdown: str
                def __init__(self, markdown: _Optional[str] = ...) -> None: ...
            class NamedViewToRoutedModelViewNoButton(_message.Message):
                __slots__ = ()
                def __init__(self) -> None: ...
            class NamedViewToRoutedModelViewToggle(_message.Message):
                __slots__ = ("markdown",)
                MARKDOWN_FIELD_NUMBER: _ClassVar[int]
                markdown: str
                def __init__(self, markdown: _Optional[str] = ...) -> None: ...
            NAMED_VIEW_TO_ROUTED_MODEL_VIEW_TOGGLE_FIELD_NUMBER: _ClassVar[int]
            NAMED_VIEW_TO_ROUTED_MODEL_VIEW_NO_BUTTON_FIELD_NUMBER: _ClassVar[int]
            NAMED_VIEW_TO_ROUTED_MODEL_VIEW_BUTTON_FIELD_NUMBER: _ClassVar[int]
            named_view_to_routed_model_view_toggle: AvailableModelsResponse.ModelPickerDisplayConfiguration.NamedModelsViewConfig.NamedViewToRoutedModelViewToggle
            named_view_to_routed_model_view_no_button: AvailableModelsResponse.ModelPickerDisplayConfiguration.NamedModelsViewConfig.NamedViewToRoutedModelViewNoButton
            named_view_to_routed_model_view_button: AvailableModelsResponse.ModelPickerDisplayConfiguration.NamedModelsViewConfig.NamedViewToRoutedModelViewButton
            def __init__(self, named_view_to_routed_model_view_toggle: _Optional[_Union[AvailableModelsResponse.ModelPickerDisplayConfiguration.NamedModelsViewConfig.NamedViewToRoutedModelViewToggle, _Mapping]] = ..., named_view_to_routed_model_view_no_button: _Optional[_Union[AvailableModelsResponse.ModelPickerDisplayConfiguration.NamedModelsViewConfig.NamedViewToRoutedModelViewNoButton, _Mapping]] = ..., named_view_to_routed_model_view_button: _Optional[_Union[AvailableModelsResponse.ModelPickerDisplayConfiguration.NamedModelsViewConfig.NamedViewToRoutedModelViewButton, _Mapping]] = ...) -> None: ...
        class RoutedModelViewConfig(_message.Message):
            __slots__ = ("title", "routed_model_view_to_named_view_toggle", "routed_model_view_to_named_view_button", "hide_search_bar", "hide_routed_model_view")
            class RoutedModelViewToNamedViewButton(_message.Message):
                __slots__ = ("markdown",)
                MARKDOWN_FIELD_NUMBER: _ClassVar[int]
                markdown: str
                def __init__(self, markdown: _Optional[str] = ...) -> None: ...
            class RoutedModelViewToNamedViewToggle(_message.Message):
                __slots__ = ("title_markdown", "subtitle", "set_to_last_named_model")
                TITLE_MARKDOWN_FIELD_NUMBER: _ClassVar[int]
                SUBTITLE_FIELD_NUMBER: _ClassVar[int]
                SET_TO_LAST_NAMED_MODEL_FIELD_NUMBER: _ClassVar[int]
                title_markdown: str
                subtitle: str
                set_to_last_named_model: bool
                def __init__(self, title_markdown: _Optional[str] = ..., subtitle: _Optional[str] = ..., set_to_last_named_model: _Optional[bool] = ...) -> None: ...
            TITLE_FIELD_NUMBER: _ClassVar[int]
            ROUTED_MODEL_VIEW_TO_NAMED_VIEW_TOGGLE_FIELD_NUMBER: _ClassVar[int]
            ROUTED_MODEL_VIEW_TO_NAMED_VIEW_BUTTON_FIELD_NUMBER: _ClassVar[int]
            HIDE_SEARCH_BAR_FIELD_NUMBER: _ClassVar[int]
            HIDE_ROUTED_MODEL_VIEW_FIELD_NUMBER: _ClassVar[int]
            title: str
            routed_model_view_to_named_view_toggle: AvailableModelsResponse.ModelPickerDisplayConfiguration.RoutedModelViewConfig.RoutedModelViewToNamedViewToggle
            routed_model_view_to_named_view_button: AvailableModelsResponse.ModelPickerDisplayConfiguration.RoutedModelViewConfig.RoutedModelViewToNamedViewButton
            hide_search_bar: bool
            hide_routed_model_view: bool
            def __init__(self, title: _Optional[str] = ..., routed_model_view_to_named_view_toggle: _Optional[_Union[AvailableModelsResponse.ModelPickerDisplayConfiguration.RoutedModelViewConfig.RoutedModelViewToNamedViewToggle, _Mapping]] = ..., routed_model_view_to_named_view_button: _Optional[_Union[AvailableModelsResponse.ModelPickerDisplayConfiguration.RoutedModelViewConfig.RoutedModelViewToNamedViewButton, _Mapping]] = ..., hide_search_bar: _Optional[bool] = ..., hide_routed_model_view: _Optional[bool] = ...) -> None: ...
        ROUTED_MODEL_VIEW_CONFIG_FIELD_NUMBER: _ClassVar[int]
        NAMED_MODELS_VIEW_CONFIG_FIELD_NUMBER: _ClassVar[int]
        routed_model_view_config: AvailableModelsResponse.ModelPickerDisplayConfiguration.RoutedModelViewConfig
        named_models_view_config: AvailableModelsResponse.ModelPickerDisplayConfiguration.NamedModelsViewConfig
        def __init__(self, routed_model_view_config: _Optional[_Union[AvailableModelsResponse.ModelPickerDisplayConfiguration.RoutedModelViewConfig, _Mapping]] = ..., named_models_view_config: _Optional[_Union[AvailableModelsResponse.ModelPickerDisplayConfiguration.NamedModelsViewConfig, _Mapping]] = ...) -> None: ...
    class ModelVariantConfig(_message.Message):
        __slots__ = ("parameter_values", "display_name", "display_name_outside_picker", "is_max_mode", "is_default_max_config", "is_default_non_max_config", "tooltip_data", "tagline", "variant_string_representation", "confirmation_dialogue", "legacy_slug")
        PARAMETER_VALUES_FIELD_NUMBER: _ClassVar[int]
        DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
        DISPLAY_NAME_OUTSIDE_PICKER_FIELD_NUMBER: _ClassVar[int]
        IS_MAX_MODE_FIELD_NUMBER: _ClassVar[int]
        IS_DEFAULT_MAX_CONFIG_FIELD_NUMBER: _ClassVar[int]
        IS_DEFAULT_NON_MAX_CONFIG_FIELD_NUMBER: _ClassVar[int]
        TOOLTIP_DATA_FIELD_NUMBER: _ClassVar[int]
        TAGLINE_FIELD_NUMBER: _ClassVar[int]
        VARIANT_STRING_REPRESENTATION_FIELD_NUMBER: _ClassVar[int]
        CONFIRMATION_DIALOGUE_FIELD_NUMBER: _ClassVar[int]
        LEGACY_SLUG_FIELD_NUMBER: _ClassVar[int]
        parameter_values: _containers.RepeatedCompositeFieldContainer[RequestedModel.ModelParameterValue]
        display_name: str
        display_name_outside_picker: str
        is_max_mode: bool
        is_default_max_config: bool
        is_default_non_max_config: bool
        tooltip_data: AvailableModelsResponse.TooltipData
        tagline: str
        variant_string_representation: str
        confirmation_dialogue: AvailableModelsResponse.ConfirmationDialogue
        legacy_slug: str
        def __init__(self, parameter_values: _Optional[_Iterable[_Union[RequestedModel.ModelParameterValue, _Mapping]]] = ..., display_name: _Optional[str] = ..., display_name_outside_picker: _Optional[str] = ..., is_max_mode: _Optional[bool] = ..., is_default_max_config: _Optional[bool] = ..., is_default_non_max_config: _Optional[bool] = ..., tooltip_data: _Optional[_Union[AvailableModelsResponse.TooltipData, _Mapping]] = ..., tagline: _Optional[str] = ..., variant_string_representation: _Optional[str] = ..., confirmation_dialogue: _Optional[_Union[AvailableModelsResponse.ConfirmationDialogue, _Mapping]] = ..., legacy_slug: _Optional[str] = ...) -> None: ...
    class ModelVendor(_message.Message):
        __slots__ = ("id", "display_name")
        ID_FIELD_NUMBER: _ClassVar[int]
        DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
        id: AvailableModelsResponse.ModelVendorId
        display_name: str
        def __init__(self, id: _Optional[_Union[AvailableModelsResponse.ModelVendorId, str]] = ..., display_name: _Optional[str] = ...) -> None: ...
    class TooltipData(_message.Message):
        __slots__ = ("primary_text", "secondary_text", "secondary_warning_text", "icon", "tertiary_text", "tertiary_text_url", "markdown_content")
        PRIMARY_TEXT_FIELD_NUMBER: _ClassVar[int]
        SECONDARY_TEXT_FIELD_NUMBER: _ClassVar[int]
        SECONDARY_WARNING_TEXT_FIELD_NUMBER: _ClassVar[int]
        ICON_FIELD_NUMBER: _ClassVar[int]
        TERTIARY_TEXT_FIELD_NUMBER: _ClassVar[int]
        TERTIARY_TEXT_URL_FIELD_NUMBER: _ClassVar[int]
        MARKDOWN_CONTENT_FIELD_NUMBER: _ClassVar[int]
        primary_text: str
        secondary_text: str
        secondary_warning_text: bool
        icon: str
        tertiary_text: str
        tertiary_text_url: str
        markdown_content: str
        def __init__(self, primary_text: _Optional[str] = ..., secondary_text: _Optional[str] = ..., secondary_warning_text: _Optional[bool] = ..., icon: _Optional[str] = ..., tertiary_text: _Optional[str] = ..., tertiary_text_url: _Optional[str] = ..., markdown_content: _Optional[str] = ...) -> None: ...
    class SubagentModelConfigsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: AvailableModelsResponse.FeatureModelConfig
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[AvailableModelsResponse.FeatureModelConfig, _Mapping]] = ...) -> None: ...
    MODELS_FIELD_NUMBER: _ClassVar[int]
    MODEL_NAMES_FIELD_NUMBER: _ClassVar[int]
    COMPOSER_MODEL_CONFIG_FIELD_NUMBER: _ClassVar[int]
    CMD_K_MODEL_CONFIG_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_COMPOSER_MODEL_CONFIG_FIELD_NUMBER: _ClassVar[int]
    PLAN_EXECUTION_MODEL_CONFIG_FIELD_NUMBER: _ClassVar[int]
    SPEC_MODEL_CONFIG_FIELD_NUMBER: _ClassVar[int]
    DEEP_SEARCH_MODEL_CONFIG_FIELD_NUMBER: _ClassVar[int]
    QUICK_AGENT_MODEL_CONFIG_FIELD_NUMBER: _ClassVar[int]
    SUBAGENT_MODEL_CONFIGS_FIELD_NUMBER: _ClassVar[int]
    USE_MODEL_PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    DISABLE_UNUSED_MODELS_AFTER_N_HOURS_FIELD_NUMBER: _ClassVar[int]
    UPGRADE_UNCHANGED_MODELS_AFTER_N_HOURS_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_CONFIGURATION_FIELD_NUMBER: _ClassVar[int]
    models: _containers.RepeatedCompositeFieldContainer[AvailableModelsResponse.AvailableModel]
    model_names: _containers.RepeatedScalarFieldContainer[str]
    composer_model_config: AvailableModelsResponse.FeatureModelConfig
    cmd_k_model_config: AvailableModelsResponse.FeatureModelConfig
    background_composer_model_config: AvailableModelsResponse.FeatureModelConfig
    plan_execution_model_config: AvailableModelsResponse.FeatureModelConfig
    spec_model_config: AvailableModelsResponse.FeatureModelConfig
    deep_search_model_config: AvailableModelsResponse.FeatureModelConfig
    quick_agent_model_config: AvailableModelsResponse.FeatureModelConfig
    subagent_model_configs: _containers.MessageMap[str, AvailableModelsResponse.FeatureModelConfig]
    use_model_parameters: bool
    disable_unused_models_after_n_hours: int
    upgrade_unchanged_models_after_n_hours: int
    display_configuration: AvailableModelsResponse.ModelPickerDisplayConfiguration
    def __init__(self, models: _Optional[_Iterable[_Union[AvailableModelsResponse.AvailableModel, _Mapping]]] = ..., model_names: _Optional[_Iterable[str]] = ..., composer_model_config: _Optional[_Union[AvailableModelsResponse.FeatureModelConfig, _Mapping]] = ..., cmd_k_model_config: _Optional[_Union[AvailableModelsResponse.FeatureModelConfig, _Mapping]] = ..., background_composer_model_config: _Optional[_Union[AvailableModelsResponse.FeatureModelConfig, _Mapping]] = ..., plan_execution_model_config: _Optional[_Union[AvailableModelsResponse.FeatureModelConfig, _Mapping]] = ..., spec_model_config: _Optional[_Union[AvailableModelsResponse.FeatureModelConfig, _Mapping]] = ..., deep_search_model_config: _Optional[_Union[AvailableModelsResponse.FeatureModelConfig, _Mapping]] = ..., quick_agent_model_config: _Optional[_Union[AvailableModelsResponse.FeatureModelConfig, _Mapping]] = ..., subagent_model_configs: _Optional[_Mapping[str, AvailableModelsResponse.FeatureModelConfig]] = ..., use_model_parameters: _Optional[bool] = ..., disable_unused_models_after_n_hours: _Optional[int] = ..., upgrade_unchanged_models_after_n_hours: _Optional[int] = ..., display_configuration: _Optional[_Union[AvailableModelsResponse.ModelPickerDisplayConfiguration, _Mapping]] = ...) -> None: ...

class AzureCredentials(_message.Message):
    __slots__ = ("api_key", "base_url", "deployment")
    API_KEY_FIELD_NUMBER: _ClassVar[int]
    BASE_URL_FIELD_NUMBER: _ClassVar[int]
    DEPLOYMENT_FIELD_NUMBER: _ClassVar[int]
    api_key: str
    base_url: str
    deployment: str
    def __init__(self, api_key: _Optional[str] = ..., base_url: _Optional[str] = ..., deployment: _Optional[str] = ...) -> None: ...

class AzureState(_message.Message):
    __slots__ = ("api_key", "base_url", "deployment", "use_azure")
    API_KEY_FIELD_NUMBER: _ClassVar[int]
    BASE_URL_FIELD_NUMBER: _ClassVar[int]
    DEPLOYMENT_FIELD_NUMBER: _ClassVar[int]
    USE_AZURE_FIELD_NUMBER: _ClassVar[int]
    api_key: str
    base_url: str
    deployment: str
    use_azure: bool
    def __init__(self, api_key: _Optional[str] = ..., base_url: _Optional[str] = ..., deployment: _Optional[str] = ..., use_azure: _Optional[bool] = ...) -> None: ...

class BackgroundComposerConfig(_message.Message):
    __slots__ = ("enable_background_agent", "show_background_agent_in_beta_settings", "window_in_window_preload_count", "window_in_window_ping_interval_ms", "show_background_agent_disclaimer", "show_background_agent_slack_ad", "show_background_agent_history_action", "max_window_in_windows", "use_modal_experience")
    ENABLE_BACKGROUND_AGENT_FIELD_NUMBER: _ClassVar[int]
    SHOW_BACKGROUND_AGENT_IN_BETA_SETTINGS_FIELD_NUMBER: _ClassVar[int]
    WINDOW_IN_WINDOW_PRELOAD_COUNT_FIELD_NUMBER: _ClassVar[int]
    WINDOW_IN_WINDOW_PING_INTERVAL_MS_FIELD_NUMBER: _ClassVar[int]
    SHOW_BACKGROUND_AGENT_DISCLAIMER_FIELD_NUMBER: _ClassVar[int]
    SHOW_BACKGROUND_AGENT_SLACK_AD_FIELD_NUMBER: _ClassVar[int]
    SHOW_BACKGROUND_AGENT_HISTORY_ACTION_FIELD_NUMBER: _ClassVar[int]
    MAX_WINDOW_IN_WINDOWS_FIELD_NUMBER: _ClassVar[int]
    USE_MODAL_EXPERIENCE_FIELD_NUMBER: _ClassVar[int]
    enable_background_agent: bool
    show_background_agent_in_beta_settings: bool
    window_in_window_preload_count: int
    window_in_window_ping_interval_ms: float
    show_background_agent_disclaimer: bool
    show_background_agent_slack_ad: bool
    show_background_agent_history_action: bool
    max_window_in_windows: int
    use_modal_experience: bool
    def __init__(self, enable_background_agent: _Optional[bool] = ..., show_background_agent_in_beta_settings: _Optional[bool] = ..., window_in_window_preload_count: _Optional[int] = ..., window_in_window_ping_interval_ms: _Optional[float] = ..., show_background_agent_disclaimer: _Optional[bool] = ..., show_background_agent_slack_ad: _Optional[bool] = ..., show_background_agent_history_action: _Optional[bool] = ..., max_window_in_windows: _Optional[int] = ..., use_modal_experience: _Optional[bool] = ...) -> None: ...

class BedrockCredentials(_message.Message):
    __slots__ = ("access_key", "secret_key", "region", "session_token")
    ACCESS_KEY_FIELD_NUMBER: _ClassVar[int]
    SECRET_KEY_FIELD_NUMBER: _ClassVar[int]
    REGION_FIELD_NUMBER: _ClassVar[int]
    SESSION_TOKEN_FIELD_NUMBER: _ClassVar[int]
    access_key: str
    secret_key: str
    region: str
    session_token: str
    def __init__(self, access_key: _Optional[str] = ..., secret_key: _Optional[str] = ..., region: _Optional[str] = ..., session_token: _Optional[str] = ...) -> None: ...

class BedrockState(_message.Message):
    __slots__ = ("access_key", "secret_key", "region", "use_bedrock", "session_token")
    ACCESS_KEY_FIELD_NUMBER: _ClassVar[int]
    SECRET_KEY_FIELD_NUMBER: _ClassVar[int]
    REGION_FIELD_NUMBER: _ClassVar[int]
    USE_BEDROCK_FIELD_NUMBER: _ClassVar[int]
    SESSION_TOKEN_FIELD_NUMBER: _ClassVar[int]
    access_key: str
    secret_key: str
    region: str
    use_bedrock: bool
    session_token: str
    def __init__(self, access_key: _Optional[str] = ..., secret_key: _Optional[str] = ..., region: _Optional[str] = ..., use_bedrock: _Optional[bool] = ..., session_token: _Optional[str] = ...) -> None: ...

class BidiAppendRequest(_message.Message):
    __slots__ = ("data", "request_id", "append_seqno", "data_binary")
    DATA_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    APPEND_SEQNO_FIELD_NUMBER: _ClassVar[int]
    DATA_BINARY_FIELD_NUMBER: _ClassVar[int]
    data: str
    request_id: BidiRequestId
    append_seqno: int
    data_binary: bytes
    def __init__(self, data: _Optional[str] = ..., request_id: _Optional[_Union[BidiRequestId, _Mapping]] = ..., append_seqno: _Optional[int] = ..., data_binary: _Optional[bytes] = ...) -> None: ...

class BidiAppendResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BidiRequestId(_message.Message):
    __slots__ = ("request_id",)
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    def __init__(self, request_id: _Optional[str] = ...) -> None: ...

class BugConfigResponse(_message.Message):
    __slots__ = ("linter_strategy_v1", "bug_bot_v1", "linter_strategy_v2")
    class BugBotV1(_message.Message):
        __slots__ = ("enabled", "is_subsidized", "background_call_frequency_ms", "kill_switch", "show_intrusive_notification_only_if_last_time_was_more_than_ms_ago", "background_diff_absolute_max_tokens", "background_diff_min_min_token_threshold", "background_diff_min_max_token_threshold", "background_diff_last_commit_less_than_this_many_ms_ago", "background_unified_context_lines", "background_diff_include_uncommitted", "default_diff_context_lines", "diff_absolute_max_tokens", "custom_instructions_max_char_length", "default_fallback_iterations", "threshold_for_expensive_run_modal_cents", "cheap_model_name", "cheap_absolute_max_tokens", "expensive_absolute_max_tokens")
        ENABLED_FIELD_NUMBER: _ClassVar[int]
        IS_SUBSIDIZED_FIELD_NUMBER: _ClassVar[int]
        BACKGROUND_CALL_FREQUENCY_MS_FIELD_NUMBER: _ClassVar[int]
        KILL_SWITCH_FIELD_NUMBER: _ClassVar[int]
        SHOW_INTRUSIVE_NOTIFICATION_ONLY_IF_LAST_TIME_WAS_MORE_THAN_MS_AGO_FIELD_NUMBER: _ClassVar[int]
        BACKGROUND_DIFF_ABSOLUTE_MAX_TOKENS_FIELD_NUMBER: _ClassVar[int]
        BACKGROUND_DIFF_MIN_MIN_TOKEN_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
        BACKGROUND_DIFF_MIN_MAX_TOKEN_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
        BACKGROUND_DIFF_LAST_COMMIT_LESS_THAN_THIS_MANY_MS_AGO_FIELD_NUMBER: _ClassVar[int]
        BACKGROUND_UNIFIED_CONTEXT_LINES_FIELD_NUMBER: _ClassVar[int]
        BACKGROUND_DIFF_INCLUDE_UNCOMMITTED_FIELD_NUMBER: _ClassVar[int]
        DEFAULT_DIFF_CONTEXT_LINES_FIELD_NUMBER: _ClassVar[int]
        DIFF_ABSOLUTE_MAX_TOKENS_FIELD_NUMBER: _ClassVar[int]
        CUSTOM_INSTRUCTIONS_MAX_CHAR_LENGTH_FIELD_NUMBER: _ClassVar[int]
        DEFAULT_FALLBACK_ITERATIONS_FIELD_NUMBER: _ClassVar[int]
        THRESHOLD_FOR_EXPENSIVE_RUN_MODAL_CENTS_FIELD_NUMBER: _ClassVar[int]
        CHEAP_MODEL_NAME_FIELD_NUMBER: _ClassVar[int]
        CHEAP_ABSOLUTE_MAX_TOKENS_FIELD_NUMBER: _ClassVar[int]
        EXPENSIVE_ABSOLUTE_MAX_TOKENS_FIELD_NUMBER: _ClassVar[int]
        enabled: bool
        is_subsidized: bool
        background_call_frequency_ms: int
        kill_switch: bool
        show_intrusive_notification_only_if_last_time_was_more_than_ms_ago: float
        background_diff_absolute_max_tokens: int
        background_diff_min_min_token_threshold: int
        background_diff_min_max_token_threshold: int
        background_diff_last_commit_less_than_this_many_ms_ago: float
        background_unified_context_lines: int
        background_diff_include_uncommitted: bool
        default_diff_context_lines: int
        diff_absolute_max_tokens: int
        custom_instructions_max_char_length: int
        default_fallback_iterations: int
        threshold_for_expensive_run_modal_cents: int
        cheap_model_name: str
        cheap_absolute_max_tokens: int
        expensive_absolute_max_tokens: int
        def __init__(self, enabled: _Optional[bool] = ..., is_subsidized: _Optional[bool] = ..., background_call_frequency_ms: _Optional[int] = ..., kill_switch: _Optional[bool] = ..., show_intrusive_notification_only_if_last_time_was_more_than_ms_ago: _Optional[float] = ..., background_diff_absolute_max_tokens: _Optional[int] = ..., background_diff_min_min_token_threshold: _Optional[int] = ..., background_diff_min_max_token_threshold: _Optional[int] = ..., background_diff_last_commit_less_than_this_many_ms_ago: _Optional[float] = ..., background_unified_context_lines: _Optional[int] = ..., background_diff_include_uncommitted: _Optional[bool] = ..., default_diff_context_lines: _Optional[int] = ..., diff_absolute_max_tokens: _Optional[int] = ..., custom_instructions_max_char_length: _Optional[int] = ..., default_fallback_iterations: _Optional[int] = ..., threshold_for_expensive_run_modal_cents: _Optional[int] = ..., cheap_model_name: _Optional[str] = ..., cheap_absolute_max_tokens: _Optional[int] = ..., expensive_absolute_max_tokens: _Optional[int] = ...) -> None: ...
    class LinterStrategyV1(_message.Message):
        __slots__ = ("enabled", "try_trigger_on_save", "wait_between_triggers_ms")
        ENABLED_FIELD_NUMBER: _ClassVar[int]
        TRY_TRIGGER_ON_SAVE_FIELD_NUMBER: _ClassVar[int]
        WAIT_BETWEEN_TRIGGERS_MS_FIELD_NUMBER: _ClassVar[int]
        enabled: bool
        try_trigger_on_save: bool
        wait_between_triggers_ms: float
        def __init__(self, enabled: _Optional[bool] = ..., try_trigger_on_save: _Optional[bool] = ..., wait_between_triggers_ms: _Optional[float] = ...) -> None: ...
    class LinterStrategyV2(_message.Message):
        __slots__ = ("enabled", "wait_between_triggers_ms", "debounce_triggers_ms", "keep_lines_around_chunk", "prevent_triggering_for_files_with_this_many_lines", "prevent_triggering_when_lints")
        ENABLED_FIELD_NUMBER: _ClassVar[int]
        WAIT_BETWEEN_TRIGGERS_MS_FIELD_NUMBER: _ClassVar[int]
        DEBOUNCE_TRIGGERS_MS_FIELD_NUMBER: _ClassVar[int]
        KEEP_LINES_AROUND_CHUNK_FIELD_NUMBER: _ClassVar[int]
        PREVENT_TRIGGERING_FOR_FILES_WITH_THIS_MANY_LINES_FIELD_NUMBER: _ClassVar[int]
        PREVENT_TRIGGERING_WHEN_LINTS_FIELD_NUMBER: _ClassVar[int]
        enabled: bool
        wait_between_triggers_ms: float
        debounce_triggers_ms: float
        keep_lines_around_chunk: int
        prevent_triggering_for_files_with_this_many_lines: int
        prevent_triggering_when_lints: bool
        def __init__(self, enabled: _Optional[bool] = ..., wait_between_triggers_ms: _Optional[float] = ..., debounce_triggers_ms: _Optional[float] = ..., keep_lines_around_chunk: _Optional[int] = ..., prevent_triggering_for_files_with_this_many_lines: _Optional[int] = ..., prevent_triggering_when_lints: _Optional[bool] = ...) -> None: ...
    LINTER_STRATEGY_V1_FIELD_NUMBER: _ClassVar[int]
    BUG_BOT_V1_FIELD_NUMBER: _ClassVar[int]
    LINTER_STRATEGY_V2_FIELD_NUMBER: _ClassVar[int]
    linter_strategy_v1: BugConfigResponse.LinterStrategyV1
    bug_bot_v1: BugConfigResponse.BugBotV1
    linter_strategy_v2: BugConfigResponse.LinterStrategyV2
    def __init__(self, linter_strategy_v1: _Optional[_Union[BugConfigResponse.LinterStrategyV1, _Mapping]] = ..., bug_bot_v1: _Optional[_Union[BugConfigResponse.BugBotV1, _Mapping]] = ..., linter_strategy_v2: _Optional[_Union[BugConfigResponse.LinterStrategyV2, _Mapping]] = ...) -> None: ...

class BugbotConfig(_message.Message):
    __slots__ = ("bugbot_plan_enabled", "bugbot_plan_type")
    BUGBOT_PLAN_ENABLED_FIELD_NUMBER: _ClassVar[int]
    BUGBOT_PLAN_TYPE_FIELD_NUMBER: _ClassVar[int]
    bugbot_plan_enabled: bool
    bugbot_plan_type: BugbotPlanType
    def __init__(self, bugbot_plan_enabled: _Optional[bool] = ..., bugbot_plan_type: _Optional[_Union[BugbotPlanType, str]] = ...) -> None: ...

class ChatConfig(_message.Message):
    __slots__ = ("disable_unification", "full_context_token_limit", "disable_yolo_mode", "max_rule_length", "max_mcp_tools", "warn_mcp_tools", "summarization_message", "num_files_for_memory_generation", "memory_default_enabled", "num_summarizations_before_warning_shown", "cursor_rules_read_file_fix_enabled", "dont_send_ctrl_c_before_command", "client_statsig_poll_interval_ms", "disable_statsig", "list_dir_v2_predefined_ignore_globs")
    DISABLE_UNIFICATION_FIELD_NUMBER: _ClassVar[int]
    FULL_CONTEXT_TOKEN_LIMIT_FIELD_NUMBER: _ClassVar[int]
    DISABLE_YOLO_MODE_FIELD_NUMBER: _ClassVar[int]
    MAX_RULE_LENGTH_FIELD_NUMBER: _ClassVar[int]
    MAX_MCP_TOOLS_FIELD_NUMBER: _ClassVar[int]
    WARN_MCP_TOOLS_FIELD_NUMBER: _ClassVar[int]
    SUMMARIZATION_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    NUM_FILES_FOR_MEMORY_GENERATION_FIELD_NUMBER: _ClassVar[int]
    MEMORY_DEFAULT_ENABLED_FIELD_NUMBER: _ClassVar[int]
    NUM_SUMMARIZATIONS_BEFORE_WARNING_SHOWN_FIELD_NUMBER: _ClassVar[int]
    CURSOR_RULES_READ_FILE_FIX_ENABLED_FIELD_NUMBER: _ClassVar[int]
    DONT_SEND_CTRL_C_BEFORE_COMMAND_FIELD_NUMBER: _ClassVar[int]
    CLIENT_STATSIG_POLL_INTERVAL_MS_FIELD_NUMBER: _ClassVar[int]
    DISABLE_STATSIG_FIELD_NUMBER: _ClassVar[int]
    LIST_DIR_V2_PREDEFINED_IGNORE_GLOBS_FIELD_NUMBER: _ClassVar[int]
    disable_unification: bool
    full_context_token_limit: int
    disable_yolo_mode: bool
    max_rule_length: int
    max_mcp_tools: int
    warn_mcp_tools: int
    summarization_message: str
    num_files_for_memory_generation: int
    memory_default_enabled: bool
    num_summarizations_before_warning_shown: int
    cursor_rules_read_file_fix_enabled: bool
    dont_send_ctrl_c_before_command: bool
    client_statsig_poll_interval_ms: int
    disable_statsig: bool
    list_dir_v2_predefined_ignore_globs: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, disable_unification: _Optional[bool] = ..., full_context_token_limit: _Optional[int] = ..., disable_yolo_mode: _Optional[bool] = ..., max_rule_length: _Optional[int] = ..., max_mcp_tools: _Optional[int] = ..., warn_mcp_tools: _Optional[int] = ..., summarization_message: _Optional[str] = ..., num_files_for_memory_generation: _Optional[int] = ..., memory_default_enabled: _Optional[bool] = ..., num_summarizations_before_warning_shown: _Optional[int] = ..., cursor_rules_read_file_fix_enabled: _Optional[bool] = ..., dont_send_ctrl_c_before_command: _Optional[bool] = ..., client_statsig_poll_interval_ms: _Optional[int] = ..., disable_statsig: _Optional[bool] = ..., list_dir_v2_predefined_ignore_globs: _Optional[_Iterable[str]] = ...) -> None: ...

class ClientAction(_message.Message):
    __slots__ = ("command_id", "args")
    class ArgsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    ARGS_FIELD_NUMBER: _ClassVar[int]
    command_id: str
    args: _containers.ScalarMap[str, str]
    def __init__(self, command_id: _Optional[str] = ..., args: _Optional[_Mapping[str, str]] = ...) -> None: ...

class ClientTracingConfig(_message.Message):
    __slots__ = ("global_sample_rate", "traces_sample_rate", "logger_sample_rate", "minidump_sample_rate", "error_rate_limit", "performance_unit_rate_limit", "profiles_sample_rate", "json_stringify_sample_rate")
    GLOBAL_SAMPLE_RATE_FIELD_NUMBER: _ClassVar[int]
    TRACES_SAMPLE_RATE_FIELD_NUMBER: _ClassVar[int]
    LOGGER_SAMPLE_RATE_FIELD_NUMBER: _ClassVar[int]
    MINIDUMP_SAMPLE_RATE_FIELD_NUMBER: _ClassVar[int]
    ERROR_RATE_LIMIT_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_UNIT_RATE_LIMIT_FIELD_NUMBER: _ClassVar[int]
    PROFILES_SAMPLE_RATE_FIELD_NUMBER: _ClassVar[int]
    JSON_STRINGIFY_SAMPLE_RATE_FIELD_NUMBER: _ClassVar[int]
    global_sample_rate: float
    traces_sample_rate: float
    logger_sample_rate: float
    minidump_sample_rate: float
    error_rate_limit: float
    performance_unit_rate_limit: float
    profiles_sample_rate: float
    json_stringify_sample_rate: float
    def __init__(self, global_sample_rate: _Optional[float] = ..., traces_sample_rate: _Optional[float] = ..., logger_sample_rate: _Optional[float] = ..., minidump_sample_rate: _Optional[float] = ..., error_rate_limit: _Optional[float] = ..., performance_unit_rate_limit: _Optional[float] = ..., profiles_sample_rate: _Optional[float] = ..., json_stringify_sample_rate: _Optional[float] = ...) -> None: ...

class ClientVersionStatus(_message.Message):
    __slots__ = ("update_level", "current_client_version", "min_supported_client_version", "min_allowed_client_version", "message")
    UPDATE_LEVEL_FIELD_NUMBER: _ClassVar[int]
    CURRENT_CLIENT_VERSION_FIELD_NUMBER: _ClassVar[int]
    MIN_SUPPORTED_CLIENT_VERSION_FIELD_NUMBER: _ClassVar[int]
    MIN_ALLOWED_CLIENT_VERSION_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    update_level: ClientUpdateLevel
    current_client_version: str
    min_supported_client_version: str
    min_allowed_client_version: str
    message: str
    def __init__(self, update_level: _Optional[_Union[ClientUpdateLevel, str]] = ..., current_client_version: _Optional[str] = ..., min_supported_client_version: _Optional[str] = ..., min_allowed_client_version: _Optional[str] = ..., message: _Optional[str] = ...) -> None: ...

class CodebaseTelemetryConfig(_message.Message):
    __slots__ = ("enabled", "reset_token")
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    RESET_TOKEN_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    reset_token: str
    def __init__(self, enabled: _Optional[bool] = ..., reset_token: _Optional[str] = ...) -> None: ...

class ConfigureSpendLimitAction(_message.Message):
    __slots__ = ("confirm_label",)
    CONFIRM_LABEL_FIELD_NUMBER: _ClassVar[int]
    confirm_label: str
    def __init__(self, confirm_label: _Optional[str] = ...) -> None: ...

class CpuProfileConfig(_message.Message):
    __slots__ = ("interval",)
    INTERVAL_FIELD_NUMBER: _ClassVar[int]
    interval: int
    def __init__(self, interval: _Optional[int] = ...) -> None: ...

class CustomErrorDetails(_message.Message):
    __slots__ = ("title", "detail", "allow_command_links_potentially_unsafe_please_only_use_for_handwritten_trusted_markdown", "is_retryable", "show_request_id", "should_show_immediate_error", "buttons", "additional_info", "plan_choices", "analytics_metadata")
    class AdditionalInfoEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    TITLE_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    ALLOW_COMMAND_LINKS_POTENTIALLY_UNSAFE_PLEASE_ONLY_USE_FOR_HANDWRITTEN_TRUSTED_MARKDOWN_FIELD_NUMBER: _ClassVar[int]
    IS_RETRYABLE_FIELD_NUMBER: _ClassVar[int]
    SHOW_REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SHOULD_SHOW_IMMEDIATE_ERROR_FIELD_NUMBER: _ClassVar[int]
    BUTTONS_FIELD_NUMBER: _ClassVar[int]
    ADDITIONAL_INFO_FIELD_NUMBER: _ClassVar[int]
    PLAN_CHOICES_FIELD_NUMBER: _ClassVar[int]
    ANALYTICS_METADATA_FIELD_NUMBER: _ClassVar[int]
    title: str
    detail: str
    allow_command_links_potentially_unsafe_please_only_use_for_handwritten_trusted_markdown: bool
    is_retryable: bool
    show_request_id: bool
    should_show_immediate_error: bool
    buttons: _containers.RepeatedCompositeFieldContainer[ErrorButton]
    additional_info: _containers.ScalarMap[str, str]
    plan_choices: _containers.RepeatedCompositeFieldContainer[PlanChoice]
    analytics_metadata: ErrorAnalyticsMetadata
    def __init__(self, title: _Optional[str] = ..., detail: _Optional[str] = ..., allow_command_links_potentially_unsafe_please_only_use_for_handwritten_trusted_markdown: _Optional[bool] = ..., is_retryable: _Optional[bool] = ..., show_request_id: _Optional[bool] = ..., should_show_immediate_error: _Optional[bool] = ..., buttons: _Optional[_Iterable[_Union[ErrorButton, _Mapping]]] = ..., additional_info: _Optional[_Mapping[str, str]] = ..., plan_choices: _Optional[_Iterable[_Union[PlanChoice, _Mapping]]] = ..., analytics_metadata: _Optional[_Union[ErrorAnalyticsMetadata, _Mapping]] = ...) -> None: ...

class DashboardAction(_message.Message):
    __slots__ = ("action", "args", "success_message")
    class ArgsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ACTION_FIELD_NUMBER: _ClassVar[int]
    ARGS_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    action: str
    args: _containers.ScalarMap[str, str]
    success_message: str
    def __init__(self, action: _Optional[str] = ..., args: _Optional[_Mapping[str, str]] = ..., success_message: _Optional[str] = ...) -> None: ...

class DevEnvironment(_message.Message):
    __slots__ = ("has_alternative_cli", "has_cursor_agent_cli")
    HAS_ALTERNATIVE_CLI_FIELD_NUMBER: _ClassVar[int]
    HAS_CURSOR_AGENT_CLI_FIELD_NUMBER: _ClassVar[int]
    has_alternative_cli: bool
    has_cursor_agent_cli: bool
    def __init__(self, has_alternative_cli: _Optional[bool] = ..., has_cursor_agent_cli: _Optional[bool] = ...) -> None: ...

class ErrorAnalyticsMetadata(_message.Message):
    __slots__ = ("action_required",)
    ACTION_REQUIRED_FIELD_NUMBER: _ClassVar[int]
    action_required: str
    def __init__(self, action_required: _Optional[str] = ...) -> None: ...

class ErrorButton(_message.Message):
    __slots__ = ("label", "upgrade", "switch_model", "configure_spend_limit", "url", "upgrade_choice", "dashboard_action", "reload_window", "client_action")
    LABEL_FIELD_NUMBER: _ClassVar[int]
    UPGRADE_FIELD_NUMBER: _ClassVar[int]
    SWITCH_MODEL_FIELD_NUMBER: _ClassVar[int]
    CONFIGURE_SPEND_LIMIT_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    UPGRADE_CHOICE_FIELD_NUMBER: _ClassVar[int]
    DASHBOARD_ACTION_FIELD_NUMBER: _ClassVar[int]
    RELOAD_WINDOW_FIELD_NUMBER: _ClassVar[int]
    CLIENT_ACTION_FIELD_NUMBER: _ClassVar[int]
    label: str
    upgrade: UpgradeAction
    switch_model: SwitchModelAction
    configure_spend_limit: ConfigureSpendLimitAction
    url: UrlAction
    upgrade_choice: UpgradeChoice
    dashboard_action: DashboardAction
    reload_window: ReloadWindowAction
    client_action: ClientAction
    def __init__(self, label: _Optional[str] = ..., upgrade: _Optional[_Union[UpgradeAction, _Mapping]] = ..., switch_model: _Optional[_Union[SwitchModelAction, _Mapping]] = ..., configure_spend_limit: _Optional[_Union[ConfigureSpendLimitAction, _Mapping]] = ..., url: _Optional[_Union[UrlAction, _Mapping]] = ..., upgrade_choice: _Optional[_Union[UpgradeChoice, _Mapping]] = ..., dashboard_action: _Optional[_Union[DashboardAction, _Mapping]] = ..., reload_window: _Optional[_Union[ReloadWindowAction, _Mapping]] = ..., client_action: _Optional[_Union[ClientAction, _Mapping]] = ...) -> None: ...

class ErrorDetails(_message.Message):
    __slots__ = ("error", "details", "is_expected")
    class Error(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        ERROR_UNSPECIFIED: _ClassVar[ErrorDetails.Error]
        ERROR_BAD_API_KEY: _ClassVar[ErrorDetails.Error]
        ERROR_BAD_USER_API_KEY: _ClassVar[ErrorDetails.Error]
        ERROR_NOT_LOGGED_IN: _ClassVar[ErrorDetails.Error]
        ERROR_INVALID_AUTH_ID: _ClassVar[ErrorDetails.Error]
        ERROR_NOT_HIGH_ENOUGH_PERMISSIONS: _ClassVar[ErrorDetails.Error]
        ERROR_AGENT_REQUIRES_LOGIN: _ClassVar[ErrorDetails.Error]
        ERROR_BAD_MODEL_NAME: _ClassVar[ErrorDetails.Error]
        ERROR_NOT_FOUND: _ClassVar[ErrorDetails.Error]
        ERROR_DEPRECATED: _ClassVar[ErrorDetails.Error]
        ERROR_USER_NOT_FOUND: _ClassVar[ErrorDetails.Error]
        ERROR_FREE_USER_RATE_LIMIT_EXCEEDED: _ClassVar[ErrorDetails.Error]
        ERROR_PRO_USER_RATE_LIMIT_EXCEEDED: _ClassVar[ErrorDetails.Error]
        ERROR_FREE_USER_USAGE_LIMIT: _ClassVar[ErrorDetails.Error]
        ERROR_PRO_USER_USAGE_LIMIT: _ClassVar[ErrorDetails.Error]
        ERROR_RESOURCE_EXHAUSTED: _ClassVar[ErrorDetails.Error]
        ERROR_AUTH_TOKEN_NOT_FOUND: _ClassVar[ErrorDetails.Error]
        ERROR_AUTH_TOKEN_EXPIRED: _ClassVar[ErrorDetails.Error]
        ERROR_OPENAI: _ClassVar[ErrorDetails.Error]
        ERROR_OPENAI_RATE_LIMIT_EXCEEDED: _ClassVar[ErrorDetails.Error]
        ERROR_MAX_TOKENS: _ClassVar[ErrorDetails.Error]
        ERROR_PRO_USER_ONLY: _ClassVar[ErrorDetails.Error]
        ERROR_USER_ABORTED_REQUEST: _ClassVar[ErrorDetails.Error]
        ERROR_TIMEOUT: _ClassVar[ErrorDetails.Error]
        ERROR_GENERIC_RATE_LIMIT_EXCEEDED: _ClassVar[ErrorDetails.Error]
        ERROR_GPT_4_VISION_PREVIEW_RATE_LIMIT: _ClassVar[ErrorDetails.Error]
        ERROR_CUSTOM_MESSAGE: _ClassVar[ErrorDetails.Error]
        ERROR_OUTDATED_CLIENT: _ClassVar[ErrorDetails.Error]
        ERROR_CLAUDE_IMAGE_TOO_LARGE: _ClassVar[ErrorDetails.Error]
        ERROR_FILE_NOT_FOUND: _ClassVar[ErrorDetails.Error]
        ERROR_API_KEY_RATE_LIMIT: _ClassVar[ErrorDetails.Error]
        ERROR_DEBOUNCED: _ClassVar[ErrorDetails.Error]
        ERROR_BAD_REQUEST: _ClassVar[ErrorDetails.Error]
        ERROR_REPOSITORY_SERVICE_REPOSITORY_IS_NOT_INITIALIZED: _ClassVar[ErrorDetails.Error]
        ERROR_UNAUTHORIZED: _ClassVar[ErrorDetails.Error]
        ERROR_CONVERSATION_TOO_LONG: _ClassVar[ErrorDetails.Error]
        ERROR_USAGE_PRICING_REQUIRED: _ClassVar[ErrorDetails.Error]
        ERROR_USAGE_PRICING_REQUIRED_CHANGEABLE: _ClassVar[ErrorDetails.Error]
        ERROR_GITHUB_NO_USER_CREDENTIALS: _ClassVar[ErrorDetails.Error]
        ERROR_GITHUB_USER_NO_ACCESS: _ClassVar[ErrorDetails.Error]
        ERROR_GITHUB_APP_NO_ACCESS: _ClassVar[ErrorDetails.Error]
        ERROR_GITHUB_MULTIPLE_OWNERS: _ClassVar[ErrorDetails.Error]
        ERROR_RATE_LIMITED: _ClassVar[ErrorDetails.Error]
        ERROR_RATE_LIMITED_CHANGEABLE: _ClassVar[ErrorDetails.Error]
        ERROR_CUSTOM: _ClassVar[ErrorDetails.Error]
        ERROR_HOOKS_BLOCKED: _ClassVar[ErrorDetails.Error]
        ERROR_SUSPICIOUS_USAGE_BLOCKED: _ClassVar[ErrorDetails.Error]
        ERROR_EXTENSION_HOST_TIMEOUT: _ClassVar[ErrorDetails.Error]
        ERROR_NETWORK_ERROR: _ClassVar[ErrorDetails.Error]
        ERROR_PROVIDER_ERROR: _ClassVar[ErrorDetails.Error]
        ERROR_MODEL_BLOCKED: _ClassVar[ErrorDetails.Error]
        ERROR_INTERNAL: _ClassVar[ErrorDetails.Error]
        ERROR_MAX_MODE_REQUIRED: _ClassVar[ErrorDetails.Error]
        ERROR_MODEL_NO_LONGER_SUPPORTED: _ClassVar[ErrorDetails.Error]
        ERROR_PRICING_WARNING: _ClassVar[ErrorDetails.Error]
        ERROR_SLOW_POOL: _ClassVar[ErrorDetails.Error]
        ERROR_UNSUPPORTED_REGION: _ClassVar[ErrorDetails.Error]
    ERROR_UNSPECIFIED: ErrorDetails.Error
    ERROR_BAD_API_KEY: ErrorDetails.Error
    ERROR_BAD_USER_API_KEY: ErrorDetails.Error
    ERROR_NOT_LOGGED_IN: ErrorDetails.Error
    ERROR_INVALID_AUTH_ID: ErrorDetails.Error
    ERROR_NOT_HIGH_ENOUGH_PERMISSIONS: ErrorDetails.Error
    ERROR_AGENT_REQUIRES_LOGIN: ErrorDetails.Error
    ERROR_BAD_MODEL_NAME: ErrorDetails.Error
    ERROR_NOT_FOUND: ErrorDetails.Error
    ERROR_DEPRECATED: ErrorDetails.Error
    ERROR_USER_NOT_FOUND: ErrorDetails.Error
    ERROR_FREE_USER_RATE_LIMIT_EXCEEDED: ErrorDetails.Error
    ERROR_PRO_USER_RATE_LIMIT_EXCEEDED: ErrorDetails.Error
    ERROR_FREE_USER_USAGE_LIMIT: ErrorDetails.Error
    ERROR_PRO_USER_USAGE_LIMIT: ErrorDetails.Error
    ERROR_RESOURCE_EXHAUSTED: ErrorDetails.Error
    ERROR_AUTH_TOKEN_NOT_FOUND: ErrorDetails.Error
    ERROR_AUTH_TOKEN_EXPIRED: ErrorDetails.Error
    ERROR_OPENAI: ErrorDetails.Error
    ERROR_OPENAI_RATE_LIMIT_EXCEEDED: ErrorDetails.Error
    ERROR_MAX_TOKENS: ErrorDetails.Error
    ERROR_PRO_USER_ONLY: ErrorDetails.Error
    ERROR_USER_ABORTED_REQUEST: ErrorDetails.Error
    ERROR_TIMEOUT: ErrorDetails.Error
    ERROR_GENERIC_RATE_LIMIT_EXCEEDED: ErrorDetails.Error
    ERROR_GPT_4_VISION_PREVIEW_RATE_LIMIT: ErrorDetails.Error
    ERROR_CUSTOM_MESSAGE: ErrorDetails.Error
    ERROR_OUTDATED_CLIENT: ErrorDetails.Error
    ERROR_CLAUDE_IMAGE_TOO_LARGE: ErrorDetails.Error
    ERROR_FILE_NOT_FOUND: ErrorDetails.Error
    ERROR_API_KEY_RATE_LIMIT: ErrorDetails.Error
    ERROR_DEBOUNCED: ErrorDetails.Error
    ERROR_BAD_REQUEST: ErrorDetails.Error
    ERROR_REPOSITORY_SERVICE_REPOSITORY_IS_NOT_INITIALIZED: ErrorDetails.Error
    ERROR_UNAUTHORIZED: ErrorDetails.Error
    ERROR_CONVERSATION_TOO_LONG: ErrorDetails.Error
    ERROR_USAGE_PRICING_REQUIRED: ErrorDetails.Error
    ERROR_USAGE_PRICING_REQUIRED_CHANGEABLE: ErrorDetails.Error
    ERROR_GITHUB_NO_USER_CREDENTIALS: ErrorDetails.Error
    ERROR_GITHUB_USER_NO_ACCESS: ErrorDetails.Error
    ERROR_GITHUB_APP_NO_ACCESS: ErrorDetails.Error
    ERROR_GITHUB_MULTIPLE_OWNERS: ErrorDetails.Error
    ERROR_RATE_LIMITED: ErrorDetails.Error
    ERROR_RATE_LIMITED_CHANGEABLE: ErrorDetails.Error
    ERROR_CUSTOM: ErrorDetails.Error
    ERROR_HOOKS_BLOCKED: ErrorDetails.Error
    ERROR_SUSPICIOUS_USAGE_BLOCKED: ErrorDetails.Error
    ERROR_EXTENSION_HOST_TIMEOUT: ErrorDetails.Error
    ERROR_NETWORK_ERROR: ErrorDetails.Error
    ERROR_PROVIDER_ERROR: ErrorDetails.Error
    ERROR_MODEL_BLOCKED: ErrorDetails.Error
    ERROR_INTERNAL: ErrorDetails.Error
    ERROR_MAX_MODE_REQUIRED: ErrorDetails.Error
    ERROR_MODEL_NO_LONGER_SUPPORTED: ErrorDetails.Error
    ERROR_PRICING_WARNING: ErrorDetails.Error
    ERROR_SLOW_POOL: ErrorDetails.Error
    ERROR_UNSUPPORTED_REGION: ErrorDetails.Error
    ERROR_FIELD_NUMBER: _ClassVar[int]
    DETAILS_FIELD_NUMBER: _ClassVar[int]
    IS_EXPECTED_FIELD_NUMBER: _ClassVar[int]
    error: ErrorDetails.Error
    details: CustomErrorDetails
    is_expected: bool
    def __init__(self, error: _Optional[_Union[ErrorDetails.Error, str]] = ..., details: _Optional[_Union[CustomErrorDetails, _Mapping]] = ..., is_expected: _Optional[bool] = ...) -> None: ...

class FolderSizeLimit(_message.Message):
    __slots__ = ("max_total_bytes", "max_num_files")
    MAX_TOTAL_BYTES_FIELD_NUMBER: _ClassVar[int]
    MAX_NUM_FILES_FIELD_NUMBER: _ClassVar[int]
    max_total_bytes: int
    max_num_files: int
    def __init__(self, max_total_bytes: _Optional[int] = ..., max_num_files: _Optional[int] = ...) -> None: ...

class GetDefaultModelForCliRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetDefaultModelForCliResponse(_message.Message):
    __slots__ = ("model",)
    MODEL_FIELD_NUMBER: _ClassVar[int]
    model: ModelDetails
    def __init__(self, model: _Optional[_Union[ModelDetails, _Mapping]] = ...) -> None: ...

class GetServerConfigRequest(_message.Message):
    __slots__ = ("telem_enabled", "bug_bot_dismissed_notification_last_10_times_unix_ms", "bug_bot_viewed_notification_last_10_times_unix_ms", "os_stats", "os_properties", "remote_authority", "in_app_ad_trigger", "dev_environment", "client_surface")
    TELEM_ENABLED_FIELD_NUMBER: _ClassVar[int]
    BUG_BOT_DISMISSED_NOTIFICATION_LAST_10_TIMES_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    BUG_BOT_VIEWED_NOTIFICATION_LAST_10_TIMES_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    OS_STATS_FIELD_NUMBER: _ClassVar[int]
    OS_PROPERTIES_FIELD_NUMBER: _ClassVar[int]
    REMOTE_AUTHORITY_FIELD_NUMBER: _ClassVar[int]
    IN_APP_AD_TRIGGER_FIELD_NUMBER: _ClassVar[int]
    DEV_ENVIRONMENT_FIELD_NUMBER: _ClassVar[int]
    CLIENT_SURFACE_FIELD_NUMBER: _ClassVar[int]
    telem_enabled: bool
    bug_bot_dismissed_notification_last_10_times_unix_ms: _containers.RepeatedScalarFieldContainer[float]
    bug_bot_viewed_notification_last_10_times_unix_ms: _containers.RepeatedScalarFieldContainer[float]
    os_stats: VscodeOSStatistics
    os_properties: VscodeOSProperties
    remote_authority: RemoteAuthority
    in_app_ad_trigger: InAppAdTrigger
    dev_environment: DevEnvironment
    client_surface: ClientSurface
    def __init__(self, telem_enabled: _Optional[bool] = ..., bug_bot_dismissed_notification_last_10_times_unix_ms: _Optional[_Iterable[float]] = ..., bug_bot_viewed_notification_last_10_times_unix_ms: _Optional[_Iterable[float]] = ..., os_stats: _Optional[_Union[VscodeOSStatistics, _Mapping]] = ..., os_properties: _Optional[_Union[VscodeOSProperties, _Mapping]] = ..., remote_authority: _Optional[_Union[RemoteAuthority, _Mapping]] = ..., in_app_ad_trigger: _Optional[_Union[InAppAdTrigger, str]] = ..., dev_environment: _Optional[_Union[DevEnvironment, _Mapping]] = ..., client_surface: _Optional[_Union[ClientSurface, str]] = ...) -> None: ...

class GetServerConfigResponse(_message.Message):
    __slots__ = ("bug_config_response", "is_dev_do_not_use_for_secret_things_because_can_be_spoofed_by_users", "indexing_config", "client_tracing_config", "chat_config", "config_version", "http2_config", "profiling_config", "metrics_config", "background_composer_config", "auto_context_config", "model_migrations", "memory_monitor_config", "folder_size_limit", "online_metrics_config", "git_indexing_config", "performance_events_config", "current_in_app_ad", "trace_config", "run_terminal_server_config", "interaction_config", "agent_telemetry_config", "client_version_status", "update_config", "agent_layout_policy", "use_nlb_for_nal", "agent_url_config", "cli_sandbox_default_enabled", "claude_code_hooks_enabled", "terminal_tip_config", "model_picker_nudge", "inference_provider_warnings", "onboarding_config", "bugbot_config", "codebase_telemetry_config")
    BUG_CONFIG_RESPONSE_FIELD_NUMBER: _ClassVar[int]
    IS_DEV_DO_NOT_USE_FOR_SECRET_THINGS_BECAUSE_CAN_BE_SPOOFED_BY_USERS_FIELD_NUMBER: _ClassVar[int]
    INDEXING_CONFIG_FIELD_NUMBER: _ClassVar[int]
    CLIENT_TRACING_CONFIG_FIELD_NUMBER: _ClassVar[int]
    CHAT_CONFIG_FIELD_NUMBER: _ClassVar[int]
    CONFIG_VERSION_FIELD_NUMBER: _ClassVar[int]
    HTTP2_CONFIG_FIELD_NUMBER: _ClassVar[int]
    PROFILING_CONFIG_FIELD_NUMBER: _ClassVar[int]
    METRICS_CONFIG_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_COMPOSER_CONFIG_FIELD_NUMBER: _ClassVar[int]
    AUTO_CONTEXT_CONFIG_FIELD_NUMBER: _ClassVar[int]
    MODEL_MIGRATIONS_FIELD_NUMBER: _ClassVar[int]
    MEMORY_MONITOR_CONFIG_FIELD_NUMBER: _ClassVar[int]
    FOLDER_SIZE_LIMIT_FIELD_NUMBER: _ClassVar[int]
    ONLINE_METRICS_CONFIG_FIELD_NUMBER: _ClassVar[int]
    GIT_INDEXING_CONFIG_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_EVENTS_CONFIG_FIELD_NUMBER: _ClassVar[int]
    CURRENT_IN_APP_AD_FIELD_NUMBER: _ClassVar[int]
    TRACE_CONFIG_FIELD_NUMBER: _ClassVar[int]
    RUN_TERMINAL_SERVER_CONFIG_FIELD_NUMBER: _ClassVar[int]
    INTERACTION_CONFIG_FIELD_NUMBER: _ClassVar[int]
    AGENT_TELEMETRY_CONFIG_FIELD_NUMBER: _ClassVar[int]
    CLIENT_VERSION_STATUS_FIELD_NUMBER: _ClassVar[int]
    UPDATE_CONFIG_FIELD_NUMBER: _ClassVar[int]
    AGENT_LAYOUT_POLICY_FIELD_NUMBER: _ClassVar[int]
    USE_NLB_FOR_NAL_FIELD_NUMBER: _ClassVar[int]
    AGENT_URL_CONFIG_FIELD_NUMBER: _ClassVar[int]
    CLI_SANDBOX_DEFAULT_ENABLED_FIELD_NUMBER: _ClassVar[int]
    CLAUDE_CODE_HOOKS_ENABLED_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_TIP_CONFIG_FIELD_NUMBER: _ClassVar[int]
    MODEL_PICKER_NUDGE_FIELD_NUMBER: _ClassVar[int]
    INFERENCE_PROVIDER_WARNINGS_FIELD_NUMBER: _ClassVar[int]
    ONBOARDING_CONFIG_FIELD_NUMBER: _ClassVar[int]
    BUGBOT_CONFIG_FIELD_NUMBER: _ClassVar[int]
    CODEBASE_TELEMETRY_CONFIG_FIELD_NUMBER: _ClassVar[int]
    bug_config_response: BugConfigResponse
    is_dev_do_not_use_for_secret_things_because_can_be_spoofed_by_users: bool
    indexing_config: IndexingConfig
    client_tracing_config: ClientTracingConfig
    chat_config: ChatConfig
    config_version: str
    http2_config: Http2Config
    profiling_config: ProfilingConfig
    metrics_config: MetricsConfig
    background_composer_config: BackgroundComposerConfig
    auto_context_config: AutoContextConfig
    model_migrations: _containers.RepeatedCompositeFieldContainer[ModelMigration]
    memory_monitor_config: MemoryMonitorConfig
    folder_size_limit: FolderSizeLimit
    online_metrics_config: OnlineMetricsConfig
    git_indexing_config: GitIndexingConfig
    performance_events_config: PerformanceEventsConfig
    current_in_app_ad: InAppAd
    trace_config: TraceConfig
    run_terminal_server_config: RunTerminalServerConfig
    interaction_config: InteractionConfig
    agent_telemetry_config: AgentTelemetryConfig
    client_version_status: ClientVersionStatus
    update_config: UpdateConfig
    agent_layout_policy: AgentLayoutPolicy
    use_nlb_for_nal: bool
    agent_url_config: AgentUrlConfig
    cli_sandbox_default_enabled: bool
    claude_code_hooks_enabled: bool
    terminal_tip_config: TerminalTipConfig
    model_picker_nudge: str
    inference_provider_warnings: _containers.RepeatedCompositeFieldContainer[InferenceProviderWarning]
    onboarding_config: OnboardingConfig
    bugbot_config: BugbotConfig
    codebase_telemetry_config: CodebaseTelemetryConfig
    def __init__(self, bug_config_response: _Optional[_Union[BugConfigResponse, _Mapping]] = ..., is_dev_do_not_use_for_secret_things_because_can_be_spoofed_by_users: _Optional[bool] = ..., indexing_config: _Optional[_Union[IndexingConfig, _Mapping]] = ..., client_tracing_config: _Optional[_Union[ClientTracingConfig, _Mapping]] = ..., chat_config: _Optional[_Union[ChatConfig, _Mapping]] = ..., config_version: _Optional[str] = ..., http2_config: _Optional[_Union[Http2Config, str]] = ..., profiling_config: _Optional[_Union[ProfilingConfig, _Mapping]] = ..., metrics_config: _Optional[_Union[MetricsConfig, _Mapping]] = ..., background_composer_config: _Optional[_Union[BackgroundComposerConfig, _Mapping]] = ..., auto_context_config: _Optional[_Union[AutoContextConfig, _Mapping]] = ..., model_migrations: _Optional[_Iterable[_Union[ModelMigration, _Mapping]]] = ..., memory_monitor_config: _Optional[_Union[MemoryMonitorConfig, _Mapping]] = ..., folder_size_limit: _Optional[_Union[FolderSizeLimit, _Mapping]] = ..., online_metrics_config: _Optional[_Union[OnlineMetricsConfig, _Mapping]] = ..., git_indexing_config: _Optional[_Union[GitIndexingConfig, _Mapping]] = ..., performance_events_config: _Optional[_Union[PerformanceEventsConfig, _Mapping]] = ..., current_in_app_ad: _Optional[_Union[InAppAd, _Mapping]] = ..., trace_config: _Optional[_Union[TraceConfig, _Mapping]] = ..., run_terminal_server_config: _Optional[_Union[RunTerminalServerConfig, _Mapping]] = ..., interaction_config: _Optional[_Union[InteractionConfig, _Mapping]] = ..., agent_telemetry_config: _Optional[_Union[AgentTelemetryConfig, _Mapping]] = ..., client_version_status: _Optional[_Union[ClientVersionStatus, _Mapping]] = ..., update_config: _Optional[_Union[UpdateConfig, _Mapping]] = ..., agent_layout_policy: _Optional[_Union[AgentLayoutPolicy, _Mapping]] = ..., use_nlb_for_nal: _Optional[bool] = ..., agent_url_config: _Optional[_Union[AgentUrlConfig, _Mapping]] = ..., cli_sandbox_default_enabled: _Optional[bool] = ..., claude_code_hooks_enabled: _Optional[bool] = ..., terminal_tip_config: _Optional[_Union[TerminalTipConfig, _Mapping]] = ..., model_picker_nudge: _Optional[str] = ..., inference_provider_warnings: _Optional[_Iterable[_Union[InferenceProviderWarning, _Mapping]]] = ..., onboarding_config: _Optional[_Union[OnboardingConfig, _Mapping]] = ..., bugbot_config: _Optional[_Union[BugbotConfig, _Mapping]] = ..., codebase_telemetry_config: _Optional[_Union[CodebaseTelemetryConfig, _Mapping]] = ...) -> None: ...

class GetUsableModelsRequest(_message.Message):
    __slots__ = ("custom_model_ids",)
    CUSTOM_MODEL_IDS_FIELD_NUMBER: _ClassVar[int]
    custom_model_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, custom_model_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class GetUsableModelsResponse(_message.Message):
    __slots__ = ("models",)
    MODELS_FIELD_NUMBER: _ClassVar[int]
    models: _containers.RepeatedCompositeFieldContainer[ModelDetails]
    def __init__(self, models: _Optional[_Iterable[_Union[ModelDetails, _Mapping]]] = ...) -> None: ...

class GitIndexingConfig(_message.Message):
    __slots__ = ("enabled", "max_pr_count", "max_pr_size", "pr_embedding_context", "js_concurrency", "js_chunk_size", "cpu_concurrency", "indexing_period_seconds", "max_attempts_per_pr", "allow_index_copy_from_server")
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    MAX_PR_COUNT_FIELD_NUMBER: _ClassVar[int]
    MAX_PR_SIZE_FIELD_NUMBER: _ClassVar[int]
    PR_EMBEDDING_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    JS_CONCURRENCY_FIELD_NUMBER: _ClassVar[int]
    JS_CHUNK_SIZE_FIELD_NUMBER: _ClassVar[int]
    CPU_CONCURRENCY_FIELD_NUMBER: _ClassVar[int]
    INDEXING_PERIOD_SECONDS_FIELD_NUMBER: _ClassVar[int]
    MAX_ATTEMPTS_PER_PR_FIELD_NUMBER: _ClassVar[int]
    ALLOW_INDEX_COPY_FROM_SERVER_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    max_pr_count: int
    max_pr_size: int
    pr_embedding_context: int
    js_concurrency: int
    js_chunk_size: int
    cpu_concurrency: int
    indexing_period_seconds: int
    max_attempts_per_pr: int
    allow_index_copy_from_server: bool
    def __init__(self, enabled: _Optional[bool] = ..., max_pr_count: _Optional[int] = ..., max_pr_size: _Optional[int] = ..., pr_embedding_context: _Optional[int] = ..., js_concurrency: _Optional[int] = ..., js_chunk_size: _Optional[int] = ..., cpu_concurrency: _Optional[int] = ..., indexing_period_seconds: _Optional[int] = ..., max_attempts_per_pr: _Optional[int] = ..., allow_index_copy_from_server: _Optional[bool] = ...) -> None: ...

class HeapProfileConfig(_message.Message):
    __slots__ = ("sampling_interval", "include_objects_collected_by_major_gc", "include_objects_collected_by_minor_gc")
    SAMPLING_INTERVAL_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_OBJECTS_COLLECTED_BY_MAJOR_GC_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_OBJECTS_COLLECTED_BY_MINOR_GC_FIELD_NUMBER: _ClassVar[int]
    sampling_interval: int
    include_objects_collected_by_major_gc: bool
    include_objects_collected_by_minor_gc: bool
    def __init__(self, sampling_interval: _Optional[int] = ..., include_objects_collected_by_major_gc: _Optional[bool] = ..., include_objects_collected_by_minor_gc: _Optional[bool] = ...) -> None: ...

class InAppAd(_message.Message):
    __slots__ = ("id", "header", "content", "buttons", "force_dark_close_button", "display_mode", "analytics_variant", "modal_display_config", "target_surfaces")
    ID_FIELD_NUMBER: _ClassVar[int]
    HEADER_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    BUTTONS_FIELD_NUMBER: _ClassVar[int]
    FORCE_DARK_CLOSE_BUTTON_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_MODE_FIELD_NUMBER: _ClassVar[int]
    ANALYTICS_VARIANT_FIELD_NUMBER: _ClassVar[int]
    MODAL_DISPLAY_CONFIG_FIELD_NUMBER: _ClassVar[int]
    TARGET_SURFACES_FIELD_NUMBER: _ClassVar[int]
    id: str
    header: AdHeader
    content: AdContent
    buttons: _containers.RepeatedCompositeFieldContainer[AdButton]
    force_dark_close_button: bool
    display_mode: DisplayMode
    analytics_variant: str
    modal_display_config: ModalDisplayConfig
    target_surfaces: _containers.RepeatedScalarFieldContainer[ClientSurface]
    def __init__(self, id: _Optional[str] = ..., header: _Optional[_Union[AdHeader, _Mapping]] = ..., content: _Optional[_Union[AdContent, _Mapping]] = ..., buttons: _Optional[_Iterable[_Union[AdButton, _Mapping]]] = ..., force_dark_close_button: _Optional[bool] = ..., display_mode: _Optional[_Union[DisplayMode, str]] = ..., analytics_variant: _Optional[str] = ..., modal_display_config: _Optional[_Union[ModalDisplayConfig, _Mapping]] = ..., target_surfaces: _Optional[_Iterable[_Union[ClientSurface, str]]] = ...) -> None: ...

class IndexingConfig(_message.Message):
    __slots__ = ("max_concurrent_uploads", "absolute_max_number_files", "max_file_retries", "sync_concurrency", "auto_indexing_max_num_files", "indexing_period_seconds", "repo42_auth_token", "incremental", "default_user_path_encryption_key", "default_team_path_encryption_key", "multi_root_indexing_enabled", "copy_status_check_period_seconds", "copy_timeout_seconds", "max_batch_bytes", "max_batch_num_requests", "max_sync_merkle_batch_size")
    MAX_CONCURRENT_UPLOADS_FIELD_NUMBER: _ClassVar[int]
    ABSOLUTE_MAX_NUMBER_FILES_FIELD_NUMBER: _ClassVar[int]
    MAX_FILE_RETRIES_FIELD_NUMBER: _ClassVar[int]
    SYNC_CONCURRENCY_FIELD_NUMBER: _ClassVar[int]
    AUTO_INDEXING_MAX_NUM_FILES_FIELD_NUMBER: _ClassVar[int]
    INDEXING_PERIOD_SECONDS_FIELD_NUMBER: _ClassVar[int]
    REPO42_AUTH_TOKEN_FIELD_NUMBER: _ClassVar[int]
    INCREMENTAL_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_USER_PATH_ENCRYPTION_KEY_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_TEAM_PATH_ENCRYPTION_KEY_FIELD_NUMBER: _ClassVar[int]
    MULTI_ROOT_INDEXING_ENABLED_FIELD_NUMBER: _ClassVar[int]
    COPY_STATUS_CHECK_PERIOD_SECONDS_FIELD_NUMBER: _ClassVar[int]
    COPY_TIMEOUT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    MAX_BATCH_BYTES_FIELD_NUMBER: _ClassVar[int]
    MAX_BATCH_NUM_REQUESTS_FIELD_NUMBER: _ClassVar[int]
    MAX_SYNC_MERKLE_BATCH_SIZE_FIELD_NUMBER: _ClassVar[int]
    max_concurrent_uploads: int
    absolute_max_number_files: int
    max_file_retries: int
    sync_concurrency: int
    auto_indexing_max_num_files: int
    indexing_period_seconds: int
    repo42_auth_token: str
    incremental: bool
    default_user_path_encryption_key: str
    default_team_path_encryption_key: str
    multi_root_indexing_enabled: bool
    copy_status_check_period_seconds: float
    copy_timeout_seconds: int
    max_batch_bytes: int
    max_batch_num_requests: int
    max_sync_merkle_batch_size: int
    def __init__(self, max_concurrent_uploads: _Optional[int] = ..., absolute_max_number_files: _Optional[int] = ..., max_file_retries: _Optional[int] = ..., sync_concurrency: _Optional[int] = ..., auto_indexing_max_num_files: _Optional[int] = ..., indexing_period_seconds: _Optional[int] = ..., repo42_auth_token: _Optional[str] = ..., incremental: _Optional[bool] = ..., default_user_path_encryption_key: _Optional[str] = ..., default_team_path_encryption_key: _Optional[str] = ..., multi_root_indexing_enabled: _Optional[bool] = ..., copy_status_check_period_seconds: _Optional[float] = ..., copy_timeout_seconds: _Optional[int] = ..., max_batch_bytes: _Optional[int] = ..., max_batch_num_requests: _Optional[int] = ..., max_sync_merkle_batch_size: _Optional[int] = ...) -> None: ...

class InferenceProviderWarning(_message.Message):
    __slots__ = ("message", "affected_models", "fallback_model", "trigger")
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    AFFECTED_MODELS_FIELD_NUMBER: _ClassVar[int]
    FALLBACK_MODEL_FIELD_NUMBER: _ClassVar[int]
    TRIGGER_FIELD_NUMBER: _ClassVar[int]
    message: str
    affected_models: _containers.RepeatedScalarFieldContainer[str]
    fallback_model: str
    trigger: InferenceProviderWarningTrigger
    def __init__(self, message: _Optional[str] = ..., affected_models: _Optional[_Iterable[str]] = ..., fallback_model: _Optional[str] = ..., trigger: _Optional[_Union[InferenceProviderWarningTrigger, str]] = ...) -> None: ...

class InteractionConfig(_message.Message):
    __slots__ = ("profiling_enabled", "metrics_enabled", "profiling_interval_sec", "metrics_interval_sec", "profiling_max_buffer_size", "profiling_interaction_duration_threshold_ms", "profiling_sample_interval_ms", "metrics_min_interactions_for_loaf", "metrics_min_foreground_time_ms", "metrics_combined_inp_drop_highest_count", "metrics_click_inp_drop_highest_count", "metrics_keypress_inp_drop_highest_count", "metrics_startup_threshold_sec")
    PROFILING_ENABLED_FIELD_NUMBER: _ClassVar[int]
    METRICS_ENABLED_FIELD_NUMBER: _ClassVar[int]
    PROFILING_INTERVAL_SEC_FIELD_NUMBER: _ClassVar[int]
    METRICS_INTERVAL_SEC_FIELD_NUMBER: _ClassVar[int]
    PROFILING_MAX_BUFFER_SIZE_FIELD_NUMBER: _ClassVar[int]
    PROFILING_INTERACTION_DURATION_THRESHOLD_MS_FIELD_NUMBER: _ClassVar[int]
    PROFILING_SAMPLE_INTERVAL_MS_FIELD_NUMBER: _ClassVar[int]
    METRICS_MIN_INTERACTIONS_FOR_LOAF_FIELD_NUMBER: _ClassVar[int]
    METRICS_MIN_FOREGROUND_TIME_MS_FIELD_NUMBER: _ClassVar[int]
    METRICS_COMBINED_INP_DROP_HIGHEST_COUNT_FIELD_NUMBER: _ClassVar[int]
    METRICS_CLICK_INP_DROP_HIGHEST_COUNT_FIELD_NUMBER: _ClassVar[int]
    METRICS_KEYPRESS_INP_DROP_HIGHEST_COUNT_FIELD_NUMBER: _ClassVar[int]
    METRICS_STARTUP_THRESHOLD_SEC_FIELD_NUMBER: _ClassVar[int]
    profiling_enabled: bool
    metrics_enabled: bool
    profiling_interval_sec: int
    metrics_interval_sec: int
    profiling_max_buffer_size: int
    profiling_interaction_duration_threshold_ms: int
    profiling_sample_interval_ms: int
    metrics_min_interactions_for_loaf: int
    metrics_min_foreground_time_ms: int
    metrics_combined_inp_drop_highest_count: int
    metrics_click_inp_drop_highest_count: int
    metrics_keypress_inp_drop_highest_count: int
    metrics_startup_threshold_sec: int
    def __init__(self, profiling_enabled: _Optional[bool] = ..., metrics_enabled: _Optional[bool] = ..., profiling_interval_sec: _Optional[int] = ..., metrics_interval_sec: _Optional[int] = ..., profiling_max_buffer_size: _Optional[int] = ..., profiling_interaction_duration_threshold_ms: _Optional[int] = ..., profiling_sample_interval_ms: _Optional[int] = ..., metrics_min_interactions_for_loaf: _Optional[int] = ..., metrics_min_foreground_time_ms: _Optional[int] = ..., metrics_combined_inp_drop_highest_count: _Optional[int] = ..., metrics_click_inp_drop_highest_count: _Optional[int] = ..., metrics_keypress_inp_drop_highest_count: _Optional[int] = ..., metrics_startup_threshold_sec: _Optional[int] = ...) -> None: ...

class MemoryMonitorConfig(_message.Message):
    __slots__ = ("enabled", "show_status_entry", "base_threshold_mb", "critical_offset_mb", "process_memory_interval_sec")
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    SHOW_STATUS_ENTRY_FIELD_NUMBER: _ClassVar[int]
    BASE_THRESHOLD_MB_FIELD_NUMBER: _ClassVar[int]
    CRITICAL_OFFSET_MB_FIELD_NUMBER: _ClassVar[int]
    PROCESS_MEMORY_INTERVAL_SEC_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    show_status_entry: bool
    base_threshold_mb: int
    critical_offset_mb: int
    process_memory_interval_sec: int
    def __init__(self, enabled: _Optional[bool] = ..., show_status_entry: _Optional[bool] = ..., base_threshold_mb: _Optional[int] = ..., critical_offset_mb: _Optional[int] = ..., process_memory_interval_sec: _Optional[int] = ...) -> None: ...

class MetricsConfig(_message.Message):
    __slots__ = ("enabled_in_privacy_mode", "enabled_in_non_privacy_mode")
    ENABLED_IN_PRIVACY_MODE_FIELD_NUMBER: _ClassVar[int]
    ENABLED_IN_NON_PRIVACY_MODE_FIELD_NUMBER: _ClassVar[int]
    enabled_in_privacy_mode: bool
    enabled_in_non_privacy_mode: bool
    def __init__(self, enabled_in_privacy_mode: _Optional[bool] = ..., enabled_in_non_privacy_mode: _Optional[bool] = ...) -> None: ...

class ModalDisplayConfig(_message.Message):
    __slots__ = ("background_gradient", "description", "background_gradient_light", "background_gradient_dark")
    BACKGROUND_GRADIENT_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_GRADIENT_LIGHT_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_GRADIENT_DARK_FIELD_NUMBER: _ClassVar[int]
    background_gradient: str
    description: str
    background_gradient_light: str
    background_gradient_dark: str
    def __init__(self, background_gradient: _Optional[str] = ..., description: _Optional[str] = ..., background_gradient_light: _Optional[str] = ..., background_gradient_dark: _Optional[str] = ...) -> None: ...

class ModelDetails(_message.Message):
    __slots__ = ("model_name", "api_key", "enable_ghost_mode", "azure_state", "enable_slow_pool", "openai_api_base_url", "bedrock_state", "max_mode")
    MODEL_NAME_FIELD_NUMBER: _ClassVar[int]
    API_KEY_FIELD_NUMBER: _ClassVar[int]
    ENABLE_GHOST_MODE_FIELD_NUMBER: _ClassVar[int]
    AZURE_STATE_FIELD_NUMBER: _ClassVar[int]
    ENABLE_SLOW_POOL_FIELD_NUMBER: _ClassVar[int]
    OPENAI_API_BASE_URL_FIELD_NUMBER: _ClassVar[int]
    BEDROCK_STATE_FIELD_NUMBER: _ClassVar[int]
    MAX_MODE_FIELD_NUMBER: _ClassVar[int]
    model_name: str
    api_key: str
    enable_ghost_mode: bool
    azure_state: AzureState
    enable_slow_pool: bool
    openai_api_base_url: str
    bedrock_state: BedrockState
    max_mode: bool
    def __init__(self, model_name: _Optional[str] = ..., api_key: _Optional[str] = ..., enable_ghost_mode: _Optional[bool] = ..., azure_state: _Optional[_Union[AzureState, _Mapping]] = ..., enable_slow_pool: _Optional[bool] = ..., openai_api_base_url: _Optional[str] = ..., bedrock_state: _Optional[_Union[BedrockState, _Mapping]] = ..., max_mode: _Optional[bool] = ...) -> None: ...

class ModelMigration(_message.Message):
    __slots__ = ("id", "model_setting", "target_model", "previous_model", "migrate_mode_models", "remove_previous_model", "max_mode", "migrate_old_composers_and_current_composer")
    ID_FIELD_NUMBER: _ClassVar[int]
    MODEL_SETTING_FIELD_NUMBER: _ClassVar[int]
    TARGET_MODEL_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_MODEL_FIELD_NUMBER: _ClassVar[int]
    MIGRATE_MODE_MODELS_FIELD_NUMBER: _ClassVar[int]
    REMOVE_PREVIOUS_MODEL_FIELD_NUMBER: _ClassVar[int]
    MAX_MODE_FIELD_NUMBER: _ClassVar[int]
    MIGRATE_OLD_COMPOSERS_AND_CURRENT_COMPOSER_FIELD_NUMBER: _ClassVar[int]
    id: str
    model_setting: str
    target_model: str
    previous_model: str
    migrate_mode_models: bool
    remove_previous_model: bool
    max_mode: bool
    migrate_old_composers_and_current_composer: bool
    def __init__(self, id: _Optional[str] = ..., model_setting: _Optional[str] = ..., target_model: _Optional[str] = ..., previous_model: _Optional[str] = ..., migrate_mode_models: _Optional[bool] = ..., remove_previous_model: _Optional[bool] = ..., max_mode: _Optional[bool] = ..., migrate_old_composers_and_current_composer: _Optional[bool] = ...) -> None: ...

class ModelParameterDefinition(_message.Message):
    __slots__ = ("id", "name", "markdown_tooltip", "parameter_type", "is_cycleable_by_hotkey")
    class BooleanParameterDefinition(_message.Message):
        __slots__ = ("values",)
        class BooleanParameterValue(_message.Message):
            __slots__ = ("value", "display_name", "increases_model_cost", "default_blocked_in_admin_allowlist", "hide_from_user_picker_when_admin_blocked")
            VALUE_FIELD_NUMBER: _ClassVar[int]
            DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
            INCREASES_MODEL_COST_FIELD_NUMBER: _ClassVar[int]
            DEFAULT_BLOCKED_IN_ADMIN_ALLOWLIST_FIELD_NUMBER: _ClassVar[int]
            HIDE_FROM_USER_PICKER_WHEN_ADMIN_BLOCKED_FIELD_NUMBER: _ClassVar[int]
            value: str
            display_name: str
            increases_model_cost: bool
            default_blocked_in_admin_allowlist: bool
            hide_from_user_picker_when_admin_blocked: bool
            def __init__(self, value: _Optional[str] = ..., display_name: _Optional[str] = ..., increases_model_cost: _Optional[bool] = ..., default_blocked_in_admin_allowlist: _Optional[bool] = ..., hide_from_user_picker_when_admin_blocked: _Optional[bool] = ...) -> None: ...
        VALUES_FIELD_NUMBER: _ClassVar[int]
        values: _containers.RepeatedCompositeFieldContainer[ModelParameterDefinition.BooleanParameterDefinition.BooleanParameterValue]
        def __init__(self, values: _Optional[_Iterable[_Union[ModelParameterDefinition.BooleanParameterDefinition.BooleanParameterValue, _Mapping]]] = ...) -> None: ...
    class EnumParameterDefinition(_message.Message):
        __slots__ = ("values",)
        class EnumParameterValue(_message.Message):
            __slots__ = ("value", "display_name", "increases_model_cost")
            VALUE_FIELD_NUMBER: _ClassVar[int]
            DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
            INCREASES_MODEL_COST_FIELD_NUMBER: _ClassVar[int]
            value: str
            display_name: str
            increases_model_cost: bool
            def __init__(self, value: _Optional[str] = ..., display_name: _Optional[str] = ..., increases_model_cost: _Optional[bool] = ...) -> None: ...
        VALUES_FIELD_NUMBER: _ClassVar[int]
        values: _containers.RepeatedCompositeFieldContainer[ModelParameterDefinition.EnumParameterDefinition.EnumParameterValue]
        def __init__(self, values: _Optional[_Iterable[_Union[ModelParameterDefinition.EnumParameterDefinition.EnumParameterValue, _Mapping]]] = ...) -> None: ...
    class ModelParameterType(_message.Message):
        __slots__ = ("boolean_parameter", "enum_parameter")
        BOOLEAN_PARAMETER_FIELD_NUMBER: _ClassVar[int]
        ENUM_PARAMETER_FIELD_NUMBER: _ClassVar[int]
        boolean_parameter: ModelParameterDefinition.BooleanParameterDefinition
        enum_parameter: ModelParameterDefinition.EnumParameterDefinition
        def __init__(self, boolean_parameter: _Optional[_Union[ModelParameterDefinition.BooleanParameterDefinition, _Mapping]] = ..., enum_parameter: _Optional[_Union[ModelParameterDefinition.EnumParameterDefinition, _Mapping]] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    MARKDOWN_TOOLTIP_FIELD_NUMBER: _ClassVar[int]
    PARAMETER_TYPE_FIELD_NUMBER: _ClassVar[int]
    IS_CYCLEABLE_BY_HOTKEY_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    markdown_tooltip: str
    parameter_type: ModelParameterDefinition.ModelParameterType
    is_cycleable_by_hotkey: bool
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., markdown_tooltip: _Optional[str] = ..., parameter_type: _Optional[_Union[ModelParameterDefinition.ModelParameterType, _Mapping]] = ..., is_cycleable_by_hotkey: _Optional[bool] = ...) -> None: ...

class OnboardingConfig(_message.Message):
    __slots__ = ("marketplace_plugin_names", "agentic_onboarding_enabled")
    MARKETPLACE_PLUGIN_NAMES_FIELD_NUMBER: _ClassVar[int]
    AGENTIC_ONBOARDING_ENABLED_FIELD_NUMBER: _ClassVar[int]
    marketplace_plugin_names: _containers.RepeatedScalarFieldContainer[str]
    agentic_onboarding_enabled: bool
    def __init__(self, marketplace_plugin_names: _Optional[_Iterable[str]] = ..., agentic_onboarding_enabled: _Optional[bool] = ...) -> None: ...

class OnlineMetricsConfig(_message.Message):
    __slots__ = ("enabled", "max_requests_tracked", "max_requests_tracked_mb", "max_request_retention_seconds", "send_original_file_contents_for_initial_snapshot", "send_full_added_lines_in_diff_changes", "num_commits_tracked", "time_intervals_tracked_minutes", "too_big_file_size_bytes")
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    MAX_REQUESTS_TRACKED_FIELD_NUMBER: _ClassVar[int]
    MAX_REQUESTS_TRACKED_MB_FIELD_NUMBER: _ClassVar[int]
    MAX_REQUEST_RETENTION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SEND_ORIGINAL_FILE_CONTENTS_FOR_INITIAL_SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    SEND_FULL_ADDED_LINES_IN_DIFF_CHANGES_FIELD_NUMBER: _ClassVar[int]
    NUM_COMMITS_TRACKED_FIELD_NUMBER: _ClassVar[int]
    TIME_INTERVALS_TRACKED_MINUTES_FIELD_NUMBER: _ClassVar[int]
    TOO_BIG_FILE_SIZE_BYTES_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    max_requests_tracked: int
    max_requests_tracked_mb: int
    max_request_retention_seconds: float
    send_original_file_contents_for_initial_snapshot: bool
    send_full_added_lines_in_diff_changes: bool
    num_commits_tracked: int
    time_intervals_tracked_minutes: _containers.RepeatedScalarFieldContainer[int]
    too_big_file_size_bytes: int
    def __init__(self, enabled: _Optional[bool] = ..., max_requests_tracked: _Optional[int] = ..., max_requests_tracked_mb: _Optional[int] = ..., max_request_retention_seconds: _Optional[float] = ..., send_original_file_contents_for_initial_snapshot: _Optional[bool] = ..., send_full_added_lines_in_diff_changes: _Optional[bool] = ..., num_commits_tracked: _Optional[int] = ..., time_intervals_tracked_minutes: _Optional[_Iterable[int]] = ..., too_big_file_size_bytes: _Optional[int] = ...) -> None: ...

class PerformanceEventsConfig(_message.Message):
    __slots__ = ("enabled", "buffer_size", "flush_interval_ms")
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    BUFFER_SIZE_FIELD_NUMBER: _ClassVar[int]
    FLUSH_INTERVAL_MS_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    buffer_size: int
    flush_interval_ms: int
    def __init__(self, enabled: _Optional[bool] = ..., buffer_size: _Optional[int] = ..., flush_interval_ms: _Optional[int] = ...) -> None: ...

class PlanChoice(_message.Message):
    __slots__ = ("label", "sublabel", "description", "value")
    LABEL_FIELD_NUMBER: _ClassVar[int]
    SUBLABEL_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    label: str
    sublabel: str
    description: str
    value: str
    def __init__(self, label: _Optional[str] = ..., sublabel: _Optional[str] = ..., description: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...

class ProfileConfig(_message.Message):
    __slots__ = ("id", "heap", "cpu")
    ID_FIELD_NUMBER: _ClassVar[int]
    HEAP_FIELD_NUMBER: _ClassVar[int]
    CPU_FIELD_NUMBER: _ClassVar[int]
    id: str
    heap: HeapProfileConfig
    cpu: CpuProfileConfig
    def __init__(self, id: _Optional[str] = ..., heap: _Optional[_Union[HeapProfileConfig, _Mapping]] = ..., cpu: _Optional[_Union[CpuProfileConfig, _Mapping]] = ...) -> None: ...

class ProfileScheduleConfig(_message.Message):
    __slots__ = ("id", "process", "config_id", "schedule", "activity_timeout")
    class ScheduleConfig(_message.Message):
        __slots__ = ("interval", "duration")
        INTERVAL_FIELD_NUMBER: _ClassVar[int]
        DURATION_FIELD_NUMBER: _ClassVar[int]
        interval: int
        duration: int
        def __init__(self, interval: _Optional[int] = ..., duration: _Optional[int] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    PROCESS_FIELD_NUMBER: _ClassVar[int]
    CONFIG_ID_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_FIELD_NUMBER: _ClassVar[int]
    ACTIVITY_TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    id: str
    process: str
    config_id: str
    schedule: ProfileScheduleConfig.ScheduleConfig
    activity_timeout: int
    def __init__(self, id: _Optional[str] = ..., process: _Optional[str] = ..., config_id: _Optional[str] = ..., schedule: _Optional[_Union[ProfileScheduleConfig.ScheduleConfig, _Mapping]] = ..., activity_timeout: _Optional[int] = ...) -> None: ...

class ProfilingConfig(_message.Message):
    __slots__ = ("enabled", "configs", "schedules")
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    CONFIGS_FIELD_NUMBER: _ClassVar[int]
    SCHEDULES_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    configs: _containers.RepeatedCompositeFieldContainer[ProfileConfig]
    schedules: _containers.RepeatedCompositeFieldContainer[ProfileScheduleConfig]
    def __init__(self, enabled: _Optional[bool] = ..., configs: _Optional[_Iterable[_Union[ProfileConfig, _Mapping]]] = ..., schedules: _Optional[_Iterable[_Union[ProfileScheduleConfig, _Mapping]]] = ...) -> None: ...

class ReloadWindowAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RemoteAuthority(_message.Message):
    __slots__ = ("connection_type",)
    CONNECTION_TYPE_FIELD_NUMBER: _ClassVar[int]
    connection_type: RemoteConnectionType
    def __init__(self, connection_type: _Optional[_Union[RemoteConnectionType, str]] = ...) -> None: ...

class RequestedModel(_message.Message):
    __slots__ = ("model_id", "max_mode", "parameters", "built_in_model", "is_variant_string_representation", "api_key_credentials", "azure_credentials", "bedrock_credentials")
    class ModelParameterValue(_message.Message):
        __slots__ = ("id", "value")
        ID_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        id: str
        value: str
        def __init__(self, id: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    MODEL_ID_FIELD_NUMBER: _ClassVar[int]
    MAX_MODE_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    BUILT_IN_MODEL_FIELD_NUMBER: _ClassVar[int]
    IS_VARIANT_STRING_REPRESENTATION_FIELD_NUMBER: _ClassVar[int]
    API_KEY_CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    AZURE_CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    BEDROCK_CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    model_id: str
    max_mode: bool
    parameters: _containers.RepeatedCompositeFieldContainer[RequestedModel.ModelParameterValue]
    built_in_model: bool
    is_variant_string_representation: bool
    api_key_credentials: ApiKeyCredentials
    azure_credentials: AzureCredentials
    bedrock_credentials: BedrockCredentials
    def __init__(self, model_id: _Optional[str] = ..., max_mode: _Optional[bool] = ..., parameters: _Optional[_Iterable[_Union[RequestedModel.ModelParameterValue, _Mapping]]] = ..., built_in_model: _Optional[bool] = ..., is_variant_string_representation: _Optional[bool] = ..., api_key_credentials: _Optional[_Union[ApiKeyCredentials, _Mapping]] = ..., azure_credentials: _Optional[_Union[AzureCredentials, _Mapping]] = ..., bedrock_credentials: _Optional[_Union[BedrockCredentials, _Mapping]] = ...) -> None: ...

class RunTerminalServerConfig(_message.Message):
    __slots__ = ("composite_shell_commands", "safe_shell_commands")
    COMPOSITE_SHELL_COMMANDS_FIELD_NUMBER: _ClassVar[int]
    SAFE_SHELL_COMMANDS_FIELD_NUMBER: _ClassVar[int]
    composite_shell_commands: _containers.RepeatedScalarFieldContainer[str]
    safe_shell_commands: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, composite_shell_commands: _Optional[_Iterable[str]] = ..., safe_shell_commands: _Optional[_Iterable[str]] = ...) -> None: ...

class SwitchModelAction(_message.Message):
    __slots__ = ("suggested_model",)
    SUGGESTED_MODEL_FIELD_NUMBER: _ClassVar[int]
    suggested_model: str
    def __init__(self, suggested_model: _Optional[str] = ...) -> None: ...

class TerminalTipConfig(_message.Message):
    __slots__ = ("message", "enabled")
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    message: str
    enabled: bool
    def __init__(self, message: _Optional[str] = ..., enabled: _Optional[bool] = ...) -> None: ...

class TraceConfig(_message.Message):
    __slots__ = ("enabled", "buffer_size", "flush_interval_ms", "sample_rate")
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    BUFFER_SIZE_FIELD_NUMBER: _ClassVar[int]
    FLUSH_INTERVAL_MS_FIELD_NUMBER: _ClassVar[int]
    SAMPLE_RATE_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    buffer_size: int
    flush_interval_ms: int
    sample_rate: float
    def __init__(self, enabled: _Optional[bool] = ..., buffer_size: _Optional[int] = ..., flush_interval_ms: _Optional[int] = ..., sample_rate: _Optional[float] = ...) -> None: ...

class UpdateConfig(_message.Message):
    __slots__ = ("release_track", "mode", "applied_at")
    class UpdateMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        UPDATE_MODE_UNSPECIFIED: _ClassVar[UpdateConfig.UpdateMode]
        UPDATE_MODE_ONE_TIME: _ClassVar[UpdateConfig.UpdateMode]
    UPDATE_MODE_UNSPECIFIED: UpdateConfig.UpdateMode
    UPDATE_MODE_ONE_TIME: UpdateConfig.UpdateMode
    RELEASE_TRACK_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    APPLIED_AT_FIELD_NUMBER: _ClassVar[int]
    release_track: str
    mode: UpdateConfig.UpdateMode
    applied_at: int
    def __init__(self, release_track: _Optional[str] = ..., mode: _Optional[_Union[UpdateConfig.UpdateMode, str]] = ..., applied_at: _Optional[int] = ...) -> None: ...

class UpgradeAction(_message.Message):
    __slots__ = ("membership_to_upgrade_to", "try_immediate_upgrade", "allow_trial")
    MEMBERSHIP_TO_UPGRADE_TO_FIELD_NUMBER: _ClassVar[int]
    TRY_IMMEDIATE_UPGRADE_FIELD_NUMBER: _ClassVar[int]
    ALLOW_TRIAL_FIELD_NUMBER: _ClassVar[int]
    membership_to_upgrade_to: str
    try_immediate_upgrade: bool
    allow_trial: bool
    def __init__(self, membership_to_upgrade_to: _Optional[str] = ..., try_immediate_upgrade: _Optional[bool] = ..., allow_trial: _Optional[bool] = ...) -> None: ...

class UpgradeChoice(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class UrlAction(_message.Message):
    __slots__ = ("url",)
    URL_FIELD_NUMBER: _ClassVar[int]
    url: str
    def __init__(self, url: _Optional[str] = ...) -> None: ...

class VscodeCPUProperties(_message.Message):
    __slots__ = ("model", "speed")
    MODEL_FIELD_NUMBER: _ClassVar[int]
    SPEED_FIELD_NUMBER: _ClassVar[int]
    model: str
    speed: float
    def __init__(self, model: _Optional[str] = ..., speed: _Optional[float] = ...) -> None: ...

class VscodeOSProperties(_message.Message):
    __slots__ = ("type", "release", "arch", "platform", "cpus")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    RELEASE_FIELD_NUMBER: _ClassVar[int]
    ARCH_FIELD_NUMBER: _ClassVar[int]
    PLATFORM_FIELD_NUMBER: _ClassVar[int]
    CPUS_FIELD_NUMBER: _ClassVar[int]
    type: str
    release: str
    arch: str
    platform: str
    cpus: _containers.RepeatedCompositeFieldContainer[VscodeCPUProperties]
    def __init__(self, type: _Optional[str] = ..., release: _Optional[str] = ..., arch: _Optional[str] = ..., platform: _Optional[str] = ..., cpus: _Optional[_Iterable[_Union[VscodeCPUProperties, _Mapping]]] = ...) -> None: ...

class VscodeOSStatistics(_message.Message):
    __slots__ = ("totalmem", "freemem", "loadavg")
    TOTALMEM_FIELD_NUMBER: _ClassVar[int]
    FREEMEM_FIELD_NUMBER: _ClassVar[int]
    LOADAVG_FIELD_NUMBER: _ClassVar[int]
    totalmem: float
    freemem: float
    loadavg: _containers.RepeatedScalarFieldContainer[float]
    def __init__(self, totalmem: _Optional[float] = ..., freemem: _Optional[float] = ..., loadavg: _Optional[_Iterable[float]] = ...) -> None: ...
