"""WCAG 2 contrast: the relative luminance of an sRGB colour and the ratio of two."""

from __future__ import annotations

from PySide6.QtGui import QColor

# WCAG 2.x: 3:1 for non-text parts (a focus indicator, a control's edge), 4.5:1 for text.
MIN_NON_TEXT_CONTRAST = 3.0


def luminance(colour: QColor | str) -> float:
    """Relative luminance (0 black … 1 white) of an sRGB colour."""
    c = QColor(colour)
    channels = []
    for value in (c.redF(), c.greenF(), c.blueF()):
        linear = value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
        channels.append(linear)
    red, green, blue = channels
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(a: QColor | str, b: QColor | str) -> float:
    """The WCAG contrast ratio of two colours, 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
