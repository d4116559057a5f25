"""The hardware sources plugged into the real kiosk core: scans reach the session's flow.

A serial scan (pty) and a file in the watched folder end as a parsed licence in the session;
the camera stops decoding while a check runs; nothing is added that the settings do not enable.
"""

from __future__ import annotations

import gc
import io
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from PySide6.QtCore import QCoreApplication, QEvent
from pytestqt.qtbot import QtBot

from kiosk_app.app.capture.hardware import add_hardware_sources, camera_of
from kiosk_app.app.kiosk import KioskCore
from kiosk_app.flow.stages import Stage
from tests.support.capture import aamva_payload, card_scene
from tests.support.gui import make_backend, make_settings


@pytest.fixture
def pty_link(tmp_path: Path) -> Iterator[tuple[Path, int]]:
    master, slave = os.openpty()
    link = tmp_path / "ttyKIOSK"
    link.symlink_to(os.ttyname(slave))
    yield link, master
    os.close(master)
    os.close(slave)


@pytest.fixture
def cores() -> Iterator[list[KioskCore]]:
    """Cores made by a test, shut down and deleted at its end.

    Deleted here, not whenever Python's garbage collector gets to them: a core collected in the
    middle of a later test's event loop takes its socket notifiers (serial port, folder
    watcher) with it while GLib is iterating them.
    """
    made: list[KioskCore] = []
    yield made
    for core in made:
        core.shutdown()
        core.deleteLater()
    made.clear()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()  # drop the wrappers of what was deleted (the worker guard lists live pools)


def make_core(cores: list[KioskCore], simulator: Any, **overrides: Any) -> KioskCore:
    settings = make_settings(simulator.base_url, **overrides)
    core = KioskCore(settings, make_backend(settings))
    cores.append(core)
    return core


def test_nothing_enabled_adds_nothing(qtbot: QtBot, simulator: Any, cores: list[KioskCore]) -> None:
    core = make_core(cores, simulator, camera_enabled=False)
    before = list(core.sources)
    added = add_hardware_sources(core)
    assert (added.camera, added.serial, added.folder) == (None, None, None)
    assert core.sources == before
    assert camera_of(core) is None


def test_serial_and_folder_scans_reach_the_session(
    qtbot: QtBot,
    simulator: Any,
    tmp_path: Path,
    pty_link: tuple[Path, int],
    cores: list[KioskCore],
) -> None:
    link, master = pty_link
    folder = tmp_path / "scans"
    folder.mkdir()
    core = make_core(
        cores,
        simulator,
        camera_enabled=False,
        serial_port=str(link),
        serial_terminator="<ETX>",
        watch_folder=str(folder),
    )
    added = add_hardware_sources(core)
    assert added.serial is not None and added.folder is not None
    licences: list[Any] = []
    core.session.licence_changed.connect(lambda summary: summary and licences.append(summary))
    core.start()
    assert core.input_statuses()[added.serial.display_name] == f"Ready on {link}"

    os.write(master, aamva_payload(51, surname="SERIAL") + b"\x03")
    qtbot.waitUntil(lambda: len(licences) == 1, timeout=10_000)
    qtbot.waitUntil(lambda: core.session.stage == Stage.READY)
    assert "SERIAL" in licences[0].full_name

    buffer = io.BytesIO()
    Image.fromarray(card_scene(aamva_payload(52, surname="FOLDER"), size=(800, 500))).save(
        buffer, format="PNG"
    )
    (folder / "scan.png").write_bytes(buffer.getvalue())
    qtbot.waitUntil(lambda: len(licences) == 2, timeout=15_000)
    assert "FOLDER" in licences[1].full_name
    qtbot.waitUntil(lambda: not (folder / "scan.png").exists())
    qtbot.waitUntil(lambda: core.session.stage == Stage.READY)
    assert core.shutdown()


def test_camera_pauses_decoding_while_a_check_runs(
    qtbot: QtBot, simulator: Any, cores: list[KioskCore]
) -> None:
    core = make_core(cores, simulator)
    added = add_hardware_sources(core)
    camera = added.camera
    assert camera is not None
    assert camera_of(core) is camera
    core.start()
    assert camera.decoding
    assert core.session.submit_payload(aamva_payload(53))  # the flow starts working
    assert core.session.stage == Stage.WORKING
    assert not camera.decoding
    qtbot.waitUntil(lambda: core.session.stage == Stage.READY, timeout=10_000)
    assert camera.decoding
    assert core.shutdown()
