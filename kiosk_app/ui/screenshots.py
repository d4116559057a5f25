"""``kiosk-app screenshots OUTDIR``: drive the real window through demo samples, one PNG per state.

Every picture comes from the real flow (workers, HTTP to the embedded simulator, real decoder);
only the simulator's fault switch is used to show the Working and Error screens.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QWidget

from kiosk_app.app.watchlist_admin import WatchlistAdmin
from kiosk_app.flow.compliance import keep_row, record_row
from kiosk_app.flow.models import ResultView
from kiosk_app.flow.planning import SIGNATURE_NEEDS_EXACT
from kiosk_app.flow.stages import Stage
from kiosk_app.flow.verdict_table import shown_verdict
from kiosk_app.simulator.known_pictures import defocused_png
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.storage.compliance import DB_FILE_NAME, ComplianceRecord
from kiosk_app.ui.admin.watchlist_dialog import WatchlistDialog
from kiosk_app.ui.launch import spin_until
from kiosk_app.ui.main_window import MainWindow

SIZE = (1280, 800)
SHOTS = (
    "ready.png",
    "working.png",
    "canada-form.png",
    "result-signature-valid.png",
    "result-signature-revoked.png",
    "result-parse.png",
    "result-canada-passed.png",
    "result-canada-flagged.png",
    "result-canada-failed.png",
    "result-undefined.png",
    "error-service.png",
    "error-unreadable.png",
    "result-under-21.png",
    "ready-repeat-expired.png",
    "error-picture-fallback.png",
    "result-picture-read.png",
    "admin-record-export.png",
    "admin-watchlist.png",
    "listed-banner.png",
)
# The desk's minimum age of the under-21 screenshot (the demo's signature-young card).
SCREENSHOT_MINIMUM_AGE = 21
# The wait before each shot, for layouts and the stylesheet to settle before the grab.
SHOT_PAUSE_S = 0.15

FaultSwitch = Callable[..., None]
"""``set_faults(latency_s=..., http_status=...)`` of the embedded simulator."""


class ScreenshotError(RuntimeError):
    """The flow did not reach the state a screenshot needs."""


def blank_picture_png() -> bytes:
    """A plain white picture (no barcode) for the "unreadable" screenshot."""
    image = QImage(640, 400, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # the str form works at runtime
    buffer.close()
    return bytes(data.data())


def compact_png(path: Path, colours: int = 64) -> None:
    """Re-save a screenshot with a small palette (flat UI colours: about a third the size)."""
    from PIL import Image

    with Image.open(path, formats=("PNG",)) as image:
        palette = image.convert("RGB").quantize(
            colors=colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
    palette.save(path, optimize=True)


Visit = Callable[[str], Path | None]
"""Called in each state with the state's file name (the default writes the PNG)."""


