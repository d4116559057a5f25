"""PDF417 decoding with zxing-cpp: a fast path, then escalating clean-ups within a time budget.

Strategy (stops at the first read that ``accept`` approves, normally "looks like AAMVA"):

1. plain read of the picture (what a bare ``zxingcpp.read_barcodes`` does, PDF417 only);
2. deskew: estimate the symbol's tilt from its bar pattern
   (:func:`kiosk_app.barcode.deskew.estimate_symbol_angle`) and turn it upright —
   zxing-cpp only reads PDF417 within a few degrees of a quarter turn;
3. on the (deskewed) view: enlarge small pictures (or the symbol's region of a large one),
   turn by a small tilt that step 2 left alone, rectify perspective
   (:mod:`kiosk_app.barcode.rectify`) and undo a defocus on the rectified symbol, even out
   lighting and glare, sharpen blur, smooth noise, try zxing-cpp's other binarizers, and
   last turn by two degrees either way (sheared symbols). Blur is undone
   (:mod:`kiosk_app.barcode.deblur`) on the deskewed symbol, and a motion blur also on the
   unturned one when the turn was small (a diagonal smear leans the bars' estimate).

Steps 1 and 2 always run; step 3 only while the budget lasts (and its whole-picture
clean-ups only when they end by :data:`GIVE_UP_S`, unless a symbol was located), and not at
all when the symbol's start pattern shows a defocus beyond recovery
(:mod:`kiosk_app.barcode.start_pattern`, which also gives a motion blur's length).
When zxing-cpp's own corners of a located symbol fail to rectify it, the bars' outline is
rectified next (strong perspective); a saturated glare band is drawn over
(:func:`enhance.fill_glare`), then its codewords are taken as erasures and corrected
(:mod:`kiosk_app.barcode.glare`). When several symbols are in the picture, the PDF417
carrying AAMVA data wins; other formats are never asked for.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import zxingcpp

from kiosk_app.barcode import deblur, enhance, glare, start_pattern, unbend
from kiosk_app.barcode.deblur import (
    MOTION_LENGTH_FACTORS,
    RECTIFIED_SIGMA_FACTORS,
    BlurEstimate,
)
from kiosk_app.barcode.deskew import (
    SymbolEstimate,
    block_angle,
    estimate_symbol,
    estimate_symbol_angle,
)
from kiosk_app.barcode.enhance import View
from kiosk_app.barcode.errors import NoBarcodeFoundError, NotAamvaError
from kiosk_app.barcode.imaging import grey_from_bytes, grey_from_frame, read_image_file
from kiosk_app.barcode.rectify import Quad
from kiosk_app.barcode.start_pattern import PatternBlur
from kiosk_app.barcode.symbol import DecodedBarcode, SymbolInfo
from kiosk_app.text import QT_TRANSLATE_NOOP

__all__ = [
    "FILE_BUDGET_S",
    "FRAME_BUDGET_S",
    "GIVE_UP_S",
    "Scanner",
    "decode_frame",
    "decode_image",
    "estimate_symbol_angle",
]

# Time allowed for the escalating attempts on an image file (the fast path and the deskew
# attempt always run, even past it).
FILE_BUDGET_S = 1.5
# A picture in which no attempt has located a PDF417 (zxing-cpp found neither a symbol it
# could decode nor one it could not) starts a whole-picture clean-up at the ladder's end (from
# "lighting" on) only when it would end by this time, its cost taken as the longest earlier
# one's: what is still unlocated after the blur and geometry steps (a desk, printed lines) is
# seldom found by them, though a dim or low-contrast card is read by "lighting". The blur and
# geometry steps themselves run within FILE_BUDGET_S: some pictures the kiosk reads (defocus
# on perspective) are located only by the step that reads them. A defocus beyond recovery,
# measured on the start pattern, ends the ladder before any step.
GIVE_UP_S = 0.4
# For live camera frames: the next frame is a better retry than a long clean-up, but every
# frame pays the plain read and the symbol estimate (30-40 ms at 1280x720) before any step, so
# a budget of a few cheap steps (a deconvolution and a read of the symbol's box: 15-30 ms)
# reaches the reading step in fewer frames: a card blurred by 3 modules of motion, whose
# length takes four tries, was captured in 1.2-1.95 s through a demo video at 0.05 s, in
# 0.45-0.52 s at 0.15 s (docs/benchmarks.md).
FRAME_BUDGET_S = 0.15
# A stream forgets the step that read its last frame when it failed on this many frames in a
# row: one noisy frame of a held card must not send the ladder round all its steps (a card
# whose frames read by "deblur" but for one in six took up to 2 s to capture), a new scene
# costs one step per frame until then.
FORGET_PREFERRED_AFTER = 2
# Tilts smaller than this are left to zxing-cpp (it reads up to about 4 degrees; the estimate
# of a tiny symbol can be off by 1-2 degrees, and a needless turn blurs its modules).
MIN_DESKEW_DEG = 2.5
# Smaller tilts from this one up get a late attempt with the turn (some photos need it).
MIN_FINE_TURN_DEG = 0.8
# A diagonal motion blur leans the bar pattern: an upright card smeared at 35 degrees is
# estimated tilted by about 5. A blurred symbol turned by less than this also gets the
# likeliest motion lengths undone on the picture as it stands.
MAX_UPRIGHT_RETRY_DEG = 8.0
# Size of the two last-resort turns for sheared symbols (see _VIEW_RECIPES).
NUDGE_DEG = 2.0

# A symbol region up to this long side counts as small (enlarged before it is turned).
SMALL_REGION_PX = 800
# Rectifications of outlines that zxing-cpp located but could not decode, per picture.
MAX_OUTLINE_ATTEMPTS = 3
# Outlines whose corners (in the picture's pixels) are all within this of an outline already
# rectified are the same symbol located again by another read: not rectified twice.
SAME_OUTLINE_PX = 6.0

# Margin kept around the symbol's box when a turned picture is cut down for deconvolution
# (a fraction of the box's size on each side).
BLUR_REGION_MARGIN = 0.1
# The deskew step turns only the symbol's region when it covers less than this part of the
# picture.
CROP_BELOW_FRACTION = 0.5

# Heavy clean-ups can produce misreads; only a plain or deskewed read of a non-licence
# PDF417 is taken as evidence that the wrong barcode (or card) was shown, and a payload read
# by any other attempt must also pass the scanner's ``confirm`` check (by default
# aamva.well_formed_aamva): a misread that merely looks like AAMVA would go to the billable
# signature check and come back failed for a genuine card.
_TRUSTED_ATTEMPTS = frozenset({"plain", "deskew"})
# The attempts whose locating a PDF417 (decoded or not) keeps the ladder going past GIVE_UP_S:
# the picture as it stands and the cheap fixes. A clean-up that enhances noise (a
# deconvolution of the wrong kernel) can make zxing-cpp "locate" a symbol in a picture that
# has none it could ever read.
_LOCATING_ATTEMPTS = frozenset({*_TRUSTED_ATTEMPTS, "corners", "deblur"})

Reader = Callable[..., Sequence[Any]]
Accept = Callable[[bytes], bool]

_HINT_NOT_FOUND = QT_TRANSLATE_NOOP(
    "messages",
    "No licence barcode found — hold the card flatter, move closer and avoid glare, "
    "then try again.",
)
_HINT_NOT_AAMVA = (
    "A barcode was read, but it is not from a driver's licence or ID card. "
    "Scan the large barcode on the back of the card."
)


def _default_accept(payload: bytes) -> bool:
    """AAMVA check from the parser module (imported late: it is developed alongside)."""
    from kiosk_app.barcode.aamva import looks_like_aamva

    return looks_like_aamva(payload)


def _default_confirm(payload: bytes) -> bool:
    """The structural AAMVA check a heavy clean-up's read must pass too."""
    from kiosk_app.barcode.aamva import well_formed_aamva

    return well_formed_aamva(payload)


