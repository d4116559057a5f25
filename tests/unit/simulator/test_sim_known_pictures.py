"""The demo pictures the simulator knows by a perceptual hash: unreadable by the kiosk's own
decoder, read by the simulator's document verification and ParseImage over real HTTP."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from PIL import Image

from kiosk_app.barcode.decode import decode_image
from kiosk_app.barcode.errors import BarcodeError
from kiosk_app.simulator.fields import decode_pdf417, open_grey
from kiosk_app.simulator.known_pictures import (
    DEFOCUSED_SAMPLES,
    MAX_HAMMING_DISTANCE,
    defocused_key,
    defocused_png,
    demo_samples,
    hamming,
    known_pictures,
    picture_hash,
    recognise,
)
from kiosk_app.simulator.samples import SAMPLES, SAMPLES_BY_KEY, render_sample_png
from tests.unit.simulator.sim_http import PARSE_IMAGE, VERIFY, b64, post_text_json
from tests.unit.simulator.test_sim_dvs import dvs_body

# The US defocused sample's licence number and date of birth.
US_PERSON = ("WDL4XK92P1ZB", "1996-02-29")


def _jpeg_copy(png: bytes, side: int, quality: int = 80) -> bytes:
    """``png`` resized to ``side`` pixels on its long side and saved as a JPEG."""
    with Image.open(BytesIO(png)) as image:
        grey = image.convert("L")
    scale = side / max(grey.size)
    small = grey.resize((round(grey.width * scale), round(grey.height * scale)))
    out = BytesIO()
    small.save(out, format="JPEG", quality=quality)
    return out.getvalue()


def test_the_hash_of_a_known_picture_is_deterministic() -> None:
    first = defocused_png(SAMPLES_BY_KEY["dvs-parse"])
    assert first == defocused_png(SAMPLES_BY_KEY["dvs-parse"])
    grey = open_grey(first)
    assert grey is not None
    assert picture_hash(grey) == known_pictures()[0].picture_hash


@pytest.mark.parametrize("key", DEFOCUSED_SAMPLES)
def test_the_kiosk_and_zxing_cannot_read_the_defocused_sample(key: str) -> None:
    picture = defocused_png(SAMPLES_BY_KEY[key])
    assert decode_pdf417(picture) is None
    with pytest.raises(BarcodeError):
        decode_image(picture)  # the kiosk's own decoder, its whole ladder


@pytest.mark.parametrize("key", DEFOCUSED_SAMPLES)
@pytest.mark.parametrize("side", [1600, 800, 400])
def test_a_jpeg_copy_at_another_size_is_recognised(key: str, side: int) -> None:
    known = recognise(_jpeg_copy(defocused_png(SAMPLES_BY_KEY[key]), side))
    assert known is not None
    assert known.sample.key == key


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.key)
def test_a_sharp_sample_or_another_defocused_one_is_not_mistaken(sample: Any) -> None:
    sharp = recognise(render_sample_png(sample))
    assert sharp is None
    other = recognise(defocused_png(sample))
    assert other is None or other.sample.key == sample.key


def test_the_known_pictures_are_far_apart() -> None:
    hashes = [known.picture_hash for known in known_pictures()]
    assert hamming(hashes[0], hashes[1]) > 2 * MAX_HAMMING_DISTANCE


def test_what_is_not_a_picture_is_not_recognised() -> None:
    assert recognise(b"not a picture") is None


def _expected(key: str) -> tuple[str, str]:
    """The licence number and date of birth of the sample ``key``, as the demo data has them."""
    sample = SAMPLES_BY_KEY[key]
    if sample.canada is not None:
        return sample.canada.licence_number, sample.canada.date_of_birth
    return US_PERSON


@pytest.mark.parametrize("key", DEFOCUSED_SAMPLES)
def test_document_verification_reads_the_defocused_sample(simulator: Any, key: str) -> None:
    body = dvs_body(None, b64(_jpeg_copy(defocused_png(SAMPLES_BY_KEY[key]), 800)))
    reply = post_text_json(simulator.base_url + VERIFY, body)
    assert reply.status_code == 200, reply.text
    document = reply.json()["document"]
    assert (document["id"], document["dob"]) == _expected(key)


@pytest.mark.parametrize("key", DEFOCUSED_SAMPLES)
def test_parse_image_reads_the_defocused_sample(simulator: Any, key: str) -> None:
    body = {"authKey": "test", "data": b64(_jpeg_copy(defocused_png(SAMPLES_BY_KEY[key]), 800))}
    reply = post_text_json(simulator.base_url + PARSE_IMAGE, body, token=None)
    result = reply.json()["ParseImageResult"]
    assert result["Success"] is True, result
    licence = result["DriverLicense"]
    assert (licence["LicenseNumber"], licence["Birthdate"]) == _expected(key)


def test_the_demo_menu_offers_each_known_picture() -> None:
    samples = demo_samples()
    for key in DEFOCUSED_SAMPLES:
        picture = samples[defocused_key(key)].picture
        assert picture is not None
        known = recognise(picture)
        assert known is not None and known.sample.key == key
    assert all(samples[key].picture is None for key in SAMPLES_BY_KEY)


def test_an_unknown_blurred_picture_is_still_no_barcode(simulator: Any) -> None:
    unknown = defocused_png(SAMPLES_BY_KEY["signature-valid"])
    body = {"authKey": "test", "data": b64(unknown)}
    result = post_text_json(simulator.base_url + PARSE_IMAGE, body, token=None).json()
    assert result["ParseImageResult"]["ValidationCode"]["Errors"] == ["4"]
    reply = post_text_json(simulator.base_url + VERIFY, dvs_body(None, b64(unknown)))
    assert (reply.status_code, reply.json()["code"]) == (400, "PDF417Error")
