"""The admins' save dialog for exports, kept inside one folder.

:class:`ExportFileDialog` is an instance of Qt's own dialog (it stays above a kiosk window,
which a native dialog does not): no sidebar places but the folder, no history, read-only
(nothing renamed or deleted through it), and a folder or file outside the folder is refused,
also once links are resolved. Every export of the admin tabs goes through it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

from PySide6.QtCore import QDir, QStandardPaths, QUrl
from PySide6.QtWidgets import QFileDialog, QWidget

FILTERS: Final = {"csv": "CSV (*.csv)", "json": "JSON (*.json)"}


def export_folder() -> Path:
    """Where exports go: the user's Documents folder (their home folder without one)."""
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(documents or QDir.homePath())


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _real(path: Path) -> Path:
    return Path(os.path.realpath(path))


class ExportFileDialog(QFileDialog):
    """Qt's save dialog (an instance, not the static call) that never leaves ``folder``."""

    def __init__(
        self, folder: Path, file_name: str, fmt: str, title: str, parent: QWidget | None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ExportFileDialog")
        self.folder = Path(QDir.cleanPath(str(folder)))
        self.setWindowTitle(title)
        self.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        self.setOption(QFileDialog.Option.ReadOnly, True)
        self.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        self.setFileMode(QFileDialog.FileMode.AnyFile)
        self.setNameFilter(FILTERS[fmt])
        self.setDefaultSuffix(fmt)
        self.setDirectory(str(self.folder))
        self.setSidebarUrls([QUrl.fromLocalFile(str(self.folder))])
        self.setHistory([])
        self.selectFile(file_name)
        self.directoryEntered.connect(self._stay_inside)

    def chosen(self) -> Path | None:
        """The file accepted (inside the folder), or None."""
        files = self.selectedFiles()
        if not files:
            return None
        path = Path(QDir.cleanPath(files[0]))
        return path if self.allows(path) else None

    def allows(self, path: Path) -> bool:
        """A file directly or deeper inside the folder, also once links are resolved."""
        return _inside(path.parent, self.folder) and _inside(_real(path.parent), _real(self.folder))

    def _stay_inside(self, directory: str) -> None:
        if not self.allows(Path(QDir.cleanPath(directory)) / "x"):
            self.setDirectory(str(self.folder))

    def accept(self) -> None:
        """Accept only a file inside the folder (a folder outside it goes back to it)."""
        files = self.selectedFiles()
        path = Path(QDir.cleanPath(files[0])) if files else None
        if path is None or not self.allows(path if not path.is_dir() else path / "x"):
            self.setDirectory(str(self.folder))
            return
        super().accept()


def choose_export_path(
    parent: QWidget, title: str, fmt: str, file_name: str, folder: Path | None = None
) -> Path | None:
    """Ask where to write the export, inside ``folder`` (default :func:`export_folder`)."""
    folder = folder or export_folder()
    folder.mkdir(parents=True, exist_ok=True)
    dialog = ExportFileDialog(folder, file_name, fmt, title, parent)
    try:
        return dialog.chosen() if dialog.exec() == QFileDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()