def _confirm_all(payload: bytes) -> bool:
    """No further check (a scanner with its own ``accept`` judges payloads by that alone)."""
    return True


@dataclass(frozen=True)
class _Attempt:
    """One read: a view of the picture and the reader options to use on it."""

    name: str
    view: View
    options: dict[str, Any]
    step: int | None = None  # index in _LADDER (None: plain, deskew, corners)


class Scanner:
    """Decodes the licence PDF417 in pictures and camera frames.

    ``reader`` is the zxing-cpp entry point (``zxingcpp.read_barcodes`` or a fake with the same
    signature), ``accept`` decides which payloads count (AAMVA by default), ``confirm`` is the
    further check a payload read by a clean-up step (anything after the plain and deskewed
    reads) must pass, else the ladder goes on (by default: the structural AAMVA check with the
    default ``accept``, none with another), ``budget_s`` bounds the escalating attempts;
    ``deskew=False`` turns the angle correction off (the benchmark uses it to measure what the
    correction gains). A scanner keeps no state between decodes but ``last_attempt`` (the name
    of the attempt that read the last picture; diagnostics only), so one scanner may serve
    several worker threads.

    ``carry_over=True`` is for a stream of frames of the same scene (the live camera, one
    decode at a time), whose frame budget allows only a few steps of the ladder per frame:
    each frame's escalation starts where the previous frame's stopped, so successive frames
    try every step, and the step that read the last frame is tried first on the next one
    (a frame read from a rectified outline hands that outline on).
    The state is a hint only; a frame from another scene just costs one step.
    """

    def __init__(
        self,
        reader: Reader = zxingcpp.read_barcodes,
        accept: Accept = _default_accept,
        budget_s: float = FILE_BUDGET_S,
        clock: Callable[[], float] = time.monotonic,
        deskew: bool = True,
        carry_over: bool = False,
        confirm: Accept | None = None,
        give_up_s: float = GIVE_UP_S,
    ) -> None:
        self._reader = reader
        self._give_up_s = give_up_s
        if confirm is None:
            confirm = _default_confirm if accept is _default_accept else _confirm_all
        self._confirm = confirm
        self._carry_over = carry_over
        self._preferred: int | None = None
        self._preferred_misses = 0
        self._next_step = 0
        self._outline: Quad | None = None
        self._deskew = deskew
        self._accept = accept
        self._budget_s = budget_s
        self._clock = clock
        self.last_attempt: str | None = None

    def decode_file(self, path: str | Path) -> DecodedBarcode:
        """Decode the licence barcode in an image file."""
        return self.decode_bytes(read_image_file(path))

    def decode_bytes(self, data: bytes) -> DecodedBarcode:
        """Decode the licence barcode in an encoded picture (PNG, JPEG, ...)."""
        return self.decode_grey(grey_from_bytes(data))

    def decode_frame(self, pixels: np.ndarray) -> DecodedBarcode:
        """Decode the licence barcode in a camera frame (HxW grey or HxWx3 RGB array)."""
        return self.decode_grey(grey_from_frame(pixels))

    def decode_grey(self, grey: np.ndarray) -> DecodedBarcode:
        """Decode the licence barcode in a uint8 grey array; the attempts of the module doc."""
        started = self._clock()
        deadline = started + self._budget_s
        give_up = started + min(self._give_up_s, self._budget_s)
        views = _Views(grey, self._deskew)
        if self._carry_over and self._outline is not None:
            # The last frame was read from a rectified outline: a held card barely moves, so
            # its outline is tried again even when zxing-cpp does not locate it this time.
            views.found_outline(views.source, self._outline)
        self._outline = None
        order = _ladder_order(self._next_step, self._preferred) if self._carry_over else None
        rejected = False
        preferred = self._preferred if self._carry_over else None
        # Without a preferred step, the measured-defocus step leads every frame's ladder (see
        # _ladder_order), on top of the sweep's steps and without moving the sweep on.
        leading = _FIRST_CHOICE if self._carry_over and preferred is None else None
        in_time = self._in_time(deadline)
        given_up = self._given_up(give_up, views)
        for attempt in _attempts(views, in_time, order, preferred, leading, given_up):
            if rejected and attempt.name != "deskew":
                # A clean read of another PDF417 (a boarding pass, a shipping label) answers
                # at once: no clean-up turns it into a licence. Only a tilted symbol gets its
                # deskewed read first: a plain read of it can come out as wrong bytes.
                break
            found, other, outline = self._read(attempt, views)
            if attempt.step is not None and attempt.step == self._preferred and found is None:
                self._preferred_misses += 1
                if self._preferred_misses >= FORGET_PREFERRED_AFTER:
                    self._preferred = None  # the scene changed
            elif attempt.step is not None and attempt.step != leading:
                self._next_step = (attempt.step + 1) % len(_LADDER)
            if found is not None:
                self.last_attempt = attempt.name
                self._preferred = attempt.step
                self._preferred_misses = 0
                if self._carry_over and attempt.name == "corners":
                    self._outline = _quad(found.symbol.corners)
                return found
            rejected = rejected or (other and attempt.name in _TRUSTED_ATTEMPTS)
            if outline is not None:
                views.found_outline(attempt.view, outline)
        self.last_attempt = None
        if rejected:
            raise NotAamvaError(_HINT_NOT_AAMVA)
        raise NoBarcodeFoundError(_HINT_NOT_FOUND, symbol_box=views.symbol_box())

    def _in_time(self, deadline: float) -> Callable[[], bool]:
        """Whether the clock is still before ``deadline``."""
        return lambda: self._clock() <= deadline

    def _given_up(self, give_up: float, views: _Views) -> Callable[[], bool]:
        """Asked before each whole-picture clean-up: whether no attempt has located a PDF417
        in ``views`` and the clean-up would not end before ``give_up`` (see
        :data:`GIVE_UP_S`)."""
        return _GiveUp(self._clock, give_up, views)

    def _read(
        self, attempt: _Attempt, views: _Views
    ) -> tuple[DecodedBarcode | None, bool, Quad | None]:
        """Run one attempt: the accepted barcode or None, whether a PDF417 was rejected, and
        the corners of a PDF417 that zxing-cpp located but could not decode (or None); notes
        in ``views`` that a PDF417 was located."""
        try:
            results = self._reader(
                attempt.view.pixels,
                formats=zxingcpp.BarcodeFormat.PDF417,
                text_mode=zxingcpp.TextMode.Plain,
                return_errors=True,
                **attempt.options,
            )
        except Exception:  # zxing-cpp failures must not escape; the next attempt may work
            return None, False, None
        rejected = False
        outline: Quad | None = None
        for result in results:
            if attempt.name in _LOCATING_ATTEMPTS and _located(result):
                views.located = True
            if not _is_pdf417(result):
                outline = outline or _failed_outline(result)
                continue
            payload = bytes(result.bytes)
            if payload and self._accept(payload):
                if attempt.name not in _TRUSTED_ATTEMPTS and not self._confirm(payload):
                    continue  # a clean-up's misread: the next step may read it right
                return DecodedBarcode(payload, _symbol_info(result, attempt.view)), rejected, None
            rejected = rejected or bool(payload)
        return None, rejected, outline


