"""The cold-start probe: silent unless asked; reports the first window once, not its children."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from kiosk_app.cli import startup_probe
from kiosk_app.cli.startup_probe import FirstWindowProbe, install_startup_probe

MEASURE_STARTUP = Path(__file__).resolve().parents[3] / "packaging" / "measure_startup.py"


def test_probe_reports_the_first_window_once(qapp: QApplication, qtbot: QtBot) -> None:
    lines: list[str] = []
    probe = FirstWindowProbe(report=lines.append)
    qapp.installEventFilter(probe)
    try:
        window = QWidget()
        QLabel("child", window)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: len(lines) == 1)
        second = QWidget()
        qtbot.addWidget(second)
        second.show()
        qtbot.wait(50)
    finally:
        qapp.removeEventFilter(probe)
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


def test_probe_is_not_installed_without_the_variable(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(startup_probe.PROBE_ENV, raising=False)
    before = len(startup_probe._installed)
    install_startup_probe(qapp)
    assert len(startup_probe._installed) == before


def test_probe_is_installed_with_the_variable(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(startup_probe.PROBE_ENV, "1")
    before = len(startup_probe._installed)
    install_startup_probe(qapp)
    try:
        assert len(startup_probe._installed) == before + 1
    finally:  # the real probe quits the application: never leave it behind
        qapp.removeEventFilter(startup_probe._installed.pop())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_process_age_is_known_and_positive_on_linux() -> None:
    age = startup_probe.process_age_ms()
    assert age is not None
    assert age > 0
