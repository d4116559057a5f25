"""A typed translation marker: ``QT_TRANSLATE_NOOP(context, text)`` returns ``text``.

PySide6's own marker is typed as returning ``object``; this one returns ``str``. The name is
what ``pyside6-lupdate`` looks for, so marked English text still lands in the ``.ts`` file
and is translated where it is shown (``QCoreApplication.translate(context, text)``).
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate reads
    """Mark ``text`` for translation in ``context``; returns it unchanged."""
    del context
    return text
