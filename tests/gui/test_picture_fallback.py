"""The picture fallback: when the kiosk cannot read a barcode picture, the admin may let the
service read it (``picture_fallback``: off, document verification or the legacy ParseImage)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from kiosk_app import paths
from kiosk_app.app.admin import AdminServices
from kiosk_app.config import Settings, load_settings, managed_keys
from kiosk_app.flow.models import ErrorKind
from kiosk_app.flow.stages import Stage
from kiosk_app.simulator.known_pictures import defocused_key
from kiosk_app.storage.pin import PinStore
from kiosk_app.ui.admin.settings_dialog import ChoiceEditor, SettingsDialog
from tests.support.admin import FAST_SCRYPT, make_dialog
from tests.support.clock import FakeClock
from tests.support.gui import WindowFactory, make_settings
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, wait_stage

FALLBACKS = ("off", "document-verification", "legacy-parse-image")


def test_the_fallback_is_off_by_default() -> None:
    assert Settings().picture_fallback == "off"


@pytest.mark.parametrize("value", FALLBACKS)
def test_the_fallback_from_the_environment(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("KIOSK_PICTURE_FALLBACK", value)
    assert load_settings().picture_fallback == value


def test_a_fallback_that_is_not_a_choice_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KIOSK_PICTURE_FALLBACK", "always")
    with pytest.raises(ValidationError):
        load_settings()


def test_the_managed_file_sets_the_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KIOSK_PICTURE_FALLBACK", "off")
    managed = paths.managed_file()
    managed.parent.mkdir(parents=True, exist_ok=True)
    managed.write_text(json.dumps({"picture_fallback": "legacy-parse-image"}))
    settings = load_settings()
    assert settings.picture_fallback == "legacy-parse-image"
    assert "picture_fallback" in managed_keys(settings)
    managed.write_text(json.dumps({"picture_fallback": "sometimes"}))
    assert load_settings().picture_fallback == "off"  # not a valid value: ignored


def _fallback_editor(dialog: Any) -> ChoiceEditor:
    editor = dialog.editors["picture_fallback"]
    assert isinstance(editor, ChoiceEditor)
    return editor


@pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)
def test_the_admin_chooses_the_fallback(qtbot: Any, simulator: Any, pin_clock: FakeClock) -> None:
    services = AdminServices(pin_store=PinStore(clock=pin_clock, params=FAST_SCRYPT))
    dialog = SettingsDialog(make_settings(simulator.base_url), services, demo=True)
    qtbot.addWidget(dialog)
    editor = _fallback_editor(dialog)
    assert editor.value() == "off"
    assert [editor.combo.itemData(i) for i in range(editor.combo.count())] == list(FALLBACKS)
    saved: list[Settings] = []
    dialog.saved.connect(saved.append)
    editor.set_value("document-verification")
    dialog.save()
    qtbot.waitUntil(lambda: bool(saved), timeout=TIMEOUT_MS)
    assert saved[0].picture_fallback == "document-verification"


@pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)
def test_the_fallback_choices_in_french(
    qtbot: Any, simulator: Any, pin_clock: FakeClock, french: None
) -> None:
    dialog = make_dialog(qtbot, make_settings(simulator.base_url), pin_clock)
    combo = _fallback_editor(dialog).combo
    titles = [combo.itemText(i) for i in range(combo.count())]
    assert titles == ["désactivé", "vérification de document", "ParseImage (ancien service)"]


def test_the_out_of_focus_sample_is_unreadable_here(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    key = defocused_key("dvs-parse")
    action = next(a for a in window.ready.sample_menu.actions() if a.data() == key)
    assert "out of focus" in action.text()
    action.trigger()
    wait_stage(qtbot, window, Stage.ERROR)
    report = window.error.report
    assert report is not None and report.kind is ErrorKind.UNREADABLE
    assert window.result.view is None  # nothing was read, nothing was checked
