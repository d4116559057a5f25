"""Where the token may go: a change of address, proxy or CA bundle needs the PIN before the stored
secrets are sent there; the PIN-set marker outlives a deleted PIN file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from kiosk_app import secrets
from kiosk_app.app.admin import (
    TOKEN_DESTINATION_FIELDS,
    connection_test_settings,
    needs_pin_to_save,
)
from kiosk_app.config import Settings
from kiosk_app.storage.pin import PinStore, ScryptParams

SAVED = Settings(
    base_url="https://checks.example.com",
    dvs_url="https://dvs.example.com",
    parse_url="https://parse.example.com",
    api_token="tok-private-0123456789",
    auth_key="key-private-0123456789",
)
NEW_VALUES: dict[str, Any] = {
    "base_url": "https://elsewhere.example.net",
    "dvs_url": "https://elsewhere.example.net",
    "parse_url": "https://elsewhere.example.net",
    "proxy_url": "http://127.0.0.1:3128",
    "ca_bundle": "/etc/ssl/extra.pem",
}
FAST = ScryptParams(n=2**4, r=1, p=1)


def test_every_destination_field_has_a_case_here() -> None:
    assert set(NEW_VALUES) == set(TOKEN_DESTINATION_FIELDS)


@pytest.mark.parametrize("name", TOKEN_DESTINATION_FIELDS)
def test_a_new_destination_needs_the_pin_and_keeps_the_stored_token_home(name: str) -> None:
    new = SAVED.model_copy(update={name: NEW_VALUES[name]})
    assert needs_pin_to_save(SAVED, new)
    assert connection_test_settings(SAVED, new, None, None) is None
    typed = connection_test_settings(SAVED, new, "typed-token", None)
    assert typed is not None
    assert typed.api_token.get_secret_value() == "typed-token"
    assert typed.auth_key.get_secret_value() == ""  # the stored key does not go either
    assert getattr(typed, name) == NEW_VALUES[name]


def test_other_changes_and_public_test_values_need_nothing() -> None:
    other = SAVED.model_copy(update={"age_of_majority": 21})
    assert not needs_pin_to_save(SAVED, other)
    assert connection_test_settings(SAVED, other, None, None) is other
    public = SAVED.model_copy(update={"api_token": SecretStr("test"), "auth_key": SecretStr("")})
    moved = public.model_copy(update={"base_url": NEW_VALUES["base_url"]})
    assert not needs_pin_to_save(public, moved)


class BrokenKeyring:
    """A keyring backend whose every call fails (a locked or absent Secret Service)."""

    priority = 1

    def get_password(self, service: str, name: str) -> str:
        raise RuntimeError("D-Bus is gone")

    def set_password(self, service: str, name: str, value: str) -> None:
        raise RuntimeError("D-Bus is gone")

    def delete_password(self, service: str, name: str) -> None:
        raise RuntimeError("D-Bus is gone")


def test_the_marker_outlives_the_pin_file_until_it_is_reset(tmp_path: Path) -> None:
    marker = secrets.AdminPinMarker()
    store = PinStore(tmp_path / "admin_pin.json", params=FAST, marker=marker)
    assert not marker.was_set() and not store.was_removed()
    store.set_pin("2468")
    assert marker.was_set() and not store.was_removed()
    store.path.unlink()
    assert store.was_removed()
    assert "2468" not in secrets.fallback_file().read_text(encoding="utf-8")
    marker.forget()  # IT's reset, with the PIN file gone
    assert not store.was_removed()


def test_a_pin_set_before_the_marker_existed_is_recorded_at_the_next_check(
    tmp_path: Path,
) -> None:
    PinStore(tmp_path / "admin_pin.json", params=FAST).set_pin("2468")
    marker = secrets.AdminPinMarker()
    store = PinStore(tmp_path / "admin_pin.json", params=FAST, marker=marker)
    assert not marker.was_set()
    assert store.verify("2468").accepted
    assert marker.was_set()


@pytest.mark.parametrize("content", ["{", "[]", "\x00\xff"])
def test_an_unreadable_store_counts_as_set(content: str) -> None:
    secrets.fallback_file().parent.mkdir(parents=True, exist_ok=True)
    secrets.fallback_file().write_text(content, encoding="latin-1")
    assert secrets.AdminPinMarker().was_set()


def test_a_failing_keyring_counts_as_set() -> None:
    assert secrets.AdminPinMarker(BrokenKeyring()).was_set()


def test_the_marker_is_not_a_secret_to_redact() -> None:
    secrets.AdminPinMarker().record()
    data = json.loads(secrets.fallback_file().read_text(encoding="utf-8"))
    assert data == {secrets.ADMIN_PIN_SET_NAME: secrets.ADMIN_PIN_SET_VALUE}
