"""Shared helpers of the packaging tests."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_packaging_script(name: str) -> ModuleType:
    """``packaging/<name>.py`` as a module (packaging/ is a folder of scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "packaging" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
