"""The face of `cursord.streams`: what other packages import from it."""

from cursord.streams.action_queue import ActionQueue, upload_origin
from cursord.streams.active import ActiveStream, BehaviourFactory, StreamBehaviour, StreamTimings
from cursord.streams.append_gate import Admission, AppendGate, AppendRejected
from cursord.streams.backlog import Backlog, StreamEnding
from cursord.streams.broker import PublishObserver, Restorer, StreamBroker, StreamObserver
from cursord.streams.heartbeats import HeartbeatTimer, heartbeat_timer
from cursord.streams.mailbox import Mailbox
from cursord.streams.stream_journal import AppendPositions, StreamJournal
from cursord.streams.subscribers import Subscriber, WakeSignal
from cursord.streams.uploads import DeliveredUploads, UploadPath

__all__ = [
    "ActionQueue",
    "ActiveStream",
    "Admission",
    "AppendGate",
    "AppendPositions",
    "AppendRejected",
    "Backlog",
    "BehaviourFactory",
    "DeliveredUploads",
    "HeartbeatTimer",
    "Mailbox",
    "PublishObserver",
    "Restorer",
    "StreamBehaviour",
    "StreamBroker",
    "StreamEnding",
    "StreamJournal",
    "StreamObserver",
    "StreamTimings",
    "Subscriber",
    "UploadPath",
    "WakeSignal",
    "heartbeat_timer",
    "upload_origin",
]
