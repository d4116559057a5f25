"""Translating clerk-facing text that comes from the Qt-free layers, at the UI boundary.

``kiosk_app.api`` (``user_message``), ``kiosk_app.barcode`` (``hint``), the validation
messages, the check titles and the app layer's sentences are English made without Qt. The
screens show them through :func:`translate_message`, the one bridge: a fixed sentence is
``QCoreApplication.translate("messages", text)``, the English sentence itself being the key; a
:class:`~kiosk_app.flow.text.Message` is translated through its template with its parameters
filled in afterwards. Text without a translation is shown in English.

``DOMAIN_MESSAGES`` lists those sentences so ``pyside6-lupdate`` puts them in the ``.ts``
file; ``tests/unit/ui/test_i18n.py`` fails when a domain sentence is missing here (add it,
run lupdate, translate it). Text the service sends (its error messages, field captions) is
shown as sent.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication

from kiosk_app.barcode.consistency import Finding
from kiosk_app.flow.models import CHECK_TITLES, KEY_FIELD_LABELS
from kiosk_app.flow.text import CONTEXT, QT_TRANSLATE_NOOP, Message
from kiosk_app.flow.verdict_table import ShownVerdict
from kiosk_app.kinds import CheckKind
from kiosk_app.ui.theme import BANNER_LOOKS


def translate_message(text: str) -> str:
    """``text`` in the interface language (unchanged when there is no translation).

    The one bridge from untranslated text to the screen. A :class:`~kiosk_app.flow.text.Message`
    is translated through its template and its parameters filled in after translation (nested
    messages translated the same way, other values shown as they are); a plain string is a
    fixed English sentence, its own key.
    """
    if isinstance(text, Message):
        return _translate_template(text)
    if not text:
        return text
    return QCoreApplication.translate(CONTEXT, text)


def _translate_template(message: Message) -> str:
    translated = QCoreApplication.translate(CONTEXT, message.template)
    if not message.params:
        return translated
    values = {
        name: translate_message(value) if isinstance(value, Message) else str(value)
        for name, value in message.params.items()
    }
    try:
        return translated.format(**values)
    except (KeyError, IndexError, ValueError):  # a broken translation: the English, never a crash
        return message.template.format(**values)


def check_title(kind: CheckKind) -> str:
    """The check's button title in the interface language."""
    return translate_message(CHECK_TITLES[kind])


