"""Leaving the kiosk through its own screens: the Open picture dialog, a deleted PIN file, a new
service address tested or saved without the PIN, and admin screens left open for the next clerk.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PIL import Image
from PySide6.QtCore import QCoreApplication, QEvent, QSettings, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QFileDialog, QLineEdit, QWidget

from kiosk_app.ui.admin.pin_pad import PadMode, PinPad
from kiosk_app.ui.admin.settings_dialog import SettingsDialog, TextEditor
from kiosk_app.ui.kiosk_mode import KioskMode
from kiosk_app.ui.main_window import MainWindow
from kiosk_app.ui.picture_picker import PicturePicker
from tests.support.admin import KioskFactory
from tests.support.capture import aamva_payload, pdf417_image
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, send_key
from tests.unit.api.fake_servers import ScriptedServer, always, http_reply
from tests.unit.api.reply_samples import canada_element

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)

PIN = "2468"
PRIVATE_TOKEN = "tok-9f8e7d6c5b4a3210ZYX"  # a made-up token that is not the public test one
IDLE_MS = 400


def type_digits(window: MainWindow, pad: PinPad, digits: str) -> None:
    """Digits and Enter on the pad's window; the wedge watching it is flushed (its clock
    stands still in tests, so the keys would otherwise wait as one scanner burst)."""
    for digit in digits:
        send_key(pad, ord(digit), digit)
    send_key(pad, Qt.Key.Key_Return, "\r")
    window.core.wedge.flush()


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    """Every entry under ``root`` (links not followed): name, size, modification time."""
    found = {}
    for path in sorted(root.rglob("*")):
        info = path.lstat()
        found[str(path.relative_to(root))] = (info.st_size, info.st_mtime_ns)
    return found


def reject_file_dialogs() -> None:
    """The old code opened Qt's own (modal) file dialog: close it so the test fails, not hangs."""
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QFileDialog) and widget.isVisible():
            widget.reject()


def listed(picker: PicturePicker) -> set[str]:
    model, root = picker.model, picker.view.rootIndex()
    return {model.fileName(model.index(row, 0, root)) for row in range(model.rowCount(root))}


# --- Open picture in kiosk mode ---------------------------------------------------------------


def test_open_in_kiosk_mode_is_a_read_only_picker_inside_the_picture_folders(
    qtbot: Any,
    make_kiosk: KioskFactory,
    tmp_path: Path,
) -> None:
    scans = tmp_path / "scans"
    (scans / "sub").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "admin_pin.json").write_text("{}")
    Image.fromarray(pdf417_image(aamva_payload(5, "PICKED"))).save(scans / "card.png")
    Image.fromarray(pdf417_image(aamva_payload(6, "INNER"))).save(scans / "sub" / "inner.png")
    (scans / ".hidden.png").write_bytes((scans / "card.png").read_bytes())
    (scans / "notes.txt").write_text("not a picture")
    (scans / "escape").symlink_to(outside)
    (scans / "link.png").symlink_to(outside / "admin_pin.json")
    os.mkfifo(scans / "fifo.png")
    before = snapshot(tmp_path)
    history = Path(QSettings(QSettings.Scope.UserScope, "QtProject").fileName())
    history_before = history.stat().st_mtime_ns if history.exists() else None

    window, _kiosk = make_kiosk(enabled=True, watch_folder=str(scans), auto_check_on_scan=False)
    QTimer.singleShot(3000, reject_file_dialogs)
    qtbot.mouseClick(window.ready.open_button, Qt.MouseButton.LeftButton)
    picker = window.picker
    assert isinstance(picker, PicturePicker) and picker.isVisible()
    assert not any(isinstance(w, QFileDialog) for w in QApplication.topLevelWidgets())

    # Only pictures and plain folders: no hidden file, no link, no FIFO, nothing else.
    qtbot.waitUntil(lambda: listed(picker) == {"card.png", "sub"}, timeout=TIMEOUT_MS)
    assert picker.model.isReadOnly()
    view = picker.view
    assert view.editTriggers() == QAbstractItemView.EditTrigger.NoEditTriggers
    assert view.dragDropMode() == QAbstractItemView.DragDropMode.NoDragDrop
    assert view.contextMenuPolicy() == Qt.ContextMenuPolicy.NoContextMenu
    assert not picker.findChildren(QLineEdit)  # no path to type

    # The keys a file manager renames, deletes or makes folders with do nothing.
    view.setCurrentIndex(picker.model.index(str(scans / "card.png")))
    view.setFocus()
    for key, mods in (
        (Qt.Key.Key_F2, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_Delete, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_Delete, Qt.KeyboardModifier.ShiftModifier),
        (Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier),
        (Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier),
    ):
        for etype in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QCoreApplication.sendEvent(view, QKeyEvent(etype, key, mods))
    qtbot.wait(100)

    # Confined: never above the folder, nor through a link.
    assert picker.folder == scans
    picker.go_up()
    assert picker.folder == scans
    assert not picker.show_folder(tmp_path)
    assert not picker.show_folder(scans / "sub" / ".." / "..")
    assert picker.show_folder(scans / "escape") is True  # a path inside, but:
    qtbot.waitUntil(lambda: picker.model.rowCount(view.rootIndex()) >= 0, timeout=TIMEOUT_MS)
    assert listed(picker) == set()  # the link is not listed through, nor followed
    assert picker.show_folder(scans / "sub")
    qtbot.waitUntil(lambda: listed(picker) == {"inner.png"}, timeout=TIMEOUT_MS)
    picker.go_up()
    assert picker.folder == scans

    # Choosing a picture reads it like Open always did.
    qtbot.waitUntil(lambda: "card.png" in listed(picker), timeout=TIMEOUT_MS)
    view.setCurrentIndex(picker.model.index(str(scans / "card.png")))
    picker.open_selected()
    qtbot.waitUntil(lambda: "PICKED" in window.ready.panel.name.text(), timeout=TIMEOUT_MS)
    qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)
    assert not shiboken6.isValid(picker) or not picker.isVisible()

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert snapshot(tmp_path) == before  # nothing renamed, deleted or created
    history_after = history.stat().st_mtime_ns if history.exists() else None
    assert history_after == history_before  # no QtProject.conf history written


