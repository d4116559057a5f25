"""A watched scan folder: flatbed or sheet-fed scanners that save an image into a folder.

New image files in the folder (``watch_folder`` setting; not its subfolders) are read once they
have finished being written, emitted as ``image_captured`` (encoded bytes, see
:class:`ScannedFile`), then deleted — or moved to ``processed/`` when ``watch_folder_keep`` is
on — because they hold personal data.

"Finished being written" means: the same size and modification time for ``settle_ms``, and,
for PNG and JPEG, the format's end marker present (a scanner that pauses mid-write does not
hand over half a picture; after ``incomplete_grace_s`` the file is taken anyway and the
decoder reports it as damaged). ``QFileSystemWatcher`` makes new files show up at once; a
poll every ``poll_ms`` also catches folders (network shares) that send no notifications, and
the folder appearing later. Every file-system access (listing, stat, read, delete, move) runs
in a worker of the shared :class:`WorkerPool`, never on the GUI thread.

Files that are not images are left alone and reported once. While the kiosk cannot take a scan
(``can_deliver()`` is false, e.g. a check is running) files wait in the folder. File names
appear in the status (they help support staff); file contents are never logged.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer

from kiosk_app.app.capture.base import CaptureSource
from kiosk_app.app.capture.files import is_image_path
from kiosk_app.app.capture.statuses import (
    FOLDER_IGNORED,
    FOLDER_MISSING,
    FOLDER_NOT_DELETED,
    FOLDER_NOT_MOVED,
    FOLDER_READ,
    FOLDER_TOO_LARGE,
    FOLDER_UNREADABLE,
    FOLDER_WATCHING,
)
from kiosk_app.app.workers import WorkerPool
from kiosk_app.barcode.picture_limits import MAX_FILE_BYTES
from kiosk_app.files import read_regular_file
from kiosk_app.text import QT_TRANSLATE_NOOP, Message

log = logging.getLogger(__name__)

PROCESSED_DIR = "processed"
POLL_MS = 500
SETTLE_MS = 1000
INCOMPLETE_GRACE_S = 30.0

_PNG_END = b"IEND\xaeB`\x82"
_JPEG_END = b"\xff\xd9"


class ScannedFile(bytes):
    """The bytes of a scanned picture, with the name of the file they came from.

    A ``bytes`` subclass, so anything that takes encoded image bytes takes it; screens may show
    ``file_name`` when the picture cannot be read.
    """

    file_name: str

    def __new__(cls, data: bytes, file_name: str) -> ScannedFile:
        """Wrap ``data`` read from ``file_name``."""
        obj = super().__new__(cls, data)
        obj.file_name = file_name
        return obj


def picture_name(picture: object) -> str | None:
    """The file a picture came from (a watched-folder file or an opened path), if any."""
    if isinstance(picture, ScannedFile):
        return picture.file_name
    return picture.name if isinstance(picture, Path) else None


@dataclass(frozen=True)
class FileState:
    """What a listing saw of one file."""

    size: int
    mtime_ns: int


@dataclass
class _Watch:
    state: FileState
    since: float  # monotonic time the state was first seen
    first_seen: float


def list_folder(folder: Path) -> dict[str, FileState]:
    """Regular, non-hidden files directly in ``folder`` (raises OSError if it is missing)."""
    found: dict[str, FileState] = {}
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.name.startswith(".") or not entry.is_file(follow_symlinks=False):
                continue
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue  # vanished between listing and stat
            found[entry.name] = FileState(info.st_size, info.st_mtime_ns)
    return found


def looks_complete(name: str, data: bytes) -> bool:
    """False when a PNG or JPEG lacks its end marker (still being written)."""
    suffix = Path(name).suffix.lower()
    if suffix == ".png":
        return data.rstrip(b"\x00").endswith(_PNG_END)
    if suffix in (".jpg", ".jpeg"):
        return _JPEG_END in data[-64:]
    return True


def dispose_file(path: Path, keep: bool) -> None:
    """Delete ``path``, or move it into ``processed/`` (a free name) when ``keep``."""
    if not keep:
        path.unlink(missing_ok=True)
        return
    target_dir = path.parent / PROCESSED_DIR
    target_dir.mkdir(exist_ok=True)
    target = target_dir / path.name
    counter = 1
    while target.exists():
        target = target_dir / f"{path.stem}-{counter}{path.suffix}"
        counter += 1
    path.replace(target)


class FileTooLargeError(ValueError):
    """The file is larger than any picture the decoder opens."""


@dataclass(frozen=True)
class _ReadResult:
    name: str
    state: FileState
    data: bytes | None  # None: the file changed or is incomplete; look again later


def _read_if_unchanged(path: Path, expected: FileState) -> _ReadResult:
    """Read ``path`` if it still has the ``expected`` size and time (worker side)."""
    info = path.stat()
    state = FileState(info.st_size, info.st_mtime_ns)
    if state != expected:
        return _ReadResult(path.name, state, None)
    if state.size > MAX_FILE_BYTES:
        raise FileTooLargeError(path.name)
    # A writer still holding it (Windows) raises OSError; so does a FIFO put in its place
    # since the listing (never opened blocking).
    data = read_regular_file(path, MAX_FILE_BYTES)
    return _ReadResult(path.name, state, data)


class WatchedFolderSource(CaptureSource):
    """Emits ``image_captured(ScannedFile)`` for each picture saved into the watched folder."""

    display_name = QT_TRANSLATE_NOOP("messages", "Scan folder")

    def __init__(
        self,
        folder: Path,
        pool: WorkerPool,
        keep: bool = False,
        can_deliver: Callable[[], bool] = lambda: True,
        poll_ms: int = POLL_MS,
        settle_ms: int = SETTLE_MS,
        incomplete_grace_s: float = INCOMPLETE_GRACE_S,
        clock: Callable[[], float] = time.monotonic,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.folder = Path(folder)
        self.keep = keep
        self._pool = pool
        self._can_deliver = can_deliver
        self._settle_s = settle_ms / 1000
        self._grace_s = incomplete_grace_s
        self._clock = clock
        self._watching: dict[str, _Watch] = {}
        self._handled: dict[str, FileState] = {}
        self._reported: set[str] = set()
        self._listing: int | None = None
        self._reading: int | None = None
        self._running = False
        self._watcher = QFileSystemWatcher(self)
        self._watcher.directoryChanged.connect(self._refresh)
        self._timer = QTimer(self, interval=poll_ms)
        self._timer.timeout.connect(self._refresh)

    @property
    def busy(self) -> bool:
        """Whether a listing or a read is in flight."""
        return self._listing is not None or self._reading is not None

    def start(self) -> None:
        """Watch the folder (waiting for it if it does not exist yet)."""
        self._running = True
        self.set_status(Message(FOLDER_WATCHING, folder=str(self.folder)))
        self._timer.start()
        self._refresh()

    def stop(self) -> None:
        """Stop watching; a read in flight is abandoned (its file stays in the folder)."""
        self._running = False
        self._timer.stop()
        self._pool.cancel(self._listing)
        self._pool.cancel(self._reading)
        self._listing = self._reading = None
        if self._watcher.directories():
            self._watcher.removePaths(self._watcher.directories())
        super().stop()

    # --- listing -----------------------------------------------------------------------------

    def _refresh(self) -> None:
        if not self._running or self._listing is not None:
            return
        folder = self.folder
        self._listing = self._pool.submit(
            lambda: list_folder(folder),
            self._on_listing,
            self._on_listing_failed,
            name="scan folder: list",
        )

    def _on_listing_failed(self, error: BaseException) -> None:
        self._listing = None
        self.set_status(Message(FOLDER_MISSING, folder=str(self.folder)))

    def _on_listing(self, files: dict[str, FileState]) -> None:
        self._listing = None
        if not self._running:
            return
        if str(self.folder) not in self._watcher.directories():
            self._watcher.addPath(str(self.folder))
        if self.status == Message(FOLDER_MISSING, folder=str(self.folder)):
            self.set_status(Message(FOLDER_WATCHING, folder=str(self.folder)))
        self._forget_gone(files)
        now = self._clock()
        for name, state in files.items():
            self._observe(name, state, now)
        self._read_next()

    def _forget_gone(self, files: dict[str, FileState]) -> None:
        for table in (self._watching, self._handled):
            for name in [n for n in table if n not in files]:
                del table[name]
        self._reported &= set(files)

    def _observe(self, name: str, state: FileState, now: float) -> None:
        if self._handled.get(name) == state:
            return
        if not is_image_path(Path(name)):
            if name not in self._reported:
                self._reported.add(name)
                self.set_status(Message(FOLDER_IGNORED, name=name))
            return
        watch = self._watching.get(name)
        if watch is None:
            self._watching[name] = _Watch(state, now, now)
        elif watch.state != state:
            watch.state, watch.since = state, now

    # --- reading -----------------------------------------------------------------------------

    def _next_ready(self) -> str | None:
        now = self._clock()
        ready = [
            (w.first_seen, name)
            for name, w in self._watching.items()
            if w.state.size > 0 and now - w.since >= self._settle_s
        ]
        return min(ready)[1] if ready else None

    def _read_next(self) -> None:
        if self._reading is not None or not self._can_deliver():
            return
        name = self._next_ready()
        if name is None:
            return
        path, expected = self.folder / name, self._watching[name].state
        self._reading = self._pool.submit(
            lambda: _read_if_unchanged(path, expected),
            self._on_read,
            lambda error: self._on_read_failed(name, expected, error),
            name="scan folder: read",
        )

    def _on_read(self, result: _ReadResult) -> None:
        self._reading = None
        watch = self._watching.get(result.name)
        if watch is None or not self._running:
            return
        now = self._clock()
        if result.data is None:
            watch.state, watch.since = result.state, now
            return
        if not looks_complete(result.name, result.data) and now - watch.first_seen < self._grace_s:
            watch.since = now  # wait for the rest of the picture
            return
        if not self._can_deliver():
            return  # the kiosk got busy meanwhile: read it again later
        del self._watching[result.name]
        self._handled[result.name] = result.state
        self.set_status(Message(FOLDER_READ, name=result.name))
        self.image_captured.emit(ScannedFile(result.data, result.name))
        self._dispose(result.name)
        self._read_next()

    def _on_read_failed(self, name: str, state: FileState, error: BaseException) -> None:
        self._reading = None
        watch = self._watching.get(name)
        if watch is None or isinstance(error, FileNotFoundError):
            self._watching.pop(name, None)  # gone (moved away or deleted by someone else)
            return
        now = self._clock()
        if isinstance(error, OSError) and now - watch.first_seen < self._grace_s:
            watch.since = now  # still locked by its writer, or a share hiccup: try again
            return
        # Too large, or unreadable for the whole grace period: say so once, leave it alone.
        del self._watching[name]
        self._handled[name] = state
        template = FOLDER_TOO_LARGE if isinstance(error, FileTooLargeError) else FOLDER_UNREADABLE
        self.set_status(Message(template, name=name))

    def _dispose(self, name: str) -> None:
        path, keep = self.folder / name, self.keep
        self._pool.submit(
            lambda: dispose_file(path, keep),
            None,
            lambda _error: self.set_status(
                Message(FOLDER_NOT_MOVED if keep else FOLDER_NOT_DELETED, name=name)
            ),
            name="scan folder: dispose",
        )
