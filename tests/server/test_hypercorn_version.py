"""cursord patches Hypercorn's internals (`cursord.server.hypercorn_fixes`), so it runs only on the Hypercorn
releases it is tested with: pyproject.toml pins that range, and a daemon on any other release refuses to
start with one line that says what to install."""

from __future__ import annotations

import logging
import re
import tomllib
from pathlib import Path

import pytest

from cursord.cli.main import main
from cursord.server import hypercorn_fixes
from cursord.server.hypercorn_fixes import TESTED, UnsupportedHypercorn, require_tested_hypercorn

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_the_pin_is_the_tested_range() -> None:
    dependencies = tomllib.loads(PYPROJECT.read_text())["project"]["dependencies"]
    (pin,) = [d for d in dependencies if d.startswith("hypercorn")]
    (low_major, low_minor), (below_major, below_minor) = TESTED
    assert pin.split("]", 1)[1] == f">={low_major}.{low_minor},<{below_major}.{below_minor}"


def test_the_installed_release_is_a_tested_one() -> None:
    require_tested_hypercorn()


@pytest.mark.parametrize("version", ["0.17.0", "0.19.0", "1.0", "dev"])
def test_any_other_release_is_refused_in_one_line(version: str) -> None:
    with pytest.raises(UnsupportedHypercorn) as refused:
        require_tested_hypercorn(version)
    message = str(refused.value)
    assert "\n" not in message and f"Hypercorn {version} is installed" in message
    assert message.endswith("pip install 'hypercorn>=0.18,<0.19'")


@pytest.mark.parametrize("version", ["0.18.0", "0.18.7", "0.18.1rc1"])
def test_the_tested_releases_pass(version: str) -> None:
    require_tested_hypercorn(version)


def test_serve_refuses_to_start_on_an_untested_release(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(hypercorn_fixes, "_installed", lambda: "0.19.2")
    listen = ["--listen", "127.0.0.1:0", "--proxy-listen", "127.0.0.1:0", "--agent-listen", "off"]
    provider = ["--provider", "kind=openai-chat,name=p,base_url=http://127.0.0.1:9,api_key_env=KEY,models=m"]
    environ = {"HOME": str(tmp_path), "KEY": "sk-x"}
    with caplog.at_level(logging.ERROR, logger="cursord"):
        code = main(["serve", *listen, *provider, "--data-dir", str(tmp_path)], environ=environ)
    assert code == 1
    (line,) = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert re.fullmatch(r"cursord cannot start: Hypercorn 0\.19\.2 is installed, .* pip install '.*'", line)
