import datetime

from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
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

class BugfixVerdict(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BUGFIX_VERDICT_UNSPECIFIED: _ClassVar[BugfixVerdict]
    BUGFIX_VERDICT_FIXED: _ClassVar[BugfixVerdict]
    BUGFIX_VERDICT_FALSE_POSITIVE: _ClassVar[BugfixVerdict]
    BUGFIX_VERDICT_COULD_NOT_FIX: _ClassVar[BugfixVerdict]
    BUGFIX_VERDICT_RESOLVED_BY_OTHER_FIX: _ClassVar[BugfixVerdict]

class ButtonType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BUTTON_TYPE_UNSPECIFIED: _ClassVar[ButtonType]
    BUTTON_TYPE_LEADING: _ClassVar[ButtonType]
    BUTTON_TYPE_PRIMARY: _ClassVar[ButtonType]
    BUTTON_TYPE_SECONDARY: _ClassVar[ButtonType]

class ClientSideToolV2(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLIENT_SIDE_TOOL_V2_UNSPECIFIED: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_READ_SEMSEARCH_FILES: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_RIPGREP_SEARCH: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_READ_FILE: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_LIST_DIR: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_EDIT_FILE: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_FILE_SEARCH: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_SEMANTIC_SEARCH_FULL: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_DELETE_FILE: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_REAPPLY: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_RUN_TERMINAL_COMMAND_V2: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_FETCH_RULES: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_WEB_SEARCH: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_MCP: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_SEARCH_SYMBOLS: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_BACKGROUND_COMPOSER_FOLLOWUP: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_KNOWLEDGE_BASE: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_FETCH_PULL_REQUEST: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_DEEP_SEARCH: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_CREATE_DIAGRAM: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_FIX_LINTS: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_READ_LINTS: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_GO_TO_DEFINITION: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_TASK: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_AWAIT_TASK: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_TODO_READ: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_TODO_WRITE: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_EDIT_FILE_V2: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_LIST_DIR_V2: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_READ_FILE_V2: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_RIPGREP_RAW_SEARCH: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_GLOB_FILE_SEARCH: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_CREATE_PLAN: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_LIST_MCP_RESOURCES: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_READ_MCP_RESOURCE: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_READ_PROJECT: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_UPDATE_PROJECT: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_TASK_V2: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_CALL_MCP_TOOL: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_APPLY_AGENT_DIFF: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_ASK_QUESTION: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_SWITCH_MODE: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_GENERATE_IMAGE: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_COMPUTER_USE: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_WRITE_SHELL_STDIN: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_RECORD_SCREEN: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_WEB_FETCH: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_REPORT_BUGFIX_RESULTS: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_AI_ATTRIBUTION: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_MCP_AUTH: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_REFLECT: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_AWAIT: _ClassVar[ClientSideToolV2]
    CLIENT_SIDE_TOOL_V2_GET_MCP_TOOLS: _ClassVar[ClientSideToolV2]

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

class CppFate(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CPP_FATE_UNSPECIFIED: _ClassVar[CppFate]
    CPP_FATE_ACCEPT: _ClassVar[CppFate]
    CPP_FATE_REJECT: _ClassVar[CppFate]
    CPP_FATE_PARTIAL_ACCEPT: _ClassVar[CppFate]

class CppSource(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CPP_SOURCE_UNSPECIFIED: _ClassVar[CppSource]
    CPP_SOURCE_LINE_CHANGE: _ClassVar[CppSource]
    CPP_SOURCE_TYPING: _ClassVar[CppSource]
    CPP_SOURCE_OPTION_HOLD: _ClassVar[CppSource]
    CPP_SOURCE_LINTER_ERRORS: _ClassVar[CppSource]
    CPP_SOURCE_PARAMETER_HINTS: _ClassVar[CppSource]
    CPP_SOURCE_CURSOR_PREDICTION: _ClassVar[CppSource]
    CPP_SOURCE_MANUAL_TRIGGER: _ClassVar[CppSource]
    CPP_SOURCE_EDITOR_CHANGE: _ClassVar[CppSource]
    CPP_SOURCE_LSP_SUGGESTIONS: _ClassVar[CppSource]

class DatabaseProvider(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DATABASE_PROVIDER_UNSPECIFIED: _ClassVar[DatabaseProvider]
    DATABASE_PROVIDER_AURORA: _ClassVar[DatabaseProvider]
    DATABASE_PROVIDER_PLANETSCALE: _ClassVar[DatabaseProvider]

class DisplayMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DISPLAY_MODE_UNSPECIFIED: _ClassVar[DisplayMode]
    DISPLAY_MODE_TOAST: _ClassVar[DisplayMode]
    DISPLAY_MODE_MODAL: _ClassVar[DisplayMode]

class EmbeddingModel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMBEDDING_MODEL_UNSPECIFIED: _ClassVar[EmbeddingModel]
    EMBEDDING_MODEL_VOYAGE_CODE_2: _ClassVar[EmbeddingModel]
    EMBEDDING_MODEL_TEXT_EMBEDDINGS_LARGE_3: _ClassVar[EmbeddingModel]
    EMBEDDING_MODEL_QWEN_1_5B_CUSTOM: _ClassVar[EmbeddingModel]
    EMBEDDING_MODEL_MOCK_CHUNKER_ERROR: _ClassVar[EmbeddingModel]
    EMBEDDING_MODEL_QWEN_1_5B_0618_CUSTOM: _ClassVar[EmbeddingModel]
    EMBEDDING_MODEL_QWEN_1_5B_0618_FP8_MM_CUSTOM: _ClassVar[EmbeddingModel]

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

class LintSeverity(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LINT_SEVERITY_UNSPECIFIED: _ClassVar[LintSeverity]
    LINT_SEVERITY_ERROR: _ClassVar[LintSeverity]
    LINT_SEVERITY_WARNING: _ClassVar[LintSeverity]
    LINT_SEVERITY_INFO: _ClassVar[LintSeverity]
    LINT_SEVERITY_HINT: _ClassVar[LintSeverity]
    LINT_SEVERITY_AI: _ClassVar[LintSeverity]

class MouseButton(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MOUSE_BUTTON_UNSPECIFIED: _ClassVar[MouseButton]
    MOUSE_BUTTON_LEFT: _ClassVar[MouseButton]
    MOUSE_BUTTON_RIGHT: _ClassVar[MouseButton]
    MOUSE_BUTTON_MIDDLE: _ClassVar[MouseButton]
    MOUSE_BUTTON_BACK: _ClassVar[MouseButton]
    MOUSE_BUTTON_FORWARD: _ClassVar[MouseButton]

class RecordingMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RECORDING_MODE_UNSPECIFIED: _ClassVar[RecordingMode]
    RECORDING_MODE_START_RECORDING: _ClassVar[RecordingMode]
    RECORDING_MODE_SAVE_RECORDING: _ClassVar[RecordingMode]
    RECORDING_MODE_DISCARD_RECORDING: _ClassVar[RecordingMode]

class RemoteConnectionType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    REMOTE_CONNECTION_TYPE_UNSPECIFIED: _ClassVar[RemoteConnectionType]
    REMOTE_CONNECTION_TYPE_LOCAL: _ClassVar[RemoteConnectionType]
    REMOTE_CONNECTION_TYPE_WSL: _ClassVar[RemoteConnectionType]
    REMOTE_CONNECTION_TYPE_SSH: _ClassVar[RemoteConnectionType]
    REMOTE_CONNECTION_TYPE_DEVCONTAINER: _ClassVar[RemoteConnectionType]
    REMOTE_CONNECTION_TYPE_DEVCONTAINER_SSH: _ClassVar[RemoteConnectionType]
    REMOTE_CONNECTION_TYPE_DEVCONTAINER_WSL: _ClassVar[RemoteConnectionType]

class RequestedFilePathRejectedReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    REQUESTED_FILE_PATH_REJECTED_REASON_UNSPECIFIED: _ClassVar[RequestedFilePathRejectedReason]
    REQUESTED_FILE_PATH_REJECTED_REASON_SLASHES_NOT_ALLOWED: _ClassVar[RequestedFilePathRejectedReason]

class RunTerminalCommandEndedReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RUN_TERMINAL_COMMAND_ENDED_REASON_UNSPECIFIED: _ClassVar[RunTerminalCommandEndedReason]
    RUN_TERMINAL_COMMAND_ENDED_REASON_EXECUTION_COMPLETED: _ClassVar[RunTerminalCommandEndedReason]
    RUN_TERMINAL_COMMAND_ENDED_REASON_EXECUTION_ABORTED: _ClassVar[RunTerminalCommandEndedReason]
    RUN_TERMINAL_COMMAND_ENDED_REASON_EXECUTION_FAILED: _ClassVar[RunTerminalCommandEndedReason]
    RUN_TERMINAL_COMMAND_ENDED_REASON_ERROR_OCCURRED_CHECKING_REASON: _ClassVar[RunTerminalCommandEndedReason]
    RUN_TERMINAL_COMMAND_ENDED_REASON_IDLE_TIMEOUT: _ClassVar[RunTerminalCommandEndedReason]

class ScrollDirection(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SCROLL_DIRECTION_UNSPECIFIED: _ClassVar[ScrollDirection]
    SCROLL_DIRECTION_UP: _ClassVar[ScrollDirection]
    SCROLL_DIRECTION_DOWN: _ClassVar[ScrollDirection]
    SCROLL_DIRECTION_LEFT: _ClassVar[ScrollDirection]
    SCROLL_DIRECTION_RIGHT: _ClassVar[ScrollDirection]

class SelectedPluginCapabilityType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SELECTED_PLUGIN_CAPABILITY_TYPE_UNSPECIFIED: _ClassVar[SelectedPluginCapabilityType]
    SELECTED_PLUGIN_CAPABILITY_TYPE_COMMAND: _ClassVar[SelectedPluginCapabilityType]
    SELECTED_PLUGIN_CAPABILITY_TYPE_SKILL: _ClassVar[SelectedPluginCapabilityType]
    SELECTED_PLUGIN_CAPABILITY_TYPE_SUBAGENT: _ClassVar[SelectedPluginCapabilityType]

class SimulatedMsgReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SIMULATED_MSG_REASON_UNSPECIFIED: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_PLAN_EXECUTION: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_COMMIT_REMINDER: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_BACKGROUND_TASK_COMPLETION: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_DIFF_TAB_COMMIT: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_DIFF_TAB_COMMIT_AND_PUSH: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_DIFF_TAB_PUSH: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_DIFF_TAB_CREATE_PR: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_DIFF_TAB_FIX_MERGE_CONFLICTS: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_USER_SENT_TO_SUBAGENT: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_USER_INTERRUPTED_SUBAGENT: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_USER_QUEUED_TO_SUBAGENT: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_BABYSIT_PR_IN_CLOUD: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_CI_PANEL_INVESTIGATE_FAILURE: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_MULTITASK: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_BUILD_IN_PARALLEL: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_MULTITASK_SPLIT_PRS: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_APPLY_LOCALLY: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_CHECKOUT_BRANCH: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_DIFF_TAB_UPDATE_BRANCH: _ClassVar[SimulatedMsgReason]
    SIMULATED_MSG_REASON_PR_TAB_BUGBOT_FIX: _ClassVar[SimulatedMsgReason]

class SubagentType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SUBAGENT_TYPE_UNSPECIFIED: _ClassVar[SubagentType]
    SUBAGENT_TYPE_DEEP_SEARCH: _ClassVar[SubagentType]
    SUBAGENT_TYPE_FIX_LINTS: _ClassVar[SubagentType]
    SUBAGENT_TYPE_TASK: _ClassVar[SubagentType]
    SUBAGENT_TYPE_SPEC: _ClassVar[SubagentType]

class TaskMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TASK_MODE_UNSPECIFIED: _ClassVar[TaskMode]
    TASK_MODE_AGENT: _ClassVar[TaskMode]
    TASK_MODE_PLAN: _ClassVar[TaskMode]
AVAILABLE_MODELS_SCOPE_UNSPECIFIED: AvailableModelsScope
AVAILABLE_MODELS_SCOPE_USER_AVAILABLE: AvailableModelsScope
AVAILABLE_MODELS_SCOPE_AUTOMATIONS: AvailableModelsScope
AVAILABLE_MODELS_SCOPE_ADMIN_SETTINGS_ALL_APPLICATION_MODELS: AvailableModelsScope
BUGBOT_PLAN_TYPE_UNSPECIFIED: BugbotPlanType
BUGBOT_PLAN_TYPE_TEAM: BugbotPlanType
BUGBOT_PLAN_TYPE_USER: BugbotPlanType
BUGFIX_VERDICT_UNSPECIFIED: BugfixVerdict
BUGFIX_VERDICT_FIXED: BugfixVerdict
BUGFIX_VERDICT_FALSE_POSITIVE: BugfixVerdict
BUGFIX_VERDICT_COULD_NOT_FIX: BugfixVerdict
BUGFIX_VERDICT_RESOLVED_BY_OTHER_FIX: BugfixVerdict
BUTTON_TYPE_UNSPECIFIED: ButtonType
BUTTON_TYPE_LEADING: ButtonType
BUTTON_TYPE_PRIMARY: ButtonType
BUTTON_TYPE_SECONDARY: ButtonType
CLIENT_SIDE_TOOL_V2_UNSPECIFIED: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_READ_SEMSEARCH_FILES: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_RIPGREP_SEARCH: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_READ_FILE: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_LIST_DIR: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_EDIT_FILE: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_FILE_SEARCH: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_SEMANTIC_SEARCH_FULL: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_DELETE_FILE: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_REAPPLY: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_RUN_TERMINAL_COMMAND_V2: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_FETCH_RULES: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_WEB_SEARCH: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_MCP: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_SEARCH_SYMBOLS: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_BACKGROUND_COMPOSER_FOLLOWUP: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_KNOWLEDGE_BASE: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_FETCH_PULL_REQUEST: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_DEEP_SEARCH: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_CREATE_DIAGRAM: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_FIX_LINTS: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_READ_LINTS: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_GO_TO_DEFINITION: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_TASK: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_AWAIT_TASK: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_TODO_READ: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_TODO_WRITE: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_EDIT_FILE_V2: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_LIST_DIR_V2: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_READ_FILE_V2: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_RIPGREP_RAW_SEARCH: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_GLOB_FILE_SEARCH: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_CREATE_PLAN: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_LIST_MCP_RESOURCES: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_READ_MCP_RESOURCE: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_READ_PROJECT: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_UPDATE_PROJECT: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_TASK_V2: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_CALL_MCP_TOOL: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_APPLY_AGENT_DIFF: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_ASK_QUESTION: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_SWITCH_MODE: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_GENERATE_IMAGE: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_COMPUTER_USE: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_WRITE_SHELL_STDIN: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_RECORD_SCREEN: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_WEB_FETCH: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_REPORT_BUGFIX_RESULTS: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_AI_ATTRIBUTION: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_MCP_AUTH: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_REFLECT: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_AWAIT: ClientSideToolV2
CLIENT_SIDE_TOOL_V2_GET_MCP_TOOLS: ClientSideToolV2
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
CPP_FATE_UNSPECIFIED: CppFate
CPP_FATE_ACCEPT: CppFate
CPP_FATE_REJECT: CppFate
CPP_FATE_PARTIAL_ACCEPT: CppFate
CPP_SOURCE_UNSPECIFIED: CppSource
CPP_SOURCE_LINE_CHANGE: CppSource
CPP_SOURCE_TYPING: CppSource
CPP_SOURCE_OPTION_HOLD: CppSource
CPP_SOURCE_LINTER_ERRORS: CppSource
CPP_SOURCE_PARAMETER_HINTS: CppSource
CPP_SOURCE_CURSOR_PREDICTION: CppSource
CPP_SOURCE_MANUAL_TRIGGER: CppSource
CPP_SOURCE_EDITOR_CHANGE: CppSource
CPP_SOURCE_LSP_SUGGESTIONS: CppSource
DATABASE_PROVIDER_UNSPECIFIED: DatabaseProvider
DATABASE_PROVIDER_AURORA: DatabaseProvider
DATABASE_PROVIDER_PLANETSCALE: DatabaseProvider
DISPLAY_MODE_UNSPECIFIED: DisplayMode
DISPLAY_MODE_TOAST: DisplayMode
DISPLAY_MODE_MODAL: DisplayMode
EMBEDDING_MODEL_UNSPECIFIED: EmbeddingModel
EMBEDDING_MODEL_VOYAGE_CODE_2: EmbeddingModel
EMBEDDING_MODEL_TEXT_EMBEDDINGS_LARGE_3: EmbeddingModel
EMBEDDING_MODEL_QWEN_1_5B_CUSTOM: EmbeddingModel
EMBEDDING_MODEL_MOCK_CHUNKER_ERROR: EmbeddingModel
EMBEDDING_MODEL_QWEN_1_5B_0618_CUSTOM: EmbeddingModel
EMBEDDING_MODEL_QWEN_1_5B_0618_FP8_MM_CUSTOM: EmbeddingModel
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
LINT_SEVERITY_UNSPECIFIED: LintSeverity
LINT_SEVERITY_ERROR: LintSeverity
LINT_SEVERITY_WARNING: LintSeverity
LINT_SEVERITY_INFO: LintSeverity
LINT_SEVERITY_HINT: LintSeverity
LINT_SEVERITY_AI: LintSeverity
MOUSE_BUTTON_UNSPECIFIED: MouseButton
MOUSE_BUTTON_LEFT: MouseButton
MOUSE_BUTTON_RIGHT: MouseButton
MOUSE_BUTTON_MIDDLE: MouseButton
MOUSE_BUTTON_BACK: MouseButton
MOUSE_BUTTON_FORWARD: MouseButton
RECORDING_MODE_UNSPECIFIED: RecordingMode
RECORDING_MODE_START_RECORDING: RecordingMode
RECORDING_MODE_SAVE_RECORDING: RecordingMode
RECORDING_MODE_DISCARD_RECORDING: RecordingMode
REMOTE_CONNECTION_TYPE_UNSPECIFIED: RemoteConnectionType
REMOTE_CONNECTION_TYPE_LOCAL: RemoteConnectionType
REMOTE_CONNECTION_TYPE_WSL: RemoteConnectionType
REMOTE_CONNECTION_TYPE_SSH: RemoteConnectionType
REMOTE_CONNECTION_TYPE_DEVCONTAINER: RemoteConnectionType
REMOTE_CONNECTION_TYPE_DEVCONTAINER_SSH: RemoteConnectionType
REMOTE_CONNECTION_TYPE_DEVCONTAINER_WSL: RemoteConnectionType
REQUESTED_FILE_PATH_REJECTED_REASON_UNSPECIFIED: RequestedFilePathRejectedReason
REQUESTED_FILE_PATH_REJECTED_REASON_SLASHES_NOT_ALLOWED: RequestedFilePathRejectedReason
RUN_TERMINAL_COMMAND_ENDED_REASON_UNSPECIFIED: RunTerminalCommandEndedReason
RUN_TERMINAL_COMMAND_ENDED_REASON_EXECUTION_COMPLETED: RunTerminalCommandEndedReason
RUN_TERMINAL_COMMAND_ENDED_REASON_EXECUTION_ABORTED: RunTerminalCommandEndedReason
RUN_TERMINAL_COMMAND_ENDED_REASON_EXECUTION_FAILED: RunTerminalCommandEndedReason
RUN_TERMINAL_COMMAND_ENDED_REASON_ERROR_OCCURRED_CHECKING_REASON: RunTerminalCommandEndedReason
RUN_TERMINAL_COMMAND_ENDED_REASON_IDLE_TIMEOUT: RunTerminalCommandEndedReason
SCROLL_DIRECTION_UNSPECIFIED: ScrollDirection
SCROLL_DIRECTION_UP: ScrollDirection
SCROLL_DIRECTION_DOWN: ScrollDirection
SCROLL_DIRECTION_LEFT: ScrollDirection
SCROLL_DIRECTION_RIGHT: ScrollDirection
SELECTED_PLUGIN_CAPABILITY_TYPE_UNSPECIFIED: SelectedPluginCapabilityType
SELECTED_PLUGIN_CAPABILITY_TYPE_COMMAND: SelectedPluginCapabilityType
SELECTED_PLUGIN_CAPABILITY_TYPE_SKILL: SelectedPluginCapabilityType
SELECTED_PLUGIN_CAPABILITY_TYPE_SUBAGENT: SelectedPluginCapabilityType
SIMULATED_MSG_REASON_UNSPECIFIED: SimulatedMsgReason
SIMULATED_MSG_REASON_PLAN_EXECUTION: SimulatedMsgReason
SIMULATED_MSG_REASON_COMMIT_REMINDER: SimulatedMsgReason
SIMULATED_MSG_REASON_BACKGROUND_TASK_COMPLETION: SimulatedMsgReason
SIMULATED_MSG_REASON_DIFF_TAB_COMMIT: SimulatedMsgReason
SIMULATED_MSG_REASON_DIFF_TAB_COMMIT_AND_PUSH: SimulatedMsgReason
SIMULATED_MSG_REASON_DIFF_TAB_PUSH: SimulatedMsgReason
SIMULATED_MSG_REASON_DIFF_TAB_CREATE_PR: SimulatedMsgReason
SIMULATED_MSG_REASON_DIFF_TAB_FIX_MERGE_CONFLICTS: SimulatedMsgReason
SIMULATED_MSG_REASON_USER_SENT_TO_SUBAGENT: SimulatedMsgReason
SIMULATED_MSG_REASON_USER_INTERRUPTED_SUBAGENT: SimulatedMsgReason
SIMULATED_MSG_REASON_USER_QUEUED_TO_SUBAGENT: SimulatedMsgReason
SIMULATED_MSG_REASON_BABYSIT_PR_IN_CLOUD: SimulatedMsgReason
SIMULATED_MSG_REASON_CI_PANEL_INVESTIGATE_FAILURE: SimulatedMsgReason
SIMULATED_MSG_REASON_MULTITASK: SimulatedMsgReason
SIMULATED_MSG_REASON_BUILD_IN_PARALLEL: SimulatedMsgReason
SIMULATED_MSG_REASON_MULTITASK_SPLIT_PRS: SimulatedMsgReason
SIMULATED_MSG_REASON_APPLY_LOCALLY: SimulatedMsgReason
SIMULATED_MSG_REASON_CHECKOUT_BRANCH: SimulatedMsgReason
SIMULATED_MSG_REASON_DIFF_TAB_UPDATE_BRANCH: SimulatedMsgReason
SIMULATED_MSG_REASON_PR_TAB_BUGBOT_FIX: SimulatedMsgReason
SUBAGENT_TYPE_UNSPECIFIED: SubagentType
SUBAGENT_TYPE_DEEP_SEARCH: SubagentType
SUBAGENT_TYPE_FIX_LINTS: SubagentType
SUBAGENT_TYPE_TASK: SubagentType
SUBAGENT_TYPE_SPEC: SubagentType
TASK_MODE_UNSPECIFIED: TaskMode
TASK_MODE_AGENT: TaskMode
TASK_MODE_PLAN: TaskMode

class AcceptCursorPredictionEvent(_message.Message):
    __slots__ = ("cursor_prediction", "point_in_time_model")
    CURSOR_PREDICTION_FIELD_NUMBER: _ClassVar[int]
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    cursor_prediction: CursorPrediction
    point_in_time_model: PointInTimeModel
    def __init__(self, cursor_prediction: _Optional[_Union[CursorPrediction, _Mapping]] = ..., point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ...) -> None: ...

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

class AddTabRequestToEvalRequest(_message.Message):
    __slots__ = ("request_id", "expected_behavior")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_BEHAVIOR_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    expected_behavior: str
    def __init__(self, request_id: _Optional[str] = ..., expected_behavior: _Optional[str] = ...) -> None: ...

class AddTabRequestToEvalResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class AdditionalFile(_message.Message):
    __slots__ = ("relative_workspace_path", "is_open", "visible_range_content", "last_viewed_at", "start_line_number_one_indexed", "visible_ranges")
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    IS_OPEN_FIELD_NUMBER: _ClassVar[int]
    VISIBLE_RANGE_CONTENT_FIELD_NUMBER: _ClassVar[int]
    LAST_VIEWED_AT_FIELD_NUMBER: _ClassVar[int]
    START_LINE_NUMBER_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
    VISIBLE_RANGES_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    is_open: bool
    visible_range_content: _containers.RepeatedScalarFieldContainer[str]
    last_viewed_at: float
    start_line_number_one_indexed: _containers.RepeatedScalarFieldContainer[int]
    visible_ranges: _containers.RepeatedCompositeFieldContainer[LineRange]
    def __init__(self, relative_workspace_path: _Optional[str] = ..., is_open: _Optional[bool] = ..., visible_range_content: _Optional[_Iterable[str]] = ..., last_viewed_at: _Optional[float] = ..., start_line_number_one_indexed: _Optional[_Iterable[int]] = ..., visible_ranges: _Optional[_Iterable[_Union[LineRange, _Mapping]]] = ...) -> None: ...

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

class AiAttributionError(_message.Message):
    __slots__ = ("error",)
    ERROR_FIELD_NUMBER: _ClassVar[int]
    error: str
    def __init__(self, error: _Optional[str] = ...) -> None: ...

class AiAttributionResult(_message.Message):
    __slots__ = ("success", "error")
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    success: AiAttributionSuccess
    error: AiAttributionError
    def __init__(self, success: _Optional[_Union[AiAttributionSuccess, _Mapping]] = ..., error: _Optional[_Union[AiAttributionError, _Mapping]] = ...) -> None: ...

class AiAttributionSuccess(_message.Message):
    __slots__ = ("attribution_text", "output_location")
    ATTRIBUTION_TEXT_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_LOCATION_FIELD_NUMBER: _ClassVar[int]
    attribution_text: str
    output_location: OutputLocation
    def __init__(self, attribution_text: _Optional[str] = ..., output_location: _Optional[_Union[OutputLocation, _Mapping]] = ...) -> None: ...

class AiRequestEvent(_message.Message):
    __slots__ = ("request_type", "request_id", "source")
    class RequestType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        REQUEST_TYPE_UNSPECIFIED: _ClassVar[AiRequestEvent.RequestType]
        REQUEST_TYPE_START: _ClassVar[AiRequestEvent.RequestType]
        REQUEST_TYPE_END: _ClassVar[AiRequestEvent.RequestType]
    REQUEST_TYPE_UNSPECIFIED: AiRequestEvent.RequestType
    REQUEST_TYPE_START: AiRequestEvent.RequestType
    REQUEST_TYPE_END: AiRequestEvent.RequestType
    class Source(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        SOURCE_UNSPECIFIED: _ClassVar[AiRequestEvent.Source]
        SOURCE_CHAT: _ClassVar[AiRequestEvent.Source]
        SOURCE_CMDK: _ClassVar[AiRequestEvent.Source]
        SOURCE_APPLY: _ClassVar[AiRequestEvent.Source]
        SOURCE_COMPOSER: _ClassVar[AiRequestEvent.Source]
        SOURCE_TASK: _ClassVar[AiRequestEvent.Source]
        SOURCE_CODE_INTERPRETER: _ClassVar[AiRequestEvent.Source]
        SOURCE_INTERPRETER_EXECUTION: _ClassVar[AiRequestEvent.Source]
        SOURCE_BUGBOT: _ClassVar[AiRequestEvent.Source]
    SOURCE_UNSPECIFIED: AiRequestEvent.Source
    SOURCE_CHAT: AiRequestEvent.Source
    SOURCE_CMDK: AiRequestEvent.Source
    SOURCE_APPLY: AiRequestEvent.Source
    SOURCE_COMPOSER: AiRequestEvent.Source
    SOURCE_TASK: AiRequestEvent.Source
    SOURCE_CODE_INTERPRETER: AiRequestEvent.Source
    SOURCE_INTERPRETER_EXECUTION: AiRequestEvent.Source
    SOURCE_BUGBOT: AiRequestEvent.Source
    REQUEST_TYPE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    request_type: AiRequestEvent.RequestType
    request_id: str
    source: AiRequestEvent.Source
    def __init__(self, request_type: _Optional[_Union[AiRequestEvent.RequestType, str]] = ..., request_id: _Optional[str] = ..., source: _Optional[_Union[AiRequestEvent.Source, str]] = ...) -> None: ...

class AiWebSearchResult(_message.Message):
    __slots__ = ("content", "title")
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    content: str
    title: str
    def __init__(self, content: _Optional[str] = ..., title: _Optional[str] = ...) -> None: ...

class AnythingQuickAccessItem(_message.Message):
    __slots__ = ("resource", "separator", "section")
    class Resource(_message.Message):
        __slots__ = ("model", "range", "uri")
        MODEL_FIELD_NUMBER: _ClassVar[int]
        RANGE_FIELD_NUMBER: _ClassVar[int]
        URI_FIELD_NUMBER: _ClassVar[int]
        model: PointInTimeModel
        range: IRange
        uri: str
        def __init__(self, model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., range: _Optional[_Union[IRange, _Mapping]] = ..., uri: _Optional[str] = ...) -> None: ...
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    SEPARATOR_FIELD_NUMBER: _ClassVar[int]
    SECTION_FIELD_NUMBER: _ClassVar[int]
    resource: AnythingQuickAccessItem.Resource
    separator: str
    section: str
    def __init__(self, resource: _Optional[_Union[AnythingQuickAccessItem.Resource, _Mapping]] = ..., separator: _Optional[str] = ..., section: _Optional[str] = ...) -> None: ...

class AnythingQuickAccessSelectionEvent(_message.Message):
    __slots__ = ("query", "items", "selected_indices")
    QUERY_FIELD_NUMBER: _ClassVar[int]
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    SELECTED_INDICES_FIELD_NUMBER: _ClassVar[int]
    query: str
    items: _containers.RepeatedCompositeFieldContainer[AnythingQuickAccessItem]
    selected_indices: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, query: _Optional[str] = ..., items: _Optional[_Iterable[_Union[AnythingQuickAccessItem, _Mapping]]] = ..., selected_indices: _Optional[_Iterable[int]] = ...) -> None: ...

class ApiKeyCredentials(_message.Message):
    __slots__ = ("api_key", "base_url")
    API_KEY_FIELD_NUMBER: _ClassVar[int]
    BASE_URL_FIELD_NUMBER: _ClassVar[int]
    api_key: str
    base_url: str
    def __init__(self, api_key: _Optional[str] = ..., base_url: _Optional[str] = ...) -> None: ...

class AppliedAgentChange(_message.Message):
    __slots__ = ("path", "change_type", "before_content", "after_content", "error", "message_for_model")
    class ChangeType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        CHANGE_TYPE_UNSPECIFIED: _ClassVar[AppliedAgentChange.ChangeType]
        CHANGE_TYPE_CREATED: _ClassVar[AppliedAgentChange.ChangeType]
        CHANGE_TYPE_MODIFIED: _ClassVar[AppliedAgentChange.ChangeType]
        CHANGE_TYPE_DELETED: _ClassVar[AppliedAgentChange.ChangeType]
    CHANGE_TYPE_UNSPECIFIED: AppliedAgentChange.ChangeType
    CHANGE_TYPE_CREATED: AppliedAgentChange.ChangeType
    CHANGE_TYPE_MODIFIED: AppliedAgentChange.ChangeType
    CHANGE_TYPE_DELETED: AppliedAgentChange.ChangeType
    PATH_FIELD_NUMBER: _ClassVar[int]
    CHANGE_TYPE_FIELD_NUMBER: _ClassVar[int]
    BEFORE_CONTENT_FIELD_NUMBER: _ClassVar[int]
    AFTER_CONTENT_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FOR_MODEL_FIELD_NUMBER: _ClassVar[int]
    path: str
    change_type: AppliedAgentChange.ChangeType
    before_content: str
    after_content: str
    error: str
    message_for_model: str
    def __init__(self, path: _Optional[str] = ..., change_type: _Optional[_Union[AppliedAgentChange.ChangeType, str]] = ..., before_content: _Optional[str] = ..., after_content: _Optional[str] = ..., error: _Optional[str] = ..., message_for_model: _Optional[str] = ...) -> None: ...

class ApplyAgentDiffError(_message.Message):
    __slots__ = ("error", "applied_changes")
    ERROR_FIELD_NUMBER: _ClassVar[int]
    APPLIED_CHANGES_FIELD_NUMBER: _ClassVar[int]
    error: str
    applied_changes: _containers.RepeatedCompositeFieldContainer[AppliedAgentChange]
    def __init__(self, error: _Optional[str] = ..., applied_changes: _Optional[_Iterable[_Union[AppliedAgentChange, _Mapping]]] = ...) -> None: ...

class ApplyAgentDiffParams(_message.Message):
    __slots__ = ("agent_id",)
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    def __init__(self, agent_id: _Optional[str] = ...) -> None: ...

class ApplyAgentDiffResult(_message.Message):
    __slots__ = ("success", "error")
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    success: ApplyAgentDiffSuccess
    error: ApplyAgentDiffError
    def __init__(self, success: _Optional[_Union[ApplyAgentDiffSuccess, _Mapping]] = ..., error: _Optional[_Union[ApplyAgentDiffError, _Mapping]] = ...) -> None: ...

class ApplyAgentDiffSuccess(_message.Message):
    __slots__ = ("applied_changes",)
    APPLIED_CHANGES_FIELD_NUMBER: _ClassVar[int]
    applied_changes: _containers.RepeatedCompositeFieldContainer[AppliedAgentChange]
    def __init__(self, applied_changes: _Optional[_Iterable[_Union[AppliedAgentChange, _Mapping]]] = ...) -> None: ...

class AskQuestionParams(_message.Message):
    __slots__ = ("title", "questions", "run_async")
    class Option(_message.Message):
        __slots__ = ("id", "label")
        ID_FIELD_NUMBER: _ClassVar[int]
        LABEL_FIELD_NUMBER: _ClassVar[int]
        id: str
        label: str
        def __init__(self, id: _Optional[str] = ..., label: _Optional[str] = ...) -> None: ...
    class Question(_message.Message):
        __slots__ = ("id", "prompt", "options", "allow_multiple")
        ID_FIELD_NUMBER: _ClassVar[int]
        PROMPT_FIELD_NUMBER: _ClassVar[int]
        OPTIONS_FIELD_NUMBER: _ClassVar[int]
        ALLOW_MULTIPLE_FIELD_NUMBER: _ClassVar[int]
        id: str
        prompt: str
        options: _containers.RepeatedCompositeFieldContainer[AskQuestionParams.Option]
        allow_multiple: bool
        def __init__(self, id: _Optional[str] = ..., prompt: _Optional[str] = ..., options: _Optional[_Iterable[_Union[AskQuestionParams.Option, _Mapping]]] = ..., allow_multiple: _Optional[bool] = ...) -> None: ...
    TITLE_FIELD_NUMBER: _ClassVar[int]
    QUESTIONS_FIELD_NUMBER: _ClassVar[int]
    RUN_ASYNC_FIELD_NUMBER: _ClassVar[int]
    title: str
    questions: _containers.RepeatedCompositeFieldContainer[AskQuestionParams.Question]
    run_async: bool
    def __init__(self, title: _Optional[str] = ..., questions: _Optional[_Iterable[_Union[AskQuestionParams.Question, _Mapping]]] = ..., run_async: _Optional[bool] = ...) -> None: ...

class AskQuestionResult(_message.Message):
    __slots__ = ("answers", "is_async")
    class Answer(_message.Message):
        __slots__ = ("question_id", "selected_option_ids", "freeform_text")
        QUESTION_ID_FIELD_NUMBER: _ClassVar[int]
        SELECTED_OPTION_IDS_FIELD_NUMBER: _ClassVar[int]
        FREEFORM_TEXT_FIELD_NUMBER: _ClassVar[int]
        question_id: str
        selected_option_ids: _containers.RepeatedScalarFieldContainer[str]
        freeform_text: str
        def __init__(self, question_id: _Optional[str] = ..., selected_option_ids: _Optional[_Iterable[str]] = ..., freeform_text: _Optional[str] = ...) -> None: ...
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    IS_ASYNC_FIELD_NUMBER: _ClassVar[int]
    answers: _containers.RepeatedCompositeFieldContainer[AskQuestionResult.Answer]
    is_async: bool
    def __init__(self, answers: _Optional[_Iterable[_Union[AskQuestionResult.Answer, _Mapping]]] = ..., is_async: _Optional[bool] = ...) -> None: ...

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

class AvailableCppModelsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class AvailableCppModelsResponse(_message.Message):
    __slots__ = ("models", "default_model")
    MODELS_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_MODEL_FIELD_NUMBER: _ClassVar[int]
    models: _containers.RepeatedScalarFieldContainer[str]
    default_model: str
    def __init__(self, models: _Optional[_Iterable[str]] = ..., default_model: _Optional[str] = ...) -> None: ...

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

class AwaitTaskParams(_message.Message):
    __slots__ = ("ids",)
    IDS_FIELD_NUMBER: _ClassVar[int]
    ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, ids: _Optional[_Iterable[str]] = ...) -> None: ...

class AwaitTaskResult(_message.Message):
    __slots__ = ("task_results", "missing_task_ids")
    class TaskResultItem(_message.Message):
        __slots__ = ("task_id", "result")
        TASK_ID_FIELD_NUMBER: _ClassVar[int]
        RESULT_FIELD_NUMBER: _ClassVar[int]
        task_id: str
        result: TaskResult.CompletedTaskResult
        def __init__(self, task_id: _Optional[str] = ..., result: _Optional[_Union[TaskResult.CompletedTaskResult, _Mapping]] = ...) -> None: ...
    TASK_RESULTS_FIELD_NUMBER: _ClassVar[int]
    MISSING_TASK_IDS_FIELD_NUMBER: _ClassVar[int]
    task_results: _containers.RepeatedCompositeFieldContainer[AwaitTaskResult.TaskResultItem]
    missing_task_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, task_results: _Optional[_Iterable[_Union[AwaitTaskResult.TaskResultItem, _Mapping]]] = ..., missing_task_ids: _Optional[_Iterable[str]] = ...) -> None: ...

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

class BM25Chunk(_message.Message):
    __slots__ = ("content", "range", "score", "relative_path")
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    RANGE_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    RELATIVE_PATH_FIELD_NUMBER: _ClassVar[int]
    content: str
    range: SimplestRange
    score: int
    relative_path: str
    def __init__(self, content: _Optional[str] = ..., range: _Optional[_Union[SimplestRange, _Mapping]] = ..., score: _Optional[int] = ..., relative_path: _Optional[str] = ...) -> None: ...

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

class BackgroundComposerFollowupParams(_message.Message):
    __slots__ = ("proposed_followup", "bc_id")
    PROPOSED_FOLLOWUP_FIELD_NUMBER: _ClassVar[int]
    BC_ID_FIELD_NUMBER: _ClassVar[int]
    proposed_followup: str
    bc_id: str
    def __init__(self, proposed_followup: _Optional[str] = ..., bc_id: _Optional[str] = ...) -> None: ...

class BackgroundComposerFollowupResult(_message.Message):
    __slots__ = ("proposed_followup", "is_sent")
    PROPOSED_FOLLOWUP_FIELD_NUMBER: _ClassVar[int]
    IS_SENT_FIELD_NUMBER: _ClassVar[int]
    proposed_followup: str
    is_sent: bool
    def __init__(self, proposed_followup: _Optional[str] = ..., is_sent: _Optional[bool] = ...) -> None: ...

class BackgroundFilesEvent(_message.Message):
    __slots__ = ("files",)
    class BackgroundFile(_message.Message):
        __slots__ = ("relative_workspace_path", "contents", "hash", "full_path")
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        CONTENTS_FIELD_NUMBER: _ClassVar[int]
        HASH_FIELD_NUMBER: _ClassVar[int]
        FULL_PATH_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        contents: str
        hash: str
        full_path: str
        def __init__(self, relative_workspace_path: _Optional[str] = ..., contents: _Optional[str] = ..., hash: _Optional[str] = ..., full_path: _Optional[str] = ...) -> None: ...
    FILES_FIELD_NUMBER: _ClassVar[int]
    files: _containers.RepeatedCompositeFieldContainer[BackgroundFilesEvent.BackgroundFile]
    def __init__(self, files: _Optional[_Iterable[_Union[BackgroundFilesEvent.BackgroundFile, _Mapping]]] = ...) -> None: ...

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

class BeforeAiEditEvent(_message.Message):
    __slots__ = ("tool_call_id", "request_id", "tool_name", "point_in_time_model", "relative_workspace_path")
    TOOL_CALL_ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    tool_call_id: str
    request_id: str
    tool_name: str
    point_in_time_model: PointInTimeModel
    relative_workspace_path: str
    def __init__(self, tool_call_id: _Optional[str] = ..., request_id: _Optional[str] = ..., tool_name: _Optional[str] = ..., point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., relative_workspace_path: _Optional[str] = ...) -> None: ...

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

class BlockDiffPatch(_message.Message):
    __slots__ = ("start_model_window", "changes", "relative_path", "model_uuid", "start_from_change_index")
    class Change(_message.Message):
        __slots__ = ("text", "range")
        TEXT_FIELD_NUMBER: _ClassVar[int]
        RANGE_FIELD_NUMBER: _ClassVar[int]
        text: str
        range: IRange
        def __init__(self, text: _Optional[str] = ..., range: _Optional[_Union[IRange, _Mapping]] = ...) -> None: ...
    class ModelWindow(_message.Message):
        __slots__ = ("lines", "start_line_number", "end_line_number")
        LINES_FIELD_NUMBER: _ClassVar[int]
        START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        END_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        lines: _containers.RepeatedScalarFieldContainer[str]
        start_line_number: int
        end_line_number: int
        def __init__(self, lines: _Optional[_Iterable[str]] = ..., start_line_number: _Optional[int] = ..., end_line_number: _Optional[int] = ...) -> None: ...
    START_MODEL_WINDOW_FIELD_NUMBER: _ClassVar[int]
    CHANGES_FIELD_NUMBER: _ClassVar[int]
    RELATIVE_PATH_FIELD_NUMBER: _ClassVar[int]
    MODEL_UUID_FIELD_NUMBER: _ClassVar[int]
    START_FROM_CHANGE_INDEX_FIELD_NUMBER: _ClassVar[int]
    start_model_window: BlockDiffPatch.ModelWindow
    changes: _containers.RepeatedCompositeFieldContainer[BlockDiffPatch.Change]
    relative_path: str
    model_uuid: str
    start_from_change_index: int
    def __init__(self, start_model_window: _Optional[_Union[BlockDiffPatch.ModelWindow, _Mapping]] = ..., changes: _Optional[_Iterable[_Union[BlockDiffPatch.Change, _Mapping]]] = ..., relative_path: _Optional[str] = ..., model_uuid: _Optional[str] = ..., start_from_change_index: _Optional[int] = ...) -> None: ...

class BrowserEvent(_message.Message):
    __slots__ = ("view_id", "tab_created", "tab_closed", "navigation", "tool_action")
    class Navigation(_message.Message):
        __slots__ = ("url", "title")
        URL_FIELD_NUMBER: _ClassVar[int]
        TITLE_FIELD_NUMBER: _ClassVar[int]
        url: str
        title: str
        def __init__(self, url: _Optional[str] = ..., title: _Optional[str] = ...) -> None: ...
    class TabClosed(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class TabCreated(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class ToolAction(_message.Message):
        __slots__ = ("tool_name", "args_json", "success", "post_snapshot_yaml", "post_url", "post_title", "source")
        class Source(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            SOURCE_UNSPECIFIED: _ClassVar[BrowserEvent.ToolAction.Source]
            SOURCE_MCP_TOOL: _ClassVar[BrowserEvent.ToolAction.Source]
            SOURCE_MANUAL_USER: _ClassVar[BrowserEvent.ToolAction.Source]
        SOURCE_UNSPECIFIED: BrowserEvent.ToolAction.Source
        SOURCE_MCP_TOOL: BrowserEvent.ToolAction.Source
        SOURCE_MANUAL_USER: BrowserEvent.ToolAction.Source
        TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
        ARGS_JSON_FIELD_NUMBER: _ClassVar[int]
        SUCCESS_FIELD_NUMBER: _ClassVar[int]
        POST_SNAPSHOT_YAML_FIELD_NUMBER: _ClassVar[int]
        POST_URL_FIELD_NUMBER: _ClassVar[int]
        POST_TITLE_FIELD_NUMBER: _ClassVar[int]
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        tool_name: str
        args_json: str
        success: bool
        post_snapshot_yaml: str
        post_url: str
        post_title: str
        source: BrowserEvent.ToolAction.Source
        def __init__(self, tool_name: _Optional[str] = ..., args_json: _Optional[str] = ..., success: _Optional[bool] = ..., post_snapshot_yaml: _Optional[str] = ..., post_url: _Optional[str] = ..., post_title: _Optional[str] = ..., source: _Optional[_Union[BrowserEvent.ToolAction.Source, str]] = ...) -> None: ...
    VIEW_ID_FIELD_NUMBER: _ClassVar[int]
    TAB_CREATED_FIELD_NUMBER: _ClassVar[int]
    TAB_CLOSED_FIELD_NUMBER: _ClassVar[int]
    NAVIGATION_FIELD_NUMBER: _ClassVar[int]
    TOOL_ACTION_FIELD_NUMBER: _ClassVar[int]
    view_id: str
    tab_created: BrowserEvent.TabCreated
    tab_closed: BrowserEvent.TabClosed
    navigation: BrowserEvent.Navigation
    tool_action: BrowserEvent.ToolAction
    def __init__(self, view_id: _Optional[str] = ..., tab_created: _Optional[_Union[BrowserEvent.TabCreated, _Mapping]] = ..., tab_closed: _Optional[_Union[BrowserEvent.TabClosed, _Mapping]] = ..., navigation: _Optional[_Union[BrowserEvent.Navigation, _Mapping]] = ..., tool_action: _Optional[_Union[BrowserEvent.ToolAction, _Mapping]] = ...) -> None: ...

class BugBotEvent(_message.Message):
    __slots__ = ("request_id", "started", "reports_generated", "pressed_fix_in_composer", "pressed_open_in_editor", "viewed_report", "user_feedback", "pressed_add_to_chat", "background_interval_started", "background_interval_ended", "background_interval_interrupted", "background_interval_errored")
    class BackgroundIntervalInterruptedReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        BACKGROUND_INTERVAL_INTERRUPTED_REASON_UNSPECIFIED: _ClassVar[BugBotEvent.BackgroundIntervalInterruptedReason]
        BACKGROUND_INTERVAL_INTERRUPTED_REASON_DISABLED: _ClassVar[BugBotEvent.BackgroundIntervalInterruptedReason]
        BACKGROUND_INTERVAL_INTERRUPTED_REASON_TOO_RECENT: _ClassVar[BugBotEvent.BackgroundIntervalInterruptedReason]
        BACKGROUND_INTERVAL_INTERRUPTED_REASON_UNVIEWED_BUG_REPORTS: _ClassVar[BugBotEvent.BackgroundIntervalInterruptedReason]
        BACKGROUND_INTERVAL_INTERRUPTED_REASON_NOT_IN_GIT_REPO: _ClassVar[BugBotEvent.BackgroundIntervalInterruptedReason]
        BACKGROUND_INTERVAL_INTERRUPTED_REASON_DEFAULT_BRANCH_IS_NOT_CURRENT_BRANCH: _ClassVar[BugBotEvent.BackgroundIntervalInterruptedReason]
        BACKGROUND_INTERVAL_INTERRUPTED_REASON_NO_GIT_USER: _ClassVar[BugBotEvent.BackgroundIntervalInterruptedReason]
        BACKGROUND_INTERVAL_INTERRUPTED_REASON_NO_LAST_COMMIT: _ClassVar[BugBotEvent.BackgroundIntervalInterruptedReason]
        BACKGROUND_INTERVAL_INTERRUPTED_REASON_LAST_COMMIT_NOT_MADE_BY_USER: _ClassVar[BugBotEvent.BackgroundIntervalInterruptedReason]
        BACKGROUND_INTERVAL_INTERRUPTED_REASON_LAST_COMMIT_TOO_OLD: _ClassVar[BugBotEvent.BackgroundIntervalInterruptedReason]
        BACKGROUND_INTERVAL_INTERRUPTED_REASON_DIFF_TOO_LONG: _ClassVar[BugBotEvent.BackgroundIntervalInterruptedReason]
        BACKGROUND_INTERVAL_INTERRUPTED_REASON_DIFF_TOO_SHORT: _ClassVar[BugBotEvent.BackgroundIntervalInterruptedReason]
        BACKGROUND_INTERVAL_INTERRUPTED_REASON_TELEMETRY_UNHEALTHY: _ClassVar[BugBotEvent.BackgroundIntervalInterruptedReason]
    BACKGROUND_INTERVAL_INTERRUPTED_REASON_UNSPECIFIED: BugBotEvent.BackgroundIntervalInterruptedReason
    BACKGROUND_INTERVAL_INTERRUPTED_REASON_DISABLED: BugBotEvent.BackgroundIntervalInterruptedReason
    BACKGROUND_INTERVAL_INTERRUPTED_REASON_TOO_RECENT: BugBotEvent.BackgroundIntervalInterruptedReason
    BACKGROUND_INTERVAL_INTERRUPTED_REASON_UNVIEWED_BUG_REPORTS: BugBotEvent.BackgroundIntervalInterruptedReason
    BACKGROUND_INTERVAL_INTERRUPTED_REASON_NOT_IN_GIT_REPO: BugBotEvent.BackgroundIntervalInterruptedReason
    BACKGROUND_INTERVAL_INTERRUPTED_REASON_DEFAULT_BRANCH_IS_NOT_CURRENT_BRANCH: BugBotEvent.BackgroundIntervalInterruptedReason
    BACKGROUND_INTERVAL_INTERRUPTED_REASON_NO_GIT_USER: BugBotEvent.BackgroundIntervalInterruptedReason
    BACKGROUND_INTERVAL_INTERRUPTED_REASON_NO_LAST_COMMIT: BugBotEvent.BackgroundIntervalInterruptedReason
    BACKGROUND_INTERVAL_INTERRUPTED_REASON_LAST_COMMIT_NOT_MADE_BY_USER: BugBotEvent.BackgroundIntervalInterruptedReason
    BACKGROUND_INTERVAL_INTERRUPTED_REASON_LAST_COMMIT_TOO_OLD: BugBotEvent.BackgroundIntervalInterruptedReason
    BACKGROUND_INTERVAL_INTERRUPTED_REASON_DIFF_TOO_LONG: BugBotEvent.BackgroundIntervalInterruptedReason
    BACKGROUND_INTERVAL_INTERRUPTED_REASON_DIFF_TOO_SHORT: BugBotEvent.BackgroundIntervalInterruptedReason
    BACKGROUND_INTERVAL_INTERRUPTED_REASON_TELEMETRY_UNHEALTHY: BugBotEvent.BackgroundIntervalInterruptedReason
    class BackgroundIntervalEnded(_message.Message):
        __slots__ = ("success",)
        SUCCESS_FIELD_NUMBER: _ClassVar[int]
        success: bool
        def __init__(self, success: _Optional[bool] = ...) -> None: ...
    class BackgroundIntervalErrored(_message.Message):
        __slots__ = ("error_message",)
        ERROR_MESSAGE_FIELD_NUMBER: _ClassVar[int]
        error_message: str
        def __init__(self, error_message: _Optional[str] = ...) -> None: ...
    class BackgroundIntervalInterrupted(_message.Message):
        __slots__ = ("reason",)
        REASON_FIELD_NUMBER: _ClassVar[int]
        reason: BugBotEvent.BackgroundIntervalInterruptedReason
        def __init__(self, reason: _Optional[_Union[BugBotEvent.BackgroundIntervalInterruptedReason, str]] = ...) -> None: ...
    class BackgroundIntervalStarted(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class PressedAddToChat(_message.Message):
        __slots__ = ("bug_report_id",)
        BUG_REPORT_ID_FIELD_NUMBER: _ClassVar[int]
        bug_report_id: str
        def __init__(self, bug_report_id: _Optional[str] = ...) -> None: ...
    class PressedFixInComposer(_message.Message):
        __slots__ = ("bug_report_id",)
        BUG_REPORT_ID_FIELD_NUMBER: _ClassVar[int]
        bug_report_id: str
        def __init__(self, bug_report_id: _Optional[str] = ...) -> None: ...
    class PressedOpenInEditor(_message.Message):
        __slots__ = ("bug_location", "bug_report_id")
        BUG_LOCATION_FIELD_NUMBER: _ClassVar[int]
        BUG_REPORT_ID_FIELD_NUMBER: _ClassVar[int]
        bug_location: BugLocation
        bug_report_id: str
        def __init__(self, bug_location: _Optional[_Union[BugLocation, _Mapping]] = ..., bug_report_id: _Optional[str] = ...) -> None: ...
    class ReportsGenerated(_message.Message):
        __slots__ = ("bug_reports",)
        BUG_REPORTS_FIELD_NUMBER: _ClassVar[int]
        bug_reports: BugReports
        def __init__(self, bug_reports: _Optional[_Union[BugReports, _Mapping]] = ...) -> None: ...
    class Started(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class UserFeedback(_message.Message):
        __slots__ = ("bug_report_id", "feedback")
        BUG_REPORT_ID_FIELD_NUMBER: _ClassVar[int]
        FEEDBACK_FIELD_NUMBER: _ClassVar[int]
        bug_report_id: str
        feedback: str
        def __init__(self, bug_report_id: _Optional[str] = ..., feedback: _Optional[str] = ...) -> None: ...
    class ViewedReport(_message.Message):
        __slots__ = ("seconds_viewed", "report_views")
        class ReportView(_message.Message):
            __slots__ = ("bug_report_id", "view_percentage", "text_percentage")
            BUG_REPORT_ID_FIELD_NUMBER: _ClassVar[int]
            VIEW_PERCENTAGE_FIELD_NUMBER: _ClassVar[int]
            TEXT_PERCENTAGE_FIELD_NUMBER: _ClassVar[int]
            bug_report_id: str
            view_percentage: float
            text_percentage: float
            def __init__(self, bug_report_id: _Optional[str] = ..., view_percentage: _Optional[float] = ..., text_percentage: _Optional[float] = ...) -> None: ...
        SECONDS_VIEWED_FIELD_NUMBER: _ClassVar[int]
        REPORT_VIEWS_FIELD_NUMBER: _ClassVar[int]
        seconds_viewed: int
        report_views: _containers.RepeatedCompositeFieldContainer[BugBotEvent.ViewedReport.ReportView]
        def __init__(self, seconds_viewed: _Optional[int] = ..., report_views: _Optional[_Iterable[_Union[BugBotEvent.ViewedReport.ReportView, _Mapping]]] = ...) -> None: ...
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    STARTED_FIELD_NUMBER: _ClassVar[int]
    REPORTS_GENERATED_FIELD_NUMBER: _ClassVar[int]
    PRESSED_FIX_IN_COMPOSER_FIELD_NUMBER: _ClassVar[int]
    PRESSED_OPEN_IN_EDITOR_FIELD_NUMBER: _ClassVar[int]
    VIEWED_REPORT_FIELD_NUMBER: _ClassVar[int]
    USER_FEEDBACK_FIELD_NUMBER: _ClassVar[int]
    PRESSED_ADD_TO_CHAT_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_INTERVAL_STARTED_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_INTERVAL_ENDED_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_INTERVAL_INTERRUPTED_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_INTERVAL_ERRORED_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    started: BugBotEvent.Started
    reports_generated: BugBotEvent.ReportsGenerated
    pressed_fix_in_composer: BugBotEvent.PressedFixInComposer
    pressed_open_in_editor: BugBotEvent.PressedOpenInEditor
    viewed_report: BugBotEvent.ViewedReport
    user_feedback: BugBotEvent.UserFeedback
    pressed_add_to_chat: BugBotEvent.PressedAddToChat
    background_interval_started: BugBotEvent.BackgroundIntervalStarted
    background_interval_ended: BugBotEvent.BackgroundIntervalEnded
    background_interval_interrupted: BugBotEvent.BackgroundIntervalInterrupted
    background_interval_errored: BugBotEvent.BackgroundIntervalErrored
    def __init__(self, request_id: _Optional[str] = ..., started: _Optional[_Union[BugBotEvent.Started, _Mapping]] = ..., reports_generated: _Optional[_Union[BugBotEvent.ReportsGenerated, _Mapping]] = ..., pressed_fix_in_composer: _Optional[_Union[BugBotEvent.PressedFixInComposer, _Mapping]] = ..., pressed_open_in_editor: _Optional[_Union[BugBotEvent.PressedOpenInEditor, _Mapping]] = ..., viewed_report: _Optional[_Union[BugBotEvent.ViewedReport, _Mapping]] = ..., user_feedback: _Optional[_Union[BugBotEvent.UserFeedback, _Mapping]] = ..., pressed_add_to_chat: _Optional[_Union[BugBotEvent.PressedAddToChat, _Mapping]] = ..., background_interval_started: _Optional[_Union[BugBotEvent.BackgroundIntervalStarted, _Mapping]] = ..., background_interval_ended: _Optional[_Union[BugBotEvent.BackgroundIntervalEnded, _Mapping]] = ..., background_interval_interrupted: _Optional[_Union[BugBotEvent.BackgroundIntervalInterrupted, _Mapping]] = ..., background_interval_errored: _Optional[_Union[BugBotEvent.BackgroundIntervalErrored, _Mapping]] = ...) -> None: ...

class BugBotLinterEvent(_message.Message):
    __slots__ = ("request_id", "point_in_time_model", "lint_generated", "lint_dismissed", "user_feedback", "viewed_report", "unviewed_report", "started", "not_shown_because_heuristic")
    class LintDismissed(_message.Message):
        __slots__ = ("bug_report_id",)
        BUG_REPORT_ID_FIELD_NUMBER: _ClassVar[int]
        bug_report_id: str
        def __init__(self, bug_report_id: _Optional[str] = ...) -> None: ...
    class LintGenerated(_message.Message):
        __slots__ = ("bug_report",)
        BUG_REPORT_FIELD_NUMBER: _ClassVar[int]
        bug_report: BugReport
        def __init__(self, bug_report: _Optional[_Union[BugReport, _Mapping]] = ...) -> None: ...
    class NotShownBecauseHeuristic(_message.Message):
        __slots__ = ("heuristic",)
        class Heuristic(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            HEURISTIC_UNSPECIFIED: _ClassVar[BugBotLinterEvent.NotShownBecauseHeuristic.Heuristic]
            HEURISTIC_LINT_OVERLAP: _ClassVar[BugBotLinterEvent.NotShownBecauseHeuristic.Heuristic]
            HEURISTIC_LINES_MISMATCH: _ClassVar[BugBotLinterEvent.NotShownBecauseHeuristic.Heuristic]
        HEURISTIC_UNSPECIFIED: BugBotLinterEvent.NotShownBecauseHeuristic.Heuristic
        HEURISTIC_LINT_OVERLAP: BugBotLinterEvent.NotShownBecauseHeuristic.Heuristic
        HEURISTIC_LINES_MISMATCH: BugBotLinterEvent.NotShownBecauseHeuristic.Heuristic
        HEURISTIC_FIELD_NUMBER: _ClassVar[int]
        heuristic: BugBotLinterEvent.NotShownBecauseHeuristic.Heuristic
        def __init__(self, heuristic: _Optional[_Union[BugBotLinterEvent.NotShownBecauseHeuristic.Heuristic, str]] = ...) -> None: ...
    class Started(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class UnviewedReport(_message.Message):
        __slots__ = ("bug_report_id",)
        BUG_REPORT_ID_FIELD_NUMBER: _ClassVar[int]
        bug_report_id: str
        def __init__(self, bug_report_id: _Optional[str] = ...) -> None: ...
    class UserFeedback(_message.Message):
        __slots__ = ("bug_report_id", "feedback")
        BUG_REPORT_ID_FIELD_NUMBER: _ClassVar[int]
        FEEDBACK_FIELD_NUMBER: _ClassVar[int]
        bug_report_id: str
        feedback: str
        def __init__(self, bug_report_id: _Optional[str] = ..., feedback: _Optional[str] = ...) -> None: ...
    class ViewedReport(_message.Message):
        __slots__ = ("bug_report_id",)
        BUG_REPORT_ID_FIELD_NUMBER: _ClassVar[int]
        bug_report_id: str
        def __init__(self, bug_report_id: _Optional[str] = ...) -> None: ...
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    LINT_GENERATED_FIELD_NUMBER: _ClassVar[int]
    LINT_DISMISSED_FIELD_NUMBER: _ClassVar[int]
    USER_FEEDBACK_FIELD_NUMBER: _ClassVar[int]
    VIEWED_REPORT_FIELD_NUMBER: _ClassVar[int]
    UNVIEWED_REPORT_FIELD_NUMBER: _ClassVar[int]
    STARTED_FIELD_NUMBER: _ClassVar[int]
    NOT_SHOWN_BECAUSE_HEURISTIC_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    point_in_time_model: PointInTimeModel
    lint_generated: BugBotLinterEvent.LintGenerated
    lint_dismissed: BugBotLinterEvent.LintDismissed
    user_feedback: BugBotLinterEvent.UserFeedback
    viewed_report: BugBotLinterEvent.ViewedReport
    unviewed_report: BugBotLinterEvent.UnviewedReport
    started: BugBotLinterEvent.Started
    not_shown_because_heuristic: BugBotLinterEvent.NotShownBecauseHeuristic
    def __init__(self, request_id: _Optional[str] = ..., point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., lint_generated: _Optional[_Union[BugBotLinterEvent.LintGenerated, _Mapping]] = ..., lint_dismissed: _Optional[_Union[BugBotLinterEvent.LintDismissed, _Mapping]] = ..., user_feedback: _Optional[_Union[BugBotLinterEvent.UserFeedback, _Mapping]] = ..., viewed_report: _Optional[_Union[BugBotLinterEvent.ViewedReport, _Mapping]] = ..., unviewed_report: _Optional[_Union[BugBotLinterEvent.UnviewedReport, _Mapping]] = ..., started: _Optional[_Union[BugBotLinterEvent.Started, _Mapping]] = ..., not_shown_because_heuristic: _Optional[_Union[BugBotLinterEvent.NotShownBecauseHeuristic, _Mapping]] = ...) -> None: ...

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

class BugLocation(_message.Message):
    __slots__ = ("file", "start_line", "end_line", "code_lines")
    FILE_FIELD_NUMBER: _ClassVar[int]
    START_LINE_FIELD_NUMBER: _ClassVar[int]
    END_LINE_FIELD_NUMBER: _ClassVar[int]
    CODE_LINES_FIELD_NUMBER: _ClassVar[int]
    file: str
    start_line: int
    end_line: int
    code_lines: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, file: _Optional[str] = ..., start_line: _Optional[int] = ..., end_line: _Optional[int] = ..., code_lines: _Optional[_Iterable[str]] = ...) -> None: ...

class BugReport(_message.Message):
    __slots__ = ("locations", "id", "description", "confidence", "category", "severity", "title", "rationale", "triggered_by_rule_id", "model_confidence")
    LOCATIONS_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    SEVERITY_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    RATIONALE_FIELD_NUMBER: _ClassVar[int]
    TRIGGERED_BY_RULE_ID_FIELD_NUMBER: _ClassVar[int]
    MODEL_CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    locations: _containers.RepeatedCompositeFieldContainer[BugLocation]
    id: str
    description: str
    confidence: float
    category: str
    severity: str
    title: str
    rationale: str
    triggered_by_rule_id: str
    model_confidence: float
    def __init__(self, locations: _Optional[_Iterable[_Union[BugLocation, _Mapping]]] = ..., id: _Optional[str] = ..., description: _Optional[str] = ..., confidence: _Optional[float] = ..., category: _Optional[str] = ..., severity: _Optional[str] = ..., title: _Optional[str] = ..., rationale: _Optional[str] = ..., triggered_by_rule_id: _Optional[str] = ..., model_confidence: _Optional[float] = ...) -> None: ...

class BugReports(_message.Message):
    __slots__ = ("bug_reports",)
    BUG_REPORTS_FIELD_NUMBER: _ClassVar[int]
    bug_reports: _containers.RepeatedCompositeFieldContainer[BugReport]
    def __init__(self, bug_reports: _Optional[_Iterable[_Union[BugReport, _Mapping]]] = ...) -> None: ...

class BugbotConfig(_message.Message):
    __slots__ = ("bugbot_plan_enabled", "bugbot_plan_type")
    BUGBOT_PLAN_ENABLED_FIELD_NUMBER: _ClassVar[int]
    BUGBOT_PLAN_TYPE_FIELD_NUMBER: _ClassVar[int]
    bugbot_plan_enabled: bool
    bugbot_plan_type: BugbotPlanType
    def __init__(self, bugbot_plan_enabled: _Optional[bool] = ..., bugbot_plan_type: _Optional[_Union[BugbotPlanType, str]] = ...) -> None: ...

class BugfixResultItem(_message.Message):
    __slots__ = ("bug_id", "bug_title", "verdict", "explanation", "severity")
    BUG_ID_FIELD_NUMBER: _ClassVar[int]
    BUG_TITLE_FIELD_NUMBER: _ClassVar[int]
    VERDICT_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    SEVERITY_FIELD_NUMBER: _ClassVar[int]
    bug_id: str
    bug_title: str
    verdict: BugfixVerdict
    explanation: str
    severity: str
    def __init__(self, bug_id: _Optional[str] = ..., bug_title: _Optional[str] = ..., verdict: _Optional[_Union[BugfixVerdict, str]] = ..., explanation: _Optional[str] = ..., severity: _Optional[str] = ...) -> None: ...

class CallMcpToolParams(_message.Message):
    __slots__ = ("server", "tool_name", "tool_args")
    SERVER_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    TOOL_ARGS_FIELD_NUMBER: _ClassVar[int]
    server: str
    tool_name: str
    tool_args: _struct_pb2.Struct
    def __init__(self, server: _Optional[str] = ..., tool_name: _Optional[str] = ..., tool_args: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class CallMcpToolResult(_message.Message):
    __slots__ = ("server", "tool_name", "result")
    SERVER_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    server: str
    tool_name: str
    result: _struct_pb2.Struct
    def __init__(self, server: _Optional[str] = ..., tool_name: _Optional[str] = ..., result: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

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

class ChatEvent(_message.Message):
    __slots__ = ("request_id", "submit_prompt", "end_of_any_generation", "end_of_uninterrupted_generation")
    class EndOfAnyGeneration(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class EndOfUninterruptedGeneration(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class SubmitPrompt(_message.Message):
        __slots__ = ("prompt",)
        PROMPT_FIELD_NUMBER: _ClassVar[int]
        prompt: str
        def __init__(self, prompt: _Optional[str] = ...) -> None: ...
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SUBMIT_PROMPT_FIELD_NUMBER: _ClassVar[int]
    END_OF_ANY_GENERATION_FIELD_NUMBER: _ClassVar[int]
    END_OF_UNINTERRUPTED_GENERATION_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    submit_prompt: ChatEvent.SubmitPrompt
    end_of_any_generation: ChatEvent.EndOfAnyGeneration
    end_of_uninterrupted_generation: ChatEvent.EndOfUninterruptedGeneration
    def __init__(self, request_id: _Optional[str] = ..., submit_prompt: _Optional[_Union[ChatEvent.SubmitPrompt, _Mapping]] = ..., end_of_any_generation: _Optional[_Union[ChatEvent.EndOfAnyGeneration, _Mapping]] = ..., end_of_uninterrupted_generation: _Optional[_Union[ChatEvent.EndOfUninterruptedGeneration, _Mapping]] = ...) -> None: ...

class ChatQuote(_message.Message):
    __slots__ = ("markdown", "bubble_id", "section_index")
    MARKDOWN_FIELD_NUMBER: _ClassVar[int]
    BUBBLE_ID_FIELD_NUMBER: _ClassVar[int]
    SECTION_INDEX_FIELD_NUMBER: _ClassVar[int]
    markdown: str
    bubble_id: str
    section_index: int
    def __init__(self, markdown: _Optional[str] = ..., bubble_id: _Optional[str] = ..., section_index: _Optional[int] = ...) -> None: ...

class ClickAction(_message.Message):
    __slots__ = ("coordinate", "button", "count", "modifier_keys")
    COORDINATE_FIELD_NUMBER: _ClassVar[int]
    BUTTON_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    MODIFIER_KEYS_FIELD_NUMBER: _ClassVar[int]
    coordinate: Coordinate
    button: MouseButton
    count: int
    modifier_keys: str
    def __init__(self, coordinate: _Optional[_Union[Coordinate, _Mapping]] = ..., button: _Optional[_Union[MouseButton, str]] = ..., count: _Optional[int] = ..., modifier_keys: _Optional[str] = ...) -> None: ...

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

class ClientSideToolV2Call(_message.Message):
    __slots__ = ("tool", "tool_call_id", "timeout_ms", "name", "is_streaming", "is_last_message", "internal", "raw_args", "tool_index", "model_call_id", "read_semsearch_files_params", "ripgrep_search_params", "read_file_params", "list_dir_params", "edit_file_params", "file_search_params", "semantic_search_full_params", "delete_file_params", "reapply_params", "run_terminal_command_v2_params", "fetch_rules_params", "web_search_params", "mcp_params", "search_symbols_params", "gotodef_params", "background_composer_followup_params", "knowledge_base_params", "fetch_pull_request_params", "deep_search_params", "create_diagram_params", "fix_lints_params", "read_lints_params", "task_params", "await_task_params", "todo_read_params", "todo_write_params", "edit_file_v2_params", "list_dir_v2_params", "read_file_v2_params", "ripgrep_raw_search_params", "glob_file_search_params", "create_plan_params", "list_mcp_resources_params", "read_mcp_resource_params", "read_project_params", "update_project_params", "task_v2_params", "call_mcp_tool_params", "apply_agent_diff_params", "ask_question_params", "switch_mode_params", "computer_use_params", "write_shell_stdin_params", "record_screen_params", "web_fetch_params", "report_bugfix_results_params", "mcp_auth_params", "get_mcp_tools_params")
    TOOL_FIELD_NUMBER: _ClassVar[int]
    TOOL_CALL_ID_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_MS_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    IS_STREAMING_FIELD_NUMBER: _ClassVar[int]
    IS_LAST_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    INTERNAL_FIELD_NUMBER: _ClassVar[int]
    RAW_ARGS_FIELD_NUMBER: _ClassVar[int]
    TOOL_INDEX_FIELD_NUMBER: _ClassVar[int]
    MODEL_CALL_ID_FIELD_NUMBER: _ClassVar[int]
    READ_SEMSEARCH_FILES_PARAMS_FIELD_NUMBER: _ClassVar[int]
    RIPGREP_SEARCH_PARAMS_FIELD_NUMBER: _ClassVar[int]
    READ_FILE_PARAMS_FIELD_NUMBER: _ClassVar[int]
    LIST_DIR_PARAMS_FIELD_NUMBER: _ClassVar[int]
    EDIT_FILE_PARAMS_FIELD_NUMBER: _ClassVar[int]
    FILE_SEARCH_PARAMS_FIELD_NUMBER: _ClassVar[int]
    SEMANTIC_SEARCH_FULL_PARAMS_FIELD_NUMBER: _ClassVar[int]
    DELETE_FILE_PARAMS_FIELD_NUMBER: _ClassVar[int]
    REAPPLY_PARAMS_FIELD_NUMBER: _ClassVar[int]
    RUN_TERMINAL_COMMAND_V2_PARAMS_FIELD_NUMBER: _ClassVar[int]
    FETCH_RULES_PARAMS_FIELD_NUMBER: _ClassVar[int]
    WEB_SEARCH_PARAMS_FIELD_NUMBER: _ClassVar[int]
    MCP_PARAMS_FIELD_NUMBER: _ClassVar[int]
    SEARCH_SYMBOLS_PARAMS_FIELD_NUMBER: _ClassVar[int]
    GOTODEF_PARAMS_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_COMPOSER_FOLLOWUP_PARAMS_FIELD_NUMBER: _ClassVar[int]
    KNOWLEDGE_BASE_PARAMS_FIELD_NUMBER: _ClassVar[int]
    FETCH_PULL_REQUEST_PARAMS_FIELD_NUMBER: _ClassVar[int]
    DEEP_SEARCH_PARAMS_FIELD_NUMBER: _ClassVar[int]
    CREATE_DIAGRAM_PARAMS_FIELD_NUMBER: _ClassVar[int]
    FIX_LINTS_PARAMS_FIELD_NUMBER: _ClassVar[int]
    READ_LINTS_PARAMS_FIELD_NUMBER: _ClassVar[int]
    TASK_PARAMS_FIELD_NUMBER: _ClassVar[int]
    AWAIT_TASK_PARAMS_FIELD_NUMBER: _ClassVar[int]
    TODO_READ_PARAMS_FIELD_NUMBER: _ClassVar[int]
    TODO_WRITE_PARAMS_FIELD_NUMBER: _ClassVar[int]
    EDIT_FILE_V2_PARAMS_FIELD_NUMBER: _ClassVar[int]
    LIST_DIR_V2_PARAMS_FIELD_NUMBER: _ClassVar[int]
    READ_FILE_V2_PARAMS_FIELD_NUMBER: _ClassVar[int]
    RIPGREP_RAW_SEARCH_PARAMS_FIELD_NUMBER: _ClassVar[int]
    GLOB_FILE_SEARCH_PARAMS_FIELD_NUMBER: _ClassVar[int]
    CREATE_PLAN_PARAMS_FIELD_NUMBER: _ClassVar[int]
    LIST_MCP_RESOURCES_PARAMS_FIELD_NUMBER: _ClassVar[int]
    READ_MCP_RESOURCE_PARAMS_FIELD_NUMBER: _ClassVar[int]
    READ_PROJECT_PARAMS_FIELD_NUMBER: _ClassVar[int]
    UPDATE_PROJECT_PARAMS_FIELD_NUMBER: _ClassVar[int]
    TASK_V2_PARAMS_FIELD_NUMBER: _ClassVar[int]
    CALL_MCP_TOOL_PARAMS_FIELD_NUMBER: _ClassVar[int]
    APPLY_AGENT_DIFF_PARAMS_FIELD_NUMBER: _ClassVar[int]
    ASK_QUESTION_PARAMS_FIELD_NUMBER: _ClassVar[int]
    SWITCH_MODE_PARAMS_FIELD_NUMBER: _ClassVar[int]
    COMPUTER_USE_PARAMS_FIELD_NUMBER: _ClassVar[int]
    WRITE_SHELL_STDIN_PARAMS_FIELD_NUMBER: _ClassVar[int]
    RECORD_SCREEN_PARAMS_FIELD_NUMBER: _ClassVar[int]
    WEB_FETCH_PARAMS_FIELD_NUMBER: _ClassVar[int]
    REPORT_BUGFIX_RESULTS_PARAMS_FIELD_NUMBER: _ClassVar[int]
    MCP_AUTH_PARAMS_FIELD_NUMBER: _ClassVar[int]
    GET_MCP_TOOLS_PARAMS_FIELD_NUMBER: _ClassVar[int]
    tool: ClientSideToolV2
    tool_call_id: str
    timeout_ms: float
    name: str
    is_streaming: bool
    is_last_message: bool
    internal: bool
    raw_args: str
    tool_index: int
    model_call_id: str
    read_semsearch_files_params: ReadSemsearchFilesParams
    ripgrep_search_params: RipgrepSearchParams
    read_file_params: ReadFileParams
    list_dir_params: ListDirParams
    edit_file_params: EditFileParams
    file_search_params: ToolCallFileSearchParams
    semantic_search_full_params: SemanticSearchFullParams
    delete_file_params: DeleteFileParams
    reapply_params: ReapplyParams
    run_terminal_command_v2_params: RunTerminalCommandV2Params
    fetch_rules_params: FetchRulesParams
    web_search_params: WebSearchParams
    mcp_params: MCPParams
    search_symbols_params: SearchSymbolsParams
    gotodef_params: GotodefParams
    background_composer_followup_params: BackgroundComposerFollowupParams
    knowledge_base_params: KnowledgeBaseParams
    fetch_pull_request_params: FetchPullRequestParams
    deep_search_params: DeepSearchParams
    create_diagram_params: CreateDiagramParams
    fix_lints_params: FixLintsParams
    read_lints_params: ReadLintsParams
    task_params: TaskParams
    await_task_params: AwaitTaskParams
    todo_read_params: TodoReadParams
    todo_write_params: TodoWriteParams
    edit_file_v2_params: EditFileV2Params
    list_dir_v2_params: ListDirV2Params
    read_file_v2_params: ReadFileV2Params
    ripgrep_raw_search_params: RipgrepRawSearchParams
    glob_file_search_params: GlobFileSearchParams
    create_plan_params: CreatePlanParams
    list_mcp_resources_params: ListMcpResourcesParams
    read_mcp_resource_params: ReadMcpResourceParams
    read_project_params: ReadProjectParams
    update_project_params: UpdateProjectParams
    task_v2_params: TaskV2Params
    call_mcp_tool_params: CallMcpToolParams
    apply_agent_diff_params: ApplyAgentDiffParams
    ask_question_params: AskQuestionParams
    switch_mode_params: SwitchModeParams
    computer_use_params: ComputerUseParams
    write_shell_stdin_params: WriteShellStdinArgs
    record_screen_params: RecordScreenArgs
    web_fetch_params: WebFetchParams
    report_bugfix_results_params: ReportBugfixResultsParams
    mcp_auth_params: McpAuthParams
    get_mcp_tools_params: GetMcpToolsParams
    def __init__(self, tool: _Optional[_Union[ClientSideToolV2, str]] = ..., tool_call_id: _Optional[str] = ..., timeout_ms: _Optional[float] = ..., name: _Optional[str] = ..., is_streaming: _Optional[bool] = ..., is_last_message: _Optional[bool] = ..., internal: _Optional[bool] = ..., raw_args: _Optional[str] = ..., tool_index: _Optional[int] = ..., model_call_id: _Optional[str] = ..., read_semsearch_files_params: _Optional[_Union[ReadSemsearchFilesParams, _Mapping]] = ..., ripgrep_search_params: _Optional[_Union[RipgrepSearchParams, _Mapping]] = ..., read_file_params: _Optional[_Union[ReadFileParams, _Mapping]] = ..., list_dir_params: _Optional[_Union[ListDirParams, _Mapping]] = ..., edit_file_params: _Optional[_Union[EditFileParams, _Mapping]] = ..., file_search_params: _Optional[_Union[ToolCallFileSearchParams, _Mapping]] = ..., semantic_search_full_params: _Optional[_Union[SemanticSearchFullParams, _Mapping]] = ..., delete_file_params: _Optional[_Union[DeleteFileParams, _Mapping]] = ..., reapply_params: _Optional[_Union[ReapplyParams, _Mapping]] = ..., run_terminal_command_v2_params: _Optional[_Union[RunTerminalCommandV2Params, _Mapping]] = ..., fetch_rules_params: _Optional[_Union[FetchRulesParams, _Mapping]] = ..., web_search_params: _Optional[_Union[WebSearchParams, _Mapping]] = ..., mcp_params: _Optional[_Union[MCPParams, _Mapping]] = ..., search_symbols_params: _Optional[_Union[SearchSymbolsParams, _Mapping]] = ..., gotodef_params: _Optional[_Union[GotodefParams, _Mapping]] = ..., background_composer_followup_params: _Optional[_Union[BackgroundComposerFollowupParams, _Mapping]] = ..., knowledge_base_params: _Optional[_Union[KnowledgeBaseParams, _Mapping]] = ..., fetch_pull_request_params: _Optional[_Union[FetchPullRequestParams, _Mapping]] = ..., deep_search_params: _Optional[_Union[DeepSearchParams, _Mapping]] = ..., create_diagram_params: _Optional[_Union[CreateDiagramParams, _Mapping]] = ..., fix_lints_params: _Optional[_Union[FixLintsParams, _Mapping]] = ..., read_lints_params: _Optional[_Union[ReadLintsParams, _Mapping]] = ..., task_params: _Optional[_Union[TaskParams, _Mapping]] = ..., await_task_params: _Optional[_Union[AwaitTaskParams, _Mapping]] = ..., todo_read_params: _Optional[_Union[TodoReadParams, _Mapping]] = ..., todo_write_params: _Optional[_Union[TodoWriteParams, _Mapping]] = ..., edit_file_v2_params: _Optional[_Union[EditFileV2Params, _Mapping]] = ..., list_dir_v2_params: _Optional[_Union[ListDirV2Params, _Mapping]] = ..., read_file_v2_params: _Optional[_Union[ReadFileV2Params, _Mapping]] = ..., ripgrep_raw_search_params: _Optional[_Union[RipgrepRawSearchParams, _Mapping]] = ..., glob_file_search_params: _Optional[_Union[GlobFileSearchParams, _Mapping]] = ..., create_plan_params: _Optional[_Union[CreatePlanParams, _Mapping]] = ..., list_mcp_resources_params: _Optional[_Union[ListMcpResourcesParams, _Mapping]] = ..., read_mcp_resource_params: _Optional[_Union[ReadMcpResourceParams, _Mapping]] = ..., read_project_params: _Optional[_Union[ReadProjectParams, _Mapping]] = ..., update_project_params: _Optional[_Union[UpdateProjectParams, _Mapping]] = ..., task_v2_params: _Optional[_Union[TaskV2Params, _Mapping]] = ..., call_mcp_tool_params: _Optional[_Union[CallMcpToolParams, _Mapping]] = ..., apply_agent_diff_params: _Optional[_Union[ApplyAgentDiffParams, _Mapping]] = ..., ask_question_params: _Optional[_Union[AskQuestionParams, _Mapping]] = ..., switch_mode_params: _Optional[_Union[SwitchModeParams, _Mapping]] = ..., computer_use_params: _Optional[_Union[ComputerUseParams, _Mapping]] = ..., write_shell_stdin_params: _Optional[_Union[WriteShellStdinArgs, _Mapping]] = ..., record_screen_params: _Optional[_Union[RecordScreenArgs, _Mapping]] = ..., web_fetch_params: _Optional[_Union[WebFetchParams, _Mapping]] = ..., report_bugfix_results_params: _Optional[_Union[ReportBugfixResultsParams, _Mapping]] = ..., mcp_auth_params: _Optional[_Union[McpAuthParams, _Mapping]] = ..., get_mcp_tools_params: _Optional[_Union[GetMcpToolsParams, _Mapping]] = ...) -> None: ...

class ClientSideToolV2Result(_message.Message):
    __slots__ = ("tool", "tool_call_id", "error", "model_call_id", "tool_index", "attachments", "read_semsearch_files_result", "ripgrep_search_result", "read_file_result", "list_dir_result", "edit_file_result", "file_search_result", "semantic_search_full_result", "delete_file_result", "reapply_result", "run_terminal_command_v2_result", "fetch_rules_result", "web_search_result", "mcp_result", "search_symbols_result", "background_composer_followup_result", "knowledge_base_result", "fetch_pull_request_result", "deep_search_result", "create_diagram_result", "fix_lints_result", "read_lints_result", "gotodef_result", "task_result", "await_task_result", "todo_read_result", "todo_write_result", "edit_file_v2_result", "list_dir_v2_result", "read_file_v2_result", "ripgrep_raw_search_result", "glob_file_search_result", "create_plan_result", "list_mcp_resources_result", "read_mcp_resource_result", "read_project_result", "update_project_result", "task_v2_result", "call_mcp_tool_result", "apply_agent_diff_result", "ask_question_result", "switch_mode_result", "computer_use_result", "generate_image_result", "write_shell_stdin_result", "record_screen_result", "web_fetch_result", "report_bugfix_results_result", "ai_attribution_result", "mcp_auth_result", "get_mcp_tools_result")
    TOOL_FIELD_NUMBER: _ClassVar[int]
    TOOL_CALL_ID_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    MODEL_CALL_ID_FIELD_NUMBER: _ClassVar[int]
    TOOL_INDEX_FIELD_NUMBER: _ClassVar[int]
    ATTACHMENTS_FIELD_NUMBER: _ClassVar[int]
    READ_SEMSEARCH_FILES_RESULT_FIELD_NUMBER: _ClassVar[int]
    RIPGREP_SEARCH_RESULT_FIELD_NUMBER: _ClassVar[int]
    READ_FILE_RESULT_FIELD_NUMBER: _ClassVar[int]
    LIST_DIR_RESULT_FIELD_NUMBER: _ClassVar[int]
    EDIT_FILE_RESULT_FIELD_NUMBER: _ClassVar[int]
    FILE_SEARCH_RESULT_FIELD_NUMBER: _ClassVar[int]
    SEMANTIC_SEARCH_FULL_RESULT_FIELD_NUMBER: _ClassVar[int]
    DELETE_FILE_RESULT_FIELD_NUMBER: _ClassVar[int]
    REAPPLY_RESULT_FIELD_NUMBER: _ClassVar[int]
    RUN_TERMINAL_COMMAND_V2_RESULT_FIELD_NUMBER: _ClassVar[int]
    FETCH_RULES_RESULT_FIELD_NUMBER: _ClassVar[int]
    WEB_SEARCH_RESULT_FIELD_NUMBER: _ClassVar[int]
    MCP_RESULT_FIELD_NUMBER: _ClassVar[int]
    SEARCH_SYMBOLS_RESULT_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_COMPOSER_FOLLOWUP_RESULT_FIELD_NUMBER: _ClassVar[int]
    KNOWLEDGE_BASE_RESULT_FIELD_NUMBER: _ClassVar[int]
    FETCH_PULL_REQUEST_RESULT_FIELD_NUMBER: _ClassVar[int]
    DEEP_SEARCH_RESULT_FIELD_NUMBER: _ClassVar[int]
    CREATE_DIAGRAM_RESULT_FIELD_NUMBER: _ClassVar[int]
    FIX_LINTS_RESULT_FIELD_NUMBER: _ClassVar[int]
    READ_LINTS_RESULT_FIELD_NUMBER: _ClassVar[int]
    GOTODEF_RESULT_FIELD_NUMBER: _ClassVar[int]
    TASK_RESULT_FIELD_NUMBER: _ClassVar[int]
    AWAIT_TASK_RESULT_FIELD_NUMBER: _ClassVar[int]
    TODO_READ_RESULT_FIELD_NUMBER: _ClassVar[int]
    TODO_WRITE_RESULT_FIELD_NUMBER: _ClassVar[int]
    EDIT_FILE_V2_RESULT_FIELD_NUMBER: _ClassVar[int]
    LIST_DIR_V2_RESULT_FIELD_NUMBER: _ClassVar[int]
    READ_FILE_V2_RESULT_FIELD_NUMBER: _ClassVar[int]
    RIPGREP_RAW_SEARCH_RESULT_FIELD_NUMBER: _ClassVar[int]
    GLOB_FILE_SEARCH_RESULT_FIELD_NUMBER: _ClassVar[int]
    CREATE_PLAN_RESULT_FIELD_NUMBER: _ClassVar[int]
    LIST_MCP_RESOURCES_RESULT_FIELD_NUMBER: _ClassVar[int]
    READ_MCP_RESOURCE_RESULT_FIELD_NUMBER: _ClassVar[int]
    READ_PROJECT_RESULT_FIELD_NUMBER: _ClassVar[int]
    UPDATE_PROJECT_RESULT_FIELD_NUMBER: _ClassVar[int]
    TASK_V2_RESULT_FIELD_NUMBER: _ClassVar[int]
    CALL_MCP_TOOL_RESULT_FIELD_NUMBER: _ClassVar[int]
    APPLY_AGENT_DIFF_RESULT_FIELD_NUMBER: _ClassVar[int]
    ASK_QUESTION_RESULT_FIELD_NUMBER: _ClassVar[int]
    SWITCH_MODE_RESULT_FIELD_NUMBER: _ClassVar[int]
    COMPUTER_USE_RESULT_FIELD_NUMBER: _ClassVar[int]
    GENERATE_IMAGE_RESULT_FIELD_NUMBER: _ClassVar[int]
    WRITE_SHELL_STDIN_RESULT_FIELD_NUMBER: _ClassVar[int]
    RECORD_SCREEN_RESULT_FIELD_NUMBER: _ClassVar[int]
    WEB_FETCH_RESULT_FIELD_NUMBER: _ClassVar[int]
    REPORT_BUGFIX_RESULTS_RESULT_FIELD_NUMBER: _ClassVar[int]
    AI_ATTRIBUTION_RESULT_FIELD_NUMBER: _ClassVar[int]
    MCP_AUTH_RESULT_FIELD_NUMBER: _ClassVar[int]
    GET_MCP_TOOLS_RESULT_FIELD_NUMBER: _ClassVar[int]
    tool: ClientSideToolV2
    tool_call_id: str
    error: ToolResultError
    model_call_id: str
    tool_index: int
    attachments: ToolResultAttachments
    read_semsearch_files_result: ReadSemsearchFilesResult
    ripgrep_search_result: RipgrepSearchResult
    read_file_result: ReadFileResult
    list_dir_result: ListDirResult
    edit_file_result: EditFileResult
    file_search_result: ToolCallFileSearchResult
    semantic_search_full_result: SemanticSearchFullResult
    delete_file_result: DeleteFileResult
    reapply_result: ReapplyResult
    run_terminal_command_v2_result: RunTerminalCommandV2Result
    fetch_rules_result: FetchRulesResult
    web_search_result: WebSearchResult
    mcp_result: MCPResult
    search_symbols_result: SearchSymbolsResult
    background_composer_followup_result: BackgroundComposerFollowupResult
    knowledge_base_result: KnowledgeBaseResult
    fetch_pull_request_result: FetchPullRequestResult
    deep_search_result: DeepSearchResult
    create_diagram_result: CreateDiagramResult
    fix_lints_result: FixLintsResult
    read_lints_result: ReadLintsResult
    gotodef_result: GotodefResult
    task_result: TaskResult
    await_task_result: AwaitTaskResult
    todo_read_result: TodoReadResult
    todo_write_result: TodoWriteResult
    edit_file_v2_result: EditFileV2Result
    list_dir_v2_result: ListDirV2Result
    read_file_v2_result: ReadFileV2Result
    ripgrep_raw_search_result: RipgrepRawSearchResult
    glob_file_search_result: GlobFileSearchResult
    create_plan_result: CreatePlanResult
    list_mcp_resources_result: ListMcpResourcesResult
    read_mcp_resource_result: ReadMcpResourceResult
    read_project_result: ReadProjectResult
    update_project_result: UpdateProjectResult
    task_v2_result: TaskV2Result
    call_mcp_tool_result: CallMcpToolResult
    apply_agent_diff_result: ApplyAgentDiffResult
    ask_question_result: AskQuestionResult
    switch_mode_result: SwitchModeResult
    computer_use_result: ComputerUseResult
    generate_image_result: GenerateImageResult
    write_shell_stdin_result: WriteShellStdinResult
    record_screen_result: RecordScreenResult
    web_fetch_result: WebFetchResult
    report_bugfix_results_result: ReportBugfixResultsResult
    ai_attribution_result: AiAttributionResult
    mcp_auth_result: McpAuthResult
    get_mcp_tools_result: GetMcpToolsResult
    def __init__(self, tool: _Optional[_Union[ClientSideToolV2, str]] = ..., tool_call_id: _Optional[str] = ..., error: _Optional[_Union[ToolResultError, _Mapping]] = ..., model_call_id: _Optional[str] = ..., tool_index: _Optional[int] = ..., attachments: _Optional[_Union[ToolResultAttachments, _Mapping]] = ..., read_semsearch_files_result: _Optional[_Union[ReadSemsearchFilesResult, _Mapping]] = ..., ripgrep_search_result: _Optional[_Union[RipgrepSearchResult, _Mapping]] = ..., read_file_result: _Optional[_Union[ReadFileResult, _Mapping]] = ..., list_dir_result: _Optional[_Union[ListDirResult, _Mapping]] = ..., edit_file_result: _Optional[_Union[EditFileResult, _Mapping]] = ..., file_search_result: _Optional[_Union[ToolCallFileSearchResult, _Mapping]] = ..., semantic_search_full_result: _Optional[_Union[SemanticSearchFullResult, _Mapping]] = ..., delete_file_result: _Optional[_Union[DeleteFileResult, _Mapping]] = ..., reapply_result: _Optional[_Union[ReapplyResult, _Mapping]] = ..., run_terminal_command_v2_result: _Optional[_Union[RunTerminalCommandV2Result, _Mapping]] = ..., fetch_rules_result: _Optional[_Union[FetchRulesResult, _Mapping]] = ..., web_search_result: _Optional[_Union[WebSearchResult, _Mapping]] = ..., mcp_result: _Optional[_Union[MCPResult, _Mapping]] = ..., search_symbols_result: _Optional[_Union[SearchSymbolsResult, _Mapping]] = ..., background_composer_followup_result: _Optional[_Union[BackgroundComposerFollowupResult, _Mapping]] = ..., knowledge_base_result: _Optional[_Union[KnowledgeBaseResult, _Mapping]] = ..., fetch_pull_request_result: _Optional[_Union[FetchPullRequestResult, _Mapping]] = ..., deep_search_result: _Optional[_Union[DeepSearchResult, _Mapping]] = ..., create_diagram_result: _Optional[_Union[CreateDiagramResult, _Mapping]] = ..., fix_lints_result: _Optional[_Union[FixLintsResult, _Mapping]] = ..., read_lints_result: _Optional[_Union[ReadLintsResult, _Mapping]] = ..., gotodef_result: _Optional[_Union[GotodefResult, _Mapping]] = ..., task_result: _Optional[_Union[TaskResult, _Mapping]] = ..., await_task_result: _Optional[_Union[AwaitTaskResult, _Mapping]] = ..., todo_read_result: _Optional[_Union[TodoReadResult, _Mapping]] = ..., todo_write_result: _Optional[_Union[TodoWriteResult, _Mapping]] = ..., edit_file_v2_result: _Optional[_Union[EditFileV2Result, _Mapping]] = ..., list_dir_v2_result: _Optional[_Union[ListDirV2Result, _Mapping]] = ..., read_file_v2_result: _Optional[_Union[ReadFileV2Result, _Mapping]] = ..., ripgrep_raw_search_result: _Optional[_Union[RipgrepRawSearchResult, _Mapping]] = ..., glob_file_search_result: _Optional[_Union[GlobFileSearchResult, _Mapping]] = ..., create_plan_result: _Optional[_Union[CreatePlanResult, _Mapping]] = ..., list_mcp_resources_result: _Optional[_Union[ListMcpResourcesResult, _Mapping]] = ..., read_mcp_resource_result: _Optional[_Union[ReadMcpResourceResult, _Mapping]] = ..., read_project_result: _Optional[_Union[ReadProjectResult, _Mapping]] = ..., update_project_result: _Optional[_Union[UpdateProjectResult, _Mapping]] = ..., task_v2_result: _Optional[_Union[TaskV2Result, _Mapping]] = ..., call_mcp_tool_result: _Optional[_Union[CallMcpToolResult, _Mapping]] = ..., apply_agent_diff_result: _Optional[_Union[ApplyAgentDiffResult, _Mapping]] = ..., ask_question_result: _Optional[_Union[AskQuestionResult, _Mapping]] = ..., switch_mode_result: _Optional[_Union[SwitchModeResult, _Mapping]] = ..., computer_use_result: _Optional[_Union[ComputerUseResult, _Mapping]] = ..., generate_image_result: _Optional[_Union[GenerateImageResult, _Mapping]] = ..., write_shell_stdin_result: _Optional[_Union[WriteShellStdinResult, _Mapping]] = ..., record_screen_result: _Optional[_Union[RecordScreenResult, _Mapping]] = ..., web_fetch_result: _Optional[_Union[WebFetchResult, _Mapping]] = ..., report_bugfix_results_result: _Optional[_Union[ReportBugfixResultsResult, _Mapping]] = ..., ai_attribution_result: _Optional[_Union[AiAttributionResult, _Mapping]] = ..., mcp_auth_result: _Optional[_Union[McpAuthResult, _Mapping]] = ..., get_mcp_tools_result: _Optional[_Union[GetMcpToolsResult, _Mapping]] = ...) -> None: ...

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

class CmdKDebugInfo(_message.Message):
    __slots__ = ("remote_url", "commit_id", "git_patch", "unsaved_files", "unix_timestamp_ms", "open_editors", "file_diff_histories", "branch_name", "branch_notes", "branch_notes_rich", "global_notes", "past_thoughts", "base_branch_name", "base_branch_commit_id")
    class CppFileDiffHistory(_message.Message):
        __slots__ = ("file_name", "diff_history")
        FILE_NAME_FIELD_NUMBER: _ClassVar[int]
        DIFF_HISTORY_FIELD_NUMBER: _ClassVar[int]
        file_name: str
        diff_history: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, file_name: _Optional[str] = ..., diff_history: _Optional[_Iterable[str]] = ...) -> None: ...
    class OpenEditor(_message.Message):
        __slots__ = ("relative_workspace_path", "editor_group_index", "editor_group_id", "is_active")
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        EDITOR_GROUP_INDEX_FIELD_NUMBER: _ClassVar[int]
        EDITOR_GROUP_ID_FIELD_NUMBER: _ClassVar[int]
        IS_ACTIVE_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        editor_group_index: int
        editor_group_id: int
        is_active: bool
        def __init__(self, relative_workspace_path: _Optional[str] = ..., editor_group_index: _Optional[int] = ..., editor_group_id: _Optional[int] = ..., is_active: _Optional[bool] = ...) -> None: ...
    class PastThought(_message.Message):
        __slots__ = ("text", "time_in_unix_seconds")
        TEXT_FIELD_NUMBER: _ClassVar[int]
        TIME_IN_UNIX_SECONDS_FIELD_NUMBER: _ClassVar[int]
        text: str
        time_in_unix_seconds: float
        def __init__(self, text: _Optional[str] = ..., time_in_unix_seconds: _Optional[float] = ...) -> None: ...
    class UnsavedFiles(_message.Message):
        __slots__ = ("relative_workspace_path", "contents")
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        CONTENTS_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        contents: str
        def __init__(self, relative_workspace_path: _Optional[str] = ..., contents: _Optional[str] = ...) -> None: ...
    REMOTE_URL_FIELD_NUMBER: _ClassVar[int]
    COMMIT_ID_FIELD_NUMBER: _ClassVar[int]
    GIT_PATCH_FIELD_NUMBER: _ClassVar[int]
    UNSAVED_FILES_FIELD_NUMBER: _ClassVar[int]
    UNIX_TIMESTAMP_MS_FIELD_NUMBER: _ClassVar[int]
    OPEN_EDITORS_FIELD_NUMBER: _ClassVar[int]
    FILE_DIFF_HISTORIES_FIELD_NUMBER: _ClassVar[int]
    BRANCH_NAME_FIELD_NUMBER: _ClassVar[int]
    BRANCH_NOTES_FIELD_NUMBER: _ClassVar[int]
    BRANCH_NOTES_RICH_FIELD_NUMBER: _ClassVar[int]
    GLOBAL_NOTES_FIELD_NUMBER: _ClassVar[int]
    PAST_THOUGHTS_FIELD_NUMBER: _ClassVar[int]
    BASE_BRANCH_NAME_FIELD_NUMBER: _ClassVar[int]
    BASE_BRANCH_COMMIT_ID_FIELD_NUMBER: _ClassVar[int]
    remote_url: str
    commit_id: str
    git_patch: str
    unsaved_files: _containers.RepeatedCompositeFieldContainer[CmdKDebugInfo.UnsavedFiles]
    unix_timestamp_ms: float
    open_editors: _containers.RepeatedCompositeFieldContainer[CmdKDebugInfo.OpenEditor]
    file_diff_histories: _containers.RepeatedCompositeFieldContainer[CmdKDebugInfo.CppFileDiffHistory]
    branch_name: str
    branch_notes: str
    branch_notes_rich: str
    global_notes: str
    past_thoughts: _containers.RepeatedCompositeFieldContainer[CmdKDebugInfo.PastThought]
    base_branch_name: str
    base_branch_commit_id: str
    def __init__(self, remote_url: _Optional[str] = ..., commit_id: _Optional[str] = ..., git_patch: _Optional[str] = ..., unsaved_files: _Optional[_Iterable[_Union[CmdKDebugInfo.UnsavedFiles, _Mapping]]] = ..., unix_timestamp_ms: _Optional[float] = ..., open_editors: _Optional[_Iterable[_Union[CmdKDebugInfo.OpenEditor, _Mapping]]] = ..., file_diff_histories: _Optional[_Iterable[_Union[CmdKDebugInfo.CppFileDiffHistory, _Mapping]]] = ..., branch_name: _Optional[str] = ..., branch_notes: _Optional[str] = ..., branch_notes_rich: _Optional[str] = ..., global_notes: _Optional[str] = ..., past_thoughts: _Optional[_Iterable[_Union[CmdKDebugInfo.PastThought, _Mapping]]] = ..., base_branch_name: _Optional[str] = ..., base_branch_commit_id: _Optional[str] = ...) -> None: ...

class CmdKEvent(_message.Message):
    __slots__ = ("point_in_time_model", "request_id", "prompt_bar_id", "submit_prompt", "end_of_generation", "interrupt_generation", "accept_all", "reject_all", "reject_partial_diff", "accept_partial_diff", "after_reject")
    class AcceptDiffs(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class AcceptPartialDiff(_message.Message):
        __slots__ = ("green_range", "green_lines", "red_lines")
        GREEN_RANGE_FIELD_NUMBER: _ClassVar[int]
        GREEN_LINES_FIELD_NUMBER: _ClassVar[int]
        RED_LINES_FIELD_NUMBER: _ClassVar[int]
        green_range: IRange
        green_lines: _containers.RepeatedScalarFieldContainer[str]
        red_lines: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, green_range: _Optional[_Union[IRange, _Mapping]] = ..., green_lines: _Optional[_Iterable[str]] = ..., red_lines: _Optional[_Iterable[str]] = ...) -> None: ...
    class AfterReject(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class EndOfGeneration(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class InterruptGeneration(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class RejectDiffs(_message.Message):
        __slots__ = ("actor_request_id", "silent")
        ACTOR_REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
        SILENT_FIELD_NUMBER: _ClassVar[int]
        actor_request_id: str
        silent: bool
        def __init__(self, actor_request_id: _Optional[str] = ..., silent: _Optional[bool] = ...) -> None: ...
    class RejectPartialDiff(_message.Message):
        __slots__ = ("green_range", "green_lines", "red_lines")
        GREEN_RANGE_FIELD_NUMBER: _ClassVar[int]
        GREEN_LINES_FIELD_NUMBER: _ClassVar[int]
        RED_LINES_FIELD_NUMBER: _ClassVar[int]
        green_range: IRange
        green_lines: _containers.RepeatedScalarFieldContainer[str]
        red_lines: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, green_range: _Optional[_Union[IRange, _Mapping]] = ..., green_lines: _Optional[_Iterable[str]] = ..., red_lines: _Optional[_Iterable[str]] = ...) -> None: ...
    class SubmitPrompt(_message.Message):
        __slots__ = ("original_range", "original_text", "prompt")
        ORIGINAL_RANGE_FIELD_NUMBER: _ClassVar[int]
        ORIGINAL_TEXT_FIELD_NUMBER: _ClassVar[int]
        PROMPT_FIELD_NUMBER: _ClassVar[int]
        original_range: IRange
        original_text: str
        prompt: str
        def __init__(self, original_range: _Optional[_Union[IRange, _Mapping]] = ..., original_text: _Optional[str] = ..., prompt: _Optional[str] = ...) -> None: ...
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    PROMPT_BAR_ID_FIELD_NUMBER: _ClassVar[int]
    SUBMIT_PROMPT_FIELD_NUMBER: _ClassVar[int]
    END_OF_GENERATION_FIELD_NUMBER: _ClassVar[int]
    INTERRUPT_GENERATION_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_ALL_FIELD_NUMBER: _ClassVar[int]
    REJECT_ALL_FIELD_NUMBER: _ClassVar[int]
    REJECT_PARTIAL_DIFF_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_PARTIAL_DIFF_FIELD_NUMBER: _ClassVar[int]
    AFTER_REJECT_FIELD_NUMBER: _ClassVar[int]
    point_in_time_model: PointInTimeModel
    request_id: str
    prompt_bar_id: str
    submit_prompt: CmdKEvent.SubmitPrompt
    end_of_generation: CmdKEvent.EndOfGeneration
    interrupt_generation: CmdKEvent.InterruptGeneration
    accept_all: CmdKEvent.AcceptDiffs
    reject_all: CmdKEvent.RejectDiffs
    reject_partial_diff: CmdKEvent.RejectPartialDiff
    accept_partial_diff: CmdKEvent.AcceptPartialDiff
    after_reject: CmdKEvent.AfterReject
    def __init__(self, point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., request_id: _Optional[str] = ..., prompt_bar_id: _Optional[str] = ..., submit_prompt: _Optional[_Union[CmdKEvent.SubmitPrompt, _Mapping]] = ..., end_of_generation: _Optional[_Union[CmdKEvent.EndOfGeneration, _Mapping]] = ..., interrupt_generation: _Optional[_Union[CmdKEvent.InterruptGeneration, _Mapping]] = ..., accept_all: _Optional[_Union[CmdKEvent.AcceptDiffs, _Mapping]] = ..., reject_all: _Optional[_Union[CmdKEvent.RejectDiffs, _Mapping]] = ..., reject_partial_diff: _Optional[_Union[CmdKEvent.RejectPartialDiff, _Mapping]] = ..., accept_partial_diff: _Optional[_Union[CmdKEvent.AcceptPartialDiff, _Mapping]] = ..., after_reject: _Optional[_Union[CmdKEvent.AfterReject, _Mapping]] = ...) -> None: ...

class CmdKExternalLink(_message.Message):
    __slots__ = ("url", "uuid")
    URL_FIELD_NUMBER: _ClassVar[int]
    UUID_FIELD_NUMBER: _ClassVar[int]
    url: str
    uuid: str
    def __init__(self, url: _Optional[str] = ..., uuid: _Optional[str] = ...) -> None: ...

class CmdKLegacyContext(_message.Message):
    __slots__ = ("explicit_context", "prompt_code_blocks", "documentation_identifiers")
    EXPLICIT_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    PROMPT_CODE_BLOCKS_FIELD_NUMBER: _ClassVar[int]
    DOCUMENTATION_IDENTIFIERS_FIELD_NUMBER: _ClassVar[int]
    explicit_context: ExplicitContext
    prompt_code_blocks: _containers.RepeatedCompositeFieldContainer[CodeBlock]
    documentation_identifiers: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, explicit_context: _Optional[_Union[ExplicitContext, _Mapping]] = ..., prompt_code_blocks: _Optional[_Iterable[_Union[CodeBlock, _Mapping]]] = ..., documentation_identifiers: _Optional[_Iterable[str]] = ...) -> None: ...

class CmdKOptions(_message.Message):
    __slots__ = ("model_details", "chat_mode", "ada_cmd_k_context", "use_reranker", "use_web", "request_is_for_caching")
    MODEL_DETAILS_FIELD_NUMBER: _ClassVar[int]
    CHAT_MODE_FIELD_NUMBER: _ClassVar[int]
    ADA_CMD_K_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    USE_RERANKER_FIELD_NUMBER: _ClassVar[int]
    USE_WEB_FIELD_NUMBER: _ClassVar[int]
    REQUEST_IS_FOR_CACHING_FIELD_NUMBER: _ClassVar[int]
    model_details: ModelDetails
    chat_mode: bool
    ada_cmd_k_context: bool
    use_reranker: bool
    use_web: bool
    request_is_for_caching: bool
    def __init__(self, model_details: _Optional[_Union[ModelDetails, _Mapping]] = ..., chat_mode: _Optional[bool] = ..., ada_cmd_k_context: _Optional[bool] = ..., use_reranker: _Optional[bool] = ..., use_web: _Optional[bool] = ..., request_is_for_caching: _Optional[bool] = ...) -> None: ...

class CmdKPreviousEdit(_message.Message):
    __slots__ = ("original_lines", "new_lines", "relative_path", "extra_context_above", "extra_context_below")
    ORIGINAL_LINES_FIELD_NUMBER: _ClassVar[int]
    NEW_LINES_FIELD_NUMBER: _ClassVar[int]
    RELATIVE_PATH_FIELD_NUMBER: _ClassVar[int]
    EXTRA_CONTEXT_ABOVE_FIELD_NUMBER: _ClassVar[int]
    EXTRA_CONTEXT_BELOW_FIELD_NUMBER: _ClassVar[int]
    original_lines: _containers.RepeatedScalarFieldContainer[str]
    new_lines: _containers.RepeatedScalarFieldContainer[str]
    relative_path: str
    extra_context_above: _containers.RepeatedScalarFieldContainer[str]
    extra_context_below: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, original_lines: _Optional[_Iterable[str]] = ..., new_lines: _Optional[_Iterable[str]] = ..., relative_path: _Optional[str] = ..., extra_context_above: _Optional[_Iterable[str]] = ..., extra_context_below: _Optional[_Iterable[str]] = ...) -> None: ...

class CmdKUpcomingEdit(_message.Message):
    __slots__ = ("original_lines", "relative_path", "extra_context_above", "extra_context_below")
    ORIGINAL_LINES_FIELD_NUMBER: _ClassVar[int]
    RELATIVE_PATH_FIELD_NUMBER: _ClassVar[int]
    EXTRA_CONTEXT_ABOVE_FIELD_NUMBER: _ClassVar[int]
    EXTRA_CONTEXT_BELOW_FIELD_NUMBER: _ClassVar[int]
    original_lines: _containers.RepeatedScalarFieldContainer[str]
    relative_path: str
    extra_context_above: _containers.RepeatedScalarFieldContainer[str]
    extra_context_below: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, original_lines: _Optional[_Iterable[str]] = ..., relative_path: _Optional[str] = ..., extra_context_above: _Optional[_Iterable[str]] = ..., extra_context_below: _Optional[_Iterable[str]] = ...) -> None: ...

class CodeBlock(_message.Message):
    __slots__ = ("relative_workspace_path", "file_contents", "file_contents_length", "range", "contents", "signatures", "override_contents", "original_contents", "detailed_lines", "file_git_context")
    class Signatures(_message.Message):
        __slots__ = ("ranges",)
        RANGES_FIELD_NUMBER: _ClassVar[int]
        ranges: _containers.RepeatedCompositeFieldContainer[CursorRange]
        def __init__(self, ranges: _Optional[_Iterable[_Union[CursorRange, _Mapping]]] = ...) -> None: ...
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    FILE_CONTENTS_FIELD_NUMBER: _ClassVar[int]
    FILE_CONTENTS_LENGTH_FIELD_NUMBER: _ClassVar[int]
    RANGE_FIELD_NUMBER: _ClassVar[int]
    CONTENTS_FIELD_NUMBER: _ClassVar[int]
    SIGNATURES_FIELD_NUMBER: _ClassVar[int]
    OVERRIDE_CONTENTS_FIELD_NUMBER: _ClassVar[int]
    ORIGINAL_CONTENTS_FIELD_NUMBER: _ClassVar[int]
    DETAILED_LINES_FIELD_NUMBER: _ClassVar[int]
    FILE_GIT_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    file_contents: str
    file_contents_length: int
    range: CursorRange
    contents: str
    signatures: CodeBlock.Signatures
    override_contents: str
    original_contents: str
    detailed_lines: _containers.RepeatedCompositeFieldContainer[DetailedLine]
    file_git_context: FileGit
    def __init__(self, relative_workspace_path: _Optional[str] = ..., file_contents: _Optional[str] = ..., file_contents_length: _Optional[int] = ..., range: _Optional[_Union[CursorRange, _Mapping]] = ..., contents: _Optional[str] = ..., signatures: _Optional[_Union[CodeBlock.Signatures, _Mapping]] = ..., override_contents: _Optional[str] = ..., original_contents: _Optional[str] = ..., detailed_lines: _Optional[_Iterable[_Union[DetailedLine, _Mapping]]] = ..., file_git_context: _Optional[_Union[FileGit, _Mapping]] = ...) -> None: ...

class CodeChunk(_message.Message):
    __slots__ = ("relative_workspace_path", "start_line_number", "lines", "summarization_strategy", "language_identifier", "intent", "is_final_version", "is_first_version")
    class Intent(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        INTENT_UNSPECIFIED: _ClassVar[CodeChunk.Intent]
        INTENT_COMPOSER_FILE: _ClassVar[CodeChunk.Intent]
        INTENT_COMPRESSED_COMPOSER_FILE: _ClassVar[CodeChunk.Intent]
    INTENT_UNSPECIFIED: CodeChunk.Intent
    INTENT_COMPOSER_FILE: CodeChunk.Intent
    INTENT_COMPRESSED_COMPOSER_FILE: CodeChunk.Intent
    class SummarizationStrategy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        SUMMARIZATION_STRATEGY_NONE_UNSPECIFIED: _ClassVar[CodeChunk.SummarizationStrategy]
        SUMMARIZATION_STRATEGY_SUMMARIZED: _ClassVar[CodeChunk.SummarizationStrategy]
        SUMMARIZATION_STRATEGY_EMBEDDED: _ClassVar[CodeChunk.SummarizationStrategy]
    SUMMARIZATION_STRATEGY_NONE_UNSPECIFIED: CodeChunk.SummarizationStrategy
    SUMMARIZATION_STRATEGY_SUMMARIZED: CodeChunk.SummarizationStrategy
    SUMMARIZATION_STRATEGY_EMBEDDED: CodeChunk.SummarizationStrategy
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    SUMMARIZATION_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
    INTENT_FIELD_NUMBER: _ClassVar[int]
    IS_FINAL_VERSION_FIELD_NUMBER: _ClassVar[int]
    IS_FIRST_VERSION_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    start_line_number: int
    lines: _containers.RepeatedScalarFieldContainer[str]
    summarization_strategy: CodeChunk.SummarizationStrategy
    language_identifier: str
    intent: CodeChunk.Intent
    is_final_version: bool
    is_first_version: bool
    def __init__(self, relative_workspace_path: _Optional[str] = ..., start_line_number: _Optional[int] = ..., lines: _Optional[_Iterable[str]] = ..., summarization_strategy: _Optional[_Union[CodeChunk.SummarizationStrategy, str]] = ..., language_identifier: _Optional[str] = ..., intent: _Optional[_Union[CodeChunk.Intent, str]] = ..., is_final_version: _Optional[bool] = ..., is_first_version: _Optional[bool] = ...) -> None: ...

class CodeResult(_message.Message):
    __slots__ = ("code_block", "score")
    CODE_BLOCK_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    code_block: CodeBlock
    score: float
    def __init__(self, code_block: _Optional[_Union[CodeBlock, _Mapping]] = ..., score: _Optional[float] = ...) -> None: ...

class CodebaseTelemetryConfig(_message.Message):
    __slots__ = ("enabled", "reset_token")
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    RESET_TOKEN_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    reset_token: str
    def __init__(self, enabled: _Optional[bool] = ..., reset_token: _Optional[str] = ...) -> None: ...

class CommandClassifierResult(_message.Message):
    __slots__ = ("commands", "suggested_sandbox_mode", "classification_failed")
    class SuggestedSandboxMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        SUGGESTED_SANDBOX_MODE_UNSPECIFIED: _ClassVar[CommandClassifierResult.SuggestedSandboxMode]
        SUGGESTED_SANDBOX_MODE_SANDBOX: _ClassVar[CommandClassifierResult.SuggestedSandboxMode]
        SUGGESTED_SANDBOX_MODE_NO_SANDBOX: _ClassVar[CommandClassifierResult.SuggestedSandboxMode]
        SUGGESTED_SANDBOX_MODE_UNDETERMINED: _ClassVar[CommandClassifierResult.SuggestedSandboxMode]
    SUGGESTED_SANDBOX_MODE_UNSPECIFIED: CommandClassifierResult.SuggestedSandboxMode
    SUGGESTED_SANDBOX_MODE_SANDBOX: CommandClassifierResult.SuggestedSandboxMode
    SUGGESTED_SANDBOX_MODE_NO_SANDBOX: CommandClassifierResult.SuggestedSandboxMode
    SUGGESTED_SANDBOX_MODE_UNDETERMINED: CommandClassifierResult.SuggestedSandboxMode
    class ClassifiedCommand(_message.Message):
        __slots__ = ("name", "arguments", "suggested_allowlist_entry", "subcommand_tokens")
        NAME_FIELD_NUMBER: _ClassVar[int]
        ARGUMENTS_FIELD_NUMBER: _ClassVar[int]
        SUGGESTED_ALLOWLIST_ENTRY_FIELD_NUMBER: _ClassVar[int]
        SUBCOMMAND_TOKENS_FIELD_NUMBER: _ClassVar[int]
        name: str
        arguments: _containers.RepeatedScalarFieldContainer[str]
        suggested_allowlist_entry: str
        subcommand_tokens: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, name: _Optional[str] = ..., arguments: _Optional[_Iterable[str]] = ..., suggested_allowlist_entry: _Optional[str] = ..., subcommand_tokens: _Optional[_Iterable[str]] = ...) -> None: ...
    COMMANDS_FIELD_NUMBER: _ClassVar[int]
    SUGGESTED_SANDBOX_MODE_FIELD_NUMBER: _ClassVar[int]
    CLASSIFICATION_FAILED_FIELD_NUMBER: _ClassVar[int]
    commands: _containers.RepeatedCompositeFieldContainer[CommandClassifierResult.ClassifiedCommand]
    suggested_sandbox_mode: CommandClassifierResult.SuggestedSandboxMode
    classification_failed: bool
    def __init__(self, commands: _Optional[_Iterable[_Union[CommandClassifierResult.ClassifiedCommand, _Mapping]]] = ..., suggested_sandbox_mode: _Optional[_Union[CommandClassifierResult.SuggestedSandboxMode, str]] = ..., classification_failed: _Optional[bool] = ...) -> None: ...

class Commit(_message.Message):
    __slots__ = ("sha", "message", "description", "diff", "author", "date")
    SHA_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    DIFF_FIELD_NUMBER: _ClassVar[int]
    AUTHOR_FIELD_NUMBER: _ClassVar[int]
    DATE_FIELD_NUMBER: _ClassVar[int]
    sha: str
    message: str
    description: str
    diff: _containers.RepeatedCompositeFieldContainer[FileDiff]
    author: str
    date: str
    def __init__(self, sha: _Optional[str] = ..., message: _Optional[str] = ..., description: _Optional[str] = ..., diff: _Optional[_Iterable[_Union[FileDiff, _Mapping]]] = ..., author: _Optional[str] = ..., date: _Optional[str] = ...) -> None: ...

class ComposerCapabilityContext(_message.Message):
    __slots__ = ("slack_integration", "github_pr", "microsoft_teams_integration")
    class GithubPRContext(_message.Message):
        __slots__ = ("title", "description", "comments", "ci_failures")
        TITLE_FIELD_NUMBER: _ClassVar[int]
        DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
        COMMENTS_FIELD_NUMBER: _ClassVar[int]
        CI_FAILURES_FIELD_NUMBER: _ClassVar[int]
        title: str
        description: str
        comments: str
        ci_failures: str
        def __init__(self, title: _Optional[str] = ..., description: _Optional[str] = ..., comments: _Optional[str] = ..., ci_failures: _Optional[str] = ...) -> None: ...
    class MicrosoftTeamsIntegrationContext(_message.Message):
        __slots__ = ("thread", "channel_name", "team_name", "channel_description", "team_description")
        THREAD_FIELD_NUMBER: _ClassVar[int]
        CHANNEL_NAME_FIELD_NUMBER: _ClassVar[int]
        TEAM_NAME_FIELD_NUMBER: _ClassVar[int]
        CHANNEL_DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
        TEAM_DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
        thread: str
        channel_name: str
        team_name: str
        channel_description: str
        team_description: str
        def __init__(self, thread: _Optional[str] = ..., channel_name: _Optional[str] = ..., team_name: _Optional[str] = ..., channel_description: _Optional[str] = ..., team_description: _Optional[str] = ...) -> None: ...
    class SlackIntegrationContext(_message.Message):
        __slots__ = ("thread", "channel_name", "channel_purpose", "channel_topic")
        THREAD_FIELD_NUMBER: _ClassVar[int]
        CHANNEL_NAME_FIELD_NUMBER: _ClassVar[int]
        CHANNEL_PURPOSE_FIELD_NUMBER: _ClassVar[int]
        CHANNEL_TOPIC_FIELD_NUMBER: _ClassVar[int]
        thread: str
        channel_name: str
        channel_purpose: str
        channel_topic: str
        def __init__(self, thread: _Optional[str] = ..., channel_name: _Optional[str] = ..., channel_purpose: _Optional[str] = ..., channel_topic: _Optional[str] = ...) -> None: ...
    SLACK_INTEGRATION_FIELD_NUMBER: _ClassVar[int]
    GITHUB_PR_FIELD_NUMBER: _ClassVar[int]
    MICROSOFT_TEAMS_INTEGRATION_FIELD_NUMBER: _ClassVar[int]
    slack_integration: ComposerCapabilityContext.SlackIntegrationContext
    github_pr: ComposerCapabilityContext.GithubPRContext
    microsoft_teams_integration: ComposerCapabilityContext.MicrosoftTeamsIntegrationContext
    def __init__(self, slack_integration: _Optional[_Union[ComposerCapabilityContext.SlackIntegrationContext, _Mapping]] = ..., github_pr: _Optional[_Union[ComposerCapabilityContext.GithubPRContext, _Mapping]] = ..., microsoft_teams_integration: _Optional[_Union[ComposerCapabilityContext.MicrosoftTeamsIntegrationContext, _Mapping]] = ...) -> None: ...

class ComposerCapabilityRequest(_message.Message):
    __slots__ = ("type", "loop_on_lints", "loop_on_tests", "mega_planner", "loop_on_command", "tool_call", "diff_review", "context_picking", "edit_trail", "auto_context", "context_planner", "remember_this", "decomposer", "cursor_rules")
    class ComposerCapabilityType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        COMPOSER_CAPABILITY_TYPE_UNSPECIFIED: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_LOOP_ON_LINTS: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_LOOP_ON_TESTS: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_MEGA_PLANNER: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_LOOP_ON_COMMAND: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_TOOL_CALL: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_DIFF_REVIEW: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_CONTEXT_PICKING: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_EDIT_TRAIL: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_AUTO_CONTEXT: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_CONTEXT_PLANNER: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_DIFF_HISTORY: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_REMEMBER_THIS: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_DECOMPOSER: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_USES_CODEBASE: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_TOOL_FORMER: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_CURSOR_RULES: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_TOKEN_COUNTER: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_USAGE_DATA: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_CHIMES: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_CODE_DECAY_TRACKER: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_BACKGROUND_COMPOSER: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_SUMMARIZATION: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_AI_CODE_TRACKING: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_QUEUING: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_MEMORIES: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_RCP_LOGS: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_KNOWLEDGE_FETCH: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_SLACK_INTEGRATION: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_SUB_COMPOSER: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_THINKING: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_CONTEXT_WINDOW: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_ONLINE_METRICS: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_NOTIFICATIONS: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_SPEC: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
        COMPOSER_CAPABILITY_TYPE_BROWSER_AGENT: _ClassVar[ComposerCapabilityRequest.ComposerCapabilityType]
    COMPOSER_CAPABILITY_TYPE_UNSPECIFIED: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_LOOP_ON_LINTS: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_LOOP_ON_TESTS: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_MEGA_PLANNER: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_LOOP_ON_COMMAND: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_TOOL_CALL: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_DIFF_REVIEW: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_CONTEXT_PICKING: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_EDIT_TRAIL: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_AUTO_CONTEXT: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_CONTEXT_PLANNER: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_DIFF_HISTORY: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_REMEMBER_THIS: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_DECOMPOSER: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_USES_CODEBASE: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_TOOL_FORMER: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_CURSOR_RULES: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_TOKEN_COUNTER: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_USAGE_DATA: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_CHIMES: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_CODE_DECAY_TRACKER: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_BACKGROUND_COMPOSER: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_SUMMARIZATION: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_AI_CODE_TRACKING: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_QUEUING: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_MEMORIES: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_RCP_LOGS: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_KNOWLEDGE_FETCH: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_SLACK_INTEGRATION: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_SUB_COMPOSER: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_THINKING: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_CONTEXT_WINDOW: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_ONLINE_METRICS: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_NOTIFICATIONS: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_SPEC: ComposerCapabilityRequest.ComposerCapabilityType
    COMPOSER_CAPABILITY_TYPE_BROWSER_AGENT: ComposerCapabilityRequest.ComposerCapabilityType
    class ToolType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        TOOL_TYPE_UNSPECIFIED: _ClassVar[ComposerCapabilityRequest.ToolType]
        TOOL_TYPE_ADD_FILE_TO_CONTEXT: _ClassVar[ComposerCapabilityRequest.ToolType]
        TOOL_TYPE_ITERATE: _ClassVar[ComposerCapabilityRequest.ToolType]
        TOOL_TYPE_REMOVE_FILE_FROM_CONTEXT: _ClassVar[ComposerCapabilityRequest.ToolType]
        TOOL_TYPE_SEMANTIC_SEARCH_CODEBASE: _ClassVar[ComposerCapabilityRequest.ToolType]
    TOOL_TYPE_UNSPECIFIED: ComposerCapabilityRequest.ToolType
    TOOL_TYPE_ADD_FILE_TO_CONTEXT: ComposerCapabilityRequest.ToolType
    TOOL_TYPE_ITERATE: ComposerCapabilityRequest.ToolType
    TOOL_TYPE_REMOVE_FILE_FROM_CONTEXT: ComposerCapabilityRequest.ToolType
    TOOL_TYPE_SEMANTIC_SEARCH_CODEBASE: ComposerCapabilityRequest.ToolType
    class AutoContextCapability(_message.Message):
        __slots__ = ("custom_instructions", "additional_files")
        CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        ADDITIONAL_FILES_FIELD_NUMBER: _ClassVar[int]
        custom_instructions: str
        additional_files: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, custom_instructions: _Optional[str] = ..., additional_files: _Optional[_Iterable[str]] = ...) -> None: ...
    class ContextPickingCapability(_message.Message):
        __slots__ = ("custom_instructions", "potential_context_files", "potential_context_code_chunks", "files_in_context")
        CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        POTENTIAL_CONTEXT_FILES_FIELD_NUMBER: _ClassVar[int]
        POTENTIAL_CONTEXT_CODE_CHUNKS_FIELD_NUMBER: _ClassVar[int]
        FILES_IN_CONTEXT_FIELD_NUMBER: _ClassVar[int]
        custom_instructions: str
        potential_context_files: _containers.RepeatedScalarFieldContainer[str]
        potential_context_code_chunks: _containers.RepeatedCompositeFieldContainer[CodeChunk]
        files_in_context: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, custom_instructions: _Optional[str] = ..., potential_context_files: _Optional[_Iterable[str]] = ..., potential_context_code_chunks: _Optional[_Iterable[_Union[CodeChunk, _Mapping]]] = ..., files_in_context: _Optional[_Iterable[str]] = ...) -> None: ...
    class ContextPlannerCapability(_message.Message):
        __slots__ = ("custom_instructions", "attached_code_chunks")
        CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        ATTACHED_CODE_CHUNKS_FIELD_NUMBER: _ClassVar[int]
        custom_instructions: str
        attached_code_chunks: _containers.RepeatedCompositeFieldContainer[CodeChunk]
        def __init__(self, custom_instructions: _Optional[str] = ..., attached_code_chunks: _Optional[_Iterable[_Union[CodeChunk, _Mapping]]] = ...) -> None: ...
    class CursorRulesCapability(_message.Message):
        __slots__ = ("custom_instructions",)
        CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        custom_instructions: str
        def __init__(self, custom_instructions: _Optional[str] = ...) -> None: ...
    class DecomposerCapability(_message.Message):
        __slots__ = ("custom_instructions",)
        CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        custom_instructions: str
        def __init__(self, custom_instructions: _Optional[str] = ...) -> None: ...
    class DiffReviewCapability(_message.Message):
        __slots__ = ("custom_instructions", "diffs")
        class SimpleFileDiff(_message.Message):
            __slots__ = ("relative_workspace_path", "chunks")
            class Chunk(_message.Message):
                __slots__ = ("old_lines", "new_lines", "old_range", "new_range")
                OLD_LINES_FIELD_NUMBER: _ClassVar[int]
                NEW_LINES_FIELD_NUMBER: _ClassVar[int]
                OLD_RANGE_FIELD_NUMBER: _ClassVar[int]
                NEW_RANGE_FIELD_NUMBER: _ClassVar[int]
                old_lines: _containers.RepeatedScalarFieldContainer[str]
                new_lines: _containers.RepeatedScalarFieldContainer[str]
                old_range: LineRange
                new_range: LineRange
                def __init__(self, old_lines: _Optional[_Iterable[str]] = ..., new_lines: _Optional[_Iterable[str]] = ..., old_range: _Optional[_Union[LineRange, _Mapping]] = ..., new_range: _Optional[_Union[LineRange, _Mapping]] = ...) -> None: ...
            RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
            CHUNKS_FIELD_NUMBER: _ClassVar[int]
            relative_workspace_path: str
            chunks: _containers.RepeatedCompositeFieldContainer[ComposerCapabilityRequest.DiffReviewCapability.SimpleFileDiff.Chunk]
            def __init__(self, relative_workspace_path: _Optional[str] = ..., chunks: _Optional[_Iterable[_Union[ComposerCapabilityRequest.DiffReviewCapability.SimpleFileDiff.Chunk, _Mapping]]] = ...) -> None: ...
        CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        DIFFS_FIELD_NUMBER: _ClassVar[int]
        custom_instructions: str
        diffs: _containers.RepeatedCompositeFieldContainer[ComposerCapabilityRequest.DiffReviewCapability.SimpleFileDiff]
        def __init__(self, custom_instructions: _Optional[str] = ..., diffs: _Optional[_Iterable[_Union[ComposerCapabilityRequest.DiffReviewCapability.SimpleFileDiff, _Mapping]]] = ...) -> None: ...
    class EditTrailCapability(_message.Message):
        __slots__ = ("custom_instructions",)
        CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        custom_instructions: str
        def __init__(self, custom_instructions: _Optional[str] = ...) -> None: ...
    class LoopOnCommandCapability(_message.Message):
        __slots__ = ("command", "custom_instructions", "output", "exit_code")
        COMMAND_FIELD_NUMBER: _ClassVar[int]
        CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        OUTPUT_FIELD_NUMBER: _ClassVar[int]
        EXIT_CODE_FIELD_NUMBER: _ClassVar[int]
        command: str
        custom_instructions: str
        output: str
        exit_code: int
        def __init__(self, command: _Optional[str] = ..., custom_instructions: _Optional[str] = ..., output: _Optional[str] = ..., exit_code: _Optional[int] = ...) -> None: ...
    class LoopOnLintsCapability(_message.Message):
        __slots__ = ("linter_errors", "custom_instructions")
        LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
        CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        linter_errors: _containers.RepeatedCompositeFieldContainer[LinterErrors]
        custom_instructions: str
        def __init__(self, linter_errors: _Optional[_Iterable[_Union[LinterErrors, _Mapping]]] = ..., custom_instructions: _Optional[str] = ...) -> None: ...
    class LoopOnTestsCapability(_message.Message):
        __slots__ = ("test_names", "custom_instructions")
        TEST_NAMES_FIELD_NUMBER: _ClassVar[int]
        CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        test_names: _containers.RepeatedScalarFieldContainer[str]
        custom_instructions: str
        def __init__(self, test_names: _Optional[_Iterable[str]] = ..., custom_instructions: _Optional[str] = ...) -> None: ...
    class MegaPlannerCapability(_message.Message):
        __slots__ = ("custom_instructions",)
        CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        custom_instructions: str
        def __init__(self, custom_instructions: _Optional[str] = ...) -> None: ...
    class RememberThisCapability(_message.Message):
        __slots__ = ("custom_instructions", "memory")
        CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        MEMORY_FIELD_NUMBER: _ClassVar[int]
        custom_instructions: str
        memory: str
        def __init__(self, custom_instructions: _Optional[str] = ..., memory: _Optional[str] = ...) -> None: ...
    class SchemaProperty(_message.Message):
        __slots__ = ("type", "description")
        TYPE_FIELD_NUMBER: _ClassVar[int]
        DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
        type: str
        description: str
        def __init__(self, type: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...
    class ToolCallCapability(_message.Message):
        __slots__ = ("custom_instructions", "tool_schemas", "relevant_files", "files_in_context", "semantic_search_files")
        CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        TOOL_SCHEMAS_FIELD_NUMBER: _ClassVar[int]
        RELEVANT_FILES_FIELD_NUMBER: _ClassVar[int]
        FILES_IN_CONTEXT_FIELD_NUMBER: _ClassVar[int]
        SEMANTIC_SEARCH_FILES_FIELD_NUMBER: _ClassVar[int]
        custom_instructions: str
        tool_schemas: _containers.RepeatedCompositeFieldContainer[ComposerCapabilityRequest.ToolSchema]
        relevant_files: _containers.RepeatedScalarFieldContainer[str]
        files_in_context: _containers.RepeatedScalarFieldContainer[str]
        semantic_search_files: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, custom_instructions: _Optional[str] = ..., tool_schemas: _Optional[_Iterable[_Union[ComposerCapabilityRequest.ToolSchema, _Mapping]]] = ..., relevant_files: _Optional[_Iterable[str]] = ..., files_in_context: _Optional[_Iterable[str]] = ..., semantic_search_files: _Optional[_Iterable[str]] = ...) -> None: ...
    class ToolSchema(_message.Message):
        __slots__ = ("type", "name", "properties", "required")
        class PropertiesEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: str
            value: ComposerCapabilityRequest.SchemaProperty
            def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[ComposerCapabilityRequest.SchemaProperty, _Mapping]] = ...) -> None: ...
        TYPE_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        PROPERTIES_FIELD_NUMBER: _ClassVar[int]
        REQUIRED_FIELD_NUMBER: _ClassVar[int]
        type: ComposerCapabilityRequest.ToolType
        name: str
        properties: _containers.MessageMap[str, ComposerCapabilityRequest.SchemaProperty]
        required: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, type: _Optional[_Union[ComposerCapabilityRequest.ToolType, str]] = ..., name: _Optional[str] = ..., properties: _Optional[_Mapping[str, ComposerCapabilityRequest.SchemaProperty]] = ..., required: _Optional[_Iterable[str]] = ...) -> None: ...
    TYPE_FIELD_NUMBER: _ClassVar[int]
    LOOP_ON_LINTS_FIELD_NUMBER: _ClassVar[int]
    LOOP_ON_TESTS_FIELD_NUMBER: _ClassVar[int]
    MEGA_PLANNER_FIELD_NUMBER: _ClassVar[int]
    LOOP_ON_COMMAND_FIELD_NUMBER: _ClassVar[int]
    TOOL_CALL_FIELD_NUMBER: _ClassVar[int]
    DIFF_REVIEW_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_PICKING_FIELD_NUMBER: _ClassVar[int]
    EDIT_TRAIL_FIELD_NUMBER: _ClassVar[int]
    AUTO_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_PLANNER_FIELD_NUMBER: _ClassVar[int]
    REMEMBER_THIS_FIELD_NUMBER: _ClassVar[int]
    DECOMPOSER_FIELD_NUMBER: _ClassVar[int]
    CURSOR_RULES_FIELD_NUMBER: _ClassVar[int]
    type: ComposerCapabilityRequest.ComposerCapabilityType
    loop_on_lints: ComposerCapabilityRequest.LoopOnLintsCapability
    loop_on_tests: ComposerCapabilityRequest.LoopOnTestsCapability
    mega_planner: ComposerCapabilityRequest.MegaPlannerCapability
    loop_on_command: ComposerCapabilityRequest.LoopOnCommandCapability
    tool_call: ComposerCapabilityRequest.ToolCallCapability
    diff_review: ComposerCapabilityRequest.DiffReviewCapability
    context_picking: ComposerCapabilityRequest.ContextPickingCapability
    edit_trail: ComposerCapabilityRequest.EditTrailCapability
    auto_context: ComposerCapabilityRequest.AutoContextCapability
    context_planner: ComposerCapabilityRequest.ContextPlannerCapability
    remember_this: ComposerCapabilityRequest.RememberThisCapability
    decomposer: ComposerCapabilityRequest.DecomposerCapability
    cursor_rules: ComposerCapabilityRequest.CursorRulesCapability
    def __init__(self, type: _Optional[_Union[ComposerCapabilityRequest.ComposerCapabilityType, str]] = ..., loop_on_lints: _Optional[_Union[ComposerCapabilityRequest.LoopOnLintsCapability, _Mapping]] = ..., loop_on_tests: _Optional[_Union[ComposerCapabilityRequest.LoopOnTestsCapability, _Mapping]] = ..., mega_planner: _Optional[_Union[ComposerCapabilityRequest.MegaPlannerCapability, _Mapping]] = ..., loop_on_command: _Optional[_Union[ComposerCapabilityRequest.LoopOnCommandCapability, _Mapping]] = ..., tool_call: _Optional[_Union[ComposerCapabilityRequest.ToolCallCapability, _Mapping]] = ..., diff_review: _Optional[_Union[ComposerCapabilityRequest.DiffReviewCapability, _Mapping]] = ..., context_picking: _Optional[_Union[ComposerCapabilityRequest.ContextPickingCapability, _Mapping]] = ..., edit_trail: _Optional[_Union[ComposerCapabilityRequest.EditTrailCapability, _Mapping]] = ..., auto_context: _Optional[_Union[ComposerCapabilityRequest.AutoContextCapability, _Mapping]] = ..., context_planner: _Optional[_Union[ComposerCapabilityRequest.ContextPlannerCapability, _Mapping]] = ..., remember_this: _Optional[_Union[ComposerCapabilityRequest.RememberThisCapability, _Mapping]] = ..., decomposer: _Optional[_Union[ComposerCapabilityRequest.DecomposerCapability, _Mapping]] = ..., cursor_rules: _Optional[_Union[ComposerCapabilityRequest.CursorRulesCapability, _Mapping]] = ...) -> None: ...

class ComposerExternalLink(_message.Message):
    __slots__ = ("url", "uuid", "pdf_content", "is_pdf", "filename")
    URL_FIELD_NUMBER: _ClassVar[int]
    UUID_FIELD_NUMBER: _ClassVar[int]
    PDF_CONTENT_FIELD_NUMBER: _ClassVar[int]
    IS_PDF_FIELD_NUMBER: _ClassVar[int]
    FILENAME_FIELD_NUMBER: _ClassVar[int]
    url: str
    uuid: str
    pdf_content: str
    is_pdf: bool
    filename: str
    def __init__(self, url: _Optional[str] = ..., uuid: _Optional[str] = ..., pdf_content: _Optional[str] = ..., is_pdf: _Optional[bool] = ..., filename: _Optional[str] = ...) -> None: ...

class ComposerFileDiff(_message.Message):
    __slots__ = ("chunks", "editor", "hit_timeout")
    class Editor(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        EDITOR_UNSPECIFIED: _ClassVar[ComposerFileDiff.Editor]
        EDITOR_AI: _ClassVar[ComposerFileDiff.Editor]
        EDITOR_HUMAN: _ClassVar[ComposerFileDiff.Editor]
    EDITOR_UNSPECIFIED: ComposerFileDiff.Editor
    EDITOR_AI: ComposerFileDiff.Editor
    EDITOR_HUMAN: ComposerFileDiff.Editor
    class ChunkDiff(_message.Message):
        __slots__ = ("diff_string", "old_start", "new_start", "old_lines", "new_lines", "lines_removed", "lines_added")
        DIFF_STRING_FIELD_NUMBER: _ClassVar[int]
        OLD_START_FIELD_NUMBER: _ClassVar[int]
        NEW_START_FIELD_NUMBER: _ClassVar[int]
        OLD_LINES_FIELD_NUMBER: _ClassVar[int]
        NEW_LINES_FIELD_NUMBER: _ClassVar[int]
        LINES_REMOVED_FIELD_NUMBER: _ClassVar[int]
        LINES_ADDED_FIELD_NUMBER: _ClassVar[int]
        diff_string: str
        old_start: int
        new_start: int
        old_lines: int
        new_lines: int
        lines_removed: int
        lines_added: int
        def __init__(self, diff_string: _Optional[str] = ..., old_start: _Optional[int] = ..., new_start: _Optional[int] = ..., old_lines: _Optional[int] = ..., new_lines: _Optional[int] = ..., lines_removed: _Optional[int] = ..., lines_added: _Optional[int] = ...) -> None: ...
    CHUNKS_FIELD_NUMBER: _ClassVar[int]
    EDITOR_FIELD_NUMBER: _ClassVar[int]
    HIT_TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    chunks: _containers.RepeatedCompositeFieldContainer[ComposerFileDiff.ChunkDiff]
    editor: ComposerFileDiff.Editor
    hit_timeout: bool
    def __init__(self, chunks: _Optional[_Iterable[_Union[ComposerFileDiff.ChunkDiff, _Mapping]]] = ..., editor: _Optional[_Union[ComposerFileDiff.Editor, str]] = ..., hit_timeout: _Optional[bool] = ...) -> None: ...

class ComposerFileDiffHistory(_message.Message):
    __slots__ = ("file_name", "diff_history", "diff_history_timestamps")
    FILE_NAME_FIELD_NUMBER: _ClassVar[int]
    DIFF_HISTORY_FIELD_NUMBER: _ClassVar[int]
    DIFF_HISTORY_TIMESTAMPS_FIELD_NUMBER: _ClassVar[int]
    file_name: str
    diff_history: _containers.RepeatedScalarFieldContainer[str]
    diff_history_timestamps: _containers.RepeatedScalarFieldContainer[float]
    def __init__(self, file_name: _Optional[str] = ..., diff_history: _Optional[_Iterable[str]] = ..., diff_history_timestamps: _Optional[_Iterable[float]] = ...) -> None: ...

class ComputerUseAction(_message.Message):
    __slots__ = ("mouse_move", "click", "mouse_down", "mouse_up", "drag", "scroll", "type", "key", "wait", "screenshot", "cursor_position")
    MOUSE_MOVE_FIELD_NUMBER: _ClassVar[int]
    CLICK_FIELD_NUMBER: _ClassVar[int]
    MOUSE_DOWN_FIELD_NUMBER: _ClassVar[int]
    MOUSE_UP_FIELD_NUMBER: _ClassVar[int]
    DRAG_FIELD_NUMBER: _ClassVar[int]
    SCROLL_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    WAIT_FIELD_NUMBER: _ClassVar[int]
    SCREENSHOT_FIELD_NUMBER: _ClassVar[int]
    CURSOR_POSITION_FIELD_NUMBER: _ClassVar[int]
    mouse_move: MouseMoveAction
    click: ClickAction
    mouse_down: MouseDownAction
    mouse_up: MouseUpAction
    drag: DragAction
    scroll: ScrollAction
    type: TypeAction
    key: KeyAction
    wait: WaitAction
    screenshot: ScreenshotAction
    cursor_position: CursorPositionAction
    def __init__(self, mouse_move: _Optional[_Union[MouseMoveAction, _Mapping]] = ..., click: _Optional[_Union[ClickAction, _Mapping]] = ..., mouse_down: _Optional[_Union[MouseDownAction, _Mapping]] = ..., mouse_up: _Optional[_Union[MouseUpAction, _Mapping]] = ..., drag: _Optional[_Union[DragAction, _Mapping]] = ..., scroll: _Optional[_Union[ScrollAction, _Mapping]] = ..., type: _Optional[_Union[TypeAction, _Mapping]] = ..., key: _Optional[_Union[KeyAction, _Mapping]] = ..., wait: _Optional[_Union[WaitAction, _Mapping]] = ..., screenshot: _Optional[_Union[ScreenshotAction, _Mapping]] = ..., cursor_position: _Optional[_Union[CursorPositionAction, _Mapping]] = ...) -> None: ...

class ComputerUseError(_message.Message):
    __slots__ = ("error", "action_count", "duration_ms", "log", "screenshot", "screenshot_path")
    ERROR_FIELD_NUMBER: _ClassVar[int]
    ACTION_COUNT_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    LOG_FIELD_NUMBER: _ClassVar[int]
    SCREENSHOT_FIELD_NUMBER: _ClassVar[int]
    SCREENSHOT_PATH_FIELD_NUMBER: _ClassVar[int]
    error: str
    action_count: int
    duration_ms: int
    log: str
    screenshot: str
    screenshot_path: str
    def __init__(self, error: _Optional[str] = ..., action_count: _Optional[int] = ..., duration_ms: _Optional[int] = ..., log: _Optional[str] = ..., screenshot: _Optional[str] = ..., screenshot_path: _Optional[str] = ...) -> None: ...

class ComputerUseParams(_message.Message):
    __slots__ = ("actions",)
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedCompositeFieldContainer[ComputerUseAction]
    def __init__(self, actions: _Optional[_Iterable[_Union[ComputerUseAction, _Mapping]]] = ...) -> None: ...

class ComputerUseResult(_message.Message):
    __slots__ = ("success", "error")
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    success: ComputerUseSuccess
    error: ComputerUseError
    def __init__(self, success: _Optional[_Union[ComputerUseSuccess, _Mapping]] = ..., error: _Optional[_Union[ComputerUseError, _Mapping]] = ...) -> None: ...

class ComputerUseSuccess(_message.Message):
    __slots__ = ("action_count", "duration_ms", "screenshot", "log", "screenshot_path", "cursor_position")
    ACTION_COUNT_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    SCREENSHOT_FIELD_NUMBER: _ClassVar[int]
    LOG_FIELD_NUMBER: _ClassVar[int]
    SCREENSHOT_PATH_FIELD_NUMBER: _ClassVar[int]
    CURSOR_POSITION_FIELD_NUMBER: _ClassVar[int]
    action_count: int
    duration_ms: int
    screenshot: str
    log: str
    screenshot_path: str
    cursor_position: Coordinate
    def __init__(self, action_count: _Optional[int] = ..., duration_ms: _Optional[int] = ..., screenshot: _Optional[str] = ..., log: _Optional[str] = ..., screenshot_path: _Optional[str] = ..., cursor_position: _Optional[_Union[Coordinate, _Mapping]] = ...) -> None: ...

class ConfigureSpendLimitAction(_message.Message):
    __slots__ = ("confirm_label",)
    CONFIRM_LABEL_FIELD_NUMBER: _ClassVar[int]
    confirm_label: str
    def __init__(self, confirm_label: _Optional[str] = ...) -> None: ...

class ContextIntent(_message.Message):
    __slots__ = ("type", "uuid", "file", "code_selection", "lints", "recent_locations", "cmd_k_current_file", "cmd_k_query_etc", "terminal_cmd_k_defaults", "cmd_k_definitions", "documentation", "custom_instructions", "chat_history", "terminal_history", "visible_tabs", "lsp_subgraph", "commit_notes", "diff_history", "past_cmdk_messages_in_diff_sessions")
    class Type(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        TYPE_UNSPECIFIED: _ClassVar[ContextIntent.Type]
        TYPE_USER_ADDED: _ClassVar[ContextIntent.Type]
        TYPE_AUTOMATIC: _ClassVar[ContextIntent.Type]
    TYPE_UNSPECIFIED: ContextIntent.Type
    TYPE_USER_ADDED: ContextIntent.Type
    TYPE_AUTOMATIC: ContextIntent.Type
    class ChatHistory(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class CmdKCurrentFile(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class CmdKDefinitions(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class CmdKQueryEtc(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class CodeSelection(_message.Message):
        __slots__ = ("relative_workspace_path", "potentially_out_of_date_range", "text")
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        POTENTIALLY_OUT_OF_DATE_RANGE_FIELD_NUMBER: _ClassVar[int]
        TEXT_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        potentially_out_of_date_range: SimpleRange
        text: str
        def __init__(self, relative_workspace_path: _Optional[str] = ..., potentially_out_of_date_range: _Optional[_Union[SimpleRange, _Mapping]] = ..., text: _Optional[str] = ...) -> None: ...
    class CodebaseChunks(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class CommitNotes(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class CustomInstructions(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class DiffHistory(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Documentation(_message.Message):
        __slots__ = ("documentation_identifier",)
        DOCUMENTATION_IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
        documentation_identifier: str
        def __init__(self, documentation_identifier: _Optional[str] = ...) -> None: ...
    class File(_message.Message):
        __slots__ = ("relative_workspace_path", "mode")
        class Mode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            MODE_UNSPECIFIED: _ClassVar[ContextIntent.File.Mode]
            MODE_FULL: _ClassVar[ContextIntent.File.Mode]
            MODE_OUTLINE: _ClassVar[ContextIntent.File.Mode]
            MODE_CHUNKS: _ClassVar[ContextIntent.File.Mode]
        MODE_UNSPECIFIED: ContextIntent.File.Mode
        MODE_FULL: ContextIntent.File.Mode
        MODE_OUTLINE: ContextIntent.File.Mode
        MODE_CHUNKS: ContextIntent.File.Mode
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        MODE_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        mode: ContextIntent.File.Mode
        def __init__(self, relative_workspace_path: _Optional[str] = ..., mode: _Optional[_Union[ContextIntent.File.Mode, str]] = ...) -> None: ...
    class Lints(_message.Message):
        __slots__ = ("filter_to_severities", "cmdk_scope", "file_scope")
        class CmdKScope(_message.Message):
            __slots__ = ()
            def __init__(self) -> None: ...
        class FileScope(_message.Message):
            __slots__ = ("relative_workspace_path", "filter_range")
            RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
            FILTER_RANGE_FIELD_NUMBER: _ClassVar[int]
            relative_workspace_path: str
            filter_range: LineRange
            def __init__(self, relative_workspace_path: _Optional[str] = ..., filter_range: _Optional[_Union[LineRange, _Mapping]] = ...) -> None: ...
        FILTER_TO_SEVERITIES_FIELD_NUMBER: _ClassVar[int]
        CMDK_SCOPE_FIELD_NUMBER: _ClassVar[int]
        FILE_SCOPE_FIELD_NUMBER: _ClassVar[int]
        filter_to_severities: _containers.RepeatedScalarFieldContainer[LintSeverity]
        cmdk_scope: ContextIntent.Lints.CmdKScope
        file_scope: ContextIntent.Lints.FileScope
        def __init__(self, filter_to_severities: _Optional[_Iterable[_Union[LintSeverity, str]]] = ..., cmdk_scope: _Optional[_Union[ContextIntent.Lints.CmdKScope, _Mapping]] = ..., file_scope: _Optional[_Union[ContextIntent.Lints.FileScope, _Mapping]] = ...) -> None: ...
    class LspSubgraph(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class PastCmdkConversationsInDiffSessions(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class RecentLocations(_message.Message):
        __slots__ = ("timestamp",)
        TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
        timestamp: float
        def __init__(self, timestamp: _Optional[float] = ...) -> None: ...
    class Symbol(_message.Message):
        __slots__ = ("symbol", "relative_workspace_path")
        SYMBOL_FIELD_NUMBER: _ClassVar[int]
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        symbol: DocumentSymbol
        relative_workspace_path: str
        def __init__(self, symbol: _Optional[_Union[DocumentSymbol, _Mapping]] = ..., relative_workspace_path: _Optional[str] = ...) -> None: ...
    class TerminalCmdKDefaults(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class TerminalHistory(_message.Message):
        __slots__ = ("instance_id", "active_for_cmd_k", "use_active_instance_as_fallback")
        INSTANCE_ID_FIELD_NUMBER: _ClassVar[int]
        ACTIVE_FOR_CMD_K_FIELD_NUMBER: _ClassVar[int]
        USE_ACTIVE_INSTANCE_AS_FALLBACK_FIELD_NUMBER: _ClassVar[int]
        instance_id: int
        active_for_cmd_k: bool
        use_active_instance_as_fallback: bool
        def __init__(self, instance_id: _Optional[int] = ..., active_for_cmd_k: _Optional[bool] = ..., use_active_instance_as_fallback: _Optional[bool] = ...) -> None: ...
    class VisibleTabs(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    TYPE_FIELD_NUMBER: _ClassVar[int]
    UUID_FIELD_NUMBER: _ClassVar[int]
    FILE_FIELD_NUMBER: _ClassVar[int]
    CODE_SELECTION_FIELD_NUMBER: _ClassVar[int]
    LINTS_FIELD_NUMBER: _ClassVar[int]
    RECENT_LOCATIONS_FIELD_NUMBER: _ClassVar[int]
    CMD_K_CURRENT_FILE_FIELD_NUMBER: _ClassVar[int]
    CMD_K_QUERY_ETC_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_CMD_K_DEFAULTS_FIELD_NUMBER: _ClassVar[int]
    CMD_K_DEFINITIONS_FIELD_NUMBER: _ClassVar[int]
    DOCUMENTATION_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
    CHAT_HISTORY_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_HISTORY_FIELD_NUMBER: _ClassVar[int]
    VISIBLE_TABS_FIELD_NUMBER: _ClassVar[int]
    LSP_SUBGRAPH_FIELD_NUMBER: _ClassVar[int]
    COMMIT_NOTES_FIELD_NUMBER: _ClassVar[int]
    DIFF_HISTORY_FIELD_NUMBER: _ClassVar[int]
    PAST_CMDK_MESSAGES_IN_DIFF_SESSIONS_FIELD_NUMBER: _ClassVar[int]
    type: ContextIntent.Type
    uuid: str
    file: ContextIntent.File
    code_selection: ContextIntent.CodeSelection
    lints: ContextIntent.Lints
    recent_locations: ContextIntent.RecentLocations
    cmd_k_current_file: ContextIntent.CmdKCurrentFile
    cmd_k_query_etc: ContextIntent.CmdKQueryEtc
    terminal_cmd_k_defaults: ContextIntent.TerminalCmdKDefaults
    cmd_k_definitions: ContextIntent.CmdKDefinitions
    documentation: ContextIntent.Documentation
    custom_instructions: ContextIntent.CustomInstructions
    chat_history: ContextIntent.ChatHistory
    terminal_history: ContextIntent.TerminalHistory
    visible_tabs: ContextIntent.VisibleTabs
    lsp_subgraph: ContextIntent.LspSubgraph
    commit_notes: ContextIntent.CommitNotes
    diff_history: ContextIntent.DiffHistory
    past_cmdk_messages_in_diff_sessions: ContextIntent.PastCmdkConversationsInDiffSessions
    def __init__(self, type: _Optional[_Union[ContextIntent.Type, str]] = ..., uuid: _Optional[str] = ..., file: _Optional[_Union[ContextIntent.File, _Mapping]] = ..., code_selection: _Optional[_Union[ContextIntent.CodeSelection, _Mapping]] = ..., lints: _Optional[_Union[ContextIntent.Lints, _Mapping]] = ..., recent_locations: _Optional[_Union[ContextIntent.RecentLocations, _Mapping]] = ..., cmd_k_current_file: _Optional[_Union[ContextIntent.CmdKCurrentFile, _Mapping]] = ..., cmd_k_query_etc: _Optional[_Union[ContextIntent.CmdKQueryEtc, _Mapping]] = ..., terminal_cmd_k_defaults: _Optional[_Union[ContextIntent.TerminalCmdKDefaults, _Mapping]] = ..., cmd_k_definitions: _Optional[_Union[ContextIntent.CmdKDefinitions, _Mapping]] = ..., documentation: _Optional[_Union[ContextIntent.Documentation, _Mapping]] = ..., custom_instructions: _Optional[_Union[ContextIntent.CustomInstructions, _Mapping]] = ..., chat_history: _Optional[_Union[ContextIntent.ChatHistory, _Mapping]] = ..., terminal_history: _Optional[_Union[ContextIntent.TerminalHistory, _Mapping]] = ..., visible_tabs: _Optional[_Union[ContextIntent.VisibleTabs, _Mapping]] = ..., lsp_subgraph: _Optional[_Union[ContextIntent.LspSubgraph, _Mapping]] = ..., commit_notes: _Optional[_Union[ContextIntent.CommitNotes, _Mapping]] = ..., diff_history: _Optional[_Union[ContextIntent.DiffHistory, _Mapping]] = ..., past_cmdk_messages_in_diff_sessions: _Optional[_Union[ContextIntent.PastCmdkConversationsInDiffSessions, _Mapping]] = ...) -> None: ...

class ContextItem(_message.Message):
    __slots__ = ("intent", "file_chunk", "outline_chunk", "cmd_k_selection", "cmd_k_immediate_context", "cmd_k_query", "cmd_k_query_history", "custom_instructions", "go_to_definition_result", "documentation_chunk", "lints", "chat_history", "notebook_cell_output", "terminal_history", "terminal_cmd_k_query", "terminal_cmd_k_query_history", "sparse_file_chunk", "lsp_subgraph_chunk", "commit_note_chunk", "file_diff_history", "cmd_k_query_history_in_diff_session", "project_rule")
    class ChatHistory(_message.Message):
        __slots__ = ("user_message", "assistant_response", "chat_history", "active_for_cmd_k", "timestamp", "timestamp_double")
        USER_MESSAGE_FIELD_NUMBER: _ClassVar[int]
        ASSISTANT_RESPONSE_FIELD_NUMBER: _ClassVar[int]
        CHAT_HISTORY_FIELD_NUMBER: _ClassVar[int]
        ACTIVE_FOR_CMD_K_FIELD_NUMBER: _ClassVar[int]
        TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
        TIMESTAMP_DOUBLE_FIELD_NUMBER: _ClassVar[int]
        user_message: str
        assistant_response: str
        chat_history: ContextItem.ChatHistory
        active_for_cmd_k: bool
        timestamp: int
        timestamp_double: float
        def __init__(self, user_message: _Optional[str] = ..., assistant_response: _Optional[str] = ..., chat_history: _Optional[_Union[ContextItem.ChatHistory, _Mapping]] = ..., active_for_cmd_k: _Optional[bool] = ..., timestamp: _Optional[int] = ..., timestamp_double: _Optional[float] = ...) -> None: ...
    class CmdKImmediateContext(_message.Message):
        __slots__ = ("relative_workspace_path", "lines", "total_number_of_lines_in_file", "cell_number")
        class Line(_message.Message):
            __slots__ = ("line", "line_number")
            LINE_FIELD_NUMBER: _ClassVar[int]
            LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
            line: str
            line_number: int
            def __init__(self, line: _Optional[str] = ..., line_number: _Optional[int] = ...) -> None: ...
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        LINES_FIELD_NUMBER: _ClassVar[int]
        TOTAL_NUMBER_OF_LINES_IN_FILE_FIELD_NUMBER: _ClassVar[int]
        CELL_NUMBER_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        lines: _containers.RepeatedCompositeFieldContainer[ContextItem.CmdKImmediateContext.Line]
        total_number_of_lines_in_file: int
        cell_number: int
        def __init__(self, relative_workspace_path: _Optional[str] = ..., lines: _Optional[_Iterable[_Union[ContextItem.CmdKImmediateContext.Line, _Mapping]]] = ..., total_number_of_lines_in_file: _Optional[int] = ..., cell_number: _Optional[int] = ...) -> None: ...
    class CmdKQuery(_message.Message):
        __slots__ = ("query",)
        QUERY_FIELD_NUMBER: _ClassVar[int]
        query: str
        def __init__(self, query: _Optional[str] = ...) -> None: ...
    class CmdKQueryHistory(_message.Message):
        __slots__ = ("query", "immediate_context", "selection", "query_history", "context_item_hashes", "timestamp", "timestamp_double")
        QUERY_FIELD_NUMBER: _ClassVar[int]
        IMMEDIATE_CONTEXT_FIELD_NUMBER: _ClassVar[int]
        SELECTION_FIELD_NUMBER: _ClassVar[int]
        QUERY_HISTORY_FIELD_NUMBER: _ClassVar[int]
        CONTEXT_ITEM_HASHES_FIELD_NUMBER: _ClassVar[int]
        TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
        TIMESTAMP_DOUBLE_FIELD_NUMBER: _ClassVar[int]
        query: ContextItem.CmdKQuery
        immediate_context: ContextItem.CmdKImmediateContext
        selection: ContextItem.CmdKSelection
        query_history: ContextItem.CmdKQueryHistory
        context_item_hashes: _containers.RepeatedScalarFieldContainer[str]
        timestamp: int
        timestamp_double: float
        def __init__(self, query: _Optional[_Union[ContextItem.CmdKQuery, _Mapping]] = ..., immediate_context: _Optional[_Union[ContextItem.CmdKImmediateContext, _Mapping]] = ..., selection: _Optional[_Union[ContextItem.CmdKSelection, _Mapping]] = ..., query_history: _Optional[_Union[ContextItem.CmdKQueryHistory, _Mapping]] = ..., context_item_hashes: _Optional[_Iterable[str]] = ..., timestamp: _Optional[int] = ..., timestamp_double: _Optional[float] = ...) -> None: ...
    class CmdKQueryHistoryInDiffSession(_message.Message):
        __slots__ = ("past_cmdk_queries", "curr_timestamp_double")
        class PastCmdKQueryInDiffSession(_message.Message):
            __slots__ = ("query", "relative_workspace_path", "cmdk_was_accepted", "timestamp_double", "timestamp_for_diff_interleaving", "request_id")
            QUERY_FIELD_NUMBER: _ClassVar[int]
            RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
            CMDK_WAS_ACCEPTED_FIELD_NUMBER: _ClassVar[int]
            TIMESTAMP_DOUBLE_FIELD_NUMBER: _ClassVar[int]
            TIMESTAMP_FOR_DIFF_INTERLEAVING_FIELD_NUMBER: _ClassVar[int]
            REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
            query: ContextItem.CmdKQuery
            relative_workspace_path: str
            cmdk_was_accepted: bool
            timestamp_double: float
            timestamp_for_diff_interleaving: float
            request_id: str
            def __init__(self, query: _Optional[_Union[ContextItem.CmdKQuery, _Mapping]] = ..., relative_workspace_path: _Optional[str] = ..., cmdk_was_accepted: _Optional[bool] = ..., timestamp_double: _Optional[float] = ..., timestamp_for_diff_interleaving: _Optional[float] = ..., request_id: _Optional[str] = ...) -> None: ...
        PAST_CMDK_QUERIES_FIELD_NUMBER: _ClassVar[int]
        CURR_TIMESTAMP_DOUBLE_FIELD_NUMBER: _ClassVar[int]
        past_cmdk_queries: _containers.RepeatedCompositeFieldContainer[ContextItem.CmdKQueryHistoryInDiffSession.PastCmdKQueryInDiffSession]
        curr_timestamp_double: float
        def __init__(self, past_cmdk_queries: _Optional[_Iterable[_Union[ContextItem.CmdKQueryHistoryInDiffSession.PastCmdKQueryInDiffSession, _Mapping]]] = ..., curr_timestamp_double: _Optional[float] = ...) -> None: ...
    class CmdKSelection(_message.Message):
        __slots__ = ("lines", "start_line_number")
        LINES_FIELD_NUMBER: _ClassVar[int]
        START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        lines: _containers.RepeatedScalarFieldContainer[str]
        start_line_number: int
        def __init__(self, lines: _Optional[_Iterable[str]] = ..., start_line_number: _Optional[int] = ...) -> None: ...
    class CommitNoteChunk(_message.Message):
        __slots__ = ("note",)
        NOTE_FIELD_NUMBER: _ClassVar[int]
        note: str
        def __init__(self, note: _Optional[str] = ...) -> None: ...
    class CustomInstructions(_message.Message):
        __slots__ = ("instructions",)
        INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        instructions: str
        def __init__(self, instructions: _Optional[str] = ...) -> None: ...
    class DocumentationChunk(_message.Message):
        __slots__ = ("doc_name", "page_url", "documentation_chunk", "score")
        DOC_NAME_FIELD_NUMBER: _ClassVar[int]
        PAGE_URL_FIELD_NUMBER: _ClassVar[int]
        DOCUMENTATION_CHUNK_FIELD_NUMBER: _ClassVar[int]
        SCORE_FIELD_NUMBER: _ClassVar[int]
        doc_name: str
        page_url: str
        documentation_chunk: str
        score: float
        def __init__(self, doc_name: _Optional[str] = ..., page_url: _Optional[str] = ..., documentation_chunk: _Optional[str] = ..., score: _Optional[float] = ...) -> None: ...
    class FileChunk(_message.Message):
        __slots__ = ("relative_workspace_path", "chunk_contents", "start_line_number")
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        CHUNK_CONTENTS_FIELD_NUMBER: _ClassVar[int]
        START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        chunk_contents: str
        start_line_number: int
        def __init__(self, relative_workspace_path: _Optional[str] = ..., chunk_contents: _Optional[str] = ..., start_line_number: _Optional[int] = ...) -> None: ...
    class FileDiffHistory(_message.Message):
        __slots__ = ("cpp_file_diff_history", "how_many_diffs_ago", "is_very_recent")
        CPP_FILE_DIFF_HISTORY_FIELD_NUMBER: _ClassVar[int]
        HOW_MANY_DIFFS_AGO_FIELD_NUMBER: _ClassVar[int]
        IS_VERY_RECENT_FIELD_NUMBER: _ClassVar[int]
        cpp_file_diff_history: CppFileDiffHistory
        how_many_diffs_ago: int
        is_very_recent: bool
        def __init__(self, cpp_file_diff_history: _Optional[_Union[CppFileDiffHistory, _Mapping]] = ..., how_many_diffs_ago: _Optional[int] = ..., is_very_recent: _Optional[bool] = ...) -> None: ...
    class GoToDefinitionResult(_message.Message):
        __slots__ = ("relative_workspace_path", "line", "line_number", "column_number", "definition_chunk")
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        LINE_FIELD_NUMBER: _ClassVar[int]
        LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        COLUMN_NUMBER_FIELD_NUMBER: _ClassVar[int]
        DEFINITION_CHUNK_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        line: str
        line_number: int
        column_number: int
        definition_chunk: ContextItem.FileChunk
        def __init__(self, relative_workspace_path: _Optional[str] = ..., line: _Optional[str] = ..., line_number: _Optional[int] = ..., column_number: _Optional[int] = ..., definition_chunk: _Optional[_Union[ContextItem.FileChunk, _Mapping]] = ...) -> None: ...
    class Lints(_message.Message):
        __slots__ = ("relative_workspace_path", "lints", "context_lines")
        class Line(_message.Message):
            __slots__ = ("line", "line_number")
            LINE_FIELD_NUMBER: _ClassVar[int]
            LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
            line: str
            line_number: int
            def __init__(self, line: _Optional[str] = ..., line_number: _Optional[int] = ...) -> None: ...
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        LINTS_FIELD_NUMBER: _ClassVar[int]
        CONTEXT_LINES_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        lints: _containers.RepeatedCompositeFieldContainer[Lint]
        context_lines: _containers.RepeatedCompositeFieldContainer[ContextItem.Lints.Line]
        def __init__(self, relative_workspace_path: _Optional[str] = ..., lints: _Optional[_Iterable[_Union[Lint, _Mapping]]] = ..., context_lines: _Optional[_Iterable[_Union[ContextItem.Lints.Line, _Mapping]]] = ...) -> None: ...
    class LspSubgraphChunk(_message.Message):
        __slots__ = ("lsp_subgraph_full_context",)
        LSP_SUBGRAPH_FULL_CONTEXT_FIELD_NUMBER: _ClassVar[int]
        lsp_subgraph_full_context: LspSubgraphFullContext
        def __init__(self, lsp_subgraph_full_context: _Optional[_Union[LspSubgraphFullContext, _Mapping]] = ...) -> None: ...
    class NotebookCellOutput(_message.Message):
        __slots__ = ("relative_workspace_path", "cell_output", "cell_number")
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        CELL_OUTPUT_FIELD_NUMBER: _ClassVar[int]
        CELL_NUMBER_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        cell_output: str
        cell_number: int
        def __init__(self, relative_workspace_path: _Optional[str] = ..., cell_output: _Optional[str] = ..., cell_number: _Optional[int] = ...) -> None: ...
    class OutlineChunk(_message.Message):
        __slots__ = ("relative_workspace_path", "contents", "full_range")
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        CONTENTS_FIELD_NUMBER: _ClassVar[int]
        FULL_RANGE_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        contents: str
        full_range: LineRange
        def __init__(self, relative_workspace_path: _Optional[str] = ..., contents: _Optional[str] = ..., full_range: _Optional[_Union[LineRange, _Mapping]] = ...) -> None: ...
    class SparseFileChunk(_message.Message):
        __slots__ = ("relative_workspace_path", "lines", "total_number_of_lines_in_file", "cell_number")
        class Line(_message.Message):
            __slots__ = ("line", "line_number")
            LINE_FIELD_NUMBER: _ClassVar[int]
            LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
            line: str
            line_number: int
            def __init__(self, line: _Optional[str] = ..., line_number: _Optional[int] = ...) -> None: ...
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        LINES_FIELD_NUMBER: _ClassVar[int]
        TOTAL_NUMBER_OF_LINES_IN_FILE_FIELD_NUMBER: _ClassVar[int]
        CELL_NUMBER_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        lines: _containers.RepeatedCompositeFieldContainer[ContextItem.SparseFileChunk.Line]
        total_number_of_lines_in_file: int
        cell_number: int
        def __init__(self, relative_workspace_path: _Optional[str] = ..., lines: _Optional[_Iterable[_Union[ContextItem.SparseFileChunk.Line, _Mapping]]] = ..., total_number_of_lines_in_file: _Optional[int] = ..., cell_number: _Optional[int] = ...) -> None: ...
    class TerminalCmdKQuery(_message.Message):
        __slots__ = ("query",)
        QUERY_FIELD_NUMBER: _ClassVar[int]
        query: str
        def __init__(self, query: _Optional[str] = ...) -> None: ...
    class TerminalCmdKQueryHistory(_message.Message):
        __slots__ = ("query", "query_history", "context_item_hashes", "suggested_command")
        QUERY_FIELD_NUMBER: _ClassVar[int]
        QUERY_HISTORY_FIELD_NUMBER: _ClassVar[int]
        CONTEXT_ITEM_HASHES_FIELD_NUMBER: _ClassVar[int]
        SUGGESTED_COMMAND_FIELD_NUMBER: _ClassVar[int]
        query: ContextItem.TerminalCmdKQuery
        query_history: ContextItem.TerminalCmdKQueryHistory
        context_item_hashes: _containers.RepeatedScalarFieldContainer[str]
        suggested_command: str
        def __init__(self, query: _Optional[_Union[ContextItem.TerminalCmdKQuery, _Mapping]] = ..., query_history: _Optional[_Union[ContextItem.TerminalCmdKQueryHistory, _Mapping]] = ..., context_item_hashes: _Optional[_Iterable[str]] = ..., suggested_command: _Optional[str] = ...) -> None: ...
    class TerminalHistory(_message.Message):
        __slots__ = ("history", "cwd_full", "cwd_relative_workspace_path", "active_for_cmd_k", "timestamp", "timestamp_double")
        HISTORY_FIELD_NUMBER: _ClassVar[int]
        CWD_FULL_FIELD_NUMBER: _ClassVar[int]
        CWD_RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        ACTIVE_FOR_CMD_K_FIELD_NUMBER: _ClassVar[int]
        TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
        TIMESTAMP_DOUBLE_FIELD_NUMBER: _ClassVar[int]
        history: str
        cwd_full: str
        cwd_relative_workspace_path: str
        active_for_cmd_k: bool
        timestamp: int
        timestamp_double: float
        def __init__(self, history: _Optional[str] = ..., cwd_full: _Optional[str] = ..., cwd_relative_workspace_path: _Optional[str] = ..., active_for_cmd_k: _Optional[bool] = ..., timestamp: _Optional[int] = ..., timestamp_double: _Optional[float] = ...) -> None: ...
    INTENT_FIELD_NUMBER: _ClassVar[int]
    FILE_CHUNK_FIELD_NUMBER: _ClassVar[int]
    OUTLINE_CHUNK_FIELD_NUMBER: _ClassVar[int]
    CMD_K_SELECTION_FIELD_NUMBER: _ClassVar[int]
    CMD_K_IMMEDIATE_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    CMD_K_QUERY_FIELD_NUMBER: _ClassVar[int]
    CMD_K_QUERY_HISTORY_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
    GO_TO_DEFINITION_RESULT_FIELD_NUMBER: _ClassVar[int]
    DOCUMENTATION_CHUNK_FIELD_NUMBER: _ClassVar[int]
    LINTS_FIELD_NUMBER: _ClassVar[int]
    CHAT_HISTORY_FIELD_NUMBER: _ClassVar[int]
    NOTEBOOK_CELL_OUTPUT_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_HISTORY_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_CMD_K_QUERY_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_CMD_K_QUERY_HISTORY_FIELD_NUMBER: _ClassVar[int]
    SPARSE_FILE_CHUNK_FIELD_NUMBER: _ClassVar[int]
    LSP_SUBGRAPH_CHUNK_FIELD_NUMBER: _ClassVar[int]
    COMMIT_NOTE_CHUNK_FIELD_NUMBER: _ClassVar[int]
    FILE_DIFF_HISTORY_FIELD_NUMBER: _ClassVar[int]
    CMD_K_QUERY_HISTORY_IN_DIFF_SESSION_FIELD_NUMBER: _ClassVar[int]
    PROJECT_RULE_FIELD_NUMBER: _ClassVar[int]
    intent: ContextIntent
    file_chunk: ContextItem.FileChunk
    outline_chunk: ContextItem.OutlineChunk
    cmd_k_selection: ContextItem.CmdKSelection
    cmd_k_immediate_context: ContextItem.CmdKImmediateContext
    cmd_k_query: ContextItem.CmdKQuery
    cmd_k_query_history: ContextItem.CmdKQueryHistory
    custom_instructions: ContextItem.CustomInstructions
    go_to_definition_result: ContextItem.GoToDefinitionResult
    documentation_chunk: ContextItem.DocumentationChunk
    lints: ContextItem.Lints
    chat_history: ContextItem.ChatHistory
    notebook_cell_output: ContextItem.NotebookCellOutput
    terminal_history: ContextItem.TerminalHistory
    terminal_cmd_k_query: ContextItem.TerminalCmdKQuery
    terminal_cmd_k_query_history: ContextItem.TerminalCmdKQueryHistory
    sparse_file_chunk: ContextItem.SparseFileChunk
    lsp_subgraph_chunk: ContextItem.LspSubgraphChunk
    commit_note_chunk: ContextItem.CommitNoteChunk
    file_diff_history: ContextItem.FileDiffHistory
    cmd_k_query_history_in_diff_session: ContextItem.CmdKQueryHistoryInDiffSession
    project_rule: CursorRule
    def __init__(self, intent: _Optional[_Union[ContextIntent, _Mapping]] = ..., file_chunk: _Optional[_Union[ContextItem.FileChunk, _Mapping]] = ..., outline_chunk: _Optional[_Union[ContextItem.OutlineChunk, _Mapping]] = ..., cmd_k_selection: _Optional[_Union[ContextItem.CmdKSelection, _Mapping]] = ..., cmd_k_immediate_context: _Optional[_Union[ContextItem.CmdKImmediateContext, _Mapping]] = ..., cmd_k_query: _Optional[_Union[ContextItem.CmdKQuery, _Mapping]] = ..., cmd_k_query_history: _Optional[_Union[ContextItem.CmdKQueryHistory, _Mapping]] = ..., custom_instructions: _Optional[_Union[ContextItem.CustomInstructions, _Mapping]] = ..., go_to_definition_result: _Optional[_Union[ContextItem.GoToDefinitionResult, _Mapping]] = ..., documentation_chunk: _Optional[_Union[ContextItem.DocumentationChunk, _Mapping]] = ..., lints: _Optional[_Union[ContextItem.Lints, _Mapping]] = ..., chat_history: _Optional[_Union[ContextItem.ChatHistory, _Mapping]] = ..., notebook_cell_output: _Optional[_Union[ContextItem.NotebookCellOutput, _Mapping]] = ..., terminal_history: _Optional[_Union[ContextItem.TerminalHistory, _Mapping]] = ..., terminal_cmd_k_query: _Optional[_Union[ContextItem.TerminalCmdKQuery, _Mapping]] = ..., terminal_cmd_k_query_history: _Optional[_Union[ContextItem.TerminalCmdKQueryHistory, _Mapping]] = ..., sparse_file_chunk: _Optional[_Union[ContextItem.SparseFileChunk, _Mapping]] = ..., lsp_subgraph_chunk: _Optional[_Union[ContextItem.LspSubgraphChunk, _Mapping]] = ..., commit_note_chunk: _Optional[_Union[ContextItem.CommitNoteChunk, _Mapping]] = ..., file_diff_history: _Optional[_Union[ContextItem.FileDiffHistory, _Mapping]] = ..., cmd_k_query_history_in_diff_session: _Optional[_Union[ContextItem.CmdKQueryHistoryInDiffSession, _Mapping]] = ..., project_rule: _Optional[_Union[CursorRule, _Mapping]] = ...) -> None: ...

class ContextItemStatus(_message.Message):
    __slots__ = ("context_item_hash", "shown_to_the_model", "score", "percentage_of_available_space", "post_generation_evaluation")
    class PostGenerationEvaluation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        POST_GENERATION_EVALUATION_UNSPECIFIED: _ClassVar[ContextItemStatus.PostGenerationEvaluation]
        POST_GENERATION_EVALUATION_USEFUL: _ClassVar[ContextItemStatus.PostGenerationEvaluation]
        POST_GENERATION_EVALUATION_USELESS: _ClassVar[ContextItemStatus.PostGenerationEvaluation]
    POST_GENERATION_EVALUATION_UNSPECIFIED: ContextItemStatus.PostGenerationEvaluation
    POST_GENERATION_EVALUATION_USEFUL: ContextItemStatus.PostGenerationEvaluation
    POST_GENERATION_EVALUATION_USELESS: ContextItemStatus.PostGenerationEvaluation
    CONTEXT_ITEM_HASH_FIELD_NUMBER: _ClassVar[int]
    SHOWN_TO_THE_MODEL_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    PERCENTAGE_OF_AVAILABLE_SPACE_FIELD_NUMBER: _ClassVar[int]
    POST_GENERATION_EVALUATION_FIELD_NUMBER: _ClassVar[int]
    context_item_hash: str
    shown_to_the_model: bool
    score: float
    percentage_of_available_space: float
    post_generation_evaluation: ContextItemStatus.PostGenerationEvaluation
    def __init__(self, context_item_hash: _Optional[str] = ..., shown_to_the_model: _Optional[bool] = ..., score: _Optional[float] = ..., percentage_of_available_space: _Optional[float] = ..., post_generation_evaluation: _Optional[_Union[ContextItemStatus.PostGenerationEvaluation, str]] = ...) -> None: ...

class ContextPiece(_message.Message):
    __slots__ = ("relative_workspace_path", "content", "score")
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    content: str
    score: float
    def __init__(self, relative_workspace_path: _Optional[str] = ..., content: _Optional[str] = ..., score: _Optional[float] = ...) -> None: ...

class ContextStatusUpdate(_message.Message):
    __slots__ = ("context_item_statuses",)
    CONTEXT_ITEM_STATUSES_FIELD_NUMBER: _ClassVar[int]
    context_item_statuses: _containers.RepeatedCompositeFieldContainer[ContextItemStatus]
    def __init__(self, context_item_statuses: _Optional[_Iterable[_Union[ContextItemStatus, _Mapping]]] = ...) -> None: ...

class ContextToRank(_message.Message):
    __slots__ = ("relative_workspace_path", "contents", "line_range", "code_block")
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    CONTENTS_FIELD_NUMBER: _ClassVar[int]
    LINE_RANGE_FIELD_NUMBER: _ClassVar[int]
    CODE_BLOCK_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    contents: str
    line_range: LineRange
    code_block: CodeBlock
    def __init__(self, relative_workspace_path: _Optional[str] = ..., contents: _Optional[str] = ..., line_range: _Optional[_Union[LineRange, _Mapping]] = ..., code_block: _Optional[_Union[CodeBlock, _Mapping]] = ...) -> None: ...

class ContextWindowStatus(_message.Message):
    __slots__ = ("percentage_remaining", "tokens_used", "token_limit", "percentage_remaining_float")
    PERCENTAGE_REMAINING_FIELD_NUMBER: _ClassVar[int]
    TOKENS_USED_FIELD_NUMBER: _ClassVar[int]
    TOKEN_LIMIT_FIELD_NUMBER: _ClassVar[int]
    PERCENTAGE_REMAINING_FLOAT_FIELD_NUMBER: _ClassVar[int]
    percentage_remaining: int
    tokens_used: int
    token_limit: int
    percentage_remaining_float: float
    def __init__(self, percentage_remaining: _Optional[int] = ..., tokens_used: _Optional[int] = ..., token_limit: _Optional[int] = ..., percentage_remaining_float: _Optional[float] = ...) -> None: ...

class ConversationMessage(_message.Message):
    __slots__ = ("text", "type", "attached_code_chunks", "codebase_context_chunks", "commits", "pull_requests", "git_diffs", "assistant_suggested_diffs", "interpreter_results", "images", "attached_folders", "approximate_lint_errors", "bubble_id", "server_bubble_id", "attached_folders_new", "lints", "user_responses_to_suggested_code_blocks", "relevant_files", "tool_results", "notepads", "is_capability_iteration", "capabilities", "edit_trail_contexts", "suggested_code_blocks", "diffs_for_compressing_files", "multi_file_linter_errors", "diff_histories", "recently_viewed_files", "recent_locations_history", "is_agentic", "file_diff_trajectories", "conversation_summary", "existed_subsequent_terminal_command", "existed_previous_terminal_command", "docs_references", "web_references", "ai_web_search_results", "git_context", "attached_folders_list_dir_results", "cached_conversation_summary", "human_changes", "attached_human_changes", "summarized_composers", "cursor_rules", "context_pieces", "thinking", "all_thinking_blocks", "thinking_style", "unified_mode", "diffs_since_last_apply", "deleted_files", "usage_uuid", "supported_tools", "current_file_location_data", "edit_tool_supports_search_and_replace", "last_terminal_cwd", "user_explicitly_asked_to_generate_cursor_rules", "console_logs", "rich_text", "knowledge_items", "ui_element_picked", "user_explicitly_asked_to_add_to_knowledge_base", "documentation_selections", "external_links", "use_web", "project_layouts", "thinking_duration_ms", "step_duration_ms", "subagent_return", "is_simple_looping_message", "capability_contexts", "checkpoint_commit_hash", "git_status_raw", "todos", "is_review_edits_followup", "request_id", "ide_editors_state", "context_window_status", "is_plan_execution", "created_at", "model_info", "is_quick_search_query", "plan_update", "is_simulated_msg", "simulated_msg_reason", "simulated_message_metadata", "mcp_descriptors", "workspace_project_dir", "workspace_uris", "debug_mode_config", "text_blob_id", "rich_text_blob_id", "cursor_commands", "cursor_commands_explicitly_set", "past_chats", "past_chats_explicitly_set", "triggering_user_info")
    class MessageType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        MESSAGE_TYPE_UNSPECIFIED: _ClassVar[ConversationMessage.MessageType]
        MESSAGE_TYPE_HUMAN: _ClassVar[ConversationMessage.MessageType]
        MESSAGE_TYPE_AI: _ClassVar[ConversationMessage.MessageType]
    MESSAGE_TYPE_UNSPECIFIED: ConversationMessage.MessageType
    MESSAGE_TYPE_HUMAN: ConversationMessage.MessageType
    MESSAGE_TYPE_AI: ConversationMessage.MessageType
    class ThinkingStyle(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        THINKING_STYLE_UNSPECIFIED: _ClassVar[ConversationMessage.ThinkingStyle]
        THINKING_STYLE_DEFAULT: _ClassVar[ConversationMessage.ThinkingStyle]
        THINKING_STYLE_CODEX: _ClassVar[ConversationMessage.ThinkingStyle]
        THINKING_STYLE_GPT5: _ClassVar[ConversationMessage.ThinkingStyle]
    THINKING_STYLE_UNSPECIFIED: ConversationMessage.ThinkingStyle
    THINKING_STYLE_DEFAULT: ConversationMessage.ThinkingStyle
    THINKING_STYLE_CODEX: ConversationMessage.ThinkingStyle
    THINKING_STYLE_GPT5: ConversationMessage.ThinkingStyle
    class ApproximateLintError(_message.Message):
        __slots__ = ("message", "value", "start_line", "end_line", "start_column", "end_column")
        MESSAGE_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        START_LINE_FIELD_NUMBER: _ClassVar[int]
        END_LINE_FIELD_NUMBER: _ClassVar[int]
        START_COLUMN_FIELD_NUMBER: _ClassVar[int]
        END_COLUMN_FIELD_NUMBER: _ClassVar[int]
        message: str
        value: str
        start_line: int
        end_line: int
        start_column: int
        end_column: int
        def __init__(self, message: _Optional[str] = ..., value: _Optional[str] = ..., start_line: _Optional[int] = ..., end_line: _Optional[int] = ..., start_column: _Optional[int] = ..., end_column: _Optional[int] = ...) -> None: ...
    class CodeChunk(_message.Message):
        __slots__ = ("relative_workspace_path", "start_line_number", "lines", "summarization_strategy", "language_identifier", "intent", "is_final_version", "is_first_version", "contents_are_missing", "is_only_included_from_folder", "code_chunk_git_context")
        class Intent(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            INTENT_UNSPECIFIED: _ClassVar[ConversationMessage.CodeChunk.Intent]
            INTENT_COMPOSER_FILE: _ClassVar[ConversationMessage.CodeChunk.Intent]
            INTENT_COMPRESSED_COMPOSER_FILE: _ClassVar[ConversationMessage.CodeChunk.Intent]
            INTENT_RECENTLY_VIEWED_FILE: _ClassVar[ConversationMessage.CodeChunk.Intent]
            INTENT_OUTLINE: _ClassVar[ConversationMessage.CodeChunk.Intent]
            INTENT_MENTIONED_FILE: _ClassVar[ConversationMessage.CodeChunk.Intent]
            INTENT_CODE_SELECTION: _ClassVar[ConversationMessage.CodeChunk.Intent]
            INTENT_AI_EDITED_FILE: _ClassVar[ConversationMessage.CodeChunk.Intent]
            INTENT_VISIBLE_FILE: _ClassVar[ConversationMessage.CodeChunk.Intent]
            INTENT_TERMINAL_SELECTION: _ClassVar[ConversationMessage.CodeChunk.Intent]
        INTENT_UNSPECIFIED: ConversationMessage.CodeChunk.Intent
        INTENT_COMPOSER_FILE: ConversationMessage.CodeChunk.Intent
        INTENT_COMPRESSED_COMPOSER_FILE: ConversationMessage.CodeChunk.Intent
        INTENT_RECENTLY_VIEWED_FILE: ConversationMessage.CodeChunk.Intent
        INTENT_OUTLINE: ConversationMessage.CodeChunk.Intent
        INTENT_MENTIONED_FILE: ConversationMessage.CodeChunk.Intent
        INTENT_CODE_SELECTION: ConversationMessage.CodeChunk.Intent
        INTENT_AI_EDITED_FILE: ConversationMessage.CodeChunk.Intent
        INTENT_VISIBLE_FILE: ConversationMessage.CodeChunk.Intent
        INTENT_TERMINAL_SELECTION: ConversationMessage.CodeChunk.Intent
        class SummarizationStrategy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            SUMMARIZATION_STRATEGY_NONE_UNSPECIFIED: _ClassVar[ConversationMessage.CodeChunk.SummarizationStrategy]
            SUMMARIZATION_STRATEGY_SUMMARIZED: _ClassVar[ConversationMessage.CodeChunk.SummarizationStrategy]
            SUMMARIZATION_STRATEGY_EMBEDDED: _ClassVar[ConversationMessage.CodeChunk.SummarizationStrategy]
        SUMMARIZATION_STRATEGY_NONE_UNSPECIFIED: ConversationMessage.CodeChunk.SummarizationStrategy
        SUMMARIZATION_STRATEGY_SUMMARIZED: ConversationMessage.CodeChunk.SummarizationStrategy
        SUMMARIZATION_STRATEGY_EMBEDDED: ConversationMessage.CodeChunk.SummarizationStrategy
        class CodeChunkGitContext(_message.Message):
            __slots__ = ("git_info",)
            class CodeChunkGitInfo(_message.Message):
                __slots__ = ("commit", "author", "date", "message")
                COMMIT_FIELD_NUMBER: _ClassVar[int]
                AUTHOR_FIELD_NUMBER: _ClassVar[int]
                DATE_FIELD_NUMBER: _ClassVar[int]
                MESSAGE_FIELD_NUMBER: _ClassVar[int]
                commit: str
                author: str
                date: str
                message: str
                def __init__(self, commit: _Optional[str] = ..., author: _Optional[str] = ..., date: _Optional[str] = ..., message: _Optional[str] = ...) -> None: ...
            GIT_INFO_FIELD_NUMBER: _ClassVar[int]
            git_info: _containers.RepeatedCompositeFieldContainer[ConversationMessage.CodeChunk.CodeChunkGitContext.CodeChunkGitInfo]
            def __init__(self, git_info: _Optional[_Iterable[_Union[ConversationMessage.CodeChunk.CodeChunkGitContext.CodeChunkGitInfo, _Mapping]]] = ...) -> None: ...
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        LINES_FIELD_NUMBER: _ClassVar[int]
        SUMMARIZATION_STRATEGY_FIELD_NUMBER: _ClassVar[int]
        LANGUAGE_IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
        INTENT_FIELD_NUMBER: _ClassVar[int]
        IS_FINAL_VERSION_FIELD_NUMBER: _ClassVar[int]
        IS_FIRST_VERSION_FIELD_NUMBER: _ClassVar[int]
        CONTENTS_ARE_MISSING_FIELD_NUMBER: _ClassVar[int]
        IS_ONLY_INCLUDED_FROM_FOLDER_FIELD_NUMBER: _ClassVar[int]
        CODE_CHUNK_GIT_CONTEXT_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        start_line_number: int
        lines: _containers.RepeatedScalarFieldContainer[str]
        summarization_strategy: ConversationMessage.CodeChunk.SummarizationStrategy
        language_identifier: str
        intent: ConversationMessage.CodeChunk.Intent
        is_final_version: bool
        is_first_version: bool
        contents_are_missing: bool
        is_only_included_from_folder: bool
        code_chunk_git_context: ConversationMessage.CodeChunk.CodeChunkGitContext
        def __init__(self, relative_workspace_path: _Optional[str] = ..., start_line_number: _Optional[int] = ..., lines: _Optional[_Iterable[str]] = ..., summarization_strategy: _Optional[_Union[ConversationMessage.CodeChunk.SummarizationStrategy, str]] = ..., language_identifier: _Optional[str] = ..., intent: _Optional[_Union[ConversationMessage.CodeChunk.Intent, str]] = ..., is_final_version: _Optional[bool] = ..., is_first_version: _Optional[bool] = ..., contents_are_missing: _Optional[bool] = ..., is_only_included_from_folder: _Optional[bool] = ..., code_chunk_git_context: _Optional[_Union[ConversationMessage.CodeChunk.CodeChunkGitContext, _Mapping]] = ...) -> None: ...
    class ComposerContext(_message.Message):
        __slots__ = ("name", "conversation_summary")
        NAME_FIELD_NUMBER: _ClassVar[int]
        CONVERSATION_SUMMARY_FIELD_NUMBER: _ClassVar[int]
        name: str
        conversation_summary: ConversationSummary
        def __init__(self, name: _Optional[str] = ..., conversation_summary: _Optional[_Union[ConversationSummary, _Mapping]] = ...) -> None: ...
    class DeletedFile(_message.Message):
        __slots__ = ("relative_workspace_path",)
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        def __init__(self, relative_workspace_path: _Optional[str] = ...) -> None: ...
    class DiffSinceLastApply(_message.Message):
        __slots__ = ("relative_workspace_path", "diff", "is_accepted", "is_rejected", "last_apply_chained_from_n_human_messages_ago")
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        DIFF_FIELD_NUMBER: _ClassVar[int]
        IS_ACCEPTED_FIELD_NUMBER: _ClassVar[int]
        IS_REJECTED_FIELD_NUMBER: _ClassVar[int]
        LAST_APPLY_CHAINED_FROM_N_HUMAN_MESSAGES_AGO_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        diff: EditFileResult.FileDiff
        is_accepted: bool
        is_rejected: bool
        last_apply_chained_from_n_human_messages_ago: int
        def __init__(self, relative_workspace_path: _Optional[str] = ..., diff: _Optional[_Union[EditFileResult.FileDiff, _Mapping]] = ..., is_accepted: _Optional[bool] = ..., is_rejected: _Optional[bool] = ..., last_apply_chained_from_n_human_messages_ago: _Optional[int] = ...) -> None: ...
    class DocumentationSelection(_message.Message):
        __slots__ = ("doc_id", "name")
        DOC_ID_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        doc_id: str
        name: str
        def __init__(self, doc_id: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...
    class EditLocation(_message.Message):
        __slots__ = ("relative_workspace_path", "range", "initial_range", "context_lines", "text", "text_range")
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        RANGE_FIELD_NUMBER: _ClassVar[int]
        INITIAL_RANGE_FIELD_NUMBER: _ClassVar[int]
        CONTEXT_LINES_FIELD_NUMBER: _ClassVar[int]
        TEXT_FIELD_NUMBER: _ClassVar[int]
        TEXT_RANGE_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        range: SimplestRange
        initial_range: SimplestRange
        context_lines: str
        text: str
        text_range: SimplestRange
        def __init__(self, relative_workspace_path: _Optional[str] = ..., range: _Optional[_Union[SimplestRange, _Mapping]] = ..., initial_range: _Optional[_Union[SimplestRange, _Mapping]] = ..., context_lines: _Optional[str] = ..., text: _Optional[str] = ..., text_range: _Optional[_Union[SimplestRange, _Mapping]] = ...) -> None: ...
    class EditTrailContext(_message.Message):
        __slots__ = ("unique_id", "edit_trail_sorted")
        UNIQUE_ID_FIELD_NUMBER: _ClassVar[int]
        EDIT_TRAIL_SORTED_FIELD_NUMBER: _ClassVar[int]
        unique_id: str
        edit_trail_sorted: _containers.RepeatedCompositeFieldContainer[ConversationMessage.EditLocation]
        def __init__(self, unique_id: _Optional[str] = ..., edit_trail_sorted: _Optional[_Iterable[_Union[ConversationMessage.EditLocation, _Mapping]]] = ...) -> None: ...
    class HumanChange(_message.Message):
        __slots__ = ("relative_workspace_path", "rendered_diffs")
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        RENDERED_DIFFS_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        rendered_diffs: _containers.RepeatedCompositeFieldContainer[ConversationMessage.RenderedDiff]
        def __init__(self, relative_workspace_path: _Optional[str] = ..., rendered_diffs: _Optional[_Iterable[_Union[ConversationMessage.RenderedDiff, _Mapping]]] = ...) -> None: ...
    class IdeEditorsState(_message.Message):
        __slots__ = ("is_pill_displayed", "visible_file_paths", "recently_viewed_file_paths", "visible_files", "recently_viewed_files")
        class File(_message.Message):
            __slots__ = ("relative_path", "is_currently_focused", "current_line_number", "current_line_text", "line_count", "absolute_path")
            RELATIVE_PATH_FIELD_NUMBER: _ClassVar[int]
            IS_CURRENTLY_FOCUSED_FIELD_NUMBER: _ClassVar[int]
            CURRENT_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
            CURRENT_LINE_TEXT_FIELD_NUMBER: _ClassVar[int]
            LINE_COUNT_FIELD_NUMBER: _ClassVar[int]
            ABSOLUTE_PATH_FIELD_NUMBER: _ClassVar[int]
            relative_path: str
            is_currently_focused: bool
            current_line_number: int
            current_line_text: str
            line_count: int
            absolute_path: str
            def __init__(self, relative_path: _Optional[str] = ..., is_currently_focused: _Optional[bool] = ..., current_line_number: _Optional[int] = ..., current_line_text: _Optional[str] = ..., line_count: _Optional[int] = ..., absolute_path: _Optional[str] = ...) -> None: ...
        IS_PILL_DISPLAYED_FIELD_NUMBER: _ClassVar[int]
        VISIBLE_FILE_PATHS_FIELD_NUMBER: _ClassVar[int]
        RECENTLY_VIEWED_FILE_PATHS_FIELD_NUMBER: _ClassVar[int]
        VISIBLE_FILES_FIELD_NUMBER: _ClassVar[int]
        RECENTLY_VIEWED_FILES_FIELD_NUMBER: _ClassVar[int]
        is_pill_displayed: bool
        visible_file_paths: _containers.RepeatedScalarFieldContainer[str]
        recently_viewed_file_paths: _containers.RepeatedScalarFieldContainer[str]
        visible_files: _containers.RepeatedCompositeFieldContainer[ConversationMessage.IdeEditorsState.File]
        recently_viewed_files: _containers.RepeatedCompositeFieldContainer[ConversationMessage.IdeEditorsState.File]
        def __init__(self, is_pill_displayed: _Optional[bool] = ..., visible_file_paths: _Optional[_Iterable[str]] = ..., recently_viewed_file_paths: _Optional[_Iterable[str]] = ..., visible_files: _Optional[_Iterable[_Union[ConversationMessage.IdeEditorsState.File, _Mapping]]] = ..., recently_viewed_files: _Optional[_Iterable[_Union[ConversationMessage.IdeEditorsState.File, _Mapping]]] = ...) -> None: ...
    class KnowledgeItem(_message.Message):
        __slots__ = ("title", "knowledge", "knowledge_id", "is_generated")
        TITLE_FIELD_NUMBER: _ClassVar[int]
        KNOWLEDGE_FIELD_NUMBER: _ClassVar[int]
        KNOWLEDGE_ID_FIELD_NUMBER: _ClassVar[int]
        IS_GENERATED_FIELD_NUMBER: _ClassVar[int]
        title: str
        knowledge: str
        knowledge_id: str
        is_generated: bool
        def __init__(self, title: _Optional[str] = ..., knowledge: _Optional[str] = ..., knowledge_id: _Optional[str] = ..., is_generated: _Optional[bool] = ...) -> None: ...
    class Lints(_message.Message):
        __slots__ = ("lints", "chat_codeblock_model_value")
        LINTS_FIELD_NUMBER: _ClassVar[int]
        CHAT_CODEBLOCK_MODEL_VALUE_FIELD_NUMBER: _ClassVar[int]
        lints: GetLintsForChangeResponse
        chat_codeblock_model_value: str
        def __init__(self, lints: _Optional[_Union[GetLintsForChangeResponse, _Mapping]] = ..., chat_codeblock_model_value: _Optional[str] = ...) -> None: ...
    class McpDescriptor(_message.Message):
        __slots__ = ("folder_path", "server_name", "tools", "server_use_instructions")
        class Tool(_message.Message):
            __slots__ = ("tool_name", "description")
            TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
            DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
            tool_name: str
            description: str
            def __init__(self, tool_name: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...
        FOLDER_PATH_FIELD_NUMBER: _ClassVar[int]
        SERVER_NAME_FIELD_NUMBER: _ClassVar[int]
        TOOLS_FIELD_NUMBER: _ClassVar[int]
        SERVER_USE_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
        folder_path: str
        server_name: str
        tools: _containers.RepeatedCompositeFieldContainer[ConversationMessage.McpDescriptor.Tool]
        server_use_instructions: str
        def __init__(self, folder_path: _Optional[str] = ..., server_name: _Optional[str] = ..., tools: _Optional[_Iterable[_Union[ConversationMessage.McpDescriptor.Tool, _Mapping]]] = ..., server_use_instructions: _Optional[str] = ...) -> None: ...
    class MultiRangeCodeChunk(_message.Message):
        __slots__ = ("ranges", "content", "relative_workspace_path")
        class RangeWithPriority(_message.Message):
            __slots__ = ("range", "priority")
            RANGE_FIELD_NUMBER: _ClassVar[int]
            PRIORITY_FIELD_NUMBER: _ClassVar[int]
            range: SimplestRange
            priority: float
            def __init__(self, range: _Optional[_Union[SimplestRange, _Mapping]] = ..., priority: _Optional[float] = ...) -> None: ...
        RANGES_FIELD_NUMBER: _ClassVar[int]
        CONTENT_FIELD_NUMBER: _ClassVar[int]
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        ranges: _containers.RepeatedCompositeFieldContainer[ConversationMessage.MultiRangeCodeChunk.RangeWithPriority]
        content: str
        relative_workspace_path: str
        def __init__(self, ranges: _Optional[_Iterable[_Union[ConversationMessage.MultiRangeCodeChunk.RangeWithPriority, _Mapping]]] = ..., content: _Optional[str] = ..., relative_workspace_path: _Optional[str] = ...) -> None: ...
    class NotepadContext(_message.Message):
        __slots__ = ("name", "text", "attached_code_chunks", "attached_folders", "commits", "pull_requests", "git_diffs", "images")
        NAME_FIELD_NUMBER: _ClassVar[int]
        TEXT_FIELD_NUMBER: _ClassVar[int]
        ATTACHED_CODE_CHUNKS_FIELD_NUMBER: _ClassVar[int]
        ATTACHED_FOLDERS_FIELD_NUMBER: _ClassVar[int]
        COMMITS_FIELD_NUMBER: _ClassVar[int]
        PULL_REQUESTS_FIELD_NUMBER: _ClassVar[int]
        GIT_DIFFS_FIELD_NUMBER: _ClassVar[int]
        IMAGES_FIELD_NUMBER: _ClassVar[int]
        name: str
        text: str
        attached_code_chunks: _containers.RepeatedCompositeFieldContainer[ConversationMessage.CodeChunk]
        attached_folders: _containers.RepeatedScalarFieldContainer[str]
        commits: _containers.RepeatedCompositeFieldContainer[Commit]
        pull_requests: _containers.RepeatedCompositeFieldContainer[PullRequest]
        git_diffs: _containers.RepeatedCompositeFieldContainer[GitDiff]
        images: _containers.RepeatedCompositeFieldContainer[ImageProto]
        def __init__(self, name: _Optional[str] = ..., text: _Optional[str] = ..., attached_code_chunks: _Optional[_Iterable[_Union[ConversationMessage.CodeChunk, _Mapping]]] = ..., attached_folders: _Optional[_Iterable[str]] = ..., commits: _Optional[_Iterable[_Union[Commit, _Mapping]]] = ..., pull_requests: _Optional[_Iterable[_Union[PullRequest, _Mapping]]] = ..., git_diffs: _Optional[_Iterable[_Union[GitDiff, _Mapping]]] = ..., images: _Optional[_Iterable[_Union[ImageProto, _Mapping]]] = ...) -> None: ...
    class PlanUpdate(_message.Message):
        __slots__ = ("current_plan", "is_first_time_seen")
        CURRENT_PLAN_FIELD_NUMBER: _ClassVar[int]
        IS_FIRST_TIME_SEEN_FIELD_NUMBER: _ClassVar[int]
        current_plan: str
        is_first_time_seen: bool
        def __init__(self, current_plan: _Optional[str] = ..., is_first_time_seen: _Optional[bool] = ...) -> None: ...
    class RecentLocation(_message.Message):
        __slots__ = ("relative_workspace_path", "line_number")
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        line_number: int
        def __init__(self, relative_workspace_path: _Optional[str] = ..., line_number: _Optional[int] = ...) -> None: ...
    class RenderedDiff(_message.Message):
        __slots__ = ("start_line_number", "end_line_number_exclusive", "before_context_lines", "removed_lines", "added_lines", "after_context_lines")
        START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        END_LINE_NUMBER_EXCLUSIVE_FIELD_NUMBER: _ClassVar[int]
        BEFORE_CONTEXT_LINES_FIELD_NUMBER: _ClassVar[int]
        REMOVED_LINES_FIELD_NUMBER: _ClassVar[int]
        ADDED_LINES_FIELD_NUMBER: _ClassVar[int]
        AFTER_CONTEXT_LINES_FIELD_NUMBER: _ClassVar[int]
        start_line_number: int
        end_line_number_exclusive: int
        before_context_lines: _containers.RepeatedScalarFieldContainer[str]
        removed_lines: _containers.RepeatedScalarFieldContainer[str]
        added_lines: _containers.RepeatedScalarFieldContainer[str]
        after_context_lines: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, start_line_number: _Optional[int] = ..., end_line_number_exclusive: _Optional[int] = ..., before_context_lines: _Optional[_Iterable[str]] = ..., removed_lines: _Optional[_Iterable[str]] = ..., added_lines: _Optional[_Iterable[str]] = ..., after_context_lines: _Optional[_Iterable[str]] = ...) -> None: ...
    class SimulatedMessageMetadata(_message.Message):
        __slots__ = ("title", "task_id")
        TITLE_FIELD_NUMBER: _ClassVar[int]
        TASK_ID_FIELD_NUMBER: _ClassVar[int]
        title: str
        task_id: str
        def __init__(self, title: _Optional[str] = ..., task_id: _Optional[str] = ...) -> None: ...
    class Thinking(_message.Message):
        __slots__ = ("text", "signature", "redacted_thinking", "is_last_thinking_chunk")
        TEXT_FIELD_NUMBER: _ClassVar[int]
        SIGNATURE_FIELD_NUMBER: _ClassVar[int]
        REDACTED_THINKING_FIELD_NUMBER: _ClassVar[int]
        IS_LAST_THINKING_CHUNK_FIELD_NUMBER: _ClassVar[int]
        text: str
        signature: str
        redacted_thinking: str
        is_last_thinking_chunk: bool
        def __init__(self, text: _Optional[str] = ..., signature: _Optional[str] = ..., redacted_thinking: _Optional[str] = ..., is_last_thinking_chunk: _Optional[bool] = ...) -> None: ...
    class ToolResult(_message.Message):
        __slots__ = ("tool_call_id", "tool_name", "tool_index", "model_call_id", "args", "raw_args", "attached_code_chunks", "content", "result", "error", "images", "tool_call")
        TOOL_CALL_ID_FIELD_NUMBER: _ClassVar[int]
        TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
        TOOL_INDEX_FIELD_NUMBER: _ClassVar[int]
        MODEL_CALL_ID_FIELD_NUMBER: _ClassVar[int]
        ARGS_FIELD_NUMBER: _ClassVar[int]
        RAW_ARGS_FIELD_NUMBER: _ClassVar[int]
        ATTACHED_CODE_CHUNKS_FIELD_NUMBER: _ClassVar[int]
        CONTENT_FIELD_NUMBER: _ClassVar[int]
        RESULT_FIELD_NUMBER: _ClassVar[int]
        ERROR_FIELD_NUMBER: _ClassVar[int]
        IMAGES_FIELD_NUMBER: _ClassVar[int]
        TOOL_CALL_FIELD_NUMBER: _ClassVar[int]
        tool_call_id: str
        tool_name: str
        tool_index: int
        model_call_id: str
        args: str
        raw_args: str
        attached_code_chunks: _containers.RepeatedCompositeFieldContainer[ConversationMessage.CodeChunk]
        content: str
        result: ClientSideToolV2Result
        error: ToolResultError
        images: _containers.RepeatedCompositeFieldContainer[ImageProto]
        tool_call: ClientSideToolV2Call
        def __init__(self, tool_call_id: _Optional[str] = ..., tool_name: _Optional[str] = ..., tool_index: _Optional[int] = ..., model_call_id: _Optional[str] = ..., args: _Optional[str] = ..., raw_args: _Optional[str] = ..., attached_code_chunks: _Optional[_Iterable[_Union[ConversationMessage.CodeChunk, _Mapping]]] = ..., content: _Optional[str] = ..., result: _Optional[_Union[ClientSideToolV2Result, _Mapping]] = ..., error: _Optional[_Union[ToolResultError, _Mapping]] = ..., images: _Optional[_Iterable[_Union[ImageProto, _Mapping]]] = ..., tool_call: _Optional[_Union[ClientSideToolV2Call, _Mapping]] = ...) -> None: ...
    TEXT_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    ATTACHED_CODE_CHUNKS_FIELD_NUMBER: _ClassVar[int]
    CODEBASE_CONTEXT_CHUNKS_FIELD_NUMBER: _ClassVar[int]
    COMMITS_FIELD_NUMBER: _ClassVar[int]
    PULL_REQUESTS_FIELD_NUMBER: _ClassVar[int]
    GIT_DIFFS_FIELD_NUMBER: _ClassVar[int]
    ASSISTANT_SUGGESTED_DIFFS_FIELD_NUMBER: _ClassVar[int]
    INTERPRETER_RESULTS_FIELD_NUMBER: _ClassVar[int]
    IMAGES_FIELD_NUMBER: _ClassVar[int]
    ATTACHED_FOLDERS_FIELD_NUMBER: _ClassVar[int]
    APPROXIMATE_LINT_ERRORS_FIELD_NUMBER: _ClassVar[int]
    BUBBLE_ID_FIELD_NUMBER: _ClassVar[int]
    SERVER_BUBBLE_ID_FIELD_NUMBER: _ClassVar[int]
    ATTACHED_FOLDERS_NEW_FIELD_NUMBER: _ClassVar[int]
    LINTS_FIELD_NUMBER: _ClassVar[int]
    USER_RESPONSES_TO_SUGGESTED_CODE_BLOCKS_FIELD_NUMBER: _ClassVar[int]
    RELEVANT_FILES_FIELD_NUMBER: _ClassVar[int]
    TOOL_RESULTS_FIELD_NUMBER: _ClassVar[int]
    NOTEPADS_FIELD_NUMBER: _ClassVar[int]
    IS_CAPABILITY_ITERATION_FIELD_NUMBER: _ClassVar[int]
    CAPABILITIES_FIELD_NUMBER: _ClassVar[int]
    EDIT_TRAIL_CONTEXTS_FIELD_NUMBER: _ClassVar[int]
    SUGGESTED_CODE_BLOCKS_FIELD_NUMBER: _ClassVar[int]
    DIFFS_FOR_COMPRESSING_FILES_FIELD_NUMBER: _ClassVar[int]
    MULTI_FILE_LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    DIFF_HISTORIES_FIELD_NUMBER: _ClassVar[int]
    RECENTLY_VIEWED_FILES_FIELD_NUMBER: _ClassVar[int]
    RECENT_LOCATIONS_HISTORY_FIELD_NUMBER: _ClassVar[int]
    IS_AGENTIC_FIELD_NUMBER: _ClassVar[int]
    FILE_DIFF_TRAJECTORIES_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_SUMMARY_FIELD_NUMBER: _ClassVar[int]
    EXISTED_SUBSEQUENT_TERMINAL_COMMAND_FIELD_NUMBER: _ClassVar[int]
    EXISTED_PREVIOUS_TERMINAL_COMMAND_FIELD_NUMBER: _ClassVar[int]
    DOCS_REFERENCES_FIELD_NUMBER: _ClassVar[int]
    WEB_REFERENCES_FIELD_NUMBER: _ClassVar[int]
    AI_WEB_SEARCH_RESULTS_FIELD_NUMBER: _ClassVar[int]
    GIT_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    ATTACHED_FOLDERS_LIST_DIR_RESULTS_FIELD_NUMBER: _ClassVar[int]
    CACHED_CONVERSATION_SUMMARY_FIELD_NUMBER: _ClassVar[int]
    HUMAN_CHANGES_FIELD_NUMBER: _ClassVar[int]
    ATTACHED_HUMAN_CHANGES_FIELD_NUMBER: _ClassVar[int]
    SUMMARIZED_COMPOSERS_FIELD_NUMBER: _ClassVar[int]
    CURSOR_RULES_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_PIECES_FIELD_NUMBER: _ClassVar[int]
    THINKING_FIELD_NUMBER: _ClassVar[int]
    ALL_THINKING_BLOCKS_FIELD_NUMBER: _ClassVar[int]
    THINKING_STYLE_FIELD_NUMBER: _ClassVar[int]
    UNIFIED_MODE_FIELD_NUMBER: _ClassVar[int]
    DIFFS_SINCE_LAST_APPLY_FIELD_NUMBER: _ClassVar[int]
    DELETED_FILES_FIELD_NUMBER: _ClassVar[int]
    USAGE_UUID_FIELD_NUMBER: _ClassVar[int]
    SUPPORTED_TOOLS_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FILE_LOCATION_DATA_FIELD_NUMBER: _ClassVar[int]
    EDIT_TOOL_SUPPORTS_SEARCH_AND_REPLACE_FIELD_NUMBER: _ClassVar[int]
    LAST_TERMINAL_CWD_FIELD_NUMBER: _ClassVar[int]
    USER_EXPLICITLY_ASKED_TO_GENERATE_CURSOR_RULES_FIELD_NUMBER: _ClassVar[int]
    CONSOLE_LOGS_FIELD_NUMBER: _ClassVar[int]
    RICH_TEXT_FIELD_NUMBER: _ClassVar[int]
    KNOWLEDGE_ITEMS_FIELD_NUMBER: _ClassVar[int]
    UI_ELEMENT_PICKED_FIELD_NUMBER: _ClassVar[int]
    USER_EXPLICITLY_ASKED_TO_ADD_TO_KNOWLEDGE_BASE_FIELD_NUMBER: _ClassVar[int]
    DOCUMENTATION_SELECTIONS_FIELD_NUMBER: _ClassVar[int]
    EXTERNAL_LINKS_FIELD_NUMBER: _ClassVar[int]
    USE_WEB_FIELD_NUMBER: _ClassVar[int]
    PROJECT_LAYOUTS_FIELD_NUMBER: _ClassVar[int]
    THINKING_DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    STEP_DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    SUBAGENT_RETURN_FIELD_NUMBER: _ClassVar[int]
    IS_SIMPLE_LOOPING_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    CAPABILITY_CONTEXTS_FIELD_NUMBER: _ClassVar[int]
    CHECKPOINT_COMMIT_HASH_FIELD_NUMBER: _ClassVar[int]
    GIT_STATUS_RAW_FIELD_NUMBER: _ClassVar[int]
    TODOS_FIELD_NUMBER: _ClassVar[int]
    IS_REVIEW_EDITS_FOLLOWUP_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    IDE_EDITORS_STATE_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_WINDOW_STATUS_FIELD_NUMBER: _ClassVar[int]
    IS_PLAN_EXECUTION_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    MODEL_INFO_FIELD_NUMBER: _ClassVar[int]
    IS_QUICK_SEARCH_QUERY_FIELD_NUMBER: _ClassVar[int]
    PLAN_UPDATE_FIELD_NUMBER: _ClassVar[int]
    IS_SIMULATED_MSG_FIELD_NUMBER: _ClassVar[int]
    SIMULATED_MSG_REASON_FIELD_NUMBER: _ClassVar[int]
    SIMULATED_MESSAGE_METADATA_FIELD_NUMBER: _ClassVar[int]
    MCP_DESCRIPTORS_FIELD_NUMBER: _ClassVar[int]
    WORKSPACE_PROJECT_DIR_FIELD_NUMBER: _ClassVar[int]
    WORKSPACE_URIS_FIELD_NUMBER: _ClassVar[int]
    DEBUG_MODE_CONFIG_FIELD_NUMBER: _ClassVar[int]
    TEXT_BLOB_ID_FIELD_NUMBER: _ClassVar[int]
    RICH_TEXT_BLOB_ID_FIELD_NUMBER: _ClassVar[int]
    CURSOR_COMMANDS_FIELD_NUMBER: _ClassVar[int]
    CURSOR_COMMANDS_EXPLICITLY_SET_FIELD_NUMBER: _ClassVar[int]
    PAST_CHATS_FIELD_NUMBER: _ClassVar[int]
    PAST_CHATS_EXPLICITLY_SET_FIELD_NUMBER: _ClassVar[int]
    TRIGGERING_USER_INFO_FIELD_NUMBER: _ClassVar[int]
    text: str
    type: ConversationMessage.MessageType
    attached_code_chunks: _containers.RepeatedCompositeFieldContainer[ConversationMessage.CodeChunk]
    codebase_context_chunks: _containers.RepeatedCompositeFieldContainer[CodeBlock]
    commits: _containers.RepeatedCompositeFieldContainer[Commit]
    pull_requests: _containers.RepeatedCompositeFieldContainer[PullRequest]
    git_diffs: _containers.RepeatedCompositeFieldContainer[GitDiff]
    assistant_suggested_diffs: _containers.RepeatedCompositeFieldContainer[SimpleFileDiff]
    interpreter_results: _containers.RepeatedCompositeFieldContainer[InterpreterResult]
    images: _containers.RepeatedCompositeFieldContainer[ImageProto]
    attached_folders: _containers.RepeatedScalarFieldContainer[str]
    approximate_lint_errors: _containers.RepeatedCompositeFieldContainer[ConversationMessage.ApproximateLintError]
    bubble_id: str
    server_bubble_id: str
    attached_folders_new: _containers.RepeatedCompositeFieldContainer[FolderInfo]
    lints: _containers.RepeatedCompositeFieldContainer[ConversationMessage.Lints]
    user_responses_to_suggested_code_blocks: _containers.RepeatedCompositeFieldContainer[UserResponseToSuggestedCodeBlock]
    relevant_files: _containers.RepeatedScalarFieldContainer[str]
    tool_results: _containers.RepeatedCompositeFieldContainer[ConversationMessage.ToolResult]
    notepads: _containers.RepeatedCompositeFieldContainer[ConversationMessage.NotepadContext]
    is_capability_iteration: bool
    capabilities: _containers.RepeatedCompositeFieldContainer[ComposerCapabilityRequest]
    edit_trail_contexts: _containers.RepeatedCompositeFieldContainer[ConversationMessage.EditTrailContext]
    suggested_code_blocks: _containers.RepeatedCompositeFieldContainer[SuggestedCodeBlock]
    diffs_for_compressing_files: _containers.RepeatedCompositeFieldContainer[RedDiff]
    multi_file_linter_errors: _containers.RepeatedCompositeFieldContainer[LinterErrorsWithoutFileContents]
    diff_histories: _containers.RepeatedCompositeFieldContainer[DiffHistoryData]
    recently_viewed_files: _containers.RepeatedCompositeFieldContainer[ConversationMessage.CodeChunk]
    recent_locations_history: _containers.RepeatedCompositeFieldContainer[ConversationMessage.RecentLocation]
    is_agentic: bool
    file_diff_trajectories: _containers.RepeatedCompositeFieldContainer[ComposerFileDiffHistory]
    conversation_summary: ConversationSummary
    existed_subsequent_terminal_command: bool
    existed_previous_terminal_command: bool
    docs_references: _containers.RepeatedCompositeFieldContainer[DocsReference]
    web_references: _containers.RepeatedCompositeFieldContainer[WebReference]
    ai_web_search_results: _containers.RepeatedCompositeFieldContainer[AiWebSearchResult]
    git_context: ViewableGitContext
    attached_folders_list_dir_results: _containers.RepeatedCompositeFieldContainer[ListDirResult]
    cached_conversation_summary: ConversationSummary
    human_changes: _containers.RepeatedCompositeFieldContainer[ConversationMessage.HumanChange]
    attached_human_changes: bool
    summarized_composers: _containers.RepeatedCompositeFieldContainer[ConversationMessage.ComposerContext]
    cursor_rules: _containers.RepeatedCompositeFieldContainer[CursorRule]
    context_pieces: _containers.RepeatedCompositeFieldContainer[ContextPiece]
    thinking: ConversationMessage.Thinking
    all_thinking_blocks: _containers.RepeatedCompositeFieldContainer[ConversationMessage.Thinking]
    thinking_style: ConversationMessage.ThinkingStyle
    unified_mode: StreamUnifiedChatRequest.UnifiedMode
    diffs_since_last_apply: _containers.RepeatedCompositeFieldContainer[ConversationMessage.DiffSinceLastApply]
    deleted_files: _containers.RepeatedCompositeFieldContainer[ConversationMessage.DeletedFile]
    usage_uuid: str
    supported_tools: _containers.RepeatedScalarFieldContainer[ClientSideToolV2]
    current_file_location_data: CurrentFileLocationData
    edit_tool_supports_search_and_replace: bool
    last_terminal_cwd: str
    user_explicitly_asked_to_generate_cursor_rules: bool
    console_logs: _containers.RepeatedCompositeFieldContainer[RCPLogEntry]
    rich_text: str
    knowledge_items: _containers.RepeatedCompositeFieldContainer[ConversationMessage.KnowledgeItem]
    ui_element_picked: _containers.RepeatedCompositeFieldContainer[RCPUIElementPicked]
    user_explicitly_asked_to_add_to_knowledge_base: bool
    documentation_selections: _containers.RepeatedCompositeFieldContainer[ConversationMessage.DocumentationSelection]
    external_links: _containers.RepeatedCompositeFieldContainer[ComposerExternalLink]
    use_web: bool
    project_layouts: _containers.RepeatedCompositeFieldContainer[ProjectLayout]
    thinking_duration_ms: int
    step_duration_ms: int
    subagent_return: SubagentReturnCall
    is_simple_looping_message: bool
    capability_contexts: _containers.RepeatedCompositeFieldContainer[ComposerCapabilityContext]
    checkpoint_commit_hash: str
    git_status_raw: str
    todos: _containers.RepeatedCompositeFieldContainer[TodoItem]
    is_review_edits_followup: bool
    request_id: str
    ide_editors_state: ConversationMessage.IdeEditorsState
    context_window_status: ContextWindowStatus
    is_plan_execution: bool
    created_at: str
    model_info: ModelInfo
    is_quick_search_query: bool
    plan_update: ConversationMessage.PlanUpdate
    is_simulated_msg: bool
    simulated_msg_reason: SimulatedMsgReason
    simulated_message_metadata: ConversationMessage.SimulatedMessageMetadata
    mcp_descriptors: _containers.RepeatedCompositeFieldContainer[ConversationMessage.McpDescriptor]
    workspace_project_dir: str
    workspace_uris: _containers.RepeatedScalarFieldContainer[str]
    debug_mode_config: DebugModeConfig
    text_blob_id: bytes
    rich_text_blob_id: bytes
    cursor_commands: _containers.RepeatedCompositeFieldContainer[SelectedCursorCommand]
    cursor_commands_explicitly_set: bool
    past_chats: _containers.RepeatedCompositeFieldContainer[SelectedPastChat]
    past_chats_explicitly_set: bool
    triggering_user_info: TriggeringUserInfo
    def __init__(self, text: _Optional[str] = ..., type: _Optional[_Union[ConversationMessage.MessageType, str]] = ..., attached_code_chunks: _Optional[_Iterable[_Union[ConversationMessage.CodeChunk, _Mapping]]] = ..., codebase_context_chunks: _Optional[_Iterable[_Union[CodeBlock, _Mapping]]] = ..., commits: _Optional[_Iterable[_Union[Commit, _Mapping]]] = ..., pull_requests: _Optional[_Iterable[_Union[PullRequest, _Mapping]]] = ..., git_diffs: _Optional[_Iterable[_Union[GitDiff, _Mapping]]] = ..., assistant_suggested_diffs: _Optional[_Iterable[_Union[SimpleFileDiff, _Mapping]]] = ..., interpreter_results: _Optional[_Iterable[_Union[InterpreterResult, _Mapping]]] = ..., images: _Optional[_Iterable[_Union[ImageProto, _Mapping]]] = ..., attached_folders: _Optional[_Iterable[str]] = ..., approximate_lint_errors: _Optional[_Iterable[_Union[ConversationMessage.ApproximateLintError, _Mapping]]] = ..., bubble_id: _Optional[str] = ..., server_bubble_id: _Optional[str] = ..., attached_folders_new: _Optional[_Iterable[_Union[FolderInfo, _Mapping]]] = ..., lints: _Optional[_Iterable[_Union[ConversationMessage.Lints, _Mapping]]] = ..., user_responses_to_suggested_code_blocks: _Optional[_Iterable[_Union[UserResponseToSuggestedCodeBlock, _Mapping]]] = ..., relevant_files: _Optional[_Iterable[str]] = ..., tool_results: _Optional[_Iterable[_Union[ConversationMessage.ToolResult, _Mapping]]] = ..., notepads: _Optional[_Iterable[_Union[ConversationMessage.NotepadContext, _Mapping]]] = ..., is_capability_iteration: _Optional[bool] = ..., capabilities: _Optional[_Iterable[_Union[ComposerCapabilityRequest, _Mapping]]] = ..., edit_trail_contexts: _Optional[_Iterable[_Union[ConversationMessage.EditTrailContext, _Mapping]]] = ..., suggested_code_blocks: _Optional[_Iterable[_Union[SuggestedCodeBlock, _Mapping]]] = ..., diffs_for_compressing_files: _Optional[_Iterable[_Union[RedDiff, _Mapping]]] = ..., multi_file_linter_errors: _Optional[_Iterable[_Union[LinterErrorsWithoutFileContents, _Mapping]]] = ..., diff_histories: _Optional[_Iterable[_Union[DiffHistoryData, _Mapping]]] = ..., recently_viewed_files: _Optional[_Iterable[_Union[ConversationMessage.CodeChunk, _Mapping]]] = ..., recent_locations_history: _Optional[_Iterable[_Union[ConversationMessage.RecentLocation, _Mapping]]] = ..., is_agentic: _Optional[bool] = ..., file_diff_trajectories: _Optional[_Iterable[_Union[ComposerFileDiffHistory, _Mapping]]] = ..., conversation_summary: _Optional[_Union[ConversationSummary, _Mapping]] = ..., existed_subsequent_terminal_command: _Optional[bool] = ..., existed_previous_terminal_command: _Optional[bool] = ..., docs_references: _Optional[_Iterable[_Union[DocsReference, _Mapping]]] = ..., web_references: _Optional[_Iterable[_Union[WebReference, _Mapping]]] = ..., ai_web_search_results: _Optional[_Iterable[_Union[AiWebSearchResult, _Mapping]]] = ..., git_context: _Optional[_Union[ViewableGitContext, _Mapping]] = ..., attached_folders_list_dir_results: _Optional[_Iterable[_Union[ListDirResult, _Mapping]]] = ..., cached_conversation_summary: _Optional[_Union[ConversationSummary, _Mapping]] = ..., human_changes: _Optional[_Iterable[_Union[ConversationMessage.HumanChange, _Mapping]]] = ..., attached_human_changes: _Optional[bool] = ..., summarized_composers: _Optional[_Iterable[_Union[ConversationMessage.ComposerContext, _Mapping]]] = ..., cursor_rules: _Optional[_Iterable[_Union[CursorRule, _Mapping]]] = ..., context_pieces: _Optional[_Iterable[_Union[ContextPiece, _Mapping]]] = ..., thinking: _Optional[_Union[ConversationMessage.Thinking, _Mapping]] = ..., all_thinking_blocks: _Optional[_Iterable[_Union[ConversationMessage.Thinking, _Mapping]]] = ..., thinking_style: _Optional[_Union[ConversationMessage.ThinkingStyle, str]] = ..., unified_mode: _Optional[_Union[StreamUnifiedChatRequest.UnifiedMode, str]] = ..., diffs_since_last_apply: _Optional[_Iterable[_Union[ConversationMessage.DiffSinceLastApply, _Mapping]]] = ..., deleted_files: _Optional[_Iterable[_Union[ConversationMessage.DeletedFile, _Mapping]]] = ..., usage_uuid: _Optional[str] = ..., supported_tools: _Optional[_Iterable[_Union[ClientSideToolV2, str]]] = ..., current_file_location_data: _Optional[_Union[CurrentFileLocationData, _Mapping]] = ..., edit_tool_supports_search_and_replace: _Optional[bool] = ..., last_terminal_cwd: _Optional[str] = ..., user_explicitly_asked_to_generate_cursor_rules: _Optional[bool] = ..., console_logs: _Optional[_Iterable[_Union[RCPLogEntry, _Mapping]]] = ..., rich_text: _Optional[str] = ..., knowledge_items: _Optional[_Iterable[_Union[ConversationMessage.KnowledgeItem, _Mapping]]] = ..., ui_element_picked: _Optional[_Iterable[_Union[RCPUIElementPicked, _Mapping]]] = ..., user_explicitly_asked_to_add_to_knowledge_base: _Optional[bool] = ..., documentation_selections: _Optional[_Iterable[_Union[ConversationMessage.DocumentationSelection, _Mapping]]] = ..., external_links: _Optional[_Iterable[_Union[ComposerExternalLink, _Mapping]]] = ..., use_web: _Optional[bool] = ..., project_layouts: _Optional[_Iterable[_Union[ProjectLayout, _Mapping]]] = ..., thinking_duration_ms: _Optional[int] = ..., step_duration_ms: _Optional[int] = ..., subagent_return: _Optional[_Union[SubagentReturnCall, _Mapping]] = ..., is_simple_looping_message: _Optional[bool] = ..., capability_contexts: _Optional[_Iterable[_Union[ComposerCapabilityContext, _Mapping]]] = ..., checkpoint_commit_hash: _Optional[str] = ..., git_status_raw: _Optional[str] = ..., todos: _Optional[_Iterable[_Union[TodoItem, _Mapping]]] = ..., is_review_edits_followup: _Optional[bool] = ..., request_id: _Optional[str] = ..., ide_editors_state: _Optional[_Union[ConversationMessage.IdeEditorsState, _Mapping]] = ..., context_window_status: _Optional[_Union[ContextWindowStatus, _Mapping]] = ..., is_plan_execution: _Optional[bool] = ..., created_at: _Optional[str] = ..., model_info: _Optional[_Union[ModelInfo, _Mapping]] = ..., is_quick_search_query: _Optional[bool] = ..., plan_update: _Optional[_Union[ConversationMessage.PlanUpdate, _Mapping]] = ..., is_simulated_msg: _Optional[bool] = ..., simulated_msg_reason: _Optional[_Union[SimulatedMsgReason, str]] = ..., simulated_message_metadata: _Optional[_Union[ConversationMessage.SimulatedMessageMetadata, _Mapping]] = ..., mcp_descriptors: _Optional[_Iterable[_Union[ConversationMessage.McpDescriptor, _Mapping]]] = ..., workspace_project_dir: _Optional[str] = ..., workspace_uris: _Optional[_Iterable[str]] = ..., debug_mode_config: _Optional[_Union[DebugModeConfig, _Mapping]] = ..., text_blob_id: _Optional[bytes] = ..., rich_text_blob_id: _Optional[bytes] = ..., cursor_commands: _Optional[_Iterable[_Union[SelectedCursorCommand, _Mapping]]] = ..., cursor_commands_explicitly_set: _Optional[bool] = ..., past_chats: _Optional[_Iterable[_Union[SelectedPastChat, _Mapping]]] = ..., past_chats_explicitly_set: _Optional[bool] = ..., triggering_user_info: _Optional[_Union[TriggeringUserInfo, _Mapping]] = ...) -> None: ...

class ConversationMessageHeader(_message.Message):
    __slots__ = ("bubble_id", "server_bubble_id", "type")
    BUBBLE_ID_FIELD_NUMBER: _ClassVar[int]
    SERVER_BUBBLE_ID_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    bubble_id: str
    server_bubble_id: str
    type: ConversationMessage.MessageType
    def __init__(self, bubble_id: _Optional[str] = ..., server_bubble_id: _Optional[str] = ..., type: _Optional[_Union[ConversationMessage.MessageType, str]] = ...) -> None: ...

class ConversationSummary(_message.Message):
    __slots__ = ("summary", "truncation_last_bubble_id_inclusive", "client_should_start_sending_from_inclusive_bubble_id", "previous_conversation_summary_bubble_id", "includes_tool_results", "strategy")
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    TRUNCATION_LAST_BUBBLE_ID_INCLUSIVE_FIELD_NUMBER: _ClassVar[int]
    CLIENT_SHOULD_START_SENDING_FROM_INCLUSIVE_BUBBLE_ID_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_CONVERSATION_SUMMARY_BUBBLE_ID_FIELD_NUMBER: _ClassVar[int]
    INCLUDES_TOOL_RESULTS_FIELD_NUMBER: _ClassVar[int]
    STRATEGY_FIELD_NUMBER: _ClassVar[int]
    summary: str
    truncation_last_bubble_id_inclusive: str
    client_should_start_sending_from_inclusive_bubble_id: str
    previous_conversation_summary_bubble_id: str
    includes_tool_results: bool
    strategy: str
    def __init__(self, summary: _Optional[str] = ..., truncation_last_bubble_id_inclusive: _Optional[str] = ..., client_should_start_sending_from_inclusive_bubble_id: _Optional[str] = ..., previous_conversation_summary_bubble_id: _Optional[str] = ..., includes_tool_results: _Optional[bool] = ..., strategy: _Optional[str] = ...) -> None: ...

class Coordinate(_message.Message):
    __slots__ = ("x", "y")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class CppAcceptEvent(_message.Message):
    __slots__ = ("cpp_suggestion",)
    CPP_SUGGESTION_FIELD_NUMBER: _ClassVar[int]
    cpp_suggestion: CppSuggestion
    def __init__(self, cpp_suggestion: _Optional[_Union[CppSuggestion, _Mapping]] = ...) -> None: ...

class CppAcceptEventNew(_message.Message):
    __slots__ = ("cpp_suggestion", "point_in_time_model")
    CPP_SUGGESTION_FIELD_NUMBER: _ClassVar[int]
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    cpp_suggestion: CurrentlyShownCppSuggestion
    point_in_time_model: PointInTimeModel
    def __init__(self, cpp_suggestion: _Optional[_Union[CurrentlyShownCppSuggestion, _Mapping]] = ..., point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ...) -> None: ...

class CppAppendRequest(_message.Message):
    __slots__ = ("changes",)
    CHANGES_FIELD_NUMBER: _ClassVar[int]
    changes: bytes
    def __init__(self, changes: _Optional[bytes] = ...) -> None: ...

class CppAppendResponse(_message.Message):
    __slots__ = ("success",)
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    success: bool
    def __init__(self, success: _Optional[bool] = ...) -> None: ...

class CppChangeQuickActionEvent(_message.Message):
    __slots__ = ("point_in_time_model", "added", "removed", "actions")
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    ADDED_FIELD_NUMBER: _ClassVar[int]
    REMOVED_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    point_in_time_model: PointInTimeModel
    added: _containers.RepeatedCompositeFieldContainer[CppQuickAction]
    removed: _containers.RepeatedCompositeFieldContainer[CppQuickAction]
    actions: _containers.RepeatedCompositeFieldContainer[CppQuickAction]
    def __init__(self, point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., added: _Optional[_Iterable[_Union[CppQuickAction, _Mapping]]] = ..., removed: _Optional[_Iterable[_Union[CppQuickAction, _Mapping]]] = ..., actions: _Optional[_Iterable[_Union[CppQuickAction, _Mapping]]] = ...) -> None: ...

class CppConfigRequest(_message.Message):
    __slots__ = ("is_nightly", "model", "supports_cpt")
    IS_NIGHTLY_FIELD_NUMBER: _ClassVar[int]
    MODEL_FIELD_NUMBER: _ClassVar[int]
    SUPPORTS_CPT_FIELD_NUMBER: _ClassVar[int]
    is_nightly: bool
    model: str
    supports_cpt: bool
    def __init__(self, is_nightly: _Optional[bool] = ..., model: _Optional[str] = ..., supports_cpt: _Optional[bool] = ...) -> None: ...

class CppConfigResponse(_message.Message):
    __slots__ = ("above_radius", "below_radius", "merge_behavior", "is_on", "is_ghost_text", "should_let_user_enable_cpp_even_if_not_pro", "heuristics", "exclude_recently_viewed_files_patterns", "enable_rvf_tracking", "global_debounce_duration_millis", "client_debounce_duration_millis", "cpp_url", "use_whitespace_diff_history", "import_prediction_config", "enable_filesync_debounce_skipping", "check_filesync_hash_percent", "geo_cpp_backend_url", "recently_rejected_edit_thresholds", "is_fused_cursor_prediction_model", "include_unchanged_lines", "should_fetch_rvf_text", "max_number_of_cleared_suggestions_since_last_accept", "suggestion_hint_config", "allows_tab_chunks", "tab_context_refresh_debounce_ms", "tab_context_refresh_editor_change_debounce_ms")
    class Heuristic(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        HEURISTIC_UNSPECIFIED: _ClassVar[CppConfigResponse.Heuristic]
        HEURISTIC_LOTS_OF_ADDED_TEXT: _ClassVar[CppConfigResponse.Heuristic]
        HEURISTIC_DUPLICATING_LINE_AFTER_SUGGESTION: _ClassVar[CppConfigResponse.Heuristic]
        HEURISTIC_DUPLICATING_MULTIPLE_LINES_AFTER_SUGGESTION: _ClassVar[CppConfigResponse.Heuristic]
        HEURISTIC_REVERTING_USER_CHANGE: _ClassVar[CppConfigResponse.Heuristic]
        HEURISTIC_OUTPUT_EXTENDS_BEYOND_RANGE_AND_IS_REPEATED: _ClassVar[CppConfigResponse.Heuristic]
        HEURISTIC_SUGGESTING_RECENTLY_REJECTED_EDIT: _ClassVar[CppConfigResponse.Heuristic]
    HEURISTIC_UNSPECIFIED: CppConfigResponse.Heuristic
    HEURISTIC_LOTS_OF_ADDED_TEXT: CppConfigResponse.Heuristic
    HEURISTIC_DUPLICATING_LINE_AFTER_SUGGESTION: CppConfigResponse.Heuristic
    HEURISTIC_DUPLICATING_MULTIPLE_LINES_AFTER_SUGGESTION: CppConfigResponse.Heuristic
    HEURISTIC_REVERTING_USER_CHANGE: CppConfigResponse.Heuristic
    HEURISTIC_OUTPUT_EXTENDS_BEYOND_RANGE_AND_IS_REPEATED: CppConfigResponse.Heuristic
    HEURISTIC_SUGGESTING_RECENTLY_REJECTED_EDIT: CppConfigResponse.Heuristic
    class ImportPredictionConfig(_message.Message):
        __slots__ = ("is_disabled_by_backend", "should_turn_on_automatically", "python_enabled")
        IS_DISABLED_BY_BACKEND_FIELD_NUMBER: _ClassVar[int]
        SHOULD_TURN_ON_AUTOMATICALLY_FIELD_NUMBER: _ClassVar[int]
        PYTHON_ENABLED_FIELD_NUMBER: _ClassVar[int]
        is_disabled_by_backend: bool
        should_turn_on_automatically: bool
        python_enabled: bool
        def __init__(self, is_disabled_by_backend: _Optional[bool] = ..., should_turn_on_automatically: _Optional[bool] = ..., python_enabled: _Optional[bool] = ...) -> None: ...
    class MergeBehavior(_message.Message):
        __slots__ = ("type", "limit", "radius")
        TYPE_FIELD_NUMBER: _ClassVar[int]
        LIMIT_FIELD_NUMBER: _ClassVar[int]
        RADIUS_FIELD_NUMBER: _ClassVar[int]
        type: str
        limit: int
        radius: int
        def __init__(self, type: _Optional[str] = ..., limit: _Optional[int] = ..., radius: _Optional[int] = ...) -> None: ...
    class RecentlyRejectedEditThresholds(_message.Message):
        __slots__ = ("hard_reject_threshold", "soft_reject_threshold")
        HARD_REJECT_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
        SOFT_REJECT_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
        hard_reject_threshold: int
        soft_reject_threshold: int
        def __init__(self, hard_reject_threshold: _Optional[int] = ..., soft_reject_threshold: _Optional[int] = ...) -> None: ...
    class SuggestionHintConfig(_message.Message):
        __slots__ = ("important_lsp_extensions", "enabled_for_path_extensions")
        IMPORTANT_LSP_EXTENSIONS_FIELD_NUMBER: _ClassVar[int]
        ENABLED_FOR_PATH_EXTENSIONS_FIELD_NUMBER: _ClassVar[int]
        important_lsp_extensions: _containers.RepeatedScalarFieldContainer[str]
        enabled_for_path_extensions: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, important_lsp_extensions: _Optional[_Iterable[str]] = ..., enabled_for_path_extensions: _Optional[_Iterable[str]] = ...) -> None: ...
    ABOVE_RADIUS_FIELD_NUMBER: _ClassVar[int]
    BELOW_RADIUS_FIELD_NUMBER: _ClassVar[int]
    MERGE_BEHAVIOR_FIELD_NUMBER: _ClassVar[int]
    IS_ON_FIELD_NUMBER: _ClassVar[int]
    IS_GHOST_TEXT_FIELD_NUMBER: _ClassVar[int]
    SHOULD_LET_USER_ENABLE_CPP_EVEN_IF_NOT_PRO_FIELD_NUMBER: _ClassVar[int]
    HEURISTICS_FIELD_NUMBER: _ClassVar[int]
    EXCLUDE_RECENTLY_VIEWED_FILES_PATTERNS_FIELD_NUMBER: _ClassVar[int]
    ENABLE_RVF_TRACKING_FIELD_NUMBER: _ClassVar[int]
    GLOBAL_DEBOUNCE_DURATION_MILLIS_FIELD_NUMBER: _ClassVar[int]
    CLIENT_DEBOUNCE_DURATION_MILLIS_FIELD_NUMBER: _ClassVar[int]
    CPP_URL_FIELD_NUMBER: _ClassVar[int]
    USE_WHITESPACE_DIFF_HISTORY_FIELD_NUMBER: _ClassVar[int]
    IMPORT_PREDICTION_CONFIG_FIELD_NUMBER: _ClassVar[int]
    ENABLE_FILESYNC_DEBOUNCE_SKIPPING_FIELD_NUMBER: _ClassVar[int]
    CHECK_FILESYNC_HASH_PERCENT_FIELD_NUMBER: _ClassVar[int]
    GEO_CPP_BACKEND_URL_FIELD_NUMBER: _ClassVar[int]
    RECENTLY_REJECTED_EDIT_THRESHOLDS_FIELD_NUMBER: _ClassVar[int]
    IS_FUSED_CURSOR_PREDICTION_MODEL_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_UNCHANGED_LINES_FIELD_NUMBER: _ClassVar[int]
    SHOULD_FETCH_RVF_TEXT_FIELD_NUMBER: _ClassVar[int]
    MAX_NUMBER_OF_CLEARED_SUGGESTIONS_SINCE_LAST_ACCEPT_FIELD_NUMBER: _ClassVar[int]
    SUGGESTION_HINT_CONFIG_FIELD_NUMBER: _ClassVar[int]
    ALLOWS_TAB_CHUNKS_FIELD_NUMBER: _ClassVar[int]
    TAB_CONTEXT_REFRESH_DEBOUNCE_MS_FIELD_NUMBER: _ClassVar[int]
    TAB_CONTEXT_REFRESH_EDITOR_CHANGE_DEBOUNCE_MS_FIELD_NUMBER: _ClassVar[int]
    above_radius: int
    below_radius: int
    merge_behavior: CppConfigResponse.MergeBehavior
    is_on: bool
    is_ghost_text: bool
    should_let_user_enable_cpp_even_if_not_pro: bool
    heuristics: _containers.RepeatedScalarFieldContainer[CppConfigResponse.Heuristic]
    exclude_recently_viewed_files_patterns: _containers.RepeatedScalarFieldContainer[str]
    enable_rvf_tracking: bool
    global_debounce_duration_millis: int
    client_debounce_duration_millis: int
    cpp_url: str
    use_whitespace_diff_history: bool
    import_prediction_config: CppConfigResponse.ImportPredictionConfig
    enable_filesync_debounce_skipping: bool
    check_filesync_hash_percent: float
    geo_cpp_backend_url: str
    recently_rejected_edit_thresholds: CppConfigResponse.RecentlyRejectedEditThresholds
    is_fused_cursor_prediction_model: bool
    include_unchanged_lines: bool
    should_fetch_rvf_text: bool
    max_number_of_cleared_suggestions_since_last_accept: int
    suggestion_hint_config: CppConfigResponse.SuggestionHintConfig
    allows_tab_chunks: bool
    tab_context_refresh_debounce_ms: int
    tab_context_refresh_editor_change_debounce_ms: int
    def __init__(self, above_radius: _Optional[int] = ..., below_radius: _Optional[int] = ..., merge_behavior: _Optional[_Union[CppConfigResponse.MergeBehavior, _Mapping]] = ..., is_on: _Optional[bool] = ..., is_ghost_text: _Optional[bool] = ..., should_let_user_enable_cpp_even_if_not_pro: _Optional[bool] = ..., heuristics: _Optional[_Iterable[_Union[CppConfigResponse.Heuristic, str]]] = ..., exclude_recently_viewed_files_patterns: _Optional[_Iterable[str]] = ..., enable_rvf_tracking: _Optional[bool] = ..., global_debounce_duration_millis: _Optional[int] = ..., client_debounce_duration_millis: _Optional[int] = ..., cpp_url: _Optional[str] = ..., use_whitespace_diff_history: _Optional[bool] = ..., import_prediction_config: _Optional[_Union[CppConfigResponse.ImportPredictionConfig, _Mapping]] = ..., enable_filesync_debounce_skipping: _Optional[bool] = ..., check_filesync_hash_percent: _Optional[float] = ..., geo_cpp_backend_url: _Optional[str] = ..., recently_rejected_edit_thresholds: _Optional[_Union[CppConfigResponse.RecentlyRejectedEditThresholds, _Mapping]] = ..., is_fused_cursor_prediction_model: _Optional[bool] = ..., include_unchanged_lines: _Optional[bool] = ..., should_fetch_rvf_text: _Optional[bool] = ..., max_number_of_cleared_suggestions_since_last_accept: _Optional[int] = ..., suggestion_hint_config: _Optional[_Union[CppConfigResponse.SuggestionHintConfig, _Mapping]] = ..., allows_tab_chunks: _Optional[bool] = ..., tab_context_refresh_debounce_ms: _Optional[int] = ..., tab_context_refresh_editor_change_debounce_ms: _Optional[int] = ...) -> None: ...

class CppContextItem(_message.Message):
    __slots__ = ("contents", "symbol", "relative_workspace_path", "score")
    CONTENTS_FIELD_NUMBER: _ClassVar[int]
    SYMBOL_FIELD_NUMBER: _ClassVar[int]
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    contents: str
    symbol: str
    relative_workspace_path: str
    score: float
    def __init__(self, contents: _Optional[str] = ..., symbol: _Optional[str] = ..., relative_workspace_path: _Optional[str] = ..., score: _Optional[float] = ...) -> None: ...

class CppCopyEvent(_message.Message):
    __slots__ = ("clipboard_contents",)
    CLIPBOARD_CONTENTS_FIELD_NUMBER: _ClassVar[int]
    clipboard_contents: str
    def __init__(self, clipboard_contents: _Optional[str] = ...) -> None: ...

class CppDebouncedCursorMovementEvent(_message.Message):
    __slots__ = ("point_in_time_model", "cursor_position")
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    CURSOR_POSITION_FIELD_NUMBER: _ClassVar[int]
    point_in_time_model: PointInTimeModel
    cursor_position: OneIndexedPosition
    def __init__(self, point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., cursor_position: _Optional[_Union[OneIndexedPosition, _Mapping]] = ...) -> None: ...

class CppEditHistoryStatusRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CppEditHistoryStatusResponse(_message.Message):
    __slots__ = ("on", "only_if_explicit")
    ON_FIELD_NUMBER: _ClassVar[int]
    ONLY_IF_EXPLICIT_FIELD_NUMBER: _ClassVar[int]
    on: bool
    only_if_explicit: bool
    def __init__(self, on: _Optional[bool] = ..., only_if_explicit: _Optional[bool] = ...) -> None: ...

class CppEditorChangedEvent(_message.Message):
    __slots__ = ("point_in_time_model", "cursor_position", "visible_ranges", "editor_id")
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    CURSOR_POSITION_FIELD_NUMBER: _ClassVar[int]
    VISIBLE_RANGES_FIELD_NUMBER: _ClassVar[int]
    EDITOR_ID_FIELD_NUMBER: _ClassVar[int]
    point_in_time_model: PointInTimeModel
    cursor_position: OneIndexedPosition
    visible_ranges: _containers.RepeatedCompositeFieldContainer[IRange]
    editor_id: str
    def __init__(self, point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., cursor_position: _Optional[_Union[OneIndexedPosition, _Mapping]] = ..., visible_ranges: _Optional[_Iterable[_Union[IRange, _Mapping]]] = ..., editor_id: _Optional[str] = ...) -> None: ...

class CppFileDiffHistory(_message.Message):
    __slots__ = ("file_name", "diff_history", "diff_history_timestamps")
    FILE_NAME_FIELD_NUMBER: _ClassVar[int]
    DIFF_HISTORY_FIELD_NUMBER: _ClassVar[int]
    DIFF_HISTORY_TIMESTAMPS_FIELD_NUMBER: _ClassVar[int]
    file_name: str
    diff_history: _containers.RepeatedScalarFieldContainer[str]
    diff_history_timestamps: _containers.RepeatedScalarFieldContainer[float]
    def __init__(self, file_name: _Optional[str] = ..., diff_history: _Optional[_Iterable[str]] = ..., diff_history_timestamps: _Optional[_Iterable[float]] = ...) -> None: ...

class CppHistoryAppendEvent(_message.Message):
    __slots__ = ("final_model_hash", "model_change", "accept_event", "reject_event", "manual_trigger_event")
    FINAL_MODEL_HASH_FIELD_NUMBER: _ClassVar[int]
    MODEL_CHANGE_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_EVENT_FIELD_NUMBER: _ClassVar[int]
    REJECT_EVENT_FIELD_NUMBER: _ClassVar[int]
    MANUAL_TRIGGER_EVENT_FIELD_NUMBER: _ClassVar[int]
    final_model_hash: str
    model_change: ModelChange
    accept_event: CppAcceptEvent
    reject_event: CppRejectEvent
    manual_trigger_event: CppManualTriggerEvent
    def __init__(self, final_model_hash: _Optional[str] = ..., model_change: _Optional[_Union[ModelChange, _Mapping]] = ..., accept_event: _Optional[_Union[CppAcceptEvent, _Mapping]] = ..., reject_event: _Optional[_Union[CppRejectEvent, _Mapping]] = ..., manual_trigger_event: _Optional[_Union[CppManualTriggerEvent, _Mapping]] = ...) -> None: ...

class CppIntentInfo(_message.Message):
    __slots__ = ("source",)
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    source: str
    def __init__(self, source: _Optional[str] = ...) -> None: ...

class CppLinterErrorEvent(_message.Message):
    __slots__ = ("point_in_time_model", "added_errors", "removed_errors", "errors")
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    ADDED_ERRORS_FIELD_NUMBER: _ClassVar[int]
    REMOVED_ERRORS_FIELD_NUMBER: _ClassVar[int]
    ERRORS_FIELD_NUMBER: _ClassVar[int]
    point_in_time_model: PointInTimeModel
    added_errors: _containers.RepeatedCompositeFieldContainer[LinterError]
    removed_errors: _containers.RepeatedCompositeFieldContainer[LinterError]
    errors: _containers.RepeatedCompositeFieldContainer[LinterError]
    def __init__(self, point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., added_errors: _Optional[_Iterable[_Union[LinterError, _Mapping]]] = ..., removed_errors: _Optional[_Iterable[_Union[LinterError, _Mapping]]] = ..., errors: _Optional[_Iterable[_Union[LinterError, _Mapping]]] = ...) -> None: ...

class CppManualTriggerEvent(_message.Message):
    __slots__ = ("position",)
    POSITION_FIELD_NUMBER: _ClassVar[int]
    position: CursorPosition
    def __init__(self, position: _Optional[_Union[CursorPosition, _Mapping]] = ...) -> None: ...

class CppManualTriggerEventNew(_message.Message):
    __slots__ = ("line_number_one_indexed", "column_number_one_indexed", "point_in_time_model")
    LINE_NUMBER_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
    COLUMN_NUMBER_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    line_number_one_indexed: int
    column_number_one_indexed: int
    point_in_time_model: PointInTimeModel
    def __init__(self, line_number_one_indexed: _Optional[int] = ..., column_number_one_indexed: _Optional[int] = ..., point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ...) -> None: ...

class CppParameterHint(_message.Message):
    __slots__ = ("label", "documentation")
    LABEL_FIELD_NUMBER: _ClassVar[int]
    DOCUMENTATION_FIELD_NUMBER: _ClassVar[int]
    label: str
    documentation: str
    def __init__(self, label: _Optional[str] = ..., documentation: _Optional[str] = ...) -> None: ...

class CppPartialAcceptEvent(_message.Message):
    __slots__ = ("cpp_suggestion", "edit", "point_in_time_model")
    CPP_SUGGESTION_FIELD_NUMBER: _ClassVar[int]
    EDIT_FIELD_NUMBER: _ClassVar[int]
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    cpp_suggestion: CurrentlyShownCppSuggestion
    edit: Edit
    point_in_time_model: PointInTimeModel
    def __init__(self, cpp_suggestion: _Optional[_Union[CurrentlyShownCppSuggestion, _Mapping]] = ..., edit: _Optional[_Union[Edit, _Mapping]] = ..., point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ...) -> None: ...

class CppQuickAction(_message.Message):
    __slots__ = ("title", "edits", "is_preferred", "command")
    class Edit(_message.Message):
        __slots__ = ("text", "range")
        TEXT_FIELD_NUMBER: _ClassVar[int]
        RANGE_FIELD_NUMBER: _ClassVar[int]
        text: str
        range: IRange
        def __init__(self, text: _Optional[str] = ..., range: _Optional[_Union[IRange, _Mapping]] = ...) -> None: ...
    TITLE_FIELD_NUMBER: _ClassVar[int]
    EDITS_FIELD_NUMBER: _ClassVar[int]
    IS_PREFERRED_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    title: str
    edits: _containers.RepeatedCompositeFieldContainer[CppQuickAction.Edit]
    is_preferred: bool
    command: CppQuickActionCommand
    def __init__(self, title: _Optional[str] = ..., edits: _Optional[_Iterable[_Union[CppQuickAction.Edit, _Mapping]]] = ..., is_preferred: _Optional[bool] = ..., command: _Optional[_Union[CppQuickActionCommand, _Mapping]] = ...) -> None: ...

class CppQuickActionCommand(_message.Message):
    __slots__ = ("title", "id", "arguments")
    TITLE_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    ARGUMENTS_FIELD_NUMBER: _ClassVar[int]
    title: str
    id: str
    arguments: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, title: _Optional[str] = ..., id: _Optional[str] = ..., arguments: _Optional[_Iterable[str]] = ...) -> None: ...

class CppQuickActionFireEvent(_message.Message):
    __slots__ = ("point_in_time_model", "quick_action_command", "quick_action_event")
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    QUICK_ACTION_COMMAND_FIELD_NUMBER: _ClassVar[int]
    QUICK_ACTION_EVENT_FIELD_NUMBER: _ClassVar[int]
    point_in_time_model: PointInTimeModel
    quick_action_command: CppQuickActionCommand
    quick_action_event: CppQuickAction
    def __init__(self, point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., quick_action_command: _Optional[_Union[CppQuickActionCommand, _Mapping]] = ..., quick_action_event: _Optional[_Union[CppQuickAction, _Mapping]] = ...) -> None: ...

class CppRejectEvent(_message.Message):
    __slots__ = ("cpp_suggestion",)
    CPP_SUGGESTION_FIELD_NUMBER: _ClassVar[int]
    cpp_suggestion: CppSuggestion
    def __init__(self, cpp_suggestion: _Optional[_Union[CppSuggestion, _Mapping]] = ...) -> None: ...

class CppRejectEventNew(_message.Message):
    __slots__ = ("cpp_suggestion", "point_in_time_model")
    CPP_SUGGESTION_FIELD_NUMBER: _ClassVar[int]
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    cpp_suggestion: CurrentlyShownCppSuggestion
    point_in_time_model: PointInTimeModel
    def __init__(self, cpp_suggestion: _Optional[_Union[CurrentlyShownCppSuggestion, _Mapping]] = ..., point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ...) -> None: ...

class CppSessionEvent(_message.Message):
    __slots__ = ("performance_now_timestamp", "performance_time_origin", "global_index", "performance_now_flush_time", "event_index", "flush_index", "global_index_v2", "accept_event", "reject_event", "manual_trigger_event", "stopped_tracking_model_event", "suggest_event", "linter_error_event", "debounced_cursor_movement_event", "editor_changed_event", "copy_event", "quick_action_event", "quick_action_fire_event", "model_opened_event", "cmd_k_event", "chat_event", "ai_event", "scroll_event", "editor_close_event", "tab_close_event", "model_added_event", "partial_accept_event", "accept_cursor_prediction_event", "reject_cursor_prediction_event", "suggest_cursor_prediction_event", "cpp_trigger_event", "finished_cpp_generation_event", "bug_bot_event", "bug_bot_linter_event", "anything_quick_access_selection_event", "lsp_suggestion_event", "ntp_event", "repo_event", "git_event", "tool_call_event", "before_ai_edit_event", "search_event", "terminal_event", "worktree_event", "review_changes_opened_event", "browser_event", "background_files_event")
    PERFORMANCE_NOW_TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_TIME_ORIGIN_FIELD_NUMBER: _ClassVar[int]
    GLOBAL_INDEX_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_NOW_FLUSH_TIME_FIELD_NUMBER: _ClassVar[int]
    EVENT_INDEX_FIELD_NUMBER: _ClassVar[int]
    FLUSH_INDEX_FIELD_NUMBER: _ClassVar[int]
    GLOBAL_INDEX_V2_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_EVENT_FIELD_NUMBER: _ClassVar[int]
    REJECT_EVENT_FIELD_NUMBER: _ClassVar[int]
    MANUAL_TRIGGER_EVENT_FIELD_NUMBER: _ClassVar[int]
    STOPPED_TRACKING_MODEL_EVENT_FIELD_NUMBER: _ClassVar[int]
    SUGGEST_EVENT_FIELD_NUMBER: _ClassVar[int]
    LINTER_ERROR_EVENT_FIELD_NUMBER: _ClassVar[int]
    DEBOUNCED_CURSOR_MOVEMENT_EVENT_FIELD_NUMBER: _ClassVar[int]
    EDITOR_CHANGED_EVENT_FIELD_NUMBER: _ClassVar[int]
    COPY_EVENT_FIELD_NUMBER: _ClassVar[int]
    QUICK_ACTION_EVENT_FIELD_NUMBER: _ClassVar[int]
    QUICK_ACTION_FIRE_EVENT_FIELD_NUMBER: _ClassVar[int]
    MODEL_OPENED_EVENT_FIELD_NUMBER: _ClassVar[int]
    CMD_K_EVENT_FIELD_NUMBER: _ClassVar[int]
    CHAT_EVENT_FIELD_NUMBER: _ClassVar[int]
    AI_EVENT_FIELD_NUMBER: _ClassVar[int]
    SCROLL_EVENT_FIELD_NUMBER: _ClassVar[int]
    EDITOR_CLOSE_EVENT_FIELD_NUMBER: _ClassVar[int]
    TAB_CLOSE_EVENT_FIELD_NUMBER: _ClassVar[int]
    MODEL_ADDED_EVENT_FIELD_NUMBER: _ClassVar[int]
    PARTIAL_ACCEPT_EVENT_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_CURSOR_PREDICTION_EVENT_FIELD_NUMBER: _ClassVar[int]
    REJECT_CURSOR_PREDICTION_EVENT_FIELD_NUMBER: _ClassVar[int]
    SUGGEST_CURSOR_PREDICTION_EVENT_FIELD_NUMBER: _ClassVar[int]
    CPP_TRIGGER_EVENT_FIELD_NUMBER: _ClassVar[int]
    FINISHED_CPP_GENERATION_EVENT_FIELD_NUMBER: _ClassVar[int]
    BUG_BOT_EVENT_FIELD_NUMBER: _ClassVar[int]
    BUG_BOT_LINTER_EVENT_FIELD_NUMBER: _ClassVar[int]
    ANYTHING_QUICK_ACCESS_SELECTION_EVENT_FIELD_NUMBER: _ClassVar[int]
    LSP_SUGGESTION_EVENT_FIELD_NUMBER: _ClassVar[int]
    NTP_EVENT_FIELD_NUMBER: _ClassVar[int]
    REPO_EVENT_FIELD_NUMBER: _ClassVar[int]
    GIT_EVENT_FIELD_NUMBER: _ClassVar[int]
    TOOL_CALL_EVENT_FIELD_NUMBER: _ClassVar[int]
    BEFORE_AI_EDIT_EVENT_FIELD_NUMBER: _ClassVar[int]
    SEARCH_EVENT_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_EVENT_FIELD_NUMBER: _ClassVar[int]
    WORKTREE_EVENT_FIELD_NUMBER: _ClassVar[int]
    REVIEW_CHANGES_OPENED_EVENT_FIELD_NUMBER: _ClassVar[int]
    BROWSER_EVENT_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_FILES_EVENT_FIELD_NUMBER: _ClassVar[int]
    performance_now_timestamp: float
    performance_time_origin: float
    global_index: int
    performance_now_flush_time: float
    event_index: int
    flush_index: int
    global_index_v2: int
    accept_event: CppAcceptEventNew
    reject_event: CppRejectEventNew
    manual_trigger_event: CppManualTriggerEventNew
    stopped_tracking_model_event: CppStoppedTrackingModelEvent
    suggest_event: CppSuggestEvent
    linter_error_event: CppLinterErrorEvent
    debounced_cursor_movement_event: CppDebouncedCursorMovementEvent
    editor_changed_event: CppEditorChangedEvent
    copy_event: CppCopyEvent
    quick_action_event: CppChangeQuickActionEvent
    quick_action_fire_event: CppQuickActionFireEvent
    model_opened_event: ModelOpenedEvent
    cmd_k_event: CmdKEvent
    chat_event: ChatEvent
    ai_event: AiRequestEvent
    scroll_event: ScrollEvent
    editor_close_event: EditorCloseEvent
    tab_close_event: TabCloseEvent
    model_added_event: ModelAddedEvent
    partial_accept_event: CppPartialAcceptEvent
    accept_cursor_prediction_event: AcceptCursorPredictionEvent
    reject_cursor_prediction_event: RejectCursorPredictionEvent
    suggest_cursor_prediction_event: SuggestCursorPredictionEvent
    cpp_trigger_event: CppTriggerEvent
    finished_cpp_generation_event: FinishedCppGenerationEvent
    bug_bot_event: BugBotEvent
    bug_bot_linter_event: BugBotLinterEvent
    anything_quick_access_selection_event: AnythingQuickAccessSelectionEvent
    lsp_suggestion_event: LspSuggestionEvent
    ntp_event: NtpEvent
    repo_event: RepoEvent
    git_event: GitEvent
    tool_call_event: ToolCallEvent
    before_ai_edit_event: BeforeAiEditEvent
    search_event: SearchEvent
    terminal_event: TerminalEvent
    worktree_event: WorktreeEvent
    review_changes_opened_event: ReviewChangesOpenedEvent
    browser_event: BrowserEvent
    background_files_event: BackgroundFilesEvent
    def __init__(self, performance_now_timestamp: _Optional[float] = ..., performance_time_origin: _Optional[float] = ..., global_index: _Optional[int] = ..., performance_now_flush_time: _Optional[float] = ..., event_index: _Optional[int] = ..., flush_index: _Optional[int] = ..., global_index_v2: _Optional[int] = ..., accept_event: _Optional[_Union[CppAcceptEventNew, _Mapping]] = ..., reject_event: _Optional[_Union[CppRejectEventNew, _Mapping]] = ..., manual_trigger_event: _Optional[_Union[CppManualTriggerEventNew, _Mapping]] = ..., stopped_tracking_model_event: _Optional[_Union[CppStoppedTrackingModelEvent, _Mapping]] = ..., suggest_event: _Optional[_Union[CppSuggestEvent, _Mapping]] = ..., linter_error_event: _Optional[_Union[CppLinterErrorEvent, _Mapping]] = ..., debounced_cursor_movement_event: _Optional[_Union[CppDebouncedCursorMovementEvent, _Mapping]] = ..., editor_changed_event: _Optional[_Union[CppEditorChangedEvent, _Mapping]] = ..., copy_event: _Optional[_Union[CppCopyEvent, _Mapping]] = ..., quick_action_event: _Optional[_Union[CppChangeQuickActionEvent, _Mapping]] = ..., quick_action_fire_event: _Optional[_Union[CppQuickActionFireEvent, _Mapping]] = ..., model_opened_event: _Optional[_Union[ModelOpenedEvent, _Mapping]] = ..., cmd_k_event: _Optional[_Union[CmdKEvent, _Mapping]] = ..., chat_event: _Optional[_Union[ChatEvent, _Mapping]] = ..., ai_event: _Optional[_Union[AiRequestEvent, _Mapping]] = ..., scroll_event: _Optional[_Union[ScrollEvent, _Mapping]] = ..., editor_close_event: _Optional[_Union[EditorCloseEvent, _Mapping]] = ..., tab_close_event: _Optional[_Union[TabCloseEvent, _Mapping]] = ..., model_added_event: _Optional[_Union[ModelAddedEvent, _Mapping]] = ..., partial_accept_event: _Optional[_Union[CppPartialAcceptEvent, _Mapping]] = ..., accept_cursor_prediction_event: _Optional[_Union[AcceptCursorPredictionEvent, _Mapping]] = ..., reject_cursor_prediction_event: _Optional[_Union[RejectCursorPredictionEvent, _Mapping]] = ..., suggest_cursor_prediction_event: _Optional[_Union[SuggestCursorPredictionEvent, _Mapping]] = ..., cpp_trigger_event: _Optional[_Union[CppTriggerEvent, _Mapping]] = ..., finished_cpp_generation_event: _Optional[_Union[FinishedCppGenerationEvent, _Mapping]] = ..., bug_bot_event: _Optional[_Union[BugBotEvent, _Mapping]] = ..., bug_bot_linter_event: _Optional[_Union[BugBotLinterEvent, _Mapping]] = ..., anything_quick_access_selection_event: _Optional[_Union[AnythingQuickAccessSelectionEvent, _Mapping]] = ..., lsp_suggestion_event: _Optional[_Union[LspSuggestionEvent, _Mapping]] = ..., ntp_event: _Optional[_Union[NtpEvent, _Mapping]] = ..., repo_event: _Optional[_Union[RepoEvent, _Mapping]] = ..., git_event: _Optional[_Union[GitEvent, _Mapping]] = ..., tool_call_event: _Optional[_Union[ToolCallEvent, _Mapping]] = ..., before_ai_edit_event: _Optional[_Union[BeforeAiEditEvent, _Mapping]] = ..., search_event: _Optional[_Union[SearchEvent, _Mapping]] = ..., terminal_event: _Optional[_Union[TerminalEvent, _Mapping]] = ..., worktree_event: _Optional[_Union[WorktreeEvent, _Mapping]] = ..., review_changes_opened_event: _Optional[_Union[ReviewChangesOpenedEvent, _Mapping]] = ..., browser_event: _Optional[_Union[BrowserEvent, _Mapping]] = ..., background_files_event: _Optional[_Union[BackgroundFilesEvent, _Mapping]] = ...) -> None: ...

class CppStoppedTrackingModelEvent(_message.Message):
    __slots__ = ("model_uuid", "relative_path", "reason")
    class StoppedTrackingModelReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        STOPPED_TRACKING_MODEL_REASON_UNSPECIFIED: _ClassVar[CppStoppedTrackingModelEvent.StoppedTrackingModelReason]
        STOPPED_TRACKING_MODEL_REASON_FILE_TOO_BIG: _ClassVar[CppStoppedTrackingModelEvent.StoppedTrackingModelReason]
        STOPPED_TRACKING_MODEL_REASON_FILE_DISPOSED: _ClassVar[CppStoppedTrackingModelEvent.StoppedTrackingModelReason]
        STOPPED_TRACKING_MODEL_REASON_CHANGE_TOO_BIG: _ClassVar[CppStoppedTrackingModelEvent.StoppedTrackingModelReason]
    STOPPED_TRACKING_MODEL_REASON_UNSPECIFIED: CppStoppedTrackingModelEvent.StoppedTrackingModelReason
    STOPPED_TRACKING_MODEL_REASON_FILE_TOO_BIG: CppStoppedTrackingModelEvent.StoppedTrackingModelReason
    STOPPED_TRACKING_MODEL_REASON_FILE_DISPOSED: CppStoppedTrackingModelEvent.StoppedTrackingModelReason
    STOPPED_TRACKING_MODEL_REASON_CHANGE_TOO_BIG: CppStoppedTrackingModelEvent.StoppedTrackingModelReason
    MODEL_UUID_FIELD_NUMBER: _ClassVar[int]
    RELATIVE_PATH_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    model_uuid: str
    relative_path: str
    reason: CppStoppedTrackingModelEvent.StoppedTrackingModelReason
    def __init__(self, model_uuid: _Optional[str] = ..., relative_path: _Optional[str] = ..., reason: _Optional[_Union[CppStoppedTrackingModelEvent.StoppedTrackingModelReason, str]] = ...) -> None: ...

class CppSuggestEvent(_message.Message):
    __slots__ = ("cpp_suggestion", "point_in_time_model", "recoverable_cpp_data")
    CPP_SUGGESTION_FIELD_NUMBER: _ClassVar[int]
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    RECOVERABLE_CPP_DATA_FIELD_NUMBER: _ClassVar[int]
    cpp_suggestion: CurrentlyShownCppSuggestion
    point_in_time_model: PointInTimeModel
    recoverable_cpp_data: RecoverableCppData
    def __init__(self, cpp_suggestion: _Optional[_Union[CurrentlyShownCppSuggestion, _Mapping]] = ..., point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., recoverable_cpp_data: _Optional[_Union[RecoverableCppData, _Mapping]] = ...) -> None: ...

class CppSuggestion(_message.Message):
    __slots__ = ("suggestion_text", "range", "seen", "editor_selection_before_peek", "binding_id")
    SUGGESTION_TEXT_FIELD_NUMBER: _ClassVar[int]
    RANGE_FIELD_NUMBER: _ClassVar[int]
    SEEN_FIELD_NUMBER: _ClassVar[int]
    EDITOR_SELECTION_BEFORE_PEEK_FIELD_NUMBER: _ClassVar[int]
    BINDING_ID_FIELD_NUMBER: _ClassVar[int]
    suggestion_text: str
    range: IRange
    seen: bool
    editor_selection_before_peek: SelectionWithOrientation
    binding_id: str
    def __init__(self, suggestion_text: _Optional[str] = ..., range: _Optional[_Union[IRange, _Mapping]] = ..., seen: _Optional[bool] = ..., editor_selection_before_peek: _Optional[_Union[SelectionWithOrientation, _Mapping]] = ..., binding_id: _Optional[str] = ...) -> None: ...

class CppTriggerEvent(_message.Message):
    __slots__ = ("generation_uuid", "model_version", "cursor_position", "point_in_time_model", "source")
    GENERATION_UUID_FIELD_NUMBER: _ClassVar[int]
    MODEL_VERSION_FIELD_NUMBER: _ClassVar[int]
    CURSOR_POSITION_FIELD_NUMBER: _ClassVar[int]
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    generation_uuid: str
    model_version: int
    cursor_position: OneIndexedPosition
    point_in_time_model: PointInTimeModel
    source: CppSource
    def __init__(self, generation_uuid: _Optional[str] = ..., model_version: _Optional[int] = ..., cursor_position: _Optional[_Union[OneIndexedPosition, _Mapping]] = ..., point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., source: _Optional[_Union[CppSource, str]] = ...) -> None: ...

class CpuProfileConfig(_message.Message):
    __slots__ = ("interval",)
    INTERVAL_FIELD_NUMBER: _ClassVar[int]
    interval: int
    def __init__(self, interval: _Optional[int] = ...) -> None: ...

class CreateDiagramParams(_message.Message):
    __slots__ = ("content",)
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    content: str
    def __init__(self, content: _Optional[str] = ...) -> None: ...

class CreateDiagramResult(_message.Message):
    __slots__ = ("error",)
    ERROR_FIELD_NUMBER: _ClassVar[int]
    error: str
    def __init__(self, error: _Optional[str] = ...) -> None: ...

class CreatePlanParams(_message.Message):
    __slots__ = ("plan", "title", "summary", "steps", "old_str", "new_str", "name", "todos", "overview", "is_spec", "is_project", "phases")
    PLAN_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    OLD_STR_FIELD_NUMBER: _ClassVar[int]
    NEW_STR_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TODOS_FIELD_NUMBER: _ClassVar[int]
    OVERVIEW_FIELD_NUMBER: _ClassVar[int]
    IS_SPEC_FIELD_NUMBER: _ClassVar[int]
    IS_PROJECT_FIELD_NUMBER: _ClassVar[int]
    PHASES_FIELD_NUMBER: _ClassVar[int]
    plan: str
    title: str
    summary: str
    steps: _containers.RepeatedCompositeFieldContainer[Step]
    old_str: str
    new_str: str
    name: str
    todos: _containers.RepeatedCompositeFieldContainer[TodoItem]
    overview: str
    is_spec: bool
    is_project: bool
    phases: _containers.RepeatedCompositeFieldContainer[PlanPhase]
    def __init__(self, plan: _Optional[str] = ..., title: _Optional[str] = ..., summary: _Optional[str] = ..., steps: _Optional[_Iterable[_Union[Step, _Mapping]]] = ..., old_str: _Optional[str] = ..., new_str: _Optional[str] = ..., name: _Optional[str] = ..., todos: _Optional[_Iterable[_Union[TodoItem, _Mapping]]] = ..., overview: _Optional[str] = ..., is_spec: _Optional[bool] = ..., is_project: _Optional[bool] = ..., phases: _Optional[_Iterable[_Union[PlanPhase, _Mapping]]] = ...) -> None: ...

class CreatePlanResult(_message.Message):
    __slots__ = ("plan_uri", "accepted", "rejected", "modified")
    class Accepted(_message.Message):
        __slots__ = ("final_todos",)
        FINAL_TODOS_FIELD_NUMBER: _ClassVar[int]
        final_todos: _containers.RepeatedCompositeFieldContainer[TodoItem]
        def __init__(self, final_todos: _Optional[_Iterable[_Union[TodoItem, _Mapping]]] = ...) -> None: ...
    class Modified(_message.Message):
        __slots__ = ("new_plan", "final_todos")
        NEW_PLAN_FIELD_NUMBER: _ClassVar[int]
        FINAL_TODOS_FIELD_NUMBER: _ClassVar[int]
        new_plan: str
        final_todos: _containers.RepeatedCompositeFieldContainer[TodoItem]
        def __init__(self, new_plan: _Optional[str] = ..., final_todos: _Optional[_Iterable[_Union[TodoItem, _Mapping]]] = ...) -> None: ...
    class Rejected(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    PLAN_URI_FIELD_NUMBER: _ClassVar[int]
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    REJECTED_FIELD_NUMBER: _ClassVar[int]
    MODIFIED_FIELD_NUMBER: _ClassVar[int]
    plan_uri: str
    accepted: CreatePlanResult.Accepted
    rejected: CreatePlanResult.Rejected
    modified: CreatePlanResult.Modified
    def __init__(self, plan_uri: _Optional[str] = ..., accepted: _Optional[_Union[CreatePlanResult.Accepted, _Mapping]] = ..., rejected: _Optional[_Union[CreatePlanResult.Rejected, _Mapping]] = ..., modified: _Optional[_Union[CreatePlanResult.Modified, _Mapping]] = ...) -> None: ...

class CurrentFileInfo(_message.Message):
    __slots__ = ("relative_workspace_path", "contents", "rely_on_filesync", "sha_256_hash", "cells", "top_chunks", "contents_start_at_line", "cursor_position", "dataframes", "total_number_of_lines", "language_id", "selection", "alternative_version_id", "diagnostics", "file_version", "cell_start_lines", "workspace_root_path", "line_ending")
    class NotebookCell(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    CONTENTS_FIELD_NUMBER: _ClassVar[int]
    RELY_ON_FILESYNC_FIELD_NUMBER: _ClassVar[int]
    SHA_256_HASH_FIELD_NUMBER: _ClassVar[int]
    CELLS_FIELD_NUMBER: _ClassVar[int]
    TOP_CHUNKS_FIELD_NUMBER: _ClassVar[int]
    CONTENTS_START_AT_LINE_FIELD_NUMBER: _ClassVar[int]
    CURSOR_POSITION_FIELD_NUMBER: _ClassVar[int]
    DATAFRAMES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_NUMBER_OF_LINES_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_ID_FIELD_NUMBER: _ClassVar[int]
    SELECTION_FIELD_NUMBER: _ClassVar[int]
    ALTERNATIVE_VERSION_ID_FIELD_NUMBER: _ClassVar[int]
    DIAGNOSTICS_FIELD_NUMBER: _ClassVar[int]
    FILE_VERSION_FIELD_NUMBER: _ClassVar[int]
    CELL_START_LINES_FIELD_NUMBER: _ClassVar[int]
    WORKSPACE_ROOT_PATH_FIELD_NUMBER: _ClassVar[int]
    LINE_ENDING_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    contents: str
    rely_on_filesync: bool
    sha_256_hash: str
    cells: _containers.RepeatedCompositeFieldContainer[CurrentFileInfo.NotebookCell]
    top_chunks: _containers.RepeatedCompositeFieldContainer[BM25Chunk]
    contents_start_at_line: int
    cursor_position: CursorPosition
    dataframes: _containers.RepeatedCompositeFieldContainer[DataframeInfo]
    total_number_of_lines: int
    language_id: str
    selection: CursorRange
    alternative_version_id: int
    diagnostics: _containers.RepeatedCompositeFieldContainer[Diagnostic]
    file_version: int
    cell_start_lines: _containers.RepeatedScalarFieldContainer[int]
    workspace_root_path: str
    line_ending: str
    def __init__(self, relative_workspace_path: _Optional[str] = ..., contents: _Optional[str] = ..., rely_on_filesync: _Optional[bool] = ..., sha_256_hash: _Optional[str] = ..., cells: _Optional[_Iterable[_Union[CurrentFileInfo.NotebookCell, _Mapping]]] = ..., top_chunks: _Optional[_Iterable[_Union[BM25Chunk, _Mapping]]] = ..., contents_start_at_line: _Optional[int] = ..., cursor_position: _Optional[_Union[CursorPosition, _Mapping]] = ..., dataframes: _Optional[_Iterable[_Union[DataframeInfo, _Mapping]]] = ..., total_number_of_lines: _Optional[int] = ..., language_id: _Optional[str] = ..., selection: _Optional[_Union[CursorRange, _Mapping]] = ..., alternative_version_id: _Optional[int] = ..., diagnostics: _Optional[_Iterable[_Union[Diagnostic, _Mapping]]] = ..., file_version: _Optional[int] = ..., cell_start_lines: _Optional[_Iterable[int]] = ..., workspace_root_path: _Optional[str] = ..., line_ending: _Optional[str] = ...) -> None: ...

class CurrentFileLocationData(_message.Message):
    __slots__ = ("relative_workspace_path", "line_number", "text")
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    line_number: int
    text: str
    def __init__(self, relative_workspace_path: _Optional[str] = ..., line_number: _Optional[int] = ..., text: _Optional[str] = ...) -> None: ...

class CurrentFolderFileOrFolder(_message.Message):
    __slots__ = ("name", "is_folder")
    NAME_FIELD_NUMBER: _ClassVar[int]
    IS_FOLDER_FIELD_NUMBER: _ClassVar[int]
    name: str
    is_folder: bool
    def __init__(self, name: _Optional[str] = ..., is_folder: _Optional[bool] = ...) -> None: ...

class CurrentlyShownCppSuggestion(_message.Message):
    __slots__ = ("suggestion_id", "suggestion_text", "model_version_when_the_change_is_first_indicated_to_the_user_but_not_shown_in_the_model", "range_of_suggestion_in_current_model", "original_text", "binding_id")
    SUGGESTION_ID_FIELD_NUMBER: _ClassVar[int]
    SUGGESTION_TEXT_FIELD_NUMBER: _ClassVar[int]
    MODEL_VERSION_WHEN_THE_CHANGE_IS_FIRST_INDICATED_TO_THE_USER_BUT_NOT_SHOWN_IN_THE_MODEL_FIELD_NUMBER: _ClassVar[int]
    RANGE_OF_SUGGESTION_IN_CURRENT_MODEL_FIELD_NUMBER: _ClassVar[int]
    ORIGINAL_TEXT_FIELD_NUMBER: _ClassVar[int]
    BINDING_ID_FIELD_NUMBER: _ClassVar[int]
    suggestion_id: int
    suggestion_text: str
    model_version_when_the_change_is_first_indicated_to_the_user_but_not_shown_in_the_model: int
    range_of_suggestion_in_current_model: IRange
    original_text: str
    binding_id: str
    def __init__(self, suggestion_id: _Optional[int] = ..., suggestion_text: _Optional[str] = ..., model_version_when_the_change_is_first_indicated_to_the_user_but_not_shown_in_the_model: _Optional[int] = ..., range_of_suggestion_in_current_model: _Optional[_Union[IRange, _Mapping]] = ..., original_text: _Optional[str] = ..., binding_id: _Optional[str] = ...) -> None: ...

class CursorPosition(_message.Message):
    __slots__ = ("line", "column")
    LINE_FIELD_NUMBER: _ClassVar[int]
    COLUMN_FIELD_NUMBER: _ClassVar[int]
    line: int
    column: int
    def __init__(self, line: _Optional[int] = ..., column: _Optional[int] = ...) -> None: ...

class CursorPositionAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CursorPrediction(_message.Message):
    __slots__ = ("request_id", "prediction_id", "line_number", "source", "binding_id")
    class CursorPredictionSource(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        CURSOR_PREDICTION_SOURCE_UNSPECIFIED: _ClassVar[CursorPrediction.CursorPredictionSource]
        CURSOR_PREDICTION_SOURCE_ALWAYS_ON: _ClassVar[CursorPrediction.CursorPredictionSource]
        CURSOR_PREDICTION_SOURCE_ACCEPT: _ClassVar[CursorPrediction.CursorPredictionSource]
        CURSOR_PREDICTION_SOURCE_UNDO: _ClassVar[CursorPrediction.CursorPredictionSource]
        CURSOR_PREDICTION_SOURCE_EDITOR_CHANGE: _ClassVar[CursorPrediction.CursorPredictionSource]
    CURSOR_PREDICTION_SOURCE_UNSPECIFIED: CursorPrediction.CursorPredictionSource
    CURSOR_PREDICTION_SOURCE_ALWAYS_ON: CursorPrediction.CursorPredictionSource
    CURSOR_PREDICTION_SOURCE_ACCEPT: CursorPrediction.CursorPredictionSource
    CURSOR_PREDICTION_SOURCE_UNDO: CursorPrediction.CursorPredictionSource
    CURSOR_PREDICTION_SOURCE_EDITOR_CHANGE: CursorPrediction.CursorPredictionSource
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    PREDICTION_ID_FIELD_NUMBER: _ClassVar[int]
    LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    BINDING_ID_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    prediction_id: int
    line_number: int
    source: CursorPrediction.CursorPredictionSource
    binding_id: str
    def __init__(self, request_id: _Optional[str] = ..., prediction_id: _Optional[int] = ..., line_number: _Optional[int] = ..., source: _Optional[_Union[CursorPrediction.CursorPredictionSource, str]] = ..., binding_id: _Optional[str] = ...) -> None: ...

class CursorPredictionConfigRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CursorPredictionConfigResponse(_message.Message):
    __slots__ = ("models", "default_model", "heuristics")
    class Heuristic(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        HEURISTIC_UNSPECIFIED: _ClassVar[CursorPredictionConfigResponse.Heuristic]
        HEURISTIC_DISABLE_IN_LAST_CPP_SUGGESTION: _ClassVar[CursorPredictionConfigResponse.Heuristic]
    HEURISTIC_UNSPECIFIED: CursorPredictionConfigResponse.Heuristic
    HEURISTIC_DISABLE_IN_LAST_CPP_SUGGESTION: CursorPredictionConfigResponse.Heuristic
    MODELS_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_MODEL_FIELD_NUMBER: _ClassVar[int]
    HEURISTICS_FIELD_NUMBER: _ClassVar[int]
    models: _containers.RepeatedCompositeFieldContainer[CursorPredictionModel]
    default_model: str
    heuristics: _containers.RepeatedScalarFieldContainer[CursorPredictionConfigResponse.Heuristic]
    def __init__(self, models: _Optional[_Iterable[_Union[CursorPredictionModel, _Mapping]]] = ..., default_model: _Optional[str] = ..., heuristics: _Optional[_Iterable[_Union[CursorPredictionConfigResponse.Heuristic, str]]] = ...) -> None: ...

class CursorPredictionModel(_message.Message):
    __slots__ = ("name", "radius")
    NAME_FIELD_NUMBER: _ClassVar[int]
    RADIUS_FIELD_NUMBER: _ClassVar[int]
    name: str
    radius: int
    def __init__(self, name: _Optional[str] = ..., radius: _Optional[int] = ...) -> None: ...

class CursorRange(_message.Message):
    __slots__ = ("start_position", "end_position")
    START_POSITION_FIELD_NUMBER: _ClassVar[int]
    END_POSITION_FIELD_NUMBER: _ClassVar[int]
    start_position: CursorPosition
    end_position: CursorPosition
    def __init__(self, start_position: _Optional[_Union[CursorPosition, _Mapping]] = ..., end_position: _Optional[_Union[CursorPosition, _Mapping]] = ...) -> None: ...

class CursorRule(_message.Message):
    __slots__ = ("name", "description", "body", "is_from_glob", "always_apply", "attach_to_background_agents", "full_path", "environments", "disabled_environments", "plugin", "marketplace")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    BODY_FIELD_NUMBER: _ClassVar[int]
    IS_FROM_GLOB_FIELD_NUMBER: _ClassVar[int]
    ALWAYS_APPLY_FIELD_NUMBER: _ClassVar[int]
    ATTACH_TO_BACKGROUND_AGENTS_FIELD_NUMBER: _ClassVar[int]
    FULL_PATH_FIELD_NUMBER: _ClassVar[int]
    ENVIRONMENTS_FIELD_NUMBER: _ClassVar[int]
    DISABLED_ENVIRONMENTS_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    MARKETPLACE_FIELD_NUMBER: _ClassVar[int]
    name: str
    description: str
    body: str
    is_from_glob: bool
    always_apply: bool
    attach_to_background_agents: bool
    full_path: str
    environments: _containers.RepeatedScalarFieldContainer[str]
    disabled_environments: _containers.RepeatedScalarFieldContainer[str]
    plugin: str
    marketplace: str
    def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ..., body: _Optional[str] = ..., is_from_glob: _Optional[bool] = ..., always_apply: _Optional[bool] = ..., attach_to_background_agents: _Optional[bool] = ..., full_path: _Optional[str] = ..., environments: _Optional[_Iterable[str]] = ..., disabled_environments: _Optional[_Iterable[str]] = ..., plugin: _Optional[str] = ..., marketplace: _Optional[str] = ...) -> None: ...

class CursorSelection(_message.Message):
    __slots__ = ("selection_start_line_number", "selection_start_column", "position_line_number", "position_column")
    SELECTION_START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    SELECTION_START_COLUMN_FIELD_NUMBER: _ClassVar[int]
    POSITION_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    POSITION_COLUMN_FIELD_NUMBER: _ClassVar[int]
    selection_start_line_number: int
    selection_start_column: int
    position_line_number: int
    position_column: int
    def __init__(self, selection_start_line_number: _Optional[int] = ..., selection_start_column: _Optional[int] = ..., position_line_number: _Optional[int] = ..., position_column: _Optional[int] = ...) -> None: ...

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

class DataframeInfo(_message.Message):
    __slots__ = ("name", "shape", "data_dimensionality", "columns", "row_count", "index_column")
    class Column(_message.Message):
        __slots__ = ("key", "type")
        KEY_FIELD_NUMBER: _ClassVar[int]
        TYPE_FIELD_NUMBER: _ClassVar[int]
        key: str
        type: str
        def __init__(self, key: _Optional[str] = ..., type: _Optional[str] = ...) -> None: ...
    NAME_FIELD_NUMBER: _ClassVar[int]
    SHAPE_FIELD_NUMBER: _ClassVar[int]
    DATA_DIMENSIONALITY_FIELD_NUMBER: _ClassVar[int]
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    ROW_COUNT_FIELD_NUMBER: _ClassVar[int]
    INDEX_COLUMN_FIELD_NUMBER: _ClassVar[int]
    name: str
    shape: str
    data_dimensionality: int
    columns: _containers.RepeatedCompositeFieldContainer[DataframeInfo.Column]
    row_count: int
    index_column: str
    def __init__(self, name: _Optional[str] = ..., shape: _Optional[str] = ..., data_dimensionality: _Optional[int] = ..., columns: _Optional[_Iterable[_Union[DataframeInfo.Column, _Mapping]]] = ..., row_count: _Optional[int] = ..., index_column: _Optional[str] = ...) -> None: ...

class DebugModeConfig(_message.Message):
    __slots__ = ("log_path", "server_endpoint", "session_id")
    LOG_PATH_FIELD_NUMBER: _ClassVar[int]
    SERVER_ENDPOINT_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    log_path: str
    server_endpoint: str
    session_id: str
    def __init__(self, log_path: _Optional[str] = ..., server_endpoint: _Optional[str] = ..., session_id: _Optional[str] = ...) -> None: ...

class DeepSearchParams(_message.Message):
    __slots__ = ("query",)
    QUERY_FIELD_NUMBER: _ClassVar[int]
    query: str
    def __init__(self, query: _Optional[str] = ...) -> None: ...

class DeepSearchResult(_message.Message):
    __slots__ = ("success", "result")
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    success: bool
    result: str
    def __init__(self, success: _Optional[bool] = ..., result: _Optional[str] = ...) -> None: ...

class DeepSearchSubagentParams(_message.Message):
    __slots__ = ("query",)
    QUERY_FIELD_NUMBER: _ClassVar[int]
    query: str
    def __init__(self, query: _Optional[str] = ...) -> None: ...

class DeepSearchSubagentReturnValue(_message.Message):
    __slots__ = ("context_items",)
    class ContextItem(_message.Message):
        __slots__ = ("file", "line_range", "explanation")
        FILE_FIELD_NUMBER: _ClassVar[int]
        LINE_RANGE_FIELD_NUMBER: _ClassVar[int]
        EXPLANATION_FIELD_NUMBER: _ClassVar[int]
        file: str
        line_range: LineRange
        explanation: str
        def __init__(self, file: _Optional[str] = ..., line_range: _Optional[_Union[LineRange, _Mapping]] = ..., explanation: _Optional[str] = ...) -> None: ...
    CONTEXT_ITEMS_FIELD_NUMBER: _ClassVar[int]
    context_items: _containers.RepeatedCompositeFieldContainer[DeepSearchSubagentReturnValue.ContextItem]
    def __init__(self, context_items: _Optional[_Iterable[_Union[DeepSearchSubagentReturnValue.ContextItem, _Mapping]]] = ...) -> None: ...

class DeleteFileParams(_message.Message):
    __slots__ = ("relative_workspace_path",)
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    def __init__(self, relative_workspace_path: _Optional[str] = ...) -> None: ...

class DeleteFileResult(_message.Message):
    __slots__ = ("rejected", "file_non_existent", "file_deleted_successfully")
    REJECTED_FIELD_NUMBER: _ClassVar[int]
    FILE_NON_EXISTENT_FIELD_NUMBER: _ClassVar[int]
    FILE_DELETED_SUCCESSFULLY_FIELD_NUMBER: _ClassVar[int]
    rejected: bool
    file_non_existent: bool
    file_deleted_successfully: bool
    def __init__(self, rejected: _Optional[bool] = ..., file_non_existent: _Optional[bool] = ..., file_deleted_successfully: _Optional[bool] = ...) -> None: ...

class DetailedLine(_message.Message):
    __slots__ = ("text", "line_number", "is_signature")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    IS_SIGNATURE_FIELD_NUMBER: _ClassVar[int]
    text: str
    line_number: float
    is_signature: bool
    def __init__(self, text: _Optional[str] = ..., line_number: _Optional[float] = ..., is_signature: _Optional[bool] = ...) -> None: ...

class DevEnvironment(_message.Message):
    __slots__ = ("has_alternative_cli", "has_cursor_agent_cli")
    HAS_ALTERNATIVE_CLI_FIELD_NUMBER: _ClassVar[int]
    HAS_CURSOR_AGENT_CLI_FIELD_NUMBER: _ClassVar[int]
    has_alternative_cli: bool
    has_cursor_agent_cli: bool
    def __init__(self, has_alternative_cli: _Optional[bool] = ..., has_cursor_agent_cli: _Optional[bool] = ...) -> None: ...

class Diagnostic(_message.Message):
    __slots__ = ("message", "range", "severity", "related_information")
    class DiagnosticSeverity(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        DIAGNOSTIC_SEVERITY_UNSPECIFIED: _ClassVar[Diagnostic.DiagnosticSeverity]
        DIAGNOSTIC_SEVERITY_ERROR: _ClassVar[Diagnostic.DiagnosticSeverity]
        DIAGNOSTIC_SEVERITY_WARNING: _ClassVar[Diagnostic.DiagnosticSeverity]
        DIAGNOSTIC_SEVERITY_INFORMATION: _ClassVar[Diagnostic.DiagnosticSeverity]
        DIAGNOSTIC_SEVERITY_HINT: _ClassVar[Diagnostic.DiagnosticSeverity]
    DIAGNOSTIC_SEVERITY_UNSPECIFIED: Diagnostic.DiagnosticSeverity
    DIAGNOSTIC_SEVERITY_ERROR: Diagnostic.DiagnosticSeverity
    DIAGNOSTIC_SEVERITY_WARNING: Diagnostic.DiagnosticSeverity
    DIAGNOSTIC_SEVERITY_INFORMATION: Diagnostic.DiagnosticSeverity
    DIAGNOSTIC_SEVERITY_HINT: Diagnostic.DiagnosticSeverity
    class RelatedInformation(_message.Message):
        __slots__ = ("message", "range")
        MESSAGE_FIELD_NUMBER: _ClassVar[int]
        RANGE_FIELD_NUMBER: _ClassVar[int]
        message: str
        range: CursorRange
        def __init__(self, message: _Optional[str] = ..., range: _Optional[_Union[CursorRange, _Mapping]] = ...) -> None: ...
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    RANGE_FIELD_NUMBER: _ClassVar[int]
    SEVERITY_FIELD_NUMBER: _ClassVar[int]
    RELATED_INFORMATION_FIELD_NUMBER: _ClassVar[int]
    message: str
    range: CursorRange
    severity: Diagnostic.DiagnosticSeverity
    related_information: _containers.RepeatedCompositeFieldContainer[Diagnostic.RelatedInformation]
    def __init__(self, message: _Optional[str] = ..., range: _Optional[_Union[CursorRange, _Mapping]] = ..., severity: _Optional[_Union[Diagnostic.DiagnosticSeverity, str]] = ..., related_information: _Optional[_Iterable[_Union[Diagnostic.RelatedInformation, _Mapping]]] = ...) -> None: ...

class DiffFile(_message.Message):
    __slots__ = ("file_details", "file_name")
    FILE_DETAILS_FIELD_NUMBER: _ClassVar[int]
    FILE_NAME_FIELD_NUMBER: _ClassVar[int]
    file_details: str
    file_name: str
    def __init__(self, file_details: _Optional[str] = ..., file_name: _Optional[str] = ...) -> None: ...

class DiffHistoryData(_message.Message):
    __slots__ = ("relative_workspace_path", "diffs", "timestamp", "unique_id", "start_to_end_diff")
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    DIFFS_FIELD_NUMBER: _ClassVar[int]
    TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
    UNIQUE_ID_FIELD_NUMBER: _ClassVar[int]
    START_TO_END_DIFF_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    diffs: _containers.RepeatedCompositeFieldContainer[ComposerFileDiff]
    timestamp: float
    unique_id: str
    start_to_end_diff: ComposerFileDiff
    def __init__(self, relative_workspace_path: _Optional[str] = ..., diffs: _Optional[_Iterable[_Union[ComposerFileDiff, _Mapping]]] = ..., timestamp: _Optional[float] = ..., unique_id: _Optional[str] = ..., start_to_end_diff: _Optional[_Union[ComposerFileDiff, _Mapping]] = ...) -> None: ...

class DocsReference(_message.Message):
    __slots__ = ("title", "url", "chunk", "name")
    TITLE_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    CHUNK_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    title: str
    url: str
    chunk: str
    name: str
    def __init__(self, title: _Optional[str] = ..., url: _Optional[str] = ..., chunk: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class DocumentSymbol(_message.Message):
    __slots__ = ("name", "detail", "kind", "container_name", "range", "selection_range", "children")
    class SymbolKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        SYMBOL_KIND_UNSPECIFIED: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_FILE: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_MODULE: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_NAMESPACE: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_PACKAGE: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_CLASS: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_METHOD: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_PROPERTY: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_FIELD: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_CONSTRUCTOR: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_ENUM: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_INTERFACE: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_FUNCTION: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_VARIABLE: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_CONSTANT: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_STRING: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_NUMBER: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_BOOLEAN: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_ARRAY: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_OBJECT: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_KEY: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_NULL: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_ENUM_MEMBER: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_STRUCT: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_EVENT: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_OPERATOR: _ClassVar[DocumentSymbol.SymbolKind]
        SYMBOL_KIND_TYPE_PARAMETER: _ClassVar[DocumentSymbol.SymbolKind]
    SYMBOL_KIND_UNSPECIFIED: DocumentSymbol.SymbolKind
    SYMBOL_KIND_FILE: DocumentSymbol.SymbolKind
    SYMBOL_KIND_MODULE: DocumentSymbol.SymbolKind
    SYMBOL_KIND_NAMESPACE: DocumentSymbol.SymbolKind
    SYMBOL_KIND_PACKAGE: DocumentSymbol.SymbolKind
    SYMBOL_KIND_CLASS: DocumentSymbol.SymbolKind
    SYMBOL_KIND_METHOD: DocumentSymbol.SymbolKind
    SYMBOL_KIND_PROPERTY: DocumentSymbol.SymbolKind
    SYMBOL_KIND_FIELD: DocumentSymbol.SymbolKind
    SYMBOL_KIND_CONSTRUCTOR: DocumentSymbol.SymbolKind
    SYMBOL_KIND_ENUM: DocumentSymbol.SymbolKind
    SYMBOL_KIND_INTERFACE: DocumentSymbol.SymbolKind
    SYMBOL_KIND_FUNCTION: DocumentSymbol.SymbolKind
    SYMBOL_KIND_VARIABLE: DocumentSymbol.SymbolKind
    SYMBOL_KIND_CONSTANT: DocumentSymbol.SymbolKind
    SYMBOL_KIND_STRING: DocumentSymbol.SymbolKind
    SYMBOL_KIND_NUMBER: DocumentSymbol.SymbolKind
    SYMBOL_KIND_BOOLEAN: DocumentSymbol.SymbolKind
    SYMBOL_KIND_ARRAY: DocumentSymbol.SymbolKind
    SYMBOL_KIND_OBJECT: DocumentSymbol.SymbolKind
    SYMBOL_KIND_KEY: DocumentSymbol.SymbolKind
    SYMBOL_KIND_NULL: DocumentSymbol.SymbolKind
    SYMBOL_KIND_ENUM_MEMBER: DocumentSymbol.SymbolKind
    SYMBOL_KIND_STRUCT: DocumentSymbol.SymbolKind
    SYMBOL_KIND_EVENT: DocumentSymbol.SymbolKind
    SYMBOL_KIND_OPERATOR: DocumentSymbol.SymbolKind
    SYMBOL_KIND_TYPE_PARAMETER: DocumentSymbol.SymbolKind
    class Range(_message.Message):
        __slots__ = ("start_line_number", "start_column", "end_line_number", "end_column")
        START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        START_COLUMN_FIELD_NUMBER: _ClassVar[int]
        END_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        END_COLUMN_FIELD_NUMBER: _ClassVar[int]
        start_line_number: int
        start_column: int
        end_line_number: int
        end_column: int
        def __init__(self, start_line_number: _Optional[int] = ..., start_column: _Optional[int] = ..., end_line_number: _Optional[int] = ..., end_column: _Optional[int] = ...) -> None: ...
    NAME_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    CONTAINER_NAME_FIELD_NUMBER: _ClassVar[int]
    RANGE_FIELD_NUMBER: _ClassVar[int]
    SELECTION_RANGE_FIELD_NUMBER: _ClassVar[int]
    CHILDREN_FIELD_NUMBER: _ClassVar[int]
    name: str
    detail: str
    kind: DocumentSymbol.SymbolKind
    container_name: str
    range: DocumentSymbol.Range
    selection_range: DocumentSymbol.Range
    children: _containers.RepeatedCompositeFieldContainer[DocumentSymbol]
    def __init__(self, name: _Optional[str] = ..., detail: _Optional[str] = ..., kind: _Optional[_Union[DocumentSymbol.SymbolKind, str]] = ..., container_name: _Optional[str] = ..., range: _Optional[_Union[DocumentSymbol.Range, _Mapping]] = ..., selection_range: _Optional[_Union[DocumentSymbol.Range, _Mapping]] = ..., children: _Optional[_Iterable[_Union[DocumentSymbol, _Mapping]]] = ...) -> None: ...

class DragAction(_message.Message):
    __slots__ = ("path", "button")
    PATH_FIELD_NUMBER: _ClassVar[int]
    BUTTON_FIELD_NUMBER: _ClassVar[int]
    path: _containers.RepeatedCompositeFieldContainer[Coordinate]
    button: MouseButton
    def __init__(self, path: _Optional[_Iterable[_Union[Coordinate, _Mapping]]] = ..., button: _Optional[_Union[MouseButton, str]] = ...) -> None: ...

class Edit(_message.Message):
    __slots__ = ("text", "range")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    RANGE_FIELD_NUMBER: _ClassVar[int]
    text: str
    range: IRange
    def __init__(self, text: _Optional[str] = ..., range: _Optional[_Union[IRange, _Mapping]] = ...) -> None: ...

class EditFileParams(_message.Message):
    __slots__ = ("relative_workspace_path", "language", "blocking", "contents", "instructions", "should_edit_file_fail_for_large_files", "old_string", "new_string", "allow_multiple_matches", "use_whitespace_insensitive_fallback", "use_did_you_mean_fuzzy_match", "gracefully_handle_recoverable_errors", "line_ranges", "notebook_cell_idx", "is_new_cell", "cell_language", "edit_category", "should_eagerly_process_lints")
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    BLOCKING_FIELD_NUMBER: _ClassVar[int]
    CONTENTS_FIELD_NUMBER: _ClassVar[int]
    INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
    SHOULD_EDIT_FILE_FAIL_FOR_LARGE_FILES_FIELD_NUMBER: _ClassVar[int]
    OLD_STRING_FIELD_NUMBER: _ClassVar[int]
    NEW_STRING_FIELD_NUMBER: _ClassVar[int]
    ALLOW_MULTIPLE_MATCHES_FIELD_NUMBER: _ClassVar[int]
    USE_WHITESPACE_INSENSITIVE_FALLBACK_FIELD_NUMBER: _ClassVar[int]
    USE_DID_YOU_MEAN_FUZZY_MATCH_FIELD_NUMBER: _ClassVar[int]
    GRACEFULLY_HANDLE_RECOVERABLE_ERRORS_FIELD_NUMBER: _ClassVar[int]
    LINE_RANGES_FIELD_NUMBER: _ClassVar[int]
    NOTEBOOK_CELL_IDX_FIELD_NUMBER: _ClassVar[int]
    IS_NEW_CELL_FIELD_NUMBER: _ClassVar[int]
    CELL_LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    EDIT_CATEGORY_FIELD_NUMBER: _ClassVar[int]
    SHOULD_EAGERLY_PROCESS_LINTS_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    language: str
    blocking: bool
    contents: str
    instructions: str
    should_edit_file_fail_for_large_files: bool
    old_string: str
    new_string: str
    allow_multiple_matches: bool
    use_whitespace_insensitive_fallback: bool
    use_did_you_mean_fuzzy_match: bool
    gracefully_handle_recoverable_errors: bool
    line_ranges: _containers.RepeatedCompositeFieldContainer[LineRange]
    notebook_cell_idx: int
    is_new_cell: bool
    cell_language: str
    edit_category: str
    should_eagerly_process_lints: bool
    def __init__(self, relative_workspace_path: _Optional[str] = ..., language: _Optional[str] = ..., blocking: _Optional[bool] = ..., contents: _Optional[str] = ..., instructions: _Optional[str] = ..., should_edit_file_fail_for_large_files: _Optional[bool] = ..., old_string: _Optional[str] = ..., new_string: _Optional[str] = ..., allow_multiple_matches: _Optional[bool] = ..., use_whitespace_insensitive_fallback: _Optional[bool] = ..., use_did_you_mean_fuzzy_match: _Optional[bool] = ..., gracefully_handle_recoverable_errors: _Optional[bool] = ..., line_ranges: _Optional[_Iterable[_Union[LineRange, _Mapping]]] = ..., notebook_cell_idx: _Optional[int] = ..., is_new_cell: _Optional[bool] = ..., cell_language: _Optional[str] = ..., edit_category: _Optional[str] = ..., should_eagerly_process_lints: _Optional[bool] = ...) -> None: ...

class EditFileResult(_message.Message):
    __slots__ = ("diff", "is_applied", "apply_failed", "linter_errors", "rejected", "num_matches", "whitespace_insensitive_fallback_found_match", "no_match_found_in_line_ranges", "recoverable_error", "num_lines_in_file", "is_subagent_edit", "diff_became_no_op_due_to_on_save_fixes", "human_review", "human_feedback", "should_eagerly_process_lints", "human_review_v2", "were_all_new_linter_errors_resolved_by_this_edit")
    class EditFileHumanReview(_message.Message):
        __slots__ = ("is_edit_accepted", "text_result", "stop_and_get_new_user_input")
        IS_EDIT_ACCEPTED_FIELD_NUMBER: _ClassVar[int]
        TEXT_RESULT_FIELD_NUMBER: _ClassVar[int]
        STOP_AND_GET_NEW_USER_INPUT_FIELD_NUMBER: _ClassVar[int]
        is_edit_accepted: bool
        text_result: str
        stop_and_get_new_user_input: bool
        def __init__(self, is_edit_accepted: _Optional[bool] = ..., text_result: _Optional[str] = ..., stop_and_get_new_user_input: _Optional[bool] = ...) -> None: ...
    class FileDiff(_message.Message):
        __slots__ = ("chunks", "editor", "hit_timeout")
        class Editor(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            EDITOR_UNSPECIFIED: _ClassVar[EditFileResult.FileDiff.Editor]
            EDITOR_AI: _ClassVar[EditFileResult.FileDiff.Editor]
            EDITOR_HUMAN: _ClassVar[EditFileResult.FileDiff.Editor]
        EDITOR_UNSPECIFIED: EditFileResult.FileDiff.Editor
        EDITOR_AI: EditFileResult.FileDiff.Editor
        EDITOR_HUMAN: EditFileResult.FileDiff.Editor
        class ChunkDiff(_message.Message):
            __slots__ = ("diff_string", "old_start", "new_start", "old_lines", "new_lines", "lines_removed", "lines_added")
            DIFF_STRING_FIELD_NUMBER: _ClassVar[int]
            OLD_START_FIELD_NUMBER: _ClassVar[int]
            NEW_START_FIELD_NUMBER: _ClassVar[int]
            OLD_LINES_FIELD_NUMBER: _ClassVar[int]
            NEW_LINES_FIELD_NUMBER: _ClassVar[int]
            LINES_REMOVED_FIELD_NUMBER: _ClassVar[int]
            LINES_ADDED_FIELD_NUMBER: _ClassVar[int]
            diff_string: str
            old_start: int
            new_start: int
            old_lines: int
            new_lines: int
            lines_removed: int
            lines_added: int
            def __init__(self, diff_string: _Optional[str] = ..., old_start: _Optional[int] = ..., new_start: _Optional[int] = ..., old_lines: _Optional[int] = ..., new_lines: _Optional[int] = ..., lines_removed: _Optional[int] = ..., lines_added: _Optional[int] = ...) -> None: ...
        CHUNKS_FIELD_NUMBER: _ClassVar[int]
        EDITOR_FIELD_NUMBER: _ClassVar[int]
        HIT_TIMEOUT_FIELD_NUMBER: _ClassVar[int]
        chunks: _containers.RepeatedCompositeFieldContainer[EditFileResult.FileDiff.ChunkDiff]
        editor: EditFileResult.FileDiff.Editor
        hit_timeout: bool
        def __init__(self, chunks: _Optional[_Iterable[_Union[EditFileResult.FileDiff.ChunkDiff, _Mapping]]] = ..., editor: _Optional[_Union[EditFileResult.FileDiff.Editor, str]] = ..., hit_timeout: _Optional[bool] = ...) -> None: ...
    class HumanFeedback(_message.Message):
        __slots__ = ("selected_option", "feedback_text", "submit_feedback_as_new_message", "bubble_id")
        SELECTED_OPTION_FIELD_NUMBER: _ClassVar[int]
        FEEDBACK_TEXT_FIELD_NUMBER: _ClassVar[int]
        SUBMIT_FEEDBACK_AS_NEW_MESSAGE_FIELD_NUMBER: _ClassVar[int]
        BUBBLE_ID_FIELD_NUMBER: _ClassVar[int]
        selected_option: str
        feedback_text: str
        submit_feedback_as_new_message: bool
        bubble_id: str
        def __init__(self, selected_option: _Optional[str] = ..., feedback_text: _Optional[str] = ..., submit_feedback_as_new_message: _Optional[bool] = ..., bubble_id: _Optional[str] = ...) -> None: ...
    class RecoverableError(_message.Message):
        __slots__ = ("error_type", "model_message")
        class RecoverableErrorType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            RECOVERABLE_ERROR_TYPE_UNSPECIFIED: _ClassVar[EditFileResult.RecoverableError.RecoverableErrorType]
            RECOVERABLE_ERROR_TYPE_SEARCH_STRING_NOT_FOUND: _ClassVar[EditFileResult.RecoverableError.RecoverableErrorType]
            RECOVERABLE_ERROR_TYPE_AMBIGUOUS_SEARCH_STRING: _ClassVar[EditFileResult.RecoverableError.RecoverableErrorType]
        RECOVERABLE_ERROR_TYPE_UNSPECIFIED: EditFileResult.RecoverableError.RecoverableErrorType
        RECOVERABLE_ERROR_TYPE_SEARCH_STRING_NOT_FOUND: EditFileResult.RecoverableError.RecoverableErrorType
        RECOVERABLE_ERROR_TYPE_AMBIGUOUS_SEARCH_STRING: EditFileResult.RecoverableError.RecoverableErrorType
        ERROR_TYPE_FIELD_NUMBER: _ClassVar[int]
        MODEL_MESSAGE_FIELD_NUMBER: _ClassVar[int]
        error_type: EditFileResult.RecoverableError.RecoverableErrorType
        model_message: str
        def __init__(self, error_type: _Optional[_Union[EditFileResult.RecoverableError.RecoverableErrorType, str]] = ..., model_message: _Optional[str] = ...) -> None: ...
    DIFF_FIELD_NUMBER: _ClassVar[int]
    IS_APPLIED_FIELD_NUMBER: _ClassVar[int]
    APPLY_FAILED_FIELD_NUMBER: _ClassVar[int]
    LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    REJECTED_FIELD_NUMBER: _ClassVar[int]
    NUM_MATCHES_FIELD_NUMBER: _ClassVar[int]
    WHITESPACE_INSENSITIVE_FALLBACK_FOUND_MATCH_FIELD_NUMBER: _ClassVar[int]
    NO_MATCH_FOUND_IN_LINE_RANGES_FIELD_NUMBER: _ClassVar[int]
    RECOVERABLE_ERROR_FIELD_NUMBER: _ClassVar[int]
    NUM_LINES_IN_FILE_FIELD_NUMBER: _ClassVar[int]
    IS_SUBAGENT_EDIT_FIELD_NUMBER: _ClassVar[int]
    DIFF_BECAME_NO_OP_DUE_TO_ON_SAVE_FIXES_FIELD_NUMBER: _ClassVar[int]
    HUMAN_REVIEW_FIELD_NUMBER: _ClassVar[int]
    HUMAN_FEEDBACK_FIELD_NUMBER: _ClassVar[int]
    SHOULD_EAGERLY_PROCESS_LINTS_FIELD_NUMBER: _ClassVar[int]
    HUMAN_REVIEW_V2_FIELD_NUMBER: _ClassVar[int]
    WERE_ALL_NEW_LINTER_ERRORS_RESOLVED_BY_THIS_EDIT_FIELD_NUMBER: _ClassVar[int]
    diff: EditFileResult.FileDiff
    is_applied: bool
    apply_failed: bool
    linter_errors: _containers.RepeatedCompositeFieldContainer[LinterError]
    rejected: bool
    num_matches: int
    whitespace_insensitive_fallback_found_match: bool
    no_match_found_in_line_ranges: bool
    recoverable_error: EditFileResult.RecoverableError
    num_lines_in_file: int
    is_subagent_edit: bool
    diff_became_no_op_due_to_on_save_fixes: bool
    human_review: EditFileResult.EditFileHumanReview
    human_feedback: EditFileResult.HumanFeedback
    should_eagerly_process_lints: bool
    human_review_v2: HumanReview
    were_all_new_linter_errors_resolved_by_this_edit: bool
    def __init__(self, diff: _Optional[_Union[EditFileResult.FileDiff, _Mapping]] = ..., is_applied: _Optional[bool] = ..., apply_failed: _Optional[bool] = ..., linter_errors: _Optional[_Iterable[_Union[LinterError, _Mapping]]] = ..., rejected: _Optional[bool] = ..., num_matches: _Optional[int] = ..., whitespace_insensitive_fallback_found_match: _Optional[bool] = ..., no_match_found_in_line_ranges: _Optional[bool] = ..., recoverable_error: _Optional[_Union[EditFileResult.RecoverableError, _Mapping]] = ..., num_lines_in_file: _Optional[int] = ..., is_subagent_edit: _Optional[bool] = ..., diff_became_no_op_due_to_on_save_fixes: _Optional[bool] = ..., human_review: _Optional[_Union[EditFileResult.EditFileHumanReview, _Mapping]] = ..., human_feedback: _Optional[_Union[EditFileResult.HumanFeedback, _Mapping]] = ..., should_eagerly_process_lints: _Optional[bool] = ..., human_review_v2: _Optional[_Union[HumanReview, _Mapping]] = ..., were_all_new_linter_errors_resolved_by_this_edit: _Optional[bool] = ...) -> None: ...

class EditFileV2Params(_message.Message):
    __slots__ = ("relative_workspace_path", "contents_after_edit", "waiting_for_file_contents", "should_send_back_linter_errors", "diff", "result_for_model", "streaming_content", "no_codeblock", "cloud_agent_edit", "text", "code")
    class StreamingEditCode(_message.Message):
        __slots__ = ("code",)
        CODE_FIELD_NUMBER: _ClassVar[int]
        code: str
        def __init__(self, code: _Optional[str] = ...) -> None: ...
    class StreamingEditText(_message.Message):
        __slots__ = ("text",)
        TEXT_FIELD_NUMBER: _ClassVar[int]
        text: str
        def __init__(self, text: _Optional[str] = ...) -> None: ...
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    CONTENTS_AFTER_EDIT_FIELD_NUMBER: _ClassVar[int]
    WAITING_FOR_FILE_CONTENTS_FIELD_NUMBER: _ClassVar[int]
    SHOULD_SEND_BACK_LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    DIFF_FIELD_NUMBER: _ClassVar[int]
    RESULT_FOR_MODEL_FIELD_NUMBER: _ClassVar[int]
    STREAMING_CONTENT_FIELD_NUMBER: _ClassVar[int]
    NO_CODEBLOCK_FIELD_NUMBER: _ClassVar[int]
    CLOUD_AGENT_EDIT_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    contents_after_edit: str
    waiting_for_file_contents: bool
    should_send_back_linter_errors: bool
    diff: EditFileResult.FileDiff
    result_for_model: str
    streaming_content: str
    no_codeblock: bool
    cloud_agent_edit: bool
    text: EditFileV2Params.StreamingEditText
    code: EditFileV2Params.StreamingEditCode
    def __init__(self, relative_workspace_path: _Optional[str] = ..., contents_after_edit: _Optional[str] = ..., waiting_for_file_contents: _Optional[bool] = ..., should_send_back_linter_errors: _Optional[bool] = ..., diff: _Optional[_Union[EditFileResult.FileDiff, _Mapping]] = ..., result_for_model: _Optional[str] = ..., streaming_content: _Optional[str] = ..., no_codeblock: _Optional[bool] = ..., cloud_agent_edit: _Optional[bool] = ..., text: _Optional[_Union[EditFileV2Params.StreamingEditText, _Mapping]] = ..., code: _Optional[_Union[EditFileV2Params.StreamingEditCode, _Mapping]] = ...) -> None: ...

class EditFileV2Result(_message.Message):
    __slots__ = ("contents_before_edit", "eol_sequence", "detected_language", "file_was_created", "diff", "rejected", "linter_errors", "sent_back_linter_errors", "should_auto_fix_lints", "human_review_v2", "result_for_model", "contents_after_edit", "before_content_id", "after_content_id")
    CONTENTS_BEFORE_EDIT_FIELD_NUMBER: _ClassVar[int]
    EOL_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    DETECTED_LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    FILE_WAS_CREATED_FIELD_NUMBER: _ClassVar[int]
    DIFF_FIELD_NUMBER: _ClassVar[int]
    REJECTED_FIELD_NUMBER: _ClassVar[int]
    LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    SENT_BACK_LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    SHOULD_AUTO_FIX_LINTS_FIELD_NUMBER: _ClassVar[int]
    HUMAN_REVIEW_V2_FIELD_NUMBER: _ClassVar[int]
    RESULT_FOR_MODEL_FIELD_NUMBER: _ClassVar[int]
    CONTENTS_AFTER_EDIT_FIELD_NUMBER: _ClassVar[int]
    BEFORE_CONTENT_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_CONTENT_ID_FIELD_NUMBER: _ClassVar[int]
    contents_before_edit: str
    eol_sequence: str
    detected_language: str
    file_was_created: bool
    diff: EditFileResult.FileDiff
    rejected: bool
    linter_errors: _containers.RepeatedCompositeFieldContainer[LinterError]
    sent_back_linter_errors: bool
    should_auto_fix_lints: bool
    human_review_v2: HumanReview
    result_for_model: str
    contents_after_edit: str
    before_content_id: str
    after_content_id: str
    def __init__(self, contents_before_edit: _Optional[str] = ..., eol_sequence: _Optional[str] = ..., detected_language: _Optional[str] = ..., file_was_created: _Optional[bool] = ..., diff: _Optional[_Union[EditFileResult.FileDiff, _Mapping]] = ..., rejected: _Optional[bool] = ..., linter_errors: _Optional[_Iterable[_Union[LinterError, _Mapping]]] = ..., sent_back_linter_errors: _Optional[bool] = ..., should_auto_fix_lints: _Optional[bool] = ..., human_review_v2: _Optional[_Union[HumanReview, _Mapping]] = ..., result_for_model: _Optional[str] = ..., contents_after_edit: _Optional[str] = ..., before_content_id: _Optional[str] = ..., after_content_id: _Optional[str] = ...) -> None: ...

class EditHistoryAppendChangesRequest(_message.Message):
    __slots__ = ("session_id", "model_uuid", "starting_model_value", "starting_model_version", "relative_path", "uri", "client_version", "client_commit", "changes", "session_events", "model_changes_may_be_out_of_order", "privacy_mode_status", "events", "time_origin")
    class PrivacyModeStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        PRIVACY_MODE_STATUS_UNSPECIFIED: _ClassVar[EditHistoryAppendChangesRequest.PrivacyModeStatus]
        PRIVACY_MODE_STATUS_PRIVACY_ENABLED: _ClassVar[EditHistoryAppendChangesRequest.PrivacyModeStatus]
        PRIVACY_MODE_STATUS_IMPLICIT_NO_PRIVACY: _ClassVar[EditHistoryAppendChangesRequest.PrivacyModeStatus]
        PRIVACY_MODE_STATUS_EXPLICIT_NO_PRIVACY: _ClassVar[EditHistoryAppendChangesRequest.PrivacyModeStatus]
    PRIVACY_MODE_STATUS_UNSPECIFIED: EditHistoryAppendChangesRequest.PrivacyModeStatus
    PRIVACY_MODE_STATUS_PRIVACY_ENABLED: EditHistoryAppendChangesRequest.PrivacyModeStatus
    PRIVACY_MODE_STATUS_IMPLICIT_NO_PRIVACY: EditHistoryAppendChangesRequest.PrivacyModeStatus
    PRIVACY_MODE_STATUS_EXPLICIT_NO_PRIVACY: EditHistoryAppendChangesRequest.PrivacyModeStatus
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    MODEL_UUID_FIELD_NUMBER: _ClassVar[int]
    STARTING_MODEL_VALUE_FIELD_NUMBER: _ClassVar[int]
    STARTING_MODEL_VERSION_FIELD_NUMBER: _ClassVar[int]
    RELATIVE_PATH_FIELD_NUMBER: _ClassVar[int]
    URI_FIELD_NUMBER: _ClassVar[int]
    CLIENT_VERSION_FIELD_NUMBER: _ClassVar[int]
    CLIENT_COMMIT_FIELD_NUMBER: _ClassVar[int]
    CHANGES_FIELD_NUMBER: _ClassVar[int]
    SESSION_EVENTS_FIELD_NUMBER: _ClassVar[int]
    MODEL_CHANGES_MAY_BE_OUT_OF_ORDER_FIELD_NUMBER: _ClassVar[int]
    PRIVACY_MODE_STATUS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    TIME_ORIGIN_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    model_uuid: str
    starting_model_value: str
    starting_model_version: int
    relative_path: str
    uri: str
    client_version: str
    client_commit: str
    changes: _containers.RepeatedCompositeFieldContainer[ModelChange]
    session_events: _containers.RepeatedCompositeFieldContainer[CppSessionEvent]
    model_changes_may_be_out_of_order: bool
    privacy_mode_status: EditHistoryAppendChangesRequest.PrivacyModeStatus
    events: _containers.RepeatedCompositeFieldContainer[CppHistoryAppendEvent]
    time_origin: float
    def __init__(self, session_id: _Optional[str] = ..., model_uuid: _Optional[str] = ..., starting_model_value: _Optional[str] = ..., starting_model_version: _Optional[int] = ..., relative_path: _Optional[str] = ..., uri: _Optional[str] = ..., client_version: _Optional[str] = ..., client_commit: _Optional[str] = ..., changes: _Optional[_Iterable[_Union[ModelChange, _Mapping]]] = ..., session_events: _Optional[_Iterable[_Union[CppSessionEvent, _Mapping]]] = ..., model_changes_may_be_out_of_order: _Optional[bool] = ..., privacy_mode_status: _Optional[_Union[EditHistoryAppendChangesRequest.PrivacyModeStatus, str]] = ..., events: _Optional[_Iterable[_Union[CppHistoryAppendEvent, _Mapping]]] = ..., time_origin: _Optional[float] = ...) -> None: ...

class EditHistoryAppendChangesResponse(_message.Message):
    __slots__ = ("success",)
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    success: bool
    def __init__(self, success: _Optional[bool] = ...) -> None: ...

class EditorCloseEvent(_message.Message):
    __slots__ = ("editor_id",)
    EDITOR_ID_FIELD_NUMBER: _ClassVar[int]
    editor_id: str
    def __init__(self, editor_id: _Optional[str] = ...) -> None: ...

class EnvironmentInfo(_message.Message):
    __slots__ = ("exthost_platform", "exthost_arch", "exthost_release", "exthost_shell", "local_timestamp", "workspace_uris", "cursor_version", "is_remote", "local_os_type", "home_directory", "local_timezone")
    EXTHOST_PLATFORM_FIELD_NUMBER: _ClassVar[int]
    EXTHOST_ARCH_FIELD_NUMBER: _ClassVar[int]
    EXTHOST_RELEASE_FIELD_NUMBER: _ClassVar[int]
    EXTHOST_SHELL_FIELD_NUMBER: _ClassVar[int]
    LOCAL_TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
    WORKSPACE_URIS_FIELD_NUMBER: _ClassVar[int]
    CURSOR_VERSION_FIELD_NUMBER: _ClassVar[int]
    IS_REMOTE_FIELD_NUMBER: _ClassVar[int]
    LOCAL_OS_TYPE_FIELD_NUMBER: _ClassVar[int]
    HOME_DIRECTORY_FIELD_NUMBER: _ClassVar[int]
    LOCAL_TIMEZONE_FIELD_NUMBER: _ClassVar[int]
    exthost_platform: str
    exthost_arch: str
    exthost_release: str
    exthost_shell: str
    local_timestamp: str
    workspace_uris: _containers.RepeatedScalarFieldContainer[str]
    cursor_version: str
    is_remote: bool
    local_os_type: str
    home_directory: str
    local_timezone: str
    def __init__(self, exthost_platform: _Optional[str] = ..., exthost_arch: _Optional[str] = ..., exthost_release: _Optional[str] = ..., exthost_shell: _Optional[str] = ..., local_timestamp: _Optional[str] = ..., workspace_uris: _Optional[_Iterable[str]] = ..., cursor_version: _Optional[str] = ..., is_remote: _Optional[bool] = ..., local_os_type: _Optional[str] = ..., home_directory: _Optional[str] = ..., local_timezone: _Optional[str] = ...) -> None: ...

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

class ExplicitContext(_message.Message):
    __slots__ = ("context", "repo_context", "rules", "mode_specific_context", "mcp_instructions")
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    REPO_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    MODE_SPECIFIC_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    MCP_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
    context: str
    repo_context: str
    rules: _containers.RepeatedCompositeFieldContainer[CursorRule]
    mode_specific_context: str
    mcp_instructions: _containers.RepeatedCompositeFieldContainer[MCPInstructions]
    def __init__(self, context: _Optional[str] = ..., repo_context: _Optional[str] = ..., rules: _Optional[_Iterable[_Union[CursorRule, _Mapping]]] = ..., mode_specific_context: _Optional[str] = ..., mcp_instructions: _Optional[_Iterable[_Union[MCPInstructions, _Mapping]]] = ...) -> None: ...

class FSConfigRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class FSConfigResponse(_message.Message):
    __slots__ = ("check_filesync_hash_percent", "rate_limiter_breaker_reset_time_ms", "rate_limiter_rps", "rate_limiter_burst_capacity", "max_recent_updates_stored", "max_model_version_cache_size", "max_file_size_to_sync_bytes", "sync_retry_max_attempts", "sync_retry_initial_delay_ms", "sync_retry_time_multiplier", "file_sync_status_max_cache_size", "successive_syncs_required_for_reliance", "extra_successful_syncs_needed_after_errors", "big_change_stripping_threshold_bytes", "last_n_updates_to_send", "file_sync_status_ttl_ms", "sync_debounce_ms", "sync_update_threshold")
    CHECK_FILESYNC_HASH_PERCENT_FIELD_NUMBER: _ClassVar[int]
    RATE_LIMITER_BREAKER_RESET_TIME_MS_FIELD_NUMBER: _ClassVar[int]
    RATE_LIMITER_RPS_FIELD_NUMBER: _ClassVar[int]
    RATE_LIMITER_BURST_CAPACITY_FIELD_NUMBER: _ClassVar[int]
    MAX_RECENT_UPDATES_STORED_FIELD_NUMBER: _ClassVar[int]
    MAX_MODEL_VERSION_CACHE_SIZE_FIELD_NUMBER: _ClassVar[int]
    MAX_FILE_SIZE_TO_SYNC_BYTES_FIELD_NUMBER: _ClassVar[int]
    SYNC_RETRY_MAX_ATTEMPTS_FIELD_NUMBER: _ClassVar[int]
    SYNC_RETRY_INITIAL_DELAY_MS_FIELD_NUMBER: _ClassVar[int]
    SYNC_RETRY_TIME_MULTIPLIER_FIELD_NUMBER: _ClassVar[int]
    FILE_SYNC_STATUS_MAX_CACHE_SIZE_FIELD_NUMBER: _ClassVar[int]
    SUCCESSIVE_SYNCS_REQUIRED_FOR_RELIANCE_FIELD_NUMBER: _ClassVar[int]
    EXTRA_SUCCESSFUL_SYNCS_NEEDED_AFTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    BIG_CHANGE_STRIPPING_THRESHOLD_BYTES_FIELD_NUMBER: _ClassVar[int]
    LAST_N_UPDATES_TO_SEND_FIELD_NUMBER: _ClassVar[int]
    FILE_SYNC_STATUS_TTL_MS_FIELD_NUMBER: _ClassVar[int]
    SYNC_DEBOUNCE_MS_FIELD_NUMBER: _ClassVar[int]
    SYNC_UPDATE_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    check_filesync_hash_percent: float
    rate_limiter_breaker_reset_time_ms: int
    rate_limiter_rps: int
    rate_limiter_burst_capacity: int
    max_recent_updates_stored: int
    max_model_version_cache_size: int
    max_file_size_to_sync_bytes: int
    sync_retry_max_attempts: int
    sync_retry_initial_delay_ms: int
    sync_retry_time_multiplier: int
    file_sync_status_max_cache_size: int
    successive_syncs_required_for_reliance: int
    extra_successful_syncs_needed_after_errors: int
    big_change_stripping_threshold_bytes: int
    last_n_updates_to_send: int
    file_sync_status_ttl_ms: int
    sync_debounce_ms: int
    sync_update_threshold: int
    def __init__(self, check_filesync_hash_percent: _Optional[float] = ..., rate_limiter_breaker_reset_time_ms: _Optional[int] = ..., rate_limiter_rps: _Optional[int] = ..., rate_limiter_burst_capacity: _Optional[int] = ..., max_recent_updates_stored: _Optional[int] = ..., max_model_version_cache_size: _Optional[int] = ..., max_file_size_to_sync_bytes: _Optional[int] = ..., sync_retry_max_attempts: _Optional[int] = ..., sync_retry_initial_delay_ms: _Optional[int] = ..., sync_retry_time_multiplier: _Optional[int] = ..., file_sync_status_max_cache_size: _Optional[int] = ..., successive_syncs_required_for_reliance: _Optional[int] = ..., extra_successful_syncs_needed_after_errors: _Optional[int] = ..., big_change_stripping_threshold_bytes: _Optional[int] = ..., last_n_updates_to_send: _Optional[int] = ..., file_sync_status_ttl_ms: _Optional[int] = ..., sync_debounce_ms: _Optional[int] = ..., sync_update_threshold: _Optional[int] = ...) -> None: ...

class FSIsEnabledForUserRequest(_message.Message):
    __slots__ = ("uuid",)
    UUID_FIELD_NUMBER: _ClassVar[int]
    uuid: str
    def __init__(self, uuid: _Optional[str] = ...) -> None: ...

class FSIsEnabledForUserResponse(_message.Message):
    __slots__ = ("enabled",)
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    def __init__(self, enabled: _Optional[bool] = ...) -> None: ...

class FetchPullRequestParams(_message.Message):
    __slots__ = ("pull_number_or_commit_hash", "repo", "is_github")
    PULL_NUMBER_OR_COMMIT_HASH_FIELD_NUMBER: _ClassVar[int]
    REPO_FIELD_NUMBER: _ClassVar[int]
    IS_GITHUB_FIELD_NUMBER: _ClassVar[int]
    pull_number_or_commit_hash: str
    repo: str
    is_github: bool
    def __init__(self, pull_number_or_commit_hash: _Optional[str] = ..., repo: _Optional[str] = ..., is_github: _Optional[bool] = ...) -> None: ...

class FetchPullRequestResult(_message.Message):
    __slots__ = ("content", "pr_number", "title", "body", "author", "date", "diff", "sha", "external_link", "url", "comments", "labels", "assignees", "is_issue", "state", "prompt_connect_github")
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    PR_NUMBER_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    BODY_FIELD_NUMBER: _ClassVar[int]
    AUTHOR_FIELD_NUMBER: _ClassVar[int]
    DATE_FIELD_NUMBER: _ClassVar[int]
    DIFF_FIELD_NUMBER: _ClassVar[int]
    SHA_FIELD_NUMBER: _ClassVar[int]
    EXTERNAL_LINK_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    COMMENTS_FIELD_NUMBER: _ClassVar[int]
    LABELS_FIELD_NUMBER: _ClassVar[int]
    ASSIGNEES_FIELD_NUMBER: _ClassVar[int]
    IS_ISSUE_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    PROMPT_CONNECT_GITHUB_FIELD_NUMBER: _ClassVar[int]
    content: str
    pr_number: int
    title: str
    body: str
    author: str
    date: str
    diff: str
    sha: str
    external_link: str
    url: str
    comments: _containers.RepeatedCompositeFieldContainer[IssueComment]
    labels: _containers.RepeatedScalarFieldContainer[str]
    assignees: _containers.RepeatedScalarFieldContainer[str]
    is_issue: bool
    state: str
    prompt_connect_github: bool
    def __init__(self, content: _Optional[str] = ..., pr_number: _Optional[int] = ..., title: _Optional[str] = ..., body: _Optional[str] = ..., author: _Optional[str] = ..., date: _Optional[str] = ..., diff: _Optional[str] = ..., sha: _Optional[str] = ..., external_link: _Optional[str] = ..., url: _Optional[str] = ..., comments: _Optional[_Iterable[_Union[IssueComment, _Mapping]]] = ..., labels: _Optional[_Iterable[str]] = ..., assignees: _Optional[_Iterable[str]] = ..., is_issue: _Optional[bool] = ..., state: _Optional[str] = ..., prompt_connect_github: _Optional[bool] = ...) -> None: ...

class FetchRulesParams(_message.Message):
    __slots__ = ("rule_names",)
    RULE_NAMES_FIELD_NUMBER: _ClassVar[int]
    rule_names: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, rule_names: _Optional[_Iterable[str]] = ...) -> None: ...

class FetchRulesResult(_message.Message):
    __slots__ = ("rules",)
    RULES_FIELD_NUMBER: _ClassVar[int]
    rules: _containers.RepeatedCompositeFieldContainer[CursorRule]
    def __init__(self, rules: _Optional[_Iterable[_Union[CursorRule, _Mapping]]] = ...) -> None: ...

class File(_message.Message):
    __slots__ = ("relative_workspace_path", "contents", "file_git_context")
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    CONTENTS_FIELD_NUMBER: _ClassVar[int]
    FILE_GIT_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    contents: str
    file_git_context: FileGit
    def __init__(self, relative_workspace_path: _Optional[str] = ..., contents: _Optional[str] = ..., file_git_context: _Optional[_Union[FileGit, _Mapping]] = ...) -> None: ...

class FileDiff(_message.Message):
    __slots__ = ("added", "removed", "to", "chunks", "before_file_contents", "after_file_contents", "is_generated")
    class Chunk(_message.Message):
        __slots__ = ("content", "lines", "old_start", "old_lines", "new_start", "new_lines")
        CONTENT_FIELD_NUMBER: _ClassVar[int]
        LINES_FIELD_NUMBER: _ClassVar[int]
        OLD_START_FIELD_NUMBER: _ClassVar[int]
        OLD_LINES_FIELD_NUMBER: _ClassVar[int]
        NEW_START_FIELD_NUMBER: _ClassVar[int]
        NEW_LINES_FIELD_NUMBER: _ClassVar[int]
        content: str
        lines: _containers.RepeatedScalarFieldContainer[str]
        old_start: int
        old_lines: int
        new_start: int
        new_lines: int
        def __init__(self, content: _Optional[str] = ..., lines: _Optional[_Iterable[str]] = ..., old_start: _Optional[int] = ..., old_lines: _Optional[int] = ..., new_start: _Optional[int] = ..., new_lines: _Optional[int] = ...) -> None: ...
    ADDED_FIELD_NUMBER: _ClassVar[int]
    REMOVED_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    CHUNKS_FIELD_NUMBER: _ClassVar[int]
    BEFORE_FILE_CONTENTS_FIELD_NUMBER: _ClassVar[int]
    AFTER_FILE_CONTENTS_FIELD_NUMBER: _ClassVar[int]
    IS_GENERATED_FIELD_NUMBER: _ClassVar[int]
    added: int
    removed: int
    to: str
    chunks: _containers.RepeatedCompositeFieldContainer[FileDiff.Chunk]
    before_file_contents: str
    after_file_contents: str
    is_generated: bool
    def __init__(self, added: _Optional[int] = ..., removed: _Optional[int] = ..., to: _Optional[str] = ..., chunks: _Optional[_Iterable[_Union[FileDiff.Chunk, _Mapping]]] = ..., before_file_contents: _Optional[str] = ..., after_file_contents: _Optional[str] = ..., is_generated: _Optional[bool] = ..., **kwargs) -> None: ...

class FileGit(_message.Message):
    __slots__ = ("commits",)
    COMMITS_FIELD_NUMBER: _ClassVar[int]
    commits: _containers.RepeatedCompositeFieldContainer[GitCommit]
    def __init__(self, commits: _Optional[_Iterable[_Union[GitCommit, _Mapping]]] = ...) -> None: ...

class FilesyncUpdateWithModelVersion(_message.Message):
    __slots__ = ("model_version", "relative_workspace_path", "updates", "expected_file_length")
    MODEL_VERSION_FIELD_NUMBER: _ClassVar[int]
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    UPDATES_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_FILE_LENGTH_FIELD_NUMBER: _ClassVar[int]
    model_version: int
    relative_workspace_path: str
    updates: _containers.RepeatedCompositeFieldContainer[SingleUpdateRequest]
    expected_file_length: int
    def __init__(self, model_version: _Optional[int] = ..., relative_workspace_path: _Optional[str] = ..., updates: _Optional[_Iterable[_Union[SingleUpdateRequest, _Mapping]]] = ..., expected_file_length: _Optional[int] = ...) -> None: ...

class FinishedCppGenerationEvent(_message.Message):
    __slots__ = ("point_in_time_model", "recoverable_cpp_data")
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    RECOVERABLE_CPP_DATA_FIELD_NUMBER: _ClassVar[int]
    point_in_time_model: PointInTimeModel
    recoverable_cpp_data: RecoverableCppData
    def __init__(self, point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., recoverable_cpp_data: _Optional[_Union[RecoverableCppData, _Mapping]] = ...) -> None: ...

class FixLintsParams(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class FixLintsResult(_message.Message):
    __slots__ = ("file_results",)
    class FileResult(_message.Message):
        __slots__ = ("file_path", "diff", "is_applied", "apply_failed", "error", "linter_errors")
        FILE_PATH_FIELD_NUMBER: _ClassVar[int]
        DIFF_FIELD_NUMBER: _ClassVar[int]
        IS_APPLIED_FIELD_NUMBER: _ClassVar[int]
        APPLY_FAILED_FIELD_NUMBER: _ClassVar[int]
        ERROR_FIELD_NUMBER: _ClassVar[int]
        LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
        file_path: str
        diff: EditFileResult.FileDiff
        is_applied: bool
        apply_failed: bool
        error: str
        linter_errors: _containers.RepeatedCompositeFieldContainer[LinterError]
        def __init__(self, file_path: _Optional[str] = ..., diff: _Optional[_Union[EditFileResult.FileDiff, _Mapping]] = ..., is_applied: _Optional[bool] = ..., apply_failed: _Optional[bool] = ..., error: _Optional[str] = ..., linter_errors: _Optional[_Iterable[_Union[LinterError, _Mapping]]] = ...) -> None: ...
    FILE_RESULTS_FIELD_NUMBER: _ClassVar[int]
    file_results: _containers.RepeatedCompositeFieldContainer[FixLintsResult.FileResult]
    def __init__(self, file_results: _Optional[_Iterable[_Union[FixLintsResult.FileResult, _Mapping]]] = ...) -> None: ...

class FixLintsSubagentParams(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class FixLintsSubagentReturnValue(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class FolderFileInfo(_message.Message):
    __slots__ = ("relative_path", "content", "truncated", "score")
    RELATIVE_PATH_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    relative_path: str
    content: str
    truncated: bool
    score: float
    def __init__(self, relative_path: _Optional[str] = ..., content: _Optional[str] = ..., truncated: _Optional[bool] = ..., score: _Optional[float] = ...) -> None: ...

class FolderInfo(_message.Message):
    __slots__ = ("relative_path", "files")
    RELATIVE_PATH_FIELD_NUMBER: _ClassVar[int]
    FILES_FIELD_NUMBER: _ClassVar[int]
    relative_path: str
    files: _containers.RepeatedCompositeFieldContainer[FolderFileInfo]
    def __init__(self, relative_path: _Optional[str] = ..., files: _Optional[_Iterable[_Union[FolderFileInfo, _Mapping]]] = ...) -> None: ...

class FolderSizeLimit(_message.Message):
    __slots__ = ("max_total_bytes", "max_num_files")
    MAX_TOTAL_BYTES_FIELD_NUMBER: _ClassVar[int]
    MAX_NUM_FILES_FIELD_NUMBER: _ClassVar[int]
    max_total_bytes: int
    max_num_files: int
    def __init__(self, max_total_bytes: _Optional[int] = ..., max_num_files: _Optional[int] = ...) -> None: ...

class GenerateImageError(_message.Message):
    __slots__ = ("error",)
    ERROR_FIELD_NUMBER: _ClassVar[int]
    error: str
    def __init__(self, error: _Optional[str] = ...) -> None: ...

class GenerateImageResult(_message.Message):
    __slots__ = ("success", "error")
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    success: GenerateImageSuccess
    error: GenerateImageError
    def __init__(self, success: _Optional[_Union[GenerateImageSuccess, _Mapping]] = ..., error: _Optional[_Union[GenerateImageError, _Mapping]] = ...) -> None: ...

class GenerateImageSuccess(_message.Message):
    __slots__ = ("file_path", "image_data")
    FILE_PATH_FIELD_NUMBER: _ClassVar[int]
    IMAGE_DATA_FIELD_NUMBER: _ClassVar[int]
    file_path: str
    image_data: str
    def __init__(self, file_path: _Optional[str] = ..., image_data: _Optional[str] = ...) -> None: ...

class GetCppEditClassificationRequest(_message.Message):
    __slots__ = ("cpp_request", "suggested_edits", "marker_touches_green", "current_file_contents_for_linter_errors")
    CPP_REQUEST_FIELD_NUMBER: _ClassVar[int]
    SUGGESTED_EDITS_FIELD_NUMBER: _ClassVar[int]
    MARKER_TOUCHES_GREEN_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FILE_CONTENTS_FOR_LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    cpp_request: StreamCppRequest
    suggested_edits: _containers.RepeatedCompositeFieldContainer[SuggestedEdit]
    marker_touches_green: bool
    current_file_contents_for_linter_errors: str
    def __init__(self, cpp_request: _Optional[_Union[StreamCppRequest, _Mapping]] = ..., suggested_edits: _Optional[_Iterable[_Union[SuggestedEdit, _Mapping]]] = ..., marker_touches_green: _Optional[bool] = ..., current_file_contents_for_linter_errors: _Optional[str] = ...) -> None: ...

class GetCppEditClassificationResponse(_message.Message):
    __slots__ = ("scored_edits", "noop_edit", "should_noop", "generation_edit")
    class LogProbs(_message.Message):
        __slots__ = ("tokens", "token_logprobs")
        TOKENS_FIELD_NUMBER: _ClassVar[int]
        TOKEN_LOGPROBS_FIELD_NUMBER: _ClassVar[int]
        tokens: _containers.RepeatedScalarFieldContainer[str]
        token_logprobs: _containers.RepeatedScalarFieldContainer[float]
        def __init__(self, tokens: _Optional[_Iterable[str]] = ..., token_logprobs: _Optional[_Iterable[float]] = ...) -> None: ...
    class ScoredEdit(_message.Message):
        __slots__ = ("edit", "log_probs")
        EDIT_FIELD_NUMBER: _ClassVar[int]
        LOG_PROBS_FIELD_NUMBER: _ClassVar[int]
        edit: SuggestedEdit
        log_probs: GetCppEditClassificationResponse.LogProbs
        def __init__(self, edit: _Optional[_Union[SuggestedEdit, _Mapping]] = ..., log_probs: _Optional[_Union[GetCppEditClassificationResponse.LogProbs, _Mapping]] = ...) -> None: ...
    SCORED_EDITS_FIELD_NUMBER: _ClassVar[int]
    NOOP_EDIT_FIELD_NUMBER: _ClassVar[int]
    SHOULD_NOOP_FIELD_NUMBER: _ClassVar[int]
    GENERATION_EDIT_FIELD_NUMBER: _ClassVar[int]
    scored_edits: _containers.RepeatedCompositeFieldContainer[GetCppEditClassificationResponse.ScoredEdit]
    noop_edit: GetCppEditClassificationResponse.ScoredEdit
    should_noop: bool
    generation_edit: GetCppEditClassificationResponse.ScoredEdit
    def __init__(self, scored_edits: _Optional[_Iterable[_Union[GetCppEditClassificationResponse.ScoredEdit, _Mapping]]] = ..., noop_edit: _Optional[_Union[GetCppEditClassificationResponse.ScoredEdit, _Mapping]] = ..., should_noop: _Optional[bool] = ..., generation_edit: _Optional[_Union[GetCppEditClassificationResponse.ScoredEdit, _Mapping]] = ...) -> None: ...

class GetDefaultModelForCliRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetDefaultModelForCliResponse(_message.Message):
    __slots__ = ("model",)
    MODEL_FIELD_NUMBER: _ClassVar[int]
    model: ModelDetails
    def __init__(self, model: _Optional[_Union[ModelDetails, _Mapping]] = ...) -> None: ...

class GetDefaultModelNudgeDataRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetDefaultModelNudgeDataResponse(_message.Message):
    __slots__ = ("nudge_date", "should_default_switch_on_new_chat", "models_with_no_default_switch", "conversion_model_override", "initial_model")
    class InitialModel(_message.Message):
        __slots__ = ("model_id", "parameters")
        MODEL_ID_FIELD_NUMBER: _ClassVar[int]
        PARAMETERS_FIELD_NUMBER: _ClassVar[int]
        model_id: str
        parameters: _containers.RepeatedCompositeFieldContainer[RequestedModel.ModelParameterValue]
        def __init__(self, model_id: _Optional[str] = ..., parameters: _Optional[_Iterable[_Union[RequestedModel.ModelParameterValue, _Mapping]]] = ...) -> None: ...
    NUDGE_DATE_FIELD_NUMBER: _ClassVar[int]
    SHOULD_DEFAULT_SWITCH_ON_NEW_CHAT_FIELD_NUMBER: _ClassVar[int]
    MODELS_WITH_NO_DEFAULT_SWITCH_FIELD_NUMBER: _ClassVar[int]
    CONVERSION_MODEL_OVERRIDE_FIELD_NUMBER: _ClassVar[int]
    INITIAL_MODEL_FIELD_NUMBER: _ClassVar[int]
    nudge_date: str
    should_default_switch_on_new_chat: bool
    models_with_no_default_switch: _containers.RepeatedScalarFieldContainer[str]
    conversion_model_override: str
    initial_model: GetDefaultModelNudgeDataResponse.InitialModel
    def __init__(self, nudge_date: _Optional[str] = ..., should_default_switch_on_new_chat: _Optional[bool] = ..., models_with_no_default_switch: _Optional[_Iterable[str]] = ..., conversion_model_override: _Optional[str] = ..., initial_model: _Optional[_Union[GetDefaultModelNudgeDataResponse.InitialModel, _Mapping]] = ...) -> None: ...

class GetDefaultModelRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetDefaultModelResponse(_message.Message):
    __slots__ = ("model", "thinking_model", "max_mode", "next_default_set_date")
    MODEL_FIELD_NUMBER: _ClassVar[int]
    THINKING_MODEL_FIELD_NUMBER: _ClassVar[int]
    MAX_MODE_FIELD_NUMBER: _ClassVar[int]
    NEXT_DEFAULT_SET_DATE_FIELD_NUMBER: _ClassVar[int]
    model: str
    thinking_model: str
    max_mode: bool
    next_default_set_date: str
    def __init__(self, model: _Optional[str] = ..., thinking_model: _Optional[str] = ..., max_mode: _Optional[bool] = ..., next_default_set_date: _Optional[str] = ...) -> None: ...

class GetLintsForChangeResponse(_message.Message):
    __slots__ = ("lints",)
    class Lint(_message.Message):
        __slots__ = ("message", "severity", "relative_workspace_path", "start_line_number_one_indexed", "start_column_one_indexed", "end_line_number_inclusive_one_indexed", "end_column_one_indexed", "quick_fixes")
        class QuickFix(_message.Message):
            __slots__ = ("message", "kind", "is_preferred", "edits")
            class Edit(_message.Message):
                __slots__ = ("relative_workspace_path", "text", "start_line_number_one_indexed", "start_column_one_indexed", "end_line_number_inclusive_one_indexed", "end_column_one_indexed")
                RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
                TEXT_FIELD_NUMBER: _ClassVar[int]
                START_LINE_NUMBER_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
                START_COLUMN_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
                END_LINE_NUMBER_INCLUSIVE_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
                END_COLUMN_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
                relative_workspace_path: str
                text: str
                start_line_number_one_indexed: int
                start_column_one_indexed: int
                end_line_number_inclusive_one_indexed: int
                end_column_one_indexed: int
                def __init__(self, relative_workspace_path: _Optional[str] = ..., text: _Optional[str] = ..., start_line_number_one_indexed: _Optional[int] = ..., start_column_one_indexed: _Optional[int] = ..., end_line_number_inclusive_one_indexed: _Optional[int] = ..., end_column_one_indexed: _Optional[int] = ...) -> None: ...
            MESSAGE_FIELD_NUMBER: _ClassVar[int]
            KIND_FIELD_NUMBER: _ClassVar[int]
            IS_PREFERRED_FIELD_NUMBER: _ClassVar[int]
            EDITS_FIELD_NUMBER: _ClassVar[int]
            message: str
            kind: str
            is_preferred: bool
            edits: _containers.RepeatedCompositeFieldContainer[GetLintsForChangeResponse.Lint.QuickFix.Edit]
            def __init__(self, message: _Optional[str] = ..., kind: _Optional[str] = ..., is_preferred: _Optional[bool] = ..., edits: _Optional[_Iterable[_Union[GetLintsForChangeResponse.Lint.QuickFix.Edit, _Mapping]]] = ...) -> None: ...
        MESSAGE_FIELD_NUMBER: _ClassVar[int]
        SEVERITY_FIELD_NUMBER: _ClassVar[int]
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        START_LINE_NUMBER_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
        START_COLUMN_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
        END_LINE_NUMBER_INCLUSIVE_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
        END_COLUMN_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
        QUICK_FIXES_FIELD_NUMBER: _ClassVar[int]
        message: str
        severity: str
        relative_workspace_path: str
        start_line_number_one_indexed: int
        start_column_one_indexed: int
        end_line_number_inclusive_one_indexed: int
        end_column_one_indexed: int
        quick_fixes: _containers.RepeatedCompositeFieldContainer[GetLintsForChangeResponse.Lint.QuickFix]
        def __init__(self, message: _Optional[str] = ..., severity: _Optional[str] = ..., relative_workspace_path: _Optional[str] = ..., start_line_number_one_indexed: _Optional[int] = ..., start_column_one_indexed: _Optional[int] = ..., end_line_number_inclusive_one_indexed: _Optional[int] = ..., end_column_one_indexed: _Optional[int] = ..., quick_fixes: _Optional[_Iterable[_Union[GetLintsForChangeResponse.Lint.QuickFix, _Mapping]]] = ...) -> None: ...
    LINTS_FIELD_NUMBER: _ClassVar[int]
    lints: _containers.RepeatedCompositeFieldContainer[GetLintsForChangeResponse.Lint]
    def __init__(self, lints: _Optional[_Iterable[_Union[GetLintsForChangeResponse.Lint, _Mapping]]] = ...) -> None: ...

class GetMcpToolsParams(_message.Message):
    __slots__ = ("server", "tool_name", "pattern")
    SERVER_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    PATTERN_FIELD_NUMBER: _ClassVar[int]
    server: str
    tool_name: str
    pattern: str
    def __init__(self, server: _Optional[str] = ..., tool_name: _Optional[str] = ..., pattern: _Optional[str] = ...) -> None: ...

class GetMcpToolsResult(_message.Message):
    __slots__ = ("content", "output_file_path")
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_FILE_PATH_FIELD_NUMBER: _ClassVar[int]
    content: str
    output_file_path: str
    def __init__(self, content: _Optional[str] = ..., output_file_path: _Optional[str] = ...) -> None: ...

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

class GetTerminalCompletionRequest(_message.Message):
    __slots__ = ("current_command", "command_history", "model_name", "file_diff_histories", "git_diff", "commit_history", "past_results", "model_details", "user_platform", "current_folder", "current_folder_structure", "relevant_files")
    CURRENT_COMMAND_FIELD_NUMBER: _ClassVar[int]
    COMMAND_HISTORY_FIELD_NUMBER: _ClassVar[int]
    MODEL_NAME_FIELD_NUMBER: _ClassVar[int]
    FILE_DIFF_HISTORIES_FIELD_NUMBER: _ClassVar[int]
    GIT_DIFF_FIELD_NUMBER: _ClassVar[int]
    COMMIT_HISTORY_FIELD_NUMBER: _ClassVar[int]
    PAST_RESULTS_FIELD_NUMBER: _ClassVar[int]
    MODEL_DETAILS_FIELD_NUMBER: _ClassVar[int]
    USER_PLATFORM_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FOLDER_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FOLDER_STRUCTURE_FIELD_NUMBER: _ClassVar[int]
    RELEVANT_FILES_FIELD_NUMBER: _ClassVar[int]
    current_command: str
    command_history: _containers.RepeatedScalarFieldContainer[str]
    model_name: str
    file_diff_histories: _containers.RepeatedCompositeFieldContainer[CppFileDiffHistory]
    git_diff: str
    commit_history: _containers.RepeatedScalarFieldContainer[str]
    past_results: _containers.RepeatedScalarFieldContainer[str]
    model_details: ModelDetails
    user_platform: str
    current_folder: str
    current_folder_structure: _containers.RepeatedCompositeFieldContainer[CurrentFolderFileOrFolder]
    relevant_files: _containers.RepeatedCompositeFieldContainer[File]
    def __init__(self, current_command: _Optional[str] = ..., command_history: _Optional[_Iterable[str]] = ..., model_name: _Optional[str] = ..., file_diff_histories: _Optional[_Iterable[_Union[CppFileDiffHistory, _Mapping]]] = ..., git_diff: _Optional[str] = ..., commit_history: _Optional[_Iterable[str]] = ..., past_results: _Optional[_Iterable[str]] = ..., model_details: _Optional[_Union[ModelDetails, _Mapping]] = ..., user_platform: _Optional[str] = ..., current_folder: _Optional[str] = ..., current_folder_structure: _Optional[_Iterable[_Union[CurrentFolderFileOrFolder, _Mapping]]] = ..., relevant_files: _Optional[_Iterable[_Union[File, _Mapping]]] = ...) -> None: ...

class GetTerminalCompletionResponse(_message.Message):
    __slots__ = ("command",)
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    command: str
    def __init__(self, command: _Optional[str] = ...) -> None: ...

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

class GitCommit(_message.Message):
    __slots__ = ("commit", "author", "date", "message")
    COMMIT_FIELD_NUMBER: _ClassVar[int]
    AUTHOR_FIELD_NUMBER: _ClassVar[int]
    DATE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    commit: str
    author: str
    date: str
    message: str
    def __init__(self, commit: _Optional[str] = ..., author: _Optional[str] = ..., date: _Optional[str] = ..., message: _Optional[str] = ...) -> None: ...

class GitDiff(_message.Message):
    __slots__ = ("diffs", "diff_type")
    class DiffType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        DIFF_TYPE_UNSPECIFIED: _ClassVar[GitDiff.DiffType]
        DIFF_TYPE_DIFF_TO_HEAD: _ClassVar[GitDiff.DiffType]
        DIFF_TYPE_DIFF_FROM_BRANCH_TO_MAIN: _ClassVar[GitDiff.DiffType]
    DIFF_TYPE_UNSPECIFIED: GitDiff.DiffType
    DIFF_TYPE_DIFF_TO_HEAD: GitDiff.DiffType
    DIFF_TYPE_DIFF_FROM_BRANCH_TO_MAIN: GitDiff.DiffType
    DIFFS_FIELD_NUMBER: _ClassVar[int]
    DIFF_TYPE_FIELD_NUMBER: _ClassVar[int]
    diffs: _containers.RepeatedCompositeFieldContainer[FileDiff]
    diff_type: GitDiff.DiffType
    def __init__(self, diffs: _Optional[_Iterable[_Union[FileDiff, _Mapping]]] = ..., diff_type: _Optional[_Union[GitDiff.DiffType, str]] = ...) -> None: ...

class GitEvent(_message.Message):
    __slots__ = ("operation_type", "repository_path", "operation_success", "branch_name", "error_message", "is_default_branch", "default_branch_name", "commit_hash", "previous_commit_hash", "remote_url")
    class OperationType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        OPERATION_TYPE_UNSPECIFIED: _ClassVar[GitEvent.OperationType]
        OPERATION_TYPE_COMMIT: _ClassVar[GitEvent.OperationType]
        OPERATION_TYPE_CHECKOUT: _ClassVar[GitEvent.OperationType]
        OPERATION_TYPE_PULL: _ClassVar[GitEvent.OperationType]
        OPERATION_TYPE_FETCH: _ClassVar[GitEvent.OperationType]
        OPERATION_TYPE_MERGE: _ClassVar[GitEvent.OperationType]
        OPERATION_TYPE_REBASE: _ClassVar[GitEvent.OperationType]
        OPERATION_TYPE_STASH: _ClassVar[GitEvent.OperationType]
        OPERATION_TYPE_BRANCH: _ClassVar[GitEvent.OperationType]
        OPERATION_TYPE_TAG: _ClassVar[GitEvent.OperationType]
    OPERATION_TYPE_UNSPECIFIED: GitEvent.OperationType
    OPERATION_TYPE_COMMIT: GitEvent.OperationType
    OPERATION_TYPE_CHECKOUT: GitEvent.OperationType
    OPERATION_TYPE_PULL: GitEvent.OperationType
    OPERATION_TYPE_FETCH: GitEvent.OperationType
    OPERATION_TYPE_MERGE: GitEvent.OperationType
    OPERATION_TYPE_REBASE: GitEvent.OperationType
    OPERATION_TYPE_STASH: GitEvent.OperationType
    OPERATION_TYPE_BRANCH: GitEvent.OperationType
    OPERATION_TYPE_TAG: GitEvent.OperationType
    OPERATION_TYPE_FIELD_NUMBER: _ClassVar[int]
    REPOSITORY_PATH_FIELD_NUMBER: _ClassVar[int]
    OPERATION_SUCCESS_FIELD_NUMBER: _ClassVar[int]
    BRANCH_NAME_FIELD_NUMBER: _ClassVar[int]
    ERROR_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    IS_DEFAULT_BRANCH_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_BRANCH_NAME_FIELD_NUMBER: _ClassVar[int]
    COMMIT_HASH_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_COMMIT_HASH_FIELD_NUMBER: _ClassVar[int]
    REMOTE_URL_FIELD_NUMBER: _ClassVar[int]
    operation_type: GitEvent.OperationType
    repository_path: str
    operation_success: bool
    branch_name: str
    error_message: str
    is_default_branch: bool
    default_branch_name: str
    commit_hash: str
    previous_commit_hash: str
    remote_url: str
    def __init__(self, operation_type: _Optional[_Union[GitEvent.OperationType, str]] = ..., repository_path: _Optional[str] = ..., operation_success: _Optional[bool] = ..., branch_name: _Optional[str] = ..., error_message: _Optional[str] = ..., is_default_branch: _Optional[bool] = ..., default_branch_name: _Optional[str] = ..., commit_hash: _Optional[str] = ..., previous_commit_hash: _Optional[str] = ..., remote_url: _Optional[str] = ...) -> None: ...

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

class GlobFileSearchParams(_message.Message):
    __slots__ = ("target_directory", "glob_pattern")
    TARGET_DIRECTORY_FIELD_NUMBER: _ClassVar[int]
    GLOB_PATTERN_FIELD_NUMBER: _ClassVar[int]
    target_directory: str
    glob_pattern: str
    def __init__(self, target_directory: _Optional[str] = ..., glob_pattern: _Optional[str] = ...) -> None: ...

class GlobFileSearchResult(_message.Message):
    __slots__ = ("directories",)
    class Directory(_message.Message):
        __slots__ = ("abs_path", "files", "total_files", "ripgrep_truncated")
        ABS_PATH_FIELD_NUMBER: _ClassVar[int]
        FILES_FIELD_NUMBER: _ClassVar[int]
        TOTAL_FILES_FIELD_NUMBER: _ClassVar[int]
        RIPGREP_TRUNCATED_FIELD_NUMBER: _ClassVar[int]
        abs_path: str
        files: _containers.RepeatedCompositeFieldContainer[GlobFileSearchResult.File]
        total_files: int
        ripgrep_truncated: bool
        def __init__(self, abs_path: _Optional[str] = ..., files: _Optional[_Iterable[_Union[GlobFileSearchResult.File, _Mapping]]] = ..., total_files: _Optional[int] = ..., ripgrep_truncated: _Optional[bool] = ...) -> None: ...
    class File(_message.Message):
        __slots__ = ("rel_path",)
        REL_PATH_FIELD_NUMBER: _ClassVar[int]
        rel_path: str
        def __init__(self, rel_path: _Optional[str] = ...) -> None: ...
    DIRECTORIES_FIELD_NUMBER: _ClassVar[int]
    directories: _containers.RepeatedCompositeFieldContainer[GlobFileSearchResult.Directory]
    def __init__(self, directories: _Optional[_Iterable[_Union[GlobFileSearchResult.Directory, _Mapping]]] = ...) -> None: ...

class GotodefDefinition(_message.Message):
    __slots__ = ("relative_workspace_path", "fully_qualified_name", "symbol_kind", "start_line", "end_line", "code_context_lines")
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    FULLY_QUALIFIED_NAME_FIELD_NUMBER: _ClassVar[int]
    SYMBOL_KIND_FIELD_NUMBER: _ClassVar[int]
    START_LINE_FIELD_NUMBER: _ClassVar[int]
    END_LINE_FIELD_NUMBER: _ClassVar[int]
    CODE_CONTEXT_LINES_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    fully_qualified_name: str
    symbol_kind: str
    start_line: int
    end_line: int
    code_context_lines: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, relative_workspace_path: _Optional[str] = ..., fully_qualified_name: _Optional[str] = ..., symbol_kind: _Optional[str] = ..., start_line: _Optional[int] = ..., end_line: _Optional[int] = ..., code_context_lines: _Optional[_Iterable[str]] = ...) -> None: ...

class GotodefParams(_message.Message):
    __slots__ = ("relative_workspace_path", "symbol", "start_line", "end_line")
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    SYMBOL_FIELD_NUMBER: _ClassVar[int]
    START_LINE_FIELD_NUMBER: _ClassVar[int]
    END_LINE_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    symbol: str
    start_line: int
    end_line: int
    def __init__(self, relative_workspace_path: _Optional[str] = ..., symbol: _Optional[str] = ..., start_line: _Optional[int] = ..., end_line: _Optional[int] = ...) -> None: ...

class GotodefResult(_message.Message):
    __slots__ = ("definitions",)
    DEFINITIONS_FIELD_NUMBER: _ClassVar[int]
    definitions: _containers.RepeatedCompositeFieldContainer[GotodefDefinition]
    def __init__(self, definitions: _Optional[_Iterable[_Union[GotodefDefinition, _Mapping]]] = ...) -> None: ...

class HealthRequest(_message.Message):
    __slots__ = ("payload", "simulate_error")
    PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    SIMULATE_ERROR_FIELD_NUMBER: _ClassVar[int]
    payload: str
    simulate_error: bool
    def __init__(self, payload: _Optional[str] = ..., simulate_error: _Optional[bool] = ...) -> None: ...

class HealthResponse(_message.Message):
    __slots__ = ("payload",)
    PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    payload: str
    def __init__(self, payload: _Optional[str] = ...) -> None: ...

class HeapProfileConfig(_message.Message):
    __slots__ = ("sampling_interval", "include_objects_collected_by_major_gc", "include_objects_collected_by_minor_gc")
    SAMPLING_INTERVAL_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_OBJECTS_COLLECTED_BY_MAJOR_GC_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_OBJECTS_COLLECTED_BY_MINOR_GC_FIELD_NUMBER: _ClassVar[int]
    sampling_interval: int
    include_objects_collected_by_major_gc: bool
    include_objects_collected_by_minor_gc: bool
    def __init__(self, sampling_interval: _Optional[int] = ..., include_objects_collected_by_major_gc: _Optional[bool] = ..., include_objects_collected_by_minor_gc: _Optional[bool] = ...) -> None: ...

class HumanReview(_message.Message):
    __slots__ = ("selected_option", "feedback_text", "submit_feedback_as_new_message", "bubble_id")
    SELECTED_OPTION_FIELD_NUMBER: _ClassVar[int]
    FEEDBACK_TEXT_FIELD_NUMBER: _ClassVar[int]
    SUBMIT_FEEDBACK_AS_NEW_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    BUBBLE_ID_FIELD_NUMBER: _ClassVar[int]
    selected_option: str
    feedback_text: str
    submit_feedback_as_new_message: bool
    bubble_id: str
    def __init__(self, selected_option: _Optional[str] = ..., feedback_text: _Optional[str] = ..., submit_feedback_as_new_message: _Optional[bool] = ..., bubble_id: _Optional[str] = ...) -> None: ...

class IRange(_message.Message):
    __slots__ = ("start_line_number", "start_column", "end_line_number", "end_column")
    START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    START_COLUMN_FIELD_NUMBER: _ClassVar[int]
    END_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    END_COLUMN_FIELD_NUMBER: _ClassVar[int]
    start_line_number: int
    start_column: int
    end_line_number: int
    end_column: int
    def __init__(self, start_line_number: _Optional[int] = ..., start_column: _Optional[int] = ..., end_line_number: _Optional[int] = ..., end_column: _Optional[int] = ...) -> None: ...

class ImageProto(_message.Message):
    __slots__ = ("data", "dimension", "uuid", "task_specific_description")
    class Dimension(_message.Message):
        __slots__ = ("width", "height")
        WIDTH_FIELD_NUMBER: _ClassVar[int]
        HEIGHT_FIELD_NUMBER: _ClassVar[int]
        width: int
        height: int
        def __init__(self, width: _Optional[int] = ..., height: _Optional[int] = ...) -> None: ...
    DATA_FIELD_NUMBER: _ClassVar[int]
    DIMENSION_FIELD_NUMBER: _ClassVar[int]
    UUID_FIELD_NUMBER: _ClassVar[int]
    TASK_SPECIFIC_DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    data: bytes
    dimension: ImageProto.Dimension
    uuid: str
    task_specific_description: str
    def __init__(self, data: _Optional[bytes] = ..., dimension: _Optional[_Union[ImageProto.Dimension, _Mapping]] = ..., uuid: _Optional[str] = ..., task_specific_description: _Optional[str] = ...) -> None: ...

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

class InterpreterResult(_message.Message):
    __slots__ = ("output", "success")
    OUTPUT_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    output: str
    success: bool
    def __init__(self, output: _Optional[str] = ..., success: _Optional[bool] = ...) -> None: ...

class IsConnectedRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class IsConnectedResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class IsCursorPredictionEnabledRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class IsCursorPredictionEnabledResponse(_message.Message):
    __slots__ = ("enabled",)
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    def __init__(self, enabled: _Optional[bool] = ...) -> None: ...

class IssueComment(_message.Message):
    __slots__ = ("id", "body", "author", "created_at", "updated_at", "author_association")
    ID_FIELD_NUMBER: _ClassVar[int]
    BODY_FIELD_NUMBER: _ClassVar[int]
    AUTHOR_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    AUTHOR_ASSOCIATION_FIELD_NUMBER: _ClassVar[int]
    id: int
    body: str
    author: str
    created_at: str
    updated_at: str
    author_association: str
    def __init__(self, id: _Optional[int] = ..., body: _Optional[str] = ..., author: _Optional[str] = ..., created_at: _Optional[str] = ..., updated_at: _Optional[str] = ..., author_association: _Optional[str] = ...) -> None: ...

class KeyAction(_message.Message):
    __slots__ = ("key", "hold_duration_ms")
    KEY_FIELD_NUMBER: _ClassVar[int]
    HOLD_DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    key: str
    hold_duration_ms: int
    def __init__(self, key: _Optional[str] = ..., hold_duration_ms: _Optional[int] = ...) -> None: ...

class Knowledge(_message.Message):
    __slots__ = ("knowledge", "title")
    KNOWLEDGE_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    knowledge: str
    title: str
    def __init__(self, knowledge: _Optional[str] = ..., title: _Optional[str] = ...) -> None: ...

class KnowledgeBaseParams(_message.Message):
    __slots__ = ("knowledge_to_store", "title", "existing_knowledge_id", "action")
    KNOWLEDGE_TO_STORE_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    EXISTING_KNOWLEDGE_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    knowledge_to_store: str
    title: str
    existing_knowledge_id: str
    action: str
    def __init__(self, knowledge_to_store: _Optional[str] = ..., title: _Optional[str] = ..., existing_knowledge_id: _Optional[str] = ..., action: _Optional[str] = ...) -> None: ...

class KnowledgeBaseResult(_message.Message):
    __slots__ = ("success", "confirmation_message", "id")
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    CONFIRMATION_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    success: bool
    confirmation_message: str
    id: str
    def __init__(self, success: _Optional[bool] = ..., confirmation_message: _Optional[str] = ..., id: _Optional[str] = ...) -> None: ...

class LineRange(_message.Message):
    __slots__ = ("start_line_number", "end_line_number_inclusive")
    START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    END_LINE_NUMBER_INCLUSIVE_FIELD_NUMBER: _ClassVar[int]
    start_line_number: int
    end_line_number_inclusive: int
    def __init__(self, start_line_number: _Optional[int] = ..., end_line_number_inclusive: _Optional[int] = ...) -> None: ...

class Lint(_message.Message):
    __slots__ = ("message", "range", "severity")
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    RANGE_FIELD_NUMBER: _ClassVar[int]
    SEVERITY_FIELD_NUMBER: _ClassVar[int]
    message: str
    range: SimpleRange
    severity: LintSeverity
    def __init__(self, message: _Optional[str] = ..., range: _Optional[_Union[SimpleRange, _Mapping]] = ..., severity: _Optional[_Union[LintSeverity, str]] = ...) -> None: ...

class LinterError(_message.Message):
    __slots__ = ("message", "range", "source", "related_information", "severity", "is_stale")
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    RANGE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    RELATED_INFORMATION_FIELD_NUMBER: _ClassVar[int]
    SEVERITY_FIELD_NUMBER: _ClassVar[int]
    IS_STALE_FIELD_NUMBER: _ClassVar[int]
    message: str
    range: CursorRange
    source: str
    related_information: _containers.RepeatedCompositeFieldContainer[Diagnostic.RelatedInformation]
    severity: Diagnostic.DiagnosticSeverity
    is_stale: bool
    def __init__(self, message: _Optional[str] = ..., range: _Optional[_Union[CursorRange, _Mapping]] = ..., source: _Optional[str] = ..., related_information: _Optional[_Iterable[_Union[Diagnostic.RelatedInformation, _Mapping]]] = ..., severity: _Optional[_Union[Diagnostic.DiagnosticSeverity, str]] = ..., is_stale: _Optional[bool] = ...) -> None: ...

class LinterErrors(_message.Message):
    __slots__ = ("relative_workspace_path", "errors", "file_contents")
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    ERRORS_FIELD_NUMBER: _ClassVar[int]
    FILE_CONTENTS_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    errors: _containers.RepeatedCompositeFieldContainer[LinterError]
    file_contents: str
    def __init__(self, relative_workspace_path: _Optional[str] = ..., errors: _Optional[_Iterable[_Union[LinterError, _Mapping]]] = ..., file_contents: _Optional[str] = ...) -> None: ...

class LinterErrorsWithoutFileContents(_message.Message):
    __slots__ = ("relative_workspace_path", "errors")
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    ERRORS_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    errors: _containers.RepeatedCompositeFieldContainer[LinterError]
    def __init__(self, relative_workspace_path: _Optional[str] = ..., errors: _Optional[_Iterable[_Union[LinterError, _Mapping]]] = ...) -> None: ...

class ListDirParams(_message.Message):
    __slots__ = ("directory_path",)
    DIRECTORY_PATH_FIELD_NUMBER: _ClassVar[int]
    directory_path: str
    def __init__(self, directory_path: _Optional[str] = ...) -> None: ...

class ListDirResult(_message.Message):
    __slots__ = ("files", "directory_relative_workspace_path")
    class File(_message.Message):
        __slots__ = ("name", "is_directory", "size", "last_modified", "num_children", "num_lines")
        NAME_FIELD_NUMBER: _ClassVar[int]
        IS_DIRECTORY_FIELD_NUMBER: _ClassVar[int]
        SIZE_FIELD_NUMBER: _ClassVar[int]
        LAST_MODIFIED_FIELD_NUMBER: _ClassVar[int]
        NUM_CHILDREN_FIELD_NUMBER: _ClassVar[int]
        NUM_LINES_FIELD_NUMBER: _ClassVar[int]
        name: str
        is_directory: bool
        size: int
        last_modified: _timestamp_pb2.Timestamp
        num_children: int
        num_lines: int
        def __init__(self, name: _Optional[str] = ..., is_directory: _Optional[bool] = ..., size: _Optional[int] = ..., last_modified: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., num_children: _Optional[int] = ..., num_lines: _Optional[int] = ...) -> None: ...
    FILES_FIELD_NUMBER: _ClassVar[int]
    DIRECTORY_RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    files: _containers.RepeatedCompositeFieldContainer[ListDirResult.File]
    directory_relative_workspace_path: str
    def __init__(self, files: _Optional[_Iterable[_Union[ListDirResult.File, _Mapping]]] = ..., directory_relative_workspace_path: _Optional[str] = ...) -> None: ...

class ListDirV2Params(_message.Message):
    __slots__ = ("target_directory", "ignore_globs", "should_enrich_terminal_metadata")
    TARGET_DIRECTORY_FIELD_NUMBER: _ClassVar[int]
    IGNORE_GLOBS_FIELD_NUMBER: _ClassVar[int]
    SHOULD_ENRICH_TERMINAL_METADATA_FIELD_NUMBER: _ClassVar[int]
    target_directory: str
    ignore_globs: _containers.RepeatedScalarFieldContainer[str]
    should_enrich_terminal_metadata: bool
    def __init__(self, target_directory: _Optional[str] = ..., ignore_globs: _Optional[_Iterable[str]] = ..., should_enrich_terminal_metadata: _Optional[bool] = ...) -> None: ...

class ListDirV2Result(_message.Message):
    __slots__ = ("directory_tree_root",)
    class DirectoryTreeNode(_message.Message):
        __slots__ = ("abs_path", "children_dirs", "children_files", "children_were_processed", "full_subtree_extension_counts", "num_files")
        class File(_message.Message):
            __slots__ = ("name", "terminal_metadata")
            NAME_FIELD_NUMBER: _ClassVar[int]
            TERMINAL_METADATA_FIELD_NUMBER: _ClassVar[int]
            name: str
            terminal_metadata: TerminalMetadata
            def __init__(self, name: _Optional[str] = ..., terminal_metadata: _Optional[_Union[TerminalMetadata, _Mapping]] = ...) -> None: ...
        class FullSubtreeExtensionCountsEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: str
            value: int
            def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
        ABS_PATH_FIELD_NUMBER: _ClassVar[int]
        CHILDREN_DIRS_FIELD_NUMBER: _ClassVar[int]
        CHILDREN_FILES_FIELD_NUMBER: _ClassVar[int]
        CHILDREN_WERE_PROCESSED_FIELD_NUMBER: _ClassVar[int]
        FULL_SUBTREE_EXTENSION_COUNTS_FIELD_NUMBER: _ClassVar[int]
        NUM_FILES_FIELD_NUMBER: _ClassVar[int]
        abs_path: str
        children_dirs: _containers.RepeatedCompositeFieldContainer[ListDirV2Result.DirectoryTreeNode]
        children_files: _containers.RepeatedCompositeFieldContainer[ListDirV2Result.DirectoryTreeNode.File]
        children_were_processed: bool
        full_subtree_extension_counts: _containers.ScalarMap[str, int]
        num_files: int
        def __init__(self, abs_path: _Optional[str] = ..., children_dirs: _Optional[_Iterable[_Union[ListDirV2Result.DirectoryTreeNode, _Mapping]]] = ..., children_files: _Optional[_Iterable[_Union[ListDirV2Result.DirectoryTreeNode.File, _Mapping]]] = ..., children_were_processed: _Optional[bool] = ..., full_subtree_extension_counts: _Optional[_Mapping[str, int]] = ..., num_files: _Optional[int] = ...) -> None: ...
    DIRECTORY_TREE_ROOT_FIELD_NUMBER: _ClassVar[int]
    directory_tree_root: ListDirV2Result.DirectoryTreeNode
    def __init__(self, directory_tree_root: _Optional[_Union[ListDirV2Result.DirectoryTreeNode, _Mapping]] = ...) -> None: ...

class ListMcpResourcesParams(_message.Message):
    __slots__ = ("server",)
    SERVER_FIELD_NUMBER: _ClassVar[int]
    server: str
    def __init__(self, server: _Optional[str] = ...) -> None: ...

class ListMcpResourcesResult(_message.Message):
    __slots__ = ("resources",)
    class MCPResource(_message.Message):
        __slots__ = ("uri", "name", "description", "mime_type", "server", "annotations")
        class AnnotationsEntry(_message.Message):
            __slots__ = ("key", "value")
            KEY_FIELD_NUMBER: _ClassVar[int]
            VALUE_FIELD_NUMBER: _ClassVar[int]
            key: str
            value: str
            def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
        URI_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
        MIME_TYPE_FIELD_NUMBER: _ClassVar[int]
        SERVER_FIELD_NUMBER: _ClassVar[int]
        ANNOTATIONS_FIELD_NUMBER: _ClassVar[int]
        uri: str
        name: str
        description: str
        mime_type: str
        server: str
        annotations: _containers.ScalarMap[str, str]
        def __init__(self, uri: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., mime_type: _Optional[str] = ..., server: _Optional[str] = ..., annotations: _Optional[_Mapping[str, str]] = ...) -> None: ...
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    resources: _containers.RepeatedCompositeFieldContainer[ListMcpResourcesResult.MCPResource]
    def __init__(self, resources: _Optional[_Iterable[_Union[ListMcpResourcesResult.MCPResource, _Mapping]]] = ...) -> None: ...

class LogWhenTabTurnsOffRequest(_message.Message):
    __slots__ = ("stack_trace",)
    STACK_TRACE_FIELD_NUMBER: _ClassVar[int]
    stack_trace: str
    def __init__(self, stack_trace: _Optional[str] = ...) -> None: ...

class LogWhenTabTurnsOffResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class LspSubgraphContextItem(_message.Message):
    __slots__ = ("uri", "type", "content", "range")
    URI_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    RANGE_FIELD_NUMBER: _ClassVar[int]
    uri: str
    type: str
    content: str
    range: LspSubgraphRange
    def __init__(self, uri: _Optional[str] = ..., type: _Optional[str] = ..., content: _Optional[str] = ..., range: _Optional[_Union[LspSubgraphRange, _Mapping]] = ...) -> None: ...

class LspSubgraphFullContext(_message.Message):
    __slots__ = ("uri", "symbol_name", "positions", "context_items", "score")
    URI_FIELD_NUMBER: _ClassVar[int]
    SYMBOL_NAME_FIELD_NUMBER: _ClassVar[int]
    POSITIONS_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_ITEMS_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    uri: str
    symbol_name: str
    positions: _containers.RepeatedCompositeFieldContainer[LspSubgraphPosition]
    context_items: _containers.RepeatedCompositeFieldContainer[LspSubgraphContextItem]
    score: float
    def __init__(self, uri: _Optional[str] = ..., symbol_name: _Optional[str] = ..., positions: _Optional[_Iterable[_Union[LspSubgraphPosition, _Mapping]]] = ..., context_items: _Optional[_Iterable[_Union[LspSubgraphContextItem, _Mapping]]] = ..., score: _Optional[float] = ...) -> None: ...

class LspSubgraphPosition(_message.Message):
    __slots__ = ("line", "character")
    LINE_FIELD_NUMBER: _ClassVar[int]
    CHARACTER_FIELD_NUMBER: _ClassVar[int]
    line: int
    character: int
    def __init__(self, line: _Optional[int] = ..., character: _Optional[int] = ...) -> None: ...

class LspSubgraphRange(_message.Message):
    __slots__ = ("start_line", "start_character", "end_line", "end_character")
    START_LINE_FIELD_NUMBER: _ClassVar[int]
    START_CHARACTER_FIELD_NUMBER: _ClassVar[int]
    END_LINE_FIELD_NUMBER: _ClassVar[int]
    END_CHARACTER_FIELD_NUMBER: _ClassVar[int]
    start_line: int
    start_character: int
    end_line: int
    end_character: int
    def __init__(self, start_line: _Optional[int] = ..., start_character: _Optional[int] = ..., end_line: _Optional[int] = ..., end_character: _Optional[int] = ...) -> None: ...

class LspSuggestedItems(_message.Message):
    __slots__ = ("suggestions",)
    SUGGESTIONS_FIELD_NUMBER: _ClassVar[int]
    suggestions: _containers.RepeatedCompositeFieldContainer[LspSuggestion]
    def __init__(self, suggestions: _Optional[_Iterable[_Union[LspSuggestion, _Mapping]]] = ...) -> None: ...

class LspSuggestion(_message.Message):
    __slots__ = ("label",)
    LABEL_FIELD_NUMBER: _ClassVar[int]
    label: str
    def __init__(self, label: _Optional[str] = ...) -> None: ...

class LspSuggestionEvent(_message.Message):
    __slots__ = ("suggestions", "request_id", "editor_id", "point_in_time_model")
    SUGGESTIONS_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    EDITOR_ID_FIELD_NUMBER: _ClassVar[int]
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    suggestions: _containers.RepeatedScalarFieldContainer[str]
    request_id: str
    editor_id: str
    point_in_time_model: PointInTimeModel
    def __init__(self, suggestions: _Optional[_Iterable[str]] = ..., request_id: _Optional[str] = ..., editor_id: _Optional[str] = ..., point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ...) -> None: ...

class MCPInstructions(_message.Message):
    __slots__ = ("server_name", "server_identifier", "instructions")
    SERVER_NAME_FIELD_NUMBER: _ClassVar[int]
    SERVER_IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
    INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
    server_name: str
    server_identifier: str
    instructions: str
    def __init__(self, server_name: _Optional[str] = ..., server_identifier: _Optional[str] = ..., instructions: _Optional[str] = ...) -> None: ...

class MCPParams(_message.Message):
    __slots__ = ("tools", "file_output_threshold_bytes")
    class Tool(_message.Message):
        __slots__ = ("name", "description", "parameters", "server_name")
        NAME_FIELD_NUMBER: _ClassVar[int]
        DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
        PARAMETERS_FIELD_NUMBER: _ClassVar[int]
        SERVER_NAME_FIELD_NUMBER: _ClassVar[int]
        name: str
        description: str
        parameters: str
        server_name: str
        def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ..., parameters: _Optional[str] = ..., server_name: _Optional[str] = ...) -> None: ...
    TOOLS_FIELD_NUMBER: _ClassVar[int]
    FILE_OUTPUT_THRESHOLD_BYTES_FIELD_NUMBER: _ClassVar[int]
    tools: _containers.RepeatedCompositeFieldContainer[MCPParams.Tool]
    file_output_threshold_bytes: int
    def __init__(self, tools: _Optional[_Iterable[_Union[MCPParams.Tool, _Mapping]]] = ..., file_output_threshold_bytes: _Optional[int] = ...) -> None: ...

class MCPResult(_message.Message):
    __slots__ = ("selected_tool", "result")
    SELECTED_TOOL_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    selected_tool: str
    result: str
    def __init__(self, selected_tool: _Optional[str] = ..., result: _Optional[str] = ...) -> None: ...

class MarkCppRequest(_message.Message):
    __slots__ = ("request_id", "session_id", "response_type", "desired_completion", "range_transformation", "model_code_name", "model_openai_name", "current_performance_now_time", "session_performance_origin_time")
    class CppResponseTypes(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        CPP_RESPONSE_TYPES_UNSPECIFIED: _ClassVar[MarkCppRequest.CppResponseTypes]
        CPP_RESPONSE_TYPES_GOOD: _ClassVar[MarkCppRequest.CppResponseTypes]
        CPP_RESPONSE_TYPES_BAD: _ClassVar[MarkCppRequest.CppResponseTypes]
        CPP_RESPONSE_TYPES_BAD_CONTEXT: _ClassVar[MarkCppRequest.CppResponseTypes]
        CPP_RESPONSE_TYPES_BAD_REASONING: _ClassVar[MarkCppRequest.CppResponseTypes]
        CPP_RESPONSE_TYPES_BAD_STUPID_MISTAKE: _ClassVar[MarkCppRequest.CppResponseTypes]
        CPP_RESPONSE_TYPES_BAD_FORMATTING: _ClassVar[MarkCppRequest.CppResponseTypes]
        CPP_RESPONSE_TYPES_BAD_RANGE: _ClassVar[MarkCppRequest.CppResponseTypes]
        CPP_RESPONSE_TYPES_GOOD_PREDICTION: _ClassVar[MarkCppRequest.CppResponseTypes]
        CPP_RESPONSE_TYPES_BAD_FALSE_POSITIVE_TRIGGER: _ClassVar[MarkCppRequest.CppResponseTypes]
        CPP_RESPONSE_TYPES_BAD_FALSE_NEGATIVE_TRIGGER: _ClassVar[MarkCppRequest.CppResponseTypes]
    CPP_RESPONSE_TYPES_UNSPECIFIED: MarkCppRequest.CppResponseTypes
    CPP_RESPONSE_TYPES_GOOD: MarkCppRequest.CppResponseTypes
    CPP_RESPONSE_TYPES_BAD: MarkCppRequest.CppResponseTypes
    CPP_RESPONSE_TYPES_BAD_CONTEXT: MarkCppRequest.CppResponseTypes
    CPP_RESPONSE_TYPES_BAD_REASONING: MarkCppRequest.CppResponseTypes
    CPP_RESPONSE_TYPES_BAD_STUPID_MISTAKE: MarkCppRequest.CppResponseTypes
    CPP_RESPONSE_TYPES_BAD_FORMATTING: MarkCppRequest.CppResponseTypes
    CPP_RESPONSE_TYPES_BAD_RANGE: MarkCppRequest.CppResponseTypes
    CPP_RESPONSE_TYPES_GOOD_PREDICTION: MarkCppRequest.CppResponseTypes
    CPP_RESPONSE_TYPES_BAD_FALSE_POSITIVE_TRIGGER: MarkCppRequest.CppResponseTypes
    CPP_RESPONSE_TYPES_BAD_FALSE_NEGATIVE_TRIGGER: MarkCppRequest.CppResponseTypes
    class RangeTransformation(_message.Message):
        __slots__ = ("start_line_number", "end_line_number")
        START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        END_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        start_line_number: int
        end_line_number: int
        def __init__(self, start_line_number: _Optional[int] = ..., end_line_number: _Optional[int] = ...) -> None: ...
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    RESPONSE_TYPE_FIELD_NUMBER: _ClassVar[int]
    DESIRED_COMPLETION_FIELD_NUMBER: _ClassVar[int]
    RANGE_TRANSFORMATION_FIELD_NUMBER: _ClassVar[int]
    MODEL_CODE_NAME_FIELD_NUMBER: _ClassVar[int]
    MODEL_OPENAI_NAME_FIELD_NUMBER: _ClassVar[int]
    CURRENT_PERFORMANCE_NOW_TIME_FIELD_NUMBER: _ClassVar[int]
    SESSION_PERFORMANCE_ORIGIN_TIME_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    session_id: str
    response_type: MarkCppRequest.CppResponseTypes
    desired_completion: str
    range_transformation: MarkCppRequest.RangeTransformation
    model_code_name: str
    model_openai_name: str
    current_performance_now_time: float
    session_performance_origin_time: float
    def __init__(self, request_id: _Optional[str] = ..., session_id: _Optional[str] = ..., response_type: _Optional[_Union[MarkCppRequest.CppResponseTypes, str]] = ..., desired_completion: _Optional[str] = ..., range_transformation: _Optional[_Union[MarkCppRequest.RangeTransformation, _Mapping]] = ..., model_code_name: _Optional[str] = ..., model_openai_name: _Optional[str] = ..., current_performance_now_time: _Optional[float] = ..., session_performance_origin_time: _Optional[float] = ...) -> None: ...

class MarkCppResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class MatchRange(_message.Message):
    __slots__ = ("start", "end")
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    start: int
    end: int
    def __init__(self, start: _Optional[int] = ..., end: _Optional[int] = ...) -> None: ...

class MaybeDefinedPointInTimeModel(_message.Message):
    __slots__ = ("model_uuid", "model_version", "relative_path", "model_id")
    MODEL_UUID_FIELD_NUMBER: _ClassVar[int]
    MODEL_VERSION_FIELD_NUMBER: _ClassVar[int]
    RELATIVE_PATH_FIELD_NUMBER: _ClassVar[int]
    MODEL_ID_FIELD_NUMBER: _ClassVar[int]
    model_uuid: str
    model_version: int
    relative_path: str
    model_id: str
    def __init__(self, model_uuid: _Optional[str] = ..., model_version: _Optional[int] = ..., relative_path: _Optional[str] = ..., model_id: _Optional[str] = ...) -> None: ...

class McpAuthParams(_message.Message):
    __slots__ = ("server_identifier",)
    SERVER_IDENTIFIER_FIELD_NUMBER: _ClassVar[int]
    server_identifier: str
    def __init__(self, server_identifier: _Optional[str] = ...) -> None: ...

class McpAuthResult(_message.Message):
    __slots__ = ("success", "message")
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    success: bool
    message: str
    def __init__(self, success: _Optional[bool] = ..., message: _Optional[str] = ...) -> None: ...

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

class MissingContextItems(_message.Message):
    __slots__ = ("missing_context_item_hashes",)
    MISSING_CONTEXT_ITEM_HASHES_FIELD_NUMBER: _ClassVar[int]
    missing_context_item_hashes: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, missing_context_item_hashes: _Optional[_Iterable[str]] = ...) -> None: ...

class MissingFile(_message.Message):
    __slots__ = ("relative_workspace_path", "missing_reason", "num_lines")
    class MissingReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        MISSING_REASON_UNSPECIFIED: _ClassVar[MissingFile.MissingReason]
        MISSING_REASON_TOO_LARGE: _ClassVar[MissingFile.MissingReason]
        MISSING_REASON_NOT_FOUND: _ClassVar[MissingFile.MissingReason]
    MISSING_REASON_UNSPECIFIED: MissingFile.MissingReason
    MISSING_REASON_TOO_LARGE: MissingFile.MissingReason
    MISSING_REASON_NOT_FOUND: MissingFile.MissingReason
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    MISSING_REASON_FIELD_NUMBER: _ClassVar[int]
    NUM_LINES_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    missing_reason: MissingFile.MissingReason
    num_lines: int
    def __init__(self, relative_workspace_path: _Optional[str] = ..., missing_reason: _Optional[_Union[MissingFile.MissingReason, str]] = ..., num_lines: _Optional[int] = ...) -> None: ...

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

class ModelAddedEvent(_message.Message):
    __slots__ = ("point_in_time_model", "full_uri", "model_id", "uri_scheme", "is_too_large_for_syncing", "is_too_large_for_tokenization", "is_too_large_for_heap_operation")
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    FULL_URI_FIELD_NUMBER: _ClassVar[int]
    MODEL_ID_FIELD_NUMBER: _ClassVar[int]
    URI_SCHEME_FIELD_NUMBER: _ClassVar[int]
    IS_TOO_LARGE_FOR_SYNCING_FIELD_NUMBER: _ClassVar[int]
    IS_TOO_LARGE_FOR_TOKENIZATION_FIELD_NUMBER: _ClassVar[int]
    IS_TOO_LARGE_FOR_HEAP_OPERATION_FIELD_NUMBER: _ClassVar[int]
    point_in_time_model: MaybeDefinedPointInTimeModel
    full_uri: str
    model_id: str
    uri_scheme: str
    is_too_large_for_syncing: bool
    is_too_large_for_tokenization: bool
    is_too_large_for_heap_operation: bool
    def __init__(self, point_in_time_model: _Optional[_Union[MaybeDefinedPointInTimeModel, _Mapping]] = ..., full_uri: _Optional[str] = ..., model_id: _Optional[str] = ..., uri_scheme: _Optional[str] = ..., is_too_large_for_syncing: _Optional[bool] = ..., is_too_large_for_tokenization: _Optional[bool] = ..., is_too_large_for_heap_operation: _Optional[bool] = ...) -> None: ...

class ModelChange(_message.Message):
    __slots__ = ("text", "range", "final_model_hash", "model_version_immediately_after_this_change", "performance_now_timestamp", "is_undoing", "is_redoing", "model_is_attached_to_editor", "model_is_attached_to_the_active_editor", "cursor_selections", "model_version_at_metadata_retrieval_time", "global_index", "performance_now_flush_time", "change_index", "flush_index", "global_index_v2")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    RANGE_FIELD_NUMBER: _ClassVar[int]
    FINAL_MODEL_HASH_FIELD_NUMBER: _ClassVar[int]
    MODEL_VERSION_IMMEDIATELY_AFTER_THIS_CHANGE_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_NOW_TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
    IS_UNDOING_FIELD_NUMBER: _ClassVar[int]
    IS_REDOING_FIELD_NUMBER: _ClassVar[int]
    MODEL_IS_ATTACHED_TO_EDITOR_FIELD_NUMBER: _ClassVar[int]
    MODEL_IS_ATTACHED_TO_THE_ACTIVE_EDITOR_FIELD_NUMBER: _ClassVar[int]
    CURSOR_SELECTIONS_FIELD_NUMBER: _ClassVar[int]
    MODEL_VERSION_AT_METADATA_RETRIEVAL_TIME_FIELD_NUMBER: _ClassVar[int]
    GLOBAL_INDEX_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_NOW_FLUSH_TIME_FIELD_NUMBER: _ClassVar[int]
    CHANGE_INDEX_FIELD_NUMBER: _ClassVar[int]
    FLUSH_INDEX_FIELD_NUMBER: _ClassVar[int]
    GLOBAL_INDEX_V2_FIELD_NUMBER: _ClassVar[int]
    text: str
    range: IRange
    final_model_hash: str
    model_version_immediately_after_this_change: int
    performance_now_timestamp: float
    is_undoing: bool
    is_redoing: bool
    model_is_attached_to_editor: bool
    model_is_attached_to_the_active_editor: bool
    cursor_selections: _containers.RepeatedCompositeFieldContainer[CursorSelection]
    model_version_at_metadata_retrieval_time: int
    global_index: int
    performance_now_flush_time: float
    change_index: int
    flush_index: int
    global_index_v2: int
    def __init__(self, text: _Optional[str] = ..., range: _Optional[_Union[IRange, _Mapping]] = ..., final_model_hash: _Optional[str] = ..., model_version_immediately_after_this_change: _Optional[int] = ..., performance_now_timestamp: _Optional[float] = ..., is_undoing: _Optional[bool] = ..., is_redoing: _Optional[bool] = ..., model_is_attached_to_editor: _Optional[bool] = ..., model_is_attached_to_the_active_editor: _Optional[bool] = ..., cursor_selections: _Optional[_Iterable[_Union[CursorSelection, _Mapping]]] = ..., model_version_at_metadata_retrieval_time: _Optional[int] = ..., global_index: _Optional[int] = ..., performance_now_flush_time: _Optional[float] = ..., change_index: _Optional[int] = ..., flush_index: _Optional[int] = ..., global_index_v2: _Optional[int] = ...) -> None: ...

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

class ModelInfo(_message.Message):
    __slots__ = ("model_name",)
    MODEL_NAME_FIELD_NUMBER: _ClassVar[int]
    model_name: str
    def __init__(self, model_name: _Optional[str] = ...) -> None: ...

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

class ModelOpenedEvent(_message.Message):
    __slots__ = ("point_in_time_model", "maybe_defined_point_in_time_model")
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    MAYBE_DEFINED_POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    point_in_time_model: PointInTimeModel
    maybe_defined_point_in_time_model: MaybeDefinedPointInTimeModel
    def __init__(self, point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., maybe_defined_point_in_time_model: _Optional[_Union[MaybeDefinedPointInTimeModel, _Mapping]] = ...) -> None: ...

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

class MouseDownAction(_message.Message):
    __slots__ = ("button",)
    BUTTON_FIELD_NUMBER: _ClassVar[int]
    button: MouseButton
    def __init__(self, button: _Optional[_Union[MouseButton, str]] = ...) -> None: ...

class MouseMoveAction(_message.Message):
    __slots__ = ("coordinate",)
    COORDINATE_FIELD_NUMBER: _ClassVar[int]
    coordinate: Coordinate
    def __init__(self, coordinate: _Optional[_Union[Coordinate, _Mapping]] = ...) -> None: ...

class MouseUpAction(_message.Message):
    __slots__ = ("button",)
    BUTTON_FIELD_NUMBER: _ClassVar[int]
    button: MouseButton
    def __init__(self, button: _Optional[_Union[MouseButton, str]] = ...) -> None: ...

class NameAgentRequest(_message.Message):
    __slots__ = ("user_message",)
    USER_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    user_message: str
    def __init__(self, user_message: _Optional[str] = ...) -> None: ...

class NameAgentResponse(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class NameTabRequest(_message.Message):
    __slots__ = ("messages", "is_project", "api_key_credentials", "azure_credentials", "bedrock_credentials")
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    IS_PROJECT_FIELD_NUMBER: _ClassVar[int]
    API_KEY_CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    AZURE_CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    BEDROCK_CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    messages: _containers.RepeatedCompositeFieldContainer[ConversationMessage]
    is_project: bool
    api_key_credentials: ApiKeyCredentials
    azure_credentials: AzureCredentials
    bedrock_credentials: BedrockCredentials
    def __init__(self, messages: _Optional[_Iterable[_Union[ConversationMessage, _Mapping]]] = ..., is_project: _Optional[bool] = ..., api_key_credentials: _Optional[_Union[ApiKeyCredentials, _Mapping]] = ..., azure_credentials: _Optional[_Union[AzureCredentials, _Mapping]] = ..., bedrock_credentials: _Optional[_Union[BedrockCredentials, _Mapping]] = ...) -> None: ...

class NameTabResponse(_message.Message):
    __slots__ = ("name", "reason", "icon")
    NAME_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    ICON_FIELD_NUMBER: _ClassVar[int]
    name: str
    reason: str
    icon: str
    def __init__(self, name: _Optional[str] = ..., reason: _Optional[str] = ..., icon: _Optional[str] = ...) -> None: ...

class NetworkPolicy(_message.Message):
    __slots__ = ("version", "default_action", "deny", "allow", "logging")
    class DefaultAction(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        DEFAULT_ACTION_UNSPECIFIED: _ClassVar[NetworkPolicy.DefaultAction]
        DEFAULT_ACTION_ALLOW: _ClassVar[NetworkPolicy.DefaultAction]
        DEFAULT_ACTION_DENY: _ClassVar[NetworkPolicy.DefaultAction]
    DEFAULT_ACTION_UNSPECIFIED: NetworkPolicy.DefaultAction
    DEFAULT_ACTION_ALLOW: NetworkPolicy.DefaultAction
    DEFAULT_ACTION_DENY: NetworkPolicy.DefaultAction
    VERSION_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_ACTION_FIELD_NUMBER: _ClassVar[int]
    DENY_FIELD_NUMBER: _ClassVar[int]
    ALLOW_FIELD_NUMBER: _ClassVar[int]
    LOGGING_FIELD_NUMBER: _ClassVar[int]
    version: int
    default_action: NetworkPolicy.DefaultAction
    deny: _containers.RepeatedScalarFieldContainer[str]
    allow: _containers.RepeatedScalarFieldContainer[str]
    logging: NetworkPolicyLoggingConfig
    def __init__(self, version: _Optional[int] = ..., default_action: _Optional[_Union[NetworkPolicy.DefaultAction, str]] = ..., deny: _Optional[_Iterable[str]] = ..., allow: _Optional[_Iterable[str]] = ..., logging: _Optional[_Union[NetworkPolicyLoggingConfig, _Mapping]] = ...) -> None: ...

class NetworkPolicyLoggingConfig(_message.Message):
    __slots__ = ("decision_log_path", "log_format")
    DECISION_LOG_PATH_FIELD_NUMBER: _ClassVar[int]
    LOG_FORMAT_FIELD_NUMBER: _ClassVar[int]
    decision_log_path: str
    log_format: str
    def __init__(self, decision_log_path: _Optional[str] = ..., log_format: _Optional[str] = ...) -> None: ...

class NtpEvent(_message.Message):
    __slots__ = ("originate_timestamp", "receive_timestamp", "transmit_timestamp", "destination_timestamp")
    ORIGINATE_TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
    TRANSMIT_TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
    DESTINATION_TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
    originate_timestamp: float
    receive_timestamp: float
    transmit_timestamp: float
    destination_timestamp: float
    def __init__(self, originate_timestamp: _Optional[float] = ..., receive_timestamp: _Optional[float] = ..., transmit_timestamp: _Optional[float] = ..., destination_timestamp: _Optional[float] = ...) -> None: ...

class NudgeMessage(_message.Message):
    __slots__ = ("raw_message",)
    RAW_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    raw_message: str
    def __init__(self, raw_message: _Optional[str] = ...) -> None: ...

class OnboardingConfig(_message.Message):
    __slots__ = ("marketplace_plugin_names", "agentic_onboarding_enabled")
    MARKETPLACE_PLUGIN_NAMES_FIELD_NUMBER: _ClassVar[int]
    AGENTIC_ONBOARDING_ENABLED_FIELD_NUMBER: _ClassVar[int]
    marketplace_plugin_names: _containers.RepeatedScalarFieldContainer[str]
    agentic_onboarding_enabled: bool
    def __init__(self, marketplace_plugin_names: _Optional[_Iterable[str]] = ..., agentic_onboarding_enabled: _Optional[bool] = ...) -> None: ...

class OneIndexedPosition(_message.Message):
    __slots__ = ("line_number_one_indexed", "column_one_indexed")
    LINE_NUMBER_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
    COLUMN_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
    line_number_one_indexed: int
    column_one_indexed: int
    def __init__(self, line_number_one_indexed: _Optional[int] = ..., column_one_indexed: _Optional[int] = ...) -> None: ...

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

class OutputLocation(_message.Message):
    __slots__ = ("file_path", "size_bytes", "line_count")
    FILE_PATH_FIELD_NUMBER: _ClassVar[int]
    SIZE_BYTES_FIELD_NUMBER: _ClassVar[int]
    LINE_COUNT_FIELD_NUMBER: _ClassVar[int]
    file_path: str
    size_bytes: int
    line_count: int
    def __init__(self, file_path: _Optional[str] = ..., size_bytes: _Optional[int] = ..., line_count: _Optional[int] = ...) -> None: ...

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

class PlanPhase(_message.Message):
    __slots__ = ("name", "todos")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TODOS_FIELD_NUMBER: _ClassVar[int]
    name: str
    todos: _containers.RepeatedCompositeFieldContainer[TodoItem]
    def __init__(self, name: _Optional[str] = ..., todos: _Optional[_Iterable[_Union[TodoItem, _Mapping]]] = ...) -> None: ...

class PointInTimeModel(_message.Message):
    __slots__ = ("model_uuid", "model_version", "relative_path", "model_id")
    MODEL_UUID_FIELD_NUMBER: _ClassVar[int]
    MODEL_VERSION_FIELD_NUMBER: _ClassVar[int]
    RELATIVE_PATH_FIELD_NUMBER: _ClassVar[int]
    MODEL_ID_FIELD_NUMBER: _ClassVar[int]
    model_uuid: str
    model_version: int
    relative_path: str
    model_id: str
    def __init__(self, model_uuid: _Optional[str] = ..., model_version: _Optional[int] = ..., relative_path: _Optional[str] = ..., model_id: _Optional[str] = ...) -> None: ...

class PotentiallyCachedContextItem(_message.Message):
    __slots__ = ("context_item", "context_item_hash")
    CONTEXT_ITEM_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_ITEM_HASH_FIELD_NUMBER: _ClassVar[int]
    context_item: ContextItem
    context_item_hash: str
    def __init__(self, context_item: _Optional[_Union[ContextItem, _Mapping]] = ..., context_item_hash: _Optional[str] = ...) -> None: ...

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

class ProjectLayout(_message.Message):
    __slots__ = ("root_path", "content", "list_dir_v2_result")
    ROOT_PATH_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    LIST_DIR_V2_RESULT_FIELD_NUMBER: _ClassVar[int]
    root_path: str
    content: ProjectLayoutDirectoryContent
    list_dir_v2_result: ListDirV2Result
    def __init__(self, root_path: _Optional[str] = ..., content: _Optional[_Union[ProjectLayoutDirectoryContent, _Mapping]] = ..., list_dir_v2_result: _Optional[_Union[ListDirV2Result, _Mapping]] = ...) -> None: ...

class ProjectLayoutDirectory(_message.Message):
    __slots__ = ("name", "content")
    NAME_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    name: str
    content: ProjectLayoutDirectoryContent
    def __init__(self, name: _Optional[str] = ..., content: _Optional[_Union[ProjectLayoutDirectoryContent, _Mapping]] = ...) -> None: ...

class ProjectLayoutDirectoryContent(_message.Message):
    __slots__ = ("directories", "files", "total_files", "total_subfolders", "hidden_files")
    DIRECTORIES_FIELD_NUMBER: _ClassVar[int]
    FILES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FILES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_SUBFOLDERS_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FILES_FIELD_NUMBER: _ClassVar[int]
    directories: _containers.RepeatedCompositeFieldContainer[ProjectLayoutDirectory]
    files: _containers.RepeatedCompositeFieldContainer[ProjectLayoutFile]
    total_files: int
    total_subfolders: int
    hidden_files: _containers.RepeatedCompositeFieldContainer[ProjectLayoutFile]
    def __init__(self, directories: _Optional[_Iterable[_Union[ProjectLayoutDirectory, _Mapping]]] = ..., files: _Optional[_Iterable[_Union[ProjectLayoutFile, _Mapping]]] = ..., total_files: _Optional[int] = ..., total_subfolders: _Optional[int] = ..., hidden_files: _Optional[_Iterable[_Union[ProjectLayoutFile, _Mapping]]] = ...) -> None: ...

class ProjectLayoutFile(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class PullRequest(_message.Message):
    __slots__ = ("title", "body", "diff", "id", "number")
    TITLE_FIELD_NUMBER: _ClassVar[int]
    BODY_FIELD_NUMBER: _ClassVar[int]
    DIFF_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    title: str
    body: str
    diff: _containers.RepeatedCompositeFieldContainer[FileDiff]
    id: int
    number: int
    def __init__(self, title: _Optional[str] = ..., body: _Optional[str] = ..., diff: _Optional[_Iterable[_Union[FileDiff, _Mapping]]] = ..., id: _Optional[int] = ..., number: _Optional[int] = ...) -> None: ...

class PullRequestReference(_message.Message):
    __slots__ = ("sha", "score", "title", "summary", "pr_number", "author", "date", "changed_files")
    SHA_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    PR_NUMBER_FIELD_NUMBER: _ClassVar[int]
    AUTHOR_FIELD_NUMBER: _ClassVar[int]
    DATE_FIELD_NUMBER: _ClassVar[int]
    CHANGED_FILES_FIELD_NUMBER: _ClassVar[int]
    sha: str
    score: float
    title: str
    summary: str
    pr_number: int
    author: str
    date: str
    changed_files: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, sha: _Optional[str] = ..., score: _Optional[float] = ..., title: _Optional[str] = ..., summary: _Optional[str] = ..., pr_number: _Optional[int] = ..., author: _Optional[str] = ..., date: _Optional[str] = ..., changed_files: _Optional[_Iterable[str]] = ...) -> None: ...

class QueryOnlyRepoAccess(_message.Message):
    __slots__ = ("owner_auth_id", "access_token", "user_repo_owner", "user_repo_name")
    OWNER_AUTH_ID_FIELD_NUMBER: _ClassVar[int]
    ACCESS_TOKEN_FIELD_NUMBER: _ClassVar[int]
    USER_REPO_OWNER_FIELD_NUMBER: _ClassVar[int]
    USER_REPO_NAME_FIELD_NUMBER: _ClassVar[int]
    owner_auth_id: str
    access_token: str
    user_repo_owner: str
    user_repo_name: str
    def __init__(self, owner_auth_id: _Optional[str] = ..., access_token: _Optional[str] = ..., user_repo_owner: _Optional[str] = ..., user_repo_name: _Optional[str] = ...) -> None: ...

class RCPCallFrame(_message.Message):
    __slots__ = ("function_name", "url", "line_number", "column_number")
    FUNCTION_NAME_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    COLUMN_NUMBER_FIELD_NUMBER: _ClassVar[int]
    function_name: str
    url: str
    line_number: int
    column_number: int
    def __init__(self, function_name: _Optional[str] = ..., url: _Optional[str] = ..., line_number: _Optional[int] = ..., column_number: _Optional[int] = ...) -> None: ...

class RCPLogEntry(_message.Message):
    __slots__ = ("message", "timestamp", "level", "client_name", "session_id", "stack_trace", "object_data_json")
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    CLIENT_NAME_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    STACK_TRACE_FIELD_NUMBER: _ClassVar[int]
    OBJECT_DATA_JSON_FIELD_NUMBER: _ClassVar[int]
    message: str
    timestamp: float
    level: str
    client_name: str
    session_id: str
    stack_trace: RCPStackTrace
    object_data_json: str
    def __init__(self, message: _Optional[str] = ..., timestamp: _Optional[float] = ..., level: _Optional[str] = ..., client_name: _Optional[str] = ..., session_id: _Optional[str] = ..., stack_trace: _Optional[_Union[RCPStackTrace, _Mapping]] = ..., object_data_json: _Optional[str] = ...) -> None: ...

class RCPStackTrace(_message.Message):
    __slots__ = ("call_frames", "raw_stack_trace")
    CALL_FRAMES_FIELD_NUMBER: _ClassVar[int]
    RAW_STACK_TRACE_FIELD_NUMBER: _ClassVar[int]
    call_frames: _containers.RepeatedCompositeFieldContainer[RCPCallFrame]
    raw_stack_trace: str
    def __init__(self, call_frames: _Optional[_Iterable[_Union[RCPCallFrame, _Mapping]]] = ..., raw_stack_trace: _Optional[str] = ...) -> None: ...

class RCPUIElementPicked(_message.Message):
    __slots__ = ("element", "xpath", "text_content", "extra", "component", "component_props_json")
    ELEMENT_FIELD_NUMBER: _ClassVar[int]
    XPATH_FIELD_NUMBER: _ClassVar[int]
    TEXT_CONTENT_FIELD_NUMBER: _ClassVar[int]
    EXTRA_FIELD_NUMBER: _ClassVar[int]
    COMPONENT_FIELD_NUMBER: _ClassVar[int]
    COMPONENT_PROPS_JSON_FIELD_NUMBER: _ClassVar[int]
    element: str
    xpath: str
    text_content: str
    extra: str
    component: str
    component_props_json: str
    def __init__(self, element: _Optional[str] = ..., xpath: _Optional[str] = ..., text_content: _Optional[str] = ..., extra: _Optional[str] = ..., component: _Optional[str] = ..., component_props_json: _Optional[str] = ...) -> None: ...

class Range(_message.Message):
    __slots__ = ("start_line", "start_character", "end_line", "end_character")
    START_LINE_FIELD_NUMBER: _ClassVar[int]
    START_CHARACTER_FIELD_NUMBER: _ClassVar[int]
    END_LINE_FIELD_NUMBER: _ClassVar[int]
    END_CHARACTER_FIELD_NUMBER: _ClassVar[int]
    start_line: int
    start_character: int
    end_line: int
    end_character: int
    def __init__(self, start_line: _Optional[int] = ..., start_character: _Optional[int] = ..., end_line: _Optional[int] = ..., end_character: _Optional[int] = ...) -> None: ...

class RankedContext(_message.Message):
    __slots__ = ("context", "score")
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    context: ContextToRank
    score: float
    def __init__(self, context: _Optional[_Union[ContextToRank, _Mapping]] = ..., score: _Optional[float] = ...) -> None: ...

class ReadFileParams(_message.Message):
    __slots__ = ("relative_workspace_path", "read_entire_file", "start_line_one_indexed", "end_line_one_indexed_inclusive", "file_is_allowed_to_be_read_entirely", "max_lines", "max_chars", "min_lines")
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    READ_ENTIRE_FILE_FIELD_NUMBER: _ClassVar[int]
    START_LINE_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
    END_LINE_ONE_INDEXED_INCLUSIVE_FIELD_NUMBER: _ClassVar[int]
    FILE_IS_ALLOWED_TO_BE_READ_ENTIRELY_FIELD_NUMBER: _ClassVar[int]
    MAX_LINES_FIELD_NUMBER: _ClassVar[int]
    MAX_CHARS_FIELD_NUMBER: _ClassVar[int]
    MIN_LINES_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    read_entire_file: bool
    start_line_one_indexed: int
    end_line_one_indexed_inclusive: int
    file_is_allowed_to_be_read_entirely: bool
    max_lines: int
    max_chars: int
    min_lines: int
    def __init__(self, relative_workspace_path: _Optional[str] = ..., read_entire_file: _Optional[bool] = ..., start_line_one_indexed: _Optional[int] = ..., end_line_one_indexed_inclusive: _Optional[int] = ..., file_is_allowed_to_be_read_entirely: _Optional[bool] = ..., max_lines: _Optional[int] = ..., max_chars: _Optional[int] = ..., min_lines: _Optional[int] = ...) -> None: ...

class ReadFileResult(_message.Message):
    __slots__ = ("contents", "did_downgrade_to_line_range", "did_shorten_line_range", "did_set_default_line_range", "full_file_contents", "outline", "start_line_one_indexed", "end_line_one_indexed_inclusive", "relative_workspace_path", "did_shorten_char_range", "read_full_file", "total_lines", "matching_cursor_rules", "file_git_context")
    CONTENTS_FIELD_NUMBER: _ClassVar[int]
    DID_DOWNGRADE_TO_LINE_RANGE_FIELD_NUMBER: _ClassVar[int]
    DID_SHORTEN_LINE_RANGE_FIELD_NUMBER: _ClassVar[int]
    DID_SET_DEFAULT_LINE_RANGE_FIELD_NUMBER: _ClassVar[int]
    FULL_FILE_CONTENTS_FIELD_NUMBER: _ClassVar[int]
    OUTLINE_FIELD_NUMBER: _ClassVar[int]
    START_LINE_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
    END_LINE_ONE_INDEXED_INCLUSIVE_FIELD_NUMBER: _ClassVar[int]
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    DID_SHORTEN_CHAR_RANGE_FIELD_NUMBER: _ClassVar[int]
    READ_FULL_FILE_FIELD_NUMBER: _ClassVar[int]
    TOTAL_LINES_FIELD_NUMBER: _ClassVar[int]
    MATCHING_CURSOR_RULES_FIELD_NUMBER: _ClassVar[int]
    FILE_GIT_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    contents: str
    did_downgrade_to_line_range: bool
    did_shorten_line_range: bool
    did_set_default_line_range: bool
    full_file_contents: str
    outline: str
    start_line_one_indexed: int
    end_line_one_indexed_inclusive: int
    relative_workspace_path: str
    did_shorten_char_range: bool
    read_full_file: bool
    total_lines: int
    matching_cursor_rules: _containers.RepeatedCompositeFieldContainer[CursorRule]
    file_git_context: FileGit
    def __init__(self, contents: _Optional[str] = ..., did_downgrade_to_line_range: _Optional[bool] = ..., did_shorten_line_range: _Optional[bool] = ..., did_set_default_line_range: _Optional[bool] = ..., full_file_contents: _Optional[str] = ..., outline: _Optional[str] = ..., start_line_one_indexed: _Optional[int] = ..., end_line_one_indexed_inclusive: _Optional[int] = ..., relative_workspace_path: _Optional[str] = ..., did_shorten_char_range: _Optional[bool] = ..., read_full_file: _Optional[bool] = ..., total_lines: _Optional[int] = ..., matching_cursor_rules: _Optional[_Iterable[_Union[CursorRule, _Mapping]]] = ..., file_git_context: _Optional[_Union[FileGit, _Mapping]] = ...) -> None: ...

class ReadFileV2Params(_message.Message):
    __slots__ = ("target_file", "offset", "limit", "chars_limit", "effective_uri", "enable_line_numbers")
    TARGET_FILE_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    CHARS_LIMIT_FIELD_NUMBER: _ClassVar[int]
    EFFECTIVE_URI_FIELD_NUMBER: _ClassVar[int]
    ENABLE_LINE_NUMBERS_FIELD_NUMBER: _ClassVar[int]
    target_file: str
    offset: int
    limit: int
    chars_limit: int
    effective_uri: str
    enable_line_numbers: bool
    def __init__(self, target_file: _Optional[str] = ..., offset: _Optional[int] = ..., limit: _Optional[int] = ..., chars_limit: _Optional[int] = ..., effective_uri: _Optional[str] = ..., enable_line_numbers: _Optional[bool] = ...) -> None: ...

class ReadFileV2Result(_message.Message):
    __slots__ = ("contents", "num_characters_in_requested_range", "offset_is_bigger_than_number_of_lines_in_file", "total_lines_in_file", "matching_cursor_rules", "images")
    CONTENTS_FIELD_NUMBER: _ClassVar[int]
    NUM_CHARACTERS_IN_REQUESTED_RANGE_FIELD_NUMBER: _ClassVar[int]
    OFFSET_IS_BIGGER_THAN_NUMBER_OF_LINES_IN_FILE_FIELD_NUMBER: _ClassVar[int]
    TOTAL_LINES_IN_FILE_FIELD_NUMBER: _ClassVar[int]
    MATCHING_CURSOR_RULES_FIELD_NUMBER: _ClassVar[int]
    IMAGES_FIELD_NUMBER: _ClassVar[int]
    contents: str
    num_characters_in_requested_range: int
    offset_is_bigger_than_number_of_lines_in_file: bool
    total_lines_in_file: int
    matching_cursor_rules: _containers.RepeatedCompositeFieldContainer[CursorRule]
    images: _containers.RepeatedCompositeFieldContainer[ImageProto]
    def __init__(self, contents: _Optional[str] = ..., num_characters_in_requested_range: _Optional[int] = ..., offset_is_bigger_than_number_of_lines_in_file: _Optional[bool] = ..., total_lines_in_file: _Optional[int] = ..., matching_cursor_rules: _Optional[_Iterable[_Union[CursorRule, _Mapping]]] = ..., images: _Optional[_Iterable[_Union[ImageProto, _Mapping]]] = ...) -> None: ...

class ReadLintsParams(_message.Message):
    __slots__ = ("path", "paths")
    PATH_FIELD_NUMBER: _ClassVar[int]
    PATHS_FIELD_NUMBER: _ClassVar[int]
    path: str
    paths: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, path: _Optional[str] = ..., paths: _Optional[_Iterable[str]] = ...) -> None: ...

class ReadLintsResult(_message.Message):
    __slots__ = ("path", "linter_errors", "linter_errors_by_file")
    PATH_FIELD_NUMBER: _ClassVar[int]
    LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    LINTER_ERRORS_BY_FILE_FIELD_NUMBER: _ClassVar[int]
    path: str
    linter_errors: _containers.RepeatedCompositeFieldContainer[LinterError]
    linter_errors_by_file: _containers.RepeatedCompositeFieldContainer[LinterErrors]
    def __init__(self, path: _Optional[str] = ..., linter_errors: _Optional[_Iterable[_Union[LinterError, _Mapping]]] = ..., linter_errors_by_file: _Optional[_Iterable[_Union[LinterErrors, _Mapping]]] = ...) -> None: ...

class ReadMcpResourceParams(_message.Message):
    __slots__ = ("server", "uri", "download_path")
    SERVER_FIELD_NUMBER: _ClassVar[int]
    URI_FIELD_NUMBER: _ClassVar[int]
    DOWNLOAD_PATH_FIELD_NUMBER: _ClassVar[int]
    server: str
    uri: str
    download_path: str
    def __init__(self, server: _Optional[str] = ..., uri: _Optional[str] = ..., download_path: _Optional[str] = ...) -> None: ...

class ReadMcpResourceResult(_message.Message):
    __slots__ = ("uri", "name", "description", "mime_type", "annotations", "text", "blob")
    class AnnotationsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    URI_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    MIME_TYPE_FIELD_NUMBER: _ClassVar[int]
    ANNOTATIONS_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    BLOB_FIELD_NUMBER: _ClassVar[int]
    uri: str
    name: str
    description: str
    mime_type: str
    annotations: _containers.ScalarMap[str, str]
    text: str
    blob: bytes
    def __init__(self, uri: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., mime_type: _Optional[str] = ..., annotations: _Optional[_Mapping[str, str]] = ..., text: _Optional[str] = ..., blob: _Optional[bytes] = ...) -> None: ...

class ReadProjectParams(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ReadProjectResult(_message.Message):
    __slots__ = ("plan",)
    PLAN_FIELD_NUMBER: _ClassVar[int]
    plan: str
    def __init__(self, plan: _Optional[str] = ...) -> None: ...

class ReadSemsearchFilesParams(_message.Message):
    __slots__ = ("repository_info", "code_results", "query", "pr_references", "pr_search_on")
    REPOSITORY_INFO_FIELD_NUMBER: _ClassVar[int]
    CODE_RESULTS_FIELD_NUMBER: _ClassVar[int]
    QUERY_FIELD_NUMBER: _ClassVar[int]
    PR_REFERENCES_FIELD_NUMBER: _ClassVar[int]
    PR_SEARCH_ON_FIELD_NUMBER: _ClassVar[int]
    repository_info: RepositoryInfo
    code_results: _containers.RepeatedCompositeFieldContainer[CodeResult]
    query: str
    pr_references: _containers.RepeatedCompositeFieldContainer[PullRequestReference]
    pr_search_on: bool
    def __init__(self, repository_info: _Optional[_Union[RepositoryInfo, _Mapping]] = ..., code_results: _Optional[_Iterable[_Union[CodeResult, _Mapping]]] = ..., query: _Optional[str] = ..., pr_references: _Optional[_Iterable[_Union[PullRequestReference, _Mapping]]] = ..., pr_search_on: _Optional[bool] = ...) -> None: ...

class ReadSemsearchFilesResult(_message.Message):
    __slots__ = ("code_results", "all_files", "missing_files", "knowledge_results", "pr_results", "git_remote_url", "pr_hydration_timed_out")
    CODE_RESULTS_FIELD_NUMBER: _ClassVar[int]
    ALL_FILES_FIELD_NUMBER: _ClassVar[int]
    MISSING_FILES_FIELD_NUMBER: _ClassVar[int]
    KNOWLEDGE_RESULTS_FIELD_NUMBER: _ClassVar[int]
    PR_RESULTS_FIELD_NUMBER: _ClassVar[int]
    GIT_REMOTE_URL_FIELD_NUMBER: _ClassVar[int]
    PR_HYDRATION_TIMED_OUT_FIELD_NUMBER: _ClassVar[int]
    code_results: _containers.RepeatedCompositeFieldContainer[CodeResult]
    all_files: _containers.RepeatedCompositeFieldContainer[File]
    missing_files: _containers.RepeatedCompositeFieldContainer[MissingFile]
    knowledge_results: _containers.RepeatedCompositeFieldContainer[Knowledge]
    pr_results: _containers.RepeatedCompositeFieldContainer[ToolPullRequestResult]
    git_remote_url: str
    pr_hydration_timed_out: bool
    def __init__(self, code_results: _Optional[_Iterable[_Union[CodeResult, _Mapping]]] = ..., all_files: _Optional[_Iterable[_Union[File, _Mapping]]] = ..., missing_files: _Optional[_Iterable[_Union[MissingFile, _Mapping]]] = ..., knowledge_results: _Optional[_Iterable[_Union[Knowledge, _Mapping]]] = ..., pr_results: _Optional[_Iterable[_Union[ToolPullRequestResult, _Mapping]]] = ..., git_remote_url: _Optional[str] = ..., pr_hydration_timed_out: _Optional[bool] = ...) -> None: ...

class ReapplyParams(_message.Message):
    __slots__ = ("relative_workspace_path",)
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    def __init__(self, relative_workspace_path: _Optional[str] = ...) -> None: ...

class ReapplyResult(_message.Message):
    __slots__ = ("diff", "is_applied", "apply_failed", "linter_errors", "rejected")
    DIFF_FIELD_NUMBER: _ClassVar[int]
    IS_APPLIED_FIELD_NUMBER: _ClassVar[int]
    APPLY_FAILED_FIELD_NUMBER: _ClassVar[int]
    LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    REJECTED_FIELD_NUMBER: _ClassVar[int]
    diff: EditFileResult.FileDiff
    is_applied: bool
    apply_failed: bool
    linter_errors: _containers.RepeatedCompositeFieldContainer[LinterError]
    rejected: bool
    def __init__(self, diff: _Optional[_Union[EditFileResult.FileDiff, _Mapping]] = ..., is_applied: _Optional[bool] = ..., apply_failed: _Optional[bool] = ..., linter_errors: _Optional[_Iterable[_Union[LinterError, _Mapping]]] = ..., rejected: _Optional[bool] = ...) -> None: ...

class RecordCppFateRequest(_message.Message):
    __slots__ = ("request_id", "performance_now_time", "fate", "extension")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_NOW_TIME_FIELD_NUMBER: _ClassVar[int]
    FATE_FIELD_NUMBER: _ClassVar[int]
    EXTENSION_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    performance_now_time: float
    fate: CppFate
    extension: str
    def __init__(self, request_id: _Optional[str] = ..., performance_now_time: _Optional[float] = ..., fate: _Optional[_Union[CppFate, str]] = ..., extension: _Optional[str] = ...) -> None: ...

class RecordCppFateResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RecordScreenArgs(_message.Message):
    __slots__ = ("mode", "tool_call_id", "save_as_filename")
    MODE_FIELD_NUMBER: _ClassVar[int]
    TOOL_CALL_ID_FIELD_NUMBER: _ClassVar[int]
    SAVE_AS_FILENAME_FIELD_NUMBER: _ClassVar[int]
    mode: RecordingMode
    tool_call_id: str
    save_as_filename: str
    def __init__(self, mode: _Optional[_Union[RecordingMode, str]] = ..., tool_call_id: _Optional[str] = ..., save_as_filename: _Optional[str] = ...) -> None: ...

class RecordScreenDiscardSuccess(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RecordScreenFailure(_message.Message):
    __slots__ = ("error",)
    ERROR_FIELD_NUMBER: _ClassVar[int]
    error: str
    def __init__(self, error: _Optional[str] = ...) -> None: ...

class RecordScreenResult(_message.Message):
    __slots__ = ("start_success", "save_success", "discard_success", "failure")
    START_SUCCESS_FIELD_NUMBER: _ClassVar[int]
    SAVE_SUCCESS_FIELD_NUMBER: _ClassVar[int]
    DISCARD_SUCCESS_FIELD_NUMBER: _ClassVar[int]
    FAILURE_FIELD_NUMBER: _ClassVar[int]
    start_success: RecordScreenStartSuccess
    save_success: RecordScreenSaveSuccess
    discard_success: RecordScreenDiscardSuccess
    failure: RecordScreenFailure
    def __init__(self, start_success: _Optional[_Union[RecordScreenStartSuccess, _Mapping]] = ..., save_success: _Optional[_Union[RecordScreenSaveSuccess, _Mapping]] = ..., discard_success: _Optional[_Union[RecordScreenDiscardSuccess, _Mapping]] = ..., failure: _Optional[_Union[RecordScreenFailure, _Mapping]] = ...) -> None: ...

class RecordScreenSaveSuccess(_message.Message):
    __slots__ = ("path", "recording_duration_ms", "requested_file_path_rejected_reason")
    PATH_FIELD_NUMBER: _ClassVar[int]
    RECORDING_DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    REQUESTED_FILE_PATH_REJECTED_REASON_FIELD_NUMBER: _ClassVar[int]
    path: str
    recording_duration_ms: int
    requested_file_path_rejected_reason: RequestedFilePathRejectedReason
    def __init__(self, path: _Optional[str] = ..., recording_duration_ms: _Optional[int] = ..., requested_file_path_rejected_reason: _Optional[_Union[RequestedFilePathRejectedReason, str]] = ...) -> None: ...

class RecordScreenStartSuccess(_message.Message):
    __slots__ = ("was_prior_recording_cancelled", "was_save_as_filename_ignored")
    WAS_PRIOR_RECORDING_CANCELLED_FIELD_NUMBER: _ClassVar[int]
    WAS_SAVE_AS_FILENAME_IGNORED_FIELD_NUMBER: _ClassVar[int]
    was_prior_recording_cancelled: bool
    was_save_as_filename_ignored: bool
    def __init__(self, was_prior_recording_cancelled: _Optional[bool] = ..., was_save_as_filename_ignored: _Optional[bool] = ...) -> None: ...

class RecoverableCppData(_message.Message):
    __slots__ = ("request_id", "suggestion_text", "suggestion_range", "position")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SUGGESTION_TEXT_FIELD_NUMBER: _ClassVar[int]
    SUGGESTION_RANGE_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    suggestion_text: str
    suggestion_range: IRange
    position: OneIndexedPosition
    def __init__(self, request_id: _Optional[str] = ..., suggestion_text: _Optional[str] = ..., suggestion_range: _Optional[_Union[IRange, _Mapping]] = ..., position: _Optional[_Union[OneIndexedPosition, _Mapping]] = ...) -> None: ...

class RedDiff(_message.Message):
    __slots__ = ("relative_workspace_path", "red_ranges", "red_ranges_reversed", "start_hash", "end_hash")
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    RED_RANGES_FIELD_NUMBER: _ClassVar[int]
    RED_RANGES_REVERSED_FIELD_NUMBER: _ClassVar[int]
    START_HASH_FIELD_NUMBER: _ClassVar[int]
    END_HASH_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    red_ranges: _containers.RepeatedCompositeFieldContainer[SimplestRange]
    red_ranges_reversed: _containers.RepeatedCompositeFieldContainer[SimplestRange]
    start_hash: str
    end_hash: str
    def __init__(self, relative_workspace_path: _Optional[str] = ..., red_ranges: _Optional[_Iterable[_Union[SimplestRange, _Mapping]]] = ..., red_ranges_reversed: _Optional[_Iterable[_Union[SimplestRange, _Mapping]]] = ..., start_hash: _Optional[str] = ..., end_hash: _Optional[str] = ...) -> None: ...

class RefreshTabContextRequest(_message.Message):
    __slots__ = ("current_file", "model_name", "linter_errors", "file_diff_histories", "additional_files", "client_time", "time_since_request_start", "time_at_request_send", "is_debug", "workspace_id", "supports_cpt", "supports_crlf_cpt", "repository_info")
    CURRENT_FILE_FIELD_NUMBER: _ClassVar[int]
    MODEL_NAME_FIELD_NUMBER: _ClassVar[int]
    LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    FILE_DIFF_HISTORIES_FIELD_NUMBER: _ClassVar[int]
    ADDITIONAL_FILES_FIELD_NUMBER: _ClassVar[int]
    CLIENT_TIME_FIELD_NUMBER: _ClassVar[int]
    TIME_SINCE_REQUEST_START_FIELD_NUMBER: _ClassVar[int]
    TIME_AT_REQUEST_SEND_FIELD_NUMBER: _ClassVar[int]
    IS_DEBUG_FIELD_NUMBER: _ClassVar[int]
    WORKSPACE_ID_FIELD_NUMBER: _ClassVar[int]
    SUPPORTS_CPT_FIELD_NUMBER: _ClassVar[int]
    SUPPORTS_CRLF_CPT_FIELD_NUMBER: _ClassVar[int]
    REPOSITORY_INFO_FIELD_NUMBER: _ClassVar[int]
    current_file: CurrentFileInfo
    model_name: str
    linter_errors: LinterErrors
    file_diff_histories: _containers.RepeatedCompositeFieldContainer[CppFileDiffHistory]
    additional_files: _containers.RepeatedCompositeFieldContainer[AdditionalFile]
    client_time: float
    time_since_request_start: float
    time_at_request_send: float
    is_debug: bool
    workspace_id: str
    supports_cpt: bool
    supports_crlf_cpt: bool
    repository_info: RepositoryInfo
    def __init__(self, current_file: _Optional[_Union[CurrentFileInfo, _Mapping]] = ..., model_name: _Optional[str] = ..., linter_errors: _Optional[_Union[LinterErrors, _Mapping]] = ..., file_diff_histories: _Optional[_Iterable[_Union[CppFileDiffHistory, _Mapping]]] = ..., additional_files: _Optional[_Iterable[_Union[AdditionalFile, _Mapping]]] = ..., client_time: _Optional[float] = ..., time_since_request_start: _Optional[float] = ..., time_at_request_send: _Optional[float] = ..., is_debug: _Optional[bool] = ..., workspace_id: _Optional[str] = ..., supports_cpt: _Optional[bool] = ..., supports_crlf_cpt: _Optional[bool] = ..., repository_info: _Optional[_Union[RepositoryInfo, _Mapping]] = ...) -> None: ...

class RefreshTabContextResponse(_message.Message):
    __slots__ = ("code_results",)
    CODE_RESULTS_FIELD_NUMBER: _ClassVar[int]
    code_results: _containers.RepeatedCompositeFieldContainer[CodeResult]
    def __init__(self, code_results: _Optional[_Iterable[_Union[CodeResult, _Mapping]]] = ...) -> None: ...

class RejectCursorPredictionEvent(_message.Message):
    __slots__ = ("cursor_prediction", "point_in_time_model")
    CURSOR_PREDICTION_FIELD_NUMBER: _ClassVar[int]
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    cursor_prediction: CursorPrediction
    point_in_time_model: PointInTimeModel
    def __init__(self, cursor_prediction: _Optional[_Union[CursorPrediction, _Mapping]] = ..., point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ...) -> None: ...

class ReloadWindowAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RemoteAuthority(_message.Message):
    __slots__ = ("connection_type",)
    CONNECTION_TYPE_FIELD_NUMBER: _ClassVar[int]
    connection_type: RemoteConnectionType
    def __init__(self, connection_type: _Optional[_Union[RemoteConnectionType, str]] = ...) -> None: ...

class RepoEvent(_message.Message):
    __slots__ = ("repo_owner", "repo_name", "event_type")
    class Type(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        TYPE_UNSPECIFIED: _ClassVar[RepoEvent.Type]
        TYPE_SYNCED: _ClassVar[RepoEvent.Type]
        TYPE_LOADING: _ClassVar[RepoEvent.Type]
        TYPE_INDEXING_SETUP: _ClassVar[RepoEvent.Type]
        TYPE_INDEXING_INIT_FROM_SIMILAR_CODEBASE: _ClassVar[RepoEvent.Type]
        TYPE_PAUSED: _ClassVar[RepoEvent.Type]
        TYPE_INDEXING: _ClassVar[RepoEvent.Type]
        TYPE_ERROR: _ClassVar[RepoEvent.Type]
        TYPE_NOT_AUTO_INDEXING: _ClassVar[RepoEvent.Type]
        TYPE_NOT_INDEXED: _ClassVar[RepoEvent.Type]
    TYPE_UNSPECIFIED: RepoEvent.Type
    TYPE_SYNCED: RepoEvent.Type
    TYPE_LOADING: RepoEvent.Type
    TYPE_INDEXING_SETUP: RepoEvent.Type
    TYPE_INDEXING_INIT_FROM_SIMILAR_CODEBASE: RepoEvent.Type
    TYPE_PAUSED: RepoEvent.Type
    TYPE_INDEXING: RepoEvent.Type
    TYPE_ERROR: RepoEvent.Type
    TYPE_NOT_AUTO_INDEXING: RepoEvent.Type
    TYPE_NOT_INDEXED: RepoEvent.Type
    REPO_OWNER_FIELD_NUMBER: _ClassVar[int]
    REPO_NAME_FIELD_NUMBER: _ClassVar[int]
    EVENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    repo_owner: str
    repo_name: str
    event_type: RepoEvent.Type
    def __init__(self, repo_owner: _Optional[str] = ..., repo_name: _Optional[str] = ..., event_type: _Optional[_Union[RepoEvent.Type, str]] = ...) -> None: ...

class ReportBugfixResultsError(_message.Message):
    __slots__ = ("error",)
    ERROR_FIELD_NUMBER: _ClassVar[int]
    error: str
    def __init__(self, error: _Optional[str] = ...) -> None: ...

class ReportBugfixResultsParams(_message.Message):
    __slots__ = ("summary", "results")
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    summary: str
    results: _containers.RepeatedCompositeFieldContainer[BugfixResultItem]
    def __init__(self, summary: _Optional[str] = ..., results: _Optional[_Iterable[_Union[BugfixResultItem, _Mapping]]] = ...) -> None: ...

class ReportBugfixResultsResult(_message.Message):
    __slots__ = ("success", "error")
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    success: ReportBugfixResultsSuccess
    error: ReportBugfixResultsError
    def __init__(self, success: _Optional[_Union[ReportBugfixResultsSuccess, _Mapping]] = ..., error: _Optional[_Union[ReportBugfixResultsError, _Mapping]] = ...) -> None: ...

class ReportBugfixResultsSuccess(_message.Message):
    __slots__ = ("results",)
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    results: _containers.RepeatedCompositeFieldContainer[BugfixResultItem]
    def __init__(self, results: _Optional[_Iterable[_Union[BugfixResultItem, _Mapping]]] = ...) -> None: ...

class RepositoryInfo(_message.Message):
    __slots__ = ("relative_workspace_path", "remote_urls", "remote_names", "repo_name", "repo_owner", "is_tracked", "is_local", "num_files", "orthogonal_transform_seed", "preferred_embedding_model", "workspace_uri", "preferred_db_provider")
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    REMOTE_URLS_FIELD_NUMBER: _ClassVar[int]
    REMOTE_NAMES_FIELD_NUMBER: _ClassVar[int]
    REPO_NAME_FIELD_NUMBER: _ClassVar[int]
    REPO_OWNER_FIELD_NUMBER: _ClassVar[int]
    IS_TRACKED_FIELD_NUMBER: _ClassVar[int]
    IS_LOCAL_FIELD_NUMBER: _ClassVar[int]
    NUM_FILES_FIELD_NUMBER: _ClassVar[int]
    ORTHOGONAL_TRANSFORM_SEED_FIELD_NUMBER: _ClassVar[int]
    PREFERRED_EMBEDDING_MODEL_FIELD_NUMBER: _ClassVar[int]
    WORKSPACE_URI_FIELD_NUMBER: _ClassVar[int]
    PREFERRED_DB_PROVIDER_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    remote_urls: _containers.RepeatedScalarFieldContainer[str]
    remote_names: _containers.RepeatedScalarFieldContainer[str]
    repo_name: str
    repo_owner: str
    is_tracked: bool
    is_local: bool
    num_files: int
    orthogonal_transform_seed: float
    preferred_embedding_model: EmbeddingModel
    workspace_uri: str
    preferred_db_provider: DatabaseProvider
    def __init__(self, relative_workspace_path: _Optional[str] = ..., remote_urls: _Optional[_Iterable[str]] = ..., remote_names: _Optional[_Iterable[str]] = ..., repo_name: _Optional[str] = ..., repo_owner: _Optional[str] = ..., is_tracked: _Optional[bool] = ..., is_local: _Optional[bool] = ..., num_files: _Optional[int] = ..., orthogonal_transform_seed: _Optional[float] = ..., preferred_embedding_model: _Optional[_Union[EmbeddingModel, str]] = ..., workspace_uri: _Optional[str] = ..., preferred_db_provider: _Optional[_Union[DatabaseProvider, str]] = ...) -> None: ...

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

class RerankCmdKContextRequest(_message.Message):
    __slots__ = ("context_items", "legacy_context", "cmd_k_options")
    CONTEXT_ITEMS_FIELD_NUMBER: _ClassVar[int]
    LEGACY_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    CMD_K_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    context_items: _containers.RepeatedCompositeFieldContainer[PotentiallyCachedContextItem]
    legacy_context: CmdKLegacyContext
    cmd_k_options: CmdKOptions
    def __init__(self, context_items: _Optional[_Iterable[_Union[PotentiallyCachedContextItem, _Mapping]]] = ..., legacy_context: _Optional[_Union[CmdKLegacyContext, _Mapping]] = ..., cmd_k_options: _Optional[_Union[CmdKOptions, _Mapping]] = ...) -> None: ...

class RerankCmdKContextResponse(_message.Message):
    __slots__ = ("did_call", "context_status_update", "missing_context_items")
    DID_CALL_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_STATUS_UPDATE_FIELD_NUMBER: _ClassVar[int]
    MISSING_CONTEXT_ITEMS_FIELD_NUMBER: _ClassVar[int]
    did_call: bool
    context_status_update: ContextStatusUpdate
    missing_context_items: MissingContextItems
    def __init__(self, did_call: _Optional[bool] = ..., context_status_update: _Optional[_Union[ContextStatusUpdate, _Mapping]] = ..., missing_context_items: _Optional[_Union[MissingContextItems, _Mapping]] = ...) -> None: ...

class RerankTerminalCmdKContextRequest(_message.Message):
    __slots__ = ("context_items", "cmd_k_options")
    CONTEXT_ITEMS_FIELD_NUMBER: _ClassVar[int]
    CMD_K_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    context_items: _containers.RepeatedCompositeFieldContainer[PotentiallyCachedContextItem]
    cmd_k_options: TerminalCmdKOptions
    def __init__(self, context_items: _Optional[_Iterable[_Union[PotentiallyCachedContextItem, _Mapping]]] = ..., cmd_k_options: _Optional[_Union[TerminalCmdKOptions, _Mapping]] = ...) -> None: ...

class RerankTerminalCmdKContextResponse(_message.Message):
    __slots__ = ("context_status_update", "missing_context_items")
    CONTEXT_STATUS_UPDATE_FIELD_NUMBER: _ClassVar[int]
    MISSING_CONTEXT_ITEMS_FIELD_NUMBER: _ClassVar[int]
    context_status_update: ContextStatusUpdate
    missing_context_items: MissingContextItems
    def __init__(self, context_status_update: _Optional[_Union[ContextStatusUpdate, _Mapping]] = ..., missing_context_items: _Optional[_Union[MissingContextItems, _Mapping]] = ...) -> None: ...

class ReviewChangesOpenedEvent(_message.Message):
    __slots__ = ("composer_id", "best_of_n_group_id")
    COMPOSER_ID_FIELD_NUMBER: _ClassVar[int]
    BEST_OF_N_GROUP_ID_FIELD_NUMBER: _ClassVar[int]
    composer_id: str
    best_of_n_group_id: str
    def __init__(self, composer_id: _Optional[str] = ..., best_of_n_group_id: _Optional[str] = ...) -> None: ...

class RipgrepRawSearchContentMatch(_message.Message):
    __slots__ = ("line_number", "content", "content_truncated", "is_context_line")
    LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    IS_CONTEXT_LINE_FIELD_NUMBER: _ClassVar[int]
    line_number: int
    content: str
    content_truncated: bool
    is_context_line: bool
    def __init__(self, line_number: _Optional[int] = ..., content: _Optional[str] = ..., content_truncated: _Optional[bool] = ..., is_context_line: _Optional[bool] = ...) -> None: ...

class RipgrepRawSearchContentResult(_message.Message):
    __slots__ = ("matches", "total_lines", "total_matched_lines", "client_truncated", "ripgrep_truncated", "head_limit_applied", "offset_applied")
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_LINES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_MATCHED_LINES_FIELD_NUMBER: _ClassVar[int]
    CLIENT_TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    RIPGREP_TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    HEAD_LIMIT_APPLIED_FIELD_NUMBER: _ClassVar[int]
    OFFSET_APPLIED_FIELD_NUMBER: _ClassVar[int]
    matches: _containers.RepeatedCompositeFieldContainer[RipgrepRawSearchFileMatch]
    total_lines: int
    total_matched_lines: int
    client_truncated: bool
    ripgrep_truncated: bool
    head_limit_applied: int
    offset_applied: int
    def __init__(self, matches: _Optional[_Iterable[_Union[RipgrepRawSearchFileMatch, _Mapping]]] = ..., total_lines: _Optional[int] = ..., total_matched_lines: _Optional[int] = ..., client_truncated: _Optional[bool] = ..., ripgrep_truncated: _Optional[bool] = ..., head_limit_applied: _Optional[int] = ..., offset_applied: _Optional[int] = ...) -> None: ...

class RipgrepRawSearchCountResult(_message.Message):
    __slots__ = ("counts", "total_files", "total_matches", "client_truncated", "head_limit_applied", "offset_applied", "ripgrep_truncated")
    COUNTS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FILES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_MATCHES_FIELD_NUMBER: _ClassVar[int]
    CLIENT_TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    HEAD_LIMIT_APPLIED_FIELD_NUMBER: _ClassVar[int]
    OFFSET_APPLIED_FIELD_NUMBER: _ClassVar[int]
    RIPGREP_TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    counts: _containers.RepeatedCompositeFieldContainer[RipgrepRawSearchFileCount]
    total_files: int
    total_matches: int
    client_truncated: bool
    head_limit_applied: int
    offset_applied: int
    ripgrep_truncated: bool
    def __init__(self, counts: _Optional[_Iterable[_Union[RipgrepRawSearchFileCount, _Mapping]]] = ..., total_files: _Optional[int] = ..., total_matches: _Optional[int] = ..., client_truncated: _Optional[bool] = ..., head_limit_applied: _Optional[int] = ..., offset_applied: _Optional[int] = ..., ripgrep_truncated: _Optional[bool] = ...) -> None: ...

class RipgrepRawSearchError(_message.Message):
    __slots__ = ("error",)
    ERROR_FIELD_NUMBER: _ClassVar[int]
    error: str
    def __init__(self, error: _Optional[str] = ...) -> None: ...

class RipgrepRawSearchFileCount(_message.Message):
    __slots__ = ("file", "count", "is_dirty", "is_out_of_workspace", "absolute_path")
    FILE_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    IS_DIRTY_FIELD_NUMBER: _ClassVar[int]
    IS_OUT_OF_WORKSPACE_FIELD_NUMBER: _ClassVar[int]
    ABSOLUTE_PATH_FIELD_NUMBER: _ClassVar[int]
    file: str
    count: int
    is_dirty: bool
    is_out_of_workspace: bool
    absolute_path: str
    def __init__(self, file: _Optional[str] = ..., count: _Optional[int] = ..., is_dirty: _Optional[bool] = ..., is_out_of_workspace: _Optional[bool] = ..., absolute_path: _Optional[str] = ...) -> None: ...

class RipgrepRawSearchFileMatch(_message.Message):
    __slots__ = ("file", "matches", "is_dirty", "is_out_of_workspace", "absolute_path")
    FILE_FIELD_NUMBER: _ClassVar[int]
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    IS_DIRTY_FIELD_NUMBER: _ClassVar[int]
    IS_OUT_OF_WORKSPACE_FIELD_NUMBER: _ClassVar[int]
    ABSOLUTE_PATH_FIELD_NUMBER: _ClassVar[int]
    file: str
    matches: _containers.RepeatedCompositeFieldContainer[RipgrepRawSearchContentMatch]
    is_dirty: bool
    is_out_of_workspace: bool
    absolute_path: str
    def __init__(self, file: _Optional[str] = ..., matches: _Optional[_Iterable[_Union[RipgrepRawSearchContentMatch, _Mapping]]] = ..., is_dirty: _Optional[bool] = ..., is_out_of_workspace: _Optional[bool] = ..., absolute_path: _Optional[str] = ...) -> None: ...

class RipgrepRawSearchFilesResult(_message.Message):
    __slots__ = ("files", "total_files", "client_truncated", "ripgrep_truncated", "files_with_meta", "head_limit_applied", "offset_applied")
    class FileEntry(_message.Message):
        __slots__ = ("file", "is_dirty", "is_out_of_workspace", "absolute_path")
        FILE_FIELD_NUMBER: _ClassVar[int]
        IS_DIRTY_FIELD_NUMBER: _ClassVar[int]
        IS_OUT_OF_WORKSPACE_FIELD_NUMBER: _ClassVar[int]
        ABSOLUTE_PATH_FIELD_NUMBER: _ClassVar[int]
        file: str
        is_dirty: bool
        is_out_of_workspace: bool
        absolute_path: str
        def __init__(self, file: _Optional[str] = ..., is_dirty: _Optional[bool] = ..., is_out_of_workspace: _Optional[bool] = ..., absolute_path: _Optional[str] = ...) -> None: ...
    FILES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FILES_FIELD_NUMBER: _ClassVar[int]
    CLIENT_TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    RIPGREP_TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    FILES_WITH_META_FIELD_NUMBER: _ClassVar[int]
    HEAD_LIMIT_APPLIED_FIELD_NUMBER: _ClassVar[int]
    OFFSET_APPLIED_FIELD_NUMBER: _ClassVar[int]
    files: _containers.RepeatedScalarFieldContainer[str]
    total_files: int
    client_truncated: bool
    ripgrep_truncated: bool
    files_with_meta: _containers.RepeatedCompositeFieldContainer[RipgrepRawSearchFilesResult.FileEntry]
    head_limit_applied: int
    offset_applied: int
    def __init__(self, files: _Optional[_Iterable[str]] = ..., total_files: _Optional[int] = ..., client_truncated: _Optional[bool] = ..., ripgrep_truncated: _Optional[bool] = ..., files_with_meta: _Optional[_Iterable[_Union[RipgrepRawSearchFilesResult.FileEntry, _Mapping]]] = ..., head_limit_applied: _Optional[int] = ..., offset_applied: _Optional[int] = ...) -> None: ...

class RipgrepRawSearchParams(_message.Message):
    __slots__ = ("pattern", "path", "glob", "output_mode", "context_before", "context_after", "context", "case_insensitive", "type", "head_limit", "multiline", "sort", "sort_ascending", "ignore_globs", "offset")
    PATTERN_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    GLOB_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_MODE_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_BEFORE_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_AFTER_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    CASE_INSENSITIVE_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    HEAD_LIMIT_FIELD_NUMBER: _ClassVar[int]
    MULTILINE_FIELD_NUMBER: _ClassVar[int]
    SORT_FIELD_NUMBER: _ClassVar[int]
    SORT_ASCENDING_FIELD_NUMBER: _ClassVar[int]
    IGNORE_GLOBS_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    pattern: str
    path: str
    glob: str
    output_mode: str
    context_before: int
    context_after: int
    context: int
    case_insensitive: bool
    type: str
    head_limit: int
    multiline: bool
    sort: str
    sort_ascending: bool
    ignore_globs: _containers.RepeatedScalarFieldContainer[str]
    offset: int
    def __init__(self, pattern: _Optional[str] = ..., path: _Optional[str] = ..., glob: _Optional[str] = ..., output_mode: _Optional[str] = ..., context_before: _Optional[int] = ..., context_after: _Optional[int] = ..., context: _Optional[int] = ..., case_insensitive: _Optional[bool] = ..., type: _Optional[str] = ..., head_limit: _Optional[int] = ..., multiline: _Optional[bool] = ..., sort: _Optional[str] = ..., sort_ascending: _Optional[bool] = ..., ignore_globs: _Optional[_Iterable[str]] = ..., offset: _Optional[int] = ...) -> None: ...

class RipgrepRawSearchResult(_message.Message):
    __slots__ = ("success", "error")
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    success: RipgrepRawSearchSuccess
    error: RipgrepRawSearchError
    def __init__(self, success: _Optional[_Union[RipgrepRawSearchSuccess, _Mapping]] = ..., error: _Optional[_Union[RipgrepRawSearchError, _Mapping]] = ...) -> None: ...

class RipgrepRawSearchSuccess(_message.Message):
    __slots__ = ("pattern", "path", "output_mode", "workspace_results", "active_editor_result")
    class WorkspaceResultsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: RipgrepRawSearchUnionResult
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[RipgrepRawSearchUnionResult, _Mapping]] = ...) -> None: ...
    PATTERN_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_MODE_FIELD_NUMBER: _ClassVar[int]
    WORKSPACE_RESULTS_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_EDITOR_RESULT_FIELD_NUMBER: _ClassVar[int]
    pattern: str
    path: str
    output_mode: str
    workspace_results: _containers.MessageMap[str, RipgrepRawSearchUnionResult]
    active_editor_result: RipgrepRawSearchUnionResult
    def __init__(self, pattern: _Optional[str] = ..., path: _Optional[str] = ..., output_mode: _Optional[str] = ..., workspace_results: _Optional[_Mapping[str, RipgrepRawSearchUnionResult]] = ..., active_editor_result: _Optional[_Union[RipgrepRawSearchUnionResult, _Mapping]] = ...) -> None: ...

class RipgrepRawSearchUnionResult(_message.Message):
    __slots__ = ("count", "files", "content")
    COUNT_FIELD_NUMBER: _ClassVar[int]
    FILES_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    count: RipgrepRawSearchCountResult
    files: RipgrepRawSearchFilesResult
    content: RipgrepRawSearchContentResult
    def __init__(self, count: _Optional[_Union[RipgrepRawSearchCountResult, _Mapping]] = ..., files: _Optional[_Union[RipgrepRawSearchFilesResult, _Mapping]] = ..., content: _Optional[_Union[RipgrepRawSearchContentResult, _Mapping]] = ...) -> None: ...

class RipgrepSearchParams(_message.Message):
    __slots__ = ("options", "pattern_info")
    class IPatternInfoProto(_message.Message):
        __slots__ = ("pattern", "is_reg_exp", "is_word_match", "word_separators", "is_multiline", "is_unicode", "is_case_sensitive", "notebook_info", "pattern_was_escaped")
        class INotebookPatternInfoProto(_message.Message):
            __slots__ = ("is_in_notebook_markdown_input", "is_in_notebook_markdown_preview", "is_in_notebook_cell_input", "is_in_notebook_cell_output")
            IS_IN_NOTEBOOK_MARKDOWN_INPUT_FIELD_NUMBER: _ClassVar[int]
            IS_IN_NOTEBOOK_MARKDOWN_PREVIEW_FIELD_NUMBER: _ClassVar[int]
            IS_IN_NOTEBOOK_CELL_INPUT_FIELD_NUMBER: _ClassVar[int]
            IS_IN_NOTEBOOK_CELL_OUTPUT_FIELD_NUMBER: _ClassVar[int]
            is_in_notebook_markdown_input: bool
            is_in_notebook_markdown_preview: bool
            is_in_notebook_cell_input: bool
            is_in_notebook_cell_output: bool
            def __init__(self, is_in_notebook_markdown_input: _Optional[bool] = ..., is_in_notebook_markdown_preview: _Optional[bool] = ..., is_in_notebook_cell_input: _Optional[bool] = ..., is_in_notebook_cell_output: _Optional[bool] = ...) -> None: ...
        PATTERN_FIELD_NUMBER: _ClassVar[int]
        IS_REG_EXP_FIELD_NUMBER: _ClassVar[int]
        IS_WORD_MATCH_FIELD_NUMBER: _ClassVar[int]
        WORD_SEPARATORS_FIELD_NUMBER: _ClassVar[int]
        IS_MULTILINE_FIELD_NUMBER: _ClassVar[int]
        IS_UNICODE_FIELD_NUMBER: _ClassVar[int]
        IS_CASE_SENSITIVE_FIELD_NUMBER: _ClassVar[int]
        NOTEBOOK_INFO_FIELD_NUMBER: _ClassVar[int]
        PATTERN_WAS_ESCAPED_FIELD_NUMBER: _ClassVar[int]
        pattern: str
        is_reg_exp: bool
        is_word_match: bool
        word_separators: str
        is_multiline: bool
        is_unicode: bool
        is_case_sensitive: bool
        notebook_info: RipgrepSearchParams.IPatternInfoProto.INotebookPatternInfoProto
        pattern_was_escaped: bool
        def __init__(self, pattern: _Optional[str] = ..., is_reg_exp: _Optional[bool] = ..., is_word_match: _Optional[bool] = ..., word_separators: _Optional[str] = ..., is_multiline: _Optional[bool] = ..., is_unicode: _Optional[bool] = ..., is_case_sensitive: _Optional[bool] = ..., notebook_info: _Optional[_Union[RipgrepSearchParams.IPatternInfoProto.INotebookPatternInfoProto, _Mapping]] = ..., pattern_was_escaped: _Optional[bool] = ...) -> None: ...
    class ITextQueryBuilderOptionsProto(_message.Message):
        __slots__ = ("preview_options", "file_encoding", "surrounding_context", "is_smart_case", "notebook_search_config", "exclude_pattern", "include_pattern", "expand_patterns", "max_results", "max_file_size", "disregard_ignore_files", "disregard_global_ignore_files", "disregard_parent_ignore_files", "disregard_exclude_settings", "disregard_search_exclude_settings", "ignore_symlinks", "only_open_editors", "only_file_scheme", "reason", "extra_file_resources")
        class ExcludePatternProto(_message.Message):
            __slots__ = ("exclude_pattern",)
            EXCLUDE_PATTERN_FIELD_NUMBER: _ClassVar[int]
            exclude_pattern: _containers.RepeatedCompositeFieldContainer[RipgrepSearchParams.ITextQueryBuilderOptionsProto.ISearchPatternBuilderProto]
            def __init__(self, exclude_pattern: _Optional[_Iterable[_Union[RipgrepSearchParams.ITextQueryBuilderOptionsProto.ISearchPatternBuilderProto, _Mapping]]] = ...) -> None: ...
        class ExtraFileResourcesProto(_message.Message):
            __slots__ = ("extra_file_resources",)
            EXTRA_FILE_RESOURCES_FIELD_NUMBER: _ClassVar[int]
            extra_file_resources: _containers.RepeatedScalarFieldContainer[str]
            def __init__(self, extra_file_resources: _Optional[_Iterable[str]] = ...) -> None: ...
        class INotebookSearchConfigProto(_message.Message):
            __slots__ = ("include_markup_input", "include_markup_preview", "include_code_input", "include_output")
            INCLUDE_MARKUP_INPUT_FIELD_NUMBER: _ClassVar[int]
            INCLUDE_MARKUP_PREVIEW_FIELD_NUMBER: _ClassVar[int]
            INCLUDE_CODE_INPUT_FIELD_NUMBER: _ClassVar[int]
            INCLUDE_OUTPUT_FIELD_NUMBER: _ClassVar[int]
            include_markup_input: bool
            include_markup_preview: bool
            include_code_input: bool
            include_output: bool
            def __init__(self, include_markup_input: _Optional[bool] = ..., include_markup_preview: _Optional[bool] = ..., include_code_input: _Optional[bool] = ..., include_output: _Optional[bool] = ...) -> None: ...
        class ISearchPathPatternBuilderProto(_message.Message):
            __slots__ = ("pattern", "patterns")
            PATTERN_FIELD_NUMBER: _ClassVar[int]
            PATTERNS_FIELD_NUMBER: _ClassVar[int]
            pattern: str
            patterns: _containers.RepeatedScalarFieldContainer[str]
            def __init__(self, pattern: _Optional[str] = ..., patterns: _Optional[_Iterable[str]] = ...) -> None: ...
        class ISearchPatternBuilderProto(_message.Message):
            __slots__ = ("uri", "pattern")
            URI_FIELD_NUMBER: _ClassVar[int]
            PATTERN_FIELD_NUMBER: _ClassVar[int]
            uri: str
            pattern: RipgrepSearchParams.ITextQueryBuilderOptionsProto.ISearchPathPatternBuilderProto
            def __init__(self, uri: _Optional[str] = ..., pattern: _Optional[_Union[RipgrepSearchParams.ITextQueryBuilderOptionsProto.ISearchPathPatternBuilderProto, _Mapping]] = ...) -> None: ...
        class ITextSearchPreviewOptionsProto(_message.Message):
            __slots__ = ("match_lines", "chars_per_line")
            MATCH_LINES_FIELD_NUMBER: _ClassVar[int]
            CHARS_PER_LINE_FIELD_NUMBER: _ClassVar[int]
            match_lines: int
            chars_per_line: int
            def __init__(self, match_lines: _Optional[int] = ..., chars_per_line: _Optional[int] = ...) -> None: ...
        PREVIEW_OPTIONS_FIELD_NUMBER: _ClassVar[int]
        FILE_ENCODING_FIELD_NUMBER: _ClassVar[int]
        SURROUNDING_CONTEXT_FIELD_NUMBER: _ClassVar[int]
        IS_SMART_CASE_FIELD_NUMBER: _ClassVar[int]
        NOTEBOOK_SEARCH_CONFIG_FIELD_NUMBER: _ClassVar[int]
        EXCLUDE_PATTERN_FIELD_NUMBER: _ClassVar[int]
        INCLUDE_PATTERN_FIELD_NUMBER: _ClassVar[int]
        EXPAND_PATTERNS_FIELD_NUMBER: _ClassVar[int]
        MAX_RESULTS_FIELD_NUMBER: _ClassVar[int]
        MAX_FILE_SIZE_FIELD_NUMBER: _ClassVar[int]
        DISREGARD_IGNORE_FILES_FIELD_NUMBER: _ClassVar[int]
        DISREGARD_GLOBAL_IGNORE_FILES_FIELD_NUMBER: _ClassVar[int]
        DISREGARD_PARENT_IGNORE_FILES_FIELD_NUMBER: _ClassVar[int]
        DISREGARD_EXCLUDE_SETTINGS_FIELD_NUMBER: _ClassVar[int]
        DISREGARD_SEARCH_EXCLUDE_SETTINGS_FIELD_NUMBER: _ClassVar[int]
        IGNORE_SYMLINKS_FIELD_NUMBER: _ClassVar[int]
        ONLY_OPEN_EDITORS_FIELD_NUMBER: _ClassVar[int]
        ONLY_FILE_SCHEME_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        EXTRA_FILE_RESOURCES_FIELD_NUMBER: _ClassVar[int]
        preview_options: RipgrepSearchParams.ITextQueryBuilderOptionsProto.ITextSearchPreviewOptionsProto
        file_encoding: str
        surrounding_context: int
        is_smart_case: bool
        notebook_search_config: RipgrepSearchParams.ITextQueryBuilderOptionsProto.INotebookSearchConfigProto
        exclude_pattern: RipgrepSearchParams.ITextQueryBuilderOptionsProto.ExcludePatternProto
        include_pattern: RipgrepSearchParams.ITextQueryBuilderOptionsProto.ISearchPathPatternBuilderProto
        expand_patterns: bool
        max_results: int
        max_file_size: int
        disregard_ignore_files: bool
        disregard_global_ignore_files: bool
        disregard_parent_ignore_files: bool
        disregard_exclude_settings: bool
        disregard_search_exclude_settings: bool
        ignore_symlinks: bool
        only_open_editors: bool
        only_file_scheme: bool
        reason: str
        extra_file_resources: RipgrepSearchParams.ITextQueryBuilderOptionsProto.ExtraFileResourcesProto
        def __init__(self, preview_options: _Optional[_Union[RipgrepSearchParams.ITextQueryBuilderOptionsProto.ITextSearchPreviewOptionsProto, _Mapping]] = ..., file_encoding: _Optional[str] = ..., surrounding_context: _Optional[int] = ..., is_smart_case: _Optional[bool] = ..., notebook_search_config: _Optional[_Union[RipgrepSearchParams.ITextQueryBuilderOptionsProto.INotebookSearchConfigProto, _Mapping]] = ..., exclude_pattern: _Optional[_Union[RipgrepSearchParams.ITextQueryBuilderOptionsProto.ExcludePatternProto, _Mapping]] = ..., include_pattern: _Optional[_Union[RipgrepSearchParams.ITextQueryBuilderOptionsProto.ISearchPathPatternBuilderProto, _Mapping]] = ..., expand_patterns: _Optional[bool] = ..., max_results: _Optional[int] = ..., max_file_size: _Optional[int] = ..., disregard_ignore_files: _Optional[bool] = ..., disregard_global_ignore_files: _Optional[bool] = ..., disregard_parent_ignore_files: _Optional[bool] = ..., disregard_exclude_settings: _Optional[bool] = ..., disregard_search_exclude_settings: _Optional[bool] = ..., ignore_symlinks: _Optional[bool] = ..., only_open_editors: _Optional[bool] = ..., only_file_scheme: _Optional[bool] = ..., reason: _Optional[str] = ..., extra_file_resources: _Optional[_Union[RipgrepSearchParams.ITextQueryBuilderOptionsProto.ExtraFileResourcesProto, _Mapping]] = ...) -> None: ...
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PATTERN_INFO_FIELD_NUMBER: _ClassVar[int]
    options: RipgrepSearchParams.ITextQueryBuilderOptionsProto
    pattern_info: RipgrepSearchParams.IPatternInfoProto
    def __init__(self, options: _Optional[_Union[RipgrepSearchParams.ITextQueryBuilderOptionsProto, _Mapping]] = ..., pattern_info: _Optional[_Union[RipgrepSearchParams.IPatternInfoProto, _Mapping]] = ...) -> None: ...

class RipgrepSearchResult(_message.Message):
    __slots__ = ("internal",)
    INTERNAL_FIELD_NUMBER: _ClassVar[int]
    internal: RipgrepSearchResultInternal
    def __init__(self, internal: _Optional[_Union[RipgrepSearchResultInternal, _Mapping]] = ...) -> None: ...

class RipgrepSearchResultInternal(_message.Message):
    __slots__ = ("results", "exit", "limit_hit", "messages", "file_search_stats", "text_search_stats")
    class SearchCompletionExitCode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        SEARCH_COMPLETION_EXIT_CODE_UNSPECIFIED: _ClassVar[RipgrepSearchResultInternal.SearchCompletionExitCode]
        SEARCH_COMPLETION_EXIT_CODE_NORMAL: _ClassVar[RipgrepSearchResultInternal.SearchCompletionExitCode]
        SEARCH_COMPLETION_EXIT_CODE_NEW_SEARCH_STARTED: _ClassVar[RipgrepSearchResultInternal.SearchCompletionExitCode]
    SEARCH_COMPLETION_EXIT_CODE_UNSPECIFIED: RipgrepSearchResultInternal.SearchCompletionExitCode
    SEARCH_COMPLETION_EXIT_CODE_NORMAL: RipgrepSearchResultInternal.SearchCompletionExitCode
    SEARCH_COMPLETION_EXIT_CODE_NEW_SEARCH_STARTED: RipgrepSearchResultInternal.SearchCompletionExitCode
    class TextSearchCompleteMessageType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        TEXT_SEARCH_COMPLETE_MESSAGE_TYPE_UNSPECIFIED: _ClassVar[RipgrepSearchResultInternal.TextSearchCompleteMessageType]
        TEXT_SEARCH_COMPLETE_MESSAGE_TYPE_INFORMATION: _ClassVar[RipgrepSearchResultInternal.TextSearchCompleteMessageType]
        TEXT_SEARCH_COMPLETE_MESSAGE_TYPE_WARNING: _ClassVar[RipgrepSearchResultInternal.TextSearchCompleteMessageType]
    TEXT_SEARCH_COMPLETE_MESSAGE_TYPE_UNSPECIFIED: RipgrepSearchResultInternal.TextSearchCompleteMessageType
    TEXT_SEARCH_COMPLETE_MESSAGE_TYPE_INFORMATION: RipgrepSearchResultInternal.TextSearchCompleteMessageType
    TEXT_SEARCH_COMPLETE_MESSAGE_TYPE_WARNING: RipgrepSearchResultInternal.TextSearchCompleteMessageType
    class ICachedSearchStats(_message.Message):
        __slots__ = ("cache_was_resolved", "cache_lookup_time", "cache_filter_time", "cache_entry_count")
        CACHE_WAS_RESOLVED_FIELD_NUMBER: _ClassVar[int]
        CACHE_LOOKUP_TIME_FIELD_NUMBER: _ClassVar[int]
        CACHE_FILTER_TIME_FIELD_NUMBER: _ClassVar[int]
        CACHE_ENTRY_COUNT_FIELD_NUMBER: _ClassVar[int]
        cache_was_resolved: bool
        cache_lookup_time: int
        cache_filter_time: int
        cache_entry_count: int
        def __init__(self, cache_was_resolved: _Optional[bool] = ..., cache_lookup_time: _Optional[int] = ..., cache_filter_time: _Optional[int] = ..., cache_entry_count: _Optional[int] = ...) -> None: ...
    class IFileMatch(_message.Message):
        __slots__ = ("resource", "results")
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        RESULTS_FIELD_NUMBER: _ClassVar[int]
        resource: str
        results: _containers.RepeatedCompositeFieldContainer[RipgrepSearchResultInternal.ITextSearchResult]
        def __init__(self, resource: _Optional[str] = ..., results: _Optional[_Iterable[_Union[RipgrepSearchResultInternal.ITextSearchResult, _Mapping]]] = ...) -> None: ...
    class IFileSearchProviderStats(_message.Message):
        __slots__ = ("provider_time", "post_process_time")
        PROVIDER_TIME_FIELD_NUMBER: _ClassVar[int]
        POST_PROCESS_TIME_FIELD_NUMBER: _ClassVar[int]
        provider_time: int
        post_process_time: int
        def __init__(self, provider_time: _Optional[int] = ..., post_process_time: _Optional[int] = ...) -> None: ...
    class IFileSearchStats(_message.Message):
        __slots__ = ("from_cache", "result_count", "type", "sorting_time", "search_engine_stats", "cached_search_stats", "file_search_provider_stats")
        class FileSearchProviderType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            FILE_SEARCH_PROVIDER_TYPE_UNSPECIFIED: _ClassVar[RipgrepSearchResultInternal.IFileSearchStats.FileSearchProviderType]
            FILE_SEARCH_PROVIDER_TYPE_FILE_SEARCH_PROVIDER: _ClassVar[RipgrepSearchResultInternal.IFileSearchStats.FileSearchProviderType]
            FILE_SEARCH_PROVIDER_TYPE_SEARCH_PROCESS: _ClassVar[RipgrepSearchResultInternal.IFileSearchStats.FileSearchProviderType]
        FILE_SEARCH_PROVIDER_TYPE_UNSPECIFIED: RipgrepSearchResultInternal.IFileSearchStats.FileSearchProviderType
        FILE_SEARCH_PROVIDER_TYPE_FILE_SEARCH_PROVIDER: RipgrepSearchResultInternal.IFileSearchStats.FileSearchProviderType
        FILE_SEARCH_PROVIDER_TYPE_SEARCH_PROCESS: RipgrepSearchResultInternal.IFileSearchStats.FileSearchProviderType
        FROM_CACHE_FIELD_NUMBER: _ClassVar[int]
        RESULT_COUNT_FIELD_NUMBER: _ClassVar[int]
        TYPE_FIELD_NUMBER: _ClassVar[int]
        SORTING_TIME_FIELD_NUMBER: _ClassVar[int]
        SEARCH_ENGINE_STATS_FIELD_NUMBER: _ClassVar[int]
        CACHED_SEARCH_STATS_FIELD_NUMBER: _ClassVar[int]
        FILE_SEARCH_PROVIDER_STATS_FIELD_NUMBER: _ClassVar[int]
        from_cache: bool
        result_count: int
        type: RipgrepSearchResultInternal.IFileSearchStats.FileSearchProviderType
        sorting_time: int
        search_engine_stats: RipgrepSearchResultInternal.ISearchEngineStats
        cached_search_stats: RipgrepSearchResultInternal.ICachedSearchStats
        file_search_provider_stats: RipgrepSearchResultInternal.IFileSearchProviderStats
        def __init__(self, from_cache: _Optional[bool] = ..., result_count: _Optional[int] = ..., type: _Optional[_Union[RipgrepSearchResultInternal.IFileSearchStats.FileSearchProviderType, str]] = ..., sorting_time: _Optional[int] = ..., search_engine_stats: _Optional[_Union[RipgrepSearchResultInternal.ISearchEngineStats, _Mapping]] = ..., cached_search_stats: _Optional[_Union[RipgrepSearchResultInternal.ICachedSearchStats, _Mapping]] = ..., file_search_provider_stats: _Optional[_Union[RipgrepSearchResultInternal.IFileSearchProviderStats, _Mapping]] = ...) -> None: ...
    class ISearchEngineStats(_message.Message):
        __slots__ = ("file_walk_time", "directories_walked", "files_walked", "cmd_time", "cmd_result_count")
        FILE_WALK_TIME_FIELD_NUMBER: _ClassVar[int]
        DIRECTORIES_WALKED_FIELD_NUMBER: _ClassVar[int]
        FILES_WALKED_FIELD_NUMBER: _ClassVar[int]
        CMD_TIME_FIELD_NUMBER: _ClassVar[int]
        CMD_RESULT_COUNT_FIELD_NUMBER: _ClassVar[int]
        file_walk_time: int
        directories_walked: int
        files_walked: int
        cmd_time: int
        cmd_result_count: int
        def __init__(self, file_walk_time: _Optional[int] = ..., directories_walked: _Optional[int] = ..., files_walked: _Optional[int] = ..., cmd_time: _Optional[int] = ..., cmd_result_count: _Optional[int] = ...) -> None: ...
    class ISearchRange(_message.Message):
        __slots__ = ("start_line_number", "start_column", "end_line_number", "end_column")
        START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        START_COLUMN_FIELD_NUMBER: _ClassVar[int]
        END_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        END_COLUMN_FIELD_NUMBER: _ClassVar[int]
        start_line_number: int
        start_column: int
        end_line_number: int
        end_column: int
        def __init__(self, start_line_number: _Optional[int] = ..., start_column: _Optional[int] = ..., end_line_number: _Optional[int] = ..., end_column: _Optional[int] = ...) -> None: ...
    class ISearchRangeSetPairing(_message.Message):
        __slots__ = ("source", "preview")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        PREVIEW_FIELD_NUMBER: _ClassVar[int]
        source: RipgrepSearchResultInternal.ISearchRange
        preview: RipgrepSearchResultInternal.ISearchRange
        def __init__(self, source: _Optional[_Union[RipgrepSearchResultInternal.ISearchRange, _Mapping]] = ..., preview: _Optional[_Union[RipgrepSearchResultInternal.ISearchRange, _Mapping]] = ...) -> None: ...
    class ITextSearchCompleteMessage(_message.Message):
        __slots__ = ("text", "type", "trusted")
        TEXT_FIELD_NUMBER: _ClassVar[int]
        TYPE_FIELD_NUMBER: _ClassVar[int]
        TRUSTED_FIELD_NUMBER: _ClassVar[int]
        text: str
        type: RipgrepSearchResultInternal.TextSearchCompleteMessageType
        trusted: bool
        def __init__(self, text: _Optional[str] = ..., type: _Optional[_Union[RipgrepSearchResultInternal.TextSearchCompleteMessageType, str]] = ..., trusted: _Optional[bool] = ...) -> None: ...
    class ITextSearchContext(_message.Message):
        __slots__ = ("uri", "text", "line_number")
        URI_FIELD_NUMBER: _ClassVar[int]
        TEXT_FIELD_NUMBER: _ClassVar[int]
        LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        uri: str
        text: str
        line_number: int
        def __init__(self, uri: _Optional[str] = ..., text: _Optional[str] = ..., line_number: _Optional[int] = ...) -> None: ...
    class ITextSearchMatch(_message.Message):
        __slots__ = ("uri", "range_locations", "preview_text", "webview_index", "cell_fragment")
        URI_FIELD_NUMBER: _ClassVar[int]
        RANGE_LOCATIONS_FIELD_NUMBER: _ClassVar[int]
        PREVIEW_TEXT_FIELD_NUMBER: _ClassVar[int]
        WEBVIEW_INDEX_FIELD_NUMBER: _ClassVar[int]
        CELL_FRAGMENT_FIELD_NUMBER: _ClassVar[int]
        uri: str
        range_locations: _containers.RepeatedCompositeFieldContainer[RipgrepSearchResultInternal.ISearchRangeSetPairing]
        preview_text: str
        webview_index: int
        cell_fragment: str
        def __init__(self, uri: _Optional[str] = ..., range_locations: _Optional[_Iterable[_Union[RipgrepSearchResultInternal.ISearchRangeSetPairing, _Mapping]]] = ..., preview_text: _Optional[str] = ..., webview_index: _Optional[int] = ..., cell_fragment: _Optional[str] = ...) -> None: ...
    class ITextSearchResult(_message.Message):
        __slots__ = ("match", "context")
        MATCH_FIELD_NUMBER: _ClassVar[int]
        CONTEXT_FIELD_NUMBER: _ClassVar[int]
        match: RipgrepSearchResultInternal.ITextSearchMatch
        context: RipgrepSearchResultInternal.ITextSearchContext
        def __init__(self, match: _Optional[_Union[RipgrepSearchResultInternal.ITextSearchMatch, _Mapping]] = ..., context: _Optional[_Union[RipgrepSearchResultInternal.ITextSearchContext, _Mapping]] = ...) -> None: ...
    class ITextSearchStats(_message.Message):
        __slots__ = ("type",)
        class TextSearchProviderType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            TEXT_SEARCH_PROVIDER_TYPE_UNSPECIFIED: _ClassVar[RipgrepSearchResultInternal.ITextSearchStats.TextSearchProviderType]
            TEXT_SEARCH_PROVIDER_TYPE_TEXT_SEARCH_PROVIDER: _ClassVar[RipgrepSearchResultInternal.ITextSearchStats.TextSearchProviderType]
            TEXT_SEARCH_PROVIDER_TYPE_SEARCH_PROCESS: _ClassVar[RipgrepSearchResultInternal.ITextSearchStats.TextSearchProviderType]
            TEXT_SEARCH_PROVIDER_TYPE_AI_TEXT_SEARCH_PROVIDER: _ClassVar[RipgrepSearchResultInternal.ITextSearchStats.TextSearchProviderType]
        TEXT_SEARCH_PROVIDER_TYPE_UNSPECIFIED: RipgrepSearchResultInternal.ITextSearchStats.TextSearchProviderType
        TEXT_SEARCH_PROVIDER_TYPE_TEXT_SEARCH_PROVIDER: RipgrepSearchResultInternal.ITextSearchStats.TextSearchProviderType
        TEXT_SEARCH_PROVIDER_TYPE_SEARCH_PROCESS: RipgrepSearchResultInternal.ITextSearchStats.TextSearchProviderType
        TEXT_SEARCH_PROVIDER_TYPE_AI_TEXT_SEARCH_PROVIDER: RipgrepSearchResultInternal.ITextSearchStats.TextSearchProviderType
        TYPE_FIELD_NUMBER: _ClassVar[int]
        type: RipgrepSearchResultInternal.ITextSearchStats.TextSearchProviderType
        def __init__(self, type: _Optional[_Union[RipgrepSearchResultInternal.ITextSearchStats.TextSearchProviderType, str]] = ...) -> None: ...
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    EXIT_FIELD_NUMBER: _ClassVar[int]
    LIMIT_HIT_FIELD_NUMBER: _ClassVar[int]
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    FILE_SEARCH_STATS_FIELD_NUMBER: _ClassVar[int]
    TEXT_SEARCH_STATS_FIELD_NUMBER: _ClassVar[int]
    results: _containers.RepeatedCompositeFieldContainer[RipgrepSearchResultInternal.IFileMatch]
    exit: RipgrepSearchResultInternal.SearchCompletionExitCode
    limit_hit: bool
    messages: _containers.RepeatedCompositeFieldContainer[RipgrepSearchResultInternal.ITextSearchCompleteMessage]
    file_search_stats: RipgrepSearchResultInternal.IFileSearchStats
    text_search_stats: RipgrepSearchResultInternal.ITextSearchStats
    def __init__(self, results: _Optional[_Iterable[_Union[RipgrepSearchResultInternal.IFileMatch, _Mapping]]] = ..., exit: _Optional[_Union[RipgrepSearchResultInternal.SearchCompletionExitCode, str]] = ..., limit_hit: _Optional[bool] = ..., messages: _Optional[_Iterable[_Union[RipgrepSearchResultInternal.ITextSearchCompleteMessage, _Mapping]]] = ..., file_search_stats: _Optional[_Union[RipgrepSearchResultInternal.IFileSearchStats, _Mapping]] = ..., text_search_stats: _Optional[_Union[RipgrepSearchResultInternal.ITextSearchStats, _Mapping]] = ...) -> None: ...

class RunTerminalCommandV2Params(_message.Message):
    __slots__ = ("command", "cwd", "new_session", "options", "is_background", "require_user_approval", "parsing_result", "idle_timeout_seconds", "requested_sandbox_policy", "file_output_threshold_bytes", "command_description", "classifier_result")
    class ExecutionOptions(_message.Message):
        __slots__ = ("timeout", "skip_ai_check", "command_run_timeout_ms", "command_change_check_interval_ms", "ai_finish_check_max_attempts", "ai_finish_check_interval_ms", "delayer_interval_ms", "ai_check_for_hangs")
        TIMEOUT_FIELD_NUMBER: _ClassVar[int]
        SKIP_AI_CHECK_FIELD_NUMBER: _ClassVar[int]
        COMMAND_RUN_TIMEOUT_MS_FIELD_NUMBER: _ClassVar[int]
        COMMAND_CHANGE_CHECK_INTERVAL_MS_FIELD_NUMBER: _ClassVar[int]
        AI_FINISH_CHECK_MAX_ATTEMPTS_FIELD_NUMBER: _ClassVar[int]
        AI_FINISH_CHECK_INTERVAL_MS_FIELD_NUMBER: _ClassVar[int]
        DELAYER_INTERVAL_MS_FIELD_NUMBER: _ClassVar[int]
        AI_CHECK_FOR_HANGS_FIELD_NUMBER: _ClassVar[int]
        timeout: int
        skip_ai_check: bool
        command_run_timeout_ms: int
        command_change_check_interval_ms: int
        ai_finish_check_max_attempts: int
        ai_finish_check_interval_ms: int
        delayer_interval_ms: int
        ai_check_for_hangs: bool
        def __init__(self, timeout: _Optional[int] = ..., skip_ai_check: _Optional[bool] = ..., command_run_timeout_ms: _Optional[int] = ..., command_change_check_interval_ms: _Optional[int] = ..., ai_finish_check_max_attempts: _Optional[int] = ..., ai_finish_check_interval_ms: _Optional[int] = ..., delayer_interval_ms: _Optional[int] = ..., ai_check_for_hangs: _Optional[bool] = ...) -> None: ...
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    CWD_FIELD_NUMBER: _ClassVar[int]
    NEW_SESSION_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    IS_BACKGROUND_FIELD_NUMBER: _ClassVar[int]
    REQUIRE_USER_APPROVAL_FIELD_NUMBER: _ClassVar[int]
    PARSING_RESULT_FIELD_NUMBER: _ClassVar[int]
    IDLE_TIMEOUT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    REQUESTED_SANDBOX_POLICY_FIELD_NUMBER: _ClassVar[int]
    FILE_OUTPUT_THRESHOLD_BYTES_FIELD_NUMBER: _ClassVar[int]
    COMMAND_DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    CLASSIFIER_RESULT_FIELD_NUMBER: _ClassVar[int]
    command: str
    cwd: str
    new_session: bool
    options: RunTerminalCommandV2Params.ExecutionOptions
    is_background: bool
    require_user_approval: bool
    parsing_result: ShellCommandParsingResult
    idle_timeout_seconds: int
    requested_sandbox_policy: SandboxPolicy
    file_output_threshold_bytes: int
    command_description: str
    classifier_result: CommandClassifierResult
    def __init__(self, command: _Optional[str] = ..., cwd: _Optional[str] = ..., new_session: _Optional[bool] = ..., options: _Optional[_Union[RunTerminalCommandV2Params.ExecutionOptions, _Mapping]] = ..., is_background: _Optional[bool] = ..., require_user_approval: _Optional[bool] = ..., parsing_result: _Optional[_Union[ShellCommandParsingResult, _Mapping]] = ..., idle_timeout_seconds: _Optional[int] = ..., requested_sandbox_policy: _Optional[_Union[SandboxPolicy, _Mapping]] = ..., file_output_threshold_bytes: _Optional[int] = ..., command_description: _Optional[str] = ..., classifier_result: _Optional[_Union[CommandClassifierResult, _Mapping]] = ...) -> None: ...

class RunTerminalCommandV2Result(_message.Message):
    __slots__ = ("output", "exit_code", "rejected", "popped_out_into_background", "is_running_in_background", "not_interrupted", "resulting_working_directory", "did_user_change", "ended_reason", "exit_code_v2", "updated_command", "output_raw", "human_review_v2", "effective_sandbox_policy", "terminal_instance_id", "output_location", "terminal_instance_path", "background_shell_id")
    OUTPUT_FIELD_NUMBER: _ClassVar[int]
    EXIT_CODE_FIELD_NUMBER: _ClassVar[int]
    REJECTED_FIELD_NUMBER: _ClassVar[int]
    POPPED_OUT_INTO_BACKGROUND_FIELD_NUMBER: _ClassVar[int]
    IS_RUNNING_IN_BACKGROUND_FIELD_NUMBER: _ClassVar[int]
    NOT_INTERRUPTED_FIELD_NUMBER: _ClassVar[int]
    RESULTING_WORKING_DIRECTORY_FIELD_NUMBER: _ClassVar[int]
    DID_USER_CHANGE_FIELD_NUMBER: _ClassVar[int]
    ENDED_REASON_FIELD_NUMBER: _ClassVar[int]
    EXIT_CODE_V2_FIELD_NUMBER: _ClassVar[int]
    UPDATED_COMMAND_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_RAW_FIELD_NUMBER: _ClassVar[int]
    HUMAN_REVIEW_V2_FIELD_NUMBER: _ClassVar[int]
    EFFECTIVE_SANDBOX_POLICY_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_INSTANCE_ID_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_LOCATION_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_INSTANCE_PATH_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_SHELL_ID_FIELD_NUMBER: _ClassVar[int]
    output: str
    exit_code: int
    rejected: bool
    popped_out_into_background: bool
    is_running_in_background: bool
    not_interrupted: bool
    resulting_working_directory: str
    did_user_change: bool
    ended_reason: RunTerminalCommandEndedReason
    exit_code_v2: int
    updated_command: str
    output_raw: str
    human_review_v2: HumanReview
    effective_sandbox_policy: SandboxPolicy
    terminal_instance_id: int
    output_location: OutputLocation
    terminal_instance_path: str
    background_shell_id: int
    def __init__(self, output: _Optional[str] = ..., exit_code: _Optional[int] = ..., rejected: _Optional[bool] = ..., popped_out_into_background: _Optional[bool] = ..., is_running_in_background: _Optional[bool] = ..., not_interrupted: _Optional[bool] = ..., resulting_working_directory: _Optional[str] = ..., did_user_change: _Optional[bool] = ..., ended_reason: _Optional[_Union[RunTerminalCommandEndedReason, str]] = ..., exit_code_v2: _Optional[int] = ..., updated_command: _Optional[str] = ..., output_raw: _Optional[str] = ..., human_review_v2: _Optional[_Union[HumanReview, _Mapping]] = ..., effective_sandbox_policy: _Optional[_Union[SandboxPolicy, _Mapping]] = ..., terminal_instance_id: _Optional[int] = ..., output_location: _Optional[_Union[OutputLocation, _Mapping]] = ..., terminal_instance_path: _Optional[str] = ..., background_shell_id: _Optional[int] = ...) -> None: ...

class RunTerminalServerConfig(_message.Message):
    __slots__ = ("composite_shell_commands", "safe_shell_commands")
    COMPOSITE_SHELL_COMMANDS_FIELD_NUMBER: _ClassVar[int]
    SAFE_SHELL_COMMANDS_FIELD_NUMBER: _ClassVar[int]
    composite_shell_commands: _containers.RepeatedScalarFieldContainer[str]
    safe_shell_commands: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, composite_shell_commands: _Optional[_Iterable[str]] = ..., safe_shell_commands: _Optional[_Iterable[str]] = ...) -> None: ...

class SandboxPolicy(_message.Message):
    __slots__ = ("type", "network_access", "additional_readwrite_paths", "additional_readonly_paths", "debug_output_dir", "disable_tmp_write", "allowlist_escalated", "enable_shared_build_cache", "network_policy", "network_policy_strict", "capture_denies", "skip_statsig_defaults")
    class Type(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        TYPE_UNSPECIFIED: _ClassVar[SandboxPolicy.Type]
        TYPE_INSECURE_NONE: _ClassVar[SandboxPolicy.Type]
        TYPE_WORKSPACE_READWRITE: _ClassVar[SandboxPolicy.Type]
        TYPE_WORKSPACE_READONLY: _ClassVar[SandboxPolicy.Type]
    TYPE_UNSPECIFIED: SandboxPolicy.Type
    TYPE_INSECURE_NONE: SandboxPolicy.Type
    TYPE_WORKSPACE_READWRITE: SandboxPolicy.Type
    TYPE_WORKSPACE_READONLY: SandboxPolicy.Type
    TYPE_FIELD_NUMBER: _ClassVar[int]
    NETWORK_ACCESS_FIELD_NUMBER: _ClassVar[int]
    ADDITIONAL_READWRITE_PATHS_FIELD_NUMBER: _ClassVar[int]
    ADDITIONAL_READONLY_PATHS_FIELD_NUMBER: _ClassVar[int]
    DEBUG_OUTPUT_DIR_FIELD_NUMBER: _ClassVar[int]
    DISABLE_TMP_WRITE_FIELD_NUMBER: _ClassVar[int]
    ALLOWLIST_ESCALATED_FIELD_NUMBER: _ClassVar[int]
    ENABLE_SHARED_BUILD_CACHE_FIELD_NUMBER: _ClassVar[int]
    NETWORK_POLICY_FIELD_NUMBER: _ClassVar[int]
    NETWORK_POLICY_STRICT_FIELD_NUMBER: _ClassVar[int]
    CAPTURE_DENIES_FIELD_NUMBER: _ClassVar[int]
    SKIP_STATSIG_DEFAULTS_FIELD_NUMBER: _ClassVar[int]
    type: SandboxPolicy.Type
    network_access: bool
    additional_readwrite_paths: _containers.RepeatedScalarFieldContainer[str]
    additional_readonly_paths: _containers.RepeatedScalarFieldContainer[str]
    debug_output_dir: str
    disable_tmp_write: bool
    allowlist_escalated: bool
    enable_shared_build_cache: bool
    network_policy: NetworkPolicy
    network_policy_strict: bool
    capture_denies: bool
    skip_statsig_defaults: bool
    def __init__(self, type: _Optional[_Union[SandboxPolicy.Type, str]] = ..., network_access: _Optional[bool] = ..., additional_readwrite_paths: _Optional[_Iterable[str]] = ..., additional_readonly_paths: _Optional[_Iterable[str]] = ..., debug_output_dir: _Optional[str] = ..., disable_tmp_write: _Optional[bool] = ..., allowlist_escalated: _Optional[bool] = ..., enable_shared_build_cache: _Optional[bool] = ..., network_policy: _Optional[_Union[NetworkPolicy, _Mapping]] = ..., network_policy_strict: _Optional[bool] = ..., capture_denies: _Optional[bool] = ..., skip_statsig_defaults: _Optional[bool] = ...) -> None: ...

class ScreenshotAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ScrollAction(_message.Message):
    __slots__ = ("coordinate", "direction", "amount", "modifier_keys")
    COORDINATE_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    MODIFIER_KEYS_FIELD_NUMBER: _ClassVar[int]
    coordinate: Coordinate
    direction: ScrollDirection
    amount: int
    modifier_keys: str
    def __init__(self, coordinate: _Optional[_Union[Coordinate, _Mapping]] = ..., direction: _Optional[_Union[ScrollDirection, str]] = ..., amount: _Optional[int] = ..., modifier_keys: _Optional[str] = ...) -> None: ...

class ScrollEvent(_message.Message):
    __slots__ = ("point_in_time_model", "visible_ranges", "editor_id")
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    VISIBLE_RANGES_FIELD_NUMBER: _ClassVar[int]
    EDITOR_ID_FIELD_NUMBER: _ClassVar[int]
    point_in_time_model: PointInTimeModel
    visible_ranges: _containers.RepeatedCompositeFieldContainer[IRange]
    editor_id: str
    def __init__(self, point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., visible_ranges: _Optional[_Iterable[_Union[IRange, _Mapping]]] = ..., editor_id: _Optional[str] = ...) -> None: ...

class SearchEvent(_message.Message):
    __slots__ = ("query", "result_count", "file_count", "is_regex", "is_case_sensitive", "is_whole_word", "files_to_include", "files_to_exclude", "duration_ms", "results")
    QUERY_FIELD_NUMBER: _ClassVar[int]
    RESULT_COUNT_FIELD_NUMBER: _ClassVar[int]
    FILE_COUNT_FIELD_NUMBER: _ClassVar[int]
    IS_REGEX_FIELD_NUMBER: _ClassVar[int]
    IS_CASE_SENSITIVE_FIELD_NUMBER: _ClassVar[int]
    IS_WHOLE_WORD_FIELD_NUMBER: _ClassVar[int]
    FILES_TO_INCLUDE_FIELD_NUMBER: _ClassVar[int]
    FILES_TO_EXCLUDE_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    query: str
    result_count: int
    file_count: int
    is_regex: bool
    is_case_sensitive: bool
    is_whole_word: bool
    files_to_include: str
    files_to_exclude: str
    duration_ms: int
    results: _containers.RepeatedCompositeFieldContainer[SearchResultFile]
    def __init__(self, query: _Optional[str] = ..., result_count: _Optional[int] = ..., file_count: _Optional[int] = ..., is_regex: _Optional[bool] = ..., is_case_sensitive: _Optional[bool] = ..., is_whole_word: _Optional[bool] = ..., files_to_include: _Optional[str] = ..., files_to_exclude: _Optional[str] = ..., duration_ms: _Optional[int] = ..., results: _Optional[_Iterable[_Union[SearchResultFile, _Mapping]]] = ...) -> None: ...

class SearchMatch(_message.Message):
    __slots__ = ("line_number", "column", "match_text")
    LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    COLUMN_FIELD_NUMBER: _ClassVar[int]
    MATCH_TEXT_FIELD_NUMBER: _ClassVar[int]
    line_number: int
    column: int
    match_text: str
    def __init__(self, line_number: _Optional[int] = ..., column: _Optional[int] = ..., match_text: _Optional[str] = ...) -> None: ...

class SearchResultFile(_message.Message):
    __slots__ = ("file_path", "match_count", "matches")
    FILE_PATH_FIELD_NUMBER: _ClassVar[int]
    MATCH_COUNT_FIELD_NUMBER: _ClassVar[int]
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    file_path: str
    match_count: int
    matches: _containers.RepeatedCompositeFieldContainer[SearchMatch]
    def __init__(self, file_path: _Optional[str] = ..., match_count: _Optional[int] = ..., matches: _Optional[_Iterable[_Union[SearchMatch, _Mapping]]] = ...) -> None: ...

class SearchSymbolsParams(_message.Message):
    __slots__ = ("query",)
    QUERY_FIELD_NUMBER: _ClassVar[int]
    query: str
    def __init__(self, query: _Optional[str] = ...) -> None: ...

class SearchSymbolsResult(_message.Message):
    __slots__ = ("matches", "rejected")
    class SymbolMatch(_message.Message):
        __slots__ = ("name", "uri", "range", "secondary_text", "label_matches", "description_matches", "score")
        NAME_FIELD_NUMBER: _ClassVar[int]
        URI_FIELD_NUMBER: _ClassVar[int]
        RANGE_FIELD_NUMBER: _ClassVar[int]
        SECONDARY_TEXT_FIELD_NUMBER: _ClassVar[int]
        LABEL_MATCHES_FIELD_NUMBER: _ClassVar[int]
        DESCRIPTION_MATCHES_FIELD_NUMBER: _ClassVar[int]
        SCORE_FIELD_NUMBER: _ClassVar[int]
        name: str
        uri: str
        range: Range
        secondary_text: str
        label_matches: _containers.RepeatedCompositeFieldContainer[MatchRange]
        description_matches: _containers.RepeatedCompositeFieldContainer[MatchRange]
        score: float
        def __init__(self, name: _Optional[str] = ..., uri: _Optional[str] = ..., range: _Optional[_Union[Range, _Mapping]] = ..., secondary_text: _Optional[str] = ..., label_matches: _Optional[_Iterable[_Union[MatchRange, _Mapping]]] = ..., description_matches: _Optional[_Iterable[_Union[MatchRange, _Mapping]]] = ..., score: _Optional[float] = ...) -> None: ...
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    REJECTED_FIELD_NUMBER: _ClassVar[int]
    matches: _containers.RepeatedCompositeFieldContainer[SearchSymbolsResult.SymbolMatch]
    rejected: bool
    def __init__(self, matches: _Optional[_Iterable[_Union[SearchSymbolsResult.SymbolMatch, _Mapping]]] = ..., rejected: _Optional[bool] = ...) -> None: ...

class SelectedCursorCommand(_message.Message):
    __slots__ = ("name", "content", "plugin_capability")
    NAME_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_CAPABILITY_FIELD_NUMBER: _ClassVar[int]
    name: str
    content: str
    plugin_capability: SelectedPluginCapabilityRef
    def __init__(self, name: _Optional[str] = ..., content: _Optional[str] = ..., plugin_capability: _Optional[_Union[SelectedPluginCapabilityRef, _Mapping]] = ...) -> None: ...

class SelectedPastChat(_message.Message):
    __slots__ = ("agent_id", "name")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    name: str
    def __init__(self, agent_id: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class SelectedPluginCapabilityRef(_message.Message):
    __slots__ = ("plugin_id", "capability_type", "source_path", "snapshot_token", "resolved_commit_sha")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    CAPABILITY_TYPE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_PATH_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    RESOLVED_COMMIT_SHA_FIELD_NUMBER: _ClassVar[int]
    plugin_id: str
    capability_type: SelectedPluginCapabilityType
    source_path: str
    snapshot_token: str
    resolved_commit_sha: str
    def __init__(self, plugin_id: _Optional[str] = ..., capability_type: _Optional[_Union[SelectedPluginCapabilityType, str]] = ..., source_path: _Optional[str] = ..., snapshot_token: _Optional[str] = ..., resolved_commit_sha: _Optional[str] = ...) -> None: ...

class SelectionWithOrientation(_message.Message):
    __slots__ = ("selection_start_line_number", "selection_start_column", "position_line_number", "position_column")
    SELECTION_START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    SELECTION_START_COLUMN_FIELD_NUMBER: _ClassVar[int]
    POSITION_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    POSITION_COLUMN_FIELD_NUMBER: _ClassVar[int]
    selection_start_line_number: int
    selection_start_column: int
    position_line_number: int
    position_column: int
    def __init__(self, selection_start_line_number: _Optional[int] = ..., selection_start_column: _Optional[int] = ..., position_line_number: _Optional[int] = ..., position_column: _Optional[int] = ...) -> None: ...

class SemanticSearchFullParams(_message.Message):
    __slots__ = ("repository_info", "query", "include_pattern", "exclude_pattern", "top_k", "pr_references", "pr_search_on", "explanation", "code_results")
    REPOSITORY_INFO_FIELD_NUMBER: _ClassVar[int]
    QUERY_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_PATTERN_FIELD_NUMBER: _ClassVar[int]
    EXCLUDE_PATTERN_FIELD_NUMBER: _ClassVar[int]
    TOP_K_FIELD_NUMBER: _ClassVar[int]
    PR_REFERENCES_FIELD_NUMBER: _ClassVar[int]
    PR_SEARCH_ON_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    CODE_RESULTS_FIELD_NUMBER: _ClassVar[int]
    repository_info: RepositoryInfo
    query: str
    include_pattern: str
    exclude_pattern: str
    top_k: int
    pr_references: _containers.RepeatedCompositeFieldContainer[PullRequestReference]
    pr_search_on: bool
    explanation: str
    code_results: _containers.RepeatedCompositeFieldContainer[CodeResult]
    def __init__(self, repository_info: _Optional[_Union[RepositoryInfo, _Mapping]] = ..., query: _Optional[str] = ..., include_pattern: _Optional[str] = ..., exclude_pattern: _Optional[str] = ..., top_k: _Optional[int] = ..., pr_references: _Optional[_Iterable[_Union[PullRequestReference, _Mapping]]] = ..., pr_search_on: _Optional[bool] = ..., explanation: _Optional[str] = ..., code_results: _Optional[_Iterable[_Union[CodeResult, _Mapping]]] = ...) -> None: ...

class SemanticSearchFullResult(_message.Message):
    __slots__ = ("code_results", "all_files", "missing_files", "knowledge_results", "pr_results", "git_remote_url", "pr_hydration_timed_out")
    CODE_RESULTS_FIELD_NUMBER: _ClassVar[int]
    ALL_FILES_FIELD_NUMBER: _ClassVar[int]
    MISSING_FILES_FIELD_NUMBER: _ClassVar[int]
    KNOWLEDGE_RESULTS_FIELD_NUMBER: _ClassVar[int]
    PR_RESULTS_FIELD_NUMBER: _ClassVar[int]
    GIT_REMOTE_URL_FIELD_NUMBER: _ClassVar[int]
    PR_HYDRATION_TIMED_OUT_FIELD_NUMBER: _ClassVar[int]
    code_results: _containers.RepeatedCompositeFieldContainer[CodeResult]
    all_files: _containers.RepeatedCompositeFieldContainer[File]
    missing_files: _containers.RepeatedCompositeFieldContainer[MissingFile]
    knowledge_results: _containers.RepeatedCompositeFieldContainer[Knowledge]
    pr_results: _containers.RepeatedCompositeFieldContainer[ToolPullRequestResult]
    git_remote_url: str
    pr_hydration_timed_out: bool
    def __init__(self, code_results: _Optional[_Iterable[_Union[CodeResult, _Mapping]]] = ..., all_files: _Optional[_Iterable[_Union[File, _Mapping]]] = ..., missing_files: _Optional[_Iterable[_Union[MissingFile, _Mapping]]] = ..., knowledge_results: _Optional[_Iterable[_Union[Knowledge, _Mapping]]] = ..., pr_results: _Optional[_Iterable[_Union[ToolPullRequestResult, _Mapping]]] = ..., git_remote_url: _Optional[str] = ..., pr_hydration_timed_out: _Optional[bool] = ...) -> None: ...

class ShellCommandParsingResult(_message.Message):
    __slots__ = ("parsing_failed", "executable_commands", "has_redirects", "has_command_substitution", "all_redirects_are_dev_null", "redirects")
    class ExecutableCommand(_message.Message):
        __slots__ = ("name", "args", "full_text")
        NAME_FIELD_NUMBER: _ClassVar[int]
        ARGS_FIELD_NUMBER: _ClassVar[int]
        FULL_TEXT_FIELD_NUMBER: _ClassVar[int]
        name: str
        args: _containers.RepeatedCompositeFieldContainer[ShellCommandParsingResult.ExecutableCommandArg]
        full_text: str
        def __init__(self, name: _Optional[str] = ..., args: _Optional[_Iterable[_Union[ShellCommandParsingResult.ExecutableCommandArg, _Mapping]]] = ..., full_text: _Optional[str] = ...) -> None: ...
    class ExecutableCommandArg(_message.Message):
        __slots__ = ("type", "value")
        TYPE_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        type: str
        value: str
        def __init__(self, type: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class Redirect(_message.Message):
        __slots__ = ("operator", "destination_fds", "target_node_type", "target_text")
        OPERATOR_FIELD_NUMBER: _ClassVar[int]
        DESTINATION_FDS_FIELD_NUMBER: _ClassVar[int]
        TARGET_NODE_TYPE_FIELD_NUMBER: _ClassVar[int]
        TARGET_TEXT_FIELD_NUMBER: _ClassVar[int]
        operator: str
        destination_fds: _containers.RepeatedScalarFieldContainer[int]
        target_node_type: str
        target_text: str
        def __init__(self, operator: _Optional[str] = ..., destination_fds: _Optional[_Iterable[int]] = ..., target_node_type: _Optional[str] = ..., target_text: _Optional[str] = ...) -> None: ...
    PARSING_FAILED_FIELD_NUMBER: _ClassVar[int]
    EXECUTABLE_COMMANDS_FIELD_NUMBER: _ClassVar[int]
    HAS_REDIRECTS_FIELD_NUMBER: _ClassVar[int]
    HAS_COMMAND_SUBSTITUTION_FIELD_NUMBER: _ClassVar[int]
    ALL_REDIRECTS_ARE_DEV_NULL_FIELD_NUMBER: _ClassVar[int]
    REDIRECTS_FIELD_NUMBER: _ClassVar[int]
    parsing_failed: bool
    executable_commands: _containers.RepeatedCompositeFieldContainer[ShellCommandParsingResult.ExecutableCommand]
    has_redirects: bool
    has_command_substitution: bool
    all_redirects_are_dev_null: bool
    redirects: _containers.RepeatedCompositeFieldContainer[ShellCommandParsingResult.Redirect]
    def __init__(self, parsing_failed: _Optional[bool] = ..., executable_commands: _Optional[_Iterable[_Union[ShellCommandParsingResult.ExecutableCommand, _Mapping]]] = ..., has_redirects: _Optional[bool] = ..., has_command_substitution: _Optional[bool] = ..., all_redirects_are_dev_null: _Optional[bool] = ..., redirects: _Optional[_Iterable[_Union[ShellCommandParsingResult.Redirect, _Mapping]]] = ...) -> None: ...

class ShouldTurnOnCppOnboardingRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ShouldTurnOnCppOnboardingResponse(_message.Message):
    __slots__ = ("should_turn_on_cpp_onboarding",)
    SHOULD_TURN_ON_CPP_ONBOARDING_FIELD_NUMBER: _ClassVar[int]
    should_turn_on_cpp_onboarding: bool
    def __init__(self, should_turn_on_cpp_onboarding: _Optional[bool] = ...) -> None: ...

class SimpleFileDiff(_message.Message):
    __slots__ = ("relative_workspace_path", "chunks")
    class Chunk(_message.Message):
        __slots__ = ("old_lines", "new_lines", "old_range", "new_range")
        OLD_LINES_FIELD_NUMBER: _ClassVar[int]
        NEW_LINES_FIELD_NUMBER: _ClassVar[int]
        OLD_RANGE_FIELD_NUMBER: _ClassVar[int]
        NEW_RANGE_FIELD_NUMBER: _ClassVar[int]
        old_lines: _containers.RepeatedScalarFieldContainer[str]
        new_lines: _containers.RepeatedScalarFieldContainer[str]
        old_range: LineRange
        new_range: LineRange
        def __init__(self, old_lines: _Optional[_Iterable[str]] = ..., new_lines: _Optional[_Iterable[str]] = ..., old_range: _Optional[_Union[LineRange, _Mapping]] = ..., new_range: _Optional[_Union[LineRange, _Mapping]] = ...) -> None: ...
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    CHUNKS_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    chunks: _containers.RepeatedCompositeFieldContainer[SimpleFileDiff.Chunk]
    def __init__(self, relative_workspace_path: _Optional[str] = ..., chunks: _Optional[_Iterable[_Union[SimpleFileDiff.Chunk, _Mapping]]] = ...) -> None: ...

class SimpleRange(_message.Message):
    __slots__ = ("start_line_number", "start_column", "end_line_number_inclusive", "end_column")
    START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    START_COLUMN_FIELD_NUMBER: _ClassVar[int]
    END_LINE_NUMBER_INCLUSIVE_FIELD_NUMBER: _ClassVar[int]
    END_COLUMN_FIELD_NUMBER: _ClassVar[int]
    start_line_number: int
    start_column: int
    end_line_number_inclusive: int
    end_column: int
    def __init__(self, start_line_number: _Optional[int] = ..., start_column: _Optional[int] = ..., end_line_number_inclusive: _Optional[int] = ..., end_column: _Optional[int] = ...) -> None: ...

class SimplestRange(_message.Message):
    __slots__ = ("start_line", "end_line_inclusive")
    START_LINE_FIELD_NUMBER: _ClassVar[int]
    END_LINE_INCLUSIVE_FIELD_NUMBER: _ClassVar[int]
    start_line: int
    end_line_inclusive: int
    def __init__(self, start_line: _Optional[int] = ..., end_line_inclusive: _Optional[int] = ...) -> None: ...

class SingleUpdateRequest(_message.Message):
    __slots__ = ("start_position", "end_position", "change_length", "replaced_string", "range")
    START_POSITION_FIELD_NUMBER: _ClassVar[int]
    END_POSITION_FIELD_NUMBER: _ClassVar[int]
    CHANGE_LENGTH_FIELD_NUMBER: _ClassVar[int]
    REPLACED_STRING_FIELD_NUMBER: _ClassVar[int]
    RANGE_FIELD_NUMBER: _ClassVar[int]
    start_position: int
    end_position: int
    change_length: int
    replaced_string: str
    range: SimpleRange
    def __init__(self, start_position: _Optional[int] = ..., end_position: _Optional[int] = ..., change_length: _Optional[int] = ..., replaced_string: _Optional[str] = ..., range: _Optional[_Union[SimpleRange, _Mapping]] = ...) -> None: ...

class SpecSubagentParams(_message.Message):
    __slots__ = ("plan",)
    PLAN_FIELD_NUMBER: _ClassVar[int]
    plan: str
    def __init__(self, plan: _Optional[str] = ...) -> None: ...

class SpecSubagentReturnValue(_message.Message):
    __slots__ = ("summary", "string_replacements")
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    STRING_REPLACEMENTS_FIELD_NUMBER: _ClassVar[int]
    summary: str
    string_replacements: _containers.RepeatedCompositeFieldContainer[StringReplacement]
    def __init__(self, summary: _Optional[str] = ..., string_replacements: _Optional[_Iterable[_Union[StringReplacement, _Mapping]]] = ...) -> None: ...

class Step(_message.Message):
    __slots__ = ("id", "title", "description", "instructions", "prerequisites", "sub_composer_id")
    ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
    PREREQUISITES_FIELD_NUMBER: _ClassVar[int]
    SUB_COMPOSER_ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    title: str
    description: str
    instructions: str
    prerequisites: _containers.RepeatedScalarFieldContainer[str]
    sub_composer_id: str
    def __init__(self, id: _Optional[str] = ..., title: _Optional[str] = ..., description: _Optional[str] = ..., instructions: _Optional[str] = ..., prerequisites: _Optional[_Iterable[str]] = ..., sub_composer_id: _Optional[str] = ...) -> None: ...

class StreamCmdKRequest(_message.Message):
    __slots__ = ("context_items", "cmd_k_options", "cmd_k_debug_info", "session_id", "legacy_context", "previous_edit", "previous_edits", "upcoming_edits", "use_big_cmdk_for_multi_file_edit", "images", "links", "diff_history", "diff_to_base_branch", "timing_info", "rules")
    class BranchDiff(_message.Message):
        __slots__ = ("file_diffs", "commits")
        class FileDiff(_message.Message):
            __slots__ = ("file_name", "diff", "too_big")
            FILE_NAME_FIELD_NUMBER: _ClassVar[int]
            DIFF_FIELD_NUMBER: _ClassVar[int]
            TOO_BIG_FIELD_NUMBER: _ClassVar[int]
            file_name: str
            diff: str
            too_big: bool
            def __init__(self, file_name: _Optional[str] = ..., diff: _Optional[str] = ..., too_big: _Optional[bool] = ...) -> None: ...
        FILE_DIFFS_FIELD_NUMBER: _ClassVar[int]
        COMMITS_FIELD_NUMBER: _ClassVar[int]
        file_diffs: _containers.RepeatedCompositeFieldContainer[StreamCmdKRequest.BranchDiff.FileDiff]
        commits: _containers.RepeatedCompositeFieldContainer[Commit]
        def __init__(self, file_diffs: _Optional[_Iterable[_Union[StreamCmdKRequest.BranchDiff.FileDiff, _Mapping]]] = ..., commits: _Optional[_Iterable[_Union[Commit, _Mapping]]] = ...) -> None: ...
    CONTEXT_ITEMS_FIELD_NUMBER: _ClassVar[int]
    CMD_K_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    CMD_K_DEBUG_INFO_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    LEGACY_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_EDIT_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_EDITS_FIELD_NUMBER: _ClassVar[int]
    UPCOMING_EDITS_FIELD_NUMBER: _ClassVar[int]
    USE_BIG_CMDK_FOR_MULTI_FILE_EDIT_FIELD_NUMBER: _ClassVar[int]
    IMAGES_FIELD_NUMBER: _ClassVar[int]
    LINKS_FIELD_NUMBER: _ClassVar[int]
    DIFF_HISTORY_FIELD_NUMBER: _ClassVar[int]
    DIFF_TO_BASE_BRANCH_FIELD_NUMBER: _ClassVar[int]
    TIMING_INFO_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    context_items: _containers.RepeatedCompositeFieldContainer[PotentiallyCachedContextItem]
    cmd_k_options: CmdKOptions
    cmd_k_debug_info: CmdKDebugInfo
    session_id: str
    legacy_context: CmdKLegacyContext
    previous_edit: CmdKPreviousEdit
    previous_edits: _containers.RepeatedCompositeFieldContainer[CmdKPreviousEdit]
    upcoming_edits: _containers.RepeatedCompositeFieldContainer[CmdKUpcomingEdit]
    use_big_cmdk_for_multi_file_edit: bool
    images: _containers.RepeatedCompositeFieldContainer[ImageProto]
    links: _containers.RepeatedCompositeFieldContainer[CmdKExternalLink]
    diff_history: _containers.RepeatedCompositeFieldContainer[CppFileDiffHistory]
    diff_to_base_branch: StreamCmdKRequest.BranchDiff
    timing_info: TimingInfo
    rules: _containers.RepeatedCompositeFieldContainer[CursorRule]
    def __init__(self, context_items: _Optional[_Iterable[_Union[PotentiallyCachedContextItem, _Mapping]]] = ..., cmd_k_options: _Optional[_Union[CmdKOptions, _Mapping]] = ..., cmd_k_debug_info: _Optional[_Union[CmdKDebugInfo, _Mapping]] = ..., session_id: _Optional[str] = ..., legacy_context: _Optional[_Union[CmdKLegacyContext, _Mapping]] = ..., previous_edit: _Optional[_Union[CmdKPreviousEdit, _Mapping]] = ..., previous_edits: _Optional[_Iterable[_Union[CmdKPreviousEdit, _Mapping]]] = ..., upcoming_edits: _Optional[_Iterable[_Union[CmdKUpcomingEdit, _Mapping]]] = ..., use_big_cmdk_for_multi_file_edit: _Optional[bool] = ..., images: _Optional[_Iterable[_Union[ImageProto, _Mapping]]] = ..., links: _Optional[_Iterable[_Union[CmdKExternalLink, _Mapping]]] = ..., diff_history: _Optional[_Iterable[_Union[CppFileDiffHistory, _Mapping]]] = ..., diff_to_base_branch: _Optional[_Union[StreamCmdKRequest.BranchDiff, _Mapping]] = ..., timing_info: _Optional[_Union[TimingInfo, _Mapping]] = ..., rules: _Optional[_Iterable[_Union[CursorRule, _Mapping]]] = ...) -> None: ...

class StreamCmdKResponse(_message.Message):
    __slots__ = ("edit_start", "edit_stream", "edit_end", "chat", "status_update")
    class Chat(_message.Message):
        __slots__ = ("text",)
        TEXT_FIELD_NUMBER: _ClassVar[int]
        text: str
        def __init__(self, text: _Optional[str] = ...) -> None: ...
    class EditEnd(_message.Message):
        __slots__ = ("end_line_number_exclusive", "edit_id", "file_path")
        END_LINE_NUMBER_EXCLUSIVE_FIELD_NUMBER: _ClassVar[int]
        EDIT_ID_FIELD_NUMBER: _ClassVar[int]
        FILE_PATH_FIELD_NUMBER: _ClassVar[int]
        end_line_number_exclusive: int
        edit_id: int
        file_path: str
        def __init__(self, end_line_number_exclusive: _Optional[int] = ..., edit_id: _Optional[int] = ..., file_path: _Optional[str] = ...) -> None: ...
    class EditStart(_message.Message):
        __slots__ = ("start_line_number", "edit_id", "max_end_line_number_exclusive", "file_path")
        START_LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
        EDIT_ID_FIELD_NUMBER: _ClassVar[int]
        MAX_END_LINE_NUMBER_EXCLUSIVE_FIELD_NUMBER: _ClassVar[int]
        FILE_PATH_FIELD_NUMBER: _ClassVar[int]
        start_line_number: int
        edit_id: int
        max_end_line_number_exclusive: int
        file_path: str
        def __init__(self, start_line_number: _Optional[int] = ..., edit_id: _Optional[int] = ..., max_end_line_number_exclusive: _Optional[int] = ..., file_path: _Optional[str] = ...) -> None: ...
    class EditStream(_message.Message):
        __slots__ = ("text", "edit_id", "file_path")
        TEXT_FIELD_NUMBER: _ClassVar[int]
        EDIT_ID_FIELD_NUMBER: _ClassVar[int]
        FILE_PATH_FIELD_NUMBER: _ClassVar[int]
        text: str
        edit_id: int
        file_path: str
        def __init__(self, text: _Optional[str] = ..., edit_id: _Optional[int] = ..., file_path: _Optional[str] = ...) -> None: ...
    class StatusUpdate(_message.Message):
        __slots__ = ("messages",)
        MESSAGES_FIELD_NUMBER: _ClassVar[int]
        messages: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, messages: _Optional[_Iterable[str]] = ...) -> None: ...
    EDIT_START_FIELD_NUMBER: _ClassVar[int]
    EDIT_STREAM_FIELD_NUMBER: _ClassVar[int]
    EDIT_END_FIELD_NUMBER: _ClassVar[int]
    CHAT_FIELD_NUMBER: _ClassVar[int]
    STATUS_UPDATE_FIELD_NUMBER: _ClassVar[int]
    edit_start: StreamCmdKResponse.EditStart
    edit_stream: StreamCmdKResponse.EditStream
    edit_end: StreamCmdKResponse.EditEnd
    chat: StreamCmdKResponse.Chat
    status_update: StreamCmdKResponse.StatusUpdate
    def __init__(self, edit_start: _Optional[_Union[StreamCmdKResponse.EditStart, _Mapping]] = ..., edit_stream: _Optional[_Union[StreamCmdKResponse.EditStream, _Mapping]] = ..., edit_end: _Optional[_Union[StreamCmdKResponse.EditEnd, _Mapping]] = ..., chat: _Optional[_Union[StreamCmdKResponse.Chat, _Mapping]] = ..., status_update: _Optional[_Union[StreamCmdKResponse.StatusUpdate, _Mapping]] = ...) -> None: ...

class StreamCmdKResponseContextWrapped(_message.Message):
    __slots__ = ("real_response", "context_status_update", "missing_context_items")
    REAL_RESPONSE_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_STATUS_UPDATE_FIELD_NUMBER: _ClassVar[int]
    MISSING_CONTEXT_ITEMS_FIELD_NUMBER: _ClassVar[int]
    real_response: StreamCmdKResponse
    context_status_update: ContextStatusUpdate
    missing_context_items: MissingContextItems
    def __init__(self, real_response: _Optional[_Union[StreamCmdKResponse, _Mapping]] = ..., context_status_update: _Optional[_Union[ContextStatusUpdate, _Mapping]] = ..., missing_context_items: _Optional[_Union[MissingContextItems, _Mapping]] = ...) -> None: ...

class StreamCppRequest(_message.Message):
    __slots__ = ("current_file", "diff_history", "model_name", "linter_errors", "context_items", "diff_history_keys", "give_debug_output", "file_diff_histories", "merged_diff_histories", "block_diff_patches", "is_nightly", "is_debug", "immediately_ack", "enable_more_context", "parameter_hints", "lsp_contexts", "cpp_intent_info", "workspace_id", "additional_files", "control_token", "client_time", "filesync_updates", "time_since_request_start", "time_at_request_send", "client_timezone_offset", "lsp_suggested_items", "supports_cpt", "supports_crlf_cpt", "code_results")
    class ControlToken(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        CONTROL_TOKEN_UNSPECIFIED: _ClassVar[StreamCppRequest.ControlToken]
        CONTROL_TOKEN_QUIET: _ClassVar[StreamCppRequest.ControlToken]
        CONTROL_TOKEN_LOUD: _ClassVar[StreamCppRequest.ControlToken]
        CONTROL_TOKEN_OP: _ClassVar[StreamCppRequest.ControlToken]
    CONTROL_TOKEN_UNSPECIFIED: StreamCppRequest.ControlToken
    CONTROL_TOKEN_QUIET: StreamCppRequest.ControlToken
    CONTROL_TOKEN_LOUD: StreamCppRequest.ControlToken
    CONTROL_TOKEN_OP: StreamCppRequest.ControlToken
    CURRENT_FILE_FIELD_NUMBER: _ClassVar[int]
    DIFF_HISTORY_FIELD_NUMBER: _ClassVar[int]
    MODEL_NAME_FIELD_NUMBER: _ClassVar[int]
    LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_ITEMS_FIELD_NUMBER: _ClassVar[int]
    DIFF_HISTORY_KEYS_FIELD_NUMBER: _ClassVar[int]
    GIVE_DEBUG_OUTPUT_FIELD_NUMBER: _ClassVar[int]
    FILE_DIFF_HISTORIES_FIELD_NUMBER: _ClassVar[int]
    MERGED_DIFF_HISTORIES_FIELD_NUMBER: _ClassVar[int]
    BLOCK_DIFF_PATCHES_FIELD_NUMBER: _ClassVar[int]
    IS_NIGHTLY_FIELD_NUMBER: _ClassVar[int]
    IS_DEBUG_FIELD_NUMBER: _ClassVar[int]
    IMMEDIATELY_ACK_FIELD_NUMBER: _ClassVar[int]
    ENABLE_MORE_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    PARAMETER_HINTS_FIELD_NUMBER: _ClassVar[int]
    LSP_CONTEXTS_FIELD_NUMBER: _ClassVar[int]
    CPP_INTENT_INFO_FIELD_NUMBER: _ClassVar[int]
    WORKSPACE_ID_FIELD_NUMBER: _ClassVar[int]
    ADDITIONAL_FILES_FIELD_NUMBER: _ClassVar[int]
    CONTROL_TOKEN_FIELD_NUMBER: _ClassVar[int]
    CLIENT_TIME_FIELD_NUMBER: _ClassVar[int]
    FILESYNC_UPDATES_FIELD_NUMBER: _ClassVar[int]
    TIME_SINCE_REQUEST_START_FIELD_NUMBER: _ClassVar[int]
    TIME_AT_REQUEST_SEND_FIELD_NUMBER: _ClassVar[int]
    CLIENT_TIMEZONE_OFFSET_FIELD_NUMBER: _ClassVar[int]
    LSP_SUGGESTED_ITEMS_FIELD_NUMBER: _ClassVar[int]
    SUPPORTS_CPT_FIELD_NUMBER: _ClassVar[int]
    SUPPORTS_CRLF_CPT_FIELD_NUMBER: _ClassVar[int]
    CODE_RESULTS_FIELD_NUMBER: _ClassVar[int]
    current_file: CurrentFileInfo
    diff_history: _containers.RepeatedScalarFieldContainer[str]
    model_name: str
    linter_errors: LinterErrors
    context_items: _containers.RepeatedCompositeFieldContainer[CppContextItem]
    diff_history_keys: _containers.RepeatedScalarFieldContainer[str]
    give_debug_output: bool
    file_diff_histories: _containers.RepeatedCompositeFieldContainer[CppFileDiffHistory]
    merged_diff_histories: _containers.RepeatedCompositeFieldContainer[CppFileDiffHistory]
    block_diff_patches: _containers.RepeatedCompositeFieldContainer[BlockDiffPatch]
    is_nightly: bool
    is_debug: bool
    immediately_ack: bool
    enable_more_context: bool
    parameter_hints: _containers.RepeatedCompositeFieldContainer[CppParameterHint]
    lsp_contexts: _containers.RepeatedCompositeFieldContainer[LspSubgraphFullContext]
    cpp_intent_info: CppIntentInfo
    workspace_id: str
    additional_files: _containers.RepeatedCompositeFieldContainer[AdditionalFile]
    control_token: StreamCppRequest.ControlToken
    client_time: float
    filesync_updates: _containers.RepeatedCompositeFieldContainer[FilesyncUpdateWithModelVersion]
    time_since_request_start: float
    time_at_request_send: float
    client_timezone_offset: float
    lsp_suggested_items: LspSuggestedItems
    supports_cpt: bool
    supports_crlf_cpt: bool
    code_results: _containers.RepeatedCompositeFieldContainer[CodeResult]
    def __init__(self, current_file: _Optional[_Union[CurrentFileInfo, _Mapping]] = ..., diff_history: _Optional[_Iterable[str]] = ..., model_name: _Optional[str] = ..., linter_errors: _Optional[_Union[LinterErrors, _Mapping]] = ..., context_items: _Optional[_Iterable[_Union[CppContextItem, _Mapping]]] = ..., diff_history_keys: _Optional[_Iterable[str]] = ..., give_debug_output: _Optional[bool] = ..., file_diff_histories: _Optional[_Iterable[_Union[CppFileDiffHistory, _Mapping]]] = ..., merged_diff_histories: _Optional[_Iterable[_Union[CppFileDiffHistory, _Mapping]]] = ..., block_diff_patches: _Optional[_Iterable[_Union[BlockDiffPatch, _Mapping]]] = ..., is_nightly: _Optional[bool] = ..., is_debug: _Optional[bool] = ..., immediately_ack: _Optional[bool] = ..., enable_more_context: _Optional[bool] = ..., parameter_hints: _Optional[_Iterable[_Union[CppParameterHint, _Mapping]]] = ..., lsp_contexts: _Optional[_Iterable[_Union[LspSubgraphFullContext, _Mapping]]] = ..., cpp_intent_info: _Optional[_Union[CppIntentInfo, _Mapping]] = ..., workspace_id: _Optional[str] = ..., additional_files: _Optional[_Iterable[_Union[AdditionalFile, _Mapping]]] = ..., control_token: _Optional[_Union[StreamCppRequest.ControlToken, str]] = ..., client_time: _Optional[float] = ..., filesync_updates: _Optional[_Iterable[_Union[FilesyncUpdateWithModelVersion, _Mapping]]] = ..., time_since_request_start: _Optional[float] = ..., time_at_request_send: _Optional[float] = ..., client_timezone_offset: _Optional[float] = ..., lsp_suggested_items: _Optional[_Union[LspSuggestedItems, _Mapping]] = ..., supports_cpt: _Optional[bool] = ..., supports_crlf_cpt: _Optional[bool] = ..., code_results: _Optional[_Iterable[_Union[CodeResult, _Mapping]]] = ...) -> None: ...

class StreamCppResponse(_message.Message):
    __slots__ = ("text", "suggestion_start_line", "suggestion_confidence", "done_stream", "debug_model_output", "debug_model_input", "debug_stream_time", "debug_total_time", "debug_ttft_time", "debug_server_timing", "range_to_replace", "cursor_prediction_target", "done_edit", "model_info", "begin_edit", "should_remove_leading_eol", "binding_id")
    class CursorPredictionTarget(_message.Message):
        __slots__ = ("relative_path", "line_number_one_indexed", "expected_content", "should_retrigger_cpp")
        RELATIVE_PATH_FIELD_NUMBER: _ClassVar[int]
        LINE_NUMBER_ONE_INDEXED_FIELD_NUMBER: _ClassVar[int]
        EXPECTED_CONTENT_FIELD_NUMBER: _ClassVar[int]
        SHOULD_RETRIGGER_CPP_FIELD_NUMBER: _ClassVar[int]
        relative_path: str
        line_number_one_indexed: int
        expected_content: str
        should_retrigger_cpp: bool
        def __init__(self, relative_path: _Optional[str] = ..., line_number_one_indexed: _Optional[int] = ..., expected_content: _Optional[str] = ..., should_retrigger_cpp: _Optional[bool] = ...) -> None: ...
    class ModelInfo(_message.Message):
        __slots__ = ("is_fused_cursor_prediction_model", "is_multidiff_model")
        IS_FUSED_CURSOR_PREDICTION_MODEL_FIELD_NUMBER: _ClassVar[int]
        IS_MULTIDIFF_MODEL_FIELD_NUMBER: _ClassVar[int]
        is_fused_cursor_prediction_model: bool
        is_multidiff_model: bool
        def __init__(self, is_fused_cursor_prediction_model: _Optional[bool] = ..., is_multidiff_model: _Optional[bool] = ...) -> None: ...
    TEXT_FIELD_NUMBER: _ClassVar[int]
    SUGGESTION_START_LINE_FIELD_NUMBER: _ClassVar[int]
    SUGGESTION_CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    DONE_STREAM_FIELD_NUMBER: _ClassVar[int]
    DEBUG_MODEL_OUTPUT_FIELD_NUMBER: _ClassVar[int]
    DEBUG_MODEL_INPUT_FIELD_NUMBER: _ClassVar[int]
    DEBUG_STREAM_TIME_FIELD_NUMBER: _ClassVar[int]
    DEBUG_TOTAL_TIME_FIELD_NUMBER: _ClassVar[int]
    DEBUG_TTFT_TIME_FIELD_NUMBER: _ClassVar[int]
    DEBUG_SERVER_TIMING_FIELD_NUMBER: _ClassVar[int]
    RANGE_TO_REPLACE_FIELD_NUMBER: _ClassVar[int]
    CURSOR_PREDICTION_TARGET_FIELD_NUMBER: _ClassVar[int]
    DONE_EDIT_FIELD_NUMBER: _ClassVar[int]
    MODEL_INFO_FIELD_NUMBER: _ClassVar[int]
    BEGIN_EDIT_FIELD_NUMBER: _ClassVar[int]
    SHOULD_REMOVE_LEADING_EOL_FIELD_NUMBER: _ClassVar[int]
    BINDING_ID_FIELD_NUMBER: _ClassVar[int]
    text: str
    suggestion_start_line: int
    suggestion_confidence: int
    done_stream: bool
    debug_model_output: str
    debug_model_input: str
    debug_stream_time: str
    debug_total_time: str
    debug_ttft_time: str
    debug_server_timing: str
    range_to_replace: LineRange
    cursor_prediction_target: StreamCppResponse.CursorPredictionTarget
    done_edit: bool
    model_info: StreamCppResponse.ModelInfo
    begin_edit: bool
    should_remove_leading_eol: bool
    binding_id: str
    def __init__(self, text: _Optional[str] = ..., suggestion_start_line: _Optional[int] = ..., suggestion_confidence: _Optional[int] = ..., done_stream: _Optional[bool] = ..., debug_model_output: _Optional[str] = ..., debug_model_input: _Optional[str] = ..., debug_stream_time: _Optional[str] = ..., debug_total_time: _Optional[str] = ..., debug_ttft_time: _Optional[str] = ..., debug_server_timing: _Optional[str] = ..., range_to_replace: _Optional[_Union[LineRange, _Mapping]] = ..., cursor_prediction_target: _Optional[_Union[StreamCppResponse.CursorPredictionTarget, _Mapping]] = ..., done_edit: _Optional[bool] = ..., model_info: _Optional[_Union[StreamCppResponse.ModelInfo, _Mapping]] = ..., begin_edit: _Optional[bool] = ..., should_remove_leading_eol: _Optional[bool] = ..., binding_id: _Optional[str] = ...) -> None: ...

class StreamHoldCppRequest(_message.Message):
    __slots__ = ("current_file", "linter_errors", "context_items", "file_diff_histories", "merged_diff_histories", "block_diff_patches", "model_details")
    CURRENT_FILE_FIELD_NUMBER: _ClassVar[int]
    LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_ITEMS_FIELD_NUMBER: _ClassVar[int]
    FILE_DIFF_HISTORIES_FIELD_NUMBER: _ClassVar[int]
    MERGED_DIFF_HISTORIES_FIELD_NUMBER: _ClassVar[int]
    BLOCK_DIFF_PATCHES_FIELD_NUMBER: _ClassVar[int]
    MODEL_DETAILS_FIELD_NUMBER: _ClassVar[int]
    current_file: CurrentFileInfo
    linter_errors: LinterErrors
    context_items: _containers.RepeatedCompositeFieldContainer[CppContextItem]
    file_diff_histories: _containers.RepeatedCompositeFieldContainer[CppFileDiffHistory]
    merged_diff_histories: _containers.RepeatedCompositeFieldContainer[CppFileDiffHistory]
    block_diff_patches: _containers.RepeatedCompositeFieldContainer[BlockDiffPatch]
    model_details: ModelDetails
    def __init__(self, current_file: _Optional[_Union[CurrentFileInfo, _Mapping]] = ..., linter_errors: _Optional[_Union[LinterErrors, _Mapping]] = ..., context_items: _Optional[_Iterable[_Union[CppContextItem, _Mapping]]] = ..., file_diff_histories: _Optional[_Iterable[_Union[CppFileDiffHistory, _Mapping]]] = ..., merged_diff_histories: _Optional[_Iterable[_Union[CppFileDiffHistory, _Mapping]]] = ..., block_diff_patches: _Optional[_Iterable[_Union[BlockDiffPatch, _Mapping]]] = ..., model_details: _Optional[_Union[ModelDetails, _Mapping]] = ...) -> None: ...

class StreamHoldCppResponse(_message.Message):
    __slots__ = ("text",)
    TEXT_FIELD_NUMBER: _ClassVar[int]
    text: str
    def __init__(self, text: _Optional[str] = ...) -> None: ...

class StreamNextCursorPredictionRequest(_message.Message):
    __slots__ = ("current_file", "diff_history", "model_name", "linter_errors", "context_items", "diff_history_keys", "give_debug_output", "file_diff_histories", "merged_diff_histories", "block_diff_patches", "is_nightly", "is_debug", "immediately_ack", "enable_more_context", "parameter_hints", "lsp_contexts", "cpp_intent_info", "workspace_id", "file_sync_updates", "file_visible_ranges")
    class FileVisibleRange(_message.Message):
        __slots__ = ("filename", "visible_ranges")
        FILENAME_FIELD_NUMBER: _ClassVar[int]
        VISIBLE_RANGES_FIELD_NUMBER: _ClassVar[int]
        filename: str
        visible_ranges: _containers.RepeatedCompositeFieldContainer[StreamNextCursorPredictionRequest.VisibleRange]
        def __init__(self, filename: _Optional[str] = ..., visible_ranges: _Optional[_Iterable[_Union[StreamNextCursorPredictionRequest.VisibleRange, _Mapping]]] = ...) -> None: ...
    class VisibleRange(_message.Message):
        __slots__ = ("start_line_number_inclusive", "end_line_number_exclusive")
        START_LINE_NUMBER_INCLUSIVE_FIELD_NUMBER: _ClassVar[int]
        END_LINE_NUMBER_EXCLUSIVE_FIELD_NUMBER: _ClassVar[int]
        start_line_number_inclusive: int
        end_line_number_exclusive: int
        def __init__(self, start_line_number_inclusive: _Optional[int] = ..., end_line_number_exclusive: _Optional[int] = ...) -> None: ...
    CURRENT_FILE_FIELD_NUMBER: _ClassVar[int]
    DIFF_HISTORY_FIELD_NUMBER: _ClassVar[int]
    MODEL_NAME_FIELD_NUMBER: _ClassVar[int]
    LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_ITEMS_FIELD_NUMBER: _ClassVar[int]
    DIFF_HISTORY_KEYS_FIELD_NUMBER: _ClassVar[int]
    GIVE_DEBUG_OUTPUT_FIELD_NUMBER: _ClassVar[int]
    FILE_DIFF_HISTORIES_FIELD_NUMBER: _ClassVar[int]
    MERGED_DIFF_HISTORIES_FIELD_NUMBER: _ClassVar[int]
    BLOCK_DIFF_PATCHES_FIELD_NUMBER: _ClassVar[int]
    IS_NIGHTLY_FIELD_NUMBER: _ClassVar[int]
    IS_DEBUG_FIELD_NUMBER: _ClassVar[int]
    IMMEDIATELY_ACK_FIELD_NUMBER: _ClassVar[int]
    ENABLE_MORE_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    PARAMETER_HINTS_FIELD_NUMBER: _ClassVar[int]
    LSP_CONTEXTS_FIELD_NUMBER: _ClassVar[int]
    CPP_INTENT_INFO_FIELD_NUMBER: _ClassVar[int]
    WORKSPACE_ID_FIELD_NUMBER: _ClassVar[int]
    FILE_SYNC_UPDATES_FIELD_NUMBER: _ClassVar[int]
    FILE_VISIBLE_RANGES_FIELD_NUMBER: _ClassVar[int]
    current_file: CurrentFileInfo
    diff_history: _containers.RepeatedScalarFieldContainer[str]
    model_name: str
    linter_errors: LinterErrors
    context_items: _containers.RepeatedCompositeFieldContainer[CppContextItem]
    diff_history_keys: _containers.RepeatedScalarFieldContainer[str]
    give_debug_output: bool
    file_diff_histories: _containers.RepeatedCompositeFieldContainer[CppFileDiffHistory]
    merged_diff_histories: _containers.RepeatedCompositeFieldContainer[CppFileDiffHistory]
    block_diff_patches: _containers.RepeatedCompositeFieldContainer[BlockDiffPatch]
    is_nightly: bool
    is_debug: bool
    immediately_ack: bool
    enable_more_context: bool
    parameter_hints: _containers.RepeatedCompositeFieldContainer[CppParameterHint]
    lsp_contexts: _containers.RepeatedCompositeFieldContainer[LspSubgraphFullContext]
    cpp_intent_info: CppIntentInfo
    workspace_id: str
    file_sync_updates: _containers.RepeatedCompositeFieldContainer[FilesyncUpdateWithModelVersion]
    file_visible_ranges: _containers.RepeatedCompositeFieldContainer[StreamNextCursorPredictionRequest.FileVisibleRange]
    def __init__(self, current_file: _Optional[_Union[CurrentFileInfo, _Mapping]] = ..., diff_history: _Optional[_Iterable[str]] = ..., model_name: _Optional[str] = ..., linter_errors: _Optional[_Union[LinterErrors, _Mapping]] = ..., context_items: _Optional[_Iterable[_Union[CppContextItem, _Mapping]]] = ..., diff_history_keys: _Optional[_Iterable[str]] = ..., give_debug_output: _Optional[bool] = ..., file_diff_histories: _Optional[_Iterable[_Union[CppFileDiffHistory, _Mapping]]] = ..., merged_diff_histories: _Optional[_Iterable[_Union[CppFileDiffHistory, _Mapping]]] = ..., block_diff_patches: _Optional[_Iterable[_Union[BlockDiffPatch, _Mapping]]] = ..., is_nightly: _Optional[bool] = ..., is_debug: _Optional[bool] = ..., immediately_ack: _Optional[bool] = ..., enable_more_context: _Optional[bool] = ..., parameter_hints: _Optional[_Iterable[_Union[CppParameterHint, _Mapping]]] = ..., lsp_contexts: _Optional[_Iterable[_Union[LspSubgraphFullContext, _Mapping]]] = ..., cpp_intent_info: _Optional[_Union[CppIntentInfo, _Mapping]] = ..., workspace_id: _Optional[str] = ..., file_sync_updates: _Optional[_Iterable[_Union[FilesyncUpdateWithModelVersion, _Mapping]]] = ..., file_visible_ranges: _Optional[_Iterable[_Union[StreamNextCursorPredictionRequest.FileVisibleRange, _Mapping]]] = ...) -> None: ...

class StreamNextCursorPredictionResponse(_message.Message):
    __slots__ = ("text", "line_number", "is_not_in_range", "file_name")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    LINE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    IS_NOT_IN_RANGE_FIELD_NUMBER: _ClassVar[int]
    FILE_NAME_FIELD_NUMBER: _ClassVar[int]
    text: str
    line_number: int
    is_not_in_range: bool
    file_name: str
    def __init__(self, text: _Optional[str] = ..., line_number: _Optional[int] = ..., is_not_in_range: _Optional[bool] = ..., file_name: _Optional[str] = ...) -> None: ...

class StreamTerminalAutocompleteRequest(_message.Message):
    __slots__ = ("current_command", "command_history", "model_name", "file_diff_histories", "git_diff", "commit_history", "past_results")
    CURRENT_COMMAND_FIELD_NUMBER: _ClassVar[int]
    COMMAND_HISTORY_FIELD_NUMBER: _ClassVar[int]
    MODEL_NAME_FIELD_NUMBER: _ClassVar[int]
    FILE_DIFF_HISTORIES_FIELD_NUMBER: _ClassVar[int]
    GIT_DIFF_FIELD_NUMBER: _ClassVar[int]
    COMMIT_HISTORY_FIELD_NUMBER: _ClassVar[int]
    PAST_RESULTS_FIELD_NUMBER: _ClassVar[int]
    current_command: str
    command_history: _containers.RepeatedScalarFieldContainer[str]
    model_name: str
    file_diff_histories: _containers.RepeatedCompositeFieldContainer[CppFileDiffHistory]
    git_diff: str
    commit_history: _containers.RepeatedScalarFieldContainer[str]
    past_results: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, current_command: _Optional[str] = ..., command_history: _Optional[_Iterable[str]] = ..., model_name: _Optional[str] = ..., file_diff_histories: _Optional[_Iterable[_Union[CppFileDiffHistory, _Mapping]]] = ..., git_diff: _Optional[str] = ..., commit_history: _Optional[_Iterable[str]] = ..., past_results: _Optional[_Iterable[str]] = ...) -> None: ...

class StreamTerminalAutocompleteResponse(_message.Message):
    __slots__ = ("text", "done_stream")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    DONE_STREAM_FIELD_NUMBER: _ClassVar[int]
    text: str
    done_stream: bool
    def __init__(self, text: _Optional[str] = ..., done_stream: _Optional[bool] = ...) -> None: ...

class StreamTerminalCmdKRequest(_message.Message):
    __slots__ = ("context_items", "cmd_k_options", "session_id", "legacy_context")
    CONTEXT_ITEMS_FIELD_NUMBER: _ClassVar[int]
    CMD_K_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    LEGACY_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    context_items: _containers.RepeatedCompositeFieldContainer[PotentiallyCachedContextItem]
    cmd_k_options: TerminalCmdKOptions
    session_id: str
    legacy_context: CmdKLegacyContext
    def __init__(self, context_items: _Optional[_Iterable[_Union[PotentiallyCachedContextItem, _Mapping]]] = ..., cmd_k_options: _Optional[_Union[TerminalCmdKOptions, _Mapping]] = ..., session_id: _Optional[str] = ..., legacy_context: _Optional[_Union[CmdKLegacyContext, _Mapping]] = ...) -> None: ...

class StreamTerminalCmdKResponse(_message.Message):
    __slots__ = ("terminal_command", "chat", "status_update")
    class Chat(_message.Message):
        __slots__ = ("text",)
        TEXT_FIELD_NUMBER: _ClassVar[int]
        text: str
        def __init__(self, text: _Optional[str] = ...) -> None: ...
    class StatusUpdate(_message.Message):
        __slots__ = ("messages",)
        MESSAGES_FIELD_NUMBER: _ClassVar[int]
        messages: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, messages: _Optional[_Iterable[str]] = ...) -> None: ...
    class TerminalCommand(_message.Message):
        __slots__ = ("partial_command",)
        PARTIAL_COMMAND_FIELD_NUMBER: _ClassVar[int]
        partial_command: str
        def __init__(self, partial_command: _Optional[str] = ...) -> None: ...
    TERMINAL_COMMAND_FIELD_NUMBER: _ClassVar[int]
    CHAT_FIELD_NUMBER: _ClassVar[int]
    STATUS_UPDATE_FIELD_NUMBER: _ClassVar[int]
    terminal_command: StreamTerminalCmdKResponse.TerminalCommand
    chat: StreamTerminalCmdKResponse.Chat
    status_update: StreamTerminalCmdKResponse.StatusUpdate
    def __init__(self, terminal_command: _Optional[_Union[StreamTerminalCmdKResponse.TerminalCommand, _Mapping]] = ..., chat: _Optional[_Union[StreamTerminalCmdKResponse.Chat, _Mapping]] = ..., status_update: _Optional[_Union[StreamTerminalCmdKResponse.StatusUpdate, _Mapping]] = ...) -> None: ...

class StreamTerminalCmdKResponseContextWrapped(_message.Message):
    __slots__ = ("real_response", "context_status_update", "missing_context_items")
    REAL_RESPONSE_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_STATUS_UPDATE_FIELD_NUMBER: _ClassVar[int]
    MISSING_CONTEXT_ITEMS_FIELD_NUMBER: _ClassVar[int]
    real_response: StreamTerminalCmdKResponse
    context_status_update: ContextStatusUpdate
    missing_context_items: MissingContextItems
    def __init__(self, real_response: _Optional[_Union[StreamTerminalCmdKResponse, _Mapping]] = ..., context_status_update: _Optional[_Union[ContextStatusUpdate, _Mapping]] = ..., missing_context_items: _Optional[_Union[MissingContextItems, _Mapping]] = ...) -> None: ...

class StreamUnifiedChatRequest(_message.Message):
    __slots__ = ("conversation", "full_conversation_headers_only", "allow_long_file_scan", "explicit_context", "can_handle_filenames_after_language_ids", "model_details", "linter_errors", "documentation_identifiers", "use_web", "external_links", "project_context", "diffs_for_compressing_files", "compress_edits", "should_cache", "multi_file_linter_errors", "current_file", "recent_edits", "use_reference_composer_diff_prompt", "file_diff_histories", "use_new_compression_scheme", "quotes", "additional_ranked_context", "is_chat", "conversation_id", "replying_to_request_id", "repository_info", "repository_info_should_query_staging", "repository_info_should_query_prod", "query_only_repo_access", "repo_query_auth_token", "environment_info", "is_agentic", "conversation_summary", "supported_tools", "enable_yolo_mode", "yolo_prompt", "use_unified_chat_prompt", "mcp_tools", "use_full_inputs_context", "is_resume", "allow_model_fallbacks", "number_of_times_shown_fallback_model_warning", "context_bank_session_id", "context_bank_version", "context_bank_encryption_key", "is_headless", "is_background_composer", "uses_codebase_results", "unified_mode", "tools_requiring_accepted_return", "should_disable_tools", "thinking_level", "should_use_chat_prompt", "background_composer_id", "uses_rules", "mode_uses_auto_apply", "unified_mode_name", "use_generate_rules_prompt", "edit_tool_supports_search_and_replace", "project_layouts", "repository_name_if_unindexed", "indexing_progress", "full_file_cmd_k_options", "indexing_phase_if_unindexed", "use_knowledge_base_prompt", "indexing_num_files_if_unindexed", "subagent_info", "supports_git_index", "force_is_not_dev", "disable_edit_file_timeout", "should_attach_linter_errors", "should_speculatively_route_gpt5", "force_terminal_hanging_detection", "force_summarization", "is_quick_search_query", "is_spec_mode", "allow_server_side_semantic_search", "speculative_summarization_encryption_key", "workspace_folders", "does_readfile_support_images", "sandboxing_support_enabled", "custom_planning_instructions", "enable_terminal_file_persistence", "terminals_folder", "agent_transcripts_folder", "agent_notes_folder", "agent_tools_folder", "current_plan", "has_mcp_descriptors", "best_of_n_group_id", "try_use_best_of_n_promotion")
    class ThinkingLevel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        THINKING_LEVEL_UNSPECIFIED: _ClassVar[StreamUnifiedChatRequest.ThinkingLevel]
        THINKING_LEVEL_MEDIUM: _ClassVar[StreamUnifiedChatRequest.ThinkingLevel]
        THINKING_LEVEL_HIGH: _ClassVar[StreamUnifiedChatRequest.ThinkingLevel]
    THINKING_LEVEL_UNSPECIFIED: StreamUnifiedChatRequest.ThinkingLevel
    THINKING_LEVEL_MEDIUM: StreamUnifiedChatRequest.ThinkingLevel
    THINKING_LEVEL_HIGH: StreamUnifiedChatRequest.ThinkingLevel
    class UnifiedMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        UNIFIED_MODE_UNSPECIFIED: _ClassVar[StreamUnifiedChatRequest.UnifiedMode]
        UNIFIED_MODE_CHAT: _ClassVar[StreamUnifiedChatRequest.UnifiedMode]
        UNIFIED_MODE_AGENT: _ClassVar[StreamUnifiedChatRequest.UnifiedMode]
        UNIFIED_MODE_EDIT: _ClassVar[StreamUnifiedChatRequest.UnifiedMode]
        UNIFIED_MODE_CUSTOM: _ClassVar[StreamUnifiedChatRequest.UnifiedMode]
        UNIFIED_MODE_PLAN: _ClassVar[StreamUnifiedChatRequest.UnifiedMode]
        UNIFIED_MODE_DEBUG: _ClassVar[StreamUnifiedChatRequest.UnifiedMode]
    UNIFIED_MODE_UNSPECIFIED: StreamUnifiedChatRequest.UnifiedMode
    UNIFIED_MODE_CHAT: StreamUnifiedChatRequest.UnifiedMode
    UNIFIED_MODE_AGENT: StreamUnifiedChatRequest.UnifiedMode
    UNIFIED_MODE_EDIT: StreamUnifiedChatRequest.UnifiedMode
    UNIFIED_MODE_CUSTOM: StreamUnifiedChatRequest.UnifiedMode
    UNIFIED_MODE_PLAN: StreamUnifiedChatRequest.UnifiedMode
    UNIFIED_MODE_DEBUG: StreamUnifiedChatRequest.UnifiedMode
    class CodeSearchResult(_message.Message):
        __slots__ = ("results", "all_files")
        RESULTS_FIELD_NUMBER: _ClassVar[int]
        ALL_FILES_FIELD_NUMBER: _ClassVar[int]
        results: _containers.RepeatedCompositeFieldContainer[CodeResult]
        all_files: _containers.RepeatedCompositeFieldContainer[File]
        def __init__(self, results: _Optional[_Iterable[_Union[CodeResult, _Mapping]]] = ..., all_files: _Optional[_Iterable[_Union[File, _Mapping]]] = ...) -> None: ...
    class CurrentPlan(_message.Message):
        __slots__ = ("content", "name")
        CONTENT_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        content: str
        name: str
        def __init__(self, content: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...
    class FullFileCmdKOptions(_message.Message):
        __slots__ = ("file_path",)
        FILE_PATH_FIELD_NUMBER: _ClassVar[int]
        file_path: str
        def __init__(self, file_path: _Optional[str] = ...) -> None: ...
    class RecentEdits(_message.Message):
        __slots__ = ("code_block_info", "final_file_values", "edits_belong_to_composer_generation_uuid")
        class CodeBlockInfo(_message.Message):
            __slots__ = ("relative_workspace_path", "content_before", "content_after", "generation_uuid", "version")
            RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
            CONTENT_BEFORE_FIELD_NUMBER: _ClassVar[int]
            CONTENT_AFTER_FIELD_NUMBER: _ClassVar[int]
            GENERATION_UUID_FIELD_NUMBER: _ClassVar[int]
            VERSION_FIELD_NUMBER: _ClassVar[int]
            relative_workspace_path: str
            content_before: str
            content_after: str
            generation_uuid: str
            version: int
            def __init__(self, relative_workspace_path: _Optional[str] = ..., content_before: _Optional[str] = ..., content_after: _Optional[str] = ..., generation_uuid: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...
        class FileInfo(_message.Message):
            __slots__ = ("relative_workspace_path", "content")
            RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
            CONTENT_FIELD_NUMBER: _ClassVar[int]
            relative_workspace_path: str
            content: str
            def __init__(self, relative_workspace_path: _Optional[str] = ..., content: _Optional[str] = ...) -> None: ...
        CODE_BLOCK_INFO_FIELD_NUMBER: _ClassVar[int]
        FINAL_FILE_VALUES_FIELD_NUMBER: _ClassVar[int]
        EDITS_BELONG_TO_COMPOSER_GENERATION_UUID_FIELD_NUMBER: _ClassVar[int]
        code_block_info: _containers.RepeatedCompositeFieldContainer[StreamUnifiedChatRequest.RecentEdits.CodeBlockInfo]
        final_file_values: _containers.RepeatedCompositeFieldContainer[StreamUnifiedChatRequest.RecentEdits.FileInfo]
        edits_belong_to_composer_generation_uuid: str
        def __init__(self, code_block_info: _Optional[_Iterable[_Union[StreamUnifiedChatRequest.RecentEdits.CodeBlockInfo, _Mapping]]] = ..., final_file_values: _Optional[_Iterable[_Union[StreamUnifiedChatRequest.RecentEdits.FileInfo, _Mapping]]] = ..., edits_belong_to_composer_generation_uuid: _Optional[str] = ...) -> None: ...
    class RedDiff(_message.Message):
        __slots__ = ("relative_workspace_path", "red_ranges", "red_ranges_reversed", "start_hash", "end_hash")
        RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
        RED_RANGES_FIELD_NUMBER: _ClassVar[int]
        RED_RANGES_REVERSED_FIELD_NUMBER: _ClassVar[int]
        START_HASH_FIELD_NUMBER: _ClassVar[int]
        END_HASH_FIELD_NUMBER: _ClassVar[int]
        relative_workspace_path: str
        red_ranges: _containers.RepeatedCompositeFieldContainer[SimplestRange]
        red_ranges_reversed: _containers.RepeatedCompositeFieldContainer[SimplestRange]
        start_hash: str
        end_hash: str
        def __init__(self, relative_workspace_path: _Optional[str] = ..., red_ranges: _Optional[_Iterable[_Union[SimplestRange, _Mapping]]] = ..., red_ranges_reversed: _Optional[_Iterable[_Union[SimplestRange, _Mapping]]] = ..., start_hash: _Optional[str] = ..., end_hash: _Optional[str] = ...) -> None: ...
    CONVERSATION_FIELD_NUMBER: _ClassVar[int]
    FULL_CONVERSATION_HEADERS_ONLY_FIELD_NUMBER: _ClassVar[int]
    ALLOW_LONG_FILE_SCAN_FIELD_NUMBER: _ClassVar[int]
    EXPLICIT_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    CAN_HANDLE_FILENAMES_AFTER_LANGUAGE_IDS_FIELD_NUMBER: _ClassVar[int]
    MODEL_DETAILS_FIELD_NUMBER: _ClassVar[int]
    LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    DOCUMENTATION_IDENTIFIERS_FIELD_NUMBER: _ClassVar[int]
    USE_WEB_FIELD_NUMBER: _ClassVar[int]
    EXTERNAL_LINKS_FIELD_NUMBER: _ClassVar[int]
    PROJECT_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    DIFFS_FOR_COMPRESSING_FILES_FIELD_NUMBER: _ClassVar[int]
    COMPRESS_EDITS_FIELD_NUMBER: _ClassVar[int]
    SHOULD_CACHE_FIELD_NUMBER: _ClassVar[int]
    MULTI_FILE_LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FILE_FIELD_NUMBER: _ClassVar[int]
    RECENT_EDITS_FIELD_NUMBER: _ClassVar[int]
    USE_REFERENCE_COMPOSER_DIFF_PROMPT_FIELD_NUMBER: _ClassVar[int]
    FILE_DIFF_HISTORIES_FIELD_NUMBER: _ClassVar[int]
    USE_NEW_COMPRESSION_SCHEME_FIELD_NUMBER: _ClassVar[int]
    QUOTES_FIELD_NUMBER: _ClassVar[int]
    ADDITIONAL_RANKED_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    IS_CHAT_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    REPLYING_TO_REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    REPOSITORY_INFO_FIELD_NUMBER: _ClassVar[int]
    REPOSITORY_INFO_SHOULD_QUERY_STAGING_FIELD_NUMBER: _ClassVar[int]
    REPOSITORY_INFO_SHOULD_QUERY_PROD_FIELD_NUMBER: _ClassVar[int]
    QUERY_ONLY_REPO_ACCESS_FIELD_NUMBER: _ClassVar[int]
    REPO_QUERY_AUTH_TOKEN_FIELD_NUMBER: _ClassVar[int]
    ENVIRONMENT_INFO_FIELD_NUMBER: _ClassVar[int]
    IS_AGENTIC_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_SUMMARY_FIELD_NUMBER: _ClassVar[int]
    SUPPORTED_TOOLS_FIELD_NUMBER: _ClassVar[int]
    ENABLE_YOLO_MODE_FIELD_NUMBER: _ClassVar[int]
    YOLO_PROMPT_FIELD_NUMBER: _ClassVar[int]
    USE_UNIFIED_CHAT_PROMPT_FIELD_NUMBER: _ClassVar[int]
    MCP_TOOLS_FIELD_NUMBER: _ClassVar[int]
    USE_FULL_INPUTS_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    IS_RESUME_FIELD_NUMBER: _ClassVar[int]
    ALLOW_MODEL_FALLBACKS_FIELD_NUMBER: _ClassVar[int]
    NUMBER_OF_TIMES_SHOWN_FALLBACK_MODEL_WARNING_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_BANK_SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_BANK_VERSION_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_BANK_ENCRYPTION_KEY_FIELD_NUMBER: _ClassVar[int]
    IS_HEADLESS_FIELD_NUMBER: _ClassVar[int]
    IS_BACKGROUND_COMPOSER_FIELD_NUMBER: _ClassVar[int]
    USES_CODEBASE_RESULTS_FIELD_NUMBER: _ClassVar[int]
    UNIFIED_MODE_FIELD_NUMBER: _ClassVar[int]
    TOOLS_REQUIRING_ACCEPTED_RETURN_FIELD_NUMBER: _ClassVar[int]
    SHOULD_DISABLE_TOOLS_FIELD_NUMBER: _ClassVar[int]
    THINKING_LEVEL_FIELD_NUMBER: _ClassVar[int]
    SHOULD_USE_CHAT_PROMPT_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_COMPOSER_ID_FIELD_NUMBER: _ClassVar[int]
    USES_RULES_FIELD_NUMBER: _ClassVar[int]
    MODE_USES_AUTO_APPLY_FIELD_NUMBER: _ClassVar[int]
    UNIFIED_MODE_NAME_FIELD_NUMBER: _ClassVar[int]
    USE_GENERATE_RULES_PROMPT_FIELD_NUMBER: _ClassVar[int]
    EDIT_TOOL_SUPPORTS_SEARCH_AND_REPLACE_FIELD_NUMBER: _ClassVar[int]
    PROJECT_LAYOUTS_FIELD_NUMBER: _ClassVar[int]
    REPOSITORY_NAME_IF_UNINDEXED_FIELD_NUMBER: _ClassVar[int]
    INDEXING_PROGRESS_FIELD_NUMBER: _ClassVar[int]
    FULL_FILE_CMD_K_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    INDEXING_PHASE_IF_UNINDEXED_FIELD_NUMBER: _ClassVar[int]
    USE_KNOWLEDGE_BASE_PROMPT_FIELD_NUMBER: _ClassVar[int]
    INDEXING_NUM_FILES_IF_UNINDEXED_FIELD_NUMBER: _ClassVar[int]
    SUBAGENT_INFO_FIELD_NUMBER: _ClassVar[int]
    SUPPORTS_GIT_INDEX_FIELD_NUMBER: _ClassVar[int]
    FORCE_IS_NOT_DEV_FIELD_NUMBER: _ClassVar[int]
    DISABLE_EDIT_FILE_TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    SHOULD_ATTACH_LINTER_ERRORS_FIELD_NUMBER: _ClassVar[int]
    SHOULD_SPECULATIVELY_ROUTE_GPT5_FIELD_NUMBER: _ClassVar[int]
    FORCE_TERMINAL_HANGING_DETECTION_FIELD_NUMBER: _ClassVar[int]
    FORCE_SUMMARIZATION_FIELD_NUMBER: _ClassVar[int]
    IS_QUICK_SEARCH_QUERY_FIELD_NUMBER: _ClassVar[int]
    IS_SPEC_MODE_FIELD_NUMBER: _ClassVar[int]
    ALLOW_SERVER_SIDE_SEMANTIC_SEARCH_FIELD_NUMBER: _ClassVar[int]
    SPECULATIVE_SUMMARIZATION_ENCRYPTION_KEY_FIELD_NUMBER: _ClassVar[int]
    WORKSPACE_FOLDERS_FIELD_NUMBER: _ClassVar[int]
    DOES_READFILE_SUPPORT_IMAGES_FIELD_NUMBER: _ClassVar[int]
    SANDBOXING_SUPPORT_ENABLED_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_PLANNING_INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
    ENABLE_TERMINAL_FILE_PERSISTENCE_FIELD_NUMBER: _ClassVar[int]
    TERMINALS_FOLDER_FIELD_NUMBER: _ClassVar[int]
    AGENT_TRANSCRIPTS_FOLDER_FIELD_NUMBER: _ClassVar[int]
    AGENT_NOTES_FOLDER_FIELD_NUMBER: _ClassVar[int]
    AGENT_TOOLS_FOLDER_FIELD_NUMBER: _ClassVar[int]
    CURRENT_PLAN_FIELD_NUMBER: _ClassVar[int]
    HAS_MCP_DESCRIPTORS_FIELD_NUMBER: _ClassVar[int]
    BEST_OF_N_GROUP_ID_FIELD_NUMBER: _ClassVar[int]
    TRY_USE_BEST_OF_N_PROMOTION_FIELD_NUMBER: _ClassVar[int]
    conversation: _containers.RepeatedCompositeFieldContainer[ConversationMessage]
    full_conversation_headers_only: _containers.RepeatedCompositeFieldContainer[ConversationMessageHeader]
    allow_long_file_scan: bool
    explicit_context: ExplicitContext
    can_handle_filenames_after_language_ids: bool
    model_details: ModelDetails
    linter_errors: LinterErrors
    documentation_identifiers: _containers.RepeatedScalarFieldContainer[str]
    use_web: str
    external_links: _containers.RepeatedCompositeFieldContainer[ComposerExternalLink]
    project_context: ConversationMessage
    diffs_for_compressing_files: _containers.RepeatedCompositeFieldContainer[StreamUnifiedChatRequest.RedDiff]
    compress_edits: bool
    should_cache: bool
    multi_file_linter_errors: _containers.RepeatedCompositeFieldContainer[LinterErrors]
    current_file: CurrentFileInfo
    recent_edits: StreamUnifiedChatRequest.RecentEdits
    use_reference_composer_diff_prompt: bool
    file_diff_histories: _containers.RepeatedCompositeFieldContainer[ComposerFileDiffHistory]
    use_new_compression_scheme: bool
    quotes: _containers.RepeatedCompositeFieldContainer[ChatQuote]
    additional_ranked_context: _containers.RepeatedCompositeFieldContainer[RankedContext]
    is_chat: bool
    conversation_id: str
    replying_to_request_id: str
    repository_info: RepositoryInfo
    repository_info_should_query_staging: bool
    repository_info_should_query_prod: bool
    query_only_repo_access: QueryOnlyRepoAccess
    repo_query_auth_token: str
    environment_info: EnvironmentInfo
    is_agentic: bool
    conversation_summary: ConversationSummary
    supported_tools: _containers.RepeatedScalarFieldContainer[ClientSideToolV2]
    enable_yolo_mode: bool
    yolo_prompt: str
    use_unified_chat_prompt: bool
    mcp_tools: _containers.RepeatedCompositeFieldContainer[MCPParams.Tool]
    use_full_inputs_context: bool
    is_resume: bool
    allow_model_fallbacks: bool
    number_of_times_shown_fallback_model_warning: int
    context_bank_session_id: str
    context_bank_version: int
    context_bank_encryption_key: bytes
    is_headless: bool
    is_background_composer: bool
    uses_codebase_results: StreamUnifiedChatRequest.CodeSearchResult
    unified_mode: StreamUnifiedChatRequest.UnifiedMode
    tools_requiring_accepted_return: _containers.RepeatedScalarFieldContainer[ClientSideToolV2]
    should_disable_tools: bool
    thinking_level: StreamUnifiedChatRequest.ThinkingLevel
    should_use_chat_prompt: bool
    background_composer_id: str
    uses_rules: bool
    mode_uses_auto_apply: bool
    unified_mode_name: str
    use_generate_rules_prompt: bool
    edit_tool_supports_search_and_replace: bool
    project_layouts: _containers.RepeatedCompositeFieldContainer[ProjectLayout]
    repository_name_if_unindexed: str
    indexing_progress: float
    full_file_cmd_k_options: StreamUnifiedChatRequest.FullFileCmdKOptions
    indexing_phase_if_unindexed: str
    use_knowledge_base_prompt: bool
    indexing_num_files_if_unindexed: int
    subagent_info: SubagentInfo
    supports_git_index: bool
    force_is_not_dev: bool
    disable_edit_file_timeout: bool
    should_attach_linter_errors: bool
    should_speculatively_route_gpt5: bool
    force_terminal_hanging_detection: bool
    force_summarization: bool
    is_quick_search_query: bool
    is_spec_mode: bool
    allow_server_side_semantic_search: bool
    speculative_summarization_encryption_key: bytes
    workspace_folders: _containers.RepeatedCompositeFieldContainer[WorkspaceFolder]
    does_readfile_support_images: bool
    sandboxing_support_enabled: bool
    custom_planning_instructions: str
    enable_terminal_file_persistence: bool
    terminals_folder: str
    agent_transcripts_folder: str
    agent_notes_folder: str
    agent_tools_folder: str
    current_plan: StreamUnifiedChatRequest.CurrentPlan
    has_mcp_descriptors: bool
    best_of_n_group_id: str
    try_use_best_of_n_promotion: bool
    def __init__(self, conversation: _Optional[_Iterable[_Union[ConversationMessage, _Mapping]]] = ..., full_conversation_headers_only: _Optional[_Iterable[_Union[ConversationMessageHeader, _Mapping]]] = ..., allow_long_file_scan: _Optional[bool] = ..., explicit_context: _Optional[_Union[ExplicitContext, _Mapping]] = ..., can_handle_filenames_after_language_ids: _Optional[bool] = ..., model_details: _Optional[_Union[ModelDetails, _Mapping]] = ..., linter_errors: _Optional[_Union[LinterErrors, _Mapping]] = ..., documentation_identifiers: _Optional[_Iterable[str]] = ..., use_web: _Optional[str] = ..., external_links: _Optional[_Iterable[_Union[ComposerExternalLink, _Mapping]]] = ..., project_context: _Optional[_Union[ConversationMessage, _Mapping]] = ..., diffs_for_compressing_files: _Optional[_Iterable[_Union[StreamUnifiedChatRequest.RedDiff, _Mapping]]] = ..., compress_edits: _Optional[bool] = ..., should_cache: _Optional[bool] = ..., multi_file_linter_errors: _Optional[_Iterable[_Union[LinterErrors, _Mapping]]] = ..., current_file: _Optional[_Union[CurrentFileInfo, _Mapping]] = ..., recent_edits: _Optional[_Union[StreamUnifiedChatRequest.RecentEdits, _Mapping]] = ..., use_reference_composer_diff_prompt: _Optional[bool] = ..., file_diff_histories: _Optional[_Iterable[_Union[ComposerFileDiffHistory, _Mapping]]] = ..., use_new_compression_scheme: _Optional[bool] = ..., quotes: _Optional[_Iterable[_Union[ChatQuote, _Mapping]]] = ..., additional_ranked_context: _Optional[_Iterable[_Union[RankedContext, _Mapping]]] = ..., is_chat: _Optional[bool] = ..., conversation_id: _Optional[str] = ..., replying_to_request_id: _Optional[str] = ..., repository_info: _Optional[_Union[RepositoryInfo, _Mapping]] = ..., repository_info_should_query_staging: _Optional[bool] = ..., repository_info_should_query_prod: _Optional[bool] = ..., query_only_repo_access: _Optional[_Union[QueryOnlyRepoAccess, _Mapping]] = ..., repo_query_auth_token: _Optional[str] = ..., environment_info: _Optional[_Union[EnvironmentInfo, _Mapping]] = ..., is_agentic: _Optional[bool] = ..., conversation_summary: _Optional[_Union[ConversationSummary, _Mapping]] = ..., supported_tools: _Optional[_Iterable[_Union[ClientSideToolV2, str]]] = ..., enable_yolo_mode: _Optional[bool] = ..., yolo_prompt: _Optional[str] = ..., use_unified_chat_prompt: _Optional[bool] = ..., mcp_tools: _Optional[_Iterable[_Union[MCPParams.Tool, _Mapping]]] = ..., use_full_inputs_context: _Optional[bool] = ..., is_resume: _Optional[bool] = ..., allow_model_fallbacks: _Optional[bool] = ..., number_of_times_shown_fallback_model_warning: _Optional[int] = ..., context_bank_session_id: _Optional[str] = ..., context_bank_version: _Optional[int] = ..., context_bank_encryption_key: _Optional[bytes] = ..., is_headless: _Optional[bool] = ..., is_background_composer: _Optional[bool] = ..., uses_codebase_results: _Optional[_Union[StreamUnifiedChatRequest.CodeSearchResult, _Mapping]] = ..., unified_mode: _Optional[_Union[StreamUnifiedChatRequest.UnifiedMode, str]] = ..., tools_requiring_accepted_return: _Optional[_Iterable[_Union[ClientSideToolV2, str]]] = ..., should_disable_tools: _Optional[bool] = ..., thinking_level: _Optional[_Union[StreamUnifiedChatRequest.ThinkingLevel, str]] = ..., should_use_chat_prompt: _Optional[bool] = ..., background_composer_id: _Optional[str] = ..., uses_rules: _Optional[bool] = ..., mode_uses_auto_apply: _Optional[bool] = ..., unified_mode_name: _Optional[str] = ..., use_generate_rules_prompt: _Optional[bool] = ..., edit_tool_supports_search_and_replace: _Optional[bool] = ..., project_layouts: _Optional[_Iterable[_Union[ProjectLayout, _Mapping]]] = ..., repository_name_if_unindexed: _Optional[str] = ..., indexing_progress: _Optional[float] = ..., full_file_cmd_k_options: _Optional[_Union[StreamUnifiedChatRequest.FullFileCmdKOptions, _Mapping]] = ..., indexing_phase_if_unindexed: _Optional[str] = ..., use_knowledge_base_prompt: _Optional[bool] = ..., indexing_num_files_if_unindexed: _Optional[int] = ..., subagent_info: _Optional[_Union[SubagentInfo, _Mapping]] = ..., supports_git_index: _Optional[bool] = ..., force_is_not_dev: _Optional[bool] = ..., disable_edit_file_timeout: _Optional[bool] = ..., should_attach_linter_errors: _Optional[bool] = ..., should_speculatively_route_gpt5: _Optional[bool] = ..., force_terminal_hanging_detection: _Optional[bool] = ..., force_summarization: _Optional[bool] = ..., is_quick_search_query: _Optional[bool] = ..., is_spec_mode: _Optional[bool] = ..., allow_server_side_semantic_search: _Optional[bool] = ..., speculative_summarization_encryption_key: _Optional[bytes] = ..., workspace_folders: _Optional[_Iterable[_Union[WorkspaceFolder, _Mapping]]] = ..., does_readfile_support_images: _Optional[bool] = ..., sandboxing_support_enabled: _Optional[bool] = ..., custom_planning_instructions: _Optional[str] = ..., enable_terminal_file_persistence: _Optional[bool] = ..., terminals_folder: _Optional[str] = ..., agent_transcripts_folder: _Optional[str] = ..., agent_notes_folder: _Optional[str] = ..., agent_tools_folder: _Optional[str] = ..., current_plan: _Optional[_Union[StreamUnifiedChatRequest.CurrentPlan, _Mapping]] = ..., has_mcp_descriptors: _Optional[bool] = ..., best_of_n_group_id: _Optional[str] = ..., try_use_best_of_n_promotion: _Optional[bool] = ...) -> None: ...

class StringReplacement(_message.Message):
    __slots__ = ("old_string", "new_string")
    OLD_STRING_FIELD_NUMBER: _ClassVar[int]
    NEW_STRING_FIELD_NUMBER: _ClassVar[int]
    old_string: str
    new_string: str
    def __init__(self, old_string: _Optional[str] = ..., new_string: _Optional[str] = ...) -> None: ...

class SttServerMessage(_message.Message):
    __slots__ = ("text", "is_final")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    IS_FINAL_FIELD_NUMBER: _ClassVar[int]
    text: str
    is_final: bool
    def __init__(self, text: _Optional[str] = ..., is_final: _Optional[bool] = ...) -> None: ...

class SubagentInfo(_message.Message):
    __slots__ = ("subagent_type", "subagent_id", "parent_request_id", "deep_search_params", "fix_lints_params", "task_params", "spec_params")
    SUBAGENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    SUBAGENT_ID_FIELD_NUMBER: _ClassVar[int]
    PARENT_REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    DEEP_SEARCH_PARAMS_FIELD_NUMBER: _ClassVar[int]
    FIX_LINTS_PARAMS_FIELD_NUMBER: _ClassVar[int]
    TASK_PARAMS_FIELD_NUMBER: _ClassVar[int]
    SPEC_PARAMS_FIELD_NUMBER: _ClassVar[int]
    subagent_type: SubagentType
    subagent_id: str
    parent_request_id: str
    deep_search_params: DeepSearchSubagentParams
    fix_lints_params: FixLintsSubagentParams
    task_params: TaskSubagentParams
    spec_params: SpecSubagentParams
    def __init__(self, subagent_type: _Optional[_Union[SubagentType, str]] = ..., subagent_id: _Optional[str] = ..., parent_request_id: _Optional[str] = ..., deep_search_params: _Optional[_Union[DeepSearchSubagentParams, _Mapping]] = ..., fix_lints_params: _Optional[_Union[FixLintsSubagentParams, _Mapping]] = ..., task_params: _Optional[_Union[TaskSubagentParams, _Mapping]] = ..., spec_params: _Optional[_Union[SpecSubagentParams, _Mapping]] = ...) -> None: ...

class SubagentReturnCall(_message.Message):
    __slots__ = ("subagent_type", "deep_search_return_value", "fix_lints_return_value", "task_return_value", "spec_return_value")
    SUBAGENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    DEEP_SEARCH_RETURN_VALUE_FIELD_NUMBER: _ClassVar[int]
    FIX_LINTS_RETURN_VALUE_FIELD_NUMBER: _ClassVar[int]
    TASK_RETURN_VALUE_FIELD_NUMBER: _ClassVar[int]
    SPEC_RETURN_VALUE_FIELD_NUMBER: _ClassVar[int]
    subagent_type: SubagentType
    deep_search_return_value: DeepSearchSubagentReturnValue
    fix_lints_return_value: FixLintsSubagentReturnValue
    task_return_value: TaskSubagentReturnValue
    spec_return_value: SpecSubagentReturnValue
    def __init__(self, subagent_type: _Optional[_Union[SubagentType, str]] = ..., deep_search_return_value: _Optional[_Union[DeepSearchSubagentReturnValue, _Mapping]] = ..., fix_lints_return_value: _Optional[_Union[FixLintsSubagentReturnValue, _Mapping]] = ..., task_return_value: _Optional[_Union[TaskSubagentReturnValue, _Mapping]] = ..., spec_return_value: _Optional[_Union[SpecSubagentReturnValue, _Mapping]] = ...) -> None: ...

class SuggestCursorPredictionEvent(_message.Message):
    __slots__ = ("cursor_prediction", "point_in_time_model")
    CURSOR_PREDICTION_FIELD_NUMBER: _ClassVar[int]
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    cursor_prediction: CursorPrediction
    point_in_time_model: PointInTimeModel
    def __init__(self, cursor_prediction: _Optional[_Union[CursorPrediction, _Mapping]] = ..., point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ...) -> None: ...

class SuggestedCodeBlock(_message.Message):
    __slots__ = ("relative_workspace_path",)
    RELATIVE_WORKSPACE_PATH_FIELD_NUMBER: _ClassVar[int]
    relative_workspace_path: str
    def __init__(self, relative_workspace_path: _Optional[str] = ...) -> None: ...

class SuggestedEdit(_message.Message):
    __slots__ = ("edit_range", "text")
    EDIT_RANGE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    edit_range: SimpleRange
    text: str
    def __init__(self, edit_range: _Optional[_Union[SimpleRange, _Mapping]] = ..., text: _Optional[str] = ...) -> None: ...

class SwitchModeParams(_message.Message):
    __slots__ = ("from_mode_id", "to_mode_id", "explanation")
    FROM_MODE_ID_FIELD_NUMBER: _ClassVar[int]
    TO_MODE_ID_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    from_mode_id: str
    to_mode_id: str
    explanation: str
    def __init__(self, from_mode_id: _Optional[str] = ..., to_mode_id: _Optional[str] = ..., explanation: _Optional[str] = ...) -> None: ...

class SwitchModeResult(_message.Message):
    __slots__ = ("from_mode_id", "to_mode_id", "auto_approved", "user_approved")
    FROM_MODE_ID_FIELD_NUMBER: _ClassVar[int]
    TO_MODE_ID_FIELD_NUMBER: _ClassVar[int]
    AUTO_APPROVED_FIELD_NUMBER: _ClassVar[int]
    USER_APPROVED_FIELD_NUMBER: _ClassVar[int]
    from_mode_id: str
    to_mode_id: str
    auto_approved: bool
    user_approved: bool
    def __init__(self, from_mode_id: _Optional[str] = ..., to_mode_id: _Optional[str] = ..., auto_approved: _Optional[bool] = ..., user_approved: _Optional[bool] = ...) -> None: ...

class SwitchModelAction(_message.Message):
    __slots__ = ("suggested_model",)
    SUGGESTED_MODEL_FIELD_NUMBER: _ClassVar[int]
    suggested_model: str
    def __init__(self, suggested_model: _Optional[str] = ...) -> None: ...

class TabCloseEvent(_message.Message):
    __slots__ = ("point_in_time_model",)
    POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
    point_in_time_model: MaybeDefinedPointInTimeModel
    def __init__(self, point_in_time_model: _Optional[_Union[MaybeDefinedPointInTimeModel, _Mapping]] = ...) -> None: ...

class TaskParams(_message.Message):
    __slots__ = ("task_description", "task_title", "allowed_write_directories", "model_override", "max_mode_override", "default_expanded_while_running")
    TASK_DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    TASK_TITLE_FIELD_NUMBER: _ClassVar[int]
    ASYNC_FIELD_NUMBER: _ClassVar[int]
    ALLOWED_WRITE_DIRECTORIES_FIELD_NUMBER: _ClassVar[int]
    MODEL_OVERRIDE_FIELD_NUMBER: _ClassVar[int]
    MAX_MODE_OVERRIDE_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_EXPANDED_WHILE_RUNNING_FIELD_NUMBER: _ClassVar[int]
    task_description: str
    task_title: str
    allowed_write_directories: _containers.RepeatedScalarFieldContainer[str]
    model_override: str
    max_mode_override: bool
    default_expanded_while_running: bool
    def __init__(self, task_description: _Optional[str] = ..., task_title: _Optional[str] = ..., allowed_write_directories: _Optional[_Iterable[str]] = ..., model_override: _Optional[str] = ..., max_mode_override: _Optional[bool] = ..., default_expanded_while_running: _Optional[bool] = ..., **kwargs) -> None: ...

class TaskResult(_message.Message):
    __slots__ = ("completed_task_result", "async_task_result")
    class AsyncTaskResult(_message.Message):
        __slots__ = ("task_id", "user_aborted", "subagent_errored")
        TASK_ID_FIELD_NUMBER: _ClassVar[int]
        USER_ABORTED_FIELD_NUMBER: _ClassVar[int]
        SUBAGENT_ERRORED_FIELD_NUMBER: _ClassVar[int]
        task_id: str
        user_aborted: bool
        subagent_errored: bool
        def __init__(self, task_id: _Optional[str] = ..., user_aborted: _Optional[bool] = ..., subagent_errored: _Optional[bool] = ...) -> None: ...
    class CompletedTaskResult(_message.Message):
        __slots__ = ("summary", "file_results", "user_aborted", "subagent_errored")
        SUMMARY_FIELD_NUMBER: _ClassVar[int]
        FILE_RESULTS_FIELD_NUMBER: _ClassVar[int]
        USER_ABORTED_FIELD_NUMBER: _ClassVar[int]
        SUBAGENT_ERRORED_FIELD_NUMBER: _ClassVar[int]
        summary: str
        file_results: _containers.RepeatedCompositeFieldContainer[FixLintsResult.FileResult]
        user_aborted: bool
        subagent_errored: bool
        def __init__(self, summary: _Optional[str] = ..., file_results: _Optional[_Iterable[_Union[FixLintsResult.FileResult, _Mapping]]] = ..., user_aborted: _Optional[bool] = ..., subagent_errored: _Optional[bool] = ...) -> None: ...
    COMPLETED_TASK_RESULT_FIELD_NUMBER: _ClassVar[int]
    ASYNC_TASK_RESULT_FIELD_NUMBER: _ClassVar[int]
    completed_task_result: TaskResult.CompletedTaskResult
    async_task_result: TaskResult.AsyncTaskResult
    def __init__(self, completed_task_result: _Optional[_Union[TaskResult.CompletedTaskResult, _Mapping]] = ..., async_task_result: _Optional[_Union[TaskResult.AsyncTaskResult, _Mapping]] = ...) -> None: ...

class TaskSubagentParams(_message.Message):
    __slots__ = ("task_description", "allowed_write_directories")
    TASK_DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ALLOWED_WRITE_DIRECTORIES_FIELD_NUMBER: _ClassVar[int]
    task_description: str
    allowed_write_directories: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, task_description: _Optional[str] = ..., allowed_write_directories: _Optional[_Iterable[str]] = ...) -> None: ...

class TaskSubagentReturnValue(_message.Message):
    __slots__ = ("summary",)
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    summary: str
    def __init__(self, summary: _Optional[str] = ...) -> None: ...

class TaskV2Params(_message.Message):
    __slots__ = ("description", "prompt", "subagent_type", "model", "name", "mode")
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    SUBAGENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    MODEL_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    description: str
    prompt: str
    subagent_type: str
    model: str
    name: str
    mode: TaskMode
    def __init__(self, description: _Optional[str] = ..., prompt: _Optional[str] = ..., subagent_type: _Optional[str] = ..., model: _Optional[str] = ..., name: _Optional[str] = ..., mode: _Optional[_Union[TaskMode, str]] = ...) -> None: ...

class TaskV2Result(_message.Message):
    __slots__ = ("agent_id", "is_background")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    IS_BACKGROUND_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    is_background: bool
    def __init__(self, agent_id: _Optional[str] = ..., is_background: _Optional[bool] = ...) -> None: ...

class TerminalCmdKOptions(_message.Message):
    __slots__ = ("model_details", "chat_mode", "ada_cmd_k_context", "use_web")
    MODEL_DETAILS_FIELD_NUMBER: _ClassVar[int]
    CHAT_MODE_FIELD_NUMBER: _ClassVar[int]
    ADA_CMD_K_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    USE_WEB_FIELD_NUMBER: _ClassVar[int]
    model_details: ModelDetails
    chat_mode: bool
    ada_cmd_k_context: bool
    use_web: bool
    def __init__(self, model_details: _Optional[_Union[ModelDetails, _Mapping]] = ..., chat_mode: _Optional[bool] = ..., ada_cmd_k_context: _Optional[bool] = ..., use_web: _Optional[bool] = ...) -> None: ...

class TerminalEvent(_message.Message):
    __slots__ = ("uri", "create", "exit", "command_start", "command_finish")
    class CommandFinish(_message.Message):
        __slots__ = ("point_in_time_model", "exit_code")
        POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
        EXIT_CODE_FIELD_NUMBER: _ClassVar[int]
        point_in_time_model: PointInTimeModel
        exit_code: int
        def __init__(self, point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., exit_code: _Optional[int] = ...) -> None: ...
    class CommandStart(_message.Message):
        __slots__ = ("point_in_time_model", "cwd")
        POINT_IN_TIME_MODEL_FIELD_NUMBER: _ClassVar[int]
        CWD_FIELD_NUMBER: _ClassVar[int]
        point_in_time_model: PointInTimeModel
        cwd: str
        def __init__(self, point_in_time_model: _Optional[_Union[PointInTimeModel, _Mapping]] = ..., cwd: _Optional[str] = ...) -> None: ...
    class Create(_message.Message):
        __slots__ = ("is_remote",)
        IS_REMOTE_FIELD_NUMBER: _ClassVar[int]
        is_remote: bool
        def __init__(self, is_remote: _Optional[bool] = ...) -> None: ...
    class Exit(_message.Message):
        __slots__ = ("exit_code",)
        EXIT_CODE_FIELD_NUMBER: _ClassVar[int]
        exit_code: int
        def __init__(self, exit_code: _Optional[int] = ...) -> None: ...
    URI_FIELD_NUMBER: _ClassVar[int]
    CREATE_FIELD_NUMBER: _ClassVar[int]
    EXIT_FIELD_NUMBER: _ClassVar[int]
    COMMAND_START_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FINISH_FIELD_NUMBER: _ClassVar[int]
    uri: str
    create: TerminalEvent.Create
    exit: TerminalEvent.Exit
    command_start: TerminalEvent.CommandStart
    command_finish: TerminalEvent.CommandFinish
    def __init__(self, uri: _Optional[str] = ..., create: _Optional[_Union[TerminalEvent.Create, _Mapping]] = ..., exit: _Optional[_Union[TerminalEvent.Exit, _Mapping]] = ..., command_start: _Optional[_Union[TerminalEvent.CommandStart, _Mapping]] = ..., command_finish: _Optional[_Union[TerminalEvent.CommandFinish, _Mapping]] = ...) -> None: ...

class TerminalMetadata(_message.Message):
    __slots__ = ("cwd", "last_commands", "last_modified_ms", "current_command")
    class Command(_message.Message):
        __slots__ = ("command", "exit_code", "timestamp_ms", "duration_ms")
        COMMAND_FIELD_NUMBER: _ClassVar[int]
        EXIT_CODE_FIELD_NUMBER: _ClassVar[int]
        TIMESTAMP_MS_FIELD_NUMBER: _ClassVar[int]
        DURATION_MS_FIELD_NUMBER: _ClassVar[int]
        command: str
        exit_code: int
        timestamp_ms: int
        duration_ms: int
        def __init__(self, command: _Optional[str] = ..., exit_code: _Optional[int] = ..., timestamp_ms: _Optional[int] = ..., duration_ms: _Optional[int] = ...) -> None: ...
    CWD_FIELD_NUMBER: _ClassVar[int]
    LAST_COMMANDS_FIELD_NUMBER: _ClassVar[int]
    LAST_MODIFIED_MS_FIELD_NUMBER: _ClassVar[int]
    CURRENT_COMMAND_FIELD_NUMBER: _ClassVar[int]
    cwd: str
    last_commands: _containers.RepeatedCompositeFieldContainer[TerminalMetadata.Command]
    last_modified_ms: int
    current_command: TerminalMetadata.Command
    def __init__(self, cwd: _Optional[str] = ..., last_commands: _Optional[_Iterable[_Union[TerminalMetadata.Command, _Mapping]]] = ..., last_modified_ms: _Optional[int] = ..., current_command: _Optional[_Union[TerminalMetadata.Command, _Mapping]] = ...) -> None: ...

class TerminalTipConfig(_message.Message):
    __slots__ = ("message", "enabled")
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    message: str
    enabled: bool
    def __init__(self, message: _Optional[str] = ..., enabled: _Optional[bool] = ...) -> None: ...

class TimingInfo(_message.Message):
    __slots__ = ("user_input_time", "stream_cmdk_time")
    USER_INPUT_TIME_FIELD_NUMBER: _ClassVar[int]
    STREAM_CMDK_TIME_FIELD_NUMBER: _ClassVar[int]
    user_input_time: float
    stream_cmdk_time: float
    def __init__(self, user_input_time: _Optional[float] = ..., stream_cmdk_time: _Optional[float] = ...) -> None: ...

class TodoItem(_message.Message):
    __slots__ = ("content", "status", "id", "dependencies")
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    DEPENDENCIES_FIELD_NUMBER: _ClassVar[int]
    content: str
    status: str
    id: str
    dependencies: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, content: _Optional[str] = ..., status: _Optional[str] = ..., id: _Optional[str] = ..., dependencies: _Optional[_Iterable[str]] = ...) -> None: ...

class TodoReadParams(_message.Message):
    __slots__ = ("read",)
    READ_FIELD_NUMBER: _ClassVar[int]
    read: bool
    def __init__(self, read: _Optional[bool] = ...) -> None: ...

class TodoReadResult(_message.Message):
    __slots__ = ("todos",)
    TODOS_FIELD_NUMBER: _ClassVar[int]
    todos: _containers.RepeatedCompositeFieldContainer[TodoItem]
    def __init__(self, todos: _Optional[_Iterable[_Union[TodoItem, _Mapping]]] = ...) -> None: ...

class TodoWriteParams(_message.Message):
    __slots__ = ("todos", "merge")
    TODOS_FIELD_NUMBER: _ClassVar[int]
    MERGE_FIELD_NUMBER: _ClassVar[int]
    todos: _containers.RepeatedCompositeFieldContainer[TodoItem]
    merge: bool
    def __init__(self, todos: _Optional[_Iterable[_Union[TodoItem, _Mapping]]] = ..., merge: _Optional[bool] = ...) -> None: ...

class TodoWriteResult(_message.Message):
    __slots__ = ("success", "ready_task_ids", "needs_in_progress_todos", "final_todos", "initial_todos", "was_merge")
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    READY_TASK_IDS_FIELD_NUMBER: _ClassVar[int]
    NEEDS_IN_PROGRESS_TODOS_FIELD_NUMBER: _ClassVar[int]
    FINAL_TODOS_FIELD_NUMBER: _ClassVar[int]
    INITIAL_TODOS_FIELD_NUMBER: _ClassVar[int]
    WAS_MERGE_FIELD_NUMBER: _ClassVar[int]
    success: bool
    ready_task_ids: _containers.RepeatedScalarFieldContainer[str]
    needs_in_progress_todos: bool
    final_todos: _containers.RepeatedCompositeFieldContainer[TodoItem]
    initial_todos: _containers.RepeatedCompositeFieldContainer[TodoItem]
    was_merge: bool
    def __init__(self, success: _Optional[bool] = ..., ready_task_ids: _Optional[_Iterable[str]] = ..., needs_in_progress_todos: _Optional[bool] = ..., final_todos: _Optional[_Iterable[_Union[TodoItem, _Mapping]]] = ..., initial_todos: _Optional[_Iterable[_Union[TodoItem, _Mapping]]] = ..., was_merge: _Optional[bool] = ...) -> None: ...

class ToolCallEvent(_message.Message):
    __slots__ = ("tool_call_id", "request_id", "tool_name")
    TOOL_CALL_ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    tool_call_id: str
    request_id: str
    tool_name: str
    def __init__(self, tool_call_id: _Optional[str] = ..., request_id: _Optional[str] = ..., tool_name: _Optional[str] = ...) -> None: ...

class ToolCallFileSearchParams(_message.Message):
    __slots__ = ("query",)
    QUERY_FIELD_NUMBER: _ClassVar[int]
    query: str
    def __init__(self, query: _Optional[str] = ...) -> None: ...

class ToolCallFileSearchResult(_message.Message):
    __slots__ = ("files", "limit_hit", "num_results")
    class File(_message.Message):
        __slots__ = ("uri",)
        URI_FIELD_NUMBER: _ClassVar[int]
        uri: str
        def __init__(self, uri: _Optional[str] = ...) -> None: ...
    FILES_FIELD_NUMBER: _ClassVar[int]
    LIMIT_HIT_FIELD_NUMBER: _ClassVar[int]
    NUM_RESULTS_FIELD_NUMBER: _ClassVar[int]
    files: _containers.RepeatedCompositeFieldContainer[ToolCallFileSearchResult.File]
    limit_hit: bool
    num_results: int
    def __init__(self, files: _Optional[_Iterable[_Union[ToolCallFileSearchResult.File, _Mapping]]] = ..., limit_hit: _Optional[bool] = ..., num_results: _Optional[int] = ...) -> None: ...

class ToolPullRequestResult(_message.Message):
    __slots__ = ("sha", "full_pr_contents", "score", "title", "summary", "pr_number", "changed_files", "author", "date")
    SHA_FIELD_NUMBER: _ClassVar[int]
    FULL_PR_CONTENTS_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    PR_NUMBER_FIELD_NUMBER: _ClassVar[int]
    CHANGED_FILES_FIELD_NUMBER: _ClassVar[int]
    AUTHOR_FIELD_NUMBER: _ClassVar[int]
    DATE_FIELD_NUMBER: _ClassVar[int]
    sha: str
    full_pr_contents: str
    score: float
    title: str
    summary: str
    pr_number: int
    changed_files: _containers.RepeatedScalarFieldContainer[str]
    author: str
    date: str
    def __init__(self, sha: _Optional[str] = ..., full_pr_contents: _Optional[str] = ..., score: _Optional[float] = ..., title: _Optional[str] = ..., summary: _Optional[str] = ..., pr_number: _Optional[int] = ..., changed_files: _Optional[_Iterable[str]] = ..., author: _Optional[str] = ..., date: _Optional[str] = ...) -> None: ...

class ToolResultAttachments(_message.Message):
    __slots__ = ("original_todos", "updated_todos", "nudge_messages", "should_show_todo_write_reminder", "todo_reminder_type", "discovery_budget_reminder")
    class TodoReminderType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        TODO_REMINDER_TYPE_UNSPECIFIED: _ClassVar[ToolResultAttachments.TodoReminderType]
        TODO_REMINDER_TYPE_EVERY_10_TURNS: _ClassVar[ToolResultAttachments.TodoReminderType]
        TODO_REMINDER_TYPE_AFTER_EDIT: _ClassVar[ToolResultAttachments.TodoReminderType]
    TODO_REMINDER_TYPE_UNSPECIFIED: ToolResultAttachments.TodoReminderType
    TODO_REMINDER_TYPE_EVERY_10_TURNS: ToolResultAttachments.TodoReminderType
    TODO_REMINDER_TYPE_AFTER_EDIT: ToolResultAttachments.TodoReminderType
    class DiscoveryBudgetReminder(_message.Message):
        __slots__ = ("discovery_rounds_remaining", "discovery_effort")
        DISCOVERY_ROUNDS_REMAINING_FIELD_NUMBER: _ClassVar[int]
        DISCOVERY_EFFORT_FIELD_NUMBER: _ClassVar[int]
        discovery_rounds_remaining: int
        discovery_effort: str
        def __init__(self, discovery_rounds_remaining: _Optional[int] = ..., discovery_effort: _Optional[str] = ...) -> None: ...
    ORIGINAL_TODOS_FIELD_NUMBER: _ClassVar[int]
    UPDATED_TODOS_FIELD_NUMBER: _ClassVar[int]
    NUDGE_MESSAGES_FIELD_NUMBER: _ClassVar[int]
    SHOULD_SHOW_TODO_WRITE_REMINDER_FIELD_NUMBER: _ClassVar[int]
    TODO_REMINDER_TYPE_FIELD_NUMBER: _ClassVar[int]
    DISCOVERY_BUDGET_REMINDER_FIELD_NUMBER: _ClassVar[int]
    original_todos: _containers.RepeatedCompositeFieldContainer[TodoItem]
    updated_todos: _containers.RepeatedCompositeFieldContainer[TodoItem]
    nudge_messages: _containers.RepeatedCompositeFieldContainer[NudgeMessage]
    should_show_todo_write_reminder: bool
    todo_reminder_type: ToolResultAttachments.TodoReminderType
    discovery_budget_reminder: ToolResultAttachments.DiscoveryBudgetReminder
    def __init__(self, original_todos: _Optional[_Iterable[_Union[TodoItem, _Mapping]]] = ..., updated_todos: _Optional[_Iterable[_Union[TodoItem, _Mapping]]] = ..., nudge_messages: _Optional[_Iterable[_Union[NudgeMessage, _Mapping]]] = ..., should_show_todo_write_reminder: _Optional[bool] = ..., todo_reminder_type: _Optional[_Union[ToolResultAttachments.TodoReminderType, str]] = ..., discovery_budget_reminder: _Optional[_Union[ToolResultAttachments.DiscoveryBudgetReminder, _Mapping]] = ...) -> None: ...

class ToolResultError(_message.Message):
    __slots__ = ("client_visible_error_message", "model_visible_error_message", "actual_error_message_only_send_from_client_to_server_never_the_other_way_around_because_that_may_be_a_security_risk", "edit_file_error_details", "search_replace_error_details")
    class EditFileError(_message.Message):
        __slots__ = ("num_lines_in_file_before_edit",)
        NUM_LINES_IN_FILE_BEFORE_EDIT_FIELD_NUMBER: _ClassVar[int]
        num_lines_in_file_before_edit: int
        def __init__(self, num_lines_in_file_before_edit: _Optional[int] = ...) -> None: ...
    class SearchReplaceError(_message.Message):
        __slots__ = ("num_lines_in_file_before_edit",)
        NUM_LINES_IN_FILE_BEFORE_EDIT_FIELD_NUMBER: _ClassVar[int]
        num_lines_in_file_before_edit: int
        def __init__(self, num_lines_in_file_before_edit: _Optional[int] = ...) -> None: ...
    CLIENT_VISIBLE_ERROR_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    MODEL_VISIBLE_ERROR_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_ERROR_MESSAGE_ONLY_SEND_FROM_CLIENT_TO_SERVER_NEVER_THE_OTHER_WAY_AROUND_BECAUSE_THAT_MAY_BE_A_SECURITY_RISK_FIELD_NUMBER: _ClassVar[int]
    EDIT_FILE_ERROR_DETAILS_FIELD_NUMBER: _ClassVar[int]
    SEARCH_REPLACE_ERROR_DETAILS_FIELD_NUMBER: _ClassVar[int]
    client_visible_error_message: str
    model_visible_error_message: str
    actual_error_message_only_send_from_client_to_server_never_the_other_way_around_because_that_may_be_a_security_risk: str
    edit_file_error_details: ToolResultError.EditFileError
    search_replace_error_details: ToolResultError.SearchReplaceError
    def __init__(self, client_visible_error_message: _Optional[str] = ..., model_visible_error_message: _Optional[str] = ..., actual_error_message_only_send_from_client_to_server_never_the_other_way_around_because_that_may_be_a_security_risk: _Optional[str] = ..., edit_file_error_details: _Optional[_Union[ToolResultError.EditFileError, _Mapping]] = ..., search_replace_error_details: _Optional[_Union[ToolResultError.SearchReplaceError, _Mapping]] = ...) -> None: ...

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

class TriggeringUserInfo(_message.Message):
    __slots__ = ("auth_id", "user_id")
    AUTH_ID_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    auth_id: str
    user_id: int
    def __init__(self, auth_id: _Optional[str] = ..., user_id: _Optional[int] = ...) -> None: ...

class TypeAction(_message.Message):
    __slots__ = ("text",)
    TEXT_FIELD_NUMBER: _ClassVar[int]
    text: str
    def __init__(self, text: _Optional[str] = ...) -> None: ...

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

class UpdateProjectParams(_message.Message):
    __slots__ = ("string_replacements", "summary")
    STRING_REPLACEMENTS_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    string_replacements: _containers.RepeatedCompositeFieldContainer[UpdateProjectStringReplacement]
    summary: str
    def __init__(self, string_replacements: _Optional[_Iterable[_Union[UpdateProjectStringReplacement, _Mapping]]] = ..., summary: _Optional[str] = ...) -> None: ...

class UpdateProjectResult(_message.Message):
    __slots__ = ("success", "updated_plan")
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    UPDATED_PLAN_FIELD_NUMBER: _ClassVar[int]
    success: bool
    updated_plan: str
    def __init__(self, success: _Optional[bool] = ..., updated_plan: _Optional[str] = ...) -> None: ...

class UpdateProjectStringReplacement(_message.Message):
    __slots__ = ("old_string", "new_string")
    OLD_STRING_FIELD_NUMBER: _ClassVar[int]
    NEW_STRING_FIELD_NUMBER: _ClassVar[int]
    old_string: str
    new_string: str
    def __init__(self, old_string: _Optional[str] = ..., new_string: _Optional[str] = ...) -> None: ...

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

class UserResponseToSuggestedCodeBlock(_message.Message):
    __slots__ = ("user_response_type", "file_path", "user_modifications_to_suggested_code_blocks")
    class UserResponseType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        USER_RESPONSE_TYPE_UNSPECIFIED: _ClassVar[UserResponseToSuggestedCodeBlock.UserResponseType]
        USER_RESPONSE_TYPE_ACCEPT: _ClassVar[UserResponseToSuggestedCodeBlock.UserResponseType]
        USER_RESPONSE_TYPE_REJECT: _ClassVar[UserResponseToSuggestedCodeBlock.UserResponseType]
        USER_RESPONSE_TYPE_MODIFY: _ClassVar[UserResponseToSuggestedCodeBlock.UserResponseType]
    USER_RESPONSE_TYPE_UNSPECIFIED: UserResponseToSuggestedCodeBlock.UserResponseType
    USER_RESPONSE_TYPE_ACCEPT: UserResponseToSuggestedCodeBlock.UserResponseType
    USER_RESPONSE_TYPE_REJECT: UserResponseToSuggestedCodeBlock.UserResponseType
    USER_RESPONSE_TYPE_MODIFY: UserResponseToSuggestedCodeBlock.UserResponseType
    USER_RESPONSE_TYPE_FIELD_NUMBER: _ClassVar[int]
    FILE_PATH_FIELD_NUMBER: _ClassVar[int]
    USER_MODIFICATIONS_TO_SUGGESTED_CODE_BLOCKS_FIELD_NUMBER: _ClassVar[int]
    user_response_type: UserResponseToSuggestedCodeBlock.UserResponseType
    file_path: str
    user_modifications_to_suggested_code_blocks: FileDiff
    def __init__(self, user_response_type: _Optional[_Union[UserResponseToSuggestedCodeBlock.UserResponseType, str]] = ..., file_path: _Optional[str] = ..., user_modifications_to_suggested_code_blocks: _Optional[_Union[FileDiff, _Mapping]] = ...) -> None: ...

class ViewableCommitProps(_message.Message):
    __slots__ = ("description", "message", "files")
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    FILES_FIELD_NUMBER: _ClassVar[int]
    description: str
    message: str
    files: _containers.RepeatedCompositeFieldContainer[DiffFile]
    def __init__(self, description: _Optional[str] = ..., message: _Optional[str] = ..., files: _Optional[_Iterable[_Union[DiffFile, _Mapping]]] = ...) -> None: ...

class ViewableDiffProps(_message.Message):
    __slots__ = ("files", "diff_preface")
    FILES_FIELD_NUMBER: _ClassVar[int]
    DIFF_PREFACE_FIELD_NUMBER: _ClassVar[int]
    files: _containers.RepeatedCompositeFieldContainer[DiffFile]
    diff_preface: str
    def __init__(self, files: _Optional[_Iterable[_Union[DiffFile, _Mapping]]] = ..., diff_preface: _Optional[str] = ...) -> None: ...

class ViewableGitContext(_message.Message):
    __slots__ = ("commit_data", "pull_request_data", "diff_data")
    COMMIT_DATA_FIELD_NUMBER: _ClassVar[int]
    PULL_REQUEST_DATA_FIELD_NUMBER: _ClassVar[int]
    DIFF_DATA_FIELD_NUMBER: _ClassVar[int]
    commit_data: ViewableCommitProps
    pull_request_data: ViewablePRProps
    diff_data: _containers.RepeatedCompositeFieldContainer[ViewableDiffProps]
    def __init__(self, commit_data: _Optional[_Union[ViewableCommitProps, _Mapping]] = ..., pull_request_data: _Optional[_Union[ViewablePRProps, _Mapping]] = ..., diff_data: _Optional[_Iterable[_Union[ViewableDiffProps, _Mapping]]] = ...) -> None: ...

class ViewablePRProps(_message.Message):
    __slots__ = ("title", "body", "files")
    TITLE_FIELD_NUMBER: _ClassVar[int]
    BODY_FIELD_NUMBER: _ClassVar[int]
    FILES_FIELD_NUMBER: _ClassVar[int]
    title: str
    body: str
    files: _containers.RepeatedCompositeFieldContainer[DiffFile]
    def __init__(self, title: _Optional[str] = ..., body: _Optional[str] = ..., files: _Optional[_Iterable[_Union[DiffFile, _Mapping]]] = ...) -> None: ...

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

class WaitAction(_message.Message):
    __slots__ = ("duration_ms",)
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    duration_ms: int
    def __init__(self, duration_ms: _Optional[int] = ...) -> None: ...

class WebFetchParams(_message.Message):
    __slots__ = ("url",)
    URL_FIELD_NUMBER: _ClassVar[int]
    url: str
    def __init__(self, url: _Optional[str] = ...) -> None: ...

class WebFetchResult(_message.Message):
    __slots__ = ("url", "markdown", "error")
    URL_FIELD_NUMBER: _ClassVar[int]
    MARKDOWN_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    url: str
    markdown: str
    error: str
    def __init__(self, url: _Optional[str] = ..., markdown: _Optional[str] = ..., error: _Optional[str] = ...) -> None: ...

class WebReference(_message.Message):
    __slots__ = ("title", "url", "chunk")
    TITLE_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    CHUNK_FIELD_NUMBER: _ClassVar[int]
    title: str
    url: str
    chunk: str
    def __init__(self, title: _Optional[str] = ..., url: _Optional[str] = ..., chunk: _Optional[str] = ...) -> None: ...

class WebSearchParams(_message.Message):
    __slots__ = ("search_term",)
    SEARCH_TERM_FIELD_NUMBER: _ClassVar[int]
    search_term: str
    def __init__(self, search_term: _Optional[str] = ...) -> None: ...

class WebSearchResult(_message.Message):
    __slots__ = ("references", "is_final", "rejected")
    class WebReference(_message.Message):
        __slots__ = ("title", "url", "chunk")
        TITLE_FIELD_NUMBER: _ClassVar[int]
        URL_FIELD_NUMBER: _ClassVar[int]
        CHUNK_FIELD_NUMBER: _ClassVar[int]
        title: str
        url: str
        chunk: str
        def __init__(self, title: _Optional[str] = ..., url: _Optional[str] = ..., chunk: _Optional[str] = ...) -> None: ...
    REFERENCES_FIELD_NUMBER: _ClassVar[int]
    IS_FINAL_FIELD_NUMBER: _ClassVar[int]
    REJECTED_FIELD_NUMBER: _ClassVar[int]
    references: _containers.RepeatedCompositeFieldContainer[WebSearchResult.WebReference]
    is_final: bool
    rejected: bool
    def __init__(self, references: _Optional[_Iterable[_Union[WebSearchResult.WebReference, _Mapping]]] = ..., is_final: _Optional[bool] = ..., rejected: _Optional[bool] = ...) -> None: ...

class WorkspaceFolder(_message.Message):
    __slots__ = ("uri", "name")
    URI_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    uri: str
    name: str
    def __init__(self, uri: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class WorktreeEvent(_message.Message):
    __slots__ = ("event_type", "model_name", "best_of_n_group_id", "all_worktree_paths", "applied_worktree_path", "worktree_composer_mappings", "background_agent_composer_mappings", "applied_composer_id", "viewed_composer_id")
    class EventType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        EVENT_TYPE_UNSPECIFIED: _ClassVar[WorktreeEvent.EventType]
        EVENT_TYPE_APPLY_TO_MAIN: _ClassVar[WorktreeEvent.EventType]
        EVENT_TYPE_UNDO_APPLY: _ClassVar[WorktreeEvent.EventType]
        EVENT_TYPE_VIEW_SUBCOMPOSER: _ClassVar[WorktreeEvent.EventType]
    EVENT_TYPE_UNSPECIFIED: WorktreeEvent.EventType
    EVENT_TYPE_APPLY_TO_MAIN: WorktreeEvent.EventType
    EVENT_TYPE_UNDO_APPLY: WorktreeEvent.EventType
    EVENT_TYPE_VIEW_SUBCOMPOSER: WorktreeEvent.EventType
    class BackgroundAgentComposerMapping(_message.Message):
        __slots__ = ("bc_id", "composer_id")
        BC_ID_FIELD_NUMBER: _ClassVar[int]
        COMPOSER_ID_FIELD_NUMBER: _ClassVar[int]
        bc_id: str
        composer_id: str
        def __init__(self, bc_id: _Optional[str] = ..., composer_id: _Optional[str] = ...) -> None: ...
    class WorktreeComposerMapping(_message.Message):
        __slots__ = ("worktree_path", "composer_id")
        WORKTREE_PATH_FIELD_NUMBER: _ClassVar[int]
        COMPOSER_ID_FIELD_NUMBER: _ClassVar[int]
        worktree_path: str
        composer_id: str
        def __init__(self, worktree_path: _Optional[str] = ..., composer_id: _Optional[str] = ...) -> None: ...
    EVENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    MODEL_NAME_FIELD_NUMBER: _ClassVar[int]
    BEST_OF_N_GROUP_ID_FIELD_NUMBER: _ClassVar[int]
    ALL_WORKTREE_PATHS_FIELD_NUMBER: _ClassVar[int]
    APPLIED_WORKTREE_PATH_FIELD_NUMBER: _ClassVar[int]
    WORKTREE_COMPOSER_MAPPINGS_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_AGENT_COMPOSER_MAPPINGS_FIELD_NUMBER: _ClassVar[int]
    APPLIED_COMPOSER_ID_FIELD_NUMBER: _ClassVar[int]
    VIEWED_COMPOSER_ID_FIELD_NUMBER: _ClassVar[int]
    event_type: WorktreeEvent.EventType
    model_name: str
    best_of_n_group_id: str
    all_worktree_paths: _containers.RepeatedScalarFieldContainer[str]
    applied_worktree_path: str
    worktree_composer_mappings: _containers.RepeatedCompositeFieldContainer[WorktreeEvent.WorktreeComposerMapping]
    background_agent_composer_mappings: _containers.RepeatedCompositeFieldContainer[WorktreeEvent.BackgroundAgentComposerMapping]
    applied_composer_id: str
    viewed_composer_id: str
    def __init__(self, event_type: _Optional[_Union[WorktreeEvent.EventType, str]] = ..., model_name: _Optional[str] = ..., best_of_n_group_id: _Optional[str] = ..., all_worktree_paths: _Optional[_Iterable[str]] = ..., applied_worktree_path: _Optional[str] = ..., worktree_composer_mappings: _Optional[_Iterable[_Union[WorktreeEvent.WorktreeComposerMapping, _Mapping]]] = ..., background_agent_composer_mappings: _Optional[_Iterable[_Union[WorktreeEvent.BackgroundAgentComposerMapping, _Mapping]]] = ..., applied_composer_id: _Optional[str] = ..., viewed_composer_id: _Optional[str] = ...) -> None: ...

class WriteGitBranchNameRequest(_message.Message):
    __slots__ = ("diffs", "context", "conversation_id", "api_key_credentials", "azure_credentials", "bedrock_credentials")
    DIFFS_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    API_KEY_CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    AZURE_CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    BEDROCK_CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    diffs: str
    context: str
    conversation_id: str
    api_key_credentials: ApiKeyCredentials
    azure_credentials: AzureCredentials
    bedrock_credentials: BedrockCredentials
    def __init__(self, diffs: _Optional[str] = ..., context: _Optional[str] = ..., conversation_id: _Optional[str] = ..., api_key_credentials: _Optional[_Union[ApiKeyCredentials, _Mapping]] = ..., azure_credentials: _Optional[_Union[AzureCredentials, _Mapping]] = ..., bedrock_credentials: _Optional[_Union[BedrockCredentials, _Mapping]] = ...) -> None: ...

class WriteGitBranchNameResponse(_message.Message):
    __slots__ = ("branch_name",)
    BRANCH_NAME_FIELD_NUMBER: _ClassVar[int]
    branch_name: str
    def __init__(self, branch_name: _Optional[str] = ...) -> None: ...

class WriteGitCommitMessageRequest(_message.Message):
    __slots__ = ("diffs", "previous_commit_messages", "explicit_context", "api_key_credentials", "azure_credentials", "bedrock_credentials")
    DIFFS_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_COMMIT_MESSAGES_FIELD_NUMBER: _ClassVar[int]
    EXPLICIT_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    API_KEY_CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    AZURE_CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    BEDROCK_CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    diffs: _containers.RepeatedScalarFieldContainer[str]
    previous_commit_messages: _containers.RepeatedScalarFieldContainer[str]
    explicit_context: ExplicitContext
    api_key_credentials: ApiKeyCredentials
    azure_credentials: AzureCredentials
    bedrock_credentials: BedrockCredentials
    def __init__(self, diffs: _Optional[_Iterable[str]] = ..., previous_commit_messages: _Optional[_Iterable[str]] = ..., explicit_context: _Optional[_Union[ExplicitContext, _Mapping]] = ..., api_key_credentials: _Optional[_Union[ApiKeyCredentials, _Mapping]] = ..., azure_credentials: _Optional[_Union[AzureCredentials, _Mapping]] = ..., bedrock_credentials: _Optional[_Union[BedrockCredentials, _Mapping]] = ...) -> None: ...

class WriteGitCommitMessageResponse(_message.Message):
    __slots__ = ("commit_message",)
    COMMIT_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    commit_message: str
    def __init__(self, commit_message: _Optional[str] = ...) -> None: ...

class WriteShellStdinArgs(_message.Message):
    __slots__ = ("shell_id", "chars")
    SHELL_ID_FIELD_NUMBER: _ClassVar[int]
    CHARS_FIELD_NUMBER: _ClassVar[int]
    shell_id: int
    chars: str
    def __init__(self, shell_id: _Optional[int] = ..., chars: _Optional[str] = ...) -> None: ...

class WriteShellStdinError(_message.Message):
    __slots__ = ("error",)
    ERROR_FIELD_NUMBER: _ClassVar[int]
    error: str
    def __init__(self, error: _Optional[str] = ...) -> None: ...

class WriteShellStdinResult(_message.Message):
    __slots__ = ("success", "error")
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    success: WriteShellStdinSuccess
    error: WriteShellStdinError
    def __init__(self, success: _Optional[_Union[WriteShellStdinSuccess, _Mapping]] = ..., error: _Optional[_Union[WriteShellStdinError, _Mapping]] = ...) -> None: ...

class WriteShellStdinSuccess(_message.Message):
    __slots__ = ("shell_id", "terminal_file_length_before_input_written")
    SHELL_ID_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_FILE_LENGTH_BEFORE_INPUT_WRITTEN_FIELD_NUMBER: _ClassVar[int]
    shell_id: int
    terminal_file_length_before_input_written: int
    def __init__(self, shell_id: _Optional[int] = ..., terminal_file_length_before_input_written: _Optional[int] = ...) -> None: ...
