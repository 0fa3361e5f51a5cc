"""Fields newer than our schema: kept on every round trip (protobuf does that), and each one logged once.

Editors newer than the schema in `proto/reference/` send fields it lacks (for example
`SandboxPolicy.blockGitWrites`). The protobuf runtime keeps them with the message, so re-encoding a message
the editor sent (a stored request context, a snapshot) gives its bytes back unchanged. `UnknownFieldLog` walks a
decoded message and reports each (message type, field number) the first time it is seen, so the log says once
which new fields a build sends, and never again for every upload. Pure: no I/O besides the log line.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from typing import Final

import attrs
from google.protobuf import unknown_fields
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

log = logging.getLogger(__name__)

#: distinct (type, number) pairs remembered; past this, new ones are no longer reported.
MAX_REMEMBERED: Final = 1024


def unknown_numbers(message: Message) -> Iterator[tuple[str, int]]:
    """(full message type name, field number) for every unknown field in `message` and the messages it holds."""
    unknown = unknown_fields.UnknownFieldSet(message)
    for index in range(len(unknown)):
        yield message.DESCRIPTOR.full_name, unknown[index].field_number
    for descriptor, value in message.ListFields():
        entry = descriptor.message_type
        if descriptor.type != FieldDescriptor.TYPE_MESSAGE or entry is None:
            continue
        values: Iterable[Message]
        if entry.GetOptions().map_entry:
            values = value.values() if entry.fields_by_name["value"].message_type is not None else ()
        elif descriptor.is_repeated:
            values = value
        else:
            values = (value,)
        for item in values:
            yield from unknown_numbers(item)


@attrs.define
class UnknownFieldLog:
    seen: set[tuple[str, int]] = attrs.field(factory=set)

    def note(self, message: Message) -> list[tuple[str, int]]:
        """Log (once each) and return the unknown fields of `message` not reported before."""
        new = []
        for pair in unknown_numbers(message):
            if pair not in self.seen and len(self.seen) < MAX_REMEMBERED:
                self.seen.add(pair)
                new.append(pair)
                log.info("the editor sends %s field %d, which cursord's schema does not know; kept as is", *pair)
        return new


#: the daemon's one log of unknown fields in the editor's uploads.
EDITOR_UNKNOWN_FIELDS: Final = UnknownFieldLog()
