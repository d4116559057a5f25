"""The message value type (kiosk_app.text.Message) and its one bridge to the screen."""

from __future__ import annotations

import pickle

import pytest
from PySide6.QtWidgets import QApplication

from kiosk_app.app.capture import statuses
from kiosk_app.text import QT_TRANSLATE_NOOP, Message
from kiosk_app.ui.i18n import install_language, remove_language
from kiosk_app.ui.messages import translate_message


def test_a_message_reads_as_its_english_text_and_keeps_template_and_params() -> None:
    note = Message(statuses.TERMINATOR_NOT_UNDERSTOOD)
    message = Message(statuses.SERIAL_READY_NOTE, port="COM3", problem=note)
    assert message == "Ready on COM3 (terminator setting not understood: idle gap only)"
    assert message.template == "Ready on {port} ({problem})"
    assert message.params == {"port": "COM3", "problem": note}
    assert isinstance(message.params["problem"], Message)
    with pytest.raises(TypeError):
        message.params["port"] = "COM4"  # type: ignore[index]
    assert "Message('Ready on {port} ({problem})', port='COM3'" in repr(message)
    copy = pickle.loads(pickle.dumps(message))
    assert copy == message and copy.template == message.template and copy.params == message.params


def test_a_fixed_template_with_braces_and_no_params_is_left_alone() -> None:
    assert Message("{not a placeholder}") == "{not a placeholder}"


def test_the_bridge_translates_template_and_nested_messages_not_names(french: None) -> None:
    message = Message(
        statuses.SERIAL_READY_NOTE,
        port="COM3 (USB)",
        problem=Message(statuses.TERMINATOR_NOT_UNDERSTOOD),
    )
    assert translate_message(message) == (
        "Prêt sur COM3 (USB) (réglage du terminateur incompris\u202f: pause seulement)"
    )
    # A name that happens to be a translated sentence stays as it is: only messages translate.
    assert translate_message(Message(statuses.FOLDER_READ, name="Ready")) == "Ready lu"
    assert (
        translate_message(Message(statuses.FOLDER_READ, name="{scan} 1.png")) == "{scan} 1.png lu"
    )


def test_the_bridge_follows_the_language_of_the_moment(qapp: QApplication) -> None:
    message = Message(statuses.FOLDER_READ, name="a.png")
    assert translate_message(message) == "Read a.png"
    assert install_language("fr", qapp)
    try:
        assert translate_message(message) == "a.png lu"
    finally:
        remove_language(qapp)
    assert translate_message(message) == "Read a.png"


def test_an_untranslated_template_shows_in_english_with_its_values(french: None) -> None:
    message = Message(QT_TRANSLATE_NOOP("tests", "Nothing like this in the {what}"), what="file")
    assert translate_message(message) == "Nothing like this in the file"
