"""The local AI on the editor's own listener: which model answers (`[local_ai] model`, else the Cmd+K
picker's when cursord serves it, else the default), and the `[local_ai]` setting itself."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
import trio

from cursord.config import ConfigError, ProviderKind, add_serve_arguments, config_from_args, dump_toml, redacted
from cursord.connect import Code, EnvelopeDecoder, encode_envelope, error_from_json, parse_end_stream
from cursord.localai.service import STREAM_CMD_K_PATH, WRITE_COMMIT_MESSAGE_PATH
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.testing.agent import agent_daemon, spec_for
from cursord.testing.editor import STREAM_HEADERS
from cursord.testing.fake_providers import Reply, Stall, open_fake_provider
from cursord.testing.http_client import open_http
from cursord.testing.process import running_cursord, serve_fake
from cursord.testing.provider_streams import chat_text
from tests.localai.test_localai_prompts import DIFF, cmd_k_request

ENV = {"HOME": "/home/u"}


@pytest.mark.parametrize(
    ("local_ai", "picked", "asked"),
    [
        ("", "", "gpt-5"),  # the default model (the catalog's first)
        ("", "gpt-5-mini", "gpt-5-mini"),  # Cmd+K's picker, served here
        ("", "claude-opus-cursor-only", "gpt-5"),  # a model only Cursor serves: the default, never Cursor
        ("gpt-5-mini", "gpt-5", "gpt-5-mini"),  # [local_ai] model wins
    ],
)
async def test_the_model_is_local_ai_s_then_the_pickers_then_the_default(
    local_ai: str, picked: str, asked: str
) -> None:
    async with (
        open_fake_provider(Reply.sse(chat_text("rate = 2")), Reply.sse(chat_text("Fix it"))) as fake,
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, "gpt-5", "gpt-5-mini"), local_ai=local_ai) as (
            daemon,
            _,
        ),
        daemon.editor(http2=False) as editor,
    ):
        request = cmd_k_request("double it", ["rate = 1"])
        request.cmd_k_options.model_details.model_name = picked
        with trio.fail_after(20):
            status, _ = await editor.post(STREAM_CMD_K_PATH, encode_envelope(request.SerializeToString()),
                                          STREAM_HEADERS)
            assert status == 200
            status, _ = await editor.post(
                WRITE_COMMIT_MESSAGE_PATH, aiserver.WriteGitCommitMessageRequest(diffs=[DIFF]).SerializeToString()
            )
            assert status == 200
        default = local_ai or "gpt-5"
        assert [r.json["model"] for r in fake.requests] == [asked, default]


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_serve_arguments(parser)
    return parser.parse_args(list(argv))


def test_local_ai_model_by_file_and_flag(tmp_path: Path) -> None:
    path = tmp_path / "cursord.toml"
    path.write_text(
        '[[providers]]\npreset = "openai"\nmodels = ["gpt-5", "gpt-5-mini"]\n\n[local_ai]\nmodel = "gpt-5-mini"\n'
    )
    config = config_from_args(_args("--config", str(path)), ENV)
    assert config.local_ai_model == "gpt-5-mini"
    assert config_from_args(_args("--config", str(path), "--local-ai-model", "gpt-5"), ENV).local_ai_model == "gpt-5"
    assert config_from_args(_args("--provider", "openai"), ENV).local_ai_model is None
    again = tmp_path / "again.toml"
    again.write_text(dump_toml(redacted(config)))
    assert config_from_args(_args("--config", str(again)), ENV).local_ai_model == "gpt-5-mini"


@pytest.mark.parametrize(
    ("table", "line", "message"),
    [
        ('modle = "gpt-5"', 5, "local_ai.modle: unknown key 'modle' (did you mean 'model'?)"),
        ("model = 5", 5, "local_ai.model: expected a model id string, got int 5"),
        ('model = "o9"', 5, "local_ai.model: 'o9' is not a configured model"),
    ],
)
def test_local_ai_errors_name_the_line_and_key(tmp_path: Path, table: str, line: int, message: str) -> None:
    path = tmp_path / "cursord.toml"
    path.write_text(f'[[providers]]\npreset = "openai"\n\n[local_ai]\n{table}\n')
    with pytest.raises(ConfigError) as error:
        config_from_args(_args("--config", str(path)), ENV)
    assert str(error.value).startswith(f"{path}:{line}: {message}")


async def test_cursord_serve_answers_a_commit_message_from_its_local_ai_model(tmp_path: Path) -> None:
    """The composition root wires it: a real `cursord serve`, its `[local_ai] model` by flag."""
    async with open_fake_provider(Reply.sse(chat_text("billing: double the rate"))) as fake:
        command, env = serve_fake(fake, tmp_path, "m1|m2", "--local-ai-model", "m2")
        with trio.fail_after(60):
            async with running_cursord(command, env) as daemon:
                async with daemon.editor() as editor:
                    request = aiserver.WriteGitCommitMessageRequest(diffs=[DIFF])
                    status, body = await editor.post(WRITE_COMMIT_MESSAGE_PATH, request.SerializeToString())
                assert await daemon.stop() == 0, daemon.log.decode()
    assert status == 200, body
    assert aiserver.WriteGitCommitMessageResponse.FromString(body).commit_message == "billing: double the rate"
    assert fake.requests[0].json["model"] == "m2" and "+rate = 2" in json.dumps(fake.requests[0].json)


async def test_the_editor_going_away_cancels_the_model_call() -> None:
    """Cmd+K dismissed mid-answer: the provider's request is closed, nothing more is asked of it."""
    stalled = Reply.sse(chat_text("rate = 2\n", done=False)[:2], then=Stall())
    async with (
        open_fake_provider(stalled) as fake,
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, "gpt-5"), local_ai="", transport="tcp") as (daemon, _),
    ):
        with trio.fail_after(20):
            async with open_http(await daemon.connect(), False) as conn:
                body = encode_envelope(cmd_k_request("double it", ["rate = 1"]).SerializeToString())
                response = await conn.request("POST", STREAM_CMD_K_PATH, STREAM_HEADERS, body)
                assert await response.read_chunk() is not None  # edit_start
                await fake.wait_for_requests(1)
                await response.aclose()
            await fake.requests[0].disconnected.wait()
        assert fake.requests[0].client_disconnected and not fake.requests[0].completed


