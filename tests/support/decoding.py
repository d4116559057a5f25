"""Decoding helpers: the real zxing-cpp reader, counting its calls."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import zxingcpp


class CountingReader:
    """The real zxing-cpp reader, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, image: Any, **options: Any) -> Sequence[Any]:
        self.calls += 1
        return zxingcpp.read_barcodes(image, **options)
