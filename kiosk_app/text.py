"""Clerk-facing text of the Qt-free and app layers, untranslated: markers and :class:`Message`.

The app layer never translates. It hands the UI either a fixed English sentence marked with
:func:`QT_TRANSLATE_NOOP` (the sentence is its own translation key) or a :class:`Message`: an
English template marked the same way plus its parameters. Only ``kiosk_app.ui`` translates, in
one place (:func:`kiosk_app.ui.messages.translate_message`, the bridge): the template is looked
up in the ``messages`` context and the parameters are filled in after translation; a parameter
that is itself a :class:`Message` is translated the same way, anything else (a port, a folder, a
file name, a number) is shown as it is. Because the template travels with its parameters, a
language switch retranslates a message already on screen, and nothing ever parses English back.

PySide6's own marker is typed as returning ``object``; this one returns ``str``. The name is
what ``pyside6-lupdate`` looks for, so marked English text lands in the ``.ts`` file.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TypeAlias

CONTEXT = "messages"
"""The translation context of every sentence and template the app and domain layers hand over."""


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate reads
    """Mark ``text`` for translation in ``context``; returns it unchanged."""
    del context
    return text


MessageParam: TypeAlias = "str | int | float | Message"
"""A parameter of a :class:`Message`: shown as it is, unless it is a message itself."""


class Message(str):
    """A clerk-facing message not yet translated: an English template and its parameters.

    ``Message(QT_TRANSLATE_NOOP("messages", "Ready on {port}"), port="COM3")``. The value of
    the string itself is the English text ("Ready on COM3"), so logs, the command line and
    tests read it like any other string; the UI translates :attr:`template` and fills in
    :attr:`params` (nested messages translated too). Two messages are equal when their English
    text is. Building a new string from a message (``+``, ``.format``) gives a plain ``str``
    and loses the template: hand the message itself over.
    """

    _template: str
    _params: Mapping[str, MessageParam]

    def __new__(cls, template: str, /, **params: MessageParam) -> Message:
        english = template.format(**params) if params else template
        message = super().__new__(cls, english)
        message._template = template
        message._params = MappingProxyType(dict(params))
        return message

    @property
    def template(self) -> str:
        """The English template, the translation key (``{name}`` placeholders)."""
        return self._template

    @property
    def params(self) -> Mapping[str, MessageParam]:
        """The values of the template's placeholders, read-only."""
        return self._params

    def __repr__(self) -> str:
        params = "".join(f", {name}={value!r}" for name, value in self._params.items())
        return f"Message({self._template!r}{params})"

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self._template, dict(self._params)))


def _rebuild(template: str, params: dict[str, MessageParam]) -> Message:
    return Message(template, **params)
