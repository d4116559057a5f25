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
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from kiosk_app.flow.models import CHECK_TITLES, KEY_FIELD_LABELS
from kiosk_app.kinds import CheckKind
from kiosk_app.text import CONTEXT, Message
from kiosk_app.ui.theme import BANNER_LOOKS

if TYPE_CHECKING:
    from kiosk_app.barcode.consistency import Finding
    from kiosk_app.flow.verdict_table import ShownVerdict


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
