"""A team gateway's door: every RPC needs a user's token, and a user reaches only what is theirs.

Theory of operation. With `team_gateway` on, `CursordApp` asks `GatewayAccess.authenticate` before any
route: `Authorization: Bearer <token>` must name a user of the people store (`cursord users add`),
else the call is refused `unauthenticated` in the shape its caller reads (stream or unary). The user is
then the request's caller (`cursord.core.current_caller`) for the task serving it.

Ownership is first touch, written once in the store (`owners`): the first user whose call names a
request id (BidiAppend, RunSSE, Run, a side stream) or a conversation (a run_request or
prewarm_request, a side RPC's `conversation_id`) owns it; any other user is refused before anything
is decoded further, delivered, restored from the journal or replayed, so another user's events,
history and blobs are never reached. The refusal is `permission_denied`, not `not_found`: the ids are
random 128-bit values, so hiding that one exists protects nothing, while `not_found` would tell the
editor that the run is gone (it would start over under the same id and be refused again), and
`permission_denied` says what happened (typically a token changed under an open chat). The message
never names the owner.

Owners never change, so this process remembers the ones it has seen (bounded, least recently used
first out) and asks the store only about new ids.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

import attrs
from google.protobuf.message import Message

from cursord.connect import Code, ConnectError
from cursord.core import PrewarmRequested, RunRequested, current_caller
from cursord.server.asgi import Scope, header
from cursord.store import Owned, PeopleStore, User

__all__ = ["GatewayAccess"]

#: owners remembered in memory (each a few hundred bytes)
OWNER_CACHE = 65_536


@attrs.define(eq=False)
class GatewayAccess:
    people: PeopleStore
    _owners: OrderedDict[tuple[Owned, str], str] = attrs.field(factory=OrderedDict, init=False)

    async def authenticate(self, scope: Scope) -> User:
        """The user whose token the request carries; `unauthenticated` if none, or an unknown one."""
        value = header(scope, b"authorization")
        if value is None:
            raise ConnectError(Code.UNAUTHENTICATED, "this cursord is a team gateway: send Authorization: Bearer "
                                                     "<your token> (cursord users add NAME makes one)")
        scheme, _, token = value.strip().partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ConnectError(Code.UNAUTHENTICATED, "the Authorization header is not 'Bearer <token>'")
        user = await self.people.authenticate(token.strip())
        if user is None:
            raise ConnectError(Code.UNAUTHENTICATED, "the token is not a user's token on this gateway (revoked, or "
                                                     "never issued)")
        return user

    @contextmanager
    def acting_as(self, user: User) -> Iterator[None]:
        reset = current_caller.set(user.name)
        try:
            yield
        finally:
            current_caller.reset(reset)

    async def check(self, kind: Owned, key: str) -> None:
        """Claim `key` for the caller, or refuse it if it is another user's."""
        caller = current_caller.get()
        if caller is None:  # not reached on a gateway: authenticate runs first
            raise ConnectError(Code.UNAUTHENTICATED, "no user is authenticated for this call")
        cached = self._owners.get((kind, key))
        owner = cached if cached is not None else await self.people.claim(kind, key, caller)
        self._owners[(kind, key)] = owner
        self._owners.move_to_end((kind, key))
        while len(self._owners) > OWNER_CACHE:
            self._owners.popitem(last=False)
        if owner != caller:
            raise ConnectError(Code.PERMISSION_DENIED, f"{kind.value} {key} belongs to another user of this gateway")

    async def check_request(self, request_id: str) -> None:
        await self.check(Owned.REQUEST, request_id)

    async def check_upload(self, intent: object) -> None:
        """A run_request or prewarm_request names its conversation: it must be the caller's."""
        if isinstance(intent, RunRequested | PrewarmRequested) and intent.conversation_id:
            await self.check(Owned.CONVERSATION, intent.conversation_id)

    async def check_message(self, request: Message) -> None:
        """A side RPC's conversation (`conversation_id`, a clone's `source_conversation_id`) and request
        (`source_request_id`) must be the caller's."""
        for name, kind in (("conversation_id", Owned.CONVERSATION), ("source_conversation_id", Owned.CONVERSATION),
                           ("source_request_id", Owned.REQUEST)):
            if name not in request.DESCRIPTOR.fields_by_name:
                continue
            value = getattr(request, name)
            if isinstance(value, str) and value:
                await self.check(kind, value)
