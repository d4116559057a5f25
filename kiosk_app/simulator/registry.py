"""The fictional registry shipped with the simulator: Canadian licences and revoked US numbers."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class CanadianRecord:
    """One fictional Canadian licence as the jurisdiction holds it."""

    licence_number: str
    date_of_birth: date
    province: str
    classes: tuple[str, ...]
    status: str  # Valid, Suspended, Expired or Cancelled
    first_name: str
    middle_name: str
    last_name: str
    sex: str
    simulate: str | None  # None, "unavailable" (Undefined) or "error" (success: false)


@dataclass(frozen=True)
class Registry:
    """All the simulator's data, looked up by normalised licence number."""

    canada: tuple[CanadianRecord, ...]
    revoked_licence_numbers: frozenset[str]

    def find_canadian(self, licence_number: str) -> list[CanadianRecord]:
        """Records whose number equals ``licence_number`` ignoring case, spaces and dashes."""
        wanted = normalise_number(licence_number)
        return [r for r in self.canada if normalise_number(r.licence_number) == wanted]

    def is_revoked(self, licence_number: str) -> bool:
        """True when the (normalised) number is on the revocation list."""
        return normalise_number(licence_number) in self.revoked_licence_numbers


def normalise_number(licence_number: str) -> str:
    """Upper-case, without spaces or dashes: how the simulator compares licence numbers."""
    return "".join(ch for ch in licence_number.upper() if ch not in " -")


@cache
def load_registry() -> Registry:
    """The registry in ``data/registry.json`` (read once)."""
    text = (
        resources.files("kiosk_app.simulator")
        .joinpath("data/registry.json")
        .read_text(encoding="utf-8")
    )
    raw = json.loads(text)
    records = tuple(
        CanadianRecord(
            licence_number=item["licenceNumber"],
            date_of_birth=date.fromisoformat(item["dateOfBirth"]),
            province=item["province"],
            classes=tuple(item["classes"]),
            status=item["status"],
            first_name=item["firstName"],
            middle_name=item["middleName"],
            last_name=item["lastName"],
            sex=item["sex"],
            simulate=item.get("simulate"),
        )
        for item in raw["canada"]
    )
    revoked = frozenset(normalise_number(n) for n in raw["revokedLicenceNumbers"])
    return Registry(records, revoked)
