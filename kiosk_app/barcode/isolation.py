"""Decoding untrusted pictures in a limited child process: bounded CPU, memory and time.

A picture file (opened, dropped in the watched folder, given to ``kiosk-app decode``) is
outside input: a 600 KB progressive JPEG of empty scans can cost a minute of CPU in libjpeg,
a 300 KB float TIFF 1.5 GB of memory in Pillow, and a thread cannot be stopped. So
:class:`IsolatedScanner` decodes encoded pictures in one child process that it starts on
first use (``spawn``: never a fork of the multi-threaded GUI) and keeps for the next picture:

* memory limited to ``PICTURE_MEMORY_LIMIT_BYTES`` (POSIX: address space, ``RLIMIT_AS``;
  Windows: committed memory, a Job Object's process memory limit): an allocation beyond it
  fails, and the picture is refused;
* CPU time limited to ``PICTURE_CPU_LIMIT_S`` per picture (POSIX: ``RLIMIT_CPU``; Windows: the
  job's per-process user time), raised before each picture by what the last one used: the
  system ends the child when it is spent;
* wall-clock time limited to ``PICTURE_WALL_LIMIT_S``: the parent kills the child;
* :meth:`IsolatedScanner.cancel` (Cancel, a new customer, the idle wipe) kills it at once.

How each platform sets the limits is in :mod:`kiosk_app.barcode.child_limits`. A child whose
limits cannot be set is killed before it sees a picture, and pictures are refused. A killed
child is replaced at the next picture. Camera frames are the kiosk's own pixels and are
decoded in this process (``decode_frame``): no copy, no round trip per frame.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import dataclasses
import json
import logging
import multiprocessing
import threading
import weakref
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Final

import numpy as np

from kiosk_app.barcode import errors
from kiosk_app.barcode.child_limits import (
    ChildLimiter,
    ChildLimitsError,
    PictureLimits,
    RlimitsInChild,
    platform_limiter,
)
from kiosk_app.barcode.errors import (
    BarcodeError,
    PictureCancelledError,
    PictureTooCostlyError,
    UnreadableImageError,
)
from kiosk_app.barcode.imaging import read_image_file
from kiosk_app.barcode.symbol import DecodedBarcode, SymbolInfo

_log = logging.getLogger(__name__)

# Per picture, in the child. A 48-megapixel phone photo takes about 0.7 GB of address space
# (interpreter and libraries included) and 2-3 s of CPU here; see docs/security.md.
PICTURE_MEMORY_LIMIT_BYTES: Final = 1280 * 1024 * 1024
PICTURE_CPU_LIMIT_S: Final = 15
PICTURE_WALL_LIMIT_S: Final = 30.0
# Largest reply read from the child (a result is a few KB) and longest hint kept from it.
MAX_REPLY_BYTES: Final = 1024 * 1024
MAX_HINT_CHARS: Final = 300
# How long a child that was asked to stop gets before it is killed.
CHILD_STOP_GRACE_S: Final = 2.0


class IsolatedScanner:
    """Decodes encoded pictures in a limited child process, camera frames in this one.

    Same methods as ``kiosk_app.barcode.decode.Scanner`` (``decode_bytes``, ``decode_file``,
    ``decode_frame``) plus :meth:`cancel` and :meth:`close`. One picture at a time: a second
    thread waits for the first. ``frame_scanner`` decodes camera frames (a ``Scanner`` by
    default); the limits are the module constants unless given (tests use small ones).
    ``limiter`` makes the :class:`ChildLimiter` of each child (default: this platform's).
    """

    def __init__(
        self,
        frame_scanner: Any = None,
        *,
        memory_limit_bytes: int = PICTURE_MEMORY_LIMIT_BYTES,
        cpu_limit_s: int = PICTURE_CPU_LIMIT_S,
        wall_limit_s: float = PICTURE_WALL_LIMIT_S,
        limiter: Callable[[PictureLimits], ChildLimiter] = platform_limiter,
    ) -> None:
        self._frame_scanner = frame_scanner
        self._limits = PictureLimits(memory_limit_bytes, cpu_limit_s)
        self._limiter = limiter
        self._wall_limit_s = wall_limit_s
        self._job_lock = threading.Lock()  # one picture at a time
        self._state_lock = threading.Lock()  # guards _child and _busy against cancel()
        self._child: _Child | None = None
        self._busy = False
        self._cancelled = False
        self._finalizer = weakref.finalize(self, _Child.stop_all, [])
        self.children_started = 0

    # --- the Scanner interface ---------------------------------------------------------------

    def decode_file(self, path: str | Path) -> DecodedBarcode:
        """Decode the licence barcode in an image file (read here, capped; decoded there)."""
        return self.decode_bytes(read_image_file(path))

    def decode_bytes(self, data: bytes) -> DecodedBarcode:
        """Decode the licence barcode in an encoded picture, in the limited child process.

        Raises the child's ``BarcodeError``; :class:`PictureTooCostlyError` when a limit
        stopped it; :class:`PictureCancelledError` when :meth:`cancel` did.
        """
        with self._job_lock:
            try:
                child = self._start_job()
            except ChildLimitsError as exc:
                _log.error("picture refused: the decoding process cannot be limited (%s)", exc)
                raise PictureTooCostlyError() from None
            try:
                reply = child.run(bytes(data), self._wall_limit_s)
            except _LostChild as lost:
                self._drop(child)
                if self._cancelled:
                    raise PictureCancelledError() from None
                _log.warning("picture decoding stopped: %s", lost)
                raise PictureTooCostlyError() from None
            finally:
                with self._state_lock:
                    self._busy = False
            if reply.get("error") == PictureTooCostlyError.__name__:
                self._drop(child)  # it ends itself after a failed allocation
            return _answer(reply)

    def decode_frame(self, pixels: np.ndarray) -> DecodedBarcode:
        """Decode a camera frame in this process (the kiosk's own pixels)."""
        if self._frame_scanner is None:
            from kiosk_app.barcode.decode import Scanner

            self._frame_scanner = Scanner()
        result: DecodedBarcode = self._frame_scanner.decode_frame(pixels)
        return result

    # --- control -----------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True while a picture is being decoded."""
        return self._busy

    @property
    def pid(self) -> int | None:
        """The child process's id, None when there is none (diagnostics and tests)."""
        child = self._child
        return None if child is None else child.process.pid

    def warm_up(self) -> None:
        """Start the child process now (it loads its libraries meanwhile), if there is none."""
        with self._state_lock:
            if self._child is None:
                try:
                    self._spawn()
                except ChildLimitsError as exc:
                    _log.error("the decoding process cannot be limited (%s)", exc)

    def cancel(self) -> None:
        """Stop the picture being decoded now (any thread); nothing happens when idle."""
        with self._state_lock:
            if self._busy and self._child is not None:
                self._cancelled = True
                self._child.kill()

    def close(self) -> None:
        """Stop the child process (it is started again by the next picture)."""
        with self._state_lock:
            child, self._child = self._child, None
        if child is not None:
            child.stop()

    def _start_job(self) -> _Child:
        with self._state_lock:
            self._cancelled = False
            if self._child is None or not self._child.alive():
                if self._child is not None:
                    self._child.kill()
                    self._child = None
                self._spawn()
            assert self._child is not None
            self._busy = True
            return self._child

    def _spawn(self) -> None:
        self._child = _Child.start(self._limiter(self._limits))
        self._finalizer.detach()
        self._finalizer = weakref.finalize(self, _Child.stop_all, [self._child])
        self.children_started += 1

    def _drop(self, child: _Child) -> None:
        child.kill()
        with self._state_lock:
            if self._child is child:
                self._child = None


class _LostChild(Exception):  # noqa: N818 (internal; never shown, so not an "Error" sentence)
    """The child died, was killed, or did not answer in time."""


class _Child:
    """One child process and the parent's end of its pipe."""

    def __init__(self, process: Any, conn: Connection, limiter: ChildLimiter) -> None:
        self.process = process
        self.conn = conn
        self.limiter = limiter

    @classmethod
    def start(cls, limiter: ChildLimiter) -> _Child:
        """Start a child and limit it; :class:`ChildLimitsError` (child killed) when it cannot
        be limited."""
        context = multiprocessing.get_context("spawn")
        parent_end, child_end = context.Pipe()
        process = context.Process(
            target=child_main,
            args=(child_end, limiter.limits_for_child()),
            name="kiosk-picture-decoder",
            daemon=True,  # ended with the kiosk, never waited for at exit
        )
        process.start()
        child_end.close()
        child = cls(process, parent_end, limiter)
        try:
            assert process.pid is not None  # set by start()
            limiter.started(process.pid)
        except BaseException:
            child.kill()
            child.conn.close()
            process.join(CHILD_STOP_GRACE_S)
            raise
        return child

    def alive(self) -> bool:
        return bool(self.process.is_alive())

    def run(self, data: bytes, wall_limit_s: float) -> dict[str, Any]:
        try:
            self.limiter.before_picture()
        except Exception as exc:
            raise _LostChild(f"the limits could not be raised for the picture ({exc})") from exc
        try:
            self.conn.send_bytes(data)
            if not self.conn.poll(wall_limit_s):
                raise _LostChild(f"no answer within {wall_limit_s:g} s")
            return _parsed(self.conn.recv_bytes(MAX_REPLY_BYTES))
        except (EOFError, OSError) as exc:
            raise _LostChild(f"the decoding process ended ({_exit_reason(self.process)})") from exc

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
        self.limiter.close()

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.close()  # the child sees end-of-file and returns
            self.process.join(CHILD_STOP_GRACE_S)
        if self.process.is_alive():
            self.kill()
            self.process.join(CHILD_STOP_GRACE_S)
        self.limiter.close()

    @staticmethod
    def stop_all(children: list[_Child]) -> None:
        for child in children:
            child.kill()


def _exit_reason(process: Any) -> str:
    process.join(CHILD_STOP_GRACE_S)
    code = process.exitcode
    return "still running" if code is None else f"exit status {code}"


def _answer(reply: dict[str, Any]) -> DecodedBarcode:
    """The child's reply as a result, or its error raised again here."""
    if reply["kind"] == "ok":
        try:
            symbol = dict(reply["symbol"])
            corners = symbol.pop("corners")
            return DecodedBarcode(
                base64.b64decode(reply["payload"], validate=True),
                SymbolInfo(**symbol, corners=tuple((int(x), int(y)) for x, y in corners)),
            )
        except (TypeError, ValueError, KeyError, binascii.Error) as exc:
            raise UnreadableImageError() from exc
    error_class = getattr(errors, str(reply["error"]), None)
    if not (isinstance(error_class, type) and issubclass(error_class, BarcodeError)):
        error_class = UnreadableImageError
    raise error_class(str(reply["hint"])[:MAX_HINT_CHARS] or None)


def _parsed(raw: bytes) -> dict[str, Any]:
    """The child's JSON reply, checked for shape (JSON, never pickle: the child handles
    hostile bytes and is not trusted to send objects back)."""
    try:
        reply = json.loads(raw)
        kind = reply["kind"]
    except (ValueError, TypeError, KeyError) as exc:
        raise _LostChild("the decoding process sent a malformed reply") from exc
    if kind not in ("ok", "error"):
        raise _LostChild("the decoding process sent an unknown reply")
    return dict(reply)


# --- the child ----------------------------------------------------------------------------


def child_main(conn: Connection, rlimits: PictureLimits | None) -> None:
    """The child's loop: receive encoded pictures, answer with a result or an error.

    ``rlimits``: the limits this process sets on itself (POSIX), or None when the parent holds
    it to them (Windows). The libraries are imported first, the limits set after (they would
    count the imports).
    """
    from kiosk_app.barcode.decode import Scanner

    scanner = Scanner()
    own_limits = None
    if rlimits is not None:
        import resource  # POSIX only, like the limits given to this process

        own_limits = RlimitsInChild(rlimits, resource)
        own_limits.at_start()
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return  # the kiosk closed the pipe or ended
        if own_limits is not None:
            own_limits.before_picture()
        try:
            decoded = scanner.decode_bytes(data)
            reply: dict[str, Any] = {
                "kind": "ok",
                "payload": base64.b64encode(decoded.payload).decode("ascii"),
                "symbol": dataclasses.asdict(decoded.symbol),
            }
        except (MemoryError, PictureTooCostlyError):
            conn.send_bytes(_error_reply(PictureTooCostlyError()))
            return  # a fresh process for the next picture, not a fragmented heap
        except BarcodeError as exc:
            reply = {"kind": "error", "error": type(exc).__name__, "hint": exc.hint}
        except Exception:  # a decoder failure on hostile bytes
            reply = {"kind": "error", "error": "UnreadableImageError", "hint": ""}
        del data
        conn.send_bytes(json.dumps(reply).encode("utf-8"))


def _error_reply(error: BarcodeError) -> bytes:
    return json.dumps({"kind": "error", "error": type(error).__name__, "hint": error.hint}).encode()
