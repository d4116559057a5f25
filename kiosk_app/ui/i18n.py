"""The interface language: English (the source text) or French (Canada), from the settings.

:func:`install_language` loads ``kiosk_<lang>.qm`` from the package
``kiosk_app.resources`` (``translations/``) with a ``QTranslator``, plus Qt's own
``qtbase_<lang>.qm`` for the standard dialogs (file chooser buttons), and installs them on
the application. English needs no file. The language is applied when the window is built:
a change in the settings takes effect at the next start.
"""

from __future__ import annotations

import logging
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

log = logging.getLogger(__name__)

RESOURCE_PACKAGE = "kiosk_app.resources"
LANGUAGES = ("en", "fr")
QT_LOCALES = {"en": "en_CA", "fr": "fr_CA"}

_installed: list[QTranslator] = []
_current: list[str] = ["en"]
_saved_locale: list[QLocale] = []  # the default locale before French was installed


def qm_path(language: str) -> Path:
    """The compiled translation of ``language`` inside the package (may not exist)."""
    root = resources.files(RESOURCE_PACKAGE).joinpath("translations", f"kiosk_{language}.qm")
    return Path(str(root))


def install_language(language: str, app: QCoreApplication | None = None) -> bool:
    """Use ``language`` ("en" or "fr") for every translated string from now on.

    Replaces a language installed earlier. Returns False (English stays) when the
    translation cannot be loaded; that is logged, never fatal.
    """
    app = app or QCoreApplication.instance()
    if app is None:
        raise RuntimeError("install_language needs a QCoreApplication")
    remove_language(app)
    if language == "en":
        return True
    if language not in LANGUAGES:
        log.warning("unknown interface language %r; using English", language)
        return False
    ours = QTranslator(app)
    if not ours.load(str(qm_path(language))):
        log.error("translation for %r could not be loaded; using English", language)
        return False
    qt_own = QTranslator(app)
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if qt_own.load(f"qtbase_{language}", qt_dir):
        app.installTranslator(qt_own)
        _installed.append(qt_own)
    app.installTranslator(ours)
    _installed.append(ours)
    _saved_locale.append(QLocale())
    QLocale.setDefault(QLocale(QT_LOCALES[language]))
    _current[0] = language
    log.info("interface language: %s", language)
    return True


def current_language() -> str:
    """The interface language now installed ("en" or "fr")."""
    return _current[0]


def remove_language(app: QCoreApplication | None = None) -> None:
    """Back to the English source text."""
    app = app or QCoreApplication.instance()
    while _installed:
        translator = _installed.pop()
        if app is not None:
            app.removeTranslator(translator)
        translator.deleteLater()
    while _saved_locale:
        QLocale.setDefault(_saved_locale.pop())
    _current[0] = "en"
