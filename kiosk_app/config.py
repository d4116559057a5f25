"""Kiosk settings: one pydantic-settings model with constraints.

Precedence (highest first): the machine-wide managed file the IT department writes
(:func:`kiosk_app.paths.managed_file`), values passed in code (CLI flags), environment variables
(``KIOSK_*``), the settings file in the platform config directory, the defaults below. A value
given in code or by the managed file is never looked for in the environment: a ``KIOSK_*``
variable it overrules is not even parsed.
Secrets (API token, legacy auth key) are not stored in the settings file: they come from the
flag or the environment, or are filled in from the keyring by
:func:`kiosk_app.secrets.fill_stored_secrets` (this module sits below it in the layers).
"""

from __future__ import annotations

import json
import logging
import os
import socket
import unicodedata
from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import (
    Field,
    PrivateAttr,
    SecretStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_settings import (
    BaseSettings,
    EnvSettingsSource,
    JsonConfigSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from kiosk_app import paths, timeouts
from kiosk_app.files import (
    NotRegularFileError,
    atomic_write_text,
    read_regular_file,
    remove_stale_temp_files,
)
from kiosk_app.kinds import CLERK_CHECKS, CheckKind
from kiosk_app.text import QT_TRANSLATE_NOOP

_log = logging.getLogger(__name__)

# A settings file is a few KB; anything far bigger is not one (and is not read whole).
MAX_SETTINGS_FILE_BYTES: Final = 1024 * 1024
# Keys whose values are checked against each other: when the check fails and the file set
# some of them, those go back to their defaults together.
_LINKED_KEYS: Final = ("enabled_checks", "us_cards", "canadian_licences", "default_check")
# The whole file, in a problem of the file as a whole.
WHOLE_FILE: Final = ""
# The reason given for a FIFO, a device or a folder where the settings file should be.
NOT_A_REGULAR_FILE: Final = "is not a regular file (a FIFO, a device or a folder)"
# A desk's name goes in every log record and metric label: short, one line.
MAX_DESK_ID_CHARS: Final = 64
# Never read from the managed file (world-readable): provisioned per desk instead.
_NOT_MANAGED: Final = frozenset({"api_token", "auth_key"})
# The environment variables of the settings: KIOSK_ + the key (any case).
ENV_PREFIX: Final = "KIOSK_"
# Bounds of the desk's minimum age and of the expiry-ahead window.
MAX_MINIMUM_AGE: Final = 150
MAX_EXPIRY_WARNING_DAYS: Final = 366
# Bounds of the compliance record's retention period (days).
MAX_RECORD_RETENTION_DAYS: Final = 3660


def default_desk_id() -> str:
    """The host name, made a valid desk id (the default of ``desk_id``)."""
    return _plain_desk_id(socket.gethostname()) or "kiosk"


def _plain_desk_id(value: str) -> str:
    """``value`` without control or format characters, trimmed, at most the limit."""
    kept = "".join(c for c in value if not unicodedata.category(c).startswith("C"))
    return kept.strip()[:MAX_DESK_ID_CHARS]


@dataclass(frozen=True)
class SettingsFileProblem:
    """Something in ``settings.json`` (or the managed file) the kiosk could not use; for
    ``settings.json`` its default is in effect, for the managed file the desk's own value.

    ``key`` is the setting (``WHOLE_FILE`` when the file as a whole was unusable) and
    ``reason`` a short English note for the log (never the value itself).
    """

    key: str
    reason: str


# While load_settings runs: the file's values it has checked (the file source then uses them).
_CHECKED_FILE_VALUES: ContextVar[dict[str, Any] | None] = ContextVar(
    "checked_settings_file", default=None
)
# While load_settings runs: keys whose KIOSK_* variable a managed value overrules.
_ENV_OVERRULED: ContextVar[frozenset[str]] = ContextVar("env_overruled", default=frozenset())
# While the managed file is validated: its values alone (no environment, no settings.json).
_GIVEN_ONLY: ContextVar[bool] = ContextVar("settings_given_only", default=False)


# The per-country choices and the check each one runs (None: no automatic check).
US_CARD_CHECKS: dict[str, CheckKind | None] = {
    "signature": CheckKind.SIGNATURE,
    "parse": CheckKind.DVS_PARSE,
    "none": None,
}
CANADIAN_LICENCE_CHECKS: dict[str, CheckKind | None] = {
    "registry": CheckKind.CANADA,
    "parse": CheckKind.DVS_PARSE,
    "none": None,
}
UsCardCheck = Literal["signature", "parse", "none"]
# When the kiosk cannot read a barcode picture, who may be asked to read it (billed): nobody,
# the document verification endpoint (section 4.4), or the legacy ParseImage (section 4.3).
PictureFallback = Literal["off", "document-verification", "legacy-parse-image"]
CanadianLicenceCheck = Literal["registry", "parse", "none"]
# The text sizes an admin may choose, in percent of the standard size.
TextSize = Literal[100, 125, 150]
# The single "default_check" of settings files before the per-country choices, mapped to them.
_OLD_DEFAULT: dict[str, tuple[str, str]] = {
    "signature": ("signature", "registry"),
    "dvs-parse": ("parse", "parse"),
    "canada": ("signature", "registry"),
}


def _first_enabled(
    preferred: str, choices: dict[str, CheckKind | None], enabled: list[CheckKind]
) -> str:
    """``preferred`` when its check is enabled, else the first choice whose check is, else
    ``"none"``: a migrated or partial settings file always loads."""
    order = [preferred, *choices]
    return next(c for c in order if choices.get(c) is None or choices[c] in enabled)


class Settings(BaseSettings):
    """Every admin-adjustable setting, validated (table: docs/configuration.md)."""

    model_config = SettingsConfigDict(
        env_prefix=ENV_PREFIX, extra="ignore", validate_assignment=True, populate_by_name=True
    )

    base_url: str = Field("", description="Check service base URL (https; http only on loopback)")
    dvs_url: str = Field("", description="Document verification endpoint base URL")
    parse_url: str = Field("", description="Legacy parsing service base URL")
    api_token: SecretStr = Field(SecretStr(""), description="Bearer token (kept in the keyring)")
    auth_key: SecretStr = Field(SecretStr(""), description="Legacy authKey (kept in the keyring)")
    ca_bundle: str = Field("", description="Extra CA bundle file for corporate networks")
    proxy_url: str = Field("", description="HTTPS proxy; empty uses HTTPS_PROXY/NO_PROXY")

    connect_timeout_s: float = Field(timeouts.CONNECT_TIMEOUT_S, ge=1, le=60)
    read_timeout_s: float = Field(timeouts.READ_TIMEOUT_S, ge=2, le=180)

    enabled_checks: list[CheckKind] = Field(
        default_factory=lambda: list(CLERK_CHECKS), min_length=1
    )
    us_cards: UsCardCheck = Field("signature", description="Check for US licences and IDs")
    canadian_licences: CanadianLicenceCheck = Field(
        "registry", description="Check for Canadian driver's licences"
    )
    auto_check_on_scan: bool = False
    picture_fallback: PictureFallback = Field(
        "off", description="An unreadable picture may be sent to the service to read (billed)"
    )
    repeat_window_min: int = Field(
        5, ge=0, le=1440, description="Same card again within N minutes: not re-checked; 0 = off"
    )

    wedge_max_key_gap_ms: int = Field(50, ge=5, le=500, description="Wedge burst inter-key gap")
    wedge_min_length: int = Field(20, ge=5, le=500)
    idle_timeout_s: int = Field(60, ge=10, le=3600)
    age_of_majority: int = Field(19, ge=16, le=25)
    minimum_age: int | None = Field(
        None,
        ge=0,
        le=MAX_MINIMUM_AGE,
        description="Customers under this age are never a pass (e.g. 21); empty: none",
    )
    expiry_warning_days: int = Field(
        30, ge=0, le=MAX_EXPIRY_WARNING_DAYS, description="Say 'expires in N days' within N days"
    )
    sounds: bool = True
    language: str = Field("en", pattern=r"^(en|fr)$")
    text_size: TextSize = Field(100, description="Text size in percent: 100, 125 or 150")
    high_contrast: bool = Field(False, description="High-contrast colours (white on black)")
    kiosk_mode: bool = False
    test_mode: bool = False
    billing_quota_monthly: int = Field(
        0, ge=0, description="Billable checks a month before the admin screen warns; 0 = none"
    )
    billing_quota_mode: Literal["warn", "block"] = Field(
        "warn", description="At the monthly quota: warn the clerk, or block billable checks"
    )

    camera_enabled: bool = Field(True, description="Use a camera as an input when one is present")
    camera_id: str = ""
    camera_resolution: str = Field("1920x1080", pattern=r"^\d{3,5}x\d{3,5}$")
    camera_video: str = Field("", description="Play this video file instead of a camera (demo)")
    serial_port: str = ""
    serial_baud: int = Field(9600, ge=1200, le=921600)
    serial_data_bits: int = Field(8, ge=5, le=8)
    serial_parity: Literal["none", "even", "odd", "space", "mark"] = "none"
    serial_stop_bits: Literal["1", "1.5", "2"] = "1"
    serial_terminator: str = Field(
        "", description=r"Scanner suffix ending a scan (\r\n, \x03, <ETX>); empty: idle gap"
    )
    serial_idle_gap_ms: int = Field(150, ge=10, le=5000, description="Silence ending a scan")
    watch_folder: str = ""
    watch_folder_keep: bool = Field(
        False, description="Move read files to 'processed/' instead of deleting them"
    )
    metrics_dir: str = Field(
        "", description="node_exporter textfile directory for Prometheus metrics; empty: none"
    )
    compliance_record: bool = Field(
        False, description="Keep one row per check (what was shown, never who) for audits"
    )
    compliance_retention_days: int = Field(
        90,
        ge=1,
        le=MAX_RECORD_RETENTION_DAYS,
        description="Compliance record rows older than this are deleted",
    )
    desk_id: str = Field(
        default_factory=default_desk_id,
        max_length=MAX_DESK_ID_CHARS,
        description="This desk's name in logs and metrics (default: the host name)",
    )

    # What load_settings had to leave out of settings.json (see settings_file_problems).
    _file_problems: tuple[SettingsFileProblem, ...] = PrivateAttr(default=())
    # The keys the managed file set, and what it had that could not be used.
    _managed_keys: frozenset[str] = PrivateAttr(default=frozenset())
    _managed_problems: tuple[SettingsFileProblem, ...] = PrivateAttr(default=())

    @field_validator("desk_id", mode="before")
    @classmethod
    def _desk_id_is_plain(cls, value: Any) -> Any:
        """One line of plain text; empty means the host name."""
        if not isinstance(value, str):
            return value  # the type check reports it
        if any(unicodedata.category(c).startswith("C") for c in value):
            raise ValueError(
                QT_TRANSLATE_NOOP(
                    "messages", "use letters, digits and punctuation only (no control characters)"
                )
            )
        return value.strip() or default_desk_id()

    @field_validator("text_size", mode="before")
    @classmethod
    def _text_size_from_text(cls, value: Any) -> Any:
        """``"125"`` (a drop-down's value, ``KIOSK_TEXT_SIZE=125``) is the number 125."""
        if isinstance(value, str) and value.strip().isdigit():
            return int(value.strip())
        return value

    @field_validator("minimum_age", mode="before")
    @classmethod
    def _empty_minimum_age_is_none(cls, value: Any) -> Any:
        """An empty value (the admin's empty box, ``KIOSK_MINIMUM_AGE=``) means no minimum."""
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @model_validator(mode="before")
    @classmethod
    def _migrate_default_check(cls, data: Any) -> Any:
        """Old files' single ``default_check`` becomes the two per-country choices; a choice
        not given falls back to one whose check is enabled."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        old = str(data.pop("default_check", "") or "")
        us, canada = _OLD_DEFAULT.get(old, ("signature", "registry"))
        try:
            enabled = [CheckKind(k) for k in data.get("enabled_checks") or CLERK_CHECKS]
        except ValueError:
            return data  # the field's own validation reports the bad value
        data.setdefault("us_cards", _first_enabled(us, US_CARD_CHECKS, enabled))
        data.setdefault(
            "canadian_licences", _first_enabled(canada, CANADIAN_LICENCE_CHECKS, enabled)
        )
        return data

    @field_validator("enabled_checks")
    @classmethod
    def _clerk_checks_only(cls, value: list[CheckKind]) -> list[CheckKind]:
        """Only a check a clerk runs can be enabled (the legacy parse is the command line's)."""
        if any(kind not in CLERK_CHECKS for kind in value):
            raise ValueError(f"only {', '.join(CLERK_CHECKS)} can be enabled")
        return value

    @field_validator("us_cards", "canadian_licences")
    @classmethod
    def _choice_is_enabled(cls, value: str, info: ValidationInfo) -> str:
        table = US_CARD_CHECKS if info.field_name == "us_cards" else CANADIAN_LICENCE_CHECKS
        check = table.get(value)
        enabled = info.data.get("enabled_checks")
        if check is not None and enabled is not None and check not in enabled:
            raise ValueError(
                QT_TRANSLATE_NOOP(
                    "messages", "this check is turned off; enable it or choose another"
                )
            )
        return value

    def routed_check(self, canadian_licence: bool) -> CheckKind | None:
        """The check the admin chose for US cards or for Canadian licences (None: none)."""
        if canadian_licence:
            return CANADIAN_LICENCE_CHECKS[self.canadian_licences]
        return US_CARD_CHECKS[self.us_cards]

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        del env_settings  # _EnvSource reads the same variables, less the overruled ones
        if _GIVEN_ONLY.get():
            return (init_settings,)
        given = getattr(init_settings, "init_kwargs", {})
        environment = _EnvSource(settings_cls, skipped=frozenset(given) | _ENV_OVERRULED.get())
        return (init_settings, environment, _SettingsFileSource(settings_cls))


class _EnvSource(EnvSettingsSource):
    """The ``KIOSK_*`` variables, but never those of ``skipped`` keys: a key given in code (the
    command line, the managed file) wins anyway, so its variable is not even parsed (a value
    the kiosk could not use there must not stop it)."""

    def __init__(self, settings_cls: type[BaseSettings], skipped: frozenset[str]) -> None:
        super().__init__(settings_cls)
        self._skipped = skipped

    def get_field_value(self, field: Any, field_name: str) -> tuple[Any, str, bool]:
        """No value for a skipped key; the variable otherwise."""
        if field_name in self._skipped:
            return None, field_name, False
        return super().get_field_value(field, field_name)


class _SettingsFileSource(JsonConfigSettingsSource):
    """``settings.json``, read safely: the values load_settings checked, or else the file as
    :func:`read_settings_file` reads it (never an exception for a bad file)."""

    def __init__(self, settings_cls: type[BaseSettings]) -> None:
        super().__init__(settings_cls, json_file=paths.settings_file())

    def _read_files(self, files: Any, deep_merge: bool = False) -> dict[str, Any]:
        del files, deep_merge  # always the one settings file, read the safe way
        checked = _CHECKED_FILE_VALUES.get()
        if checked is not None:
            return dict(checked)
        return read_settings_file(paths.settings_file())[0]


def read_settings_file(path: Path) -> tuple[dict[str, Any], list[SettingsFileProblem]]:
    """The settings file's members, and what made it unusable as a whole (then ``{}``).

    A missing file is no problem. A file too large, not UTF-8, not JSON, nested too deep to
    parse, or JSON that is not an object is a problem; its values are then all defaults. So is
    a FIFO, a device or a folder in the file's place: it is opened without blocking and never
    read (:func:`kiosk_app.files.read_regular_file`).
    """
    try:
        raw = read_regular_file(path, MAX_SETTINGS_FILE_BYTES)
    except FileNotFoundError:
        return {}, []
    except NotRegularFileError:
        return {}, [SettingsFileProblem(WHOLE_FILE, NOT_A_REGULAR_FILE)]
    except OSError as exc:
        return {}, [SettingsFileProblem(WHOLE_FILE, f"cannot be read ({type(exc).__name__})")]
    if len(raw) > MAX_SETTINGS_FILE_BYTES:
        return {}, [SettingsFileProblem(WHOLE_FILE, "is larger than any settings file")]
    if not raw.strip():
        return {}, []  # an empty file: all defaults, as before
    try:
        document = json.loads(raw.decode("utf-8"))
    except RecursionError:
        return {}, [SettingsFileProblem(WHOLE_FILE, "is nested too deep")]
    except ValueError:  # not UTF-8, not JSON
        return {}, [SettingsFileProblem(WHOLE_FILE, "is not JSON")]
    if not isinstance(document, dict):
        return {}, [
            SettingsFileProblem(WHOLE_FILE, f"is a JSON {type(document).__name__}, not an object")
        ]
    return document, []


def load_settings(**overrides: Any) -> Settings:
    """Settings from code overrides, environment and the settings file, in that order.

    A settings file the kiosk cannot use never stops it: each value of ``settings.json`` that
    does not validate (a wrong type, out of range, a choice turned off) is left out, so its
    default applies, and a file that is not a JSON object is ignored whole. Each is logged and
    kept on the result (:func:`settings_file_problems`) for the admin settings screen. Bad
    values from the environment or ``overrides`` still raise ``ValidationError``.

    The API token and auth key are only those code or the environment give: the stored ones
    are added by :func:`kiosk_app.secrets.fill_stored_secrets` (the keyring may take a while:
    the GUI asks it after its first window). Leftover temporary files of a killed save are
    removed.
    """
    path = paths.settings_file()
    remove_stale_temp_files(path)
    managed, managed_problems = read_managed_settings()
    given = {k: v for k, v in overrides.items() if v is not None}
    given.update(managed)
    values, problems = read_settings_file(path)
    in_environment = environment_keys(os.environ)
    overruled = in_environment & frozenset(managed)
    while True:
        token = _CHECKED_FILE_VALUES.set(values)
        env_token = _ENV_OVERRULED.set(overruled)
        try:
            settings = Settings(**given)
            break
        except ValidationError as exc:
            bad = _file_keys_at_fault(exc, values)
            conflicting = _env_keys_in_conflict(exc, in_environment - overruled, managed)
            if not (bad or conflicting):
                raise  # the environment or an override, not the file
            for key in bad:
                del values[key]
                problems.append(SettingsFileProblem(key, "is not a valid value"))
            if not bad:
                overruled |= conflicting
        finally:
            _ENV_OVERRULED.reset(env_token)
            _CHECKED_FILE_VALUES.reset(token)
    for key in sorted(overruled):
        _log.warning(
            "managed settings %s: %s%s in the environment is ignored; the managed file sets %s",
            paths.managed_file(),
            ENV_PREFIX,
            key.upper(),
            key if key in managed else ", ".join(k for k in _LINKED_KEYS if k in managed),
        )
    for problem in problems:
        _log.warning(
            "settings file %s: %s %s; the default is used",
            path.name,
            problem.key or "the file",
            problem.reason,
        )
    settings._file_problems = tuple(problems)
    settings._managed_keys = frozenset(managed)
    settings._managed_problems = tuple(managed_problems)
    return settings


def read_managed_settings(
    path: Path | None = None,
) -> tuple[dict[str, Any], list[SettingsFileProblem]]:
    """The managed file's usable values, and what it had that the kiosk ignores.

    Same reading and validation as ``settings.json``: a file that is not a JSON object is
    ignored whole, and each key that is not a setting, is a secret (provisioned per desk, never
    in this world-readable file) or does not validate is left out. A missing file is no
    problem. Each problem is logged; the kiosk always starts.
    """
    target = path or paths.managed_file()
    document, problems = read_settings_file(target)
    values: dict[str, Any] = {}
    for key, value in document.items():
        if key in _NOT_MANAGED:
            problems.append(SettingsFileProblem(key, "is a secret; use kiosk-app provision"))
        elif key not in Settings.model_fields and key != "default_check":
            problems.append(SettingsFileProblem(_plain_desk_id(key)[:40], "is not a setting"))
        else:
            values[key] = value
    while values:
        given_only = _GIVEN_ONLY.set(True)  # the values alone: no environment, no settings.json
        try:
            Settings(**values)
            break
        except ValidationError as exc:
            bad = _file_keys_at_fault(exc, values) or list(values)
            for key in bad:
                del values[key]
                problems.append(SettingsFileProblem(key, "is not a valid value"))
        finally:
            _GIVEN_ONLY.reset(given_only)
    for problem in problems:
        _log.warning(
            "managed settings %s: %s %s; ignored",
            target,
            problem.key or "the file",
            problem.reason,
        )
    return values, problems


def environment_keys(environ: Mapping[str, str]) -> frozenset[str]:
    """The settings a ``KIOSK_*`` variable of ``environ`` gives (any case, as pydantic reads)."""
    prefix = ENV_PREFIX.lower()
    named = (name.lower() for name in environ)
    return frozenset(
        name[len(prefix) :]
        for name in named
        if name.startswith(prefix) and name[len(prefix) :] in Settings.model_fields
    )


def _env_keys_in_conflict(
    exc: ValidationError, from_environment: frozenset[str], managed: dict[str, Any]
) -> frozenset[str]:
    """The environment's check choices when ``exc`` refuses the check choices together and the
    managed file sets one of them (e.g. ``KIOSK_US_CARDS=signature`` when the managed
    ``enabled_checks`` turned the signature check off): the managed values win as a group."""
    if not set(managed) & set(_LINKED_KEYS):
        return frozenset()
    if not _file_keys_at_fault(exc, dict.fromkeys(_LINKED_KEYS)):
        return frozenset()
    return from_environment & frozenset(_LINKED_KEYS)


def _file_keys_at_fault(exc: ValidationError, values: dict[str, Any]) -> list[str]:
    """The keys of the file's ``values`` that the validation errors point at."""
    keys: list[str] = []
    for error in exc.errors():
        location = error.get("loc") or ()
        named = [str(location[0])] if location else [k for k in _LINKED_KEYS if k in values]
        keys.extend(k for k in named if k in values and k not in keys)
    return keys


def settings_file_problems(settings: Settings) -> tuple[SettingsFileProblem, ...]:
    """What :func:`load_settings` left out of ``settings.json`` (empty for other settings)."""
    return settings._file_problems


def managed_keys(settings: Settings) -> frozenset[str]:
    """The settings the managed file set (read-only in the admin screen)."""
    return settings._managed_keys


def managed_file_problems(settings: Settings) -> tuple[SettingsFileProblem, ...]:
    """What :func:`load_settings` ignored in the managed file."""
    return settings._managed_problems


def settings_file_payload(settings: Settings) -> dict[str, Any]:
    """What goes in the settings file: everything but the secrets (and the host name as the
    desk id, so a renamed machine keeps following its name)."""
    payload = settings.model_dump(mode="json", exclude={"api_token", "auth_key"})
    if payload.get("desk_id") == default_desk_id():
        del payload["desk_id"]
    return payload


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings file atomically (temp file, fsync, rename); secrets never go in it.

    A key the managed file sets keeps the desk's own earlier value in the file (or none): the
    IT department's value is not copied, so it stops applying once they remove it.
    """
    target = path or paths.settings_file()
    remove_stale_temp_files(target)
    payload = settings_file_payload(settings)
    managed, _problems = read_managed_settings()
    if managed:
        earlier, _ignored = read_settings_file(target)
        for key in managed:
            payload.pop(key, None)
            if key in earlier:
                payload[key] = earlier[key]
    atomic_write_text(target, json.dumps(payload, indent=2))
    return target
