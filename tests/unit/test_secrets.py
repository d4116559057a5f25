"""Token and auth key: keyring when usable, owner-only file otherwise, masked, never in settings."""

from __future__ import annotations

import json
import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import keyring.backend
import keyring.errors
import pytest
from keyring.backends import fail, null

from kiosk_app import redaction, secrets
from kiosk_app.config import load_settings, save_settings


class MemoryKeyring(keyring.backend.KeyringBackend):
    """An in-memory keyring backend: the real keyring API, nothing on the machine touched."""

    priority = 1

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.entries.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.entries[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if (service, username) not in self.entries:
            raise keyring.errors.PasswordDeleteError("not found")
        del self.entries[(service, username)]


class LockedKeyring(MemoryKeyring):
    """A keyring that exists but refuses every operation (a locked Secret Service)."""

    def get_password(self, service: str, username: str) -> str | None:
        raise keyring.errors.KeyringLocked("locked")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise keyring.errors.PasswordSetError("locked")


class BrokenBusKeyring(MemoryKeyring):
    """A keyring whose transport fails with a non-keyring exception (a D-Bus error)."""

    def get_password(self, service: str, username: str) -> str | None:
        raise ConnectionError("org.freedesktop.DBus.Error.ServiceUnknown")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise ConnectionError("org.freedesktop.DBus.Error.ServiceUnknown")


TOKEN = "tok_live_9f8e7d6c5b4a39281706"


@pytest.fixture(autouse=True)
def clean_registry() -> Iterator[None]:
    redaction.SENSITIVE.forget_all()
    yield
    redaction.SENSITIVE.forget_all()


@pytest.fixture
def memory() -> MemoryKeyring:
    return MemoryKeyring()


def test_keyring_is_used_when_usable(memory: MemoryKeyring) -> None:
    secrets.set_api_token(TOKEN, memory)
    secrets.set_auth_key("legacy-key-123456", memory)
    assert memory.entries[("kiosk-app", "api_token")] == TOKEN
    assert secrets.get_api_token(memory) == TOKEN
    assert secrets.get_auth_key(memory) == "legacy-key-123456"
    assert not secrets.fallback_file().exists()
    assert secrets.keyring_usable(memory)
    assert "keyring" in secrets.secrets_backend_description(memory)


def test_empty_value_deletes(memory: MemoryKeyring) -> None:
    secrets.set_api_token(TOKEN, memory)
    secrets.set_api_token("", memory)
    assert memory.entries == {}
    assert secrets.get_api_token(memory) == ""
    secrets.set_api_token("", memory)  # deleting nothing is fine


def test_nothing_stored_reads_empty(memory: MemoryKeyring) -> None:
    assert secrets.get_api_token(memory) == ""
    assert secrets.get_auth_key() == ""


def test_default_backend_in_tests_is_the_fallback_file() -> None:
    # tests/conftest.py selects keyring's "fail" backend: the fallback path is the default.
    assert not secrets.keyring_usable()
    secrets.set_api_token(TOKEN)
    path = secrets.fallback_file()
    assert path.parent == Path(os.environ["KIOSK_CONFIG_DIR"])
    assert json.loads(path.read_text(encoding="utf-8")) == {"api_token": TOKEN}
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert secrets.get_api_token() == TOKEN
    assert str(path) in secrets.secrets_backend_description()


@pytest.mark.parametrize("unusable", [fail.Keyring(), null.Keyring()])
def test_fail_and_null_keyrings_mean_fallback(unusable: object) -> None:
    secrets.set_auth_key("legacy-key-123456", unusable)
    assert secrets.get_auth_key(unusable) == "legacy-key-123456"
    assert secrets.fallback_file().exists()


def test_keyring_errors_fall_back_to_the_file(caplog: pytest.LogCaptureFixture) -> None:
    locked = LockedKeyring()
    with caplog.at_level(logging.WARNING):
        secrets.set_api_token(TOKEN, locked)
        assert secrets.get_api_token(locked) == TOKEN
    assert json.loads(secrets.fallback_file().read_text())["api_token"] == TOKEN
    assert TOKEN not in caplog.text
    assert "KeyringLocked" in caplog.text or "PasswordSetError" in caplog.text


def test_transport_failures_fall_back_to_the_file(caplog: pytest.LogCaptureFixture) -> None:
    broken = BrokenBusKeyring()
    with caplog.at_level(logging.WARNING):
        secrets.set_auth_key("legacy-key-123456", broken)
    assert "keyring write failed (ConnectionError)" in caplog.text
    assert secrets.get_auth_key(broken) == "legacy-key-123456"
    assert json.loads(secrets.fallback_file().read_text()) == {"auth_key": "legacy-key-123456"}


def test_saving_to_keyring_removes_the_stale_file_copy(memory: MemoryKeyring) -> None:
    secrets.set_api_token(TOKEN)  # fallback (no keyring)
    secrets.set_auth_key("legacy-key-123456")
    secrets.set_api_token("new-token-000000000000", memory)
    assert json.loads(secrets.fallback_file().read_text()) == {"auth_key": "legacy-key-123456"}
    secrets.set_auth_key("legacy-key-654321", memory)
    assert not secrets.fallback_file().exists()


def test_value_only_in_the_file_is_still_found(memory: MemoryKeyring) -> None:
    secrets.set_api_token(TOKEN)  # stored while no keyring was usable
    assert secrets.get_api_token(memory) == TOKEN


def test_widened_file_permissions_are_reset() -> None:
    secrets.set_api_token(TOKEN)
    secrets.fallback_file().chmod(0o644)
    assert secrets.get_api_token() == TOKEN
    assert stat.S_IMODE(secrets.fallback_file().stat().st_mode) == 0o600


@pytest.mark.parametrize("content", ["", "{", "[1, 2]", '{"api_token": 5}'])
def test_damaged_fallback_file_reads_empty(content: str) -> None:
    path = secrets.fallback_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    path.chmod(0o600)
    assert secrets.get_api_token() == ""


@pytest.mark.parametrize(
    ("value", "masked"),
    [
        ("", ""),
        ("abc", "••••"),
        ("test", "••••t"),
        ("abcdefgh", "••••gh"),
        ("abcdefghijk", "••••jk"),
        (TOKEN, "••••1706"),
    ],
)
def test_mask_secret(value: str, masked: str) -> None:
    assert secrets.mask_secret(value) == masked


@pytest.mark.parametrize("length", range(1, 40))
def test_mask_never_shows_the_whole_value(length: int) -> None:
    value = "k" * length
    masked = secrets.mask_secret(value)
    assert masked.startswith("••••")
    assert len(masked.removeprefix("••••")) < length


def test_read_and_written_values_are_registered_for_log_redaction(memory: MemoryKeyring) -> None:
    secrets.set_auth_key("legacy-key-123456", memory)
    memory.entries[("kiosk-app", "api_token")] = TOKEN  # put there by another tool
    secrets.get_api_token(memory)
    text = redaction.redact(f"sent {TOKEN} and legacy-key-123456")
    assert TOKEN not in text
    assert "legacy-key-123456" not in text
    redaction.forget_customer_values()  # the wipe keeps the secrets registered
    assert TOKEN not in redaction.redact(TOKEN)


def test_public_test_token_is_not_registered() -> None:
    secrets.set_api_token("test")
    assert redaction.redact("selftest in test mode") == "selftest in test mode"


def test_filling_takes_the_secrets_from_the_store(memory: MemoryKeyring) -> None:
    secrets.set_api_token(TOKEN, memory)
    secrets.set_auth_key("legacy-key-123456", memory)
    settings = secrets.fill_stored_secrets(load_settings(), keyring_backend=memory)
    assert settings.api_token.get_secret_value() == TOKEN
    assert settings.auth_key.get_secret_value() == "legacy-key-123456"


def test_code_and_environment_win_over_the_store(
    memory: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    secrets.set_api_token(TOKEN, memory)
    secrets.set_auth_key("legacy-key-123456", memory)
    monkeypatch.setenv("KIOSK_AUTH_KEY", "from-env-key")
    settings = secrets.fill_stored_secrets(
        load_settings(api_token="from-flag", base_url=None), keyring_backend=memory
    )
    assert settings.api_token.get_secret_value() == "from-flag"
    assert settings.auth_key.get_secret_value() == "from-env-key"


def test_filling_uses_the_fallback_by_default() -> None:
    secrets.set_api_token(TOKEN)
    assert secrets.fill_stored_secrets(load_settings()).api_token.get_secret_value() == TOKEN


def test_loading_the_settings_leaves_the_store_alone() -> None:
    # The store may be slow (a Secret Service over D-Bus): the GUI asks it after its first
    # window, so loading the settings must not.
    secrets.set_api_token(TOKEN)
    assert load_settings().api_token.get_secret_value() == ""


def test_saved_settings_never_contain_the_secrets(memory: MemoryKeyring) -> None:
    secrets.set_api_token(TOKEN, memory)
    path = save_settings(secrets.fill_stored_secrets(load_settings(), keyring_backend=memory))
    text = path.read_text(encoding="utf-8")
    assert TOKEN not in text
    assert "api_token" not in text
