"""Tab's side RPCs that carry code or Tab state, answered on this machine while a Tab backend is configured.

Without these the proxy would send them to Cursor even with `[tab]` set: `CppService/StreamHoldCpp` carries
the current file and its edit history, `MarkCppForEval` the completion the user wanted (`desired_completion`),
`AddTabRequestToEval` what the user expected of a request, `ClientLoggerService/LogWhenTabTurnsOff` the
editor's stack where Tab turned itself off. Each answer is the schema's, decided here from the configured
backend (`TabSpec`) alone:

| RPC | answer |
|---|---|
| `CppService/MarkCppForEval`, `AddTabRequestToEval` | empty (there is no eval set here); counted |
| `ClientLoggerService/LogWhenTabTurnsOff` | empty; counted, and its stack trace logged at debug |
| `CursorPredictionService/CursorPredictionConfig` | next-edit mode: the model, its window as `radius`; else none |
| `AiService/ShouldTurnOnCppOnboarding` | false: Tab is already on (`CppConfig.is_on`), no onboarding |

`StreamHoldCpp` is a stream and is answered by `cursord.tab.service.TabService` (an empty stream).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Final

import attrs
from google.protobuf.message import Message

from cursord.config import TabSpec
from cursord.proto import aiserver_v1_pb2 as aiserver

log = logging.getLogger(__name__)

__all__ = ["HOLD_CPP_PATH", "LOCAL_UNARY_PATHS", "LocalTabRpcs"]

HOLD_CPP_PATH: Final = "/aiserver.v1.CppService/StreamHoldCpp"
MARK_FOR_EVAL_PATH: Final = "/aiserver.v1.CppService/MarkCppForEval"
ADD_TO_EVAL_PATH: Final = "/aiserver.v1.CppService/AddTabRequestToEval"
PREDICTION_CONFIG_PATH: Final = "/aiserver.v1.CursorPredictionService/CursorPredictionConfig"
ONBOARDING_PATH: Final = "/aiserver.v1.AiService/ShouldTurnOnCppOnboarding"
TURNS_OFF_PATH: Final = "/aiserver.v1.ClientLoggerService/LogWhenTabTurnsOff"

LOCAL_UNARY_PATHS: Final[Mapping[str, type[Message]]] = {
    MARK_FOR_EVAL_PATH: aiserver.MarkCppRequest,
    ADD_TO_EVAL_PATH: aiserver.AddTabRequestToEvalRequest,
    PREDICTION_CONFIG_PATH: aiserver.CursorPredictionConfigRequest,
    ONBOARDING_PATH: aiserver.ShouldTurnOnCppOnboardingRequest,
    TURNS_OFF_PATH: aiserver.LogWhenTabTurnsOffRequest,
}


def prediction_config(spec: TabSpec) -> aiserver.CursorPredictionConfigResponse:
    """The editor keeps only models with a name and a radius (`cursorPredictionService.js`, `_refreshConfig`)."""
    if not spec.mode.next_edit:
        return aiserver.CursorPredictionConfigResponse()
    name = spec.model or spec.mode.value
    model = aiserver.CursorPredictionModel(name=name, radius=max(spec.lines_above, spec.lines_below, 1))
    return aiserver.CursorPredictionConfigResponse(models=[model], default_model=name)


@attrs.define
class LocalTabRpcs:
    """The unary answers, on the spec `spec()` gives (it raises while no backend is configured)."""

    spec: Callable[[], TabSpec]
    #: RPC name -> calls answered (the eval marks and the editor's turn-off reports)
    counts: dict[str, int] = attrs.field(factory=dict)

    def _count(self, path: str) -> None:
        name = path.rsplit("/", 1)[-1]
        self.counts[name] = self.counts.get(name, 0) + 1

    async def mark_for_eval(self, request: aiserver.MarkCppRequest) -> aiserver.MarkCppResponse:
        self._count(MARK_FOR_EVAL_PATH)
        return aiserver.MarkCppResponse()

    async def add_to_eval(self, request: aiserver.AddTabRequestToEvalRequest) -> aiserver.AddTabRequestToEvalResponse:
        self._count(ADD_TO_EVAL_PATH)
        return aiserver.AddTabRequestToEvalResponse()

    async def tab_turned_off(self, request: aiserver.LogWhenTabTurnsOffRequest) -> aiserver.LogWhenTabTurnsOffResponse:
        self._count(TURNS_OFF_PATH)
        log.debug("Tab: the editor turned Tab off at %s", request.stack_trace[:2000])
        return aiserver.LogWhenTabTurnsOffResponse()

    async def prediction_config(
        self, request: aiserver.CursorPredictionConfigRequest
    ) -> aiserver.CursorPredictionConfigResponse:
        return prediction_config(self.spec())

    async def onboarding(
        self, request: aiserver.ShouldTurnOnCppOnboardingRequest
    ) -> aiserver.ShouldTurnOnCppOnboardingResponse:
        return aiserver.ShouldTurnOnCppOnboardingResponse(should_turn_on_cpp_onboarding=False)

    def calls(self) -> dict[str, Callable[[Any], Awaitable[Message]]]:
        return {
            MARK_FOR_EVAL_PATH: self.mark_for_eval,
            ADD_TO_EVAL_PATH: self.add_to_eval,
            PREDICTION_CONFIG_PATH: self.prediction_config,
            ONBOARDING_PATH: self.onboarding,
            TURNS_OFF_PATH: self.tab_turned_off,
        }
