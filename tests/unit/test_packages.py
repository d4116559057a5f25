"""What the import contracts cannot see: every package is installed, and every package is
placed in the layers contract (lint-imports checks the imports themselves)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "kiosk_app"


def _pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _top_level_names() -> set[str]:
    """``kiosk_app.X`` for every subpackage and module directly under kiosk_app/."""
    names = {f"kiosk_app.{init.parent.name}" for init in PACKAGE.glob("*/__init__.py")}
    names |= {f"kiosk_app.{path.stem}" for path in PACKAGE.glob("*.py")}
    return names - {"kiosk_app.__init__", "kiosk_app.__main__"}


def _layered_names() -> tuple[set[str], set[str]]:
    """The modules the layers contract places: (required, optional ones in parentheses)."""
    contracts = _pyproject()["tool"]["importlinter"]["contracts"]
    (layers,) = [c["layers"] for c in contracts if c["type"] == "layers"]
    names = [name.strip() for layer in layers for name in layer.split("|")]
    optional = {n.strip("()") for n in names if n.startswith("(")}
    return {n for n in names if not n.startswith("(")}, optional


def test_every_package_is_listed_in_pyproject() -> None:
    listed = set(_pyproject()["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts) for init in PACKAGE.rglob("__init__.py")
    } | {"kiosk_app.resources"}
    assert found == listed


def test_every_package_and_shared_module_has_its_layer() -> None:
    required, optional = _layered_names()
    assert _top_level_names() - required - optional == set()
    assert required - _top_level_names() == set()
