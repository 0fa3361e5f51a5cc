"""Where every command finds the configuration when no flag says: the config file and the key file beside it.

Theory of operation. `cursord service install` writes `~/.config/cursord/cursord.toml` and the key file
`~/.config/cursord/cursord.env` (systemd's `EnvironmentFile=`). Every command (`serve`, `doctor`,
`config check`, `status`, `tap`, `usage`, `ui`, `ca`, `editor`, ...) reads that same file when `--config`
is not given and it exists, so the daemon and the commands that inspect it agree without flags;
`$CURSORD_CONFIG` names another file (empty: none). The key file beside the config file in use fills in
variables the process environment does not set, so `doctor` sees the keys the service sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Final

from cursord.config._errors import ConfigError
from cursord.config._settings import CONFIG_FILE
from cursord.config._values import _home

__all__ = [
    "CONFIG_ENV_VAR",
    "ENV_FILE_NAME",
    "config_path",
    "default_config_path",
    "files_in_use",
    "read_env_file",
    "with_env_file",
]

#: the environment variable that names the default config file (empty: no default file): `--config`'s.
CONFIG_ENV_VAR: Final = CONFIG_FILE.env or ""
#: the key file's name, beside the config file.
ENV_FILE_NAME: Final = "cursord.env"


def default_config_path(environ: Mapping[str, str]) -> Path | None:
    """`$CURSORD_CONFIG` if it is set (None if empty), else `~/.config/cursord/cursord.toml`, the service's."""
    if CONFIG_ENV_VAR in environ:
        named = environ[CONFIG_ENV_VAR]
        return Path(named).expanduser().absolute() if named else None
    return _home(environ) / ".config" / "cursord" / "cursord.toml"


def config_path(given: str | None, environ: Mapping[str, str]) -> Path | None:
    """The config file a command reads: `--config` if given, else the default one if it exists."""
    if given:
        return Path(given)
    default = default_config_path(environ)
    if default is None or (CONFIG_ENV_VAR not in environ and not default.is_file()):
        return None
    return default


def read_env_file(path: Path) -> dict[str, str]:
    """The `VAR=value` lines of a systemd `EnvironmentFile=` (comments, blank lines and `export ` skipped,
    one pair of surrounding quotes removed). Raises ConfigError naming the file and line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ConfigError(f"{path}: cannot read the key file: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise ConfigError(f"{path}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    values: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        name, eq, value = line.removeprefix("export ").partition("=")
        name, value = name.strip(), value.strip()
        if not eq or not name.isidentifier():
            raise ConfigError(f"{path}:{number}: expected VAR=value")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[name] = value
    return values


def with_env_file(config_file: Path | None, environ: Mapping[str, str], *, file_wins: bool = False) -> dict[str, str]:
    """`environ`, with the variables of the key file beside `config_file` (or beside the default config
    file) that `environ` does not set, or sets empty; with `file_wins`, every variable the file sets (a
    reload: the daemon's environment came from the file's old contents)."""
    env_file = _env_file(config_file, environ)
    merged = dict(environ)
    if env_file is not None and env_file.is_file():
        for name, value in read_env_file(env_file).items():
            if file_wins or not merged.get(name):
                merged[name] = value
    return merged


def _env_file(config_file: Path | None, environ: Mapping[str, str]) -> Path | None:
    """The key file beside `config_file`, else beside the default config file (None: there is no default)."""
    beside = config_file or default_config_path(environ)
    return None if beside is None else beside.absolute().parent / ENV_FILE_NAME


def files_in_use(config_file: Path | None, environ: Mapping[str, str]) -> str:
    """Which config file and key file a command reads, in words (the first thing to check when a setting or a
    key seems ignored)."""
    env_file = _env_file(config_file, environ)
    keys = "none" if env_file is None else str(env_file) if env_file.is_file() else f"none ({env_file} is absent)"
    return f"config file: {config_file or 'none (flags and defaults)'}; key file: {keys}"
