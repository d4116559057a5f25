"""Synthetic licence-back pictures: a PDF417 rendered by zxing-cpp, then degraded on purpose.

Shared by the decoder's unit tests and ``python -m kiosk_app.bench decode`` so both use the
same images. Everything is deterministic (seeded) and built in memory; only numpy and Pillow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from io import BytesIO

import numpy as np
import zxingcpp
from PIL import Image, ImageDraw, ImageFilter

PAPER = 236
INK = 24
CARD_SIZE = (1100, 700)
TWELVE_MP = (4000, 3000)
FULL_HD = (1920, 1080)
# zxing-cpp's writer level "4" gives about 19% error correction on a licence-sized payload,
# like real cards (the California specimen has 14%; AAMVA asks for level 3 or more).
LICENCE_EC_LEVEL = "4"

# A made-up version 08 California DL payload (exact bytes: LF, RS, CR and a latin-1 name).
SAMPLE_PAYLOAD = (
    b"@\n\x1e\rANSI 636014080002DL00410156ZC01970012"
    b"DLDAQD7654321\nDCSSPECIMEN\nDACANDR\xc9\nDADMARIE\nDBB07141988\nDBA07142031\n"
    b"DBC2\nDAG1 MAIN STREET\nDAISACRAMENTO\nDAJCA\nDAK958140000  \nDCF0123456789\n"
    b"DCGUSA\nDDEN\nDDFN\nDDGN\rZCZCAN\r"
)

Degrade = Callable[[Image.Image], Image.Image]


@dataclass(frozen=True)
class Case:
    """One synthetic picture: its name, kind (for grouping) and grey pixels."""

    name: str
    kind: str
    pixels: np.ndarray


def render_pdf417(
    payload: bytes, module_px: int = 3, ec_level: str | None = LICENCE_EC_LEVEL
) -> Image.Image:
    """The PDF417 symbol for ``payload`` (bytes kept exactly), ``module_px`` pixels per module."""
    options = {"ec_level": ec_level} if ec_level else {}
    barcode = zxingcpp.create_barcode(payload, zxingcpp.BarcodeFormat.PDF417, **options)
    image = zxingcpp.write_barcode_to_image(barcode, scale=module_px)
    return Image.fromarray(np.asarray(image)).convert("L")


def render_code128(text: str, module_px: int = 3) -> Image.Image:
    """A Code 128 symbol (the kind printed on the front of many cards)."""
    barcode = zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.Code128)
    pixels = np.asarray(zxingcpp.write_barcode_to_image(barcode, scale=module_px))
    linear = Image.fromarray(pixels).convert("L")
    return linear.resize((linear.width, 20 * module_px))


def card(payload: bytes, module_px: int = 3, size: tuple[int, int] = CARD_SIZE) -> Image.Image:
    """A plain card back: paper, a few printed lines and the PDF417 in the lower middle."""
    canvas = Image.new("L", size, PAPER)
    draw = ImageDraw.Draw(canvas)
    for row in range(4):
        top = 40 + row * 34
        draw.rectangle((60, top, 60 + 300 + 90 * (row % 3), top + 14), fill=110)
    symbol = render_pdf417(payload, module_px)
    left = max(0, (size[0] - symbol.width) // 2)
    top = max(0, size[1] - symbol.height - 60)
    canvas.paste(symbol.point(lambda v: INK if v < 128 else PAPER), (left, top))
    return canvas


def rotated(degrees: float) -> Degrade:
    """Turned counter-clockwise on a larger canvas (camera not square to the card)."""
    return lambda image: image.rotate(
        degrees, resample=Image.Resampling.BILINEAR, expand=True, fillcolor=PAPER
    )


def blurred(radius: float) -> Degrade:
    """Out of focus."""
    return lambda image: image.filter(ImageFilter.GaussianBlur(radius))


def noisy(sigma: float, seed: int = 7) -> Degrade:
    """Sensor noise (Gaussian, fixed seed)."""

    def apply(image: Image.Image) -> Image.Image:
        rng = np.random.default_rng(seed)
        pixels = np.asarray(image, dtype=np.float32)
        return _image(pixels + rng.normal(0.0, sigma, pixels.shape))

    return apply


def low_contrast(low: int, high: int) -> Degrade:
    """Ink and paper squeezed into ``low..high`` (washed out, or dim when both are low)."""

    def apply(image: Image.Image) -> Image.Image:
        pixels = np.asarray(image, dtype=np.float32) / 255.0
        return _image(low + pixels * (high - low))

    return apply


def uneven_light(strength: float = 0.75) -> Degrade:
    """A lamp off to one side: brightness falls from one corner to the other."""

    def apply(image: Image.Image) -> Image.Image:
        pixels = np.asarray(image, dtype=np.float32)
        ys, xs = np.mgrid[0 : pixels.shape[0], 0 : pixels.shape[1]]
        ramp = (xs / pixels.shape[1] + ys / pixels.shape[0]) / 2.0
        return _image(pixels * (1.0 - strength * ramp))

    return apply


def glare(centre: tuple[float, float] = (0.55, 0.75), radius: float = 0.12) -> Degrade:
    """A bright reflection washing out part of the card (centre and radius as fractions)."""

    def apply(image: Image.Image) -> Image.Image:
        pixels = np.asarray(image, dtype=np.float32)
        height, width = pixels.shape
        ys, xs = np.mgrid[0:height, 0:width]
        dist2 = ((xs / width - centre[0]) ** 2 + (ys / height - centre[1]) ** 2) / radius**2
        shine = np.exp(-dist2)
        return _image(pixels + (255.0 - pixels) * 0.8 * shine)

    return apply


def perspective(tilt: float) -> Degrade:
    """The card's far edge tipped away (``tilt`` = fraction the top edge is shortened)."""

    def apply(image: Image.Image) -> Image.Image:
        width, height = image.size
        inset = tilt * width / 2.0
        target = [(inset, 0.0), (width - inset, 0.0), (width, height), (0.0, height)]
        source = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
        coeffs = _perspective_coeffs(target, source)
        return image.transform(
            image.size,
            Image.Transform.PERSPECTIVE,
            coeffs,
            Image.Resampling.BILINEAR,
            fillcolor=PAPER,
        )

    return apply


