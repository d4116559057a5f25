"""The idle wipe: after a quiet spell the kiosk returns to Ready and forgets the customer.

:class:`IdleWatch` restarts a single-shot timer on every key, mouse, touch, tablet or wheel
event reaching the watched window (an event filter on its ``QWindow``, as the wedge does:
not application-wide) and on every stage change of the session (a scan from any source moves
the flow). When the timer fires:

* a check or decode in progress holds it off: the timer simply starts again;
* with nothing of a customer held and the Ready screen showing, there is nothing to do;
* otherwise :meth:`Session.wipe` runs (the pending Canadian retry goes with it).

Every time the interval runs out, whether or not there is anything to wipe, ``expired`` is
emitted: the admin screens close on it (a clerk must not find them open). Input reaching the
admin screens' windows (:meth:`IdleWatch.watch_also`) counts as activity too.

The interval comes from ``Settings.idle_timeout_s``; tests pass a few milliseconds.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QEvent, QObject, QTimer, Signal, Slot
from PySide6.QtGui import QWindow

from kiosk_app.app.session import Session
from kiosk_app.flow.stages import Stage

log = logging.getLogger(__name__)

ACTIVITY_EVENTS = frozenset(
    {
        QEvent.Type.KeyPress,
        QEvent.Type.KeyRelease,
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonRelease,
        QEvent.Type.MouseMove,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.Wheel,
        QEvent.Type.TouchBegin,
        QEvent.Type.TouchUpdate,
        QEvent.Type.TouchEnd,
        QEvent.Type.TabletPress,
        QEvent.Type.TabletMove,
        QEvent.Type.TabletRelease,
    }
)


class IdleWatch(QObject):
    """Wipes the session after ``timeout_ms`` without input; see the module docstring."""

    expired = Signal()  # the interval ran out (emitted before any wipe)

    def __init__(self, session: Session, timeout_ms: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.wipes = 0  # how many idle wipes ran (diagnostics, tests)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(max(int(timeout_ms), 1))
        self._timer.timeout.connect(self._expired)
        self._window: QWindow | None = None
        session.stage_changed.connect(self._on_stage)
        session.licence_changed.connect(self._on_activity)

    @property
    def timeout_ms(self) -> int:
        """The idle interval in milliseconds."""
        return int(self._timer.interval())

    def set_timeout_ms(self, timeout_ms: int) -> None:
        """Change the interval (admin settings); restarts the count."""
        self._timer.setInterval(max(int(timeout_ms), 1))
        self.poke()

    def watch(self, window: QWindow | None) -> None:
        """Count input reaching ``window`` (its ``QWindow``) as activity."""
        if window is self._window or window is None:
            return
        if self._window is not None:
            self._window.removeEventFilter(self)
        self._window = window
        window.installEventFilter(self)

    def watch_also(self, window: QWindow | None) -> None:
        """Count input reaching another window (an admin screen) as activity too."""
        if window is not None and window is not self._window:
            window.installEventFilter(self)

    def stop(self) -> None:
        """Stop counting and stop watching (shutdown)."""
        self._timer.stop()
        if self._window is not None:
            self._window.removeEventFilter(self)
            self._window = None

    @Slot()
    def poke(self) -> None:
        """Activity: start the countdown again."""
        self._timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Any input event restarts the countdown; the event goes on unchanged."""
        if event.type() in ACTIVITY_EVENTS:
            self._timer.start()
        return False

    @Slot(object)
    def _on_stage(self, _stage: Stage) -> None:
        self._timer.start()

    @Slot(object)
    def _on_activity(self, _value: object) -> None:
        self._timer.start()

    @Slot()
    def _expired(self) -> None:
        self.expired.emit()
        session = self.session
        if session.busy:
            self._timer.start()  # a check in progress holds the wipe off
            return
        if session.stage is Stage.READY and not session.flow.holds_customer_data():
            return
        log.info("idle timeout: wiping the customer")
        self.wipes += 1
        session.wipe()
