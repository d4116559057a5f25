"""A backend that answers the session from a script: hand-built outcomes, no network."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date
from typing import Any

from kiosk_app.api.outcome import Outcome
from kiosk_app.app.backend import Backend
from kiosk_app.barcode.errors import NoBarcodeFoundError
from kiosk_app.barcode.issuer import Issuer, IssuerSource
from kiosk_app.flow.models import CanadaFormData, LicenceSummary, ScanData
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.storage.watchlist import CardIdentity

US_LICENCE = Issuer("USA", "CO", "DL", IssuerSource.IIN)
LICENCE = LicenceSummary("PAT DOE", date(1989, 12, 24), 36, 19, date(2030, 1, 1), False, 1500)


def outcome(
    verdict: Verdict, service: CheckKind = CheckKind.SIGNATURE, retry: int | None = None
) -> Outcome:
    """An outcome with ``verdict`` for ``service``, not billed."""
    return Outcome(service, verdict, None, verdict.value, billable=False, retry_after_seconds=retry)


class ScriptedBackend(Backend):
    """Answers from a script; ``gate`` holds a call until the test releases it."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.gate = threading.Event()
        self.gate.set()
        self.answer: Callable[[], Outcome] = lambda: outcome(Verdict.PASSED)
        self.issuer = US_LICENCE
        self.identity: CardIdentity | None = None  # what the watchlist hashes (None: nothing)

    def read_payload(
        self, payload: bytes, symbol: Any = None, back_image: Any = None, *, byte_exact: bool = True
    ) -> ScanData:
        self.calls.append("read")
        return ScanData(
            payload,
            None,
            None,
            LICENCE,
            None,
            byte_exact=byte_exact,
            issuer=self.issuer,
            identity=self.identity,
        )

    def read_image(self, source: object) -> ScanData:
        self.calls.append("image")
        raise NoBarcodeFoundError()

    def check_scan(self, kind: CheckKind, scan: ScanData) -> Outcome:
        self.calls.append(kind.value)
        self.gate.wait(5)
        return self.answer()

    def check_canada(self, form: CanadaFormData) -> Outcome:
        self.calls.append("canada")
        self.gate.wait(5)
        return self.answer()
