"""Chat titles from a small model (`title_model`): one short pass through the provider router."""

from __future__ import annotations

import uuid
from typing import Final

from cursord.agent.pass_recorder import PassTag
from cursord.agent.router import ProviderRouter, TextCollector
from cursord.core import Titler, clean_model_title
from cursord.providers.model import Message, PassRequest

TITLE_SYSTEM_PROMPT: Final = (
    "You name chat conversations. Reply with a title of at most six words for the conversation that starts "
    "with the user's message below. Reply with the title only: no quotes, no punctuation at the end."
)
#: how much of the user's text the title model sees.
MAX_TITLE_INPUT_CHARS: Final = 2000


def model_titler(router: ProviderRouter, model_id: str) -> Titler:
    """A `Titler` that asks `model_id`; raises ValueError if no configured provider serves it."""
    route = router.route(model_id)
    if route is None:
        raise ValueError(f"title_model {model_id!r} is not a configured model (models: {', '.join(router.models)})")

    async def titler(text: str) -> str | None:
        title = TextCollector()
        request = PassRequest(
            model=route.model,
            system=TITLE_SYSTEM_PROMPT,
            messages=(Message.user(text[:MAX_TITLE_INPUT_CHARS]),),
            max_output_tokens=32,
        )
        call_id = f"title-{uuid.uuid4().hex[:16]}"  # a title pass belongs to no stream: its own ids
        await router.run_pass(route, request, title, PassTag(call_id, call_id))
        return clean_model_title(title.text)

    return titler
