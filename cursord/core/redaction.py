"""Secret redaction: masks the daemon's configured key values and anything shaped like a credential.

Keys of any shape. A vendor may echo a key that looks like nothing in particular (`my-org-key-...`).
The daemon knows its keys, so the composition root builds a `Redactor` from the configured key values and
installs it with `redacting(...)` for its whole life; `redact_secrets` then masks those exact values
too (and their percent-encoded form), besides `Bearer ...` tokens, `sk-...`-style keys and the values of
`x-api-key`, `api-key` and `authorization` headers, and the password of a URL (`postgresql://user:PASSWORD@host`,
`?password=...`). Two places turn outside text into daemon text, and both
go through `redact_secrets`: `ProviderError` (every provider failure, before its message reaches the editor's
end-stream, the tap, `cursord status`, the stored turn and the log) and the log handler's `SecretFilter`.
Values shorter than `MIN_SECRET_LENGTH` are not masked: a local server's placeholder key such as `ollama` is
no secret, and masking it would garble every message naming it. Pure: no I/O.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Iterator
from typing import Final
from urllib.parse import quote

import attrs

__all__ = ["MIN_SECRET_LENGTH", "REDACTED", "Redactor", "redact_secrets", "redact_url_password", "redacting"]

REDACTED: Final = "<redacted>"

# The value of a credential-bearing header or field, in the spellings logs and reprs use.
_HEADER_VALUE = re.compile(
    r"(?i)(\b(?:x-api-key|x-goog-api-key|api[-_]?key|authorization|proxy-authorization|password)\b"
    r"""['"]?\s*[:=,]\s*(?:b?['"])?)((?:bearer|basic)\s+)?([^\s'",;&)}\]]+)"""
)
# The password in a URL's user info: `scheme://user:PASSWORD@host`.
_URL_PASSWORD = re.compile(r"(?i)(\b[a-z][a-z0-9+.-]*://[^\s/:@]*:)([^\s/@]+)(@)")
_BEARER = re.compile(r"(?i)\b(bearer\s+)[A-Za-z0-9._~+/=-]{8,}")
# Vendor key shapes: OpenAI/Anthropic/OpenRouter/DeepSeek `sk-...`, Groq `gsk_...`, xAI `xai-...`,
# Google `AIza...`.
_KEY_SHAPES = re.compile(
    r"\b(?:sk-[A-Za-z0-9_-]{8,}|gsk_[A-Za-z0-9]{16,}|xai-[A-Za-z0-9]{16,}|AIza[\w-]{20,})"
)


def _mask_header(match: re.Match[str]) -> str:
    if match.group(3) == REDACTED or match.group(3).startswith("<"):
        return match.group(0)
    return f"{match.group(1)}{match.group(2) or ''}{REDACTED}"


#: configured key values shorter than this are not masked (see the module docstring).
MIN_SECRET_LENGTH: Final = 8


def redact_url_password(url: str) -> str:
    """`url` with the password of its user info and a `password=` parameter replaced by `<redacted>`."""
    return _HEADER_VALUE.sub(_mask_header, _URL_PASSWORD.sub(_mask_url, url))


def _mask_url(match: re.Match[str]) -> str:
    return match.group(0) if match.group(2) == REDACTED else f"{match.group(1)}{REDACTED}{match.group(3)}"


def _mask_shapes(text: str) -> str:
    text = redact_url_password(text)
    text = _BEARER.sub(lambda m: m.group(1) + REDACTED, text)
    return _KEY_SHAPES.sub(REDACTED, text)


def _spellings(secret: str) -> set[str]:
    return {secret, quote(secret, safe="")}


@attrs.frozen
class Redactor:
    """Masks the given secret values wherever they appear, then anything shaped like a credential."""

    secrets: tuple[str, ...] = ()  # longest first, so a key containing another is masked whole

    @classmethod
    def for_keys(cls, keys: Iterable[str | None]) -> Redactor:
        values = {s for key in keys if key and len(key.strip()) >= MIN_SECRET_LENGTH for s in _spellings(key.strip())}
        return cls(tuple(sorted(values, key=lambda value: (-len(value), value))))

    def __call__(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, REDACTED)
        return _mask_shapes(text)


_active = Redactor()


@contextlib.contextmanager
def redacting(redactor: Redactor) -> Iterator[Redactor]:
    """Make `redact_secrets` use `redactor` for the `with` block (the daemon's life); nests."""
    global _active
    previous, _active = _active, redactor
    try:
        yield redactor
    finally:
        _active = previous


def redact_also(keys: Iterable[str | None]) -> None:
    """Mask `keys` too from now on, in the current `redacting` block (keys a reload brought)."""
    global _active
    _active = Redactor.for_keys((*_active.secrets, *keys))


def redact_secrets(text: str) -> str:
    """`text` with the daemon's configured keys and anything that looks like a credential replaced by
    `<redacted>`."""
    return _active(text)
