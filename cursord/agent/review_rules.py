"""Auto-review's deterministic part: what a Shell, MCP or WebFetch call does, as the reviewer is shown it,
and the rules no reviewer can override.

A call is first reduced to its target (`target`): the command and its working directory, the URL, or the
MCP server, tool and arguments, never the free text the checked model writes beside them (a Shell call's
`description`). A command is split into its parts at every `;`, `&&`, `||`, `|`, `&`, subshell parenthesis
and line break, and the body of every `$(...)`, backtick and `<(...)` substitution is a part of its own
(`split_command`); a `cd` moves where the later parts' relative paths point.
`check` then asks the user, without a reviewer, when a row of `DENY_RULES` matches a part (or the whole
command runs code it downloads), when the command cannot be split, or when a part would not fit the reviewer
whole; otherwise the reviewer must allow each part on its own. Pure: no I/O, nothing from the model's wording.
"""

from __future__ import annotations

import json
import posixpath
import re
import shlex
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from cursord.agent.tools import McpTool, ShellTool, Tool, WebFetchTool
from cursord.providers.model import ToolSpec

#: the most text one review may show; a longer target is asked, never cut
MAX_REVIEW_CHARS = 8_000
#: the most parts a command may have to be reviewed part by part
MAX_PARTS = 12
#: the deepest substitution nesting the rules follow
MAX_NESTING = 8
#: the Shell arguments with which the model asks for the user's approval card after a block (Cursor's names)
APPROVAL_FLAG, APPROVAL_REASON = "request_smart_mode_approval", "smart_mode_block_reason"
APPROVAL_FALLBACK = "The agent asks you to approve this command."

_SUBSTITUTION = "$(…)"  # what stands for a substitution's body inside the part that holds it


@attrs.frozen
class Target:
    """What a reviewed call does: `parts` are what the reviewer sees, each alone; `whole` the command as
    the editor will run it (Shell), `where` its working directory as the model gave it."""

    tool: str
    parts: tuple[str, ...]
    whole: str = ""
    where: str = ""
    #: why the call cannot be reviewed at all (a command that does not parse), else None
    unparsed: str | None = None


# ---- splitting a command ------------------------------------------------------------------------------

_OPERATORS = ("&&", "||", ";", "|", "&", "\n")
_OPENERS = {"$(": ")", "<(": ")", ">(": ")", "`": "`"}


class _Unbalanced(ValueError):
    pass


def reviewed(tool: Tool | None) -> bool:
    """Whether calls to `tool` go through Auto-review: Shell, MCP tools and WebFetch."""
    return isinstance(tool, ShellTool | McpTool | WebFetchTool)


def split_command(command: str) -> list[str]:
    """The simple commands of `command`: its top-level parts, then the bodies of its substitutions (each
    split the same way), in order. Raises `ValueError` for an unclosed quote or substitution, or
    substitutions nested more than `MAX_NESTING` deep."""
    parts: list[str] = []
    _split(command, parts, 0)
    return [p for p in parts if p]


def _split(text: str, out: list[str], depth: int) -> None:
    if depth > MAX_NESTING:
        raise _Unbalanced(f"substitutions nested more than {MAX_NESTING} deep")
    current: list[str] = []
    inner: list[str] = []
    i, n = 0, len(text)
    quote: str | None = None
    while i < n:
        ch = text[i]
        if quote == "'":
            current.append(ch)
            quote = None if ch == "'" else quote
            i += 1
            continue
        if ch == "\\" and i + 1 < n:
            current.append(text[i : i + 2])
            i += 2
            continue
        opener = next((o for o in _OPENERS if text.startswith(o, i)), None)
        if opener is not None:
            body, end = _body(text, i + len(opener), _OPENERS[opener], opener)
            inner.append(body)
            current.append(_SUBSTITUTION)
            i = end
            continue
        if quote == '"':
            current.append(ch)
            quote = None if ch == '"' else quote
            i += 1
            continue
        if ch in "'\"":
            quote = ch
            current.append(ch)
            i += 1
            continue
        operator = next((o for o in _OPERATORS if text.startswith(o, i)), None)
        if operator == "&" and _is_redirect_amp(text, i):
            operator = None
        if ch in "()":  # a subshell's bounds (substitutions were taken above)
            operator = ch
        if operator is not None:
            out.append("".join(current).strip())
            current = []
            i += len(operator)
            continue
        current.append(ch)
        i += 1
    if quote is not None:
        raise _Unbalanced(f"an unclosed {quote} quote")
    out.append("".join(current).strip())
    for body in inner:
        _split(body, out, depth + 1)


