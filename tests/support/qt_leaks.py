"""After every Qt test: its reference cycles freed on the GUI thread, and no kiosk QObject left.

A ``KioskCore`` without a parent sits in a reference cycle with its children, so only the
cyclic collector frees it, on whichever thread next allocates: a worker or simulator thread of
a later test. Its QObjects then die off their thread ("Timers cannot be stopped from another
thread"), their timers stay registered with the GUI thread's dispatcher, and a later event-loop
turn fires one at freed memory. So every Qt test ends with a collection on the GUI thread.

A full collection walks every tracked object of the process (the imported modules, Qt's
wrappers, hypothesis' caches, the session fixtures): most of the time of a short Qt test. So
the objects alive when a Qt test starts are frozen (``gc.freeze``: moved to the permanent
generation, which no collection walks), and the collection at its end walks only what the
test made. An object alive before the test can only become garbage inside a cycle with the
test's objects through the test itself; a frozen cycle is never freed at all, so never on the
wrong thread either.

The same walk is the leak check: a kiosk QObject (a class of ``kiosk_app``) that the test made
and that is still alive, C++ side included, after its widgets were closed and deleted and its
cycles freed is held by something that outlives the test (a module global, a class attribute,
a connection to the application): the test fails at teardown, naming the classes. What the
test's fixtures hand it is let go of first; a test that failed is not checked (its
traceback holds its objects).
"""

from __future__ import annotations

import gc
from collections.abc import Generator, Iterable, Iterator
from typing import Any

import pytest

CALL_FAILED = "_kiosk_call_failed"


def kiosk_qobjects(objects: Iterable[object]) -> list[Any]:
    """The live kiosk QObjects among ``objects`` (their C++ side not yet deleted)."""
    from PySide6.QtCore import QObject

    return [
        o
        for o in objects
        if isinstance(o, QObject)
        and type(o).__module__.startswith("kiosk_app.")
        and shiboken_valid(o)
    ]


def shiboken_valid(value: object) -> bool:
    """Whether ``value``'s C++ object still exists."""
    import shiboken6

    return bool(shiboken6.isValid(value))


def leaked_since_freeze() -> list[str]:
    """Names of the kiosk QObjects made since the last ``gc.freeze`` that are still alive.

    Call it right after a full ``gc.collect()``: the survivors of the objects made since the
    freeze are then all in the oldest generation, which ``gc.get_objects(2)`` lists without
    the frozen ones.
    """
    return sorted(type(o).__qualname__ for o in kiosk_qobjects(gc.get_objects(generation=2)))


@pytest.fixture(autouse=True)
def qt_objects_freed_on_the_gui_thread(request: pytest.FixtureRequest) -> Iterator[None]:
    """Freeze what is alive, run the Qt test, then collect its cycles here and check for leaks."""
    if "qtbot" not in request.fixturenames:
        yield
        return
    # The young generations are cheap to collect; what they hold of the earlier tests'
    # garbage is then not frozen for good.
    gc.collect(1)
    gc.freeze()
    yield
    from PySide6.QtCore import QCoreApplication, QEvent

    # Every other fixture of the test is torn down: let go of their values now rather than
    # after the teardown (pytest drops them then), so they are not taken for leaks.
    funcargs = getattr(request.node, "funcargs", None)
    if funcargs:
        funcargs.clear()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    if getattr(request.node, CALL_FAILED, False):
        return  # the traceback holds the test's frames: its objects are kept by the report
    leaked = leaked_since_freeze()
    assert not leaked, f"kiosk QObjects still alive after the test: {leaked}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Mark an item whose test body failed (its traceback keeps the test's objects)."""
    report: pytest.TestReport = yield
    if call.when == "call" and report.failed:
        setattr(item, CALL_FAILED, True)
    return report
