"""The layers stay visible: domain packages import no Qt, widgets call no network or decoder."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "kiosk_app"

FORBIDDEN = {
    "api": {"PySide6", "shiboken6", "kiosk_app.ui", "kiosk_app.app"},
    "barcode": {"PySide6", "shiboken6", "kiosk_app.ui", "kiosk_app.app", "requests"},
    "flow": {"PySide6", "shiboken6", "kiosk_app.ui", "kiosk_app.app"},
    "simulator": {
        "PySide6",
        "shiboken6",
        "kiosk_app.ui",
        "kiosk_app.app",
        "kiosk_app.api",
        "kiosk_app.barcode",
        "kiosk_app.storage",
        "kiosk_app.config",
    },
    "storage": {"PySide6", "shiboken6", "kiosk_app.ui", "kiosk_app.app", "requests"},
    "ui": {"requests", "zxingcpp", "urllib3", "kiosk_app.api.client"},
}


def imported_modules(path: Path) -> set[str]:
    """Every module name a source file imports (absolute names only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def violations(package: str) -> list[str]:
    found = []
    for path in sorted((PACKAGE / package).rglob("*.py")):
        for name in imported_modules(path):
            for banned in FORBIDDEN[package]:
                if name == banned or name.startswith(banned + "."):
                    found.append(f"{path.relative_to(PACKAGE)} imports {name}")
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_respects_its_layer(package: str) -> None:
    assert violations(package) == []


def test_checker_sees_a_violation(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from PySide6.QtCore import QObject\nimport requests\n", encoding="utf-8")
    assert {"PySide6.QtCore", "requests"} <= imported_modules(bad)


def test_every_package_is_listed_in_pyproject() -> None:
    import tomllib

    listed = set(
        tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
            "setuptools"
        ]["packages"]
    )
    found = {
        ".".join(init.parent.relative_to(PACKAGE.parent).parts)
        for init in PACKAGE.rglob("__init__.py")
    } | {"kiosk_app.resources"}
    assert found == listed