def _is_redirect_amp(text: str, i: int) -> bool:
    """Whether the `&` at `i` belongs to a redirection (`2>&1`, `&>file`, `>&2`), not a background job."""
    return (i > 0 and text[i - 1] in "<>") or text.startswith("&>", i)


def _body(text: str, start: int, closer: str, opener: str) -> tuple[str, int]:
    """The body of a substitution opened before `start`, and the index after its closer."""
    depth, i, quote = 1, start, None
    while i < len(text):
        ch = text[i]
        if quote is not None:
            if ch == "\\" and quote == '"':
                i += 2
                continue
            quote = None if ch == quote else quote
        elif ch == "\\":
            i += 2
            continue
        elif ch in "'\"" and opener != "`":
            quote = ch
        elif opener != "`" and ch == "(":
            depth += 1
        elif ch == closer:
            depth -= 1
            if depth == 0:
                return text[start:i], i + 1
        i += 1
    raise _Unbalanced(f"an unclosed {opener}")


# ---- the words of one part ------------------------------------------------------------------------------

_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
#: commands that run the command after them (their own options and, for some, one value skipped)
_WRAPPERS = {
    "env": 0,
    "command": 0,
    "builtin": 0,
    "exec": 0,
    "nohup": 0,
    "time": 0,
    "nice": 0,
    "xargs": 0,
    "timeout": 1,
    "stdbuf": 0,
    "ionice": 0,
    "chronic": 0,
    "caffeinate": 0,
    "unbuffer": 0,
    "busybox": 0,
    "toybox": 0,
}
_STDIN_ARGUMENT = "$(stdin)"  # stands for the arguments `xargs` reads: unknown when the rules run


#: shell words that only open or close a compound command: the command that runs comes after them
_RESERVED = frozenset({"{", "}", "!", "if", "then", "else", "elif", "fi", "do", "done", "while", "until"})
#: commands that change the directory the next parts run in
_CD = frozenset({"cd", "pushd", "chdir", "set-location", "sl"})


def _words(part: str) -> list[str]:
    return shlex.split(part, comments=False, posix=True)


def command_words(words: Sequence[str]) -> list[str]:
    """`words` from the command that actually runs: leading assignments, wrappers (`env`, `nohup`,
    `timeout 5`, `xargs -0`, ...) and reserved words (`if`, `do`, `{`, ...) dropped, the command named by its
    base name in lower case."""
    i, fed = 0, False
    while i < len(words):
        word = words[i]
        name = posixpath.basename(word).lower().lstrip("\\")
        if _ASSIGNMENT.match(word) or word in _RESERVED:
            i += 1
        elif name in _WRAPPERS:
            fed = fed or name == "xargs"
            i += 1
            while i < len(words) and (words[i].startswith("-") or _ASSIGNMENT.match(words[i])):
                i += 1
            i += min(_WRAPPERS[name], max(len(words) - i - 1, 0))
        else:  # what `xargs` feeds the command is one more argument no rule can know
            return [name, *words[i + 1 :], *([_STDIN_ARGUMENT] if fed else [])]
    return []


# ---- the deny-list --------------------------------------------------------------------------------------

_PRIVILEGE = frozenset({"sudo", "doas", "su", "pkexec", "runas", "gsudo"})
_DISK_TOOLS = frozenset({
    "dd", "fdisk", "sfdisk", "cfdisk", "parted", "gparted", "gdisk", "sgdisk", "wipefs", "shred", "mkswap",
    "blkdiscard", "hdparm", "diskpart", "format", "cryptsetup", "zpool", "lvremove", "vgremove", "pvremove",
    "mdadm", "badblocks", "sdelete",
})  # fmt: skip
_DEVICE = re.compile(r">\s*/dev/(sd|hd|vd|xvd|nvme|disk|rdisk|mmcblk|mapper/)")
_DOWNLOADERS = frozenset({"curl", "wget", "fetch", "aria2c", "http", "https", "iwr", "irm",
                          "invoke-webrequest", "invoke-restmethod"})  # fmt: skip
_INTERPRETERS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "fish", "csh", "tcsh", "ash", "python", "python3",
                           "perl", "ruby", "node", "php", "pwsh", "powershell", "iex", "invoke-expression",
                           "source", "."})  # fmt: skip
