"""Check planning: what happens when a check is asked for, or when a card is read.

One function, :func:`plan_check`, for the kiosk's session and ``kiosk-app check auto``: it
routes the card (:func:`kiosk_app.flow.routing.route_card`), decides whether the Canadian
pre-fill is complete and acceptable, and says what to do: send the check, open the Canadian
form, refuse with a notice, or (asked for the automatic check) run nothing. The never-pay-twice
ledger and the quota gate come after it (:mod:`kiosk_app.flow.billing`); nothing here blocks.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import TYPE_CHECKING, Final

from kiosk_app.barcode.aamva import parse_aamva
from kiosk_app.barcode.errors import BarcodeError
from kiosk_app.barcode.issuer import issuer_from_header, issuer_of
from kiosk_app.flow.canada import prefill_complete, prefill_of, validate_canada
from kiosk_app.flow.models import CHECK_TITLES, CanadaFormData, FieldProblem, ScanData
from kiosk_app.flow.routing import Route, route_card
from kiosk_app.kinds import CheckKind
from kiosk_app.text import QT_TRANSLATE_NOOP, Message

if TYPE_CHECKING:
    from kiosk_app.config import Settings

#: Checks that need the barcode's exact bytes (refused on a scan that is not byte-exact).
EXACT_BYTES_CHECKS: Final = frozenset({CheckKind.SIGNATURE})

NOT_FOR_THIS_CARD = QT_TRANSLATE_NOOP(
    "messages", "{check} does not apply to this card; nothing was sent."
)
TURNED_OFF = QT_TRANSLATE_NOOP("messages", "{check} is turned off on this kiosk.")
SCAN_FIRST = QT_TRANSLATE_NOOP("messages", "Scan the back of the licence first.")
# A keyboard-wedge payload rebuilt from damaged input (ScanData.byte_exact False): a signature
# can never verify on it, so the check is refused here and never sent (not a verdict).
SIGNATURE_NEEDS_EXACT = QT_TRANSLATE_NOOP(
    "messages",
    "Signature not checked: the scanner changed some of the barcode's characters (control "
    "characters or keyboard layout). Scan the licence with the camera, or set the scanner to "
    "send control characters (see the set-up guide). The other checks still work.",
)


class Step(StrEnum):
    """What a plan does."""

    SEND = "send"  # run the check now (after the ledger and the quota)
    FORM = "form"  # open the Canadian form: a field must be typed or corrected
    REFUSE = "refuse"  # nothing runs; the notice says why
    NONE = "none"  # asked for the automatic check: none runs on its own for this card


@dataclass(frozen=True)
class CheckPlan:
    """The decision for one check on one card (or on no card)."""

    step: Step
    check: CheckKind | None
    reason: str = ""  # the routing's explanation in English ("<card>: <reason>"), if routed
    notice: str = ""  # REFUSE: the clerk's notice (a marked sentence or a Message)
    canada: CanadaFormData | None = None  # SEND: the registry input; FORM: the pre-fill
    problems: tuple[FieldProblem, ...] = ()  # FORM: why the pre-fill cannot be sent


def route_for(scan: ScanData, settings: Settings) -> Route:
    """The routing decision for a card read."""
    return route_card(
        scan.issuer,
        settings,
        prefill_complete=prefill_complete(scan.prefill),
        byte_exact=scan.byte_exact,
    )


def card_of(payload: bytes) -> ScanData:
    """A payload read for planning only (``kiosk-app check auto``: a file's bytes are exact):
    the issuer and the Canadian pre-fill, or the header's issuer when it does not parse."""
    try:
        record = parse_aamva(payload)
    except BarcodeError:  # cut short or not licence data
        return ScanData(payload, None, None, None, None, issuer=issuer_from_header(payload))
    return ScanData(payload, None, None, None, prefill_of(record), issuer=issuer_of(record))


def refused_checks(scan: ScanData | None) -> frozenset[CheckKind]:
    """The checks a scan cannot feed (the signature check on a repaired payload)."""
    if scan is None or scan.byte_exact:
        return frozenset()
    return EXACT_BYTES_CHECKS


def plan_check(
    scan: ScanData | None,
    settings: Settings,
    kind: CheckKind | None = None,
    *,
    today: date,
    route: Route | None = None,
    offered_only: bool = True,
) -> CheckPlan:
    """What to do for ``kind`` on ``scan`` (None: no card held).

    ``kind`` None asks for the card's automatic check (``Step.NONE`` when it has none).
    ``offered_only``: a check the card's route does not offer is refused (the clerk's
    choice); a demo sample's check is run as the sample says. ``route``: the card's routing
    when already known (else routed here).
    """
    if route is None and scan is not None:
        route = route_for(scan, settings)
    reason = route.explain() if route is not None else ""
    if kind is None:
        if route is None or route.check is None or not route.automatic:
            return CheckPlan(Step.NONE, None, reason)
        kind = route.check
    elif offered_only and not _applies(kind, scan, route):
        notice = Message(NOT_FOR_THIS_CARD, check=Message(CHECK_TITLES[kind]))
        return CheckPlan(Step.REFUSE, kind, reason, notice)
    if kind not in settings.enabled_checks:
        notice = Message(TURNED_OFF, check=Message(CHECK_TITLES[kind]))
        return CheckPlan(Step.REFUSE, kind, reason, notice)
    if kind is CheckKind.CANADA and (scan is None or not prefill_complete(scan.prefill)):
        return CheckPlan(Step.FORM, kind, reason, canada=scan.prefill if scan else None)
    if scan is None:
        return CheckPlan(Step.REFUSE, kind, reason, SCAN_FIRST)
    if kind in refused_checks(scan):
        return CheckPlan(Step.REFUSE, kind, reason, SIGNATURE_NEEDS_EXACT)
    if kind is CheckKind.CANADA and scan.prefill is not None:
        problems = tuple(validate_canada(scan.prefill, today))
        step = Step.FORM if problems else Step.SEND
        return CheckPlan(step, kind, reason, canada=scan.prefill, problems=problems)
    return CheckPlan(Step.SEND, kind, reason)


def _applies(kind: CheckKind, scan: ScanData | None, route: Route | None) -> bool:
    """The card's route offers ``kind`` (or only the exact bytes are missing); no card: any."""
    if scan is None or route is None:
        return True
    return kind in route.offered or kind in refused_checks(scan)
