"""The watched scan folder: files read once, only when complete, never on the GUI thread."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from PIL import Image
from pytestqt.qtbot import QtBot

from kiosk_app.app.capture.folder import ScannedFile, WatchedFolderSource, looks_complete
from kiosk_app.app.workers import WorkerPool
from kiosk_app.barcode.decode import Scanner
from tests.support.capture import aamva_payload, card_scene


def png_bytes(number: int = 1) -> bytes:
    """A scanned card as a PNG file's bytes."""
    buffer = io.BytesIO()
    Image.fromarray(card_scene(aamva_payload(number), size=(640, 400), symbol_width=500)).save(
        buffer, format="PNG"
    )
    return buffer.getvalue()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "scans"
    target.mkdir()
    return target


class Watch(NamedTuple):
    """A started source and what it has sent so far."""

    source: WatchedFolderSource
    captured: list[ScannedFile]
    statuses: list[str]


Watcher = Callable[..., Watch]


@pytest.fixture
def watch(pool: WorkerPool) -> Iterator[Watcher]:
    """Start a source on a folder (fast polling, ``kwargs`` override); stopped at teardown."""
    started: list[WatchedFolderSource] = []

    def start(folder: Path, **kwargs: object) -> Watch:
        options: dict[str, object] = {"poll_ms": 40, "settle_ms": 200, **kwargs}
        source = WatchedFolderSource(folder, pool, **options)  # type: ignore[arg-type]
        watched = Watch(source, [], [])
        source.image_captured.connect(watched.captured.append)
        source.status_changed.connect(watched.statuses.append)
        source.start()
        started.append(source)
        return watched

    yield start
    for source in started:
        source.stop()


def test_file_written_slowly_is_read_once_when_complete(
    qtbot: QtBot, folder: Path, watch: Watcher
) -> None:
    captured = watch(folder).captured
    data = png_bytes(1)
    target = folder / "scan0001.png"
    chunks = [data[i : i + len(data) // 6 + 1] for i in range(0, len(data), len(data) // 6 + 1)]
    with target.open("wb") as handle:
        for index, chunk in enumerate(chunks):
            handle.write(chunk)
            handle.flush()
            # One pause longer than the settle time: only the missing PNG end keeps it waiting.
            qtbot.wait(500 if index == 2 else 60)
            assert captured == []
    qtbot.waitUntil(lambda: len(captured) == 1)
    assert captured[0] == data
    assert captured[0].file_name == "scan0001.png"
    qtbot.waitUntil(lambda: not target.exists())  # personal data: deleted after reading
    qtbot.wait(300)
    assert len(captured) == 1
    # The bytes are a real, decodable scan of the licence.
    assert Scanner(accept=lambda p: True).decode_bytes(captured[0]).payload == aamva_payload(1)


def test_non_images_are_ignored_with_one_message(
    qtbot: QtBot, folder: Path, watch: Watcher
) -> None:
    source, captured, statuses = watch(folder)
    (folder / "notes.txt").write_text("not a scan", encoding="utf-8")
    qtbot.waitUntil(lambda: "Ignored notes.txt" in source.status)
    qtbot.wait(300)
    assert captured == []
    assert (folder / "notes.txt").exists()
    assert [s for s in statuses if "notes.txt" in s] == ["Ignored notes.txt: not an image file"]


def test_file_appearing_while_the_kiosk_is_busy_waits_then_is_read_once(
    qtbot: QtBot, folder: Path, watch: Watcher
) -> None:
    busy = True
    captured = watch(folder, can_deliver=lambda: not busy).captured
    data = png_bytes(2)
    (folder / "scan0002.png").write_bytes(data)
    qtbot.wait(600)
    assert captured == []
    assert (folder / "scan0002.png").exists()
    busy = False
    qtbot.waitUntil(lambda: len(captured) == 1)
    assert captured == [data]
    qtbot.wait(200)
    assert len(captured) == 1


def test_files_arriving_together_are_each_read_once_in_order(
    qtbot: QtBot, folder: Path, watch: Watcher
) -> None:
    captured = watch(folder).captured
    first, second = png_bytes(3), png_bytes(4)
    (folder / "a.png").write_bytes(first)
    qtbot.wait(50)
    (folder / "b.png").write_bytes(second)
    qtbot.waitUntil(lambda: len(captured) == 2)
    assert [bytes(c) for c in captured] == [first, second]
    qtbot.waitUntil(lambda: not any(folder.iterdir()))


def test_same_name_reused_by_the_scanner_is_read_again(
    qtbot: QtBot, folder: Path, watch: Watcher
) -> None:
    captured = watch(folder).captured
    target = folder / "scan.png"
    target.write_bytes(png_bytes(5))
    qtbot.waitUntil(lambda: len(captured) == 1 and not target.exists())
    target.write_bytes(png_bytes(6))
    qtbot.waitUntil(lambda: len(captured) == 2)
    assert bytes(captured[1]) == png_bytes(6)


def test_keep_setting_moves_files_to_processed(qtbot: QtBot, folder: Path, watch: Watcher) -> None:
    captured = watch(folder, keep=True).captured
    (folder / "scan.png").write_bytes(png_bytes(7))
    qtbot.waitUntil(lambda: (folder / "processed" / "scan.png").exists())
    (folder / "scan.png").write_bytes(png_bytes(8))
    qtbot.waitUntil(lambda: (folder / "processed" / "scan-1.png").exists())
    assert len(captured) == 2


def test_folder_missing_at_start_is_watched_once_it_appears(
    qtbot: QtBot, tmp_path: Path, watch: Watcher
) -> None:
    folder = tmp_path / "later"
    source, captured, _ = watch(folder)
    qtbot.waitUntil(lambda: "not found" in source.status)
    folder.mkdir()
    (folder / "scan.jpg").write_bytes(_jpeg_bytes())
    qtbot.waitUntil(lambda: len(captured) == 1)
    assert source.status == "Read scan.jpg"


def test_unfinished_picture_is_taken_after_the_grace_period(
    qtbot: QtBot, folder: Path, watch: Watcher
) -> None:
    captured = watch(folder, incomplete_grace_s=0.6).captured
    truncated = png_bytes(9)[:-40]
    (folder / "broken.png").write_bytes(truncated)
    qtbot.wait(400)
    assert captured == []
    qtbot.waitUntil(lambda: len(captured) == 1)  # the decoder will call it damaged
    assert captured == [truncated]


def _jpeg_bytes() -> bytes:
    buffer = io.BytesIO()
    Image.fromarray(card_scene(None, size=(64, 48))).save(buffer, format="JPEG")
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("name", "data", "complete"),
    [
        ("a.png", b"\x89PNG....IEND\xaeB`\x82", True),
        ("a.png", b"\x89PNG....", False),
        ("a.JPG", b"\xff\xd8....\xff\xd9", True),
        ("a.jpeg", b"\xff\xd8....", False),
        ("a.tif", b"II*\x00", True),
    ],
)
def test_looks_complete(name: str, data: bytes, complete: bool) -> None:
    assert looks_complete(name, data) is complete


def test_file_too_large_is_reported_once_and_left_alone(
    qtbot: QtBot, folder: Path, watch: Watcher
) -> None:
    source, captured, statuses = watch(folder)
    big = folder / "huge.png"
    with big.open("wb") as handle:  # sparse: no real 64 MB written
        handle.truncate(64 * 1024 * 1024 + 1)
    qtbot.waitUntil(lambda: source.status == "Could not read huge.png: too large")
    qtbot.wait(300)
    assert captured == []
    assert big.exists()
    assert statuses.count("Could not read huge.png: too large") == 1
