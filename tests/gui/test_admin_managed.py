"""Managed settings in the admin screen: each key the IT department's file
sets is shown read-only with "Set by your IT department"; the keys it could not use are named.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from kiosk_app import paths
from kiosk_app.config import load_settings
from kiosk_app.ui.admin.settings_dialog import SettingsDialog, field_labels
from tests.support.admin import make_dialog
from tests.support.clock import FakeClock
from tests.support.qt import OFFSCREEN_DIALOG_NOTE

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)


def _managed_dialog(qtbot: Any, clock: FakeClock, data: dict[str, Any]) -> SettingsDialog:
    path = paths.managed_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return make_dialog(qtbot, load_settings(), clock)


def test_managed_keys_are_read_only_and_say_who_set_them(
    qtbot: Any,
    pin_clock: FakeClock,
) -> None:
    dialog = _managed_dialog(
        qtbot, pin_clock, {"idle_timeout_s": 300, "sounds": False, "desk_id": "Front desk 3"}
    )
    assert set(dialog.managed_notes) == {"idle_timeout_s", "sounds", "desk_id"}
    for name in dialog.managed_notes:
        assert not dialog.editors[name].widget.isEnabled()
        assert dialog.managed_notes[name].text() == "Set by your IT department"
    assert dialog.editors["age_of_majority"].widget.isEnabled()
    assert dialog.editors["idle_timeout_s"].value() == "300"
    assert dialog.editors["desk_id"].value() == "Front desk 3"
    assert not dialog.file_notice.isVisible()
    # Saving keeps the managed values in effect and does not copy them into settings.json.
    saved: list[Any] = []
    dialog.saved.connect(saved.append)
    dialog.save()
    qtbot.waitUntil(lambda: bool(saved), timeout=10_000)
    assert saved[0].idle_timeout_s == 300
    assert "idle_timeout_s" not in json.loads(paths.settings_file().read_text())


def test_the_managed_keys_that_could_not_be_used_are_named(
    qtbot: Any,
    pin_clock: FakeClock,
) -> None:
    dialog = _managed_dialog(
        qtbot, pin_clock, {"idle_timeout_s": "soon", "api_token": "x" * 30, "sounds": False}
    )
    assert set(dialog.managed_notes) == {"sounds"}
    assert dialog.file_notice.isVisible()
    notice = dialog.file_notice.text()
    assert "managed settings file" in notice
    assert field_labels()["idle_timeout_s"] in notice
    assert field_labels()["api_token"] in notice
    assert "x" * 30 not in notice
    assert dialog.editors["idle_timeout_s"].widget.isEnabled()


def test_a_managed_file_that_is_not_an_object_is_named(
    qtbot: Any,
    pin_clock: FakeClock,
) -> None:
    path = paths.managed_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"{garbage")
    dialog = make_dialog(qtbot, load_settings(), pin_clock)
    assert dialog.file_notice.isVisible()
    assert "could not be used; it is ignored" in dialog.file_notice.text()
    assert dialog.managed_notes == {}


def test_set_by_your_it_department_in_french(
    qtbot: Any,
    french: None,
    pin_clock: FakeClock,
) -> None:
    dialog = _managed_dialog(qtbot, pin_clock, {"sounds": False, "language": "xx"})
    assert dialog.managed_notes["sounds"].text() == "Défini par votre service informatique"
    assert "service informatique" in dialog.file_notice.text()
    assert "\u202f:" in dialog.file_notice.text()
