"""Kiosk settings: one pydantic-settings model with constraints.

Precedence (highest first): values passed in code (CLI flags), environment variables
(``KIOSK_*``), the settings file in the platform config directory, the defaults below.
Secrets (API token, legacy auth key) are not stored in the settings file; see
``kiosk_app.secrets``.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr, ValidationInfo, field_validator, model_validator
from pydantic_settings import (
    BaseSettings,
    JsonConfigSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from kiosk_app import paths, secrets
from kiosk_app.api import constants
from kiosk_app.storage.files import atomic_write_text, remove_stale_temp_files


class CheckKind(StrEnum):
    """The three checks a clerk can run."""

    SIGNATURE = "signature"
    DVS_PARSE = "dvs-parse"
    CANADA = "canada"


# The per-country choices (issue 21) and the check each one runs (None: no automatic check).
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
CanadianLicenceCheck = Literal["registry", "parse", "none"]
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
        env_prefix="KIOSK_", extra="ignore", validate_assignment=True, populate_by_name=True
    )

    base_url: str = Field("", description="Check service base URL (https; http only on loopback)")
    dvs_url: str = Field("", description="Document verification endpoint base URL")
    parse_url: str = Field("", description="Legacy parsing service base URL")
    api_token: SecretStr = Field(SecretStr(""), description="Bearer token (kept in the keyring)")
    auth_key: SecretStr = Field(SecretStr(""), description="Legacy authKey (kept in the keyring)")
    ca_bundle: str = Field("", description="Extra CA bundle file for corporate networks")
    proxy_url: str = Field("", description="HTTPS proxy; empty uses HTTPS_PROXY/NO_PROXY")

    connect_timeout_s: float = Field(constants.CONNECT_TIMEOUT_S, ge=1, le=60)
    read_timeout_s: float = Field(constants.READ_TIMEOUT_S, ge=2, le=180)

    enabled_checks: list[CheckKind] = Field(
        default_factory=lambda: [CheckKind.SIGNATURE, CheckKind.DVS_PARSE, CheckKind.CANADA],
        min_length=1,
    )
    us_cards: UsCardCheck = Field("signature", description="Check for US licences and IDs")
    canadian_licences: CanadianLicenceCheck = Field(
        "registry", description="Check for Canadian driver's licences"
    )
    auto_check_on_scan: bool = False
    repeat_window_min: int = Field(
        5, ge=0, le=1440, description="Same card again within N minutes: not re-checked; 0 = off"
    )

    wedge_max_key_gap_ms: int = Field(50, ge=5, le=500, description="Wedge burst inter-key gap")
    wedge_min_length: int = Field(20, ge=5, le=500)
    idle_timeout_s: int = Field(60, ge=10, le=3600)
    age_of_majority: int = Field(19, ge=16, le=25)
    sounds: bool = True
    language: str = Field("en", pattern=r"^(en|fr)$")
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
            enabled = [CheckKind(k) for k in data.get("enabled_checks") or list(CheckKind)]
        except ValueError:
            return data  # the field's own validation reports the bad value
        data.setdefault("us_cards", _first_enabled(us, US_CARD_CHECKS, enabled))
        data.setdefault(
            "canadian_licences", _first_enabled(canada, CANADIAN_LICENCE_CHECKS, enabled)
        )
        return data

    @field_validator("us_cards", "canadian_licences")
    @classmethod
    def _choice_is_enabled(cls, value: str, info: ValidationInfo) -> str:
        table = US_CARD_CHECKS if info.field_name == "us_cards" else CANADIAN_LICENCE_CHECKS
        check = table.get(value)
        enabled = info.data.get("enabled_checks")
        if check is not None and enabled is not None and check not in enabled:
            raise ValueError("this check is turned off; enable it or choose another")
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
        json_file = JsonConfigSettingsSource(settings_cls, json_file=paths.settings_file())
        return (init_settings, env_settings, json_file)


def load_settings(*, keyring_backend: Any = None, **overrides: Any) -> Settings:
    """Settings from code overrides, environment and the settings file, in that order.

    The API token and auth key, when neither code nor environment gives them, come from
    :mod:`kiosk_app.secrets` (the keyring, or its owner-only fallback file);
    ``keyring_backend`` is for tests. Leftover temporary files of a killed save are removed.
    """
    remove_stale_temp_files(paths.settings_file())
    settings = Settings(**{k: v for k, v in overrides.items() if v is not None})
    return fill_stored_secrets(settings, keyring_backend=keyring_backend)


def fill_stored_secrets(settings: Settings, *, keyring_backend: Any = None) -> Settings:
    """``settings`` with an empty API token / auth key taken from the secrets store."""
    if not settings.api_token.get_secret_value():
        token = secrets.get_api_token(keyring_backend)
        if token:
            settings.api_token = SecretStr(token)
    if not settings.auth_key.get_secret_value():
        key = secrets.get_auth_key(keyring_backend)
        if key:
            settings.auth_key = SecretStr(key)
    return settings


def settings_file_payload(settings: Settings) -> dict[str, Any]:
    """What goes in the settings file: everything but the secrets."""
    return settings.model_dump(mode="json", exclude={"api_token", "auth_key"})


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings file atomically (temp file, fsync, rename); secrets never go in it."""
    target = path or paths.settings_file()
    remove_stale_temp_files(target)
    atomic_write_text(target, json.dumps(settings_file_payload(settings), indent=2))
    return target
