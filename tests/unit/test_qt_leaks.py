"""The check after every Qt test (tests/support/qt_leaks.py), run on tests made to fail it."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SUBJECT = """
import threading

import pytest

from kiosk_app.app.workers import WorkerPool

KEPT = []
FREED_ON = []


class DeathWatch:
    def __del__(self):
        FREED_ON.append(threading.current_thread().name)


@pytest.fixture
def own_pool():
    pool = WorkerPool()
    yield pool
    pool.shutdown()


def test_a_pool_kept_by_a_module_global_leaks(qtbot):
    KEPT.append(WorkerPool())


def test_a_pool_in_a_cycle_is_freed(qtbot):
    pool = WorkerPool()
    watch = DeathWatch()
    watch.cycle = watch
    pool.watch = watch
    pool.me = pool


def test_the_cycle_died_on_the_gui_thread():
    assert FREED_ON == [threading.main_thread().name]


def test_a_pool_the_fixture_hands_over_is_not_a_leak(qtbot, own_pool):
    assert own_pool.is_idle()


def test_a_pool_kept_by_a_class_attribute_leaks(qtbot):
    WorkerPool.kept = WorkerPool()
"""


def test_the_check_fails_on_a_real_leak_only(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    pytester.makepyfile(test_subject=SUBJECT)
    result = pytester.runpytest_subprocess("-p", "tests.support.qt_leaks", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=5, errors=2)
    result.stdout.fnmatch_lines(
        [
            "*ERROR at teardown of test_a_pool_kept_by_a_module_global_leaks*",
            "*ERROR at teardown of test_a_pool_kept_by_a_class_attribute_leaks*",
        ]
    )
    leak = "kiosk QObjects still alive after the test: ['WorkerPool', 'WorkerSignals']"
    # Counted on the assertion lines only: the short summary repeats the message, cut to the
    # terminal's width except where pytest sees a CI environment and prints it whole.
    assert [line for line in result.stdout.lines if line.startswith("E ") and leak in line] == [
        f"E       AssertionError: {leak}"
    ] * 2
