"""docs/daily-use.md says which settings a reload (SIGHUP) takes and which need a restart: the two lists are
exactly what `cursord.app.reload` does, so a new setting cannot be left out of both."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from cursord.app.reload import RELOADED
from cursord.config import ServeConfig

DAILY_USE = Path(__file__).resolve().parents[2] / "docs" / "daily-use.md"


def _names(text: str) -> set[str]:
    return {name.strip("[]") for name in re.findall(r"`([\w\[\]]+)`", text)}


def test_the_docs_list_what_a_reload_takes_and_every_setting_that_needs_a_restart() -> None:
    text = " ".join(DAILY_USE.read_text(encoding="utf-8").split())
    reloaded = re.search(r"loads these again without dropping a stream: (.*?);", text)
    restarted = re.search(r"a reload that changes one says so: (.*?)\. ", text)
    assert reloaded and restarted
    assert _names(reloaded.group(1)) == RELOADED
    assert _names(restarted.group(1)) == set(attrs.fields_dict(ServeConfig)) - RELOADED  # web_search among them
