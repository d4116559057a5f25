"""The local-check members of ``parse --json`` and ``decode --json``, in the kiosk's language.

``licence_members(record, translate)`` gives ``{"consistency": {"checked": N, "warnings":
[{"code": ..., "message": ...}]}, "incomplete": [...]}``. Messages are in the language of the
kiosk's settings (``--language`` overrides): French goes through the same ``.qm`` translation
the screens use, loaded on a windowless ``QCoreApplication``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from datetime import date
from typing import Any

from kiosk_app.barcode.consistency import check_consistency
from kiosk_app.barcode.licence import LicenceRecord

Translate = Callable[[str], str]
LANGUAGES = ("en", "fr")


def add_language_option(command: argparse.ArgumentParser) -> None:
    """``--language en|fr`` (default: the kiosk's interface language from its settings)."""
    command.add_argument(
        "--language",
        choices=LANGUAGES,
        help="language of the consistency messages (default: the kiosk's setting)",
    )


def kiosk_language() -> str:
    """The interface language of the kiosk's settings (the managed file's first, as for the
    kiosk itself); English when they cannot be read."""
    from pydantic import ValidationError

    from kiosk_app.config import Settings, read_managed_settings

    try:
        managed, _problems = read_managed_settings()
        return Settings(**managed).language
    except (ValidationError, OSError, ValueError):
        return "en"


def translator(language: str | None) -> Translate | None:
    """A function translating English message templates to ``language`` (None: English)."""
    chosen = language or kiosk_language()
    if chosen == "en":
        return None
    from PySide6.QtCore import QCoreApplication

    from kiosk_app.ui.i18n import install_language
    from kiosk_app.ui.messages import translate_message

    app = QCoreApplication.instance() or QCoreApplication([])
    if not install_language(chosen, app):
        return None
    return translate_message


def licence_members(
    record: LicenceRecord, translate: Translate | None, today: date | None = None
) -> dict[str, Any]:
    """The ``consistency`` and ``incomplete`` members for one parsed licence."""
    return {
        "consistency": check_consistency(record, today).to_json(translate),
        "incomplete": record.missing_key_fields,
    }
