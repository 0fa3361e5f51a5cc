"""The face of `cursord.core`: what other packages import from it.

Each name is imported from its module when first used (PEP 562): a module that needs only `redaction` or
`wording` (the configuration, the command line) does not pay for the wire schema behind `intents`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cursord.core.lazy_face import lazy_face

if TYPE_CHECKING:
    from cursord.core.caller import current_caller
    from cursord.core.intents import (
        ActionKind,
        ActionRequested,
        ClientHeartbeat,
        ExecControlArrived,
        ExecControlKind,
        ExecResultArrived,
        InboundIntent,
        InteractionAnswered,
        KvResultArrived,
        PrewarmRequested,
        RunRequested,
        UnknownUpload,
        decode_upload_bytes,
        parse_client_message,
        requested_model_id,
    )
    from cursord.core.phases import Phase
    from cursord.core.redaction import Redactor, redact_also, redact_secrets, redact_url_password, redacting
    from cursord.core.sequencing import (
        DEFAULT_HOLD_TIMEOUT,
        DEFAULT_IDLE_TIMEOUT,
        DEFAULT_MAX_HELD,
        DEFAULT_MAX_HELD_BYTES,
        DEFAULT_MAX_REQUESTS,
        DEFAULT_START_GRACE,
        AppendPosition,
        AppendSequencer,
        Deliver,
        Duplicate,
        Expired,
        Hold,
        Reject,
        Rejection,
        RejectionKind,
        Released,
        SequenceSnapshot,
        request_id_problem,
    )
    from cursord.core.title_text import Titler, clean_model_title, title_from_text
    from cursord.core.unknown_fields import unknown_numbers
    from cursord.core.wording import counted

__all__ = [
    "DEFAULT_HOLD_TIMEOUT",
    "DEFAULT_IDLE_TIMEOUT",
    "DEFAULT_MAX_HELD",
    "DEFAULT_MAX_HELD_BYTES",
    "DEFAULT_MAX_REQUESTS",
    "DEFAULT_START_GRACE",
    "ActionKind",
    "ActionRequested",
    "AppendPosition",
    "AppendSequencer",
    "ClientHeartbeat",
    "Deliver",
    "Duplicate",
    "ExecControlArrived",
    "ExecControlKind",
    "ExecResultArrived",
    "Expired",
    "Hold",
    "InboundIntent",
    "InteractionAnswered",
    "KvResultArrived",
    "Phase",
    "PrewarmRequested",
    "Redactor",
    "Reject",
    "Rejection",
    "RejectionKind",
    "Released",
    "RunRequested",
    "SequenceSnapshot",
    "Titler",
    "UnknownUpload",
    "clean_model_title",
    "counted",
    "current_caller",
    "decode_upload_bytes",
    "lazy_face",
    "parse_client_message",
    "redact_also",
    "redact_secrets",
    "redact_url_password",
    "redacting",
    "request_id_problem",
    "requested_model_id",
    "title_from_text",
    "unknown_numbers",
]

#: the names of the face, by the module under `cursord.core` that holds them
_MODULES: dict[str, tuple[str, ...]] = {
    "caller": ("current_caller",),
    "intents": (
        "ActionKind", "ActionRequested", "ClientHeartbeat", "ExecControlArrived", "ExecControlKind",
        "ExecResultArrived", "InboundIntent", "InteractionAnswered", "KvResultArrived", "PrewarmRequested",
        "RunRequested", "UnknownUpload", "decode_upload_bytes", "parse_client_message", "requested_model_id",
    ),
    "lazy_face": ("lazy_face",),
    "phases": ("Phase",),
    "redaction": ("Redactor", "redact_also", "redact_secrets", "redact_url_password", "redacting"),
    "sequencing": (
        "DEFAULT_HOLD_TIMEOUT", "DEFAULT_IDLE_TIMEOUT", "DEFAULT_MAX_HELD", "DEFAULT_MAX_HELD_BYTES",
        "DEFAULT_MAX_REQUESTS", "DEFAULT_START_GRACE", "AppendPosition", "AppendSequencer", "Deliver", "Duplicate",
        "Expired", "Hold", "Reject", "Rejection", "RejectionKind", "Released", "SequenceSnapshot", "request_id_problem",
    ),
    "title_text": ("Titler", "clean_model_title", "title_from_text"),
    "unknown_fields": ("unknown_numbers",),
    "wording": ("counted",),
}
_HOMES, __getattr__, __dir__ = lazy_face(__name__, _MODULES)
