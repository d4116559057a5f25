"""Decoded-symbol types shared by the decoder, the checks and the capture sources."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SymbolInfo:
    """Details of a decoded symbol (what zxing-cpp reports); all optional but the format."""

    format: str = "PDF417"
    error_correction_level: str | None = None
    orientation_degrees: int | None = None
    corners: tuple[tuple[int, int], ...] = ()
    rows: int | None = None
    columns: int | None = None


@dataclass(frozen=True)
class DecodedBarcode:
    """A decoded payload as exact bytes, with its symbol details."""

    payload: bytes
    symbol: SymbolInfo
