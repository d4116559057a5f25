"""Which check suits the card just read: the routing table (data) and the rules around it.

A row of :data:`ROUTES` says, for an issuing country and a document type, which checks apply
(the only ones offered) and which admin setting picks the one run on its own. Around the
table (see ``docs/user-guide.md``, "Which check runs"):

* the country comes from :func:`kiosk_app.barcode.issuer.decide_issuer`; a card whose country
  is disputed, known from the address only, or unknown gets no automatic check, and only the
  checks that cannot be a mismatch (the parse, the Canadian form typed by hand);
* the signature check needs the payload exactly as printed: a repaired read
  (``ScanData.byte_exact`` false) is never offered it;
* the Canadian check runs without typing when the barcode gives the licence number, the date
  of birth and the province; otherwise the form opens for the missing field.

Texts are English templates in the ``messages`` context (the UI translates them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kiosk_app.barcode.issuer import Issuer
from kiosk_app.barcode.jurisdictions import CAN, USA
from kiosk_app.kinds import CheckKind
from kiosk_app.text import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from kiosk_app.config import Settings

SIGNATURE, PARSE, CANADA = CheckKind.SIGNATURE, CheckKind.DVS_PARSE, CheckKind.CANADA
US_SETTING = "us_cards"
CANADA_SETTING = "canadian_licences"


@dataclass(frozen=True)
class RouteRule:
    """One row: the checks that apply to a kind of card, and the setting choosing among them."""

    country: str
    document_type: str  # "DL" / "ID"
    offered: tuple[CheckKind, ...]
    setting: str | None  # the Settings field that picks the automatic check; None: none runs
    document: str  # how the Ready screen names the card
    reason: str = QT_TRANSLATE_NOOP("messages", "the check set for these cards")


ROUTES: tuple[RouteRule, ...] = (
    RouteRule(
        USA, "DL", (SIGNATURE, PARSE), US_SETTING,
        QT_TRANSLATE_NOOP("messages", "US driver's licence ({jurisdiction})"),
    ),
    RouteRule(
        USA, "ID", (SIGNATURE, PARSE), US_SETTING,
        QT_TRANSLATE_NOOP("messages", "US ID card ({jurisdiction})"),
    ),
    RouteRule(
        CAN, "DL", (CANADA, PARSE), CANADA_SETTING,
        QT_TRANSLATE_NOOP("messages", "Canadian driver's licence ({jurisdiction})"),
    ),
    RouteRule(
        CAN, "ID", (PARSE,), None,
        QT_TRANSLATE_NOOP("messages", "Canadian ID card ({jurisdiction})"),
        QT_TRANSLATE_NOOP("messages", "the registry check is for driver's licences only"),
    ),
)  # fmt: skip
RULES_BY_KEY = {(rule.country, rule.document_type): rule for rule in ROUTES}

# A card whose issuer is not known for sure: nothing that could mismatch the document.
UNSURE_OFFERED: tuple[CheckKind, ...] = (PARSE, CANADA)
UNSURE_DOCUMENT = QT_TRANSLATE_NOOP("messages", "Card of unknown origin")
DISPUTED = QT_TRANSLATE_NOOP(
    "messages", "the barcode names two different countries (damaged or unusual); choose a check"
)
ADDRESS_ONLY = QT_TRANSLATE_NOOP(
    "messages", "only the address says where the card is from; choose a check"
)
UNKNOWN = QT_TRANSLATE_NOOP(
    "messages", "the barcode does not say which country issued the card; choose a check"
)
NONE_SET = QT_TRANSLATE_NOOP("messages", "no automatic check is set for these cards")
REPAIRED = QT_TRANSLATE_NOOP(
    "messages",
    "the barcode was repaired while reading; the signature check needs it exactly as printed",
)
NEEDS_FORM = QT_TRANSLATE_NOOP(
    "messages", "the barcode lacks a detail the registry needs; complete the form"
)
TURNED_OFF = QT_TRANSLATE_NOOP("messages", "that check is turned off on this kiosk")
_UNSURE_REASONS = {"disputed": DISPUTED, "address": ADDRESS_ONLY, "unknown": UNKNOWN}


@dataclass(frozen=True)
class Route:
    """The routing decision for one card."""

    check: CheckKind | None  # the check for this card (run on its own when ``automatic``)
    offered: tuple[CheckKind, ...]  # the checks the clerk may choose for it
    document: str  # template naming the card, ``{jurisdiction}`` filled from ``jurisdiction``
    reason: str  # template: why this check (or none)
    jurisdiction: str = ""
    automatic: bool = False  # may run without the clerk choosing
    needs_form: bool = False  # the Canadian check, but a required field must be typed

    def document_text(self, translate: object = None) -> str:
        """The card's name (``translate``: a callable ``str -> str``, e.g. the UI's)."""
        template = translate(self.document) if callable(translate) else self.document
        return str(template).format(jurisdiction=self.jurisdiction or "?")

    def explain(self, translate: object = None) -> str:
        """``"<card>: <reason>"`` in English (or through ``translate``)."""
        reason = translate(self.reason) if callable(translate) else self.reason
        return f"{self.document_text(translate)}: {reason}"


def route_card(
    issuer: Issuer | None,
    settings: Settings,
    *,
    prefill_complete: bool,
    byte_exact: bool = True,
) -> Route:
    """The routing decision for a card (``issuer`` None: the barcode could not be parsed)."""
    enabled = set(settings.enabled_checks)
    rule = RULES_BY_KEY.get((issuer.country or "", issuer.document_type)) if issuer else None
    if issuer is None or rule is None or not issuer.confident:
        source = issuer.source.value if issuer is not None else "unknown"
        offered = tuple(k for k in UNSURE_OFFERED if k in enabled)
        return Route(None, offered, UNSURE_DOCUMENT, _UNSURE_REASONS.get(source, UNKNOWN))
    offered = tuple(k for k in rule.offered if k in enabled and (k is not SIGNATURE or byte_exact))
    place = issuer.jurisdiction or ""
    if rule.setting is None:
        return Route(None, offered, rule.document, rule.reason, place)
    chosen = settings.routed_check(canadian_licence=rule.setting == CANADA_SETTING)
    if chosen is None:
        return Route(None, offered, rule.document, NONE_SET, place)
    if chosen is SIGNATURE and not byte_exact:
        return Route(None, offered, rule.document, REPAIRED, place)
    if chosen not in offered:
        return Route(None, offered, rule.document, TURNED_OFF, place)
    if chosen is CANADA and not prefill_complete:
        return Route(chosen, offered, rule.document, NEEDS_FORM, place, True, needs_form=True)
    return Route(chosen, offered, rule.document, rule.reason, place, automatic=True)
