"""Shared helpers of the packaging tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_packaging_script(name: str) -> ModuleType:
    """``packaging/<name>.py`` as a module (packaging/ is a folder of scripts, not a package);
    ``name`` may start with a sub-folder (``windows/wine_harness``)."""
    module_name = Path(name).name
    spec = importlib.util.spec_from_file_location(module_name, ROOT / "packaging" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


ANSIBLE_DIR = ROOT / "packaging" / "ansible"


def ansible_env(scratch: Path, base: dict[str, str]) -> dict[str, str]:
    """``base`` for ansible-playbook: the example's ansible.cfg, Ansible's own files under
    ``scratch`` (never the user's ~/.ansible), no colours."""
    return {
        **base,
        "ANSIBLE_CONFIG": str(ANSIBLE_DIR / "ansible.cfg"),
        "ANSIBLE_LOCAL_TEMP": str(scratch / "ansible-tmp"),
        "HOME": str(scratch),
        "ANSIBLE_NOCOLOR": "1",
    }
