"""The picture fallback: when the kiosk cannot read a barcode picture, the admin may let the
service read it (``picture_fallback``: off, document verification or the legacy ParseImage)."""

from __future__ import annotations

import base64
import json
import logging
import os
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError
from PySide6.QtCore import Qt

from kiosk_app import paths
from kiosk_app.api.picture_upload import upload_jpeg
from kiosk_app.app.admin import AdminServices
from kiosk_app.config import Settings, load_settings, managed_keys
from kiosk_app.flow.models import ErrorKind
from kiosk_app.flow.picture_read import ALREADY_READ, NOT_READ_ADVICE
from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind
from kiosk_app.simulator.known_pictures import defocused_key, defocused_png
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.storage.pin import PinStore
from kiosk_app.ui.admin.settings_dialog import ChoiceEditor, SettingsDialog
from kiosk_app.ui.main_window import MainWindow
from tests.support.admin import FAST_SCRYPT, make_dialog
from tests.support.clock import FakeClock
from tests.support.gui import WindowFactory, assert_read_by_service, make_settings
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, wait_stage

FALLBACKS = ("off", "document-verification", "legacy-parse-image")
US_KEY = "dvs-parse"  # its defocused picture: MEI LIN TAN, born 1996-02-29


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


@pytest.mark.parametrize(
    ("key", "name"), [("dvs-parse", "MEI LIN TAN"), ("canada-passed", "ROBIN GALLANT")]
)
def test_the_demo_s_out_of_focus_samples_are_read_by_the_service(
    qtbot: Any, make_window: WindowFactory, key: str, name: str
) -> None:
    """In the demo with the fallback on: the sample menu's photographs out of focus end on the
    offer, and the service reads them."""
    window = make_window(picture_fallback="document-verification")
    action = next(a for a in window.ready.sample_menu.actions() if a.data() == defocused_key(key))
    action.trigger()
    wait_stage(qtbot, window, Stage.ERROR)
    assert window.error.service_button.isVisible()
    qtbot.mouseClick(window.error.service_button, Qt.MouseButton.LeftButton)
    wait_stage(qtbot, window, Stage.RESULT)
    view = window.result.view
    assert view is not None and view.licence is not None
    assert view.licence.full_name == name
    assert view.check is CheckKind.DVS_PARSE


def _offered(qtbot: Any, window: MainWindow, key: str = US_KEY) -> None:
    """The out-of-focus picture of ``key``: the kiosk cannot read it, the Error screen shows."""
    assert window.session.submit_image(defocused_png(SAMPLES_BY_KEY[key]))
    wait_stage(qtbot, window, Stage.ERROR)


