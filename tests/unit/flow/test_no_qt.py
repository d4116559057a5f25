"""The flow package imports without PySide6: Qt is blocked in a child interpreter."""

from __future__ import annotations

import subprocess
import sys
import textwrap

CHILD = textwrap.dedent(
    """
    import importlib
    import pkgutil
    import sys


    class NoQt:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in {"PySide6", "shiboken6"}:
                raise ImportError(f"blocked: {name}")
            return None


    sys.meta_path.insert(0, NoQt())
    import kiosk_app.flow as flow

    names = [m.name for m in pkgutil.iter_modules(flow.__path__, "kiosk_app.flow.")]
    for name in names:
        importlib.import_module(name)
    qt = sorted(m for m in sys.modules if m.split(".")[0] in {"PySide6", "shiboken6"})
    print(len(names), qt)
    """
)


def test_every_flow_module_imports_with_qt_blocked() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    count, qt = done.stdout.split(" ", 1)
    assert int(count) >= 8 and qt.strip() == "[]"


def test_the_blocker_does_block_qt() -> None:
    child = CHILD.replace("import kiosk_app.flow as flow", "import kiosk_app.app.session")
    done = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode != 0 and "blocked: PySide6" in done.stderr
