"""The French translation loads and the real window shows French text (then English again)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from kiosk_app.app.capture.camera import NO_CAMERA, CameraSource
from kiosk_app.app.capture.serial import SerialScannerSource
from kiosk_app.app.capture.statuses import SERIAL_DISCONNECTED
from kiosk_app.flow.stages import Stage
from kiosk_app.text import Message
from kiosk_app.ui.i18n import install_language, qm_path, remove_language
from kiosk_app.ui.main_window import MainWindow
from tests.support.gui import WindowFactory

TIMEOUT_MS = 15_000


def _wait(qtbot: Any, window: MainWindow, stage: Stage) -> None:
    qtbot.waitUntil(lambda: window.current_stage() is stage, timeout=TIMEOUT_MS)


def test_the_french_qm_ships_in_the_package() -> None:
    assert qm_path("fr").is_file()


def test_ready_screen_and_result_are_in_french(
    qtbot: Any, make_window: WindowFactory, french: None
) -> None:
    window = make_window()
    assert window.windowTitle() == "Vérification d'identité"
    assert window.ready.title.text() == "Balayez le dos du permis"
    assert window.ready.open_button.text() == "Ouvrir une image…"
    assert "Vérifier la signature" in [b.text() for b in window.ready.check_buttons.values()]
    assert window.test_band.text().startswith("MODE TEST")
    assert window.session.try_sample("signature-valid")
    _wait(qtbot, window, Stage.RESULT)
    assert window.result.banner.title.text() == "Réussi"
    assert window.result.home_button.text() == "Nouveau client"
    qtbot.waitUntil(lambda: not window.result.filling, timeout=TIMEOUT_MS)
    assert window.result.panel.born.text().startswith("Naissance\u202f: ")


def test_domain_messages_are_translated_at_the_screen(
    qtbot: Any, make_window: WindowFactory, french: None
) -> None:
    window = make_window()
    window.session.open_canada_form()
    _wait(qtbot, window, Stage.CANADA_FORM)
    assert window.canada_form.submit_button.text() == "Vérifier le permis"
    qtbot.mouseClick(window.canada_form.submit_button, Qt.MouseButton.LeftButton)
    # The validation sentence comes from kiosk_app.api.validation, in English, without Qt.
    assert window.canada_form.errors["licence_number"].text() == "Entrez le numéro de permis."
    assert (
        window.canada_form.province.itemText(window.canada_form.province.findData("QC"))
        == "QC — Québec"
    )


def test_english_again_after_removing_the_translation(
    qtbot: Any, make_window: WindowFactory, qapp: QApplication
) -> None:
    assert install_language("fr", qapp)
    remove_language(qapp)
    window = make_window()
    assert window.ready.title.text() == "Scan the back of the licence"


def test_the_ready_screen_button_switches_the_language_live(
    qtbot: Any, make_window: WindowFactory, qapp: QApplication
) -> None:
    window = make_window()
    try:
        assert window.ready.language_button.text() == "Français"
        assert window.session.try_sample("signature-valid")
        _wait(qtbot, window, Stage.RESULT)
        assert window.result.banner.title.text() == "Passed"
        qtbot.mouseClick(window.ready.language_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(
            lambda: window.ready.guide.steps[1].text().startswith("2. Tenez"), timeout=TIMEOUT_MS
        )
        # Every screen follows, including the result being shown and the form's captions.
        assert window.result.banner.title.text() == "Réussi"
        assert window.result.home_button.text() == "Nouveau client"
        assert window.canada_form.captions["date_of_birth"].text() == "Date de naissance"
        assert window.working.cancel_button.text() == "Annuler"
        assert window.windowTitle() == "Vérification d'identité"
        assert window.ready.language_button.text() == "English"
        qtbot.mouseClick(window.ready.language_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(
            lambda: window.ready.guide.steps[1].text().startswith("2. Hold"), timeout=TIMEOUT_MS
        )
        assert window.result.banner.title.text() == "Passed"
    finally:
        remove_language(qapp)


def test_the_wipe_brings_back_the_desk_language(
    qtbot: Any, make_window: WindowFactory, qapp: QApplication
) -> None:
    window = make_window()  # the desk's language: English (the default)
    try:
        window.switch_language("fr")
        qtbot.waitUntil(
            lambda: window.ready.title.text() == "Balayez le dos du permis", timeout=TIMEOUT_MS
        )
        window.session.wipe()  # New customer / idle timeout
        qtbot.waitUntil(
            lambda: window.ready.title.text() == "Scan the back of the licence", timeout=TIMEOUT_MS
        )
    finally:
        remove_language(qapp)


def test_input_statuses_with_a_port_name_are_in_french(
    qtbot: Any, make_window: WindowFactory, french: None
) -> None:
    window = make_window()
    window.ready.set_inputs(
        {
            SerialScannerSource.display_name: Message(SERIAL_DISCONNECTED, port="COM3"),
            CameraSource.display_name: NO_CAMERA,
        }
    )
    text = window.ready.inputs.text()
    assert "Lecteur de codes-barres série\u202f: Débranché (COM3) — reconnexion en cours" in text
    assert "Caméra" in text and "Aucune caméra branchée" in text
