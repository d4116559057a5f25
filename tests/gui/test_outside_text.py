"""Outside text is never markup: hostile values through every source, every text widget checked.

Each source (keyboard wedge, serial scanner, a picture opened, the watched folder and its file
names, the service's ``success:false`` message, trace id and field rows) carries markup
(``<b>``, a ``<font>`` that paints its own green "VERIFIED", ``<img src=/dev/zero>``, which
made Qt read the device until the process died), control characters and 10,000-character
values. After each one every label and text widget of every screen (and Diagnostics) must be
plain text, hold no control characters, keep the window no larger than the screen, and the
process must not have grown by more than :data:`MAX_GROWTH_MB`. In French too.

The harmless ``<b>`` comes first, so that code which still renders markup fails on an
assertion before the ``<img>`` can take the test process down.
"""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtSerialPort import QSerialPort
from PySide6.QtWidgets import (
    QAbstractButton,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from kiosk_app.app.capture.folder import WatchedFolderSource
from kiosk_app.app.capture.serial import SerialConfig, SerialScannerSource
from kiosk_app.flow.stages import Stage
from kiosk_app.ui.admin.diagnostics import DiagnosticsDialog
from kiosk_app.ui.i18n import install_language
from kiosk_app.ui.main_window import MainWindow
from kiosk_app.ui.plain_text import MAX_LABEL_CHARS
from kiosk_app.ui.result_screen import (
    MAX_RESULT_ROWS,
    MAX_SERVICE_MESSAGE_CHARS,
    PREBUILT_ROWS,
)
from tests.support.capture import aamva_payload, card_scene, pdf417_image
from tests.support.clock import FakeClock
from tests.support.gui import WindowFactory
from tests.support.qt import TIMEOUT_MS, type_text, wait_stage
from tests.unit.api.fake_servers import ScriptedServer, always, http_reply
from tests.unit.api.reply_samples import field, signature_element

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

MARKUP = (
    "<b>BOLD</b>",
    "<font color=green size=40>VERIFIED",
    "<img src=/dev/zero>",
)
CONTROLS = "CTRL\x1b[2J\x07\x00\x7f\x9b\u202eDEIFIREV"
CARD_CONTROLS = "CTRL\x1b[2J\x07\x1bEND"  # what a licence (ASCII) can carry
FILE_CONTROLS = "CTRL\x1b[2J\x07\x7f\u202eDEIFIREV\nSECOND LINE"  # no NUL in a file name
LONG_FILE = "N" * 240  # near the file system's limit of 255 bytes
LONG = "W" * 10_000
MAX_GROWTH_MB = 300
SCAN_GAP_S = 0.004
SCREEN = (1280, 800)  # the window the fixtures show
# What must never reach a widget as it came: the tags (plain text shows them, as text, only
# in a PlainText widget) and the control characters.
_CONTROL_CHARS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def rss_mb() -> float:
    """The process's resident memory now, in MB (Linux)."""
    with open("/proc/self/statm", encoding="ascii") as handle:
        pages = int(handle.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def text_widgets(root: QWidget) -> Iterator[QWidget]:
    yield root
    yield from root.findChildren(QWidget)


def check_plain(roots: list[QWidget], window: MainWindow, fed: str) -> None:
    """Every label and text widget under ``roots`` shows ``fed`` (if at all) as plain text."""
    shown = 0
    for root in roots:
        for widget in text_widgets(root):
            tip = widget.toolTip()
            # Qt::mightBeRichText is declared by QtGui: PySide6 has it on QtGui.Qt, not QtCore.Qt.
            assert not (tip and QtGui.Qt.mightBeRichText(tip) and "<" in fed), (widget, tip)
            if isinstance(widget, QLabel):
                text = widget.text()
                if not text:
                    continue
                fmt = widget.textFormat()
                escaped = fmt == Qt.TextFormat.RichText and not _renders_markup(text, fed)
                assert fmt == Qt.TextFormat.PlainText or escaped, (widget.objectName(), text[:80])
                assert len(text) <= MAX_LABEL_CHARS, (widget.objectName(), len(text))
                assert not _CONTROL_CHARS.search(text), (widget.objectName(), text[:80])
                shown += fed[:20] in text
            elif isinstance(widget, QTextEdit):
                assert not _renders_markup(widget.toHtml(), fed), widget
            elif isinstance(widget, (QLineEdit, QPlainTextEdit, QAbstractButton)):
                pass  # these never interpret markup
    # No value widens the window (an unbroken 10,000-character name once asked for 85,000 px).
    assert window.minimumSizeHint().width() <= SCREEN[0], (window.minimumSizeHint(), fed[:20])
    assert (window.width(), window.height()) == SCREEN


def _renders_markup(html: str, fed: str) -> bool:
    """True when rich text ``html`` holds a tag of ``fed`` unescaped."""
    tags = re.findall(r"<[a-z][^<>]*>", fed)
    return any(tag in html for tag in tags)


def every_screen(window: MainWindow) -> list[QWidget]:
    """The window (all its stacked screens) and Diagnostics, which shows the raw scans."""
    diagnostics = DiagnosticsDialog(window.core, parent=window)
    diagnostics.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    return [window, diagnostics]


def walk_all(qtbot: Any, window: MainWindow, fed: str) -> None:
    """Check every screen, in English and in French."""
    roots = every_screen(window)
    try:
        check_plain(roots, window, fed)
        install_language("fr")
        qtbot.wait(10)
        check_plain(roots, window, fed)
    finally:
        install_language("en")
        roots[1].close()


@pytest.fixture
def memory() -> Iterator[None]:
    """The test may not leave the process much bigger than it found it."""
    before = rss_mb()
    yield
    assert rss_mb() - before < MAX_GROWTH_MB


def card_png(surname: str, path: Path) -> Path:
    """A picture of a card whose PDF417 carries ``surname``."""
    Image.fromarray(pdf417_image(aamva_payload(7, surname))).save(path, format="PNG")
    return path


def blank_png() -> bytes:
    buffer = io.BytesIO()
    Image.fromarray(card_scene(None, size=(320, 200))).save(buffer, format="PNG")
    return buffer.getvalue()


def wait_name(qtbot: Any, window: MainWindow, fragment: str) -> None:
    qtbot.waitUntil(lambda: fragment in window.ready.panel.name.text(), timeout=TIMEOUT_MS)
    qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)


# --- barcode sources ---------------------------------------------------------------------------


@pytest.mark.usefixtures("memory")
def test_wedge_scans_with_markup_controls_and_long_values_are_plain_text(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock
) -> None:
    window = make_window(auto_check_on_scan=False)
    window.ready.open_button.setFocus()
    for surname in (*MARKUP, CARD_CONTROLS, LONG):
        type_text(aamva_payload(3, surname).decode("latin-1"), clock, SCAN_GAP_S, window)
        window.core.wedge.flush()
        wait_name(qtbot, window, surname[:3])
        walk_all(qtbot, window, surname)


@pytest.mark.usefixtures("memory")
def test_serial_scans_with_markup_controls_and_long_values_are_plain_text(
    qtbot: Any, make_window: WindowFactory, tmp_path: Path
) -> None:
    window = make_window(auto_check_on_scan=False)
    master, slave = os.openpty()
    link = tmp_path / "ttyHOSTILE0"
    link.symlink_to(os.ttyname(slave))
    source = SerialScannerSource(
        SerialConfig(port=str(link), baud=115200, terminator=b"\r\n", idle_gap_ms=200),
        port=QSerialPort(),
        retry_ms=50,
    )
    window.core.add_source(source)
    source.start()
    try:
        for surname in (*MARKUP, CARD_CONTROLS, LONG):
            data = aamva_payload(4, surname) + b"\r\n"
            for start in range(0, len(data), 1024):  # the pty's buffer is small
                os.write(master, data[start : start + 1024])
                qtbot.wait(5)
            wait_name(qtbot, window, surname[:3])
            walk_all(qtbot, window, surname)
    finally:
        source.stop()
        os.close(master)
        os.close(slave)


@pytest.mark.usefixtures("memory")
def test_pictures_and_file_names_with_markup_are_plain_text(
    qtbot: Any, make_window: WindowFactory, tmp_path: Path
) -> None:
    window = make_window(auto_check_on_scan=False)
    for surname in MARKUP:
        window.core.files.submit_path(card_png(surname, tmp_path / "card.png"))
        wait_name(qtbot, window, surname[:3])
        walk_all(qtbot, window, surname)
    # A picture without a barcode: the Error screen names the file.
    names = ("<b>BOLD.png", "<font color=green size=40>VERIFIED.png", f"X{FILE_CONTROLS}.png")
    for name in (*names, f"{LONG_FILE}.png"):
        target = tmp_path / name
        target.write_bytes(blank_png())
        window.core.files.submit_path(target)
        wait_stage(qtbot, window, Stage.ERROR)
        assert name[:3] in window.error.message.text()
        walk_all(qtbot, window, name)
        window.session.wipe()


@pytest.mark.usefixtures("memory")
def test_watched_folder_file_names_and_cards_with_markup_are_plain_text(
    qtbot: Any, make_window: WindowFactory, tmp_path: Path
) -> None:
    window = make_window(auto_check_on_scan=False)
    folder = tmp_path / "scans"
    folder.mkdir()
    session = window.session
    source = WatchedFolderSource(
        folder, window.core.pool, can_deliver=lambda: not session.busy, poll_ms=40, settle_ms=150
    )
    window.core.add_source(source)
    source.start()
    try:
        names = ("<b>BOLD.png", "<font color=green size=40>VERIFIED.png", f"{FILE_CONTROLS}.png")
        for index, name in enumerate(names):
            surname = MARKUP[index]
            card_png(surname, tmp_path / "card.png").rename(folder / name)
            wait_name(qtbot, window, surname[:3])
            qtbot.waitUntil(lambda n=name: n[:3] in window.ready.inputs.text(), timeout=TIMEOUT_MS)
            walk_all(qtbot, window, name)
            walk_all(qtbot, window, surname)
        (folder / "<img src=zero>.txt").write_text("not a picture")  # "Ignored <img ...>"
        qtbot.waitUntil(lambda: "<img" in window.ready.inputs.text(), timeout=TIMEOUT_MS)
        walk_all(qtbot, window, "<img src=zero>")
    finally:
        source.stop()
        qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)


