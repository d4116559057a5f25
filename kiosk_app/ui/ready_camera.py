"""The Ready screen's camera corner: the live preview with the symbol outline.

Shown only while the kiosk's camera source (``camera_enabled`` or a demo video) gives
pictures or is starting to; with no camera plugged in, unplugged, busy, not allowed or
stopped the corner is hidden and the Ready screen shows the card drawing in its place, as the
user guide promises (the camera's status stays in the live-inputs line). A camera added after
the window was built (``add_hardware_sources`` runs after ``build_window``) is picked up from
``KioskCore.source_added``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QEvent, QSize, Signal, Slot
from PySide6.QtWidgets import QSizePolicy, QVBoxLayout, QWidget

from kiosk_app.app.capture.camera import CameraSource
from kiosk_app.app.capture.hardware import camera_of
from kiosk_app.ui.camera_preview import CameraPreview, gives_pictures
from kiosk_app.ui.widgets import label

if TYPE_CHECKING:
    from kiosk_app.app.kiosk import KioskCore

# The preview grows with the Ready screen (it takes the drawing's place) from this size.
PREVIEW_MIN: Final = QSize(320, 180)


class ReadyCamera(QWidget):
    """A caption and a :class:`CameraPreview`; hidden until a camera source gives pictures."""

    camera_shown = Signal()  # a camera source was attached, or its pictures came or went

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ReadyCamera")
        self.source: CameraSource | None = None
        self.caption = label("", "Muted")
        self.preview = CameraPreview(self)
        self.preview.setMinimumSize(PREVIEW_MIN)
        self.preview.guide = True  # the frame the card should fill
        self.preview.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.preview)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        """Texts in the interface language."""
        self.caption.setText(self.tr("Camera"))
        self.preview.setAccessibleName(self.tr("Camera preview"))
        self.preview.setAccessibleDescription(
            self.tr("The camera's picture; a green outline marks the barcode it found")
        )

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Follow a change of the interface language."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def follow(self, core: KioskCore) -> None:
        """Preview ``core``'s camera, now or when one is added later."""
        core.source_added.connect(self._on_source_added)
        camera = camera_of(core)
        if camera is not None:
            self.show_camera(camera)

    def show_camera(self, source: CameraSource) -> None:
        """Show ``source``'s frames, outline and status here."""
        if self.source is source:
            return
        self.source = source
        self.preview.attach(source)
        source.status_changed.connect(self._on_status)
        self.camera_shown.emit()

    @property
    def live(self) -> bool:
        """True while the camera gives pictures (or is starting to)."""
        return self.source is not None and gives_pictures(self.source.status)

    @Slot(str)
    def _on_status(self, _status: str) -> None:
        self.camera_shown.emit()

    @Slot(object)
    def _on_source_added(self, source: object) -> None:
        if isinstance(source, CameraSource) and self.source is None:
            self.show_camera(source)
