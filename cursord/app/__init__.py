"""The face of `cursord.app`: what other packages import from it."""

from cursord.app.daemon import AppWrap
from cursord.app.data_dir import DataDirInUse
from cursord.app.logs import setup_logging
from cursord.app.runtime import agent_parts, provider_pool_limits, run_service

__all__ = [
    "AppWrap",
    "DataDirInUse",
    "agent_parts",
    "provider_pool_limits",
    "run_service",
    "setup_logging",
]