# The escalation after the plain and deskewed reads: (attempt, view, reader options).
_GLOBAL_HISTOGRAM = {"binarizer": zxingcpp.Binarizer.GlobalHistogram}


def _motion_steps(first: int, last: int) -> tuple[tuple[str, str, dict[str, Any]], ...]:
    """Ladder steps undoing the motion lengths ``first`` .. ``last - 1`` (of
    :data:`~kiosk_app.barcode.deblur.MOTION_LENGTH_FACTORS`)."""
    return tuple((f"motion-deblur-{i + 1}", f"motion-{i}", {}) for i in range(first, last))


def _upright_motion_steps(count: int) -> tuple[tuple[str, str, dict[str, Any]], ...]:
    """Ladder steps undoing the first ``count`` motion lengths on the symbol as it stands
    (see :data:`MAX_UPRIGHT_RETRY_DEG`)."""
    return tuple(
        (f"upright-motion-deblur-{i + 1}", f"upright-motion-{i}", {}) for i in range(count)
    )


# Blur steps come first (they are skipped at no cost on a sharp picture), the likelier motion
# lengths before the geometric steps, the less likely ones after them.
_LIKELY_MOTIONS = 3
_UPRIGHT_MOTIONS = 2
_LADDER: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("deblur", "deblurred", {}),
    # Skipped at no cost unless a saturated band crosses the symbol.
    ("glare-fill", "glare-filled", {}),
    ("glare-erasures", "glare-erased", {}),
    *_motion_steps(0, _LIKELY_MOTIONS),
    # Skipped at no cost unless the symbol's rows curve (a bent card).
    ("unbend", "unbent", {}),
    ("upscale-turn", "enlarged-turned", {}),
    ("upscale", "enlarged", {}),
    ("rectify", "rectified", {}),
    # Defocus on perspective (a desk webcam, a card held at an angle: the normal case) before
    # the rarer diagonal smear that leans the angle estimate.
    *(
        (f"rectify-deblur-{i + 1}", f"rectified-deblurred-{i}", {})
        for i in range(len(RECTIFIED_SIGMA_FACTORS))
    ),
    *_upright_motion_steps(_UPRIGHT_MOTIONS),
    ("fine-turn", "fine-turn", {}),
    *_motion_steps(_LIKELY_MOTIONS, len(MOTION_LENGTH_FACTORS)),
    ("lighting", "flat", {}),
    ("sharpen", "sharp", {}),
    ("denoise", "smooth", {}),
    ("lighting-denoise", "flat-smooth", {}),
    ("global-histogram", "flat", _GLOBAL_HISTOGRAM),
    ("median-global-histogram", "median", _GLOBAL_HISTOGRAM),
    ("upscale-sharpen", "enlarged-sharp", {}),
    ("upscale-denoise", "enlarged-smooth", {}),
    ("fixed-threshold", "flat", {"binarizer": zxingcpp.Binarizer.FixedThreshold}),
    ("nudge-clockwise", "nudge-cw", {}),
    ("nudge-counter-clockwise", "nudge-ccw", {}),
)
_RECTIFY = next(index for index, (name, _v, _o) in enumerate(_LADDER) if name == "rectify")
# A glare band's last step, and the view whose existence tells that there is a band.
_GLARE_END = next(index for index, (name, _v, _o) in enumerate(_LADDER) if name == "glare-erasures")
_GLARE_VIEW = "glare-filled"
# The whole-picture clean-ups that an unlocated picture does not start past GIVE_UP_S.
_TAIL_START = next(index for index, (name, _v, _o) in enumerate(_LADDER) if name == "lighting")
# A stream's first ladder step on every frame until a step has read (see _ladder_order).
_FIRST_CHOICE = next(index for index, (name, _v, _o) in enumerate(_LADDER) if name == "deblur")
# How each view is made: (the view it starts from, the clean-up applied to it).
_VIEW_RECIPES: dict[str, tuple[str, Callable[[View], View | None]]] = {
    "enlarged": ("region", enhance.upscale_if_small),
    "rectified": ("symbol", enhance.rectified),
    "glare-filled": ("symbol", enhance.fill_glare),
    "glare-erased": ("symbol", glare.erasure_read),
    "unbent": ("symbol", unbend.unbent),
    # A defocused card at an angle: the blur is measured and undone on the rectified symbol
    # (deconvolving the symbol box before rectifying reads too, at a larger picture's cost).
    **{
        f"rectified-deblurred-{i}": ("rectified", partial(deblur.deblurred_view, factor=factor))
        for i, factor in enumerate(RECTIFIED_SIGMA_FACTORS)
    },
    "flat": ("work", enhance.flatten_lighting),
    "sharp": ("work", enhance.sharpen),
    "smooth": ("work", enhance.denoise),
    "flat-smooth": ("flat", enhance.denoise),
    "median": ("work", enhance.median),
    "enlarged-sharp": ("enlarged", enhance.sharpen),
    "enlarged-smooth": ("enlarged", enhance.denoise),
    # Last resort for sheared symbols (a photo taken off-axis): the bars' direction, which
    # the estimate measures, and the rows' direction, which zxing-cpp follows, then differ by
    # a degree or two. Two small turns of the deskewed view, not a sweep.
    "nudge-cw": ("work", lambda view: enhance.rotate(view, -NUDGE_DEG)),
    "nudge-ccw": ("work", lambda view: enhance.rotate(view, NUDGE_DEG)),
}


