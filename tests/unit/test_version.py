"""The version lives in one place (pyproject.toml) and everything reads it from there."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import kiosk_app
from kiosk_app.api.client import USER_AGENT

ROOT = Path(__file__).resolve().parents[2]


def _pyproject_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def test_the_package_and_the_user_agent_carry_the_pyproject_version() -> None:
    version = _pyproject_version()
    assert kiosk_app.__version__ == version
    assert f"kiosk-app/{version}" == USER_AGENT


def test_no_module_spells_the_version_out() -> None:
    version = re.escape(_pyproject_version())
    spelled = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "kiosk_app").rglob("*.py")
        if re.search(rf"[\"']{version}[\"']", path.read_text(encoding="utf-8"))
    ]
    assert spelled == []
