"""Child process of ``test_wedge_x11.py``: the real kiosk window on an X server, scanned by
``xdotool`` the way a USB keyboard-wedge scanner types.

Run with ``DISPLAY`` and ``QT_QPA_PLATFORM=xcb`` set and the kiosk's config/data/log folders
pointing at a temporary directory. Arguments: a JSON object (see ``main``; ``stall_after_keys``
and ``stall_ms`` block the GUI thread once mid-scan). The child builds the
window with ``launch.build_window`` against an embedded simulator, puts the focus where asked
(Ready screen, Canadian form, PIN pad, settings), runs the xdotool script once the focus is
there, waits for the session to settle, and prints one JSON line with what happened.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from typing import Any

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QGuiApplication, QWindow
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from kiosk_app.config import Settings
from kiosk_app.flow.models import CanadaFormData
from kiosk_app.flow.stages import Stage
from kiosk_app.simulator.server import start_simulator
from kiosk_app.ui.launch import build_window
from tests.support.processes import as_hardware

SETTLE_TIMEOUT_S = 60.0
FOCUS_TIMEOUT_S = 20.0


class GuiStall(QObject):
    """Blocks the GUI thread ``ms`` once, at the ``after_keys``-th key press of the scan (as a
    busy event loop would: the scanner goes on typing, the X server queues its keys)."""

    def __init__(self, after_keys: int, ms: float) -> None:
        super().__init__()
        self.after_keys = after_keys
        self.ms = ms
        self.presses = 0
        self.stalled = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(watched, QWindow):
            self.presses += 1
            if self.presses == self.after_keys:
                time.sleep(self.ms / 1000.0)
                self.stalled = True
        return False


def main() -> int:
    spec: dict[str, Any] = json.loads(sys.argv[1])
    simulator = start_simulator(port=0)
    app = QApplication([])
    settings = Settings(
        base_url=simulator.base_url,
        dvs_url=simulator.base_url,
        parse_url=simulator.base_url,
        api_token="test",
        auth_key="test",
        auto_check_on_scan=spec["auto"],
        default_check=spec.get("default_check", "dvs-parse"),
        camera_enabled=False,
        sounds=False,
    )
    window = build_window(settings)
    window.resize(1280, 800)
    window.show()
    window.activateWindow()
    window.core.start()
    session = window.session
    report: dict[str, Any] = {"submitted": 0, "results": []}
    window.canada_form.submitted.connect(lambda _data: report.__setitem__("submitted", 1))
    session.result_ready.connect(lambda view: report["results"].append(view.check.value))
    focus: dict[str, QWidget | None] = {"widget": None}
    started = time.monotonic()
    requests_before = [0]

    def place_focus() -> None:
        where = spec["where"]
        kiosk = window.kiosk  # type: ignore[attr-defined]
        if where == "form":
            session.open_canada_form(CanadaFormData("T1234-56789-01234", "1980-01-02", "ON", "G"))
            focus["widget"] = window.canada_form.licence_number
        elif where == "pin-pad":
            kiosk.open_admin()
            focus["widget"] = kiosk.pin_pad
        elif where == "settings":
            kiosk.open_settings()
            edits = kiosk.settings_dialog.findChildren(QLineEdit)
            focus["widget"] = next(e for e in edits if e.isVisible() and e.isEnabled())
        else:
            focus["widget"] = window  # the Ready screen: whatever widget has the focus there
        give_focus()
        QTimer.singleShot(50, wait_for_focus)

    def give_focus() -> None:
        # No window manager on Xvfb: ask the X server for the input focus directly.
        target = focus["widget"]
        assert target is not None
        top = target.window()
        subprocess.run(["xdotool", "windowfocus", str(int(top.winId()))], check=False, timeout=10)
        top.activateWindow()
        target.setFocus()

    def wait_for_focus() -> None:
        target = focus["widget"]
        assert target is not None
        handle = target.window().windowHandle()
        if QGuiApplication.focusWindow() is handle and (
            QApplication.focusWidget() is target
            or (isinstance(target, QWidget) and target.isWindow())
        ):
            report["focus"] = type(target).__name__
            requests_before[0] = simulator.request_count
            threading.Thread(target=type_scan, daemon=True).start()
            QTimer.singleShot(200, settle)
        elif time.monotonic() - started > FOCUS_TIMEOUT_S:
            report["error"] = "focus never reached the target"
            app.quit()
        else:
            give_focus()
            QTimer.singleShot(100, wait_for_focus)

    typed = threading.Event()

    def type_scan() -> None:
        subprocess.run(as_hardware(["xdotool", spec["script"]]), check=True, timeout=120)
        typed.set()

    def settle() -> None:
        done = typed.is_set() and session.has_scan and not session.busy
        if done or time.monotonic() - started > SETTLE_TIMEOUT_S:
            QTimer.singleShot(300, finish)  # a moment for any stray key to show
        else:
            QTimer.singleShot(100, settle)

    def finish() -> None:
        field = window.canada_form.licence_number.text()
        report.update(
            stage=session.stage.value,
            has_scan=session.has_scan,
            byte_exact=session.scan_byte_exact,
            verdict=window.result.banner.title.text() if session.stage is Stage.RESULT else "",
            requests=simulator.request_count - requests_before[0],
            form_field=field,
            wedge_status=window.core.wedge.status,
            keys=window.core.wedge.raw_detail()[:200],
        )
        settings_dialog = window.kiosk.settings_dialog  # type: ignore[attr-defined]
        if settings_dialog is not None:
            report["settings_text"] = [e.text() for e in settings_dialog.findChildren(QLineEdit)]
        pad = window.kiosk.pin_pad  # type: ignore[attr-defined]
        if pad is not None:
            report["pad_entry"] = len(pad._entry)
        window.kiosk.close_admin_screens()  # type: ignore[attr-defined]
        window.core.shutdown()
        app.quit()

    stall = GuiStall(int(spec.get("stall_after_keys", 0)), float(spec.get("stall_ms", 0)))
    if stall.after_keys:
        app.installEventFilter(stall)
    QTimer.singleShot(300, place_focus)
    app.exec()
    report["stalled"] = stall.stalled
    simulator.stop()
    print(json.dumps(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