class _Views:
    """The processed views of one picture, each built on first use only."""

    def __init__(self, grey: np.ndarray, deskew: bool) -> None:
        self.source = enhance.source_view(grey)
        self._deskew = deskew
        self._built: dict[str, View | None] = {}
        self._estimated = False
        self._symbol: SymbolEstimate | None = None
        self._blur: BlurEstimate | None = None
        self._blur_measured = False
        self._pattern: PatternBlur | None = None
        self._pattern_measured = False
        self._outlines: list[tuple[View, Quad]] = []
        self._outlines_noted = 0
        self._seen_outlines: list[np.ndarray] = []
        self.outlines_tried = 0
        # Whether any read located a PDF417 (decoded or not), see GIVE_UP_S.
        self.located = False

    def found_outline(self, view: View, outline: Quad) -> None:
        """zxing-cpp located a symbol in ``view`` (corners ``outline``) but did not decode it;
        an outline within :data:`SAME_OUTLINE_PX` of one already noted (the same symbol
        located by another read) is not rectified again."""
        if self._outlines_noted >= MAX_OUTLINE_ATTEMPTS:
            return
        corners = np.array([view.map_point(x, y) for x, y in outline], dtype=float)
        if any(np.abs(corners - seen).max() <= SAME_OUTLINE_PX for seen in self._seen_outlines):
            return
        self._seen_outlines.append(corners)
        self._outlines_noted += 1
        self._outlines.append((view, outline))

    def outline_attempts(self) -> Iterator[_Attempt]:
        """The rectified outlines noted by :meth:`found_outline` since the last call."""
        while self._outlines:
            view, outline = self._outlines.pop(0)
            try:
                rectified = enhance.rectified_quad(view, outline)
            except ValueError:  # numpy's LinAlgError: corners on a line
                rectified = None
            if rectified is not None:
                self.outlines_tried += 1
                yield _Attempt("corners", rectified, {})

    def no_symbol(self) -> bool:
        """Whether the bar-pattern estimate found nothing bar-like in the picture (always
        False with deskew turned off: then nothing is estimated)."""
        return self._deskew and self._estimate() is None

    def beyond_recovery(self) -> bool:
        """Whether the symbol's start pattern shows a defocus no deconvolution undoes
        (:attr:`PatternBlur.beyond_recovery`); measured only on a blurred symbol."""
        pattern = self._pattern_blur()
        return pattern is not None and pattern.beyond_recovery

    def _pattern_blur(self) -> PatternBlur | None:
        """The blur fitted on the start pattern of a blurred symbol's region (once)."""
        if not self._pattern_measured:
            self._pattern_measured = True
            blur = self._symbol_blur()
            region = self._blur_region()
            if blur is not None and blur.blurred and region is not None:
                self._pattern = start_pattern.measure(region.pixels)
        return self._pattern

    def symbol_box(self) -> tuple[int, int, int, int] | None:
        """Where the bar-pattern estimate saw the symbol (in the picture's pixels), if it was
        measured and found one."""
        return self._symbol.symbol_box if self._symbol is not None else None

    def get(self, name: str) -> View | None:
        """The named view (``None`` when it does not apply, e.g. no enlargement needed)."""
        if name not in self._built:
            try:
                self._built[name] = self._build(name)
            except ValueError:  # a degenerate outline or estimate (numpy's LinAlgError too)
                self._built[name] = None
        return self._built[name]

    def _build(self, name: str) -> View | None:
        if name == "deblurred" or name.startswith("motion-"):
            return self._deblurred(name)
        if name.startswith("upright-motion-"):
            return self._upright_deblurred(int(name.removeprefix("upright-motion-")))
        if name == "enlarged-turned":
            return self._enlarged_turned()
        if name == "symbol":
            return self._symbol_region()
        if name in ("work", "fine-turn"):
            return self._turned(fine=name == "fine-turn")
        if name == "region":
            return self._region()
        base_name, clean_up = _VIEW_RECIPES[name]
        base = self.get(base_name)
        return None if base is None else clean_up(base)

    def _turned(self, fine: bool) -> View | None:
        """ "work": the deskewed picture (the source itself when the tilt is small);
        "fine-turn": the picture turned by a small tilt that "work" left alone, else None."""
        estimate = self._estimate()
        tilt = 0.0 if estimate is None else abs(estimate.angle)
        if fine:
            if estimate is None or not MIN_FINE_TURN_DEG <= tilt < MIN_DESKEW_DEG:
                return None
            return _deskewed(self.source, estimate)
        if estimate is None or tilt < MIN_DESKEW_DEG:
            return self.source
        return _deskewed(self.source, estimate)

    def _deblurred(self, name: str) -> View | None:
        """The symbol's region with a measured defocus ("deblurred") or one of the motion
        lengths ("motion-N") undone; ``None`` for a sharp picture (nothing to undo)."""
        region = self._blur_region()
        blur = self._symbol_blur()
        if region is None or blur is None or not blur.blurred:
            return None
        if name == "deblurred":
            return region.then(deblur.deconvolve_gaussian(region.pixels, blur.sigma), np.eye(3))
        pattern = self._pattern_blur()
        fitted = None if pattern is None else pattern.motion_px
        length = blur.motion_lengths(fitted)[int(name.removeprefix("motion-"))]
        return region.then(deblur.deconvolve_motion(region.pixels, length), np.eye(3))

    def _symbol_blur(self) -> BlurEstimate | None:
        """The blur measured on the symbol's region (once; ``None``: no region or flat)."""
        if not self._blur_measured:
            self._blur_measured = True
            region = self._blur_region()
            self._blur = None if region is None else deblur.estimate_blur(region.pixels)
        return self._blur

    def _upright_deblurred(self, index: int) -> View | None:
        """The unturned symbol's box with the motion length ``index`` undone, when the
        deskew turned a blurred symbol by less than :data:`MAX_UPRIGHT_RETRY_DEG` (else
        ``None``: the turn was surely right, or there was none)."""
        estimate = self._estimate()
        if estimate is None or self.get("work") is self.source:
            return None
        if abs(estimate.angle) >= MAX_UPRIGHT_RETRY_DEG:
            return None
        blur = self._symbol_blur()  # across the turned bars: the unturned ones measure short
        if blur is None or not blur.blurred:
            return None
        region = enhance.crop(self.source, estimate.symbol_box)
        length = blur.motion_lengths()[index]
        return region.then(deblur.deconvolve_motion(region.pixels, length), np.eye(3))

    def _symbol_region(self) -> View | None:
        """Just the symbol's box, whatever its size (the deskewed view when turned): the
        blur is measured on the symbol, not on a desk or card edge beside it."""
        work = self.get("work")
        estimate = self._estimate()
        if work is not self.source or estimate is None:
            return work
        return enhance.crop(self.source, estimate.symbol_box)

    def _blur_region(self) -> View | None:
        """The symbol's region, and of a turned picture only the symbol's box turned (with a
        margin): deconvolving a whole turned card costs three times as much."""
        region = self._symbol_region()
        estimate = self._estimate()
        if region is None or region is not self.get("work") or region is self.source:
            return region
        if estimate is None:
            return region
        return _turned_box(region, estimate.symbol_box)

    def _enlarged_turned(self) -> View | None:
        """A small tilted symbol enlarged *before* it is turned upright (turning 1.3 px
        modules first blurs them away), by the tilt measured on the symbol's own block when
        there is one (a small symbol's weak bars barely count in the whole picture's);
        ``None`` unless the symbol is small and tilted."""
        estimate = self._estimate()
        if estimate is None:
            return None
        angle = block_angle(self.source.pixels, estimate)
        if abs(angle) < MIN_DESKEW_DEG:
            return None
        region = _cropped(self.source, estimate)
        if max(region.pixels.shape) > SMALL_REGION_PX:
            return None
        return enhance.rotate(enhance.scale(region, 2.0), -angle)

    def _region(self) -> View | None:
        """The deskewed view, or just the symbol's region of an upright picture when that
        region is small (a distant card in a camera frame), so it can be enlarged."""
        work = self.get("work")
        estimate = self._estimate()
        if work is not self.source or estimate is None:
            return work
        return _cropped(self.source, estimate)

    def _estimate(self) -> SymbolEstimate | None:
        """The symbol's tilt and region, measured once (``None`` with deskew turned off)."""
        if not self._estimated:
            self._estimated = True
            self._symbol = estimate_symbol(self.source.pixels) if self._deskew else None
        return self._symbol


