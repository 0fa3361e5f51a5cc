"""Attached images: MIME sniffing, limits, vision, and the three vendor formats."""

from __future__ import annotations

import base64

import pytest

from cursord.context.images import ImageLimits, image_parts, sniff_image_type
from cursord.context.selected import user_turn
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers import anthropic, openai_chat, openai_responses
from cursord.providers.model import ImagePart, Message, PassRequest, Role, TextPart
from cursord.store.codec import decode_message, encode_parts
from tests.editor_fixtures import BMP, GIF, JPEG, WEBP, all_kinds_blobs, all_kinds_message, png

PNG = png()


@pytest.mark.parametrize(
    ("data", "mime"),
    [(PNG, "image/png"), (JPEG, "image/jpeg"), (GIF, "image/gif"), (WEBP, "image/webp"), (BMP, None), (b"", None)],
)
def test_sniffing(data: bytes, mime: str | None) -> None:
    assert sniff_image_type(data) == mime


def test_a_png_labelled_jpeg_is_sent_as_png() -> None:
    image = agent.SelectedImage(path="shot.png", mime_type="image/jpeg", data=PNG)
    assert image_parts([image], {}, vision=True) == [ImagePart("image/png", PNG)]


def test_inline_blob_and_blob_with_data() -> None:
    images = [
        agent.SelectedImage(data=JPEG),
        agent.SelectedImage(blob_id=b"b1"),
        agent.SelectedImage(blob_id_with_data=agent.SelectedImage.BlobIdWithData(blob_id=b"b2", data=GIF)),
    ]
    parts = image_parts(images, {b"b1": WEBP}, vision=True)
    assert parts == [ImagePart("image/jpeg", JPEG), ImagePart("image/webp", WEBP), ImagePart("image/gif", GIF)]


def test_refusals_are_notes_that_say_why() -> None:
    images = [
        agent.SelectedImage(path="big.png", data=PNG + bytes(500)),
        agent.SelectedImage(path="old.bmp", data=BMP),
        agent.SelectedImage(path="gone.png", blob_id=b"missing"),
        agent.SelectedImage(path="a.png", data=PNG),
        agent.SelectedImage(path="b.png", data=PNG),
    ]
    parts = image_parts(images, {}, vision=True, limits=ImageLimits(max_image_bytes=150, max_images_per_turn=1))
    texts = [p.text if isinstance(p, TextPart) else p for p in parts]
    assert "big.png" in str(texts[0]) and "limit (max_image_bytes)" in str(texts[0])
    assert "old.bmp) in BMP, which cannot be sent" in str(texts[1])
    assert "gone.png) whose data did not reach cursord" in str(texts[2])
    assert texts[3] == ImagePart("image/png", PNG)
    assert "past the limit of 1 images per turn (max_images_per_turn)" in str(texts[4])


def test_a_model_without_vision_is_told_an_image_it_cannot_see_was_attached() -> None:
    message = user_turn(all_kinds_message(), all_kinds_blobs(), vision=False)
    assert not message.images()
    text = message.text()
    assert text.count("that you cannot see") == 2
    assert "the user attached an image (C:\\Users\\Administrator\\AppData\\Local\\Temp\\screenshot.png)" in text


def _image_request() -> PassRequest:
    user = Message(Role.USER, (TextPart("<attached_context>...</attached_context>"), ImagePart("image/png", PNG),
                               TextPart("what is in the picture?")))
    return PassRequest(model="m", system="sys", messages=(user,))


def test_openai_chat_image_url_data_url() -> None:
    _, body, _ = openai_chat.build_request(_image_request())
    content = body["messages"][1]["content"]
    assert content == [
        {"type": "text", "text": "<attached_context>...</attached_context>"},
        {"type": "image_url", "image_url": {"url": "data:image/png;base64," + base64.b64encode(PNG).decode()}},
        {"type": "text", "text": "what is in the picture?"},
    ]


def test_openai_chat_text_only_user_message_stays_a_string() -> None:
    _, body, _ = openai_chat.build_request(PassRequest(model="m", messages=(Message.user("hi"),)))
    assert body["messages"][0]["content"] == "hi"


def test_responses_input_image() -> None:
    _, body, _ = openai_responses.build_request(_image_request())
    assert body["input"][0]["content"] == [
        {"type": "input_text", "text": "<attached_context>...</attached_context>"},
        {"type": "input_image", "image_url": "data:image/png;base64," + base64.b64encode(PNG).decode(),
         "detail": "auto"},
        {"type": "input_text", "text": "what is in the picture?"},
    ]


def test_anthropic_image_block() -> None:
    _, body, _ = anthropic.build_request(_image_request())
    assert body["messages"][0]["content"][1] == {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/png", "data": base64.b64encode(PNG).decode()},
    }


def test_images_are_stored_losslessly() -> None:
    parts = (TextPart("see"), ImagePart("image/png", PNG))
    assert decode_message("user", encode_parts(parts)).parts == parts
