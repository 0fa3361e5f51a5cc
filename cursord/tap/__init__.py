"""The face of `cursord.tap`: what other packages import from it."""

from cursord.tap.client import (
    TapClientError,
    add_tap_client_arguments,
    client_config,
    open_tap,
    read_snapshot,
    tap_target_from_args,
)
from cursord.tap.hub import TapHub, ensure_tap_token, tap_parts

__all__ = [
    "TapClientError",
    "TapHub",
    "add_tap_client_arguments",
    "client_config",
    "ensure_tap_token",
    "open_tap",
    "read_snapshot",
    "tap_parts",
    "tap_target_from_args",
]