_PROFILE = re.compile(
    r"(^|/)\.(bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|zlogout|kshrc"
    r"|cshrc|tcshrc|inputrc)$|(^|/)\.config/fish/|(^|/)\.ssh(/|$)|^/etc/(profile|bash\.bashrc|zsh|environment"
    r"|sudoers|ssh/)|powershell_profile\.ps1$|(^|/)authorized_keys$",
    re.IGNORECASE,
)
_WRITERS = frozenset({"tee", "cp", "mv", "ln", "install", "rsync", "scp", "chmod", "chown", "truncate", "touch",
                      "rm", "ssh-keygen", "ssh-copy-id", "ed", "set-content", "add-content", "out-file",
                      "copy-item", "move-item"})  # fmt: skip
_REDIRECT = re.compile(r">+\|?\s*([^\s;&|<>]+)")
_RECURSIVE = re.compile(r"^-[a-zA-Z]*[rR][a-zA-Z]*$")


@attrs.frozen
class Part:
    """One simple command, as the rules read it."""

    text: str
    words: tuple[str, ...]  # from the command that runs (`command_words`)
    where: str  # the directory it runs in: the model's working directory, else the workspace's first root
    workspace: tuple[str, ...]


@attrs.frozen
class DenyRule:
    """A row of the deny-list: its name, the reason the user is shown, and when it matches one part."""

    name: str
    reason: str
    matches: Callable[[Part], bool]


def _privileged(part: Part) -> bool:
    return bool(part.words) and part.words[0] in _PRIVILEGE


def _computed(part: Part) -> bool:
    """A command whose name comes from a variable or a substitution (`$CMD`, `$(echo rm) -rf ~`)."""
    return bool(part.words) and ("$" in part.words[0] or _SUBSTITUTION in part.words[0])


def _inside(path: str, part: Part, *, root_too: bool = False) -> bool:
    """Whether `path` lies strictly inside one of the workspace's roots (or is one, with `root_too`); a
    home-relative or variable path, or one that climbs out, does not."""
    if not path or path[0] in "~$" or "$" in path or "`" in path or _SUBSTITUTION in path:
        return False
    if not posixpath.isabs(path):
        if not part.where or not posixpath.isabs(part.where):
            return False
        path = posixpath.join(part.where, path)
    path = posixpath.normpath(path)
    roots = [posixpath.normpath(root) for root in part.workspace if root]
    return any(path.startswith(root.rstrip("/") + "/") or (root_too and path == root) for root in roots)


def _recursive_delete_outside(part: Part) -> bool:
    if not part.words:
        return False
    name, args = part.words[0], part.words[1:]
    if name == "rm":
        options = [a for a in args if a.startswith("-") and a != "-"]
        recursive = any(_RECURSIVE.match(a) or a == "--recursive" for a in options)
        targets = [a for a in args if not a.startswith("-")]
        return recursive and any(not _inside(t, part) for t in targets)
    if name in ("remove-item", "ri", "rd", "rmdir", "del"):
        flags = {a.lower() for a in args}
        recursive = bool(flags & {"-recurse", "-r", "/s"})
        targets = [a for a in args if not a.startswith(("-", "/s", "/q"))]
        return recursive and any(not _inside(t, part) for t in targets)
    deletes = "-delete" in args or ("-exec" in args and any(posixpath.basename(a) == "rm" for a in args))
    if name == "find" and deletes:
        starts = args[: next((i for i, a in enumerate(args) if a.startswith("-")), len(args))]
        return not starts or any(not _inside(s, part, root_too=True) for s in starts)
    return False


def _writes_profile_or_ssh(part: Part) -> bool:
    redirected = (m.group(1).strip("'\"") for m in _REDIRECT.finditer(part.text))
    if any(_PROFILE.search(t) for t in redirected):
        return True
    tokens = part.words
    if not tokens:
        return False
    writer = tokens[0] in _WRITERS or (tokens[0] in ("sed", "perl") and any(t.startswith("-i") for t in tokens))
    return writer and any(_PROFILE.search(t) for t in tokens[1:])


def _force_push(part: Part) -> bool:
    words = part.words
    if not words or words[0] != "git" or "push" not in words:
        return False
    after = words[words.index("push") + 1 :]
    return any(
        a in ("--force", "--mirror", "--force-if-includes")
        or a.startswith("--force-with-lease")
        or (a.startswith("-") and not a.startswith("--") and "f" in a[1:])
        or (a.startswith("+") and len(a) > 1)
        for a in after
    )


def _disk_tool(part: Part) -> bool:
    if _DEVICE.search(part.text):
        return True
    if not part.words:
        return False
    name = part.words[0]
    if name == "diskutil":
        return len(part.words) > 1 and part.words[1].lower() not in ("list", "info", "activity")
    return name in _DISK_TOOLS or name.startswith(("mkfs", "mke2fs", "newfs"))


