"""The consistency rules on every specimen of the shared corpus: no false warning on a real card.

Real specimens: c0shea-IdParser (28 DMV samples, some scrubbed by their publisher), the six
Virginia DMV test cards (Syfaro) and the California DMV specimen graphic. One real specimen
carries a true inconsistency: the publisher of ``MO.txt`` replaced the date of birth with
2017-08-09, after the card's issue date (2011-06-30); the rule says so and nothing else fires.
Jay-Mason's payloads are synthetic fixtures with known flaws, asserted one by one.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from kiosk_app.barcode.aamva import parse_aamva
from kiosk_app.barcode.consistency import ConsistencyReport, check_consistency
from kiosk_app.barcode.consistency_rules import RULES
from tests.aamva_factory import CardSpec, build_payload, canadian_spec, quebec_spec

CORPUS = Path(__file__).resolve().parents[2] / "data" / "corpus"
REAL = sorted(
    [
        *(CORPUS / "aamva" / "c0shea-IdParser").glob("*.txt"),
        *(CORPUS / "aamva" / "Syfaro-aamva-rs-VA").glob("*.txt"),
        CORPUS / "images" / "ca-dmv-specimen" / "reverse_side_sample.expected-pdf417.txt",
    ]
)
SYNTHETIC = sorted((CORPUS / "aamva" / "Jay-Mason-USDriversLicenseParser").glob("*.txt"))
# True findings on corpus files, each explained in the module docstring or below.
KNOWN_TRUE_FINDINGS: dict[str, list[str]] = {
    "MO.txt": ["BIRTH_AFTER_ISSUE"],
    # Jay-Mason's "california" fixtures carry Arizona's IIN with a California address.
    "aamva03CombinedName.txt": ["IIN_JURISDICTION", "MANDATORY_ELEMENTS", "HEADER_ENTRIES"],
    "californiaAamva05.txt": ["IIN_JURISDICTION"],
    "californiaAamva08.txt": ["IIN_JURISDICTION"],
    "californiaUnder21.txt": ["IIN_JURISDICTION"],
    "dagostinoAamva08.txt": ["IIN_JURISDICTION"],
    "femaleAamva08.txt": ["IIN_JURISDICTION"],
}
# Rules no real specimen of the corpus exercises (it holds no Canadian card): a well-formed
# synthetic card shows they pass instead.
CANADIAN_ONLY = {"POSTAL_CODE_PROVINCE"}


def _report(path: Path) -> ConsistencyReport:
    return check_consistency(parse_aamva(path.read_bytes()), date.today())


def _id(path: Path) -> str:
    return f"{path.parent.name[:6]}/{path.name}"


@pytest.mark.parametrize("path", REAL, ids=_id)
def test_real_specimen_has_no_false_warning(path: Path) -> None:
    report = _report(path)
    assert report.codes() == KNOWN_TRUE_FINDINGS.get(path.name, [])
    assert report.checked >= 14


@pytest.mark.parametrize("path", SYNTHETIC, ids=_id)
def test_synthetic_fixture_findings_are_the_known_flaws(path: Path) -> None:
    assert _report(path).codes() == KNOWN_TRUE_FINDINGS.get(path.name, [])


def test_corpus_size() -> None:
    assert (len(REAL), len(SYNTHETIC)) == (35, 12)


def _passes(report: ConsistencyReport, code: str) -> bool:
    return code in report.applied and code not in report.codes()


@pytest.mark.parametrize("code", sorted(RULES))
def test_a_real_card_passes_the_rule(code: str) -> None:
    """Every rule applied to at least one real specimen and found nothing there."""
    reports = [_report(path) for path in REAL]
    if code in CANADIAN_ONLY:
        cards = [canadian_spec(), quebec_spec(), canadian_spec(postal_code="M5V 2T6")]
        reports = [check_consistency(parse_aamva(build_payload(s))) for s in cards]
    assert any(_passes(report, code) for report in reports)


def test_real_id_rule_applies_to_the_virginia_real_id_cards() -> None:
    real_id = [p for p in REAL if "VA-REAL" in p.name]
    assert real_id and all(_passes(_report(p), "REAL_ID_VALIDITY") for p in real_id)


def test_synthetic_factory_card_passes_every_rule() -> None:
    new_york = CardSpec(jurisdiction="NY", postal_code="122010000")
    report = check_consistency(parse_aamva(build_payload(new_york)), date(2025, 6, 1))
    assert report.findings == ()
    assert set(RULES) - set(report.applied) == CANADIAN_ONLY
