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


def test_the_text_size_grows_the_fonts_not_the_spacing_nor_the_verdict() -> None:
    # Button words and large type (26 px and more) grow half as much as the rest.
    body, verdict = theme.layout_scales(1366, 768)
    assert (body, verdict) == (0.95, 0.95)
    large = theme.stylesheet(body, verdict, text_scale=1.5)
    assert "QLabel#ScreenTitle { font-size: 48px;" in large  # 40 px x 0.95 x 1.25
    assert "QLabel#GuideStep { font-size: 28px;" in large  # 20 px x 0.95 x 1.5
    assert "QLabel#VerdictTitle { font-size: 57px;" in large  # 60 px x 0.95: as it was
    assert "min-height: 53px; min-width: 53px; padding: 6px 21px;" in large  # 56, 22 x 0.95
    assert "font-size: 26px; font-weight: 600;" in large  # buttons: 22 px x 0.95 x 1.25
    assert "QLabel#Muted { color: #4b5563; font-size: 26px; }" in large  # 18 px x 0.95 x 1.5
    assert theme.stylesheet(body, verdict, text_scale=1.0) == theme.stylesheet(body, verdict)


def test_high_contrast_lays_its_sheet_over_the_standard_one() -> None:
    standard = theme.stylesheet()
    high = theme.stylesheet(high_contrast=True)
    assert high.startswith(standard)
    overlay = high[len(standard) :]
    assert "QPushButton#Primary { background: #ffff00; color: #000000;" in overlay
    # Scaled like the rest.
    assert "padding: 12px 24px" in theme.stylesheet(1.5, 1.5, high_contrast=True)
    assert "px" in overlay and "PX" not in theme.stylesheet(1.0, 1.0, True, 1.25)
