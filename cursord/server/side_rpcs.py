"""The editor's side traffic answered on this machine: chat titles, conversation metadata and blobs, and the
control RPCs an offline editor needs.

Why locally: the title calls (`AiService/NameTab`, `NameAgent` on both services) carry the user's first
message, and `UploadConversationBlobs` carries large @-context; sending them to Cursor for a chat that runs
on the user's own keys would leak prompt and code, and titles would fail whenever Cursor is unreachable.

| RPC | answer |
|---|---|
| `AiService/NameTab`, `NameAgent` (both services) | from `title_model`, else the text's first line |
| `AgentService/UpdateConversationMetadata` | the conversation's title (kept in the store; recent ones in memory) |
| `AgentService/UploadConversationBlobs` | each blob stored in the store's blobs, so a turn reads it back by id |
| `AgentService/NotifyConversationClone` | acknowledged (the clone's history comes with its first run) |
| `NetworkService/IsConnected` | `{}` (connected: the agent works through cursord) |
| `AiService/GetDefaultModel` | the configured default model |
| `AiService/GetDefaultModelNudgeData` | no nudge: the configured default model as the initial model, nothing switched |

Titles: `title_model` is asked in one short pass through the provider router, bounded by
`TITLE_TIMEOUT`; without one, or when it fails, the title is the first line of the user's text.
The last three are what the proxy answers when Cursor is unreachable or `offline` is set; while Cursor is
reachable it forwards them (`cursord.proxy.routing.CONTROL_PATHS`).
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Final, Protocol

import attrs
import trio
from google.protobuf.message import Message

from cursord.config import ModelCatalog
from cursord.core import Titler, title_from_text
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server.app import UnaryMethod
from cursord.server.parts import AppParts

log = logging.getLogger(__name__)

NAME_TAB_PATH: Final = "/aiserver.v1.AiService/NameTab"
AISERVER_NAME_AGENT_PATH: Final = "/aiserver.v1.AiService/NameAgent"
AGENT_NAME_AGENT_PATH: Final = "/agent.v1.AgentService/NameAgent"
UPDATE_METADATA_PATH: Final = "/agent.v1.AgentService/UpdateConversationMetadata"
UPLOAD_BLOBS_PATH: Final = "/agent.v1.AgentService/UploadConversationBlobs"
NOTIFY_CLONE_PATH: Final = "/agent.v1.AgentService/NotifyConversationClone"
IS_CONNECTED_PATH: Final = "/aiserver.v1.NetworkService/IsConnected"
DEFAULT_MODEL_PATH: Final = "/aiserver.v1.AiService/GetDefaultModel"
DEFAULT_MODEL_NUDGE_PATH: Final = "/aiserver.v1.AiService/GetDefaultModelNudgeData"

#: answered here always: their bodies carry the user's text or code.
PRIVATE_PATHS: Final[Mapping[str, type[Message]]] = {
    NAME_TAB_PATH: aiserver.NameTabRequest,
    AISERVER_NAME_AGENT_PATH: aiserver.NameAgentRequest,
    AGENT_NAME_AGENT_PATH: agent.NameAgentRequest,
    UPDATE_METADATA_PATH: agent.UpdateConversationMetadataRequest,
    UPLOAD_BLOBS_PATH: agent.UploadConversationBlobsRequest,
    NOTIFY_CLONE_PATH: agent.NotifyConversationCloneRequest,
}
#: answered here when Cursor cannot be reached (or cursord is offline); forwarded otherwise.
CONTROL_PATHS: Final[Mapping[str, type[Message]]] = {
    IS_CONNECTED_PATH: aiserver.IsConnectedRequest,
    DEFAULT_MODEL_PATH: aiserver.GetDefaultModelRequest,
    DEFAULT_MODEL_NUDGE_PATH: aiserver.GetDefaultModelNudgeDataRequest,
}
SIDE_RPC_PATHS: Final[Mapping[str, type[Message]]] = {**PRIVATE_PATHS, **CONTROL_PATHS}

#: how long a title from the title model may take before the text's first line is used instead.
TITLE_TIMEOUT: Final = 10.0
#: conversation names kept in memory (least recently set forgotten first).
MAX_CONVERSATION_NAMES: Final = 4096


class BlobSink(Protocol):
    async def put_blob(self, blob_id: bytes, data: bytes, *, conversation_id: str | None = None) -> bool: ...


class TitleSink(Protocol):
    async def set_title(self, conversation_id: str, title: str) -> None: ...


def _user_text(request: aiserver.NameTabRequest) -> str:
    for message in request.messages:
        if message.type == aiserver.ConversationMessage.MESSAGE_TYPE_HUMAN and message.text.strip():
            return message.text
    return next((m.text for m in request.messages if m.text.strip()), "")


@attrs.define
class SideRpcs:
    """The handlers, and the little state they keep."""

    catalog: ModelCatalog
    blobs: BlobSink | None = None
    titler: Titler | None = None
    #: where the editor's names for conversations are kept (the store), besides `names`
    titles: TitleSink | None = None
    names: OrderedDict[str, str] = attrs.field(factory=OrderedDict)

    async def title(self, text: str) -> str:
        if self.titler is not None and text.strip():
            with trio.move_on_after(TITLE_TIMEOUT):
                try:
                    titled = await self.titler(text)
                except Exception as exc:  # any provider failure: the text's first line will do
                    log.info("title model failed (%s); titling from the text", exc)
                    titled = None
                if titled:
                    return titled
        return title_from_text(text)

    async def name_tab(self, request: aiserver.NameTabRequest) -> aiserver.NameTabResponse:
        return aiserver.NameTabResponse(name=await self.title(_user_text(request)))

    async def name_agent_aiserver(self, request: aiserver.NameAgentRequest) -> aiserver.NameAgentResponse:
        return aiserver.NameAgentResponse(name=await self.title(request.user_message))

    async def name_agent(self, request: agent.NameAgentRequest) -> agent.NameAgentResponse:
        return agent.NameAgentResponse(name=await self.title(request.user_message))

    async def update_metadata(
        self, request: agent.UpdateConversationMetadataRequest
    ) -> agent.UpdateConversationMetadataResponse:
        if request.conversation_id and request.name:
            self.remember(request.conversation_id, request.name)
            if self.titles is not None:
                await self.titles.set_title(request.conversation_id, request.name)
        return agent.UpdateConversationMetadataResponse()

    def remember(self, conversation_id: str, name: str) -> None:
        """Keep `name` in memory (bounded: the least recently named is forgotten first)."""
        self.names[conversation_id] = name
        self.names.move_to_end(conversation_id)
        while len(self.names) > MAX_CONVERSATION_NAMES:
            self.names.popitem(last=False)

    async def upload_blobs(
        self, request: agent.UploadConversationBlobsRequest
    ) -> agent.UploadConversationBlobsResponse:
        if self.blobs is not None:
            for blob in request.blobs:
                if blob.id:
                    await self.blobs.put_blob(blob.id, blob.value, conversation_id=request.conversation_id or None)
        return agent.UploadConversationBlobsResponse()

    async def notify_clone(
        self, request: agent.NotifyConversationCloneRequest
    ) -> agent.NotifyConversationCloneResponse:
        return agent.NotifyConversationCloneResponse()

    async def is_connected(self, request: aiserver.IsConnectedRequest) -> aiserver.IsConnectedResponse:
        return aiserver.IsConnectedResponse()

    def _default_model_id(self) -> str:
        entry = self.catalog.default_model()
        return entry.model_id if entry is not None else ""

    async def default_model(self, request: aiserver.GetDefaultModelRequest) -> aiserver.GetDefaultModelResponse:
        model = self._default_model_id()
        return aiserver.GetDefaultModelResponse(model=model, thinking_model=model)

    async def default_model_nudge(
        self, request: aiserver.GetDefaultModelNudgeDataRequest
    ) -> aiserver.GetDefaultModelNudgeDataResponse:
        initial = aiserver.GetDefaultModelNudgeDataResponse.InitialModel(model_id=self._default_model_id())
        return aiserver.GetDefaultModelNudgeDataResponse(should_default_switch_on_new_chat=False, initial_model=initial)

    def calls(self) -> dict[str, Callable[[Any], Awaitable[Message]]]:
        """Path -> handler, for every path in `SIDE_RPC_PATHS`."""
        return {
            NAME_TAB_PATH: self.name_tab,
            AISERVER_NAME_AGENT_PATH: self.name_agent_aiserver,
            AGENT_NAME_AGENT_PATH: self.name_agent,
            UPDATE_METADATA_PATH: self.update_metadata,
            UPLOAD_BLOBS_PATH: self.upload_blobs,
            NOTIFY_CLONE_PATH: self.notify_clone,
            IS_CONNECTED_PATH: self.is_connected,
            DEFAULT_MODEL_PATH: self.default_model,
            DEFAULT_MODEL_NUDGE_PATH: self.default_model_nudge,
        }


def side_rpc_parts(side: SideRpcs) -> AppParts:
    """Every path in `SIDE_RPC_PATHS`, answered by `side`."""
    calls = side.calls()
    return AppParts(unary={path: UnaryMethod(kind, calls[path]) for path, kind in SIDE_RPC_PATHS.items()})
