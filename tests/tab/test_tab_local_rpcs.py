"""The answers of Tab's code-carrying side RPCs, decided from the configured backend (sans-IO)."""

from __future__ import annotations

from cursord.config._tab import build_tab
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.tab.local_rpcs import prediction_config


def test_a_next_edit_model_is_the_editors_cursor_prediction_model() -> None:
    spec = build_tab({"backend": "llama.cpp", "mode": "sweep", "model": "sweep-next-edit-1.5b"})
    assert prediction_config(spec) == aiserver.CursorPredictionConfigResponse(
        models=[aiserver.CursorPredictionModel(name="sweep-next-edit-1.5b", radius=10)],
        default_model="sweep-next-edit-1.5b",
    )


def test_a_nameless_model_still_has_the_name_the_editor_needs() -> None:
    spec = build_tab({"backend": "llama.cpp", "mode": "zeta"})  # llama.cpp serves whatever it loaded
    [model] = prediction_config(spec).models
    assert model.name == "zeta" and model.radius == 10


def test_a_fim_model_offers_no_cursor_prediction() -> None:
    spec = build_tab({"backend": "ollama", "model": "qwen2.5-coder:1.5b-base"})
    assert prediction_config(spec) == aiserver.CursorPredictionConfigResponse()
