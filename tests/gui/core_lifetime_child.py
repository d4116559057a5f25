"""Child process of ``test_core_lifetime.py``: the kiosk window built the way the app builds it,
let go, then the cyclic collector run on a thread that is not the GUI thread.

Argument: ``app`` (the window closed and run to its end by ``launch.run_window``, as
``kiosk-app`` does) or ``dropped`` (the window deleted on the GUI thread while its core still
runs, as a test fixture deletes it). The core's last reference is left in a reference cycle
and its minute-long metrics timer is shortened to 20 ms, so a core freed off the GUI thread
shows within the run: its timer stays registered with the GUI thread's dispatcher and fires at
freed memory (SIGSEGV). Prints one JSON line: the threads the core and the window were
destroyed on.
"""

from __future__ import annotations

import gc
import json
import sys
import threading

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer

from kiosk_app.ui.launch import application, build_window, run_window, spin_until
from tests.support.gui import make_settings

SHORT_TIMER_MS = 20
SPIN_S = 0.5


def _record_destruction(obj: QObject, name: str, seen: dict[str, str]) -> None:
    def record() -> None:
        seen[name] = threading.current_thread().name

    # Direct: recorded on the thread that runs the destructor, not queued to this one.
    obj.destroyed.connect(record, Qt.ConnectionType.DirectConnection)


def main() -> int:
    scenario = sys.argv[1]
    application()
    # Nothing is sent: no card is read in this run.
    settings = make_settings("https://127.0.0.1:9", camera_enabled=False, sounds=False)
    seen: dict[str, str] = {}
    window = build_window(settings)
    core = window.core
    _record_destruction(core, "core", seen)
    _record_destruction(window, "window", seen)
    cycle: list[object] = [core]
    cycle.append(cycle)  # the core's last reference, in a cycle: only the collector frees it
    core.session.metrics.timer.start(SHORT_TIMER_MS)  # the core's running timer, made short
    if scenario == "app":
        QTimer.singleShot(200, window.close)
        run_window(window)
    else:
        window.show()
        core.start()
        spin_until(lambda: False, timeout_s=0.2)
        window.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    del window, core, cycle
    collector = threading.Thread(target=gc.collect, name="collector")
    collector.start()
    collector.join()
    spin_until(lambda: False, timeout_s=SPIN_S)  # a timer of a freed core would fire here
    print(json.dumps(seen), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
