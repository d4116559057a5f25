"""Validation messages in the clerk's language: the admin settings dialog (pydantic's errors
become our sentences, never pydantic's English) and the client's address rules."""

from __future__ import annotations

from typing import Any

import pytest

from kiosk_app.api.client import SECRET_SENTENCES
from kiosk_app.api.errors import ConfigurationError
from kiosk_app.api.transport import ADDRESS_SENTENCES, checked_base_url
from kiosk_app.app.admin import URL_FIELDS, VALIDATION_MESSAGES, validate_settings
from kiosk_app.config import Settings
from kiosk_app.kinds import CheckKind
from kiosk_app.text import Message
from kiosk_app.ui.messages import translate_message
from tests.support.admin import make_dialog, set_text
from tests.support.clock import FakeClock
from tests.support.gui import make_settings
from tests.support.qt import OFFSCREEN_DIALOG_NOTE

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)

# Every sentence the client gives about an address or a secret.
ADDRESS_MESSAGES = tuple(
    sentence
    for sentences in ADDRESS_SENTENCES.values()
    for sentence in (sentences.invalid, sentences.credentials, sentences.plain_http)
    + ((sentences.not_set,) if sentences.not_set else ())
) + tuple(SECRET_SENTENCES.values())

# Words of pydantic's own messages that must never reach the screen.
PYDANTIC_WORDS = (
    "Input should",
    "greater than or equal",
    "pattern",
    "valid integer",
    "Value error",
)


def test_pydantic_errors_become_our_messages_with_their_limits() -> None:
    values = Settings().model_dump()
    values.update(
        idle_timeout_s=2,
        connect_timeout_s=100,
        age_of_majority="x",
        language="de",
        billing_quota_mode="zz",
        camera_enabled="perhaps",
    )
    settings, problems = validate_settings(values)
    assert settings is None
    assert all(isinstance(m, Message) for m in problems.values()), problems
    assert problems["idle_timeout_s"] == "Enter a value of at least 10."
    assert problems["connect_timeout_s"] == "Enter a value of at most 60."
    assert problems["age_of_majority"] == "Enter a whole number."
    assert problems["billing_quota_mode"] == "Choose one of the values offered."
    assert problems["camera_enabled"] == "Choose yes or no."
    for message in problems.values():
        assert not any(word in message for word in PYDANTIC_WORDS), message


def test_every_validation_sentence_is_translated(french: None) -> None:
    for template in set(VALIDATION_MESSAGES.values()):
        assert translate_message(template) != template, template
    for sentence in ADDRESS_MESSAGES:
        assert translate_message(sentence) != sentence, sentence


@pytest.mark.parametrize("label", sorted(URL_FIELDS.values()))
@pytest.mark.parametrize("url", ["ftp://x.example", "https://u:p@x.example", "http://x.example"])
def test_every_address_sentence_the_client_can_give_is_listed(label: str, url: str) -> None:
    with pytest.raises(ConfigurationError) as caught:
        checked_base_url(url, label)
    assert caught.value.user_message in ADDRESS_MESSAGES


def test_the_settings_dialog_shows_its_messages_in_french(
    qtbot: Any,
    simulator: Any,
    pin_clock: FakeClock,
    french: None,
) -> None:
    dialog = make_dialog(qtbot, make_settings(simulator.base_url), pin_clock)
    set_text(dialog, "connect_timeout_s", "0")
    set_text(dialog, "camera_resolution", "big")
    set_text(dialog, "serial_baud", "fast")
    set_text(dialog, "parse_url", "http://example.com")
    dialog.save()
    shown = {name: label.text() for name, label in dialog.errors.items() if not label.isHidden()}
    assert shown["connect_timeout_s"] == "Entrez une valeur d'au moins 1."
    assert shown["serial_baud"] == "Entrez un nombre entier."
    assert shown["camera_resolution"] == "Cette valeur n'a pas la forme attendue."
    assert "https" in shown["parse_url"] and "adresse" in shown["parse_url"]
    set_text(dialog, "connect_timeout_s", "5")
    set_text(dialog, "camera_resolution", "1280x720")
    set_text(dialog, "serial_baud", "9600")
    set_text(dialog, "parse_url", simulator.base_url)
    dialog.editors["enabled_checks"].set_value([CheckKind.CANADA])
    dialog.save()
    assert dialog.errors["us_cards"].text().startswith("cette vérification est désactivée")
    for text in shown.values():
        assert not any(word in text for word in PYDANTIC_WORDS), text
