"""Which model a run gets: aliases, Cursor's own ids, model-less follow-ups, vision; and their settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from cursord.agent.model_choice import choose_model, is_cursor_model
from cursord.config import ConfigError, Limits, ModelCatalog, config_from_args, dump_toml, parse_provider_spec, redacted
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server.models_rpc import available_models
from tests.app.test_config import args, write
from tests.editor_fixtures import available_models as cursor_models

ENV = {"HOME": "/home/u"}
OPENAI = parse_provider_spec("openai,models=gpt-5|gpt-5-mini,vision=gpt-5")
LOCAL = parse_provider_spec("kind=openai-chat,name=ollama,base_url=http://127.0.0.1:11434/v1,models=qwen3,vision=false")
CATALOG = ModelCatalog([OPENAI, LOCAL], {"gpt-5-high": "openai/gpt-5", "claude-4.5-sonnet": "qwen3"})


def _model(requested: str | None, history: tuple[str | None, ...] = (), default: str | None = None) -> str | None:
    entry = choose_model(CATALOG, requested, conversation_models=history, default_model=default).entry
    return entry.model_id if entry is not None else None


def test_a_named_model_and_aliases() -> None:
    assert _model("gpt-5-mini") == "gpt-5-mini"
    assert _model("ollama/qwen3") == "qwen3"
    assert _model("gpt-5-high") == "gpt-5"
    assert _model("claude-4.5-sonnet") == "qwen3"  # an alias may take a Cursor model's name


def test_an_unknown_model_gets_none() -> None:
    assert _model("gpt-9") is None


def test_cursors_own_ids_get_the_default() -> None:
    names = [m["name"] for m in cursor_models()]
    assert [n for n in names if is_cursor_model(n)] == ["default", "composer-1"]
    assert _model("default") == "gpt-5"
    assert _model("composer-1", default="qwen3") == "qwen3"
    assert _model("Auto", default="gpt-5-high") == "gpt-5"


def test_a_run_without_a_model_continues_with_the_conversations_model() -> None:
    assert _model(None, history=("gpt-5", "qwen3")) == "qwen3"
    assert _model(None, history=("qwen3", None)) == "qwen3"
    assert _model(None, history=("removed-model",), default="gpt-5-mini") == "gpt-5-mini"
    assert _model(None) == "gpt-5"
    assert _model("", default="qwen3") == "qwen3"


def test_vision_per_model_drives_supports_images() -> None:
    models = {m.name: m.supports_images for m in available_models(CATALOG, aiserver.AvailableModelsRequest()).models}
    assert models == {"gpt-5": True, "gpt-5-mini": False, "qwen3": False}
    assert ModelCatalog([parse_provider_spec("anthropic")]).models[0].vision  # on by default


def test_aliases_and_default_model_from_toml_and_flags(tmp_path: Path) -> None:
    path = write(tmp_path, '''
default_model = "gpt-5-mini"
aliases = { "gpt-5-high" = "openai/gpt-5" }

[[providers]]
preset = "openai"
models = ["gpt-5", "gpt-5-mini"]
vision = ["gpt-5"]
''')
    config = config_from_args(args("--config", str(path)), ENV)
    assert config.default_model == "gpt-5-mini"
    assert dict(config.aliases) == {"gpt-5-high": "openai/gpt-5"}
    assert config.providers[0].vision == ("gpt-5",)
    flagged = config_from_args(args("--config", str(path), "--alias", "fast=gpt-5-mini", "--default-model", "gpt-5"),
                               ENV)
    assert dict(flagged.aliases) == {"gpt-5-high": "openai/gpt-5", "fast": "gpt-5-mini"}
    assert flagged.default_model == "gpt-5"
    again = write(tmp_path, dump_toml(redacted(flagged)), "again.toml")
    assert config_from_args(args("--config", str(again)), ENV) == flagged


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--provider", "openai", "--alias", "x=gpt-9"),
         "--alias 'x=gpt-9': 'gpt-9' is not a configured model (configured: gpt-5, gpt-5-mini, gpt-4.1)"),
        (("--provider", "openai", "--alias", "gpt-5=gpt-4.1"),
         "--alias 'gpt-5=gpt-4.1': alias 'gpt-5' is already the name of a configured model"),
        (("--provider", "openai", "--alias", "x"), "--alias 'x': expected NAME=MODEL"),
        (("--provider", "openai", "--default-model", "o9"),
         "--default-model: 'o9' is not a configured model (configured: gpt-5, gpt-5-mini, gpt-4.1)"),
        (("--provider", "openai,vision=o9"),
         "--provider 'openai,vision=o9': vision[0]: model 'o9' is not in this provider's models"),
    ],
)
def test_bad_model_settings_name_the_flag(argv: tuple[str, ...], message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        config_from_args(args(*argv), ENV)
    assert str(caught.value) == message


def test_context_and_image_limits_are_settings() -> None:
    config = config_from_args(args("--provider", "openai", "--limit", "context_item_chars=5000",
                                   "--limit", "max_image_bytes=1000"), ENV)
    assert config.limits.context_item_chars == 5000 and config.limits.max_image_bytes == 1000
    assert Limits().context_turn_chars == 400_000 and Limits().max_images_per_turn == 20


def test_the_configured_default_is_the_pickers_default() -> None:
    catalog = ModelCatalog([OPENAI, LOCAL], default_model="ollama/qwen3")
    response = available_models(catalog, aiserver.AvailableModelsRequest())
    assert response.composer_model_config.default_model == "qwen3"
    assert ModelCatalog([OPENAI, LOCAL]).default_model() is not None
