"""Rules and skills by type: always inline, requested ones offered and fetched by name, globbed ones on match."""

from __future__ import annotations

import pytest

from cursord.context.rules import FETCH_RULES_TOOL, RuleBook, RuleKind, front_matter, glob_matches
from cursord.proto import agent_v1_pb2 as agent
from tests.editor_fixtures import recorded_action


def _rule(path: str, content: str, **rule_type: object) -> agent.CursorRule:
    return agent.CursorRule(full_path=path, content=content, type=agent.CursorRuleType(**rule_type))  # type: ignore[arg-type]


def _context() -> agent.RequestContext:
    context = agent.RequestContext()
    context.rules.extend(
        [
            _rule("/w/.cursor/rules/style.mdc", "---\nalwaysApply: true\n---\nUse tabs.",
                  **{"global": agent.CursorRuleTypeGlobal()}),
            _rule("/w/.cursor/rules/go.mdc", "Wrap errors with %w.",
                  file_globbed=agent.CursorRuleTypeFileGlobs(globs=["**/*.go"])),
            _rule("/w/.cursor/rules/web.mdc", "Use server components.",
                  file_globbed=agent.CursorRuleTypeFileGlobs(globs=["apps/web/src/**/*.{ts,tsx}"])),
            _rule("/w/.cursor/rules/release.mdc", "Bump the version in go.mod first.",
                  agent_fetched=agent.CursorRuleTypeAgentFetched(description="How to cut a release")),
            _rule("/w/.cursor/rules/manual.mdc", "Only when attached.",
                  manually_attached=agent.CursorRuleTypeManuallyAttached()),
        ]
    )
    context.non_file_rules.append(agent.CursorRule(content="Answer in English."))
    context.agent_skills.add(full_path="/home/u/.cursor/skills/pdf/SKILL.md", description="Work with PDFs",
                             content="---\nname: pdf\ndescription: Work with PDFs\n---\nUse pdftotext.")
    context.agent_skills.add(full_path="/home/u/.cursor/skills/secret/SKILL.md", description="hidden",
                             content="never", disable_model_invocation=True)
    return context


def test_kinds() -> None:
    book = RuleBook.of(_context())
    kinds = {r.name: r.kind for r in book.rules}
    assert kinds == {
        "style": RuleKind.ALWAYS, "go": RuleKind.GLOBBED, "web": RuleKind.GLOBBED, "release": RuleKind.REQUESTED,
        "manual": RuleKind.MANUAL, "rule": RuleKind.ALWAYS, "pdf": RuleKind.SKILL, "secret": RuleKind.SKILL,
    }


def test_always_rules_inline_and_requested_ones_offered_by_description() -> None:
    system = "\n\n".join(RuleBook.of(_context()).system_sections())
    assert '<rule name="style" path="/w/.cursor/rules/style.mdc">\nUse tabs.\n</rule>' in system
    assert "alwaysApply" not in system  # front matter is not sent
    assert "Answer in English." in system
    assert "- release: How to cut a release" in system and "- pdf: Work with PDFs" in system
    for withheld in ("Bump the version", "Use pdftotext", "Wrap errors", "Only when attached", "secret", "never"):
        assert withheld not in system


def test_fetch_rules_serves_bodies_from_the_request_context() -> None:
    book = RuleBook.of(_context())
    spec = book.tool_spec()
    assert spec is not None and spec.name == FETCH_RULES_TOOL
    assert spec.json_schema["properties"]["names"]["items"]["enum"] == ["release", "pdf"]
    text, is_error = book.fetch({"names": ["release", "PDF"]})
    assert not is_error
    assert "Bump the version in go.mod first." in text and "Use pdftotext." in text
    text, is_error = book.fetch({"names": ["secret"]})
    assert is_error and "No rule or skill named 'secret'. Available: release, pdf." in text
    assert book.fetch({})[1]


def test_globbed_rules_apply_to_matching_paths_once() -> None:
    book = RuleBook.of(_context())
    assert [r.name for r in book.matching(["d:\\w\\internal\\proxy\\server.go"])] == ["go"]
    assert [r.name for r in book.matching(["/w/apps/web/src/app/page.tsx"])] == ["web"]
    assert book.matching(["/w/apps/web/src/app/page.tsx"], applied=["web"]) == []
    assert book.matching(["/w/README.md"]) == []


@pytest.mark.parametrize(
    ("glob", "path", "matches"),
    [
        ("*.py", "/a/b/c.py", True),
        ("*.py", "/a/b/c.pyc", False),
        ("src/**/*.ts", "/home/u/p/src/a/b.ts", True),
        ("src/**/*.ts", "/home/u/p/src/b.ts", True),
        ("src/**/*.ts", "/home/u/p/lib/b.ts", False),
        ("src/*.ts", "src/a/b.ts", False),
        ("**/*.{ts,tsx}", "x/y.tsx", True),
        ("docs/**", "C:\\w\\docs\\a\\b.md", True),
    ],
)
def test_glob_matches(glob: str, path: str, matches: bool) -> None:
    assert glob_matches(glob, path) is matches


def test_the_recorded_skills() -> None:
    """The recording: seven agent_fetched SKILL.md rules, two of them `disable-model-invocation: true`."""
    book = RuleBook.of(recorded_action().user_message_action.request_context)
    assert len(book.rules) == 7 and all(r.kind is RuleKind.SKILL for r in book.rules)
    assert [r.name for r in book.offered] == [
        "skill-creator", "skill-installer", "create-rule", "create-skill", "update-cursor-settings",
    ]
    system = "\n".join(book.system_sections())
    assert "create-subagent" not in system and "migrate-to-skills" not in system
    assert "# Creating Skills in Cursor" not in system  # bodies only on request
    text, _ = book.fetch({"names": ["create-skill"]})
    assert "# Creating Skills in Cursor" in text and "name: create-skill" not in text


def test_front_matter() -> None:
    fields, body = front_matter("---\nname: x\ndescription: \"d: e\"\ndisable-model-invocation: true\n---\nbody\n")
    assert fields == {"name": "x", "description": "d: e", "disable-model-invocation": "true"}
    assert body == "body\n"
    assert front_matter("no front matter") == ({}, "no front matter")


def test_skill_descriptors_without_content_point_at_their_file() -> None:
    context = agent.RequestContext()
    context.skill_options.skill_descriptors.add(name="lint", description="Run linters", enabled=True,
                                                readme_file_path="/s/lint/SKILL.md")
    context.skill_options.skill_descriptors.add(name="off", description="disabled", enabled=False)
    book = RuleBook.of(context)
    assert [r.name for r in book.offered] == ["lint"]
    assert "read /s/lint/SKILL.md with the Read tool" in book.fetch({"names": ["lint"]})[0]
