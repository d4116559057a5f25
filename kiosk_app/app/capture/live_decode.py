"""Decoding a live frame stream: latest-wins scheduling and auto-capture.

* :class:`LatestWinsDecoder` decodes one frame at a time in the shared :class:`WorkerPool`.
  While a decode runs, a newer frame *replaces* the single waiting one, so at most one frame
  waits (no backlog, flat memory) and the next decode always starts on the newest picture.
* :class:`ConsecutiveReads` turns per-frame results into captures: a payload counts once it
  decodes on ``required`` consecutive attempts, and the same card is not captured again until
  it has left the picture (``release_after`` misses in a row) or another card is read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QObject, Signal
from PySide6.QtMultimedia import QVideoFrame

from kiosk_app.app.capture.best_frame import KEPT_MAX_SIDE, focus_score
from kiosk_app.app.capture.frames import DECODE_MAX_SIDE, GreyFrame, frame_to_grey
from kiosk_app.app.workers import WorkerPool
from kiosk_app.barcode.decode import Scanner
from kiosk_app.barcode.errors import BarcodeError, NoBarcodeFoundError


@dataclass(frozen=True)
class SymbolOutline:
    """Where the symbol was found: corners in frame pixels (empty: nothing found)."""

    corners: tuple[tuple[int, int], ...] = ()
    frame_size: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class FrameResult:
    """The outcome of decoding one frame.

    ``focus``: a frame not read in which the decoder saw a symbol, its focus score (see
    :mod:`kiosk_app.app.capture.best_frame`; None otherwise, or when not asked). ``picture``:
    that frame in grey at up to ``KEPT_MAX_SIDE``, only when asked for and sharper than the
    frame kept (never printed: ``repr`` leaves it out).
    """

    payload: bytes | None
    outline: SymbolOutline
    focus: float | None = None
    picture: np.ndarray | None = field(default=None, repr=False, compare=False)


def decode_video_frame(
    frame: QVideoFrame,
    scanner: Scanner,
    max_side: int = DECODE_MAX_SIDE,
    keep_above: float | None = None,
) -> FrameResult:
    """Decode one frame (worker side): grey + reduce, then the barcode pipeline.

    ``keep_above``: for a frame the decoder cannot read but in which it saw a symbol, measure
    its focus, and hand its pixels back when the score beats this (None: neither).
    """
    grey = frame_to_grey(frame, max_side)
    try:
        decoded = scanner.decode_frame(grey.pixels)
    except NoBarcodeFoundError as exc:
        return _not_read(frame, grey, exc.symbol_box, keep_above)
    except BarcodeError:
        return FrameResult(None, SymbolOutline((), grey.frame_size))
    corners = tuple(grey.to_frame_point(x, y) for x, y in decoded.symbol.corners)
    return FrameResult(decoded.payload, SymbolOutline(corners, grey.frame_size))


def _not_read(
    frame: QVideoFrame,
    grey: GreyFrame,
    box: tuple[int, int, int, int] | None,
    keep_above: float | None,
) -> FrameResult:
    """A frame not read: its focus where a symbol was seen, and the frame to keep if it is
    the sharpest (the decoder's copy when that is the whole frame, else a larger one)."""
    outline = SymbolOutline((), grey.frame_size)
    if keep_above is None or box is None:
        return FrameResult(None, outline)
    focus = focus_score(grey.pixels, box)
    if focus <= keep_above:
        return FrameResult(None, outline, focus)
    kept = grey if grey.scale == 1 else frame_to_grey(frame, KEPT_MAX_SIDE)
    return FrameResult(None, outline, focus, kept.pixels)


@dataclass
class DecodeStats:
    """Counters for tests, diagnostics and the benchmark."""

    frames_offered: int = 0
    decodes_started: int = 0
    decodes_finished: int = 0
    frames_replaced: int = 0
    max_waiting: int = 0


class LatestWinsDecoder(QObject):
    """Schedules frame decodes one at a time; the newest frame waits, older ones are dropped.

    ``decode`` runs on a pool thread and returns a :class:`FrameResult`; ``decoded`` is
    emitted on the GUI thread with it.
    """

    decoded = Signal(FrameResult)

    def __init__(
        self,
        pool: WorkerPool,
        decode: Callable[[QVideoFrame], FrameResult],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._pool = pool
        self._decode = decode
        self._ticket: int | None = None
        self._waiting: QVideoFrame | None = None
        self._running = True
        self.stats = DecodeStats()

    @property
    def waiting(self) -> int:
        """Frames waiting for the decoder: 0 or 1."""
        return 0 if self._waiting is None else 1

    @property
    def accepting(self) -> bool:
        """Whether offered frames are decoded (False after :meth:`stop`)."""
        return self._running

    @property
    def busy(self) -> bool:
        """Whether a decode is running."""
        return self._ticket is not None

    def offer(self, frame: QVideoFrame) -> None:
        """A new frame: decode it now, or let it replace the waiting one."""
        if not self._running or not frame.isValid():
            return
        self.stats.frames_offered += 1
        if self._ticket is None:
            self._start(frame)
            return
        if self._waiting is not None:
            self.stats.frames_replaced += 1
        self._waiting = frame
        self.stats.max_waiting = max(self.stats.max_waiting, self.waiting)

    def resume(self) -> None:
        """Accept frames again after :meth:`stop`."""
        self._running = True

    def stop(self) -> None:
        """Drop the waiting frame and abandon the running decode's result."""
        self._running = False
        self._waiting = None
        self._pool.cancel(self._ticket)
        self._ticket = None

    def _start(self, frame: QVideoFrame) -> None:
        self.stats.decodes_started += 1
        decode = self._decode
        self._ticket = self._pool.submit(
            lambda: decode(frame), self._on_result, self._on_error, name="camera: decode frame"
        )

    def _on_result(self, result: FrameResult) -> None:
        self.stats.decodes_finished += 1
        self._ticket = None
        self.decoded.emit(result)
        self._next()

    def _on_error(self, _error: BaseException) -> None:
        self._ticket = None
        self._next()

    def _next(self) -> None:
        frame, self._waiting = self._waiting, None
        if frame is not None and self._running:
            self._start(frame)


class ConsecutiveReads:
    """Decides when a payload seen on successive decodes becomes a capture."""

    def __init__(self, required: int = 2, release_after: int = 5) -> None:
        self.required = max(1, required)
        self.release_after = release_after
        self._last: bytes | None = None
        self._count = 0
        self._misses = 0
        self._captured: bytes | None = None

    def update(self, payload: bytes | None) -> bytes | None:
        """Feed one decode result; returns the payload when it is to be captured now."""
        if payload is None:
            self._count = 0
            self._misses += 1
            if self._misses >= self.release_after:
                self._last = self._captured = None
            return None
        self._misses = 0
        self._count = self._count + 1 if payload == self._last else 1
        self._last = payload
        if self._count >= self.required and payload != self._captured:
            self._captured = payload
            return payload
        return None

    def reset(self) -> None:
        """Forget everything (a new customer; the camera restarted)."""
        self._last = self._captured = None
        self._count = self._misses = 0
