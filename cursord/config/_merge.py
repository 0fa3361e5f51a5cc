"""Configuration for `cursord serve`: flags, the TOML file, and the frozen values they build.

Theory of operation. A setting comes from, highest first: a command-line flag, the TOML file
(`--config`, else `~/.config/cursord/cursord.toml` if it exists: `_locations`), the built-in default.
Each source is parsed into typed values as it is read, and every value remembers its origin, so an
error names where the bad value came from:

    --provider 'kind=foo,...': unknown kind 'foo' (expected one of openai-chat, openai-responses, anthropic)
    cursord.toml:12: providers[1].base_url: 'ftp://x' is not an http(s) URL

Merging is per setting, except for two lists: `--provider` flags, if any are given, replace the file's
`[[providers]]` entirely (mixing the two would make it unclear which set is live), and `--limit NAME=VALUE`
overrides just the one limit it names. Checks that span settings (certfile and keyfile together, the
files existing, provider names and models unique) run after the merge. Unknown keys in the file are
errors: a typo must not be silently ignored. Relative paths in the file are taken relative to the
file's directory (the service runs with cwd `/`); relative paths in flags, relative to the cwd.

API keys are never read here: a provider names the environment variable that holds its key
(`api_key_env`), and `redacted` can report whether it is set.

TOML positions: tomllib reports line and column only for syntax errors; for errors in values, a small
scanner over the file text finds the line of the offending key (best effort: it understands table
headers, `[[providers]]`, and `key = ` lines, which covers the files we document).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from cursord.config._args import _flag_settings
from cursord.config._errors import ConfigError, _Given, _Invalid
from cursord.config._file import _read_file
from cursord.config._locations import config_path
from cursord.config._providers import ProviderSpec
from cursord.config._settings import SETTINGS
from cursord.config._values import (
    _LIMIT_NAMES,
    Limits,
    ServeConfig,
    default_data_dir,
)

# --- the merge ---------------------------------------------------------------------------------------

#: the settings the merge checks against others (or fills in) before `ServeConfig` takes them; the rest it
#: takes as given, and `ServeConfig`'s own defaults fill in what nothing gave
_CHECKED: Final = frozenset({"data_dir", "providers", "certfile", "keyfile", "limits", "aliases", "title_model",
                             "review_model", "local_ai_model", "gateway", "gateway_token_file", "gateway_ca_file"})


def _check_providers(settings: Sequence[_Given]) -> tuple[ProviderSpec, ...]:
    names: dict[str, _Given] = {}
    models: dict[str, _Given] = {}
    for s in settings:
        spec: ProviderSpec = s.value
        if spec.name in names:
            raise s.origin.error(
                _Invalid(f"provider name {spec.name!r} is already used by {names[spec.name].origin.ref()}",
                         "name")
            )
        names[spec.name] = s
        for i, model in enumerate(spec.models):
            if model in models:
                other = models[model]
                raise s.origin.error(
                    _Invalid(f"model {model!r} is served by two providers: {other.value.name!r}"
                             f" ({other.origin.ref()}) and {spec.name!r}", f"models[{i}]")
                )
            models[model] = s
    specs = tuple(s.value for s in settings)
    for s in settings:
        for i, target in enumerate(s.value.fallbacks):
            if not _configured(specs, target):
                known = ", ".join(m for p in specs for m in p.models)
                raise s.origin.error(_Invalid(f"{target!r} is not a configured model (configured: {known})",
                                              f"fallbacks[{i}]"))
    return specs


def _check_file(setting: _Given) -> Path:
    path: Path = setting.value
    if not path.exists():
        raise setting.origin.error(_Invalid(f"{str(path)!r} does not exist"))
    if not path.is_file():
        raise setting.origin.error(_Invalid(f"{str(path)!r} is not a file"))
    if not os.access(path, os.R_OK):
        raise setting.origin.error(_Invalid(f"{str(path)!r} is not readable"))
    return path


def _check_data_dir(setting: _Given) -> Path:
    """A data directory may not exist yet (serve makes it), but a file in its place is a mistake to name."""
    path: Path = setting.value
    if path.exists() and not path.is_dir():
        raise setting.origin.error(_Invalid(f"{str(path)!r} is a file, not a directory; give a directory"
                                            " (it is made if missing)"))
    return path


def _merge(
    file: Mapping[str, _Given], flags: Mapping[str, _Given], environ: Mapping[str, str]
) -> ServeConfig:
    merged = {**file, **flags}
    cert, key = merged.get("certfile"), merged.get("keyfile")
    if (cert is None) != (key is None):
        given, missing = (cert, "keyfile") if cert is not None else (key, "certfile")
        assert given is not None
        raise given.origin.error(_Invalid(f"given without {missing} (TLS needs both)"))
    limits = {name: merged[f"limits.{name}"].value for name in _LIMIT_NAMES if f"limits.{name}" in merged}
    providers = _check_providers(merged["providers"].value) if "providers" in merged else ()
    aliases: dict[str, str] = {}
    for setting_key, setting in merged.items():
        if setting_key.startswith("aliases."):
            name = setting_key.removeprefix("aliases.")
            _check_model_target(providers, setting, name, forbid_shadowing=True)
            aliases[name] = setting.value
    if "default_model" in merged:
        _check_model_target(providers, merged["default_model"], "default_model", aliases=aliases)
    taken = {s.name: merged[s.name].value for s in SETTINGS if s.name in merged and s.name not in _CHECKED}
    return ServeConfig(
        data_dir=_check_data_dir(merged["data_dir"]) if "data_dir" in merged else default_data_dir(environ),
        providers=providers,
        certfile=_check_file(cert) if cert is not None else None,
        keyfile=_check_file(key) if key is not None else None,
        limits=Limits(**limits),
        aliases=aliases,
        title_model=_check_served_model(merged.get("title_model"), providers),
        review_model=_check_served_model(merged.get("review_model"), providers),
        local_ai_model=_check_served_model(merged.get("local_ai_model"), providers),
        deprecations=merged["deprecations"].value if "deprecations" in merged else (),
        gateway=_paired(merged, "gateway", "gateway_token_file"),
        gateway_token_file=_check_file(merged["gateway_token_file"]) if _paired(
            merged, "gateway_token_file", "gateway") is not None else None,
        gateway_ca_file=_check_file(merged["gateway_ca_file"]) if _paired(
            merged, "gateway_ca_file", "gateway") is not None else None,
        **taken,
    )


def _paired(merged: Mapping[str, _Given], name: str, other: str) -> Any:
    """`merged[name]`'s value, which needs `other` beside it."""
    if name not in merged:
        return None
    if other not in merged:
        raise merged[name].origin.error(_Invalid(f"given without {other}"))
    if name == "gateway" and "team_gateway" in merged and merged["team_gateway"].value:
        raise merged[name].origin.error(_Invalid("a team gateway (team_gateway) cannot use another gateway"))
    return merged[name].value


