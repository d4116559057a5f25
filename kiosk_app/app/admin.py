"""Admin glue without widgets: PIN checks, settings validation and saving, the connection test
and the usage figures, each run in a worker so no disk, keyring or network work blocks the GUI.

The admin screens (``kiosk_app.ui.admin``) call :class:`AdminServices` and get their answers
back on the GUI thread through callbacks. Nothing here holds customer data: the usage store
keeps none, and the settings carry only the token (shown masked, never logged).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any, Final

from pydantic import SecretStr, ValidationError
from PySide6.QtCore import QObject

from kiosk_app import config, secrets
from kiosk_app.api.errors import ConfigurationError, KioskApiError
from kiosk_app.app.workers import ErrorCallback, ResultCallback, WorkerPool
from kiosk_app.config import Settings
from kiosk_app.flow.compliance import export_days
from kiosk_app.storage.compliance import ComplianceRecord
from kiosk_app.storage.pin import PinCheck, PinStore
from kiosk_app.storage.usage import CountRow, DayCounts, QuotaState, UsageStore
from kiosk_app.text import QT_TRANSLATE_NOOP, Message

SECRET_FIELDS: Final = ("api_token", "auth_key")
USAGE_DAYS: Final = 30
# The settings whose address the client checks (https, or http on loopback only).
URL_FIELDS: Final = {
    "base_url": "check service",
    "dvs_url": "document verification",
    "parse_url": "legacy parsing service",
    "proxy_url": "proxy",
}
# The settings that decide where the token and the auth key are sent (or who can read them on
# the way): a change sends them nowhere new until an admin re-enters the PIN and saves.
TOKEN_DESTINATION_FIELDS: Final = ("base_url", "dvs_url", "parse_url", "proxy_url", "ca_bundle")
# A model-level rule has no field of its own; its message goes beside this one.
MODEL_RULE_FIELD: Final = "us_cards"
_VALUE_ERROR_PREFIX: Final = "Value error, "


@dataclass(frozen=True)
class UsageSnapshot:
    """What the admin usage panel shows: counts only, never personal data."""

    today: tuple[CountRow, ...]
    month: tuple[CountRow, ...]
    quota: QuotaState
    days: tuple[DayCounts, ...]
    note: str | None = None  # e.g. "the database was damaged and moved aside"
    repeats_today: int = 0  # checks not run because the card had them already
    repeats_month: int = 0


# pydantic's error types -> our sentence (its English ``msg`` never reaches the screen). The
# template's placeholders are filled from the error's ``ctx`` (limits, allowed values).
VALIDATION_MESSAGES: Final[dict[str, str]] = {
    "greater_than_equal": QT_TRANSLATE_NOOP("messages", "Enter a value of at least {ge}."),
    "less_than_equal": QT_TRANSLATE_NOOP("messages", "Enter a value of at most {le}."),
    "greater_than": QT_TRANSLATE_NOOP("messages", "Enter a value greater than {gt}."),
    "less_than": QT_TRANSLATE_NOOP("messages", "Enter a value less than {lt}."),
    "int_parsing": QT_TRANSLATE_NOOP("messages", "Enter a whole number."),
    "int_type": QT_TRANSLATE_NOOP("messages", "Enter a whole number."),
    "int_from_float": QT_TRANSLATE_NOOP("messages", "Enter a whole number."),
    "float_parsing": QT_TRANSLATE_NOOP("messages", "Enter a number."),
    "float_type": QT_TRANSLATE_NOOP("messages", "Enter a number."),
    "finite_number": QT_TRANSLATE_NOOP("messages", "Enter a number."),
    "bool_parsing": QT_TRANSLATE_NOOP("messages", "Choose yes or no."),
    "bool_type": QT_TRANSLATE_NOOP("messages", "Choose yes or no."),
    "string_too_long": QT_TRANSLATE_NOOP("messages", "Enter at most {max_length} characters."),
    "string_too_short": QT_TRANSLATE_NOOP("messages", "Enter at least {min_length} characters."),
    "string_pattern_mismatch": QT_TRANSLATE_NOOP(
        "messages", "This value does not have the expected form."
    ),
    "literal_error": QT_TRANSLATE_NOOP("messages", "Choose one of the values offered."),
    "enum": QT_TRANSLATE_NOOP("messages", "Choose one of the values offered."),
    "missing": QT_TRANSLATE_NOOP("messages", "This value is required."),
}
# Any other error type.
INVALID_VALUE: Final = QT_TRANSLATE_NOOP("messages", "This value is not valid.")


def field_errors(error: ValidationError) -> dict[str, str]:
    """``{field name: message}`` from a pydantic error (first message per field), each an
    untranslated :class:`Message` or one of our validators' own sentences."""
    problems: dict[str, str] = {}
    for item in error.errors():
        loc = item.get("loc") or ()
        name = str(loc[0]) if loc else MODEL_RULE_FIELD
        problems.setdefault(name, _validation_message(item))
    return problems


