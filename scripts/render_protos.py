#!/usr/bin/env python3
"""Render cursord's .proto sources from the reference descriptor sets in proto/reference/ and compile them with protoc.

Usage:
    scripts/render_protos.py            # write proto/cursord/proto/*.proto and cursord/proto/*_pb2.py(i)
    scripts/render_protos.py --check    # render into a temp dir; exit 1 if the committed files differ

Options: ``--schema-dir DIR`` (default ``proto/reference`` beside this script),
``--repo-root DIR`` (default: the repository holding this script).

How it works: both FileDescriptorSets are loaded into one pool. ``agent_v1.proto`` is rendered whole;
``aiserver_v1.proto`` is rendered as the closure of ``AISERVER_METHODS`` and ``AISERVER_TYPES`` (every
top-level type they reference, transitively, with all its nested types). The text is written from the
FileDescriptorProtos in source order (SourceCodeInfo spans). Type references are written as the shortest
name that protoc's scoping rules resolve to the same type (simulated over the rendered file's own symbols),
else fully qualified with a leading dot. Anything this renderer does not model (options other than
``map_entry``/``packed``/``deprecated``/``allow_alias``, extensions, defaults) raises instead of being
dropped.
The rendered files are then compiled with ``python -m grpc_tools.protoc -Iproto --python_out=. --pyi_out=.``.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from google.protobuf import descriptor_pb2, descriptor_pool
from google.protobuf.descriptor import Descriptor, EnumDescriptor

REPO_ROOT = Path(__file__).resolve().parents[1]
PROTO_DIR = "proto"  # the -I root, relative to the repo
OUT_PACKAGE = "cursord/proto"  # where the .proto files sit under PROTO_DIR and the modules under the repo

# aiserver.v1: the methods cursord serves or calls, and the extra types it encodes; whatever they reference
# comes along.
AISERVER_METHODS: dict[str, tuple[str, ...]] = {
    "aiserver.v1.BidiService": ("BidiAppend",),
    "aiserver.v1.AiService": (
        "AvailableModels",
        "GetUsableModels",
        "GetDefaultModelForCli",
        "NameTab",
        "NameAgent",
        "GetDefaultModel",
        "GetDefaultModelNudgeData",
        "StreamSttSSE",
        "StreamCpp",
        "CppConfig",
        "CppEditHistoryStatus",
        "CppAppend",
        "CppEditHistoryAppend",
        "RefreshTabContext",
        "StreamNextCursorPrediction",
        "IsCursorPredictionEnabled",
        "GetCppEditClassification",
        "WriteGitCommitMessage",
        "WriteGitBranchName",
        "GetTerminalCompletion",
        "StreamTerminalAutocomplete",
        "ShouldTurnOnCppOnboarding",
    ),
    "aiserver.v1.CmdKService": ("StreamCmdK", "StreamTerminalCmdK", "RerankCmdKContext", "RerankTerminalCmdKContext"),
    "aiserver.v1.CppService": (
        "AvailableModels",
        "RecordCppFate",
        "MarkCppForEval",
        "StreamHoldCpp",
        "AddTabRequestToEval",
    ),
    "aiserver.v1.CursorPredictionService": ("CursorPredictionConfig",),
    "aiserver.v1.ClientLoggerService": ("LogWhenTabTurnsOff",),
    "aiserver.v1.FileSyncService": ("FSIsEnabledForUser", "FSConfig"),
    "aiserver.v1.ServerConfigService": ("GetServerConfig",),
    "aiserver.v1.HealthService": ("StreamBidiSSE",),
    "aiserver.v1.NetworkService": ("IsConnected",),
}
AISERVER_TYPES: tuple[str, ...] = ("aiserver.v1.BidiRequestId", "aiserver.v1.ErrorDetails", "aiserver.v1.HealthRequest")

FDP = descriptor_pb2.FieldDescriptorProto
MESSAGE_FIELD_TYPES = (FDP.TYPE_MESSAGE, FDP.TYPE_ENUM, FDP.TYPE_GROUP)
SCALARS: dict[int, str] = {
    FDP.TYPE_DOUBLE: "double",
    FDP.TYPE_FLOAT: "float",
    FDP.TYPE_INT64: "int64",
    FDP.TYPE_UINT64: "uint64",
    FDP.TYPE_INT32: "int32",
    FDP.TYPE_FIXED64: "fixed64",
    FDP.TYPE_FIXED32: "fixed32",
    FDP.TYPE_BOOL: "bool",
    FDP.TYPE_STRING: "string",
    FDP.TYPE_BYTES: "bytes",
    FDP.TYPE_UINT32: "uint32",
    FDP.TYPE_SFIXED32: "sfixed32",
    FDP.TYPE_SFIXED64: "sfixed64",
    FDP.TYPE_SINT32: "sint32",
    FDP.TYPE_SINT64: "sint64",
}
# Words the .proto parser treats as statements or scalar types where a type name could start.
# fmt: off
RESERVED_WORDS = frozenset(SCALARS.values()) | {
    "message", "enum", "oneof", "option", "optional", "repeated", "required", "map", "group", "reserved",
    "extensions", "extend", "service", "rpc", "returns", "stream", "import", "package", "syntax", "edition",
    "weak", "public", "to", "max", "true", "false", "inf", "nan",
}
# fmt: on
TYPE_KINDS = frozenset({"message", "enum"})
AGGREGATE_KINDS = TYPE_KINDS | {"package", "service"}
COPIED_FROM = re.compile(r"Copied from:\s*(local:)?([\w.]+)")
INDENT = "  "


class RenderError(Exception):
    """The descriptor uses something this renderer cannot reproduce faithfully."""


@dataclass(frozen=True)
class Target:
    """One .proto file to render from one file of one reference descriptor set."""

    reference_set: str  # descriptor set file in the schema dir
    source_file: str  # file name inside the set
    output: str  # file name under PROTO_DIR
    description: str
    methods: Mapping[str, tuple[str, ...]] | None = None  # None: the whole file
    types: tuple[str, ...] = ()

    @property
    def module(self) -> str:
        return self.output.removesuffix(".proto") + "_pb2"


TARGETS = (
    Target(
        "agent_v1.binpb", "agent_v1.proto", f"{OUT_PACKAGE}/agent_v1.proto", "The whole agent.v1 package."
    ),
    Target(
        "aiserver_bidi.binpb",
        "aiserver_v1.proto",
        f"{OUT_PACKAGE}/aiserver_v1.proto",
        "The part of aiserver.v1 that cursord uses: the methods below and the types they reference,\n"
        "transitively, plus " + ", ".join(AISERVER_TYPES) + ".",
        AISERVER_METHODS,
        AISERVER_TYPES,
    ),
)


def output_files() -> list[str]:
    """Every generated file, relative to the repo root."""
    out = []
    for t in TARGETS:
        out += [f"{PROTO_DIR}/{t.output}", f"{t.module}.py", f"{t.module}.pyi"]
    return out


# ---------------------------------------------------------------------------------------------- loading


@dataclass(frozen=True)
class Reference:
    pool: descriptor_pool.DescriptorPool
    files: dict[str, descriptor_pb2.FileDescriptorProto]
    digests: dict[str, str]  # descriptor set file name -> sha256 hex


def load_reference(schema_dir: Path) -> Reference:
    files: dict[str, descriptor_pb2.FileDescriptorProto] = {}
    digests: dict[str, str] = {}
    for name in sorted({t.reference_set for t in TARGETS}):
        data = (schema_dir / name).read_bytes()
        digests[name] = hashlib.sha256(data).hexdigest()
        for f in descriptor_pb2.FileDescriptorSet.FromString(data).file:
            files.setdefault(f.name, f)
    pool = descriptor_pool.DescriptorPool()
    added: set[str] = set()

    def add(name: str) -> None:
        if name not in added:
            added.add(name)
            for dep in files[name].dependency:
                add(dep)
            pool.Add(files[name])

    for name in files:
        add(name)
    return Reference(pool, files, digests)


# -------------------------------------------------------------------------------------------- selection


@dataclass(frozen=True)
class Selection:
    types: frozenset[str]  # top-level message and enum full names to render
    methods: dict[str, tuple[str, ...]]  # service full name -> method names, in descriptor order
    imports: tuple[str, ...]  # files the rendered types need, sorted


def _outermost(d: Descriptor | EnumDescriptor) -> Descriptor | EnumDescriptor:
    while d.containing_type is not None:
        d = d.containing_type
    return d


def _referenced(m: Descriptor) -> Iterator[Descriptor | EnumDescriptor]:
    for f in m.fields:
        if f.message_type is not None:
            yield f.message_type
        if f.enum_type is not None:
            yield f.enum_type
    for n in m.nested_types:
        yield from _referenced(n)


def select(ref: Reference, target: Target) -> Selection:
    fdp = ref.files[target.source_file]
    prefix = f"{fdp.package}." if fdp.package else ""
    if target.methods is None:
        roots: list[Descriptor | EnumDescriptor] = [
            ref.pool.FindMessageTypeByName(prefix + m.name) for m in fdp.message_type
        ]
        roots += [ref.pool.FindEnumTypeByName(prefix + e.name) for e in fdp.enum_type]
        methods = {prefix + s.name: tuple(m.name for m in s.method) for s in fdp.service}
    else:
        roots = [ref.pool.FindMessageTypeByName(t) for t in target.types]
        methods = {}
        for service_name, wanted in target.methods.items():
            service = ref.pool.FindServiceByName(service_name)
            missing = set(wanted) - set(service.methods_by_name)
            if missing:
                raise RenderError(f"{service_name} has no method(s) {sorted(missing)}")
            methods[service_name] = tuple(m.name for m in service.methods if m.name in wanted)
            for name in methods[service_name]:
                roots += [service.methods_by_name[name].input_type, service.methods_by_name[name].output_type]
    types: set[str] = set()
    imports: set[str] = set()
    stack = roots
    while stack:
        d = _outermost(stack.pop())
        if d.file.name != target.source_file:
            imports.add(d.file.name)
        elif d.full_name not in types:
            types.add(d.full_name)
            if isinstance(d, Descriptor):
                stack += _referenced(d)
    return Selection(frozenset(types), methods, tuple(sorted(imports)))


# -------------------------------------------------------------------------------------------- rendering


def json_name_default(name: str) -> str:
    """protoc's ToJsonName: drop underscores, upper-case the character after each."""
    out, upper = [], False
    for ch in name:
        if ch == "_":
            upper = True
        else:
            out.append(ch.upper() if upper else ch)
            upper = False
    return "".join(out)


