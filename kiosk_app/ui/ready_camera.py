"""The Ready screen's camera corner: the live preview with the symbol outline.

Shown only while the kiosk's camera source (``camera_enabled`` or a demo video) gives
pictures or is starting to; with no camera plugged in, unplugged, busy, not allowed or
stopped the corner is hidden and the Ready screen shows the card drawing in its place, as the
user guide promises (the camera's status stays in the live-inputs line). A camera added after
the window was built (``add_hardware_sources`` runs after ``build_window``, in the kiosk once
its window is shown) is picked up from ``KioskCore.source_added``. The camera's modules (Qt
Multimedia, numpy) are not loaded for this corner until a camera is there: the kiosk's first
window does not wait for them.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Final, TypeGuard

from PySide6.QtCore import QEvent, QObject, QSize, Signal, Slot
from PySide6.QtWidgets import QSizePolicy, QVBoxLayout, QWidget

from kiosk_app.ui.widgets import label

if TYPE_CHECKING:
    from kiosk_app.app.capture.base import CaptureSource
    from kiosk_app.app.capture.camera import CameraSource
    from kiosk_app.app.kiosk import KioskCore
    from kiosk_app.ui.camera_preview import CameraPreview

CAMERA_MODULE: Final = "kiosk_app.app.capture.camera"
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
        self.preview: CameraPreview | None = None  # made with the first camera shown
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(self.caption)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        """Texts in the interface language."""
        self.caption.setText(self.tr("Camera"))
        if self.preview is not None:
            self.preview.setAccessibleName(self.tr("Camera preview"))
            self.preview.setAccessibleDescription(
                self.tr("The camera's picture; a green outline marks the barcode it found")
            )

    def _make_preview(self) -> CameraPreview:
        from kiosk_app.ui.camera_preview import CameraPreview

        preview = CameraPreview(self)
        preview.setMinimumSize(PREVIEW_MIN)
        preview.guide = True  # the frame the card should fill
        preview.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._layout.addWidget(preview)
        self.preview = preview
        self.retranslate()
        return preview

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Follow a change of the interface language."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def follow(self, core: KioskCore) -> None:
        """Preview ``core``'s camera, now or when one is added later."""
        core.source_added.connect(self._on_source_added)
        camera = next((s for s in core.sources if _is_camera(s)), None)
        if camera is not None:
            self.show_camera(camera)

    def show_camera(self, source: CameraSource) -> None:
        """Show ``source``'s frames, outline and status here."""
        if self.source is source:
            return
        self.source = source
        (self.preview or self._make_preview()).attach(source)
        source.status_changed.connect(self._on_status)
        self.camera_shown.emit()

    @property
    def live(self) -> bool:
        """True while the camera gives pictures (or is starting to)."""
        if self.source is None:
            return False
        from kiosk_app.ui.camera_preview import gives_pictures  # loaded with the camera

        return gives_pictures(self.source.status)

    @Slot(str)
    def _on_status(self, _status: str) -> None:
        self.camera_shown.emit()

    @Slot(QObject)
    def _on_source_added(self, source: CaptureSource) -> None:
        if _is_camera(source) and self.source is None:
            self.show_camera(source)


def _is_camera(source: object) -> TypeGuard[CameraSource]:
    # Only a loaded camera module can have made a camera source: this check loads nothing.
    camera = sys.modules.get(CAMERA_MODULE)
    return camera is not None and isinstance(source, camera.CameraSource)
