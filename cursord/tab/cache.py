"""FIM completions kept for the keystrokes that follow: a repeated request, or one whose user typed the start
of a suggestion, is answered without asking the model.

Theory of operation. Each completed FIM answer is kept under its prompt's key: the file's path and the
window's text before and after the cursor (`FimPrompt.prefix`, `suffix`), an LRU of `CACHE_SIZE` entries
(llama.vim keeps 250 the same way). Nothing else of the request is in the key: the editor's clock fields
(`time_since_request_start`, `time_at_request_send`, `client_time`) change with every request and say nothing
about the answer. The window starts on an aligned file line (`cursord.tab.window.window_bounds`), so the
prefix of a request a few characters later on the same line starts where the earlier one did.

`lookup(prompt)` tries the prompt's own key, then the keys of its prefix shortened by 1, 2, ... characters
(at most `MAX_TYPED_AHEAD`): a hit whose completion starts with the characters cut off is a suggestion the
user has been typing out, and its rest is the answer (llama.vim's typed-ahead reuse). A completion typed
out whole answers nothing: the model is asked what comes after it.

`speculated(prompt, completion)` is the prompt as it will be once the editor has taken `completion` (the
speculative request on accept: its answer waits in the cache for the request the accept brings).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Final

import attrs

from cursord.tab.window import FimPrompt

__all__ = ["CACHE_SIZE", "MAX_TYPED_AHEAD", "CompletionCache", "speculated"]

#: completions kept (llama.vim: 250)
CACHE_SIZE: Final = 250
#: the most characters a user may have typed of a kept suggestion for its rest to be reused
MAX_TYPED_AHEAD: Final = 256

_Key = tuple[str, str, str]


def _key(path: str, prefix: str, suffix: str) -> _Key:
    return (path, prefix, suffix)


@attrs.define
class CompletionCache:
    size: int = CACHE_SIZE
    _entries: OrderedDict[_Key, str] = attrs.field(factory=OrderedDict)
    #: lookups answered, and answered from a suggestion the user had typed the start of
    hits: int = 0
    typed_ahead: int = 0

    def __len__(self) -> int:
        return len(self._entries)

    def store(self, prompt: FimPrompt, completion: str) -> None:
        key = _key(prompt.path, prompt.prefix, prompt.suffix)
        self._entries[key] = completion
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def lookup(self, prompt: FimPrompt) -> str | None:
        """The completion for `prompt` (possibly empty: the model had nothing), or None: ask the model."""
        prefix = prompt.prefix
        for typed in range(min(MAX_TYPED_AHEAD, len(prefix)) + 1):
            key = _key(prompt.path, prefix[: len(prefix) - typed], prompt.suffix)
            completion = self._entries.get(key)
            if completion is None:
                continue
            if typed and not (len(completion) > typed and completion.startswith(prefix[len(prefix) - typed :])):
                continue
            self._entries.move_to_end(key)
            self.hits += 1
            self.typed_ahead += bool(typed)
            return completion[typed:]
        return None

    def clear(self) -> None:
        self._entries.clear()


def speculated(prompt: FimPrompt, completion: str) -> FimPrompt:
    """`prompt` with `completion` taken: inserted at the cursor, the cursor after it."""
    breaks = completion.count("\n")
    last_line = completion.rsplit("\n", 1)[-1]
    return attrs.evolve(
        prompt,
        prefix=prompt.prefix + completion,
        line_number=prompt.line_number + breaks,
        line_before=(prompt.line_before if not breaks else "") + last_line,
    )
