"""Every word of a check result in the clerk's language: our labels for every field the
interface defines (never the service's English caption), match words from one table, the
service's fixed sentences translated and unknown ones quoted as the service's words."""

from __future__ import annotations

import ast
import logging
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from kiosk_app.api.outcome import FieldOutcome, MatchCategory, Outcome
from kiosk_app.flow.models import ResultView
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.simulator.samples import SAMPLES
from kiosk_app.ui import theme
from kiosk_app.ui.field_labels import FIELD_LABELS, field_label, spelled_out
from kiosk_app.ui.i18n import install_language, remove_language
from kiosk_app.ui.result_screen import ResultScreen
from kiosk_app.ui.service_text import (
    DOCUMENTED_SENTENCES,
    SERVICE_SENTENCES,
    service_sentence,
)
from tests.support.gui import SERVICE_ENGLISH_WORDS, WindowFactory
from tests.support.qt import run_sample

ROOT = Path(__file__).resolve().parents[2]
SIMULATOR = ROOT / "kiosk_app" / "simulator"

# Section 2 of the interface spec: the Canadian rows (2.4.1), the signature rows (2.5.1, the
# extracted fields as the simulator sends them), the DVS document members (2.7).
CANADIAN_ROWS = [
    "FirstName",
    "MiddleName",
    "LastName",
    "FullName",
    "BirthDate",
    "State",
    "IssuedBy",
    "IDNumber",
    "CurrentLicenseClasses",
]
SIGNATURE_ROWS = [
    "IDNumber",
    "RevocationStatus",
    "FirstName",
    "MiddleName",
    "LastName",
    "Address",
    "City",
    "State",
    "PostalCode",
    "BirthDate",
]
DVS_DOCUMENT = [
    "abbr3Country",
    "abbrCountry",
    "address",
    "city",
    "class",
    "country",
    "dob",
    "expires",
    "eyes",
    "familyName",
    "firstName",
    "fullName",
    "gender",
    "hair",
    "height",
    "id",
    "idType",
    "issued",
    "middleName",
    "postalBox",
    "state",
    "issuedBy",
    "weight",
    "zip",
    "ssn",
]


@pytest.mark.parametrize("name", sorted(set(CANADIAN_ROWS + SIGNATURE_ROWS + DVS_DOCUMENT)))
def test_every_field_the_interface_defines_has_a_label_in_both_languages(
    name: str, qapp: QApplication
) -> None:
    assert name in FIELD_LABELS
    english = field_label(name)
    assert install_language("fr", qapp)
    try:
        french = field_label(name)
    finally:
        remove_language(qapp)
    assert french and french != name
    # Words that read the same in both languages ("Date", "Sexe" differ; "Pays" differs).
    assert french != english or english in {"Restrictions"}


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("PostalBox", "Postal box"),
        ("postalBox", "Postal box"),
        ("IDNumber", "ID number"),
        ("newFieldName", "New field name"),
        ("Weight2", "Weight 2"),
        ("snake_case_name", "Snake case name"),
        ("", "—"),
    ],
)
def test_an_unknown_field_name_is_spelled_out(name: str, words: str) -> None:
    assert spelled_out(name) == words


def test_an_unknown_field_is_logged_once_by_name_only(
    qtbot: Any, caplog: pytest.LogCaptureFixture
) -> None:
    screen = ResultScreen()
    qtbot.addWidget(screen)
    secret = "DOE JOHN 1234 ELM STREET"
    fields = tuple(
        FieldOutcome("PostalBoxTwo", "Postal Box Two", secret, MatchCategory.MATCH)
        for _ in range(3)
    )
    with caplog.at_level(logging.INFO):
        screen.show_result(_view(fields))
        screen.finish_filling()
        screen.show_result(_view(fields))
        screen.finish_filling()
    unknown = [r for r in caplog.records if "PostalBoxTwo" in r.getMessage()]
    assert len(unknown) == 1
    assert all(secret not in r.getMessage() for r in caplog.records)
    assert [row.caption.text() for row in screen.match_rows()] == ["Postal box two"] * 3


def _view(
    fields: tuple[FieldOutcome, ...], check: CheckKind = CheckKind.SIGNATURE, **extra: Any
) -> ResultView:
    outcome = Outcome(
        CheckKind.SIGNATURE if check is CheckKind.SIGNATURE else CheckKind.CANADA,
        Verdict.PASSED,
        1,
        "Passed",
        True,
        fields,
        **extra,
    )
    return ResultView(check, outcome, None, None)


def _simulator_sentences() -> set[str]:
    """Every fixed sentence the simulator puts in a reply a clerk can see: field messages,
    licence statuses, error elements' messages (read from its source, not copied)."""
    found: set[str] = set()
    carriers = {"error_element", "field_result", "_InvalidRequestError"}
    for path in SIMULATOR.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            parts: list[ast.AST] = []
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name in carriers:
                    parts = list(node.args[3:] if name != "_InvalidRequestError" else node.args)
            elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id.endswith(("_MESSAGE", "_ERROR", "_RESULTS"))
                for t in node.targets
            ):
                parts = [node.value]
            for part in parts:
                inside_f_strings = {
                    id(piece)
                    for leaf in ast.walk(part)
                    if isinstance(leaf, ast.JoinedStr)
                    for piece in ast.walk(leaf)
                }
                for leaf in ast.walk(part):
                    if id(leaf) in inside_f_strings and not isinstance(leaf, ast.JoinedStr):
                        continue
                    if isinstance(leaf, ast.JoinedStr):  # "Field {Name} must be a string"
                        for field in ("DriverLicenseNumber", "DateOfBirths", "IssuedBy"):
                            found.add(f"Field {field} must be a string")
                        found.add("Field DriverLicenseClass must be a string")
                    elif (
                        isinstance(leaf, ast.Constant)
                        and isinstance(leaf.value, str)
                        and " " in leaf.value
                    ):
                        found.add(leaf.value)
    return found


