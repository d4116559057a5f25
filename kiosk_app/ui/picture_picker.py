"""The kiosk-mode "Open picture…": a read-only list of pictures in the allowed folders only.

Qt's own file dialog is a file manager: its context menu renames and deletes files and shows
hidden ones, its path box goes anywhere, and it writes its history to ``QtProject.conf``. A
customer could delete ``admin_pin.json`` with it. In kiosk mode the window opens this picker
instead:

* the folders offered are the configured scan folder and the user's Pictures folder
  (:func:`picture_folders`); their sub-folders can be opened, nothing above them;
* the listing is a read-only ``QFileSystemModel`` (listed in its own thread): no editing, no
  drag and drop, no context menu, no hidden files, no devices, FIFOs or sockets, and symbolic
  links are neither followed nor offered, so nothing outside the folders can be reached;
* nothing is written anywhere (no settings, no history).

The chosen file is handed on as ``chosen(Path)``; reading it is the session's job (a worker).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from PySide6.QtCore import QCoreApplication, QDir, QModelIndex, QStandardPaths, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileSystemModel,
    QHBoxLayout,
    QListView,
    QVBoxLayout,
    QWidget,
)

from kiosk_app.app.capture.files import IMAGE_SUFFIXES
from kiosk_app.ui.touch import touch_combo, touch_scroll
from kiosk_app.ui.widgets import big_button, label, set_button_text

translate = QCoreApplication.translate

# No Hidden (dot files), no System (devices, FIFOs, sockets), no symbolic links.
LISTING_FILTER: Final = (
    QDir.Filter.AllDirs | QDir.Filter.Files | QDir.Filter.NoDotAndDotDot | QDir.Filter.NoSymLinks
)


def picture_folders(scan_folder: str) -> list[tuple[str, Path]]:
    """The folders the picker may show: ``(title, path)`` for the scan folder, then Pictures."""
    folders: list[tuple[str, Path]] = []
    if scan_folder:
        folders.append((translate("PicturePicker", "Scan folder"), Path(scan_folder)))
    pictures = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.PicturesLocation)
    if pictures:
        folders.append((translate("PicturePicker", "Pictures"), Path(pictures)))
    return folders


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


class PicturePicker(QDialog):
    """Chooses one picture inside ``folders``; see the module docstring."""

    chosen = Signal(Path)

    def __init__(self, folders: list[tuple[str, Path]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("PicturePicker")
        self.setModal(True)
        self.resize(900, 640)
        self._folders = [(title, Path(QDir.cleanPath(str(path)))) for title, path in folders]
        self._root = self._folders[0][1] if self._folders else None
        self.model = QFileSystemModel(self)
        self.model.setReadOnly(True)
        self.model.setFilter(LISTING_FILTER)
        self.model.setNameFilters([f"*{suffix}" for suffix in IMAGE_SUFFIXES])
        self.model.setNameFilterDisables(False)  # hide other files, do not just grey them
        self.view = touch_scroll(QListView())
        self.view.setModel(self.model)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setDragDropMode(QAbstractItemView.DragDropMode.NoDragDrop)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.NoContextMenu)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setUniformItemSizes(True)
        self.view.activated.connect(self._activated)
        self.places = touch_combo(QComboBox())
        self.places.setMinimumHeight(44)
        for title, path in self._folders:
            self.places.addItem(title, str(path))
        self.places.currentIndexChanged.connect(self._place_changed)
        self.where = label("", "Muted")
        self.title = label("", "ScreenTitle")
        self.up_button = big_button("")
        self.up_button.clicked.connect(self.go_up)
        self.open_button = big_button("", "Primary")
        self.open_button.clicked.connect(self.open_selected)
        self.cancel_button = big_button("")
        self.cancel_button.clicked.connect(self.reject)
        top = QHBoxLayout()
        top.addWidget(self.places, 1)
        top.addWidget(self.up_button)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(top)
        layout.addWidget(self.where)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        self.retranslate()
        if self._root is not None:
            self.show_folder(self._root)
        else:
            self.where.setText(translate("PicturePicker", "No picture folder is set up."))

    def retranslate(self) -> None:
        """The texts in the interface language."""
        self.setWindowTitle(translate("PicturePicker", "Open a picture of the back of the licence"))
        self.title.setText(
            translate("PicturePicker", "Choose a picture of the back of the licence")
        )
        set_button_text(self.up_button, translate("PicturePicker", "Up"))
        set_button_text(self.open_button, translate("PicturePicker", "Open"))
        set_button_text(self.cancel_button, translate("PicturePicker", "Cancel"))

    @property
    def folder(self) -> Path | None:
        """The folder being shown."""
        path = self.model.filePath(self.view.rootIndex())
        return Path(path) if path else None

    def show_folder(self, folder: Path) -> bool:
        """Show ``folder`` if it is one of the allowed folders or inside one (else refuse)."""
        folder = Path(QDir.cleanPath(str(folder)))
        root = self._root
        if root is None or not _inside(folder, root):
            return False
        self.model.setRootPath(str(folder))
        self.view.setRootIndex(self.model.index(str(folder)))
        self.where.setText(str(folder))
        self.up_button.setEnabled(folder != root)
        return True

    def go_up(self) -> None:
        """Back to the parent folder, never above the allowed folder."""
        folder = self.folder
        if folder is not None and self._root is not None and folder != self._root:
            self.show_folder(folder.parent)

    def open_selected(self) -> None:
        """Open: the selected picture (or folder)."""
        selected = self.view.selectionModel().selectedIndexes()
        if selected:
            self._activated(selected[0])

    def _place_changed(self, index: int) -> None:
        if 0 <= index < len(self._folders):
            self._root = self._folders[index][1]
            self.show_folder(self._root)

    def _activated(self, index: QModelIndex) -> None:
        info = self.model.fileInfo(index)
        if info.isSymLink():
            return  # a link can point anywhere: never followed
        path = Path(QDir.cleanPath(info.absoluteFilePath()))
        if self._root is None or not _inside(path, self._root):
            return
        if info.isDir():
            self.show_folder(path)
        elif info.isFile():
            self.chosen.emit(path)
            self.accept()
