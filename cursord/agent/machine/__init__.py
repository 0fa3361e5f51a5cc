"""cursord's sans-IO core: pure state machines with no trio, httpx, hypercorn or store import.

The agent turn: `TurnMachine.handle(input) -> list[Effect]`, its rules in `TRANSITIONS`, its state in
the frozen `TurnState` (also what a turn snapshot stores). `cursord.agent.turn` is the trio actor that
carries out the effects. `BlobLedger`: the blobs a stream offers the editor's store and its answers.
"""

from cursord.agent.machine.blob_ledger import BlobLedger, BlobStored, SendBlob
from cursord.agent.machine.turn_events import (
    AbortExec,
    AbortSubagent,
    AskUser,
    Begin,
    Cancel,
    CancelPass,
    Checkpoint,
    Effect,
    End,
    ForceBackground,
    MoveTo,
    PassDelta,
    PassEnded,
    PassFailed,
    Publish,
    RecordTurn,
    Resume,
    ReviewVerdict,
    RunWebTool,
    SendExec,
    ShowToolCall,
    Snapshot,
    StartPass,
    StoreSummary,
    Tap,
    TurnOutcome,
    WebToolDone,
)
from cursord.agent.machine.turn_machine import TRANSITIONS, TurnMachine, TurnProtocolError
from cursord.agent.machine.turn_rules import TURN_RULES
from cursord.agent.machine.turn_state import PassInfo, PassPurpose, PendingCall, TurnPhase, TurnSetup, TurnState

__all__ = [
    "TRANSITIONS",
    "TURN_RULES",
    "AbortExec",
    "AbortSubagent",
    "AskUser",
    "Begin",
    "BlobLedger",
    "BlobStored",
    "Cancel",
    "CancelPass",
    "Checkpoint",
    "Effect",
    "End",
    "ForceBackground",
    "MoveTo",
    "PassDelta",
    "PassEnded",
    "PassFailed",
    "PassInfo",
    "PassPurpose",
    "PendingCall",
    "Publish",
    "RecordTurn",
    "Resume",
    "ReviewVerdict",
    "RunWebTool",
    "SendBlob",
    "SendExec",
    "ShowToolCall",
    "Snapshot",
    "StartPass",
    "StoreSummary",
    "Tap",
    "TurnMachine",
    "TurnOutcome",
    "TurnPhase",
    "TurnProtocolError",
    "TurnSetup",
    "TurnState",
    "WebToolDone",
]
