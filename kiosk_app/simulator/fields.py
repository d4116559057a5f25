"""Plain-language values derived from AAMVA elements, shared by the DVS and legacy replies."""

from __future__ import annotations

import base64
import binascii
import warnings
from io import BytesIO

import zxingcpp
from PIL import Image, UnidentifiedImageError

from kiosk_app.simulator.aamva import AamvaDocument

# What a scanner or camera produces; anything else (EPS goes to Ghostscript) is not opened.
# The simulator imports nothing of the kiosk, so this mirrors barcode.picture_limits.OPENED_FORMATS.
IMAGE_FORMATS = ("PNG", "JPEG", "TIFF", "BMP", "GIF", "WEBP", "PPM")

_SEX = {"1": "Male", "M": "Male", "2": "Female", "F": "Female", "9": "Not Specified"}
_POUNDS_PER_KG = 2.20462


def iso_date(document: AamvaDocument, element_id: str) -> str:
    """A date element as yyyy-MM-dd, or "" when absent or unreadable."""
    value = document.date(element_id)
    return value.isoformat() if value else ""


def gender(document: AamvaDocument) -> str:
    """Sex element DBC in words."""
    return _SEX.get(document.get("DBC").upper(), "")


def full_name(document: AamvaDocument) -> str:
    """First, middle and family name joined (the DAA full name on older cards)."""
    parts = [document.get("DAC"), document.get("DAD"), document.get("DCS")]
    joined = " ".join(p for p in parts if p)
    return joined or document.get("DAA").replace(",", " ").strip()


def country(document: AamvaDocument) -> tuple[str, str, str]:
    """(name, 2-letter code, 3-letter code) of the issuing country."""
    if document.is_canadian:
        return "Canada", "CA", "CAN"
    return "United States", "US", "USA"


def weights(document: AamvaDocument) -> tuple[str, str]:
    """(kilograms, pounds) as strings, from DAW (pounds) or DAX (kilograms)."""
    pounds, kilograms = document.get("DAW"), document.get("DAX")
    if pounds.isdigit():
        return str(round(int(pounds) / _POUNDS_PER_KG)), str(int(pounds))
    if kilograms.isdigit():
        return str(int(kilograms)), str(round(int(kilograms) * _POUNDS_PER_KG))
    return "", ""


def decode_base64(text: object) -> bytes | None:
    """Strict base64 decode; None when ``text`` is not a base64 string."""
    if not isinstance(text, str):
        return None
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None


def open_grey(image_bytes: bytes) -> Image.Image | None:
    """The picture in ``image_bytes`` as a grey image, or None for anything not a picture."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(BytesIO(image_bytes), formats=IMAGE_FORMATS) as image:
                image.load()
                grey = image.convert("L")
    except (
        UnidentifiedImageError,
        OSError,
        ValueError,
        Image.DecompressionBombError,
        Image.DecompressionBombWarning,
    ):
        return None
    return grey


def decode_pdf417(image_bytes: bytes) -> bytes | None:
    """The raw bytes of the first PDF417 symbol in an image, or None (also for non-images)."""
    grey = open_grey(image_bytes)
    if grey is None:
        return None
    result = zxingcpp.read_barcode(
        grey,
        formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.PDF417),
        text_mode=zxingcpp.TextMode.Plain,
    )
    if result is None or not result.valid:
        return None
    return bytes(result.bytes)