def _configured(providers: Sequence[ProviderSpec], model: str) -> bool:
    """Whether `model` names a configured model: its id, or PROVIDER/MODEL."""
    if any(model in p.models for p in providers):
        return True
    name, slash, rest = model.partition("/")
    return bool(slash) and any(p.name.casefold() == name.casefold() and rest in p.models for p in providers)


def _check_model_target(
    providers: Sequence[ProviderSpec],
    setting: _Given,
    name: str,
    *,
    forbid_shadowing: bool = False,
    aliases: Mapping[str, str] | None = None,
) -> None:
    if not providers:
        return  # `_require_providers` reports that
    if forbid_shadowing and any(name in p.models for p in providers):
        raise setting.origin.error(_Invalid(f"alias {name!r} is already the name of a configured model"))
    target = setting.value
    if _configured(providers, target) or (aliases is not None and target in aliases):
        return
    known = ", ".join(m for p in providers for m in p.models)
    raise setting.origin.error(_Invalid(f"{target!r} is not a configured model (configured: {known})"))


def _check_served_model(setting: _Given | None, providers: Sequence[ProviderSpec]) -> str | None:
    if setting is None:
        return None
    model: str = setting.value
    served = [m for p in providers for m in p.models]
    if providers and model not in served:
        raise setting.origin.error(_Invalid(f"{model!r} is not a configured model (models: {', '.join(served)})"))
    return model


def _require_providers(config: ServeConfig) -> ServeConfig:
    if not config.providers and config.gateway is None:  # a gateway's user runs on the gateway's providers
        raise ConfigError("no providers configured: give --provider (e.g. --provider openai) or"
                          " [[providers]] in the config file")
    return config


def config_from_args(
    ns: argparse.Namespace, environ: Mapping[str, str], *, require_providers: bool = True
) -> ServeConfig:
    """Build the effective config from `add_serve_arguments` flags, the config file (`--config`, else the
    default one, see `_locations`) and defaults.

    Raises ConfigError (also when no provider is configured at all, unless `require_providers` is false:
    for the commands that only need to find the daemon).
    """
    path = config_path(getattr(ns, "config", None), environ)
    file = _read_file(path, environ) if path is not None else {}
    config = _merge(file, _flag_settings(ns), environ)
    return _require_providers(config) if require_providers else config


def load_config_file(path: Path, environ: Mapping[str, str]) -> ServeConfig:
    """The config a file gives on its own (no flags), with defaults filled in. Raises ConfigError."""
    return _require_providers(_merge(_read_file(path, environ), {}, environ))
