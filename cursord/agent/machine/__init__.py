"""cursord's sans-IO core: pure state machines with no trio, httpx, hypercorn or store import.

The agent turn: `TurnMachine.handle(input) -> list[Effect]`, its rules in `TRANSITIONS`, its state in
the frozen `TurnState` (also what a turn snapshot stores), each tool call's life in `CALL_MOVES`.
`cursord.agent.turn` is the trio actor that carries out the effects. `BlobLedger`: the blobs a stream
offers the editor's store and its answers.
"""

from cursord.agent.machine.blob_ledger import BlobLedger, BlobStored, SendBlob
from cursord.agent.machine.call_life import CALL_MOVES, CallEvent, CallLifeError, CallStage
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
from cursord.agent.machine.turn_machine import TRANSITIONS, Rule, TurnMachine, TurnProtocolError
from cursord.agent.machine.turn_state import PassInfo, PassPurpose, PendingCall, TurnPhase, TurnSetup, TurnState

__all__ = [
    "CALL_MOVES",
    "TRANSITIONS",
    "AbortExec",
    "AbortSubagent",
    "AskUser",
    "Begin",
    "BlobLedger",
    "BlobStored",
    "CallEvent",
    "CallLifeError",
    "CallStage",
    "Cancel",
    "CancelPass",
    "Checkpoint",
    "Effect",
    "End",
    "ForceBackground",
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
    "Rule",
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