def side_perspective(tilt: float) -> Degrade:
    """The card's right edge tipped away (the symbol's rows converge)."""
    return chain(rotated(90.0), perspective(tilt), rotated(-90.0))


def jpeg(quality: int) -> Degrade:
    """Saved as a low-quality JPEG and read back (blocking artefacts)."""

    def apply(image: Image.Image) -> Image.Image:
        buffer = BytesIO()
        image.save(buffer, "JPEG", quality=quality)
        buffer.seek(0)
        with Image.open(buffer, formats=("JPEG",)) as reread:
            return reread.convert("L")

    return apply


def scaled(factor: float) -> Degrade:
    """Resized (a small symbol: few pixels per module)."""

    def apply(image: Image.Image) -> Image.Image:
        size = (max(1, round(image.width * factor)), max(1, round(image.height * factor)))
        return image.resize(size, Image.Resampling.BILINEAR)

    return apply


def chain(*steps: Degrade) -> Degrade:
    """Several degradations in order."""

    def apply(image: Image.Image) -> Image.Image:
        for step in steps:
            image = step(image)
        return image

    return apply


def with_code128(text: str = "D1234567") -> Degrade:
    """A Code 128 printed above the PDF417 (as on some cards)."""

    def apply(image: Image.Image) -> Image.Image:
        copy = image.copy()
        linear = render_code128(text)
        copy.paste(linear.point(lambda v: INK if v < 128 else PAPER), (520, 220))
        return copy

    return apply


