"""`cursord editor setup|revert|status`: minimal, comment-preserving edits of Cursor's settings.json."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import socket
from pathlib import Path

import pytest

from cursord.cli.editor import add_editor_arguments, editor_command
from cursord.editor.jsonc import JsoncError, parse_value, remove_key, scan, set_value, strip_jsonc
from cursord.editor.settings import DEFAULT_PROXY_URL, SETTINGS, default_settings_path, revert, setup, status

NOW = dt.datetime(2025, 5, 1, 12, 0, 0, tzinfo=dt.UTC)

COMMENTED = """// Cursor user settings
{
    /* appearance */
    "editor.fontSize": 14, // my size
    "workbench.colorTheme": "Default Dark+",
    "http.proxy": "http://corp-proxy:3128", // the office proxy
    "files.exclude": {
        "**/.git": true, // hidden
    },
    "url": "http://not-a-comment//here",
}
"""


def _values(text: str) -> dict[str, object]:
    parsed: dict[str, object] = parse_value(text)
    return parsed


# --- the scanner and the edits ---------------------------------------------------------------------------


def test_scanner_finds_top_level_members_only() -> None:
    top = scan(COMMENTED)
    assert [m.key for m in top.members] == [
        "editor.fontSize", "workbench.colorTheme", "http.proxy", "files.exclude", "url",
    ]
    proxy = top.find("http.proxy")
    assert proxy is not None and COMMENTED[proxy.value_start : proxy.value_end] == '"http://corp-proxy:3128"'
    assert top.members[-1].comma is not None  # the trailing comma


def test_strip_jsonc_keeps_strings_and_drops_comments_and_trailing_commas() -> None:
    assert _values(COMMENTED)["url"] == "http://not-a-comment//here"
    assert _values(COMMENTED)["files.exclude"] == {"**/.git": True}
    assert json.loads(strip_jsonc('[1, /* x */ 2, // y\n]')) == [1, 2]


@pytest.mark.parametrize("bad", ['[1, 2]', '{"a": 1', '{"a" 1}', '{"a": "x}', "{} extra", "/* open"])
def test_scanner_refuses_what_is_not_a_settings_object(bad: str) -> None:
    with pytest.raises(JsoncError):
        scan(bad)


def test_replacing_a_value_touches_nothing_else() -> None:
    edited = set_value(COMMENTED, "http.proxy", "http://127.0.0.1:8766")
    assert edited == COMMENTED.replace('"http://corp-proxy:3128"', '"http://127.0.0.1:8766"')


def test_inserting_after_a_trailing_comma_and_a_comment() -> None:
    edited = set_value(COMMENTED, "cursor.general.disableHttp2", True)
    assert edited.endswith('    "url": "http://not-a-comment//here",\n    "cursor.general.disableHttp2": true,\n}\n')
    assert edited.startswith(COMMENTED[: COMMENTED.index('    "url"')])
    assert _values(edited)["cursor.general.disableHttp2"] is True


def test_inserting_after_a_last_member_without_comma_keeps_its_comment() -> None:
    text = '{\n\t"a": 1 // note\n}\n'
    edited = set_value(text, "b", "x")
    assert edited == '{\n\t"a": 1, // note\n\t"b": "x"\n}\n'


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", '{\n    "k": true\n}\n'),
        ("   \n", '{\n    "k": true\n}\n'),
        ("{}", '{\n    "k": true\n}'),
        ("{\n}\n", '{\n    "k": true\n}\n'),
        ("// only a comment\n", '// only a comment\n{\n    "k": true\n}\n'),
        ('{"a": 1}', '{"a": 1, "k": true}'),
        ('{"a": 1,}', '{"a": 1, "k": true,}'),
        ("{ // keep\n}", '{\n    "k": true // keep\n}'),
        ('{\r\n  "a": 1\r\n}\r\n', '{\r\n  "a": 1,\r\n  "k": true\r\n}\r\n'),
    ],
)
def test_inserting_into_small_files(text: str, expected: str) -> None:
    edited = set_value(text, "k", True)
    assert edited == expected
    assert _values(edited)["k"] is True


def test_removing_members_in_every_position() -> None:
    text = '{\n    "a": 1,\n    "b": 2, // about b\n    "c": 3\n}\n'
    assert remove_key(text, "a") == '{\n    "b": 2, // about b\n    "c": 3\n}\n'
    assert remove_key(text, "c") == '{\n    "a": 1,\n    "b": 2 // about b\n}\n'
    assert remove_key(text, "b") == '{\n    "a": 1,\n    "c": 3\n}\n'
    assert remove_key(text, "missing") == text
    assert remove_key('{"only": 1}', "only") == "{}"
    for key in "abc":
        assert key not in _values(remove_key(text, key))


def test_set_then_remove_is_the_identity() -> None:
    assert remove_key(set_value("{}", "k", 1), "k") == "{\n}"
    for text in (COMMENTED, '{\n\t"a": 1 // note\n}\n', '{\n  "a": [1, 2],\n}\n', '{"a": 1,}', '{"a": 1}'):
        assert remove_key(set_value(text, "new.key", "v"), "new.key") == text


# --- setup and revert ----------------------------------------------------------------------------------------


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode())
    return path


def test_setup_sets_the_keys_and_revert_restores_the_file_exactly(tmp_path: Path) -> None:
    settings = _write(tmp_path / "User" / "settings.json", COMMENTED)
    data = tmp_path / "data"
    report = setup(settings, data, now=NOW)
    assert report.ok
    values = _values(settings.read_text())
    for key, value in SETTINGS.items():
        assert values[key] == value
    assert values["editor.fontSize"] == 14
    assert "// the office proxy" in settings.read_text() and "/* appearance */" in settings.read_text()
    [backup] = (data / "editor-backups").iterdir()
    assert backup.read_text() == COMMENTED and "20250501T120000" in backup.name
    record = json.loads((data / "editor-settings.json").read_text())["files"][str(settings)]
    assert record["previous"]["http.proxy"] == {"present": True, "raw": '"http://corp-proxy:3128"'}
    assert "cursor.general.disableHttp2" not in values and "cursor.general.disableHttp2" not in record["previous"]

    assert revert(settings, data, now=NOW).ok
    assert settings.read_text() == COMMENTED
    assert json.loads((data / "editor-settings.json").read_text())["files"] == {}


def test_setup_twice_keeps_the_first_record(tmp_path: Path) -> None:
    settings = _write(tmp_path / "settings.json", '{\n    "http.proxySupport": "off"\n}\n')
    data = tmp_path / "data"
    setup(settings, data, now=NOW)
    second = setup(settings, data, now=NOW)
    assert second.ok and second.lines[0].startswith("unchanged")
    revert(settings, data, now=NOW)
    assert settings.read_text() == '{\n    "http.proxySupport": "off"\n}\n'


def test_revert_leaves_the_users_later_edits_alone(tmp_path: Path) -> None:
    original = '{\n    "editor.fontSize": 12\n}\n'
    settings = _write(tmp_path / "settings.json", original)
    data = tmp_path / "data"
    setup(settings, data, now=NOW)
    text = settings.read_text()
    text = set_value(text, "http.proxy", "http://my-own:9")  # the user changed one of ours
    text = remove_key(text, "http.proxySupport")  # and removed another
    text = set_value(text, "editor.fontSize", 16)  # and an unrelated one
    text = set_value(text, "editor.tabSize", 2)  # and added one
    settings.write_text(text)
    report = revert(settings, data, now=NOW)
    values = _values(settings.read_text())
    assert values == {"editor.fontSize": 16, "editor.tabSize": 2, "http.proxy": "http://my-own:9"}
    assert any("http.proxy: left alone (changed" in line for line in report.lines)
    assert any("http.proxySupport: left alone (removed" in line for line in report.lines)


def test_setup_on_a_missing_file_creates_it_and_revert_removes_it(tmp_path: Path) -> None:
    settings = tmp_path / "Cursor" / "User" / "settings.json"
    data = tmp_path / "data"
    report = setup(settings, data, "http://127.0.0.1:9999", now=NOW)
    assert report.ok and not (data / "editor-backups").exists()
    assert _values(settings.read_text())["http.proxy"] == "http://127.0.0.1:9999"
    assert revert(settings, data, now=NOW).ok
    assert not settings.exists()


def test_a_created_file_the_user_edited_is_reverted_key_by_key(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    data = tmp_path / "data"
    setup(settings, data, now=NOW)
    settings.write_text(set_value(settings.read_text(), "editor.fontSize", 15))
    revert(settings, data, now=NOW)
    assert _values(settings.read_text()) == {"editor.fontSize": 15}


@pytest.mark.parametrize("original", ["", "{}", "{\n}\n", "// nothing yet\n"])
def test_setup_then_revert_gives_back_small_files_exactly(tmp_path: Path, original: str) -> None:
    settings = _write(tmp_path / "settings.json", original)
    setup(settings, tmp_path / "data", now=NOW)
    assert _values(settings.read_text()) == SETTINGS
    revert(settings, tmp_path / "data", now=NOW)
    assert settings.read_text() == original


def test_exact_restore_needs_the_backup_else_edits_key_by_key(tmp_path: Path) -> None:
    settings = _write(tmp_path / "settings.json", "{}")
    data = tmp_path / "data"
    setup(settings, data, now=NOW)
    for backup in (data / "editor-backups").iterdir():
        backup.unlink()
    revert(settings, data, now=NOW)
    assert settings.read_text() == "{\n}"  # every key removed again, the object's layout is setup's


def test_setup_refuses_a_broken_file_and_changes_nothing(tmp_path: Path) -> None:
    settings = _write(tmp_path / "settings.json", '{"a": 1,,}')
    report = setup(settings, tmp_path / "data", now=NOW)
    assert not report.ok and "line 1" in str(report)
    assert settings.read_text() == '{"a": 1,,}'
    assert not (tmp_path / "data" / "editor-settings.json").exists()


def test_setup_edits_the_target_of_a_symlink_and_keeps_its_mode(tmp_path: Path) -> None:
    real = _write(tmp_path / "dotfiles" / "settings.json", "{}\n")
    os.chmod(real, 0o600)
    link = tmp_path / "User" / "settings.json"
    link.parent.mkdir()
    link.symlink_to(real)
    setup(link, tmp_path / "data", now=NOW)
    assert link.is_symlink()
    assert _values(real.read_text())["http.proxy"] == DEFAULT_PROXY_URL
    assert real.stat().st_mode & 0o777 == 0o600


def test_revert_without_setup_says_so(tmp_path: Path) -> None:
    settings = _write(tmp_path / "settings.json", "{}")
    report = revert(settings, tmp_path / "data")
    assert not report.ok and "nothing to revert" in str(report)


def test_status_reports_values_and_whether_the_proxy_answers(tmp_path: Path) -> None:
    settings = _write(tmp_path / "settings.json", "{}")
    data = tmp_path / "data"
    with socket.create_server(("127.0.0.1", 0)) as listener:
        url = f"http://127.0.0.1:{listener.getsockname()[1]}"
        before = status(settings, data, url)
        assert not before.ok and "http.proxy: absent (differs" in str(before)
        setup(settings, data, url, now=NOW)
        after = status(settings, data, url)
        assert after.ok, str(after)
        assert "setup recorded: yes" in str(after) and f"proxy {url}: answers" in str(after)
    assert "does not answer" in str(status(settings, data, url))


@pytest.mark.parametrize(
    ("platform", "environ", "expected"),
    [
        ("linux", {"HOME": "/home/u"}, "/home/u/.config/Cursor/User/settings.json"),
        ("linux", {"HOME": "/home/u", "XDG_CONFIG_HOME": "/xdg"}, "/xdg/Cursor/User/settings.json"),
        ("darwin", {"HOME": "/Users/u"}, "/Users/u/Library/Application Support/Cursor/User/settings.json"),
        ("win32", {"HOME": "/h", "APPDATA": "/c/Users/u/AppData/Roaming"},
         "/c/Users/u/AppData/Roaming/Cursor/User/settings.json"),
    ],
)
def test_default_settings_path(platform: str, environ: dict[str, str], expected: str) -> None:
    assert default_settings_path(environ, platform) == Path(expected)


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    add_editor_arguments(parser.add_subparsers(dest="command"))
    settings = _write(tmp_path / "settings.json", COMMENTED)
    common = ["--settings", str(settings), "--data-dir", str(tmp_path / "data")]
    assert editor_command(parser.parse_args(["editor", "setup", *common]), {}) == 0
    assert "http.proxy" in capsys.readouterr().out
    assert _values(settings.read_text())["http.proxy"] == DEFAULT_PROXY_URL
    assert editor_command(parser.parse_args(["editor", "revert", *common]), {}) == 0
    assert settings.read_text() == COMMENTED


# --- what earlier versions set ----------------------------------------------------------------------------

OLD_SETUP = {
    "http.proxy": "http://127.0.0.1:8766",
    "http.proxySupport": "on",
    "cursor.general.disableHttp2": True,
    "http.experimental.systemCertificatesV2": True,
}


def _old_setup(settings: Path, data: Path, disable_http2_before: str | None) -> None:
    """What an earlier cursord's setup left: the keys set (HTTP/2 off too) and its record."""
    before = '{\n    "editor.fontSize": 12' + (
        f',\n    "cursor.general.disableHttp2": {disable_http2_before}' if disable_http2_before else ""
    ) + "\n}\n"
    text = before
    for key, value in OLD_SETUP.items():
        text = set_value(text, key, value)
    _write(settings, text)
    previous = {key: {"present": False, "raw": None} for key in OLD_SETUP}
    if disable_http2_before:
        previous["cursor.general.disableHttp2"] = {"present": True, "raw": disable_http2_before}
    record = {"version": 1, "files": {str(settings): {
        "setup_at": NOW.isoformat(), "applied": OLD_SETUP, "previous": previous, "original": None,
        "written_sha256": "",
    }}}
    data.mkdir(parents=True)
    (data / "editor-settings.json").write_text(json.dumps(record))


