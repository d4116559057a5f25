"""Child process of ``test_verdict_xvfb.py``: the real kiosk window on an X server, reading
cards from its watched folder with the check run on every scan.

Run as ``python -m tests.gui.xvfb_verdict_child SPEC`` with ``DISPLAY``, ``QT_QPA_PLATFORM=xcb``
and the kiosk's config/data/log folders set; the settings come from the environment too (the
test sets ``KIOSK_MINIMUM_AGE``). SPEC is a JSON object: ``folder`` (watched), ``outdir``
(screenshots) and ``steps``, each ``{"file": picture, "until": "result" | "ready", "shot":
name}`` and optionally ``"new_customer": true``: the clerk's wipe first (as between two
customers: nothing of the one before stays on screen), then the picture is copied into the
folder, the flow settles on that screen, every text the clerk can see is recorded and the window
saved as ``outdir/shot``. Prints one JSON line.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from kiosk_app.app.capture.hardware import add_hardware_sources
from kiosk_app.flow.stages import Stage
from kiosk_app.simulator.server import start_simulator
from kiosk_app.ui.launch import build_window
from tests.support.gui import make_settings, shown_texts

STEP_TIMEOUT_S = 60.0
SETTLE_MS = 400
WINDOW_SIZE = (1280, 800)


def main() -> int:
    spec: dict[str, Any] = json.loads(sys.argv[1])
    folder, outdir = Path(spec["folder"]), Path(spec["outdir"])
    simulator = start_simulator(port=0)
    app = QApplication([])
    settings = make_settings(
        simulator.base_url,
        auto_check_on_scan=True,
        camera_enabled=False,
        sounds=False,
        watch_folder=str(folder),
    )
    window = build_window(settings)
    add_hardware_sources(window.core)
    window.resize(*WINDOW_SIZE)
    window.show()
    window.core.start()
    session = window.session
    report: dict[str, Any] = {"minimum_age": settings.minimum_age, "steps": []}
    steps = list(spec["steps"])
    state: dict[str, Any] = {"started": 0.0, "step": None}

    def next_step() -> None:
        if not steps:
            finish()
            return
        step = state["step"] = steps.pop(0)
        if step.get("new_customer"):
            session.wipe()
        state["started"] = time.monotonic()
        source = Path(step["file"])
        shutil.copyfile(source, folder / f"{len(report['steps'])}-{source.name}")
        QTimer.singleShot(200, wait)

    def settled(until: Stage) -> bool:
        return (
            session.stage is until
            and not session.busy
            and not window.result.filling
            and session.has_scan
            and not any(folder.glob("*.png"))  # the folder source took the picture
        )

    def wait() -> None:
        step = state["step"]
        if settled(Stage(step["until"])):
            QTimer.singleShot(SETTLE_MS, record)
        elif time.monotonic() - state["started"] > STEP_TIMEOUT_S:
            report["error"] = f"{step['shot']}: stuck on {session.stage.value}"
            finish()
        else:
            QTimer.singleShot(100, wait)

    def record() -> None:
        step = state["step"]
        banner = window.result.banner
        on_result = session.stage is Stage.RESULT
        report["steps"].append(
            {
                "shot": step["shot"],
                "stage": session.stage.value,
                "title": banner.title.text() if on_result else "",
                "reason": banner.reason.text() if on_result else "",
                "look": str(banner.property("verdict")) if on_result else "",
                "ready_title": window.ready.age_banner.title.text(),
                "texts": shown_texts(window),
            }
        )
        window.grab().save(str(outdir / step["shot"]), "PNG")
        next_step()

    def finish() -> None:
        window.core.shutdown()
        app.quit()

    QTimer.singleShot(300, next_step)
    app.exec()
    simulator.stop()
    print(json.dumps(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