def test_every_sentence_the_simulator_sends_is_translated(french: None) -> None:
    sentences = _simulator_sentences()
    assert "Driver's license is suspended" in sentences
    assert "Document is Revoked" in sentences
    missing = sorted(sentences - SERVICE_SENTENCES)
    assert missing == [], f"add to kiosk_app/ui/service_text.py and translate: {missing}"
    for sentence in sorted(SERVICE_SENTENCES):
        assert service_sentence(sentence) != sentence, sentence


def test_the_documented_sentences_are_the_spec_s(french: None) -> None:
    # The spec's sentences and fixed words (section 2.4 items 2 and 5, 2.5 items 2 and 3).
    assert set(DOCUMENTED_SENTENCES) >= {
        "Driver's license is valid",
        "Document is Valid",
        "Document is Not Valid",
        "Document is Not Revoked",
        "Document is Revoked",
        "Revoked",
        "Not Revoked",
    }
    assert service_sentence("Driver's license is valid") == "Le permis de conduire est valide"


def test_an_unknown_sentence_is_shown_as_the_service_s_words_plain(
    qtbot: Any, french: None
) -> None:
    screen = ResultScreen()
    qtbot.addWidget(screen)
    said = "Licence <b>held</b> in\nreview"
    screen.show_result(
        _view((FieldOutcome("IDNumber", "ID Number", "X1", MatchCategory.MATCH, said),))
    )
    screen.finish_filling()
    row = screen.match_rows()[0]
    assert (
        row.message.text()
        == "Paroles du service\u202f: «\u202fLicence <b>held</b> in review\u202f»"
    )
    assert row.caption.text() == "Numéro du permis ou de la carte"
    assert row.words.text() == "Correspond"


@pytest.mark.parametrize("key", [s.key for s in SAMPLES if s.check in ("signature", "canada")])
def test_every_check_sample_in_french_shows_no_english_row(
    qtbot: Any, make_window: WindowFactory, french: None, key: str
) -> None:
    window = make_window()
    run_sample(qtbot, window, key)
    result = window.result
    qtbot.waitUntil(lambda: not result.filling, timeout=15_000)
    result.set_unfolded(True)
    texts = [result.licence_line.text(), result.error_text.text()]
    for row in result.match_rows():
        texts += [row.caption.text(), row.words.text(), row.message.text(), row.value.text()]
        assert row.words.text() == row.look.translated_words
    shown = " | ".join(texts)
    for word in SERVICE_ENGLISH_WORDS:
        assert word not in shown, (word, shown)


def test_match_words_follow_a_live_language_switch(
    qtbot: Any, make_window: WindowFactory, qapp: QApplication
) -> None:
    window = make_window()
    try:
        run_sample(qtbot, window, "signature-valid")
        qtbot.waitUntil(lambda: not window.result.filling, timeout=15_000)
        assert {r.words.text() for r in window.result.match_rows()} == {"Match"}
        window.switch_language("fr")
        qtbot.waitUntil(lambda: window.result.banner.title.text() == "Réussi", timeout=15_000)
        qtbot.waitUntil(lambda: not window.result.filling, timeout=15_000)
        words = {r.words.text() for r in window.result.match_rows()}
        assert words == {theme.MATCH_LOOKS[MatchCategory.MATCH].translated_words} == {"Correspond"}
        captions = {r.caption.text() for r in window.result.match_rows()}
        assert "Nom de famille" in captions and "Last Name" not in captions
    finally:
        remove_language(qapp)


def test_an_http_error_s_sentence_is_translated_and_the_service_s_words_quoted(
    french: None,
) -> None:
    from kiosk_app.api.errors import ServerError
    from kiosk_app.flow.reports import report_for
    from kiosk_app.ui.messages import translate_message

    error = ServerError(
        status_code=500,
        body_message="ApiError: Simulated server error",
        detail=" (HTTP 500: ApiError: Simulated server error)",
    )
    assert error.user_message.endswith("(HTTP 500: ApiError: Simulated server error)")
    report = report_for(error)
    assert report.message == (
        "The verification service is having trouble. Please try again shortly. "
        "(HTTP 500; the service's words: “ApiError: Simulated server error”)"
    )
    assert translate_message(report.message) == (
        "Le service de vérification éprouve des difficultés. Veuillez réessayer sous peu. "
        "(HTTP 500\u202f; paroles du service\u202f: «\u202fApiError: Simulated server error\u202f»)"
    )
    bare = report_for(ServerError(status_code=502, detail=" (HTTP 502)"))
    assert translate_message(bare.message).endswith("sous peu. (HTTP 502)")