async def test_a_cmd_k_image_and_link_reach_the_model() -> None:
    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
    async with (
        open_fake_provider(Reply.sse(chat_text("rate = 2"))) as fake,
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, "gpt-5"), local_ai="") as (daemon, _),
        daemon.editor(http2=False) as editor,
    ):
        request = cmd_k_request("make it match the mockup", ["rate = 1"])
        request.images.append(aiserver.ImageProto(data=png, uuid="shot-1"))
        request.links.append(aiserver.CmdKExternalLink(url="https://example.test/spec", uuid="l1"))
        with trio.fail_after(20):
            status, _ = await editor.post(STREAM_CMD_K_PATH, encode_envelope(request.SerializeToString()),
                                          STREAM_HEADERS)
        assert status == 200
        seen = json.dumps(fake.requests[0].json)
        assert "data:image/png;base64," in seen and "https://example.test/spec" in seen


async def test_bad_requests_get_precise_errors_and_no_model_call() -> None:
    async with (
        open_fake_provider() as fake,
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, "gpt-5"), local_ai="") as (daemon, _),
        daemon.editor(http2=False) as editor,
    ):
        with trio.fail_after(20):
            cases = [
                (STREAM_CMD_K_PATH, encode_envelope(b"\xff\xff\xff"), "StreamCmdKRequest"),
                (STREAM_CMD_K_PATH, encode_envelope(cmd_k_request("", ["x"]).SerializeToString()), "no instruction"),
                (STREAM_CMD_K_PATH, b"\x00\x00", "envelope"),
            ]
            for path, body, said in cases:
                status, answer = await editor.post(path, body, STREAM_HEADERS)
                error = [parse_end_stream(e.payload)[0] for e in EnvelopeDecoder(1 << 20).feed(answer) if e.end_stream]
                assert status == 200 and error and error[0] is not None, answer
                assert error[0].code is Code.INVALID_ARGUMENT and said in error[0].message, error[0]
            status, answer = await editor.post(WRITE_COMMIT_MESSAGE_PATH, b"\xff\xff\xff")
            assert status == 400 and error_from_json(answer).code is Code.INVALID_ARGUMENT
    assert fake.requests == []


async def test_an_answer_cut_at_the_output_limit_is_never_a_whole_edit() -> None:
    cut = Reply.sse(chat_text("rate = 2\ntax = ", finish_reason="length"))
    async with (
        open_fake_provider(cut) as fake,
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, "gpt-5"), local_ai="") as (daemon, _),
        daemon.editor(http2=False) as editor,
    ):
        request = cmd_k_request("double it", ["rate = 1", "tax = 0"])
        with trio.fail_after(20):
            status, answer = await editor.post(STREAM_CMD_K_PATH, encode_envelope(request.SerializeToString()),
                                               STREAM_HEADERS)
    envelopes = list(EnvelopeDecoder(1 << 20).feed(answer))
    error = parse_end_stream(envelopes[-1].payload)[0]
    assert status == 200 and error is not None and error.code is Code.RESOURCE_EXHAUSTED, error
    assert "output limit" in error.message
    kinds = [aiserver.StreamCmdKResponseContextWrapped.FromString(e.payload).real_response.WhichOneof("response")
             for e in envelopes[:-1]]
    assert "edit_end" not in kinds