def map_entry_name(field_name: str) -> str:
    """protoc's MapEntryName: CamelCase of the field name plus ``Entry``."""
    out, upper = [], True
    for ch in field_name:
        if ch == "_":
            upper = True
        else:
            out.append(ch.upper() if upper and "a" <= ch <= "z" else ch)
            upper = False
    return "".join(out) + "Entry"


class Symbols:
    """The names protoc would see while compiling the rendered file, and its scoping rules over them."""

    def __init__(self) -> None:
        self.kinds: dict[str, str] = {}

    def add_package(self, package: str) -> None:
        parts = package.split(".") if package else []
        for i in range(1, len(parts) + 1):
            self.kinds.setdefault(".".join(parts[:i]), "package")

    def add_message(self, m: descriptor_pb2.DescriptorProto, scope: str) -> None:
        full = f"{scope}.{m.name}" if scope else m.name
        self.kinds[full] = "message"
        for f in m.field:
            self.kinds[f"{full}.{f.name}"] = "field"
        for o in m.oneof_decl:
            self.kinds[f"{full}.{o.name}"] = "oneof"
        for n in m.nested_type:
            self.add_message(n, full)
        for e in m.enum_type:
            self.add_enum(e, full)

    def add_enum(self, e: descriptor_pb2.EnumDescriptorProto, scope: str) -> None:
        full = f"{scope}.{e.name}" if scope else e.name
        self.kinds[full] = "enum"
        for v in e.value:  # C++ scoping: values are siblings of their enum
            self.kinds[f"{scope}.{v.name}" if scope else v.name] = "enum_value"

    def add_service(
        self, s: descriptor_pb2.ServiceDescriptorProto, scope: str, methods: Sequence[str]
    ) -> None:
        full = f"{scope}.{s.name}" if scope else s.name
        self.kinds[full] = "service"
        for name in methods:
            self.kinds[f"{full}.{name}"] = "method"

    def add_file(self, f: descriptor_pb2.FileDescriptorProto) -> None:
        self.add_package(f.package)
        for m in f.message_type:
            self.add_message(m, f.package)
        for e in f.enum_type:
            self.add_enum(e, f.package)
        for s in f.service:
            self.add_service(s, f.package, [m.name for m in s.method])

    def lookup(self, name: str, relative_to: str, types_only: bool) -> str | None:
        """Resolve ``name`` as written in declaration ``relative_to``, like protoc's LookupSymbol does."""
        first, _, rest = name.partition(".")
        scope = relative_to
        while True:
            dot = scope.rfind(".")
            if dot < 0:
                kind = self.kinds.get(name)
                if kind is None or (types_only and kind not in TYPE_KINDS):
                    return None
                return name
            scope = scope[:dot]
            candidate = f"{scope}.{first}"
            kind = self.kinds.get(candidate)
            if kind is None:
                continue
            if rest:
                if kind in AGGREGATE_KINDS:
                    full = f"{candidate}.{rest}"
                    return full if full in self.kinds else None
            elif not types_only or kind in TYPE_KINDS:
                return candidate

    def reference(self, target: str, relative_to: str, types_only: bool = True) -> str:
        """The shortest way to write the type ``target`` (full name) inside ``relative_to``."""
        parts = target.split(".")
        for i in range(len(parts) - 1, -1, -1):
            if parts[i] in RESERVED_WORDS:
                continue
            name = ".".join(parts[i:])
            if self.lookup(name, relative_to, types_only) == target:
                return name
        return "." + target