def in_large_photo(size: tuple[int, int] = TWELVE_MP) -> Degrade:
    """The card somewhere in a large photo (12 MP by default) of a desk."""

    def apply(image: Image.Image) -> Image.Image:
        desk = Image.new("L", size, 90)
        desk.paste(image, (size[0] // 3, size[1] // 4))
        return desk

    return apply


TILT_DEGREES = (-40.0, -30.0, -20.0, -12.0, -7.0, 7.0, 12.0, 20.0, 30.0, 40.0)
QUARTER_TURNS = (0.0, 90.0, 180.0, 270.0)


def degradations() -> Iterator[tuple[str, str, Degrade]]:
    """(name, kind, degradation) for every case the decoder must cope with."""
    for turn in QUARTER_TURNS:
        yield f"turn-{turn:g}", "quarter-turn", rotated(turn)
    for tilt in TILT_DEGREES:
        yield f"tilt{tilt:+g}", "tilt", rotated(tilt)
    yield "tilt+20-turn90", "tilt", rotated(110.0)
    yield "tilt-15-turn180", "tilt", rotated(165.0)
    yield "blur-1.5", "blur", blurred(1.5)
    yield "blur-2.0", "blur", blurred(2.0)
    yield "noise-25", "noise", noisy(25.0)
    yield "noise-60", "noise", noisy(60.0)
    yield "low-contrast", "contrast", low_contrast(120, 165)
    yield "low-contrast-hard", "contrast", low_contrast(140, 152)
    yield "dim", "contrast", low_contrast(5, 45)
    yield "dim-hard", "contrast", low_contrast(2, 20)
    yield "dim-noisy", "contrast", chain(low_contrast(10, 60), noisy(12.0))
    yield "uneven-light", "lighting", uneven_light(0.9)
    yield "uneven-light-noisy", "lighting", chain(uneven_light(0.85), noisy(14.0))
    yield "glare", "lighting", glare()
    yield "glare-blur", "lighting", chain(glare((0.5, 0.8), 0.15), blurred(1.3))
    yield "perspective-0.3", "perspective", perspective(0.3)
    yield "perspective-0.6", "perspective", perspective(0.6)
    yield "perspective-tilt", "perspective", chain(perspective(0.3), rotated(15.0))
    yield "perspective-0.7-tilt", "perspective", chain(perspective(0.7), rotated(25.0))
    yield "perspective-side-0.5", "perspective", side_perspective(0.5)
    yield "perspective-side-tilt", "perspective", chain(side_perspective(0.4), rotated(-20.0))
    yield "small-0.55", "small", scaled(0.55)
    yield "small-0.33", "small", scaled(0.33)
    yield "distant-in-1080p", "small", chain(scaled(0.45), in_large_photo(FULL_HD))
    yield "jpeg-q8", "jpeg", jpeg(8)
    yield "jpeg-tilt-q20", "jpeg", chain(rotated(-18.0), jpeg(20))
    yield "code128-beside", "other-barcode", with_code128()
    yield "photo-tilt-noise-blur", "combined", chain(rotated(-16.0), blurred(1.2), noisy(15.0))


def synthetic_cases(payload: bytes, module_px: int = 3) -> Iterator[Case]:
    """Every degraded picture of one card (lazily: the 12 MP one is large)."""
    base = card(payload, module_px)
    for name, kind, degrade in degradations():
        yield Case(name, kind, np.asarray(degrade(base)))


def twelve_mp_case(payload: bytes) -> Case:
    """The card tilted in a 12 MP photo."""
    degrade = chain(rotated(12.0), in_large_photo())
    return Case("photo-12mp-tilt12", "large-photo", np.asarray(degrade(card(payload, 4))))


def _image(pixels: np.ndarray) -> Image.Image:
    """A float array clipped back into an 8-bit grey image."""
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))