DOMAIN_MESSAGES: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("messages", "A check must name exactly one service."),
    QT_TRANSLATE_NOOP("messages", "Alberta"),
    QT_TRANSLATE_NOOP("messages", "Barcode scanner (keyboard)"),
    QT_TRANSLATE_NOOP("messages", "British Columbia"),
    QT_TRANSLATE_NOOP("messages", "Canadian registry check"),
    QT_TRANSLATE_NOOP(
        "messages",
        "Choose a Canadian province or territory (two letters, for example ON or BC).",
    ),
    QT_TRANSLATE_NOOP("messages", "Choose the province or territory."),
    QT_TRANSLATE_NOOP("messages", "Drop a picture of the back of the licence"),
    QT_TRANSLATE_NOOP(
        "messages",
        "Enter one licence class of at most 2 letters or digits, for example G or 5.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "Enter the date of birth as year-month-day, for example 1989-12-24.",
    ),
    QT_TRANSLATE_NOOP("messages", "Enter the date of birth."),
    QT_TRANSLATE_NOOP("messages", "Enter the licence number."),
    QT_TRANSLATE_NOOP("messages", "Image files (Open or drag and drop)"),
    QT_TRANSLATE_NOOP("messages", "Listening"),
    QT_TRANSLATE_NOOP("messages", "Manitoba"),
    QT_TRANSLATE_NOOP("messages", "New Brunswick"),
    QT_TRANSLATE_NOOP("messages", "Newfoundland and Labrador"),
    QT_TRANSLATE_NOOP("messages", "No API token is configured. Ask the administrator."),
    QT_TRANSLATE_NOOP("messages", "No barcode data was read; scan the back of the card again."),
    QT_TRANSLATE_NOOP("messages", "No legacy auth key is configured. Ask the administrator."),
    QT_TRANSLATE_NOOP(
        "messages",
        "No licence barcode found — hold the card flatter, move closer and avoid glare, "
        "then try again.",
    ),
    QT_TRANSLATE_NOOP("messages", "Northwest Territories"),
    QT_TRANSLATE_NOOP("messages", "Nova Scotia"),
    QT_TRANSLATE_NOOP("messages", "Nunavut"),
    QT_TRANSLATE_NOOP("messages", "Ontario"),
    QT_TRANSLATE_NOOP("messages", "Parse only"),
    QT_TRANSLATE_NOOP("messages", "Prince Edward Island"),
    QT_TRANSLATE_NOOP("messages", "Quebec"),
    QT_TRANSLATE_NOOP("messages", "Ready"),
    QT_TRANSLATE_NOOP("messages", "Same barcode again — ignored"),
    QT_TRANSLATE_NOOP("messages", "Saskatchewan"),
    QT_TRANSLATE_NOOP("messages", "Some details are missing or wrong; nothing was sent."),
    QT_TRANSLATE_NOOP("messages", "Stopped"),
    QT_TRANSLATE_NOOP("messages", "That barcode is not from a driver's licence or ID card."),
    QT_TRANSLATE_NOOP("messages", "That date of birth does not exist; check the day and month."),
    QT_TRANSLATE_NOOP(
        "messages",
        "That file is not a picture the kiosk can open. Try another photo or scan.",
    ),
    QT_TRANSLATE_NOOP("messages", "The CA bundle file in the settings does not exist."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The kiosk opens only PNG, JPEG, TIFF, BMP, GIF, WebP and PNM pictures. "
        "Save the scan in one of those formats.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The picture needs too much time or memory to open safely. Use a smaller photo or scan.",
    ),
    QT_TRANSLATE_NOOP("messages", "Reading the picture was stopped."),
    QT_TRANSLATE_NOOP("messages", "The barcode could not be read."),
    QT_TRANSLATE_NOOP("messages", "The barcode data is not a byte string."),
    QT_TRANSLATE_NOOP("messages", "The data has no AAMVA header (expected '@' and 'ANSI')."),
    QT_TRANSLATE_NOOP("messages", "The data has no driver licence or ID card subfile."),
    QT_TRANSLATE_NOOP("messages", "The data is empty or far too short to be a licence barcode."),
    QT_TRANSLATE_NOOP("messages", "The data is far too long to be a licence barcode."),
    QT_TRANSLATE_NOOP("messages", "The date of birth is in the future; check the year."),
    QT_TRANSLATE_NOOP("messages", "The image of the back of the card is empty."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The kiosk's access key was refused by the service. Ask the administrator.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The kiosk's service settings are invalid. Ask the administrator.",
    ),
    QT_TRANSLATE_NOOP("messages", "The licence barcode data is cut off after its header."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The licence barcode data is cut off: it ends before the length its header declares.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The licence barcode data is cut off: no licence number and no date of birth.",
    ),
    QT_TRANSLATE_NOOP("messages", "The licence barcode data is malformed."),
    QT_TRANSLATE_NOOP("messages", "The licence barcode was only partly read. Scan it again."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The licence number does not look right; type it as printed on the card.",
    ),
    QT_TRANSLATE_NOOP("messages", "The licence subfile holds no data elements."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The network answered with a web page instead of the verification service, "
        "probably a Wi-Fi sign-in page. Sign in to the network (or ask the "
        "administrator), then try again.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The parsing service could not read the data; scan again or use the image.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The proxy server refused the connection. Ask the administrator.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The registry could not complete the check. Try again in 15 minutes; this check "
        "was not counted.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The scanned data is far too long to be a licence barcode; nothing was sent. Scan "
        "the back of the card again.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The scanner changed some of the barcode's characters, so the signature cannot be "
        "checked on this scan. Scan the licence with the camera, or set the scanner to send "
        "control characters.",
    ),
    QT_TRANSLATE_NOOP("messages", "The service could not complete the check; it was not counted."),
    QT_TRANSLATE_NOOP("messages", "The service could not read the barcode; scan it again."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The service returned a status this kiosk does not know; treat as unverified.",
    ),
    QT_TRANSLATE_NOOP("messages", "The service time limits must be positive."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The service's security certificate was not accepted. The connection was stopped; "
        "ask the administrator.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The signature check could not be completed. Check the request for errors (scan "
        "the barcode again); this check was not counted.",
    ),
    QT_TRANSLATE_NOOP("messages", "The verification service answered for a different check."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The verification service cannot be reached. Check the network and try again.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The verification service could not be reached in time. Nothing was sent; check "
        "the network and try again.",
    ),
    QT_TRANSLATE_NOOP("messages", "The verification service could not be used."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The verification service did not answer in time. Please try again.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The verification service is having trouble. Please try again shortly.",
    ),
    QT_TRANSLATE_NOOP("messages", "The verification service reported an error."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The verification service is receiving too many requests; wait a minute.",
    ),
    QT_TRANSLATE_NOOP("messages", "The verification service refused the request."),
    QT_TRANSLATE_NOOP("messages", "The verification service sent a reply nested too deeply."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The verification service sent a reply that is far too large; it was ignored.",
    ),
    QT_TRANSLATE_NOOP("messages", "The verification service sent a reply the kiosk cannot read."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The verification service sent a reply with far too many entries.",
    ),
    QT_TRANSLATE_NOOP("messages", "The verification service sent an empty answer."),
    QT_TRANSLATE_NOOP("messages", "The verification service sent an empty reply."),
    QT_TRANSLATE_NOOP("messages", "The verification service's answer has no overall status."),
    # Keyboard-wedge statuses (kiosk_app.barcode.wedge_text, keyboard_layouts).
    QT_TRANSLATE_NOOP(
        "messages",
        "The scanner did not send the barcode's control characters as they are: set it to send "
        "control characters (Ctrl+key or Alt+keypad codes), or use the camera.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The scanner sends the Enter key for both line feed and carriage return: set it to send "
        "control characters as Ctrl+key, or use the camera.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "Some keys the scanner sent did not type a character: set the scanner to send control "
        "characters as Ctrl+key, or use the camera.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The scanner adds a suffix after the data: set its suffix to none, or use the camera.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The scanner types with the US keyboard layout but this computer uses French "
        "(AZERTY): set the scanner's keyboard country to France, or set this computer's "
        "keyboard layout to English (US).",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The scanner types with the US keyboard layout but this computer uses Canadian "
        "French: set the scanner's keyboard country to Canadian French, or set this "
        "computer's keyboard layout to English (US).",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The scanner types with the US keyboard layout but this computer uses Canadian "
        "Multilingual Standard (CSA): set the scanner's keyboard country to Canadian "
        "French (CSA), or set this computer's keyboard layout to English (US).",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The scanner's keyboard layout does not match this computer's: set the scanner's keyboard "
        "country to this computer's layout, or set this computer's keyboard layout to "
        "English (US).",
    ),
    QT_TRANSLATE_NOOP("messages", "Verify signature"),
    QT_TRANSLATE_NOOP("messages", "Yukon"),
    # The settings model's own rule (kiosk_app.config).
    QT_TRANSLATE_NOOP("messages", "this check is turned off; enable it or choose another"),
    QT_TRANSLATE_NOOP(
        "messages", "use letters, digits and punctuation only (no control characters)"
    ),
)