#: the deny-list, one row per rule, checked on every part
DENY_RULES: tuple[DenyRule, ...] = (
    DenyRule("privilege", "runs a command as another user (sudo)", _privileged),
    DenyRule("computed", "runs a command whose name is computed when it runs", _computed),
    DenyRule("recursive-delete", "deletes recursively outside the workspace", _recursive_delete_outside),
    DenyRule("profile-or-ssh", "writes to a shell profile or to SSH keys and settings", _writes_profile_or_ssh),
    DenyRule("force-push", "force-pushes (rewrites a remote's history)", _force_push),
    DenyRule("disk-tool", "uses a disk tool (partitions, formats or overwrites a device)", _disk_tool),
)
PIPE_TO_SHELL = "runs code it downloads (curl … | sh)"


def _reads_program(args: Sequence[str]) -> bool:
    """Whether an interpreter called with `args` reads its program from its input or a substitution."""
    options = args[: args.index("--")] if "--" in args else args
    return (
        "-s" in options
        or "-" in args
        or all(a.startswith("-") for a in options)
        or any(_SUBSTITUTION in a for a in args)
    )


def _runs_downloaded_code(parts: Sequence[Part]) -> bool:
    """A downloader in the command and an interpreter that reads its program from a pipe or a substitution
    (`curl … | sh`, `bash -c "$(curl …)"`, `python3 <(wget -O- …)`), or a program the download names run
    (`curl -O https://x/install.sh && bash install.sh`, `... && ./install.sh`)."""
    fetched = {posixpath.basename(w) for p in parts if p.words and p.words[0] in _DOWNLOADERS for w in p.words[1:]}
    fetched.discard("")
    if not any(p.words and p.words[0] in _DOWNLOADERS for p in parts):
        return False
    for p in parts:
        if not p.words or p.words[0] in _DOWNLOADERS:
            continue
        if p.words[0] in fetched:
            return True
        if p.words[0] in _INTERPRETERS:
            args = p.words[1:]
            script = next((a for a in args if not a.startswith("-")), "") if not {"-m", "-c"} & set(args) else ""
            if _reads_program(args) or (script and posixpath.basename(script) in fetched):
                return True
    return False


# ---- targets and the check ------------------------------------------------------------------------------


def target(tool: Tool | None, arguments: Mapping[str, Any]) -> Target:
    """What `tool` called with `arguments` does, without the model's free text."""
    if isinstance(tool, ShellTool):
        command = arguments.get("command")
        where = arguments.get("working_directory")
        if not isinstance(command, str) or not command.strip():
            return Target(tool.name, (), unparsed="the command is missing")
        where = where.strip() if isinstance(where, str) else ""
        if len(command) > MAX_REVIEW_CHARS:  # asked before it is split (which is linear, but on the event loop)
            return Target(tool.name, (), command, where, unparsed="too long to review whole")
        try:
            parts = tuple(split_command(command.strip()))
        except ValueError as exc:
            return Target(tool.name, (), command, where, unparsed=f"the command cannot be parsed ({exc})")
        return Target(tool.name, parts, command.strip(), where)
    if isinstance(tool, WebFetchTool):
        url = arguments.get("url")
        return Target(tool.name, (url.strip(),) if isinstance(url, str) else (), unparsed=None if url else "no URL")
    if isinstance(tool, McpTool):
        shown = json.dumps(dict(arguments), indent=1, sort_keys=True, ensure_ascii=False, default=str)
        return Target(f"MCP tool {tool.tool} on server {tool.server or 'unknown'}", (shown,))
    name = tool.name if tool is not None else "unknown"
    return Target(name, (), unparsed="the tool is not one Auto-review knows")


_SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "fish", "ash", "csh", "tcsh"})


def _program(words: Sequence[str]) -> str | None:
    """The program text a shell runs from `-c TEXT`, or `eval` from its arguments, else None."""
    if words and words[0] == "eval":
        return " ".join(words[1:])
    if words and words[0] in _SHELLS:
        for i, word in enumerate(words[1:-1], start=1):
            if word.startswith("-") and not word.startswith("--") and "c" in word:
                return words[i + 1]
    return None


def _moved(where: str, args: Sequence[str]) -> str:
    """The directory after `cd args` from `where`; "" when it cannot be known (home, a variable, `-`)."""
    target = next((a for a in args if not a.startswith("-") or a == "-"), "~")
    if target[0] in "~$-" or "$" in target or _SUBSTITUTION in target:
        return ""
    if posixpath.isabs(target):
        return posixpath.normpath(target)
    return posixpath.normpath(posixpath.join(where, target)) if posixpath.isabs(where) else ""


