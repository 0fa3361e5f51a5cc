"""A raw HTTP/2 client for hostile-client tests and benches: writes whatever frames it is told to.

Unlike `http_client`, it never waits for an answer: `open` writes HEADERS (and DATA) and returns the
stream id, `conn` is the h2 connection to reset streams or bend settings with, and a reader task (see
`start`) only records what the server said and hands flow-control windows back.
"""

from __future__ import annotations

import h2.config
import h2.connection
import h2.events
import h2.exceptions
import h2.settings
import trio

from cursord.testing.editor import STREAM_HEADERS


class RawH2Client:
    """An h2 client that writes frames and reads back only to keep the connection's windows open."""

    def __init__(self, stream: trio.abc.Stream) -> None:
        self.stream = stream
        self.conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True, header_encoding=None))
        self.terminated: h2.events.ConnectionTerminated | None = None
        self.remote_max_streams: int | None = None
        self.resets: list[h2.events.StreamReset] = []
        self.answered: set[int] = set()
        self.eof = False
        self._send_lock = trio.Lock()

    async def start(self, nursery: trio.Nursery) -> None:
        self.conn.initiate_connection()
        await self.flush()
        nursery.start_soon(self.read_loop)

    async def flush(self) -> None:
        async with self._send_lock:  # the reader task flushes too (window updates, SETTINGS acks)
            data = self.conn.data_to_send()
            if data:
                await self.stream.send_all(data)

    async def read_loop(self) -> None:
        while True:
            try:
                data = await self.stream.receive_some(1 << 16)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                self.eof = True
                return
            if not data:
                self.eof = True
                return
            try:
                events = self.conn.receive_data(data)
            except h2.exceptions.ProtocolError:
                return
            for event in events:
                if isinstance(event, h2.events.ConnectionTerminated):
                    self.terminated = event
                elif isinstance(event, h2.events.RemoteSettingsChanged):
                    setting = event.changed_settings.get(h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS)
                    if setting is not None:
                        self.remote_max_streams = setting.new_value
                elif isinstance(event, h2.events.ResponseReceived):
                    self.answered.add(event.stream_id)
                elif isinstance(event, h2.events.StreamReset):
                    self.resets.append(event)
                elif isinstance(event, h2.events.DataReceived):
                    self.conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            try:
                await self.flush()
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                return

    def open(self, path: str, body: bytes | None) -> int:
        stream_id = self.conn.get_next_available_stream_id()
        headers = [
            (b":method", b"POST"),
            (b":scheme", b"http"),
            (b":authority", b"127.0.0.1"),
            (b":path", path.encode()),
            *STREAM_HEADERS,
        ]
        self.conn.send_headers(stream_id, headers, end_stream=body is None)
        if body is not None:
            self.conn.send_data(stream_id, body, end_stream=True)
        return stream_id
