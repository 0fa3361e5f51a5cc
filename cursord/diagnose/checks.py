"""Is every configured provider usable? Key, endpoint, model list, one tiny request (`cursord doctor`, the
dashboard's providers page).

For each provider, and each key of a `key_pool` on its own (a row each: NAME, NAME#2, ...), in parallel:

1. **key**: the variable named by `api_key_env` (or the pool's) is set (its value is never printed; any text
   an endpoint sends back has it scrubbed); a `key_pool` variable that is not set only warns;
2. **endpoint**: the model list answers: `GET {base_url}/models` (OpenAI kinds, bearer key; Gemini,
   `x-goog-api-key`, following `nextPageToken`) or `GET {base_url}/v1/models` (Anthropic: `x-api-key` and
   `anthropic-version`, following pages);
3. **models**: every configured model is listed (a dated snapshot such as `claude-sonnet-4-5-20250929`
   counts for its alias `claude-sonnet-4-5`); an endpoint without a model list only warns;
4. **probe**: one request of one output token (16 for the Responses API, its minimum) through
   `HttpProvider.stream`, the same path a run takes, timing the first delta and the whole pass.

A missing key, a rejected key, an unreachable endpoint, a model the endpoint does not list or a failing
probe is a failure, and `doctor` exits 1; warnings (no model list, rate limited) do not fail. A key of a
pool that fails while another key of the pool passes is shown failing but is `spare`: the daemon serves on
the others, so it does not fail `doctor`.
"""

from __future__ import annotations

import difflib
import enum
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs
import httpx
import trio

from cursord.config import ProviderKind, ProviderSpec, ServeConfig
from cursord.core import counted, redact_secrets
from cursord.providers.anthropic import ANTHROPIC_VERSION
from cursord.providers.base import auth_headers
from cursord.providers.errors import AuthError, ProviderError, RateLimited, SpendLimitReached, classify_http_error
from cursord.providers.http import HttpProvider, RetryPolicy, Timeouts
from cursord.providers.model import Delta, Message, PassRequest
from cursord.providers.model import ProviderKind as WireKind

__all__ = [
    "DEFAULT_TIMEOUT",
    "Check",
    "ProviderReport",
    "Report",
    "Status",
    "check_provider",
    "key_status",
    "model_listed",
    "problem_lines",
    "run_doctor",
]

DEFAULT_TIMEOUT = 20.0
_MAX_PAGES = 20
_PROBE_PROMPT = "Reply with the single word: ok"


class Status(enum.Enum):
    OK = "ok"
    WARN = "WARN"
    FAIL = "FAIL"
    SKIP = "skipped"


@attrs.frozen
class Check:
    status: Status
    summary: str
    detail: str | None = None

    def cell(self) -> str:
        return f"{self.status.value}: {self.summary}" if self.summary else self.status.value


class Report:
    """What `doctor` found about one service: its named checks; it failed if any of them did."""

    @property
    def checks(self) -> tuple[tuple[str, Check], ...]:
        raise NotImplementedError

    @property
    def failed(self) -> bool:
        return any(check.status is Status.FAIL for _, check in self.checks)


def problem_lines(subject: str, checks: Iterable[tuple[str, Check]]) -> list[str]:
    """One line for each check that failed or warns: `FAIL subject name: summary: detail`."""
    return [
        f"{check.status.value} {subject} {name}: {check.summary}" + (f": {check.detail}" if check.detail else "")
        for name, check in checks
        if check.status in (Status.FAIL, Status.WARN)
    ]


def key_status(api_key_env: str | None, environ: Mapping[str, str]) -> Check:
    """Whether the variable a service's `api_key_env` names is set (None: the service needs no key)."""
    if api_key_env is None:
        return Check(Status.OK, "none needed")
    if environ.get(api_key_env):
        return Check(Status.OK, f"${api_key_env} set")
    detail = (f"set ${api_key_env} in cursord.env beside the config file (the service's:"
              " ~/.config/cursord/cursord.env), or take the provider out of the config if you do not use it")
    return Check(Status.FAIL, f"${api_key_env} not set", detail)


