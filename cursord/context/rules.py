"""The user's rules and skills, each used the way its type says. Pure.

The editor sends rules in `RequestContext.rules` / `non_file_rules` (a `CursorRule` with a type) and
skills in `RequestContext.agent_skills`, in `skill_options.skill_descriptors`, or as `agent_fetched`
rules whose path is a `SKILL.md` (recorded traffic shows all three). `RuleBook.of(context)` sorts them:

- a `global` rule (or one with no type) and `cloud_rule`: the body, in the system prompt (`<rules>`);
- an `agent_fetched` rule, and a skill: name and description in the system prompt (`<available_rules>`),
  the body through the `FetchRules` tool, served from the request context (no editor round trip);
- a `file_globbed` rule: the body, once, when a file matching its globs is attached or touched by a tool;
- a `manually_attached` rule: only when the user attaches it (`selected_context.cursor_rules`, rendered
  with the message);
- a skill with `disable-model-invocation: true`: never offered; only when the user attaches it
  (`selected_skills`).

Front matter (`---` ... `---` at the top of a body) is read for `name`, `description`, `globs` and
`disable-model-invocation`, and is not sent to the model. A rule's name is its front-matter name, else its
file's stem (`SKILL.md` files take their folder's name); names are made unique with `-2`, `-3` ...
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cursord.context.selected import Item
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import ToolSpec

FETCH_RULES_TOOL = "FetchRules"


class RuleKind(enum.Enum):
    ALWAYS = "always"
    REQUESTED = "requested"  # an agent-requested rule: offered by description
    SKILL = "skill"
    GLOBBED = "globbed"
    MANUAL = "manual"


@attrs.frozen
class Rule:
    name: str
    path: str
    kind: RuleKind
    body: str
    description: str = ""
    globs: tuple[str, ...] = ()
    model_invocable: bool = True

    def item(self) -> Item:
        attributes = [("name", self.name), ("path", self.path)]
        if self.globs:
            attributes.append(("applies_to", ", ".join(self.globs)))
        return Item("rule", tuple(attributes), self.body)

    def text(self) -> str:
        """The rule as the model sees it: `<rule name=... path=...>` body `</rule>`."""
        item = self.item()
        body = item.body if item.body.endswith("\n") else item.body + "\n"
        return f"{item.open_tag()}\n{body}</rule>"


# --- front matter ----------------------------------------------------------------------------------------

#: the closing `---` may have text after it on its line: the editor truncates long skills right there.
_FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[^\n]*(?:\n|\Z)", re.DOTALL)


def front_matter(content: str) -> tuple[dict[str, str], str]:
    """The `key: value` pairs of a body's front matter (a YAML subset: one line per key, quotes stripped,
    `[a, b]` lists kept as text) and the body without it."""
    match = _FRONT_MATTER.match(content)
    if match is None:
        return {}, content
    fields: dict[str, str] = {}
    for line in match.group(1).splitlines():
        key, colon, value = line.partition(":")
        if colon and key.strip() and not key.startswith((" ", "\t", "-")):
            fields[key.strip().lower()] = value.strip().strip("\"'")
    return fields, content[match.end() :]


def _true(value: str | None) -> bool:
    return (value or "").strip().lower() in ("true", "yes", "on", "1")


def _split_globs(text: str) -> tuple[str, ...]:
    """`*.ts, src/**/*.tsx` or `["*.ts", "*.tsx"]` -> globs (commas inside braces are kept)."""
    text = text.strip().removeprefix("[").removesuffix("]")
    globs: list[str] = []
    depth = 0
    current: list[str] = []
    for char in text:
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(0, depth - 1)
        if char == "," and depth == 0:
            globs.append("".join(current))
            current = []
        else:
            current.append(char)
    globs.append("".join(current))
    return tuple(g.strip().strip("\"'") for g in globs if g.strip().strip("\"'"))


# --- globs ---------------------------------------------------------------------------------------------


def _glob_regex(glob: str) -> re.Pattern[str]:
    out: list[str] = []
    i = 0
    while i < len(glob):
        char = glob[i]
        if glob.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
            continue
        if glob.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "{":
            end = glob.find("}", i)
            if end < 0:
                out.append(re.escape(char))
            else:
                options = glob[i + 1 : end].split(",")
                out.append("(?:" + "|".join(_glob_regex(o).pattern.removesuffix(r"\Z") for o in options) + ")")
                i = end + 1
                continue
        else:
            out.append(re.escape(char))
        i += 1
    return re.compile("".join(out) + r"\Z")


def glob_matches(glob: str, path: str) -> bool:
    """Whether `path` (absolute or workspace-relative, `/` or `\\`) matches a rule's glob. A glob without
    `/` matches the file name at any depth; one with `/` matches the path relative to some folder on it
    (so `src/**/*.ts` matches `/home/u/project/src/a/b.ts`)."""
    path = path.replace("\\", "/")
    glob = glob.replace("\\", "/").removeprefix("./")
    pattern = _glob_regex(glob.removeprefix("/"))
    segments = [s for s in path.split("/") if s]
    if not segments:
        return False
    if "/" not in glob.strip("/"):
        return bool(pattern.match(segments[-1]))
    return any(pattern.match("/".join(segments[start:])) for start in range(len(segments)))


# --- the book --------------------------------------------------------------------------------------------


def _stem(path: str) -> str:
    parts = [p for p in path.replace("\\", "/").split("/") if p]
    if not parts:
        return "rule"
    if parts[-1].lower() == "skill.md" and len(parts) > 1:
        return parts[-2]
    return parts[-1].rsplit(".", 1)[0] or parts[-1]


def _is_skill_path(path: str) -> bool:
    return path.replace("\\", "/").lower().endswith("/skill.md")


def _from_cursor_rule(rule: agent.CursorRule) -> Rule | None:
    fields, body = front_matter(rule.content)
    name = fields.get("name") or _stem(rule.full_path)
    which = rule.type.WhichOneof("type") if rule.HasField("type") else None
    description = fields.get("description", "")
    invocable = not _true(fields.get("disable-model-invocation"))
    if which == "agent_fetched":
        kind = RuleKind.SKILL if _is_skill_path(rule.full_path) else RuleKind.REQUESTED
        description = rule.type.agent_fetched.description or description
    elif which == "file_globbed":
        globs = tuple(rule.type.file_globbed.globs) or _split_globs(fields.get("globs", ""))
        globs = tuple(g for text in globs for g in _split_globs(text))
        return Rule(name, rule.full_path, RuleKind.GLOBBED, body, description, globs, invocable)
    elif which == "manually_attached":
        kind = RuleKind.MANUAL
    else:
        kind = RuleKind.ALWAYS
    if not body.strip() and kind is not RuleKind.SKILL:
        return None
    return Rule(name, rule.full_path, kind, body, description, (), invocable)


def _from_skill(skill: agent.AgentSkill) -> Rule:
    fields, body = front_matter(skill.content)
    invocable = not (skill.disable_model_invocation or _true(fields.get("disable-model-invocation")))
    return Rule(
        fields.get("name") or _stem(skill.full_path),
        skill.full_path,
        RuleKind.SKILL,
        body,
        skill.description or fields.get("description", ""),
        tuple(skill.globs),
        invocable,
    )


def _from_descriptor(descriptor: agent.SkillDescriptor) -> Rule:
    path = descriptor.readme_file_path or descriptor.folder_path
    note = f"[the editor sent only this skill's description; read {path} with the Read tool for its instructions]"
    return Rule(descriptor.name or _stem(path), path, RuleKind.SKILL, note, descriptor.description)


def _unique(rules: Iterable[Rule]) -> list[Rule]:
    seen_paths: set[str] = set()
    names: dict[str, int] = {}
    out: list[Rule] = []
    for rule in rules:
        if rule.path and rule.path in seen_paths:
            continue
        seen_paths.add(rule.path)
        count = names.get(rule.name.casefold(), 0) + 1
        names[rule.name.casefold()] = count
        out.append(rule if count == 1 else attrs.evolve(rule, name=f"{rule.name}-{count}"))
    return out


@attrs.frozen
class RuleBook:
    rules: tuple[Rule, ...] = ()

    @classmethod
    def of(cls, context: agent.RequestContext | None) -> RuleBook:
        if context is None:
            return cls()
        found: list[Rule] = []
        if context.HasField("cloud_rule") and context.cloud_rule.strip():
            found.append(Rule("team-rule", "", RuleKind.ALWAYS, context.cloud_rule))
        for cursor_rule in [*context.rules, *context.non_file_rules]:
            rule = _from_cursor_rule(cursor_rule)
            if rule is not None:
                found.append(rule)
        found += [_from_skill(skill) for skill in context.agent_skills]
        if context.HasField("skill_options"):
            found += [_from_descriptor(d) for d in context.skill_options.skill_descriptors if d.enabled]
        return cls(tuple(_unique(found)))

    def of_kind(self, *kinds: RuleKind) -> list[Rule]:
        return [r for r in self.rules if r.kind in kinds]

    @property
    def offered(self) -> list[Rule]:
        """What the model may fetch by name: agent-requested rules and skills it may invoke."""
        return [r for r in self.of_kind(RuleKind.REQUESTED, RuleKind.SKILL) if r.model_invocable]

    def system_sections(self) -> list[str]:
        sections: list[str] = []
        always = self.of_kind(RuleKind.ALWAYS)
        if always:
            body = "\n\n".join(r.text() for r in always)
            sections.append("<rules>\nThe user's rules. Follow them.\n\n" + body + "\n</rules>")
        offered = self.offered
        if offered:
            lines = "\n".join(f"- {r.name}: {r.description or '(no description)'}" for r in offered)
            sections.append(
                "<available_rules>\nRules and skills you can fetch by name with the "
                f"{FETCH_RULES_TOOL} tool. Fetch the ones whose description fits the task before you start on"
                " it, and follow them.\n" + lines + "\n</available_rules>"
            )
        return sections

    def matching(self, paths: Sequence[str], applied: Iterable[str] = ()) -> list[Rule]:
        """The file-globbed rules (and skills with globs) that `paths` trigger, leaving out `applied` names."""
        done = set(applied)
        out = []
        for rule in self.rules:
            if rule.name in done or not rule.globs or rule.kind not in (RuleKind.GLOBBED, RuleKind.SKILL):
                continue
            if rule.kind is RuleKind.SKILL and not rule.model_invocable:
                continue
            if any(glob_matches(g, p) for g in rule.globs for p in paths):
                out.append(rule)
        return out

    def tool_spec(self) -> ToolSpec | None:
        """The `FetchRules` tool, offered only when there is something to fetch."""
        offered = self.offered
        if not offered:
            return None
        return ToolSpec(
            FETCH_RULES_TOOL,
            "Fetch the full text of rules and skills listed in <available_rules>, by name.",
            {
                "type": "object",
                "properties": {
                    "names": {
                        "type": "array",
                        "items": {"type": "string", "enum": [r.name for r in offered]},
                        "description": "the names of the rules or skills to fetch",
                    }
                },
                "required": ["names"],
            },
        )

    def fetch(self, arguments: dict[str, Any]) -> tuple[str, bool]:
        """The `FetchRules` result for the model's arguments: (text, is_error)."""
        names = arguments.get("names")
        if isinstance(names, str):
            names = [names]
        if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
            return "FetchRules needs `names`: a list of rule or skill names from <available_rules>.", True
        by_name = {r.name.casefold(): r for r in self.offered}
        found, unknown = [], []
        for name in names:
            rule = by_name.get(name.strip().casefold())
            if rule is None:
                unknown.append(name)
            else:
                found.append(rule.text())
        if unknown:
            known = ", ".join(r.name for r in self.offered)
            message = f"No rule or skill named {', '.join(map(repr, unknown))}. Available: {known}."
            return ("\n\n".join([*found, message]), not found)
        return "\n\n".join(found), False