Span = tuple[int, int]
NO_SPAN: Span = (1 << 30, 0)


class FileRenderer:
    """Writes one .proto file from a FileDescriptorProto and a Selection."""

    def __init__(self, ref: Reference, target: Target, selection: Selection) -> None:
        self.ref = ref
        self.target = target
        self.sel = selection
        self.fdp = ref.files[target.source_file]
        self.package = self.fdp.package
        if self.fdp.syntax != "proto3":
            raise RenderError(f"{target.source_file}: only proto3 is supported, not {self.fdp.syntax!r}")
        if self.fdp.extension:
            raise RenderError(f"{target.source_file}: extensions are not supported")
        self.spans: dict[tuple[int, ...], Span] = {}
        self.comments: dict[tuple[int, ...], str] = {}
        for loc in self.fdp.source_code_info.location:
            self.spans[tuple(loc.path)] = (loc.span[0], loc.span[1])
            if loc.leading_comments:
                self.comments[tuple(loc.path)] = loc.leading_comments
        self.symbols = Symbols()
        self.symbols.add_package(self.package)
        for imp in selection.imports:
            self.symbols.add_file(ref.files[imp])
        for m in self.fdp.message_type:
            if self._full(m.name) in selection.types:
                self.symbols.add_message(m, self.package)
        for e in self.fdp.enum_type:
            if self._full(e.name) in selection.types:
                self.symbols.add_enum(e, self.package)
        for s in self.fdp.service:
            if self._full(s.name) in selection.methods:
                self.symbols.add_service(s, self.package, selection.methods[self._full(s.name)])
        self.lines: list[str] = []

    def _full(self, name: str, scope: str | None = None) -> str:
        scope = self.package if scope is None else scope
        return f"{scope}.{name}" if scope else name

    def _span(self, path: tuple[int, ...]) -> Span:
        return self.spans.get(path, NO_SPAN)

    def _emit(self, depth: int, text: str) -> None:
        self.lines.append(INDENT * depth + text if text else "")

    def _copy_note(self, depth: int, path: tuple[int, ...]) -> None:
        mo = COPIED_FROM.search(self.comments.get(path, ""))
        if mo and not mo.group(1):
            self._emit(depth, f"// Copy of {mo.group(2)} made by the schema extractor (same wire format).")

    # -- top level

    def render(self) -> str:
        t, f = self.target, self.fdp
        sets = f"proto/reference/{t.reference_set}"
        digest = self.ref.digests[t.reference_set][:16]
        self.lines = [
            f"// Code generated by scripts/render_protos.py from {sets}",
            f"// (file {f.name}, descriptor set sha256 {digest}...).",
            "// DO NOT EDIT: change the script (or the reference descriptors) and re-run it.",
            "//",
            *("// " + line for line in t.description.splitlines()),
        ]
        if t.methods is not None:
            for service, methods in self.sel.methods.items():
                self.lines.append(f"//   {service}: {', '.join(methods)}")
        self.lines += ["", 'syntax = "proto3";', "", f"package {self.package};", ""]
        if self.sel.imports:
            self.lines += [f'import "{imp}";' for imp in self.sel.imports] + [""]
        items: list[tuple[Span, int, int]] = []
        for i, m in enumerate(f.message_type):
            if self._full(m.name) in self.sel.types:
                items.append((self._span((4, i)), 4, i))
        for i, e in enumerate(f.enum_type):
            if self._full(e.name) in self.sel.types:
                items.append((self._span((5, i)), 5, i))
        for i, s in enumerate(f.service):
            if self._full(s.name) in self.sel.methods:
                items.append((self._span((6, i)), 6, i))
        for _, kind, i in sorted(items):
            if kind == 4:
                self._message(f.message_type[i], (4, i), self.package, 0)
            elif kind == 5:
                self._enum(f.enum_type[i], (5, i), self.package, 0)
            else:
                self._service(f.service[i], (6, i))
            self.lines.append("")
        return "\n".join(self.lines).rstrip("\n") + "\n"

    # -- messages

    def _message(
        self, m: descriptor_pb2.DescriptorProto, path: tuple[int, ...], scope: str, depth: int
    ) -> None:
        full = self._full(m.name, scope)
        if m.extension or m.extension_range:
            raise RenderError(f"{full}: extensions are not supported")
        if m.options.ByteSize():
            raise RenderError(f"{full}: message options are not supported: {m.options}")
        entries = {n.name: n for n in m.nested_type if n.options.map_entry}
        self._copy_note(depth, path)
        if not (m.field or m.nested_type or m.enum_type or m.reserved_range or m.reserved_name):
            self._emit(depth, f"message {m.name} {{}}")
            return
        self._emit(depth, f"message {m.name} {{")
        # Items in source order: (span, kind, index); kind 2 = field, 8 = oneof, 3 = message, 4 = enum.
        items: list[tuple[Span, int, int]] = []
        oneof_first: dict[int, Span] = {}
        for i, f in enumerate(m.field):
            span = self._span((*path, 2, i))
            if f.HasField("oneof_index") and not f.proto3_optional:
                oneof_first[f.oneof_index] = min(span, oneof_first.get(f.oneof_index, span))
            else:
                items.append((span, 2, i))
        items += [(span, 8, i) for i, span in oneof_first.items()]
        items += [
            (self._span((*path, 3, i)), 3, i) for i, n in enumerate(m.nested_type) if n.name not in entries
        ]
        items += [(self._span((*path, 4, i)), 4, i) for i in range(len(m.enum_type))]
        items.sort()
        for n, (_, kind, i) in enumerate(items):
            if kind == 2:
                self._field(m.field[i], m, full, entries, depth + 1)
            elif kind == 8:
                self._oneof(m, i, full, entries, depth + 1)
            elif kind == 3:
                self._message(m.nested_type[i], (*path, 3, i), full, depth + 1)
            else:
                self._enum(m.enum_type[i], (*path, 4, i), full, depth + 1)
            if kind in (3, 4) and n + 1 < len(items):
                self._emit(0, "")
        self._reserved(m.reserved_range, m.reserved_name, depth + 1, end_inclusive=False)
        self._emit(depth, "}")

    def _oneof(
        self,
        m: descriptor_pb2.DescriptorProto,
        index: int,
        scope: str,
        entries: Mapping[str, descriptor_pb2.DescriptorProto],
        depth: int,
    ) -> None:
        decl = m.oneof_decl[index]
        if decl.options.ByteSize():
            raise RenderError(f"{scope}.{decl.name}: oneof options are not supported")
        self._emit(depth, f"oneof {decl.name} {{")
        for f in m.field:
            if f.HasField("oneof_index") and f.oneof_index == index and not f.proto3_optional:
                self._field(f, m, scope, entries, depth + 1, in_oneof=True)
        self._emit(depth, "}")

    def _field(
        self,
        f: descriptor_pb2.FieldDescriptorProto,
        m: descriptor_pb2.DescriptorProto,
        scope: str,
        entries: Mapping[str, descriptor_pb2.DescriptorProto],
        depth: int,
        in_oneof: bool = False,
    ) -> None:
        full = f"{scope}.{f.name}"
        if f.HasField("default_value") or f.HasField("extendee"):
            raise RenderError(f"{full}: defaults and extensions are not supported")
        if f.label == FDP.LABEL_REQUIRED or f.type == FDP.TYPE_GROUP:
            raise RenderError(f"{full}: required fields and groups do not exist in proto3")
        entry = entries.get(f.type_name.rsplit(".", 1)[-1]) if f.type == FDP.TYPE_MESSAGE else None
        if entry is not None and f.type_name != f".{scope}.{entry.name}":
            entry = None
        if entry is not None:
            if f.label != FDP.LABEL_REPEATED or entry.name != map_entry_name(f.name):
                raise RenderError(f"{full}: map entry {entry.name} does not match what protoc would generate")
            key, value = (next(e for e in entry.field if e.number == n) for n in (1, 2))
            entry_scope = f"{scope}.{entry.name}"
            type_text = (
                f"map<{self._type(key, f'{entry_scope}.key')}, {self._type(value, f'{entry_scope}.value')}>"
            )
            label = ""
        else:
            type_text = self._type(f, full)
            if f.label == FDP.LABEL_REPEATED:
                label = "repeated "
            elif f.proto3_optional:
                oneof = f"_{f.name}"
                if not f.HasField("oneof_index") or m.oneof_decl[f.oneof_index].name != oneof:
                    raise RenderError(f"{full}: synthetic oneof is not named {oneof}")
                label = "optional "
            else:
                label = ""
        if in_oneof and label:
            raise RenderError(f"{full}: a oneof member cannot be {label.strip()}")
        options = []
        if f.HasField("json_name") and f.json_name != json_name_default(f.name):
            options.append(f'json_name = "{f.json_name}"')
        opts = descriptor_pb2.FieldOptions()
        opts.CopyFrom(f.options)
        if opts.HasField("packed"):
            options.append(f"packed = {'true' if opts.packed else 'false'}")
            opts.ClearField("packed")
        if opts.HasField("deprecated"):
            options.append(f"deprecated = {'true' if opts.deprecated else 'false'}")
            opts.ClearField("deprecated")
        if opts.ByteSize():
            raise RenderError(f"{full}: field options are not supported: {opts}")
        suffix = f" [{', '.join(options)}]" if options else ""
        self._emit(depth, f"{label}{type_text} {f.name} = {f.number}{suffix};")

    def _type(self, f: descriptor_pb2.FieldDescriptorProto, relative_to: str) -> str:
        if f.type in SCALARS:
            return SCALARS[f.type]
        if f.type not in MESSAGE_FIELD_TYPES or not f.type_name.startswith("."):
            raise RenderError(f"{relative_to}: unresolved type {f.type} {f.type_name!r}")
        return self.symbols.reference(f.type_name[1:], relative_to)

    def _reserved(
        self,
        ranges: Sequence[descriptor_pb2.DescriptorProto.ReservedRange]
        | Sequence[descriptor_pb2.EnumDescriptorProto.EnumReservedRange],
        names: Sequence[str],
        depth: int,
        end_inclusive: bool,
    ) -> None:
        parts = []
        for r in ranges:
            end = r.end if end_inclusive else r.end - 1
            parts.append(str(r.start) if end == r.start else f"{r.start} to {end}")
        if parts:
            self._emit(depth, f"reserved {', '.join(parts)};")
        if names:
            self._emit(depth, "reserved " + ", ".join(f'"{n}"' for n in names) + ";")

    # -- enums and services

    def _enum(
        self, e: descriptor_pb2.EnumDescriptorProto, path: tuple[int, ...], scope: str, depth: int
    ) -> None:
        full = self._full(e.name, scope)
        opts = descriptor_pb2.EnumOptions()
        opts.CopyFrom(e.options)
        allow_alias = opts.HasField("allow_alias") and opts.allow_alias
        opts.ClearField("allow_alias")
        if opts.ByteSize():
            raise RenderError(f"{full}: enum options are not supported: {opts}")
        self._copy_note(depth, path)
        self._emit(depth, f"enum {e.name} {{")
        if allow_alias:
            self._emit(depth + 1, "option allow_alias = true;")
        for v in e.value:
            if v.options.ByteSize():
                raise RenderError(f"{full}.{v.name}: enum value options are not supported")
            if v.name in ("option", "reserved"):
                raise RenderError(
                    f"{full}: an enum value named {v.name!r} cannot be written in .proto syntax"
                )
            self._emit(depth + 1, f"{v.name} = {v.number};")
        self._reserved(e.reserved_range, e.reserved_name, depth + 1, end_inclusive=True)
        self._emit(depth, "}")

    def _service(self, s: descriptor_pb2.ServiceDescriptorProto, path: tuple[int, ...]) -> None:
        full = self._full(s.name)
        if s.options.ByteSize():
            raise RenderError(f"{full}: service options are not supported")
        wanted = self.sel.methods[full]
        self._emit(0, f"service {s.name} {{")
        for m in s.method:
            if m.name not in wanted:
                continue
            if m.options.ByteSize():
                raise RenderError(f"{full}.{m.name}: method options are not supported")
            scope = f"{full}.{m.name}"
            inp = self.symbols.reference(m.input_type[1:], scope, types_only=False)
            out = self.symbols.reference(m.output_type[1:], scope, types_only=False)
            cs = "stream " if m.client_streaming else ""
            ss = "stream " if m.server_streaming else ""
            self._emit(1, f"rpc {m.name}({cs}{inp}) returns ({ss}{out});")
        self._emit(0, "}")


