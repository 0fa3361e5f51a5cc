"""BlobOffers: the blobs one stream offers the editor's key-value store, and what the editor answered.

Theory of operation. Checkpoints name blobs the editor must hold (`cursord.agent.checkpoints`). Each
`offer` gives a blob a fresh kv id and returns the `SendBlob` to publish as `set_blob_args`; the
ledger remembers it until the editor's `set_blob_result` with that id comes back (`answer`):

- stored: `BlobStored(stored=True)`;
- refused, with sends left and the stream still open (`may_retry`): the blob is offered again under a
  new kv id (`SendBlob`);
- refused for the last time (or after the stream ended): `BlobStored(stored=False, error=...)`, so the
  store keeps it marked unstored and the next checkpoint of the conversation offers it again.

Answers for kv ids the ledger does not hold, or that are not `set_blob_result`s, give nothing. Reads
(`get_blob_args`) take their kv ids from the same counter (`take_kv_id`). Sans-IO.
"""

from __future__ import annotations

import attrs

from cursord.core import KvResultArrived


@attrs.frozen
class SendBlob:
    kv_id: int
    blob_id: bytes
    data: bytes


@attrs.frozen
class BlobStored:
    blob_id: bytes
    stored: bool
    error: str | None = None


@attrs.define
class BlobOffers:
    #: how often a blob the editor refuses is sent within one stream
    attempts: int = 2
    next_kv_id: int = 1
    sent: set[bytes] = attrs.field(factory=set)
    #: kv id -> (blob id, data, sends so far)
    unacknowledged: dict[int, tuple[bytes, bytes, int]] = attrs.field(factory=dict)

    def take_kv_id(self) -> int:
        kv_id, self.next_kv_id = self.next_kv_id, self.next_kv_id + 1
        return kv_id

    def offer(self, blob_id: bytes, data: bytes, sends: int = 0) -> SendBlob:
        kv_id = self.take_kv_id()
        self.sent.add(blob_id)
        self.unacknowledged[kv_id] = (blob_id, data, sends + 1)
        return SendBlob(kv_id, blob_id, data)

    def answer(self, result: KvResultArrived, *, may_retry: bool = True) -> SendBlob | BlobStored | None:
        """What the editor's answer to one set_blob (matched by kv id) means."""
        entry = self.unacknowledged.pop(result.kv_id, None)
        if entry is None or not result.message.HasField("set_blob_result"):
            return None
        blob_id, data, sends = entry
        answer = result.message.set_blob_result
        if not answer.HasField("error"):
            return BlobStored(blob_id, True)
        if may_retry and sends < self.attempts:
            return self.offer(blob_id, data, sends)
        return BlobStored(blob_id, False, answer.error.message or "the editor refused the blob")
