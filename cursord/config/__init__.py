"""Configuration: the frozen values every layer reads (providers, limits, endpoints) and how flags and the
TOML file build them. The package's face."""

from cursord.config._args import add_serve_arguments, add_store_argument
from cursord.config._catalog import CatalogModel, ModelCatalog
from cursord.config._errors import ConfigError
from cursord.config._locations import (
    CONFIG_ENV_VAR,
    ENV_FILE_NAME,
    config_path,
    default_config_path,
    files_in_use,
    read_env_file,
    with_env_file,
)
from cursord.config._merge import config_from_args, load_config_file
from cursord.config._providers import PRESETS, KeyOrder, ProviderKind, ProviderSpec
from cursord.config._providers_file import parse_provider_spec
from cursord.config._report import config_warnings, dump_toml, redacted
from cursord.config._settings import RELOADED as RELOADED_SETTINGS
from cursord.config._tab import TAB_PRESETS
from cursord.config._values import (
    DEFAULT_AGENT_LISTEN,
    DEFAULT_LISTEN,
    DEFAULT_PROXY_LISTEN,
    SQLITE_SCHEME,
    Endpoint,
    Limits,
    LogLevel,
    Network,
    SearchBackend,
    ServeConfig,
    TabBackend,
    TabMode,
    TabSpec,
    WebSearchSpec,
    default_data_dir,
    is_postgres_url,
    parse_endpoint,
)
from cursord.config._web import SEARCH_PRESETS

__all__ = [
    "CONFIG_ENV_VAR",
    "DEFAULT_AGENT_LISTEN",
    "DEFAULT_LISTEN",
    "DEFAULT_PROXY_LISTEN",
    "ENV_FILE_NAME",
    "PRESETS",
    "RELOADED_SETTINGS",
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
    "TabMode",
    "TabSpec",
    "WebSearchSpec",
    "add_serve_arguments",
    "add_store_argument",
    "config_from_args",
    "config_path",
    "config_warnings",
    "default_config_path",
    "default_data_dir",
    "dump_toml",
    "files_in_use",
    "is_postgres_url",
    "load_config_file",
    "parse_endpoint",
    "parse_provider_spec",
    "read_env_file",
    "redacted",
    "with_env_file",
]