class _GiveUp:
    """Whether an unlocated picture starts no more whole-picture clean-ups: one starts only
    when it would end before the give-up time, its cost taken as the longest of the earlier
    ones (the same kind of filter over the same picture) plus their reads."""

    def __init__(self, clock: Callable[[], float], at: float, views: _Views) -> None:
        self._clock = clock
        self._at = at
        self._views = views
        self._cost = 0.0
        self._started: float | None = None

    def __call__(self) -> bool:
        now = self._clock()
        if self._started is not None:
            self._cost = max(self._cost, now - self._started)
        if self._views.located:
            return False
        if now + self._cost > self._at:
            return True
        self._started = now
        return False


def _attempts(
    views: _Views,
    in_time: Callable[[], bool],
    order: Sequence[int] | None = None,
    preferred: int | None = None,
    leading: int | None = None,
    given_up: Callable[[], bool] = lambda: False,
) -> Iterator[_Attempt]:
    """Plain read, deskewed read, then the ladder (in ``order``, all of it by default) while
    ``in_time()``; views are built lazily. Right after any read in which zxing-cpp located a
    symbol it could not decode, that symbol's outline is rectified and read (see
    :meth:`_Views.found_outline`). A stream's ``preferred`` step (the one that read the last
    frame) comes before the outlines of the plain and deskewed reads: it is the likeliest; a
    ``leading`` step is tried on top of the one step a stream always gets. For a picture
    (no ``order``), the whole-picture clean-ups at the ladder's end start only while not
    ``given_up()`` (see :data:`GIVE_UP_S`), and a glare band across the symbol that neither
    the glare fill nor its codewords' erasures made readable ends the ladder (its codewords
    are lost, see :mod:`kiosk_app.barcode.glare`). A defocus beyond recovery ends it before
    any step."""
    yield _Attempt("plain", views.source, {})
    if views.no_symbol():
        return  # nothing bar-like anywhere: no clean-up would find a symbol
    work = views.get("work")
    if work is not None and work is not views.source:
        yield _Attempt("deskew", work, {})  # a tilt: the known, cheap fix comes first
    if views.beyond_recovery():
        return  # a defocus wider than any step restores: nothing later reads it
    tried = 0
    if preferred is not None:
        name, view_name, options = _LADDER[preferred]
        view = views.get(view_name)
        if view is not None:
            tried += 1
            yield _Attempt(name, view, options, preferred)
    yield from views.outline_attempts()
    done: set[int] = set()
    for step in range(len(_LADDER)) if order is None else order:
        if (step == preferred and tried) or step in done:
            continue
        # A stream (``order`` given) always gets one step per frame, even past the budget.
        if step != leading and not in_time() and (order is None or tried):
            return
        if order is None and step >= _TAIL_START and given_up():
            return
        name, view_name, options = _LADDER[step]
        view = views.get(view_name)
        if view is not None:
            tried += step != leading
            yield _Attempt(name, view, options, step)
            yield from views.outline_attempts()
        if order is None and step == _GLARE_END and views.get(_GLARE_VIEW) is not None:
            return
        if order is None and views.outlines_tried and _RECTIFY not in done and in_time():
            # zxing-cpp located the symbol but its corners did not rectify it: strong
            # perspective (a corner on the wrong row), which the bars' own outline fixes.
            done.add(_RECTIFY)
            view = views.get(_LADDER[_RECTIFY][1])
            if view is not None:
                yield _Attempt(_LADDER[_RECTIFY][0], view, _LADDER[_RECTIFY][2], _RECTIFY)


