"""Hostile-service results on the Result screen: GUI-thread time and memory of showing them.

``python -m kiosk_app.bench hostile_result [--rows 9000] [--message-mb 3.8] [--runs 3]``

A service inside the reply budget can send thousands of field rows or megabytes of message
(9,000 rows took 11 s and 584 MB, a 3.8 MB message 14 s). The reply is parsed in a
worker; this measures what is left on the GUI thread: the real Result screen, offscreen, shown
each result (verdict, then the rows' fill) and laid out and painted once (``grab``). Prints
the time of each run and the process's resident memory growth.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from kiosk_app.api.outcome import ErrorInfo, FieldOutcome, MatchCategory, Outcome
from kiosk_app.flow.models import ResultView
from kiosk_app.kinds import CheckKind, Verdict


def _rss_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def hostile_views(rows: int, message_chars: int) -> dict[str, ResultView]:
    """The two hostile results: many rows, and one huge ``success:false`` message."""
    row = FieldOutcome("FirstName", "Caption", "value", MatchCategory.MATCH, None)
    fields = (row,) * rows
    many = Outcome(CheckKind.SIGNATURE, Verdict.PASSED, 1, "Passed", True, fields)
    huge = Outcome(
        CheckKind.SIGNATURE,
        Verdict.UNDEFINED,
        3,
        "Undefined",
        False,
        error=ErrorInfo("M " * (message_chars // 2), "T" * 64),
    )
    return {
        f"{rows} field rows": ResultView(CheckKind.SIGNATURE, many),
        f"{message_chars / 1e6:.1f} MB message": ResultView(CheckKind.SIGNATURE, huge),
    }


def main(argv: list[str]) -> int:
    """Print the GUI-thread seconds and memory of showing each hostile result."""
    parser = argparse.ArgumentParser(prog="python -m kiosk_app.bench hostile_result")
    parser.add_argument("--rows", type=int, default=9000)
    parser.add_argument("--message-mb", type=float, default=3.8)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from kiosk_app.ui.result_screen import ResultScreen

    app = QApplication.instance() or QApplication([])
    screen = ResultScreen()
    screen.resize(1280, 800)
    screen.show()
    app.processEvents()
    for name, view in hostile_views(args.rows, int(args.message_mb * 1e6)).items():
        before = _rss_mb()
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            screen.show_result(view)
            screen.finish_filling()
            screen.grab()
            app.processEvents()
            times.append(time.perf_counter() - started)
            screen.clear()
        print(
            f"{name}: median {statistics.median(times):.3f} s, longest {max(times):.3f} s "
            f"({args.runs} runs), resident memory +{_rss_mb() - before:.0f} MB"
        )
    screen.close()
    return 0
