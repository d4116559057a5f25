"""Untrusted pictures are decoded in a limited child process.

Real hostile files (built by ``tests.fuzz.hostile_images``), a real child process, real
limits: small ones here so the suite stays cheap; the kiosk's own are in docs/security.md.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from kiosk_app.barcode.child_limits import (
    TICKS_PER_SECOND,
    JobObjectLimiter,
    PictureLimits,
    platform_limiter,
)
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
from tests.support.job_api import FAKE_JOB, FakeJobApi, RefusingLimiter
from tests.support.processes import process_gone
from tests.unit.barcode.images import LICENCE_PAYLOAD, card, card_png

# Enough for any ordinary picture here, far below what the hostile files need.
TEST_MEMORY_LIMIT = 800 * 1024 * 1024
SAFETY_S = 60  # only so that a broken build cannot hang the suite


@pytest.fixture
def scanner() -> Iterator[IsolatedScanner]:
    made = IsolatedScanner(memory_limit_bytes=TEST_MEMORY_LIMIT, cpu_limit_s=1)
    yield made
    made.close()


def _limit_line(pid: int | str, name: str) -> str:
    """A limit of a process as the kernel shows it (``/proc/PID/limits``), e.g. address space."""
    with open(f"/proc/{pid}/limits", encoding="ascii") as limits:
        lines = [line for line in limits if line.startswith(name)]
    assert len(lines) == 1
    return " ".join(lines[0].split())


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


def test_the_wall_clock_limit_kills_the_child(caplog: pytest.LogCaptureFixture) -> None:
    slow = IsolatedScanner(cpu_limit_s=600, wall_limit_s=0.5)
    try:
        slow.warm_up()
        with pytest.raises(PictureTooCostlyError):
            slow.decode_bytes(progressive_jpeg_scan_flood(copies=20000))
        assert slow.pid is None  # killed and forgotten
    finally:
        slow.close()
    assert "picture decoding stopped: no answer within 0.5 s" in caplog.messages


def _cancel_a_long_decode(scanner: IsolatedScanner) -> tuple[int, list[BaseException], float]:
    """Start decoding about a minute of CPU on a thread, cancel it once busy: the child's pid,
    what the decode raised, and the seconds from cancel() to its end."""
    flood = progressive_jpeg_scan_flood(copies=20000)
    outcome: list[BaseException] = []

    def decode() -> None:
        try:
            scanner.decode_bytes(flood)
        except BaseException as exc:
            outcome.append(exc)

    worker = threading.Thread(target=decode)
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
    return pid, outcome, time.monotonic() - cancelled_at


def test_cancel_kills_the_child_at_once() -> None:
    scanner = IsolatedScanner(cpu_limit_s=600)
    try:
        pid, outcome, seconds = _cancel_a_long_decode(scanner)
        assert seconds < 10
        assert [type(e) for e in outcome] == [PictureCancelledError]
        assert process_gone(pid)
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
    assert process_gone(pid)


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


def test_on_posix_the_child_limits_itself(scanner: IsolatedScanner) -> None:
    scanner.decode_bytes(card_png())
    pid = scanner.pid
    assert pid is not None
    assert _limit_line(pid, "Max address space") == (
        f"Max address space {TEST_MEMORY_LIMIT} {TEST_MEMORY_LIMIT} bytes"
    )
    assert _limit_line(pid, "Max core file size") == "Max core file size 0 0 bytes"
    assert _limit_line(pid, "Max cpu time").startswith("Max cpu time ")
    assert _limit_line(pid, "Max cpu time") != _limit_line("self", "Max cpu time")


def test_with_a_job_object_the_parent_limits_the_real_child() -> None:
    """The Windows limiter's calls, made by the parent for a real child (the job API is a
    fake: Win32 itself runs only on Windows or under Wine)."""
    api = FakeJobApi(user_ticks=2 * TICKS_PER_SECOND)
    made: list[JobObjectLimiter] = []

    def job_limiter(limits: PictureLimits) -> JobObjectLimiter:
        made.append(JobObjectLimiter(limits, api))
        return made[-1]

    scanner = IsolatedScanner(memory_limit_bytes=TEST_MEMORY_LIMIT, limiter=job_limiter)
    try:
        assert scanner.decode_bytes(card_png()).payload == LICENCE_PAYLOAD
        pid = scanner.pid
        assert pid is not None
        assert api.calls[0] == ("open_process", pid)
        assert ("assign", FAKE_JOB, f"process-{pid}") in api.calls
        assert api.info["ProcessMemoryLimit"] == TEST_MEMORY_LIMIT
        # Before the picture, the parent gave it its seconds on top of what it had used.
        assert api.names()[-3:] == ["user_time_ticks", "query_limits", "set_limits"]
        basic = api.info["BasicLimitInformation"]
        assert basic["PerProcessUserTimeLimit"] == (
            2 * TICKS_PER_SECOND + PICTURE_CPU_LIMIT_S * TICKS_PER_SECOND
        )
        # The child set no limit on itself.
        assert _limit_line(pid, "Max address space") == _limit_line("self", "Max address space")
        assert scanner.decode_bytes(card_png()).payload == LICENCE_PAYLOAD
        assert api.names().count("set_limits") == 3  # at the start, then once a picture
        assert api.closed == []
    finally:
        scanner.close()
    assert api.closed == [FAKE_JOB, f"process-{pid}"]
    assert len(made) == 1


def test_cancel_with_a_job_object_kills_the_child_and_closes_the_job() -> None:
    api = FakeJobApi()
    scanner = IsolatedScanner(cpu_limit_s=600, limiter=lambda limits: JobObjectLimiter(limits, api))
    try:
        pid, outcome, _seconds = _cancel_a_long_decode(scanner)
        assert [type(e) for e in outcome] == [PictureCancelledError]
        assert process_gone(pid)
        assert api.closed == [FAKE_JOB, f"process-{pid}"]
    finally:
        scanner.close()


def test_a_child_that_cannot_be_limited_gets_no_picture(caplog: pytest.LogCaptureFixture) -> None:
    made: list[RefusingLimiter] = []

    def refusing(limits: PictureLimits) -> RefusingLimiter:
        made.append(RefusingLimiter(limits))
        return made[-1]

    scanner = IsolatedScanner(limiter=refusing)
    try:
        scanner.warm_up()  # logged, never raised on the GUI thread
        assert scanner.pid is None
        with pytest.raises(PictureTooCostlyError):
            scanner.decode_bytes(card_png())
        assert scanner.pid is None
    finally:
        scanner.close()
    pids = [pid for limiter in made for pid in limiter.started_pids]
    assert len(pids) == 2
    assert all(process_gone(pid) for pid in pids)
    refusals = [r for r in caplog.records if "cannot be limited" in r.getMessage()]
    assert len(refusals) == 2
    assert all(r.levelname == "ERROR" for r in refusals)


@pytest.mark.skipif(importlib.util.find_spec("win32job") is not None, reason="pywin32 here")
def test_windows_without_pywin32_refuses_pictures() -> None:
    scanner = IsolatedScanner(limiter=lambda limits: platform_limiter(limits, "win32"))
    try:
        with pytest.raises(PictureTooCostlyError):
            scanner.decode_bytes(card_png())
        assert scanner.children_started == 0
    finally:
        scanner.close()
