"""SIGTERM and SIGINT as a Qt signal on the GUI thread (see :mod:`kiosk_app.app.stopping`).

Python runs a signal handler only when the interpreter gets control, which a Qt event loop
waiting in C++ may not give for a long time; so the C-level handler writes the signal number to
a socket (``signal.set_wakeup_fd``) that a ``QSocketNotifier`` watches, and the slot runs on
the GUI thread at the next event-loop turn. Nothing is done inside the handler itself.
"""

from __future__ import annotations

import signal
import socket
from types import FrameType

from PySide6.QtCore import QObject, QSocketNotifier, Signal, Slot

from kiosk_app.app.stopping import STOP_SIGNALS


class StopSignals(QObject):
    """Emits ``stop_requested(signum)`` on the GUI thread for SIGTERM and SIGINT.

    :meth:`install` takes the signals over (main thread only); :meth:`uninstall` gives back
    the handlers and wakeup descriptor found.
    """

    stop_requested = Signal(int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._reader, self._writer = socket.socketpair()
        self._reader.setblocking(False)
        self._writer.setblocking(False)
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._on_wakeup)
        self._notifier.setEnabled(False)
        self._previous: dict[int, object] = {}
        self._previous_fd = -1

    def install(self) -> None:
        """Route SIGTERM and SIGINT here (call on the main thread, before the event loop)."""
        self._previous_fd = signal.set_wakeup_fd(self._writer.fileno(), warn_on_full_buffer=False)
        for signum in STOP_SIGNALS:
            # A Python handler must be set for the wakeup byte to be written; it does nothing
            # itself (the notifier's slot does the work on the GUI thread).
            self._previous[signum] = signal.signal(signum, _note_only)
        self._notifier.setEnabled(True)

    def uninstall(self) -> None:
        """The handlers and wakeup descriptor as they were; the sockets closed."""
        self._notifier.setEnabled(False)
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)  # type: ignore[arg-type]
        self._previous.clear()
        signal.set_wakeup_fd(self._previous_fd)
        self._reader.close()
        self._writer.close()

    @Slot()
    def _on_wakeup(self) -> None:
        try:
            data = self._reader.recv(64)
        except BlockingIOError:
            return
        for signum in data:
            if signum in STOP_SIGNALS:
                self.stop_requested.emit(int(signum))
                return


def _note_only(signum: int, frame: FrameType | None) -> None:
    del signum, frame
