"""One upload, one delivery, whichever path brought it.

The editor's uploads for a request id come by BidiAppend (numbered by `append_seqno`; the sequencer drops
retries) or as frames of an `AgentService/Run` stream (ordered by that HTTP/2 stream; no numbers). An
editor that retries a turn's uploads on the other transport (its Run stream failed and it fell back to
BidiAppend, or back again) would otherwise have the actor take them twice: a tool result applied twice, a
run started twice.

Theory of operation. `DeliveredUploads` remembers, per stream, the fingerprint of every upload each path has
delivered to it. An upload that the *other* path already delivered to the same stream is not delivered
again; within one path nothing changes (BidiAppend keeps its sequencer's rules, and a Run delivers every
frame it carries, since one stream cannot send the same frame twice by accident). Client heartbeats are
exempt: they are all alike and change nothing. The ledger of a stream goes with the stream (weak keys).

Pure bookkeeping: no trio, no I/O.
"""

from __future__ import annotations

import enum
import hashlib
import weakref

import attrs
from google.protobuf.message import Message

from cursord.core import ClientHeartbeat, InboundIntent

__all__ = ["DeliveredUploads", "UploadPath", "fingerprint"]


class UploadPath(enum.Enum):
    BIDI_APPEND = "BidiAppend"
    RUN = "Run"


def fingerprint(intent: InboundIntent) -> bytes:
    """SHA-256 of the intent's kind and the deterministic bytes of what it carries."""
    digest = hashlib.sha256(type(intent).__name__.encode())
    for field in attrs.fields(type(intent)):
        value = getattr(intent, field.name)
        if isinstance(value, Message):
            digest.update(value.SerializeToString(deterministic=True))
        elif isinstance(value, bytes):
            digest.update(value)
        else:
            digest.update(repr(value).encode())
    return digest.digest()


@attrs.define(eq=False)
class DeliveredUploads:
    """Which uploads each path has delivered to each stream (keyed weakly by the stream object)."""

    _seen: weakref.WeakKeyDictionary[object, dict[UploadPath, set[bytes]]] = attrs.field(
        factory=weakref.WeakKeyDictionary
    )

    def first_delivery(self, stream: object, path: UploadPath, intent: InboundIntent) -> bool:
        """Whether `intent`, arriving by `path` for `stream`, should be delivered (and record it if so)."""
        if isinstance(intent, ClientHeartbeat):
            return True
        key = fingerprint(intent)
        paths = self._seen.setdefault(stream, {})
        if any(key in seen for other, seen in paths.items() if other is not path):
            return False
        paths.setdefault(path, set()).add(key)
        return True
