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

from pydantic import Field, SecretStr, model_validator
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
    default_check: CheckKind = CheckKind.SIGNATURE
    auto_check_on_scan: bool = False

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

    @model_validator(mode="after")
    def _default_is_enabled(self) -> Settings:
        if self.default_check not in self.enabled_checks:
            raise ValueError("the default check must be one of the enabled checks")
        return self

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
