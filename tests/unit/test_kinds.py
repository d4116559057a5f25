"""One enum for the kind of check, shared by every layer."""

from __future__ import annotations

import pydantic
import pytest

import kiosk_app.api.outcome
import kiosk_app.config
from kiosk_app.config import Settings
from kiosk_app.kinds import CLERK_CHECKS, CheckKind


def test_the_api_and_the_settings_use_the_one_enum() -> None:
    for module in (kiosk_app.api.outcome, kiosk_app.config):
        assert not hasattr(module, "ServiceKind")
        assert vars(module)["CheckKind"] is CheckKind  # imported, not defined again


def test_clerk_checks_are_every_kind_but_the_legacy_parse() -> None:
    assert set(CLERK_CHECKS) == set(CheckKind) - {CheckKind.LEGACY_PARSE}
    assert Settings().enabled_checks == list(CLERK_CHECKS)


def test_the_legacy_parse_cannot_be_enabled() -> None:
    with pytest.raises(pydantic.ValidationError, match="can be enabled"):
        Settings(enabled_checks=[CheckKind.SIGNATURE, CheckKind.LEGACY_PARSE])