class ScreenshotDriver:
    """Walks the window through each state and saves it (or hands it to ``visit``).

    ``extra_states`` adds states that have no screenshot of their own (the Ready screen
    holding a read licence), for the layout tests.
    """

    def __init__(
        self,
        window: MainWindow,
        set_faults: FaultSwitch,
        outdir: Path,
        size: tuple[int, int] = SIZE,
        visit: Visit | None = None,
        extra_states: bool = False,
        pause_s: float = SHOT_PAUSE_S,
    ) -> None:
        """``pause_s``: the wait before each shot; a ``visit`` that lays the window out
        itself (the layout tests) needs none."""
        self.window = window
        self.session = window.session
        self.set_faults = set_faults
        self.outdir = outdir
        self.size = size
        self.visit = visit or self._write
        self.extra_states = extra_states
        self.pause_s = pause_s
        # The results shown in this run (for the compliance record's screenshot); and the
        # admin dialog to grab instead of the window, while one is shot.
        self._shown: list[ResultView] = []
        self.session.result_ready.connect(self._shown.append)
        self._dialog: QWidget | None = None

    def run(self) -> list[Path]:
        """Write every PNG of SHOTS; returns their paths."""
        self.outdir.mkdir(parents=True, exist_ok=True)
        self.window.resize(*self.size)
        self.window.show()
        self.window.core.start()
        written = [self._shoot("ready.png")]
        if self.extra_states:
            written.append(self._ready_with_licence())
            written.append(self._ready_under_age())
            written.append(self._ready_repaired())
        written.append(self._working())
        self._sample("canada-passed")
        self._wait_stage(Stage.CANADA_FORM)
        written.append(self._shoot("canada-form.png"))
        self.session.wipe()
        for key, name in (
            ("signature-valid", "result-signature-valid.png"),
            ("signature-revoked", "result-signature-revoked.png"),
            ("dvs-parse", "result-parse.png"),
        ):
            written.append(self._result_of(key, name))
        for key, name in (
            ("canada-passed", "result-canada-passed.png"),
            ("canada-flagged", "result-canada-flagged.png"),
            ("canada-failed", "result-canada-failed.png"),
            ("canada-undefined", "result-undefined.png"),
        ):
            written.append(self._canada_result_of(key, name))
        written.append(self._service_error())
        written.append(self._unreadable())
        written.append(self._under_age())
        written.append(self._repeat_of_expired())
        written.extend(self._picture_fallback())
        written.append(self._record_export())
        written.extend(self._watchlist())
        return written

    def _record_export(self) -> Path:
        """The admin's compliance record tab after exporting this run's checks: a record of
        them in a temporary folder (the screenshots write nothing to the desk's own)."""
        from kiosk_app.app.admin import AdminServices
        from kiosk_app.ui.admin.settings_dialog import SettingsDialog

        settings = self.session.settings.model_copy(update={"compliance_record": True})
        with tempfile.TemporaryDirectory() as folder:
            record = ComplianceRecord(Path(folder) / DB_FILE_NAME)
            services = AdminServices(record=record, parent=self.window)
            dialog = SettingsDialog(settings, services, parent=self.window)
            try:
                for view in self._shown:
                    keep_row(record, record_row(view, shown_verdict(view), settings), 1)
                dialog.tabs.setCurrentWidget(dialog.record_scroll)
                # Drawn inside the window, over the whole of it, rather than as a window of
                # its own (the offscreen platform warns about a dialog's size hints).
                dialog.setWindowFlags(Qt.WindowType.Widget)
                dialog.setGeometry(self.window.rect())
                dialog.show()
                exported: list[int] = []
                dialog.record.exported.connect(exported.append)
                dialog.record.export_to(Path(folder) / "today.csv", "csv")
                if not spin_until(lambda: bool(exported), 30):
                    raise ScreenshotError("the compliance record was not exported")
                self._dialog = dialog
                return self._shoot("admin-record-export.png")
            finally:
                self._dialog = None
                dialog.close()
                services.shutdown()
                record.close()
                dialog.deleteLater()
                services.deleteLater()

    def _watchlist(self) -> list[Path]:
        """The admin puts the sample customer on screen on the watchlist (the demo's list, in
        memory), then the same card read again: the banner before any check. The entry is
        taken off again afterwards."""
        window = self.window
        self.session.submit_payload(SAMPLES_BY_KEY["signature-valid"].payload)
        self._wait_stage(Stage.READY)
        admin = WatchlistAdmin(window.core.watchlist, self.session, window.core.pool)
        dialog = WatchlistDialog(admin, parent=window)
        try:
            # Drawn inside the window, over the whole of it (as the record's tab above).
            dialog.setWindowFlags(Qt.WindowType.Widget)
            dialog.setGeometry(window.rect())
            dialog.show()
            dialog.note.setText(QCoreApplication.translate("Screenshots", "Shouted at the staff"))
            dialog.add_present()
            if not spin_until(lambda: dialog.table.rowCount() == 1, 30):
                raise ScreenshotError("the customer was not added to the watchlist")
            self._dialog = dialog
            admin_shot = self._shoot("admin-watchlist.png")
        finally:
            self._dialog = None
            dialog.close()
            dialog.deleteLater()
        self.session.wipe()
        self.session.submit_payload(SAMPLES_BY_KEY["signature-valid"].payload)
        self._wait_stage(Stage.LISTED)
        banner = self._shoot("listed-banner.png")
        found = admin.present()
        if found is not None:
            window.core.watchlist.remove_matching(found)
        self.session.wipe()
        return [admin_shot, banner]

    def _picture_fallback(self) -> list[Path]:
        """A picture out of focus: the offer to let the service read it, then its answer
        (the fallback turned on for the shots, as the admin screen turns it on, then off)."""
        core = self.window.core
        before = core.settings
        core.apply_settings(before.model_copy(update={"picture_fallback": "document-verification"}))
        try:
            self.session.submit_image(defocused_png(SAMPLES_BY_KEY["dvs-parse"]))
            self._wait_stage(Stage.ERROR)
            offer = self._shoot("error-picture-fallback.png")
            if not self.session.read_by_service():
                raise ScreenshotError("the picture fallback was not offered")
            self._wait_stage(Stage.RESULT)
            answer = self._shoot("result-picture-read.png")
            self.session.wipe()
        finally:
            core.apply_settings(before)
        return [offer, answer]

    def _under_age(self) -> Path:
        """A validly signed card of a customer under the desk's minimum age (set for the shot,
        as the admin screen sets it, then put back)."""
        core = self.window.core
        before = core.settings
        core.apply_settings(before.model_copy(update={"minimum_age": SCREENSHOT_MINIMUM_AGE}))
        try:
            path = self._result_of("signature-young", "result-under-21.png")
        finally:
            core.apply_settings(before)
        return path

    def _repeat_of_expired(self) -> Path:
        """An expired card checked, another card, then the expired card again: the Ready
        screen quotes the banner it had."""
        self._sample("signature-expired")
        self._wait_stage(Stage.RESULT)
        self.session.wipe()
        self.session.submit_payload(SAMPLES_BY_KEY["dvs-parse"].payload)
        self._wait_stage(Stage.READY)
        self.session.wipe()
        self.session.submit_payload(SAMPLES_BY_KEY["signature-expired"].payload)
        if not spin_until(lambda: self.window.ready.routing_panel.earlier_box.isVisible(), 30):
            raise ScreenshotError("the repeat of the expired card was not shown")
        self._wait_stage(Stage.READY)
        path = self._shoot("ready-repeat-expired.png")
        self.session.wipe()
        return path

    def _working(self) -> Path:
        self.set_faults(latency_s=1.0)
        try:
            self._sample("signature-valid")
            if not spin_until(lambda: "signature" in self.window.working.task.text().lower()):
                raise ScreenshotError("the check did not start")
            path = self._shoot("working.png")
            self.session.cancel()
            self._wait_idle()
        finally:
            self.set_faults()
        self.session.wipe()
        return path

    def _ready_with_licence(self) -> Path:
        self.session.submit_payload(SAMPLES_BY_KEY["signature-valid"].payload)
        if not spin_until(lambda: self.window.ready.panel.isVisible() and not self.session.busy):
            raise ScreenshotError("the sample was not read")
        path = self._shoot("ready-licence.png")
        self.session.wipe()
        return path

    def _ready_repaired(self) -> Path:
        """A scan the wedge repaired: the signature check refused, its notice under the
        screens and the repair hint, with the licence read beside them."""
        self.session.submit_repaired_payload(SAMPLES_BY_KEY["signature-valid"].payload)
        self._wait_stage(Stage.READY)
        self.window.show_notice(SIGNATURE_NEEDS_EXACT)
        path = self._shoot("ready-repaired.png")
        self.session.wipe()
        return path

    def _ready_under_age(self) -> Path:
        core = self.window.core
        before = core.settings
        core.apply_settings(before.model_copy(update={"minimum_age": SCREENSHOT_MINIMUM_AGE}))
        try:
            self.session.submit_payload(SAMPLES_BY_KEY["signature-young"].payload)
            if not spin_until(lambda: self.window.ready.age_banner.isVisible()):
                raise ScreenshotError("the under-age banner was not shown on Ready")
            path = self._shoot("ready-under-21.png")
            self.session.wipe()
        finally:
            core.apply_settings(before)
        return path

    def _result_of(self, key: str, name: str) -> Path:
        self._sample(key)
        self._wait_stage(Stage.RESULT)
        path = self._shoot(name)
        self.session.wipe()
        return path

    def _canada_result_of(self, key: str, name: str) -> Path:
        self._sample(key)
        self._wait_stage(Stage.CANADA_FORM)
        self.window.canada_form.submit()
        self._wait_stage(Stage.RESULT)
        path = self._shoot(name)
        self.session.wipe()
        return path

    def _service_error(self) -> Path:
        self.set_faults(http_status=500)
        try:
            # A card not checked earlier in the walk: a repeat of a billed check asks first.
            self._sample("signature-tampered")
            self._wait_stage(Stage.ERROR)
        finally:
            self.set_faults()
        path = self._shoot("error-service.png")
        self.session.wipe()
        return path

    def _unreadable(self) -> Path:
        self.window.core.files.image_captured.emit(blank_picture_png())
        self._wait_stage(Stage.ERROR)
        path = self._shoot("error-unreadable.png")
        self.session.wipe()
        return path

    def _sample(self, key: str) -> None:
        if not self.session.try_sample(key):
            raise ScreenshotError(f"sample {key} was refused")

    def _wait_stage(self, stage: Stage) -> None:
        if not spin_until(
            lambda: (
                self.session.stage is stage
                and not self.session.busy
                and not self.window.result.filling
            ),
            30,
        ):
            raise ScreenshotError(f"the flow did not reach {stage.value}")

    def _wait_idle(self) -> None:
        if not spin_until(self.window.core.pool.is_idle, 30):
            raise ScreenshotError("a worker did not finish")

    def _shoot(self, name: str) -> Path:
        if self.pause_s:
            spin_until(lambda: False, self.pause_s)
        return self.visit(name) or self.outdir / name

    def _write(self, name: str) -> Path:
        path = self.outdir / name
        if not (self._dialog or self.window).grab().save(str(path), "PNG"):
            raise ScreenshotError(f"could not write {path}")
        compact_png(path)
        return path


def simulator_faults(simulator: Any) -> FaultSwitch:
    """The fault switch of an embedded simulator."""
    from kiosk_app.simulator.faults import Faults

    def set_faults(**kwargs: Any) -> None:
        simulator.set_faults(Faults(**kwargs))

    return set_faults


def take_screenshots(
    window: MainWindow, simulator: Any, outdir: Path, size: tuple[int, int] = SIZE
) -> list[Path]:
    """Drive ``window`` (built in demo mode against ``simulator``) and write the PNGs."""
    return ScreenshotDriver(window, simulator_faults(simulator), outdir, size).run()