# ------------------------------------------------------------------------------------------ generation


def render_all(schema_dir: Path) -> dict[str, str]:
    """Output file name (under PROTO_DIR) -> .proto text, for every target."""
    ref = load_reference(schema_dir)
    return {t.output: FileRenderer(ref, t, select(ref, t)).render() for t in TARGETS}


def generate(schema_dir: Path, out_root: Path) -> None:
    """Write the .proto files and the protoc output into ``out_root`` (laid out like the repo)."""
    sources = render_all(schema_dir)
    for name, text in sources.items():
        path = out_root / PROTO_DIR / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    cmd = [
        sys.executable,
        "-m",
        "grpc_tools.protoc",
        f"-I{PROTO_DIR}",
        "--python_out=.",
        "--pyi_out=.",
        *sources,
    ]
    proc = subprocess.run(cmd, cwd=out_root, capture_output=True, text=True, check=False)
    if proc.returncode != 0 or proc.stderr.strip():
        raise RenderError(f"protoc failed ({proc.returncode}):\n{proc.stderr}{proc.stdout}")


def _gencode_version(text: str) -> str:
    mo = re.search(r"^# Protobuf Python Version: (\S+)$", text, re.MULTILINE)
    return mo.group(1) if mo else "unknown"


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def check(schema_dir: Path, repo_root: Path) -> int:
    with tempfile.TemporaryDirectory(prefix="render_protos.") as tmp:
        generate(schema_dir, Path(tmp))
        stale = []
        for name in output_files():
            fresh = (Path(tmp) / name).read_text(encoding="utf-8")
            committed = _read(repo_root / name)
            if committed == fresh:
                continue
            stale.append(name)
            if committed is None:
                print(f"missing: {name}")
                continue
            print(f"differs: {name}")
            if name.endswith(".py") and _gencode_version(committed) != _gencode_version(fresh):
                print(
                    f"  committed gencode is protobuf {_gencode_version(committed)}, this protoc makes "
                    f"{_gencode_version(fresh)}: use the grpcio-tools version the committed files came from"
                )
            diff = list(
                difflib.unified_diff(
                    committed.splitlines(), fresh.splitlines(), "committed", "rendered", lineterm="", n=1
                )
            )
            for line in diff[:40]:
                print("  " + line)
            if len(diff) > 40:
                print(f"  ... {len(diff) - 40} more diff lines")
    if stale:
        print(f"{len(stale)} generated file(s) out of date: run scripts/render_protos.py", file=sys.stderr)
        return 1
    print(f"OK: {len(output_files())} generated files are up to date")
    return 0


