"""AppParts: what one feature adds to the daemon, declared before anything is built.

Composition by constructor: the model RPCs, the side RPCs, the stream journal, the live tap and systemd's status
line each describe their routes, observers and restorer as an `AppParts`; `cursord.app.daemon.build_core` hands
every piece to the constructor that takes it, so no built object is patched afterwards.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from cursord.connect import ConnectError
from cursord.server.app import UnaryMethod
from cursord.server.asgi import Receive, Scope, Send
from cursord.server.bidi import Upload
from cursord.server.counters import ServerCounters
from cursord.server.placement import RequestPlacement
from cursord.streams import ActionQueue, AppendPositions, PublishObserver, Restorer, StreamObserver

if TYPE_CHECKING:  # the relay speaks to Cursor through the proxy's upstream code; only its type is needed here
    from cursord.server.relay import AgentRelay

__all__ = ["AppParts", "Route", "RunRelay", "one_part"]

Route = Callable[[Scope, Receive, Send], Awaitable[None]]


@attrs.frozen
class RunRelay:
    """Which runs a Run stream hands to Cursor (`owns_model` refuses their model) and through what."""

    owns_model: Callable[[str | None], bool]
    relay: AgentRelay | None


@attrs.frozen
class AppParts:
    """What one feature adds to the daemon, declared before the daemon is built."""

    unary: Mapping[str, UnaryMethod] = attrs.field(factory=dict)
    routes: Mapping[str, Route] = attrs.field(factory=dict)
    stream_observers: tuple[StreamObserver, ...] = ()
    publish_observers: tuple[PublishObserver, ...] = ()
    shutdown_observers: tuple[Callable[[], None], ...] = ()
    #: told of every well-formed upload (BidiAppend and Run), before ordering
    upload_observers: tuple[Callable[[Upload], None], ...] = ()
    #: told of the path of every editor call (a Connect RPC, `/package.Service/Method`) the app is asked,
    #: however it is answered: Tab's and the side RPCs' as much as the agent's
    request_observers: tuple[Callable[[str], None], ...] = ()
    #: told of the editor's version on each of those calls that names it (its `x-cursor-client-version`)
    editor_version_observers: tuple[Callable[[str], None], ...] = ()
    #: told of every BidiAppend refused, with the request and the error
    append_refusals: tuple[Callable[[Any, ConnectError], None], ...] = ()
    restorer: Restorer | None = None
    #: where each stream's append sequence stands, kept across restarts (the stream journal)
    append_positions: AppendPositions | None = None
    #: where conversation actions wait for a later run (the store's); without one, an action for a request
    #: id with no stream is refused
    action_queue: ActionQueue | None = None
    run_relay: RunRelay | None = None
    #: the counters object the feature reads (the tap's snapshot); the app counts into it
    counters: ServerCounters | None = None
    #: a gateway node's: which node serves each request id's calls
    placement: RequestPlacement | None = None


def one_part(parts: Iterable[AppParts], field: str) -> Any:
    given = [getattr(p, field) for p in parts if getattr(p, field) is not None]
    if len(given) > 1:
        raise ValueError(f"two features both give the daemon's {field}")
    return given[0] if given else None
