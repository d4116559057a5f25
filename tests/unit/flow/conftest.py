"""The flow's rules are tested without Qt: no test here may ask for a QApplication."""

from __future__ import annotations

import pytest

QT_FIXTURES = frozenset({"qapp", "qtbot", "qtmodeltester"})


@pytest.fixture(autouse=True)
def no_qapplication(request: pytest.FixtureRequest) -> None:
    """Fail a flow test that asks for pytest-qt's application or bot."""
    asked = QT_FIXTURES & set(request.fixturenames)
    assert not asked, f"flow tests run without Qt; {sorted(asked)} asked for"
