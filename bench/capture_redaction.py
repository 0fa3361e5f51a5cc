"""How long `cursord record` takes to redact one big message (issue 35 #4).

Redacts an upload carrying one read result of 128 KiB to 4 MiB (the editor's BidiAppend, hex inside) and
prints the time per size; it should grow in proportion to the size. Run:
`.venv/bin/python -m bench.capture_redaction`.
"""

from __future__ import annotations

import time

from cursord.capture import Placeholders, redact_payload
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver


def upload(size: int) -> bytes:
    content = ("def private_function(x):\n    return x * 42  # é\n" * (size // 48 + 1))[:size]
    result = agent.ReadResult(success=agent.ReadSuccess(path="src/secret.py", content=content))
    inner = agent.AgentClientMessage(exec_client_message=agent.ExecClientMessage(id=1, read_result=result))
    return aiserver.BidiAppendRequest(data=inner.SerializeToString().hex()).SerializeToString()


def main() -> None:
    places = Placeholders()
    for size in (128 << 10, 512 << 10, 1 << 20, 4 << 20):
        body = upload(size)
        started = time.perf_counter()
        redact_payload("aiserver.v1.BidiAppendRequest", body, places)
        elapsed = time.perf_counter() - started
        print(f"{size >> 10:>6} KiB content  {len(body):>9} B upload  {elapsed * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
