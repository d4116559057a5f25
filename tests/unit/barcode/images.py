"""Pictures for the decoder tests: minimal licence payloads and encodings of rendered symbols.

The degraded pictures themselves come from :mod:`kiosk_app.bench.synthetic`, so the tests and
the benchmark use the same images.
"""

from __future__ import annotations

from io import BytesIO

import numpy as np
import zxingcpp
from PIL import Image

from kiosk_app.bench.synthetic import card as card  # re-exported: the tests build cards here

# A small AAMVA version 08 DL payload: LF element separators, RS after "@", CR ending the
# subfile, and a latin-1 byte in a name, so the exact-bytes guarantee is exercised.
LICENCE_PAYLOAD = (
    b"@\n\x1e\rANSI 636014080002DL00410156ZC01970012"
    b"DLDAQD7654321\nDCSMARTIN\nDACRENE\xc9\nDADMARIE\nDBB07141988\nDBA07142031\n"
    b"DBC2\nDAG1 RUE DE LA PAIX\nDAISACRAMENTO\nDAJCA\nDAK958140000  \nDCF0123456789\n"
    b"DCGUSA\nDDEN\nDDFN\nDDGN\r"
    b"ZCZCAN\r"
)
OTHER_LICENCE_PAYLOAD = LICENCE_PAYLOAD.replace(b"D7654321", b"D1111111")
# A PDF417 that is not licence data (a boarding pass or shipping label, say).
NOT_LICENCE_PAYLOAD = b"M1DOE/JANE            EABC123 YULYYZAC 0123 123Y012A0001 100"


def encode(image: Image.Image | np.ndarray, fmt: str, **options: object) -> bytes:
    """``image`` saved in ``fmt`` (PNG, JPEG, ...) in memory."""
    picture = image if isinstance(image, Image.Image) else Image.fromarray(image)
    buffer = BytesIO()
    picture.save(buffer, fmt, **options)
    return buffer.getvalue()


def card_png(payload: bytes = LICENCE_PAYLOAD, module_px: int = 3) -> bytes:
    """A clean card back carrying ``payload``, as PNG bytes."""
    return encode(card(payload, module_px), "PNG")


def bare_zxing_reads(pixels: np.ndarray, payload: bytes = LICENCE_PAYLOAD) -> bool:
    """Whether a bare ``zxingcpp.read_barcodes`` call (all formats, defaults) reads ``payload``."""
    return any(result.bytes == payload for result in zxingcpp.read_barcodes(pixels))
