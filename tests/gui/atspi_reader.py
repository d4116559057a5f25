"""A screen reader's view of the kiosk, through AT-SPI: run by ``test_atspi.py`` under
Debian's own Python (``/usr/bin/python3`` with python3-pyatspi), as Orca would be, inside the
same session D-Bus as the kiosk.

``atspi_reader.py KIOSK_PYTHON SAMPLE``: listens for AT-SPI announcements, starts the kiosk
(``KIOSK_PYTHON -m tests.gui.atspi_kiosk_child SAMPLE``), and once the Result screen is filled
reads the kiosk's accessible tree. Prints one JSON object: the announcements heard, the tree
(one line per accessible: indent, role, name, description), and errors.

This file runs under the system Python, not the project's: it imports pyatspi and gi, never
kiosk_app.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from typing import Any

import pyatspi  # type: ignore[import-not-found]
from gi.repository import GLib  # type: ignore[import-not-found]

APP_NAME = "kiosk-app"
TIMEOUT_S = 90
SETTLE_MS = 800
MAX_DEPTH = 40
# Roles a screen reader skips over (containers without a name of their own).
FILLERS = {"filler", "panel", "unknown"}


def describe(node: Any, depth: int, lines: list[str]) -> None:
    """One line per accessible that is showing, then its children."""
    if depth > MAX_DEPTH:
        return
    states = node.getState()
    if not states.contains(pyatspi.STATE_SHOWING):
        return
    role = node.getRoleName()
    name = node.name or ""
    description = node.description or ""
    if name or description or role not in FILLERS:
        text = f"{'  ' * depth}[{role}] {name!r}"
        if description:
            text += f" ({description!r})"
        if states.contains(pyatspi.STATE_FOCUSED):
            text += " *focused*"
        lines.append(text)
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            describe(child, depth + 1, lines)


def find_app() -> Any:
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == APP_NAME:
            return app
    return None


def main() -> int:
    kiosk_python, sample = sys.argv[1], sys.argv[2]
    report: dict[str, Any] = {"announcements": [], "tree": [], "errors": []}
    state = {"result": False}

    def heard(event: Any) -> None:
        text = event.any_data if isinstance(event.any_data, str) else str(event.any_data)
        report["announcements"].append(text)

    pyatspi.Registry.registerEventListener(heard, "object:announcement")
    child = subprocess.Popen(
        [kiosk_python, "-m", "tests.gui.atspi_kiosk_child", sample],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )

    def read_child() -> None:
        assert child.stdout is not None
        for line in child.stdout:
            if line.strip() == "result":
                state["result"] = True

    threading.Thread(target=read_child, daemon=True).start()

    def poll() -> bool:
        if state["result"]:
            GLib.timeout_add(SETTLE_MS, read_tree)
            return False
        if child.poll() is not None:
            report["errors"].append(f"the kiosk ended early ({child.returncode})")
            pyatspi.Registry.stop()
            return False
        return True

    def read_tree() -> bool:
        app = find_app()
        if app is None:
            report["errors"].append("the kiosk is not on the AT-SPI desktop")
        else:
            describe(app, 0, report["tree"])
        pyatspi.Registry.stop()
        return False

    def give_up() -> bool:
        report["errors"].append("timed out")
        pyatspi.Registry.stop()
        return False

    GLib.timeout_add(100, poll)
    GLib.timeout_add_seconds(TIMEOUT_S, give_up)
    pyatspi.Registry.start()
    if child.stdin is not None:
        child.stdin.close()
    try:
        child.wait(30)
    except subprocess.TimeoutExpired:
        child.kill()
        report["errors"].append("the kiosk did not quit")
    print(json.dumps(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
