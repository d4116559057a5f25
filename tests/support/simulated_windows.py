"""Import modules as if on Windows, on Linux: ``python -m tests.support.simulated_windows``.

Run in a child process (it changes ``sys.platform`` for good). It reads a JSON request on
stdin and prints a JSON answer on stdout:

* ``{"list": [modules]}``: import the modules normally and answer every module then loaded
  that is not under ``kiosk_app`` (the dependencies, standard library included);
* ``{"preload": [modules], "import": [modules], "self_test_modules": bool}``: import
  ``preload`` normally (failures ignored), then simulate Windows (:func:`simulate_windows`)
  and import each of ``import``; answer ``{"failed": {module: "Type: message"}}`` and, when
  asked, what the self-test's modules check says (``{"self_test": [passed, detail]}``).

What the simulation is, and is not, is said in ``tests/unit/test_windows_imports.py``.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import json
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Final

# Standard-library modules that exist only on POSIX systems (CPython's Windows build has none
# of them); a top-level package name refuses its submodules too.
POSIX_ONLY_MODULES: Final = (
    "_posixshmem",
    "_posixsubprocess",
    "crypt",
    "curses",
    "fcntl",
    "grp",
    "nis",
    "ossaudiodev",
    "posix",
    "pty",
    "pwd",
    "readline",
    "resource",
    "spwd",
    "syslog",
    "termios",
    "tty",
)


class RefusePosixOnly(importlib.abc.MetaPathFinder):
    """A finder first on ``sys.meta_path`` that answers a POSIX-only module as Windows does."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """Raise for a POSIX-only module; leave every other one to the usual finders."""
        if fullname.partition(".")[0] in POSIX_ONLY_MODULES:
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)
        return None


def simulate_windows() -> None:
    """From now on: ``sys.platform`` is ``"win32"`` and POSIX-only modules cannot be imported
    (also those already loaded: they leave ``sys.modules``; who holds them keeps them)."""
    for name in list(sys.modules):
        if name.partition(".")[0] in POSIX_ONLY_MODULES:
            del sys.modules[name]
    sys.meta_path.insert(0, RefusePosixOnly())
    sys.platform = "win32"


def _import_each(names: Sequence[str]) -> dict[str, str]:
    failed = {}
    for name in names:
        try:
            importlib.import_module(name)
        except (Exception, SystemExit) as exc:
            failed[name] = f"{type(exc).__name__}: {exc}"
    return failed


def _answer(request: dict[str, Any]) -> dict[str, Any]:
    if "list" in request:
        _import_each(request["list"])
        loaded = sorted(
            name for name in sys.modules if not name.startswith(("kiosk_app", "tests", "__"))
        )
        return {"loaded": loaded}
    _import_each(request["preload"])
    simulate_windows()
    answer: dict[str, Any] = {"failed": _import_each(request["import"])}
    if request.get("self_test_modules"):
        from kiosk_app.cli.selftest_checks import Check, check_modules, run_check

        result = run_check(Check("modules", check_modules))
        answer["self_test"] = [result.passed, result.detail]
    answer["platform"] = sys.platform
    return answer


if __name__ == "__main__":
    print(json.dumps(_answer(json.load(sys.stdin))))
