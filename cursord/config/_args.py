"""The `serve` flags, made from the settings table (`cursord.config._settings`): argparse definitions, and the
settings they give (every default None, so the merge can tell what was given).
"""

from __future__ import annotations

import argparse
from typing import Any

from cursord.config._errors import _Given
from cursord.config._settings import BY_NAME, CONFIG_FILE, SETTINGS, Setting


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the `serve` flags. Every default is None so `config_from_args` can tell what was given."""
    for setting in (CONFIG_FILE, *SETTINGS):
        _add(parser, setting)


def add_store_argument(parser: argparse.ArgumentParser) -> None:
    """`--store URL` (for `serve` and the commands that read the store)."""
    _add(parser, BY_NAME["store"])


def _add(parser: argparse.ArgumentParser, setting: Setting) -> None:
    assert setting.flag is not None
    options: dict[str, Any] = {"help": setting.help}
    if setting.metavar is not None:
        options["metavar"] = setting.metavar
    if setting.from_flag is not None:
        options.update(setting.from_flag.arguments())
    if setting.flag.removeprefix("--").replace("-", "_") != setting.name:
        options["dest"] = setting.name
    parser.add_argument(setting.flag, **options)


def _flag_settings(ns: argparse.Namespace) -> dict[str, _Given]:
    """What the flags gave, each setting read by its row's flag reader."""
    out: dict[str, _Given] = {}
    for setting in SETTINGS:
        given = getattr(ns, setting.name, None)
        if setting.from_flag is not None and setting.flag is not None and given is not None:
            out.update(setting.from_flag(setting.name, setting.flag, given))
    return out
