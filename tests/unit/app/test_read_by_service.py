"""The service reads a picture the kiosk could not: the real backend, real HTTP to the embedded
simulator, the simulator's known out-of-focus samples."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from PIL import Image

from kiosk_app.api.errors import KioskApiError
from kiosk_app.api.picture_upload import MAX_UPLOAD_BYTES, upload_jpeg
from kiosk_app.app.backend import Backend
from kiosk_app.barcode.errors import BarcodeError
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.simulator.known_pictures import defocused_png
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from tests.support.gui import make_backend, make_settings

# The out-of-focus US sample: the name and date of birth the service must read.
US_KEY = "dvs-parse"
US_FIRST, US_LAST, US_BIRTH = "MEI", "TAN", "1996-02-29"
# Where each fallback puts the name and date of birth in the parsed document.
DOCUMENT_KEYS = {
    "document-verification": ("firstName", "familyName", "dob"),
    "legacy-parse-image": ("FirstName", "LastName", "Birthdate"),
}
SERVICES = {
    "document-verification": CheckKind.DVS_PARSE,
    "legacy-parse-image": CheckKind.LEGACY_PARSE,
}


def _backend(simulator: Any, fallback: str) -> Backend:
    return make_backend(make_settings(simulator.base_url, picture_fallback=fallback))


def test_the_kiosk_cannot_read_the_picture_itself(simulator: Any) -> None:
    backend = _backend(simulator, "document-verification")
    try:
        with pytest.raises(BarcodeError):
            backend.read_image(defocused_png(SAMPLES_BY_KEY[US_KEY]))
    finally:
        backend.close()


@pytest.mark.parametrize("fallback", list(DOCUMENT_KEYS))
def test_the_service_reads_the_unreadable_picture_neutrally(simulator: Any, fallback: str) -> None:
    backend = _backend(simulator, fallback)
    picture = defocused_png(SAMPLES_BY_KEY[US_KEY])
    outcome = backend.read_by_service(picture)
    assert outcome.service is SERVICES[fallback]  # a parse, never a verification
    assert outcome.verdict is Verdict.PASSED
    first, last, birth = DOCUMENT_KEYS[fallback]
    document = outcome.document
    assert (document[first], document[last], document[birth]) == (US_FIRST, US_LAST, US_BIRTH)


def test_the_picture_sent_is_a_small_jpeg() -> None:
    picture = defocused_png(SAMPLES_BY_KEY[US_KEY])
    sent = upload_jpeg(picture)
    with Image.open(BytesIO(sent)) as image:
        assert (image.format, image.size) == ("JPEG", (798, 357))
    assert len(sent) <= MAX_UPLOAD_BYTES


def test_an_unknown_picture_is_the_service_s_failure(simulator: Any) -> None:
    unknown = defocused_png(SAMPLES_BY_KEY["signature-valid"])
    legacy = _backend(simulator, "legacy-parse-image").read_by_service(unknown)
    assert legacy.verdict is Verdict.UNDEFINED and not legacy.billable
    assert legacy.error is not None
    assert legacy.error.message == "No PDF417 barcode found on the image; error codes 4"
    with pytest.raises(KioskApiError):
        _backend(simulator, "document-verification").read_by_service(unknown)


def test_the_fallback_off_sends_nothing(simulator: Any) -> None:
    with pytest.raises(ValueError, match="off"):
        _backend(simulator, "off").read_by_service(b"picture")
