"""The licence panel shows the local checks as advice: "Barcode consistent", or "N things look
unusual" with one sentence each, and an incomplete read's missing fields; in English and French.
The summaries come from the real backend parsing factory payloads."""

from __future__ import annotations

from datetime import date
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from kiosk_app.app.backend import Backend
from kiosk_app.barcode.aamva import looks_like_aamva, parse_aamva
from kiosk_app.ui.widgets import LicencePanel
from tests.aamva_factory import CardSpec, build_payload


class _NoClient:
    """The panel needs no service: any call would be a bug."""


class _NoDecoder:
    """Payloads are handed over directly: no picture is decoded."""


def _backend() -> Backend:
    return Backend(
        _NoClient(), _NoDecoder(), parse_aamva, looks_like_aamva,  # type: ignore[arg-type]
        today=lambda: date(2025, 6, 1),
    )  # fmt: skip


_HOLDERS: list[QWidget] = []  # kept alive for the test's duration


def _panel(qtbot: Any, spec: CardSpec | bytes) -> LicencePanel:
    holder = QWidget()  # never shown: the panel stays a child, not a window
    qtbot.addWidget(holder)
    _HOLDERS.append(holder)
    panel = LicencePanel(holder)
    payload = spec if isinstance(spec, bytes) else build_payload(spec)
    licence = _backend().read_payload(payload).licence
    assert licence is not None
    panel.show_licence(licence)
    return panel


UNUSUAL = CardSpec(overrides=(("DAJ", "NV"), ("DAK", "ABCDE")))
# A New Hampshire-style card whose licence subfile is typed EN, with a mock issue date and a
# height that is none in the centimetre element.
QUIRKS = build_payload(
    CardSpec(
        version=8, jurisdiction="NH", licence_number="12ABC34567", postal_code="033010000",
        omit=("DAU",), overrides=(("DAV", "5"), ("DBD", "05011114")),
    )
).replace(b"DL00", b"EN00", 1).replace(b"DLDCA", b"ENDCA", 1)  # fmt: skip


def test_a_consistent_card_says_so(qtbot: Any) -> None:
    panel = _panel(qtbot, CardSpec())
    assert panel.consistency.text() == "Barcode consistent"
    assert panel.findings.isHidden() and panel.incomplete.isHidden()


def test_unusual_findings_are_counted_and_explained_one_sentence_each(qtbot: Any) -> None:
    panel = _panel(qtbot, UNUSUAL)
    assert panel.consistency.text() == "2 things look unusual"
    lines = panel.findings.text().splitlines()
    assert lines == [
        "• The issuer number belongs to CA, but the address is in NV.",
        "• The postal code does not have the form 12345 / 12345-6789.",
    ]
    assert panel.findings.textFormat() == Qt.TextFormat.PlainText


def test_the_notes_of_public_fixture_quirks_are_shown(qtbot: Any) -> None:
    panel = _panel(qtbot, QUIRKS)
    assert panel.consistency.text() == "3 things look unusual"
    assert panel.findings.text().splitlines() == [
        "• The licence data is in a subfile of type EN, not DL or ID.",
        "• A date in the barcode (DBD) is an implausible date.",
        "• The height in the barcode (DAV) is not a plausible height; it is left out.",
    ]


def test_an_incomplete_read_names_the_missing_fields(qtbot: Any) -> None:
    panel = _panel(qtbot, CardSpec(omit=("DBB", "DBA")))
    assert not panel.incomplete.isHidden()
    assert panel.incomplete.text() == (
        "Incomplete read, missing: date of birth, expiry date. Check the card itself."
    )


def test_the_panel_clears_its_advice(qtbot: Any) -> None:
    panel = _panel(qtbot, UNUSUAL)
    panel.show_licence(None)
    assert panel.consistency.text() == panel.findings.text() == panel.incomplete.text() == ""


def test_the_advice_is_in_french(qtbot: Any, french: Any) -> None:
    panel = _panel(qtbot, UNUSUAL)
    assert panel.consistency.text() == "2 points semblent inhabituels"
    assert panel.findings.text().splitlines()[0] == (
        "• Le numéro d'émetteur appartient à CA, mais l'adresse est dans NV."
    )
    incomplete = _panel(qtbot, CardSpec(omit=("DBB",)))
    assert incomplete.incomplete.text() == (
        "Lecture incomplète, il manque\u202f: date de naissance. Vérifiez la carte elle-même."
    )
    assert _panel(qtbot, CardSpec()).consistency.text() == "Code-barres cohérent"
    assert _panel(qtbot, QUIRKS).findings.text().splitlines() == [
        "• Les données du permis sont dans un sous-fichier de type EN, et non DL ou ID.",
        "• Une date du code-barres (DBD) est invraisemblable.",
        "• La taille inscrite dans le code-barres (DAV) est invraisemblable\u202f; elle est omise.",
    ]