@attrs.frozen
class ProviderReport(Report):
    spec: ProviderSpec
    key: Check
    endpoint: Check
    models: Check
    probe: Check
    listed: tuple[str, ...] | None = None
    key_index: int = 0  # which key of the spec's pool
    #: another key of the pool passed: this one's failure does not fail `doctor`
    spare: bool = False

    @property
    def name(self) -> str:
        return self.spec.key_name(self.key_index)

    @property
    def key_env(self) -> str | None:
        return self.spec.key_envs[self.key_index] if self.spec.key_envs else None

    @property
    def checks(self) -> tuple[tuple[str, Check], ...]:
        return (("key", self.key), ("endpoint", self.endpoint), ("models", self.models), ("probe", self.probe))

    @property
    def failed(self) -> bool:
        return super().failed and not self.spare


# ---- the model list -----------------------------------------------------------------------------------


def models_url(spec: ProviderSpec) -> str:
    return spec.base_url + ("/v1/models" if spec.kind is ProviderKind.ANTHROPIC else "/models")


def _models_headers(spec: ProviderSpec, key: str | None) -> dict[str, str]:
    headers = {"accept": "application/json", **auth_headers(WireKind(spec.kind.value), key)}
    if spec.kind is ProviderKind.ANTHROPIC:
        headers["anthropic-version"] = ANTHROPIC_VERSION
    return headers


_DATED = re.compile(r"-(\d{8}|\d{4}-\d{2}-\d{2})$")


def model_listed(model: str, listed: Sequence[str]) -> bool:
    """Whether `model` is in `listed`, directly or as the alias of a dated snapshot (`name-20250929`)."""
    if model in listed:
        return True
    return any(_DATED.sub("", name) == model for name in listed if _DATED.search(name))


def _model_ids(payload: Any) -> list[str] | None:
    if isinstance(payload, dict) and isinstance(payload.get("models"), list):  # Gemini: "name": "models/ID"
        names = [entry.get("name") for entry in payload["models"] if isinstance(entry, dict)]
        return [n.removeprefix("models/") for n in names if isinstance(n, str)]
    entries = payload.get("data") if isinstance(payload, dict) else payload
    if not isinstance(entries, list):
        return None
    ids = [entry.get("id") for entry in entries if isinstance(entry, dict)]
    return [i for i in ids if isinstance(i, str)]


def _first_page(spec: ProviderSpec) -> dict[str, str]:
    if spec.kind is ProviderKind.ANTHROPIC:
        return {"limit": "1000"}
    if spec.kind is ProviderKind.GEMINI:
        return {"pageSize": "1000"}
    return {}


def _next_page(spec: ProviderSpec, payload: Any) -> dict[str, str] | None:
    """The query of the model list's next page, None after the last."""
    if not isinstance(payload, dict):
        return None
    if spec.kind is ProviderKind.GEMINI:
        token = payload.get("nextPageToken")
        return {"pageSize": "1000", "pageToken": token} if isinstance(token, str) and token else None
    last_id = payload.get("last_id")
    if spec.kind is ProviderKind.ANTHROPIC and payload.get("has_more") is True and isinstance(last_id, str):
        return {"limit": "1000", "after_id": last_id}
    return None


@attrs.frozen
class _Listing:
    endpoint: Check
    listed: tuple[str, ...] | None
    #: the endpoint failed in a way a probe cannot get past (key rejected, unreachable)
    fatal: bool = False


def _scrub(text: str, key: str | None) -> str:
    text = redact_secrets(text)
    return text.replace(key, "<redacted>") if key else text