def _perspective_coeffs(
    target: list[tuple[float, float]], source: list[tuple[float, float]]
) -> tuple[float, ...]:
    """Pillow's 8 perspective coefficients mapping ``target`` points onto ``source`` points."""
    rows = []
    rhs = []
    for (x, y), (u, v) in zip(target, source, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs.extend([u, v])
    solution = np.linalg.solve(np.array(rows, dtype=float), np.array(rhs, dtype=float))
    return tuple(float(value) for value in solution)


# --- Camera-grade degradations, expressed in modules of the symbol ---------------

#: Pixels per module of the card the camera-grade sets start from ("3 px/module", a webcam's).
CAMERA_MODULE_PX = 3
#: Sensor noise (grey levels) added to every camera-grade picture: deconvolution must cope.
CAMERA_NOISE = 3.0


def defocus(sigma_px: float) -> Degrade:
    """Gaussian defocus of standard deviation ``sigma_px`` (a fixed-focus lens too close)."""
    return lambda image: image.filter(ImageFilter.GaussianBlur(sigma_px))


def motion_blur(length_px: float, degrees: float = 0.0) -> Degrade:
    """Linear motion blur: the picture averaged along a ``length_px`` stroke at ``degrees``
    (0 = horizontal, across the bars of an upright symbol, the hardest direction)."""

    def apply(image: Image.Image) -> Image.Image:
        pixels = np.asarray(image, dtype=np.float32)
        steps = max(2, int(np.ceil(length_px * 2)) + 1)
        total = np.zeros_like(pixels)
        rad = np.radians(degrees)
        for offset in np.linspace(-length_px / 2.0, length_px / 2.0, steps):
            dx, dy = offset * np.cos(rad), -offset * np.sin(rad)
            shifted = image.transform(
                image.size,
                Image.Transform.AFFINE,
                (1.0, 0.0, dx, 0.0, 1.0, dy),
                Image.Resampling.BILINEAR,
                fillcolor=PAPER,
            )
            total += np.asarray(shifted, dtype=np.float32)
        return _image(total / steps)

    return apply


def keystone(side_difference: float, shear: float = 0.0, vertical: bool = False) -> Degrade:
    """A card tilted out of the image plane: its right side ``side_difference`` shorter than
    its left (``vertical``: its top edge shorter than its bottom), plus a ``shear`` (fraction
    of the height the top edge slides sideways). The picture keeps its size."""

    def apply(image: Image.Image) -> Image.Image:
        if vertical:
            return chain(rotated(90.0), keystone(side_difference, shear), rotated(-90.0))(image)
        width, height = image.size
        inset = side_difference * height / 2.0
        slide = shear * height
        margin = abs(slide) + 4.0
        out = (round(width + 2 * margin), height)
        target = [
            (margin + slide, 0.0),
            (margin + slide + width, inset),
            (margin + width, height - inset),
            (margin, float(height)),
        ]
        source = [
            (0.0, 0.0),
            (float(width), 0.0),
            (float(width), float(height)),
            (0.0, float(height)),
        ]
        coeffs = _perspective_coeffs(target, source)
        return image.transform(
            out, Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BICUBIC, fillcolor=PAPER
        )

    return apply


def camera_noise(seed: int = 11) -> Degrade:
    """The sensor noise every camera-grade picture gets (:data:`CAMERA_NOISE`)."""
    return noisy(CAMERA_NOISE, seed)


def camera_degradations(
    module_px: int = CAMERA_MODULE_PX, seed: int = 11
) -> Iterator[tuple[str, str, Degrade]]:
    """(name, kind, degradation) for the camera-grade sets, each at several strengths.

    Strengths are in modules of a ``module_px`` card, at least as hard as the target table:
    defocus up to sigma 0.8 module, motion up to 3 modules, perspective up to 35 % side
    difference with shear, symbols down to 1.3 px/module, upright and tilted, and defocus on
    perspective (the desk webcam and the card held at an angle together). ``seed``
    picks the sensor noise (successive frames of a stream differ in it).
    """
    noise = camera_noise(seed)
    for sigma in (0.5, 0.6, 0.7, 0.8):
        yield f"defocus-{sigma:g}", "defocus", chain(defocus(sigma * module_px), noise)
    for length in (2.0, 3.0):
        yield f"motion-{length:g}", "motion", chain(motion_blur(length * module_px), noise)
        yield (
            f"motion-{length:g}-diag",
            "motion",
            chain(motion_blur(length * module_px, 35.0), noise),
        )
    for difference in (0.2, 0.3, 0.35):
        yield (
            f"keystone-{difference:g}-shear",
            "keystone",
            chain(keystone(difference, 0.12), noise),
        )
        yield (
            f"keystone-{difference:g}-vertical",
            "keystone",
            chain(keystone(difference, -0.1, vertical=True), noise),
        )
    yield "keystone-0.35-tilt", "keystone", chain(keystone(0.35, 0.1), rotated(-14.0), noise)
    for ppm in (1.6, 1.5, 1.3):
        yield f"small-{ppm:g}ppm", "small", chain(scaled(ppm / module_px), noise)
        yield (
            f"small-{ppm:g}ppm-tilt12",
            "small",
            chain(rotated(12.0), scaled(ppm / module_px), noise),
        )
    yield (
        "defocus-0.7-keystone-0.2",
        "combined",
        chain(keystone(0.2, 0.08), defocus(0.7 * module_px), noise),
    )
    yield (
        "defocus-0.7-keystone-0.35-shear",
        "combined",
        chain(keystone(0.35, 0.12), defocus(0.7 * module_px), noise),
    )
    # The far side's modules are 30 % smaller: its blur is about a whole module.
    yield (
        "defocus-0.7-keystone-0.3-vertical",
        "combined",
        chain(keystone(0.3, -0.1, vertical=True), defocus(0.7 * module_px), noise),
    )


def camera_cases(payload: bytes, module_px: int = CAMERA_MODULE_PX) -> Iterator[Case]:
    """Every camera-grade degraded picture of one card."""
    base = card(payload, module_px)
    for name, kind, degrade in camera_degradations(module_px):
        yield Case(name, kind, np.asarray(degrade(base)))


# --- A desk camera on a bad day: ten conditions, expressed in modules -------------------------

#: Width of a glare band, as a fraction of the card's width (about one codeword column of a
#: 3 px/module symbol).
GLARE_BAND_FRACTION = 0.04


def glare_band(fraction: float = GLARE_BAND_FRACTION, centre: float = 0.5) -> Degrade:
    """A specular stripe: every row saturated (255) over ``fraction`` of the width around
    ``centre`` (fractions of the width), with a soft 6 px edge."""

    def apply(image: Image.Image) -> Image.Image:
        pixels = np.asarray(image, dtype=np.float32)
        width = pixels.shape[1]
        distance = np.abs(np.arange(width) - centre * width)
        shine = np.clip((fraction * width / 2.0 + 3.0 - distance) / 6.0, 0.0, 1.0)
        return _image(pixels + (255.0 - pixels) * shine[None, :])

    return apply


def bent(depth: float) -> Degrade:
    """A card bowed along its length: rows sag by up to ``depth`` pixels in the middle."""

    def apply(image: Image.Image) -> Image.Image:
        pixels = np.asarray(image)
        height, width = pixels.shape
        sag = depth * np.sin(np.pi * np.arange(width) / max(1, width - 1))
        rows = np.clip(np.arange(height)[:, None] - sag[None, :], 0, height - 1)
        low = np.floor(rows).astype(np.intp)
        high = np.minimum(low + 1, height - 1)
        weight = (rows - low).astype(np.float32)
        columns = np.arange(width)[None, :]
        values = pixels[low, columns] * (1.0 - weight) + pixels[high, columns] * weight
        return _image(values)

    return apply


def shadow(strength: float = 0.6, start: float = 0.5) -> Degrade:
    """A hand's or the camera's shadow over the card right of ``start`` (a fraction of the
    width), darkening by ``strength`` with a soft edge."""

    def apply(image: Image.Image) -> Image.Image:
        pixels = np.asarray(image, dtype=np.float32)
        width = pixels.shape[1]
        edge = np.clip((np.arange(width) - start * width) / (0.02 * width), 0.0, 1.0)
        return _image(pixels * (1.0 - strength * edge)[None, :])

    return apply


def finger(corner: tuple[float, float] = (0.2, 0.95), radius: float = 0.09) -> Degrade:
    """A fingertip (skin grey, soft edge) over a point of the card (``corner`` and
    ``radius`` as fractions of the width): over the symbol's bottom-left corner by default."""

    def apply(image: Image.Image) -> Image.Image:
        pixels = np.asarray(image, dtype=np.float32)
        height, width = pixels.shape
        ys, xs = np.mgrid[0:height, 0:width]
        distance = np.hypot(xs - corner[0] * width, ys - corner[1] * height) / (radius * width)
        cover = np.clip((1.0 - distance) * 8.0, 0.0, 1.0)
        return _image(pixels * (1.0 - cover) + 150.0 * cover)

    return apply


def bad_day_degradations(
    module_px: int = CAMERA_MODULE_PX, seed: int = 11
) -> Iterator[tuple[str, str, Degrade]]:
    """(name, kind, degradation): the ten conditions of a desk camera's bad day, and their
    combinations (strong perspective with blur, glare with a tilt).

    The three hard ones: defocus of sigma one module (3 px at 3 px/module), a saturated glare
    band over :data:`GLARE_BAND_FRACTION` of the width in every row, and strong perspective
    (one edge 30 % shorter, with shear) turned 20 degrees. ``seed`` picks the sensor noise.
    """
    noise = camera_noise(seed)
    yield "bent-card", "bent", chain(bent(0.06 * CARD_SIZE[1]), noise)
    yield "tilt-45", "tilt", chain(rotated(45.0), noise)
    yield "motion-9px", "motion", chain(motion_blur(3.0 * module_px), noise)
    yield (
        "jpeg-1.3ppm",
        "small",
        chain(scaled(1.3 / module_px), noisy(CAMERA_NOISE, seed), jpeg(60)),
    )
    yield "shadow-half", "lighting", chain(shadow(), noise)
    yield "finger-corner", "occlusion", chain(finger(), noise)
    yield "dark-noisy", "lighting", chain(low_contrast(8, 70), noisy(10.0, seed))
    yield "defocus-1.0", "defocus", chain(defocus(1.0 * module_px), noise)
    # Over a codeword column of the corpus licences' and the tests' symbols (elsewhere, over a
    # column boundary or a row indicator, zxing-cpp often reads through it).
    yield "glare-band", "glare", chain(glare_band(centre=0.44), noise)
    yield "glare-band-tilt20", "glare", chain(glare_band(centre=0.42), rotated(20.0), noise)
    yield (
        "keystone-0.3-tilt20",
        "perspective",
        chain(keystone(0.3, -0.1, vertical=True), rotated(20.0), noise),
    )
    yield (
        "keystone-0.3-shear-tilt20",
        "perspective",
        chain(keystone(0.3, 0.1), rotated(-20.0), noise),
    )
    yield (
        "keystone-0.3-defocus-0.5",
        "perspective",
        chain(keystone(0.3, 0.1), defocus(0.5 * module_px), noise),
    )


def bad_day_cases(payload: bytes, module_px: int = CAMERA_MODULE_PX) -> Iterator[Case]:
    """Every bad-day picture of one card."""
    base = card(payload, module_px)
    for name, kind, degrade in bad_day_degradations(module_px):
        yield Case(name, kind, np.asarray(degrade(base)))
