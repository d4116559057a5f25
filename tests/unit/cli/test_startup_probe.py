"""The cold-start probe: silent unless asked; reports the first window's first paint once."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication

from kiosk_app.cli import startup_probe
from kiosk_app.cli.startup_probe import FirstWindowProbe, install_startup_probe

MEASURE_STARTUP = Path(__file__).resolve().parents[3] / "packaging" / "measure_startup.py"


class _Window(QObject):
    painted = Signal()


def test_probe_reports_the_first_paint_once(qapp: QApplication) -> None:
    lines: list[str] = []
    window = _Window()
    probe = FirstWindowProbe(report=lines.append)
    probe.report_after(window.painted)
    assert lines == []
    window.painted.emit()
    window.painted.emit()  # a second paint is not the first window again
    assert len(lines) == 1
    assert re.fullmatch(
        rf"{startup_probe.PROBE_PREFIX} \d+ ms since process start \(\d+ ms after Qt import, "
        r"\d+ ms of CPU\)",
        lines[0],
    )
    # packaging/measure_startup.py reads the same line: its CPU time, and its prefix.
    measure = _measure_startup()
    assert lines[0].startswith(measure.PROBE_PREFIX)
    cpu_ms = measure.probe_cpu_ms(lines[0])
    assert cpu_ms is not None and cpu_ms > 0


def _measure_startup() -> ModuleType:
    spec = importlib.util.spec_from_file_location("measure_startup", MEASURE_STARTUP)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_measure_startup_passes_the_gui_its_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gui = tmp_path / "gui"  # a stand-in GUI that reports its arguments in its probe line
    gui.write_text(
        "#!/bin/sh\n"
        'echo "startup-probe: first window shown after 5 ms since process start '
        '(1 ms after Qt import, 3 ms of CPU) args: $*"\n'
    )
    gui.chmod(0o755)
    measure = _measure_startup()
    assert measure.main([str(gui), "--runs", "2", "--", "--kiosk-mode", "--runs"]) == 0
    out = capsys.readouterr().out
    assert "median of 2" in out and "CPU time to the first window: median 3 ms" in out
    assert out.rstrip().endswith("args: --kiosk-mode --runs")
    assert f"(target {measure.TARGET_MS} ms)" in out


def _stand_in(folder: Path, name: str, cpu_ms: int, order: Path) -> str:
    """A GUI stand-in that notes its turn in ``order`` and reports ``cpu_ms`` of CPU."""
    gui = folder / name
    gui.write_text(
        "#!/bin/sh\n"
        f'echo {name} >> "{order}"\n'
        'echo "startup-probe: first window shown after 5 ms since process start '
        f'(1 ms after Qt import, {cpu_ms} ms of CPU)"\n'
    )
    gui.chmod(0o755)
    return str(gui)


def test_measure_startup_alternates_the_executables_it_compares(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    order = tmp_path / "order.txt"
    venv = _stand_in(tmp_path, "venv", 300, order)
    bundle = _stand_in(tmp_path, "bundle", 340, order)
    measure = _measure_startup()
    assert measure.main([venv, bundle, "--runs", "3", "--series", "2"]) == 0
    assert order.read_text().split() == ["venv", "bundle"] * 6  # one run of each in turn
    out = capsys.readouterr().out
    for exe in (venv, bundle):
        assert len(re.findall(rf"  {re.escape(exe)}: median \d+ ms, CPU", out)) == 2
    assert out.count("ms, CPU 300 ms\n") == 3 and out.count("ms, CPU 340 ms\n") == 3
    assert f"over 2 series (target {measure.TARGET_MS} ms):" in out
    assert re.search(rf"  {re.escape(bundle)}: median of the series' medians \d+ ms, "
                     r"slowest series \d+ ms, CPU 340 ms", out)  # fmt: skip
    assert re.search(r"paired difference \(second minus first\): median [+-]\d+ ms", out)


def test_measure_startup_says_which_executable_gave_no_figure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    silent = tmp_path / "silent"
    silent.write_text("#!/bin/sh\nexit 3\n")
    silent.chmod(0o755)
    venv = _stand_in(tmp_path, "venv", 300, tmp_path / "order.txt")
    assert _measure_startup().main([venv, str(silent), "--runs", "1"]) == 1
    assert f"{silent}: no first-window line" in capsys.readouterr().out


def test_probe_is_not_installed_without_the_variable(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(startup_probe.PROBE_ENV, raising=False)
    before = len(startup_probe._installed)
    assert install_startup_probe(qapp, _Window().painted) is None
    assert len(startup_probe._installed) == before


def test_probe_is_installed_with_the_variable(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(startup_probe.PROBE_ENV, "1")
    before = len(startup_probe._installed)
    window = _Window()
    probe = install_startup_probe(qapp, window.painted)
    try:
        assert probe is not None
        assert len(startup_probe._installed) == before + 1
    finally:  # the real probe quits the application: never leave it behind
        window.painted.disconnect()
        startup_probe._installed.pop().deleteLater()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_process_age_is_known_and_positive_on_linux() -> None:
    age = startup_probe.process_age_ms()
    assert age is not None
    assert age > 0
