"""Helpers shared by the capture-source tests: AAMVA-like payloads and barcode pictures.

Everything here is made up (no real person); pictures are rendered with zxing-cpp's writer.
"""

from __future__ import annotations

import numpy as np
import zxingcpp
from PIL import Image


def aamva_payload(number: int = 1, surname: str = "SAMPLE") -> bytes:
    """A small, structurally valid AAMVA v10 DL payload; ``number`` makes it unique."""
    elements = [
        f"DAQ{number:09d}",
        f"DCS{surname}",
        "DACJANE",
        "DADNONE",
        "DBD01012024",
        "DBB01151990",
        "DBA01152030",
        "DBC2",
        "DAYBLU",
        "DAU065 in",
        "DAG1 MAIN ST",
        "DAIANYTOWN",
        "DAJVA",
        "DAK000000000",
        "DCF0000000000",
        "DCGUSA",
        "DDEN",
        "DDFN",
        "DDGN",
    ]
    subfile = b"DL" + b"\n".join(e.encode("ascii") for e in elements) + b"\r"
    entries = 1
    header_len = 21 + 10 * entries
    header = b"@\n\x1e\rANSI 636000" + b"10" + b"00" + f"{entries:02d}".encode()
    designator = b"DL" + f"{header_len:04d}{len(subfile):04d}".encode()
    return header + designator + subfile


def pdf417_image(payload: bytes, module_px: int = 3) -> np.ndarray:
    """The payload as a PDF417 symbol: a uint8 grey array, black bars on white, quiet zone."""
    barcode = zxingcpp.create_barcode(payload, zxingcpp.BarcodeFormat.PDF417)
    symbol = np.asarray(barcode.to_image(scale=module_px, add_quiet_zones=True), dtype=np.uint8)
    return symbol


def card_scene(
    payload: bytes | None,
    size: tuple[int, int] = (1280, 720),
    angle_deg: float = 0.0,
    symbol_width: int = 700,
) -> np.ndarray:
    """An RGB scene: a grey desk, a light card with the symbol, turned by ``angle_deg``.

    ``payload=None`` gives a blank scene (the desk and nothing else).
    """
    width, height = size
    desk = Image.new("RGB", (width, height), (92, 98, 104))
    if payload is None:
        return np.asarray(desk)
    symbol = Image.fromarray(pdf417_image(payload)).convert("RGB")
    scale = symbol_width / symbol.width
    symbol = symbol.resize(
        (symbol_width, max(1, round(symbol.height * scale))), Image.Resampling.NEAREST
    )
    card = Image.new("RGB", (symbol.width + 80, symbol.height + 120), (238, 236, 230))
    card.paste(symbol, (40, 60))
    turned = card.rotate(angle_deg, resample=Image.Resampling.BICUBIC, expand=True,
                         fillcolor=(92, 98, 104))
    desk.paste(turned, ((width - turned.width) // 2, (height - turned.height) // 2))
    return np.asarray(desk)
