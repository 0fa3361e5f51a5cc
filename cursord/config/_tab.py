"""The Tab settings: which fill-in-the-middle server answers the editor's code completion (`[tab]`, `--tab`).

A Tab backend is one of a fixed set of FIM servers (`TabBackend`), each with a preset of where it lives and
which environment variable holds the key; `--tab ollama,model=qwen2.5-coder:1.5b-base` is enough, and items
after the backend's name override the preset (`llama.cpp,base_url=http://127.0.0.1:8012`). `mode` says what the
model is asked: `fim` (the default: fill in at the cursor) or a next-edit prompt format (`sweep`, `sweep2`, `zeta`:
rewrite a window of lines), which needs a server that takes a bare prompt. `price` (`IN/OUT[/CACHE_READ]`, USD per
million tokens) prices its model in the usage ledger, as a provider's `prices` do. As for providers,
the key itself is never read here. Without a Tab backend the editor's Tab traffic goes to Cursor as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from types import MappingProxyType
from typing import Any, Final

from cursord.config._errors import _Invalid, _one_of, _unknown_name
from cursord.config._providers import _check_base_url, _check_key_env, _price
from cursord.config._values import TabBackend, TabMode, TabSpec, backend_fields_from_table, backend_fields_from_text
from cursord.providers.prices import parse_price_text

#: where each backend lives and which variable holds its key (None: keyless).
TAB_PRESETS: Final[Mapping[TabBackend, Mapping[str, str | None]]] = MappingProxyType(
    {
        TabBackend.OPENAI: {"base_url": "https://api.openai.com/v1", "api_key_env": "OPENAI_API_KEY"},
        TabBackend.DEEPSEEK: {
            "base_url": "https://api.deepseek.com/beta",
            "api_key_env": "DEEPSEEK_API_KEY",
            "model": "deepseek-chat",
        },
        TabBackend.CODESTRAL: {
            "base_url": "https://codestral.mistral.ai/v1",
            "api_key_env": "CODESTRAL_API_KEY",
            "model": "codestral-latest",
        },
        TabBackend.OLLAMA: {"base_url": "http://127.0.0.1:11434", "api_key_env": None},
        TabBackend.LLAMA_CPP: {"base_url": "http://127.0.0.1:8080", "api_key_env": None, "model": ""},
    }
)
TAB_KEYS: Final = ("backend", "base_url", "api_key_env", "model", "lines_above", "lines_below", "mode", "price")
#: keys older files may hold that mean nothing now: accepted with a warning (`without_retired`)
RETIRED_TAB_KEYS: Final = {
    "cpp_url": "the editor takes Tab's address from no setting cursord can send (docs/tab.md, \"cpp_url\")",
}
MAX_WINDOW_LINES: Final = 2000
#: the window's lines above and below the cursor line, per mode: a FIM model reads context it does not
#: rewrite; a next-edit model rewrites its whole window (Sweep Next-Edit was trained on 21-line windows).
DEFAULT_WINDOWS: Final = {
    TabMode.FIM: (60, 20), TabMode.SWEEP: (10, 10), TabMode.SWEEP2: (2, 5), TabMode.ZETA: (10, 10),
}
#: the servers that take a bare prompt, which a next-edit format needs (Codestral's and DeepSeek's
#: hosted FIM endpoints run their own models, none of them a next-edit model)
NEXT_EDIT_BACKENDS: Final = frozenset({TabBackend.OPENAI, TabBackend.OLLAMA, TabBackend.LLAMA_CPP})


def _parse_backend(value: object) -> TabBackend:
    try:
        return TabBackend(str(value))
    except ValueError:
        raise _unknown_name("Tab backend", value, TabBackend, "backend") from None


def _parse_mode(value: object, backend: TabBackend) -> TabMode:
    try:
        mode = TabMode(str(value))
    except ValueError:
        raise _unknown_name("Tab mode", value, TabMode, "mode") from None
    if mode.next_edit and backend not in NEXT_EDIT_BACKENDS:
        raise _Invalid(f"mode {mode.value!r} needs a server that runs the next-edit model on a bare prompt "
                       f"({_one_of(sorted(NEXT_EDIT_BACKENDS))}); {backend.value} serves its own FIM models", "mode")
    return mode


def _window(merged: Mapping[str, Any], key: str, default: int) -> int:
    value = merged.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_WINDOW_LINES:
        raise _Invalid(f"must be a whole number from 0 to {MAX_WINDOW_LINES}, got {value!r}", key)
    return value


def build_tab(fields: Mapping[str, Any]) -> TabSpec:
    """The spec from already-typed `fields` over the backend's preset. Raises `_Invalid` naming the field."""
    if "backend" not in fields:
        raise _Invalid(f"missing backend (one of {_one_of(TabBackend)})")
    backend = _parse_backend(fields["backend"])
    merged: dict[str, Any] = {**TAB_PRESETS[backend], **fields, "backend": backend}
    _check_base_url(merged["base_url"])
    key_env = merged.get("api_key_env")
    _check_key_env(key_env)
    model = merged.get("model")
    if model is None:
        raise _Invalid(f"{backend} needs a model (model=NAME: the FIM model the server runs)", "model")
    mode = _parse_mode(merged.get("mode", TabMode.FIM.value), backend)
    above, below = DEFAULT_WINDOWS[mode]
    price = merged.get("price")
    return TabSpec(
        backend, merged["base_url"], key_env, model,
        _window(merged, "lines_above", above), _window(merged, "lines_below", below), mode,
        _price(partial(parse_price_text, price), "price") if price is not None else None,
    )


_INT_KEYS: Final = ("lines_above", "lines_below")


def tab_fields_from_text(text: str) -> dict[str, Any]:
    """`BACKEND[,model=M][,base_url=URL][,api_key_env=VAR][,lines_above=N][,lines_below=N][,mode=MODE]`
    `[,price=IN/OUT]` as fields."""
    return backend_fields_from_text(text, TAB_KEYS, _INT_KEYS)


def tab_fields_from_table(table: Mapping[str, Any]) -> dict[str, Any]:
    return backend_fields_from_table(table, TAB_KEYS, _INT_KEYS)


def without_retired(table: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """`[tab]` without its retired keys, and each retired key found with why it does nothing now."""
    kept = {key: value for key, value in table.items() if key not in RETIRED_TAB_KEYS}
    return kept, {key: RETIRED_TAB_KEYS[key] for key in table if key in RETIRED_TAB_KEYS}
