"""The picture sent for the service to read: a bounded JPEG with nothing but pixels, and the
requests that carry it (only the picture and the documented switches)."""

from __future__ import annotations

import base64
from collections.abc import Callable
from io import BytesIO

import numpy as np
import pytest
from PIL import Image

from kiosk_app.api import constants
from kiosk_app.api.client import USER_AGENT
from kiosk_app.api.errors import InputRejectedError
from kiosk_app.api.picture_upload import MAX_UPLOAD_BYTES, MAX_UPLOAD_SIDE_PX, upload_jpeg
from tests.unit.api.conftest import AUTH_KEY, TOKEN, client_for
from tests.unit.api.fake_servers import ScriptedServer, always, http_reply
from tests.unit.api.reply_samples import dvs_reply, legacy_reply

Serve = Callable[..., ScriptedServer]
EXIF_ORIENTATION = 0x0112
EXIF_MAKE = 0x010F
ROTATED_90 = 6  # EXIF orientation: the camera was turned; the picture must be turned back


def _noise(width: int, height: int, seed: int = 7) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, (height, width, 3), dtype=np.uint8)


def _jpeg_with_exif(width: int, height: int) -> bytes:
    image = Image.fromarray(_noise(width, height))
    exif = Image.Exif()
    exif[EXIF_MAKE] = "Desk camera serial 1234"
    exif[EXIF_ORIENTATION] = ROTATED_90
    out = BytesIO()
    image.save(out, format="JPEG", exif=exif.tobytes(), comment=b"customer photo")
    return out.getvalue()


def _opened(data: bytes) -> Image.Image:
    image = Image.open(BytesIO(data))
    image.load()
    return image


def test_the_metadata_is_removed_and_the_picture_turned_upright() -> None:
    original = _jpeg_with_exif(320, 200)
    assert b"Desk camera" in original and b"customer photo" in original
    sent = upload_jpeg(original)
    image = _opened(sent)
    assert image.format == "JPEG"
    assert image.size == (200, 320)  # turned by the EXIF orientation
    assert not image.getexif() and "comment" not in image.info and "icc_profile" not in image.info
    assert b"Exif" not in sent and b"Desk camera" not in sent and b"customer photo" not in sent


def test_a_large_picture_is_bounded_in_side_and_bytes() -> None:
    out = BytesIO()
    Image.fromarray(_noise(4000, 3000)).save(out, format="PNG")
    sent = upload_jpeg(out.getvalue())
    assert len(sent) <= MAX_UPLOAD_BYTES
    assert max(_opened(sent).size) <= MAX_UPLOAD_SIDE_PX


@pytest.mark.parametrize("shape", [(480, 640), (480, 640, 3), (480, 640, 4), (480, 640, 1)])
def test_camera_frames_are_encoded(shape: tuple[int, ...]) -> None:
    frame = np.full(shape, 128, dtype=np.uint8)
    image = _opened(upload_jpeg(frame))
    assert image.size == (640, 480)


@pytest.mark.parametrize("bad", [b"", b"not a picture", np.zeros((0, 0), dtype=np.uint8)])
def test_what_is_not_a_picture_is_refused(bad: bytes | np.ndarray) -> None:
    with pytest.raises(InputRejectedError):
        upload_jpeg(bad)


def test_document_verification_carries_the_picture_and_the_switches_only(serve: Serve) -> None:
    server = serve(always(http_reply(200, dvs_reply())))
    picture = upload_jpeg(_jpeg_with_exif(64, 48))
    result = client_for(server.url).dvs_read_picture(picture)
    sent = server.requests[0]
    assert sent.path == constants.DVS_VERIFY_PATH
    assert sent.headers["authorization"] == f"Bearer {TOKEN}"
    body = sent.json()
    assert base64.b64decode(body.pop("backOrSecondImageBase64")) == picture
    assert body == {
        "documentType": 1,
        "frontImageBase64": None,
        "faceImageBase64": None,
        "trackString": {"data": None, "barcodeParams": None},
        "overriddenSettings": {
            "isOCREnabled": False,
            "isBackOrSecondImageProcessingEnabled": True,
            "isFaceMatchEnabled": False,
        },
        "captureMethod": constants.DVS_PICTURE_CAPTURE_METHOD,
        "userAgent": USER_AGENT,
    }
    assert result.request["backOrSecondImageBase64"].startswith("<base64 image")


def test_parse_image_carries_the_picture_and_the_key_only(serve: Serve) -> None:
    server = serve(always(http_reply(200, legacy_reply(wrapper="ParseImageResult"))))
    picture = upload_jpeg(_jpeg_with_exif(64, 48))
    client_for(server.url).legacy_parse_image(picture)
    body = server.requests[0].json()
    assert set(body) == {"authKey", "data"}
    assert body["authKey"] == AUTH_KEY
    assert base64.b64decode(body["data"]) == picture
