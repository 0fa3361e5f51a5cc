"""What the proxy forwarded to Cursor, per local day and RPC (`cursord.proxy.forwarded_calls` writes it).

Each forwarded call adds its increment (`ForwardedRow` with `calls=1`) to its day's row for its method; the
rows read back are the sums. PostgreSQL sums integers as `numeric` and stores `carries_code` as an integer,
so both are converted here.
"""

from __future__ import annotations

import attrs

from cursord.store.sql import Connection


@attrs.frozen
class ForwardedRow:
    day: str  # YYYY-MM-DD, local
    method: str  # aiserver.v1.Service/Method (a path's first segment for what is not an RPC)
    carries_code: bool | None  # by the wire schema; None: the schema does not know the method
    calls: int
    failed: int
    bytes_up: int
    bytes_down: int

    def figures(self) -> dict[str, object]:
        """JSON-ready, as `cursord forwarded --json` and the dashboard name them."""
        return {
            "day": self.day, "method": self.method, "count": self.calls, "failed": self.failed,
            "bytes_up": self.bytes_up, "bytes_down": self.bytes_down, "carries_code": self.carries_code,
        }


def add_forwarded(conn: Connection, row: ForwardedRow) -> None:
    carries = None if row.carries_code is None else int(row.carries_code)
    conn.execute(
        """INSERT INTO forwarded(day, method, carries_code, calls, failed, bytes_up, bytes_down)
           VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(day, method) DO UPDATE SET carries_code = excluded.carries_code,
               calls = forwarded.calls + excluded.calls, failed = forwarded.failed + excluded.failed,
               bytes_up = forwarded.bytes_up + excluded.bytes_up,
               bytes_down = forwarded.bytes_down + excluded.bytes_down""",
        (row.day, row.method, carries, row.calls, row.failed, row.bytes_up, row.bytes_down),
    )


def forwarded_rows(conn: Connection, since_day: str | None) -> list[ForwardedRow]:
    rows = conn.execute(
        """SELECT day, method, carries_code, calls, failed, bytes_up, bytes_down FROM forwarded
           WHERE day >= ? ORDER BY day DESC, calls DESC, method""",
        (since_day or "",),
    )
    return [
        ForwardedRow(str(day), str(method), None if carries is None else bool(carries), int(calls), int(failed),
                     int(up), int(down))
        for day, method, carries, calls, failed, up, down in rows
    ]