def _ladder_order(start: int, preferred: int | None) -> list[int]:
    """Every ladder step once: ``preferred`` first (without one, the measured-defocus step:
    the likeliest fix of a held card, skipped at no cost when the symbol is sharp; one bad
    first frame must not leave it for a whole round of the ladder), then on from ``start``,
    wrapping."""
    count = len(_LADDER)
    order = [(start + offset) % count for offset in range(count)]
    first = _FIRST_CHOICE if preferred is None else preferred
    order.remove(first)
    order.insert(0, first)
    return order


def _deskewed(source: View, estimate: SymbolEstimate) -> View:
    """The picture (or just the symbol's region, see :func:`_cropped`) turned upright."""
    return enhance.rotate(_cropped(source, estimate), -estimate.angle)


def _turned_box(view: View, box: tuple[int, int, int, int]) -> View:
    """The part of a turned ``view`` that holds ``box`` (source coordinates), with a margin of
    :data:`BLUR_REGION_MARGIN` of its size on each side."""
    left, top, right, bottom = box
    corners = np.array(
        [[left, top, 1.0], [right, top, 1.0], [right, bottom, 1.0], [left, bottom, 1.0]]
    )
    mapped = (np.linalg.inv(view.to_source) @ corners.T).T
    xs, ys = mapped[:, 0] / mapped[:, 2], mapped[:, 1] / mapped[:, 2]
    margin_x = BLUR_REGION_MARGIN * float(xs.max() - xs.min())
    margin_y = BLUR_REGION_MARGIN * float(ys.max() - ys.min())
    height, width = view.pixels.shape
    crop_box = (
        max(0, int(xs.min() - margin_x)),
        max(0, int(ys.min() - margin_y)),
        min(width, int(np.ceil(xs.max() + margin_x))),
        min(height, int(np.ceil(ys.max() + margin_y))),
    )
    if crop_box[2] - crop_box[0] < 16 or crop_box[3] - crop_box[1] < 16:
        return view
    return enhance.crop(view, crop_box)


