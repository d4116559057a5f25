"""Untrusted pictures are decoded in a limited child process (issue 13, item 6).

Real hostile files (built by ``tests.fuzz.hostile_images``), a real child process, real
limits: small ones here so the suite stays cheap; the kiosk's own are in docs/security.md.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from kiosk_app.barcode.decode import Scanner
from kiosk_app.barcode.errors import (
    NoBarcodeFoundError,
    PictureCancelledError,
    PictureTooCostlyError,
    UnreadableImageError,
    UnsupportedImageFormatError,
)
from kiosk_app.barcode.isolation import (
    PICTURE_CPU_LIMIT_S,
    PICTURE_MEMORY_LIMIT_BYTES,
    PICTURE_WALL_LIMIT_S,
    IsolatedScanner,
)
from tests.fuzz.hostile_images import (
    float_tiff_bomb,
    progressive_jpeg_scan_flood,
    refused_format_pictures,
)
from tests.unit.barcode.images import LICENCE_PAYLOAD, card, card_png

# Enough for any ordinary picture here, far below what the hostile files need.
TEST_MEMORY_LIMIT = 800 * 1024 * 1024
SAFETY_S = 60  # only so that a broken build cannot hang the suite


@pytest.fixture
def scanner() -> Iterator[IsolatedScanner]:
    made = IsolatedScanner(memory_limit_bytes=TEST_MEMORY_LIMIT, cpu_limit_s=1)
    yield made
    made.close()


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # A killed child stays a zombie until joined; its state tells.
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        return stat.read().split(") ", 1)[1].startswith("Z")


def test_the_limits_are_the_documented_ones() -> None:
    assert PICTURE_MEMORY_LIMIT_BYTES == 1280 * 1024 * 1024
    assert PICTURE_CPU_LIMIT_S == 15
    assert PICTURE_WALL_LIMIT_S == 30.0


def test_a_card_is_read_in_the_child_and_the_child_is_reused(scanner: IsolatedScanner) -> None:
    picture = card_png()
    assert scanner.decode_bytes(picture).payload == LICENCE_PAYLOAD
    first = scanner.pid
    decoded = scanner.decode_bytes(picture)
    assert decoded.payload == LICENCE_PAYLOAD
    assert decoded.symbol.format == "PDF417"
    assert len(decoded.symbol.corners) == 4
    assert scanner.pid == first != os.getpid()
    assert scanner.children_started == 1


def test_typed_errors_come_back_from_the_child(scanner: IsolatedScanner) -> None:
    with pytest.raises(NoBarcodeFoundError):
        scanner.decode_bytes(_blank_png())
    with pytest.raises(UnsupportedImageFormatError):
        scanner.decode_bytes(refused_format_pictures()["card.eps"])
    with pytest.raises(UnreadableImageError):
        scanner.decode_bytes(b"\x89PNG\r\n\x1a\n" + os.urandom(2000))
    assert scanner.children_started == 1  # ordinary refusals keep the child


def _blank_png() -> bytes:
    from PIL import Image

    from tests.unit.barcode.images import encode

    return encode(Image.new("L", (400, 300), 255), "PNG")


def test_a_scan_flood_jpeg_is_stopped_by_the_cpu_limit(scanner: IsolatedScanner) -> None:
    flood = progressive_jpeg_scan_flood()  # several seconds of CPU in-process
    started = time.monotonic()
    with pytest.raises(PictureTooCostlyError) as caught:
        scanner.decode_bytes(flood)
    assert time.monotonic() - started < SAFETY_S
    assert "too much time or memory" in caught.value.hint
    # The next picture gets a fresh child and is read.
    assert scanner.decode_bytes(card_png()).payload == LICENCE_PAYLOAD
    assert scanner.children_started == 2


def test_a_float_tiff_bomb_is_stopped_by_the_memory_limit(scanner: IsolatedScanner) -> None:
    bomb = float_tiff_bomb()  # ~290 KB; about 1.5 GB when decoded in-process
    assert len(bomb) < 400_000
    with pytest.raises(PictureTooCostlyError):
        scanner.decode_bytes(bomb)
    assert scanner.decode_bytes(card_png()).payload == LICENCE_PAYLOAD


def test_the_wall_clock_limit_kills_the_child() -> None:
    slow = IsolatedScanner(cpu_limit_s=600, wall_limit_s=1.0)
    try:
        slow.warm_up()
        with pytest.raises(PictureTooCostlyError):
            slow.decode_bytes(progressive_jpeg_scan_flood(copies=20000))
        assert slow.pid is None  # killed and forgotten
    finally:
        slow.close()


def test_cancel_kills_the_child_at_once() -> None:
    scanner = IsolatedScanner(cpu_limit_s=600)
    flood = progressive_jpeg_scan_flood(copies=20000)  # about a minute of CPU
    outcome: list[BaseException] = []

    def decode() -> None:
        try:
            scanner.decode_bytes(flood)
        except BaseException as exc:
            outcome.append(exc)

    worker = threading.Thread(target=decode)
    try:
        worker.start()
        deadline = time.monotonic() + SAFETY_S
        while not scanner.busy and time.monotonic() < deadline:
            time.sleep(0.01)  # polling for the state, not waiting for a result
        pid = scanner.pid
        assert pid is not None
        cancelled_at = time.monotonic()
        scanner.cancel()
        worker.join(SAFETY_S)
        assert not worker.is_alive()
        assert time.monotonic() - cancelled_at < 10
        assert len(outcome) == 1
        assert isinstance(outcome[0], PictureCancelledError)
        assert _gone(pid)
    finally:
        scanner.close()


def test_cancel_when_idle_keeps_the_child(scanner: IsolatedScanner) -> None:
    scanner.decode_bytes(card_png())
    pid = scanner.pid
    scanner.cancel()
    assert scanner.decode_bytes(card_png()).payload == LICENCE_PAYLOAD
    assert scanner.pid == pid


def test_camera_frames_stay_in_this_process() -> None:
    scanner = IsolatedScanner(frame_scanner=Scanner())
    frame = np.asarray(card(LICENCE_PAYLOAD).convert("L"))
    assert scanner.decode_frame(frame).payload == LICENCE_PAYLOAD
    assert scanner.children_started == 0
    assert scanner.pid is None


def test_close_ends_the_child(scanner: IsolatedScanner) -> None:
    scanner.decode_bytes(card_png())
    pid = scanner.pid
    assert pid is not None
    scanner.close()
    assert scanner.pid is None
    assert _gone(pid)


_UNDER_A_STRICTER_LIMIT = """
import resource
resource.setrlimit(resource.RLIMIT_AS, (1024 ** 3, 1024 ** 3))
from kiosk_app.barcode.isolation import IsolatedScanner
from tests.unit.barcode.images import LICENCE_PAYLOAD, card_png
if __name__ == "__main__":
    scanner = IsolatedScanner()
    assert scanner.decode_bytes(card_png()).payload == LICENCE_PAYLOAD
    scanner.close()
    print("read")
"""


def test_a_kiosk_started_under_a_stricter_limit_keeps_it(tmp_path: Path) -> None:
    """The child cannot raise the hard limit it inherits (e.g. ``ulimit -v`` of 1 GiB)."""
    script = tmp_path / "stricter.py"
    script.write_text(_UNDER_A_STRICTER_LIMIT)
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=Path(__file__).resolve().parents[3],
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3])},
        capture_output=True,
        text=True,
        timeout=SAFETY_S * 2,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "read"
