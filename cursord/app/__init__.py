"""The face of `cursord.app`: what other packages import from it."""

from cursord.app.daemon import AppWrap
from cursord.app.data_dir import DataDirInUse, DataDirUnusable
from cursord.app.logs import setup_logging
from cursord.app.reload import ConfigSource, ProviderReloader
from cursord.app.runtime import agent_parts, configured_keys, provider_pool_limits, run_service

__all__ = [
    "AppWrap",
    "ConfigSource",
    "DataDirInUse",
    "DataDirUnusable",
    "ProviderReloader",
    "agent_parts",
    "configured_keys",
    "provider_pool_limits",
    "run_service",
    "setup_logging",
]
