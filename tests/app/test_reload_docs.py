"""docs/daily-use.md says which settings a reload (SIGHUP) takes and which need a restart: the two lists are
exactly what `cursord.app.reload` does, so a new setting cannot be left out of both."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from cursord.app.reload import RELOADED
from cursord.config import ServeConfig

DAILY_USE = Path(__file__).resolve().parents[2] / "docs" / "daily-use.md"
#: fields of the config that are no setting (what loading it found to warn about)
NOT_SETTINGS = {"deprecations"}
#: fields named otherwise in the file (and so in the docs): `[local_ai] model`
IN_THE_FILE = {"local_ai_model": "local_ai"}


def _names(text: str) -> set[str]:
    return {name.strip("[]") for name in re.findall(r"`([\w\[\]]+)`", text)}


def test_the_docs_list_what_a_reload_takes_and_every_setting_that_needs_a_restart() -> None:
    text = " ".join(DAILY_USE.read_text(encoding="utf-8").split())
    reloaded = re.search(r"loads these again without dropping a stream: (.*?);", text)
    restarted = re.search(r"a reload that changes one says so: (.*?)\. ", text)
    assert reloaded and restarted
    assert _names(reloaded.group(1)) == RELOADED
    settings = {IN_THE_FILE.get(name, name) for name in attrs.fields_dict(ServeConfig)} - NOT_SETTINGS
    assert _names(restarted.group(1)) == settings - RELOADED  # web_search among them
