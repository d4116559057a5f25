"""packaging/constraints.txt pins every runtime dependency the installers are built from."""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
CONSTRAINTS = ROOT / "packaging" / "constraints.txt"


def _pins() -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([A-Za-z0-9.+!-]+)", line)
        assert match, f"not an exact pin: {line!r}"
        name = canonicalize_name(match.group(1))
        assert name not in pins, f"pinned twice: {name}"
        pins[name] = match.group(2)
    return pins


def _project() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        project = tomllib.load(file)["project"]
    assert isinstance(project, dict)
    return project


def _requirements(group: str | None = None) -> list[Requirement]:
    project = _project()
    if group is None:
        raw = project["dependencies"]
    else:
        extras = project["optional-dependencies"]
        assert isinstance(extras, dict)
        raw = extras[group]
    assert isinstance(raw, list)
    return [Requirement(text) for text in raw]


def test_every_runtime_and_build_dependency_is_pinned_within_its_range() -> None:
    pins = _pins()
    for requirement in [*_requirements(), *_requirements("package")]:
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is not pinned in {CONSTRAINTS.name}"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"{name}=={pins[name]} is outside pyproject's {requirement.specifier}"
        )


def test_what_the_pinned_runtime_packages_pull_in_is_pinned_too() -> None:
    """Walks the installed metadata of the runtime closure (Linux markers, no extras)."""
    pins = _pins()
    todo = [canonicalize_name(r.name) for r in _requirements()]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        assert name in pins, f"{name} (pulled in at run time) is not pinned"
        try:
            distribution = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue
        if distribution.version != pins[name]:
            continue  # this environment has another version: its requirements may differ
        for text in distribution.requires or []:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(canonicalize_name(requirement.name))


def test_both_build_scripts_install_with_the_constraints() -> None:
    linux = (ROOT / "packaging" / "build-linux.sh").read_text(encoding="utf-8")
    windows = (ROOT / "packaging" / "windows" / "build-windows.ps1").read_text(encoding="utf-8")
    assert '-c packaging/constraints.txt ".[package]"' in linux
    assert '"-c", "packaging\\constraints.txt", ".[package]"' in windows
