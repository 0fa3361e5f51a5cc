"""The face of `cursord.tap`: what other packages import from it.

Its names are imported on first use (`cursord.core.lazy_face`): `cursord status` needs the target and the
snapshot reader, not the hub and the daemon's server modules behind it."""

from typing import TYPE_CHECKING

from cursord.core import lazy_face

if TYPE_CHECKING:
    from cursord.tap.client import open_tap
    from cursord.tap.events import TapFilter, summarise_server_message
    from cursord.tap.hub import TapClient, TapHub, tap_parts
    from cursord.tap.snapshot import read_snapshot
    from cursord.tap.target import (
        TapClientError,
        add_tap_client_arguments,
        client_config,
        listener_address,
        tap_target_from_args,
    )
    from cursord.tap.token import TapTokenError, ensure_tap_token, read_tap_token

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

#: the names of the face, by the module under `cursord.tap` that holds them
_MODULES: dict[str, tuple[str, ...]] = {
    "client": ("open_tap",),
    "events": ("TapFilter", "summarise_server_message"),
    "hub": ("TapClient", "TapHub", "tap_parts"),
    "snapshot": ("read_snapshot",),
    "target": (
        "TapClientError", "add_tap_client_arguments", "client_config", "listener_address", "tap_target_from_args",
    ),
    "token": ("TapTokenError", "ensure_tap_token", "read_tap_token"),
}
_HOMES, __getattr__, __dir__ = lazy_face(__name__, _MODULES)
