"""The face of `cursord.editor`: what other packages import from it."""

from cursord.editor.settings import (
    DEFAULT_PROXY_URL,
    Report,
    default_settings_path,
    revert,
    setup,
    status,
    upstream_proxy_kept,
)

__all__ = [
    "DEFAULT_PROXY_URL",
    "Report",
    "default_settings_path",
    "revert",
    "setup",
    "status",
    "upstream_proxy_kept",
]
