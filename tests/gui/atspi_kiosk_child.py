"""Child process of ``test_atspi.py``: the real kiosk window on an X server, with Qt's AT-SPI
bridge on, running one demo sample to its Result screen, then waiting to be read.

Run as ``python -m tests.gui.atspi_kiosk_child SAMPLE`` with ``DISPLAY``,
``QT_QPA_PLATFORM=xcb``, ``QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1`` and a session D-Bus (the
reader starts it so). The sample starts ``START_DELAY_MS`` after the window shows, so the
reader is listening before the verdict is announced. Prints ``result`` once the Result screen
is filled, and quits when its standard input closes (or after ``LIFETIME_S``).
"""

from __future__ import annotations

import sys
import threading

from PySide6.QtCore import QTimer

from kiosk_app.flow.stages import Stage
from kiosk_app.simulator.known_pictures import demo_samples
from kiosk_app.simulator.server import start_simulator
from kiosk_app.ui.launch import application, build_window
from tests.support.gui import make_settings

START_DELAY_MS = 1500
LIFETIME_S = 120
WINDOW_SIZE = (1280, 800)


def main() -> int:
    sample = sys.argv[1]
    simulator = start_simulator(port=0)
    app = application()
    settings = make_settings(simulator.base_url, camera_enabled=False, sounds=False)
    window = build_window(settings, samples=dict(demo_samples()))
    window.resize(*WINDOW_SIZE)
    window.show()
    window.core.start()
    session = window.session

    def settled() -> None:
        if session.stage is Stage.RESULT and not session.busy and not window.result.filling:
            print("result", flush=True)
        else:
            QTimer.singleShot(100, settled)

    def start() -> None:
        session.try_sample(sample)
        QTimer.singleShot(100, settled)

    def finish() -> None:
        window.core.shutdown()
        app.quit()

    # The reader closes our standard input when it is done.
    closed = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), closed.set()), daemon=True).start()

    def watch_stdin() -> None:
        if closed.is_set():
            finish()
        else:
            QTimer.singleShot(100, watch_stdin)

    QTimer.singleShot(START_DELAY_MS, start)
    QTimer.singleShot(100, watch_stdin)
    QTimer.singleShot(LIFETIME_S * 1000, finish)
    app.exec()
    simulator.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