def test_the_picker_closes_with_the_idle_wipe(
    qtbot: Any,
    make_kiosk: KioskFactory,
    tmp_path: Path,
) -> None:
    window, _kiosk = make_kiosk(enabled=True, watch_folder=str(tmp_path))
    QTimer.singleShot(3000, reject_file_dialogs)
    window.open_picture()
    picker = window.picker
    assert picker is not None and picker.isVisible()
    window.session.wipe()
    qtbot.waitUntil(lambda: window.picker is None, timeout=TIMEOUT_MS)


# --- a deleted PIN file -----------------------------------------------------------------------


def test_a_deleted_pin_file_does_not_let_anyone_choose_a_new_pin(
    qtbot: Any,
    make_kiosk: KioskFactory,
) -> None:
    window, kiosk = make_kiosk(enabled=True, pin=PIN)
    store = kiosk.services.pin_store
    store.path.unlink()  # what the file dialog's Delete did
    kiosk.open_admin()
    pad = kiosk.pin_pad
    assert pad is not None
    assert pad.mode is PadMode.REMOVED
    assert "missing" in pad.prompt.text()
    assert not pad.ok_button.isEnabled() and not pad.digit_buttons["1"].isEnabled()
    for _ in range(2):
        type_digits(window, pad, "1111")
    qtbot.wait(100)
    qtbot.waitUntil(kiosk.services.pool.is_idle, timeout=TIMEOUT_MS)
    assert not store.is_set() and kiosk.settings_dialog is None


# --- a new address and the token --------------------------------------------------------------


def point_at(dialog: SettingsDialog, url: str) -> None:
    for name in ("base_url", "dvs_url", "parse_url"):
        editor = dialog.editors[name]
        assert isinstance(editor, TextEditor)
        editor.edit.setText(url)


def bearer_tokens(server: ScriptedServer) -> list[str]:
    return [r.headers.get("authorization", "") for r in server.requests]


