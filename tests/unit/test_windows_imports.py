"""Nothing in the package imports a POSIX-only module when it is imported on Windows.

Every module of ``kiosk_app`` (the self-test's list) is imported in a child process under a
simulated Windows (``tests/support/simulated_windows.py``):

* first the modules the package pulls in (standard library and dependencies) are imported as
  usual, in the same order, from the list a plain import of the package leaves loaded: they are
  not ours, and their own Windows branches need Windows modules (``msvcrt``, ``_winapi``,
  ``winreg``) that Linux lacks;
* then ``sys.platform`` becomes ``"win32"``, the POSIX-only standard-library modules
  (``POSIX_ONLY_MODULES``: ``resource``, ``fcntl``, ``termios``, ``pwd``, ``grp``, ``posix``,
  ``pty``, ``tty``, ``syslog``, ``crypt``…) leave ``sys.modules`` and a finder first on
  ``sys.meta_path`` refuses them as Windows does ("No module named 'resource'");
* then each ``kiosk_app`` module is imported, and the self-test's modules check is run as
  ``kiosk-app self-test`` runs it.

What it cannot show: ``os.name`` stays ``"posix"`` (``pathlib`` and ``os.path`` are bound to
the POSIX flavour at start-up; faking it breaks ``Path()`` itself, not our code), so import-time
code testing ``os.name`` takes the POSIX branch; ``sys.getwindowsversion``, ``msvcrt`` and the
other Windows-only modules do not exist, so the package must import those lazily too (a
module-level ``import winreg`` fails here although it would work on Windows); the dependencies
are imported under Linux; and nothing is *run*. Windows itself (under Wine) is the other half.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kiosk_app.cli.selftest_checks import kiosk_module_names
from tests.support.simulated_windows import POSIX_ONLY_MODULES

ROOT = Path(__file__).resolve().parents[2]
SAFETY_S = 300  # only so that a broken build cannot hang the suite


def _simulated(request: dict[str, Any], extra_path: Path | None = None) -> dict[str, Any]:
    paths = [str(ROOT)] + ([str(extra_path)] if extra_path else [])
    done = subprocess.run(
        [sys.executable, "-m", "tests.support.simulated_windows"],
        input=json.dumps(request),
        cwd=ROOT,
        env={"PYTHONPATH": ":".join(paths), "QT_QPA_PLATFORM": "offscreen", "PATH": ""},
        capture_output=True,
        text=True,
        timeout=SAFETY_S,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


@pytest.fixture(scope="module")
def windows_import() -> dict[str, Any]:
    modules = kiosk_module_names()
    dependencies = _simulated({"list": modules})["loaded"]
    answer = _simulated({"preload": dependencies, "import": modules, "self_test_modules": True})
    answer["modules"] = modules
    return answer


def test_every_module_of_the_package_imports_on_windows(windows_import: dict[str, Any]) -> None:
    assert windows_import["platform"] == "win32"
    assert windows_import["failed"] == {}
    assert len(windows_import["modules"]) > 100  # the whole package, benchmarks included


def test_the_self_tests_modules_check_passes_on_windows(windows_import: dict[str, Any]) -> None:
    passed, detail = windows_import["self_test"]
    assert passed, detail
    assert detail == f"{len(windows_import['modules'])} modules imported"


@pytest.mark.parametrize("posix_only", POSIX_ONLY_MODULES)
def test_the_simulation_refuses_a_posix_only_import(posix_only: str, tmp_path: Path) -> None:
    """The check can fail: a module importing one of them at the top fails to import, even
    when a dependency loaded it before (``resource`` is, by the test runner itself)."""
    (tmp_path / "posix_user.py").write_text(f"import {posix_only}\n", encoding="utf-8")
    (tmp_path / "lazy_user.py").write_text(
        f"def later():\n    import {posix_only}\n", encoding="utf-8"
    )
    answer = _simulated(
        {"preload": ["resource", "fcntl"], "import": ["posix_user", "lazy_user"]}, tmp_path
    )
    assert answer["failed"] == {
        "posix_user": f"ModuleNotFoundError: No module named '{posix_only}'"
    }