def _limit(value: object) -> str:
    """A limit as the admin types it: 60, not 60.0."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _validation_message(item: Mapping[str, Any]) -> str:
    kind = str(item.get("type", ""))
    if kind == "value_error":  # our own validator: its sentence is its translation key
        return str(item.get("msg", INVALID_VALUE)).removeprefix(_VALUE_ERROR_PREFIX)
    template = VALIDATION_MESSAGES.get(kind, INVALID_VALUE)
    context = item.get("ctx") or {}
    try:
        return Message(
            template, **{k: _limit(v) for k, v in context.items() if f"{{{k}}}" in template}
        )
    except (KeyError, IndexError, ValueError):
        return Message(INVALID_VALUE)


def connection_problems(values: dict[str, Any]) -> dict[str, str]:
    """Addresses and CA bundle the client would refuse, as ``{field name: message}``."""
    from kiosk_app.api.transport import checked_base_url, checked_ca_bundle  # requests: late

    problems: dict[str, str] = {}
    for name, label in URL_FIELDS.items():
        value = str(values.get(name) or "")
        if not value:
            continue
        try:
            checked_base_url(value, label)
        except ConfigurationError as exc:
            problems[name] = exc.user_message
    try:
        checked_ca_bundle(str(values.get("ca_bundle") or "") or None)
    except ConfigurationError as exc:
        problems["ca_bundle"] = exc.user_message
    return problems


def validate_settings(values: dict[str, Any]) -> tuple[Settings | None, dict[str, str]]:
    """New settings from the admin's values, or ``None`` and a message per offending field.

    The model's constraints and the client's address rules are both checked, so every
    problem is reported at once.
    """
    problems = connection_problems(values)
    try:
        settings = Settings(**values)
    except ValidationError as exc:
        return None, {**field_errors(exc), **problems}
    return (None, problems) if problems else (settings, {})


def destination_changed(saved: Settings, new: Settings) -> bool:
    """True when ``new`` would send the secrets somewhere ``saved`` does not."""
    return any(getattr(saved, name) != getattr(new, name) for name in TOKEN_DESTINATION_FIELDS)


def holds_private_secret(settings: Settings) -> bool:
    """True when the token or auth key is a real secret (not empty, not the public test one)."""
    values = (settings.api_token.get_secret_value(), settings.auth_key.get_secret_value())
    return any(value and value not in secrets.PUBLIC_TEST_VALUES for value in values)


def needs_pin_to_save(saved: Settings, new: Settings) -> bool:
    """Saving ``new`` would send the stored secrets to a new destination: ask the PIN again."""
    return holds_private_secret(saved) and destination_changed(saved, new)


def connection_test_settings(
    saved: Settings, new: Settings, typed_token: str | None, typed_key: str | None
) -> Settings | None:
    """What Test connection may use: ``new`` as is while the destination is unchanged (or the
    secrets are not private); else ``new`` with only the secrets typed on screen, or ``None``
    when no token was typed (the stored one never goes to an unsaved address)."""
    if not needs_pin_to_save(saved, new):
        return new
    if not typed_token:
        return None
    return new.model_copy(
        update={"api_token": SecretStr(typed_token), "auth_key": SecretStr(typed_key or "")}
    )


def with_secrets(values: dict[str, Any], token: str, auth_key: str) -> dict[str, Any]:
    """``values`` plus the secrets as ``SecretStr`` (so they never print in a repr)."""
    return {**values, "api_token": SecretStr(token), "auth_key": SecretStr(auth_key)}


def store_settings(
    settings: Settings, new_token: str | None, new_auth_key: str | None, keyring_backend: Any
) -> Path:
    """Write the settings file (no secrets) and any newly typed secret to the secrets store."""
    path = config.save_settings(settings)
    if new_token is not None:
        secrets.set_api_token(new_token, keyring_backend)
    if new_auth_key is not None:
        secrets.set_auth_key(new_auth_key, keyring_backend)
    return path


def run_connection_test(settings: Settings) -> str:
    """One harmless request with these settings; the service's answer as a sentence."""
    from kiosk_app.app.service_client import client_from_settings

    with client_from_settings(settings) as client:
        return client.test_connection()


def usage_snapshot(store: UsageStore, quota: int, days: int = USAGE_DAYS) -> UsageSnapshot:
    """Today's, this month's and the last ``days`` days' counts, and the quota state."""
    month = tuple(store.counts_this_month())
    return UsageSnapshot(
        today=tuple(store.counts_today()),
        month=month,
        quota=QuotaState(used=sum(r.billable for r in month), quota=quota),
        days=tuple(store.daily_counts(days)),
        note=store.recovery_note,
        repeats_today=store.repeats_today(),
        repeats_month=store.repeats_this_month(),
    )


def export_usage_csv(store: UsageStore, path: Path) -> int:
    """Write every counted check to ``path`` as CSV; returns the number of rows."""
    with path.open("w", encoding="utf-8", newline="") as out:
        return store.export_csv(out)


