"""Translating clerk-facing text that comes from the Qt-free layers, at the UI boundary.

``kiosk_app.api`` (``user_message``), ``kiosk_app.barcode`` (``hint``), the validation
messages, the check titles and the app layer's sentences are English made without Qt. The
screens show them through :func:`translate_message`, the one bridge: a fixed sentence is
``QCoreApplication.translate("messages", text)``, the English sentence itself being the key; a
:class:`~kiosk_app.text.Message` is translated through its template with its parameters
filled in afterwards. Text without a translation is shown in English.

Each package marks its own sentences with :func:`kiosk_app.text.QT_TRANSLATE_NOOP` where it
writes them, so ``pyside6-lupdate`` over the whole package puts them in the ``.ts`` file
(``tests/unit/ui/test_i18n.py`` fails on an unmarked domain sentence, or a marked one missing
from the ``.ts``). Text the service sends (its error messages, field captions) is shown as
sent.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication

from kiosk_app.barcode.consistency import Finding
from kiosk_app.flow.models import CHECK_TITLES, KEY_FIELD_LABELS
from kiosk_app.flow.verdict_table import ShownVerdict
from kiosk_app.kinds import CheckKind
from kiosk_app.text import CONTEXT, QT_TRANSLATE_NOOP, Message
from kiosk_app.ui.theme import BANNER_LOOKS


def translate_message(text: str) -> str:
    """``text`` in the interface language (unchanged when there is no translation).

    The one bridge from untranslated text to the screen. A :class:`~kiosk_app.text.Message`
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
