"""The compliance record's settings: off and 90 days by default, set by the fleet's managed
file like every other setting (and winning over the desk's own), a bad value left out."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from kiosk_app import paths
from kiosk_app.config import Settings, load_settings, managed_file_problems, managed_keys


def test_off_and_ninety_days_by_default() -> None:
    settings = Settings()
    assert settings.compliance_record is False
    assert settings.compliance_retention_days == 90


@pytest.mark.parametrize("days", [0, -1, 3661, "many"])
def test_a_retention_out_of_range_is_refused(days: object) -> None:
    with pytest.raises(ValidationError):
        Settings(compliance_retention_days=days)


def test_the_managed_file_turns_the_record_on_over_the_desks_own_file() -> None:
    paths.settings_file().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file().write_text(
        json.dumps({"compliance_record": False, "compliance_retention_days": 10})
    )
    managed = paths.managed_file()
    managed.parent.mkdir(parents=True, exist_ok=True)
    managed.write_text(json.dumps({"compliance_record": True, "compliance_retention_days": 30}))
    settings = load_settings()
    assert settings.compliance_record is True
    assert settings.compliance_retention_days == 30
    assert {"compliance_record", "compliance_retention_days"} <= managed_keys(settings)


def test_a_bad_managed_retention_is_left_out_and_the_desks_value_kept() -> None:
    paths.settings_file().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file().write_text(json.dumps({"compliance_retention_days": 45}))
    managed = paths.managed_file()
    managed.parent.mkdir(parents=True, exist_ok=True)
    managed.write_text(json.dumps({"compliance_record": True, "compliance_retention_days": 0}))
    settings = load_settings()
    assert settings.compliance_record is True
    assert settings.compliance_retention_days == 45
    assert [p.key for p in managed_file_problems(settings)] == ["compliance_retention_days"]