# --- the service -------------------------------------------------------------------------------


def refused_element(message: str, trace: str) -> dict[str, Any]:
    """A ``success: false`` signature element carrying ``message`` and ``trace``."""
    element = signature_element(3, with_rows=False)
    element["success"] = False
    element["error"] = {"message": message, "traceId": trace}
    return element


def rows_element(value: str, rows: int = 3) -> dict[str, Any]:
    """A signature element whose field rows carry ``value`` as caption, value and message."""
    element = signature_element()
    element["profiles"][0]["data"] = [
        field(f"F{index}", value, value, 3, value) for index in range(rows)
    ]
    return element


def run_against(
    qtbot: Any, make_window: WindowFactory, servers: list[ScriptedServer], body: Any
) -> MainWindow:
    server = ScriptedServer(always(http_reply(200, [body])))
    servers.append(server)
    window = make_window(base_url=server.url)
    assert window.session.try_sample("signature-valid")
    wait_stage(qtbot, window, Stage.RESULT)
    return window


@pytest.mark.usefixtures("memory")
def test_service_messages_trace_ids_and_field_values_are_plain_text(
    qtbot: Any, make_window: WindowFactory, servers: list[ScriptedServer]
) -> None:
    replies: list[Any] = []
    server = ScriptedServer(lambda _request: http_reply(200, [replies[-1]]))
    servers.append(server)
    # The same sample again and again: no "already checked" memory in the way.
    window = make_window(base_url=server.url, repeat_window_min=0)
    for value in (*MARKUP, CONTROLS, LONG):
        replies.append(refused_element(value, value))
        window.session.wipe()
        assert window.session.try_sample("signature-valid")
        wait_stage(qtbot, window, Stage.RESULT)
        assert value[:3] in window.result.error_text.text()
        assert value[:3] in window.result.trace_text.text()
        walk_all(qtbot, window, value)

        replies.append(rows_element(value))
        window.session.wipe()
        assert window.session.try_sample("signature-valid")
        wait_stage(qtbot, window, Stage.RESULT)
        qtbot.waitUntil(lambda v=value: _rows_show(window, v), timeout=TIMEOUT_MS)
        walk_all(qtbot, window, value)