def _cropped(source: View, estimate: SymbolEstimate) -> View:
    """The symbol's region with a margin when it is a small part of the picture, which keeps
    the rotation and later reads fast on 12 MP photos; else the whole picture."""
    left, top, right, bottom = estimate.box
    height, width = source.pixels.shape
    if (right - left) * (bottom - top) < CROP_BELOW_FRACTION * width * height:
        return enhance.crop(source, estimate.box)
    return source


def _failed_outline(result: Any) -> Quad | None:
    """The four corners of a PDF417 zxing-cpp located but could not decode, when all four are
    known (zxing-cpp reports a missing corner as 0, 0)."""
    if getattr(result, "valid", True) or result.format != zxingcpp.BarcodeFormat.PDF417:
        return None
    position = result.position
    points = (position.top_left, position.top_right, position.bottom_right, position.bottom_left)
    corners = tuple((float(point.x), float(point.y)) for point in points)
    if any(x == 0 and y == 0 for x, y in corners):
        return None
    return (corners[0], corners[1], corners[2], corners[3])


def _located(result: Any) -> bool:
    """Whether zxing-cpp found a PDF417 in a read: decoded, or located with four corners
    (start and stop patterns found; a fragment of a pattern in deconvolution noise comes
    without them)."""
    if result.format != zxingcpp.BarcodeFormat.PDF417:
        return False
    return bool(getattr(result, "valid", True)) or _failed_outline(result) is not None


