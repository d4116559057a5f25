"""The best frame of a camera read that fails, kept so the service may read it (the admin's
``picture_fallback``).

A card held up that the decoder cannot read (cracked, worn, a camera out of focus) would
otherwise leave nothing to send. While a card is in view and unread, every frame in which the
decoder saw a symbol's bar pattern gets a focus score (:func:`focus_score`, measured in the
decoding worker, never on the GUI thread), and :class:`FailedReads` keeps the sharpest so far:
one frame, a grey copy at the camera's resolution up to :data:`KEPT_MAX_SIDE` (never the
camera's buffer), in memory only. After
``give_up_after`` such decodes without a read the attempt has failed, and the frame is handed
over once: the camera sends it as a picture (the session decodes it once more, with a
picture's time budget, and the Error screen offers it to the service, as for any picture). The
same card is not handed over again until the view has been clear of any symbol for
``release_after`` decodes, so a card left in view, or a desk pattern the estimate takes for a
symbol, fails once, not again and again.

The frame is dropped when a card is read, when the view clears, when it is handed over, and
with the customer (the wipe, another card read by any input).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from kiosk_app.api.picture_upload import MAX_UPLOAD_SIDE_PX
from kiosk_app.app.capture.frames import box_reduce

# The kept frame's longest side: the camera's own pixels up to what is sent to the service
# (the decoder reads a smaller copy of a large frame; the service may do better with more).
KEPT_MAX_SIDE: Final = MAX_UPLOAD_SIDE_PX
# Decodes of a card in view without a read before the attempt counts as failed: by then the
# frame ladder has tried every clean-up step at least twice (the cards it reads are captured
# within 2 s); how long that takes: docs/benchmarks.md ("Failed camera read").
FAILED_READ_DECODES: Final = 20
# Decodes without any symbol in view after which the card has left: the attempt starts anew.
CLEAR_VIEW_DECODES: Final = 5
# The symbol's box is halved (each pixel the mean of four) before its focus is measured: a
# camera's pixel noise weighs less, a blur of a module or more just as much.
FOCUS_REDUCTION: Final = 2


def focus_score(grey: np.ndarray, box: tuple[int, int, int, int]) -> float:
    """How sharp the symbol in ``box`` (left, top, right, bottom) of ``grey`` is: the mean
    squared gradient over the variance of the grey levels, so a defocus or a smear lowers it
    whatever the light and the contrast (0.0 for a flat or empty box)."""
    left, top, right, bottom = box
    region = box_reduce(grey[top:bottom, left:right], FOCUS_REDUCTION).astype(np.float32)
    if region.shape[0] < 2 or region.shape[1] < 2:
        return 0.0
    variance = float(region.var())
    if variance <= 0.0:
        return 0.0
    across = np.diff(region, axis=1)
    down = np.diff(region, axis=0)
    energy = float(np.mean(across * across)) + float(np.mean(down * down))
    return energy / variance


class FailedReads:
    """One camera attempt at a time: the sharpest unread frame, and when the attempt failed.

    Fed each decode's outcome (:meth:`update`) on the GUI thread; the decoding worker asks
    :attr:`keep_above` first, so only a frame that would be kept crosses threads.
    """

    def __init__(
        self,
        enabled: bool = True,
        give_up_after: int = FAILED_READ_DECODES,
        release_after: int = CLEAR_VIEW_DECODES,
    ) -> None:
        self.enabled = enabled  # off: nothing is measured or kept (the fallback is off)
        self.give_up_after = max(1, give_up_after)
        self.release_after = max(1, release_after)
        self._best: np.ndarray | None = None
        self._best_score = 0.0
        self._tries = 0
        self._clear = 0
        self._armed = True

    @property
    def holding(self) -> bool:
        """Whether a frame is kept now (one at most)."""
        return self._best is not None

    @property
    def keep_above(self) -> float | None:
        """The focus score a new frame must beat to be kept (infinite: none is kept now;
        None: switched off, nothing to measure)."""
        if not self.enabled:
            return None
        if not self._armed:
            return float("inf")
        return self._best_score if self._best is not None else 0.0

    def update(
        self, payload: bytes | None, focus: float | None, picture: np.ndarray | None
    ) -> np.ndarray | None:
        """One decode: a read (``payload``), a symbol seen but not read (``focus``, with the
        frame's ``picture`` when the worker found it sharper than :attr:`keep_above`), or
        nothing seen. Returns the attempt's best frame when the attempt has just failed (it is
        then no longer kept here)."""
        if not self.enabled:
            return None
        if payload is not None:  # read: whatever was kept is not needed
            self.start_over()
            return None
        if focus is None:
            self._clear += 1
            if self._clear >= self.release_after:
                self.start_over()
            return None
        self._clear = 0
        if not self._armed:
            return None
        self._tries += 1
        if picture is not None and (self._best is None or focus > self._best_score):
            self._best, self._best_score = picture, focus
        if self._tries < self.give_up_after or self._best is None:
            return None
        failed = self._best
        self.hold_off()
        return failed

    def forget(self) -> None:
        """Drop the kept frame and count afresh (a new customer); a card that failed and is
        still in view stays failed."""
        self._best, self._best_score, self._tries = None, 0.0, 0

    def hold_off(self) -> None:
        """Drop the kept frame, and hand nothing over until the view has been clear (the card
        in view failed, or must not interrupt the clerk now)."""
        self.forget()
        self._armed = False

    def start_over(self) -> None:
        """Forget everything, the failed card too (a card read, the view clear, the camera
        restarted)."""
        self.forget()
        self._clear = 0
        self._armed = True
