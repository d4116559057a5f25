"""The admin settings dialog: messages beside the offending fields, atomic saves without secrets,
the token kept through kiosk_app.secrets and shown only masked, the connection test, and the
running window following the saved settings."""

from __future__ import annotations

import json
import socket
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QLineEdit, QWidget

from kiosk_app import paths, secrets
from kiosk_app.config import Settings, load_settings
from kiosk_app.kinds import CLERK_CHECKS, CheckKind
from kiosk_app.ui.admin.settings_dialog import SettingsDialog, field_labels
from tests.support.admin import KioskFactory, make_dialog, set_text
from tests.support.clock import FakeClock
from tests.support.gui import make_settings
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)

NEW_TOKEN = "tok-0123456789abcdefXYZ"  # a made-up test value


@pytest.fixture
def dialog(qtbot: Any, simulator: Any, pin_clock: FakeClock) -> SettingsDialog:
    """The dialog shown on settings that point at the simulator."""
    return make_dialog(qtbot, make_settings(simulator.base_url), pin_clock)


def every_widget_text(root: QWidget) -> str:
    """All text a widget tree can show or tell (labels, boxes, placeholders, tips, names)."""
    parts: list[str] = [root.windowTitle()]
    for widget in [root, *root.findChildren(QWidget)]:
        parts += [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription()]
        if isinstance(widget, QLineEdit):
            parts += [widget.text(), widget.placeholderText(), widget.displayText()]
        elif isinstance(widget, (QLabel, QAbstractButton)):
            parts.append(widget.text())
    return "\n".join(parts)


def test_invalid_values_show_messages_beside_their_fields_and_nothing_is_saved(
    qtbot: Any, simulator: Any, dialog: SettingsDialog
) -> None:
    saved: list[Settings] = []
    dialog.saved.connect(saved.append)
    set_text(dialog, "connect_timeout_s", "0")
    set_text(dialog, "camera_resolution", "big")
    set_text(dialog, "serial_baud", "fast")
    set_text(dialog, "parse_url", "http://example.com")  # plain http off this computer
    dialog.save()

    shown = {name: label.text() for name, label in dialog.errors.items() if not label.isHidden()}
    assert set(shown) == {"connect_timeout_s", "camera_resolution", "serial_baud", "parse_url"}
    assert "at least 1" in shown["connect_timeout_s"]
    assert "expected form" in shown["camera_resolution"]
    assert "whole number" in shown["serial_baud"]
    assert "https" in shown["parse_url"]
    # Beside the field: the message sits in the same row as its box.
    box = dialog.editors["camera_resolution"].widget
    label = dialog.errors["camera_resolution"]
    assert (
        abs(label.mapToGlobal(label.rect().center()).y() - box.mapToGlobal(box.rect().center()).y())
        < box.height()
    )
    assert dialog.tabs.currentIndex() == 0  # the first offending field's tab
    assert "4 setting(s)" in dialog.status.text()
    assert not paths.settings_file().exists() and saved == []

    # The model's own rule (the US cards' check among the enabled ones) lands beside its field.
    set_text(dialog, "connect_timeout_s", "5")
    set_text(dialog, "camera_resolution", "1280x720")
    set_text(dialog, "serial_baud", "9600")
    set_text(dialog, "parse_url", simulator.base_url)
    checks = dialog.editors["enabled_checks"]
    checks.set_value([CheckKind.CANADA])
    dialog.save()
    visible = [n for n, label in dialog.errors.items() if not label.isHidden()]
    assert visible == ["us_cards"]
    assert "turned off" in dialog.errors["us_cards"].text()
    assert not paths.settings_file().exists()


def test_a_valid_save_writes_settings_without_secrets_and_the_token_goes_to_secrets(
    qtbot: Any, dialog: SettingsDialog
) -> None:
    saved: list[Settings] = []
    dialog.saved.connect(saved.append)
    set_text(dialog, "age_of_majority", "21")
    set_text(dialog, "billing_quota_monthly", "500")
    dialog.secret_edits["api_token"].setText(NEW_TOKEN)
    dialog.save()
    qtbot.waitUntil(lambda: bool(saved), timeout=TIMEOUT_MS)
    qtbot.waitUntil(dialog._services.pool.is_idle, timeout=TIMEOUT_MS)

    target = paths.settings_file()
    text = target.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["age_of_majority"] == 21 and data["billing_quota_monthly"] == 500
    assert "api_token" not in data and "auth_key" not in data
    assert NEW_TOKEN not in text
    assert [p.name for p in target.parent.iterdir() if p.name.endswith(".tmp")] == []
    # The fallback store (the test keyring backend refuses everything), owner-only.
    assert not secrets.keyring_usable()
    assert secrets.get_api_token() == NEW_TOKEN
    assert secrets.fallback_file().stat().st_mode & 0o077 == 0
    assert secrets.fill_stored_secrets(load_settings()).api_token.get_secret_value() == NEW_TOKEN
    assert saved[0].api_token.get_secret_value() == NEW_TOKEN

    # Shown only masked, and the full token is in no widget of the dialog.
    assert dialog.secret_edits["api_token"].text() == ""
    assert secrets.mask_secret(NEW_TOKEN) in dialog.secret_edits["api_token"].placeholderText()
    assert NEW_TOKEN not in every_widget_text(dialog)
    assert dialog.status.text() == "Saved."


