"""BlobOffers: the editor's answers to set_blob, one case per outcome. No daemon."""

from __future__ import annotations

from cursord.agent.machine import BlobOffers, BlobStored, SendBlob
from cursord.core.intents import KvResultArrived
from cursord.proto import agent_v1_pb2 as agent


def stored(kv_id: int) -> KvResultArrived:
    return KvResultArrived(agent.KvClientMessage(id=kv_id, set_blob_result=agent.SetBlobResult()))


def refused(kv_id: int, why: str = "disk full") -> KvResultArrived:
    error = agent.Error(message=why)
    return KvResultArrived(agent.KvClientMessage(id=kv_id, set_blob_result=agent.SetBlobResult(error=error)))


def test_a_stored_blob_is_settled_once() -> None:
    ledger = BlobOffers()
    send = ledger.offer(b"id", b"data")
    assert send == SendBlob(1, b"id", b"data") and ledger.sent == {b"id"}
    assert ledger.answer(stored(1)) == BlobStored(b"id", True)
    assert ledger.answer(stored(1)) is None  # answered twice: nothing more


def test_a_refused_blob_is_sent_again_then_given_up_on() -> None:
    ledger = BlobOffers(attempts=2)
    ledger.offer(b"id", b"data")
    again = ledger.answer(refused(1))
    assert again == SendBlob(2, b"id", b"data")
    assert ledger.answer(refused(2, "still full")) == BlobStored(b"id", False, "still full")
    assert ledger.unacknowledged == {}


def test_after_the_stream_ended_a_refusal_is_final() -> None:
    ledger = BlobOffers(attempts=2)
    ledger.offer(b"id", b"data")
    assert ledger.answer(refused(1, ""), may_retry=False) == BlobStored(b"id", False, "the editor refused the blob")


def test_answers_that_are_not_ours_give_nothing() -> None:
    ledger = BlobOffers()
    kv_id = ledger.take_kv_id()
    assert ledger.answer(stored(kv_id)) is None  # a read's kv id, not a store
    ledger.offer(b"id", b"data")
    get = KvResultArrived(agent.KvClientMessage(id=2, get_blob_result=agent.GetBlobResult()))
    assert ledger.answer(get) is None
