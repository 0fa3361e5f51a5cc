"""Images the user attached (`SelectedContext.selected_images`) as provider-neutral image parts. Pure.

An image comes inline (`data`), by reference (`blob_id`, read by the caller from `pre_fetched_blobs`,
cursord's store or the editor's kv), or both (`blob_id_with_data`). Its MIME type is sniffed from the
bytes: the editor's `mime_type` label is often wrong (a PNG labelled `image/jpeg`), and every vendor
rejects a request whose declared type does not match the data. Formats all three vendors accept are
PNG, JPEG, GIF and WebP; anything else, an image over the size limit, images past the per-turn count,
and any image for a model without vision become a short note in the user turn instead, so the model
can tell the user what it could not see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import ImagePart, Message, TextPart

#: the vendors' common image formats, by their leading bytes.
_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
)
#: formats recognised only to name them in a refusal.
_UNSUPPORTED: tuple[tuple[bytes, str], ...] = (
    (b"BM", "BMP"),
    (b"II*\x00", "TIFF"),
    (b"MM\x00*", "TIFF"),
    (b"\x00\x00\x01\x00", "ICO"),
    (b"%PDF", "PDF"),
    (b"<svg", "SVG"),
    (b"<?xml", "SVG/XML"),
)


def sniff_image_type(data: bytes) -> str | None:
    """The MIME type of PNG, JPEG, GIF or WebP bytes; None for anything else."""
    for magic, mime in _SIGNATURES:
        if data.startswith(magic):
            return mime
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def _format_name(data: bytes) -> str:
    for magic, name in _UNSUPPORTED:
        if data.startswith(magic):
            return name
    if len(data) >= 12 and data[4:8] == b"ftyp":
        return data[8:12].decode("ascii", "replace").strip().upper() or "ISO media"  # heic, avif ...
    return "an unknown format"


@attrs.frozen
class ImageLimits:
    max_image_bytes: int = 3_932_160  # 3.75 MiB: 5 MiB once base64-encoded, Anthropic's per-image cap
    max_images_per_turn: int = 20


def image_blob_ids(images: Sequence[agent.SelectedImage]) -> list[bytes]:
    """The blob ids whose bytes the caller must read before `image_parts` (only images without data)."""
    return [image.blob_id for image in images if image.WhichOneof("data_or_blob_id") == "blob_id" and image.blob_id]


def _image_bytes(image: agent.SelectedImage, blobs: Mapping[bytes, bytes]) -> bytes | None:
    which = image.WhichOneof("data_or_blob_id")
    if which == "data":
        return image.data
    if which == "blob_id_with_data":
        return image.blob_id_with_data.data or blobs.get(image.blob_id_with_data.blob_id)
    if which == "blob_id":
        return blobs.get(image.blob_id)
    return None


def _label(image: agent.SelectedImage, index: int) -> str:
    return image.path or image.uuid or f"image {index + 1}"


def _mib(size: int) -> str:
    return f"{size / (1 << 20):.2f} MiB"


def image_parts(
    images: Sequence[agent.SelectedImage],
    blobs: Mapping[bytes, bytes],
    *,
    vision: bool,
    limits: ImageLimits = ImageLimits(),
) -> list[ImagePart | TextPart]:
    """One `ImagePart` per usable image, in the editor's order; a `TextPart` note for each one that is not
    sent (and why). A model without vision gets only notes."""
    parts: list[ImagePart | TextPart] = []
    sent = 0
    for index, image in enumerate(images):
        label = _label(image, index)
        if not vision:
            parts.append(_note(f"the user attached an image ({label}) that you cannot see: this model does not"
                               " take images. Say so if the image matters to the request."))
            continue
        data = _image_bytes(image, blobs)
        if not data:
            parts.append(_note(f"the user attached an image ({label}) whose data did not reach cursord."))
            continue
        mime = sniff_image_type(data)
        if mime is None:
            parts.append(_note(f"the user attached an image ({label}) in {_format_name(data)}, which cannot be sent"
                               " to the model (PNG, JPEG, GIF and WebP can)."))
            continue
        if len(data) > limits.max_image_bytes:
            parts.append(_note(f"the user attached an image ({label}, {_mib(len(data))}) larger than the"
                               f" {_mib(limits.max_image_bytes)} limit (max_image_bytes); it was not sent."))
            continue
        if sent >= limits.max_images_per_turn:
            parts.append(_note(f"the user attached an image ({label}) past the limit of"
                               f" {limits.max_images_per_turn} images per turn (max_images_per_turn); it was not"
                               " sent."))
            continue
        sent += 1
        parts.append(ImagePart(mime, data))
    return parts


def _note(text: str) -> TextPart:
    return TextPart(f"[{text}]")


def without_images(messages: Sequence[Message]) -> list[Message]:
    """`messages` for a model without vision: each image in them (e.g. attached while another model ran)
    becomes a note that an image was there."""
    out: list[Message] = []
    for message in messages:
        if not message.images():
            out.append(message)
            continue
        parts = [
            _note("an image the user attached earlier was left out: this model does not take images")
            if isinstance(p, ImagePart)
            else p
            for p in message.parts
        ]
        out.append(Message(message.role, parts))
    return out
