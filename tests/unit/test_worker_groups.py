"""The test modules that share a session's layout walks run on one pytest-xdist worker."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.support.worker_groups import LAYOUT_WALKS, SHARED_WORK, work_unit

ROOT = Path(__file__).resolve().parents[2]
# A module that records which worker ran it.
RECORDER = """
import os
from pathlib import Path


def test_records_its_worker():
    Path("{name}.worker").write_text(os.environ["PYTEST_XDIST_WORKER"])
"""
OTHER_MODULES = ("test_a.py", "test_b.py", "test_c.py", "test_d.py")


def _calls_walked(path: Path) -> bool:
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "walked"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
    )


def test_the_shared_layout_walks_list_every_module_that_walks() -> None:
    walking = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "tests").rglob("test_*.py")
        if _calls_walked(path)
    }
    assert walking == {module for module, unit in SHARED_WORK.items() if unit == LAYOUT_WALKS}


@pytest.mark.parametrize(
    ("nodeid", "unit"),
    [
        ("tests/gui/test_stable_layout.py::test_x[size0]", LAYOUT_WALKS),
        ("tests/gui/test_touch_targets.py::test_y", LAYOUT_WALKS),
        ("tests/gui/test_flow.py::test_z", "tests/gui/test_flow.py"),
        ("tests/gui/test_flow.py", "tests/gui/test_flow.py"),
    ],
)
def test_a_test_s_unit_of_work_is_its_module_or_the_shared_work(nodeid: str, unit: str) -> None:
    assert work_unit(nodeid) == unit


def test_two_workers_run_the_shared_modules_together_and_the_others_apart(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    shared = sorted(SHARED_WORK)
    # Shared modules first and last, the others between: file scheduling alone would hand them
    # to whichever worker is free.
    layout = [shared[0], *(f"tests/gui/{name}" for name in OTHER_MODULES), *shared[1:]]
    for module in layout:
        path = pytester.path / module
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(RECORDER.format(name=path.stem), encoding="utf-8")
    result = pytester.runpytest_subprocess(
        "-p", "tests.support.worker_groups", "-p", "no:cacheprovider", "--import-mode=importlib",
        "-n", "2", "--dist", "loadfile", "--no-loadscope-reorder", "tests",
    )  # fmt: skip
    result.assert_outcomes(passed=len(layout))
    workers = {
        Path(module).stem: (pytester.path / f"{Path(module).stem}.worker").read_text()
        for module in layout
    }
    assert len({workers[Path(module).stem] for module in shared}) == 1, workers
    assert len(set(workers.values())) == 2, workers