# The client's address and secret sentences, one per label it passes (kiosk_app.api.client,
# kiosk_app.api.transport: f-strings over a fixed set of labels, listed here expanded).
ADDRESS_MESSAGES: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("messages", "The check service address is not a valid https address."),
    QT_TRANSLATE_NOOP(
        "messages", "The document verification address is not a valid https address."
    ),
    QT_TRANSLATE_NOOP(
        "messages", "The legacy parsing service address is not a valid https address."
    ),
    QT_TRANSLATE_NOOP("messages", "The proxy address is not a valid https address."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The check service address must not contain a user name, password, query or fragment.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The document verification address must not contain a user name, password, query or "
        "fragment.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The legacy parsing service address must not contain a user name, password, query or "
        "fragment.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The proxy address must not contain a user name, password, query or fragment.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The check service address must use https (plain http is allowed only on this computer).",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The document verification address must use https (plain http is allowed only on this "
        "computer).",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The legacy parsing service address must use https (plain http is allowed only on this "
        "computer).",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The proxy address must use https (plain http is allowed only on this computer).",
    ),
    QT_TRANSLATE_NOOP("messages", "The check service address is not set. Ask the administrator."),
    QT_TRANSLATE_NOOP(
        "messages", "The document verification address is not set. Ask the administrator."
    ),
    QT_TRANSLATE_NOOP(
        "messages", "The legacy parsing service address is not set. Ask the administrator."
    ),
    QT_TRANSLATE_NOOP("messages", "The API token contains characters that are not allowed."),
    QT_TRANSLATE_NOOP("messages", "The legacy auth key contains characters that are not allowed."),
)


# The consistency rules' advice sentences (kiosk_app.barcode.consistency_rules.RULES), shown
# on the licence panel and printed by ``parse --json`` in the interface language.
CONSISTENCY_MESSAGES: tuple[str, ...] = (
    QT_TRANSLATE_NOOP(
        "messages", "The issuer number {iin} is not that of a US or Canadian licence issuer."
    ),
    QT_TRANSLATE_NOOP(
        "messages", "The issuer number belongs to {issuer}, but the address is in {address}."
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The barcode follows AAMVA version {version} ({published}), "
        "yet the card says it was issued in {issued}.",
    ),
    QT_TRANSLATE_NOOP(
        "messages", "The barcode lacks elements its AAMVA version requires: {elements}."
    ),
    QT_TRANSLATE_NOOP(
        "messages", "The barcode header announces {declared} subfiles but lists {found}."
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The barcode header places its first subfile at byte {declared} "
        "instead of byte {expected}.",
    ),
    QT_TRANSLATE_NOOP("messages", "The licence data is in a subfile of type {kind}, not DL or ID."),
    QT_TRANSLATE_NOOP(
        "messages", "The barcode data is {missing} bytes shorter than its header declares."
    ),
    QT_TRANSLATE_NOOP("messages", "A date in the barcode ({element}) is not a real date."),
    QT_TRANSLATE_NOOP("messages", "A date in the barcode ({element}) is an implausible date."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The height in the barcode ({element}) is not a plausible height; it is left out.",
    ),
    QT_TRANSLATE_NOOP("messages", "The date of birth is not before the issue date."),
    QT_TRANSLATE_NOOP("messages", "The issue date is in the future."),
    QT_TRANSLATE_NOOP("messages", "The expiry date is not after the issue date."),
    QT_TRANSLATE_NOOP(
        "messages",
        "The card is valid for {years} years; {jurisdiction} issues cards "
        "for at most {maximum} years.",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "The card is marked REAL ID compliant but is valid for more than {maximum} years.",
    ),
    QT_TRANSLATE_NOOP(
        "messages", "The holder was {age} years old at issue, which is unusual for this document."
    ),
    QT_TRANSLATE_NOOP("messages", "The licence number does not have the form {jurisdiction} uses."),
    QT_TRANSLATE_NOOP("messages", "The postal code does not have the form {form}."),
    QT_TRANSLATE_NOOP("messages", "The postal code's first letter is not used in {province}."),
)


def finding_text(finding: Finding) -> str:
    """One consistency finding as a sentence in the interface language."""
    return finding.text(translate_message)


def key_field_label(field: str) -> str:
    """A missing key field's name (``incomplete`` id) in the interface language."""
    return translate_message(KEY_FIELD_LABELS.get(field, field))


def verdict_words(words: str, params: Mapping[str, str | int]) -> str:
    """A verdict table row's own title (context ``Verdict``) in the interface language, its
    placeholders filled in (``Under {age}``); empty when the row uses its look's words."""
    if not words:
        return ""
    text = QCoreApplication.translate("Verdict", words)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):  # a translation that broke a placeholder
        return words.format(**params)


def shown_title(shown: ShownVerdict) -> str:
    """The title a banner showed (quoted by a repeat of the card), in the interface language."""
    look = BANNER_LOOKS.get(shown.look)
    own = look.translated_words if look is not None else shown.look
    return verdict_words(shown.words, shown.params) or own
