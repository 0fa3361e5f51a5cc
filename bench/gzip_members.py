"""How long one multi-member gzip body blocks the event loop (issue 17 #3).

Builds a ~4 MB body of tiny gzip members and decodes it with cursord's decoder, printing the wall time
per member count. Run: `.venv/bin/python -m bench.gzip_members`.
"""

from __future__ import annotations

import time
import zlib

from cursord.connect.compression import GzipCompression
from cursord.connect.errors import ConnectError


def members(count: int) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    one = compressor.compress(b"") + compressor.flush()
    return one * count


def main() -> None:
    unbounded = GzipCompression(max_members=10**9)
    for count in (1_000, 10_000, 50_000, 200_000):
        body = members(count)
        for name, codec in (("capped", GzipCompression()), ("uncapped", unbounded)):
            started = time.perf_counter()
            try:
                codec.decompress(body, 16 << 20)
                outcome = "ok"
            except ConnectError as exc:
                outcome = exc.code.value
            elapsed = time.perf_counter() - started
            print(f"{count:>8} members {len(body):>9} B  {name:<8} {elapsed * 1000:9.1f} ms  {outcome}")


if __name__ == "__main__":
    main()
