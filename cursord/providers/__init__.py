"""The provider layer: one model pass against an LLM vendor, in neutral types.

- `model`: PassRequest / Message / parts / ToolSpec in; Delta types out.
- `base`: the `Provider` protocol (`await provider.stream(request, on_delta)`), dispatch helpers.
- `http`: `HttpProvider`, the real provider over httpx (timeouts, retries, error translation).
- `errors`: the typed `ProviderError` tree and its one traits table (Connect code, retryable, moves on).
- `sse`, `openai_chat`, `openai_responses`, `anthropic`, `gemini`: sans-IO wire codecs.
- `schemas`: tool schema sanitising per vendor; `assemble`: deltas back into a Message.
- `reasoning`: which vendor a server is, which models reason and how, the editor's thinking choices.

Nothing is imported here, so the sans-IO modules stay importable without trio or httpx.
"""