def _rows_show(window: MainWindow, value: str) -> bool:
    rows = window.result.match_rows()
    return bool(rows) and all(value[:3] in row.value.text() for row in rows)


@pytest.mark.usefixtures("memory")
def test_nine_thousand_field_rows_build_a_bounded_result(
    qtbot: Any, make_window: WindowFactory, servers: list[ScriptedServer]
) -> None:
    rows = 9_000
    body = signature_element()
    # Rows of four members: the most the reply's JSON entry budget lets through.
    body["profiles"][0]["data"] = [
        {"fieldName": f"F{i}", "caption": "V", "value": "V", "matchStatusCode": 3}
        for i in range(rows)
    ]
    assert len(json.dumps([body])) < 4 * 1024 * 1024  # within the client's reply cap
    window = run_against(qtbot, make_window, servers, body)

    result = window.result
    assert len(result.match_rows()) == MAX_RESULT_ROWS
    built = [w for w in result.findChildren(QWidget) if w.objectName() == "MatchRow"]
    assert len(built) <= MAX_RESULT_ROWS + PREBUILT_ROWS  # no widget for the rows not shown
    assert result.more_note.isVisibleTo(result)
    assert f"{rows - MAX_RESULT_ROWS} more rows" in result.more_note.text()
    walk_all(qtbot, window, "V")


@pytest.mark.usefixtures("memory")
def test_a_megabytes_long_service_message_is_cut(
    qtbot: Any, make_window: WindowFactory, servers: list[ScriptedServer]
) -> None:
    body = refused_element("M " * 1_900_000, "T" * 300_000)  # 3.8 MB and 0.3 MB
    assert len(json.dumps([body])) < 4 * 1024 * 1024
    window = run_against(qtbot, make_window, servers, body)

    message = window.result.error_text.text()
    # Not a sentence the kiosk knows: quoted as the service's words, cut.
    assert message.startswith("Service's words: “M M") and message.endswith("…”")
    assert len(message) <= MAX_SERVICE_MESSAGE_CHARS + 40
    assert len(window.result.trace_text.text()) <= MAX_LABEL_CHARS
    walk_all(qtbot, window, "M M")