@pytest.mark.parametrize("before", [None, "false"])
def test_setup_puts_back_the_http2_setting_an_earlier_version_set(tmp_path: Path, before: str | None) -> None:
    settings, data = tmp_path / "settings.json", tmp_path / "data"
    _old_setup(settings, data, before)
    report = setup(settings, data, now=NOW)
    assert report.ok
    values = _values(settings.read_text())
    if before is None:
        assert "cursor.general.disableHttp2" not in values
        assert any("disableHttp2: removed (an earlier cursord had set it" in line for line in report.lines)
    else:
        assert values["cursor.general.disableHttp2"] is False
        assert any("disableHttp2: restored false" in line for line in report.lines)
    assert {k: values[k] for k in SETTINGS} == SETTINGS
    record = json.loads((data / "editor-settings.json").read_text())["files"][str(settings)]
    assert "cursor.general.disableHttp2" not in record["previous"] | record["applied"]
    assert revert(settings, data, now=NOW).ok
    assert _values(settings.read_text()) == {"editor.fontSize": 12} | (
        {"cursor.general.disableHttp2": False} if before else {}
    )


def test_revert_undoes_the_http2_setting_of_an_earlier_version(tmp_path: Path) -> None:
    settings, data = tmp_path / "settings.json", tmp_path / "data"
    _old_setup(settings, data, None)
    report = revert(settings, data, now=NOW)
    assert report.ok and any("disableHttp2: removed (was absent)" in line for line in report.lines)
    assert _values(settings.read_text()) == {"editor.fontSize": 12}


