"""The API token, the legacy auth key and the watchlist key: in the keyring, never in settings.

Where the keyring works (Windows Credential Manager, macOS Keychain, Secret Service on a Linux
desktop) the values live there under the service name ``kiosk-app``. Where there is no usable
keyring (a bare kiosk session without Secret Service, or an error from it) they go to the
documented fallback: ``secrets.json`` in :func:`kiosk_app.paths.config_dir`, owner-only
(0600), written atomically. Reading tries the keyring first, then the fallback file.

Every value read or written is registered with :mod:`kiosk_app.redaction` so it is
scrubbed from the logs. Show values only through :func:`mask_secret`.

:class:`AdminPinMarker` keeps one more entry there, ``admin_pin_set``: the fact (not the PIN)
that an admin PIN was set on this desk, so that a deleted ``admin_pin.json`` is not taken for a
first start (see :mod:`kiosk_app.storage.pin`).

Each function takes an optional ``backend`` (a ``keyring`` backend object) so tests can pass
an in-memory one; ``None`` means the backend ``keyring`` chose for this machine.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import keyring
import keyring.errors
from keyring.backends import fail, null
from pydantic import SecretStr

from kiosk_app import paths, redaction
from kiosk_app.api import constants
from kiosk_app.files import OWNER_ONLY, atomic_write_text, read_regular_file

if TYPE_CHECKING:
    from kiosk_app.config import Settings

KEYRING_SERVICE: Final = "kiosk-app"
API_TOKEN_NAME: Final = "api_token"  # noqa: S105  (an entry name, not a secret)
AUTH_KEY_NAME: Final = "auth_key"
WATCHLIST_KEY_NAME: Final = "watchlist_key"
ADMIN_PIN_SET_NAME: Final = "admin_pin_set"
ADMIN_PIN_SET_VALUE: Final = "yes"  # a fact, not a secret: never registered for redaction
FALLBACK_FILE_NAME: Final = "secrets.json"
# The fallback file holds a few short values; anything far bigger is not one.
MAX_FALLBACK_FILE_BYTES: Final = 64 * 1024
MASK: Final = "••••"
MASK_VISIBLE_CHARS: Final = 4
# Shorter secrets show fewer trailing characters, so the mask never shows the whole value.
MASK_FULL_TAIL_MIN_LENGTH: Final = 12

# The documented public test values are not secrets; scrubbing "test" would mangle the logs.
PUBLIC_TEST_VALUES: Final = frozenset({constants.TEST_TOKEN, constants.TEST_AUTH_KEY})

_log = logging.getLogger(__name__)


def fill_stored_secrets(settings: Settings, *, keyring_backend: Any = None) -> Settings:
    """``settings`` with an empty API token / auth key taken from the secrets store."""
    if not settings.api_token.get_secret_value():
        token = get_api_token(keyring_backend)
        if token:
            settings.api_token = SecretStr(token)
    if not settings.auth_key.get_secret_value():
        key = get_auth_key(keyring_backend)
        if key:
            settings.auth_key = SecretStr(key)
    return settings


def mask_secret(value: str) -> str:
    """``"••••abcd"``: a fixed mask plus at most the last four characters; ``""`` if unset."""
    if not value:
        return ""
    visible = MASK_VISIBLE_CHARS if len(value) >= MASK_FULL_TAIL_MIN_LENGTH else len(value) // 4
    return MASK + (value[-visible:] if visible else "")


def fallback_file() -> Path:
    """The owner-only file used when no keyring is usable."""
    return paths.config_dir() / FALLBACK_FILE_NAME


def get_api_token(backend: Any = None) -> str:
    """The stored API token, or ``""`` when none is stored."""
    return _get(API_TOKEN_NAME, backend)


def set_api_token(value: str, backend: Any = None) -> None:
    """Store the API token (``""`` deletes it)."""
    _set(API_TOKEN_NAME, value, backend)


def get_auth_key(backend: Any = None) -> str:
    """The stored legacy auth key, or ``""`` when none is stored."""
    return _get(AUTH_KEY_NAME, backend)


def set_auth_key(value: str, backend: Any = None) -> None:
    """Store the legacy auth key (``""`` deletes it)."""
    _set(AUTH_KEY_NAME, value, backend)


def get_watchlist_key(backend: Any = None) -> str:
    """The organisation's watchlist key, or ``""`` when none is stored (no watchlist)."""
    return _get(WATCHLIST_KEY_NAME, backend)


def set_watchlist_key(value: str, backend: Any = None) -> None:
    """Store the organisation's watchlist key (``""`` deletes it)."""
    _set(WATCHLIST_KEY_NAME, value, backend)