class AdminServices(QObject):
    """The admin screens' background work, on a pool of its own (shut down with the window).

    ``pin_store``, ``usage_store`` and ``keyring_backend`` are injectable for tests; without
    a usage store one is opened (in a worker) on first use and closed at :meth:`shutdown`.
    """

    def __init__(
        self,
        pin_store: PinStore | None = None,
        usage_store: UsageStore | None = None,
        keyring_backend: Any = None,
        parent: QObject | None = None,
        record: ComplianceRecord | None = None,
    ) -> None:
        super().__init__(parent)
        self.pin_store = pin_store or PinStore(marker=secrets.AdminPinMarker(keyring_backend))
        self.pool = WorkerPool(parent=self)
        self._usage = usage_store
        self._owns_usage = usage_store is None
        self._keyring = keyring_backend
        # The session's compliance record (its write problem shows on the record tab); one on
        # the default path, opened only to read, without a session.
        self.record = record if record is not None else ComplianceRecord()
        self._owns_record = record is None

    @property
    def keyring_backend(self) -> Any:
        """The keyring backend in use (``None``: the machine's own)."""
        return self._keyring

    def _submit(
        self,
        fn: Callable[[], Any],
        on_result: ResultCallback,
        on_error: ErrorCallback | None,
        name: str,
    ) -> int:
        return self.pool.submit(fn, on_result, on_error, name=name)

    def verify_pin(
        self, pin: str, on_result: Callable[[PinCheck], None], on_error: ErrorCallback
    ) -> int:
        """Check a PIN (scrypt, ~0.1 s) in a worker."""
        store = self.pin_store
        return self._submit(lambda: store.verify(pin), on_result, on_error, "admin-pin")

    def set_pin(self, pin: str, on_result: ResultCallback, on_error: ErrorCallback) -> int:
        """Store a new PIN in a worker."""
        store = self.pin_store
        return self._submit(lambda: store.set_pin(pin), on_result, on_error, "admin-set-pin")

    def save(
        self,
        settings: Settings,
        new_token: str | None,
        new_auth_key: str | None,
        on_result: ResultCallback,
        on_error: ErrorCallback,
    ) -> int:
        """Save settings and secrets in a worker (``None``: that secret is unchanged)."""
        backend = self._keyring
        return self._submit(
            lambda: store_settings(settings, new_token, new_auth_key, backend),
            on_result,
            on_error,
            "admin-save",
        )

    def test_connection(
        self, settings: Settings, on_result: ResultCallback, on_error: ErrorCallback
    ) -> int:
        """Run the harmless connection test in a worker."""
        return self._submit(
            lambda: run_connection_test(settings), on_result, on_error, "admin-test-connection"
        )

    def load_usage(self, quota: int, on_result: ResultCallback, on_error: ErrorCallback) -> int:
        """Read the usage figures in a worker."""
        return self._submit(
            lambda: usage_snapshot(self._usage_store(), quota),
            on_result,
            on_error,
            "admin-usage",
        )

    def export_usage(self, path: Path, on_result: ResultCallback, on_error: ErrorCallback) -> int:
        """Write the usage CSV in a worker."""
        return self._submit(
            lambda: export_usage_csv(self._usage_store(), path),
            on_result,
            on_error,
            "admin-export",
        )

    def _usage_store(self) -> UsageStore:
        # Runs on a worker thread; the pool runs admin jobs one per click, and the store
        # serialises its own use, so a plain check-then-set is enough here.
        if self._usage is None:
            self._usage = UsageStore()
        return self._usage

    def export_record(
        self,
        path: Path,
        fmt: str,
        days: tuple[date, date],
        on_result: ResultCallback,
        on_error: ErrorCallback,
    ) -> int:
        """Write the compliance record of ``days`` (first, last; UTC) in a worker."""
        record = self.record
        job = partial(export_days, record, path, fmt, *days)
        return self._submit(job, on_result, on_error, "admin-record-export")

    def shutdown(self, timeout_ms: int = 15_000) -> bool:
        """Wait for the admin workers and close a usage store (or record) opened here."""
        done = self.pool.shutdown(timeout_ms)
        if self._owns_record and done:
            self.record.close()
        if self._owns_usage and self._usage is not None:
            self._usage.close()
            self._usage = None
        return done


def mask(value: str) -> str:
    """A secret as the admin screen shows it (``••••abcd``; never the whole value)."""
    return secrets.mask_secret(value)


def secrets_location(services: AdminServices) -> Message:
    """Where the token and auth key are kept on this machine (keyring or fallback file)."""
    name = secrets.keyring_backend_name(services.keyring_backend)
    if name is not None:
        return Message(
            QT_TRANSLATE_NOOP("messages", "operating system keyring ({backend})"), backend=name
        )
    return Message(
        QT_TRANSLATE_NOOP("messages", "owner-only file {file} (no usable keyring on this machine)"),
        file=str(secrets.fallback_file()),
    )


def describe_error(error: BaseException) -> str:
    """One sentence for the admin about a failed save, test or export (no secrets in it)."""
    if isinstance(error, KioskApiError):
        return error.user_message
    if isinstance(error, OSError):
        return f"{type(error).__name__}: {error.strerror or 'input/output error'}"
    return type(error).__name__
