"""Check planning, one test per row, on real payloads: what the session and ``check auto`` do
for a check asked for (or the automatic one) on a card (or none)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

import pytest

from kiosk_app.config import Settings
from kiosk_app.flow.canada import canada_input
from kiosk_app.flow.models import ScanData
from kiosk_app.flow.planning import (
    NOT_FOR_THIS_CARD,
    SCAN_FIRST,
    SIGNATURE_NEEDS_EXACT,
    TURNED_OFF,
    Step,
    card_of,
    plan_check,
)
from kiosk_app.kinds import CheckKind
from tests.aamva_factory import CardSpec, build_payload, canadian_spec

SIG, PARSE, CAN = CheckKind.SIGNATURE, CheckKind.DVS_PARSE, CheckKind.CANADA
TODAY = date(2026, 6, 1)
US = build_payload(CardSpec())
CANADIAN = build_payload(canadian_spec())


@dataclass(frozen=True)
class Row:
    """A card (None: none held), the check asked for (None: the automatic one), the settings;
    the expected step, check and notice template."""

    name: str
    payload: bytes | None
    kind: CheckKind | None
    step: Step
    check: CheckKind | None
    notice: str = ""
    settings: dict[str, Any] = field(default_factory=dict)
    byte_exact: bool = True
    offered_only: bool = True


ROWS = (
    Row("us card: the signature runs on its own", US, None, Step.SEND, SIG),
    Row("us card, parse chosen for us cards", US, None, Step.SEND, PARSE,
        settings=dict(us_cards="parse")),
    Row("us card, no automatic check set", US, None, Step.NONE, None,
        settings=dict(us_cards="none")),
    Row("us card repaired: no signature on its own", US, None, Step.NONE, None, byte_exact=False),
    Row("canadian licence: the registry check, pre-filled", CANADIAN, None, Step.SEND, CAN),
    Row("canadian licence lacking its number: the form", build_payload(
        canadian_spec(licence_number="NONE")), None, Step.FORM, CAN),
    Row("canadian id card: nothing on its own", build_payload(canadian_spec(document_type="ID")),
        None, Step.NONE, None),
    Row("not a licence: nothing on its own", b"not a licence at all", None, Step.NONE, None),
    Row("clerk: parse on a us card", US, PARSE, Step.SEND, PARSE),
    Row("clerk: registry check on a us card", US, CAN, Step.REFUSE, CAN, NOT_FOR_THIS_CARD),
    Row("sample: registry check on a us card opens the form", US, CAN, Step.FORM, CAN,
        offered_only=False),
    Row("clerk: signature on a repaired read", US, SIG, Step.REFUSE, SIG, SIGNATURE_NEEDS_EXACT,
        byte_exact=False),
    Row("clerk: a check turned off (no card held)", None, PARSE, Step.REFUSE, PARSE, TURNED_OFF,
        settings=dict(enabled_checks=[SIG, CAN])),
    Row("clerk: a check turned off is not offered for the card", US, PARSE, Step.REFUSE, PARSE,
        NOT_FOR_THIS_CARD, settings=dict(enabled_checks=[SIG, CAN])),
    Row("clerk: parse with no card", None, PARSE, Step.REFUSE, PARSE, SCAN_FIRST),
    Row("clerk: registry check with no card: the empty form", None, CAN, Step.FORM, CAN),
    Row("automatic with no card: nothing", None, None, Step.NONE, None),
)  # fmt: skip


def _scan(row: Row) -> ScanData | None:
    if row.payload is None:
        return None
    return replace(card_of(row.payload), byte_exact=row.byte_exact)


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.name)
def test_plan_row(row: Row) -> None:
    plan = plan_check(
        _scan(row), Settings(**row.settings), row.kind, today=TODAY, offered_only=row.offered_only
    )
    assert (plan.step, plan.check) == (row.step, row.check)
    notice = plan.notice
    assert getattr(notice, "template", notice) == row.notice


def test_a_canadian_plan_carries_the_registry_input_built_once() -> None:
    plan = plan_check(card_of(CANADIAN), Settings(), today=TODAY)
    assert plan.canada is not None and plan.reason.startswith("Canadian driver's licence (ON)")
    data = canada_input(plan.canada)
    assert (data.licence_number, data.province, data.licence_class) == (
        "T76543210987654",
        "ON",
        "G",
    )


def test_a_pre_fill_the_registry_would_refuse_opens_the_form_with_its_problems() -> None:
    scan = card_of(CANADIAN)
    assert scan.prefill is not None
    born_later = replace(scan, prefill=replace(scan.prefill, date_of_birth="2030-01-01"))
    plan = plan_check(born_later, Settings(), CAN, today=TODAY)
    assert plan.step is Step.FORM
    assert [p.field for p in plan.problems] == ["date_of_birth"]