async def _list_models(
    spec: ProviderSpec, key: str | None, client: httpx.AsyncClient, request_timeout: float
) -> _Listing:
    url = models_url(spec)
    headers = _models_headers(spec, key)
    ids: list[str] = []
    params: dict[str, str] | None = _first_page(spec)
    started = trio.current_time()
    for _ in range(_MAX_PAGES):
        if params is None:
            break
        try:
            with trio.fail_after(request_timeout):
                response = await client.get(url, headers=headers, params=params, timeout=request_timeout)
        except trio.TooSlowError:
            no_answer = Check(Status.FAIL, f"no answer in {request_timeout:g}s", f"GET {url}")
            return _Listing(no_answer, None, fatal=True)
        except httpx.HTTPError as error:
            detail = _scrub(f"GET {url}: {type(error).__name__}: {error}", key)
            return _Listing(Check(Status.FAIL, "unreachable", detail), None, fatal=True)
        if response.status_code in (404, 405):
            detail = f"GET {url} answered HTTP {response.status_code}; the configured models cannot be checked"
            return _Listing(Check(Status.WARN, f"no model list (HTTP {response.status_code})", detail), None)
        if not 200 <= response.status_code < 300:
            refusal = classify_http_error(
                spec.name, response.status_code, response.headers, response.content[:65536]
            )
            detail = _scrub(f"GET {url}: HTTP {response.status_code}: {refusal.message}", key)
            if isinstance(refusal, AuthError):
                return _Listing(Check(Status.FAIL, f"key rejected (HTTP {response.status_code})", detail), None,
                                fatal=True)
            if isinstance(refusal, RateLimited):
                return _Listing(Check(Status.WARN, f"rate limited (HTTP {response.status_code})", detail), None)
            if isinstance(refusal, SpendLimitReached):
                return _Listing(Check(Status.FAIL, f"out of credit (HTTP {response.status_code})", detail), None,
                                fatal=True)
            return _Listing(Check(Status.FAIL, f"HTTP {response.status_code}", detail), None)
        try:
            payload = response.json()
        except ValueError:
            payload = None
        page = _model_ids(payload)
        if page is None:
            detail = f"GET {url} answered HTTP {response.status_code} without a `data` list of models"
            return _Listing(Check(Status.WARN, "answered, but not with a model list", detail), None)
        ids.extend(page)
        params = _next_page(spec, payload)
    elapsed_ms = (trio.current_time() - started) * 1000
    summary = f"{counted(len(ids), 'model')}, {elapsed_ms:.0f} ms"
    return _Listing(Check(Status.OK, summary), tuple(ids))


def _models_check(spec: ProviderSpec, listed: tuple[str, ...] | None) -> Check:
    if listed is None:
        return Check(Status.SKIP, "")
    if not listed:
        return Check(Status.WARN, "the endpoint lists none", "the model list is empty; cannot check the models")
    missing = [model for model in spec.models if not model_listed(model, listed)]
    found = len(spec.models) - len(missing)
    if not missing:
        return Check(Status.OK, f"{found}/{len(spec.models)} listed")
    hints = []
    for model in missing:
        close = difflib.get_close_matches(model, listed, n=2)
        hints.append(f"{model}" + (f" (did you mean {' or '.join(close)}?)" if close else ""))
    return Check(Status.FAIL, f"{found}/{len(spec.models)} listed", "not listed by the endpoint: " + ", ".join(hints))


# ---- the probe ----------------------------------------------------------------------------------------


@attrs.define
class _FirstDelta:
    """The probe's listener: when its first delta came."""

    at: float | None = None

    async def delta(self, delta: Delta) -> None:
        if self.at is None:
            self.at = trio.current_time()


