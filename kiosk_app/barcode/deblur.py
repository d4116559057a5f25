"""Deconvolution of defocused and motion-blurred symbols (numpy FFT, no OpenCV or scipy).

A fixed-focus webcam 10-15 cm from a card blurs it by about a module; a card moving while the
picture is taken smears it along the motion. Unsharp masking cannot restore the one-module
bars and spaces then: their contrast is down to a few grey levels. A Wiener filter can,
when it knows the blur. The blur is measured from the picture itself: a sharp dark-to-light
edge blurred by a Gaussian of standard deviation ``s`` (or a motion of ``L`` pixels) has a
steepest slope of ``contrast / (2.5 s)`` (``contrast / L``), so the *edge width*
``contrast / steepest slope`` gives the kernel. The wide start and stop bars of every PDF417
row provide such edges.

Only the direction across the bars (x, in a deskewed view) is restored: PDF417 rows are three
or more modules high, so blur along the bars costs little, and a row-wise one-dimensional
filter is several times cheaper than a two-dimensional one. A motion's length is known less
exactly than a defocus (its direction is unknown, only its projection across the bars
matters), so a few lengths around the estimate are tried, nearest first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from kiosk_app.barcode.enhance import View

# The edge width of a sharp edge (central differences see about two pixels); widths below
# MIN_BLUR_WIDTH_PX (a defocus of about 1.3 px) are not worth deconvolving: zxing-cpp reads
# those pictures itself, and noise or JPEG blocking would be amplified for nothing.
SHARP_EDGE_PX = 0.7
MIN_BLUR_WIDTH_PX = 4.0
# Widths above this are not a symbol but a smudge: no deconvolution.
MAX_BLUR_WIDTH_PX = 24.0
# Percentile of the gradient taken as "the steepest slope" (robust to a few noisy pixels).
SLOPE_PERCENTILE = 99.5
# Noise-to-signal ratios of the Wiener filters (found by measurement on the benchmark sets:
# lower restores more contrast but amplifies the sensor noise).
GAUSSIAN_NSR = 0.002
MOTION_NSR = 0.003
# Gaussian edge width per unit of standard deviation (2.5 = sqrt(2 pi)).
WIDTH_PER_SIGMA = 2.5
# Defocus undone on a rectified symbol, as multiples of the measured one, tried in turn: the
# measure follows the sharpest edges, on the symbol's near side, while rectifying stretches
# the far side (and its blur) by up to 1 / (1 - side difference). On nine licences at 35 %
# + shear the measure alone read 2, 1.15 times it 7 and 1.3 times it 9; at 20 % with defocus
# 0.8, 1.15 read 6 and 1.3 none.
RECTIFIED_SIGMA_FACTORS = (1.15, 1.3)
# Motion lengths tried, as multiples of the measured edge width (a diagonal motion's
# projection across the bars measures short).
MOTION_LENGTH_FACTORS = (1.0, 1.07, 1.14, 1.22, 1.3, 1.39, 1.49, 1.6)


@dataclass(frozen=True)
class BlurEstimate:
    """Edge widths (pixels) across the bars (``across``) and along them (``along``)."""

    across: float
    along: float

    @property
    def blurred(self) -> bool:
        """Whether deconvolution is worth trying."""
        return MIN_BLUR_WIDTH_PX <= self.across <= MAX_BLUR_WIDTH_PX

    @property
    def sigma(self) -> float:
        """The Gaussian defocus (pixels) that makes edges this wide."""
        return max(0.5, (self.across - SHARP_EDGE_PX) / WIDTH_PER_SIGMA)

    def motion_lengths(self, fitted: float | None = None) -> tuple[float, ...]:
        """Motion lengths across the bars (pixels) to try, most likely first: a length
        ``fitted`` on the start pattern (:mod:`kiosk_app.barcode.start_pattern`) first, in
        place of the nearest of the others, when there is one."""
        lengths = [self.across * factor for factor in MOTION_LENGTH_FACTORS]
        if fitted is None:
            return tuple(lengths)
        lengths.remove(min(lengths, key=lambda length: abs(length - fitted)))
        return (fitted, *lengths)


def estimate_blur(grey: np.ndarray) -> BlurEstimate | None:
    """The edge widths of a (deskewed, cropped) symbol picture; ``None`` for a flat one."""
    if grey.ndim != 2 or min(grey.shape) < 8:
        return None
    values = grey.astype(np.float32)
    low, high = np.percentile(values[::2, ::2], (2.0, 98.0))
    contrast = float(high - low)
    if contrast < 8.0:
        return None
    across = np.abs(values[:, 2:] - values[:, :-2]) * 0.5
    along = np.abs(values[2:] - values[:-2]) * 0.5
    slope_across = float(np.percentile(across, SLOPE_PERCENTILE))
    slope_along = float(np.percentile(along, SLOPE_PERCENTILE))
    if slope_across <= 0 or slope_along <= 0:
        return None
    return BlurEstimate(contrast / slope_across, contrast / slope_along)


def deblurred_view(view: View, factor: float = 1.0) -> View | None:
    """``view`` with its measured defocus times ``factor`` undone (:func:`deconvolve_gaussian`),
    ``None`` when its edges are sharp (nothing to undo)."""
    blur = estimate_blur(view.pixels)
    if blur is None or not blur.blurred:
        return None
    return view.then(deconvolve_gaussian(view.pixels, blur.sigma * factor), np.eye(3))


def deconvolve_gaussian(grey: np.ndarray, sigma: float) -> np.ndarray:
    """``grey`` with a Gaussian blur of ``sigma`` pixels across the bars undone (uint8)."""
    return _wiener_rows(grey, lambda freq: np.exp(-2.0 * (np.pi * sigma * freq) ** 2), GAUSSIAN_NSR)


def deconvolve_motion(grey: np.ndarray, length: float) -> np.ndarray:
    """``grey`` with a motion blur of ``length`` pixels across the bars undone (uint8)."""
    return _wiener_rows(grey, lambda freq: np.sinc(length * freq), MOTION_NSR)


def _wiener_rows(
    grey: np.ndarray, transfer: Callable[[np.ndarray], np.ndarray], nsr: float
) -> np.ndarray:
    """Row-wise Wiener filter for the blur whose transfer function (of cycles per pixel) is
    ``transfer``; edges padded by reflection so the picture's border does not ring."""
    values = grey.astype(np.float32)
    width = values.shape[1]
    pad = min(width - 1, 32)
    padded = np.pad(values, ((0, 0), (pad, pad)), mode="reflect")
    size = _fast_length(padded.shape[1])
    mean = float(values.mean())
    spectrum = np.fft.rfft(padded - mean, n=size, axis=1)
    response = np.asarray(transfer(np.fft.rfftfreq(size)), dtype=np.float32)
    spectrum *= response / (response * response + nsr)
    restored = np.fft.irfft(spectrum, n=size, axis=1)[:, pad : pad + width]
    return _stretch(restored)


def _fast_length(length: int) -> int:
    """The smallest length >= ``length`` whose only prime factors are 2, 3 and 5."""
    candidate = length
    while True:
        rest = candidate
        for prime in (2, 3, 5):
            while rest % prime == 0:
                rest //= prime
        if rest == 1:
            return candidate
        candidate += 1


def _stretch(values: np.ndarray) -> np.ndarray:
    """Linear stretch of the 1st..99th percentile onto 0..255 (uint8)."""
    low, high = np.percentile(values[::4, ::4], (1.0, 99.0))
    if high - low < 1e-6:
        result: np.ndarray = np.clip(values, 0, 255).astype(np.uint8)
        return result
    result = np.clip((values - low) * (255.0 / (high - low)), 0, 255).astype(np.uint8)
    return result
