"""Settings files written before the per-country checks (one ``default_check``) still load."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from kiosk_app import paths
from kiosk_app.config import Settings, load_settings, save_settings
from kiosk_app.kinds import CheckKind


def _load_file(values: dict[str, Any]) -> Settings:
    target = paths.settings_file()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(values), encoding="utf-8")
    return load_settings()


@pytest.mark.parametrize(
    ("old", "enabled", "us_cards", "canadian"),
    [
        ("signature", ["signature", "dvs-parse", "canada"], "signature", "registry"),
        ("dvs-parse", ["signature", "dvs-parse", "canada"], "parse", "parse"),
        ("canada", ["signature", "dvs-parse", "canada"], "signature", "registry"),
        ("canada", ["canada"], "none", "registry"),
        ("dvs-parse", ["dvs-parse"], "parse", "parse"),
        ("signature", ["signature", "dvs-parse"], "signature", "parse"),
    ],
)
def test_an_old_default_check_becomes_the_per_country_choices(
    old: str, enabled: list[str], us_cards: str, canadian: str
) -> None:
    settings = _load_file({"default_check": old, "enabled_checks": enabled, "sounds": False})
    assert (settings.us_cards, settings.canadian_licences) == (us_cards, canadian)
    assert settings.sounds is False  # the rest of the file is kept


def test_the_migrated_file_is_saved_without_the_old_key() -> None:
    settings = _load_file({"default_check": "dvs-parse", "auto_check_on_scan": True})
    saved = json.loads(save_settings(settings).read_text(encoding="utf-8"))
    assert "default_check" not in saved
    assert saved["us_cards"] == "parse" and saved["canadian_licences"] == "parse"
    assert saved["auto_check_on_scan"] is True
    assert load_settings().us_cards == "parse"


def test_new_defaults() -> None:
    settings = Settings()
    assert (settings.us_cards, settings.canadian_licences) == ("signature", "registry")
    assert settings.repeat_window_min == 5 and settings.billing_quota_mode == "warn"
    assert settings.routed_check(canadian_licence=True) is CheckKind.CANADA


def test_a_choice_whose_check_is_turned_off_is_refused() -> None:
    with pytest.raises(ValidationError, match="turned off"):
        Settings(enabled_checks=["canada"], us_cards="signature")
    with pytest.raises(ValidationError):
        Settings(repeat_window_min=-1)
    with pytest.raises(ValidationError):
        Settings(billing_quota_mode="sometimes")