class AdminPinMarker:
    """Remembers in the keyring (or its fallback file) that an admin PIN was set on this desk.

    Unknown counts as set: a keyring that fails to answer, or a fallback file that exists but
    cannot be read, never turns a deleted PIN file into a first start.
    """

    def __init__(self, backend: Any = None) -> None:
        self._backend = backend

    def was_set(self) -> bool:
        """True once :meth:`record` ran here (or when the stores cannot tell)."""
        chosen = _resolve(self._backend)
        if chosen is not None:
            try:
                if chosen.get_password(KEYRING_SERVICE, ADMIN_PIN_SET_NAME):
                    return True
            except Exception as exc:  # any keyring or D-Bus failure: assume it was set
                _log.warning(
                    "keyring read failed (%s); PIN marker taken as set", type(exc).__name__
                )
                return True
        path = fallback_file()
        if not path.exists():
            return False
        try:
            data = _load_fallback(path)
        except (OSError, ValueError):
            return True
        return not isinstance(data, dict) or ADMIN_PIN_SET_NAME in data

    def record(self) -> None:
        """Remember that a PIN is set (raises ``OSError`` when no store takes it)."""
        chosen = _resolve(self._backend)
        if chosen is not None and _set_in_keyring(chosen, ADMIN_PIN_SET_NAME, ADMIN_PIN_SET_VALUE):
            return
        _write_fallback_entry(ADMIN_PIN_SET_NAME, ADMIN_PIN_SET_VALUE)

    def forget(self) -> None:
        """IT's reset, with ``admin_pin.json`` deleted too: the next gesture asks for a new PIN."""
        chosen = _resolve(self._backend)
        if chosen is not None:
            _set_in_keyring(chosen, ADMIN_PIN_SET_NAME, "")
        _write_fallback_entry(ADMIN_PIN_SET_NAME, "")


def keyring_backend_name(backend: Any = None) -> str | None:
    """The usable keyring backend's class (``module.Name``), or None: the fallback file."""
    chosen = _resolve(backend)
    if chosen is None:
        return None
    return f"{type(chosen).__module__}.{type(chosen).__name__}"


def secrets_backend_description(backend: Any = None) -> str:
    """One line for the command line and the README: where secrets are kept on this machine."""
    name = keyring_backend_name(backend)
    if name is not None:
        return f"operating system keyring ({name})"
    return f"owner-only file {fallback_file()} (no usable keyring on this machine)"


def keyring_usable(backend: Any = None) -> bool:
    """Whether secrets go to a keyring (``True``) or to the fallback file (``False``)."""
    return _resolve(backend) is not None


def _resolve(backend: Any) -> Any:
    """The keyring backend to use, or ``None`` when only the fallback file will do."""
    chosen = backend if backend is not None else keyring.get_keyring()
    if isinstance(chosen, (fail.Keyring, null.Keyring)):
        return None
    return chosen


def _get(name: str, backend: Any) -> str:
    chosen = _resolve(backend)
    value: str | None = None
    if chosen is not None:
        try:
            value = chosen.get_password(KEYRING_SERVICE, name)
        except Exception as exc:  # any keyring or D-Bus failure: the kiosk must still start
            _log.warning("keyring read failed (%s); using the fallback file", type(exc).__name__)
    if not value:
        value = _read_fallback().get(name, "")
    if value:
        _register_for_redaction(value)
    return value or ""


def _set(name: str, value: str, backend: Any) -> None:
    if value:
        _register_for_redaction(value)
    chosen = _resolve(backend)
    if chosen is not None and _set_in_keyring(chosen, name, value):
        _write_fallback_entry(name, "")  # no stale copy left in the file
        return
    _write_fallback_entry(name, value)


def _register_for_redaction(value: str) -> None:
    if value not in PUBLIC_TEST_VALUES:
        redaction.register_sensitive(value, persistent=True)


def _set_in_keyring(chosen: Any, name: str, value: str) -> bool:
    try:
        if value:
            chosen.set_password(KEYRING_SERVICE, name, value)
        else:
            # Nothing stored means already deleted.
            with contextlib.suppress(keyring.errors.PasswordDeleteError):
                chosen.delete_password(KEYRING_SERVICE, name)
    except Exception as exc:  # any keyring or D-Bus failure: keep the value in the file
        _log.warning("keyring write failed (%s); using the fallback file", type(exc).__name__)
        return False
    return True


def _read_fallback() -> dict[str, str]:
    path = fallback_file()
    try:
        _tighten_permissions(path)
        data = _load_fallback(path)
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        _log.error("secrets fallback file unreadable (%s); treating as empty", type(exc).__name__)
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def _load_fallback(path: Path) -> Any:
    """The fallback file's JSON (a FIFO or device in its place raises, never blocks)."""
    raw = read_regular_file(path, MAX_FALLBACK_FILE_BYTES)
    if len(raw) > MAX_FALLBACK_FILE_BYTES:
        raise ValueError("larger than any secrets file")
    return json.loads(raw.decode("utf-8"))


def _write_fallback_entry(name: str, value: str) -> None:
    path = fallback_file()
    entries = _read_fallback()
    if not value and name not in entries:
        return
    if value:
        entries[name] = value
    else:
        entries.pop(name, None)
    if entries:
        atomic_write_text(path, json.dumps(entries), mode=OWNER_ONLY)
    else:
        path.unlink(missing_ok=True)


def _tighten_permissions(path: Path) -> None:
    """Put the fallback file back to owner-only if someone widened it (POSIX only)."""
    if os.name != "posix":
        return
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        _log.warning("secrets fallback file was readable by others; reset to owner-only")
        path.chmod(OWNER_ONLY)