def _quad(corners: tuple[tuple[int, int], ...]) -> Quad | None:
    """Four reported corners as a :data:`Quad` (``None`` unless there are four)."""
    if len(corners) != 4:
        return None
    points = tuple((float(x), float(y)) for x, y in corners)
    return (points[0], points[1], points[2], points[3])


def _is_pdf417(result: Any) -> bool:
    """Whether a reader result is a valid PDF417 (fakes may return other formats)."""
    return bool(getattr(result, "valid", True)) and result.format == zxingcpp.BarcodeFormat.PDF417


def _symbol_info(result: Any, view: View) -> SymbolInfo:
    """What zxing-cpp reports about the symbol, corners in the source picture's coordinates."""
    position = result.position
    points = (position.top_left, position.top_right, position.bottom_right, position.bottom_left)
    corners = tuple(view.map_point(point.x, point.y) for point in points)
    return SymbolInfo(
        format="PDF417",
        error_correction_level=str(result.ec_level) or None,
        orientation_degrees=_orientation(corners),
        corners=corners,
    )


def _orientation(corners: tuple[tuple[int, int], ...]) -> int:
    """Angle (degrees, counter-clockwise on screen, -180..180) of the symbol's top edge."""
    (x0, y0), (x1, y1) = corners[0], corners[1]
    return round(float(np.degrees(np.arctan2(-(y1 - y0), x1 - x0))))


_default_scanners: dict[str, Scanner] = {}


def _default_scanner(kind: str) -> Scanner:
    """The shared scanner for files (``FILE_BUDGET_S``) or frames (``FRAME_BUDGET_S``)."""
    if kind not in _default_scanners:
        budget = FILE_BUDGET_S if kind == "file" else FRAME_BUDGET_S
        _default_scanners[kind] = Scanner(budget_s=budget, carry_over=kind == "frame")
    return _default_scanners[kind]


def decode_image(source: str | Path | bytes) -> DecodedBarcode:
    """Decode the licence barcode in an image file (path) or encoded picture (bytes)."""
    scanner = _default_scanner("file")
    if isinstance(source, bytes):
        return scanner.decode_bytes(source)
    return scanner.decode_file(source)


def decode_frame(pixels: np.ndarray) -> DecodedBarcode:
    """Decode the licence barcode in a camera frame with the frame budget."""
    return _default_scanner("frame").decode_frame(pixels)
