"""The Canadian registry check's input: the form's fields, their inline problems, the
pre-fill a licence gives, and the API input built from it (once, for the GUI and the CLI)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from functools import partial
from typing import Final

from kiosk_app.api import validation
from kiosk_app.api.errors import InputRejectedError
from kiosk_app.api.validation import CanadaCheckInput
from kiosk_app.barcode.licence import LicenceRecord
from kiosk_app.flow.models import CanadaFormData, FieldProblem

FORM_FIELDS: Final = ("licence_number", "date_of_birth", "province", "licence_class")


def prefill_of(record: LicenceRecord) -> CanadaFormData | None:
    """The form's text from a parsed Canadian licence (None: not a Canadian licence)."""
    prefill = record.canada_prefill()
    if prefill is None:
        return None
    born = prefill.date_of_birth
    return CanadaFormData(
        licence_number=text_of(prefill.licence_number),
        date_of_birth=born.isoformat() if isinstance(born, date) else text_of(born),
        province=text_of(prefill.province),
        licence_class=text_of(prefill.licence_class),
    )


def prefill_complete(prefill: CanadaFormData | None) -> bool:
    """The barcode gave every field the registry check requires (class is optional)."""
    if prefill is None:
        return False
    required = (prefill.licence_number, prefill.date_of_birth, prefill.province)
    return all(value.strip() for value in required)


def canada_input(form: CanadaFormData) -> CanadaCheckInput:
    """The API's input object from the form's text."""
    return CanadaCheckInput(
        licence_number=form.licence_number,
        date_of_birth=form.date_of_birth,
        province=form.province,
        licence_class=form.licence_class or None,
    )


def validate_canada(form: CanadaFormData, today: date) -> list[FieldProblem]:
    """Every problem of the form at once (the inline messages), none when it is good."""
    checks: list[tuple[str, Callable[[], object]]] = [
        ("licence_number", partial(validation.validate_licence_number, form.licence_number)),
        (
            "date_of_birth",
            partial(validation.validate_date_of_birth, form.date_of_birth, today),
        ),
        ("province", partial(validation.validate_province, form.province)),
        ("licence_class", partial(validation.validate_licence_class, form.licence_class)),
    ]
    problems = []
    for name, check in checks:
        try:
            check()
        except InputRejectedError as exc:
            problems.append(FieldProblem(exc.field or name, exc.user_message))
    return problems


def text_of(value: object) -> str:
    """A parsed value as the form's text (None is empty)."""
    return "" if value is None else str(value).strip()
