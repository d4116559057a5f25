"""Image files as an input: the Open button and drag-and-drop of a photo or scan of the back.

The source only names the file (``image_captured(Path)``); reading and decoding happen in a
worker started by the session, never on the GUI thread.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QObject

from kiosk_app.app.capture.base import CaptureSource
from kiosk_app.app.capture.statuses import FILE_NOT_IMAGE, NO_EXTENSION
from kiosk_app.text import QT_TRANSLATE_NOOP, Message

IMAGE_SUFFIXES = (
    ".png",
    ".jpg",
    ".jpeg",
    ".bmp",
    ".gif",
    ".tif",
    ".tiff",
    ".webp",
    ".pgm",
    ".ppm",
)


def is_image_path(path: Path) -> bool:
    """True when the file name looks like a picture the decoder can open."""
    return path.suffix.lower() in IMAGE_SUFFIXES


def image_paths_from_mime(mime: QMimeData) -> list[Path]:
    """Local image files carried by a drag (URLs that are not local files are ignored)."""
    if not mime.hasUrls():
        return []
    paths = [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]
    return [p for p in paths if is_image_path(p)]


class ImageFileSource(CaptureSource):
    """Emits ``image_captured(Path)`` for a file chosen with Open or dropped on the window."""

    display_name = QT_TRANSLATE_NOOP("messages", "Image files (Open or drag and drop)")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)

    def submit_path(self, path: Path) -> bool:
        """Offer one file; returns False (and says why) when it is not an image file name."""
        if not is_image_path(path):
            self.set_status(Message(FILE_NOT_IMAGE, suffix=path.suffix or Message(NO_EXTENSION)))
            return False
        self.set_status(QT_TRANSLATE_NOOP("messages", "Ready"))
        self.image_captured.emit(path)
        return True

    def submit_mime(self, mime: QMimeData) -> bool:
        """Offer the first image of a drop; False when the drop holds none."""
        paths = image_paths_from_mime(mime)
        if not paths:
            self.set_status(
                QT_TRANSLATE_NOOP("messages", "Drop a picture of the back of the licence")
            )
            return False
        return self.submit_path(paths[0])