def test_status_says_when_http2_is_off(tmp_path: Path) -> None:
    settings, data = tmp_path / "settings.json", tmp_path / "data"
    _old_setup(settings, data, None)
    assert "cursor.general.disableHttp2: true (HTTP/2 is off" in str(status(settings, data))
    setup(settings, data, now=NOW)
    assert "disableHttp2" not in str(status(settings, data))


def test_an_http2_setting_the_user_changed_since_is_theirs(tmp_path: Path) -> None:
    settings, data = tmp_path / "settings.json", tmp_path / "data"
    _old_setup(settings, data, None)
    settings.write_text(set_value(settings.read_text(), "cursor.general.disableHttp2", False))
    report = setup(settings, data, now=NOW)
    assert any("disableHttp2: left alone" in line for line in report.lines)
    revert(settings, data, now=NOW)
    assert _values(settings.read_text()) == {"editor.fontSize": 12, "cursor.general.disableHttp2": False}


def test_status_does_not_send_a_user_who_turned_http2_off_to_setup(tmp_path: Path) -> None:
    settings, data = tmp_path / "settings.json", tmp_path / "data"
    _old_setup(settings, data, None)
    assert "`cursord editor setup` puts back what an earlier cursord set" in str(status(settings, data))

    _write(settings, '{\n    "cursor.general.disableHttp2": true\n}\n')  # the user's own value
    for _ in ("before setup", "after it"):  # setup leaves the user's value alone, so it cannot be the remedy
        shown = str(status(settings, tmp_path / "fresh"))
        assert "cursord did not set it: remove it from settings.json to turn HTTP/2 back on" in shown, shown
        assert "editor setup" not in shown
        assert setup(settings, tmp_path / "fresh", now=NOW).ok
    assert _values(settings.read_text())["cursor.general.disableHttp2"] is True