def test_a_new_address_never_gets_the_stored_token_before_the_pin(
    qtbot: Any,
    make_kiosk: KioskFactory,
    servers: list[ScriptedServer],
) -> None:
    answer = always(http_reply(200, [canada_element(3, success=False)]))
    home, elsewhere = ScriptedServer(answer), ScriptedServer(answer)
    servers += [home, elsewhere]
    window, kiosk = make_kiosk(enabled=True, pin=PIN, base_url=home.url, api_token=PRIVATE_TOKEN)
    kiosk.open_settings()
    dialog = kiosk.settings_dialog
    assert dialog is not None

    # Test connection on the saved address sends the token, as before.
    qtbot.mouseClick(dialog.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(home.requests) == 1, timeout=TIMEOUT_MS)
    qtbot.waitUntil(dialog.test_button.isEnabled, timeout=TIMEOUT_MS)

    # On an unsaved new address: nothing is sent.
    point_at(dialog, elsewhere.url)
    qtbot.mouseClick(dialog.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(kiosk.services.pool.is_idle, timeout=TIMEOUT_MS)
    assert elsewhere.requests == []
    assert dialog.connection_result.text().startswith("Not tested")

    # A token typed on screen may be tested there (the admin knows it already).
    dialog.secret_edits["api_token"].setText("typed-by-the-admin-123")
    qtbot.mouseClick(dialog.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(elsewhere.requests) == 1, timeout=TIMEOUT_MS)
    assert bearer_tokens(elsewhere) == ["Bearer typed-by-the-admin-123"]
    qtbot.waitUntil(dialog.test_button.isEnabled, timeout=TIMEOUT_MS)
    dialog.secret_edits["api_token"].clear()

    # Save asks for the PIN again; nothing changes until it is right.
    dialog.save()
    pad = dialog.pin_pad
    assert pad is not None and pad.isVisible() and pad.mode is PadMode.VERIFY
    assert window.core.settings.base_url == home.url
    type_digits(window, pad, "1357")
    qtbot.waitUntil(lambda: "Wrong PIN" in pad.message.text(), timeout=TIMEOUT_MS)
    assert window.core.settings.base_url == home.url
    type_digits(window, pad, PIN)
    qtbot.waitUntil(lambda: window.core.settings.base_url == elsewhere.url, timeout=TIMEOUT_MS)
    qtbot.waitUntil(kiosk.services.pool.is_idle, timeout=TIMEOUT_MS)
    assert PRIVATE_TOKEN not in "".join(bearer_tokens(elsewhere))


def test_leaving_the_pin_pad_saves_nothing(
    qtbot: Any,
    make_kiosk: KioskFactory,
    servers: list[ScriptedServer],
) -> None:
    window, kiosk = make_kiosk(enabled=True, pin=PIN, api_token=PRIVATE_TOKEN)
    kiosk.open_settings()
    dialog = kiosk.settings_dialog
    assert dialog is not None
    proxy = dialog.editors["proxy_url"]
    assert isinstance(proxy, TextEditor)
    proxy.edit.setText("http://127.0.0.1:3128")
    saved: list[object] = []
    dialog.saved.connect(saved.append)
    dialog.save()
    pad = dialog.pin_pad
    assert pad is not None
    pad.reject()
    assert "PIN is needed" in dialog.status.text()
    qtbot.wait(100)
    assert saved == [] and window.core.settings.proxy_url == ""


# --- admin screens and the idle timeout -------------------------------------------------------


def admin_open(kiosk: KioskMode) -> list[QWidget]:
    return [d for d in (kiosk.pin_pad, kiosk.settings_dialog, kiosk.diagnostics) if d is not None]


def test_admin_screens_close_when_the_kiosk_is_left_idle(
    qtbot: Any,
    make_kiosk: KioskFactory,
) -> None:
    window, kiosk = make_kiosk(enabled=True, pin=PIN)
    window.core.idle.set_timeout_ms(IDLE_MS)
    kiosk.open_admin()  # the PIN pad, nothing of a customer held: nothing to wipe
    assert kiosk.pin_pad is not None
    qtbot.waitUntil(lambda: admin_open(kiosk) == [], timeout=TIMEOUT_MS)

    kiosk.open_settings()
    dialog = kiosk.settings_dialog
    assert dialog is not None
    dialog.diagnostics_requested.emit()
    assert kiosk.diagnostics is not None
    # Typing in the settings is activity: they stay open while the admin works.
    editor = dialog.editors["age_of_majority"]
    assert isinstance(editor, TextEditor)
    editor.edit.setFocus()
    for _ in range(6):
        send_key(dialog, Qt.Key.Key_Right)
        qtbot.wait(IDLE_MS // 2)
    assert kiosk.settings_dialog is dialog and dialog.isVisible()
    qtbot.waitUntil(lambda: admin_open(kiosk) == [], timeout=TIMEOUT_MS)


def test_every_wipe_closes_the_admin_screens_and_their_file_dialog(
    qtbot: Any,
    make_kiosk: KioskFactory,
) -> None:
    window, kiosk = make_kiosk(enabled=True, pin=PIN)
    kiosk.open_settings()
    assert kiosk.settings_dialog is not None
    window.session.wipe()  # New customer, Start again
    qtbot.waitUntil(lambda: admin_open(kiosk) == [], timeout=TIMEOUT_MS)

    # The usage export's own file dialog goes too (it runs a nested event loop). The idle
    # count starts only once that dialog is up, so a slow machine cannot wipe before it shows.
    kiosk.open_settings()
    dialog = kiosk.settings_dialog
    assert dialog is not None
    left_open: list[bool] = []  # the wipe left the file dialog: fail, do not hang

    def close_what_the_wipe_left() -> None:
        left_open.append(_file_dialog_shown())
        reject_file_dialogs()

    QTimer.singleShot(8000, close_what_the_wipe_left)
    seen: list[bool] = []  # polled from inside the dialog's own event loop

    def poll_file_dialog() -> None:
        if _file_dialog_shown() and not seen:
            seen.append(True)
            window.core.idle.set_timeout_ms(IDLE_MS)

    poll = QTimer()
    poll.timeout.connect(poll_file_dialog)
    poll.start(50)
    QTimer.singleShot(0, dialog.usage.export)
    qtbot.waitUntil(lambda: bool(seen) and admin_open(kiosk) == [], timeout=TIMEOUT_MS)
    poll.stop()
    assert not _file_dialog_shown()  # ...and went with the settings
    assert not any(left_open)


def _file_dialog_shown() -> bool:
    return any(isinstance(w, QFileDialog) and w.isVisible() for w in QApplication.allWidgets())
