"""The hardware inputs the settings enable, plugged into a :class:`KioskCore`.

One call, ``add_hardware_sources(core)``, builds and attaches:

* the camera (``camera_enabled``, or a demo video in ``camera_video``);
* a serial scanner (when ``serial_port`` is set);
* the watched scan folder (when ``watch_folder`` is set; files wait while a check runs).

and ties them to the session: the camera stops decoding while a check runs (no refused
captures, no CPU taken from the check), may capture the same card again after the customer
is wiped, and keeps the best frame of a card it cannot read only while the picture fallback
is on, for the current customer (dropped at the wipe, another card read, or the idle
interval running out). The window shows the camera (``camera_of(core)``) in a
:class:`~kiosk_app.ui.camera_preview.CameraPreview` on the Ready screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kiosk_app.app.capture.camera import CameraSource
from kiosk_app.app.capture.folder import WatchedFolderSource
from kiosk_app.app.capture.serial import SerialConfig, SerialScannerSource

if TYPE_CHECKING:
    from kiosk_app.app.kiosk import KioskCore


@dataclass
class HardwareSources:
    """The hardware inputs that were added (None: not enabled in the settings)."""

    camera: CameraSource | None = None
    serial: SerialScannerSource | None = None
    folder: WatchedFolderSource | None = None


def add_hardware_sources(core: KioskCore) -> HardwareSources:
    """Create the enabled hardware sources and add them to ``core`` (not started yet)."""
    settings = core.settings
    added = HardwareSources()
    if settings.camera_enabled or settings.camera_video:
        added.camera = CameraSource.from_settings(settings, core.pool, parent=core)
        core.add_source(added.camera)
        follow_session(core, added.camera)
    if settings.serial_port:
        added.serial = SerialScannerSource(SerialConfig.from_settings(settings), parent=core)
        core.add_source(added.serial)
    if settings.watch_folder:
        session = core.session  # not the core: no reference cycle through the source
        added.folder = WatchedFolderSource(
            Path(settings.watch_folder),
            core.pool,
            keep=settings.watch_folder_keep,
            can_deliver=lambda: not session.busy,
            parent=core,
        )
        core.add_source(added.folder)
    return added


def camera_of(core: KioskCore) -> CameraSource | None:
    """The core's camera source, if one was added (for the Ready screen's preview)."""
    return next((s for s in core.sources if isinstance(s, CameraSource)), None)


def follow_session(core: KioskCore, camera: CameraSource) -> None:
    """Tie ``camera`` to the session and the settings: no decoding while a check runs, the
    same card captured again after the wipe, the frame kept of an unread card dropped with the
    customer, and kept only while the picture fallback is on."""
    core.session.stage_changed.connect(camera.follow_session_stage)
    core.session.wiped.connect(camera.reset_capture)
    core.session.scan_loaded.connect(camera.forget_kept_frame)
    core.idle.expired.connect(camera.forget_kept_frame)
    core.settings_applied.connect(camera.follow_settings)
