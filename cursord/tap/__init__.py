"""The face of `cursord.tap`: what other packages import from it."""

from cursord.tap.client import (
    TapClientError,
    add_tap_client_arguments,
    client_config,
    listener_address,
    open_tap,
    read_snapshot,
    tap_target_from_args,
)
from cursord.tap.events import TapFilter, summarise_server_message
from cursord.tap.hub import TapClient, TapHub, TapTokenError, ensure_tap_token, read_tap_token, tap_parts

__all__ = [
    "TapClient",
    "TapClientError",
    "TapFilter",
    "TapHub",
    "TapTokenError",
    "add_tap_client_arguments",
    "client_config",
    "ensure_tap_token",
    "listener_address",
    "open_tap",
    "read_snapshot",
    "read_tap_token",
    "summarise_server_message",
    "tap_parts",
    "tap_target_from_args",
]