def _parts(texts: Sequence[str], where: str, workspace: tuple[str, ...]) -> list[Part]:
    """Each text as a `Part`, and the program of every `sh -c` or `eval` split into parts of its own
    (raises `ValueError` for text that does not parse, or more than `MAX_PARTS` parts in all)."""
    pending, parts = list(texts), []
    while pending:
        text = pending.pop(0)
        words = tuple(command_words(_words(text)))
        parts.append(Part(text, words, where, workspace))
        if words and words[0] in _CD:  # `cd ~ && rm -rf work`: later relative paths are judged from there
            where = _moved(where, words[1:])
        program = _program(words)
        if program is not None:
            pending.extend(split_command(program))
        if len(parts) + len(pending) > MAX_PARTS:
            raise ValueError(f"it chains more than {MAX_PARTS} commands")
    return parts


def check(found: Target, workspace: Sequence[str]) -> str | None:
    """Why the deterministic rules ask the user about `found` (no reviewer runs), or None: the reviewer
    must then allow each of its parts on its own."""
    if found.unparsed is not None:
        return found.unparsed
    if not found.parts:
        return "there is nothing to review"
    if any(len(p) > MAX_REVIEW_CHARS for p in found.parts) or len(found.where) > 512 or "\n" in found.where:
        return "too long to review whole"
    if len(found.parts) > MAX_PARTS:
        return f"chains more than {MAX_PARTS} commands"
    if not found.whole:  # a URL or an MCP call: no shell rules apply
        return None
    root = workspace[0] if workspace else ""
    where = posixpath.join(root, found.where) if found.where and root else found.where or root
    try:
        parts = _parts(found.parts, where, tuple(workspace))
    except ValueError as exc:
        return f"the command cannot be reviewed: {exc}"
    if _runs_downloaded_code(parts):
        return PIPE_TO_SHELL
    for part in parts:
        for rule in DENY_RULES:
            if rule.matches(part):
                return f"{rule.reason}: {part.text}"
    return None


def approval_requested(tool: Tool | None, arguments: Mapping[str, Any]) -> str | None:
    """The reason to show on the user's approval card when the model re-sent a Shell call Auto-review
    blocked with `request_smart_mode_approval` (as Cursor's agent lets it), else None."""
    if not isinstance(tool, ShellTool) or arguments.get(APPROVAL_FLAG) is not True:
        return None
    reason = arguments.get(APPROVAL_REASON)
    return reason.strip()[:500] if isinstance(reason, str) and reason.strip() else APPROVAL_FALLBACK


#: `with_approval_parameters` by the specs it was given (a registry's, shared by every run of a tool set: see
#: `ToolSpec`), kept beside them so their id is not reused while cached; the oldest dropped past APPROVAL_CACHE
_approval_specs: dict[int, tuple[Sequence[ToolSpec], tuple[ToolSpec, ...]]] = {}
APPROVAL_CACHE = 64


def with_approval_parameters(specs: Sequence[ToolSpec]) -> tuple[ToolSpec, ...]:
    """`specs` with Shell taking the two arguments by which the model asks for the user's approval card
    (offered, as Cursor's agent offers them, only while Auto-review is on). The same specs give the same
    tuple, so a run's prompt estimate and request reuse what was derived from the Shell schema before."""
    cached = _approval_specs.get(id(specs))
    if cached is not None and cached[0] is specs:
        return cached[1]
    offered = tuple(_with_approval(spec) if spec.name == ShellTool.name else spec for spec in specs)
    if not isinstance(specs, tuple):  # a list may change: only a tuple is cached
        return offered
    if len(_approval_specs) >= APPROVAL_CACHE:
        del _approval_specs[next(iter(_approval_specs))]
    _approval_specs[id(specs)] = (specs, offered)
    return offered


def _with_approval(spec: ToolSpec) -> ToolSpec:
    schema = dict(spec.json_schema)
    schema["properties"] = {
        **schema.get("properties", {}),
        APPROVAL_FLAG: {
            "type": "boolean",
            "description": "Only when the user asked for this very command and Auto-review would not run it "
            "unattended: true shows the user an approval card for it instead of reviewing it again.",
        },
        APPROVAL_REASON: {
            "type": "string",
            "description": "With request_smart_mode_approval: why the command needs the user's approval.",
        },
    }
    return ToolSpec(spec.name, spec.description, schema)
