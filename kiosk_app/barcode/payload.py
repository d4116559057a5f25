"""How a raw payload is handed to the checks: ``trackString`` text and the DVS trackString object.

``barcodeParams`` is not defined by the interface. Our choice (also in docs/architecture.md):
the base64 of a compact UTF-8 JSON object ``{"format": "PDF417", "errorCorrectionLevel": ...,
"rows": ..., "columns": ..., "source": "kiosk"}`` with unknown members left out.
"""

from __future__ import annotations

import base64
import json

from kiosk_app.barcode.symbol import SymbolInfo


def track_string(payload: bytes) -> str:
    """The payload as text for the signature check, every control character intact.

    AAMVA data is ASCII (ISO 8859-1 where accented names occur), so latin-1 maps every byte
    to one character and back without loss.
    """
    return payload.decode("latin-1")


def payload_from_track_string(text: str) -> bytes:
    """Inverse of :func:`track_string` (characters above U+00FF are encoded as UTF-8)."""
    try:
        return text.encode("latin-1")
    except UnicodeEncodeError:
        return text.encode("utf-8")


def dvs_track_data(payload: bytes) -> str:
    """DVS ``trackString.data``: the base64 of the payload bytes."""
    return base64.b64encode(payload).decode("ascii")


def barcode_params(symbol: SymbolInfo | None) -> str:
    """DVS ``trackString.barcodeParams``: base64 of a small JSON describing the symbol."""
    info = symbol or SymbolInfo()
    params: dict[str, object] = {"format": info.format, "source": "kiosk"}
    if info.error_correction_level is not None:
        params["errorCorrectionLevel"] = info.error_correction_level
    if info.rows is not None:
        params["rows"] = info.rows
    if info.columns is not None:
        params["columns"] = info.columns
    raw = json.dumps(params, separators=(",", ":"), sort_keys=True).encode("utf-8")
    return base64.b64encode(raw).decode("ascii")
