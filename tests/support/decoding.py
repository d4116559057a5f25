"""Decoding helpers: the real zxing-cpp reader counting its calls, a scanner whose result does
not depend on the machine's load, and the degraded pictures of the licence sample rendered
once a session (``degraded_cases``, ``camera_grade_cases``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import numpy as np
import pytest
import zxingcpp
from PIL import Image

from kiosk_app.barcode.decode import Accept, Reader, Scanner
from kiosk_app.bench import synthetic
from kiosk_app.bench.synthetic import Case
from tests.unit.barcode.images import LICENCE_PAYLOAD

# Longer than any ladder takes on the slowest machine: the scanner never gives up on time.
NO_TIME_LIMIT_S = 120.0


def untimed_scanner(reader: Reader | None = None, accept: Accept | None = None) -> Scanner:
    """The kiosk's scanner with no time budget: what it reads must not depend on how busy the
    cores are (its speed is measured by the benchmarks, never asserted in a test)."""
    options: dict[str, Any] = {"budget_s": NO_TIME_LIMIT_S, "give_up_s": NO_TIME_LIMIT_S}
    if reader is not None:
        options["reader"] = reader
    if accept is not None:
        options["accept"] = accept
    return Scanner(**options)


class CountingReader:
    """The real zxing-cpp reader, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, image: Any, **options: Any) -> Sequence[Any]:
        self.calls += 1
        return zxingcpp.read_barcodes(image, **options)


class RenderedCases(Mapping[str, Case]):
    """Degraded pictures of one card by name, each rendered on first use and then kept."""

    def __init__(
        self, base: Image.Image, degradations: Iterable[tuple[str, str, synthetic.Degrade]]
    ) -> None:
        self._base = base
        self._recipes = {name: (kind, degrade) for name, kind, degrade in degradations}
        self._rendered: dict[str, Case] = {}

    def __getitem__(self, name: str) -> Case:
        if name not in self._rendered:
            kind, degrade = self._recipes[name]
            self._rendered[name] = Case(name, kind, np.asarray(degrade(self._base)))
        return self._rendered[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._recipes)

    def __len__(self) -> int:
        return len(self._recipes)


@pytest.fixture(scope="session")
def degraded_cases() -> RenderedCases:
    """The synthetic degraded pictures of the licence sample (``bench.synthetic``), for the
    whole session: a test renders only the pictures it reads, each at most once."""
    return RenderedCases(synthetic.card(LICENCE_PAYLOAD), synthetic.degradations())


@pytest.fixture(scope="session")
def camera_grade_cases() -> RenderedCases:
    """The camera-grade degraded pictures of the licence sample, like ``degraded_cases``."""
    module_px = synthetic.CAMERA_MODULE_PX
    return RenderedCases(
        synthetic.card(LICENCE_PAYLOAD, module_px), synthetic.camera_degradations(module_px)
    )


@pytest.fixture(scope="session")
def bad_day_cases() -> RenderedCases:
    """A desk camera's bad-day pictures of the licence sample, like ``degraded_cases``."""
    module_px = synthetic.CAMERA_MODULE_PX
    return RenderedCases(
        synthetic.card(LICENCE_PAYLOAD, module_px), synthetic.bad_day_degradations(module_px)
    )
