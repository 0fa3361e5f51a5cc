"""Shared pieces of the agent end-to-end tests: a daemon wired to fake providers, and an editor loop."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import httpx

from cursord.agent.budgets import GatewayBudgets
from cursord.agent.pass_recorder import PassRecorder
from cursord.agent.router import ProviderRouter, price_book
from cursord.agent.turn import AgentServices, AgentTurn
from cursord.app import agent_parts, provider_pool_limits
from cursord.config import Limits, ModelCatalog, ProviderKind, ProviderSpec, ServeConfig
from cursord.connect import ConnectError
from cursord.localai import LocalAi, local_ai_parts
from cursord.proto import agent_v1_pb2 as agent
from cursord.server import AppParts, GatewayAccess, SideRpcs, side_rpc_parts
from cursord.store import open_store
from cursord.tap import TapHub, tap_parts
from cursord.testing.editor import EditorClient, RunSSEReader
from cursord.testing.fake_providers import FakeProvider
from cursord.testing.harness import RunningDaemon, Transport, Wrap, running_daemon
from cursord.ui import Dashboard, UiSessions, dashboard_parts
from cursord.web import WebAccess

API_KEY = "sk-test-key-0123456789"
ENVIRON = {"FAKE_KEY": API_KEY}


def spec_for(
    fake: FakeProvider,
    kind: ProviderKind,
    *models: str,
    name: str | None = None,
    context_window: int | None = None,
    prefix: str = "",
    **extra: Any,
) -> ProviderSpec:
    """A spec for `fake` (its URL + `prefix`, e.g. Gemini's `/v1beta`); `extra` holds further ProviderSpec
    fields (prices, cache_key, ...)."""
    return ProviderSpec(
        kind=kind,
        name=name or kind.value,
        base_url=fake.url(prefix),
        api_key_env="FAKE_KEY",
        models=models,
        context_window=context_window,
        **extra,
    )


@contextlib.asynccontextmanager
async def agent_daemon(
    *specs: ProviderSpec,
    transport: Transport = "memory",
    data_dir: str | None = None,
    team_gateway: bool = False,
    dashboard: UiSessions | None = None,
    store_url: str | None = None,
    environ: dict[str, str] | None = None,
    web: WebAccess | None = None,
    side_rpcs: bool = False,
    wrap: Wrap | None = None,
    local_ai: str | None = None,
    extra_parts: Sequence[AppParts] = (),
) -> AsyncIterator[tuple[RunningDaemon, AgentServices]]:
    """A daemon whose runs go to `specs`' providers, with its store in `data_dir` (default: a fresh one) or
    at `store_url` (`postgresql://...`);
    a team gateway (tokens, owners, budgets on the store's people tables) with `team_gateway`; the tap and
    the dashboard (logins through `dashboard`) with `dashboard`; provider keys from `environ` (default
    `ENVIRON`: every spec's `FAKE_KEY`); the agent's WebSearch and WebFetch reach what `web` allows
    (default: no search API, public addresses only); the side RPCs (titles, blobs) with `side_rpcs`; `wrap`
    wraps the app the listener serves; commit messages, Cmd+K and the terminal's AI with `local_ai`
    (`[local_ai] model`, or "" for the default model); `extra_parts` join the daemon too (Tab's, say)."""
    with contextlib.ExitStack() as stack:
        if data_dir is None:
            data_dir = stack.enter_context(tempfile.TemporaryDirectory(prefix="cursord-test-"))
        async with (
            open_store(data_dir, url=store_url, inline=True) as store,
            httpx.AsyncClient(timeout=None, limits=provider_pool_limits(Limits())) as client,
        ):
            ledger = PassRecorder(store.record_pass_nowait, price_book(specs))
            people = store.people() if team_gateway else None
            guard = GatewayBudgets(people) if people is not None else None
            router = ProviderRouter.from_catalog(ModelCatalog(specs), environ or ENVIRON, client, ledger, guard=guard)
            hub = TapHub() if dashboard is not None else None
            services, parts = agent_parts(router, store, tap=hub, web=web)
            if dashboard is not None and hub is not None:
                config = ServeConfig(data_dir=Path(data_dir), providers=specs)
                board = Dashboard(dashboard, hub, store, config, environ or ENVIRON)
                parts = (*parts, tap_parts(dashboard.token, hub), dashboard_parts(board))
            if team_gateway or side_rpcs:  # as `cursord serve` has them: the side RPCs carry conversation ids too
                parts = (*parts, side_rpc_parts(SideRpcs(router.catalog, blobs=store)))
            if local_ai is not None:
                parts = (*parts, local_ai_parts(LocalAi(router, local_ai or None)))
            parts = (*parts, *extra_parts)
            factory = AgentTurn.factory(services)
            access = GatewayAccess(people) if people is not None else None
            async with running_daemon(
                factory, transport=transport, parts=parts, gateway=access, wrap=wrap
            ) as daemon:
                yield daemon, services


Answer = Callable[[agent.AgentServerMessage], Sequence[agent.AgentClientMessage]]


@attrs.define
class Transcript:
    messages: list[agent.AgentServerMessage]
    error: ConnectError | None

    def updates(self, kind: str) -> list[agent.InteractionUpdate]:
        return [
            m.interaction_update
            for m in self.messages
            if m.HasField("interaction_update") and m.interaction_update.WhichOneof("message") == kind
        ]

    @property
    def text(self) -> str:
        return "".join(u.text_delta.text for u in self.updates("text_delta"))

    @property
    def thinking(self) -> str:
        return "".join(u.thinking_delta.text for u in self.updates("thinking_delta"))

    def of(self, kind: str) -> list[agent.AgentServerMessage]:
        return [m for m in self.messages if m.WhichOneof("message") == kind]

    def kinds(self) -> list[str]:
        out = []
        for m in self.messages:
            which = m.WhichOneof("message") or ""
            if which == "interaction_update":
                which += "." + (m.interaction_update.WhichOneof("message") or "")
            out.append(which)
        return out


async def drive(
    editor: EditorClient,
    request_id: str,
    reader: RunSSEReader,
    answer: Answer | None = None,
    *,
    store_blob: Callable[[agent.SetBlobArgs], str | None] | None = lambda args: None,
) -> Transcript:
    """Read the stream to its end, answering each message with what `answer` returns for it.

    Like the editor, it answers every `set_blob_args` (None: stored; a text: that error); pass
    `store_blob=None` to leave them unanswered."""
    messages = []
    while (message := await reader.next_message()) is not None:
        messages.append(message)
        replies = list(answer(message)) if answer is not None else []
        if store_blob is not None and message.kv_server_message.HasField("set_blob_args"):
            error = store_blob(message.kv_server_message.set_blob_args)
            result = agent.SetBlobResult(error=agent.Error(message=error)) if error else agent.SetBlobResult()
            kv = agent.KvClientMessage(id=message.kv_server_message.id, set_blob_result=result)
            replies.append(agent.AgentClientMessage(kv_client_message=kv))
        for reply in replies:
            await editor.append(request_id, reply)
    return Transcript(messages, reader.error)


def exec_reply(message: agent.AgentServerMessage, **result: object) -> agent.AgentClientMessage:
    request = message.exec_server_message
    return agent.AgentClientMessage(
        exec_client_message=agent.ExecClientMessage(id=request.id, exec_id=request.exec_id, **result)  # type: ignore[arg-type]
    )


def shell_events(message: agent.AgentServerMessage, output: str, code: int = 0) -> list[agent.AgentClientMessage]:
    events = [
        agent.ShellStream(start=agent.ShellStreamStart()),
        agent.ShellStream(stdout=agent.ShellStreamStdout(data=output)),
        agent.ShellStream(exit=agent.ShellStreamExit(code=code)),
    ]
    return [exec_reply(message, shell_stream=event) for event in events]