def write(schema_dir: Path, repo_root: Path) -> int:
    with tempfile.TemporaryDirectory(prefix="render_protos.") as tmp:
        generate(schema_dir, Path(tmp))
        for name in output_files():
            src, dst = Path(tmp) / name, repo_root / name
            if _read(dst) == src.read_text(encoding="utf-8"):
                print(f"unchanged: {name}")
                continue
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)
            print(f"wrote: {name} ({dst.stat().st_size} bytes)")
    return 0


def default_schema_dir(repo_root: Path) -> Path:
    return repo_root / "proto" / "reference"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--check", action="store_true", help="exit 1 if the committed files are out of date")
    ap.add_argument("--schema-dir", type=Path, help="directory holding the reference .binpb files")
    ap.add_argument("--repo-root", type=Path, default=REPO_ROOT, help="repository to write into or check")
    args = ap.parse_args(argv)
    schema_dir: Path = args.schema_dir or default_schema_dir(REPO_ROOT)
    missing = [t.reference_set for t in TARGETS if not (schema_dir / t.reference_set).is_file()]
    if missing:
        print(
            f"reference descriptor sets not found in {schema_dir}: {', '.join(missing)} "
            "(pass --schema-dir)",
            file=sys.stderr,
        )
        return 2
    try:
        return check(schema_dir, args.repo_root) if args.check else write(schema_dir, args.repo_root)
    except RenderError as exc:
        print(f"render_protos: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
