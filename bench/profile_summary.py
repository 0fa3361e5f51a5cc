"""Summarise a py-spy `--format raw` profile (collapsed stacks): where the daemon's CPU goes.

Prints the functions with the most samples of their own (self) and, for the stages of the streaming hot
path, the share of samples under each (inclusive).  Run it on a file: `python bench/profile_summary.py F`.
"""

from __future__ import annotations

import collections
import re
import sys
from pathlib import Path

#: hot-path stages: a label and the frame (function (file)) whose inclusive share is that stage's cost.
STAGES = (
    ("provider pass: httpx read, SSE + JSON decode, post deltas", "HttpProvider._attempt (cursord/providers/http.py)"),
    ("  SSE decoding", "SSEDecoder.feed (cursord/providers/sse.py)"),
    ("  chat chunk decoding (JSON)", "ChatDecoder.feed (cursord/providers/openai_chat.py)"),
    ("  mailbox post per delta", "ActiveStream.post (cursord/streams/active.py)"),
    ("stream actor: mailbox receive + agent turn", "ActiveStream._actor_loop (cursord/streams/active.py)"),
    ("  cancel scope per mailbox item", "CancelScope.__enter__ (trio/_core/_run.py)"),
    ("  TurnMachine._on_delta", "TurnMachine._on_delta (cursord/agent/machine/turn_machine.py)"),
    ("    protobuf build (updates.text_delta)", "text_delta (cursord/agent/updates.py)"),
    ("    publish: serialise, envelope, backlog, wake", "ActiveStream.publish (cursord/streams/active.py)"),
    ("      envelope encoding", "encode_envelope (cursord/connect/envelope.py)"),
    ("      live tap record_publish", "TapHub.record_publish (cursord/tap/hub.py)"),
    ("      stream journal (queue the frame for the store)", "StreamJournal.published (streams/stream_journal.py)"),
    ("RunSSE pump: settle + send", "pump (cursord/server/runsse.py)"),
    ("  Hypercorn h11 send", "H11Protocol.stream_send (hypercorn/protocol/h11.py)"),
    ("  Hypercorn h2 send", "H2Protocol.stream_send (hypercorn/protocol/h2.py)"),
    ("Hypercorn h2 send task (frames to the socket)", "H2Protocol.send_task (hypercorn/protocol/h2.py)"),
    ("socket writes (all)", "SocketStream.send_all (trio/_highlevel_socket.py)"),
    ("trio scheduler + epoll (self)", "unrolled_run (trio/_core/_run.py)"),
)


def load(path: Path) -> tuple[int, collections.Counter[str], collections.Counter[str]]:
    own: collections.Counter[str] = collections.Counter()
    under: collections.Counter[str] = collections.Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        samples = int(count)
        total += samples
        frames = [re.sub(r":\d+\)$", ")", frame) for frame in stack.split(";")]
        own[frames[-1]] += samples
        for frame in set(frames):
            under[frame] += samples
    return total, own, under


def summarise(path: Path, top: int = 12) -> str:
    total, own, under = load(path)
    if not total:
        return "no samples"
    lines = [f"{total:,} samples; inclusive share by stage:"]
    for label, frame in STAGES:
        share = own[frame] if frame.startswith("unrolled_run") else under[frame]
        if share:
            lines.append(f"  {100 * share / total:5.1f}%  {label}")
    lines.append(f"top {top} functions by own samples:")
    lines += [f"  {100 * n / total:5.1f}%  {frame}" for frame, n in own.most_common(top)]
    return "\n".join(lines)


if __name__ == "__main__":
    print(summarise(Path(sys.argv[1])))
