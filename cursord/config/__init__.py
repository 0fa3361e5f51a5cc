"""Configuration: the frozen values every layer reads (providers, limits, endpoints) and how flags and the
TOML file build them. The package's face; `_settings` holds the implementation."""

from cursord.config._args import add_serve_arguments, add_store_argument
from cursord.config._catalog import CatalogModel, ModelCatalog
from cursord.config._merge import config_from_args, load_config_file
from cursord.config._tab import TAB_PRESETS, TabBackend, TabSpec
from cursord.config._values import (
    DEFAULT_AGENT_LISTEN,
    DEFAULT_LISTEN,
    DEFAULT_PROXY_LISTEN,
    PRESETS,
    SQLITE_SCHEME,
    ConfigError,
    Endpoint,
    KeyOrder,
    Limits,
    LogLevel,
    ProviderKind,
    ProviderSpec,
    ServeConfig,
    config_warnings,
    default_data_dir,
    dump_toml,
    is_postgres_url,
    parse_endpoint,
    parse_provider_spec,
    redacted,
)
from cursord.config._web import SEARCH_PRESETS, Network, SearchBackend, WebSearchSpec

__all__ = [
    "DEFAULT_AGENT_LISTEN",
    "DEFAULT_LISTEN",
    "DEFAULT_PROXY_LISTEN",
    "PRESETS",
    "SEARCH_PRESETS",
    "SQLITE_SCHEME",
    "TAB_PRESETS",
    "CatalogModel",
    "ConfigError",
    "Endpoint",
    "KeyOrder",
    "Limits",
    "LogLevel",
    "ModelCatalog",
    "Network",
    "ProviderKind",
    "ProviderSpec",
    "SearchBackend",
    "ServeConfig",
    "TabBackend",
    "TabSpec",
    "WebSearchSpec",
    "add_serve_arguments",
    "add_store_argument",
    "config_from_args",
    "config_warnings",
    "default_data_dir",
    "dump_toml",
    "is_postgres_url",
    "load_config_file",
    "parse_endpoint",
    "parse_provider_spec",
    "redacted",
]