def test_the_fallback_off_means_no_offer(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    _offered(qtbot, window)
    report = window.error.report
    assert report is not None and not report.service_read
    assert window.error.service_button.isHidden()
    assert not window.session.read_by_service()


@pytest.mark.parametrize("fallback", ["document-verification", "legacy-parse-image"])
def test_the_service_reads_the_picture_the_kiosk_could_not(
    qtbot: Any, make_window: WindowFactory, fallback: str
) -> None:
    window = make_window(picture_fallback=fallback, minimum_age=21)
    _offered(qtbot, window)
    button = window.error.service_button
    assert button.isVisible() and button.text() == "Let the service read the picture (billed)"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    wait_stage(qtbot, window, Stage.RESULT)
    assert_read_by_service(window)
    view = window.result.view
    assert view is not None and view.licence is not None
    assert view.licence.age is not None and view.licence.age >= 21
    assert not any("kiosk's read" in line for line in window.result.document_lines())


def test_the_same_picture_twice_is_billed_once(qtbot: Any, desk: Any) -> None:
    made = desk(picture_fallback="document-verification")
    window = made.window
    notices: list[str] = []
    window.session.notice.connect(notices.append)
    for _customer in range(2):
        _offered(qtbot, window)
        assert window.session.read_by_service()
        wait_stage(qtbot, window, Stage.RESULT)
        window.session.wipe()
    assert made.rows() == 1 and made.services() == ["dvs-parse"]
    assert ALREADY_READ in notices


def test_the_picture_is_dropped_and_never_on_disk_or_in_logs(
    qtbot: Any, desk: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    made = desk(picture_fallback="legacy-parse-image")
    window = made.window
    _offered(qtbot, window)
    assert window.session.read_by_service()
    wait_stage(qtbot, window, Stage.RESULT)
    window.session.wipe()
    made.rows()  # the workers are done
    assert not window.session.flow.holds_customer_data()
    sent = upload_jpeg(defocused_png(SAMPLES_BY_KEY[US_KEY]))
    pieces = [sent[100:132], base64.b64encode(sent)[100:140]]
    blobs = b"".join(p.read_bytes() for p in tmp_path.rglob("*") if p.is_file())
    for var in ("KIOSK_CONFIG_DIR", "KIOSK_DATA_DIR", "KIOSK_LOG_DIR"):
        for path in Path(os.environ[var]).rglob("*"):
            if path.is_file():
                blobs += path.read_bytes()
    assert not any(piece in blobs for piece in pieces)
    logged = caplog.text
    assert base64.b64encode(sent)[100:140].decode() not in logged
    assert "TAN" not in logged and "1996" not in logged


@pytest.mark.usefixtures("in_french")
def test_the_offer_in_french(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window(picture_fallback="document-verification")
    _offered(qtbot, window)
    assert window.error.service_button.text() == "Faire lire la photo par le service (facturé)"
    assert "pas une vérification" in window.error.next_step.text()


def test_document_verification_that_finds_no_barcode_says_what_next(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window(picture_fallback="document-verification")
    _offered(qtbot, window, "signature-valid")  # a picture the simulator does not know
    assert window.session.read_by_service()
    qtbot.waitUntil(
        lambda: window.current_stage() is Stage.ERROR and window.core.pool.is_idle(),
        timeout=TIMEOUT_MS,
    )
    assert window.error.title.text() == "The service could not read the picture either"
    assert "PDF417Error" in window.error.message.text()  # the service's own words, marked
    assert window.error.next_step.text() == "Scan again, or open another picture."
    assert window.error.service_button.isHidden()  # nothing more to offer


def test_parse_image_success_false_says_what_next(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window(picture_fallback="legacy-parse-image")
    _offered(qtbot, window, "signature-valid")
    assert window.session.read_by_service()
    wait_stage(qtbot, window, Stage.RESULT)
    view = window.result.view
    assert view is not None and view.outcome.advice == NOT_READ_ADVICE
    assert view.outcome.error is not None
    assert view.outcome.error.message == "No PDF417 barcode found on the image; error codes 4"
    assert view.licence is None


@pytest.mark.usefixtures("in_french")
def test_the_service_s_failure_in_french(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window(picture_fallback="document-verification")
    _offered(qtbot, window, "signature-valid")
    assert window.session.read_by_service()
    qtbot.waitUntil(
        lambda: window.current_stage() is Stage.ERROR and window.core.pool.is_idle(),
        timeout=TIMEOUT_MS,
    )
    assert window.error.title.text() == "Le service n’a pas pu lire la photo non plus"


def test_a_canadian_card_read_by_the_service_can_have_the_registry_check(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window(picture_fallback="document-verification")
    _offered(qtbot, window, "canada-passed")
    assert window.session.read_by_service()
    wait_stage(qtbot, window, Stage.RESULT)
    expected = SAMPLES_BY_KEY["canada-passed"].canada
    assert expected is not None
    prefills: list[Any] = []
    window.session.canada_form_requested.connect(prefills.append)
    window.session.open_canada_form()
    wait_stage(qtbot, window, Stage.CANADA_FORM)
    assert prefills[-1].licence_number == expected.licence_number
    assert prefills[-1].date_of_birth == expected.date_of_birth
    assert window.canada_form.licence_number.text() == expected.licence_number
    assert window.session.submit_canada(prefills[-1]) == []  # every field the form needs
    wait_stage(qtbot, window, Stage.RESULT)
    view = window.result.view
    assert view is not None and view.check is CheckKind.CANADA
    assert view.outcome.verdict.value == "Passed"
    window.session.wipe()
    assert not window.session.flow.holds_customer_data()