async def _probe(
    spec: ProviderSpec, key: str | None, model: str, client: httpx.AsyncClient, request_timeout: float
) -> Check:
    provider = HttpProvider(
        kind=spec.kind.value,
        name=spec.name,
        base_url=spec.base_url,
        api_key=key,
        models=spec.models,
        timeouts=Timeouts(
            connect=request_timeout, first_byte=request_timeout, idle=request_timeout, write=request_timeout
        ),
        retry=RetryPolicy(max_attempts=1),
        client=client,
    )
    tokens = 16 if spec.kind is ProviderKind.OPENAI_RESPONSES else 1
    request = PassRequest(model=model, messages=(Message.user(_PROBE_PROMPT),), max_output_tokens=tokens)
    started = trio.current_time()
    heard = _FirstDelta()
    try:
        with trio.fail_after(request_timeout * 2):
            await provider.stream(request, heard.delta)
    except trio.TooSlowError:
        return Check(Status.FAIL, f"{model}: no answer in {request_timeout * 2:g}s")
    except ProviderError as error:
        status = f" (HTTP {error.status})" if error.status else ""
        return Check(Status.FAIL, f"{model}: {type(error).__name__}{status}", _scrub(error.message, key))
    except Exception as error:  # a bug in a decoder must not hide the other providers' results
        return Check(Status.FAIL, f"{model}: {type(error).__name__}", _scrub(str(error), key))
    total_ms = (trio.current_time() - started) * 1000
    first_ms = (heard.at - started) * 1000 if heard.at is not None else total_ms
    return Check(Status.OK, f"{model}, first byte {first_ms:.0f} ms, total {total_ms:.0f} ms")


# ---- one provider, all providers ----------------------------------------------------------------------


async def check_provider(
    spec: ProviderSpec,
    environ: Mapping[str, str],
    client: httpx.AsyncClient,
    *,
    request_timeout: float = DEFAULT_TIMEOUT,
    probe: bool = True,
    key_index: int = 0,
) -> ProviderReport:
    """Key `key_index` of the spec's pool (0: `api_key_env`). `probe=False` skips the one-token request (it
    costs the user a request; the dashboard asks first)."""
    env = spec.key_envs[key_index] if spec.key_envs else None
    key = environ.get(env) if env else None
    if env is None:
        key_check = Check(Status.OK, "none needed")
    elif key:
        key_check = Check(Status.OK, f"${env} set")
    else:
        key_check = key_status(env, environ)
        if key_index:
            key_check = Check(Status.WARN, key_check.summary, "the key pool runs without it")
        skipped = Check(Status.SKIP, "no key")
        return ProviderReport(spec, key_check, skipped, Check(Status.SKIP, ""), skipped, key_index=key_index)
    listing = await _list_models(spec, key, client, request_timeout)
    models = _models_check(spec, listing.listed)
    if listing.fatal:
        probed = Check(Status.SKIP, "endpoint failed")
    elif not probe:
        probed = Check(Status.SKIP, "not asked")
    else:
        listed = listing.listed or ()
        model = next((m for m in spec.models if model_listed(m, listed)), spec.models[0])
        probed = await _probe(spec, key, model, client, request_timeout)
    return ProviderReport(spec, key_check, listing.endpoint, models, probed, listing.listed, key_index)


async def run_doctor(
    config: ServeConfig,
    environ: Mapping[str, str],
    *,
    client: httpx.AsyncClient | None = None,
    request_timeout: float = DEFAULT_TIMEOUT,
    probe: bool = True,
) -> list[ProviderReport]:
    """Check every key of every provider of `config` (concurrently); reports in config order, a pool's keys
    in its order."""
    keys = [(spec, index) for spec in config.providers for index in range(max(1, len(spec.key_envs)))]
    reports: list[ProviderReport | None] = [None] * len(keys)

    async def one(slot: int, http: httpx.AsyncClient) -> None:
        spec, index = keys[slot]
        reports[slot] = await check_provider(
            spec, environ, http, request_timeout=request_timeout, probe=probe, key_index=index
        )

    async def all_of(http: httpx.AsyncClient) -> None:
        async with trio.open_nursery() as nursery:
            for slot in range(len(keys)):
                nursery.start_soon(one, slot, http)

    if client is not None:
        await all_of(client)
    else:
        async with httpx.AsyncClient(trust_env=True, follow_redirects=False) as http:
            await all_of(http)
    return _spares([report for report in reports if report is not None])


def _spares(reports: list[ProviderReport]) -> list[ProviderReport]:
    """The reports, a failing key marked `spare` when another key of its pool passed."""
    serving = {r.spec.name for r in reports if not r.failed and r.endpoint.status is not Status.SKIP}
    return [
        attrs.evolve(report, spare=True) if report.failed and report.spec.name in serving else report
        for report in reports
    ]
