"""The admin's display settings: text size (100, 125, 150 %) and the high-contrast theme, as
settings values and as what they make of the stylesheet's scales and colours."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from kiosk_app.config import Settings
from kiosk_app.ui import theme


@pytest.mark.parametrize(("given", "size"), [(100, 100), ("125", 125), (" 150 ", 150)])
def test_a_text_size_from_a_number_or_a_drop_down_value(given: object, size: int) -> None:
    assert Settings(text_size=given).text_size == size


@pytest.mark.parametrize("given", [130, "130", "big", 0])
def test_other_text_sizes_are_refused(given: object) -> None:
    with pytest.raises(ValidationError):
        Settings(text_size=given)


def test_the_defaults_are_the_standard_look() -> None:
    settings = Settings()
    assert (settings.text_size, settings.high_contrast) == (100, False)


# (window, text size) -> (text scale, verdict scale)
SCALES = {
    ((1280, 800), 100): (1.0, 1.0),
    ((1280, 800), 150): (1.5, 1.5),
    ((1366, 768), 125): (1.2, 1.2),
    ((1366, 768), 150): (1.4, 1.4),
    ((1024, 600), 150): (1.1, 1.1),
    ((3840, 2160), 150): (2.25, 2.4),  # the verdict keeps its larger scale
}


@pytest.mark.parametrize(("case", "expected"), list(SCALES.items()), ids=str)
def test_the_text_size_multiplies_the_window_scale(
    case: tuple[tuple[int, int], int], expected: tuple[float, float]
) -> None:
    (width, height), size = case
    assert theme.layout_scales(width, height, size) == expected


def test_high_contrast_lays_its_sheet_over_the_standard_one() -> None:
    standard = theme.stylesheet()
    high = theme.stylesheet(high_contrast=True)
    assert high.startswith(standard)
    overlay = high[len(standard) :]
    assert "QPushButton#Primary { background: #ffff00; color: #000000;" in overlay
    # Scaled like the rest.
    assert "padding: 12px 24px" in theme.stylesheet(1.5, 1.5, high_contrast=True)
