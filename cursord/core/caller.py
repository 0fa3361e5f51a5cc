"""Who is calling: the user a team gateway authenticated for the current request (None: no gateway).

The server's gateway check sets it for the task that serves one request; tasks that task starts inherit
it (trio copies the context at spawn), so a pass run on behalf of a request (a chat title) knows whose
it is. Stream actors outlive the request that opened them: what a stream's passes belong to is the owner
of its request id in the store, not this.
"""

from __future__ import annotations

from contextvars import ContextVar

current_caller: ContextVar[str | None] = ContextVar("cursord_caller", default=None)
