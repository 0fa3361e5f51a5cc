"""The answers to the turn's questions that need I/O: each runs as a work task of the stream
(`cursord.agent.turn_effects`) and returns the machine's next input (the model's route, what is queued for
the run, the conversation so far, blobs read back), or keeps a conversation action in the store."""

from __future__ import annotations

import logging

from cursord.agent.checkpoints import CheckpointKeeper, history_from_state
from cursord.agent.machine import (
    BlobsRead,
    ChooseModel,
    ConversationLoaded,
    LastTurn,
    LoadConversation,
    ModelChosen,
    QueuedTaken,
    RouteFacts,
)
from cursord.agent.model_choice import subagent_models
from cursord.agent.router import Route
from cursord.agent.turn_port import TurnPort
from cursord.agent.turn_services import AgentServices
from cursord.connect import ConnectError
from cursord.proto import agent_v1_pb2 as agent
from cursord.store import TurnStatus
from cursord.streams import upload_origin

log = logging.getLogger(__name__)


def needs_earlier_models(services: AgentServices, choose: ChooseModel) -> bool:
    """Whether choosing the run's model reads its conversation's earlier turns: only for a conversation whose
    run names no model of the catalog (one it names is taken whatever the conversation ran on before)."""
    return choose.conversation_id is not None and not services.router.serves(choose.model)


async def choose_model(
    services: AgentServices, port: TurnPort, request: agent.AgentRunRequest | None, choose: ChooseModel
) -> tuple[Route | None, ModelChosen]:
    """The run's route and what the machine is told of it: the model asked for, else the conversation's
    earlier one, the parent's, the default (`cursord.agent.model_choice`)."""
    assert choose.conversation_id is not None
    earlier = await services.history.turns(choose.conversation_id)
    return route_for(services, port, request, choose, [t.model for t in earlier])


def route_for(
    services: AgentServices,
    port: TurnPort,
    request: agent.AgentRunRequest | None,
    choose: ChooseModel,
    earlier: list[str | None],
) -> tuple[Route | None, ModelChosen]:
    """`choose_model` once the conversation's earlier models are known (none read: `needs_earlier_models`)."""
    parent = services.run_models.get(choose.parent_request_id) if choose.parent_request_id else None
    pick = services.subagent_model(choose.subagent_type) if choose.subagent_type else None
    route = services.router.choose(choose.model, earlier, parent, subagent=choose.subagent, subagent_pick=pick)
    if route is None:
        return None, ModelChosen(None, tuple(services.router.names))
    port.model_id = route.model
    services.remember_model(port.request_id, route.model)
    if request is not None:
        services.remember_subagent_models(subagent_models(request, route.model), route.model)
    if choose.subagent:
        log.info(
            "stream %s: a subagent (%s) of %s, on %s",
            port.request_id,
            choose.subagent_type or "untyped",
            choose.parent_request_id or "a parent it does not name",
            route.model,
        )
    return route, ModelChosen(RouteFacts(route.model, route.provider.name, route.context_window, route.vision))


async def take_queued(services: AgentServices, request_id: str, conversation_id: str | None) -> QueuedTaken:
    """What waits for this run: held for its request id, queued for its conversation (`ActionQueue`)."""
    actions = services.actions
    taken = await actions.take(request_id, conversation_id) if actions is not None else []
    return QueuedTaken(tuple(taken))


async def load_conversation(
    services: AgentServices,
    keeper: CheckpointKeeper | None,
    request: agent.AgentRunRequest | None,
    load: LoadConversation,
) -> ConversationLoaded:
    """The conversation so far: cursord's own store, else (a conversation cursord has never seen) what
    the editor's `conversation_state` blobs say: from `pre_fetched_blobs`, cursord's blobs, or read
    back from the editor (`get_blob_args`). With `last_turn`, the conversation's last turn too."""
    history, conversation_id = services.history, load.conversation_id
    if conversation_id is None:
        return ConversationLoaded()
    messages = await history.load(conversation_id)
    if load.checkpoints and keeper is not None and request is not None:
        base_state = await keeper.load_base(request)
        if not messages and base_state is not None and base_state.turns:
            known = {blob.id: blob.value for blob in request.pre_fetched_blobs}

            async def blob(blob_id: bytes) -> bytes | None:
                return known[blob_id] if blob_id in known else await read_blob(services, keeper, blob_id)

            messages = await history_from_state(base_state, blob)
            if messages:
                log.info(
                    "stream %s: history rebuilt from %d turns of the editor's conversation state",
                    keeper.stream.request_id,
                    len(base_state.turns),
                )
    last = None
    if load.last_turn:
        turns = await history.turns(conversation_id)
        if turns:
            stored = await history.turn_messages(conversation_id, turns[-1].turn_seq)
            last = LastTurn(turns[-1].status is TurnStatus.COMPLETED, tuple(stored))
    return ConversationLoaded(tuple(messages), last)


async def read_blobs(services: AgentServices, keeper: CheckpointKeeper | None, ids: tuple[bytes, ...]) -> BlobsRead:
    found = []
    for blob_id in ids:
        data = await read_blob(services, keeper, blob_id)
        if data is not None:
            found.append((blob_id, data))
    return BlobsRead(tuple(found))


async def read_blob(services: AgentServices, keeper: CheckpointKeeper | None, blob_id: bytes) -> bytes | None:
    """A blob: cursord's store, else the editor's (kv `get_blob_args`)."""
    store = services.store
    data = await store.get_blob(blob_id) if store is not None else None
    if data is None and keeper is not None:
        data = await keeper.fetch(blob_id)
    return data


async def keep_action(
    services: AgentServices, port: TurnPort, action: agent.ConversationAction, conversation_id: str | None
) -> None:
    """Keep `action` for the conversation's next run (None: for this request's run_request), in the store
    before its upload is ACKed."""
    queue, request_id = services.actions, port.request_id
    origin = upload_origin(request_id, port.taking)  # kept once, however often it is sent
    if queue is None:
        log.warning("stream %s: no store to keep a conversation action in; dropped", request_id)
        return
    try:
        if conversation_id is not None:
            await queue.queue(conversation_id, action, origin)
        else:
            await queue.hold(request_id, action, origin)
    except ConnectError as refused:  # the upload is ACKed: all that is left is to say so
        log.warning("stream %s: a conversation action was not kept: %s", request_id, refused.message)