def test_the_stored_token_is_never_shown_whole(
    qtbot: Any,
    simulator: Any,
    pin_clock: FakeClock,
) -> None:
    settings = make_settings(simulator.base_url, api_token=NEW_TOKEN, auth_key="legacy-key-98765")
    dialog = make_dialog(qtbot, settings, pin_clock)
    everything = every_widget_text(dialog)
    assert NEW_TOKEN not in everything and "legacy-key-98765" not in everything
    assert secrets.mask_secret(NEW_TOKEN) in everything


def test_connection_test_succeeds_against_the_simulator_and_reports_a_dead_port(
    qtbot: Any, dialog: SettingsDialog
) -> None:
    qtbot.mouseClick(dialog.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: dialog.connection_result.text().startswith("Connection OK"), timeout=TIMEOUT_MS
    )
    assert "test token" in dialog.connection_result.text()

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{probe.getsockname()[1]}"
    set_text(dialog, "base_url", dead)
    set_text(dialog, "connect_timeout_s", "1")
    qtbot.mouseClick(dialog.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: dialog.connection_result.text().startswith("Connection failed"), timeout=TIMEOUT_MS
    )
    assert "cannot be reached" in dialog.connection_result.text()
    qtbot.waitUntil(dialog._services.pool.is_idle, timeout=TIMEOUT_MS)
    assert not paths.settings_file().exists()  # testing saves nothing


def test_saved_settings_apply_to_the_running_window(
    qtbot: Any,
    make_kiosk: KioskFactory,
) -> None:
    window, kiosk = make_kiosk(enabled=False, pin="2468")
    assert set(window.ready.check_buttons) == set(CLERK_CHECKS)
    kiosk.open_settings()
    dialog = kiosk.settings_dialog
    assert dialog is not None
    assert not dialog.exit_kiosk_button.isEnabled()  # not in kiosk mode
    dialog.editors["enabled_checks"].set_value([CheckKind.SIGNATURE, CheckKind.DVS_PARSE])
    dialog.editors["us_cards"].set_value("parse")
    dialog.editors["canadian_licences"].set_value("parse")
    set_text(dialog, "age_of_majority", "18")
    set_text(dialog, "idle_timeout_s", "120")
    dialog.save()
    qtbot.waitUntil(lambda: window.core.settings.age_of_majority == 18, timeout=TIMEOUT_MS)

    assert set(window.ready.check_buttons) == {CheckKind.SIGNATURE, CheckKind.DVS_PARSE}
    assert window.session.settings.us_cards == "parse"
    assert window.session.settings.canadian_licences == "parse"
    assert window.core.idle.timeout_ms == 120_000
    assert window.session.backend.age_of_majority == 18

    # Ticking "Start in kiosk mode" locks the running window down at once.
    dialog.editors["kiosk_mode"].set_value(True)
    dialog.save()
    qtbot.waitUntil(lambda: kiosk.enabled and window.isFullScreen(), timeout=TIMEOUT_MS)


def test_values_the_settings_file_could_not_give_are_shown_to_the_admin(
    qtbot: Any,
    pin_clock: FakeClock,
) -> None:
    """Issue 13, item 10: a bad settings.json starts with defaults and the admin is told."""
    paths.settings_file().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file().write_text(json.dumps({"idle_timeout_s": "soon", "sounds": False}))
    settings = load_settings()
    dialog = make_dialog(qtbot, settings, pin_clock)
    assert dialog.file_notice.isVisible()
    notice = dialog.file_notice.text()
    assert field_labels()["idle_timeout_s"] in notice
    assert "Save to write valid values" in notice
    assert dialog.errors["idle_timeout_s"].isVisible()
    assert not dialog.errors["sounds"].isVisible()
    assert dialog.editors["idle_timeout_s"].value() == "60"


def test_a_settings_file_that_is_not_an_object_is_shown_to_the_admin(
    qtbot: Any,
    pin_clock: FakeClock,
) -> None:
    paths.settings_file().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file().write_bytes(b"[" * 100_000)
    dialog = make_dialog(qtbot, load_settings(), pin_clock)
    assert dialog.file_notice.isVisible()
    assert "started with the default settings" in dialog.file_notice.text()


def test_a_clean_settings_file_shows_no_notice(
    qtbot: Any,
    simulator: Any,
    pin_clock: FakeClock,
) -> None:
    dialog = make_dialog(qtbot, make_settings(simulator.base_url), pin_clock)
    assert not dialog.file_notice.isVisible()
